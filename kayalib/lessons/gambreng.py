"""Lesson 05: how many rounds of gambreng it takes, simulated and exact, with the spread of the
rounds, what a 95% interval means and how it narrows like 1/√n."""

from __future__ import annotations

import math
import random
from collections import Counter
from fractions import Fraction
from math import comb

from kayalib.draw.charts import bar_chart_png, line_chart_png, table_html
from kayalib.i18n import Translator
from kayalib.kaya.gambreng import Gambreng, expected_rounds, gambreng, simulate_gambreng
from kayalib.lessons._widgets import escape
from kayalib.lessons.montecarlo import DealSimulator
from kayalib.lessons.plots import Chart
from kayalib.lessons.stats import wilson_interval
from kayalib.words import KayaWords

__all__ = [
    "coverage",
    "doubling_rows",
    "draw_html",
    "first_counts_html",
    "gambreng_simulator",
    "interval_widths",
    "mean_rounds",
    "mean_table_html",
    "repeat_table_html",
    "rounds_chart",
    "rounds_sample",
    "spread_chart",
    "spread_figures",
    "widths_html",
]


def mean_rounds(n):
    if n == 1:
        return Fraction(0)
    if n == 2:
        return Fraction(3, 2)
    repeat, rest = Fraction(0), Fraction(0)
    for up in range(n + 1):
        p = Fraction(comb(n, up), 2**n)
        if up in (0, n) or 2 * up == n:
            repeat += p
        else:
            rest += p * mean_rounds(max(up, n - up))
    return (1 + rest) / (1 - repeat)


mean_rounds.__doc__ = """E(n), the mean number of gambreng rounds for ``n`` players (the recursion
of lesson 05, short enough to show on the page; ``kayalib.kaya.expected_rounds`` agrees)."""


def draw_html(t: Translator, players: int = 4, seed: int = 7) -> str:
    """One seeded draw, show by show, in the narrator's words."""
    draw = gambreng(players, random.Random(seed))
    words = KayaWords(t)
    items = []
    for number, show in enumerate(draw.rounds, 1):
        kind, shows, result = words.show_text(show)
        items.append(f"<li>{escape(t('lesson_show_n', n=number))} ({escape(kind)}): "
                     f"{escape(shows)} \u2192 {escape(result)}</li>")  # fmt: skip
    first = t("gambreng_first", player=words.seat(draw.first))
    rounds = t("lesson_after_rounds", n=len(draw.rounds))
    return f"<ol>{''.join(items)}</ol><p><b>{escape(first)}</b> {escape(rounds)}</p>"


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


def rounds_sample(players: int = 4, draws: int = 2000, seed: int = 11) -> list[int]:
    """The number of rounds of ``draws`` seeded draws."""
    rng = random.Random(seed)
    return [len(gambreng(players, rng).rounds) for _ in range(draws)]


def spread_figures(sample: list[int]) -> dict[str, float]:
    """Mean, standard deviation, longest draw and the share within two deviations of the mean."""
    n = len(sample)
    mean = sum(sample) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in sample) / (n - 1))
    within = sum(1 for x in sample if abs(x - mean) <= 2 * sd) / n
    return {"mean": mean, "sd": sd, "longest": max(sample), "within": within}


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


def _mean_interval(sample: list[int]) -> tuple[float, float]:
    n = len(sample)
    mean = sum(sample) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in sample) / (n - 1))
    half = 1.96 * sd / math.sqrt(n)
    return mean - half, mean + half


def interval_widths(players: int = 4, sizes: tuple[int, ...] = (100, 400, 1600, 6400),
                    seed: int = 3) -> list[tuple[int, float, float, float]]:  # fmt: skip
    """``(draws, mean, low, high)`` of the 95% interval for the mean, for growing samples."""
    rows = []
    for size in sizes:
        sample = rounds_sample(players, size, seed + size)
        low, high = _mean_interval(sample)
        rows.append((size, sum(sample) / size, low, high))
    return rows


def coverage(players: int = 4, repeats: int = 200, draws: int = 100, seed: int = 17) -> int:
    """Of ``repeats`` samples of ``draws`` draws, how many 95% intervals hold the exact mean."""
    exact = float(expected_rounds(players))
    hits = 0
    for k in range(repeats):
        low, high = _mean_interval(rounds_sample(players, draws, seed * 10_000 + k))
        hits += low <= exact <= high
    return hits


def doubling_rows(sizes: tuple[int, ...] = (2, 4, 8, 16, 32, 64)) -> list[tuple[int, float, float]]:
    """``(players, E(n), E(n) - E(n/2))``: how much one doubling of the group adds."""
    rows = []
    for n in sizes:
        e = float(expected_rounds(n))
        before = float(expected_rounds(n // 2)) if n > 2 else float("nan")
        rows.append((n, e, e - before))
    return rows


def doubling_html(t: Translator) -> str:
    rows = [[n, t.number(e, 2), "\u2014" if math.isnan(d) else "+" + t.number(d, 2)]
            for n, e, d in doubling_rows()]  # fmt: skip
    return table_html([t("lesson_players"), "E(n)", t("lesson_more_than_half")], rows)


def repeat_table_html(t: Translator, players: range = range(3, 9)) -> str:
    """P(a show is repeated) for ``players`` players: unanimous or an even split."""
    rows = []
    for n in players:
        repeat = sum(Fraction(comb(n, up), 2**n) for up in range(n + 1)
                     if up in (0, n) or 2 * up == n)  # fmt: skip
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
