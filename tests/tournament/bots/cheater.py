"""A cheating bot: it rewrites what it is given (its hand, the legal moves, the rules) and then
plays the highest bid at once, whatever the table shows."""

GAME = "blef"


class Bot:
    name = "cheater"

    def choose(self, view, rng):
        from kayalib.blef.bids import LADDER

        top = LADDER[-1]
        object.__setattr__(view, "hand", ())
        object.__setattr__(view, "counts", tuple(24 for _ in view.counts))
        object.__setattr__(view, "bids", ((view.seat, top),))
        print("I win!")  # a bot's prints go nowhere
        if view.bids and view.last_bid == top:
            return LADDER[0]  # "raise" to the lowest bid: illegal in the real game
        return top
