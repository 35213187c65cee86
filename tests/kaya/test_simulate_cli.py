"""Simulation (seeded, JSON Lines log) and the ``kayalib kaya`` commands."""

from __future__ import annotations

import io
import json

import pytest
from kaya_helpers import RandomBot

from kayalib.cli import main
from kayalib.errors import KayalibError, RulesError, UnknownBotError
from kayalib.kaya.rules import KayaRules
from kayalib.kaya.simulate import game_seed, play_game, simulate


def test_play_game_is_seeded_and_ends():
    rules = KayaRules.for_players(3)
    a = play_game(rules, [RandomBot()] * 3, seed=11)
    b = play_game(rules, [RandomBot()] * 3, seed=11)
    assert a.is_terminal and a.log_lines() == b.log_lines()
    assert play_game(rules, [RandomBot()] * 3, seed=12).log_lines() != a.log_lines()
    with pytest.raises(RulesError):
        play_game(rules, [RandomBot()] * 2, seed=1)


def test_simulate_counts_wins_and_means_over_the_games():
    rules = KayaRules()
    result = simulate(rules, ["random"] * 4, games=60, seed=5)
    log = io.StringIO()
    again = simulate(rules, ["random"] * 4, games=60, seed=5, log=log)
    ends = [json.loads(line) for line in log.getvalue().splitlines() if '"end"' in line]
    assert len(ends) == 60
    wins = [sum(seat in end["winners"] for end in ends) for seat in range(4)]
    means = [sum(end["scores"][seat] for end in ends) / 60 for seat in range(4)]
    assert list(result.wins) == wins == list(again.wins)
    assert list(result.mean_scores) == pytest.approx(means)
    assert sum(result.wins) >= 60  # shared wins count for each winner
    assert result.to_json().keys() == {"games", "wins", "mean_scores", "seconds"}


def test_log_is_every_game_in_order_and_identical_bytes_for_a_seed():
    rules = KayaRules.for_players(5)
    first, second, other = io.StringIO(), io.StringIO(), io.StringIO()
    simulate(rules, ["counter", "random", "random", "random", "random"], 15, 2, log=first)
    simulate(rules, ["counter", "random", "random", "random", "random"], 15, 2, log=second)
    simulate(rules, ["counter", "random", "random", "random", "random"], 15, 3, log=other)
    assert first.getvalue() == second.getvalue() != other.getvalue()
    events = [json.loads(line) for line in first.getvalue().splitlines()]
    starts = [e for e in events if e["event"] == "start"]
    assert [e["seed"] for e in starts] == [game_seed(2, i) for i in range(15)]
    assert sum(e["event"] == "end" for e in events) == 15
    assert events[0]["event"] == "start" and events[-1]["event"] == "end"


def test_progress_reaches_the_total():
    calls = []
    simulate(KayaRules(), ["random"] * 4, 30, 1, progress=lambda d, t: calls.append((d, t)))
    assert calls[-1] == (30, 30) and [d for d, _ in calls] == sorted(d for d, _ in calls)


def test_simulate_refuses_bad_input():
    with pytest.raises(UnknownBotError):
        simulate(KayaRules(), ["random", "random", "random", "genius"], 5, 1)
    with pytest.raises(KayalibError):
        simulate(KayaRules(), ["random"] * 4, 0, 1)
    with pytest.raises(RulesError):
        simulate(KayaRules(), ["random"] * 3, 5, 1)


# ---- command line ---------------------------------------------------------------------------


def test_cli_simulate_json_and_plain(capsys):
    args = ["kaya", "simulate", "--players", "4", "--bots", "counter,random,random,random",
            "--games", "40", "--seed", "3"]  # fmt: skip
    assert main([*args, "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["games"] == 40 and len(out["wins"]) == len(out["mean_scores"]) == 4
    assert sum(out["wins"]) >= 40 and out["seconds"] > 0
    assert main(args) == 0
    text = capsys.readouterr().out
    assert "40 games" in text and "games/s" in text
    assert text.count("seat ") == 4 and "counter" in text and "mean score" in text


def test_cli_simulate_colors_and_log(tmp_path, capsys):
    log = tmp_path / "games.jsonl"
    args = ["kaya", "simulate", "--bots", "random", "--games", "5", "--seed", "1",
            "--colors", "kuning,orange,green", "--log", str(log), "--json"]  # fmt: skip
    assert main(args) == 0
    first = log.read_bytes()
    assert main(args) == 0
    assert log.read_bytes() == first
    start = json.loads(first.splitlines()[0])
    assert start["colors"] == ["yellow", "orange", "green"] and start["players"] == 3
    capsys.readouterr()


def test_cli_gambreng(capsys):
    assert main(["kaya", "gambreng", "--players", "5", "--trials", "2000", "--seed", "1",
                 "--json"]) == 0  # fmt: skip
    out = json.loads(capsys.readouterr().out)
    assert out["expected_rounds"] == pytest.approx(137 / 30)
    assert abs(out["mean_rounds"] - 137 / 30) < 0.4 and sum(out["first_counts"]) == 2000
    assert main(["kaya", "gambreng", "--players", "2", "--trials", "100"]) == 0
    assert "3/2" in capsys.readouterr().out


@pytest.mark.parametrize(
    "args",
    [["simulate", "--bots", "genius"], ["simulate", "--players", "7"],
     ["simulate", "--players", "1"], ["simulate", "--players", "3", "--bots", "random,random"],
     ["simulate", "--colors", "green,purple"], ["simulate", "--colors", "green,green"],
     ["simulate", "--players", "4", "--colors", "green,red"], ["simulate", "--games", "0"],
     ["simulate", "--games", "ten"], ["simulate", "--seed", "1.5"], ["simulate", "--bots", ","],
     ["gambreng", "--players", "9"], ["gambreng", "--trials", "0"], ["fly"], []],
)  # fmt: skip
def test_cli_bad_input_is_one_line_and_exit_2(args, capsys):
    if args[:1] == ["simulate"] and "--games" not in args:
        args = [*args, "--games", "1"]  # fail fast if the error were not caught
    assert main(["kaya", *args]) == 2
    err = capsys.readouterr().err
    assert err.startswith("kayalib: error: ") and err.count("\n") == 1


def test_cli_log_to_stdout_keeps_the_summary_on_stderr(capsys):
    assert main(["kaya", "simulate", "--games", "2", "--seed", "4", "--log", "-", "--json"]) == 0
    captured = capsys.readouterr()
    lines = [json.loads(line) for line in captured.out.splitlines()]
    assert lines[0]["event"] == "start" and lines[-1]["event"] == "end"
    assert json.loads(captured.err)["games"] == 2
