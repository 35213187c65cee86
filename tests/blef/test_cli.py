"""`kayalib blef ...`: ladder, odds and simulate, and their errors (golden logs:
tests/test_golden.py)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from fractions import Fraction

import pytest

from kayalib.blef.bids import LADDER
from kayalib.blef.odds import exact_table
from kayalib.cli import main


def run(capsys, *argv: str) -> tuple[int, str, str]:
    status = main(["blef", *argv])
    out, err = capsys.readouterr()
    return status, out, err


# -- ladder ---------------------------------------------------------------------------------------


def test_ladder_plain_is_numbered_with_canonical_and_polish_names(capsys) -> None:
    status, out, err = run(capsys, "ladder")
    lines = out.splitlines()
    assert status == 0 and err == ""
    assert len(lines) == 83
    assert lines[0].split() == ["1", "high-card", "9", "wysoka", "karta", "9"]
    assert lines[6].split() == ["7", "pair", "9", "para", "9"]
    assert lines[-1].split() == ["83", "big-poker", "spades", "duży", "poker", "pik"]
    for number, (line, bid) in enumerate(zip(lines, LADDER, strict=True), 1):
        assert line.split()[0] == str(number)
        assert str(bid) in line and line.endswith(bid.polish())
    assert len({line.rindex(bid.polish()) for line, bid in zip(lines, LADDER, strict=True)}) == 1


def test_ladder_json_is_the_canonical_bids_lowest_first(capsys) -> None:
    status, out, _ = run(capsys, "ladder", "--json")
    assert status == 0
    assert json.loads(out) == [str(bid) for bid in LADDER]


# -- odds -----------------------------------------------------------------------------------------


def test_odds_json_maps_bids_to_probabilities_in_ladder_order(capsys) -> None:
    status, out, _ = run(capsys, "odds", "--hand", "AS KH", "--cards", "8", "--json")
    table = json.loads(out)
    assert status == 0
    assert list(table) == [str(bid) for bid in LADDER]
    expected = exact_table("AS KH", 8)
    assert table == {str(bid): value for bid, value in expected.items()}
    assert table["high-card A"] == 1.0 and 0 < table["pair A"] < 1


def test_odds_json_fractions_are_exact(capsys) -> None:
    status, out, _ = run(capsys, "odds", "--hand", "", "--cards", "2", "--json", "--fractions")
    table = json.loads(out)
    assert status == 0
    assert Fraction(table["pair A"]) == Fraction(1, 46)
    assert {Fraction(v) for v in table.values()} >= {Fraction(0)}
    assert {bid: Fraction(v) for bid, v in table.items()} == {
        str(bid): value for bid, value in exact_table("", 2, exact=True).items()
    }


def test_odds_plain_is_an_aligned_percentage_table(capsys) -> None:
    status, out, _ = run(capsys, "odds", "--hand", "as kh", "--cards", "8", "--fractions")
    lines = out.splitlines()
    assert status == 0
    assert lines[0] == "Your hand: AS KH; 8 cards dealt in all"
    rows = lines[1:]
    assert len(rows) == 83
    assert len({row.index("%") for row in rows}) == 1  # the percentages line up
    assert rows[5].split()[:3] == ["6", "high-card", "A"] and "100.000%" in rows[5]
    top = exact_table("AS KH", 8, exact=True)[LADDER[-1]]
    assert rows[-1].split()[1:3] == ["big-poker", "spades"]
    assert rows[-1].endswith(f"{float(top) * 100:.3f}%  {top}")


def test_odds_without_a_hand(capsys) -> None:
    status, out, _ = run(capsys, "odds", "--hand", "", "--cards", "24")
    assert status == 0 and out.splitlines()[0] == "Your hand: no cards; 24 cards dealt in all"
    assert all(row.endswith("100.000%") for row in out.splitlines()[1:])


# -- simulate -------------------------------------------------------------------------------------


def test_simulate_json(capsys) -> None:
    argv = ["simulate", "--players", "4", "--bots", "odds,odds,random,random"]
    status, out, err = run(capsys, *argv, "--games", "30", "--seed", "7", "--json")
    result = json.loads(out)
    assert status == 0 and err == ""  # no progress bar when stderr is not a terminal
    assert set(result) == {"game", "bots", "games", "seed", "wins", "mean_rounds", "seconds"}
    assert result["games"] == 30 and sum(result["wins"]) == 30 and len(result["wins"]) == 4
    assert result["wins"][0] + result["wins"][1] >= 25
    _, again, _ = run(capsys, *argv, "--games", "30", "--seed", "7", "--json")
    assert json.loads(again)["wins"] == result["wins"]


def test_simulate_plain_prints_wins_per_seat_and_speed(capsys) -> None:
    status, out, _ = run(capsys, "simulate", "--players", "3", "--bots", "random", "--games", "9")
    lines = out.splitlines()
    assert status == 0
    assert lines[0] == "9 games, 3 players, classic mode, at most 7 cards, seed 0"
    wins = [int(line.split()[3]) for line in lines[1:4]]
    assert [line.split()[:3] for line in lines[1:4]] == [
        ["player", str(seat + 1), "random"] for seat in range(3)
    ]
    assert sum(wins) == 9
    assert lines[4].startswith("rounds per game: ")
    assert "games per second" in lines[5]


def test_simulate_deck_mode_and_max_cards(capsys) -> None:
    status, out, _ = run(
        capsys, "simulate", "--players", "2", "--bots", "odds", "--mode", "deck", "--games", "2"
    )
    assert status == 0 and "deck mode" in out
    status, out, _ = run(capsys, "simulate", "--players", "2", "--max-cards", "3", "--games", "2")
    assert status == 0 and "at most 3 cards" in out


def test_simulate_log_is_the_same_bytes_for_the_same_seed(capsys, tmp_path) -> None:
    paths = [tmp_path / name for name in ("a.jsonl", "b.jsonl", "c.jsonl")]
    for path, seed in zip(paths, ("3", "3", "4"), strict=True):
        argv = ["simulate", "--players", "3", "--games", "4", "--seed", seed, "--log", str(path)]
        assert run(capsys, *argv)[0] == 0
    first, second, other = (path.read_bytes() for path in paths)
    assert first == second != other
    records = [json.loads(line) for line in first.decode().splitlines()]
    assert [r["event"] for r in records].count("start") == 4
    assert records[0]["event"] == "start" and records[-1]["event"] == "end"


# -- bad input ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "argv, message",
    [
        (["odds", "--hand", "ZZ", "--cards", "3"], "not a Blef card"),
        (["odds", "--hand", "AS AS", "--cards", "3"], "twice"),
        (["odds", "--hand", "AS KH", "--cards", "1"], "only 1 dealt"),
        (["odds", "--hand", "AS", "--cards", "25"], "not 25"),
        (["odds", "--hand", "AS", "--cards", "0"], "not 0"),
        (["odds", "--hand", "AS"], "required"),
        (["odds", "--hand", "AS", "--cards", "x"], "invalid int"),
        (["simulate", "--bots", "clever"], "unknown Blef bot"),
        (["simulate", "--players", "4", "--bots", "odds,random"], "2 bots for 4 players"),
        (["simulate", "--players", "1"], "from 2 to 23"),
        (["simulate", "--players", "24"], "from 2 to 23"),
        (["simulate", "--players", "4", "--max-cards", "7"], "24 cards"),
        (["simulate", "--max-cards", "0"], "--max-cards"),
        (["simulate", "--mode", "deck", "--max-cards", "3"], "classic mode only"),
        (["simulate", "--mode", "sudden"], "invalid choice"),
        (["simulate", "--games", "-2"], "games"),
        (["simulate", "--games", "0"], "from 1 to 10000000, not 0"),
        (["simulate", "--seed", "-1"], "from 0 to 18446744073709551615"),
        (["simulate", "--seed", "1" * 30], "--seed"),
        (["simulate", "--log", "/nonexistent/dir/log.jsonl", "--games", "1"], "cannot write"),
        (["simulate", "--log", "/dev/full", "--games", "2"], "cannot write the log /dev/full"),
        (["shuffle"], "invalid choice"),
    ],
)
def test_bad_input_is_one_line_on_stderr_and_status_2(capsys, argv, message) -> None:
    status, out, err = run(capsys, *argv)
    assert status == 2
    assert out == ""
    assert err.count("\n") == 1 and err.startswith("kayalib: error: ")
    assert message in err
    assert "Traceback" not in err


# -- the real program -----------------------------------------------------------------------------


def test_python_dash_m_kayalib_runs(tmp_path) -> None:
    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    command = [sys.executable, "-m", "kayalib", "blef", "simulate", "--players", "3"]
    done = subprocess.run(
        [*command, "--games", "5", "--seed", "2", "--json"],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["games"] == 5 and done.stderr == ""
    failed = subprocess.run(
        [*command, "--bots", "nobody"],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )
    assert failed.returncode == 2 and failed.stdout == ""
    assert failed.stderr.startswith("kayalib: error: unknown Blef bot 'nobody'")
    assert "Traceback" not in failed.stderr
