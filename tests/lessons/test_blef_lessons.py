"""Blef lesson pieces against the engine: ladder browser, scripted game, heat maps, fairness,
bid simulator and bluffing bots."""

from __future__ import annotations

import math
import re
from fractions import Fraction
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kayalib.blef import BID_KINDS, DECK, LADDER, Bid, holds, parse_cards
from kayalib.blef.game import BlefRules, BlefState
from kayalib.blef.odds import bid_probability, brute_force_table
from kayalib.lessons.blef import (
    LESSON_BOTS,
    BidSimulator,
    BluffingBot,
    BluffingSweep,
    FairnessExplorer,
    HeatmapExplorer,
    LadderBrowser,
    blef_walkthrough,
    example_pool,
    fair_kind_order,
    heads_up,
    kind_inversions,
    kind_probabilities,
    meaning,
    probability_grid,
    run_blef_tournament,
)
from tests.lessons.conftest import PNG, shown_errors


@pytest.mark.parametrize("bid", LADDER, ids=str)
def test_example_pool_is_true_and_minimal(bid: Bid) -> None:
    pool = example_pool(bid)
    assert holds(bid, pool)
    for smaller in combinations(pool, len(pool) - 1):
        assert not holds(bid, smaller), f"{bid}: {pool} is not the smallest pool"


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("pair K", "at least two Ks"),
        ("two-pair A T", "at least two As and at least two 10s"),
        ("full 9 A", "at least three 9s and at least two As"),
        ("flush hearts", "at least five hearts"),
        ("big-poker spades", "the 10, J, Q, K and A of spades"),
    ],
)
def test_meaning_in_words(text: str, words: str) -> None:
    assert meaning(Bid.parse(text)) == words


def test_ladder_browser_steps_and_shows_exact_probability() -> None:
    browser = LadderBrowser(start=1, cards=2)
    assert browser.back_button.disabled and "#1 of 83" in browser.card.value
    browser.next_button.click()
    assert browser.bid == LADDER[1] and "high-card T" in browser.card.value
    browser.position.value = 83
    assert browser.next_button.disabled and "big-poker spades" in browser.card.value
    assert "duży poker pik" in browser.card.value
    browser.position.value = 7  # pair 9 with 2 cards: 1/46 (C(4,2)/C(24,2) = 6/276)
    assert "exactly 1/46" in browser.card.value
    browser.cards.value = 24
    assert "100.00%" in browser.card.value
    assert shown_errors(browser) == []


def test_probability_grid_matches_the_engine_and_blanks_impossible_columns() -> None:
    grid = probability_grid("AS KH")
    assert len(grid) == 83 and all(len(row) == 24 for row in grid)
    assert math.isnan(grid[0][0])  # one card in play cannot include a two-card hand
    pair_a = Bid.parse("pair A")
    for cards in (2, 5, 13, 24):
        assert grid[pair_a.index][cards - 1] == float(bid_probability(pair_a, "AS KH", cards))


def test_heatmap_explorer_redraws_for_the_chosen_hand() -> None:
    explorer = HeatmapExplorer()
    empty = bytes(explorer.image.value)
    assert empty.startswith(PNG) and "no known cards" in explorer.summary.value
    explorer.hand_picker.value = parse_cards("AS AH")
    assert explorer.hand == tuple(sorted(parse_cards("AS AH")))
    assert bytes(explorer.image.value) != empty
    assert shown_errors(explorer) == []


def test_bid_simulator_rebuilds_for_new_choices_and_reports_bad_hands() -> None:
    sim = BidSimulator(bid="pair A", cards=6, seed=1)
    assert sim.simulator.exact == Fraction(445, 1771)
    sim.simulator.deal_many_button.click()
    assert sim.simulator.trials == 1000
    sim.cards_box.value = 2
    assert sim.simulator.exact == Fraction(1, 46) and sim.simulator.trials == 0
    sim.hand_box.value = "AS"
    sim.apply_button.click()
    assert sim.simulator.exact == Fraction(3, 23)
    sim.simulator.deal_one_button.click()
    assert "A♠" in sim.simulator.last_deal.value  # your card is always in the pool
    sim.hand_box.value = "AS AS"
    sim.apply_button.click()
    assert shown_errors(sim), "a hand with a card twice must be refused visibly"
    sim.hand_box.value = "AS KS QS"
    sim.apply_button.click()
    assert shown_errors(sim), "three known cards with two in play must be refused visibly"


def test_bid_simulator_estimate_agrees_with_brute_force() -> None:
    sim = BidSimulator(bid="high-card K", cards=3, hand="9C", seed=4)
    for _ in range(3):
        sim.simulator.deal_many_button.click()
    exact = brute_force_table("9C", 3)[Bid.parse("high-card K")]
    assert sim.simulator.exact == exact
    assert abs(sim.simulator.estimate - float(exact)) < 0.04


def test_kind_probabilities_equal_every_bid_of_the_kind() -> None:
    for cards in (3, 10, 20):
        p = kind_probabilities(cards)
        for bid in LADDER:
            assert bid_probability(bid, "", cards, exact=True) == p[bid.kind]


@pytest.mark.parametrize("cards", range(1, 25))
def test_kind_inversions_and_fair_order_agree(cards: int) -> None:
    p = kind_probabilities(cards)
    inversions = kind_inversions(cards)
    for low, high in zip(BID_KINDS, BID_KINDS[1:], strict=False):
        assert ((low, high) in inversions) == (p[high] > p[low])
    fair = fair_kind_order(cards)
    assert sorted(fair) == sorted(BID_KINDS)
    assert all(p[a] >= p[b] for a, b in zip(fair, fair[1:], strict=False))


def test_known_unfair_steps() -> None:
    assert kind_inversions(1) == [] and kind_inversions(24) == []
    assert ("three", "small-straight") in kind_inversions(10)
    assert ("four", "flush") in kind_inversions(10)


def test_fairness_explorer_flags_the_unfair_kinds() -> None:
    def flagged(explorer: FairnessExplorer) -> list[str]:
        rows = re.findall(r"<tr><td>(\d+)</td><td>([^<]+)</td>", explorer.table.value)
        assert len(rows) == 11
        return [kind for _, kind in rows if "⚠" in kind]

    explorer = FairnessExplorer(cards=10)
    assert flagged(explorer) == ["small-straight ⚠", "flush ⚠"]
    explorer.cards.value = 1
    assert flagged(explorer) == []
    assert shown_errors(explorer) == []


def test_walkthrough_is_a_real_game_told_in_order() -> None:
    stepper = blef_walkthrough()
    titles = [step.title for step in stepper.steps]
    assert titles[0] == "The deal" and titles[-1] == "Two ways to end"
    checks = [step for step in stepper.steps if ": check" in step.title]
    assert len(checks) >= 3
    assert any("eliminated" in step.text for step in checks)
    assert "the winner" in checks[-1].text
    first = checks[0]
    assert "pair 9" in first.text and "Bartek" in first.text and "false" in first.text
    # Every "loses the round" line names the loser that the engine's log names.
    state = BlefState.from_hands(BlefRules(players=3, max_cards=2), ["AS", "9H", "KD"], seed=4)
    state = state.apply("high-card A").apply("pair 9").apply("check")
    assert state.counts == (1, 2, 1)


def test_walkthrough_is_deterministic() -> None:
    one, two = blef_walkthrough(seed=6), blef_walkthrough(seed=6)
    assert [s.text for s in one.steps] == [s.text for s in two.steps]


def test_bluffing_bot_bluffs_as_often_as_asked() -> None:
    import random

    state = BlefState.from_hands(BlefRules(players=2), ["9C", "9D"], starter=0)
    state = state.apply("high-card 9")
    honest = LESSON_BOTS["odds"]().choose(state.view(1), random.Random(1))
    bot = BluffingBot(bluff=1.0, reach=3)
    picks = {str(bot.choose(state.view(1), random.Random(seed))) for seed in range(40)}
    assert picks <= {str(LADDER[i]) for i in range(1, 4)} and len(picks) > 1
    never = BluffingBot(bluff=0.0)
    assert never.choose(state.view(1), random.Random(2)) == honest


def test_lesson_bots_play_full_games() -> None:
    wins = run_blef_tournament(list(LESSON_BOTS)[:3], 6, 2)
    assert sum(wins) == 6


def test_heads_up_swaps_seats() -> None:
    won, played = heads_up("random", "odds", games=5, seed=1)
    assert played == 10 and 0 <= won <= 10
    first = run_blef_tournament(["random", "odds"], 5, 1)
    second = run_blef_tournament(["odds", "random"], 5, 2)
    assert won == first[0] + second[1]


def test_bluffing_sweep_runs_on_click() -> None:
    sweep = BluffingSweep(bots=("random", "bluffer 60%"), games=10)
    assert sweep.chart.value == b""  # nothing runs until asked
    assert sweep.chart.layout.display == "none"
    sweep.run_button.click()
    assert shown_errors(sweep) == []
    assert sweep.progress.value == sweep.progress.max == 2 * 2 * 10
    assert bytes(sweep.chart.value).startswith(PNG) and sweep.chart.layout.display is None
    assert [label for label, *_ in sweep.results] == ["seat 1: random", "seat 2: bluffer 60%"]


@settings(max_examples=25, deadline=None)
@given(st.lists(st.sampled_from(DECK), min_size=0, max_size=4, unique=True), st.integers(4, 8))
def test_grid_column_sums_match_brute_force_on_small_draws(hand, cards) -> None:
    if cards - len(hand) > 3:
        cards = len(hand) + 3
    grid = probability_grid(hand)
    exact = brute_force_table(hand, cards)
    for bid in LADDER[::7]:
        assert grid[bid.index][cards - 1] == pytest.approx(float(exact[bid]), abs=1e-12)
