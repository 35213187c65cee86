"""Blef bots and simulation: legal choices, the odds bot's judgement, seeds, logs and replays."""

from __future__ import annotations

import io
import random
from collections import Counter

import pytest

from kayalib.blef.bids import Bid
from kayalib.blef.bots import BOTS, Bot, OddsBot, RandomBot, make_bot
from kayalib.blef.cards import DECK
from kayalib.blef.game import CHECK, BlefRules, BlefState
from kayalib.blef.odds import probabilities
from kayalib.blef.simulate import (
    ReplayError,
    SimulationResult,
    game_seed,
    play_game,
    replay,
    simulate,
)
from kayalib.errors import IllegalActionError, RulesError, UnknownBotError


def view_after(hands, starter, *bids, players=None):
    rules = BlefRules(players=players or len(hands))
    state = BlefState.from_hands(rules, hands, starter=starter)
    for bid in bids:
        state = state.apply(bid)
    return state, state.view(state.current_player)


# -- the registry -------------------------------------------------------------------------------


def test_make_bot_knows_the_registered_names() -> None:
    assert set(BOTS) == {"random", "odds"}
    for name in BOTS:
        bot = make_bot(name)
        assert bot.name == name and isinstance(bot, Bot)
    assert isinstance(make_bot(" Odds "), OddsBot)
    assert make_bot("odds") is not make_bot("odds")  # a fresh bot each time


@pytest.mark.parametrize("name", ["", "smart", "odds,random", None, 3])
def test_make_bot_refuses_unknown_names(name) -> None:
    with pytest.raises(UnknownBotError, match="the bots are odds, random"):
        make_bot(name)


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
        assert bot.odds(hand, cards) is first
    for card in DECK:
        for cards in range(1, 6):
            assert bot.odds((card,), cards) == probabilities((card,), cards)
            assert len(bot._cache) <= 64  # a bounded memory


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
    result = simulate(BlefRules(players=4), bots, games=120, seed=2024)
    odds_share = sum(result.wins[seat] for seat in odds_seats) / result.games
    assert odds_share >= minimum, result


# -- simulation -----------------------------------------------------------------------------------


def test_simulate_counts_every_game_and_reports_progress() -> None:
    calls = []
    result = simulate(
        BlefRules(players=3),
        ["odds", "random", "odds"],
        25,
        seed=9,
        progress=lambda done, total: calls.append((done, total)),
    )
    assert isinstance(result, SimulationResult)
    assert result.games == 25 and sum(result.wins) == 25
    assert calls == [(i, 25) for i in range(1, 26)]
    assert result.rounds >= 25 * 2  # at least 2 rounds to knock out 2 of 3 players
    assert result.to_json() == {
        "games": 25,
        "wins": list(result.wins),
        "rounds": result.rounds,
        "seconds": result.seconds,
    }
    assert sum(result.win_rates) == pytest.approx(1.0)


def test_game_i_uses_a_seed_derived_from_seed_and_i() -> None:
    rules = BlefRules(players=4, mode="deck")
    log = io.StringIO()
    simulate(rules, ["odds", "random"] * 2, 3, seed=5, log=log)
    finals = replay(log.getvalue().splitlines())
    assert [final.seed for final in finals] == [game_seed(5, i) for i in range(3)]
    for final in finals:
        assert final == play_game(rules, ["odds", "random"] * 2, final.seed)
    assert len({game_seed(5, i) for i in range(100)} | {game_seed(6, 0)}) == 101


def test_the_same_seed_writes_the_same_log_bytes() -> None:
    logs = []
    for seed in (3, 3, 4):
        log = io.StringIO()
        simulate(BlefRules(players=3), ["odds", "random", "random"], 8, seed, log=log)
        logs.append(log.getvalue())
    assert logs[0] == logs[1] != logs[2]
    assert logs[0].count('"event":"start"') == 8 and logs[0].count('"event":"end"') == 8


def test_bot_list_must_match_the_players() -> None:
    with pytest.raises(RulesError, match="4 players need 4 bots"):
        simulate(BlefRules(players=4), ["odds"] * 3, 1, 0)
    with pytest.raises(UnknownBotError):
        simulate(BlefRules(players=2), ["odds", "clever"], 1, 0)
    with pytest.raises(RulesError):
        simulate(BlefRules(players=2), ["odds", "odds"], -1, 0)


def test_replay_refuses_a_log_the_engine_does_not_reproduce() -> None:
    log = io.StringIO()
    simulate(BlefRules(players=2), ["random", "odds"], 1, 0, log=log)
    lines = log.getvalue().splitlines()
    assert replay(lines)[0].is_terminal
    tampered = [line.replace('"loser":0', '"loser":1', 1) for line in lines]
    assert tampered != lines
    with pytest.raises(ReplayError, match="differs"):
        replay(tampered)
    with pytest.raises(ReplayError, match="start"):
        replay(lines[1:])
