"""What a bid says about the bidder's hand: opponent models, rebuilt views and likelihoods.

The parts of :mod:`kayalib.blef.inference` that concern one opponent at a time: how it is
thought to bid (:class:`OpponentModel`), the view it had at each of its bids had it held a given
hand (:func:`opponent_view`), and the likelihood of its bids with that hand (:func:`likelihood`
for one hand, exactly; :func:`hand_likelihoods` for many, in floats).

>>> from kayalib.blef.game import BlefRules, BlefState
>>> view = BlefState.from_position(BlefRules(players=2), ["KS", "9H"], starter=0).apply(
...     "high-card K").view(1)
>>> odds = OpponentModel.named("odds", bluff=Fraction(1, 5))
>>> likelihood(view, 0, "KS", odds, exact=True), likelihood(view, 0, "9S", odds, exact=True)
(Fraction(333, 415), Fraction(1, 415))
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from math import isfinite
from numbers import Real
from typing import Literal, overload

import numpy as np

from kayalib.blef.actions import Action
from kayalib.blef.bids import LADDER, Bid
from kayalib.blef.cards import Card, check_cards
from kayalib.blef.events import BidEvent, DealEvent
from kayalib.blef.masks import cards_of
from kayalib.blef.view import BlefView, legal_after
from kayalib.engine import Chain, Event, Node, Policy
from kayalib.errors import ArgumentError

__all__ = [
    "CHECK_INDEX",
    "Bidder",
    "OpponentModel",
    "action_index",
    "hand_likelihoods",
    "likelihood",
    "opponent_view",
]

CHECK_INDEX = len(LADDER)
"""The index :func:`action_index` gives the check (the bids are 0..82)."""




def action_index(action: Action) -> int:
    """``bid.index`` for a bid, :data:`CHECK_INDEX` for the check (the vectorised policies'
    action numbers)."""
    return action.index if isinstance(action, Bid) else CHECK_INDEX


def _as_fraction(value: float | Fraction) -> Fraction:
    """A probability as a fraction: a float is read as the nearest fraction with a denominator
    of at most a million (exact for kayalib's bots, whose probabilities are 1 and 1/n)."""
    if isinstance(value, float):
        return Fraction(value).limit_denominator(1_000_000)
    return Fraction(value)


@dataclass(frozen=True)
class OpponentModel:
    """How an opponent is thought to bid: ``bot``'s exact policy, mixed with the bluff rate.

    With probability ``1 - bluff`` the opponent does what ``bot.policy(view)`` says; with
    probability ``bluff`` it picks uniformly among its legal actions. A float bluff rate is
    read as its shortest decimal in exact arithmetic (``0.1`` is ``1/10``).
    """

    bot: Policy[BlefView, Action]
    """(a bot may also offer ``action_probabilities(view, hands, action)``, the policy of one
    action for many hands at once)"""
    bluff: float | Fraction = 0.0

    def __post_init__(self) -> None:
        if not callable(getattr(self.bot, "policy", None)):
            raise ArgumentError(
                f"an opponent model needs a bot with policy(view), not {self.bot!r}"
            )
        rate = self.bluff
        if isinstance(rate, bool) or not isinstance(rate, Real) or not isfinite(float(rate)):
            raise ArgumentError(f"the bluff rate must be a number from 0 to 1, not {rate!r}")
        if not 0 <= rate <= 1:
            raise ArgumentError(f"the bluff rate must be from 0 to 1, not {rate}")

    @classmethod
    def named(cls, name: str, bluff: float | Fraction = 0.0) -> OpponentModel:
        """The model of a registered Blef bot (``random``, ``honest``, ``odds``, ...)."""
        from kayalib.registry import make_bot

        return cls(make_bot("blef", name), bluff)

    @property
    def name(self) -> str:
        return str(getattr(self.bot, "name", type(self.bot).__name__))

    @property
    def exact_bluff(self) -> Fraction:
        rate = self.bluff
        return Fraction(repr(rate)) if isinstance(rate, float) else Fraction(rate)


# ------------------------------------------------------------------ the opponent's view


def _current_deal(view: BlefView) -> int:
    """The position in ``view.events`` of this round's deal."""
    for index in range(len(view.events) - 1, -1, -1):
        event = view.events[index]
        if isinstance(event, DealEvent) and event.round == view.round:
            return index
    raise ArgumentError(f"the view has no deal of round {view.round}")


# The hidden log before this round's deal, for the last few rounds: a bot rebuilds views at each
# of its turns. By (seat, the deal), which is kept, so its id stays its own: the log before a
# deal is the same for every view of the same game and seat.
_PREFIXES: dict[tuple[int, int], tuple[DealEvent, tuple[Event, ...]]] = {}


def _hidden_prefix(view: BlefView, seat: int, deal: DealEvent, after: int) -> tuple[Event, ...]:
    """The events of ``view``'s log before ``deal`` (followed by ``after`` events) with every
    hand of their deals hidden (who held what is not public)."""
    key = (seat, id(deal))
    found = _PREFIXES.get(key)
    if found is not None and found[0] is deal:
        return found[1]
    hidden = []
    for event in view.events[: len(view.events) - after - 1]:
        if isinstance(event, DealEvent):
            hands = tuple(None if hand is None or hand else hand for hand in event.hands)
            event = DealEvent(event.round, hands, event.starter, event.dealt)
        hidden.append(event)
    if len(_PREFIXES) >= 64:
        _PREFIXES.clear()
    _PREFIXES[key] = (deal, tuple(hidden))
    return _PREFIXES[key][1]


def clear_prefixes() -> None:
    """Forget the remembered hidden logs (for cold timings)."""
    _PREFIXES.clear()


@dataclass
class _Rebuild:
    """Rebuilds the views of one seat of ``view``'s round (the shared parts made once)."""

    view: BlefView
    seat: int
    prefix: tuple[Event, ...] = field(init=False)
    bid_events: tuple[Event, ...] = field(init=False)
    node: Node = field(init=False)  # the prefix as a chain's earlier batch

    def __post_init__(self) -> None:
        view = self.view
        if not isinstance(view, BlefView):
            raise ArgumentError(f"a Blef view is needed, not {view!r}")
        if view.outcome is not None or not view.total_cards:
            raise ArgumentError("the game is over: there is no round to reason about")
        seat_ok = isinstance(self.seat, int) and not isinstance(self.seat, bool)
        if not (seat_ok and 0 <= self.seat < view.players and view.counts[self.seat]):
            raise ArgumentError(f"seat {self.seat} holds no cards this round")
        # The round's deal and its bids are the log's last events: read them alone (the
        # whole log is made only when something else follows, or for a new prefix).
        tail = view.chain.last(len(view.bids) + 1)
        if not (
            len(tail) == len(view.bids) + 1
            and isinstance(tail[0], DealEvent)
            and tail[0].round == view.round
            and all(isinstance(event, BidEvent) for event in tail[1:])
        ):
            tail = view.events[_current_deal(view) :]
        deal, self.bid_events = tail[0], tail[1:]
        assert isinstance(deal, DealEvent)  # found as this round's deal, either way
        self.prefix = _hidden_prefix(view, self.seat, deal, len(self.bid_events))
        self.node = (self.prefix, None) if self.prefix else None

    def at(self, step: int, hand: tuple[Card, ...]) -> BlefView:
        view, seat = self.view, self.seat
        hands = tuple(
            hand if other == seat else (None if count else ())
            for other, count in enumerate(view.counts)
        )
        deal = DealEvent(view.round, hands, view.starter, view.counts)
        return BlefView(
            seat=seat,
            hand=hand,
            counts=view.counts,
            total_cards=view.total_cards,
            round=view.round,
            starter=view.starter,
            bids=view.bids[:step],
            current_player=seat,
            outcome=None,
            # the prefix is shared as the chain's earlier batch, not copied into every view
            chain=Chain((deal, *self.bid_events[:step]), self.node),
            laid=view.laid,
        )


def opponent_view(view: BlefView, step: int, hand: Iterable[Card] | str) -> BlefView:
    """The view the seat that made bid ``step`` of this round had just before it, had it held
    ``hand`` (``step == len(view.bids)``: the seat to act now).

    It is built from public facts only (counts, starter, round, the bids before ``step``) and
    the hypothesised hand, and is the view the engine hands that seat, with one exception: in
    the log's deals of *earlier* rounds every hand is hidden, since who held what then is not
    public (the pools shown at each check are kept). In the first round it is exactly the
    engine's view.

    >>> from kayalib.blef.game import BlefRules, BlefState
    >>> state = BlefState.from_position(BlefRules(players=3), ["AS", "9H", "KD"], starter=0)
    >>> state = state.apply("high-card A").apply("pair K")
    >>> opponent_view(state.view(2), 1, "9H") == state.view(1).__class__(**{
    ...     **state.view(1).__dict__, "bids": state.bids[:1], "current_player": 1,
    ...     "chain": Chain(state.view(1).events[:-1])})
    True
    """
    if not isinstance(step, int) or not 0 <= step <= len(view.bids):
        raise ArgumentError(
            f"step must be 0..{len(view.bids)} (a bid of this round), not {step!r}"
        )
    seat = view.bids[step][0] if step < len(view.bids) else view.current_player
    if seat is None:
        raise ArgumentError("nobody is to act: the game is over")
    cards = tuple(sorted(check_cards(hand)))
    if len(cards) != view.counts[seat]:
        raise ArgumentError(f"seat {seat} holds {view.counts[seat]} cards, not {len(cards)}")
    if seat != view.seat and set(cards) & set(view.hand):
        raise ArgumentError(f"seat {seat} cannot hold a card of seat {view.seat}'s hand")
    return _Rebuild(view, seat).at(step, cards)


# ------------------------------------------------------------------ likelihoods


@dataclass(frozen=True)
class Bidder:
    """An opponent holding cards this round: its seat, card count, the positions of its bids
    in ``view.bids``, and its model."""

    seat: int
    size: int
    steps: tuple[int, ...]
    model: OpponentModel

    @property
    def informative(self) -> bool:
        return bool(self.steps) and self.model.bluff != 1


def _legal_count(view: BlefView, step: int) -> int:
    return len(legal_after(view.bids[step - 1][1] if step else None))


def _policy_probabilities(
    model: OpponentModel, rebuild: _Rebuild, step: int, masks: np.ndarray
) -> np.ndarray:
    """``π(bid step | view with each hand)``: vectorised when the bot offers it."""
    action = rebuild.view.bids[step][1]
    bot = model.bot
    batch = getattr(bot, "action_probabilities", None)
    if batch is not None and len(masks):
        template = rebuild.at(step, cards_of(masks[0]))
        return np.asarray(batch(template, masks, action), dtype=float)
    return np.array(
        [float(bot.policy(rebuild.at(step, cards_of(mask))).get(action, 0.0)) for mask in masks]
    )


# Each bid's factor of a likelihood, for the last few hand lists: a bot asks again at each of
# its turns in a round, and the earlier bids' factors are the same each time. An entry holds the
# bot and the hand list it was computed for, so their ids stay theirs while it is kept.
#: (the bot's id, the bluff rate, the hand list's id, round, counts, the bids up to this one)
FactorKey = tuple[int, float, int, int, tuple[int, ...], tuple[tuple[int, int], ...]]
FACTORS: dict[FactorKey, tuple[Policy[BlefView, Action], np.ndarray, np.ndarray]] = {}


def hand_likelihoods(view: BlefView, opponent: Bidder, masks: np.ndarray) -> np.ndarray:
    """``ℓ_o`` of each hand in ``masks`` (floats), for the seat and model of ``opponent``.

    A bot that offers ``action_probabilities(view, hands, action)`` (``π`` for many hands at
    once, as ``odds``, ``honest`` and ``random`` do) is asked once per bid; any other bot is
    asked ``policy(view)`` once per hand and bid, on the views :func:`opponent_view` rebuilds.
    Each bid's factor is remembered for the last few hand lists, by bot, round, counts and
    bids so far (a bot asks again at each of its turns in a round); so a bot's policy is taken
    to depend on its hand and this round's public facts only, as every kayalib bot's does.
    Only read-only hand lists (the remembered ones) are remembered: a fresh array of random
    hands is not met again.
    """
    model = opponent.model
    rate = float(model.bluff)
    values = np.ones(len(masks))
    rebuild = None
    bids = tuple((seat, bid.index) for seat, bid in view.bids)  # hashed fast, unlike Bids
    for step in opponent.steps:
        uniform = rate / _legal_count(view, step)
        if rate == 1:
            values *= uniform
            continue
        key = (id(model.bot), rate, id(masks), view.round, view.counts, bids[: step + 1])
        found = FACTORS.get(key)
        if found is None or found[0] is not model.bot or found[1] is not masks:
            if rebuild is None:
                rebuild = _Rebuild(view, opponent.seat)
            chosen = _policy_probabilities(model, rebuild, step, masks)
            found = (model.bot, masks, (1 - rate) * chosen + uniform)
            if not masks.flags.writeable:  # a remembered hand list: it will be met again
                if len(FACTORS) >= 256:
                    FACTORS.clear()
                FACTORS[key] = found
        values *= found[2]
    return values


@overload
def likelihood(
    view: BlefView,
    seat: int,
    hand: Iterable[Card] | str,
    model: OpponentModel,
    *,
    exact: Literal[False] = False,
) -> float: ...
@overload
def likelihood(
    view: BlefView, seat: int, hand: Iterable[Card] | str, model: OpponentModel, *,
    exact: Literal[True],
) -> Fraction: ...  # fmt: skip
@overload
def likelihood(
    view: BlefView, seat: int, hand: Iterable[Card] | str, model: OpponentModel, *,
    exact: bool,
) -> float | Fraction: ...  # fmt: skip
def likelihood(
    view: BlefView,
    seat: int,
    hand: Iterable[Card] | str,
    model: OpponentModel,
    *,
    exact: bool = False,
) -> float | Fraction:
    """``ℓ(hand)``: the probability, under ``model``, that ``seat`` made all its bids of this
    round had it held ``hand`` (a ``Fraction`` if ``exact``; 1 for a seat that has not bid).

    >>> from kayalib.blef.game import BlefRules, BlefState
    >>> state = BlefState.from_position(BlefRules(players=2), ["KS", "9H"], starter=0)
    >>> view = state.apply("high-card K").view(1)
    >>> odds = OpponentModel.named("odds", bluff=Fraction(1, 5))
    >>> likelihood(view, 0, "KS", odds, exact=True), likelihood(view, 0, "9S", odds, exact=True)
    (Fraction(333, 415), Fraction(1, 415))
    """
    cards = tuple(sorted(check_cards(hand)))
    rebuild = _Rebuild(view, seat)
    if len(cards) != view.counts[seat]:
        raise ArgumentError(f"seat {seat} holds {view.counts[seat]} cards, not {len(cards)}")
    rate = model.exact_bluff
    value = Fraction(1)
    for step, (bidder, bid) in enumerate(view.bids):
        if bidder != seat:
            continue
        chosen = (
            Fraction(0)
            if rate == 1
            else _as_fraction(model.bot.policy(rebuild.at(step, cards)).get(bid, 0.0))
        )
        value *= (1 - rate) * chosen + rate / _legal_count(view, step)
    return value if exact else float(value)
