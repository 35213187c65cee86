"""How many rounds of gambreng it takes, in numbers: the exact recursion a student can follow,
seeded samples of draws, their spread, 95% intervals for the mean and how they narrow (lesson 05).

>>> mean_rounds(4) == expected_rounds(4), spread_figures([1, 2, 3])["mean"]
(True, 2.0)
"""

from __future__ import annotations

import math
import random
from fractions import Fraction
from math import comb

from kayalib.kaya.gambreng import expected_rounds, gambreng

__all__ = [
    "coverage",
    "doubling_rows",
    "interval_widths",
    "mean_interval",
    "mean_rounds",
    "repeat_chance",
    "rounds_sample",
    "spread_figures",
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


def spread_figures(sample: list[int]) -> dict[str, float]:
    """Mean, standard deviation, longest draw and the share within two deviations of the mean."""
    n = len(sample)
    mean = sum(sample) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in sample) / (n - 1))
    within = sum(1 for x in sample if abs(x - mean) <= 2 * sd) / n
    return {"mean": mean, "sd": sd, "longest": max(sample), "within": within}


def mean_interval(sample: list[int]) -> tuple[float, float]:
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


def coverage(players: int = 4, repeats: int = 200, draws: int = 100, seed: int = 17) -> int:
    """Of ``repeats`` samples of ``draws`` draws, how many 95% intervals hold the exact mean."""
    exact = float(expected_rounds(players))
    hits = 0
    for k in range(repeats):
        low, high = mean_interval(rounds_sample(players, draws, seed * 10_000 + k))
        hits += low <= exact <= high
    return hits


def doubling_rows(sizes: tuple[int, ...] = (2, 4, 8, 16, 32, 64)) -> list[tuple[int, float, float]]:
    """``(players, E(n), E(n) - E(n/2))``: how much one doubling of the group adds."""
    rows = []
    for n in sizes:
        e = float(expected_rounds(n))
        before = float(expected_rounds(n // 2)) if n > 2 else float("nan")
        rows.append((n, e, e - before))
    return rows


def repeat_chance(n: int) -> Fraction:
    """The chance that a show of ``n`` players is repeated: everyone shows the same, or an even
    split.

    >>> repeat_chance(4)
    Fraction(1, 2)
    """
    return sum((Fraction(comb(n, up), 2**n) for up in range(n + 1)
                if up in (0, n) or 2 * up == n), Fraction(0))  # fmt: skip
