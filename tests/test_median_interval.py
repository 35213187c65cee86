"""The before/after figures of :mod:`kayalib.stats`: the median's distribution-free interval
against brute force (every sign pattern of n values counted, and seeded samples from skewed
distributions), and the answer's distance from the truth."""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import product

import pytest

from kayalib.errors import ArgumentError
from kayalib.stats import answer_error, median_interval


def brute_coverage(n: int, k: int) -> Fraction:
    """P(x(k) <= median <= x(n + 1 - k)) for n independent values of a continuous distribution:
    every one of the 2**n patterns of values below / above the median is equally likely, and
    the interval misses when fewer than k are below or fewer than k are above."""
    hit = sum(1 for signs in product((0, 1), repeat=n) if k <= sum(signs) <= n - k)
    return Fraction(hit, 2**n)


@pytest.mark.parametrize("n", range(1, 17))
def test_the_interval_is_the_narrowest_order_statistics_that_cover_95_percent(n: int) -> None:
    values = list(range(100, 100 + n))
    found = median_interval(values)
    if found is None:  # even the smallest and largest value cover less than 95%
        assert brute_coverage(n, 1) < Fraction(95, 100)
        return
    k = values.index(int(found[0])) + 1
    assert found[1] == values[n - k]
    assert brute_coverage(n, k) >= Fraction(95, 100)
    assert k + 1 > n - k or brute_coverage(n, k + 1) < Fraction(95, 100)


def test_seeded_samples_from_a_skewed_distribution_are_covered_at_least_95_times_in_100() -> None:
    rng = random.Random(44)
    median = 0.25  # of U**2 for U uniform on (0, 1): P(U**2 <= 1/4) = P(U <= 1/2)
    hits, runs = 0, 4000
    for _ in range(runs):
        sample = [rng.random() ** 2 for _ in range(12)]
        low, high = median_interval(sample) or (0.0, 0.0)
        hits += low <= median <= high
    assert brute_coverage(12, 3) == Fraction(3938, 4096)  # 96.1%: x(3) and x(10) of 12
    assert abs(hits / runs - 3938 / 4096) < 3 * (0.04 * 0.96 / runs) ** 0.5


def test_the_answers_distance_is_relative_to_the_truth_and_a_choice_is_right_or_not() -> None:
    assert answer_error(Fraction(3, 10), Fraction(1, 4)) == Fraction(1, 5)
    assert answer_error(Fraction(-1), Fraction(2)) == Fraction(3, 2)
    assert answer_error("yes", "yes") == 0 and answer_error("no", "yes") == 1
    with pytest.raises(ArgumentError):
        answer_error(Fraction(1), "yes")
    with pytest.raises(ArgumentError):
        answer_error(Fraction(1), Fraction(0))
