"""How many rounds of gambreng it takes, in numbers: the exact recursion a student can follow,
seeded samples of draws, 95% confidence intervals for the mean, how often they hold the exact
mean and how they narrow (lesson 05).

>>> low, high = mean_interval([1, 2, 3])
>>> mean_rounds(4) == expected_rounds(4), low < 2 < high
(True, True)
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import product
from math import comb
from typing import Any

from kayalib.errors import ArgumentError
from kayalib.kaya.gambreng import expected_rounds, gambreng_rounds

__all__ = [
    "BiasedDraw",
    "biased_draw",
    "coverage",
    "coverage_intervals",
    "interval_widths",
    "coverage_shares",
    "mean_interval",
    "mean_rounds",
    "repeat_chance",
    "rounds_sample",
]


def mean_rounds(n: int) -> Fraction:
    if n == 1:
        return Fraction(0)
    if n == 2:
        return Fraction(3, 2)
    repeat, rest = Fraction(0), Fraction(0)
    for up in range(n + 1):
        p = Fraction(comb(n, up), 2**n)
        if up in (0, n) or 2 * up == n:
            repeat += p
        else:
            rest += p * mean_rounds(max(up, n - up))
    return (1 + rest) / (1 - repeat)


mean_rounds.__doc__ = """E(n), the mean number of gambreng rounds for ``n`` players (the recursion
of lesson 05, short enough to show on the page; ``kayalib.kaya.expected_rounds`` agrees)."""


def rounds_sample(players: int = 4, draws: int = 2000, seed: int = 11) -> list[int]:
    """The number of rounds of ``draws`` seeded draws."""
    rng = random.Random(seed)
    return [gambreng_rounds(players, rng) for _ in range(draws)]


def mean_interval(sample: list[int]) -> tuple[float, float]:
    """The 95% confidence interval for the mean of ``sample`` (mean ± 1.96 SD / √n)."""
    n = len(sample)
    mean = sum(sample) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in sample) / (n - 1))
    half = 1.96 * sd / math.sqrt(n)
    return mean - half, mean + half


def interval_widths(players: int = 4, sizes: tuple[int, ...] = (100, 400, 1600, 6400),
                    seed: int = 3) -> list[tuple[int, float, float, float]]:  # fmt: skip
    """``(draws, mean, low, high)`` of the 95% interval for the mean, for growing samples."""
    rows = []
    for size in sizes:
        sample = rounds_sample(players, size, seed + size)
        low, high = mean_interval(sample)
        rows.append((size, sum(sample) / size, low, high))
    return rows


def coverage_intervals(players: int = 4, repeats: int = 100, draws: int = 100,
                       seed: int = 17) -> list[tuple[float, float]]:  # fmt: skip
    """The 95% confidence intervals of ``repeats`` separate samples of ``draws`` draws each."""
    return [mean_interval(rounds_sample(players, draws, seed * 10_000 + k))
            for k in range(repeats)]  # fmt: skip


def coverage(players: int = 4, repeats: int = 200, draws: int = 100, seed: int = 17) -> int:
    """Of ``repeats`` samples of ``draws`` draws, how many 95% intervals hold the exact mean."""
    exact = float(expected_rounds(players))
    intervals = coverage_intervals(players, repeats, draws, seed)
    return sum(low <= exact <= high for low, high in intervals)


@cache
def coverage_shares(players: int = 4, repeats: int = 2000, draws: int = 100,
                    seed: int = 29) -> dict[str, Any]:  # fmt: skip
    """How often the mean ± 1.96·SD/√n interval of ``draws`` draws holds the exact mean over
    ``repeats`` runs (``hit``), and how often it lies wholly ``below`` or ``above`` it, with the
    key of the sentence that fits (``sentence``; lopsided when one side misses at least half as
    often again as the other)."""
    exact = float(expected_rounds(players))
    intervals = coverage_intervals(players, repeats, draws, seed)
    below = sum(high < exact for _low, high in intervals) / repeats
    above = sum(low > exact for low, _high in intervals) / repeats
    lopsided = max(below, above) >= 1.5 * min(below, above)
    return {"repeats": repeats, "draws": draws, "hit": 1 - below - above, "below": below,
            "above": above,
            "sentence": "coverage_real_lopsided" if lopsided else "coverage_real_even"}  # fmt: skip


def repeat_chance(n: int) -> Fraction:
    """The chance that a show of ``n`` players is repeated: everyone shows the same, or an even
    split.

    >>> repeat_chance(4)
    Fraction(1, 2)
    """
    return sum((Fraction(comb(n, up), 2**n) for up in range(n + 1)
                if up in (0, n) or 2 * up == n), Fraction(0))  # fmt: skip


@dataclass(frozen=True)
class BiasedDraw:
    """A gambreng whose players show palm with chances of their own: each player's chance to go
    first (``first``) and the mean number of rounds (``rounds``), exact; ``None`` for both when
    the draw can never end (every player always shows the same side)."""

    first: tuple[Fraction, ...] | None
    rounds: Fraction | None


def biased_draw(palm: Sequence[Fraction | int]) -> BiasedDraw:
    """The gambreng of ``len(palm)`` players, player ``i`` showing palm with chance ``palm[i]``
    (each show on its own; two players left play a fair suit): the same rules as
    :func:`kayalib.kaya.gambreng.gambreng`, solved exactly over the sets of players still in.

    Players who share one habit, whatever it is, are treated alike: each goes first 1 time in
    ``n``, and only the number of rounds changes. A player who always shows the side the others
    favour stays in the majority more often and goes first more often:

    >>> fair = biased_draw([Fraction(1, 2)] * 4)
    >>> fair.first == (Fraction(1, 4),) * 4, fair.rounds == expected_rounds(4)
    (True, True)
    >>> biased_draw([Fraction(7, 10)] * 4).first == (Fraction(1, 4),) * 4
    True
    >>> biased_draw([1, Fraction(7, 10), Fraction(7, 10), Fraction(7, 10)]).first[0] > 0.3
    True
    >>> biased_draw([1, 1, 1]).first is None
    True
    """
    chances = tuple(Fraction(q) for q in palm)
    if not 1 <= len(chances) <= 10 or not all(0 <= q <= 1 for q in chances):
        raise ArgumentError("a biased draw takes 1 to 10 players, each with a chance 0 to 1")
    solved = _solve(chances, frozenset(range(len(chances))))
    if solved is None:
        return BiasedDraw(None, None)
    first, rounds = solved
    return BiasedDraw(tuple(first.get(i, Fraction(0)) for i in range(len(chances))), rounds)


@cache
def _solve(palm: tuple[Fraction, ...],
           left: frozenset[int]) -> tuple[dict[int, Fraction], Fraction] | None:  # fmt: skip
    """Who of ``left`` goes first (chances) and the mean rounds from here; ``None``: never ends."""
    if len(left) == 1:
        return {next(iter(left)): Fraction(1)}, Fraction(0)
    if len(left) == 2:  # a fair suit: decided with probability 2/3 a round
        return {i: Fraction(1, 2) for i in left}, Fraction(3, 2)
    seats = sorted(left)
    repeat, rest = Fraction(0), Fraction(0)
    first: dict[int, Fraction] = {}
    for shows in product((True, False), repeat=len(seats)):
        chance = Fraction(1)
        for seat, up in zip(seats, shows, strict=True):
            chance *= palm[seat] if up else 1 - palm[seat]
        if chance == 0:
            continue
        ups = sum(shows)
        if ups in (0, len(seats)) or 2 * ups == len(seats):
            repeat += chance
            continue
        majority = ups * 2 > len(seats)
        stay = frozenset(s for s, up in zip(seats, shows, strict=True) if up == majority)
        solved = _solve(palm, stay)
        if solved is None:
            return None
        after, rounds = solved
        rest += chance * rounds
        for seat, share in after.items():
            first[seat] = first.get(seat, Fraction(0)) + chance * share
    if repeat == 1:
        return None
    return {seat: share / (1 - repeat) for seat, share in first.items()}, (1 + rest) / (1 - repeat)
