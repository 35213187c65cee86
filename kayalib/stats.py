"""Small statistics shared by the tournaments, the lessons and the benchmarks."""

from __future__ import annotations

import math
from fractions import Fraction

__all__ = ["exact", "wilson_interval"]


def wilson_interval(successes: int, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% by default).

    >>> low, high = wilson_interval(50, 100)
    >>> round(low, 3), round(high, 3)
    (0.404, 0.596)
    >>> wilson_interval(0, 0)
    (0.0, 1.0)
    """
    if trials < 0 or not 0 <= successes <= trials:
        raise ValueError(f"need 0 <= successes <= trials, got {successes} of {trials}")
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return low, high


def exact(value: float, max_denominator: int = 10_000, within: float = 1e-9) -> Fraction | float:
    """``value`` as the nearest fraction when it is that fraction to ``within``, else ``value``.

    >>> exact(-0.07246376811594202), exact(0.3887226)
    (Fraction(-5, 69), 0.3887226)
    """
    fraction = Fraction(value).limit_denominator(max_denominator)
    return fraction if abs(float(fraction) - value) < within else value
