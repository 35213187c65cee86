"""What one Blef seat may know: :class:`BlefView` (bots receive views, never states).

A view crosses process boundaries (a student's bot in its sandbox, a seat at a class table) as
its JSON, and reads back equal:

>>> from kayalib.blef.game import BlefRules, BlefState
>>> view = BlefState.from_position(BlefRules(players=2), ["AS", "9H"]).apply("pair A").view(1)
>>> BlefView.from_json(view.to_json()) == view, view.to_json()["hand"]
(True, ['9H'])
"""

from __future__ import annotations

from dataclasses import dataclass, field

from kayalib.blef.actions import CHECK, Action
from kayalib.blef.bids import LADDER, Bid
from kayalib.blef.cards import Card
from kayalib.blef.events import event_from_json
from kayalib.engine import Chain, JSONRecord, Outcome, RawRecord, View
from kayalib.errors import ParseError

__all__ = ["BlefView", "legal_after"]

_OPENING: tuple[Action, ...] = tuple(LADDER)
_AFTER: tuple[tuple[Action, ...], ...] = tuple(
    (*LADDER[index + 1 :], CHECK) for index in range(len(LADDER))
)


def legal_after(last: Bid | None) -> tuple[Action, ...]:
    """The actions after ``last`` (every bid when ``None``): the higher bids, then ``CHECK``."""
    return _OPENING if last is None else _AFTER[last.index]


@dataclass(frozen=True)
class BlefView(View[Action]):
    """What one seat may know: its own cards, every count, this round's bids, its log.

    ``counts[seat]`` is 0 for an eliminated seat; ``total_cards`` is the size of this round's
    pool; ``bids`` are this round's ``(seat, bid)`` pairs; ``events`` is this seat's log (no
    seed, no other seat's cards before they are shown; each deal says how many cards every
    seat was dealt); ``outcome`` is set once the game is over. ``laid`` are the hands of the
    last round a check ended, by seat (``()`` for a seat out of that round), laid face up for
    everyone; ``None`` before the first check.
    """

    seat: int
    hand: tuple[Card, ...]
    counts: tuple[int, ...]
    total_cards: int
    round: int
    starter: int
    bids: tuple[tuple[int, Bid], ...]
    current_player: int | None
    outcome: Outcome | None
    chain: Chain = field(repr=False)
    laid: tuple[tuple[Card, ...], ...] | None = None

    @property
    def players(self) -> int:
        return len(self.counts)

    def holds(self, seat: int) -> int:
        """How many cards ``seat`` holds now: its count while the game goes on, none once it
        is over (the count the winner would have been dealt next is no card in hand)."""
        return 0 if self.outcome is not None else self.counts[seat]

    @property
    def last_bid(self) -> Bid | None:
        """This round's highest bid so far, or ``None``."""
        return self.bids[-1][1] if self.bids else None

    def legal_actions(self) -> tuple[Action, ...]:
        """This seat's legal actions when it is its turn, else ``()``."""
        if self.current_player != self.seat or self.outcome is not None:
            return ()
        return legal_after(self.last_bid)

    def to_json(self) -> JSONRecord:
        """The view as JSON (what a sandboxed bot or a remote seat receives)."""
        return {
            "game": "blef",
            "seat": self.seat,
            "hand": [str(card) for card in self.hand],
            "counts": list(self.counts),
            "total_cards": self.total_cards,
            "round": self.round,
            "starter": self.starter,
            "bids": [[seat, str(bid)] for seat, bid in self.bids],
            "current_player": self.current_player,
            "outcome": None if self.outcome is None else self.outcome.to_json(),
            "events": [event.to_json() for event in self.events],
            "laid": None if self.laid is None else [
                [str(card) for card in hand] for hand in self.laid],
        }  # fmt: skip

    @classmethod
    def from_json(cls, record: RawRecord) -> BlefView:
        """The view a :meth:`to_json` record stands for; ParseError for anything else."""
        try:
            if record["game"] != "blef":
                raise ParseError(f"not a Blef view: {record.get('game')!r}")
            events = tuple(event_from_json(event) for event in record["events"])
            laid = record["laid"]
            return cls(
                seat=int(record["seat"]),
                hand=tuple(Card.parse(text) for text in record["hand"]),
                counts=tuple(int(count) for count in record["counts"]),
                total_cards=int(record["total_cards"]),
                round=int(record["round"]),
                starter=int(record["starter"]),
                bids=tuple((int(seat), Bid.parse(text)) for seat, text in record["bids"]),
                current_player=record["current_player"],
                outcome=Outcome.from_json(record["outcome"]),
                chain=Chain(events),
                laid=None if laid is None else tuple(
                    tuple(Card.parse(text) for text in hand) for hand in laid),
            )  # fmt: skip
        except (KeyError, TypeError, ValueError) as error:
            if isinstance(error, ParseError):
                raise
            raise ParseError(f"not a Blef view record ({error})") from None
