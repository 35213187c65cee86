"""Lesson 05, gambreng: how many rounds of hompimpa and suit it takes, simulated and then exact
(a recursion), why an even number of players wastes shows, what a 95% confidence interval means
(many intervals at once, the misses marked) and whether the draw is fair (one test for every
player at once). The numbers are :mod:`kayalib.kaya.gambreng_stats`; here they are drawn and
told."""

from __future__ import annotations

import random
from html import escape
from typing import Any

from kayalib.draw.charts import figure_to_png, new_figure, table_html
from kayalib.i18n import Translator
from kayalib.kaya.gambreng import Gambreng, expected_rounds, gambreng, simulate_gambreng
from kayalib.kaya.gambreng_stats import mean_rounds, repeat_chance
from kayalib.lessons.cards import gambreng_html
from kayalib.lessons.kit.plots import Chart
from kayalib.lessons.kit.simulator import DealSimulator
from kayalib.stats import chi_square_uniform, wilson_interval

__all__ = [
    "coverage_chart",
    "coverage_figures",
    "draw_html",
    "fairness_figures",
    "first_counts_html",
    "gambreng_simulator",
    "mean_table_html",
    "repeat_table_html",
]


def draw_html(t: Translator, players: int = 4, seed: int = 7) -> str:
    """One seeded draw, show by show, in the narrator's words, and how many rounds it took."""
    draw = gambreng(players, random.Random(seed))
    names = [t("seat_name", n=seat + 1) for seat in range(players)]
    rounds = t.count("lesson_after_rounds", len(draw.rounds), n=len(draw.rounds))
    return gambreng_html(draw, names, t) + f"<p>{escape(rounds)}</p>"


def _describe(draw: Gambreng):
    def text(t: Translator) -> str:
        kinds = ", ".join(t(f"gambreng_{show.kind}") for show in draw.rounds)
        return t("lesson_draw_shows", shows=kinds)

    return text


def gambreng_simulator(players: int = 4, seed: int = 5, *,
                       lang: str | None = None) -> DealSimulator:  # fmt: skip
    """Hold 1 / Hold 1000 draws of ``players`` players; the running mean, and E(n) after 1000."""

    def trial(rng: random.Random):
        draw = gambreng(players, rng)
        return len(draw.rounds), _describe(draw)

    return DealSimulator(trial, expected_rounds(players), measure="mean", verb="hold",
                         event=lambda t: t("lesson_rounds_for", n=players), seed=seed,
                         lang=lang)  # fmt: skip


def mean_table_html(t: Translator, players: range = range(2, 9)) -> str:
    """E(n) from the recursion shown on the page, beside kayalib's ``expected_rounds``."""
    rows = [[n, f"{mean_rounds(n)}", t.number(float(mean_rounds(n)), 4),
             t.number(float(expected_rounds(n)), 4)] for n in players]  # fmt: skip
    return table_html([t("lesson_players"), "E(n)", "\u2248", t("lesson_kayalib_says")], rows)


def coverage_chart(t: Translator, chart: Chart, intervals: list[tuple[float, float]],
                   players: int = 4, draws: int = 100) -> None:
    """Many 95% confidence intervals, one per sample, stacked; the exact mean as a line; the
    intervals that miss it drawn red, thick and with × at both ends (and listed in the table)."""
    exact = float(expected_rounds(players))
    figure = new_figure(7.0, 5.0)
    axes = figure.add_subplot()
    misses = []
    for k, (low, high) in enumerate(intervals, 1):
        holds = low <= exact <= high
        if not holds:
            misses.append(k)
        axes.plot([low, high], [k, k], color="#1f77b4" if holds else "#c62828",
                  linewidth=1.2 if holds else 2.6, marker=None if holds else "x",
                  markersize=6)  # fmt: skip
    axes.axvline(exact, linestyle="--", color="black", linewidth=1,
                 label=t("l05.coverage_exact", exact=t.number(exact, 3)))  # fmt: skip
    axes.plot([], [], color="#c62828", linewidth=2.6, marker="x", label=t("l05.coverage_miss"))
    axes.set_xlabel(t("l05.coverage_x"))
    axes.set_ylabel(t("l05.coverage_y", draws=t.number(draws, 0)))
    axes.set_title(t.count("l05.coverage_title", len(intervals), n=len(intervals)))
    axes.set_ylim(0, len(intervals) + 1)
    axes.legend(loc="upper right", fontsize=8)
    axes.grid(True, axis="x", alpha=0.3)
    rows = [[k, t.number(low, 2), t.number(high, 2),
             t("l05.coverage_missed") if k in misses else t("l05.coverage_held")]
            for k, (low, high) in enumerate(intervals, 1)]  # fmt: skip
    table = table_html([t("l05.coverage_sample"), t("l05.coverage_low"), t("l05.coverage_high"),
                        t("l05.coverage_holds")], rows)  # fmt: skip
    alt = t.count("l05.coverage_alt", len(misses), misses=len(misses), n=len(intervals),
                  exact=t.number(exact, 3))  # fmt: skip
    chart.draw(figure_to_png(figure, t.lang), alt, table, t("lesson_chart_as_table"))


def coverage_figures(intervals: list[tuple[float, float]], players: int = 4) -> dict[str, Any]:
    """What the picture of many intervals shows: how many hold the exact mean, how many miss it,
    and the sentence that fits (``interval_read`` when the misses are as usual, 1 to 10 of 100,
    else ``interval_read_unusual``)."""
    exact = expected_rounds(players)
    hits = sum(low <= float(exact) <= high for low, high in intervals)
    misses = len(intervals) - hits
    usual = 0.01 * len(intervals) <= misses <= 0.10 * len(intervals)
    return {"hits": hits, "misses": misses, "repeats": len(intervals),
            "share": hits / len(intervals), "exact": exact,
            "sentence": "interval_read" if usual else "interval_read_unusual"}  # fmt: skip


def repeat_table_html(t: Translator, players: range = range(3, 9)) -> str:
    """P(a show is repeated) for ``players`` players: unanimous or an even split."""
    rows = []
    for n in players:
        repeat = repeat_chance(n)
        rows.append([n, f"{repeat.numerator}/{repeat.denominator}", t.percent(float(repeat))])
    return table_html([t("lesson_players"), t("lesson_p_repeat"), "%"], rows)


def fairness_figures(players: int = 5, draws: int = 10_000, seed: int = 1) -> dict[str, Any]:
    """How often each seat went first in ``draws`` seeded draws, and one chi-square test of all
    of them at once (``counts``, ``statistic``, ``p``, ``fair_share``; ``miss``: the chance
    that at least one of the ``players`` intervals misses a fair share; ``sentence``: the page's
    sentence for this ``p``)."""
    counts = list(simulate_gambreng(players, draws, seed=seed).first_counts)
    statistic, p = chi_square_uniform(counts)
    return {"counts": counts, "statistic": statistic, "p": p, "fair_share": 1 / players,
            "players": players, "draws": draws, "miss": 1 - 0.95**players,
            "sentence": "fair_test_low" if p < 0.05 else "fair_test"}  # fmt: skip


def first_counts_html(t: Translator, figures: dict[str, Any]) -> str:
    """How often each seat went first, with 95% confidence intervals (:func:`fairness_figures`)."""
    draws = int(figures["draws"])
    rows = []
    for seat, count in enumerate(figures["counts"]):  # type: ignore[arg-type]
        low, high = wilson_interval(count, draws)
        rows.append([t("seat_name", n=seat + 1), t.number(count, 0), t.percent(count / draws),
                     f"{t.percent(low)} \u2013 {t.percent(high)}"])  # fmt: skip
    return table_html([t("lesson_player"), t("lesson_first"), t("lesson_share"),
                       t("lesson_interval95")], rows)  # fmt: skip
