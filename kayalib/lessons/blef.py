"""Blef lessons: the ladder browser, a scripted game, probability heat maps, Deal 1 / Deal 1000
for a bid, and the fairness of the ladder (notebooks 02, 03 and 04).

Every word comes from the catalogue through :class:`~kayalib.words.BlefWords` (bids, cards,
events: the apps' narrator) and the lesson keys; numbers are written per language.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from fractions import Fraction
from math import comb
from typing import Any

import ipywidgets as widgets

from kayalib.blef import BID_KINDS, DECK, LADDER, Bid, Card, holds, parse_cards
from kayalib.blef.bids import BID_KINDS_PL
from kayalib.blef.bots import OddsBot
from kayalib.blef.game import CHECK, BlefRules, BlefState, CheckEvent, EliminatedEvent, EndEvent
from kayalib.blef.odds import bid_probability, probabilities
from kayalib.draw import blef_card_svg
from kayalib.draw.charts import heatmap_png, table_html
from kayalib.engine import turns
from kayalib.errors import KayalibError
from kayalib.i18n import Translator
from kayalib.lessons._widgets import ErrorBox, escape, guarded
from kayalib.lessons.language import Localized
from kayalib.lessons.montecarlo import DealSimulator
from kayalib.lessons.plots import Chart
from kayalib.lessons.stepper import Step, Stepper
from kayalib.words import BlefWords

__all__ = [
    "NAMES",
    "BidSimulator",
    "FairnessExplorer",
    "HeatmapExplorer",
    "LadderBrowser",
    "blef_walkthrough",
    "cards_html",
    "example_pool",
    "fair_kind_order",
    "fair_orders_html",
    "fairness_heatmap_png",
    "inversions_html",
    "kind_counts_html",
    "kind_inversions",
    "kind_probabilities",
    "kind_table_html",
    "max_cards_html",
    "probability_grid",
    "probability_heatmap_png",
    "ways_with_aces",
]

NAMES = ("Ala", "Bartek", "Celina", "Darek", "Ewa", "Franek", "Gosia", "Henryk")
"""The players of the lessons' Blef game, by seat."""


def cards_html(cards: Sequence[Card] | str, t: Translator, *, width: int = 46) -> str:
    """Blef cards drawn side by side (SVG, labelled in the language of ``t``)."""
    checked = parse_cards(cards) if isinstance(cards, str) else tuple(cards)
    if not checked:
        return f"<i>{escape(t('lesson_no_known_cards'))}</i>"
    names = BlefWords(t).suit_names()
    faces = "".join(
        blef_card_svg(card.rank, card.suit, width=width, suit_names=names) for card in checked
    )
    return f'<div style="display:flex;flex-wrap:wrap;gap:3px">{faces}</div>'


def example_pool(bid: Bid) -> tuple[Card, ...]:
    """The smallest pool that makes ``bid`` true (suits chosen from spades down).

    >>> [str(c) for c in example_pool(Bid.parse("full 9 A"))]
    ['9S', '9H', '9D', 'AS', 'AH']
    >>> all(holds(bid, example_pool(bid)) for bid in LADDER)
    True
    """
    need = {"high-card": (1,), "pair": (2,), "two-pair": (2, 2), "three": (3,), "full": (3, 2)}
    kind, params = bid.kind, bid.params
    if kind in need or kind == "four":
        counts = (4,) if kind == "four" else need[kind]
        return tuple(
            Card(rank, suit)
            for rank, count in zip(params, counts, strict=True)
            for suit in range(3, 3 - count, -1)
        )
    if kind in ("small-straight", "big-straight"):
        first = 0 if kind == "small-straight" else 1
        return tuple(Card(rank, 3 - rank % 4) for rank in range(first, first + 5))
    if kind == "flush":
        return tuple(Card(rank, params[0]) for rank in (0, 1, 2, 3, 5))
    first = 0 if kind == "small-poker" else 1
    return tuple(Card(rank, params[0]) for rank in range(first, first + 5))


SLIDER_LAYOUT = {"width": "100%", "max_width": "40em"}
"""A slider wide enough for its label in every language, and still room to slide."""


def _slider(value: int, low: int, high: int) -> widgets.IntSlider:
    return widgets.IntSlider(value=value, min=low, max=high, continuous_update=False,
                             style={"description_width": "initial"},
                             layout=SLIDER_LAYOUT)  # fmt: skip


# ---------------------------------------------------------------------------------------------
# Notebook 02: the ladder and a scripted game


def kind_counts_html(t: Translator) -> str:
    """Each kind of bid: its name, how many bids it has and its lowest bid."""
    words = BlefWords(t)
    rows = []
    for number, kind in enumerate(BID_KINDS, 1):
        bids = [b for b in LADDER if b.kind == kind]
        rows.append([number, words.kind(kind), BID_KINDS_PL[number - 1], len(bids),
                     words.bid_text(bids[0])])  # fmt: skip
    rows.append(["", t("lesson_all_bids"), "", len(LADDER), ""])
    return table_html(["#", t("lesson_kind"), t("lesson_polish_name"), t("lesson_bids"),
                       t("lesson_lowest")], rows)  # fmt: skip


def max_cards_html(t: Translator) -> str:
    """The classic card limit for 2 to 6 players (``BlefRules().max_cards``)."""
    rows = [[players, BlefRules(players=players).max_cards] for players in range(2, 7)]
    return table_html([t("lesson_players"), t("lesson_max_cards")], rows)


class LadderBrowser(widgets.VBox, Localized):
    """Browse the 83 bids: place, name (and the Polish original), meaning, an example pool, and
    the probability with no known cards for a chosen number of cards in play."""

    def __init__(self, start: int = 1, cards: int = 8, *, lang: str | None = None,
                 **kwargs: Any) -> None:  # fmt: skip
        self.init_language(lang)
        self.errors = ErrorBox()
        self.position = _slider(start, 1, len(LADDER))
        self.back_button = widgets.Button(layout={"width": "auto"})
        self.next_button = widgets.Button(layout={"width": "auto"})
        self.cards = _slider(cards, 1, 24)
        self.card = widgets.HTML()
        self.neighbours = widgets.HTML()
        self.back_button.on_click(guarded(self.errors)(lambda _: self.move(-1)))
        self.next_button.on_click(guarded(self.errors)(lambda _: self.move(+1)))
        self.position.observe(guarded(self.errors)(lambda _: self.show()), "value")
        self.cards.observe(guarded(self.errors)(lambda _: self.show()), "value")
        super().__init__(
            [widgets.HBox([self.back_button, self.position, self.next_button]), self.cards,
             self.card, self.neighbours, self.errors], **kwargs)  # fmt: skip
        self.add_class("kayalib-ladder-browser")
        self.relabel()

    @property
    def bid(self) -> Bid:
        """The bid on show."""
        return LADDER[self.position.value - 1]

    def move(self, step: int) -> None:
        self.position.value = max(1, min(len(LADDER), self.position.value + step))

    def relabel(self) -> None:
        t = self.t
        self.position.description = t("lesson_bid_number")
        self.back_button.description = "\u25c0 " + t("lesson_lower")
        self.next_button.description = t("lesson_higher") + " \u25b6"
        self.cards.description = t("lesson_cards_in_play")
        self.show()

    def show(self) -> None:
        t, bid = self.t, self.bid
        words = BlefWords(t)
        p = bid_probability(bid, "", self.cards.value, exact=True)
        kind_number = BID_KINDS.index(bid.kind) + 1
        original = "" if t.lang == "pl" else f" \u2014 <i>{escape(bid.polish())}</i>"
        self.card.value = (
            f"<h4>{escape(t('lesson_place_of', n=bid.index + 1, total=len(LADDER)))}: "
            f"<b>{escape(words.bid_text(bid))}</b>{original}</h4><p>"
            + escape(t("lesson_kind_of", n=kind_number, kind=words.kind(bid.kind)))
            + " " + escape(t("lesson_true_when", meaning=words.meaning(bid)))
            + f"</p>{cards_html(example_pool(bid), t)}<p>"
            + escape(t("lesson_chance_no_known", cards=self.cards.value,
                       p=t.percent(float(p), 2), exact=f"{p.numerator}/{p.denominator}"))
            + "</p>"
        )  # fmt: skip
        low, high = max(0, bid.index - 3), min(len(LADDER), bid.index + 4)
        rows = "".join(
            f"<li{' style=font-weight:bold' if other == bid else ''}>#{other.index + 1} "
            f"{escape(words.bid_text(other))}</li>"
            for other in LADDER[low:high]
        )
        self.neighbours.value = f"<small>{escape(t('lesson_neighbours'))}</small><ul>{rows}</ul>"
        self.back_button.disabled = bid.index == 0
        self.next_button.disabled = bid.index == len(LADDER) - 1


def _blef_table(state: BlefState, names: Sequence[str], t: Translator) -> str:
    words = BlefWords(t, lambda seat: names[seat])
    rows = []
    for seat, name in enumerate(names[: state.players]):
        count = state.counts[seat]
        if count == 0 and (state.outcome is None or seat not in state.outcome.winners):
            cards = f"<i>{escape(t('lesson_out_of_game'))}</i>"
        elif state.is_terminal:
            won = state.outcome is not None and seat in state.outcome.winners
            cards = f"<b>{escape(t('lesson_winner'))}</b>" if won else ""
        else:
            cards = cards_html(state.hands[seat], t, width=40)
        turn = f" \u25c0 {escape(t('lesson_to_act'))}" if state.current_player == seat else ""
        rows.append(
            f"<tr><td style='padding-right:1em'><b>{escape(name)}</b> "
            f"<small>({escape(t('seat_name', n=seat + 1))})</small>{turn}</td>"
            f"<td>{escape(t.count('lesson_n_cards', count, n=count))}</td><td>{cards}</td></tr>"
        )
    bids = " \u2192 ".join(
        f"{escape(names[seat])}: <b>{escape(words.bid_text(bid))}</b>" for seat, bid in state.bids
    )
    return (
        f"<table>{''.join(rows)}</table><p>"
        + escape(t("lesson_round_bids", round=state.round))
        + f" {bids or '<i>' + escape(t('lesson_none_yet')) + '</i>'}</p>"
    )


_OPENING_SCRIPT = ("high-card A", "pair 9", "check")


class _ScriptedBot(OddsBot):
    """Round 1 follows ``_OPENING_SCRIPT``; later rounds are played by the odds bot."""

    def decide(self, view: Any) -> Any:
        if view.round == 1 and len(view.bids) < len(_OPENING_SCRIPT):
            return BlefState.parse_action(_OPENING_SCRIPT[len(view.bids)])
        return super().decide(view)


def blef_game_steps(t: Translator, seed: int = 4, names: Sequence[str] = NAMES[:3]) -> list[Step]:
    """A whole game between three players (``max_cards = 2`` so it is short), told step by step
    through the real engine: round 1 is a rigged deal, later rounds come from ``seed`` and the
    odds bot."""
    rules = BlefRules(players=3, max_cards=2)
    state = start = BlefState.from_position(rules, ["AS", "9H", "KD"], starter=0, seed=seed)
    words = BlefWords(t, lambda seat: names[seat])
    steps = [Step(t("l02.deal_title"), _blef_table(state, names, t),
                  escape(t("l02.deal_text", a=names[0], b=names[1], c=names[2])))]  # fmt: skip
    for before, seat, action, _forced, state in turns(start, [_ScriptedBot()] * 3):
        new = state.events[len(before.events) :]
        if action is CHECK:
            check = next(event for event in new if isinstance(event, CheckEvent))
            text = escape(words.event_text(check, state.events))
            text += " " + escape(t("l02.claims", bid=words.bid_text(check.bid),
                                   meaning=words.meaning(check.bid)))  # fmt: skip
            text += cards_html(check.pool, t, width=34)
            for event in new:
                if isinstance(event, (EliminatedEvent, EndEvent)):
                    text += " " + escape(words.event_text(event, state.events))
            if not state.is_terminal:
                counts = ", ".join(f"{n} {c}" for n, c in zip(names, state.counts, strict=True))
                text += " " + escape(t("l02.next_round", counts=counts, total=state.total_cards))
            title = t("l02.check_title", round=check.round)
            steps.append(Step(title, _blef_table(state, names, t), text))
        else:
            chance = bid_probability(action, before.hands[seat], before.total_cards)
            own = "l02.own_true" if holds(action, before.hands[seat]) else "l02.own_not"
            text = " ".join([
                escape(words.event_text(new[-1], state.events)),
                escape(t("l02.bid_means", place=action.index + 1, polish=action.polish(),
                         meaning=words.meaning(action), cards=state.total_cards)),
                escape(t(own)),
                escape(t("l02.bid_chance", p=t.percent(chance, 0))),
            ])  # fmt: skip
            steps.append(Step(t("l02.bid_title", round=state.round),
                              _blef_table(state, names, t), text))  # fmt: skip
    steps.append(Step(t("l02.ends_title"), _blef_table(state, names, t),
                      escape(t("l02.ends_text", max_cards=rules.max_cards))))  # fmt: skip
    return steps


def blef_walkthrough(seed: int = 4, *, lang: str | None = None) -> Stepper:
    """The scripted Blef game as a Back / Next stepper."""
    return Stepper(lambda t: blef_game_steps(t, seed), lambda t: t("l02.stepper_title"),
                   lang=lang)  # fmt: skip


# ---------------------------------------------------------------------------------------------
# Notebook 03: counting, heat maps, Deal 1 / Deal 1000


def ways_with_aces(x: int, cards: int = 6) -> int:
    """Deals of ``cards`` cards from 24 with exactly ``x`` of the 4 aces."""
    return comb(4, x) * comb(20, cards - x)


def probability_grid(hand: Sequence[Card] | str = "") -> list[list[float]]:
    """``grid[bid.index][cards - 1]``: P(bid true) for 1..24 cards in play (NaN below |hand|)."""
    held = parse_cards(hand) if isinstance(hand, str) else tuple(hand)
    columns = [
        probabilities(held, cards) if cards >= len(held) else [math.nan] * len(LADDER)
        for cards in range(1, 25)
    ]
    return [[column[index] for column in columns] for index in range(len(LADDER))]


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


_TABLE_COLUMNS = (2, 4, 6, 8, 12, 16, 20)


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
        self.errors = ErrorBox()
        self.hand_picker = widgets.SelectMultiple(
            options=[(card.symbol, card) for card in DECK], value=parse_cards(hand), rows=8,
            layout={"width": "14em"})  # fmt: skip
        self.summary = widgets.HTML()
        self.chart = Chart(max_width="760px")
        self.hand_picker.observe(guarded(self.errors)(lambda _: self.show()), "value")
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


def _deal_trial(bid: Bid, hand: tuple[Card, ...], cards: int):
    rest = [card for card in DECK if card not in set(hand)]

    def trial(rng: random.Random) -> tuple[bool, str]:
        drawn = rng.sample(rest, cards - len(hand))
        pool = tuple(sorted(hand + tuple(drawn)))
        return holds(bid, pool), " ".join(card.symbol for card in pool)

    return trial


class BidSimulator(widgets.VBox, Localized):
    """Choose a bid, the cards in play and your hand; deal 1 or 1000 random pools and watch the
    running estimate approach the exact probability. An unreadable hand clears the old result
    (no exact value of another question stays on screen)."""

    def __init__(self, bid: str = "pair A", cards: int = 6, hand: str = "", seed: int = 1, *,
                 lang: str | None = None, **kwargs: Any) -> None:  # fmt: skip
        self.init_language(lang)
        self.errors = ErrorBox()
        self.seed = seed
        self.bid_box = widgets.Dropdown(options=[(str(b), b) for b in LADDER],
                                        value=Bid.parse(bid))  # fmt: skip
        self.cards_box = _slider(cards, 1, 24)
        self.hand_box = widgets.Text(value=hand, placeholder="A\u2660 10\u2665 / AS TH")
        self.apply_button = widgets.Button()
        self.holder = widgets.VBox()
        self.problem = widgets.HTML()
        self.apply_button.on_click(guarded(self.errors)(lambda _: self.rebuild()))
        self.bid_box.observe(guarded(self.errors)(lambda _: self.rebuild()), "value")
        self.cards_box.observe(guarded(self.errors)(lambda _: self.rebuild()), "value")
        super().__init__([widgets.HBox([self.bid_box, self.cards_box]),
                          widgets.HBox([self.hand_box, self.apply_button]), self.problem,
                          self.holder, self.errors], **kwargs)  # fmt: skip
        self.add_class("kayalib-bid-simulator")
        self.simulator: DealSimulator | None = None
        self._labels()
        self.rebuild()

    def _labels(self) -> None:
        t = self.t
        words = BlefWords(t)
        value = self.bid_box.value
        self.bid_box.options = [(f"#{b.index + 1} {words.bid_text(b)}", b) for b in LADDER]
        self.bid_box.value = value
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
        self.holder.children = (self.simulator,)


# ---------------------------------------------------------------------------------------------
# Notebook 04: is the ladder fair?


def kind_probabilities(cards: int) -> dict[str, Fraction]:
    """Exact P(true) of each kind of bid with no known cards (all bids of a kind are alike).

    >>> kind_probabilities(2)["pair"]
    Fraction(1, 46)
    """
    first: dict[str, Bid] = {}
    for bid in LADDER:
        first.setdefault(bid.kind, bid)
    return {kind: bid_probability(bid, "", cards, exact=True) for kind, bid in first.items()}


def kind_inversions(cards: int) -> list[tuple[str, str]]:
    """Every pair ``(lower kind, higher kind)`` of the seed's ladder, neighbours or not, where
    the higher kind is the more likely one with ``cards`` cards in play and no known cards.

    >>> len(kind_inversions(10)), kind_inversions(10)[:2]
    (7, [('pair', 'small-straight'), ('pair', 'big-straight')])
    """
    p = kind_probabilities(cards)
    return [
        (low, high)
        for i, low in enumerate(BID_KINDS)
        for high in BID_KINDS[i + 1 :]
        if p[high] > p[low]
    ]


def fair_kind_order(cards: int) -> list[str]:
    """The kinds from most to least likely (a fair ladder: higher = rarer); ties keep the seed's
    order.

    >>> fair_kind_order(10)[:4]
    ['high-card', 'small-straight', 'big-straight', 'pair']
    """
    p = kind_probabilities(cards)
    return sorted(BID_KINDS, key=lambda kind: (-p[kind], BID_KINDS.index(kind)))


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
        self.errors = ErrorBox()
        self.cards = _slider(cards, 1, 24)
        self.table = widgets.HTML()
        self.cards.observe(guarded(self.errors)(lambda _: self.show()), "value")
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


def aces_table_html(t: Translator, cards: int = 6) -> str:
    """Deals of ``cards`` cards with exactly x aces, x = 0..4, and their total C(24, cards)."""
    rows = [[x, f"C(4, {x}) · C(20, {cards - x})", t.number(ways_with_aces(x, cards), 0)]
            for x in range(5)]  # fmt: skip
    rows.append(["", t("lesson_together"), t.number(sum(ways_with_aces(x, cards)
                                                          for x in range(5)), 0)])  # fmt: skip
    return table_html([t("lesson_aces"), t("lesson_count_as"), t("lesson_deals")], rows)
