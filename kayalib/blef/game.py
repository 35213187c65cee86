"""The Blef game: rules options, immutable states, actions, events and per-seat views.

The rules are those of ``docs/RULES.md`` (game 2). A round: every remaining player gets their
current number of cards, the starting player must bid, then each player in seat order bids higher
or checks; on a check the pool is revealed and the loser gets one more card next round.

>>> rules = BlefRules(players=3)
>>> rules.max_cards
7
>>> state = BlefState.from_hands(rules, ["AS", "9H", "KD"], starter=0)
>>> state = state.apply("high-card A").apply("pair K")
>>> [str(a) for a in state.legal_actions()][:2], str(state.legal_actions()[-1])
(['pair A', 'two-pair T 9'], 'check')
>>> state = state.apply(CHECK)        # seat 2 checks "pair K": only one king, so seat 1 loses
>>> state.events[-2].to_json()["loser"], state.counts, state.round, state.current_player
(1, (1, 2, 1), 2, 1)
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from kayalib.blef.bids import LADDER, Bid, holds
from kayalib.blef.cards import DECK, Card, check_cards
from kayalib.errors import IllegalActionError, ParseError, RulesError

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
    "parse_action",
]

MODES = ("classic", "deck")
"""End-of-game modes (RULES.md): ``classic`` (a card limit) or ``deck`` (until no card is left)."""
MIN_PLAYERS, MAX_PLAYERS = 2, 23
DECK_SIZE = len(DECK)


# --------------------------------------------------------------------------------------------
# Rules


@dataclass(frozen=True)
class BlefRules:
    """The options of a Blef game (frozen, validated).

    ``mode`` is ``"classic"`` (a player whose count would exceed ``max_cards`` is eliminated;
    ``max_cards`` defaults to ``23 // players``) or ``"deck"`` (before each deal, while the counts
    add up to 24 or more, the player with the most cards is eliminated; ``max_cards`` is ``None``).

    >>> BlefRules(players=2).max_cards, BlefRules(players=4, mode="deck").max_cards
    (11, None)
    >>> BlefRules(players=4, max_cards=7)
    Traceback (most recent call last):
    ...
    kayalib.errors.RulesError: 4 players x 7 cards is more than the 24 cards in the deck
    """

    players: int = 4
    mode: str = "classic"
    max_cards: int | None = None

    def __post_init__(self) -> None:
        players = self.players
        if isinstance(players, bool) or not isinstance(players, int):
            raise RulesError(f"players must be a whole number, not {players!r}")
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise RulesError(f"Blef needs {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}")
        if self.mode not in MODES:
            raise RulesError(f"mode must be one of {', '.join(MODES)}, not {self.mode!r}")
        limit = self.max_cards
        if self.mode == "deck":
            if limit is not None:
                raise RulesError("max_cards is an option of classic mode only (deck mode has none)")
            return
        if limit is None:
            object.__setattr__(self, "max_cards", 23 // players)
            return
        if isinstance(limit, bool) or not isinstance(limit, int) or limit < 1:
            raise RulesError(f"max_cards must be a whole number of at least 1, not {limit!r}")
        if players * limit > DECK_SIZE:
            raise RulesError(
                f"{players} players x {limit} cards is more than the {DECK_SIZE} cards in the deck"
            )


# --------------------------------------------------------------------------------------------
# Actions


@dataclass(frozen=True)
class Check:
    """The action "check" ("sprawdzam"): challenge the last bid. Use the constant ``CHECK``."""

    def __str__(self) -> str:
        return "check"

    def polish(self) -> str:
        """The Polish word, ``sprawdzam``."""
        return "sprawdzam"

    @classmethod
    def parse(cls, text: str) -> Check:
        """``check`` or ``sprawdzam`` (any case)."""
        if isinstance(text, str) and text.strip().lower() in ("check", "sprawdzam"):
            return CHECK
        raise ParseError(f"not a check: {text!r} (write 'check' or 'sprawdzam')")


CHECK = Check()
"""The check action."""

Action = Bid | Check
"""A Blef action: a ``Bid`` or ``CHECK``."""


def parse_action(text: str) -> Action:
    """An action from text: ``check`` / ``sprawdzam``, or a bid in English or Polish.

    >>> parse_action("Sprawdzam"), str(parse_action("para A"))
    (Check(), 'pair A')
    """
    if not isinstance(text, str):
        raise ParseError(f"an action is text such as 'pair K' or 'check', not {text!r}")
    if text.strip().lower() in ("check", "sprawdzam"):
        return CHECK
    return Bid.parse(text)


# --------------------------------------------------------------------------------------------
# Events


def _cards_json(cards: Iterable[Card]) -> list[str]:
    return [str(card) for card in cards]


class Event:
    """Base class of the game's events. ``to_json()`` gives one JSON Lines log record."""

    kind: ClassVar[str] = ""
    public: ClassVar[bool] = True

    def to_json(self) -> dict[str, Any]:  # pragma: no cover - every subclass overrides
        raise NotImplementedError

    def visible_to(self, seat: int) -> bool:
        """Whether ``seat`` may see this whole event."""
        return True

    def seen_by(self, seat: int) -> Event:
        """The part of this event that ``seat`` may see (the event itself when it is public)."""
        return self


@dataclass(frozen=True)
class StartEvent(Event):
    """The game starts. ``rigged`` marks a game started from chosen hands (``from_hands``)."""

    players: int
    mode: str
    max_cards: int | None
    seed: int
    rigged: bool = False
    kind: ClassVar[str] = "start"

    def to_json(self) -> dict[str, Any]:
        record: dict[str, Any] = {
            "event": "start",
            "game": "blef",
            "players": self.players,
            "mode": self.mode,
            "max_cards": self.max_cards,
            "seed": self.seed,
        }
        if self.rigged:
            record["rigged"] = True
        return record


@dataclass(frozen=True)
class DealEvent(Event):
    """Cards dealt for a round. ``hands[seat]`` is ``()`` for an eliminated seat and ``None``
    where the hand is hidden (in a view of another seat). ``starter`` bids first."""

    round: int
    hands: tuple[tuple[Card, ...] | None, ...]
    starter: int
    kind: ClassVar[str] = "deal"
    public: ClassVar[bool] = False

    def to_json(self) -> dict[str, Any]:
        return {
            "event": "deal",
            "round": self.round,
            "hands": [None if hand is None else _cards_json(hand) for hand in self.hands],
            "starter": self.starter,
        }

    def visible_to(self, seat: int) -> bool:
        """True when every hand but ``seat``'s own is hidden or empty."""
        return all(i == seat or not hand for i, hand in enumerate(self.hands))

    def seen_by(self, seat: int) -> DealEvent:
        """The deal with every other seat's cards hidden (``None``)."""
        if self.visible_to(seat):
            return self
        hands = tuple(hand if i == seat or not hand else None for i, hand in enumerate(self.hands))
        return DealEvent(self.round, hands, self.starter)


@dataclass(frozen=True)
class BidEvent(Event):
    """A seat bids."""

    round: int
    seat: int
    bid: Bid
    kind: ClassVar[str] = "bid"

    def to_json(self) -> dict[str, Any]:
        return {"event": "bid", "round": self.round, "seat": self.seat, "bid": str(self.bid)}


@dataclass(frozen=True)
class CheckEvent(Event):
    """A seat checks ``bid``; the pool (every card dealt this round) is revealed.
    ``true`` says whether the bid holds; ``loser`` is the checker if it does, else the bidder."""

    round: int
    seat: int
    bid: Bid
    true: bool
    loser: int
    pool: tuple[Card, ...]
    kind: ClassVar[str] = "check"

    def to_json(self) -> dict[str, Any]:
        return {
            "event": "check",
            "round": self.round,
            "seat": self.seat,
            "bid": str(self.bid),
            "true": self.true,
            "loser": self.loser,
            "pool": _cards_json(self.pool),
        }


@dataclass(frozen=True)
class EliminatedEvent(Event):
    """A seat leaves the game (its count would exceed the limit, or, in deck mode, the counts
    reached 24); ``round`` is the round being ended (classic) or about to be dealt (deck)."""

    round: int
    seat: int
    cards: int
    kind: ClassVar[str] = "eliminated"

    def to_json(self) -> dict[str, Any]:
        return {"event": "eliminated", "round": self.round, "seat": self.seat, "cards": self.cards}


@dataclass(frozen=True)
class EndEvent(Event):
    """The last player left wins after ``rounds`` rounds."""

    winner: int
    rounds: int
    kind: ClassVar[str] = "end"

    def to_json(self) -> dict[str, Any]:
        return {"event": "end", "winner": self.winner, "rounds": self.rounds}


def _hand_from_json(value: Any) -> tuple[Card, ...] | None:
    return None if value is None else check_cards(Card.parse(text) for text in value)


def event_from_json(record: dict[str, Any]) -> Event:
    """The event a log record stands for (the inverse of ``to_json``).

    >>> event_from_json({"event": "bid", "round": 1, "seat": 0, "bid": "pair K"})
    BidEvent(round=1, seat=0, bid=Bid.parse('pair K'))
    """
    try:
        kind = record["event"]
        if kind == "start":
            return StartEvent(
                record["players"],
                record["mode"],
                record["max_cards"],
                record["seed"],
                bool(record.get("rigged", False)),
            )
        if kind == "deal":
            hands = tuple(_hand_from_json(hand) for hand in record["hands"])
            return DealEvent(record["round"], hands, record["starter"])
        if kind == "bid":
            return BidEvent(record["round"], record["seat"], Bid.parse(record["bid"]))
        if kind == "check":
            return CheckEvent(
                record["round"],
                record["seat"],
                Bid.parse(record["bid"]),
                bool(record["true"]),
                record["loser"],
                tuple(Card.parse(text) for text in record["pool"]),
            )
        if kind == "eliminated":
            return EliminatedEvent(record["round"], record["seat"], record.get("cards", 0))
        if kind == "end":
            return EndEvent(record["winner"], record["rounds"])
    except (KeyError, TypeError) as error:
        raise ParseError(f"not a Blef log record: {record!r} ({error})") from None
    raise ParseError(f"not a Blef log record: {record!r}")


# --------------------------------------------------------------------------------------------
# State

_LEGAL_OPENING: tuple[Action, ...] = tuple(LADDER)
_LEGAL_AFTER: tuple[tuple[Action, ...], ...] = tuple(
    (*LADDER[index + 1 :], CHECK) for index in range(len(LADDER))
)


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
    return tuple(
        log + tuple(event if event.public else event.seen_by(seat) for event in added)
        for seat, log in enumerate(seen)
    )


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

        ``seed=None`` draws a fresh seed, recorded in the start event, so the game can be replayed.
        """
        rules = BlefRules() if rules is None else rules
        seed = secrets.randbits(32) if seed is None else seed
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise RulesError(f"the seed must be a whole number, not {seed!r}")
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
        seen = _extend(((),) * rules.players, events)
        return cls(
            rules, seed, round, counts, checked, starter, starter, (), lost, None, events, seen
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
    def history(self) -> tuple[tuple[int, Action], ...]:
        """Every ``(seat, action)`` of the game so far, in order."""
        actions: list[tuple[int, Action]] = []
        for event in self.events:
            if isinstance(event, BidEvent):
                actions.append((event.seat, event.bid))
            elif isinstance(event, CheckEvent):
                actions.append((event.seat, CHECK))
        return tuple(actions)

    def returns(self) -> list[float]:
        """1.0 for the winner and 0.0 for every other seat; all 0.0 until the game ends."""
        return [1.0 if seat == self.winner else 0.0 for seat in range(self.rules.players)]

    def legal_actions(self) -> tuple[Action, ...]:
        """The bids above the last one in ladder order, then ``CHECK`` (not on the opening bid)."""
        if self.winner is not None:
            return ()
        if not self.bids:
            return _LEGAL_OPENING
        return _LEGAL_AFTER[self.bids[-1][1].index]

    def _refusal(self, action: object, seat: int | None) -> str | None:
        """Why ``action`` is illegal now, or ``None`` when it is legal."""
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

    def can_apply(self, action: Action | str, seat: int | None = None) -> bool:
        """Whether ``apply(action)`` (by ``seat``, if given) would be accepted."""
        if isinstance(action, str):
            try:
                action = parse_action(action)
            except ParseError:
                return False
        return self._refusal(action, seat) is None

    # -- the one way to change the game ----------------------------------------------------

    def apply(self, action: Action | str, seat: int | None = None) -> BlefState:
        """The state after the current player's ``action`` (text is parsed).

        If ``seat`` is given it must be the current player. A refused action raises
        ``IllegalActionError`` and this state is unchanged (it always is: states are immutable).
        """
        if isinstance(action, str):
            action = parse_action(action)
        reason = self._refusal(action, seat)
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
        added: list[Event] = [CheckEvent(round_, checker, bid, true, loser, pool)]
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
        if not (isinstance(seat, int) and 0 <= seat < self.rules.players):
            raise RulesError(f"no seat {seat!r} in a {self.rules.players}-player game")
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


@dataclass(frozen=True)
class BlefView:
    """What one seat may know (bots receive views, never states).

    ``counts[seat]`` is 0 for an eliminated seat; ``total_cards`` is the size of this round's pool.
    """

    seat: int
    hand: tuple[Card, ...]
    counts: tuple[int, ...]
    total_cards: int
    round: int
    starter: int
    bids: tuple[tuple[int, Bid], ...]
    current_player: int | None
    winner: int | None
    events: tuple[Event, ...] = field(repr=False)

    @property
    def last_bid(self) -> Bid | None:
        """This round's highest bid so far, or ``None``."""
        return self.bids[-1][1] if self.bids else None

    @property
    def is_my_turn(self) -> bool:
        return self.current_player == self.seat

    @property
    def players(self) -> int:
        return len(self.counts)

    def legal_actions(self) -> tuple[Action, ...]:
        """This seat's legal actions when it is its turn, else ``()``."""
        if self.current_player != self.seat or self.winner is not None:
            return ()
        if not self.bids:
            return _LEGAL_OPENING
        return _LEGAL_AFTER[self.bids[-1][1].index]
