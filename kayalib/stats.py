"""Small statistics shared by the tournaments, the lessons and the benchmarks.

Comparing two win rates is done on their *difference*: :func:`difference_interval` (Newcombe's
interval, built from the two Wilson intervals) and :func:`two_proportion_test` (the pooled z
test). Two 95% intervals that overlap do not mean "no difference": 86 of 200 against 110 of 200
overlap, yet the difference is clear.

>>> a, b = wilson_interval(86, 200), wilson_interval(110, 200)
>>> a[1] > b[0]                                 # the two intervals overlap ...
True
>>> low, high = difference_interval(86, 200, 110, 200)
>>> high < 0                                    # ... but the difference is below 0
True
>>> z, p = two_proportion_test(86, 200, 110, 200)
>>> round(z, 2), round(p, 3)
(-2.4, 0.016)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from kayalib.errors import ArgumentError

__all__ = [
    "BetaPosterior",
    "PairedDifference",
    "WinRate",
    "beta_cdf",
    "binomial_power",
    "binomial_range",
    "binomial_test",
    "chi_square_sf",
    "chi_square_uniform",
    "difference_interval",
    "answer_error",
    "exact",
    "detectable_share",
    "median_interval",
    "normal_quantile",
    "normal_sf",
    "share_difference_interval",
    "two_proportion_test",
    "wilson_interval",
]


def wilson_interval(successes: int, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% by default).

    >>> low, high = wilson_interval(50, 100)
    >>> round(low, 3), round(high, 3)
    (0.404, 0.596)
    >>> wilson_interval(0, 0)
    (0.0, 1.0)
    """
    if trials < 0 or not 0 <= successes <= trials:
        raise ArgumentError(f"need 0 <= successes <= trials, got {successes} of {trials}")
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return low, high


@dataclass(frozen=True)
class WinRate:
    """``wins`` of ``games`` won: the one win-rate result of the kit (a simulation's seats, a
    tournament's standings, a heads-up match, a lesson's experiments), with its share and 95%
    Wilson interval. ``mean_result`` reads each game as +1 won and −1 lost (a heads-up round).

    >>> record = WinRate(30, 40)
    >>> record.rate, [round(x, 3) for x in record.interval()], record.mean_result
    (0.75, [0.598, 0.858], 0.5)
    >>> WinRate(5, 4)
    Traceback (most recent call last):
    ...
    kayalib.errors.ArgumentError: need 0 <= wins <= games, got 5 of 4
    """

    wins: int
    games: int

    def __post_init__(self) -> None:
        if not 0 <= self.wins <= self.games:
            raise ArgumentError(f"need 0 <= wins <= games, got {self.wins} of {self.games}")

    @property
    def rate(self) -> float:
        """The share of the games won (0 before any game)."""
        return self.wins / self.games if self.games else 0.0

    def interval(self, z: float = 1.96) -> tuple[float, float]:
        """The 95% Wilson interval of the share won."""
        return wilson_interval(self.wins, self.games, z)

    @property
    def mean_result(self) -> float:
        """The average result of a game, +1 won and −1 lost."""
        return 2 * self.rate - 1

    def result_interval(self) -> tuple[float, float]:
        """The 95% interval of :attr:`mean_result` (the Wilson interval, rescaled)."""
        low, high = self.interval()
        return 2 * low - 1, 2 * high - 1

    def difference_interval(self, other: WinRate) -> tuple[float, float]:
        """The 95% interval of this share minus ``other``'s, from independent games
        (:func:`difference_interval`)."""
        return difference_interval(self.wins, self.games, other.wins, other.games)

    def __add__(self, other: WinRate) -> WinRate:
        return WinRate(self.wins + other.wins, self.games + other.games)


@dataclass(frozen=True)
class PairedDifference:
    """Two players' results on the *same* deals (game ``i`` of each dealt from one seed): the
    shares won, their difference ``diff`` (first minus second), and the games only the first
    won (``first_only``) or only the second (``second_only``). The deals that both won or both
    lost say nothing about the difference, so the exact test is a fair coin's on the games only
    one of them won (McNemar's exact test), and the interval's variance is that of the paired
    differences.

    >>> pair = PairedDifference.of([True, True, False, True], [True, False, False, False])
    >>> pair.diff, pair.first_only, pair.second_only, pair.p
    (0.5, 2, 0, 0.5)
    """

    games: int
    first_wins: int
    second_wins: int
    first_only: int
    second_only: int

    @classmethod
    def of(cls, first: Sequence[bool], second: Sequence[bool]) -> PairedDifference:
        if len(first) != len(second) or not first:
            raise ArgumentError(f"need the same deals on both sides, got {len(first)} and "
                                f"{len(second)} games")  # fmt: skip
        only = sum(a and not b for a, b in zip(first, second, strict=True))
        other = sum(b and not a for a, b in zip(first, second, strict=True))
        return cls(len(first), sum(first), sum(second), only, other)

    @property
    def diff(self) -> float:
        return (self.first_wins - self.second_wins) / self.games

    @property
    def p(self) -> float:
        """The exact two-sided test of "neither wins more often" (McNemar's)."""
        return binomial_test(self.first_only, self.first_only + self.second_only)

    def interval(self, level: float = 0.95) -> tuple[float, float]:
        """The interval of the difference at ``level`` (normal, paired variance); for ``k``
        comparisons at once ask for ``1 - 0.05 / k`` (Bonferroni)."""
        n, d = self.games, self.diff
        second_moment = (self.first_only + self.second_only) / n  # E[(a - b)^2]
        variance = max(0.0, second_moment - d * d) * n / max(1, n - 1)
        half = normal_quantile(1 - (1 - level) / 2) * math.sqrt(variance / n)
        return max(-1.0, d - half), min(1.0, d + half)


def normal_quantile(q: float) -> float:
    """The ``q`` quantile of a standard normal (bisection on :func:`normal_sf`).

    >>> round(normal_quantile(0.975), 3), round(normal_quantile(1 - 0.05 / 6), 3)
    (1.96, 2.394)
    """
    if not 0 < q < 1:
        raise ArgumentError(f"a quantile lies strictly between 0 and 1, not {q}")
    low, high = -40.0, 40.0
    for _ in range(200):
        mid = (low + high) / 2
        if 1 - normal_sf(mid) < q:
            low = mid
        else:
            high = mid
    return (low + high) / 2


def difference_interval(a: int, n: int, b: int, m: int, z: float = 1.96) -> tuple[float, float]:
    """A 95% interval for ``a/n − b/m``, the difference of two proportions (Newcombe's hybrid
    score interval, which stays inside −1..1 and works near 0 and 1 as the Wilson interval does).

    >>> low, high = difference_interval(60, 100, 52, 100)
    >>> round(low, 3), round(high, 3)
    (-0.057, 0.213)
    """
    if n <= 0 or m <= 0:
        raise ArgumentError(f"need games on both sides, got {n} and {m}")
    p, q = a / n, b / m
    l1, u1 = wilson_interval(a, n, z)
    l2, u2 = wilson_interval(b, m, z)
    d = p - q
    low = d - math.sqrt((p - l1) ** 2 + (u2 - q) ** 2)
    high = d + math.sqrt((u1 - p) ** 2 + (q - l2) ** 2)
    return max(-1.0, low), min(1.0, high)


def share_difference_interval(a: int, b: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """A 95% interval for ``(a − b) / n`` where ``a`` and ``b`` count two outcomes of the *same*
    ``n`` games (two players' wins at one table): the shares are not independent, so the
    variance is ``(p + q − (p − q)²) / n``.

    >>> low, high = share_difference_interval(400, 300, 1000)
    >>> round(low, 3), round(high, 3)
    (0.049, 0.151)
    """
    if n <= 0 or a < 0 or b < 0 or a + b > n:
        raise ArgumentError(f"need two counts of the same games, got {a} and {b} of {n}")
    p, q = a / n, b / n
    d = p - q
    half = z * math.sqrt(max(0.0, p + q - d * d) / n)
    return max(-1.0, d - half), min(1.0, d + half)


def normal_sf(z: float) -> float:
    """P(Z > z) for a standard normal Z.

    >>> round(normal_sf(1.96), 4)
    0.025
    """
    return 0.5 * math.erfc(z / math.sqrt(2))


def two_proportion_test(a: int, n: int, b: int, m: int) -> tuple[float, float]:
    """``(z, p)``: the pooled two-proportion z test of ``a/n`` against ``b/m``, two-sided.

    >>> z, p = two_proportion_test(50, 100, 50, 100)
    >>> z, p
    (0.0, 1.0)
    """
    if n <= 0 or m <= 0:
        raise ArgumentError(f"need games on both sides, got {n} and {m}")
    pooled = (a + b) / (n + m)
    spread = math.sqrt(pooled * (1 - pooled) * (1 / n + 1 / m))
    if spread == 0:
        return 0.0, 1.0
    z = (a / n - b / m) / spread
    return z, min(1.0, 2 * normal_sf(abs(z)))


def chi_square_uniform(counts: list[int]) -> tuple[float, float]:
    """``(statistic, p)``: Pearson's chi-square test that every one of ``counts`` is equally
    likely: one test for all of them at once (five 95% intervals checked one by one miss the
    truth somewhere about 23% of the time).

    >>> stat, p = chi_square_uniform([2000, 2000, 2000, 2000, 2000])
    >>> stat, p
    (0.0, 1.0)
    >>> round(chi_square_uniform([1950, 2060, 2010, 1990, 1990])[1], 3)
    0.525
    """
    total, k = sum(counts), len(counts)
    if k < 2 or total <= 0:
        raise ArgumentError("need at least two counts and something counted")
    expected = total / k
    statistic = sum((c - expected) ** 2 / expected for c in counts)
    return statistic, chi_square_sf(statistic, k - 1)


def chi_square_sf(x: float, df: int) -> float:
    """P(X > x) for a chi-square X with ``df`` (a whole number) degrees of freedom, in closed
    form (no scipy): a finite sum for even ``df``, the same with erfc for odd ``df``.

    >>> round(chi_square_sf(9.488, 4), 3), round(chi_square_sf(3.841, 1), 3)
    (0.05, 0.05)
    """
    if df < 1:
        raise ArgumentError(f"degrees of freedom must be at least 1, not {df}")
    if x <= 0:
        return 1.0
    half = x / 2
    if df % 2 == 0:
        term, total = 1.0, 1.0
        for i in range(1, df // 2):
            term *= half / i
            total += term
        return math.exp(-half) * total
    total = math.erfc(math.sqrt(half))
    term = math.sqrt(half / math.pi) * math.exp(-half) * 2
    for i in range(1, (df + 1) // 2):
        total += term
        term *= half / (i + 0.5)
    return total


def _binomial_weights(trials: int, p: float | Fraction) -> tuple[list[int], int]:
    """P(X = k) for k = 0..trials as whole numbers over one denominator, X binomial(trials, p)
    with ``p`` taken as the fraction it is."""
    if trials < 0:
        raise ArgumentError(f"need trials >= 0, got {trials}")
    chance = Fraction(p)
    if not 0 <= chance <= 1:
        raise ArgumentError(f"a chance is between 0 and 1, not {p}")
    a, b = chance.numerator, chance.denominator
    return [math.comb(trials, k) * a**k * (b - a) ** (trials - k)
            for k in range(trials + 1)], b**trials  # fmt: skip


def _p_values(weights: list[int], denominator: int) -> list[float]:
    """The two-sided p of every count: the sum of the weights at most its own, over all."""
    below: dict[int, int] = {}
    total = 0
    for weight in sorted(weights):
        total += weight
        below[weight] = total
    return [float(Fraction(below[w], denominator)) for w in weights]


def binomial_test(successes: int, trials: int, p: float | Fraction = 0.5) -> float:
    """The exact two-sided binomial test of "each trial succeeds with chance ``p``": the
    chance, if it did, of a count no more likely than ``successes`` (the sum over every count
    whose probability is at most that of the one seen, as scipy's ``binomtest`` does), in whole
    numbers: ``p`` is taken as the fraction it is, so no rounding decides which counts count.

    >>> binomial_test(7, 10) == 2 * (1 + 10 + 45 + 120) / 1024
    True
    >>> binomial_test(5, 10), binomial_test(0, 0), binomial_test(170, 240) < 1e-9
    (1.0, 1.0, True)
    """
    if not 0 <= successes <= trials:
        raise ArgumentError(f"need 0 <= successes <= trials, got {successes} of {trials}")
    weights, denominator = _binomial_weights(trials, p)
    seen = weights[successes]
    return float(Fraction(sum(w for w in weights if w <= seen), denominator))


def binomial_range(trials: int, p: float | Fraction = 0.5,
                   alpha: float = 0.05) -> tuple[int, int]:  # fmt: skip
    """The counts ``low..high`` that :func:`binomial_test` does not reject at ``alpha``: where
    the count falls at least ``1 - alpha`` of the time when each trial succeeds with chance
    ``p`` (a count outside it is exactly a p below ``alpha``).

    >>> binomial_range(240)
    (105, 135)
    >>> binomial_range(5)                             # no count of 5 gives p below 0.05
    (0, 5)
    """
    kept = [k for k, value in enumerate(_p_values(*_binomial_weights(trials, p)))
            if value >= alpha]  # fmt: skip
    return kept[0], kept[-1]


def _binomial_pmf(trials: int, share: float) -> list[float]:
    """P(X = k) for k = 0..trials in floating point (logarithms: no underflow or overflow for
    thousands of trials), X binomial(trials, share)."""
    if not 0.0 <= share <= 1.0:
        raise ArgumentError(f"a chance is between 0 and 1, not {share}")
    if share in (0.0, 1.0):
        return [float(k == (0 if share == 0.0 else trials)) for k in range(trials + 1)]
    log_p, log_q, head = math.log(share), math.log1p(-share), math.lgamma(trials + 1)
    return [math.exp(head - math.lgamma(k + 1) - math.lgamma(trials - k + 1)
                     + k * log_p + (trials - k) * log_q) for k in range(trials + 1)]  # fmt: skip


def _rejected(pmf: list[float], kept: tuple[int, int]) -> float:
    low, high = kept
    return min(1.0, sum(pmf[:low]) + sum(pmf[high + 1:]))


def binomial_power(trials: int, share: float, p: float | Fraction = 0.5,
                   alpha: float = 0.05) -> float:  # fmt: skip
    """How often :func:`binomial_test` of ``p`` rejects at ``alpha`` when each trial really
    succeeds with chance ``share`` (the test's power against that share).

    >>> round(binomial_power(240, 0.5), 3)            # a fair coin: p < 0.05 at most 1 in 20
    0.045
    >>> round(binomial_power(240, 0.6), 2)
    0.87
    """
    return _rejected(_binomial_pmf(trials, share), binomial_range(trials, p, alpha))


def detectable_share(trials: int, power: float = 0.8, p: float | Fraction = 0.5,
                     alpha: float = 0.05) -> float | None:  # fmt: skip
    """The smallest share above ``p`` that :func:`binomial_test` notices (rejects at ``alpha``)
    with chance ``power`` in ``trials`` trials; ``None`` when no share can (too few trials: no
    count at all rejects). The power grows with the share above ``p``; found by bisection.

    >>> round(detectable_share(240), 3), detectable_share(5)
    (0.591, None)
    """
    kept = binomial_range(trials, p, alpha)
    if _rejected(_binomial_pmf(trials, 1.0), kept) < power:
        return None
    low, high = float(p), 1.0
    for _ in range(40):
        middle = (low + high) / 2
        if _rejected(_binomial_pmf(trials, middle), kept) < power:
            low = middle
        else:
            high = middle
    return high


def exact(value: float, max_denominator: int = 10_000, within: float = 1e-9) -> Fraction | float:
    """``value`` as the nearest fraction when it is that fraction to ``within``, else ``value``.

    >>> exact(-0.07246376811594202), exact(0.3887226)
    (Fraction(-5, 69), 0.3887226)
    """
    fraction = Fraction(value).limit_denominator(max_denominator)
    return fraction if abs(float(fraction) - value) < within else value


# ------------------------------------------------------------------ a rate as a parameter


def beta_cdf(x: float, a: float, b: float) -> float:
    """P(X ≤ x) for X ~ Beta(a, b): the regularized incomplete beta function, by its continued
    fraction (modified Lentz; the series for x below the mean, the mirror above it).

    >>> beta_cdf(0.5, 1, 1), round(beta_cdf(0.3, 2, 5), 6)
    (0.5, 0.579825)
    """
    if a <= 0 or b <= 0:
        raise ArgumentError(f"a Beta distribution needs a, b > 0, got {a} and {b}")
    if x <= 0:
        return 0.0
    if x >= 1:
        return 1.0
    front = math.exp(math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b)
                     + a * math.log(x) + b * math.log1p(-x))  # fmt: skip
    if x < (a + 1) / (a + b + 2):
        return front * _beta_fraction(x, a, b) / a
    return 1.0 - front * _beta_fraction(1 - x, b, a) / b


def _beta_fraction(x: float, a: float, b: float) -> float:
    tiny, c, d = 1e-300, 1.0, 1.0 - (a + b) * x / (a + 1)
    d = 1 / (d if abs(d) > tiny else tiny)
    value = d
    for m in range(1, 10_000):
        even = m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m))
        odd = -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))
        for numerator in (even, odd):
            d = 1 + numerator * d
            d = 1 / (d if abs(d) > tiny else tiny)
            c = 1 + numerator / c
            c = c if abs(c) > tiny else tiny
            value *= c * d
        if abs(c * d - 1) < 1e-15:
            break
    return value


@dataclass(frozen=True)
class BetaPosterior:
    """What ``successes`` of ``trials`` say about an unknown rate: the Beta(a, b) posterior from
    a Beta prior (flat, Beta(1, 1), unless told), Think Bayes style.

    >>> post = BetaPosterior.of(3, 10)
    >>> post.a, post.b, round(post.mean, 4)
    (4, 8, 0.3333)
    >>> [round(x, 4) for x in post.interval()]
    [0.1093, 0.6097]
    >>> round(post.prob_above(BetaPosterior.of(30, 100)), 4)
    0.5587
    """

    a: int
    b: int

    @classmethod
    def of(cls, successes: int, trials: int, prior: tuple[int, int] = (1, 1)) -> BetaPosterior:
        if trials < 0 or not 0 <= successes <= trials:
            raise ArgumentError(f"need 0 <= successes <= trials, got {successes} of {trials}")
        if min(prior) < 1:
            raise ArgumentError(f"the prior's parameters must be whole numbers >= 1, not {prior}")
        return cls(prior[0] + successes, prior[1] + trials - successes)

    @property
    def mean(self) -> float:
        return self.a / (self.a + self.b)

    def density(self, x: float) -> float:
        """The posterior density at ``x`` (0 outside 0..1)."""
        if not 0 < x < 1:
            edge = (self.a if x <= 0 else self.b) == 1
            return float(self.a + self.b - 1) if edge and x in (0, 1) else 0.0
        return math.exp(math.lgamma(self.a + self.b) - math.lgamma(self.a) - math.lgamma(self.b)
                        + (self.a - 1) * math.log(x) + (self.b - 1) * math.log1p(-x))  # fmt: skip

    def cdf(self, x: float) -> float:
        return beta_cdf(x, self.a, self.b)

    def quantile(self, q: float) -> float:
        """The ``x`` with ``cdf(x) = q``, by bisection (to 1e-12)."""
        if not 0 <= q <= 1:
            raise ArgumentError(f"a quantile needs 0 <= q <= 1, not {q}")
        low, high = 0.0, 1.0
        while high - low > 1e-12:
            middle = (low + high) / 2
            low, high = (middle, high) if self.cdf(middle) < q else (low, middle)
        return (low + high) / 2

    def interval(self, level: float = 0.95) -> tuple[float, float]:
        """The equal-tailed credible interval: the rate lies in it with probability ``level``."""
        tail = (1 - level) / 2
        return self.quantile(tail), self.quantile(1 - tail)

    def prob_above(self, other: BetaPosterior) -> float:
        """P(this rate > ``other``'s rate), the two independent: a finite sum for whole-number
        parameters (Evan Miller's formula for P(Y > X), with X this one and Y the other, taken
        from 1).

        >>> round(BetaPosterior.of(1, 2).prob_above(BetaPosterior.of(1, 2)), 12)
        0.5
        """
        a, b, c, d = self.a, self.b, other.a, other.b

        def log_beta(x: float, y: float) -> float:
            return math.lgamma(x) + math.lgamma(y) - math.lgamma(x + y)

        other_above = sum(math.exp(log_beta(a + i, b + d) - math.log(d + i) - log_beta(1 + i, d)
                                   - log_beta(a, b)) for i in range(c))  # fmt: skip
        return min(1.0, max(0.0, 1.0 - other_above))


def answer_error(value: Fraction | str, truth: Fraction | str) -> Fraction:
    """How far an answer is from the truth, on one scale for every lesson: a number's distance
    relative to the true value (``|value - truth| / |truth|``: 0.5 is "off by half of it"), a
    choice's 0 (right) or 1 (not). ArgumentError for a number against a choice, or a true
    value of 0 (no relative distance).

    >>> answer_error(Fraction(1, 3), Fraction(1, 4)), answer_error("more", "less")
    (Fraction(1, 3), Fraction(1, 1))
    """
    if isinstance(value, str) or isinstance(truth, str):
        if not (isinstance(value, str) and isinstance(truth, str)):
            raise ArgumentError("a number and a choice have no distance")
        return Fraction(int(value != truth))
    if truth == 0:
        raise ArgumentError("a true value of 0 has no relative distance")
    return abs(value - truth) / abs(truth)


def median_interval(values: Sequence[float], level: float = 0.95) -> tuple[float, float] | None:
    """The distribution-free interval for a median: the order statistics ``x(k)`` and
    ``x(n + 1 - k)`` with the largest ``k`` whose coverage, from the sign test's binomial(n, 1/2)
    counts, is at least ``level``. It assumes only independent values; ``None`` when there are
    too few for any such interval (fewer than 6 at 95%: even the smallest and the largest of 5
    values cover the median only 1 - 2/32 = 93.75% of the time).

    >>> median_interval([-3, -2, -2, -1, 0, 1])
    (-3, 1)
    >>> median_interval([1, 2, 3, 4, 5]) is None
    True
    >>> median_interval(list(range(20)))               # x(6) and x(15): 95.9%
    (5, 14)
    """
    ordered = sorted(values)
    n = len(ordered)
    cumulative, k = 0, 0  # P(B <= k - 1) of B binomial(n, 1/2), as a count of 2**n
    alpha = (1 - level) / 2
    for j in range(n // 2 + 1):
        cumulative += math.comb(n, j)
        if cumulative / 2**n > alpha:
            break
        k = j + 1
    if k == 0:
        return None
    return ordered[k - 1], ordered[n - k]
