"""Lesson 03, how likely is my bid? Counting deals exactly, a heat map of every bid for 1 to 24
cards in play, and Deal 1 / Deal 1000 beside the exact value."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from html import escape
from typing import Any

import ipywidgets as widgets

from kayalib.blef import DECK, LADDER, Bid, Card, holds, parse_cards
from kayalib.blef.odds import bid_probability
from kayalib.draw.charts import heatmap_png, table_html
from kayalib.errors import KayalibError
from kayalib.i18n import Translator
from kayalib.lessons.cards import cards_html
from kayalib.lessons.kit.gate import Gate
from kayalib.lessons.kit.plots import Chart
from kayalib.lessons.kit.simulator import DealSimulator
from kayalib.lessons.maths.ladder import probability_grid, ways_with_aces
from kayalib.pages.banner import ErrorBanner
from kayalib.pages.language import Localized
from kayalib.pages.widgets import slider
from kayalib.words import BlefWords

__all__ = [
    "BidSimulator",
    "HeatmapExplorer",
    "aces_table_html",
    "heatmap_text",
    "probability_heatmap_png",
    "ways_with_aces",
]


def probability_heatmap_png(t: Translator, hand: Sequence[Card] | str = "", *,
                            grid: list[list[float]] | None = None) -> bytes:  # fmt: skip
    """The heat map of every bid (rows, lowest at the top) over 1..24 cards in play."""
    held = parse_cards(hand) if isinstance(hand, str) else tuple(hand)
    words = BlefWords(t)
    known = words.cards_text(held) or t("lesson_no_known_cards")
    return heatmap_png(
        grid if grid is not None else probability_grid(held),
        [f"{bid.index + 1:2d} {words.bid_text(bid)}" for bid in LADDER],
        [str(n) for n in range(1, 25)],
        title=t("lesson_heatmap_title", hand=known),
        xlabel=t("lesson_heatmap_x"),
        ylabel=t("lesson_heatmap_y"),
        colorbar_label=t("lesson_probability_true"),
        lang=t.lang,
        width=9.0,
        height=13.0,
    )


_TABLE_COLUMNS = (2, 4, 6, 8, 9, 10, 11, 12, 16, 20)  # 9-11: the sizes the lessons ask about


def heatmap_text(t: Translator, hand: Sequence[Card], grid: list[list[float]]) -> tuple[str, str]:
    """The heat map's text equivalent: a sentence and a table (every bid, some columns)."""
    words = BlefWords(t)
    columns = [n for n in _TABLE_COLUMNS if n >= len(hand)]
    rows = [
        [bid.index + 1, words.bid_text(bid)]
        + [t.percent(grid[bid.index][n - 1], 1) for n in columns]
        for bid in LADDER
    ]
    header = ["#", t("lesson_bid")] + [t.count("lesson_n_cards", n, n=n) for n in columns]
    table = table_html(header, rows)
    eight = [grid[bid.index][7] for bid in LADDER] if len(hand) <= 8 else []
    likely = sum(1 for p in eight if p >= 0.5)
    alt = t("lesson_heatmap_alt", hand=words.cards_text(hand) or t("lesson_no_known_cards"),
            likely=likely)  # fmt: skip
    return alt, table


class HeatmapExplorer(widgets.VBox, Localized):
    """Pick the cards in your hand; see the exact probability of every bid for 1..24 cards."""

    def __init__(self, hand: str = "", *, lang: str | None = None, **kwargs: Any) -> None:
        self.init_language(lang)
        self.errors = ErrorBanner(lambda: self.t)
        self.hand_picker = widgets.SelectMultiple(
            options=[(card.symbol, card) for card in DECK], value=parse_cards(hand), rows=8,
            layout={"width": "14em"})  # fmt: skip
        self.summary = widgets.HTML()
        self.chart = Chart(max_width="760px")
        self.hand_picker.observe(self.errors.guard(lambda _: self.show()), "value")
        super().__init__([widgets.HBox([self.hand_picker, self.summary]), self.chart,
                          self.errors], **kwargs)  # fmt: skip
        self.add_class("kayalib-heatmap-explorer")
        self.relabel()

    @property
    def hand(self) -> tuple[Card, ...]:
        return tuple(sorted(self.hand_picker.value))

    def relabel(self) -> None:
        self.hand_picker.description = self.t("lesson_your_hand")
        self.show()

    def show(self) -> None:
        t, hand = self.t, self.hand
        self.summary.value = (
            f"<p>{cards_html(hand, t, width=36)}</p><p>{escape(t('lesson_pick_cards'))}</p>"
        )
        grid = probability_grid(hand)
        alt, table = heatmap_text(t, hand, grid)
        self.chart.draw(probability_heatmap_png(t, hand, grid=grid), alt, table,
                        t("lesson_chart_as_table"))  # fmt: skip


def _deal_trial(bid: Bid, hand: tuple[Card, ...],
                cards: int) -> Callable[[random.Random], tuple[bool, str]]:  # fmt: skip
    rest = [card for card in DECK if card not in set(hand)]

    def trial(rng: random.Random) -> tuple[bool, str]:
        drawn = rng.sample(rest, cards - len(hand))
        pool = tuple(sorted(hand + tuple(drawn)))
        return holds(bid, pool), " ".join(card.symbol for card in pool)

    return trial


class BidSimulator(widgets.VBox, Localized):
    """Choose a bid, the cards in play and your hand; deal 1 or 1000 random pools and watch the
    running estimate approach the exact probability. An unreadable hand clears the old result
    (no exact value of another question stays on screen). ``free=False`` keeps the bid, the
    cards and the hand it was made with (the page's question: no other question can be asked
    of it). Its :attr:`gate` opens when a simulator of it has dealt enough to show the exact
    value."""

    def __init__(self, bid: str = "pair A", cards: int = 6, hand: str = "", seed: int = 1, *,
                 free: bool = True, lang: str | None = None, **kwargs: Any) -> None:  # fmt: skip
        self.init_language(lang)
        self.errors = ErrorBanner(lambda: self.t)
        self.seed = seed
        self.free = free
        self.gate = Gate()
        self.bid_box = widgets.Dropdown(options=[(str(b), b) for b in LADDER],
                                        value=Bid.parse(bid))  # fmt: skip
        self.cards_box = slider(cards, 1, 24)
        self.hand_box = widgets.Text(value=hand, placeholder="A\u2660 10\u2665 / AS TH")
        self.apply_button = widgets.Button()
        self.holder = widgets.VBox()
        self.problem = widgets.HTML()
        self.relabelling = False  # new option labels must not deal afresh (the deals stay)
        self.apply_button.on_click(self.errors.guard(lambda _: self.rebuild()))
        self.bid_box.observe(self.errors.guard(lambda _: self._chosen()), "value")
        self.cards_box.observe(self.errors.guard(lambda _: self._chosen()), "value")
        controls = [widgets.HBox([self.bid_box, self.cards_box]),
                    widgets.HBox([self.hand_box, self.apply_button]), self.problem]
        super().__init__([*controls, self.holder, self.errors] if free else
                         [self.holder, self.errors], **kwargs)  # fmt: skip
        self.add_class("kayalib-bid-simulator")
        self.simulator: DealSimulator | None = None
        self._labels()
        self.rebuild()

    def _chosen(self) -> None:
        """A bid or a number of cards was chosen: a fresh simulator (not while relabelling)."""
        if not self.relabelling:
            self.rebuild()

    def _labels(self) -> None:
        t = self.t
        words = BlefWords(t)
        value = self.bid_box.value
        self.relabelling = True
        try:
            self.bid_box.options = [(f"#{b.index + 1} {words.bid_text(b)}", b) for b in LADDER]
            self.bid_box.value = value
        finally:
            self.relabelling = False
        self.bid_box.description = t("lesson_bid")
        self.cards_box.description = t("lesson_cards_in_play")
        self.hand_box.description = t("lesson_your_hand")
        self.apply_button.description = t("lesson_use_these")

    def relabel(self) -> None:
        self._labels()
        if self.simulator is None and self.hand_box.value.strip():
            self.rebuild()

    def rebuild(self) -> None:
        """A fresh simulator for the chosen bid, cards and hand."""
        bid: Bid = self.bid_box.value
        cards = self.cards_box.value
        self.problem.value = ""
        try:
            hand = tuple(sorted(parse_cards(self.hand_box.value)))
            exact = bid_probability(bid, hand, cards, exact=True)
        except KayalibError:
            self.simulator = None
            self.holder.children = ()
            self.problem.value = (
                f'<span style="color:#b00020">\u26a0 '
                f"{escape(self.t('lesson_bad_hand', hand=self.hand_box.value, cards=cards))}"
                "</span>"
            )
            return
        self.simulator = DealSimulator(
            _deal_trial(bid, hand, cards), exact,
            event=lambda t: BlefWords(t).bid_text(bid), seed=self.seed,
            lang=None if self.follows else self.lang,
        )  # fmt: skip
        self.gate.follow(self.simulator.gate)
        self.holder.children = (self.simulator,)


def aces_table_html(t: Translator, cards: int = 6) -> str:
    """Deals of ``cards`` cards with exactly x aces, x = 0..4, and their total C(24, cards)."""
    rows = [[x, f"C(4, {x}) · C(20, {cards - x})", t.number(ways_with_aces(x, cards), 0)]
            for x in range(5)]  # fmt: skip
    rows.append(["", t("lesson_together"), t.number(sum(ways_with_aces(x, cards)
                                                          for x in range(5)), 0)])  # fmt: skip
    return table_html([t("lesson_aces"), t("lesson_count_as"), t("lesson_deals")], rows)
