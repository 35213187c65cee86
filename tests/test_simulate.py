"""The one simulation loop, its result, its log and the replay, over both games."""

from __future__ import annotations

import io
import json

import pytest

from kayalib.errors import RulesError, SeedError, UnknownBotError
from kayalib.kaya.rules import KayaRules
from kayalib.log import log_lines
from kayalib.registry import GAMES
from kayalib.seeds import game_seed
from kayalib.simulate import ReplayError, SimulationResult, play_game, replay, simulate

BOTS = {"blef": ["odds", "random", "odds"], "kaya": ["counter", "random", "random"]}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_simulate_counts_every_game_and_reports_progress(name: str) -> None:
    calls = []
    result = simulate(name, BOTS[name], 25, seed=9, progress=lambda d, t: calls.append((d, t)))
    assert isinstance(result, SimulationResult)
    assert result.games == 25 and sum(result.wins) >= 25  # a shared win counts for each
    assert calls[-1] == (25, 25) and calls == sorted(calls)
    assert result.bots == tuple(BOTS[name]) and result.mean_length > 1
    record = result.to_json()
    assert record["games"] == 25 and record["wins"] == list(result.wins)
    assert f"mean_{result.length_name}" in record
    assert (result.mean_scores is None) == (name == "blef")


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_log_is_every_game_in_order_and_the_same_bytes_for_a_seed(name: str) -> None:
    logs = []
    for seed in (3, 3, 4):
        log = io.StringIO()
        simulate(name, BOTS[name], 6, seed, log=log)
        logs.append(log.getvalue())
    assert logs[0] == logs[1] != logs[2]
    records = [json.loads(line) for line in logs[0].splitlines()]
    starts = [r for r in records if r["event"] == "start"]
    assert [r["seed"] for r in starts] == [game_seed(3, i) for i in range(6)]
    assert records[0]["event"] == "start" and records[-1]["event"] == "end"
    finals = replay(name, logs[0].splitlines())
    assert [f.seed for f in finals] == [game_seed(3, i) for i in range(6)]
    for final in finals:
        assert final == play_game(name, BOTS[name], final.seed)


def test_game_seeds_are_distinct_and_game_0_is_the_seed_itself() -> None:
    assert game_seed(5, 0) == 5
    assert len({game_seed(5, i) for i in range(1000)} | {game_seed(6, 1)}) == 1001


@pytest.mark.parametrize("name", sorted(GAMES))
def test_simulate_refuses_bad_input(name: str) -> None:
    with pytest.raises(RulesError, match="need 3 bots"):
        simulate(name, BOTS[name][:2], 1, 0, game_rules(name, 3))
    with pytest.raises(UnknownBotError):
        simulate(name, ["random", "genius"], 1, 0)
    for games in (0, -1, 1.5, True):
        with pytest.raises(RulesError, match="games"):
            simulate(name, BOTS[name], games, 0)
    for seed in (-1, 2**64, "7"):
        with pytest.raises(SeedError):
            simulate(name, BOTS[name], 1, seed)


def game_rules(name: str, players: int):
    from kayalib.registry import game

    return game(name).rules_for_players(players)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_replay_refuses_a_log_the_engine_does_not_reproduce(name: str) -> None:
    lines = log_lines(play_game(name, BOTS[name], 0).events)
    assert replay(name, lines)[0].is_terminal
    tampered = [line.replace('"seat":1', '"seat":2', 1) for line in lines]
    assert tampered != lines
    with pytest.raises((ReplayError, RulesError, ValueError)):
        replay(name, tampered)
    with pytest.raises(ReplayError, match="start"):
        replay(name, lines[1:])
    seat_log = log_lines(play_game(name, BOTS[name], 0).view(0).events)
    with pytest.raises(ReplayError, match="seed"):
        replay(name, seat_log)


def test_rigged_games_cannot_be_replayed() -> None:
    from kayalib.kaya.game import KayaState

    state = KayaState.from_position(KayaRules(("green", "red")), [["green-5"], ["red-1"]])
    with pytest.raises(ReplayError, match="rigged"):
        replay("kaya", log_lines(state.apply("play green-5").events))
