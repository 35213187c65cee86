"""Exact Blef odds, checked against full enumeration, Monte Carlo and hand calculations."""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kayalib.blef.bids import LADDER, Bid, true_bids
from kayalib.blef.cards import DECK, parse_cards
from kayalib.blef.masks import (
    cards_of,
    colex_rank,
    combination_count,
    masks_of,
    popcount,
    row_subset_masks,
    row_subset_pick,
    row_subset_ranks,
    subset_masks,
)
from kayalib.blef.odds import (
    bid_probability,
    brute_force_table,
    count_tables,
    exact_table,
    favourable_counts,
    probabilities,
    simulate_table,
    table_key,
)
from kayalib.blef.odds_batch import batch_counts, hand_keys, mixture, pool_truth
from kayalib.errors import ArgumentError, KayalibError, ParseError

# Hands that hold parts of straights, pokers, fulls and flushes: the cases a lookup table of
# "probability given N" gets wrong once the hand holds some of the cards.
BRUTE_CASES = [
    ("", 1),
    ("", 2),
    ("", 3),
    ("", 4),
    ("AS", 1),
    ("AS", 3),
    ("AS", 5),
    ("9C TD", 2),
    ("9C TD", 6),
    ("9H TH JH", 4),
    ("9H TH JH", 7),
    ("KS KH KD", 5),
    ("KS KH KD", 7),
    ("KS KH 9C", 7),
    ("9C 9D KS", 6),
    ("TS JS QS KS", 6),
    ("TS JS QS KS", 7),
    ("9S TS JS QS KS", 7),
    ("AS AH AD AC", 7),
    ("9H TH JH QH KD AD", 7),
    ("9D TD JD AD KD", 7),
    ("QS QH JD JC 9S 9H 9D", 7),
]


@pytest.mark.parametrize(("hand", "cards"), BRUTE_CASES)
def test_exact_matches_brute_force(hand, cards):
    brute = brute_force_table(hand, cards)
    exact = exact_table(hand, cards, exact=True)
    wrong = {str(bid): (exact[bid], brute[bid]) for bid in LADDER if exact[bid] != brute[bid]}
    assert wrong == {}


def test_brute_force_covers_every_n_up_to_7():
    assert {cards for _, cards in BRUTE_CASES} == set(range(1, 8))


@settings(max_examples=40, deadline=None)
@given(st.permutations(DECK), st.integers(0, 10), st.integers(0, 3))
def test_exact_matches_brute_force_for_random_hands(deck, size, draw):
    hand = tuple(deck[:size])
    cards = max(1, size + draw)
    assert exact_table(hand, cards, exact=True) == brute_force_table(hand, cards)


# Values worked out by hand, independent of both implementations.
def _binom(n: int, k: int) -> int:
    return math.comb(n, k) if 0 <= k <= n else 0


def _at_least(rest: int, draw: int, out: int, need: int) -> int:
    """Draws of ``draw`` from ``rest`` with at least ``need`` of ``out`` cards (plain sum)."""
    return sum(_binom(out, x) * _binom(rest - out, draw - x) for x in range(need, out + 1))


def _both(rest: int, draw: int, h1: int, need1: int, h2: int, need2: int) -> int:
    """Draws making two ranks held ``h1`` and ``h2`` times up to ``need1`` and ``need2``."""
    out1, out2 = 4 - h1, 4 - h2
    others = rest - out1 - out2
    if others < 0:
        return 0
    return sum(
        _binom(out1, x1) * _binom(out2, x2) * _binom(others, draw - x1 - x2)
        for x1 in range(max(0, need1 - h1), out1 + 1)
        for x2 in range(max(0, need2 - h2), out2 + 1)
    )


def test_lookup_tables_equal_the_plain_sums_for_every_count() -> None:
    # The lookup tables take the short side of each sum (inclusion-exclusion over the draws
    # short of a figure); every entry of every (cards held, cards dealt) must equal the plain
    # sum over the draw counts that make the figure.
    for held in range(25):
        for cards in range(max(held, 1), 25):
            rest, draw = 24 - held, cards - held
            tables = count_tables(held, cards)
            assert tables.total == _binom(rest, draw)
            for h in range(5):
                for j in range(5):
                    expected = tables.total if j <= h else _at_least(rest, draw, 4 - h, j - h)
                    assert tables.at_least[h][j] == expected
                for b in range(5):
                    assert tables.two_pair[h][b] == _both(rest, draw, h, 2, b, 2)
                    assert tables.full[h][b] == _both(rest, draw, h, 3, b, 2)
            for missing in range(6):
                assert tables.straight[missing] == sum(
                    (-1) ** j * math.comb(missing, j) * _binom(rest - 4 * j, draw)
                    for j in range(missing + 1)
                )
            for key, (flush, small, big) in enumerate(tables.suits):
                nine, middles, ace = key % 2, key // 2 % 5, key // 10
                if middles > 4:
                    continue
                have = nine + middles + ace
                assert flush == (
                    tables.total
                    if have >= 5
                    else sum(
                        _binom(6 - have, y) * _binom(rest - 6 + have, draw - y)
                        for y in range(5 - have, 7 - have)
                    )
                )
                assert small == _binom(rest - (5 - nine - middles), draw - (5 - nine - middles))
                assert big == _binom(rest - (5 - middles - ace), draw - (5 - middles - ace))


@pytest.mark.parametrize(
    ("bid", "hand", "cards", "expected"),
    [
        ("high-card 9", "", 1, Fraction(1, 6)),
        ("pair 9", "", 1, Fraction(0)),
        ("pair A", "", 2, Fraction(1, 46)),  # C(4,2) / C(24,2)
        ("pair A", "AS", 2, Fraction(3, 23)),
        ("full K 9", "KS KH KD", 5, Fraction(1, 35)),  # C(4,2) / C(21,2)
        ("full 9 K", "KS KH KD", 5, Fraction(0)),
        ("full 9 K", "KS KH KD", 6, Fraction(4, 1330)),  # C(4,3) / C(21,3)
        ("small-poker spades", "9S TS JS QS", 5, Fraction(1, 20)),
        ("small-poker spades", "9S TS JS QS", 6, Fraction(1, 10)),  # 1 - C(19,2)/C(20,2)
        ("big-poker spades", "9S TS JS QS", 5, Fraction(0)),  # KS and AS both missing
        ("big-poker spades", "9S TS JS QS", 6, Fraction(1, 190)),  # 1 / C(20,2)
        ("big-poker spades", "9S TS JS QS", 7, Fraction(18, 1140)),  # C(18,1) / C(20,3)
        ("small-straight", "9C TD JH QS", 5, Fraction(4, 20)),
        ("big-straight", "9C TD JH QS", 5, Fraction(0)),  # K and A both missing
        ("big-straight", "9C TD JH QS", 6, Fraction(16, 190)),  # 4 * 4 / C(20,2)
        ("four 9", "", 4, Fraction(1, 10626)),
        ("flush hearts", "9H TH JH QH", 5, Fraction(2, 20)),
        ("flush clubs", "", 5, Fraction(6, 42504)),
    ],
)
def test_hand_calculated_values(bid, hand, cards, expected):
    assert bid_probability(Bid.parse(bid), hand, cards, exact=True) == expected
    assert bid_probability(bid, parse_cards(hand), cards) == float(expected)


@pytest.mark.parametrize(
    ("hand", "cards", "trials", "seed"),
    [("", 15, 20_000, 1), ("9H TH KS", 20, 10_000, 2), ("AS AH 9C", 10, 20_000, 3)],
)
def test_exact_agrees_with_monte_carlo(hand, cards, trials, seed):
    exact = exact_table(hand, cards)
    simulated = simulate_table(hand, cards, trials, seed)
    for bid in LADDER:
        p = exact[bid]
        standard_error = math.sqrt(p * (1 - p) / trials)
        assert abs(simulated[bid] - p) <= 5 * standard_error + 1e-12, str(bid)


def test_monte_carlo_is_seeded_and_reports_progress():
    calls: list[tuple[int, int]] = []
    first = simulate_table("KS", 8, 500, seed=7, progress=lambda d, t: calls.append((d, t)))
    assert first == simulate_table("KS", 8, 500, seed=7)
    assert first != simulate_table("KS", 8, 500, seed=8)
    assert calls[-1] == (500, 500)
    assert [done for done, _ in calls] == sorted(done for done, _ in calls)
    assert all(total == 500 for _, total in calls)


@pytest.mark.parametrize(
    ("hand", "cards"), [("", 1), ("", 9), ("AS KS QS", 6), ("9C 9D 9H TS", 14), ("JH", 23)]
)
def test_fraction_and_float_agree(hand, cards):
    fractions = exact_table(hand, cards, exact=True)
    floats = exact_table(hand, cards)
    fast = probabilities(hand, cards)
    counts, total = favourable_counts(hand, cards)
    assert total == math.comb(24 - len(parse_cards(hand)), cards - len(parse_cards(hand)))
    for index, bid in enumerate(LADDER):
        assert isinstance(fractions[bid], Fraction)
        assert fractions[bid] == Fraction(counts[index], total)
        assert floats[bid] == fast[index] == float(fractions[bid])
        assert bid_probability(bid, hand, cards, exact=True) == fractions[bid]
    assert list(fractions) == list(LADDER)


@settings(deadline=None)
@given(st.permutations(DECK), st.integers(0, 23))
def test_all_24_cards_dealt_makes_every_bid_certain(deck, size):
    assert exact_table(tuple(deck[:size]), 24, exact=True) == {bid: 1 for bid in LADDER}


@settings(deadline=None)
@given(st.permutations(DECK), st.integers(1, 24))
def test_nothing_to_draw_gives_the_truth_of_the_hand(deck, size):
    hand = tuple(deck[:size])
    assert probabilities(hand, size) == [float(t) for t in true_bids(hand)]


@settings(max_examples=30, deadline=None)
@given(st.permutations(DECK), st.integers(0, 12))
def test_more_cards_never_make_a_bid_less_likely(deck, size):
    hand = tuple(deck[:size])
    tables = [favourable_counts(hand, cards) for cards in range(max(1, size), 25)]
    ratios = [[Fraction(c, total) for c in counts] for counts, total in tables]
    for smaller, larger in zip(ratios, ratios[1:], strict=False):
        assert all(a <= b for a, b in zip(smaller, larger, strict=True))


@settings(max_examples=50, deadline=None)
@given(st.permutations(DECK), st.integers(0, 12), st.integers(0, 12))
def test_nested_figures_are_never_more_likely(deck, size, draw):
    """A figure that implies another is at most as likely: four <= three <= pair <= high card..."""
    hand = tuple(deck[:size])
    p = exact_table(hand, max(1, size + draw), exact=True)
    assert all(0 <= value <= 1 for value in p.values())

    def at(text: str) -> Fraction:
        return p[Bid.parse(text)]

    for r in "9TJQKA":
        assert at(f"four {r}") <= at(f"three {r}") <= at(f"pair {r}") <= at(f"high-card {r}")
    for bid in LADDER:
        if bid.kind in ("two-pair", "full"):
            first, second = bid.params
            assert p[bid] <= p[Bid("pair", (first,))] and p[bid] <= p[Bid("pair", (second,))]
        if bid.kind == "full":
            assert p[bid] <= p[Bid("three", (bid.params[0],))]
            low, high = sorted(bid.params)
            assert p[bid] <= p[Bid("two-pair", (high, low))]
        if bid.kind in ("small-poker", "big-poker"):
            straight = "small-straight" if bid.kind == "small-poker" else "big-straight"
            assert p[bid] <= at(straight) and p[bid] <= p[Bid("flush", bid.params)]


def test_empty_hand_is_symmetric_in_ranks_and_suits():
    p = exact_table("", 11, exact=True)
    for kind in ("high-card", "pair", "three", "four"):
        assert len({p[Bid(kind, (r,))] for r in range(6)}) == 1
    for kind in ("flush", "small-poker", "big-poker"):
        assert len({p[Bid(kind, (s,))] for s in range(4)}) == 1
    assert p[Bid.parse("small-straight")] == p[Bid.parse("big-straight")]
    assert len({p[bid] for bid in LADDER if bid.kind == "full"}) == 1


def test_probability_is_not_monotone_along_the_ladder():
    """A higher bid can be more likely than a lower one: a higher bid is not always riskier."""
    p = probabilities("", 12)
    three_a, small_straight = p[Bid.parse("three A").index], p[Bid.parse("small-straight").index]
    assert small_straight > three_a
    assert any(p[j] > p[i] for i in range(83) for j in range(i + 1, 83))


def test_holding_cards_changes_the_straight_flush_and_full_odds():
    """The lookup-table trap: odds depend on which cards are held, not only on how many."""
    assert bid_probability("small-poker spades", "9S TS JS QS", 8) > bid_probability(
        "small-poker spades", "9H TH JH QH", 8
    )
    assert bid_probability("full K 9", "KS KH KD", 8) > bid_probability("full K 9", "9S 9H 9D", 8)
    assert bid_probability("full K 9", "KS KH KD", 8) != bid_probability("full 9 K", "KS KH KD", 8)


@pytest.mark.parametrize(
    ("hand", "cards", "error", "message"),
    [
        ("AS KS", 0, ArgumentError, "between 1 and 24"),
        ("", 0, ArgumentError, "between 1 and 24"),
        ("", -3, ArgumentError, "between 1 and 24"),
        ("", 25, ArgumentError, "between 1 and 24"),
        ("AS KS QS", 2, ArgumentError, "3 cards in hand, but only 2"),
        ("", 2.0, ArgumentError, "whole number"),
        ("", "5", ArgumentError, "whole number"),
        ("", True, ArgumentError, "whole number"),
        ("AS AS", 4, ParseError, "given twice"),
        ("AS XX", 4, ParseError, "not a Blef card"),
    ],
)
def test_invalid_inputs_are_refused(hand, cards, error, message):
    for function in (probabilities, exact_table, favourable_counts, brute_force_table):
        with pytest.raises(error, match=message):
            function(hand, cards)
    with pytest.raises(error, match=message):
        bid_probability("pair A", hand, cards)
    with pytest.raises(error, match=message):
        simulate_table(hand, cards, 10, seed=1)


def test_invalid_card_lists_and_trials_are_refused():
    with pytest.raises(ParseError, match="given twice"):
        probabilities([DECK[0], DECK[0]], 5)
    with pytest.raises(ParseError, match="not a Blef card"):
        probabilities(["AS"], 5)  # type: ignore[list-item]
    with pytest.raises(ArgumentError, match="trials"):
        simulate_table("", 5, 0, seed=1)
    with pytest.raises(ArgumentError, match="too many"):
        brute_force_table("", 12)
    with pytest.raises(ParseError):
        bid_probability("pair X", "", 5)


# Issue 19: every bad call of the odds modules raises a named error, not a plain exception.
BAD_ODDS_CALLS = {
    "probabilities(None, 3)": lambda: probabilities(None, 3),
    "probabilities of 123": lambda: probabilities(123, 3),
    "probabilities of [123]": lambda: probabilities([123], 3),
    "probabilities('AS', None)": lambda: probabilities("AS", None),
    "bid_probability(123, ...)": lambda: bid_probability(123, "", 5),
    "bid_probability(exact='yes')": lambda: bid_probability("pair A", "", 5, exact="yes"),
    "exact_table(exact='yes')": lambda: exact_table("", 5, exact="yes"),
    "simulate_table(seed='x')": lambda: simulate_table("", 5, 10, "x"),
    "simulate_table(seed=None)": lambda: simulate_table("", 5, 10, None),
    "table_key(None)": lambda: table_key(None),
    "brute_force_table([1], 2)": lambda: brute_force_table([1], 2),
    "masks_of(None)": lambda: masks_of(None),
    "masks_of('AS')": lambda: masks_of("AS"),
    "masks_of(floats)": lambda: masks_of(np.array([1.5])),
    "masks_of(-1)": lambda: masks_of(np.array([-1])),
    "subset_masks('x', 2)": lambda: subset_masks("x", 2),
    "subset_masks(7, -1)": lambda: subset_masks(7, -1),
    "subset_masks(7, 5)": lambda: subset_masks(7, 5),
    "row_subset_masks of unequal pools": lambda: row_subset_masks(np.array([3, 7]), 1),
    "row_subset_masks(size 3 of 2)": lambda: row_subset_masks(np.array([3]), 3),
    "colex_rank(-1)": lambda: colex_rank(np.array([-1])),
    "colex_rank(1 << 30)": lambda: colex_rank(np.array([1 << 30])),
    "combination_count(5, None)": lambda: combination_count(5, None),
    "combination_count(5, [9])": lambda: combination_count(5, [9]),
    "cards_of(-1)": lambda: cards_of(-1),
    "cards_of('x')": lambda: cards_of("x"),
    "popcount(None)": lambda: popcount(None),
    "batch_counts(None, 3)": lambda: batch_counts(None, 3),
    "batch_counts(2-d, 3)": lambda: batch_counts(np.array([[1]]), 3),
    "pool_truth(None)": lambda: pool_truth(None),
    "hand_keys(None)": lambda: hand_keys(None),
    "mixture of unequal lengths": lambda: mixture(
        np.array([1]), np.array([1, 2]), np.array([1.0]), 1, 3
    ),
    "mixture(cards='x')": lambda: mixture(np.array([1]), np.array([1]), np.array([1.0]), 1, "x"),
}


@pytest.mark.parametrize("call", BAD_ODDS_CALLS.values(), ids=BAD_ODDS_CALLS.keys())
def test_every_bad_call_raises_a_named_error(call) -> None:
    with pytest.raises(KayalibError) as raised:
        call()
    assert type(raised.value) is not KayalibError and isinstance(raised.value, ValueError)


@pytest.mark.parametrize(("cards", "size"), [(9, 5), (9, 0), (7, 7), (12, 3), (4, 1), (13, 6),
                                             (16, 8), (1, 1), (10, 2)])  # fmt: skip
def test_subset_ranks_and_picks_are_those_of_the_subsets_masks(cards, size) -> None:
    # The sampler ranks every subset of each pool without making their masks, then makes the
    # one it picks: both must be what the masks give.
    rng = np.random.default_rng(cards * 31 + size)
    pools = np.array([sum(1 << int(b) for b in rng.choice(24, cards, replace=False))
                      for _ in range(200)], dtype=np.int64)  # fmt: skip
    ranks, positions = row_subset_ranks(pools, size)
    subsets = row_subset_masks(pools, size)
    assert ranks.shape == subsets.shape and ranks.flags.c_contiguous
    assert ranks.tolist() == colex_rank(subsets).tolist()
    picks = rng.integers(0, subsets.shape[1], len(pools))
    chosen = row_subset_pick(positions, size, picks)
    assert chosen.tolist() == subsets[np.arange(len(pools)), picks].tolist()
