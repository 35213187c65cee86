"""The ladder's numbers: an example pool for every bid, the exact chance of every bid for 1 to 24
cards in play, each kind's chance, and where the seed's ladder is upside down (lessons 02-04).

>>> [str(c) for c in example_pool(Bid.parse("full 9 A"))]
['9S', '9H', '9D', 'AS', 'AH']
>>> len(kind_inversions(10)), fair_kind_order(10)[:2]
(7, ['high-card', 'small-straight'])

A kind that no pool of the cards in play can make (a straight with 4 cards) is *impossible*,
not "the least likely": it is left out of the comparisons and of the fair order
(:func:`impossible_kinds` names them).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction
from math import comb

from kayalib.blef.bids import BID_KINDS, LADDER, Bid
from kayalib.blef.cards import Card, parse_cards
from kayalib.blef.odds import bid_probability, probabilities

__all__ = [
    "example_pool",
    "fair_kind_groups",
    "fair_kind_order",
    "impossible_kinds",
    "kind_inversions",
    "kind_probabilities",
    "probability_grid",
    "ways_with_aces",
]


def example_pool(bid: Bid) -> tuple[Card, ...]:
    """The smallest pool that makes ``bid`` true (suits chosen from spades down).

    >>> [str(c) for c in example_pool(Bid.parse("full 9 A"))]
    ['9S', '9H', '9D', 'AS', 'AH']
    >>> from kayalib.blef.bids import holds
    >>> all(holds(bid, example_pool(bid)) for bid in LADDER)
    True
    """
    need = {"high-card": (1,), "pair": (2,), "two-pair": (2, 2), "three": (3,), "full": (3, 2)}
    kind, params = bid.kind, bid.params
    if kind in need or kind == "four":
        counts = (4,) if kind == "four" else need[kind]
        return tuple(
            Card(rank, suit)
            for rank, count in zip(params, counts, strict=True)
            for suit in range(3, 3 - count, -1)
        )
    if kind in ("small-straight", "big-straight"):
        first = 0 if kind == "small-straight" else 1
        return tuple(Card(rank, 3 - rank % 4) for rank in range(first, first + 5))
    if kind == "flush":
        return tuple(Card(rank, params[0]) for rank in (0, 1, 2, 3, 5))
    first = 0 if kind == "small-poker" else 1
    return tuple(Card(rank, params[0]) for rank in range(first, first + 5))


def ways_with_aces(x: int, cards: int = 6) -> int:
    """Deals of ``cards`` cards from 24 with exactly ``x`` of the 4 aces."""
    return comb(4, x) * comb(20, cards - x)


def probability_grid(hand: Sequence[Card] | str = "") -> list[list[float]]:
    """``grid[bid.index][cards - 1]``: P(bid true) for 1..24 cards in play (NaN below |hand|)."""
    held = parse_cards(hand) if isinstance(hand, str) else tuple(hand)
    columns = [
        probabilities(held, cards) if cards >= len(held) else [math.nan] * len(LADDER)
        for cards in range(1, 25)
    ]
    return [[column[index] for column in columns] for index in range(len(LADDER))]


def kind_probabilities(cards: int) -> dict[str, Fraction]:
    """Exact P(true) of each kind of bid with no known cards (all bids of a kind are alike).

    >>> kind_probabilities(2)["pair"]
    Fraction(1, 46)
    """
    first: dict[str, Bid] = {}
    for bid in LADDER:
        first.setdefault(bid.kind, bid)
    return {kind: Fraction(bid_probability(bid, "", cards, exact=True))
            for kind, bid in first.items()}  # fmt: skip


def impossible_kinds(cards: int) -> list[str]:
    """The kinds that no pool of ``cards`` cards can make, in the seed's order.

    >>> impossible_kinds(4)
    ['small-straight', 'big-straight', 'full', 'flush', 'small-poker', 'big-poker']
    """
    p = kind_probabilities(cards)
    return [kind for kind in BID_KINDS if p[kind] == 0]


def kind_inversions(cards: int) -> list[tuple[str, str]]:
    """Every pair ``(lower kind, higher kind)`` of the seed's ladder, neighbours or not, where
    the higher kind is the more likely one with ``cards`` cards in play and no known cards (the
    lower kind possible: nothing is "more likely" than an impossible kind in any useful sense).

    >>> len(kind_inversions(10)), kind_inversions(10)[:2]
    (7, [('pair', 'small-straight'), ('pair', 'big-straight')])
    >>> kind_inversions(4)
    [('two-pair', 'three')]
    """
    p = kind_probabilities(cards)
    return [
        (low, high)
        for i, low in enumerate(BID_KINDS)
        for high in BID_KINDS[i + 1 :]
        if p[high] > p[low] > 0
    ]


def fair_kind_order(cards: int) -> list[str]:
    """The possible kinds from most to least likely (a fair ladder: higher = rarer); equally
    likely kinds keep the seed's order (:func:`fair_kind_groups` keeps them together).

    >>> fair_kind_order(10)[:4]
    ['high-card', 'small-straight', 'big-straight', 'pair']
    >>> fair_kind_order(4)
    ['high-card', 'pair', 'three', 'two-pair', 'four']
    """
    p = kind_probabilities(cards)
    possible = [kind for kind in BID_KINDS if p[kind] > 0]
    return sorted(possible, key=lambda kind: (-p[kind], BID_KINDS.index(kind)))


def fair_kind_groups(cards: int) -> list[list[str]]:
    """:func:`fair_kind_order` with equally likely kinds in one group.

    >>> fair_kind_groups(10)[:2]
    [['high-card'], ['small-straight', 'big-straight']]
    """
    p = kind_probabilities(cards)
    groups: list[list[str]] = []
    for kind in fair_kind_order(cards):
        if groups and p[groups[-1][0]] == p[kind]:
            groups[-1].append(kind)
        else:
            groups.append([kind])
    return groups
