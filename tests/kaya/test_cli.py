"""The ``kayalib kaya`` commands (the simulation itself: tests/test_simulate.py)."""

from __future__ import annotations

import json

import pytest

from kayalib.cli import main

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
    assert "40 games" in text and "games per second" in text
    assert text.count("player ") == 4 and "counter" in text and "mean score" in text


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
     ["gambreng", "--players", "9"], ["gambreng", "--trials", "0"], ["fly"], [],
     ["simulate", "--seed", "-1"], ["simulate", "--log", "/dev/full", "--games", "2"]],
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
