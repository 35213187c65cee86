"""Exact Blef odds for many hands at once: the 83-bid table of every hand in one numpy pass.

The counting is that of :mod:`kayalib.blef.odds`: with ``k`` cards in hand and ``N`` dealt, the
other ``D = N - k`` cards are a uniform draw from the ``M = 24 - k`` cards not in hand, and the
number of favourable draws of each bid is a short sum of products of binomial coefficients. Each
of those sums depends on the hand only through a few small numbers: how many cards of each rank
it holds (0..4), how many of each suit (0..6), how many ranks of a straight it lacks (0..5) and
how many cards of a poker it lacks (0..5). So for one ``(k, N)`` the sums are worked out once, as
lookup tables indexed by those numbers, and every hand's table is a gather from them. The counts
are exact ``int64`` integers (at most ``C(24, 12) = 2,704,156`` draws), the probabilities the
correctly rounded ``count / total``, so each row equals the single-table path exactly
(``tests/blef/test_odds_batch.py`` checks every hand of the small cases).

>>> counts, total = batch_counts(masks_of(["AS", "9C"]), 2)
>>> pair_a, nine = Bid.parse("pair A").index, Bid.parse("high-card 9").index
>>> int(counts[0, pair_a]), int(counts[0, nine]), int(counts[1, nine]), total
(3, 4, 23, 23)
>>> pool_truth(masks_of(["AS AH KS KH KD"]))[0, Bid.parse("full K A").index]
np.True_
"""

from __future__ import annotations

from functools import cache, lru_cache
from math import comb
from typing import NamedTuple

import numpy as np

from kayalib.blef.bids import LADDER, Bid
from kayalib.blef.masks import masks_of, popcount
from kayalib.blef.odds import RANK_KEYS, count_tables
from kayalib.errors import ArgumentError

__all__ = [
    "RANK_KEYS",
    "SUIT_KEYS",
    "batch_counts",
    "batch_probabilities",
    "ClassOdds",
    "class_odds",
    "hand_keys",
    "Mixer",
    "mixture",
    "mixture_of_sums",
    "pool_truth",
]

_SUIT_MASKS = np.array([sum(1 << (rank * 4 + suit) for rank in range(6)) for suit in range(4)])
_TWO_PAIR = np.array([(high, low) for high in range(6) for low in range(high)]).T
_FULL = np.array([(three, two) for three in range(6) for two in range(6) if two != three]).T
_SMALL, _BIG = np.arange(0, 5), np.arange(1, 6)

# Keep Bid in the namespace for the doctest above.
_ = Bid


class _Arrays(NamedTuple):
    """The lookup tables of :func:`kayalib.blef.odds.count_tables` as arrays."""

    total: int
    at_least: np.ndarray
    two_pair: np.ndarray
    full: np.ndarray
    straight: np.ndarray
    suits: np.ndarray


@lru_cache(maxsize=64)
def _tables(held: int, cards: int) -> _Arrays:
    """The lookup tables (:func:`kayalib.blef.odds.count_tables`) for hands of ``held`` cards
    when ``cards`` are dealt, as arrays."""
    tables = count_tables(held, cards)
    return _Arrays(
        total=tables.total,
        at_least=np.array(tables.at_least, dtype=np.int64),
        two_pair=np.array(tables.two_pair, dtype=np.int64),
        full=np.array(tables.full, dtype=np.int64),
        straight=np.array(tables.straight, dtype=np.int64),
        suits=np.array(tables.suits, dtype=np.int64),
    )


SUIT_KEYS = 20**4
"""How many suit keys there are: ``Σ_s key_s · 20^s``, where suit ``s``'s own key is
``nines + 2 · middles + 10 · aces`` of that suit (its middles are its 10, J, Q and K, which with
the nine and the ace decide its flush and both of its pokers)."""
_POWERS = 5 ** np.arange(6)
_SUIT_POWERS = 20 ** np.arange(4)


def _halves(weight: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """For a quantity that is a sum over a set's cards (``weight[card]``, a row per card), its
    value for every 12-bit half of a mask: the low half's (cards 0..11) and the high half's
    (cards 12..23). A set's value is then two lookups and a sum, not a count per digit."""
    def table(cards: np.ndarray) -> np.ndarray:
        found = np.zeros((1, *cards.shape[1:]), dtype=np.int64)
        for share in cards:  # the masks with this card are those without it, plus its share
            found = np.concatenate([found, found + share])
        return found

    return table(weight[:12]), table(weight[12:])


# Each card's share of the keys: card ``4 · rank + suit`` adds ``5 ** rank`` to the rank key
# and, in the digit of its suit, 1 (a nine), 2 (a middle card) or 10 (an ace).
_CARD_DIGITS = np.array(
    [
        [(1 if rank == 0 else 10 if rank == 5 else 2) * (suit == s) for s in range(4)]
        for rank in range(6)
        for suit in range(4)
    ],
    dtype=np.int64,
)  # (24, 4)
_RANK_LOW, _RANK_HIGH = _halves(5 ** (np.arange(24) // 4))
_DIGITS_LOW, _DIGITS_HIGH = _halves(_CARD_DIGITS)
_SUIT_LOW, _SUIT_HIGH = _halves(_CARD_DIGITS @ _SUIT_POWERS)
_BY_SUIT_LOW = np.ascontiguousarray(_DIGITS_LOW.T)  # (4 suits, 4096)
_BY_SUIT_HIGH = np.ascontiguousarray(_DIGITS_HIGH.T)


def _suit_digits(masks: np.ndarray) -> np.ndarray:
    """``(n, 4)``: each suit's own key (0..19)."""
    return _DIGITS_LOW.take(masks & 4095, axis=0) + _DIGITS_HIGH.take(masks >> 12, axis=0)


def _rank_keys(masks: np.ndarray) -> np.ndarray:
    """``(n,)``: each set's rank key (``Σ count of rank r · 5^r``)."""
    return _RANK_LOW[masks & 4095] + _RANK_HIGH[masks >> 12]


def hand_keys(hands: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The rank key and the suit key of each set of cards (two ``(n,)`` arrays).

    A bid's odds depend on a hand only through these keys, and the keys of disjoint sets add
    up to the key of their union (no digit can overflow), so they can be summed, not recounted.
    """
    masks = masks_of(hands)
    return _rank_keys(masks), _SUIT_LOW[masks & 4095] + _SUIT_HIGH[masks >> 12]


def _rank_columns(rank: np.ndarray, tables: _Arrays) -> np.ndarray:
    """The counts of the 71 bids that depend on ranks only (ladder 0..70), by rank counts."""
    at_least = tables.at_least
    return np.concatenate(
        [
            at_least[rank, 1],
            at_least[rank, 2],
            tables.two_pair[rank[:, _TWO_PAIR[0]], rank[:, _TWO_PAIR[1]]],
            at_least[rank, 3],
            tables.straight[(rank[:, _SMALL] == 0).sum(axis=1)][:, None],
            tables.straight[(rank[:, _BIG] == 0).sum(axis=1)][:, None],
            tables.full[rank[:, _FULL[0]], rank[:, _FULL[1]]],
            at_least[rank, 4],
        ],
        axis=1,
    )


def _suit_table(held: int, cards: int) -> np.ndarray:
    """``(20, 3)``: the counts of a suit's flush, small and big poker, by the suit's own key."""
    return _tables(held, cards).suits


def _check_batch(hands: np.ndarray, cards: int) -> tuple[np.ndarray, int]:
    masks = masks_of(hands)
    if masks.ndim != 1:
        raise ArgumentError("hands must be a flat array of masks, one per hand")
    if isinstance(cards, bool) or not isinstance(cards, int) or not 1 <= cards <= 24:
        raise ArgumentError(f"between 1 and 24 cards are dealt in a round, not {cards!r}")
    if not len(masks):
        return masks, 0
    sizes = popcount(masks)
    held = int(sizes[0])
    if (sizes != held).any():
        raise ArgumentError("every hand of one batch must hold the same number of cards")
    if cards < held:
        raise ArgumentError(f"{held} cards in hand, but only {cards} dealt in all")
    return masks, held


def batch_counts(hands: np.ndarray, cards: int) -> tuple[np.ndarray, int]:
    """For each hand, the number of favourable draws of every bid; and the number of draws.

    ``hands`` are masks (:func:`kayalib.blef.masks.masks_of` makes them from cards), all with the
    same number of cards ``k <= cards``. Returns an ``(n, 83)`` ``int64`` array in ladder order
    and ``C(24 - k, cards - k)``: row ``i`` is ``favourable_counts(hand i, cards)``.
    """
    return _batch_table(hands, cards, np.int64)


def _batch_table(hands: np.ndarray, cards: int, dtype: type) -> tuple[np.ndarray, int]:
    """The ``(n, 83)`` table of every hand as counts (``int64``), probabilities (``float``:
    the small tables are divided before the gather, so every value is the correctly rounded
    ``count / total``) or truth (``bool``); and the number of draws."""
    masks, held = _check_batch(hands, cards)
    if not len(masks):
        return np.zeros((0, len(LADDER)), dtype=dtype), 1
    tables = _tables(held, cards)
    total = int(tables.total)
    # Hands with the same rank counts share the 71 rank columns: work them out once each.
    rank_keys = _rank_keys(masks)
    present = np.flatnonzero(np.bincount(rank_keys, minlength=RANK_KEYS))
    position = np.zeros(RANK_KEYS, dtype=np.intp)
    position[present] = np.arange(len(present))
    rank_values = _rank_columns(present[:, None] // _POWERS % 5, tables)
    suit_values = _suit_table(held, cards)
    if dtype is float:
        rank_values, suit_values = rank_values / total, suit_values / total
    else:
        rank_values, suit_values = rank_values.astype(dtype), suit_values.astype(dtype)
    # Each class's row widened to the whole ladder, gathered straight into the result (a
    # table of n rows is large: no copy of it is made on the way), then the suit bids.
    rows: np.ndarray = np.zeros((len(rank_values), len(LADDER)), dtype=dtype)
    rows[:, :71] = rank_values
    out: np.ndarray = rows.take(position[rank_keys], axis=0)
    by_suit = suit_values[_suit_digits(masks)]  # (n, 4 suits, 3 kinds)
    out[:, 71:] = by_suit.transpose(0, 2, 1).reshape(len(masks), 12)
    return out, total


CAUTION = 1.15
"""How much above its estimate :meth:`Mixer.error` puts a standard error. Twenty runs of the
sampler spread each bid's estimate by up to about a quarter more or less than its true error
(an estimate from 20 values is itself uncertain), and a student compares them bid by bid: so
the error reported errs high, and every bid's spread over 20 seeds stays within 1.25 times it
(``benchmarks/bench_blef_inference.py`` measures it)."""

RANK_COLUMNS = 71
"""The bids that depend on ranks only are the ladder's first 71; the last 12 (flush, small and
big poker of each suit) depend on suits."""


@cache
def _key_digits() -> tuple[np.ndarray, np.ndarray]:
    """Every rank key's digits (its count of each rank) and their sum (the cards it holds)."""
    digits = np.arange(RANK_KEYS)[:, None] // _POWERS % 5
    return digits, digits.sum(axis=1)


class ClassOdds:
    """The odds of every hand of ``held`` cards when ``cards`` are dealt, by class: ``rank[c]``
    the 71 rank bids' odds of the hands in rank class ``c`` (``position[rank key]``, for every
    rank key whose counts add up to ``held``), and ``suit[d]`` the flush, small and big poker
    of a suit whose own key is ``d``. Each value is the correctly rounded ``count / total``,
    so a hand's row is :func:`batch_probabilities`' exactly. :meth:`of` classes hands."""

    def __init__(self, held: int, cards: int) -> None:
        tables = _tables(held, cards)
        total = int(tables.total)
        digits, sizes = _key_digits()
        present = np.flatnonzero(sizes == held)
        self.position = np.zeros(RANK_KEYS, dtype=np.intp)
        self.position[present] = np.arange(len(present))
        self.keys = present  # each class's rank key (ascending, as the classes)
        self.rank = _rank_columns(digits[present], tables) / total  # (classes, 71)
        self.suit = _suit_table(held, cards) / total  # (20, 3)
        self._by_kind = np.ascontiguousarray(self.suit.T)  # (3, 20)

    def classes(self, rank_keys: np.ndarray) -> np.ndarray | None:
        """The class of each rank key, or ``None`` if one of them is not of ``held`` cards."""
        found = self.position[rank_keys]
        return found if np.array_equal(self.keys[found], rank_keys) else None

    def of(self, hands: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Each hand's rank class (``(n,)``) and the odds of the 12 suit bids, one row per bid
        in ladder order (four flushes, four small pokers, four big pokers), one column per hand
        (``(12, n)``)."""
        low, high = hands & 4095, hands >> 12
        # (``take`` along an axis, not an index with a slice: it gathers several times faster)
        digits = _BY_SUIT_LOW.take(low, axis=1) + _BY_SUIT_HIGH.take(high, axis=1)  # (4 suits, n)
        by_kind = self._by_kind.take(digits, axis=1)  # (3 kinds, 4 suits, n)
        ranks = self.position.take(_RANK_LOW.take(low) + _RANK_HIGH.take(high))
        return ranks, by_kind.reshape(12, len(hands))


@lru_cache(maxsize=64)
def class_odds(held: int, cards: int) -> ClassOdds:
    """The :class:`ClassOdds` of hands of ``held`` cards when ``cards`` are dealt (remembered:
    a bot asks about the same counts all game long)."""
    return ClassOdds(held, cards)


class Mixer:
    """The 83-bid tables of many sets (from their keys, :func:`hand_keys`), ready to be mixed
    with any weights: :meth:`mix` is :func:`mixture` without reading the keys again (a bot
    weighs the same deals anew at each of its turns).

    Every set holds ``held`` cards, and ``cards`` are dealt. A table is worked out once per
    distinct rank key, not once per set.
    """

    def __init__(self, rank_keys: np.ndarray, suit_keys: np.ndarray, held: int, cards: int):
        rank_keys, suit_keys = np.ravel(rank_keys), np.ravel(suit_keys)
        self.size = len(rank_keys)
        odds = class_odds(held, cards)
        # The rank classes present, each class's row of the remembered class table (those rows
        # are the tables of its keys exactly); keys of another size are worked out here.
        classes = odds.classes(rank_keys) if len(rank_keys) else None
        if classes is None:
            tables = _tables(held, cards)
            classes, count = rank_keys, RANK_KEYS
            present = np.flatnonzero(np.bincount(classes, minlength=count))
            self._rank_values = _rank_columns(present[:, None] // _POWERS % 5, tables) / float(
                tables.total
            )
        else:
            count = len(odds.rank)
            present = np.flatnonzero(np.bincount(classes, minlength=count))
            self._rank_values = odds.rank[present]
        position = np.zeros(count, dtype=np.intp)
        position[present] = np.arange(len(present))
        self._rank_index = position[classes]
        self._suit_values = odds.suit  # (20, 3)
        digits = suit_keys[None, :] // _SUIT_POWERS[:, None] % 20  # (4 suits, n)
        self._suit_index = (digits + 20 * np.arange(4)[:, None]).ravel()
        self._powers: dict[int, tuple[np.ndarray, np.ndarray]] = {
            1: (self._rank_values, self._suit_values)
        }

    def _by_class(self, weights: np.ndarray) -> tuple[float, np.ndarray, np.ndarray]:
        """The weights' total, and their sums by rank class and by each suit's own key."""
        by_rank = np.bincount(self._rank_index, weights, minlength=len(self._rank_values))
        by_suit = np.bincount(self._suit_index, np.concatenate((weights,) * 4), minlength=80)
        return float(weights.sum()), by_rank, by_suit.reshape(4, 20)

    def _central(
        self, sums: tuple[float, np.ndarray, np.ndarray], mean: np.ndarray, power: int
    ) -> np.ndarray:
        """``Σ_i w_i (table_i - mean) ** power`` from the weights' class sums ``sums``:
        expanded into sums of the tables' powers (``mean`` 0: the raw sum of powers)."""
        total, by_rank, by_suit = sums
        out = total * (-mean) ** power
        for k in range(1, power + 1):
            values = self._powers.get(k)
            if values is None:  # a bot weighs the same deals again at its next turn
                values = self._powers[k] = (self._rank_values**k, self._suit_values**k)
            table = np.concatenate([by_rank @ values[0], (by_suit @ values[1]).T.reshape(12)])
            out = out + comb(power, k) * table * (-mean) ** (power - k)
        return out

    def mix(
        self, weights: np.ndarray, *, spread: bool = False
    ) -> tuple[np.ndarray, np.ndarray | None]:
        """The weighted mean table and, if ``spread``, each bid's variance of that mean (see
        :func:`mixture`)."""
        weights = np.asarray(weights, dtype=float).ravel()
        sums = self._by_class(weights)
        total, by_rank, by_suit = sums
        mean = np.concatenate(
            [by_rank @ self._rank_values, (by_suit @ self._suit_values).T.reshape(12)]
        ) / total
        if not spread:
            return mean, None
        terms = self._central(self._by_class(weights**2), mean, 2)
        return mean, np.maximum(terms / total**2, 0.0)

    def error(self, weights: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The weighted mean table and a cautious standard error of each bid: the delta-method
        variance ``V = Σ w² (p - mean)² / (Σ w)²`` (a sum of one term per set) plus twice that
        sum's own standard error (from the spread of its terms: where few sets carry a bid's
        weight, a rare figure or a few heavy deals, ``V`` is itself uncertain), its square
        root times :data:`CAUTION`."""
        weights = np.asarray(weights, dtype=float).ravel()
        mean, variance = self.mix(weights, spread=True)
        assert variance is not None
        norm = weights.sum()
        terms = variance * norm**2  # Σ t_i, t_i = w_i² (p_i - mean)²
        squares = self._central(self._by_class(weights**4), mean, 4)  # Σ t_i²
        spread = np.sqrt(np.maximum(squares - terms**2 / len(weights), 0.0))
        return mean, CAUTION * np.sqrt(np.maximum(terms + 2 * spread, 0.0)) / norm


def mixture(
    rank_keys: np.ndarray,
    suit_keys: np.ndarray,
    weights: np.ndarray,
    held: int,
    cards: int,
    *,
    spread: bool = False,
) -> tuple[np.ndarray, np.ndarray | None]:
    """The weighted mean of many sets' 83-bid tables, from their keys (:func:`hand_keys`).

    Every set of positive weight holds ``held`` cards, and ``cards`` are dealt. Returns
    ``Σ w_i p_i / Σ w_i`` (``p_i`` the table of set ``i``) and, if ``spread``, for each bid the
    variance of that weighted mean when the sets are independent weighted draws, by the delta
    method for a ratio of sums: ``Σ w_i² (p_i - mean)² / (Σ w_i)²`` (with equal weights, the
    spread over the number of sets; unlike the spread over Kish's effective sample size, it
    stays right when the weights go with the tables). A set of weight 0 is not looked at (its
    keys may be anything).
    """
    weights = np.asarray(weights, dtype=float).ravel()
    rank_keys, suit_keys = np.ravel(rank_keys), np.ravel(suit_keys)
    if not len(rank_keys) == len(suit_keys) == len(weights):
        raise ArgumentError("mixture needs one rank key, one suit key and one weight per set")
    for name, value in (("held", held), ("cards", cards)):
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 24:
            raise ArgumentError(
                f"{name} must be a whole number of cards from 0 to 24, not {value!r}"
            )
    if held > cards:
        raise ArgumentError(f"{held} cards held, but only {cards} dealt in all")
    if not weights.all():
        kept = weights != 0
        rank_keys, suit_keys, weights = rank_keys[kept], suit_keys[kept], weights[kept]
    return Mixer(rank_keys, suit_keys, held, cards).mix(weights, spread=spread)


def mixture_of_sums(
    by_rank: np.ndarray, by_suit: np.ndarray, held: int, cards: int
) -> np.ndarray:
    """The weighted mean of many sets' 83-bid tables from their weights summed by rank key
    (``(RANK_KEYS,)``) and by each suit's own key (``(4, 20)``, clubs first): a table is linear
    in those, so these sums are all :func:`mixture` needs.

    >>> keys = hand_keys(masks_of(["AS", "9C"]))
    >>> mean, _ = mixture(*keys, np.array([1.0, 3.0]), 1, 2)
    >>> digits = np.stack([keys[1] // 20**suit % 20 for suit in range(4)])
    >>> by_suit = np.stack([np.bincount(d, [1.0, 3.0], minlength=20) for d in digits])
    >>> by_rank = np.bincount(keys[0], [1.0, 3.0], minlength=RANK_KEYS)
    >>> bool(np.allclose(mixture_of_sums(by_rank, by_suit, 1, 2), mean))
    True
    """
    odds = class_odds(held, cards)
    present = np.flatnonzero(by_rank)
    classes = odds.classes(present)
    if classes is None:
        tables = _tables(held, cards)
        rank_values = _rank_columns(present[:, None] // _POWERS % 5, tables) / float(tables.total)
    else:
        rank_values = odds.rank[classes]
    suit_values = odds.suit
    by_suit = (np.asarray(by_suit, dtype=float) @ suit_values).T.reshape(12)
    return np.concatenate([by_rank[present] @ rank_values, by_suit]) / by_rank.sum()


def batch_probabilities(hands: np.ndarray, cards: int) -> np.ndarray:
    """``batch_counts`` as probabilities: an ``(n, 83)`` float array (row ``i`` equals
    ``probabilities(hand i, cards)`` exactly)."""
    return _batch_table(hands, cards, float)[0]


def pool_truth(pools: np.ndarray) -> np.ndarray:
    """For each pool (a mask of every card dealt), which of the 83 bids are true: ``(n, 83)``."""
    masks = masks_of(pools)
    if not len(masks):
        return np.zeros((0, len(LADDER)), dtype=bool)
    size = int(popcount(masks[:1])[0])
    if size == 0:  # an empty pool makes no figure
        return np.zeros((len(masks), len(LADDER)), dtype=bool)
    return _batch_table(masks, size, bool)[0]
