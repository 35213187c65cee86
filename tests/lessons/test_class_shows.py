"""Lesson 05's "is gambreng fair?" on the class's own hompimpa shows (issue 23): the exact
binomial test and its power against brute force and scipy, the biased draw against an
independent simulation, the page's figures equal to :mod:`kayalib.stats` on the data, the
sentences that change when the data would, and the entry widget, which sends nothing outside
class mode (the class-mode half is ``tests/tables/test_show_entry.py``)."""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import product
from math import comb

import pytest
from scipy.stats import binom, binomtest

from kayalib.errors import ArgumentError
from kayalib.i18n import Translator, languages
from kayalib.kaya.gambreng import expected_rounds
from kayalib.lessons.classdata import SAMPLE_ROUNDS, SAMPLE_STUDENTS, ClassData
from kayalib.lessons.kit.page import markdown
from kayalib.lessons.l05 import MAX_SHOWS, ClassShows, ShowEntry, show_figures
from kayalib.lessons.maths.gambreng_stats import biased_draw
from kayalib.pages.classroom import URL_ENV
from kayalib.stats import (
    binomial_power,
    binomial_range,
    binomial_test,
    detectable_share,
    wilson_interval,
)
from kayalib.teachers.worksheets import TEMPLATES
from tests.lessons.pages import visible_text

LANGS = list(languages())


def shows(palm: int, back: int) -> list[dict[str, object]]:
    """Shows as the class service gives them: palms first, then backs, rounds 1, 2, ..."""
    return [{"round": k + 1, "gesture": "palm" if k < palm else "back"}
            for k in range(palm + back)]  # fmt: skip


def data(palm: int, back: int, *, sample: bool = False) -> ClassData:
    return ClassData("show", {"shows": shows(palm, back)}, sample=sample)


# ---- the statistics ------------------------------------------------------------------------------


def brute_force_p(k: int, n: int, p: Fraction) -> Fraction:
    """Every sequence of ``n`` trials, weighted: the chance of a count no likelier than ``k``."""
    weight = {j: p**j * (1 - p) ** (n - j) * comb(n, j) for j in range(n + 1)}
    total = Fraction(0)
    for trials in product((0, 1), repeat=n):
        j = sum(trials)
        if weight[j] <= weight[k]:
            total += p**j * (1 - p) ** (n - j)
    return total


@pytest.mark.parametrize("p", [Fraction(1, 2), Fraction(1, 3), Fraction(7, 10)])
def test_the_binomial_test_is_the_brute_force_sum_over_every_sequence(p: Fraction) -> None:
    for n in range(0, 11):
        for k in range(n + 1):
            assert binomial_test(k, n, p) == pytest.approx(float(brute_force_p(k, n, p)),
                                                           rel=1e-12, abs=1e-15)  # fmt: skip


def test_the_binomial_test_agrees_with_scipy() -> None:
    rng = random.Random(5)
    cases = [(120, 240), (170, 240), (131, 240), (0, 1), (3, 3), (9, 10), (1, 600), (310, 600)]
    cases += [(rng.randint(0, n), n) for n in (rng.randint(1, 400) for _ in range(40))]
    for k, n in cases:
        assert binomial_test(k, n) == pytest.approx(binomtest(k, n).pvalue, rel=1e-9, abs=1e-300)
    for k, n, p in ((3, 20, 0.3), (14, 20, 0.3), (50, 90, 0.25)):
        assert binomial_test(k, n, p) == pytest.approx(binomtest(k, n, p).pvalue, rel=1e-7)


def test_bad_counts_are_refused() -> None:
    for k, n, p in ((5, 4, 0.5), (-1, 4, 0.5), (2, 4, 1.5)):
        with pytest.raises(ArgumentError):
            binomial_test(k, n, p)


@pytest.mark.parametrize("n", [1, 5, 6, 10, 37, 240, 500])
def test_the_fair_range_is_where_the_test_does_not_reject(n: int) -> None:
    low, high = binomial_range(n)
    for k in range(n + 1):
        assert (low <= k <= high) == (binomtest(k, n).pvalue >= 0.05), (n, k)
    assert binom.cdf(high, n, 0.5) - binom.cdf(low - 1, n, 0.5) >= 0.95


@pytest.mark.parametrize("n", [6, 24, 240, 500])
def test_the_power_is_the_chance_of_a_rejected_count_and_the_detectable_share_has_80(n) -> None:
    rejected = [k for k in range(n + 1) if binomtest(k, n).pvalue < 0.05]
    for share in (0.5, 0.55, 0.6, 0.7, 0.9):
        assert binomial_power(n, share) == pytest.approx(
            sum(binom.pmf(k, n, share) for k in rejected), abs=1e-9)
    assert binomial_power(n, 0.5) <= 0.05  # a fair coin is rejected at most 1 time in 20
    detect = detectable_share(n)
    assert detect is not None and 0.5 < detect <= 1
    assert binomial_power(n, detect) >= 0.8 > binomial_power(n, detect - 1e-6)


def test_too_few_shows_can_reject_nothing() -> None:
    for n in range(0, 6):  # even 5 palms of 5 give p = 2/32 > 0.05
        assert binomial_range(n) == (0, n) and detectable_share(n) is None
    assert detectable_share(6) is not None


# ---- the biased draw ---------------------------------------------------------------------------


def simulated_first(palm: list[float], draws: int, rng: random.Random) -> list[float]:
    """How often each player goes first, written apart from the kit from the rules: everyone
    still in shows at once (player i palm with chance palm[i]); unanimous or even: again; else
    the less common side leaves; two left play suit, fair."""
    firsts = [0] * len(palm)
    for _ in range(draws):
        left = list(range(len(palm)))
        while len(left) > 2:
            up = [i for i in left if rng.random() < palm[i]]
            down = [i for i in left if i not in up]
            if up and down and len(up) != len(down):
                left = up if len(up) > len(down) else down
        firsts[left[0] if len(left) == 1 else rng.choice(left)] += 1
    return [f / draws for f in firsts]


def test_a_shared_habit_is_fair_and_fair_coins_give_the_lessons_mean() -> None:
    for n in range(1, 8):
        fair = biased_draw([Fraction(1, 2)] * n)
        assert fair.first == (Fraction(1, n),) * n and fair.rounds == expected_rounds(n)
        same = biased_draw([Fraction(7, 10)] * n)
        assert same.first == (Fraction(1, n),) * n
        assert n < 3 or same.rounds > fair.rounds  # more unanimous shows: a longer draw


def test_one_habit_among_fair_coins_changes_nothing_but_copying_the_others_pays() -> None:
    for habit in (0, Fraction(1, 5), 1):  # the others are fair: no habit helps or hurts
        assert biased_draw([habit] + [Fraction(1, 2)] * 3).first[0] == Fraction(1, 4)
    q = Fraction(7, 10)
    follow, against = biased_draw([1, q, q, q]).first, biased_draw([0, q, q, q]).first
    assert follow[0] > Fraction(1, 4) > against[0] and sum(follow) == sum(against) == 1


def test_the_biased_draw_agrees_with_a_simulation_of_the_rules() -> None:
    rng = random.Random(11)
    for palm in ([1.0, 0.7, 0.7, 0.7], [0.0, 0.7, 0.7, 0.7], [0.9, 0.2, 0.5, 0.6, 0.5]):
        exact = biased_draw([Fraction(q).limit_denominator(100) for q in palm]).first
        assert exact is not None
        seen = simulated_first(palm, 20_000, rng)
        for e, s in zip(exact, seen, strict=True):
            assert abs(float(e) - s) < 4 * (float(e) * (1 - float(e)) / 20_000) ** 0.5 + 1e-3


def test_a_draw_that_never_ends_is_said_so() -> None:
    assert biased_draw([1, 1, 1, 1]).rounds is None and biased_draw([0, 0, 0]).first is None
    with pytest.raises(ArgumentError):
        biased_draw([Fraction(3, 2), 0, 0])


# ---- the page's figures and sentences ------------------------------------------------------------


@pytest.mark.parametrize(("palm", "back"), [(120, 120), (170, 70), (131, 109), (2, 1), (6, 0)])
def test_the_figures_are_kayalibs_statistics_on_the_data(palm: int, back: int) -> None:
    figures = show_figures(shows(palm, back))
    n = palm + back
    assert (figures["n"], figures["palm"], figures["back"]) == (n, palm, back)
    assert figures["p"] == binomial_test(palm, n) == pytest.approx(binomtest(palm, n).pvalue)
    assert (figures["low"], figures["high"]) == binomial_range(n)
    assert (figures["share_low"], figures["share_high"]) == wilson_interval(palm, n)
    assert figures["detect"] == detectable_share(n) and figures["share"] == Fraction(palm, n)
    same = biased_draw([Fraction(palm, n)] * 4)
    assert figures["rounds"] == same.rounds


def test_the_sentences_flip_when_the_data_would() -> None:
    fair, biased = show_figures(shows(120, 120)), show_figures(shows(170, 70))
    assert fair["sentences"] == ["l05.shows_no_evidence", "l05.shows_limit_detect",
                                 "l05.shows_independence", "l05.shows_players_even"]
    assert biased["sentences"] == ["l05.shows_evidence", "l05.shows_limit_evidence",
                                   "l05.shows_independence", "l05.shows_players"]
    assert show_figures(shows(4, 1))["sentences"][1] == "l05.shows_limit_powerless"
    assert show_figures(shows(3, 0))["sentences"][3] == "l05.shows_players_one_side"
    backs = show_figures(shows(70, 170))
    assert (backs["more"], backs["less"]) == ("back", "palm") and backs["follow"] > 0.25


@pytest.mark.parametrize("lang", LANGS)
def test_the_page_states_the_figures_and_what_the_test_can_and_cannot_say(lang: str) -> None:
    t = Translator(lang)
    for palm, back in ((120, 120), (170, 70)):
        page = ClassShows(lambda palm=palm, back=back: data(palm, back), lang=lang)
        text = visible_text(page.prose.value)
        figures = page.figures
        assert t.percent(float(figures["share"])) in text
        assert t.number(figures["low"], 0) in text and t.number(figures["high"], 0) in text
        said = (f"p < {t.number(0.001, 3)}" if figures["p"] < 0.001
                else f"p = {t.number(figures['p'], 3)}")  # fmt: skip
        assert said in text and said in page.chart.alt
        evidence = visible_text(markdown(t("l05.shows_evidence").split("{")[0]))
        assert (evidence in text) == (figures["p"] < 0.05)
        if figures["p"] >= 0.05:
            assert t.percent(figures["detect"], 0) in text  # how large a bias it would notice
        else:
            assert t.percent(float(figures["follow"])) in text  # who gains by copying the habit
        assert "<img" in page.chart.value and page.again.layout.display is None  # read again


def test_the_sample_class_is_labelled_as_bots_fair_by_construction() -> None:
    page = ClassShows(lang="en")  # not in class mode: the shipped sample
    assert page.data.sample and page.figures["n"] == SAMPLE_STUDENTS * SAMPLE_ROUNDS
    said = visible_text(page.source.value)
    assert "24 bots, not people" in said and "fair coin by construction" in said
    assert "sample class's bots" in visible_text(page.prose.value)


def test_a_class_without_shows_gets_the_sample_meanwhile_and_can_read_again() -> None:
    answers = [data(0, 0), data(30, 10)]
    page = ClassShows(lambda: answers.pop(0), lang="pl")
    assert page.empty and page.data.sample and page.again.layout.display is None
    assert "nie wpisała jeszcze" in visible_text(page.source.value)
    page.again.click()
    assert not page.empty and not page.data.sample and page.figures["n"] == 40
    assert "wpisano dotąd 40 pokazów" in visible_text(page.source.value)


# ---- the entry widget outside class mode -------------------------------------------------------


def test_outside_class_mode_the_shows_stay_on_the_page(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(URL_ENV, raising=False)
    entry = ShowEntry(lang="id")
    assert not entry.in_class and "tidak dikirim" in entry.mode.value
    entry.palm_button.click()
    entry.back_button.click()
    assert entry.shows == ["palm", "back"] and entry.sent == [False, False]
    assert "Ronde 3" in entry.round_label.value and "disimpan di halaman ini" in entry.status.value
    assert "Aku menunjukkan telapak di ronde 3" == entry.palm_button.tooltip


def test_undo_takes_the_last_show_back_and_nothing_before_it() -> None:
    entry = ShowEntry(lang="en")
    assert entry.undo_button.disabled and "No shows" in entry.mine.value
    for button in (entry.palm_button, entry.palm_button, entry.back_button):
        button.click()
    entry.undo_button.click()
    assert entry.shows == ["palm", "palm"] and "Round 3 (back of hand) taken back" in \
        entry.status.value  # fmt: skip
    assert "Round 3:" in entry.round_label.value and "palm, palm" in entry.mine.value
    entry.undo_button.click()
    entry.undo_button.click()
    entry.undo_button.click()  # nothing left: nothing happens
    assert entry.shows == [] and entry.undo_button.disabled


def test_the_entry_stops_at_its_limit_and_says_so() -> None:
    entry = ShowEntry(lang="pl")
    for _ in range(MAX_SHOWS + 3):
        entry.back_button.click()
    assert len(entry.shows) == MAX_SHOWS and entry.palm_button.disabled
    assert f"Wpisano już {MAX_SHOWS} pokazów" in entry.round_label.value
    assert "Masz 30 pokazów" in entry.mine.value


def test_the_entry_follows_the_language_switch() -> None:
    from kayalib.pages.language import set_language

    entry = ShowEntry()
    entry.palm_button.click()
    set_language("pl")
    assert entry.palm_button.description == "Wnętrze dłoni" and "Runda 2" in \
        entry.round_label.value  # fmt: skip
    assert "Twój pokaz: wnętrze dłoni." in entry.mine.value


# ---- the plan and the worksheet ----------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_the_worksheet_has_a_table_for_ones_shows_and_the_class(lang: str) -> None:
    t = Translator(lang)
    (template,) = TEMPLATES["05"]
    sheet = template(t, False)
    for key in ("sheet_title", "sheet_mine", "sheet_palm", "sheet_back", "sheet_p"):
        assert t(f"p05.{key}") in visible_text(sheet)
    assert sheet.count("<th>") == 11 + 2  # rounds 1 to 10 beside "round"; the class's table
