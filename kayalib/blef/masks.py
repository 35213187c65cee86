"""Sets of Blef cards as 24-bit masks, one per hand, in numpy arrays (for many hands at once).

Bit ``card.index`` (``rank * 4 + suit``, see :data:`~kayalib.blef.cards.DECK`) is set for each
card of the set. A hand is then one ``int``, a batch of hands one ``int64`` array, and
"disjoint", "union" and "how many cards of rank r" are one vectorised bit operation each.

>>> mask_of("AS 9C")
8388609
>>> cards_of(mask_of("AS 9C"))
(Card.parse('9C'), Card.parse('AS'))
>>> [cards_of(m) for m in subset_masks(mask_of("9C TC JC"), 2)]  # doctest: +NORMALIZE_WHITESPACE
[(Card.parse('9C'), Card.parse('TC')), (Card.parse('9C'), Card.parse('JC')),
 (Card.parse('TC'), Card.parse('JC'))]
>>> colex_rank(masks_of(["9C 9D", "9C 9H", "9D 9H", "9C 9S"])).tolist()
[0, 1, 2, 3]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache, lru_cache
from itertools import combinations
from math import comb

import numpy as np

from kayalib.blef.cards import DECK, Card, mask_of
from kayalib.errors import ArgumentError

__all__ = [
    "FULL_DECK",
    "cards_of",
    "colex_rank",
    "combination_count",
    "mask_of",
    "masks_of",
    "popcount",
    "row_subset_masks",
    "row_subset_pick",
    "row_subset_ranks",
    "subset_masks",
]

FULL_DECK = (1 << len(DECK)) - 1
"""The mask of all 24 cards."""




def _check_mask(mask: object) -> int:
    if isinstance(mask, bool) or not isinstance(mask, (int, np.integer)):
        raise ArgumentError(f"a mask is a whole number from 0 to {FULL_DECK}, not {mask!r}")
    if not 0 <= mask <= FULL_DECK:
        raise ArgumentError(f"a mask of the 24-card deck is from 0 to {FULL_DECK}, not {mask}")
    return int(mask)


def _check_size(size: object, most: int) -> int:
    if isinstance(size, bool) or not isinstance(size, (int, np.integer)) or not 0 <= size <= most:
        raise ArgumentError(f"a subset size must be a whole number from 0 to {most}, not {size!r}")
    return int(size)


def _check_masks(masks: np.ndarray) -> np.ndarray:
    if masks.dtype.kind not in "iu":
        raise ArgumentError(f"masks are whole numbers, not {masks.dtype} values")
    masks = masks.astype(np.int64, copy=False)
    if masks.size and (masks.min() < 0 or masks.max() > FULL_DECK):
        raise ArgumentError(f"a mask holds a card outside the 24-card deck (0 to {FULL_DECK})")
    return masks


def cards_of(mask: int) -> tuple[Card, ...]:
    """The cards of a mask, lowest first (the order of ``DECK``)."""
    return _cards_of(_check_mask(mask))


@lru_cache(maxsize=4096)
def _cards_of(mask: int) -> tuple[Card, ...]:
    return tuple(card for card in DECK if mask >> card.index & 1)


def masks_of(hands: Iterable[Iterable[Card] | str] | np.ndarray) -> np.ndarray:
    """An ``int64`` array of masks from hands (card sequences or text), or masks already."""
    if isinstance(hands, np.ndarray):
        return _check_masks(hands)
    if isinstance(hands, str) or not isinstance(hands, Iterable):
        raise ArgumentError(f"hands are a list of hands or an array of masks, not {hands!r}")
    return np.array([mask_of(hand) for hand in hands], dtype=np.int64)


def popcount(masks: np.ndarray) -> np.ndarray:
    """How many cards each mask holds."""
    return np.bitwise_count(_check_masks(np.asarray(masks))).astype(np.int64)


@cache
def _combinations(n: int, size: int) -> np.ndarray:
    """All ``size``-subsets of ``range(n)`` as rows of positions, in lexicographic order."""
    rows = list(combinations(range(n), size))
    return np.array(rows, dtype=np.int64).reshape(len(rows), size)


def _bits(mask: int) -> np.ndarray:
    return np.array([index for index in range(len(DECK)) if mask >> index & 1], dtype=np.int64)


@lru_cache(maxsize=32)
def subset_masks(pool: int, size: int) -> np.ndarray:
    """The masks of every ``size``-card subset of the cards in ``pool``, in lexicographic order.

    The array is remembered for the last few questions (so it is read-only): a round asks the
    same question at every turn.
    """
    pool = _check_mask(pool)
    size = _check_size(size, pool.bit_count())
    positions = _bits(pool)
    picks = positions[_combinations(len(positions), size)]
    masks = np.left_shift(np.int64(1), picks).sum(axis=1, dtype=np.int64)
    masks.flags.writeable = False
    return masks


def row_subset_masks(pools: np.ndarray, size: int) -> np.ndarray:
    """For each mask of ``pools`` (all with the same number of cards), every ``size``-subset.

    Row ``i`` of the ``(len(pools), C(n, size))`` result lists the subsets of ``pools[i]``.
    """
    pools = _check_masks(np.asarray(pools))
    if pools.ndim != 1:
        raise ArgumentError("pools must be a flat array of masks")
    if not len(pools):
        return np.zeros((0, 0), dtype=np.int64)
    counts = np.bitwise_count(pools)
    n = int(counts[0])
    if (counts != n).any():
        raise ArgumentError("every pool of one call must hold the same number of cards")
    size = _check_size(size, n)
    bits = np.empty((len(pools), n), dtype=np.int64)  # each pool's cards, lowest bit first
    rest = pools.copy()
    for position in range(n):
        low = rest & -rest
        bits[:, position] = low
        rest ^= low
    return bits[:, _combinations(n, size)].sum(axis=2, dtype=np.int64)


def _positions(pools: np.ndarray) -> np.ndarray:
    """Each pool's card positions (bit numbers), lowest first: ``(len(pools), n)``, all the
    pools holding ``n`` cards."""
    n = int(np.bitwise_count(pools[:1])[0]) if len(pools) else 0
    positions = np.empty((len(pools), n), dtype=np.intp)
    rest = pools.copy()
    for index in range(n):
        low = rest & -rest
        positions[:, index] = np.bitwise_count(low - 1)
        rest ^= low
    return positions


_COLEX_TERMS = np.array([[comb(n, k) for k in range(25)] for n in range(24)], dtype=np.int64)


def row_subset_ranks(pools: np.ndarray, size: int) -> tuple[np.ndarray, np.ndarray]:
    """``colex_rank(row_subset_masks(pools, size))`` without making the subsets' masks (a
    sampler asks for the likelihood of every subset and then takes one per row), and each
    pool's card positions, which :func:`row_subset_pick` needs to make the chosen ones.

    >>> pools = masks_of(["9C 9D 9H", "TC JC QC"])
    >>> ranks, _ = row_subset_ranks(pools, 2)
    >>> ranks.tolist() == colex_rank(row_subset_masks(pools, 2)).tolist()
    True
    """
    pools = _check_masks(np.asarray(pools))
    if pools.ndim != 1:
        raise ArgumentError("pools must be a flat array of masks")
    counts = np.bitwise_count(pools)
    if len(pools) and (counts != counts[0]).any():
        raise ArgumentError("every pool of one call must hold the same number of cards")
    positions = _positions(pools)
    size = _check_size(size, positions.shape[1])
    if not size:
        return np.zeros((len(pools), 1), dtype=np.int32), positions
    # A subset's rank adds C(position, place + 1) over its cards; its first places and its
    # last ones are summed apart, over the fewer subsets of each, then added pairwise.
    head, tail, head_of, tail_of = _halves(positions.shape[1], size)
    terms = _COLEX_TERMS[positions].astype(np.uint16 if comb(24, size) <= 1 << 16 else np.int32)
    front = terms[:, head[0], 1]
    for place, column in enumerate(head[1:], start=2):
        front = front + terms[:, column, place]
    if not tail:  # a one-card subset
        return np.take(front, head_of, axis=1), positions
    back = terms[:, tail[0], len(head) + 1]
    for place, column in enumerate(tail[1:], start=len(head) + 2):
        back = back + terms[:, column, place]
    # ``take`` keeps the rows contiguous (a slice-and-index gather would not): the sampler
    # reads them as one flat list
    return np.take(front, head_of, axis=1) + np.take(back, tail_of, axis=1), positions


@cache
def _halves(
    n: int, size: int
) -> tuple[tuple[np.ndarray, ...], tuple[np.ndarray, ...], np.ndarray, np.ndarray]:
    """The ``size``-subsets of ``range(n)`` (in :func:`_combinations`' order) cut into their
    first ``size // 2`` places (at least one) and the rest: the distinct first parts and last
    parts (as columns of positions), and the index of each subset's two parts among them."""
    rows = _combinations(n, size)
    cut = max(1, size // 2)
    heads, head_of = np.unique(rows[:, :cut], axis=0, return_inverse=True)
    tails, tail_of = np.unique(rows[:, cut:], axis=0, return_inverse=True)
    return (
        tuple(np.ascontiguousarray(column) for column in heads.T),
        tuple(np.ascontiguousarray(column) for column in tails.T),
        head_of.ravel(),
        tail_of.ravel(),
    )


def row_subset_pick(positions: np.ndarray, size: int, picks: np.ndarray) -> np.ndarray:
    """The mask of subset ``picks[i]`` (in :func:`row_subset_masks`' order) of pool ``i``,
    from the pools' card positions (:func:`row_subset_ranks`)."""
    chosen = _combinations(positions.shape[1], size)[picks]  # (n, size): which cards
    cards = np.take_along_axis(positions, chosen, axis=1)
    return np.left_shift(np.int64(1), cards).sum(axis=1, dtype=np.int64)


@cache
def _rank_tables() -> tuple[np.ndarray, np.ndarray]:
    """Lookup tables for :func:`colex_rank`, by the low and the high 12 bits of a mask."""
    binom = np.array([[comb(n, k) for k in range(26)] for n in range(25)], dtype=np.int64)
    half = np.arange(4096)
    bits = (half[:, None] >> np.arange(12)) & 1  # (4096, 12)
    before = np.cumsum(bits, axis=1)  # the i of each set bit (1 = lowest)
    low = (bits * binom[np.arange(12), before]).sum(axis=1)
    high = np.zeros((4096, 13), dtype=np.int64)
    for below in range(13):  # set bits in the low half
        high[:, below] = (bits * binom[12 + np.arange(12), below + before]).sum(axis=1)
    return low, high


def colex_rank(masks: np.ndarray) -> np.ndarray:
    """The colexicographic rank of each mask among the masks with as many cards.

    Masks of ``k`` cards get the ranks ``0 .. C(24, k) - 1``, one each: a dense index for
    adding up weights by set with ``numpy.bincount``.
    """
    low_table, high_table = _rank_tables()
    masks = _check_masks(np.asarray(masks))
    low = masks & 4095
    return low_table[low] + high_table[masks >> 12, np.bitwise_count(low)]


def combination_count(n: int, sizes: Sequence[int]) -> int:
    """How many ways to deal hands of ``sizes`` (in order, disjoint) from ``n`` cards."""
    n = _check_size(n, len(DECK))
    if isinstance(sizes, (str, bytes)) or not isinstance(sizes, Iterable):
        raise ArgumentError(f"sizes are a list of hand sizes, not {sizes!r}")
    total = 1
    for size in sizes:
        size = _check_size(size, n)
        total *= comb(n, size)
        n -= size
    return total
