"""Exact Blef odds: how likely each of the 83 bids is, given your own hand.

You hold the hand H; N cards are dealt in the round in all (``|H| <= N <= 24``). The other
``N - |H|`` cards are a uniform draw from the ``24 - |H|`` cards you do not hold. Every bid depends
on rank counts, suit counts or a few specific cards, so the number of favourable draws is a short
sum of products of binomial coefficients (multivariate hypergeometric counts), exact as integers:

- one rank (high card, pair, three, four): ``sum_x C(a, x) C(M - a, D - x)`` over the draw count
  ``x`` of that rank, where ``a`` of its cards are still out;
- two ranks (two pairs, full): the same double sum over both ranks' draw counts, taken by
  inclusion-exclusion from the short side (the draws short of either rank: a few terms);
- straights: inclusion-exclusion over the straight's ranks missing from H;
- flushes: the one-rank sum over a suit's 6 cards;
- small/big poker: the specific cards not in H must all be drawn, ``C(M - k, D - k)``.

Each count is divided by ``C(M, D)``, the number of draws (``M = 24 - |H|``, ``D = N - |H|``).

>>> table = exact_table("", 2, exact=True)
>>> table[Bid.parse("pair A")]
Fraction(1, 46)
>>> bid_probability(Bid.parse("pair A"), "AS", 2, exact=True)
Fraction(3, 23)
>>> round(bid_probability("small-straight", "", 10), 4)
0.5695
"""

from __future__ import annotations

import operator
import random
from collections.abc import Iterable, Sequence
from fractions import Fraction
from functools import cache, lru_cache
from itertools import combinations
from math import comb
from typing import TYPE_CHECKING, Generic, Literal, TypeVar, overload

from kayalib.blef.bids import LADDER, Bid, card_counts, truth_from_counts
from kayalib.blef.cards import DECK, Card, check_cards, mask_of
from kayalib.errors import ArgumentError
from kayalib.progress import ProgressCallback

if TYPE_CHECKING:
    from functools import _CacheInfo

__all__ = [
    "bid_probability",
    "brute_force_table",
    "exact_table",
    "favourable_counts",
    "probabilities",
    "simulate_table",
]




# _SIGNS[m] = the row (-1)^j C(m, j), j = 0..m, for inclusion-exclusion.
_SIGNS: tuple[tuple[int, ...], ...] = tuple(
    tuple((-1) ** j * comb(m, j) for j in range(m + 1)) for m in range(6)
)
_RANK_PAIRS_LOW_FIRST = tuple((high, low) for high in range(6) for low in range(high))
_RANK_PAIRS_ORDERED = tuple((three, two) for three in range(6) for two in range(6) if two != three)
# Brute force refuses more draws than this.
BRUTE_FORCE_LIMIT = 2_000_000
TABLE_CACHE = 4096
"""How many 83-bid tables are remembered, by (:func:`table_key`, cards dealt), the least
recently used forgotten first. A table's floats are shared with its lookup tables, so one
costs about 0.9 kB: at most about 3.8 MB in all (measured). In 1,000 four-player ``odds``
games 82% of the tables asked for are found (86% with no bound; ``bench_blef_games``)."""


def _check_dealt(held: int, cards: int) -> None:
    if type(cards) is not int:  # not a bool either
        raise ArgumentError(f"the number of cards dealt must be a whole number, not {cards!r}")
    if not 1 <= cards <= 24:
        raise ArgumentError(f"between 1 and 24 cards are dealt in a round, not {cards}")
    if cards < held:
        raise ArgumentError(f"{held} cards in hand, but only {cards} dealt in all")


def _check_exact(exact: object) -> None:
    if not isinstance(exact, bool):
        raise ArgumentError(f"exact must be True or False, not {exact!r}")


def _check_hand(hand: Iterable[Card] | str, cards: int) -> tuple[Card, ...]:
    """The hand as checked cards, and ``cards`` checked against it."""
    held = check_cards(hand)
    _check_dealt(len(held), cards)
    return held


def _check(hand: Iterable[Card] | str, cards: int) -> tuple[int, int]:
    """The key of a checked hand (:func:`table_key`) and its number of cards."""
    mask = mask_of(hand)
    held = mask.bit_count()
    _check_dealt(held, cards)
    return _KEY_LOW[mask & 4095] + _KEY_HIGH[mask >> 12], held


def _card_key(index: int) -> int:
    rank, suit = divmod(index, 4)
    return 5**rank + RANK_KEYS * (1 if rank == 0 else 10 if rank == 5 else 2) * 20**suit


def _half_keys(first: int) -> tuple[int, ...]:
    """The key of each set of the 12 cards from ``first`` on, by its 12 bits."""
    keys = [0] * 4096
    for bits in range(1, 4096):
        low = bits & -bits
        keys[bits] = keys[bits ^ low] + _card_key(first + low.bit_length() - 1)
    return tuple(keys)


RANK_KEYS = 5**6
"""How many rank keys there are: a hand's rank key is ``Σ_r count_r · 5^r``."""
_POWERS_5 = tuple(5**rank for rank in range(6))
_POWERS_20 = tuple(20**suit for suit in range(4))
_KEY_LOW, _KEY_HIGH = _half_keys(0), _half_keys(12)


def table_key(hand: Iterable[Card] | str) -> int:
    """What a hand's 83-bid table depends on, as one number: its rank key plus ``5^6`` times its
    suit key (:data:`kayalib.blef.odds_batch.SUIT_KEYS`). Hands with the same key have the same
    table for every number of cards dealt.

    >>> table_key("TS JH") == table_key("TH JS"), table_key("TS JH") == table_key("TS JD")
    (True, False)
    """
    mask = mask_of(hand)
    return _KEY_LOW[mask & 4095] + _KEY_HIGH[mask >> 12]


# Each bid's count depends on the hand only through a few small numbers: how many cards of each
# rank it holds, and for each suit how many of its nine, middles (10, J, Q, K) and ace. So for
# one (cards in hand, cards dealt) the counts are a handful of lookup tables, worked out once,
# and a hand's table is a gather from them.


def _binom(n: int, k: int) -> int:
    return comb(n, k) if 0 <= k <= n else 0


# _BINOM[n][k] = C(n, k) for 0 <= n, k <= 24 (0 when k > n): the lookup tables are sums of
# products of these, worked out for each new (cards held, cards dealt).
_BINOM: tuple[tuple[int, ...], ...] = tuple(
    tuple(_binom(n, k) for k in range(25)) for n in range(25)
)


#: what the tables hold: counts of draws (``int``) or probabilities (``float``)
N = TypeVar("N", int, float)


class CountTables(Generic[N]):
    """The lookup tables of every bid's count for hands of ``held`` cards when ``cards`` are
    dealt (:func:`count_tables`); the same shape holds the probabilities (``scaled``).

    ``at_least[h][j]``: draws leaving at least ``j`` cards of a rank the hand holds ``h`` of;
    ``two_pair[a][b]`` and ``full[a][b]``: of two ranks held ``a`` and ``b`` times (the full's
    three first); ``straight[m]``: a straight the hand lacks ``m`` ranks of; ``suits[d]``: the
    flush, small poker and big poker of a suit whose own key is ``d`` (``nine + 2 * middles + 10
    * ace``); ``total``: the number of draws.
    """

    __slots__ = ("at_least", "full", "straight", "suits", "total", "two_pair")
    total: int
    at_least: tuple[tuple[N, ...], ...]
    two_pair: tuple[tuple[N, ...], ...]
    full: tuple[tuple[N, ...], ...]
    straight: tuple[N, ...]
    suits: tuple[tuple[N, ...], ...]

    def __init__(
        self,
        total: int,
        at_least: tuple[tuple[N, ...], ...],
        two_pair: tuple[tuple[N, ...], ...],
        full: tuple[tuple[N, ...], ...],
        straight: tuple[N, ...],
        suits: tuple[tuple[N, ...], ...],
    ) -> None:
        self.total = total
        self.at_least = at_least
        self.two_pair = two_pair
        self.full = full
        self.straight = straight
        self.suits = suits

    def scaled(self: CountTables[int]) -> CountTables[float]:
        """The same tables divided by ``total``: each value the correctly rounded float."""
        total = self.total

        def div(rows: tuple[tuple[int, ...], ...]) -> tuple[tuple[float, ...], ...]:
            return tuple([tuple([value / total for value in row]) for row in rows])

        return CountTables(
            total,
            div(self.at_least),
            div(self.two_pair),
            div(self.full),
            tuple([value / total for value in self.straight]),
            div(self.suits),
        )


@cache  # at most 325 pairs (held <= cards <= 24)
def count_tables(held: int, cards: int) -> CountTables[int]:
    """The exact lookup tables for hands of ``held`` cards when ``cards`` are dealt.

    >>> count_tables(1, 2).at_least[1][2]  # pair of a rank held once: 3 of 23 draws
    3
    """
    rest, draw = 24 - held, cards - held
    binom = _BINOM
    total = binom[rest][draw]

    def fewer(out: int, below: int) -> int:
        """Draws with fewer than ``below`` of the ``out`` cards of one rank still out."""
        if rest < out:  # no hand of this size holds so few of the rank
            return total
        row = binom[rest - out]
        return sum(binom[out][x] * row[draw - x] for x in range(min(below, out + 1, draw + 1)))

    # fewer_than[h][j]: draws leaving a rank held h times with fewer than j cards (j <= 4).
    fewer_than = [[fewer(4 - h, j - h) if j > h else 0 for j in range(5)] for h in range(5)]

    def both(held1: int, need1: int, held2: int, need2: int) -> int:
        """Draws with at least ``need1`` of one rank and ``need2`` of another in the pool: by
        inclusion-exclusion, the draws minus those short of either (short sums: a few terms)."""
        out1, out2 = 4 - held1, 4 - held2
        others = rest - out1 - out2
        if others < 0:  # no hand of this size holds so few of the two ranks
            return 0
        short1, short2 = max(0, need1 - held1), max(0, need2 - held2)
        if not short1 or not short2:  # one rank is made already: the other's count
            return total - fewer_than[held1][need1] - fewer_than[held2][need2]
        row = binom[others]
        short_both = sum(
            binom[out1][x1] * binom[out2][x2] * row[draw - x1 - x2]
            for x1 in range(min(short1, out1 + 1, draw + 1))
            for x2 in range(min(short2, out2 + 1, draw - x1 + 1))
        )
        return (
            total - fewer_than[held1][need1] - fewer_than[held2][need2] + short_both
        )

    at_least = tuple(tuple(total - fewer_than[h][j] for j in range(5)) for h in range(5))
    pairs = {(a, b): both(a, 2, b, 2) for a in range(5) for b in range(a + 1)}
    two_pair = tuple(tuple(pairs[max(a, b), min(a, b)] for b in range(5)) for a in range(5))
    full = tuple(tuple(both(a, 3, b, 2) for b in range(5)) for a in range(5))
    straight = tuple(
        sum(
            sign * binom[rest - 4 * j][draw]
            for j, sign in enumerate(_SIGNS[missing])
            if rest - 4 * j >= 0
        )
        for missing in range(6)
    )
    flush = [
        total
        if h >= 5
        else sum(
            binom[6 - h][y] * binom[rest - 6 + h][draw - y]
            for y in range(5 - h, min(7 - h, draw + 1))
        )
        if rest >= 6 - h
        else 0
        for h in range(7)
    ]
    poker = [binom[rest - k][draw - k] if draw >= k else 0 for k in range(6)]
    suits: list[tuple[int, int, int]] = []
    for key in range(20):
        nine, middles, ace = key % 2, key // 2 % 5, key // 10
        if middles > 4:  # no suit has five middles
            suits.append((0, 0, 0))
            continue
        suits.append(
            (flush[nine + middles + ace], poker[5 - nine - middles], poker[5 - middles - ace])
        )
    return CountTables(total, at_least, two_pair, full, straight, tuple(suits))


def favourable_counts(hand: Iterable[Card] | str, cards: int) -> tuple[list[int], int]:
    """For each bid of ``LADDER``, the number of favourable draws; and the number of draws.

    >>> counts, total = favourable_counts("AS", 2)
    >>> counts[11], total  # pair A: 3 of the 23 other cards make it
    (3, 23)
    """
    key, held = _check(hand, cards)
    tables = count_tables(held, cards)
    return _gather(tables, key), tables.total


def _gather(tables: CountTables[N], key: int) -> list[N]:
    """The 83 entries of ``tables`` (counts or probabilities) for the hand of ``key``."""
    rank_key, suit_key = key % RANK_KEYS, key // RANK_KEYS
    ranks = [rank_key // power % 5 for power in _POWERS_5]
    digits = [suit_key // power % 20 for power in _POWERS_20]
    rows = [tables.at_least[held] for held in ranks]
    two_pair, full = tables.two_pair, tables.full
    out = [row[1] for row in rows]  # high card
    out += [row[2] for row in rows]  # pair
    out += [two_pair[ranks[high]][ranks[low]] for high, low in _RANK_PAIRS_LOW_FIRST]
    out += [row[3] for row in rows]  # three
    out.append(tables.straight[ranks[:5].count(0)])
    out.append(tables.straight[ranks[1:].count(0)])
    out += [full[ranks[three]][ranks[two]] for three, two in _RANK_PAIRS_ORDERED]
    out += [row[4] for row in rows]  # four
    suits = [tables.suits[digit] for digit in digits]
    out += [suit[0] for suit in suits]  # flush
    out += [suit[1] for suit in suits]  # small poker
    out += [suit[2] for suit in suits]  # big poker
    return out


@lru_cache(maxsize=TABLE_CACHE)
def _table(key: int, cards: int) -> tuple[float, ...]:
    """The probabilities of the hand of ``key`` (remembered: see :data:`TABLE_CACHE`)."""
    held = sum(key % RANK_KEYS // power % 5 for power in _POWERS_5)
    return tuple(_gather(_scaled(held, cards), key))


@cache  # as many as count_tables
def _scaled(held: int, cards: int) -> CountTables[float]:
    return count_tables(held, cards).scaled()


def table_cache_info() -> _CacheInfo:
    """How often a table was found remembered (``functools``' hits, misses, maxsize, currsize)."""
    return _table.cache_info()


def clear_table_cache(*, lookup_tables: bool = False) -> None:
    """Forget every remembered table (for cold timings); the lookup tables of every (cards
    held, cards dealt) too if ``lookup_tables``."""
    _table.cache_clear()
    if lookup_tables:
        count_tables.cache_clear()
        _scaled.cache_clear()


def odds_row(hand: Sequence[Card] | str, cards: int) -> tuple[float, ...]:
    """``probabilities`` as a tuple shared with the cache (for callers that only read it)."""
    return _table(*_check(hand, cards)[:1], cards)


def probabilities(hand: Sequence[Card] | str, cards: int) -> list[float]:
    """The probability of each bid of ``LADDER`` (in ladder order), as floats.

    Each float is the correctly rounded value of the exact fraction.

    >>> probabilities("", 24) == [1.0] * 83
    True
    """
    return list(_table(_check(hand, cards)[0], cards))


@overload
def exact_table(
    hand: Sequence[Card] | str, cards: int, *, exact: Literal[False] = False
) -> dict[Bid, float]: ...
@overload
def exact_table(
    hand: Sequence[Card] | str, cards: int, *, exact: Literal[True]
) -> dict[Bid, Fraction]: ...
@overload
def exact_table(
    hand: Sequence[Card] | str, cards: int, *, exact: bool
) -> dict[Bid, float] | dict[Bid, Fraction]: ...
def exact_table(
    hand: Sequence[Card] | str, cards: int, *, exact: bool = False
) -> dict[Bid, float] | dict[Bid, Fraction]:
    """``{bid: probability}`` for all 83 bids in ladder order; ``Fraction`` values if ``exact``."""
    _check_exact(exact)
    if exact:
        counts, total = favourable_counts(hand, cards)
        return {bid: Fraction(count, total) for bid, count in zip(LADDER, counts, strict=True)}
    return dict(zip(LADDER, odds_row(hand, cards), strict=True))


@overload
def bid_probability(
    bid: Bid | str, hand: Sequence[Card] | str, cards: int, *, exact: Literal[False] = False
) -> float: ...
@overload
def bid_probability(
    bid: Bid | str, hand: Sequence[Card] | str, cards: int, *, exact: Literal[True]
) -> Fraction: ...
@overload
def bid_probability(
    bid: Bid | str, hand: Sequence[Card] | str, cards: int, *, exact: bool
) -> float | Fraction: ...
def bid_probability(
    bid: Bid | str, hand: Sequence[Card] | str, cards: int, *, exact: bool = False
) -> float | Fraction:
    """The probability that ``bid`` is true; a ``Fraction`` if ``exact``."""
    if isinstance(bid, str):
        bid = Bid.parse(bid)
    if not isinstance(bid, Bid):
        raise ArgumentError(f"a bid is a Bid or its text such as 'pair K', not {bid!r}")
    _check_exact(exact)
    if exact:
        counts, total = favourable_counts(hand, cards)
        return Fraction(counts[bid.index], total)
    return odds_row(hand, cards)[bid.index]


def simulate_table(
    hand: Sequence[Card] | str,
    cards: int,
    trials: int,
    seed: int,
    progress: ProgressCallback | None = None,
) -> dict[Bid, float]:
    """Monte Carlo estimate of each bid's probability from ``trials`` seeded random deals.

    >>> table = simulate_table("AS", 2, 2000, seed=1)
    >>> abs(table[Bid.parse("pair A")] - 3 / 23) < 0.03
    True
    """
    held = _check_hand(hand, cards)
    if isinstance(trials, bool) or not isinstance(trials, int) or trials < 1:
        raise ArgumentError(f"trials must be a positive whole number, not {trials!r}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ArgumentError(f"the seed must be a whole number, not {seed!r}")
    rng = random.Random(seed)
    held_set = set(held)
    rest = [card for card in DECK if card not in held_set]
    draw = cards - len(held)
    base_rank, base_suit, base_mask = card_counts(held)
    hits = [0] * 83
    step = max(1, trials // 100)
    for done in range(1, trials + 1):
        rank_count = base_rank.copy()
        suit_count = base_suit.copy()
        mask = base_mask
        for card in rng.sample(rest, draw):
            rank_count[card.rank] += 1
            suit_count[card.suit] += 1
            mask |= 1 << (card.rank * 4 + card.suit)
        hits = list(map(operator.add, hits, truth_from_counts(rank_count, suit_count, mask)))
        if progress is not None and (done % step == 0 or done == trials):
            progress(done, trials)
    return {bid: hit / trials for bid, hit in zip(LADDER, hits, strict=True)}


def brute_force_table(hand: Sequence[Card] | str, cards: int) -> dict[Bid, Fraction]:
    """Exact probabilities by dealing every possible draw (small draws only).

    Refuses with ``ArgumentError`` when there are more than ``BRUTE_FORCE_LIMIT`` draws.

    >>> brute_force_table("AS", 2)[Bid.parse("pair A")]
    Fraction(3, 23)
    """
    held = _check_hand(hand, cards)
    held_set = set(held)
    rest = [card for card in DECK if card not in held_set]
    draw = cards - len(held)
    total = comb(len(rest), draw)
    if total > BRUTE_FORCE_LIMIT:
        raise ArgumentError(
            f"{total} possible draws is too many to enumerate (limit {BRUTE_FORCE_LIMIT})"
        )
    hits = [0] * 83
    for drawn in combinations(rest, draw):
        hits = list(map(operator.add, hits, truth_from_counts(*card_counts(held + drawn))))
    return {bid: Fraction(hit, total) for bid, hit in zip(LADDER, hits, strict=True)}
