"""Lesson 07's ladder: each engine bot heads-up against the one below it, judged by intervals
against the exact 50% of two equally strong bots."""

from __future__ import annotations

from kayalib.i18n import Translator
from kayalib.lessons.l07 import LADDER, STEPS, LadderSteps, step_sentence
from kayalib.lessons.maths.matches import heads_up_games
from kayalib.stats import WinRate, wilson_interval
from tests.lessons.conftest import shown_errors

EN = Translator("en")


def test_the_steps_climb_the_engine_ladder() -> None:
    assert LADDER == ("random", "honest", "odds", "bayes")
    assert [step for step in STEPS if step[0] in LADDER] == [
        (LADDER[i + 1], LADDER[i]) for i in range(len(LADDER) - 1)]
    assert STEPS[-1] == ("cfr", "bayes")


def test_a_step_is_judged_by_its_interval_against_one_half() -> None:
    assert "is the stronger bot" in step_sentence(EN, "odds", "honest", WinRate(90, 100))
    assert "honest is the stronger" in step_sentence(EN, "odds", "honest", WinRate(20, 100))
    assert "cannot tell" in step_sentence(EN, "odds", "honest", WinRate(6, 10))
    pl, low = Translator("pl"), wilson_interval(40, 40)[0]
    assert "," in pl.percent(low) and pl.percent(low) in step_sentence(pl, "odds", "honest",
                                                                       WinRate(40, 40))


def test_playing_the_ladder_shows_one_computed_sentence_per_step() -> None:
    widget = LadderSteps(games=5, seed=3, lang="en")
    wins, played = widget.run()
    assert played == 10 and len(wins) == len(STEPS) and widget.gate.opened
    assert widget.progress.value == widget.progress.max == 10 * len(STEPS)
    assert wins[0] == heads_up_games("honest", "random", 5, 3)[0]  # the same seeded games
    text = widget.verdicts.value
    assert text.count("<li>") == len(STEPS) and "bayes won" in text and "cfr won" in text
    assert "honest against random" in widget.table.value and "img" in widget.chart.value
    widget.set_language("id")
    assert "melawan" in widget.table.value
    assert shown_errors(widget) == []
