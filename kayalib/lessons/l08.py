"""Lesson 08, a bid is evidence: Bayes' rule on a case small enough to do by hand, a bluff-rate
slider, the full-size case from the engine, and the class's own bids (the bluff rate as a Beta
posterior, compared with the bots, then fed into the small case). Every figure comes from
:mod:`kayalib.lessons.maths.bayes_tables` (:func:`kayalib.blef.inference.infer`) and
:mod:`kayalib.lessons.maths.bluff_rate` when the page runs; here the tables are drawn and told.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from fractions import Fraction
from html import escape
from math import comb
from typing import Any

import ipywidgets as widgets

from kayalib.blef.bids import LADDER, Bid
from kayalib.blef.inference import Posterior
from kayalib.draw import probability_bars_html
from kayalib.draw.charts import figure_to_png, new_figure, table_html
from kayalib.i18n import Translator
from kayalib.lessons.cards import cards_html
from kayalib.lessons.kit.plots import Chart
from kayalib.lessons.kit.simulator import DealSimulator
from kayalib.lessons.maths.bayes_tables import (
    FULL_BLUFF,
    KING,
    SMALL_BLUFF,
    STEPS,
    bluff_curve,
    full_case_view,
    full_posterior,
    heard_trial,
    opening_bids,
    rank_rows,
    small_posterior,
    small_view,
)
from kayalib.pages.banner import ErrorBanner
from kayalib.pages.language import Localized, fill
from kayalib.words import BlefWords
from kayalib.words.rates import bot_label

__all__ = [
    "BluffSlider",
    "ClassChart",
    "FullCase",
    "bid_name",
    "class_figures",
    "class_table_html",
    "class_words",
    "curve_png",
    "exit_figures",
    "feed_table_html",
    "full_figures",
    "heard_simulator",
    "ladder_figures",
    "small_table_html",
    "worksheet_box_html",
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
    return f'<div class="kayalib-scroll">{_raw_table(head, body)}</div>'  # a shadow shows more


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
    """Deal 1 / Deal 1000 of :func:`~kayalib.lessons.maths.bayes_tables.heard_trial` beside the
    exact posterior."""
    deal = heard_trial(bluff)

    def trial(rng: random.Random) -> tuple[bool, Any]:
        true, card, tries = deal(rng)
        return true, lambda t: t.count("l08.sim_deal", tries, card=card, tries=t.number(tries, 0))

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
                                 layout={"width": "100%", "max_width": "32em"})  # fmt: skip
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
    from kayalib.lessons.maths.experiments import shipped
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


# ------------------------------------------------------------------ your class's bids

CLEAR = 0.975
"""A comparison is stated as clear when the posterior probability that one rate is above the
other is at least this (or at most 1 − this)."""
COMPARED = "odds"
"""The bot the page's comparison sentence names (the bot of the full-size case)."""


def verdict(p_above: float) -> str:
    """``more``, ``less`` or ``unclear``: what P(the class's rate > a bot's rate) says."""
    return "more" if p_above >= CLEAR else "less" if p_above <= 1 - CLEAR else "unclear"


def class_figures(found: Any = None) -> dict[str, Any]:
    """Every figure of the part "your class's bids", from ``found``
    (:func:`~kayalib.lessons.classdata.class_or_sample`'s answer; read now if not given).

    ``source``: ``sample`` (outside class mode: the sample class of bots), ``class`` (the class's
    own bids) or ``empty`` (class mode with no ended round yet: the figures are then the
    sample's, and the page says so); the keys of the sentences that follow from the data:
    ``source_key``, ``compare_key`` (no verdict for the sample class: it is bots, ``odds``
    among them), ``caveat_key``; counts, the Beta posterior counted game by game (``a``, ``b``,
    ``mean``, ``low``, ``high``: the bids as the independent bids they are worth, ``n_eff`` of
    them, :func:`~kayalib.lessons.maths.bluff_rate.game_level`) beside the one that takes every
    bid as independent (``naive_a`` ... ``naive_high``), each bot's row (``bots``, counted game
    by game too), and the class's rate fed into the small case."""
    from kayalib.lessons.classdata import SAMPLE_BOTS, class_or_sample, shipped_sample
    from kayalib.lessons.maths.bluff_rate import (
        Count,
        bot_game_counts,
        class_count,
        definition,
        design_effect,
        game_counts,
        game_level,
        king_given_share,
        model_bluff_share,
        model_rate,
    )

    found = found if found is not None else class_or_sample("play")
    sample = shipped_sample("play")
    count = class_count(found.data)
    source = "sample" if found.sample else "class" if count.bids else "empty"
    data = found.data if count.bids else sample.data
    count = class_count(data)
    games = game_counts(data)
    naive = count.posterior()
    worth = game_level(games)
    post = worth.posterior()
    low, high = post.interval()
    per_game = [float(g.share) for g in games]
    bots = []
    counted = bot_game_counts(sample.data)
    for name in [n for n in dict.fromkeys(SAMPLE_BOTS) if n in counted]:
        bot = sum(counted[name], Count())
        bot_post = game_level(counted[name]).posterior()
        p_above = post.prob_above(bot_post)
        bots.append({"name": name, "bids": bot.bids, "bluffs": bot.bluffs,
                     "mean": bot_post.mean, "interval": bot_post.interval(),
                     "p_above": p_above, "verdict": verdict(p_above)})  # fmt: skip
    compared = next(row for row in bots if row["name"] == COMPARED)
    verdict_key = "sample" if source != "class" else compared["verdict"]
    mean = Fraction(post.a, post.a + post.b)
    q = model_bluff_share(definition(data))
    fixed_share = SMALL_BLUFF * q
    return {
        "source": source, "source_key": f"class_source_{source}",
        "below": definition(data), "games": len(per_game),
        "bids": count.bids, "bluffs": count.bluffs, "others": count.bids - count.bluffs,
        "share": count.share,
        "a": post.a, "b": post.b, "mean": float(mean), "low": low, "high": high,
        "n_eff": worth.bids, "deff": design_effect(games),
        "naive_a": naive.a, "naive_b": naive.b, "naive_low": naive.interval()[0],
        "naive_high": naive.interval()[1],
        "game_low": min(per_game), "game_high": max(per_game),
        "bots": bots, "bot": COMPARED, "p_odds": compared["p_above"],
        "compare_key": f"class_compare_{verdict_key}",
        "caveat_key": "class_caveat" if len(per_game) > 1 else "class_caveat_one_game",
        "odds_mean": compared["mean"],
        "legal": opening_bids(), "q_bluffs": q * opening_bids(),
        "eps": float(model_rate(mean)), "eps_low": float(model_rate(low)),
        "eps_high": float(model_rate(high)),
        "king": float(king_given_share(mean)), "king_low": float(king_given_share(high)),
        "king_high": float(king_given_share(low)),
        "fixed": SMALL_BLUFF, "fixed_share": float(fixed_share),
        "fixed_king": float(small_posterior(SMALL_BLUFF).table()[KING]),
        "prior_king": float(small_posterior(SMALL_BLUFF).prior_table()[KING]),
    }  # fmt: skip


def class_words(figures: dict[str, Any]) -> dict[str, Any]:
    """The figures as a lesson part's values: numbers, and the counted phrases (plural forms of
    the page's language) and names as functions of the translator."""
    bids, bluffs, games = figures["bids"], figures["bluffs"], figures["games"]
    values = {k: v for k, v in figures.items() if k != "bots"}
    return values | {
        "n_bids": lambda t: t.count("l08.n_bids", bids, n=t.number(bids, 0)),
        "n_bluffs": lambda t: t.count("l08.n_bluffs", bluffs, n=t.number(bluffs, 0)),
        "n_games": lambda t: t.count("lesson_n_games", games, n=t.number(games, 0)),
        "bot_name": lambda t: bot_label(t, figures["bot"]),
        "below_pct": lambda t: t.percent(float(figures["below"]), 0),
        "p_odds_text": lambda t: probability_text(t, figures["p_odds"]),
    }  # fmt: skip


def probability_text(t: Translator, p: float) -> str:
    """A posterior probability with one decimal, never rounded to a certainty it is not:
    "more than 99.9%", "less than 0.1%"."""
    if p >= 0.9995 and p < 1:
        return t("l08.p_more_than", p=t.percent(0.999))
    if 0 < p <= 0.0005:
        return t("l08.p_less_than", p=t.percent(0.001))
    return t.percent(p)


def class_label(t: Translator, figures: dict[str, Any]) -> str:
    """"your class", or "the sample class (bots)" when the figures are the sample's."""
    return t("l08.ct_class_class" if figures["source"] == "class" else "l08.ct_class_sample")


def class_table_html(t: Translator, figures: dict[str, Any]) -> str:
    """The class beside each bot of the sample class: bluffs of bids, the posterior mean and
    95% credible interval, and P(the class bluffs more often than the bot)."""
    def interval(low: float, high: float) -> str:
        return f"{t.percent(low)} \u2013 {t.percent(high)}"

    head = [t("l08.ct_who"), t("l08.ct_bluffs"), t("l08.ct_rate"), t("l08.ct_interval"),
            t("l08.ct_above")]  # fmt: skip
    rows = [[class_label(t, figures),
             t("l08.ct_of", bluffs=t.number(figures["bluffs"], 0),
               bids=t.number(figures["bids"], 0)),
             t.percent(figures["mean"]), interval(figures["low"], figures["high"]), "\u2014"]]
    for row in figures["bots"]:
        above = probability_text(t, row["p_above"]) + " (" + t(f"l08.ct_{row['verdict']}") + ")"
        rows.append([bot_label(t, row["name"]),
                     t("l08.ct_of", bluffs=t.number(row["bluffs"], 0),
                       bids=t.number(row["bids"], 0)),
                     t.percent(row["mean"]), interval(*row["interval"]), above])  # fmt: skip
    return scrolling(table_html(head, rows))


def scrolling(table: str) -> str:
    """A wide table that scrolls sideways on a phone instead of being cut off."""
    return f'<div style="overflow-x:auto;max-width:100%;overflow-wrap:anywhere">{table}</div>'


def class_png(t: Translator, figures: dict[str, Any], guess: float | None = None) -> bytes:
    """The class's posterior density with its 95% credible interval shaded and its mean marked
    (the student's guess too, if given); under it each rate's 95% interval, class and bots."""
    from matplotlib.ticker import FuncFormatter

    from kayalib.stats import BetaPosterior

    post = BetaPosterior(figures["a"], figures["b"])
    figure = new_figure(6.0, 5.2)
    top, bottom = figure.subplots(2, 1, sharex=True, height_ratios=[3, 2.4])
    xs = [i / 1000 for i in range(1001)]
    ys = [post.density(x) for x in xs]
    inside = [(x, y) for x, y in zip(xs, ys, strict=True) if figures["low"] <= x <= figures["high"]]
    top.plot(xs, ys, color="#1f4e79", linewidth=2, label=t("l08.cc_density"))
    top.fill_between([x for x, _ in inside], [y for _, y in inside], color="#1f4e79", alpha=0.25,
                     hatch="//", label=t("l08.cc_interval"))  # fmt: skip
    top.axvline(figures["mean"], color="black", linestyle="--", linewidth=1,
                label=t("l08.cc_mean"))  # fmt: skip
    if guess is not None and 0 <= guess <= 1:
        top.axvline(guess, color="#b45309", linestyle=":", linewidth=2, label=t("l08.cc_guess"))
    top.set_ylabel(t("l08.cc_y"))
    top.set_title(t("l08.cc_title"))
    top.legend(loc="upper right", fontsize=8)
    top.grid(True, alpha=0.3)
    names = [class_label(t, figures)]
    spans = [(figures["low"], figures["mean"], figures["high"])]
    for row in figures["bots"]:
        names.append(bot_label(t, row["name"]))
        spans.append((row["interval"][0], row["mean"], row["interval"][1]))
    for i, (low, mean, high) in enumerate(spans):
        y = len(spans) - 1 - i
        bottom.plot([low, high], [y, y], color="#1f4e79" if i == 0 else "#555555",
                    linewidth=4 if i == 0 else 2)  # fmt: skip
        bottom.plot([mean], [y], marker="o", color="black")
    bottom.axvspan(figures["low"], figures["high"], color="#1f4e79", alpha=0.12)
    bottom.set_yticks(range(len(spans)), list(reversed(names)))
    bottom.set_xlabel(t("l08.cc_x", below=t.percent(float(figures["below"]), 0)))
    percent = FuncFormatter(lambda value, _position: t.percent(value, 0))
    bottom.xaxis.set_major_formatter(percent)
    bottom.set_xlim(0, 1)
    bottom.grid(True, axis="x", alpha=0.3)
    return figure_to_png(figure, t.lang)


class ClassChart(Chart, Localized):
    """The class's posterior (:func:`class_png`) with its text equivalent, in the page's
    language."""

    def __init__(self, figures: dict[str, Any], guess: Fraction | float | None = None, *,
                 lang: str | None = None) -> None:  # fmt: skip
        super().__init__()
        self.figures = figures
        self.guess = None if guess is None else float(guess)
        self.init_language(lang)
        self.add_class("kayalib-class-chart")
        self.relabel()

    def relabel(self) -> None:
        t, f = self.t, self.figures
        alt = t("l08.cc_alt", mean=t.percent(f["mean"]), low=t.percent(f["low"]),
                high=t.percent(f["high"]))  # fmt: skip
        self.draw(class_png(t, f, self.guess), alt, class_table_html(t, f),
                  t("lesson_chart_as_table"))  # fmt: skip


def feed_table_html(t: Translator, figures: dict[str, Any]) -> str:
    """Lesson 08's small case at the lesson's bluff rate and at the class's: the share of bluffs,
    the model's rate ε and P(high card K | the bid)."""
    king, who = bid_name(t, KING), class_label(t, figures)
    head = [t("l08.ft_who"), t("l08.ft_share"), t("l08.ft_eps"), t("l08.ft_post", bid=king)]

    def span(name: str) -> str:
        return f"{t.percent(figures[name + '_low'])} \u2013 {t.percent(figures[name + '_high'])}"

    rows = [[t("l08.ft_fixed"), t.percent(figures["fixed_share"]),
             t.percent(float(figures["fixed"]), 0), t.percent(figures["fixed_king"])],
            [t("l08.ft_class", who=who), t.percent(figures["mean"]), t.percent(figures["eps"]),
             t.percent(figures["king"])],
            [t("l08.ft_range", who=who), f"{t.percent(figures['low'])} \u2013 "
             f"{t.percent(figures['high'])}", span("eps"), span("king")]]  # fmt: skip
    return scrolling(table_html(head, rows))


def worksheet_box_html(t: Translator, key: bool = False) -> str:
    """The worksheet's box for the class's bids: blanks for the counts, the posterior and what
    the class's rate makes of "high card K"; on the answer key, how each is worked out and what
    the sample class of bots gives."""
    values = class_words(class_figures(_sample()))
    lines = "".join(f'<div class="box">{escape(fill(t, t(f"l08.ws_{name}"), **values))}</div>'
                    for name in ("counts", "posterior", "interval", "compare", "king"))  # fmt: skip
    html = (f"<h2>{escape(t('l08.ws_title'))}</h2>"
            f'<p class="context">{escape(t("l08.ws_note"))}</p>{lines}')
    if key:
        html += f'<div class="key">{escape(fill(t, t("l08.ws_key"), **values))}</div>'
    return html


def _sample() -> Any:
    from kayalib.lessons.classdata import shipped_sample

    return shipped_sample("play")


def exit_figures(bluff: Fraction = Fraction(1, 10)) -> dict[str, Any]:
    """The exit ticket's round: you hold 9♥, a one-card opponent that bluffs ``bluff`` of the
    time opens "high card 10": the prior, both likelihoods, the posterior (``post``), and the
    posterior when every bid is random (``same``: it equals the prior)."""
    from kayalib.lessons.maths.bayes_tables import opening_bids, small_view

    ten = Bid.parse("high-card T")
    view = small_view(ten)
    result = small_posterior(bluff, view)
    rows = {row.rank: row for row in rank_rows(result)}
    prior = result.prior_table()[ten]
    return {"bluff": bluff, "legal": opening_bids(), "prior": prior,
            "lk_ten": rows[ten.params[0]].likelihood,
            "lk_other": rows[ten.params[0] + 1].likelihood, "rest": 1 - prior,
            "post": result.table()[ten], "same": small_posterior(1, view).table()[ten]}  # fmt: skip
