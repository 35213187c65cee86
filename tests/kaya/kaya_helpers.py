"""Helpers for the Kaya engine tests: rigged positions and the moves of the log."""

from __future__ import annotations

import random

from kayalib.kaya.cards import Card
from kayalib.kaya.game import KayaState, MoveEvent
from kayalib.kaya.rules import KayaRules


def C(text: str) -> Card:
    return Card.parse(text)


def position(colors, hands, *, table=None, bonus=None, discard=(), active=0, seed=0, coins=None):
    rules = KayaRules(tuple(colors)) if coins is None else KayaRules(tuple(colors), coins)
    return KayaState.from_position(
        rules, hands, table=table, bonus=bonus, discard=discard, active=active, seed=seed
    )


def run(state: KayaState, *actions: str) -> KayaState:
    for action in actions:
        state = state.apply(action)
    return state


def moves(state: KayaState, since: KayaState | None = None) -> list[tuple[str, str, str, str]]:
    """``(card, from, to, why)`` of every move event after ``since``."""
    start = 0 if since is None else len(since.events)
    return [
        (str(e.card), e.source, e.target, e.why)
        for e in state.events[start:]
        if isinstance(e, MoveEvent)
    ]


class RandomBot:
    """Chooses uniformly among the legal actions (stand-in until the bots module is used)."""

    name = "random"

    def choose(self, view, rng: random.Random):
        return rng.choice(view.legal_actions())
