"""Small statistics used by the lessons: confidence intervals and running estimates."""

from __future__ import annotations

from collections.abc import Iterable

from kayalib.stats import wilson_interval

__all__ = ["running_means", "wilson_interval"]


def running_means(hits: Iterable[bool | int | float]) -> list[float]:
    """The mean of the first 1, 2, 3, ... values.

    >>> running_means([1, 0, 1, 1])
    [1.0, 0.5, 0.6666666666666666, 0.75]
    """
    means: list[float] = []
    total = 0.0
    for count, value in enumerate(hits, start=1):
        total += float(value)
        means.append(total / count)
    return means
