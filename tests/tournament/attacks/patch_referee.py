"""Attack: at import, patch the referee's classes: the odds bot checks at once, and every win
rate reads 1.0 for this bot (it works when the referee imports the file)."""

from kayalib.blef.bots import OddsBot
from kayalib.tournament import Standing

GAME = "blef"

_rate = Standing.win_rate.fget


def _choose(self, view, rng):
    legal = view.legal_actions()
    return legal[-1] if view.last_bid is not None else legal[0]


OddsBot.choose = _choose
Standing.win_rate = property(lambda self: 1.0 if self.name == "patch_referee" else _rate(self))


class Bot:
    name = "patcher"

    def choose(self, view, rng):
        legal = view.legal_actions()
        return legal[-1] if view.last_bid is not None else legal[0]
