"""The Blef game state: immutable, one round after another, per-seat views.

The rules are those of ``docs/RULES.md`` (game 2). A round: every remaining player gets their
current number of cards, the starting player must bid, then each player in seat order bids higher
or checks; on a check the pool is revealed and the loser gets one more card next round.
Rules are in :mod:`kayalib.blef.rules`, actions in :mod:`kayalib.blef.actions`, log events in
:mod:`kayalib.blef.events` and the per-seat view in :mod:`kayalib.blef.view`; all are
re-exported here.

>>> rules = BlefRules(players=3)
>>> state = BlefState.from_hands(rules, ["AS", "9H", "KD"], starter=0)
>>> state = state.apply("high-card A").apply("pair K")
>>> [str(a) for a in state.legal_actions()][:2], str(state.legal_actions()[-1])
(['pair A', 'two-pair T 9'], 'check')
>>> state.refusal("high-card K")
'high-card K is not higher than the last bid, pair K'
>>> state = state.apply(CHECK)        # seat 2 checks "pair K": only one king, so seat 1 loses
>>> state.events[-2].to_json()["loser"], state.counts, state.round, state.current_player
(1, (1, 2, 1), 2, 1)

Chance: the first starter and each round's deal come from ``random.Random`` streams keyed by the
game seed and the round (SHA-512 of the key), so the same seed deals the same game; the seed is
only in the full log, never in a view.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

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
from kayalib.blef.rules import DECK_SIZE, MODES, BlefRules
from kayalib.blef.view import BlefView, legal_after
from kayalib.errors import IllegalActionError, KayalibError, ParseError, RulesError, SeatError
from kayalib.registry import Game
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


def _deal(seed: int, round_: int, counts: Sequence[int]) -> tuple[tuple[Card, ...], ...]:
    """The hands of a round: a shuffle derived from the game seed and the round number only."""
    deck = list(DECK)
    random.Random(f"blef/{seed}/{round_}").shuffle(deck)
    hands = []
    at = 0
    for count in counts:
        hands.append(tuple(sorted(deck[at : at + count])))
        at += count
    return tuple(hands)


def _extend(
    seen: tuple[tuple[Event, ...], ...], added: Sequence[Event]
) -> tuple[tuple[Event, ...], ...]:
    """Each seat's log with the part of ``added`` that the seat may see appended."""
    if all(event.public for event in added):
        extra = tuple(added)
        return tuple(log + extra for log in seen)
    out = []
    for seat, log in enumerate(seen):
        parts = (event if event.public else event.seen_by(seat) for event in added)
        out.append(log + tuple(part for part in parts if part is not None))
    return tuple(out)


def _next_seat(counts: Sequence[int], seat: int) -> int:
    """The next remaining seat after ``seat`` in seat order."""
    players = len(counts)
    for step in range(1, players + 1):
        candidate = (seat + step) % players
        if counts[candidate]:
            return candidate
    raise AssertionError("no player left")  # pragma: no cover


@dataclass(frozen=True)
class BlefState:
    """One moment of a Blef game. Immutable: ``apply`` returns a new state.

    Start with ``BlefState.new(rules, seed)``, or ``BlefState.from_hands(...)`` to rig a deal.
    ``counts[seat]`` is the seat's card count this round (0 once eliminated); ``hands[seat]`` its
    cards (sorted). ``bids`` are this round's ``(seat, bid)`` pairs, ``events`` the whole log.
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
    winner: int | None = None
    events: tuple[Event, ...] = field(default=(), repr=False)
    _seen: tuple[tuple[Event, ...], ...] = field(default=(), repr=False, compare=False)
    """Each seat's part of ``events`` (kept up to date so that ``view`` costs little)."""

    # -- construction ----------------------------------------------------------------------

    @classmethod
    def new(cls, rules: BlefRules | None = None, seed: int | None = None) -> BlefState:
        """A new game: a seeded random first starter and the first deal (one card each).

        ``seed=None`` draws a fresh 64-bit seed, recorded in the full log (not in any view), so
        the game can be replayed.
        """
        rules = BlefRules() if rules is None else rules
        seed = fresh_seed() if seed is None else check_seed(seed)
        starter = random.Random(f"blef/{seed}/start").randrange(rules.players)
        counts = (1,) * rules.players
        start = StartEvent(rules.players, rules.mode, rules.max_cards, seed)
        seen = _extend(((),) * rules.players, (start,))
        return cls._begin_round(
            rules, seed, 1, counts, starter, (0,) * rules.players, (start,), seen
        )

    @classmethod
    def from_hands(
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

        >>> s = BlefState.from_hands(BlefRules(players=3), ["AS KS", "", "9H"], starter=2)
        >>> s.counts, s.current_player, [str(c) for c in s.hands[0]]
        ((2, 0, 1), 2, ['KS', 'AS'])
        """
        if len(hands) != rules.players:
            raise RulesError(f"{rules.players} players need as many hands, not {len(hands)}")
        seed = check_seed(seed)
        checked = tuple(tuple(sorted(check_cards(hand))) for hand in hands)
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
        if not (isinstance(starter, int) and 0 <= starter < rules.players and counts[starter]):
            raise RulesError(f"the starter must be a seat with cards, not {starter!r}")
        if isinstance(round, bool) or not isinstance(round, int) or round < 1:
            raise RulesError(f"round must be a whole number of at least 1, not {round!r}")
        lost = (0,) * rules.players if last_lost is None else tuple(last_lost)
        if len(lost) != rules.players:
            raise RulesError(f"last_lost needs one round number per seat, not {len(lost)}")
        start = StartEvent(rules.players, rules.mode, rules.max_cards, seed, rigged=True)
        deal = DealEvent(round, checked, starter)
        events = (start, deal)
        seen_logs = _extend(((),) * rules.players, events)
        return cls(
            rules, seed, round, counts, checked, starter, starter, (), lost, None, events, seen_logs
        )

    @classmethod
    def _begin_round(
        cls,
        rules: BlefRules,
        seed: int,
        round_: int,
        counts: tuple[int, ...],
        starter: int,
        last_lost: tuple[int, ...],
        events: tuple[Event, ...],
        seen: tuple[tuple[Event, ...], ...],
    ) -> BlefState:
        """Deck-mode eliminations, then the deal (or the end when one player is left)."""
        added: list[Event] = []
        if rules.mode == "deck":
            while sum(counts) >= DECK_SIZE:
                out = max(
                    (seat for seat, count in enumerate(counts) if count),
                    key=lambda seat: (counts[seat], last_lost[seat], -seat),
                )
                added.append(EliminatedEvent(round_, out, counts[out]))
                counts = counts[:out] + (0,) + counts[out + 1 :]
        alive = [seat for seat, count in enumerate(counts) if count]
        if len(alive) == 1:
            winner = alive[0]
            added.append(EndEvent(winner, round_ - 1))
            empty = ((),) * len(counts)
            return cls(
                rules,
                seed,
                round_ - 1,
                counts,
                empty,
                starter,
                None,
                (),
                last_lost,
                winner,
                events + tuple(added),
                _extend(seen, added),
            )
        if not counts[starter]:
            starter = _next_seat(counts, starter)
        hands = _deal(seed, round_, counts)
        added.append(DealEvent(round_, hands, starter))
        return cls(
            rules,
            seed,
            round_,
            counts,
            hands,
            starter,
            starter,
            (),
            last_lost,
            None,
            events + tuple(added),
            _extend(seen, added),
        )

    # -- queries ---------------------------------------------------------------------------

    @property
    def is_terminal(self) -> bool:
        """Whether the game is over (one player left)."""
        return self.winner is not None

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

    @property
    def moves(self) -> tuple[tuple[int, Action], ...]:
        """Every ``(seat, action)`` of the game so far, in order."""
        return moves_from_events(self.events)

    def returns(self) -> tuple[float, ...]:
        """1.0 for the winner and 0.0 for every other seat; all 0.0 until the game ends."""
        return tuple(1.0 if seat == self.winner else 0.0 for seat in range(self.rules.players))

    def legal_actions(self) -> tuple[Action, ...]:
        """The bids above the last one in ladder order, then ``CHECK`` (not on the opening bid)."""
        if self.winner is not None:
            return ()
        return legal_after(self.last_bid)

    def refusal(self, action: object, *, seat: int | None = None) -> str | None:
        """Why ``action`` (or its text) would be refused now, in words; ``None`` if it is legal."""
        if isinstance(action, str):
            try:
                action = parse_action(action)
            except ParseError as error:
                return str(error)
        if self.winner is not None:
            return "the game is over"
        if seat is not None and seat != self.current_player:
            return f"it is seat {self.current_player}'s turn, not seat {seat}'s"
        if isinstance(action, Check):
            if not self.bids:
                return "the opening player must bid; there is nothing to check yet"
            return None
        if isinstance(action, Bid):
            if self.bids:
                last = self.bids[-1][1]
                if action.index <= last.index:
                    if last.index == len(LADDER) - 1:
                        return f"nothing is higher than {last}: the only move is to check"
                    return f"{action} is not higher than the last bid, {last}"
            return None
        return f"not a Blef action: {action!r}"

    def can_apply(self, action: object, *, seat: int | None = None) -> bool:
        """Whether ``apply(action)`` (by ``seat``, if given) would be accepted."""
        return self.refusal(action, seat=seat) is None

    # -- the one way to change the game ----------------------------------------------------

    def apply(self, action: Action | str, *, seat: int | None = None) -> BlefState:
        """The state after the current player's ``action`` (text is parsed).

        If ``seat`` is given it must be the current player. Text that names no action raises
        ``ParseError``; a refused action raises ``IllegalActionError`` with the reason of
        :meth:`refusal`. This state never changes.
        """
        if isinstance(action, str):
            action = parse_action(action)
        reason = self.refusal(action, seat=seat)
        if reason is not None:
            raise IllegalActionError(reason)
        player = self.current_player
        assert player is not None
        if isinstance(action, Bid):
            event = BidEvent(self.round, player, action)
            return BlefState(
                self.rules,
                self.seed,
                self.round,
                self.counts,
                self.hands,
                self.starter,
                _next_seat(self.counts, player),
                self.bids + ((player, action),),
                self.last_lost,
                None,
                self.events + (event,),
                tuple(log + (event,) for log in self._seen),
            )
        return self._check(player)

    def _check(self, checker: int) -> BlefState:
        bidder, bid = self.bids[-1]
        pool = self.pool
        true = holds(bid, pool)
        loser = checker if true else bidder
        round_ = self.round
        added: list[Event] = [CheckEvent(round_, checker, bidder, bid, true, loser, pool)]
        counts = list(self.counts)
        counts[loser] += 1
        limit = self.rules.max_cards
        if limit is not None and counts[loser] > limit:
            added.append(EliminatedEvent(round_, loser, counts[loser]))
            counts[loser] = 0
        lost = self.last_lost[:loser] + (round_,) + self.last_lost[loser + 1 :]
        return BlefState._begin_round(
            self.rules,
            self.seed,
            round_ + 1,
            tuple(counts),
            loser,
            lost,
            self.events + tuple(added),
            _extend(self._seen, added),
        )

    # -- what a seat may know --------------------------------------------------------------

    def view(self, seat: int) -> BlefView:
        """What ``seat`` may know: its own cards, every count, the public bids and past pools."""
        if isinstance(seat, bool) or not (isinstance(seat, int) and 0 <= seat < self.players):
            raise SeatError(f"no seat {seat!r} in a {self.rules.players}-player game")
        return BlefView(
            seat=seat,
            hand=self.hands[seat],
            counts=self.counts,
            total_cards=sum(self.counts) if self.winner is None else 0,
            round=self.round,
            starter=self.starter,
            bids=self.bids,
            current_player=self.current_player,
            winner=self.winner,
            events=self._seen[seat],
        )

    def __str__(self) -> str:
        if self.winner is not None:
            return f"Blef: seat {self.winner} won after {self.round} rounds"
        hands = " | ".join(" ".join(map(str, hand)) or "-" for hand in self.hands)
        bids = ", ".join(f"{seat}:{bid}" for seat, bid in self.bids) or "no bids yet"
        return f"Blef round {self.round} [{hands}] {bids}; seat {self.current_player} to act"


def moves_from_events(events: Iterable[Event]) -> tuple[tuple[int, Action], ...]:
    """The ``(seat, action)`` pairs a log records, in order (a seat's log will do too)."""
    moves: list[tuple[int, Action]] = []
    for event in events:
        if isinstance(event, BidEvent):
            moves.append((event.seat, event.bid))
        elif isinstance(event, CheckEvent):
            moves.append((event.seat, CHECK))
    return tuple(moves)


def rules_from_start(start: StartEvent) -> BlefRules:
    """The rules a start event records."""
    try:
        limit = start.max_cards if start.mode == "classic" else None
        return BlefRules(start.players, start.mode, limit)
    except KayalibError as error:
        raise ParseError(f"a start record with impossible rules: {error}") from None



GAME = Game(
    name="blef",
    title="Blef",
    state=BlefState,
    rules_for_players=lambda players: BlefRules(players=players),
    event_from_json=event_from_json,
    moves_from_events=moves_from_events,
    rules_from_start=rules_from_start,
    length_name="rounds",
    length=lambda state: state.round,
)
"""Blef in the registry of games (:mod:`kayalib.registry`)."""
