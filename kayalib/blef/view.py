"""What one Blef seat may know: :class:`BlefView` (bots receive views, never states)."""

from __future__ import annotations

from dataclasses import dataclass, field

from kayalib.blef.actions import CHECK, Action
from kayalib.blef.bids import LADDER, Bid
from kayalib.blef.cards import Card
from kayalib.blef.events import Event

__all__ = ["BlefView", "legal_after"]

_OPENING: tuple[Action, ...] = tuple(LADDER)
_AFTER: tuple[tuple[Action, ...], ...] = tuple(
    (*LADDER[index + 1 :], CHECK) for index in range(len(LADDER))
)


def legal_after(last: Bid | None) -> tuple[Action, ...]:
    """The actions after ``last`` (every bid when ``None``): the higher bids, then ``CHECK``."""
    return _OPENING if last is None else _AFTER[last.index]


@dataclass(frozen=True)
class BlefView:
    """What one seat may know: its own cards, every count, this round's bids, its log.

    ``counts[seat]`` is 0 for an eliminated seat; ``total_cards`` is the size of this round's
    pool; ``bids`` are this round's ``(seat, bid)`` pairs; ``events`` is this seat's log (no
    seed, no other seat's cards before they are shown).
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
    def is_terminal(self) -> bool:
        return self.winner is not None

    @property
    def players(self) -> int:
        return len(self.counts)

    def legal_actions(self) -> tuple[Action, ...]:
        """This seat's legal actions when it is its turn, else ``()``."""
        if self.current_player != self.seat or self.winner is not None:
            return ()
        return legal_after(self.last_bid)
