"""Blef log events: frozen records with ``to_json()`` and what each seat may see.

Every change of a Blef game is one event: ``start``, ``deal`` (per round), ``bid``, ``check``
(the pool revealed, who made the checked bid and who lost), ``eliminated`` and ``end``. The full
log (``state.events``) holds everything, the seed included, so it can be replayed; a seat's log
(``view.events``) holds ``seen_by(seat)`` of each event: the start without the seed and each deal
with only that seat's own cards.

>>> event_from_json({"event": "bid", "round": 1, "seat": 0, "bid": "pair K"})
BidEvent(round=1, seat=0, bid=Bid.parse('pair K'))
>>> start = StartEvent(players=3, mode="classic", max_cards=7, seed=12345)
>>> start.seen_by(1).to_json()["seed"] is None, start.visible_to(1)
(True, False)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import ClassVar, cast

from kayalib.blef.bids import Bid
from kayalib.blef.cards import Card, check_cards
from kayalib.engine import Event, JSONRecord, RawRecord, Start
from kayalib.errors import ParseError

__all__ = [
    "BidEvent",
    "CheckEvent",
    "DealEvent",
    "EliminatedEvent",
    "EndEvent",
    "Event",
    "StartEvent",
    "event_from_json",
]


def _cards_json(cards: Iterable[Card]) -> list[str]:
    return [str(card) for card in cards]


@dataclass(frozen=True)
class StartEvent(Start):
    """The game starts. ``rigged`` marks a game started from a chosen position (``from_position``).

    ``seed`` fixes every deal, so only the full log has it: a seat sees ``seed=None``.
    """

    players: int
    mode: str
    max_cards: int | None
    seed: int | None
    rigged: bool = False
    kind: ClassVar[str] = "start"
    public: ClassVar[bool] = False

    def seen_by(self, seat: int) -> StartEvent:
        """The start without the seed."""
        return self if self.seed is None else replace(self, seed=None)

    def to_json(self) -> JSONRecord:
        record: JSONRecord = {
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
    where the hand is hidden (in a view of another seat). ``starter`` bids first. A deal with
    hidden hands keeps how many cards each seat was dealt (``sizes``: public, as every count
    is); the full log's deal shows them in its hands (:attr:`dealt` reads either).

    >>> deal = DealEvent(2, (tuple(Card.parse(c) for c in ("AS", "KH")), (Card.parse("9C"),)), 0)
    >>> deal.seen_by(1).hands[0], deal.seen_by(1).dealt, deal.dealt
    (None, (2, 1), (2, 1))
    """

    round: int
    hands: tuple[tuple[Card, ...] | None, ...]
    starter: int
    sizes: tuple[int, ...] | None = None
    kind: ClassVar[str] = "deal"
    public: ClassVar[bool] = False
    uniform: ClassVar[bool] = False  # each seat sees its own hand

    @property
    def dealt(self) -> tuple[int, ...]:
        """How many cards each seat was dealt (0: eliminated)."""
        if self.sizes is not None:
            return self.sizes
        return tuple(0 if hand is None else len(hand) for hand in self.hands)

    def to_json(self) -> JSONRecord:
        record: JSONRecord = {
            "event": "deal",
            "round": self.round,
            "hands": [None if hand is None else _cards_json(hand) for hand in self.hands],
            "starter": self.starter,
        }
        if self.sizes is not None:
            record["sizes"] = list(self.sizes)
        return record

    def seen_by(self, seat: int) -> DealEvent:
        """The deal with every other seat's cards hidden (``None``), their sizes kept."""
        if all(i == seat or not hand for i, hand in enumerate(self.hands)):
            return self
        hands = tuple(hand if i == seat or not hand else None for i, hand in enumerate(self.hands))
        # the full log's deal shows every hand (sizes at C speed: each seat's copy asks)
        shown = cast("tuple[tuple[Card, ...], ...]", self.hands)
        sizes = self.dealt if None in self.hands else tuple(map(len, shown))
        return DealEvent(self.round, hands, self.starter, sizes)


@dataclass(frozen=True)
class BidEvent(Event):
    """A seat bids."""

    round: int
    seat: int
    bid: Bid
    kind: ClassVar[str] = "bid"

    def to_json(self) -> JSONRecord:
        return {"event": "bid", "round": self.round, "seat": self.seat, "bid": str(self.bid)}


@dataclass(frozen=True)
class CheckEvent(Event):
    """Seat ``seat`` checks ``bid``, made by seat ``bidder``; the pool (every card dealt this
    round) is revealed. ``true`` says whether the bid holds; ``loser`` is the checker if it does,
    else the bidder."""

    round: int
    seat: int
    bidder: int
    bid: Bid
    true: bool
    loser: int
    pool: tuple[Card, ...]
    kind: ClassVar[str] = "check"

    def to_json(self) -> JSONRecord:
        return {
            "event": "check",
            "round": self.round,
            "seat": self.seat,
            "bidder": self.bidder,
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

    def to_json(self) -> JSONRecord:
        return {"event": "eliminated", "round": self.round, "seat": self.seat, "cards": self.cards}


@dataclass(frozen=True)
class EndEvent(Event):
    """The last player left wins after ``rounds`` rounds."""

    winner: int
    rounds: int
    kind: ClassVar[str] = "end"

    def to_json(self) -> JSONRecord:
        return {"event": "end", "winner": self.winner, "rounds": self.rounds}


def _hand_from_json(value: Iterable[object] | None) -> tuple[Card, ...] | None:
    return None if value is None else check_cards(Card.parse(text) for text in value)


def event_from_json(record: RawRecord) -> Event:
    """The event a log record stands for (the inverse of ``to_json``)."""
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
            sizes = record.get("sizes")
            return DealEvent(record["round"], hands, record["starter"],
                             None if sizes is None else tuple(int(n) for n in sizes))  # fmt: skip
        if kind == "bid":
            return BidEvent(record["round"], record["seat"], Bid.parse(record["bid"]))
        if kind == "check":
            return CheckEvent(
                record["round"],
                record["seat"],
                record["bidder"],
                Bid.parse(record["bid"]),
                bool(record["true"]),
                record["loser"],
                tuple(Card.parse(text) for text in record["pool"]),
            )
        if kind == "eliminated":
            return EliminatedEvent(record["round"], record["seat"], record.get("cards", 0))
        if kind == "end":
            return EndEvent(record["winner"], record["rounds"])
    except (KeyError, TypeError, ValueError) as error:
        if isinstance(error, ParseError):
            raise
        raise ParseError(f"not a Blef log record: {record!r} ({error})") from None
    raise ParseError(f"not a Blef log record: {record!r}")
