"""The Beta posterior of :mod:`kayalib.stats` against exact brute force (whole-number parameters:
the Beta CDF is a binomial tail, and P(X > Y) is the integral of a polynomial, both summed in
fractions) and against scipy (a test-only dependency)."""

from __future__ import annotations

from fractions import Fraction
from math import comb

import pytest

from kayalib.errors import ArgumentError
from kayalib.stats import BetaPosterior, beta_cdf

scipy_stats = pytest.importorskip("scipy.stats")

CASES = [(1, 1), (2, 5), (4, 8), (1, 30), (30, 1), (226, 452), (60, 7), (1, 677)]


def exact_cdf(x: Fraction, a: int, b: int) -> Fraction:
    """I_x(a, b) = P(Binomial(a + b − 1, x) ≥ a), in fractions."""
    n = a + b - 1
    return sum((comb(n, j) * x**j * (1 - x) ** (n - j) for j in range(a, n + 1)), Fraction(0))


def _poly_mul(p: list[Fraction], q: list[Fraction]) -> list[Fraction]:
    out = [Fraction(0)] * (len(p) + len(q) - 1)
    for i, u in enumerate(p):
        for j, v in enumerate(q):
            out[i + j] += u * v
    return out


def _power(p: list[Fraction], n: int) -> list[Fraction]:
    out = [Fraction(1)]
    for _ in range(n):
        out = _poly_mul(out, p)
    return out


def exact_prob_above(a: int, b: int, c: int, d: int) -> Fraction:
    """P(X > Y), X ~ Beta(a, b), Y ~ Beta(c, d): ∫ f_X(x) F_Y(x) dx with F_Y a polynomial."""
    one_minus = [Fraction(1), Fraction(-1)]
    density = [Fraction(0)] * (a - 1) + _power(one_minus, b - 1)  # x^(a−1) (1 − x)^(b−1)
    density = [v * a * comb(a + b - 1, a) for v in density]  # ÷ B(a, b)
    n = c + d - 1
    cdf = [Fraction(0)]
    for j in range(c, n + 1):  # F_Y(x) = Σ C(n, j) x^j (1 − x)^(n − j)
        term = [Fraction(0)] * j + [comb(n, j) * v for v in _power(one_minus, n - j)]
        cdf = [u + v for u, v in zip(cdf + [Fraction(0)] * (len(term) - len(cdf)),
                                     term + [Fraction(0)] * (len(cdf) - len(term)), strict=True)]
    product = _poly_mul(density, cdf)
    return sum((v / (k + 1) for k, v in enumerate(product)), Fraction(0))


@pytest.mark.parametrize(("a", "b"), CASES)
def test_the_cdf_is_the_binomial_tail_and_scipys(a: int, b: int) -> None:
    for x in (Fraction(1, 100), Fraction(1, 4), Fraction(1, 3), Fraction(1, 2), Fraction(9, 10)):
        if a + b < 60:
            assert beta_cdf(float(x), a, b) == pytest.approx(float(exact_cdf(x, a, b)), abs=1e-12)
        assert beta_cdf(float(x), a, b) == pytest.approx(scipy_stats.beta.cdf(float(x), a, b),
                                                         abs=1e-12)  # fmt: skip


@pytest.mark.parametrize(("a", "b"), CASES)
def test_the_interval_mean_and_density_are_scipys(a: int, b: int) -> None:
    post = BetaPosterior(a, b)
    low, high = post.interval()
    assert low == pytest.approx(scipy_stats.beta.ppf(0.025, a, b), abs=1e-9)
    assert high == pytest.approx(scipy_stats.beta.ppf(0.975, a, b), abs=1e-9)
    assert post.cdf(high) - post.cdf(low) == pytest.approx(0.95, abs=1e-9)
    assert post.mean == pytest.approx(scipy_stats.beta.mean(a, b))
    for x in (0.01, 0.3, 0.5, 0.97):
        assert post.density(x) == pytest.approx(scipy_stats.beta.pdf(x, a, b), rel=1e-9, abs=1e-300)


def test_a_flat_prior_adds_one_to_each_count() -> None:
    assert BetaPosterior.of(225, 676) == BetaPosterior(226, 452)
    assert BetaPosterior.of(0, 0) == BetaPosterior(1, 1)
    assert BetaPosterior.of(3, 10, prior=(2, 2)) == BetaPosterior(5, 9)
    for bad in ((5, 4), (-1, 3), (1, -1)):
        with pytest.raises(ArgumentError):
            BetaPosterior.of(*bad)
    with pytest.raises(ArgumentError):
        BetaPosterior(2, 2).quantile(1.5)
    with pytest.raises(ArgumentError):
        beta_cdf(0.5, 0, 1)


@pytest.mark.parametrize(("mine", "other"), [((4, 8), (31, 71)), ((1, 1), (1, 1)),
                                             ((3, 2), (2, 9)), ((12, 5), (7, 7)),
                                             ((226, 452), (37, 148))])  # fmt: skip
def test_the_chance_one_rate_is_above_the_other_is_the_exact_integral(mine, other) -> None:
    got = BetaPosterior(*mine).prob_above(BetaPosterior(*other))
    if sum(mine) + sum(other) < 60:
        assert got == pytest.approx(float(exact_prob_above(*mine, *other)), abs=1e-12)
    else:  # too big to expand in fractions here: scipy's quadrature
        from scipy import integrate

        def integrand(x: float) -> float:
            return scipy_stats.beta.pdf(x, *mine) * scipy_stats.beta.cdf(x, *other)

        area, _error = integrate.quad(integrand, 0, 1, points=[0.2, 0.33], limit=200)
        assert got == pytest.approx(area, abs=1e-8)
    reverse = BetaPosterior(*other).prob_above(BetaPosterior(*mine))
    assert got + reverse == pytest.approx(1.0, abs=1e-12)  # continuous: never equal
