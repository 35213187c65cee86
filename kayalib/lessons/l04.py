"""Lesson 04, is the ladder fair? Where a higher kind of Blef bid is more likely than a lower one,
and what a fair order of the kinds would be for each number of cards in play."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

import ipywidgets as widgets

from kayalib.blef import BID_KINDS
from kayalib.blef.ladder import fair_kind_order, kind_inversions, kind_probabilities
from kayalib.draw.charts import heatmap_png, table_html
from kayalib.i18n import Translator
from kayalib.pages.banner import ErrorBanner
from kayalib.pages.language import Localized
from kayalib.pages.widgets import slider
from kayalib.words import BlefWords

__all__ = [
    "FairnessExplorer",
    "fair_orders_html",
    "fairness_heatmap_png",
    "inversions_html",
    "kind_table_html",
]


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
    """The fair order of the kinds (most likely first) for a few numbers of cards."""
    words = BlefWords(t)
    rows = [[n, " \u2192 ".join(words.kind(k) for k in fair_kind_order(n))] for n in counts]
    return table_html([t("lesson_cards_in_play"), t("lesson_fair_order")], rows)


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
        p, fair, unfair = kind_probabilities(n), fair_kind_order(n), self.flagged()
        words = BlefWords(t)
        rows = [
            [place, words.kind(seed_kind) + (" \u26a0" if seed_kind in unfair else ""),
             t.number(float(p[seed_kind]), 4), words.kind(fair_kind),
             t.number(float(p[fair_kind]), 4)]
            for place, (seed_kind, fair_kind) in enumerate(zip(BID_KINDS, fair, strict=True), 1)
        ]  # fmt: skip
        self.table.value = f"<p>{escape(t('lesson_fair_intro', n=n))}</p>" + table_html(
            [t("lesson_place"), t("lesson_seed_ladder"), t("lesson_probability_true"),
             t("lesson_fair_ladder"), t("lesson_probability_true")], rows)  # fmt: skip
