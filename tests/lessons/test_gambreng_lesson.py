"""Lesson 05: the recursion shown on the page, the spread of the rounds, what 95% means, the
1/sqrt(n) narrowing and the doubling figures, each computed (and checked here)."""

from __future__ import annotations

from fractions import Fraction

from kayalib.draw import probability_bars_html
from kayalib.i18n import Translator
from kayalib.kaya.gambreng import expected_rounds
from kayalib.kaya.gambreng_stats import (
    coverage,
    doubling_rows,
    interval_widths,
    mean_rounds,
    rounds_sample,
    spread_figures,
)
from kayalib.lessons.kit.page import Code
from kayalib.lessons.kit.plots import Chart, LiveChart
from kayalib.lessons.l05 import draw_html, gambreng_simulator, spread_chart

EN, PL = Translator("en"), Translator("pl")


def test_the_recursion_on_the_page_is_kayalibs() -> None:
    for n in range(1, 12):
        assert mean_rounds(n) == expected_rounds(n)
    shown = Code(mean_rounds).source
    assert shown.startswith("def mean_rounds(n):") and '"""' not in shown


def test_one_more_show_per_doubling_only_for_large_groups() -> None:
    """Issue 10: the old page said "about one more show each time the group doubles"."""
    rows = doubling_rows()
    extra = [d for _, _, d in rows[1:]]
    assert extra[0] > 3 and all(a > b for a, b in zip(extra, extra[1:], strict=False))
    assert 1 < extra[-1] < 1.25
    text = EN("l05.why_grow")
    assert "{d4:2}" in text and "{d64:2}" in text and "only for large groups" in text


def test_the_spread_and_its_chart_have_a_text_equivalent() -> None:
    sample = rounds_sample(4, 500, seed=11)
    figures = spread_figures(sample)
    assert abs(figures["mean"] - float(expected_rounds(4))) < 0.5 and figures["sd"] > 1.5
    assert 0.9 < figures["within"] < 1 and figures["longest"] == max(sample)
    chart = Chart()
    spread_chart(PL, chart, sample)
    assert "odchylenie standardowe" in chart.alt and "<table" in chart.value
    live = LiveChart(lambda t, c: spread_chart(t, c, sample), lang="en")
    assert "standard deviation" in live.alt


def test_about_95_of_the_intervals_hold_the_exact_mean_and_they_narrow_like_root_n() -> None:
    hits = coverage(4, repeats=100, draws=100, seed=17)
    assert 85 <= hits <= 100
    rows = interval_widths(4, (100, 1600), seed=3)
    (_, _, lo1, hi1), (_, _, lo2, hi2) = rows
    assert 2.5 < (hi1 - lo1) / (hi2 - lo2) < 6.5  # 16 times the draws: about 4 times narrower


def test_a_draw_is_told_in_the_narrators_words_with_seats_from_one() -> None:
    text = draw_html(EN, 4, 7)
    assert "Player 1" in text and "seat 0" not in text and "plays first" in text
    simulator = gambreng_simulator(4, seed=5, lang="id")
    simulator.deal_one_button.click()
    assert "undian:" in simulator.last_deal.value and "hompimpa" in simulator.last_deal.value
    assert simulator.exact == Fraction(29, 6)


def test_colour_is_never_the_only_signal_of_a_marked_bar() -> None:
    html = probability_bars_html([("a", 0.5, True), ("b", 0.25, False)], percent=PL.percent)
    assert html.count("\u2605") == 1 and "50,0%" in html
