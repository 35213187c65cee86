"""Blef bots: legal choices, exact policies and the odds bot's judgement."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import pytest

from kayalib.blef.bids import LADDER, Bid
from kayalib.blef.bots import OddsBot, RandomBot, play_by_odds
from kayalib.blef.cards import DECK
from kayalib.blef.evidence import action_index
from kayalib.blef.game import CHECK, BlefRules, BlefState
from kayalib.blef.masks import cards_of, masks_of
from kayalib.blef.odds import TABLE_CACHE, probabilities, table_cache_info
from kayalib.errors import IllegalActionError
from kayalib.simulate import simulate


def view_after(hands, starter, *bids, players=None):
    rules = BlefRules(players=players or len(hands))
    state = BlefState.from_position(rules, hands, starter=starter)
    for bid in bids:
        state = state.apply(bid)
    return state, state.view(state.current_player)


# -- random bot -----------------------------------------------------------------------------------


def test_random_bot_is_uniform_over_legal_actions() -> None:
    state, view = view_after(["AS", "9H"], 0, "four A")
    legal = state.legal_actions()
    rng = random.Random(5)
    counts = Counter(RandomBot().choose(view, rng) for _ in range(3000))
    assert set(counts) == set(legal)  # every legal action, and only those
    expected = 3000 / len(legal)
    assert all(0.6 * expected < n < 1.4 * expected for n in counts.values())


def test_bots_refuse_to_move_out_of_turn() -> None:
    state, _ = view_after(["AS", "9H"], 0)
    for bot in (RandomBot(), OddsBot()):
        with pytest.raises(IllegalActionError, match="not its turn"):
            bot.choose(state.view(1), random.Random(0))


# -- odds bot -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "hands, starter, bids, expected",
    [
        # opening: the lowest bid that is at least even money, here a certainty
        (["AS", "9H"], 0, [], "high-card A"),
        (["9H", "AS"], 1, [], "high-card A"),
        # an impossible bid is checked: 2 cards in all, and I hold 9H
        (["AS", "9H"], 0, ["pair A"], "check"),
        (["AS", "9H"], 0, ["pair 9"], "check"),
        # a certain bid is raised, not checked (I hold the nine)
        (["KS", "9H", "TD"], 2, ["high-card 9"], "high-card K"),
        # nothing above big-poker spades
        (["AS", "9H"], 0, ["big-poker spades"], "check"),
    ],
)
def test_odds_bot_scenarios(hands, starter, bids, expected) -> None:
    state, view = view_after(hands, starter, *bids)
    action = OddsBot().choose(view, random.Random(0))
    assert str(action) == expected
    assert state.can_apply(action)


def test_odds_bot_raises_to_the_lowest_likely_bid_and_checks_by_the_odds() -> None:
    rng = random.Random(1)
    bot = OddsBot()
    for game in range(60):
        state = BlefState.new(BlefRules(players=3), game)
        while not state.is_terminal:
            view = state.view(state.current_player)
            p = probabilities(view.hand, view.total_cards)
            action = bot.choose(view, rng)
            assert action in state.legal_actions()
            last = state.last_bid
            start = 0 if last is None else last.index + 1
            above = p[start:]
            if action == CHECK:
                best = bot.raise_to(p, start)
                assert best is None or 1 - p[last.index] > bot.caution * p[best]
            else:
                assert isinstance(action, Bid)
                if max(above, default=0) >= bot.confidence:
                    assert p[action.index] >= bot.confidence
                    assert all(q < bot.confidence for q in p[start : action.index])
                else:
                    assert p[action.index] == max(above)
                if last is not None:
                    assert 1 - p[last.index] <= bot.caution * p[action.index]
            state = state.apply(action)


def test_odds_bot_caches_without_changing_its_answers() -> None:
    bot = OddsBot()
    hand = BlefState.new(BlefRules(players=2), 3).hands[0]
    for cards in range(1, 12):
        first = bot.odds(hand, cards)
        assert first == probabilities(hand, cards)
        first[0] = -1.0  # a caller's copy: changing it changes nothing remembered
        assert bot.odds(hand, cards) == probabilities(hand, cards) != first
    for card in DECK:
        for cards in range(1, 6):
            assert bot.odds((card,), cards) == probabilities((card,), cards)
    assert table_cache_info().currsize <= TABLE_CACHE  # a bounded memory


@pytest.mark.parametrize(("held", "cards"), [(1, 2), (2, 9), (3, 14), (5, 20), (7, 24)])
def test_odds_bot_decides_for_many_hands_as_for_each_hand(held, cards) -> None:
    # The batch rule works from tables by rank class and suit (kept from turn to turn); at
    # every start, rank bids and suit bids alike, it must agree with the rule hand by hand.
    rng = random.Random(held * 100 + cards)
    hands = [tuple(sorted(rng.sample(DECK, held))) for _ in range(150)]
    masks = masks_of(hands)
    _, view = view_after(["AS", "9H"], 0)
    for bot in (OddsBot(), OddsBot(confidence=0.3, caution=1.0)):
        for last in (None, *LADDER):
            asked = replace(view, total_cards=cards, bids=() if last is None else ((0, last),))
            batch = bot.decisions(asked, masks).tolist()
            one_by_one = [
                action_index(
                    play_by_odds(probabilities(hand, cards), last, bot.confidence, bot.caution)
                )
                for hand in hands
            ]
            assert batch == one_by_one
            assert [cards_of(m) for m in masks.tolist()] == hands  # the hands are not changed


@pytest.mark.parametrize(
    "bots, odds_seats, minimum",
    [
        (["odds", "random", "random", "random"], [0], 0.8),
        (["random", "random", "odds", "random"], [2], 0.8),
        (["odds", "odds", "random", "random"], [0, 1], 0.9),
        (["random", "odds", "random", "odds"], [1, 3], 0.9),
    ],
)
def test_odds_bot_beats_random_clearly(bots, odds_seats, minimum) -> None:
    result = simulate("blef", bots, games=120, seed=2024)
    odds_share = sum(result.wins[seat] for seat in odds_seats) / result.games
    assert odds_share >= minimum, result
