"""An honest entrant listed after a hanging one (``aaa_hang.py``): it loads at once and plays
well enough (check whenever it may, else the lowest bid)."""

GAME = "blef"


class Bot:
    name = "bbb_honest"

    def choose(self, view, rng):
        return view.legal_actions()[-1] if view.last_bid is not None else view.legal_actions()[0]
