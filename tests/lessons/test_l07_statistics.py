"""Lesson 07's conclusions are worded as strongly as its data allow: one test declared before
the shipped games were played (the heaviest bluffer against ``odds`` on the same deals), its
p-value computed here again from the recorded winners, and each sentence pinned to what it
computes (and changing when the data would)."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

from kayalib.errors import ArgumentError
from kayalib.i18n import Translator
from kayalib.lessons import l07
from kayalib.lessons.maths.experiments import Experiment, Result, paired, shipped
from kayalib.stats import PairedDifference, binomial_test

EN = Translator("en")


def by_hand(against: str, bot: str) -> tuple[float, float, int, int]:
    """``(difference, exact p, games only the bot won, games only odds won)`` from the
    recorded winners: game ``i`` of both experiments was dealt from the same seed."""
    mine, base = shipped()[f"{bot} v {against}"].winners, shipped()[f"odds v {against}"].winners
    only = sum(a == "0" and b != "0" for a, b in zip(mine, base, strict=True))
    other = sum(b == "0" and a != "0" for a, b in zip(mine, base, strict=True))
    n = len(mine)
    # the exact two-sided binomial test of a fair coin on the games only one of them won
    k, m = only, only + other
    weights = [math.comb(m, j) for j in range(m + 1)]
    p = float(Fraction(sum(w for w in weights if w <= weights[k]), 2**m))
    return (mine.count("0") - base.count("0")) / n, p, only, other


@pytest.mark.parametrize("against", ["odds", "believer"])
def test_the_declared_test_is_recomputed_from_the_recorded_winners(against: str) -> None:
    test = l07.bluff_test(against)
    diff, p, only, other = by_hand(against, l07.DECLARED)
    assert test["diff"] == pytest.approx(diff) and test["p"] == pytest.approx(p, rel=1e-9)
    assert test["evidence"] == ("strong" if p < 0.001 else "moderate" if p < 0.01 else
                                "weak" if p < 0.05 else "none")  # fmt: skip
    pair = paired(shipped()[f"{l07.DECLARED} v {against}"], shipped()[f"odds v {against}"])
    assert (pair.first_only, pair.second_only) == (only, other)


def test_against_the_believer_the_evidence_is_weak_and_two_bluffers_cannot_be_told_apart() -> None:
    test = l07.bluff_test("believer")
    diff, p, _, _ = by_hand("believer", l07.DECLARED)
    assert 0.01 <= p < 0.05 and diff > 0  # what the shipped games show
    said = l07.test_sentence(EN, test)
    assert said.startswith("Weak evidence that bluffer 60% wins more often than *odds*")
    assert f"about {EN.number(diff * 100, 1)} percentage points more" in said
    assert f"p = {EN.number(p, 3)}" in said
    assert "bluffer 10% and bluffer 30% cannot be told from *odds*" in said
    for bot, _diff, low, high in test["rows"]:  # simultaneous intervals: three at once
        assert low < 0 < high, bot


def test_against_odds_every_bluffer_loses_with_strong_evidence() -> None:
    test = l07.bluff_test("odds")
    said = l07.test_sentence(EN, test)
    assert test["evidence"] == "strong" and test["direction"] == "less"
    assert said.startswith("Strong evidence that bluffer 60% wins less often than *odds*")
    assert "p < 0.001" in said and "bluffer 10% and bluffer 30% won less often" in said
    assert l07.verdict_of(test) == "less" and l07.verdict_of(l07.bluff_test("believer")) == "more"


def test_the_sentence_follows_the_data() -> None:
    """Had the declared test found nothing, the page would say so, whatever the others show."""
    test = {**l07.bluff_test("believer"), "p": 0.2, "evidence": "none"}
    said = l07.test_sentence(EN, test)
    assert said.startswith("No evidence that bluffer 60% wins more or less often")
    assert l07.verdict_of(test) == "same"
    pl = l07.test_sentence(Translator("pl"), {**test, "around": ["bluffer 10%"]})
    assert "pkt proc." in pl and "nie da się odróżnić" in pl


def test_a_paired_comparison_needs_the_same_deals() -> None:
    one = Result(Experiment(("odds", "random"), games=2, seed=1), "0101")
    other = Result(Experiment(("random", "odds"), games=2, seed=2), "0101")
    with pytest.raises(ArgumentError, match="same deals"):
        paired(one, other)
    pair = PairedDifference.of([True, False, True], [False, False, True])
    assert (pair.diff, pair.p) == (pytest.approx(1 / 3), binomial_test(1, 1))
    low, high = pair.interval()
    assert low < pair.diff < high


def test_the_ladder_and_the_table_say_what_the_shipped_table_shows() -> None:
    figures = l07.table_figures()
    top = figures["first"]
    rate = figures["wins"][top] / figures["games"]
    assert top == "bayes" and 0.5 < rate < 0.9  # most of the games, not nearly every one
    text = EN("l07.ladder_steps").format(top=top, top_rate=rate)
    assert "nearly every" not in text and "every bot in every seat" not in EN("l07.table")


def test_odds_makes_no_random_bluffs_yet_lesson_08_counts_some_of_its_bids_as_bluffs() -> None:
    from kayalib.lessons.classdata import shipped_sample
    from kayalib.lessons.maths.bluff_rate import bot_counts

    count = bot_counts(shipped_sample("play").data)["odds"]
    share = l07.odds_bluff_share()
    assert share == count.bluffs / count.bids and 0.1 < share < 0.3
    assert l07.conclusion()["odds_bluffs"] == share
