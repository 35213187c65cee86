"""Lesson 05: every figure and claim its prose states, computed and checked here, and the
sentences that follow the data changing when the data would (issue 20: the page said "each
doubling adds a little more than one show" next to +3.33 and +1.76, showed 1/16 as 6.2%, and
said "the running mean settles near the exact value" whatever a student's run showed)."""

from __future__ import annotations

from fractions import Fraction
from math import comb

from kayalib.draw import probability_bars_html
from kayalib.i18n import Translator
from kayalib.kaya.gambreng import expected_rounds
from kayalib.lessons.kit.plots import Chart
from kayalib.lessons.l05 import (
    coverage_chart,
    coverage_figures,
    draw_html,
    fairness_figures,
    gambreng_simulator,
    repeat_table_html,
)
from kayalib.lessons.maths.gambreng_stats import (
    coverage,
    coverage_intervals,
    interval_widths,
    mean_rounds,
    repeat_chance,
)

EN, PL = Translator("en"), Translator("pl")


def test_the_recursion_on_the_page_is_kayalibs() -> None:
    for n in range(1, 12):
        assert mean_rounds(n) == expected_rounds(n)


def test_the_even_split_paragraph_states_what_the_numbers_say() -> None:
    assert comb(4, 2) == 6 and 2**4 == 16  # "6 of the 16 ... are a 2-2 split"
    assert repeat_chance(4) == Fraction(1, 2)  # "half of all shows are wasted"
    assert expected_rounds(4) > expected_rounds(5)  # "4 players need more rounds than 5"
    text = EN("l05.even_split")
    assert "6 of the 16" in text and "half of all shows" in text


def test_a_sixteenth_is_written_by_the_school_rule() -> None:
    assert repeat_chance(5) == Fraction(1, 16)
    assert "6.3%" in repeat_table_html(EN) and "6,3%" in repeat_table_html(PL)
    assert "6.2%" not in repeat_table_html(EN)


def test_the_doubling_claim_is_gone() -> None:
    assert not EN.has("l05.why_grow") and "doubling" not in " ".join(
        EN(key) for key in EN.words if key.startswith("l05."))


def test_the_coverage_picture_marks_every_miss_and_the_sentence_follows_it() -> None:
    intervals = coverage_intervals(4, repeats=100, draws=100, seed=17)
    figures = coverage_figures(intervals, 4)
    exact = float(expected_rounds(4))
    misses = [k for k, (lo, hi) in enumerate(intervals, 1) if not lo <= exact <= hi]
    assert figures["misses"] == len(misses) and figures["hits"] + len(misses) == 100
    chart = Chart()
    coverage_chart(EN, chart, intervals)
    assert chart.value.count("no — a miss") == len(misses)
    assert f"{len(misses)} of 100 intervals" in chart.alt
    assert figures["sentence"] == ("interval_read" if 1 <= len(misses) <= 10
                                   else "interval_read_unusual")  # fmt: skip
    holding = [(exact - 1, exact + 1)] * 100  # a run in which no interval misses
    assert coverage_figures(holding, 4)["sentence"] == "interval_read_unusual"
    one_miss = [(exact + 1, exact + 2)] + holding[1:]
    assert coverage_figures(one_miss, 4)["sentence"] == "interval_read"


def test_about_95_of_the_intervals_hold_the_exact_mean_and_they_narrow_like_root_n() -> None:
    hits = coverage(4, repeats=100, draws=100, seed=17)
    assert 85 <= hits <= 100
    rows = interval_widths(4, (100, 1600), seed=3)
    (_, _, lo1, hi1), (_, _, lo2, hi2) = rows
    assert 2.5 < (hi1 - lo1) / (hi2 - lo2) < 6.5  # 16 times the draws: about 4 times narrower


def test_fairness_is_one_test_and_its_sentence_follows_the_p_value() -> None:
    figures = fairness_figures(5, 10_000, seed=1)
    assert sum(figures["counts"]) == 10_000 and 0 <= figures["p"] <= 1
    assert abs(figures["miss"] - (1 - 0.95**5)) < 1e-12 and 0.22 < figures["miss"] < 0.23
    assert figures["sentence"] == ("fair_test_low" if figures["p"] < 0.05 else "fair_test")
    lows = [seed for seed in range(1, 60) if fairness_figures(5, 2000, seed)["p"] < 0.05]
    assert lows, "some seed gives p < 0.05, and the page says so"
    assert fairness_figures(5, 2000, lows[0])["sentence"] == "fair_test_low"
    assert "fair by construction" in EN("l05.fair_test") + EN("l05.fair_test_low")


def test_the_simulator_shows_the_exact_mean_only_after_the_draws() -> None:
    simulator = gambreng_simulator(4, seed=5, lang="en")
    simulator.deal_one_button.click()
    assert "29/6" not in simulator.summary.value and "shown after 1000 draws" in \
        simulator.summary.value  # fmt: skip
    simulator.deal_many_button.click()
    assert "29/6" in simulator.summary.value
    said = simulator.summary.value
    holds = simulator.holds_exact()
    assert ("holds the exact value" in said) == holds and ("misses" in said) == (not holds)


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
