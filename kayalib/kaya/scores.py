"""Final points of Aku Paling Kaya: numbers left in hand + coins of the bonus pile."""

from __future__ import annotations

from dataclasses import dataclass

from kayalib.kaya.cards import Card
from kayalib.kaya.rules import KayaRules

__all__ = ["KayaScores", "SeatScore", "scores"]


@dataclass(frozen=True)
class SeatScore:
    """One seat's final points: numbers left in hand + coins of the bonus pile."""

    seat: int
    hand: tuple[Card, ...]
    bonus: tuple[Card, ...]
    hand_sum: int
    bonus_sum: int

    @property
    def total(self) -> int:
        return self.hand_sum + self.bonus_sum


@dataclass(frozen=True)
class KayaScores:
    """Points of every seat (``seats``), their ``totals`` and the ``winners`` (highest total)."""

    seats: tuple[SeatScore, ...]

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(s.total for s in self.seats)

    @property
    def winners(self) -> tuple[int, ...]:
        totals = self.totals
        best = max(totals)
        return tuple(i for i, t in enumerate(totals) if t == best)


def scores(rules: KayaRules, hands: tuple, bonuses: tuple) -> KayaScores:
    """The points of every seat for these hands and bonus piles (yellow 1-3 count negative)."""
    value = rules.bonus_value
    return KayaScores(tuple(
        SeatScore(seat, hand, bonus, sum(c.number for c in hand), sum(value(c) for c in bonus))
        for seat, (hand, bonus) in enumerate(zip(hands, bonuses, strict=True))
    ))  # fmt: skip
