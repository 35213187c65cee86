"""One contract, one test over every game (OpenSpiel's ``random_sim_test``).

For each registered game, seeded random games are played to the end with every registered bot,
and at every step the contract of :mod:`kayalib.engine` is checked: the protocols, immutability,
refusals that leave the state as it was, views, log records that read back, pickling,
determinism by seed and the replay of the full log.
"""

from __future__ import annotations

import pickle
import random
from itertools import cycle, islice

import pytest

from kayalib.engine import Bot, Event, GameState, View
from kayalib.errors import IllegalActionError, KayalibError, SeatError
from kayalib.log import log_lines
from kayalib.registry import GAMES, bot_names, game, make_bot
from kayalib.seeds import bot_rng
from kayalib.simulate import replay

PLAYERS = {"blef": (2, 3, 4, 5), "kaya": (2, 3, 4, 6)}


def random_game(name: str, players: int, seed: int):
    """Every state of a seeded game between the game's bots (in turn by seat)."""
    spec = game(name)
    bots = [make_bot(name, b) for b in islice(cycle(bot_names(name)), players)]
    state = spec.state.new(spec.rules_for_players(players), seed)
    states = [state]
    while not state.is_terminal:
        seat = state.current_player
        action = bots[seat].choose(state.view(seat), bot_rng(seed, len(states) - 1))
        state = state.apply(action, seat=seat)
        states.append(state)
    return states


def not_legal(state, rng: random.Random):
    """An action of the game that is not legal now (or ``None`` if every one is legal)."""
    spec_actions = {
        "blef": ["check", "high-card 9", "pair A", "big-poker spades"],
        "kaya": ["pass", "challenge 0", "decline", "keep", "take-back", "play green-1"],
    }
    name = "blef" if type(state).__name__.startswith("Blef") else "kaya"
    options = [a for a in spec_actions[name] if not state.can_apply(a)]
    return rng.choice(options) if options else None


def test_every_registered_game_is_checked() -> None:
    assert set(PLAYERS) == set(GAMES)


@pytest.mark.parametrize("name", sorted(GAMES))
@pytest.mark.parametrize("seed", range(12))
def test_random_games_keep_the_contract(name: str, seed: int) -> None:
    players = PLAYERS[name][seed % len(PLAYERS[name])]
    rng = random.Random(seed)
    states = random_game(name, players, seed * 7919 + 1)
    for before, after in zip(states, states[1:], strict=False):
        assert isinstance(before, GameState)
        seat = before.current_player
        assert seat is not None and not before.is_terminal and before.legal_actions()
        log = log_lines(before.events)
        # a refused action raises with the refusal's words and changes nothing
        bad = not_legal(before, rng)
        if bad is not None:
            reason = before.refusal(bad)
            assert reason and isinstance(reason, str)
            with pytest.raises(KayalibError):
                before.apply(bad)
        wrong_seat = (seat + 1) % players
        action = next(iter(before.legal_actions()))
        assert before.refusal(action, seat=wrong_seat)
        assert not before.can_apply(action, seat=wrong_seat)
        with pytest.raises(IllegalActionError):
            before.apply(action, seat=wrong_seat)
        # the state that was applied to is untouched (immutability)
        assert log_lines(before.events) == log
        assert after.events[: len(before.events)] == before.events
        assert after.moves[: len(before.moves)] == before.moves
        assert len(after.moves) == len(before.moves) + 1 and after.moves[-1][0] == seat
        # views: legal actions only for the seat to move, the log filtered for the seat
        for viewer in range(players):
            view = before.view(viewer)
            assert isinstance(view, View) and view.seat == viewer
            assert view.players == players and view.current_player == seat
            assert bool(view.legal_actions()) == (viewer == seat)
            seen = [e.seen_by(viewer) for e in before.events]
            assert list(view.events) == [e for e in seen if e is not None]
        with pytest.raises(SeatError):
            before.view(players)
    final = states[-1]
    assert final.is_terminal and final.current_player is None and final.legal_actions() == ()
    returns = final.returns()
    assert isinstance(returns, tuple) and len(returns) == players and max(returns) == 1.0
    assert all(isinstance(e, Event) for e in final.events)
    # the log reads back, pickles, and replays to the same game
    spec = game(name)
    assert [spec.event_from_json(e.to_json()) for e in final.events] == list(final.events)
    assert pickle.loads(pickle.dumps(final)) == final
    middle = states[len(states) // 2]
    assert pickle.loads(pickle.dumps(middle.view(0))) == middle.view(0)
    assert replay(name, log_lines(final.events))[0] == final


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_same_seed_and_actions_give_the_same_game_byte_for_byte(name: str) -> None:
    random.seed(1)  # the global generator must not matter
    first = log_lines(random_game(name, 3, 424242)[-1].events)
    random.random()
    assert log_lines(random_game(name, 3, 424242)[-1].events) == first
    assert log_lines(random_game(name, 3, 424243)[-1].events) != first


@pytest.mark.parametrize("name", sorted(GAMES))
def test_new_without_a_seed_draws_a_fresh_one_kept_in_the_full_log(name: str) -> None:
    spec = game(name)
    a, b = spec.state.new(), spec.state.new()
    assert a.seed != b.seed and max(a.seed, b.seed).bit_length() > 32  # 64 random bits
    assert a.events[0].to_json()["seed"] == a.seed
    assert spec.state.new(None, a.seed).events == a.events


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_bot_keeps_the_bot_protocol(name: str) -> None:
    for bot_name in bot_names(name):
        bot = make_bot(name, bot_name)
        assert isinstance(bot, Bot) and bot.name == bot_name
