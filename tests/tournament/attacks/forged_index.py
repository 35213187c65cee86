"""Attack: bid "high-card <my best rank>" (always true) with its ladder index forged to 82, the
top of the ladder, so that the other player may only check (and loses the round)."""

from kayalib.blef.bids import Bid

GAME = "blef"


class Bot:
    name = "forger"

    def choose(self, view, rng):
        bid = Bid.parse(f"high-card {str(max(view.hand))[0]}")
        object.__setattr__(bid, "index", 82)
        return bid
