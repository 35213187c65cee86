"""What a Blef game's full log says about its bids: how often a bid was checked, how often a
checked bid was false, how often a bid was a bluff, computed exactly from the hands in the log.
The class tables count the class's own play with it; the lessons read those counts.

**A bluff**, as the lessons state it: a bid that the bidder's own cards make less likely to be
true than not. Given the bidder's hand and how many cards were dealt in the round, the odds
engine gives the exact chance that the bid holds (:func:`kayalib.blef.odds.bid_probability`);
the bid is a bluff when that chance is below :data:`BLUFF_BELOW` (one half). What the others
said before does not count: the definition uses only what the bidder holds.

Only rounds that have ended (with a check) count, so no figure says anything about a round in
play. :func:`bid_facts` reads one game's full log (the store's, or a ``--log`` file's records);
:class:`Figures` counts a list of them, for a table, a student or the class.

>>> from kayalib.blef import BlefRules, BlefState
>>> state = BlefState.from_position(BlefRules(players=2), ["AS", "9H"], starter=0)
>>> state = state.apply("pair A").apply("check")
>>> [(f.seat, f.bid, str(f.chance), f.bluff, f.true) for f in bid_facts(state.events)]
[(0, 'pair A', '3/23', True, False)]
>>> Figures.of(bid_facts(state.events)).to_json()
{'bids': 1, 'checked': 1, 'checked_false': 1, 'bluffs': 1}
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from kayalib.engine import JSONRecord, RawRecord

if TYPE_CHECKING:
    from kayalib.blef.cards import Card
    from kayalib.blef.events import BidEvent, Event
    from kayalib.blef.game import BlefState

__all__ = ["BLUFF_BELOW", "BidFact", "Figures", "bid_facts", "own_figures"]

#: a bid whose chance (given the bidder's cards) is below this is a bluff
BLUFF_BELOW = Fraction(1, 2)


@dataclass(frozen=True)
class BidFact:
    """One bid of an ended round: who made it, its exact ``chance`` given the bidder's cards,
    whether it was the bid checked and, if so, whether it held."""

    round: int
    seat: int
    bid: str
    chance: Fraction
    checked: bool
    true: bool | None

    @property
    def bluff(self) -> bool:
        return self.chance < BLUFF_BELOW

    def to_json(self) -> JSONRecord:
        return {"round": self.round, "seat": self.seat, "bid": self.bid,
                "chance": f"{self.chance.numerator}/{self.chance.denominator}",
                "bluff": self.bluff, "checked": self.checked, "true": self.true}  # fmt: skip


def bid_facts(events: Iterable[Event | RawRecord]) -> list[BidFact]:
    """Every bid of every ended round of one Blef game's full log (events, or ``--log``
    records), oldest first."""
    from kayalib.blef.events import BidEvent, CheckEvent, DealEvent, event_from_json
    from kayalib.blef.odds import bid_probability

    deals: dict[int, tuple[tuple[Card, ...] | None, ...]] = {}
    bids: dict[int, list[BidEvent]] = {}
    facts: list[BidFact] = []
    for item in events:
        event = event_from_json(item) if isinstance(item, dict) else item
        if isinstance(event, DealEvent):
            deals[event.round] = event.hands
            bids[event.round] = []
        elif isinstance(event, BidEvent):
            bids.setdefault(event.round, []).append(event)
        elif isinstance(event, CheckEvent):
            dealt_hands = deals.get(event.round, ())
            hands = [hand for hand in dealt_hands if hand is not None]
            if not dealt_hands or len(hands) < len(dealt_hands):
                continue  # not a full log: nothing can be said
            dealt = sum(len(hand) for hand in hands)
            made = bids.get(event.round, [])
            for i, bid in enumerate(made):
                chance = bid_probability(bid.bid, hands[bid.seat], dealt, exact=True)
                last = i == len(made) - 1
                facts.append(BidFact(event.round, bid.seat, str(bid.bid), chance,
                                     last, event.true if last else None))  # fmt: skip
    return facts


@dataclass(frozen=True)
class Figures:
    """Counts over some bids: made, checked, checked and false, bluffs."""

    bids: int = 0
    checked: int = 0
    checked_false: int = 0
    bluffs: int = 0

    @classmethod
    def of(cls, facts: Sequence[BidFact]) -> Figures:
        return cls(
            len(facts), sum(f.checked for f in facts),
            sum(f.checked and f.true is False for f in facts), sum(f.bluff for f in facts),
        )  # fmt: skip

    def __add__(self, other: Figures) -> Figures:
        return Figures(
            self.bids + other.bids, self.checked + other.checked,
            self.checked_false + other.checked_false, self.bluffs + other.bluffs,
        )  # fmt: skip

    def to_json(self) -> dict[str, int]:
        return {"bids": self.bids, "checked": self.checked,
                "checked_false": self.checked_false, "bluffs": self.bluffs}  # fmt: skip


def own_figures(state: BlefState, seat: int) -> dict[str, int]:
    """``seat``'s own figures in the game of ``state``: what its page may show its player, and
    nobody else."""
    return Figures.of([f for f in bid_facts(state.events) if f.seat == seat]).to_json()
