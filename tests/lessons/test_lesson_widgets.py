"""The generic lesson widgets driven headlessly: stepper, exercise, Deal 1 / Deal 1000,
tournament runner, plots."""

from __future__ import annotations

import math
import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kayalib.draw.charts import (
    bar_chart_png,
    figure_to_png,
    heatmap_png,
    line_chart_png,
    new_figure,
)
from kayalib.errors import ParseError
from kayalib.i18n import Translator
from kayalib.lessons.kit.exercise import Exercise, parse_number
from kayalib.lessons.kit.plots import png_image
from kayalib.lessons.kit.simulator import DealSimulator
from kayalib.lessons.kit.stepper import Step, Stepper
from kayalib.lessons.kit.tournament import TournamentRunner, win_rate_table
from kayalib.stats import WinRate, wilson_interval
from tests.lessons.conftest import PNG, shown_errors

# --------------------------------------------------------------------------- stepper


def steps(n: int) -> list[Step]:
    return [Step(f"title {i}", f"<p>table {i}</p>", f"text {i}") for i in range(n)]


def test_stepper_walks_forward_and_back() -> None:
    stepper = Stepper(steps(3), title="Demo")
    assert stepper.position.value == "Step 1 of 3"
    assert stepper.back_button.disabled and stepper.first_button.disabled
    assert not stepper.next_button.disabled
    stepper.next_button.click()
    stepper.next_button.click()
    assert (
        stepper.index == 2 and "table 2" in stepper.table.value and "text 2" in stepper.text.value
    )
    assert stepper.next_button.disabled and not stepper.back_button.disabled
    stepper.next_button.click()  # already at the end: stays
    assert stepper.index == 2
    stepper.back_button.click()
    assert stepper.position.value == "Step 2 of 3" and "title 1" in stepper.heading.value
    stepper.first_button.click()
    assert stepper.index == 0 and "table 0" in stepper.table.value
    assert shown_errors(stepper) == []


def test_stepper_needs_a_step() -> None:
    with pytest.raises(ValueError):
        Stepper([])


def test_stepper_escapes_titles_but_keeps_table_html() -> None:
    stepper = Stepper([Step("<b>x</b>", "<svg></svg>", "ok")])
    assert "&lt;b&gt;" in stepper.heading.value and stepper.table.value == "<svg></svg>"


# --------------------------------------------------------------------------- exercise


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("0.25", Fraction(1, 4)),
        ("1/4", Fraction(1, 4)),
        ("25%", Fraction(1, 4)),
        (" 0,25 ", Fraction(1, 4)),
        ("3", Fraction(3)),
        ("-1/2", Fraction(-1, 2)),
        (".5", Fraction(1, 2)),
        ("1e-3", Fraction(1, 1000)),
        ("445/1771", Fraction(445, 1771)),
    ],
)
def test_parse_number_reads_what_students_write(text: str, value: Fraction) -> None:
    assert parse_number(text) == value


@pytest.mark.parametrize("text", ["", "abc", "1/0", "1//2", "50 %%", "0.2.5"])
def test_parse_number_refuses_nonsense_with_a_named_error(text: str) -> None:
    with pytest.raises(ParseError):
        parse_number(text)


def make_exercise(**kwargs) -> Exercise:
    return Exercise("Q?", Fraction(43, 138), working="the working", hint="a hint", lang="en",
                    **kwargs)


def test_right_answer_says_right_and_shows_working() -> None:
    ex = make_exercise()
    ex.answer_box.value = "43/138"
    ex.check_button.click()
    assert "Right" in ex.feedback.value and "the working" in ex.feedback.value
    assert ex.solved and ex.attempts == 1
    assert ex.solution.value == ""  # the solution panel stays closed


def test_rounded_decimal_is_accepted_within_tolerance() -> None:
    ex = make_exercise()
    ex.answer_box.value = "0.31"
    ex.check_button.click()
    assert ex.solved


@pytest.mark.parametrize(("given", "direction"), [("0.5", "Too high"), ("0.1", "Too low")])
def test_wrong_answer_says_which_way_and_hides_the_working(given: str, direction: str) -> None:
    ex = make_exercise()
    ex.answer_box.value = given
    ex.check_button.click()
    assert "Not quite" in ex.feedback.value and direction in ex.feedback.value
    assert "a hint" in ex.feedback.value and "the working" not in ex.feedback.value
    assert not ex.solved and ex.solution.value == ""


def test_unreadable_answer_is_explained_not_counted() -> None:
    ex = make_exercise()
    ex.answer_box.value = "about a third"
    ex.check_button.click()
    assert "not a number" in ex.feedback.value and ex.attempts == 0
    assert shown_errors(ex) == []


def test_empty_answer_asks_for_one() -> None:
    ex = make_exercise()
    ex.check_button.click()
    assert "Write an answer" in ex.feedback.value


def test_solution_is_hidden_until_asked() -> None:
    ex = make_exercise()
    assert ex.solution.value == ""
    ex.solution_button.click()
    assert "43/138" in ex.solution.value and "the working" in ex.solution.value
    assert ex.solution_button.disabled


def test_choice_exercise() -> None:
    ex = Exercise("Which?", "b", choices=[("A", "a"), ("B", "b")], working="because", lang="en")
    ex.answer_box.value = "a"
    ex.check_button.click()
    assert "Not quite" in ex.feedback.value
    ex.answer_box.value = "b"
    ex.check_button.click()
    assert "Right" in ex.feedback.value and "because" in ex.feedback.value


def test_choice_answer_must_be_a_choice() -> None:
    with pytest.raises(ValueError):
        Exercise("Which?", "c", choices=[("A", "a"), ("B", "b")], working="")


@settings(max_examples=60, deadline=None)
@given(
    st.fractions(min_value=Fraction(-10), max_value=Fraction(10), max_denominator=500),
    st.floats(min_value=0.001, max_value=0.1),
)
def test_exercise_accepts_exact_and_rejects_far_answers(answer: Fraction, tolerance: float) -> None:
    ex = Exercise("Q", answer, working="w", tolerance=tolerance, rel_tolerance=0)
    assert ex.is_right(str(answer))
    assert ex.is_right(repr(float(answer)))
    assert not ex.is_right(repr(float(answer) + 2 * tolerance))
    assert not ex.is_right(repr(float(answer) - 2 * tolerance))


# --------------------------------------------------------------------------- Deal 1 / Deal 1000


def coin(rng: random.Random) -> tuple[bool, str]:
    heads = rng.random() < 0.25
    return heads, "heads" if heads else "tails"


def test_deal_one_then_many_updates_the_estimate_and_chart() -> None:
    sim = DealSimulator(coin, Fraction(1, 4), event="heads", seed=3, lang="en")
    assert sim.trials == 0 and sim.chart.value == ""  # no broken image before the first deal
    assert "1/4" not in sim.summary.value and "shown after 1000 deals" in sim.summary.value
    sim.deal_one_button.click()
    assert sim.trials == 1 and "#1:" in sim.last_deal.value and "heads" in sim.last_deal.value
    assert "1/4" not in sim.summary.value and not sim.gate.opened  # predict, simulate, exact
    sim.deal_many_button.click()
    assert sim.trials == 1001 and sim.gate.opened and "1/4" in sim.summary.value
    assert "data:image/png;base64," in sim.chart.value and "after 1,001" in sim.chart.alt
    low, high = wilson_interval(round(sim.hits), sim.trials)
    assert low <= 0.25 <= high, "1001 seeded tosses should cover the true value"
    assert f"{sim.estimate:.4f}" in sim.summary.value
    polish = DealSimulator(coin, Fraction(1, 4), event="orzeł", seed=3, lang="pl")
    polish.deal_many_button.click()
    assert f"{polish.estimate:.4f}".replace(".", ",") in polish.summary.value
    assert "przedział ufności 95%" in polish.summary.value
    assert shown_errors(sim) == []


def test_same_seed_same_deals_and_reset_replays() -> None:
    first = DealSimulator(coin, 0.25, seed=9, plot=False)
    second = DealSimulator(coin, 0.25, seed=9, plot=False)
    first.deal(500)
    second.deal(500)
    assert first.hits == second.hits
    hits = first.hits
    first.reset_button.click()
    assert first.trials == 0
    first.deal(500)
    assert first.hits == hits


def test_mean_measure_tracks_a_running_mean() -> None:
    die = DealSimulator(
        lambda rng: (rng.randint(1, 6), "a die"), Fraction(7, 2), measure="mean", verb="hold",
        event="pips", seed=2, lang="en",
    )
    assert die.deal_many_button.description == "Hold 1000"
    die.deal_many_button.click()
    assert abs(die.estimate - 3.5) < 0.2
    assert "mean" in die.summary.value and "95% confidence interval" in die.summary.value
    assert "standard deviation" in die.summary.value and 1.5 < die.spread < 1.9


def test_a_failing_trial_is_shown_in_the_widget() -> None:
    def broken(rng: random.Random) -> tuple[bool, str]:
        raise ParseError("this deal cannot be made")

    sim = DealSimulator(broken, 0.5)
    sim.deal_one_button.click()
    assert any("this deal cannot be made" in text for text in shown_errors(sim))


def test_bad_measure_is_refused() -> None:
    with pytest.raises(ValueError):
        DealSimulator(coin, 0.5, measure="median")


# --------------------------------------------------------------------------- tournaments


def test_win_rate_tables_show_wilson_intervals() -> None:
    t = Translator("en")
    html = win_rate_table(t, ["a", "b"], [WinRate(30, 100), WinRate(70, 100)], "bot")
    low, high = wilson_interval(70, 100)
    assert "70 / 100" in html and f"{t.percent(low)} \u2013 {t.percent(high)}" in html
    with pytest.raises(ValueError):
        win_rate_table(t, ["a"], [WinRate(1, 3), WinRate(2, 3)], "bot")
    with pytest.raises(ValueError):
        WinRate(4, 3)


def test_tournament_runner_with_the_real_blef_engine() -> None:
    from kayalib.lessons.maths.matches import games_won

    runner = TournamentRunner(
        games_won, ["odds", "random"], seats=["odds", "random"], games=20, seed=5,
        lang="en",
    )
    runner.run_button.click()
    assert shown_errors(runner) == []
    assert runner.progress.value == runner.progress.max == 20
    assert runner.progress.bar_style == "success"
    assert "data:image/png;base64," in runner.chart.value
    expected = games_won(["odds", "random"], 20, 5)
    assert [record.wins for record in runner.results] == list(expected)
    assert "Player 1: odds" in runner.table.value and not runner.run_button.disabled
    assert "Player 1: odds" in runner.chart.alt  # the chart's text equivalent


def test_tournament_error_is_shown_and_button_comes_back() -> None:
    from kayalib.lessons.maths.matches import games_won

    runner = TournamentRunner(
        games_won, ["odds", "no-such-bot"], seats=["odds", "odds"], games=10
    )
    runner.seat_boxes[1].value = "no-such-bot"
    runner.run_button.click()
    assert shown_errors(runner) and not runner.run_button.disabled


def test_tournament_needs_two_seats() -> None:
    with pytest.raises(ValueError):
        TournamentRunner(lambda *a: [1], ["x"], seats=["x"])


# --------------------------------------------------------------------------- plots and stats


def test_plots_are_png_bytes_and_reproducible() -> None:
    grid = [[0.1, 0.5], [0.9, math.nan]]
    first = heatmap_png(grid, ["a", "b"], ["1", "2"], title="t", xlabel="x", ylabel="y")
    assert first.startswith(PNG)
    assert first == heatmap_png(grid, ["a", "b"], ["1", "2"], title="t", xlabel="x", ylabel="y")
    line = line_chart_png(
        {"s": ([1, 2], [0.2, 0.3])},
        title="t",
        xlabel="x",
        ylabel="y",
        hlines={"exact": 0.25},
        logx=True,
    )
    bars = bar_chart_png(
        ["a", "b"],
        [0.2, 0.8],
        errors=[(0.1, 0.3), (0.7, 0.9)],
        title="t",
        xlabel="x",
        ylabel="y",
        reference=0.5,
        reference_label="even",
    )
    assert line.startswith(PNG) and bars.startswith(PNG)
    image = png_image(bars, width=300)
    assert bytes(image.value) == bars and image.format == "png" and image.layout.width == "300px"


def test_any_figure_becomes_png() -> None:
    figure = new_figure(2, 2)
    figure.add_subplot().plot([1, 2], [3, 4])
    assert figure_to_png(figure).startswith(PNG)


def test_heatmap_labels_must_match() -> None:
    with pytest.raises(ValueError):
        heatmap_png([[0.1]], ["a", "b"], ["1"], title="t", xlabel="x", ylabel="y")
    with pytest.raises(ValueError):
        heatmap_png([[0.1]], ["a"], ["1", "2"], title="t", xlabel="x", ylabel="y")


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 500), st.integers(1, 500))
def test_wilson_interval_contains_the_estimate(successes: int, trials: int) -> None:
    successes = min(successes, trials)
    low, high = wilson_interval(successes, trials)
    assert 0 <= low <= successes / trials <= high <= 1


def test_wilson_refuses_impossible_counts() -> None:
    with pytest.raises(ValueError):
        wilson_interval(5, 3)


def test_bars_are_as_long_as_the_probability() -> None:
    from kayalib.draw import probability_bars_html

    html = probability_bars_html([("you win", 0.25, True), ("they win", 1.5, False)], title="<t>")
    assert "width:25.0%" in html and "width:100.0%" in html  # clamped to 1
    assert "&lt;t&gt;" in html and "25.0%" in html and "font-weight:bold" in html
