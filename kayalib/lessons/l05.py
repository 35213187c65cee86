"""Lesson 05, gambreng: how many rounds of hompimpa and suit it takes, simulated and exact, with
the spread of the rounds, what a 95% interval means and how it narrows like 1/√n. The numbers
are :mod:`kayalib.kaya.gambreng_stats`; here they are drawn and told."""

from __future__ import annotations

import math
import random
from collections import Counter
from html import escape

from kayalib.draw.charts import bar_chart_png, line_chart_png, table_html
from kayalib.i18n import Translator
from kayalib.kaya.gambreng import Gambreng, expected_rounds, gambreng, simulate_gambreng
from kayalib.kaya.gambreng_stats import (
    doubling_rows,
    mean_rounds,
    repeat_chance,
    spread_figures,
)
from kayalib.lessons.cards import gambreng_html
from kayalib.lessons.kit.plots import Chart
from kayalib.lessons.kit.simulator import DealSimulator
from kayalib.stats import wilson_interval

__all__ = [
    "doubling_html",
    "draw_html",
    "first_counts_html",
    "gambreng_simulator",
    "mean_table_html",
    "repeat_table_html",
    "rounds_chart",
    "spread_chart",
    "widths_html",
]


def draw_html(t: Translator, players: int = 4, seed: int = 7) -> str:
    """One seeded draw, show by show, in the narrator's words, and how many rounds it took."""
    draw = gambreng(players, random.Random(seed))
    names = [t("seat_name", n=seat + 1) for seat in range(players)]
    rounds = t("lesson_after_rounds", n=len(draw.rounds))
    return gambreng_html(draw, names, t) + f"<p>{escape(rounds)}</p>"


def _describe(draw: Gambreng):
    def text(t: Translator) -> str:
        kinds = ", ".join(t(f"gambreng_{show.kind}") for show in draw.rounds)
        return t("lesson_draw_shows", shows=kinds)

    return text


def gambreng_simulator(players: int = 4, seed: int = 5, *,
                       lang: str | None = None) -> DealSimulator:  # fmt: skip
    """Hold 1 / Hold 1000 draws of ``players`` players; the running mean against E(n)."""

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


def rounds_chart(t: Translator, chart: Chart, draws: int = 1000, seed: int = 1) -> None:
    """Simulated (``draws`` each) and exact mean rounds for 2..10 players."""
    players = list(range(2, 11))
    simulated = [simulate_gambreng(n, draws, seed=seed).mean_rounds for n in players]
    exact = [float(expected_rounds(n)) for n in players]
    sim_label = t("lesson_simulated_draws", n=t.number(draws, 0))
    series = {sim_label: (players, simulated), t("lesson_exact_value"): (players, exact)}
    png = line_chart_png(series,
                         title=t("lesson_mean_rounds_title"), xlabel=t("lesson_players"),
                         ylabel=t("lesson_rounds_axis"), lang=t.lang)  # fmt: skip
    table = table_html([t("lesson_players"), sim_label, t("lesson_exact_value")],
                       [[n, t.number(s, 2), t.number(e, 2)]
                        for n, s, e in zip(players, simulated, exact, strict=True)])  # fmt: skip
    alt = t("lesson_mean_rounds_alt", low=t.number(exact[0], 2), high=t.number(exact[-1], 2))
    chart.draw(png, alt, table, t("lesson_chart_as_table"))


def spread_chart(t: Translator, chart: Chart, sample: list[int], players: int = 4) -> None:
    """A bar chart of how often each number of rounds came up (with its table)."""
    counts = Counter(sample)
    n, figures = len(sample), spread_figures(sample)
    values = list(range(1, int(figures["longest"]) + 1))
    png = bar_chart_png([str(v) for v in values], [counts[v] / n for v in values],
                        title=t("lesson_spread_title", players=players, n=t.number(n, 0)),
                        xlabel=t("lesson_rounds_axis"),
                        ylabel=t("lesson_share_of_draws"), lang=t.lang)  # fmt: skip
    table = table_html([t("lesson_rounds_axis"), t("lesson_draws"), t("lesson_share_of_draws")],
                       [[v, counts[v], t.percent(counts[v] / n)] for v in values])  # fmt: skip
    alt = t("lesson_spread_alt", mean=t.number(figures["mean"], 2),
            sd=t.number(figures["sd"], 2), longest=int(figures["longest"]))  # fmt: skip
    chart.draw(png, alt, table, t("lesson_chart_as_table"))


def widths_html(t: Translator, rows: list[tuple[int, float, float, float]]) -> str:
    """The 95% intervals of :func:`interval_widths` as a table with their widths."""
    return table_html([t("lesson_draws"), t("lesson_mean"), t("lesson_interval95"),
                       t("lesson_width")],
                      [[t.number(n, 0), t.number(m, 3),
                        f"{t.number(lo, 3)} \u2013 {t.number(hi, 3)}", t.number(hi - lo, 3)]
                       for n, m, lo, hi in rows])  # fmt: skip


def doubling_html(t: Translator) -> str:
    rows = [[n, t.number(e, 2), "\u2014" if math.isnan(d) else "+" + t.number(d, 2)]
            for n, e, d in doubling_rows()]  # fmt: skip
    return table_html([t("lesson_players"), "E(n)", t("lesson_more_than_half")], rows)


def repeat_table_html(t: Translator, players: range = range(3, 9)) -> str:
    """P(a show is repeated) for ``players`` players: unanimous or an even split."""
    rows = []
    for n in players:
        repeat = repeat_chance(n)
        rows.append([n, f"{repeat.numerator}/{repeat.denominator}", t.percent(float(repeat))])
    return table_html([t("lesson_players"), t("lesson_p_repeat"), "%"], rows)


def first_counts_html(t: Translator, players: int = 5, draws: int = 10_000, seed: int = 1) -> str:
    """How often each seat went first in ``draws`` seeded draws, with 95% intervals."""
    result = simulate_gambreng(players, draws, seed=seed)
    rows = []
    for seat, count in enumerate(result.first_counts):
        low, high = wilson_interval(count, draws)
        rows.append([t("seat_name", n=seat + 1), t.number(count, 0), t.percent(count / draws),
                     f"{t.percent(low)} \u2013 {t.percent(high)}"])  # fmt: skip
    return table_html([t("lesson_player"), t("lesson_first"), t("lesson_share"),
                       t("lesson_interval95")], rows)  # fmt: skip
