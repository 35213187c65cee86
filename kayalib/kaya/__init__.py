"""Aku Paling Kaya: 6 colours x 9 cards, coins, challenges and colour powers.

The engine is pure Python: :class:`KayaRules` (colours, coin table), :class:`KayaState`
(immutable; ``legal_actions()``, ``apply()``, ``view(seat)``), the action classes and
:func:`parse_action`, the gambreng draw, and the simulation helpers in
:mod:`kayalib.kaya.simulate`.
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
from kayalib.kaya.simulate import SimulationResult, play_game, simulate

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
    "SimulationResult",
    "Steal",
    "TakeBack",
    "expected_rounds",
    "gambreng",
    "parse_action",
    "play_game",
    "simulate",
    "simulate_gambreng",
]
