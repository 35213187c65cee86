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
from fractions import Fraction
from math import comb

from kayalib.kaya.gambreng import expected_rounds, gambreng

__all__ = [
    "coverage",
    "coverage_intervals",
    "interval_widths",
    "mean_interval",
    "mean_rounds",
    "repeat_chance",
    "rounds_sample",
]


def mean_rounds(n):
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
    return [len(gambreng(players, rng).rounds) for _ in range(draws)]


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


def repeat_chance(n: int) -> Fraction:
    """The chance that a show of ``n`` players is repeated: everyone shows the same, or an even
    split.

    >>> repeat_chance(4)
    Fraction(1, 2)
    """
    return sum((Fraction(comb(n, up), 2**n) for up in range(n + 1)
                if up in (0, n) or 2 * up == n), Fraction(0))  # fmt: skip
