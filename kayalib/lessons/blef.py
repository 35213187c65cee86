"""Blef lessons: the ladder browser, a scripted round, probability heat maps, ladder fairness,
Deal 1 / Deal 1000 for a bid, and tournaments between bots (notebooks 02, 03, 04 and 07)."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import ipywidgets as widgets

from kayalib.blef import BID_KINDS, DECK, LADDER, Bid, Card, holds, parse_cards
from kayalib.blef.bids import BID_KINDS_PL
from kayalib.blef.bots import OddsBot, RandomBot
from kayalib.blef.game import (
    CHECK,
    Action,
    BlefRules,
    BlefState,
    BlefView,
    CheckEvent,
    EliminatedEvent,
    EndEvent,
)
from kayalib.blef.odds import bid_probability, probabilities
from kayalib.draw import blef_card_svg
from kayalib.lessons._widgets import ErrorBox, escape, guarded
from kayalib.lessons.montecarlo import DealSimulator
from kayalib.lessons.plots import chart_image, heatmap_png
from kayalib.lessons.stepper import Step, Stepper
from kayalib.lessons.tournament import TournamentRunner, show_win_rates, win_rate_rows
from kayalib.progress import ProgressCallback
from kayalib.simulate import simulate

__all__ = [
    "KIND_MEANING",
    "LESSON_BOTS",
    "BidSimulator",
    "BluffingSweep",
    "BluffingBot",
    "FairnessExplorer",
    "HeatmapExplorer",
    "LadderBrowser",
    "blef_tournament",
    "blef_walkthrough",
    "cards_html",
    "example_pool",
    "fair_kind_order",
    "fairness_heatmap_png",
    "heads_up",
    "kind_inversions",
    "kind_probabilities",
    "probability_grid",
    "probability_heatmap_png",
    "run_blef_tournament",
]

NAMES = ("Ala", "Bartek", "Celina", "Darek", "Ewa", "Franek", "Gosia", "Henryk")

KIND_MEANING = {
    "high-card": "at least one {0}",
    "pair": "at least two {0}s",
    "two-pair": "at least two {0}s and at least two {1}s",
    "three": "at least three {0}s",
    "small-straight": "a 9, 10, J, Q and K, any suits",
    "big-straight": "a 10, J, Q, K and A, any suits",
    "full": "at least three {0}s and at least two {1}s",
    "four": "all four {0}s",
    "flush": "at least five {0}",
    "small-poker": "the 9, 10, J, Q and K of {0}",
    "big-poker": "the 10, J, Q, K and A of {0}",
}
"""What each kind of bid claims about the pool of all dealt cards (``{0}``: first parameter)."""

_RANK_WORDS = ("9", "10", "J", "Q", "K", "A")
_SUIT_WORDS = ("clubs", "diamonds", "hearts", "spades")


def cards_html(cards: Sequence[Card] | str, *, width: int = 46, empty: str = "no cards") -> str:
    """Blef cards drawn side by side (SVG), in a wrapping row."""
    checked = parse_cards(cards) if isinstance(cards, str) else tuple(cards)
    if not checked:
        return f"<i>{escape(empty)}</i>"
    faces = "".join(blef_card_svg(card.rank, card.suit, width=width) for card in checked)
    return f'<div style="display:flex;flex-wrap:wrap;gap:3px">{faces}</div>'


def meaning(bid: Bid) -> str:
    """What ``bid`` claims, in words: ``pair K`` -> "at least two Ks"."""
    words = [
        _SUIT_WORDS[value]
        if bid.kind in ("flush", "small-poker", "big-poker")
        else _RANK_WORDS[value]
        for value in bid.params
    ]
    return KIND_MEANING[bid.kind].format(*words)


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


# ---------------------------------------------------------------------------------------------
# Notebook 02: the ladder and a scripted round


class LadderBrowser(widgets.VBox):
    """Browse the 83 bids: position, English and Polish names, meaning, an example pool, and the
    probability with no known cards for a chosen number of cards in play."""

    def __init__(self, start: int = 1, cards: int = 8, **kwargs: Any) -> None:
        self.errors = ErrorBox()
        self.position = widgets.IntSlider(
            value=start, min=1, max=len(LADDER), description="Bid #", continuous_update=False
        )
        self.back_button = widgets.Button(description="◀ lower", layout={"width": "80px"})
        self.next_button = widgets.Button(description="higher ▶", layout={"width": "80px"})
        self.cards = widgets.IntSlider(
            value=cards,
            min=1,
            max=24,
            description="Cards in play",
            continuous_update=False,
            style={"description_width": "initial"},
        )
        self.card = widgets.HTML()
        self.neighbours = widgets.HTML()
        self.back_button.on_click(guarded(self.errors)(lambda _: self.move(-1)))
        self.next_button.on_click(guarded(self.errors)(lambda _: self.move(+1)))
        self.position.observe(guarded(self.errors)(lambda _: self.show()), "value")
        self.cards.observe(guarded(self.errors)(lambda _: self.show()), "value")
        super().__init__(
            [
                widgets.HBox([self.back_button, self.position, self.next_button]),
                self.cards,
                self.card,
                self.neighbours,
                self.errors,
            ],
            **kwargs,
        )
        self.add_class("kayalib-ladder-browser")
        self.show()

    @property
    def bid(self) -> Bid:
        """The bid on show."""
        return LADDER[self.position.value - 1]

    def move(self, step: int) -> None:
        self.position.value = max(1, min(len(LADDER), self.position.value + step))

    def show(self) -> None:
        bid = self.bid
        p = bid_probability(bid, "", self.cards.value, exact=True)
        kind_number = BID_KINDS.index(bid.kind) + 1
        self.card.value = (
            f"<h4>#{bid.index + 1} of {len(LADDER)}: <code>{escape(str(bid))}</code> "
            f"— <i>{escape(bid.polish())}</i></h4>"
            f"<p>Kind {kind_number} of 11 ({escape(bid.kind)}, "
            f"<i>{escape(BID_KINDS_PL[kind_number - 1])}</i>). True when all the cards dealt "
            f"hold <b>{escape(meaning(bid))}</b>. The smallest pool that makes it true:</p>"
            f"{cards_html(example_pool(bid))}"
            f"<p>With {self.cards.value} cards in play and none of them known, the chance it "
            f"is true: <b>{float(p):.2%}</b> (exactly {p}).</p>"
        )
        low, high = max(0, bid.index - 3), min(len(LADDER), bid.index + 4)
        bold = ' style="font-weight:bold"'
        rows = "".join(
            f"<li{bold if other == bid else ''}>#{other.index + 1} {escape(str(other))}</li>"
            for other in LADDER[low:high]
        )
        self.neighbours.value = f"<small>Neighbours on the ladder:</small><ul>{rows}</ul>"
        self.back_button.disabled = bid.index == 0
        self.next_button.disabled = bid.index == len(LADDER) - 1


def _blef_table(state: BlefState, names: Sequence[str], *, reveal: bool = True) -> str:
    rows = []
    for seat, name in enumerate(names):
        count = state.counts[seat] if seat < len(state.counts) else 0
        if count == 0 and state.winner != seat:
            cards = "<i>out of the game</i>"
        elif state.is_terminal:
            cards = "<b>winner!</b>" if state.winner == seat else ""
        else:
            cards = cards_html(state.hands[seat], width=40) if reveal else f"{count} cards"
        turn = " ◀ to act" if state.current_player == seat else ""
        rows.append(
            f"<tr><td style='padding-right:1em'><b>{escape(name)}</b>{turn}</td>"
            f"<td>{count} card{'s' if count != 1 else ''}</td><td>{cards}</td></tr>"
        )
    bids = " → ".join(
        f"{escape(names[seat])}: <code>{escape(str(bid))}</code>" for seat, bid in state.bids
    )
    return (
        f"<table>{''.join(rows)}</table>"
        f"<p>Round {state.round}. Bids this round: {bids or '<i>none yet</i>'}</p>"
    )


_OPENING_SCRIPT = ("high-card A", "pair 9", "check")


def _scripted_action(state: BlefState, bot: OddsBot, rng: random.Random) -> Any:
    """Round 1 follows ``_OPENING_SCRIPT``; later rounds are played by the odds bot."""
    if state.round == 1 and len(state.bids) < len(_OPENING_SCRIPT):
        text = _OPENING_SCRIPT[len(state.bids)]
        return CHECK if text == "check" else Bid.parse(text)
    seat = state.current_player
    assert seat is not None
    return bot.choose(state.view(seat), rng)


def blef_walkthrough(seed: int = 4, names: Sequence[str] = NAMES[:3]) -> Stepper:
    """A whole Blef game between three players (``max_cards = 2`` so it is short), replayed step
    by step through the real engine: round 1 is a rigged deal, later rounds come from ``seed``."""
    rules = BlefRules(players=3, max_cards=2)
    state = BlefState.from_hands(rules, ["AS", "9H", "KD"], starter=0, seed=seed)
    names = list(names)
    bot = OddsBot()
    rng = random.Random(seed)
    steps = [
        Step(
            "The deal",
            _blef_table(state, names),
            "Three players, Ala, Bartek and Celina. Each gets one card in the first round. "
            "Everybody sees only their own card "
            "(here we peek at all of them). Bids are about <b>all the cards dealt</b> together: "
            "3 cards now.",
        )
    ]
    while not state.is_terminal:
        seat = state.current_player
        assert seat is not None
        action = _scripted_action(state, bot, rng)
        before = len(state.events)
        state = state.apply(action)
        new = state.events[before:]
        name = names[seat]
        if action is CHECK:
            check = next(event for event in new if isinstance(event, CheckEvent))
            loser = names[check.loser]
            verdict = "true" if check.true else "false"
            text = (
                f"<b>{escape(name)}</b> says <i>sprawdzam</i> (check): everybody shows their cards."
                f" The pool is {cards_html(check.pool, width=34)} <code>{escape(str(check.bid))}"
                f"</code> claims {escape(meaning(check.bid))}: it is <b>{verdict}</b>, so "
                f"<b>{escape(loser)}</b> loses the round "
                + ("(the checker was wrong)." if check.true else "(the bidder was caught).")
            )
            for event in new:
                if isinstance(event, EliminatedEvent):
                    text += (
                        f" {escape(names[event.seat])} would need more than "
                        f"{rules.max_cards} cards, so {escape(names[event.seat])} is "
                        "<b>eliminated</b>."
                    )
                if isinstance(event, EndEvent):
                    text += f" Only {escape(names[event.winner])} is left: <b>the winner</b>!"
            if not state.is_terminal:
                text += (
                    " Next round the loser gets one more card: counts are now "
                    + ", ".join(
                        f"{escape(n)} {c}" for n, c in zip(names, state.counts, strict=True)
                    )
                    + f" ({state.total_cards} cards in play)."
                )
            title = f"Round {check.round}: check"
            if not state.is_terminal:
                title += f" (the table shows the new deal of round {state.round})"
            steps.append(Step(title, _blef_table(state, names), text))
        else:
            holds_it = holds(action, state.hands[seat])
            chance = bid_probability(action, state.hands[seat], state.total_cards)
            own = "true from their own cards alone" if holds_it else "not in their own hand"
            text = (
                f"<b>{escape(name)}</b> bids <code>{escape(str(action))}</code> "
                f"(<i>{escape(action.polish())}</i>, #{action.index + 1} on the ladder): "
                f"{escape(meaning(action))} among all {state.total_cards} cards. It is {own}"
                + ("." if holds_it else " — a bet on the other cards, or a bluff.")
                + f" Knowing only their own cards, the chance it is true is {chance:.0%}."
                " The next player must bid higher or check."
            )
            steps.append(Step(f"Round {state.round}: a bid", _blef_table(state, names), text))
    steps.append(
        Step(
            "Two ways to end",
            _blef_table(state, names),
            "This game used the <b>classic</b> end: a player whose card count would pass "
            f"<code>max_cards</code> (here {rules.max_cards}; by default 23 ÷ players, rounded "
            "down) is out, so at least one card always stays undealt. In <b>deck</b> mode "
            "there is no limit: before each deal, while the counts add up to 24 or more, the "
            "player with the most cards is out. Either way the last player left wins.",
        )
    )
    return Stepper(steps, title="Blef, one game step by step")


# ---------------------------------------------------------------------------------------------
# Notebook 03: probabilities as heat maps, Deal 1 / Deal 1000


def probability_grid(hand: Sequence[Card] | str = "") -> list[list[float]]:
    """``grid[bid.index][cards - 1]``: P(bid true) for 1..24 cards in play (NaN below |hand|)."""
    held = parse_cards(hand) if isinstance(hand, str) else tuple(hand)
    columns = [
        probabilities(held, cards) if cards >= len(held) else [math.nan] * len(LADDER)
        for cards in range(1, 25)
    ]
    return [[column[index] for column in columns] for index in range(len(LADDER))]


def probability_heatmap_png(hand: Sequence[Card] | str = "", *, width: float = 9.0) -> bytes:
    """The heat map of every bid (rows, lowest at the top) over 1..24 cards in play."""
    held = parse_cards(hand) if isinstance(hand, str) else tuple(hand)
    known = " ".join(card.symbol for card in held) or "no known cards"
    return heatmap_png(
        probability_grid(held),
        [f"{bid.index + 1:2d} {bid}" for bid in LADDER],
        [str(n) for n in range(1, 25)],
        title=f"P(bid is true) — your hand: {known}",
        xlabel="number of cards in play (all players together)",
        ylabel="bid (ladder order, lowest at the top)",
        colorbar_label="probability the bid is true",
        width=width,
        height=13.0,
    )


class HeatmapExplorer(widgets.VBox):
    """Pick the cards in your hand; see the exact probability of every bid for 1..24 cards."""

    def __init__(self, hand: str = "", **kwargs: Any) -> None:
        self.errors = ErrorBox()
        self.hand_picker = widgets.SelectMultiple(
            options=[(card.symbol, card) for card in DECK],
            value=parse_cards(hand),
            rows=8,
            description="Your hand",
            layout={"width": "14em"},
        )
        self.summary = widgets.HTML()
        self.image = widgets.Image(format="png", layout={"max_width": "760px"})
        self.hand_picker.observe(guarded(self.errors)(lambda _: self.show()), "value")
        super().__init__(
            [
                widgets.HBox([self.hand_picker, self.summary]),
                self.image,
                self.errors,
            ],
            **kwargs,
        )
        self.add_class("kayalib-heatmap-explorer")
        self.show()

    @property
    def hand(self) -> tuple[Card, ...]:
        return tuple(sorted(self.hand_picker.value))

    def show(self) -> None:
        hand = self.hand
        self.summary.value = (
            f"<p>Hand: {cards_html(hand, width=36, empty='no known cards')}</p>"
            "<p>Ctrl/Shift-click to pick several cards. Columns left of your hand size are "
            "blank: you cannot have more cards than are in play.</p>"
        )
        self.image.value = probability_heatmap_png(hand)


def _deal_trial(bid: Bid, hand: tuple[Card, ...], cards: int):
    rest = [card for card in DECK if card not in set(hand)]

    def trial(rng: random.Random) -> tuple[bool, str]:
        drawn = rng.sample(rest, cards - len(hand))
        pool = tuple(sorted(hand + tuple(drawn)))
        return holds(bid, pool), " ".join(card.symbol for card in pool)

    return trial


class BidSimulator(widgets.VBox):
    """Choose a bid, the cards in play and your hand; deal 1 or 1000 random pools and watch the
    running estimate approach the exact probability."""

    def __init__(
        self, bid: str = "pair A", cards: int = 6, hand: str = "", seed: int = 1, **kwargs: Any
    ) -> None:
        self.errors = ErrorBox()
        self.seed = seed
        self.bid_box = widgets.Dropdown(
            options=[(f"#{b.index + 1} {b}", b) for b in LADDER],
            value=Bid.parse(bid),
            description="Bid",
        )
        self.cards_box = widgets.IntSlider(
            value=cards,
            min=1,
            max=24,
            description="Cards in play",
            continuous_update=False,
            style={"description_width": "initial"},
        )
        self.hand_box = widgets.Text(value=hand, description="Your hand", placeholder="e.g. AS KH")
        self.apply_button = widgets.Button(description="Use these")
        self.holder = widgets.VBox()
        self.apply_button.on_click(guarded(self.errors)(lambda _: self.rebuild()))
        self.bid_box.observe(guarded(self.errors)(lambda _: self.rebuild()), "value")
        self.cards_box.observe(guarded(self.errors)(lambda _: self.rebuild()), "value")
        super().__init__(
            [
                widgets.HBox([self.bid_box, self.cards_box]),
                widgets.HBox([self.hand_box, self.apply_button]),
                self.holder,
                self.errors,
            ],
            **kwargs,
        )
        self.add_class("kayalib-bid-simulator")
        self.simulator: DealSimulator
        self.rebuild()

    def rebuild(self) -> None:
        """A fresh simulator for the chosen bid, cards and hand (raises on a bad hand)."""
        bid: Bid = self.bid_box.value
        hand = tuple(sorted(parse_cards(self.hand_box.value)))
        cards = self.cards_box.value
        exact = bid_probability(bid, hand, cards, exact=True)
        self.simulator = DealSimulator(
            _deal_trial(bid, hand, cards),
            exact,
            event=str(bid),
            seed=self.seed,
        )
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
    """Pairs ``(lower kind, higher kind)``, adjacent on the ladder, where the higher kind is the
    more likely one with ``cards`` cards in play and no known cards.

    >>> kind_inversions(10)
    [('three', 'small-straight'), ('four', 'flush')]
    """
    p = kind_probabilities(cards)
    return [
        (low, high) for low, high in zip(BID_KINDS, BID_KINDS[1:], strict=False) if p[high] > p[low]
    ]


def fair_kind_order(cards: int) -> list[str]:
    """The kinds from most to least likely (a fair ladder: higher = rarer); ties keep the seed's
    order.

    >>> fair_kind_order(10)[:4]
    ['high-card', 'small-straight', 'big-straight', 'pair']
    """
    p = kind_probabilities(cards)
    return sorted(BID_KINDS, key=lambda kind: (-p[kind], BID_KINDS.index(kind)))


def fairness_heatmap_png(width: float = 9.0) -> bytes:
    """P(kind true) for 1..24 cards; red boxes mark a kind more likely than the kind below it."""
    grid = [[float(kind_probabilities(n)[kind]) for n in range(1, 25)] for kind in BID_KINDS]
    marks = [(BID_KINDS.index(high), n - 1) for n in range(1, 25) for _, high in kind_inversions(n)]
    return heatmap_png(
        grid,
        [f"{i + 1}. {kind}" for i, kind in enumerate(BID_KINDS)],
        [str(n) for n in range(1, 25)],
        title="P(kind is true), no known cards; red box = more likely than the kind below it",
        xlabel="number of cards in play",
        ylabel="kind of bid (seed's ladder, lowest at the top)",
        colorbar_label="probability the bid is true",
        width=width,
        height=4.2,
        marks=marks,
    )


class FairnessExplorer(widgets.VBox):
    """For a number of cards in play: the seed's order of the kinds beside the fair order."""

    def __init__(self, cards: int = 10, **kwargs: Any) -> None:
        self.errors = ErrorBox()
        self.cards = widgets.IntSlider(
            value=cards,
            min=1,
            max=24,
            description="Cards in play",
            continuous_update=False,
            style={"description_width": "initial"},
        )
        self.table = widgets.HTML()
        self.cards.observe(guarded(self.errors)(lambda _: self.show()), "value")
        super().__init__([self.cards, self.table, self.errors], **kwargs)
        self.add_class("kayalib-fairness-explorer")
        self.show()

    def show(self) -> None:
        n = self.cards.value
        p = kind_probabilities(n)
        fair = fair_kind_order(n)
        unfair = {high for _, high in kind_inversions(n)}
        rows = []
        for place, (seed_kind, fair_kind) in enumerate(zip(BID_KINDS, fair, strict=True), 1):
            flag = " ⚠" if seed_kind in unfair else ""
            rows.append(
                f"<tr><td>{place}</td><td>{escape(seed_kind)}{flag}</td>"
                f"<td>{float(p[seed_kind]):.4f}</td><td>{escape(fair_kind)}</td>"
                f"<td>{float(p[fair_kind]):.4f}</td></tr>"
            )
        self.table.value = (
            f"<p>{n} cards in play, no known cards. ⚠ = more likely than the kind below it "
            "on the seed's ladder.</p><table><tr><th>place (low→high)</th><th>seed's ladder</th>"
            "<th>P(true)</th><th>fair ladder</th><th>P(true)</th></tr>" + "".join(rows) + "</table>"
        )


# ---------------------------------------------------------------------------------------------
# Notebook 07: bots and bluffing


class BluffingBot(OddsBot):
    """The odds bot, except that with probability ``bluff`` it raises to a random bid up to
    ``reach`` steps above the last one, whatever the odds (a bluff)."""

    def __init__(self, bluff: float = 0.3, reach: int = 6, confidence: float = 0.5) -> None:
        super().__init__(confidence)
        self.bluff = bluff
        self.reach = reach
        self.name = f"bluffer {bluff:.0%}"

    def policy(self, view: BlefView) -> dict[Action, float]:
        """The exact mix: the odds bot's move, or (with chance ``bluff``) one of the bluffs."""
        honest = self.decide(view)
        last = view.last_bid
        start = 0 if last is None else last.index + 1
        if start >= len(LADDER):
            return {honest: 1.0}
        mix: dict[Action, float] = {honest: 1.0 - self.bluff}
        for step in range(self.reach):
            bid = LADDER[min(len(LADDER) - 1, start + step)]
            mix[bid] = mix.get(bid, 0.0) + self.bluff / self.reach
        return {action: p for action, p in mix.items() if p > 0}

    def choose(self, view: BlefView, rng: random.Random) -> Action:
        last = view.last_bid
        start = 0 if last is None else last.index + 1
        if start < len(LADDER) and rng.random() < self.bluff:
            return LADDER[min(len(LADDER) - 1, start + rng.randrange(self.reach))]
        return self.decide(view)


def _cautious() -> OddsBot:
    bot = OddsBot(confidence=0.7)
    bot.name = "cautious odds"  # type: ignore[misc]
    return bot


def _bold() -> OddsBot:
    bot = OddsBot(confidence=0.3)
    bot.name = "bold odds"  # type: ignore[misc]
    return bot


LESSON_BOTS = {
    "random": RandomBot,
    "odds": OddsBot,
    "cautious odds": _cautious,
    "bold odds": _bold,
    "bluffer 10%": lambda: BluffingBot(0.1),
    "bluffer 30%": lambda: BluffingBot(0.3),
    "bluffer 60%": lambda: BluffingBot(0.6),
}
"""The bots of the bluffing lesson: the engine's two plus odds bots with other thresholds and
odds bots that bluff some of the time."""


def run_blef_tournament(
    bots: list[str], games: int, seed: int, progress: ProgressCallback | None = None
) -> tuple[int, ...]:
    """Wins by seat of ``games`` classic games between ``LESSON_BOTS`` (names)."""
    rules = BlefRules(players=len(bots))
    players = [LESSON_BOTS[name]() for name in bots]
    return simulate("blef", players, games, seed, rules, progress=progress).wins


def blef_tournament(
    seats: Sequence[str] = ("odds", "bluffer 30%", "random"), games: int = 200, seed: int = 1
) -> TournamentRunner:
    """A ``TournamentRunner`` for Blef between the lesson bots."""
    return TournamentRunner(
        run_blef_tournament,
        list(LESSON_BOTS),
        seats=seats,
        games=games,
        seed=seed,
        game_name="Blef",
    )


def heads_up(
    bot: str,
    against: str = "odds",
    games: int = 100,
    seed: int = 3,
    progress: ProgressCallback | None = None,
) -> tuple[int, int]:
    """``(wins of bot, games played)`` over ``2 * games`` two-player games against ``against``,
    half with ``bot`` in seat 0 and half in seat 1 (so neither always starts first)."""

    def part(offset: int) -> ProgressCallback | None:
        if progress is None:
            return None
        return lambda done, total: progress(offset + done, 2 * games)

    first = run_blef_tournament([bot, against], games, seed, part(0))
    second = run_blef_tournament([against, bot], games, seed + 1, part(games))
    return first[0] + second[1], 2 * games


class BluffingSweep(widgets.VBox):
    """Heads-up win rates of several bots against one opponent (default ``odds``), with 95%
    intervals; runs only when asked (it takes a few seconds)."""

    def __init__(
        self,
        bots: Sequence[str] = (
            "odds",
            "bluffer 10%",
            "bluffer 30%",
            "bluffer 60%",
            "cautious odds",
        ),
        against: str = "odds",
        games: int = 60,
        seed: int = 3,
        **kwargs: Any,
    ) -> None:
        self.bots = list(bots)
        self.errors = ErrorBox()
        self.against = widgets.Dropdown(
            options=list(LESSON_BOTS), value=against, description="Against"
        )
        self.games = widgets.BoundedIntText(
            value=games,
            min=10,
            max=1000,
            step=10,
            description="Games/side",
            style={"description_width": "initial"},
            layout={"width": "14em"},
        )
        self.seed = seed
        self.run_button = widgets.Button(description="Run the sweep", button_style="primary")
        self.progress = widgets.IntProgress(value=0, min=0, max=1, description="Progress")
        self.table = widgets.HTML()
        self.chart = chart_image()
        self.results: list[tuple[str, float, float, float]] = []
        self.run_button.on_click(guarded(self.errors)(lambda _: self.run()))
        super().__init__(
            [
                widgets.HBox([self.against, self.games, self.run_button]),
                self.progress,
                self.table,
                self.chart,
                self.errors,
            ],
            **kwargs,
        )
        self.add_class("kayalib-bluffing-sweep")

    def run(self) -> list[tuple[str, float, float, float]]:
        games = int(self.games.value)
        total = len(self.bots) * 2 * games
        self.progress.max = total
        self.progress.value = 0
        step = max(1, total // 100)
        wins = []
        for i, bot in enumerate(self.bots):

            def progress(done: int, _total: int, base: int = i * 2 * games) -> None:
                if done % step == 0 or done == 2 * games:
                    self.progress.value = base + done

            won, played = heads_up(bot, self.against.value, games, self.seed, progress)
            wins.append(won)
        self.progress.bar_style = "success"
        played = 2 * games
        self.results = win_rate_rows(self.bots, wins, played)
        show_win_rates(
            self.table,
            self.chart,
            self.results,
            wins,
            played=played,
            first_column="bot",
            labels=self.bots,
            chart_labels=[bot.replace(" ", "\n") for bot in self.bots],
            reference=0.5,
            reference_label="even",
            title=f"Heads-up win rate against {self.against.value} ({played} games each)",
            xlabel="bot",
        )
        return self.results
