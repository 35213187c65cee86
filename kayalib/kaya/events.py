"""Aku Paling Kaya log events: frozen records with ``to_json()`` and what each seat may see.

The full log holds everything, the seed included, so a game can be replayed; a seat's log holds
``seen_by(seat)`` of each event: the start without the seed, other seats' face-down cards
without the card, and nothing of another seat's private decline. Each seat's log is kept by
:class:`kayalib.engine.Log` from exactly these ``seen_by``.

>>> start = StartEvent(("green", "red"), (1, 1, 1, 2, 2, 2, 3, 3, 3), seed=987654321)
>>> start.seen_by(0).seed is None, event_from_json(start.to_json()) == start
(True, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import ClassVar

from kayalib.engine import Event, JSONRecord, RawRecord, Start
from kayalib.errors import ParseError
from kayalib.kaya.cards import Card
from kayalib.kaya.gambreng import Gambreng

__all__ = [
    "ChallengeEvent",
    "DeclineEvent",
    "EndEvent",
    "Event",
    "GambrengEvent",
    "MoveEvent",
    "PassEvent",
    "PlayEvent",
    "PowerEvent",
    "ShowdownEvent",
    "StartEvent",
    "event_from_json",
]


@dataclass(frozen=True, slots=True)
class StartEvent(Start):
    """The game begins: colours (seat order), coin table, seed (full log only). ``rigged``
    marks a game started from a chosen position (``from_position``)."""

    kind: ClassVar[str] = "start"
    public: ClassVar[bool] = False
    colors: tuple[str, ...]
    coins: tuple[int, ...]
    seed: int | None
    rigged: bool = False

    def seen_by(self, seat: int) -> StartEvent:
        """The start without the seed (it fixes every random take)."""
        if self.seed is None:
            return self
        return StartEvent(self.colors, self.coins, None, self.rigged)

    def to_json(self) -> JSONRecord:
        record: JSONRecord = {
            "event": "start",
            "game": "kaya",
            "players": len(self.colors),
            "colors": list(self.colors),
            "coins": {str(n): v for n, v in enumerate(self.coins, 1)},
            "seed": self.seed,
        }
        if self.rigged:
            record["rigged"] = True
        return record


@dataclass(frozen=True, slots=True)
class GambrengEvent(Event):
    """The draw for the first active player, every show recorded."""

    kind: ClassVar[str] = "gambreng"
    gambreng: Gambreng

    def to_json(self) -> JSONRecord:
        return {"event": "gambreng", **self.gambreng.to_json()}


@dataclass(frozen=True, slots=True)
class PlayEvent(Event):
    """Seat ``seat`` plays a card face-down (``card`` is None in other seats' logs)."""

    kind: ClassVar[str] = "play"
    public: ClassVar[bool] = False
    turn: int
    seat: int
    card: Card | None

    @property
    def owner(self) -> int:
        return self.seat

    def seen_by(self, seat: int) -> Event | None:
        if seat == self.seat or self.card is None:
            return self
        return _hidden_play(self.turn, self.seat)

    def to_json(self) -> JSONRecord:
        return {
            "event": "play",
            "turn": self.turn,
            "seat": self.seat,
            "card": None if self.card is None else str(self.card),
        }


@dataclass(frozen=True, slots=True)
class PassEvent(Event):
    """Seat ``seat`` does not challenge."""

    kind: ClassVar[str] = "pass"
    turn: int
    seat: int

    def to_json(self) -> JSONRecord:
        return {"event": "pass", "turn": self.turn, "seat": self.seat}


@dataclass(frozen=True, slots=True)
class ChallengeEvent(Event):
    """Seat ``seat`` (C) challenges ``targets``: A first, then the others in seat order after C."""

    kind: ClassVar[str] = "challenge"
    turn: int
    seat: int
    targets: tuple[int, ...]

    def to_json(self) -> JSONRecord:
        return {"event": "challenge", "turn": self.turn, "seat": self.seat,
                "targets": list(self.targets)}  # fmt: skip


@dataclass(frozen=True, slots=True)
class ShowdownEvent(Event):
    """The showdown cards are revealed (C's first, then the targets'); ``winner`` wins."""

    kind: ClassVar[str] = "showdown"
    turn: int
    cards: tuple[tuple[int, Card], ...]
    winner: int

    def to_json(self) -> JSONRecord:
        return {
            "event": "showdown",
            "turn": self.turn,
            "cards": {str(s): str(c) for s, c in self.cards},
            "winner": self.winner,
        }


@dataclass(frozen=True, slots=True)
class MoveEvent(Event):
    """A card changes place (``hand:S``, ``table:S``, ``bonus:S``, ``discard``) because ``why``.

    Face-down moves (``play``, ``stale``) show the card only to its ``owner``.
    """

    kind: ClassVar[str] = "move"
    turn: int
    card: Card | None
    source: str
    target: str
    why: str
    owner: int | None = None  # set for a face-down move: only this seat sees the card

    @property
    def public(self) -> bool:
        """A face-up move is seen whole by every seat."""
        return self.owner is None

    def seen_by(self, seat: int) -> Event | None:
        if self.owner is None or seat == self.owner or self.card is None:
            return self
        return _hidden_move(self.turn, self.source, self.target, self.why, self.owner)

    def to_json(self) -> JSONRecord:
        return {
            "event": "move",
            "turn": self.turn,
            "card": None if self.card is None else str(self.card),
            "from": self.source,
            "to": self.target,
            "why": self.why,
        }


@dataclass(frozen=True, slots=True)
class PowerEvent(Event):
    """Seat ``seat`` uses the power of ``card``: green-return, red-steal or orange-keep."""

    kind: ClassVar[str] = "power"
    turn: int
    seat: int
    card: Card
    power: str

    def to_json(self) -> JSONRecord:
        return {"event": "power", "turn": self.turn, "seat": self.seat,
                "card": str(self.card), "power": self.power}  # fmt: skip


@dataclass(frozen=True, slots=True)
class DeclineEvent(Event):
    """Seat ``seat`` does not use the power of ``card`` (``power`` None: the card has none, and
    A just ends the turn). For a face-down card the event is private to that seat: the others
    must not learn whether it had a power."""

    kind: ClassVar[str] = "decline"
    public: ClassVar[bool] = False
    turn: int
    seat: int
    card: Card
    power: str | None
    private: bool

    @property
    def owner(self) -> int:
        return self.seat

    def seen_by(self, seat: int) -> Event | None:
        return self if not self.private or seat == self.seat else None

    def to_json(self) -> JSONRecord:
        return {"event": "decline", "turn": self.turn, "seat": self.seat,
                "card": str(self.card), "power": self.power}  # fmt: skip


@dataclass(frozen=True, slots=True)
class EndEvent(Event):
    """The game is over: final points by seat and the winners (equal totals share the win)."""

    kind: ClassVar[str] = "end"
    scores: tuple[int, ...]
    winners: tuple[int, ...]

    def to_json(self) -> JSONRecord:
        return {"event": "end", "scores": list(self.scores), "winners": list(self.winners)}


# The copies other seats see of a face-down card's events are the same for every such seat and
# every game (a few hundred in all), so they are made once.
@lru_cache(maxsize=4096)
def _hidden_play(turn: int, seat: int) -> PlayEvent:
    return PlayEvent(turn, seat, None)


@lru_cache(maxsize=4096)
def _hidden_move(turn: int, source: str, target: str, why: str, owner: int) -> MoveEvent:
    return MoveEvent(turn, None, source, target, why, owner)


def _card(text: str | None) -> Card | None:
    return None if text is None else Card.parse(text)


def event_from_json(record: RawRecord) -> Event:
    """The event a log record stands for (the inverse of ``to_json``; a face-down move's
    owner is not in the record, so only the full log, which shows every card, reads back
    equal)."""
    try:
        kind = record["event"]
        if kind == "start":
            coins = tuple(record["coins"][str(n)] for n in range(1, 10))
            return StartEvent(
                tuple(record["colors"]), coins, record.get("seed"), bool(record.get("rigged"))
            )
        if kind == "gambreng":
            return GambrengEvent(Gambreng.from_json(record))
        if kind == "play":
            return PlayEvent(record["turn"], record["seat"], _card(record["card"]))
        if kind == "pass":
            return PassEvent(record["turn"], record["seat"])
        if kind == "challenge":
            return ChallengeEvent(record["turn"], record["seat"], tuple(record["targets"]))
        if kind == "showdown":
            cards = tuple((int(s), Card.parse(c)) for s, c in record["cards"].items())
            return ShowdownEvent(record["turn"], cards, record["winner"])
        if kind == "move":
            card = _card(record["card"])
            why = record["why"]
            owner = None
            if why in ("play", "stale"):  # face-down moves: only the owner sees the card
                owner = int(record["from"].partition(":")[2])
            return MoveEvent(record["turn"], card, record["from"], record["to"], why, owner)
        if kind == "power":
            return PowerEvent(
                record["turn"], record["seat"], Card.parse(record["card"]), record["power"]
            )
        if kind == "decline":
            power = record["power"]
            private = power != "orange-keep"
            return DeclineEvent(
                record["turn"], record["seat"], Card.parse(record["card"]), power, private
            )
        if kind == "end":
            return EndEvent(tuple(record["scores"]), tuple(record["winners"]))
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        raise ParseError(f"not an Aku Paling Kaya log record: {record!r} ({error})") from None
    raise ParseError(f"not an Aku Paling Kaya log record: {record!r}")
