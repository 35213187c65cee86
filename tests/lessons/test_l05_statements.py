"""Lesson 05's sentences say what their numbers show: the 95% interval's real coverage (close
to 95%, lopsided), a test's power as "at least 80 times in 100", "consistent with a fair draw",
and a guess box that asks for a number of rounds."""

from __future__ import annotations

from kayalib.i18n import Translator
from kayalib.kaya.gambreng import expected_rounds
from kayalib.lessons.kit.predict import Prediction
from kayalib.lessons.maths.gambreng_stats import coverage_intervals, coverage_shares
from kayalib.pages.language import fill

EN = Translator("en")


def test_the_intervals_real_coverage_is_counted_and_its_sentence_follows_it() -> None:
    shares = coverage_shares()
    exact = float(expected_rounds(4))
    intervals = coverage_intervals(4, shares["repeats"], shares["draws"], 29)
    below = sum(high < exact for _, high in intervals) / len(intervals)
    above = sum(low > exact for low, _ in intervals) / len(intervals)
    assert (shares["below"], shares["above"]) == (below, above)
    assert abs(shares["hit"] - (1 - below - above)) < 1e-12
    assert 0.93 < shares["hit"] < 0.95 and below > 2 * above  # short of 95%, and lopsided
    assert shares["sentence"] == "coverage_real_lopsided"
    said = fill(EN, EN(f"l05.{shares['sentence']}"), **shares)
    assert f"{EN.percent(shares['hit'])} of the time" in said and "lopsided" in said
    even = {**shares, "below": 0.025, "above": 0.024}
    assert "lopsided" not in fill(EN, EN("l05.coverage_real_even"), **even)


def test_the_wording_claims_no_more_than_the_test_shows() -> None:
    for lang, words in (("en", "at least 80 times in 100"), ("id", "paling sedikit 80 dari 100"),
                        ("pl", "co najmniej w 80 przypadkach na 100")):  # fmt: skip
        t = Translator(lang)
        assert words in t("l05.shows_limit_detect") and "80" in t("l05.shows_limit_detect")
    assert "consistent with a fair draw" in EN("l05.fair_test")
    assert "just what a fair draw gives" not in EN("l05.fair_test")
    for lang in ("en", "id", "pl"):
        assert "expected_rounds" not in Translator(lang)("l05.recursion")


def test_the_guess_box_for_a_number_of_rounds_asks_for_rounds() -> None:
    guess = Prediction("How many rounds?", exact=expected_rounds(4), lang="en",
                       placeholder=lambda t: t("l05.guess_rounds"))  # fmt: skip
    assert "4.5" in guess.answer_box.placeholder and "30%" not in guess.answer_box.placeholder
    share = Prediction("How likely?", exact=0.25, lang="pl")
    assert share.answer_box.placeholder == Translator("pl")("lesson_prediction_placeholder")
    guess.set_language("pl")
    assert "4,5" in guess.answer_box.placeholder


def test_the_plan_says_the_means_zig_zag() -> None:
    """Plan 05 used to say the increments shrink; they zig-zag (4.83, 4.57, 6.28, 5.92...)."""
    from kayalib.teachers.plans import Plan

    five = Plan("05").figures
    assert five["e4"] > five["e5"] < five["e6"]
    said = Plan("05").text(EN, "misconceptions")
    assert "zig-zags" in said and "shrink" not in said.split("\n")[0]


def test_a_negative_coin_value_is_drawn_with_a_real_minus() -> None:
    from kayalib.draw.cards import kaya_card_svg

    drawn = kaya_card_svg("yellow", 2, -1)
    assert "\u22121" in drawn and ">-1<" not in drawn
