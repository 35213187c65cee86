"""Lesson 09's pictures, each with its text equivalent: the equilibrium as a grid (for each card
and last bid, how often it raises honestly, bluffs or checks), the "truth dial" (what the best
reply wins as the 10 tells the truth more or less often), the value of each opening bid, and how
the solver converged. Every one is drawn from :mod:`kayalib.lessons.heads_up` when it runs."""

from __future__ import annotations

from fractions import Fraction

from matplotlib.patches import Rectangle

from kayalib.blef.equilibrium import HEADS_UP, solved
from kayalib.draw.charts import figure_to_png, line_chart_png, new_figure, table_html
from kayalib.i18n import Translator
from kayalib.lessons.heads_up import (
    TEN,
    opening_values,
    safe_range,
    strategy_grid,
    truth_dial,
)
from kayalib.lessons.plots import Chart, LiveChart
from kayalib.words import BlefWords

__all__ = [
    "COLOURS",
    "convergence_chart",
    "opening_values_html",
    "strategy_chart",
    "strategy_png",
    "truth_dial_chart",
]

COLOURS = {"honest": "#2e7d32", "bluff": "#c62828", "check": "#9e9e9e"}
"""Honest raise green, bluff red, check grey (also told apart by the table and the alt text)."""


def _words(t: Translator) -> BlefWords:
    return BlefWords(t, lambda seat: str(seat))


def _bid_label(t: Translator, last) -> str:
    return t("l09.opening") if last is None else _words(t).bid_text(last)


def strategy_png(t: Translator) -> bytes:
    """The equilibrium grid: a row per card (9 at the top), a column per last bid (the opening
    first); each cell a bar split into honest raise, bluff and check; blank where equilibrium
    play never comes."""
    words = _words(t)
    columns = [None, *HEADS_UP.bids]
    figure = new_figure(10.0, 4.2)
    axes = figure.add_subplot()
    for mix in strategy_grid():
        x = columns.index(mix.last)
        y = 5 - mix.card
        left = x + 0.08
        for part in ("honest", "bluff", "check"):
            width = 0.84 * getattr(mix, part)
            if width > 0:
                axes.add_patch(Rectangle((left, y + 0.15), width, 0.7, color=COLOURS[part]))
            left += width
    labels = [t("l09.opening")] + [
        ("\n".join([words.kind(bid.kind), words.rank(bid.params[0])])) for bid in HEADS_UP.bids]
    axes.set_xlim(0, len(columns))
    axes.set_ylim(0, 6)
    axes.set_xticks([i + 0.5 for i in range(len(columns))], labels, fontsize=7)
    axes.set_yticks([5 - r + 0.5 for r in range(6)], [words.rank(r) for r in range(6)])
    for x in range(1, len(columns)):
        axes.axvline(x, color="#dddddd", linewidth=0.5)
    for y in range(1, 6):
        axes.axhline(y, color="#dddddd", linewidth=0.5)
    axes.set_xlabel(t("l09.grid_x"))
    axes.set_ylabel(t("l09.grid_y"))
    axes.set_title(t("l09.grid_title"))
    handles = [Rectangle((0, 0), 1, 1, color=COLOURS[p]) for p in COLOURS]
    axes.legend(handles, [t(f"l09.part_{p}") for p in COLOURS], loc="upper center",
                bbox_to_anchor=(0.5, -0.28), ncol=3, fontsize=8, frameon=False)  # fmt: skip
    return figure_to_png(figure, t.lang)


def strategy_rows(t: Translator) -> tuple[list[str], list[list[str]]]:
    """The grid as a table: card, last bid, honest raise, bluff, check (percentages)."""
    words = _words(t)
    header = [t("l09.grid_y"), t("l09.grid_x")] + [t(f"l09.part_{p}") for p in COLOURS]
    rows = [[words.rank(m.card), _bid_label(t, m.last), t.percent(m.honest), t.percent(m.bluff),
             t.percent(m.check)] for m in strategy_grid()]  # fmt: skip
    return header, rows


def strategy_chart() -> LiveChart:
    """The equilibrium grid with its table, redrawn in the page's language."""

    def draw(t: Translator, chart: Chart) -> None:
        opening = [m for m in strategy_grid() if m.last is None]
        alt = t("l09.grid_alt", bluffs="; ".join(
            f"{_words(t).rank(m.card)}: {t.percent(m.bluff)}" for m in opening))  # fmt: skip
        chart.draw(strategy_png(t), alt, table_html(*strategy_rows(t)), t("lesson_chart_as_table"))

    chart = LiveChart(draw, max_width="900px")
    chart.add_class("kayalib-l09-grid")
    return chart


def truth_dial_chart(card: int = TEN) -> LiveChart:
    """What the best-replying second bidder wins per round, against the first bidder's share of
    honest openings with ``card``; a dashed line at what it wins against the equilibrium."""
    dial = truth_dial(card)
    value = -solved().value
    share = next(s for bid, _v, s in opening_values(card) if bid.params[0] == card
                 and bid.kind == "high-card")  # fmt: skip

    def draw(t: Translator, chart: Chart) -> None:
        rank = _words(t).rank(card)
        xs, ys = [s for s, _ in dial], [w for _, w in dial]
        png = line_chart_png({t("l09.dial_line", rank=rank): (xs, ys)},
                             title=t("l09.dial_title", rank=rank),
                             xlabel=t("l09.dial_x", rank=rank),
                             ylabel=t("l09.dial_y"), hlines={t("l09.dial_eq"): value},
                             ylim=(0.06, 0.09), lang=t.lang)  # fmt: skip
        low, high = safe_range(dial)
        alt = t("l09.dial_alt", rank=rank, low=t.percent(low), high=t.percent(high),
                share=t.percent(share), value=t.number(value, 4))  # fmt: skip
        rows = [[t.percent(s), t.number(w, 4)] for s, w in dial[::5]]
        chart.draw(png, alt, table_html([t("l09.dial_x", rank=rank), t("l09.dial_y")], rows),
                   t("lesson_chart_as_table"))  # fmt: skip

    chart = LiveChart(draw)
    chart.add_class("kayalib-l09-dial")
    return chart


def _value_text(t: Translator, value: Fraction | float) -> str:
    if isinstance(value, Fraction) and value.denominator != 1:
        return f"{value.numerator}/{value.denominator} ({t.number(float(value), 3)})"
    return t.number(float(value), 3)


def opening_values_html(t: Translator, card: int = TEN) -> str:
    """For the first bidder with ``card``: each high-card opening, what it is worth per round
    (both then play the equilibrium) and how often the equilibrium opens with it."""
    words = _words(t)
    rows = [[words.bid_text(bid), _value_text(t, value), t.percent(share)]
            for bid, value, share in opening_values(card) if bid.kind == "high-card"]  # fmt: skip
    return table_html([t("l09.opening_bid"), t("l09.bid_worth"), t("l09.how_often")], rows)


def convergence_chart() -> LiveChart:
    """NashConv of the solver's average strategy after each iteration (log-log)."""
    data = solved().convergence

    def draw(t: Translator, chart: Chart) -> None:
        xs, ys = [i for i, _n, _v in data], [max(n, 1e-12) for _i, n, _v in data]
        figure = new_figure(7.0, 3.2)
        axes = figure.add_subplot()
        axes.loglog(xs, ys)
        axes.set_xlabel(t("l09.conv_x"))
        axes.set_ylabel(t("l09.conv_y"))
        axes.set_title(t("l09.conv_title"))
        axes.grid(True, alpha=0.3)
        marks = [m for m in (1, 10, 100, len(data)) if m <= len(data)]
        rows = [[t.number(data[m - 1][0], 0), t.number(data[m - 1][1], 6)] for m in marks]
        alt = t("l09.conv_alt", first=t.number(data[0][1], 3), n=t.number(len(data), 0),
                last=t.number(data[-1][1], 6))  # fmt: skip
        chart.draw(figure_to_png(figure, t.lang), alt,
                   table_html([t("l09.conv_x"), t("l09.conv_y")], rows),
                   t("lesson_chart_as_table"))  # fmt: skip

    chart = LiveChart(draw)
    chart.add_class("kayalib-l09-convergence")
    return chart
