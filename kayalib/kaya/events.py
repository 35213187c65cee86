"""Aku Paling Kaya log events: frozen records with ``to_json()`` and what each seat may see.

The log is kept as records and turned into :class:`Event` objects only when someone reads it
(see ``push_records``), so ``apply`` stays cheap.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, ClassVar

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
]


class Event:
    """Base of the log events. ``kind`` is the ``"event"`` field of the JSON line.

    ``for_seat(seat)`` is what that seat may know of the event: the event itself, a copy with
    the hidden card removed, or ``None`` (a private event of another seat).
    """

    __slots__ = ()
    kind: ClassVar[str] = ""
    secret: ClassVar[bool] = False  # True if some seat sees less than the whole event

    def to_json(self) -> dict[str, Any]:
        raise NotImplementedError

    def for_seat(self, seat: int) -> Event | None:
        return self

    def visible_to(self, seat: int) -> bool:
        """True when ``seat`` may see the whole event (hidden cards included)."""
        return self.for_seat(seat) is self

    def to_line(self) -> str:
        """The JSON Lines text of the event (compact, as in the issue)."""
        return json.dumps(self.to_json(), separators=(",", ":"))


@dataclass(frozen=True, slots=True)
class StartEvent(Event):
    """The game begins: seats, colours (seat order), coin table, seed."""

    kind: ClassVar[str] = "start"
    colors: tuple[str, ...]
    coins: tuple[int, ...]
    seed: int | None

    def to_json(self) -> dict[str, Any]:
        return {
            "event": "start",
            "game": "kaya",
            "players": len(self.colors),
            "colors": list(self.colors),
            "coins": {str(n): v for n, v in enumerate(self.coins, 1)},
            "seed": self.seed,
        }


@dataclass(frozen=True, slots=True)
class GambrengEvent(Event):
    """The draw for the first active player, every show recorded."""

    kind: ClassVar[str] = "gambreng"
    gambreng: Gambreng

    def to_json(self) -> dict[str, Any]:
        return {"event": "gambreng", **self.gambreng.to_json()}


@dataclass(frozen=True, slots=True)
class PlayEvent(Event):
    """Seat ``seat`` plays a card face-down (``card`` is None in other seats' logs)."""

    kind: ClassVar[str] = "play"
    secret: ClassVar[bool] = True
    turn: int
    seat: int
    card: Card | None

    def for_seat(self, seat: int) -> Event | None:
        if seat == self.seat or self.card is None:
            return self
        return PlayEvent(self.turn, self.seat, None)

    def to_json(self) -> dict[str, Any]:
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

    def to_json(self) -> dict[str, Any]:
        return {"event": "pass", "turn": self.turn, "seat": self.seat}


@dataclass(frozen=True, slots=True)
class ChallengeEvent(Event):
    """Seat ``seat`` (C) challenges ``targets``: A first, then the others in seat order after C."""

    kind: ClassVar[str] = "challenge"
    turn: int
    seat: int
    targets: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        return {"event": "challenge", "turn": self.turn, "seat": self.seat,
                "targets": list(self.targets)}  # fmt: skip


@dataclass(frozen=True, slots=True)
class ShowdownEvent(Event):
    """The showdown cards are revealed (C's first, then the targets'); ``winner`` wins."""

    kind: ClassVar[str] = "showdown"
    turn: int
    cards: tuple[tuple[int, Card], ...]
    winner: int

    def to_json(self) -> dict[str, Any]:
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
    def secret(self) -> bool:  # type: ignore[override]
        return self.owner is not None

    def for_seat(self, seat: int) -> Event | None:
        if self.owner is None or seat == self.owner or self.card is None:
            return self
        return MoveEvent(self.turn, None, self.source, self.target, self.why, self.owner)

    def to_json(self) -> dict[str, Any]:
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

    def to_json(self) -> dict[str, Any]:
        return {"event": "power", "turn": self.turn, "seat": self.seat,
                "card": str(self.card), "power": self.power}  # fmt: skip


@dataclass(frozen=True, slots=True)
class DeclineEvent(Event):
    """Seat ``seat`` does not use the power of ``card``. For a face-down card (green 3, red 3/4)
    the event is private to that seat: the others must not learn that it had a power."""

    kind: ClassVar[str] = "decline"
    turn: int
    seat: int
    card: Card
    power: str
    private: bool

    @property
    def secret(self) -> bool:  # type: ignore[override]
        return self.private

    def for_seat(self, seat: int) -> Event | None:
        return self if not self.private or seat == self.seat else None

    def to_json(self) -> dict[str, Any]:
        return {"event": "decline", "turn": self.turn, "seat": self.seat,
                "card": str(self.card), "power": self.power}  # fmt: skip


@dataclass(frozen=True, slots=True)
class EndEvent(Event):
    """The game is over: final points by seat and the winners (equal totals share the win)."""

    kind: ClassVar[str] = "end"
    scores: tuple[int, ...]
    winners: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        return {"event": "end", "scores": list(self.scores), "winners": list(self.winners)}


# The log is kept as records, turned into Event objects only when someone reads it: a record is
# ``(EventClass, args)``, or for an event some seats see less of,
# ``(EventClass, args, owner, args_for_the_others or None)``.
# A log is a persistent linked list of batches of records, ``(batch, previous)`` or None, so
# appending is O(1) and states share their history. Each seat has its own log with the
# other seats' hidden cards already removed: a view never holds a hidden card.
LogChain = Any


def flatten_log(chain: LogChain) -> tuple[Event, ...]:
    batches = []
    while chain is not None:
        batches.append(chain[0])
        chain = chain[1]
    return tuple([cls(*args) for batch in reversed(batches) for cls, args in batch])


def push_records(
    logs: tuple[LogChain, ...], records: list[tuple], owner: int | None
) -> tuple[LogChain, ...]:
    """Append one batch to the full log and to each seat's log. ``owner`` is the one seat that
    may see the batch's secret records (None: every record is public)."""
    if owner is None:
        batch = tuple(records)
        return tuple([(batch, chain) for chain in logs])
    full = tuple([r[:2] for r in records])
    others = tuple(
        [r if len(r) == 2 else (r[0], r[3]) for r in records if len(r) == 2 or r[3] is not None]
    )
    return ((full, logs[0]), *[
        (full if seat == owner else others, chain) if full else chain
        for seat, chain in enumerate(logs[1:])
    ])  # fmt: skip
