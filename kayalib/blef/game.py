"""The Blef game state: immutable, one round after another, per-seat views.

The rules are those of ``docs/RULES.md`` (game 2). A round: every remaining player gets their
current number of cards, the starting player must bid, then each player in seat order bids higher
or checks; on a check the pool is revealed and the loser gets one more card next round.
Rules are in :mod:`kayalib.blef.rules`, actions in :mod:`kayalib.blef.actions`, log events in
:mod:`kayalib.blef.events` and the per-seat view in :mod:`kayalib.blef.view`; all are
re-exported here.

>>> rules = BlefRules(players=3)
>>> state = BlefState.from_position(rules, ["AS", "9H", "KD"], starter=0)
>>> state = state.apply("high-card A").apply("pair K")
>>> [str(a) for a in state.legal_actions()][:2], str(state.legal_actions()[-1])
(['pair A', 'two-pair T 9'], 'check')
>>> why = state.refusal("high-card K")
>>> why.code, why.as_dict()
('not_higher', {'action': 'high-card K', 'last': 'pair K'})
>>> str(why)
'high-card K is not higher than the last bid, pair K'
>>> state = state.apply(CHECK)        # seat 2 checks "pair K": only one king, so seat 1 loses
>>> state.events[-2].to_json()["loser"], state.counts, state.round, state.current_player
(1, (1, 2, 1), 2, 1)

Chance: the first starter and each round's deal come from ``random.Random`` streams keyed by the
game seed and the round (SHA-512 of the key), so the same seed deals the same game; the seed is
only in the full log, never in a view. Other :class:`~kayalib.engine.Dice` may stand in for the
seed (``new(..., dice=...)``): the deal is then drawn card by card from them.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import ClassVar

from kayalib.blef.actions import CHECK, Action, Check, parse_action
from kayalib.blef.bids import LADDER, Bid, holds
from kayalib.blef.cards import DECK, Card, check_cards
from kayalib.blef.events import (
    BidEvent,
    CheckEvent,
    DealEvent,
    EliminatedEvent,
    EndEvent,
    Event,
    StartEvent,
    event_from_json,
)
from kayalib.blef.rules import (
    DECK_SIZE,
    MAX_PLAYERS,
    MIN_PLAYERS,
    MODES,
    OPTION_CHOICES,
    BlefRules,
    describe_rules,
    with_options,
)
from kayalib.blef.view import BlefView, legal_after
from kayalib.engine import Dice, Log, Outcome, Refusal, State, evolve
from kayalib.errors import KayalibError, ParseError, RulesError
from kayalib.registry import Game, RuleOptions
from kayalib.seeds import check_seed, fresh_seed

__all__ = [
    "CHECK",
    "MODES",
    "Action",
    "BidEvent",
    "BlefRules",
    "BlefState",
    "BlefView",
    "Check",
    "CheckEvent",
    "DealEvent",
    "EliminatedEvent",
    "EndEvent",
    "Event",
    "StartEvent",
    "event_from_json",
    "moves_from_events",
    "parse_action",
    "rules_from_start",
]


def _shuffled(items: Sequence[Card], draw: Callable[[int], int]) -> list[Card]:
    """``items`` shuffled by Fisher and Yates with ``draw(n)`` (as ``random.shuffle`` does)."""
    deck = list(items)
    for i in reversed(range(1, len(deck))):
        j = draw(i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def _next_seat(counts: Sequence[int], seat: int) -> int:
    """The next remaining seat after ``seat`` in seat order."""
    players = len(counts)
    for step in range(1, players + 1):
        candidate = (seat + step) % players
        if counts[candidate]:
            return candidate
    raise AssertionError("no player left")  # pragma: no cover


@dataclass(frozen=True)
class BlefState(State[Action, BlefView]):
    """One moment of a Blef game. Immutable: ``apply`` returns a new state.

    Start with ``BlefState.new(rules, seed)``, or ``BlefState.from_position(...)`` to rig a deal.
    ``counts[seat]`` is the seat's card count this round (0 once eliminated); ``hands[seat]`` its
    cards (sorted). ``bids`` are this round's ``(seat, bid)`` pairs, ``log`` the whole log and
    each seat's part of it, ``outcome`` the winner once one player is left. ``laid`` are the
    hands of the last round a check ended, by seat: at a check everyone lays their cards face
    up, so every seat may know them (``None`` before the first check).
    """

    rules: BlefRules
    seed: int
    round: int
    counts: tuple[int, ...]
    hands: tuple[tuple[Card, ...], ...]
    starter: int
    current_player: int | None
    bids: tuple[tuple[int, Bid], ...] = ()
    last_lost: tuple[int, ...] = ()
    outcome: Outcome | None = None
    ply: int = 0
    log: Log = field(default=Log.begin(0, ()), repr=False, hash=False)
    dice: Dice | None = field(default=None, repr=False, compare=False)
    # what the log says (its last check's deal), kept so a view need not search the log
    laid: tuple[tuple[Card, ...], ...] | None = field(default=None, repr=False, compare=False)

    action_types: ClassVar[tuple[type, ...]] = (Bid, Check)
    game_name: ClassVar[str] = "blef"
    title: ClassVar[str] = "Blef"

    # -- construction ----------------------------------------------------------------------

    @classmethod
    def new(
        cls, rules: BlefRules | None = None, seed: int | None = None, *, dice: Dice | None = None
    ) -> BlefState:
        """A new game: a seeded random first starter and the first deal (one card each).

        ``seed=None`` draws a fresh 64-bit seed, recorded in the full log (not in any view), so
        the game can be replayed. ``dice`` replaces the seed's chance (see
        :class:`kayalib.engine.Dice`).
        """
        rules = BlefRules() if rules is None else _check_rules(rules)
        seed = fresh_seed() if seed is None else check_seed(seed)
        counts = (1,) * rules.players
        start = StartEvent(rules.players, rules.mode, rules.max_cards, seed)
        first = cls(rules, seed, 0, counts, ((),) * rules.players, 0, None,
                    last_lost=(0,) * rules.players, log=Log.begin(rules.players, (start,)),
                    dice=dice)  # fmt: skip
        starter = first.draw_from("start")(rules.players)
        return first._begin_round(1, counts, starter, first.last_lost, [])

    @classmethod
    def from_position(
        cls,
        rules: BlefRules,
        hands: Sequence[Iterable[Card] | str],
        *,
        starter: int = 0,
        round: int = 1,
        seed: int = 0,
        last_lost: Sequence[int] | None = None,
    ) -> BlefState:
        """A game that starts at a round with chosen hands (for tests and lessons).

        Each seat's count is the size of its hand; an empty hand is an eliminated seat.
        ``last_lost[seat]`` is the round the seat last lost (0 = never; it breaks deck-mode ties).
        Later rounds are dealt from ``seed`` as usual.

        >>> s = BlefState.from_position(BlefRules(players=3), ["AS KS", "", "9H"], starter=2)
        >>> s.counts, s.current_player, [str(c) for c in s.hands[0]]
        ((2, 0, 1), 2, ['KS', 'AS'])
        """
        rules = _check_rules(rules)
        if isinstance(hands, str) or not isinstance(hands, Sequence):
            raise RulesError(f"hands must be a list with one hand per seat, not {hands!r}")
        if len(hands) != rules.players:
            raise RulesError(f"{rules.players} players need as many hands, not {len(hands)}")
        seed = check_seed(seed)
        checked = tuple(tuple(sorted(_hand(hand))) for hand in hands)
        seen: set[Card] = set()
        for card in (card for hand in checked for card in hand):
            if card in seen:
                raise RulesError(f"card {card} is in two hands")
            seen.add(card)
        counts = tuple(len(hand) for hand in checked)
        if sum(1 for count in counts if count) < 2:
            raise RulesError("a round needs at least two players with cards")
        if rules.mode == "classic" and max(counts) > (rules.max_cards or 0):
            raise RulesError(f"a hand has more than max_cards = {rules.max_cards} cards")
        if rules.mode == "deck" and sum(counts) >= DECK_SIZE:
            raise RulesError("deck mode needs at least one undealt card")
        if type(starter) is not int or not (0 <= starter < rules.players and counts[starter]):
            raise RulesError(f"the starter must be a seat with cards, not {starter!r}")
        if type(round) is not int or round < 1:
            raise RulesError(f"round must be a whole number of at least 1, not {round!r}")
        lost = (0,) * rules.players if last_lost is None else _rounds_lost(last_lost, rules)
        start = StartEvent(rules.players, rules.mode, rules.max_cards, seed, rigged=True)
        deal = DealEvent(round, checked, starter)
        log = Log.begin(rules.players, (start, deal))
        return cls(rules, seed, round, counts, checked, starter, starter, (), lost, log=log)

    def _begin_round(
        self,
        round_: int,
        counts: tuple[int, ...],
        starter: int,
        last_lost: tuple[int, ...],
        added: list[Event],
    ) -> BlefState:
        """Deck-mode eliminations, then the deal (or the end when one player is left)."""
        if self.rules.mode == "deck":
            while sum(counts) >= DECK_SIZE:
                out = max(
                    (seat for seat, count in enumerate(counts) if count),
                    key=lambda seat: (counts[seat], last_lost[seat], -seat),
                )
                added.append(EliminatedEvent(round_, out, counts[out]))
                counts = counts[:out] + (0,) + counts[out + 1 :]
        alive = [seat for seat, count in enumerate(counts) if count]
        if len(alive) == 1:
            added.append(EndEvent(alive[0], round_ - 1))
            return evolve(self, round=round_ - 1, counts=counts, hands=((),) * len(counts),
                          starter=starter, current_player=None, bids=(), last_lost=last_lost,
                          outcome=Outcome((alive[0],)), log=self.log.extend(added))  # fmt: skip
        if not counts[starter]:
            starter = _next_seat(counts, starter)
        deck = _shuffled(DECK, self.draw_from(f"deal/{round_}"))
        dealt, at = [], 0
        for count in counts:
            dealt.append(tuple(sorted(deck[at : at + count])))
            at += count
        hands = tuple(dealt)
        added.append(DealEvent(round_, hands, starter))
        return evolve(self, round=round_, counts=counts, hands=hands, starter=starter,
                      current_player=starter, bids=(), last_lost=last_lost,
                      log=self.log.extend(added))  # fmt: skip

    def _seeded(self, stream: str) -> Callable[[int], int]:
        """The seed's chance: the first starter (``start``) and each round's shuffle
        (``deal/<round>``) from ``random.Random`` keyed by the seed and the stream."""
        key = "start" if stream == "start" else stream.removeprefix("deal/")
        return random.Random(f"blef/{self.seed}/{key}").randrange

    # -- queries ---------------------------------------------------------------------------

    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def last_bid(self) -> Bid | None:
        """This round's highest bid so far, or ``None`` before the opening bid."""
        return self.bids[-1][1] if self.bids else None

    @property
    def remaining(self) -> tuple[int, ...]:
        """The seats still in the game."""
        return tuple(seat for seat, count in enumerate(self.counts) if count)

    @property
    def total_cards(self) -> int:
        """How many cards are dealt this round (the size of the pool)."""
        return sum(self.counts)

    @property
    def pool(self) -> tuple[Card, ...]:
        """Every card dealt this round, sorted."""
        return tuple(sorted(card for hand in self.hands for card in hand))

    @staticmethod
    def moves_from_events(events: Iterable[Event]) -> tuple[tuple[int, Action], ...]:
        return moves_from_events(events)

    @classmethod
    def parse_action(cls, text: object) -> Action:
        """A Blef action (``CHECK`` or a bid) from its text; an action is returned as it is."""
        if isinstance(text, (Bid, Check)):
            return text
        return parse_action(text)

    def _same_object(self, action: object) -> Action | None:
        """One of the legal actions itself, found by its place on the ladder at once."""
        if self.outcome is None:
            last = self.last_bid
            if action is CHECK:
                return CHECK if last is not None else None
            if type(action) is Bid and 0 <= action.index < len(LADDER):
                if LADDER[action.index] is action and (last is None or action.index > last.index):
                    return action
        return None

    def legal_actions(self) -> tuple[Action, ...]:
        """The bids above the last one in ladder order, then ``CHECK`` (not on the opening bid)."""
        if self.outcome is not None:
            return ()
        return legal_after(self.last_bid)

    def _why_not(self, action: Action) -> Refusal:
        on_ladder = type(action) is Bid and 0 <= action.index < len(LADDER)
        if isinstance(action, Bid) and not (on_ladder and LADDER[action.index] == action):
            # a bid object whose fields make no bid of the ladder (a forged index)
            return Refusal.of("not_an_action", "not an action of {game}: {action}",
                              game=self.title, action=repr(action))  # fmt: skip
        if isinstance(action, Check):
            return Refusal.of(
                "opening_must_bid", "the opening player must bid; there is nothing to check yet"
            )
        last = self.last_bid
        assert last is not None
        if last.index == len(LADDER) - 1:
            return Refusal.of("top_of_ladder", "nothing is higher than {last}: the only move "
                              "is to check", last=str(last))  # fmt: skip
        return Refusal.of("not_higher", "{action} is not higher than the last bid, {last}",
                          action=str(action), last=str(last))  # fmt: skip

    # -- the one way to change the game ----------------------------------------------------

    def _after(self, action: Action) -> BlefState:
        player = self.current_player
        assert player is not None
        if isinstance(action, Bid):
            event = BidEvent(self.round, player, action)
            return evolve(self, current_player=_next_seat(self.counts, player),
                          bids=self.bids + ((player, action),), ply=self.ply + 1,
                          log=self.log.extend((event,)))  # fmt: skip
        bidder, bid = self.bids[-1]
        pool = self.pool
        true = holds(bid, pool)
        loser = player if true else bidder
        round_ = self.round
        added: list[Event] = [CheckEvent(round_, player, bidder, bid, true, loser, pool)]
        counts = list(self.counts)
        counts[loser] += 1
        limit = self.rules.max_cards
        if limit is not None and counts[loser] > limit:
            added.append(EliminatedEvent(round_, loser, counts[loser]))
            counts[loser] = 0
        lost = self.last_lost[:loser] + (round_,) + self.last_lost[loser + 1 :]
        return evolve(self, ply=self.ply + 1, laid=self.hands)._begin_round(
            round_ + 1, tuple(counts), loser, lost, added
        )

    # -- what a seat may know --------------------------------------------------------------

    def _view(self, seat: int) -> BlefView:
        """What ``seat`` may know: its own cards, every count, the public bids and past pools."""
        return BlefView(
            seat=seat,
            hand=self.hands[seat],
            counts=self.counts,
            total_cards=sum(self.counts) if self.outcome is None else 0,
            round=self.round,
            starter=self.starter,
            bids=self.bids,
            current_player=self.current_player,
            outcome=self.outcome,
            chain=self.log.seen_by(seat),
            laid=self.laid,
        )

    def __str__(self) -> str:
        if self.outcome is not None:
            return f"Blef: seat {self.outcome.winners[0]} won after {self.round} rounds"
        hands = " | ".join(" ".join(map(str, hand)) or "-" for hand in self.hands)
        bids = ", ".join(f"{seat}:{bid}" for seat, bid in self.bids) or "no bids yet"
        return f"Blef round {self.round} [{hands}] {bids}; seat {self.current_player} to act"


def _check_rules(rules: object) -> BlefRules:
    if not isinstance(rules, BlefRules):
        raise RulesError(f"rules must be BlefRules, not {rules!r}")
    return rules


def _hand(hand: object) -> tuple[Card, ...]:
    if not isinstance(hand, (str, Iterable)):
        raise RulesError(f"a hand is text such as 'AS KH' or a list of cards, not {hand!r}")
    try:
        return check_cards(hand)
    except ParseError as error:
        raise RulesError(f"not a hand: {error}") from None


def _rounds_lost(last_lost: object, rules: BlefRules) -> tuple[int, ...]:
    if isinstance(last_lost, str) or not isinstance(last_lost, Sequence):
        raise RulesError(f"last_lost needs one round number per seat, not {last_lost!r}")
    lost = tuple(last_lost)
    if len(lost) != rules.players:
        raise RulesError(f"last_lost needs one round number per seat, not {len(lost)}")
    if any(type(value) is not int or value < 0 for value in lost):
        raise RulesError(f"last_lost holds round numbers (0 = never lost), not {lost!r}")
    return lost


def moves_from_events(events: Iterable[Event]) -> tuple[tuple[int, Action], ...]:
    """The ``(seat, action)`` pairs a log records, in order (a seat's log will do too)."""
    moves: list[tuple[int, Action]] = []
    for event in events:
        if isinstance(event, BidEvent):
            moves.append((event.seat, event.bid))
        elif isinstance(event, CheckEvent):
            moves.append((event.seat, CHECK))
    return tuple(moves)


def rules_from_start(start: Event) -> BlefRules:
    """The rules a start event records; ParseError for another event."""
    if not isinstance(start, StartEvent):
        raise ParseError(f"a Blef game begins with a start record, not {start.kind!r}")
    try:
        limit = start.max_cards if start.mode == "classic" else None
        return BlefRules(start.players, start.mode, limit)
    except KayalibError as error:
        raise ParseError(f"a start record with impossible rules: {error}") from None


#: a seat's figures by (the game's last check, seat): they change only when a round ends
_FIGURES: dict[tuple[int, int], tuple[CheckEvent, dict[str, int] | None]] = {}


def own_figures(state: BlefState, seat: int) -> dict[str, int] | None:
    """``seat``'s own play figures (:func:`kayalib.blef.bluffs.own_figures`: only ended rounds
    count), counted again only when a round has ended."""
    from kayalib.blef.bluffs import own_figures as figures

    events = state.events
    last = next((e for e in reversed(events) if isinstance(e, CheckEvent)), None)
    if last is None:
        return figures(state, seat)
    key = (id(last), seat)
    found = _FIGURES.get(key)
    if found is None or found[0] is not last:
        if len(_FIGURES) > 256:
            _FIGURES.clear()
        found = _FIGURES[key] = (last, figures(state, seat))
    return found[1]


GAME = Game(
    name="blef",
    title="Blef",
    state=BlefState,
    view=BlefView,
    players=range(MIN_PLAYERS, MAX_PLAYERS + 1),
    chance=True,
    example_actions=("check", "high-card 9", "pair A", "two-pair K 9", "big-poker spades"),
    rules_for_players=lambda players: BlefRules(players=players),
    event_from_json=event_from_json,
    rules_from_start=rules_from_start,
    length_name="rounds",
    length=lambda state: state.round,
    stand_in="odds",
    options=RuleOptions(OPTION_CHOICES, with_options, describe_rules),
    seat_figures=own_figures,
)
"""Blef in the registry of games (:mod:`kayalib.registry`)."""
