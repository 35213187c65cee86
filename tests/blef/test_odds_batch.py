"""The batch odds (numpy over many hands) and the card masks it works on."""

from __future__ import annotations

import random
from math import comb

import numpy as np
import pytest

from kayalib.blef.bids import true_bids
from kayalib.blef.cards import DECK
from kayalib.blef.masks import (
    FULL_DECK,
    cards_of,
    colex_rank,
    combination_count,
    mask_of,
    masks_of,
    row_subset_masks,
    subset_masks,
)
from kayalib.blef.odds import favourable_counts, probabilities
from kayalib.blef.odds_batch import (
    batch_counts,
    batch_probabilities,
    hand_keys,
    mixture,
    pool_truth,
)
from kayalib.errors import ArgumentError


@pytest.mark.parametrize("size", [0, 1, 2])
def test_every_small_hand_matches_the_single_table_for_every_deal_size(size) -> None:
    hands = subset_masks(FULL_DECK, size)
    for cards in range(max(size, 1), 25):
        counts, total = batch_counts(hands, cards)
        for row, mask in zip(counts.tolist(), hands.tolist(), strict=True):
            assert (row, total) == favourable_counts(cards_of(mask), cards)


@pytest.mark.parametrize("size", [3, 4, 5, 7, 9, 12, 16, 23])
def test_random_larger_hands_match_the_single_table(size) -> None:
    rng = random.Random(size)
    hands = masks_of([rng.sample(DECK, size) for _ in range(60)])
    for cards in sorted({size, min(24, size + 1), min(24, size + 4), 24}):
        counts, total = batch_counts(hands, cards)
        for row, mask in zip(counts.tolist(), hands.tolist(), strict=True):
            assert (row, total) == favourable_counts(cards_of(mask), cards)
        floats = batch_probabilities(hands, cards)
        for row, mask in zip(floats.tolist(), hands.tolist(), strict=True):
            assert row == probabilities(cards_of(mask), cards)  # the same floats, bit for bit


def test_pool_truth_is_the_truth_of_each_pool() -> None:
    rng = random.Random(3)
    for size in (1, 4, 8, 15, 24):
        pools = [rng.sample(DECK, size) for _ in range(40)]
        assert pool_truth(masks_of(pools)).tolist() == [true_bids(pool) for pool in pools]


def test_mixture_is_the_weighted_mean_and_spread_of_the_tables() -> None:
    rng = np.random.default_rng(5)
    hands = subset_masks(mask_of("9C TD JH QS KC AD 9H TS"), 3)
    weights = rng.random(len(hands))
    weights[::7] = 0.0
    tables = batch_probabilities(hands, 9)
    rank_keys, suit_keys = hand_keys(hands)
    mean, variance = mixture(rank_keys, suit_keys, weights, 3, 9, spread=True)
    expected = weights @ tables / weights.sum()
    assert mean == pytest.approx(expected, abs=1e-12)
    # the delta method for a ratio of weighted sums
    assert variance == pytest.approx(
        weights**2 @ (tables - expected) ** 2 / weights.sum() ** 2, abs=1e-12
    )
    _, equal = mixture(rank_keys, suit_keys, np.ones(len(hands)), 3, 9, spread=True)
    assert equal == pytest.approx(tables.var(axis=0) / len(hands), abs=1e-12)


def test_keys_of_disjoint_sets_add_up_to_the_key_of_their_union() -> None:
    rng = random.Random(8)
    for _ in range(200):
        cards = rng.sample(DECK, rng.randint(2, 20))
        cut = rng.randint(0, len(cards))
        left, right, both = masks_of([cards[:cut], cards[cut:], cards])
        keys = [hand_keys(np.array([m])) for m in (left, right, both)]
        assert keys[0][0] + keys[1][0] == keys[2][0]
        assert keys[0][1] + keys[1][1] == keys[2][1]


def test_batches_refuse_what_has_no_answer() -> None:
    with pytest.raises(ArgumentError, match="same number of cards"):
        batch_counts(masks_of(["AS", "KS QS"]), 5)
    with pytest.raises(ArgumentError, match="only 1 dealt"):
        batch_counts(masks_of(["KS QS"]), 1)
    with pytest.raises(ArgumentError, match="between 1 and 24"):
        batch_counts(masks_of(["KS"]), 25)
    with pytest.raises(ArgumentError, match="outside the 24-card deck"):
        batch_counts(np.array([1 << 24]), 5)
    assert batch_counts(np.zeros(0, dtype=np.int64), 5)[0].shape == (0, 83)


def test_masks_round_trip_and_subsets_are_all_the_combinations() -> None:
    hand = "AS 9C KH"
    assert cards_of(mask_of(hand)) == tuple(sorted(cards_of(mask_of(hand))))
    assert {str(card) for card in cards_of(mask_of(hand))} == {"AS", "9C", "KH"}
    pool = mask_of("9C TD JH QS KC")
    subsets = subset_masks(pool, 2)
    assert len(set(subsets.tolist())) == comb(5, 2)
    assert all(m & ~pool == 0 and bin(m).count("1") == 2 for m in subsets.tolist())
    rows = row_subset_masks(masks_of(["9C TD JH", "QS KC AD"]), 2)
    assert rows.shape == (2, 3)
    assert set(rows[1].tolist()) == set(subset_masks(mask_of("QS KC AD"), 2).tolist())
    assert combination_count(22, [2, 2, 2]) == 231 * 190 * 153


@pytest.mark.parametrize("size", [1, 2, 3, 5])
def test_colex_rank_numbers_the_sets_of_one_size_densely(size) -> None:
    ranks = colex_rank(subset_masks(FULL_DECK, size))
    assert sorted(ranks.tolist()) == list(range(comb(24, size)))
