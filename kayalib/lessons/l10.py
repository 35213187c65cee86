"""Lesson 10, how often should you bluff? (part 2): mixing, indifference, many equilibria with
one value, and uneven cards. The one-card round's openings, each worth what its card is worth
(:func:`opening_values_html`); the truth dial, one frequency changed with everything else held
(:class:`TruthDial`); the named equilibria of :func:`kayalib.blef.equilibrium_set.shipped`,
which all guarantee the same value (:func:`exhibits_html`); one equilibrium as a picture
(:func:`strategy_chart`); and the round of two cards against one, solved
(:func:`uneven_chart`, :func:`uneven_figures`, whose figures are shipped:
:mod:`kayalib.lessons.maths.uneven_round`). Part 1 is :mod:`kayalib.lessons.l09`.

The page opens without drawing a chart and without lesson 09's page parts: matplotlib (through
:mod:`kayalib.draw.charts`) and :mod:`kayalib.lessons.l09` are imported when a chart or a
table is drawn, which a student's page does only after the gates before it open.
"""

from __future__ import annotations

from fractions import Fraction
from html import escape
from typing import Any

import ipywidgets as widgets

from kayalib.blef.bids import Bid
from kayalib.blef.equilibrium import HEADS_UP, solved
from kayalib.blef.equilibrium_set import shipped
from kayalib.i18n import Translator
from kayalib.lessons.kit.gate import Gate
from kayalib.lessons.kit.page import inline_markdown
from kayalib.lessons.kit.plots import Chart, LiveChart
from kayalib.lessons.maths import uneven_round
from kayalib.lessons.maths.exploitation import (
    TEN,
    opening_values,
    safe_range,
    strategy_grid,
    truth_dial,
)
from kayalib.pages.banner import ErrorBanner
from kayalib.pages.language import Localized, fill
from kayalib.words import BlefWords

__all__ = [
    "COLOURS",
    "TruthDial",
    "dial_figures",
    "exhibits_html",
    "opening_values_html",
    "strategy_chart",
    "strategy_png",
    "uneven_chart",
    "uneven_figures",
]


COLOURS = {"honest": "#2e7d32", "bluff": "#c62828", "check": "#9e9e9e"}
"""Honest raise green, bluff red, check grey (also told apart by the table and the alt text)."""


def _words(t: Translator) -> BlefWords:
    return BlefWords(t, lambda seat: str(seat))


def _bid_label(t: Translator, last: Bid | None) -> str:
    return t("l10.opening") if last is None else _words(t).bid_text(last)


def strategy_png(t: Translator) -> bytes:
    """The equilibrium grid: a row per card (9 at the top), a column per last bid (the opening
    first); each cell a bar split into honest raise, bluff and check; blank where equilibrium
    play never comes."""
    from matplotlib.patches import Rectangle

    from kayalib.draw.charts import figure_to_png, new_figure

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
    labels = [t("l10.opening")] + [
        ("\n".join([words.kind(bid.kind), words.rank(bid.params[0])])) for bid in HEADS_UP.bids]
    axes.set_xlim(0, len(columns))
    axes.set_ylim(0, 6)
    axes.set_xticks([i + 0.5 for i in range(len(columns))], labels, fontsize=7)
    axes.set_yticks([5 - r + 0.5 for r in range(6)], [words.rank(r) for r in range(6)])
    for x in range(1, len(columns)):
        axes.axvline(x, color="#dddddd", linewidth=0.5)
    for y in range(1, 6):
        axes.axhline(y, color="#dddddd", linewidth=0.5)
    axes.set_xlabel(t("l10.grid_x"))
    axes.set_ylabel(t("l10.grid_y"))
    axes.set_title(t("l10.grid_title"))
    handles = [Rectangle((0, 0), 1, 1, color=COLOURS[p]) for p in COLOURS]
    axes.legend(handles, [t(f"l10.part_{p}") for p in COLOURS], loc="upper center",
                bbox_to_anchor=(0.5, -0.28), ncol=3, fontsize=8, frameon=False)  # fmt: skip
    return figure_to_png(figure, t.lang)


def strategy_rows(t: Translator) -> tuple[list[str], list[list[str]]]:
    """The grid as a table: card, last bid, honest raise, bluff, check (percentages)."""
    words = _words(t)
    header = [t("l10.grid_y"), t("l10.grid_x")] + [t(f"l10.part_{p}") for p in COLOURS]
    rows = [[words.rank(m.card), _bid_label(t, m.last), t.percent(m.honest), t.percent(m.bluff),
             t.percent(m.check)] for m in strategy_grid()]  # fmt: skip
    return header, rows


def strategy_chart() -> LiveChart:
    """The equilibrium grid with its table, redrawn in the page's language."""

    def draw(t: Translator, chart: Chart) -> None:
        from kayalib.draw.charts import table_html

        opening = [m for m in strategy_grid() if m.last is None]
        alt = t("l10.grid_alt", bluffs="; ".join(
            f"{_words(t).rank(m.card)}: {t.percent(m.bluff)}" for m in opening))  # fmt: skip
        chart.draw(strategy_png(t), alt, table_html(*strategy_rows(t)), t("lesson_chart_as_table"))

    chart = LiveChart(draw, max_width="900px")
    chart.add_class("kayalib-l10-grid")
    return chart


def _value_text(t: Translator, value: Fraction | float) -> str:
    if isinstance(value, Fraction) and value.denominator != 1:
        return fill(t, "{v} ({d:3})", v=value, d=float(value))
    return t.number(float(value), 3)


def opening_values_html(t: Translator, card: int = TEN) -> str:
    """For the first bidder with ``card``: each high-card opening, what it is worth per round
    (with the first bidder's best play after it, the second bidder playing the equilibrium) and
    how often the equilibrium opens with it."""
    from kayalib.draw.charts import table_html

    words = _words(t)
    rows = [[words.bid_text(bid), _value_text(t, value), t.percent(share)]
            for bid, value, share in opening_values(card) if bid.kind == "high-card"]  # fmt: skip
    return table_html([t("l10.opening_bid"), t("l10.bid_worth"), t("l10.how_often")], rows)


def dial_figures(card: int = TEN) -> dict[str, Any]:
    """The truth dial's figures: the shipped equilibrium's share of honest openings with
    ``card``, the range of shares at which the best reply wins no more than against the
    equilibrium (everything else held), what it wins when the card always tells the truth, and
    what it wins against the equilibrium whose ``card`` always tells the truth (the rest of it
    changed too: :func:`kayalib.blef.equilibrium_set.shipped`'s ``ten-truthful``)."""
    dial = truth_dial(card)
    low, high = safe_range(dial)
    eq_set = shipped()
    truthful = eq_set.exhibit("ten-truthful")
    held = eq_set.exhibit("shipped-with-truthful-ten")
    return {"share": eq_set.exhibit("shipped").ten_truth, "low": low, "high": high,
            "value": -solved().exact_value(), "always": dial[-1][1],
            "held_reply": held.best_reply, "truthful_reply": truthful.best_reply,
            "truthful_optimal": truthful.optimal}  # fmt: skip


class TruthDial(widgets.VBox, Localized):
    """Turn one dial: how often the first bidder's ``card`` opens with the truth, everything else
    as in the shipped equilibrium. For the chosen share: what the second bidder's best reply
    wins per round (exact), and the whole curve with the share marked. Its :attr:`gate` opens
    once the student has tried ``enough`` settings (or the two ends)."""

    def __init__(self, card: int = TEN, *, enough: int = 3, lang: str | None = None,
                 **kwargs: Any) -> None:  # fmt: skip
        self.init_language(lang)
        self.card, self.enough = card, enough
        self.gate = Gate()
        self.errors = ErrorBanner(lambda: self.t)
        self.dial = truth_dial(card)
        self.figures = dial_figures(card)
        self.tried: set[int] = set()
        # in whole percent, so it starts at the share the question beside it states
        self.slider = widgets.IntSlider(value=round(self.figures["share"] * 100), min=0,
                                        max=100, step=1, continuous_update=False,
                                        style={"description_width": "initial"},
                                        layout={"width": "32em"})  # fmt: skip
        self.slider.add_class("kayalib-truth-dial")
        self.sentence = widgets.HTML()
        self.chart = Chart()
        self.slider.observe(self.errors.guard(lambda _change: self._turned()), "value")
        super().__init__([self.slider, self.sentence, self.chart, self.errors], **kwargs)
        self.add_class("kayalib-truth-dial-box")
        self.relabel()

    @property
    def share(self) -> float:
        return self.slider.value / 100

    def reply_wins(self) -> float:
        """What the best reply wins per round at the dial's setting."""
        return self.dial[self.slider.value][1]

    def _turned(self) -> None:
        self.tried.add(self.slider.value)
        if len(self.tried) >= self.enough or {0, 100} <= self.tried:
            self.gate.open()
        self._show()

    def relabel(self) -> None:
        t = self.t
        rank = BlefWords(t).rank(self.card)
        self.slider.description = t("l10.dial_x", rank=rank)
        self._show()

    def _show(self) -> None:
        from kayalib.draw.charts import line_chart_png, table_html

        t = self.t
        rank = BlefWords(t).rank(self.card)
        value = float(self.figures["value"])
        wins = self.reply_wins()
        key = "l10.dial_more" if wins > value + 1e-9 else "l10.dial_same"
        self.sentence.value = "<p>" + escape(t(key, rank=rank, share=t.percent(self.share, 0),
                                               wins=t.number(wins, 4),
                                               value=t.number(value, 4))) + "</p>"  # fmt: skip
        xs, ys = [s for s, _ in self.dial], [w for _, w in self.dial]
        png = line_chart_png({t("l10.dial_line", rank=rank): (xs, ys),
                              t("l10.dial_you"): ([self.share], [wins])},
                             title=t("l10.dial_title", rank=rank),
                             xlabel=t("l10.dial_x", rank=rank), ylabel=t("l10.dial_y"),
                             hlines={t("l10.dial_eq"): value}, ylim=(0.06, 0.09),
                             lang=t.lang)  # fmt: skip
        rows = [[t.percent(s, 0), t.number(w, 4)] for s, w in self.dial[::5]]
        alt = t("l10.dial_alt", rank=rank, low=t.percent(self.figures["low"], 0),
                high=t.percent(self.figures["high"], 0), value=t.number(value, 4))  # fmt: skip
        self.chart.draw(png, alt, table_html([t("l10.dial_x", rank=rank), t("l10.dial_y")], rows),
                        t("lesson_chart_as_table"))  # fmt: skip


def exhibits_html(t: Translator) -> str:
    """The named optimal strategies of the first bidder: how often each one's 10 tells the truth,
    what it guarantees and what the best reply wins against it; and the shipped one with only
    the 10 changed, which is no equilibrium."""
    from kayalib.draw.charts import table_html

    rows = []
    for e in shipped().exhibits:
        rows.append([t(f"l10.exhibit_{e.name.replace('-', '_')}"), t.percent(e.ten_truth, 1),
                     _frac(t, e.guaranteed), _frac(t, e.best_reply),
                     t("l10.exhibit_yes") if e.optimal else t("l10.exhibit_no")])  # fmt: skip
    return table_html([t("l10.exhibit"), t("l10.exhibit_truth"), t("l10.exhibit_guaranteed"),
                       t("l10.exhibit_reply"), t("l10.exhibit_optimal")], rows)  # fmt: skip


def _frac(t: Translator, value: Fraction | float) -> str:
    from kayalib.lessons.l09 import signed

    if isinstance(value, Fraction):
        return fill(t, "{v} ≈ {d}", v=value, d=signed(t, float(value), 4))
    return signed(t, value, 4)


# ---------------------------------------------------------------------------------------------
# Uneven cards: two against one


def nine_figures() -> dict[str, Any]:
    """How often the 9 bluffs its opening over *every* equilibrium of the one-card round (the
    linear programme's range, :func:`kayalib.lessons.l09.every_equilibrium`), and the key of
    the sentence that says so."""
    from kayalib.lessons.l09 import every_equilibrium

    low, high = every_equilibrium()["ranges"][0]
    key = "nine_always" if low == high == 1 else "nine_range"
    return {"sentence": key, "nine_low": low, "nine_high": high}


def uneven_figures() -> dict[str, Any]:
    """The round of two cards against one (the second round of a two-player game; the player
    with two cards lost the first and bids first), beside the one-card round: values, how exact
    the shipped solution is, and how often each player bluffs
    (:func:`kayalib.lessons.maths.uneven_round.figures`, shipped). The one-card round's share of
    bluffing openings depends on the equilibrium: ``even_low``..``even_high`` is its range over
    every equilibrium (the linear programme: each card's range, each card dealt 1 time in 6)."""
    from kayalib.lessons.l09 import every_equilibrium

    ranges = every_equilibrium()["ranges"]
    even_low = sum(low for low, _ in ranges) / len(ranges)
    even_high = sum(high for _, high in ranges) / len(ranges)
    return {**uneven_round.figures(), "even_low": even_low, "even_high": even_high}


def uneven_html(t: Translator) -> str:
    """How bluffing changes with two cards against one, each sentence chosen by the figures
    (a comparison with the one-card round only where every one-card equilibrium agrees)."""
    figures = uneven_figures()
    low, high, share = figures["even_low"], figures["even_high"], figures["open_uneven"]
    where = "below" if share < low else "above" if share > high else "within"
    keys = [f"l10.uneven_open_{where}", "l10.uneven_answer",
            "l10.uneven_pair_never" if figures["pair_bluff"] == 0 else "l10.uneven_pair_most"]
    items = "".join(f"<li>{inline_markdown(fill(t, t(key), **figures))}</li>" for key in keys)
    return f"<p>{escape(t('l10.uneven'))}</p><ul>{items}</ul>"


def uneven_chart() -> LiveChart:
    """How often each hand of the first bidder bluffs its opening, two cards against one."""
    hands = uneven_round.opening_bluffs()

    def draw(t: Translator, chart: Chart) -> None:
        from kayalib.draw.charts import bar_chart_png, table_html

        words = BlefWords(t)
        labels = ["\n".join(words.rank(r) for r in hand) for hand, _ in hands]
        png = bar_chart_png(labels, [share for _, share in hands], title=t("l10.uneven_title"),
                            xlabel=t("l10.uneven_x"), ylabel=t("l10.uneven_y"), ylim=(0, 1),
                            width=8.0, lang=t.lang)  # fmt: skip
        rows = [[" ".join(words.rank(r) for r in hand), t.percent(share, 1)]
                for hand, share in hands]  # fmt: skip
        pairs = [share for hand, share in hands if hand[0] == hand[1]]
        alt = t("l10.uneven_alt", pair=t.percent(max(pairs), 0))
        chart.draw(png, alt, table_html([t("l10.uneven_x"), t("l10.uneven_y")], rows),
                   t("lesson_chart_as_table"))  # fmt: skip

    chart = LiveChart(draw)
    chart.add_class("kayalib-l10-uneven")
    return chart
