"""Aku Paling Kaya: 6 colours x 9 cards, coins, challenges and colour powers.

The engine is pure Python, file by file alike Blef's (:mod:`kayalib.blef`): ``cards``,
``gambreng`` (the draw for the first player), ``counting`` (what a face-down card can be),
``rules`` (colours, coin table), ``actions``, ``events``, ``view``, ``game`` (the immutable
state), with ``turn`` (the steps of a turn), ``scores`` and ``slots`` (how states are stored),
``bots`` and ``cli``. Simulation and replay are shared: :mod:`kayalib.simulate`.
"""

from kayalib.kaya.cards import COLORS, DECK, Card, Color
from kayalib.kaya.gambreng import Gambreng, expected_rounds, gambreng, simulate_gambreng
from kayalib.kaya.game import (
    Action,
    Challenge,
    Decline,
    Give,
    KayaScores,
    KayaState,
    KayaView,
    Keep,
    Pass,
    Play,
    Steal,
    TakeBack,
    parse_action,
)
from kayalib.kaya.rules import KayaRules

__all__ = [
    "Action",
    "COLORS",
    "Card",
    "Challenge",
    "Color",
    "DECK",
    "Decline",
    "Gambreng",
    "Give",
    "KayaRules",
    "KayaScores",
    "KayaState",
    "KayaView",
    "Keep",
    "Pass",
    "Play",
    "Steal",
    "TakeBack",
    "expected_rounds",
    "gambreng",
    "parse_action",
    "simulate_gambreng",
]
