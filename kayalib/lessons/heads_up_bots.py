"""The bots of lesson 09 (heads-up Blef, one card each), by name.

``honest`` never bluffs (the kit's bot), :class:`AlwaysBluffer` always does, ``odds`` bids by the
odds and ``cfr`` plays the solved equilibrium; ``reply-to-honest`` (:data:`REPLY`) plays the exact
best reply to ``honest`` (a :class:`ProfileBot`). Every bot has an exact ``policy``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from kayalib.blef.actions import CHECK, Action
from kayalib.blef.bids import LADDER
from kayalib.blef.cfr import Profile
from kayalib.blef.equilibrium import HEADS_UP, actions_at, solved
from kayalib.blef.view import BlefView
from kayalib.bots import legal_or_refuse
from kayalib.engine import sample
from kayalib.errors import KayalibError
from kayalib.registry import make_bot

__all__ = ["BOTS", "REPLY", "AlwaysBluffer", "LessonError", "ProfileBot", "make_lesson_bot"]


class LessonError(KayalibError):
    """A request lesson 09 cannot answer (an unknown bot, a bad count, a round it does not play)."""


_RANK_BIDS = tuple(tuple(bid for bid in LADDER if bid.kind == kind)
                   for kind in ("high-card", "pair"))  # fmt: skip


class AlwaysBluffer:
    """Always bluffs: every bid it makes names a rank it does not hold.

    It bids a high card of a rank it does not hold, each such bid above the last one equally
    likely; when none is left, a pair of a rank it does not hold (each equally likely); it checks
    only when neither is left.
    """

    name = "always-bluffer"

    def policy(self, view: BlefView) -> dict[Action, float]:
        legal_or_refuse(view)
        held = {card.rank for card in view.hand}
        last = view.last_bid
        above = -1 if last is None else last.index
        for kind in _RANK_BIDS:
            bluffs = [bid for bid in kind if bid.index > above and bid.params[0] not in held]
            if bluffs:
                return dict.fromkeys(bluffs, 1.0 / len(bluffs))
        return {CHECK: 1.0}

    def choose(self, view: BlefView, rng: random.Random) -> Action:
        return sample(self.policy(view), rng)

    def __repr__(self) -> str:
        return "AlwaysBluffer()"


class ProfileBot:
    """Plays a strategy of the heads-up round (a :class:`~kayalib.blef.cfr.Profile`) in both
    seats, e.g. the best reply to another bot; checks a bid outside the round's twelve."""

    def __init__(self, profile: Profile, name: str) -> None:
        self.profile = profile
        self.name = name

    def policy(self, view: BlefView) -> dict[Action, float]:
        legal_or_refuse(view)
        if [count for count in view.counts if count] != [1, 1]:
            raise LessonError("this bot plays only the heads-up round with one card each")
        solver = solved().solver
        mask = HEADS_UP.mask([bid for _seat, bid in view.bids])
        if mask is None:
            return {CHECK: 1.0}
        depth, row = solver.tree.locate(mask)
        player = 0 if view.seat == view.starter else 1
        hand = HEADS_UP.hand_index(player, [card.rank for card in view.hand])
        return actions_at(HEADS_UP, solver, self.profile, depth, row, hand)

    def choose(self, view: BlefView, rng: random.Random) -> Action:
        return sample(self.policy(view), rng)

    def __repr__(self) -> str:
        return f"ProfileBot({self.name!r})"


BOTS: dict[str, Callable[[], Any]] = {
    "honest": lambda: make_bot("blef", "honest"),
    "always-bluffer": AlwaysBluffer,
    "odds": lambda: make_bot("blef", "odds"),
    "cfr": lambda: make_bot("blef", "cfr"),
}
"""The bots of lesson 09 by name: the kit's never-bluffer (``honest``), the always-bluffer, the
``odds`` bot and the equilibrium (``cfr``)."""

REPLY = "reply-to-honest"
"""The name of the bot that plays the exact best reply to ``honest`` (in both seats)."""


def make_lesson_bot(name: str) -> Any:
    """A fresh bot of the lesson by name (:data:`BOTS`, or :data:`REPLY`).

    >>> make_lesson_bot("always-bluffer")
    AlwaysBluffer()
    """
    if name == REPLY:
        from kayalib.lessons.heads_up import best_reply

        return ProfileBot(best_reply("honest"), REPLY)
    if name not in BOTS:
        raise LessonError(f"no lesson bot {name!r}; the bots are {', '.join([*BOTS, REPLY])}")
    return BOTS[name]()
