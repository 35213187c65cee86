"""Exact Blef odds: how likely each of the 83 bids is, given your own hand.

You hold the hand H; N cards are dealt in the round in all (``|H| <= N <= 24``). The other
``N - |H|`` cards are a uniform draw from the ``24 - |H|`` cards you do not hold. Every bid depends
on rank counts, suit counts or a few specific cards, so the number of favourable draws is a short
sum of products of binomial coefficients (multivariate hypergeometric counts), exact as integers:

- one rank (high card, pair, three, four): ``sum_x C(a, x) C(M - a, D - x)`` over the draw count
  ``x`` of that rank, where ``a`` of its cards are still out;
- two ranks (two pairs, full): the same double sum over both ranks' draw counts;
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
from itertools import combinations
from math import comb

from kayalib.blef.bids import LADDER, Bid, card_counts, truth_from_counts
from kayalib.blef.cards import DECK, Card, check_cards
from kayalib.errors import KayalibError
from kayalib.progress import ProgressCallback

__all__ = [
    "OddsError",
    "bid_probability",
    "brute_force_table",
    "exact_table",
    "favourable_counts",
    "probabilities",
    "simulate_table",
]


class OddsError(KayalibError):
    """An odds question with no answer: N outside ``|H|..24``, or a brute force too big to run."""


# _BINOM[n][k] = C(n, k) for 0 <= n <= 24 and 0 <= k <= 28 (0 when k > n).
_BINOM: tuple[tuple[int, ...], ...] = tuple(tuple(comb(n, k) for k in range(29)) for n in range(25))
# _SIGNS[m] = the row (-1)^j C(m, j), j = 0..m, for inclusion-exclusion.
_SIGNS: tuple[tuple[int, ...], ...] = tuple(
    tuple((-1) ** j * comb(m, j) for j in range(m + 1)) for m in range(6)
)
_SMALL_BITS = 0x11111  # 9..K of clubs (bit = card.index); shift left by the suit
_BIG_BITS = 0x111110  # 10..A of clubs
_RANK_PAIRS_LOW_FIRST = tuple((high, low) for high in range(6) for low in range(high))
_RANK_PAIRS_ORDERED = tuple((three, two) for three in range(6) for two in range(6) if two != three)
# Brute force refuses more draws than this.
BRUTE_FORCE_LIMIT = 2_000_000


def _check(hand: Iterable[Card] | str, cards: int) -> tuple[Card, ...]:
    held = check_cards(hand)
    if isinstance(cards, bool) or not isinstance(cards, int):
        raise OddsError(f"the number of cards dealt must be a whole number, not {cards!r}")
    if not 1 <= cards <= 24:
        raise OddsError(f"between 1 and 24 cards are dealt in a round, not {cards}")
    if cards < len(held):
        raise OddsError(f"{len(held)} cards in hand, but only {cards} dealt in all")
    return held


def favourable_counts(hand: Iterable[Card] | str, cards: int) -> tuple[list[int], int]:
    """For each bid of ``LADDER``, the number of favourable draws; and the number of draws.

    >>> counts, total = favourable_counts("AS", 2)
    >>> counts[11], total  # pair A: 3 of the 23 other cards make it
    (3, 23)
    """
    return _counts(_check(hand, cards), cards)


def _counts(hand: tuple[Card, ...], cards: int) -> tuple[list[int], int]:
    """The core of ``favourable_counts`` for a checked hand."""
    binom = _BINOM
    rest = 24 - len(hand)  # M: cards not in hand
    draw = cards - len(hand)  # D: cards drawn from them
    total = binom[rest][draw]
    held_rank, held_suit, mask = card_counts(hand)

    # tails[a][j]: draws with at least j of the a cards still out of one rank (j = 0..4).
    tails: dict[int, list[int]] = {}
    for held in held_rank:
        out = 4 - held
        if out not in tails:
            row_out = binom[out]
            row_rest = binom[rest - out]
            tail = [0] * 5
            running = 0
            for x in range(out, -1, -1):
                if x <= draw:
                    running += row_out[x] * row_rest[draw - x]
                tail[x] = running
            tails[out] = tail
    # at_least[r][j] = draws giving at least j (1..4) cards of rank r in the pool (index 0 unused).
    at_least = []
    for held in held_rank:
        tail = tails[4 - held]
        at_least.append([total] + [tail[j - held] if j > held else total for j in range(1, 5)])

    counts = [row[1] for row in at_least]  # high card
    counts += [row[2] for row in at_least]  # pair

    # Two ranks at once: draws with >= k1 more of one rank (out1 still out) and >= k2 of another.
    joint: dict[tuple[int, int, int, int], int] = {}

    def both(held1: int, need1: int, held2: int, need2: int) -> int:
        k1 = need1 - held1
        k2 = need2 - held2
        if k1 <= 0:
            return tails[4 - held2][k2] if k2 > 0 else total
        if k2 <= 0:
            return tails[4 - held1][k1]
        key = (held1, k1, held2, k2)
        value = joint.get(key)
        if value is None:
            out1 = 4 - held1
            out2 = 4 - held2
            row1 = binom[out1]
            row2 = binom[out2]
            row_rest = binom[rest - out1 - out2]
            value = 0
            for x1 in range(k1, min(out1, draw) + 1):
                left = draw - x1
                part = 0
                for x2 in range(k2, min(out2, left) + 1):
                    part += row2[x2] * row_rest[left - x2]
                value += row1[x1] * part
            joint[key] = value
        return value

    counts += [both(held_rank[hi], 2, held_rank[lo], 2) for hi, lo in _RANK_PAIRS_LOW_FIRST]
    counts += [row[3] for row in at_least]  # three

    # Straights: inclusion-exclusion over the ranks of the straight missing from the hand.
    for ranks in ((0, 1, 2, 3, 4), (1, 2, 3, 4, 5)):
        missing = sum(1 for rank in ranks if not held_rank[rank])
        value = 0
        for j, sign in enumerate(_SIGNS[missing]):
            value += sign * binom[rest - 4 * j][draw]
        counts.append(value)

    counts += [both(held_rank[three], 3, held_rank[two], 2) for three, two in _RANK_PAIRS_ORDERED]
    counts += [row[4] for row in at_least]  # four

    # Flush: at least 5 of the suit's 6 cards.
    suit_tails: dict[int, int] = {}
    for held in held_suit:
        if held not in suit_tails:
            need = 5 - held
            if need <= 0:
                suit_tails[held] = total
            else:
                out = 6 - held
                row_out = binom[out]
                row_rest = binom[rest - out]
                suit_tails[held] = sum(
                    row_out[y] * row_rest[draw - y] for y in range(need, min(out, draw) + 1)
                )
        counts.append(suit_tails[held])

    # Small and big poker: the specific cards not in hand must all be drawn.
    for bits in (_SMALL_BITS, _BIG_BITS):
        for suit in range(4):
            needed = 5 - (mask & (bits << suit)).bit_count()
            counts.append(binom[rest - needed][draw - needed] if needed <= draw else 0)
    return counts, total


def probabilities(hand: Sequence[Card] | str, cards: int) -> list[float]:
    """The probability of each bid of ``LADDER`` (in ladder order), as floats.

    Each float is the correctly rounded value of the exact fraction.

    >>> probabilities("", 24) == [1.0] * 83
    True
    """
    counts, total = _counts(_check(hand, cards), cards)
    return [count / total for count in counts]


def exact_table(
    hand: Sequence[Card] | str, cards: int, *, exact: bool = False
) -> dict[Bid, float | Fraction]:
    """``{bid: probability}`` for all 83 bids in ladder order; ``Fraction`` values if ``exact``."""
    counts, total = _counts(_check(hand, cards), cards)
    if exact:
        return {bid: Fraction(count, total) for bid, count in zip(LADDER, counts, strict=True)}
    return {bid: count / total for bid, count in zip(LADDER, counts, strict=True)}


def bid_probability(
    bid: Bid | str, hand: Sequence[Card] | str, cards: int, *, exact: bool = False
) -> float | Fraction:
    """The probability that ``bid`` is true; a ``Fraction`` if ``exact``."""
    if isinstance(bid, str):
        bid = Bid.parse(bid)
    counts, total = _counts(_check(hand, cards), cards)
    count = counts[bid.index]
    return Fraction(count, total) if exact else count / total


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
    held = _check(hand, cards)
    if isinstance(trials, bool) or not isinstance(trials, int) or trials < 1:
        raise OddsError(f"trials must be a positive whole number, not {trials!r}")
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

    Refuses with ``OddsError`` when there are more than ``BRUTE_FORCE_LIMIT`` draws.

    >>> brute_force_table("AS", 2)[Bid.parse("pair A")]
    Fraction(3, 23)
    """
    held = _check(hand, cards)
    held_set = set(held)
    rest = [card for card in DECK if card not in held_set]
    draw = cards - len(held)
    total = comb(len(rest), draw)
    if total > BRUTE_FORCE_LIMIT:
        raise OddsError(
            f"{total} possible draws is too many to enumerate (limit {BRUTE_FORCE_LIMIT})"
        )
    hits = [0] * 83
    for drawn in combinations(rest, draw):
        hits = list(map(operator.add, hits, truth_from_counts(*card_counts(held + drawn))))
    return {bid: Fraction(hit, total) for bid, hit in zip(LADDER, hits, strict=True)}
