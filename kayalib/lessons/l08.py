"""Lesson 08, a bid is evidence: Bayes' rule on a case small enough to do by hand, a bluff-rate
slider, and the full-size case from the engine. Every figure comes from
:mod:`kayalib.blef.bayes_tables` (:func:`kayalib.blef.inference.infer`) when the page runs;
here the tables are drawn and told.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from fractions import Fraction
from html import escape
from math import comb
from typing import Any

import ipywidgets as widgets

from kayalib.blef.bayes_tables import (
    FULL_BLUFF,
    KING,
    SMALL_BLUFF,
    STEPS,
    bluff_curve,
    full_case_view,
    full_posterior,
    heard_trial,
    rank_rows,
    small_posterior,
    small_view,
)
from kayalib.blef.bids import LADDER, Bid
from kayalib.blef.inference import Posterior
from kayalib.draw import probability_bars_html
from kayalib.draw.charts import figure_to_png, new_figure, table_html
from kayalib.i18n import Translator
from kayalib.lessons.cards import cards_html
from kayalib.lessons.kit.plots import Chart
from kayalib.lessons.kit.simulator import DealSimulator
from kayalib.pages.banner import ErrorBanner
from kayalib.pages.language import Localized
from kayalib.words import BlefWords

__all__ = [
    "BluffSlider",
    "FullCase",
    "bid_name",
    "curve_png",
    "full_figures",
    "heard_simulator",
    "ladder_figures",
    "small_table_html",
]

FULL_SHOWN = 8
"""How many bids above the last one the full-size table shows."""


def bid_name(t: Translator, bid: Bid) -> str:
    return BlefWords(t).bid_text(bid)


def small_table_html(t: Translator, bluff: Fraction = SMALL_BLUFF) -> str:
    """The Bayes table of the small case, one row per rank of the opponent's card, with the sums."""
    result = small_posterior(bluff)
    rows = rank_rows(result)
    words = BlefWords(t)
    body = []
    for row in rows:
        mark = row.rank == KING.params[0]
        cells = [words.rank(row.rank), t.number(row.hands, 0), _frac(row.hands * row.prior),
                 _frac(row.likelihood), _frac(row.joint),
                 f"{_frac(row.posterior)} ≈ {t.number(float(row.posterior), 4)}"]  # fmt: skip
        body.append([f"<b>{escape(c)}</b>" if mark else escape(c) for c in cells])
    total = sum((r.joint for r in rows), Fraction(0))
    body.append([f"<b>{escape(t('l08.col_sum'))}</b>", t.number(sum(r.hands for r in rows), 0),
                 "1", "", _frac(total), "1"])  # fmt: skip
    head = [t(f"l08.col_{name}") for name in
            ("card", "hands", "prior", "likelihood", "joint", "posterior")]  # fmt: skip
    return _raw_table(head, body)


def _frac(value: Fraction) -> str:
    if value.denominator == 1:
        return str(value.numerator)
    return f"{value.numerator}/{value.denominator}"


def _raw_table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """A table whose cells are already HTML."""
    head = "".join(f"<th>{escape(h)}</th>" for h in header)
    lines = "".join("<tr>" + "".join(f"<td>{c}</td>" for c in row) + "</tr>" for row in rows)
    return f'<table class="kayalib-table kayalib-bayes-table"><tr>{head}</tr>{lines}</table>'


def heard_simulator(seed: int = 8, bluff: Fraction = SMALL_BLUFF) -> DealSimulator:
    """Deal 1 / Deal 1000 of :func:`~kayalib.blef.bayes_tables.heard_trial` beside the exact
    posterior."""
    deal = heard_trial(bluff)

    def trial(rng: random.Random) -> tuple[bool, Any]:
        true, card, tries = deal(rng)
        return true, lambda t: t("l08.sim_deal", card=card, tries=t.number(tries, 0))

    exact = small_posterior(bluff).table()[KING]
    return DealSimulator(trial, exact, seed=seed,
                         event=lambda t: t("l08.sim_event", bid=bid_name(t, KING)))  # fmt: skip


def curve_png(t: Translator, xs: list[float], ys: list[float], chosen: float, post: float,
              prior: float) -> bytes:  # fmt: skip
    """The posterior against the bluff rate, the chosen rate marked and the prior dashed; the
    axes in percent, written the way the page's language writes them."""
    from matplotlib.ticker import FuncFormatter

    king = bid_name(t, KING)
    figure = new_figure(7.0, 3.5)
    axes = figure.add_subplot()
    axes.plot(xs, ys, marker="o", label=t("l08.curve_post"))
    axes.plot([chosen], [post], marker="s", markersize=10, linestyle="none",
              label=t("l08.curve_chosen"))  # fmt: skip
    axes.axhline(prior, linestyle="--", color="black", linewidth=1, label=t("l08.curve_prior"))
    percent = FuncFormatter(lambda value, _position: t.percent(value, 0))
    axes.xaxis.set_major_formatter(percent)
    axes.yaxis.set_major_formatter(percent)
    axes.set_ylim(0, 1.02)
    axes.set_xlabel(t("l08.curve_x"))
    axes.set_ylabel(t("l08.curve_y", bid=king))
    axes.set_title(t("l08.curve_title", bid=king))
    axes.grid(True, alpha=0.3)
    axes.legend(loc="center left", fontsize=8)
    return figure_to_png(figure, t.lang)


def bluff_slider(bluff: Fraction, css_class: str) -> widgets.FloatSlider:
    """A bluff-rate slider from 0% to 100% in steps of 1/STEPS (its label set by relabel)."""
    slider = widgets.FloatSlider(value=float(bluff), min=0.0, max=1.0, step=1 / STEPS,
                                 readout_format=".0%", continuous_update=False,
                                 style={"description_width": "initial"},
                                 layout={"width": "32em"})  # fmt: skip
    slider.add_class(css_class)
    return slider


class BluffSlider(widgets.VBox, Localized):
    """How far "high card K" should move you, as a function of how often you think the bidder
    bluffs: the prior and the posterior as bars, a sentence, and the whole curve with the chosen
    bluff rate marked."""

    def __init__(self, bluff: Fraction = SMALL_BLUFF, *, lang: str | None = None,
                 **kwargs: Any) -> None:  # fmt: skip
        self.init_language(lang)
        self.errors = ErrorBanner(lambda: self.t)
        self.view = small_view()
        self.curve = bluff_curve()
        self.slider = bluff_slider(bluff, "kayalib-bluff-slider")
        self.bars = widgets.HTML()
        self.sentence = widgets.HTML()
        self.sentence.add_class("kayalib-bluff-sentence")
        self.chart = Chart()
        self.slider.observe(self.errors.guard(lambda _change: self._show()), "value")
        super().__init__([self.slider, self.bars, self.sentence, self.chart, self.errors],
                         **kwargs)  # fmt: skip
        self.add_class("kayalib-bluff-explorer")
        self.relabel()

    @property
    def bluff(self) -> Fraction:
        """The chosen bluff rate as an exact fraction (a step of the slider)."""
        return Fraction(round(self.slider.value * STEPS), STEPS)

    def result(self) -> Posterior:
        return small_posterior(self.bluff, self.view)

    def relabel(self) -> None:
        self.slider.description = self.t("l08.slider_label")
        self._show()

    def _show(self) -> None:
        t = self.t
        result = self.result()
        prior, post = result.prior_table()[KING], result.table()[KING]
        king = bid_name(t, KING)
        self.bars.value = probability_bars_html(
            [(t("l08.bar_prior"), float(prior), False), (t("l08.bar_post"), float(post), True)],
            title=king, percent=lambda p: t.percent(p))  # fmt: skip
        self.sentence.value = "<p>" + escape(t(
            "l08.slider_says", bluff=t.percent(float(self.bluff), 0), bid=king,
            prior=t.percent(float(prior)), post=t.percent(float(post)),
            times=t.number(float(post / prior), 1))) + "</p>"  # fmt: skip
        xs = [float(e) for e, _ in self.curve]
        ys = [float(p) for _, p in self.curve]
        png = curve_png(t, xs, ys, float(self.bluff), float(post), float(prior))
        rows = [[t.percent(x, 0), t.percent(y)] for x, y in zip(xs, ys, strict=True)]
        alt = t("l08.curve_alt", bid=king, prior=t.percent(float(prior)),
                low=t.percent(ys[0]), high=t.percent(ys[-1]))  # fmt: skip
        self.chart.draw(png, alt, table_html([t("l08.curve_x"), t("l08.curve_y", bid=king)], rows),
                        t("lesson_chart_as_table"))  # fmt: skip


def full_figures(bluff: Fraction = FULL_BLUFF) -> dict[str, Any]:
    """The figures the lesson states about the full-size case (``moved`` and ``last``, the bid
    the bidding moved most and the last bid, as words; ``moved_at`` and ``last_at``, their
    places on the ladder, counted from 0)."""
    view = full_case_view()
    result = full_posterior(bluff, view)
    moved = result.moved_most()
    last = view.last_bid
    assert last is not None
    unseen = 24 - len(view.hand)
    return {
        "players": view.players, "cards": view.total_cards, "bids": len(view.bids),
        "hands": comb(unseen, view.counts[0]), "bluff": bluff,
        "moved": lambda t: bid_name(t, moved), "moved_at": moved.index,
        "moved_prior": float(result.prior_table()[moved]),
        "moved_post": float(result.table()[moved]),
        "last": lambda t: bid_name(t, last), "last_at": last.index,
        "last_prior": float(result.prior_table()[last]), "last_post": float(result.table()[last]),
    }  # fmt: skip


def ladder_figures() -> dict[str, Any]:
    """What lesson 07's shipped games say about listening: ``bayes`` against ``odds`` heads-up,
    its win rate with a 95% confidence interval, and the catalogue name of the sentence that the
    interval supports (``l08.ladder_bayes`` or ``l08.ladder_unclear``)."""
    from kayalib.blef.experiments import shipped
    from kayalib.stats import wilson_interval

    result = shipped()["bayes v odds"]
    won, played = result.wins(0), result.played
    low, high = wilson_interval(won, played)
    return {"games": result.experiment.games, "rate": won / played, "low": low, "high": high,
            "sentence": "ladder_bayes" if low > 0.5 else "ladder_unclear"}  # fmt: skip


class FullCase(widgets.VBox, Localized):
    """The full-size case: your cards, the bids, and for the last bid and the bids just above it
    the chance from your cards only beside the chance from your cards and the bids, with a
    bluff-rate slider."""

    def __init__(self, bluff: Fraction = FULL_BLUFF, *, lang: str | None = None,
                 **kwargs: Any) -> None:  # fmt: skip
        self.init_language(lang)
        self.errors = ErrorBanner(lambda: self.t)
        self.view = full_case_view()
        self.slider = bluff_slider(bluff, "kayalib-full-slider")
        self.table = widgets.HTML()
        self.table.add_class("kayalib-full-table")
        self.deal = widgets.HTML()
        self.slider.observe(self.errors.guard(lambda _change: self._show()), "value")
        super().__init__([self.deal, self.slider, self.table, self.errors], **kwargs)
        self.add_class("kayalib-full-case")
        self.relabel()

    @property
    def bluff(self) -> Fraction:
        return Fraction(round(self.slider.value * STEPS), STEPS)

    def relabel(self) -> None:
        self.slider.description = self.t("l08.slider_label")
        self._show()

    def shown_bids(self) -> list[Bid]:
        last = self.view.last_bid
        assert last is not None
        return list(LADDER[last.index : last.index + 1 + FULL_SHOWN])

    def _show(self) -> None:
        t, view = self.t, self.view
        words = BlefWords(t)
        said = "".join(f"<li>{escape(words.seat(seat))}: <b>{escape(bid_name(t, bid))}</b></li>"
                       for seat, bid in view.bids)  # fmt: skip
        self.deal.value = (f"<p>{escape(t('l08.full_yours', seat=words.seat(view.seat)))}</p>"
                           f"{cards_html(view.hand, t)}"
                           f"<p>{escape(t('l08.full_bids'))}</p><ul>{said}</ul>")  # fmt: skip
        result = full_posterior(self.bluff, view)
        prior, post = result.prior_table(), result.table()
        moved = result.moved_most()
        bids = self.shown_bids()
        if moved not in bids:
            bids.append(moved)
        rows = []
        for bid in bids:
            star = "\u2605 " if bid == moved else ""
            rows.append([star + bid_name(t, bid), t.percent(float(prior[bid])),
                         t.percent(float(post[bid])),
                         _signed(t, float(post[bid]) - float(prior[bid]))])  # fmt: skip
        table = table_html([t("l08.full_bid"), t("l08.full_prior"), t("l08.full_post"),
                            t("l08.full_change")], rows)  # fmt: skip
        note = t("l08.full_moved", bid=bid_name(t, moved), prior=t.percent(float(prior[moved])),
                 post=t.percent(float(post[moved])), bluff=t.percent(float(self.bluff), 0))
        self.table.value = f"{table}<p>{escape(note)}</p>"


def _signed(t: Translator, change: float) -> str:
    points = t.number(abs(change) * 100, 1)
    return ("+" if change >= 0 else "\u2212") + t("l08.points", n=points)
