"""Lesson 08 (Blef): a bid is evidence. Bayes' rule on a case small enough to do by hand, a
bluff-rate slider, and the full-size case from the engine.

Every figure comes from :func:`kayalib.blef.inference.infer` when the page runs:

- the small case: you hold 9♥, your only opponent holds one card (23 possible hands) and opens
  "high card K"; it is modelled as the ``honest`` bot (it bids what its own cards show) that
  bluffs at rate ``ε`` (then it picks any of the 83 opening bids at random).
  :func:`rank_rows` groups the engine's hand-by-hand Bayes table by the opponent's card, the table
  a student can follow by hand;
- the full-size case: four players with two cards each, three bids made by ``odds`` bots, seen by
  the fourth player (:func:`full_case_view`).

>>> result = small_posterior(Fraction(1, 5))
>>> result.prior_table()[KING], result.table()[KING]
(Fraction(4, 23), Fraction(1332, 1351))
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import comb
from typing import Any

import ipywidgets as widgets

from kayalib.blef.bids import LADDER, Bid, holds
from kayalib.blef.cards import DECK, parse_cards
from kayalib.blef.game import BlefRules, BlefState, BlefView
from kayalib.blef.inference import OpponentModel, Posterior, infer
from kayalib.blef.view import legal_after
from kayalib.draw.charts import figure_to_png, new_figure, table_html
from kayalib.i18n import Translator
from kayalib.lessons._widgets import ErrorBox, bars_html, escape, guarded
from kayalib.lessons.blef import cards_html
from kayalib.lessons.language import Localized
from kayalib.lessons.plots import Chart
from kayalib.registry import make_bot
from kayalib.words import BlefWords

__all__ = [
    "FULL_HANDS",
    "KING",
    "SMALL_BLUFF",
    "BluffSlider",
    "FullCase",
    "RankRow",
    "bid_name",
    "bluff_curve",
    "curve_png",
    "full_case_view",
    "full_figures",
    "full_posterior",
    "heard_simulator",
    "heard_trial",
    "opening_bids",
    "queen_figures",
    "rank_rows",
    "small_figures",
    "small_posterior",
    "small_table_html",
    "small_view",
]

MINE = "9H"
"""Your card in the small case."""
KING = Bid.parse("high-card K")
"""The bid you hear in the small case."""
MODEL = "honest"
"""The bot the small case's opponent is thought to play like."""
SMALL_BLUFF = Fraction(1, 5)
"""The bluff rate of the small case's worked table."""
FULL_HANDS = ("KS KH", "QD 9C", "AS TD", "KD JH")
"""The full-size case's deal: four players, two cards each; you are the fourth."""
FULL_MODEL = "odds"
FULL_BLUFF = Fraction(1, 10)
FULL_SHOWN = 8
"""How many bids above the last one the full-size table shows."""
STEPS = 20
"""The bluff-rate slider's steps from 0 to 1 (and the points of its curve)."""


def bid_name(t: Translator, bid: Bid) -> str:
    return BlefWords(t).bid_text(bid)


def opening_bids() -> int:
    """How many bids an opener may choose from (what a random bluff picks among)."""
    return len(legal_after(None))


# ------------------------------------------------------------------ the small case


def small_view(bid: Bid | str = KING, mine: str = MINE, theirs: str = "KS") -> BlefView:
    """Your view (seat 2 of 2, holding ``mine``) after the opponent opened ``bid``.

    ``theirs`` is the opponent's real hand: the view does not show it, so it changes nothing."""
    state = BlefState.from_position(BlefRules(players=2), [theirs, mine], starter=0)
    return state.apply(str(bid)).view(1)


def small_posterior(bluff: Fraction | float, view: BlefView | None = None,
                    model: str = MODEL) -> Posterior:  # fmt: skip
    """The engine's exact inference for the small case at bluff rate ``bluff``."""
    return infer(view or small_view(), OpponentModel.named(model, bluff), exact=True)


@dataclass(frozen=True)
class RankRow:
    """The opponent's hands of one rank: how many, each one's prior and likelihood, and their
    prior × likelihood and posterior added up."""

    rank: int
    hands: int
    prior: Fraction
    likelihood: Fraction
    joint: Fraction
    posterior: Fraction


def rank_rows(result: Posterior, seat: int = 0) -> list[RankRow]:
    """The engine's Bayes table for a one-card opponent, grouped by the card's rank (the hands of
    one rank share a likelihood)."""
    rows: dict[int, list[Any]] = {}
    for row in result.bayes_table(seat):
        if len(row.hand) != 1:
            raise ValueError("rank_rows groups the hands of a one-card opponent")
        rows.setdefault(row.hand[0].rank, []).append(row)
    grouped = []
    for rank in sorted(rows):
        same = rows[rank]
        likelihoods = {r.likelihood for r in same}
        if len(likelihoods) != 1:
            raise ValueError(f"the hands of rank {rank} have different likelihoods")
        prior = same[0].prior
        grouped.append(RankRow(rank, len(same), prior, same[0].likelihood,
                               sum((r.prior * r.likelihood for r in same), Fraction(0)),
                               sum((r.posterior for r in same), Fraction(0))))  # fmt: skip
    return grouped


def small_figures(bluff: Fraction = SMALL_BLUFF) -> dict[str, Any]:
    """The figures the lesson states about the small case at ``bluff``."""
    result = small_posterior(bluff)
    rows = rank_rows(result)
    king = next(r for r in rows if r.rank == KING.params[0])
    other = next(r for r in rows if r.rank != KING.params[0])
    total = sum((r.joint for r in rows), Fraction(0))
    return {
        "bluff": bluff, "legal": opening_bids(), "hands": sum(r.hands for r in rows),
        "prior": result.prior_table()[KING], "post": result.table()[KING],
        "lk_king": king.likelihood, "lk_other": other.likelihood,
        "joint_king": sum((r.joint for r in rows if r.rank == king.rank), Fraction(0)),
        "joint_other": sum((r.joint for r in rows if r.rank != king.rank), Fraction(0)),
        "total": total, "kings": king.hands, "others": sum(r.hands for r in rows) - king.hands,
    }  # fmt: skip


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


def queen_figures() -> dict[str, Any]:
    """The second exercise: the opponent holds two cards and opens "high card K"; it never
    bluffs. How likely is "high card Q" now (you hold 9♥)?"""
    view = small_view(theirs="KS QH")
    result = small_posterior(Fraction(0), view)
    queen = Bid.parse("high-card Q")
    table = result.bayes_table(0)
    kept = [row.hand for row in table if row.posterior]
    with_queen = [hand for hand in kept if any(card.rank == queen.params[0] for card in hand)]
    kings = {card for hand in kept for card in hand if card.rank == KING.params[0]}
    return {"p": result.table()[queen], "prior": result.prior_table()[queen],
            "hands": len(table), "kept": len(kept), "queens": len(with_queen),
            "kings": len(kings), "lower": len(kept) // len(kings)}  # fmt: skip


def heard_trial(bluff: Fraction = SMALL_BLUFF, bid: Bid = KING, mine: str = MINE):
    """One trial of "deal it and see": deal the opponent a random card, let it bid as the model
    says (the honest bot's move, or with probability ``bluff`` any legal bid), and deal again
    until it says ``bid``; the trial's event is "``bid`` is true"."""
    bot = make_bot("blef", MODEL)
    own = parse_cards(mine)
    rest = [card for card in DECK if card not in own]

    def trial(rng: random.Random) -> tuple[bool, Any]:
        tries = 0
        while True:
            tries += 1
            card = rng.choice(rest)
            state = BlefState.from_position(BlefRules(players=2), [(card,), own], starter=0)
            if rng.random() < bluff:
                said = rng.choice(state.legal_actions())
            else:
                said = bot.choose(state.view(0), rng)
            if said == bid:
                return holds(bid, (card, *own)), _dealt_words(card.symbol, tries)

    return trial


def heard_simulator(seed: int = 8, bluff: Fraction = SMALL_BLUFF) -> Any:
    """Deal 1 / Deal 1000 of :func:`heard_trial` beside the exact posterior."""
    from kayalib.lessons.montecarlo import DealSimulator

    exact = small_posterior(bluff).table()[KING]
    return DealSimulator(heard_trial(bluff), exact, seed=seed,
                         event=lambda t: t("l08.sim_event", bid=bid_name(t, KING)))  # fmt: skip


def _dealt_words(card: str, tries: int) -> Any:
    return lambda t: t("l08.sim_deal", card=card, tries=t.number(tries, 0))


def bluff_curve(steps: int = STEPS) -> list[tuple[Fraction, Fraction]]:
    """``(ε, P(high card K | the bid))`` for ε = 0, 1/steps, ..., 1 (the slider's curve)."""
    view = small_view()
    return [(Fraction(k, steps), small_posterior(Fraction(k, steps), view).table()[KING])
            for k in range(steps + 1)]  # fmt: skip


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
        self.errors = ErrorBox()
        self.view = small_view()
        self.curve = bluff_curve()
        self.slider = bluff_slider(bluff, "kayalib-bluff-slider")
        self.bars = widgets.HTML()
        self.sentence = widgets.HTML()
        self.sentence.add_class("kayalib-bluff-sentence")
        self.chart = Chart()
        self.slider.observe(guarded(self.errors)(lambda _change: self._show()), "value")
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
        self.bars.value = bars_html(
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


# ------------------------------------------------------------------ the full-size case


def full_case_view(hands: Sequence[str] = FULL_HANDS, bids: int = 3) -> BlefView:
    """The last player's view after ``bids`` bids, each made by an ``odds`` bot from the deal
    ``hands`` (the odds bot decides without chance, so the bids are always the same)."""
    state = BlefState.from_position(BlefRules(players=len(hands)), list(hands), starter=0)
    bot = make_bot("blef", FULL_MODEL)
    for _ in range(bids):
        seat = state.current_player
        state = state.apply(bot.choose(state.view(seat), random.Random(0)), seat=seat)
    return state.view(len(hands) - 1)


def full_posterior(bluff: Fraction | float = FULL_BLUFF, view: BlefView | None = None) -> Posterior:
    """The engine's inference (exact, in floats) for the full-size case."""
    return infer(view or full_case_view(), OpponentModel.named(FULL_MODEL, bluff), method="exact")


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


class FullCase(widgets.VBox, Localized):
    """The full-size case: your cards, the bids, and for the last bid and the bids just above it
    the chance from your cards only beside the chance from your cards and the bids, with a
    bluff-rate slider."""

    def __init__(self, bluff: Fraction = FULL_BLUFF, *, lang: str | None = None,
                 **kwargs: Any) -> None:  # fmt: skip
        self.init_language(lang)
        self.errors = ErrorBox()
        self.view = full_case_view()
        self.slider = bluff_slider(bluff, "kayalib-full-slider")
        self.table = widgets.HTML()
        self.table.add_class("kayalib-full-table")
        self.deal = widgets.HTML()
        self.slider.observe(guarded(self.errors)(lambda _change: self._show()), "value")
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
