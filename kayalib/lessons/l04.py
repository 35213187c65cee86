"""Lesson 04, is the ladder fair? Where a higher kind of Blef bid is more likely than a lower one,
and what a fair order of the kinds would be for each number of cards in play. A kind that the
cards in play cannot make is impossible, and is never compared
(:mod:`kayalib.lessons.maths.ladder`)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from html import escape
from typing import Any

import ipywidgets as widgets

from kayalib.blef import BID_KINDS, DECK, Bid, holds
from kayalib.blef.odds import bid_probability
from kayalib.draw.charts import heatmap_png, table_html
from kayalib.i18n import Translator
from kayalib.lessons.kit.exercise import answer_text
from kayalib.lessons.kit.gate import Gate
from kayalib.lessons.maths.ladder import (
    fair_kind_groups,
    fair_kind_order,
    impossible_kinds,
    kind_inversions,
    kind_probabilities,
)
from kayalib.pages.banner import ErrorBanner
from kayalib.pages.language import Localized
from kayalib.pages.widgets import slider
from kayalib.stats import wilson_interval
from kayalib.words import BlefWords

__all__ = [
    "FairnessExplorer",
    "KindRace",
    "fair_orders_html",
    "fairness_heatmap_png",
    "inversions_html",
    "kind_table_html",
]


class KindRace(widgets.VBox, Localized):
    """Deal ``cards`` random cards again and again and count how often each of ``bids`` is true:
    estimates with 95% confidence intervals from the first deal, the exact chances after
    ``reveal_at`` deals (then its :attr:`gate` opens)."""

    def __init__(self, bids: Sequence[str], cards: int = 10, seed: int = 1, *,
                 many: int = 1000, reveal_at: int | None = None, lang: str | None = None,
                 **kwargs: Any) -> None:  # fmt: skip
        self.init_language(lang)
        self.bids = [Bid.parse(text) for text in bids]
        self.cards, self.seed, self.many = cards, seed, many
        self.reveal_at = many if reveal_at is None else reveal_at
        self.gate = Gate()
        self.errors = ErrorBanner(lambda: self.t)
        self.one_button = widgets.Button(button_style="primary")
        self.many_button = widgets.Button()
        self.one_button.add_class("kayalib-deal-one")
        self.many_button.add_class("kayalib-deal-many")
        self.table = widgets.HTML()
        self.one_button.on_click(self.errors.guard(lambda _: self.deal(1)))
        self.many_button.on_click(self.errors.guard(lambda _: self.deal(self.many)))
        self.gate.on_open(lambda: self.relabel())
        super().__init__([widgets.HBox([self.one_button, self.many_button]), self.table,
                          self.errors], **kwargs)  # fmt: skip
        self.add_class("kayalib-kind-race")
        self.rng = random.Random(seed)
        self.trials = 0
        self.hits = [0] * len(self.bids)
        self.relabel()

    def deal(self, count: int) -> None:
        """Deal ``count`` more pools and count the true bids."""
        for _ in range(count):
            pool = self.rng.sample(DECK, self.cards)
            for k, bid in enumerate(self.bids):
                self.hits[k] += holds(bid, pool)
        self.trials += count
        self.relabel()
        if self.trials >= self.reveal_at:
            self.gate.open()

    def reveal(self) -> None:
        self.gate.open()

    def relabel(self) -> None:
        t = self.t
        self.one_button.description = t("lesson_deal_once")
        self.many_button.description = t("lesson_deal_batch", n=self.many)
        words = BlefWords(t)
        head = [t("lesson_bid"), t("l04.race_true"), t("lesson_interval95"), t("l04.race_exact")]
        rows = []
        for bid, hits in zip(self.bids, self.hits, strict=True):
            low, high = wilson_interval(hits, self.trials)
            share = f"{t.number(hits, 0)} / {t.number(self.trials, 0)}"
            if self.trials:
                share += f" = {t.number(hits / self.trials, 4)}"
            exact = (answer_text(bid_probability(bid, "", self.cards, exact=True), t)
                     if self.gate.opened else t.count("lesson_exact_after_deal", self.reveal_at,
                                                      n=self.reveal_at))  # fmt: skip
            interval = f"{t.number(low, 3)} – {t.number(high, 3)}" if self.trials else "—"
            rows.append([words.bid_text(bid), share, interval, exact])
        said = t.count("l04.race_dealt", self.trials, n=self.trials, cards=self.cards)
        self.table.value = f"<p>{escape(said)}</p>" + table_html(head, rows)


def kind_table_html(t: Translator, cards: int) -> str:
    """P(true) of each kind with ``cards`` cards in play, in the seed's order."""
    p, words = kind_probabilities(cards), BlefWords(t)
    return table_html([t("lesson_kind"), t("lesson_probability_true")],
                      [[words.kind(k), t.number(float(p[k]), 4)] for k in BID_KINDS])  # fmt: skip


def fairness_heatmap_png(t: Translator) -> bytes:
    """P(kind true) for 1..24 cards; a red box with "!" marks a kind more likely than some kind
    below it on the ladder."""
    words = BlefWords(t)
    grid = [[float(kind_probabilities(n)[kind]) for n in range(1, 25)] for kind in BID_KINDS]
    marks = sorted({(BID_KINDS.index(high), n - 1) for n in range(1, 25)
                    for _, high in kind_inversions(n)})  # fmt: skip
    return heatmap_png(
        grid, [f"{i + 1}. {words.kind(k)}" for i, k in enumerate(BID_KINDS)],
        [str(n) for n in range(1, 25)], title=t("lesson_fair_heatmap_title"),
        xlabel=t("lesson_heatmap_x"), ylabel=t("lesson_fair_heatmap_y"),
        colorbar_label=t("lesson_probability_true"), width=9.0, height=4.4, marks=marks,
        lang=t.lang,
    )  # fmt: skip


def inversions_html(t: Translator) -> str:
    """For 1..24 cards: every higher kind that is more likely than a lower one, in words."""
    words = BlefWords(t)
    rows = []
    for cards in range(1, 25):
        pairs = kind_inversions(cards)
        said = "; ".join(t("lesson_more_likely_than", high=words.kind(h), low=words.kind(lo))
                         for lo, h in pairs)  # fmt: skip
        rows.append([cards, len(pairs), said or t("lesson_fair")])
    return table_html([t("lesson_cards_in_play"), t("lesson_upside_down"), t("lesson_which")],
                      rows)  # fmt: skip


def fair_orders_html(t: Translator, counts: Sequence[int] = (4, 8, 12, 16, 20)) -> str:
    """The fair order of the possible kinds (most likely first; equally likely kinds joined by
    "="), and the kinds impossible with that many cards, for a few numbers of cards."""
    words = BlefWords(t)
    rows = []
    for n in counts:
        order = " \u2192 ".join(" = ".join(words.kind(k) for k in group)
                                for group in fair_kind_groups(n))  # fmt: skip
        impossible = ", ".join(words.kind(k) for k in impossible_kinds(n))
        rows.append([n, order, impossible or "\u2014"])
    return table_html([t("lesson_cards_in_play"), t("lesson_fair_order"),
                       t("l04.impossible_kinds")], rows)  # fmt: skip


class FairnessExplorer(widgets.VBox, Localized):
    """For a number of cards in play: the seed's order of the kinds beside the fair order; a
    kind more likely than some kind below it on the seed's ladder is flagged with ⚠."""

    def __init__(self, cards: int = 10, *, lang: str | None = None, **kwargs: Any) -> None:
        self.init_language(lang)
        self.errors = ErrorBanner(lambda: self.t)
        self.cards = slider(cards, 1, 24)
        self.table = widgets.HTML()
        self.cards.observe(self.errors.guard(lambda _: self.show()), "value")
        super().__init__([self.cards, self.table, self.errors], **kwargs)
        self.add_class("kayalib-fairness-explorer")
        self.relabel()

    def flagged(self) -> set[str]:
        """The kinds more likely than at least one lower kind, with the cards on the slider."""
        return {high for _, high in kind_inversions(self.cards.value)}

    def relabel(self) -> None:
        self.cards.description = self.t("lesson_cards_in_play")
        self.show()

    def show(self) -> None:
        t, n = self.t, self.cards.value
        p, unfair = kind_probabilities(n), self.flagged()
        impossible = impossible_kinds(n)
        fair: list[str | None] = [*fair_kind_order(n), *[None] * len(impossible)]
        words = BlefWords(t)

        def chance(kind: str) -> str:
            return t("l04.impossible") if p[kind] == 0 else t.number(float(p[kind]), 4)

        rows = [
            [place, words.kind(seed_kind) + (" \u26a0" if seed_kind in unfair else ""),
             chance(seed_kind), "\u2014" if fair_kind is None else words.kind(fair_kind),
             "" if fair_kind is None else chance(fair_kind)]
            for place, (seed_kind, fair_kind) in enumerate(zip(BID_KINDS, fair, strict=True), 1)
        ]  # fmt: skip
        self.table.value = f"<p>{escape(t.count('lesson_fair_intro', n, n=n))}</p>" + table_html(
            [t("lesson_place"), t("lesson_seed_ladder"), t("lesson_probability_true"),
             t("lesson_fair_ladder"), t("lesson_probability_true")], rows)  # fmt: skip
