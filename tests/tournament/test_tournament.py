"""The round robin: built-in bots and students' bot files, broken ones forfeiting."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kayalib.cli import main
from kayalib.errors import UnknownBotError
from kayalib.tournament import FORFEITS, BotFileError, Entrant, round_robin

BOTS = Path(__file__).parent / "bots"


def test_a_round_robin_with_broken_bots_runs_to_the_end_and_they_forfeit() -> None:
    entrants = ["odds", BOTS / "careful.py", BOTS / "crasher.py", BOTS / "staller.py",
                BOTS / "cheater.py"]  # fmt: skip
    done = []
    result = round_robin("blef", entrants, games=2, seed=3, move_time=0.5,
                         progress=lambda d, t: done.append((d, t)))  # fmt: skip
    assert done[-1] == (20, 20)  # 10 pairings x 2 games: nothing stopped the tournament
    table = result.standings
    assert all(row.games == 8 for row in table.values())
    good = ("odds", "careful")
    for broken, why in (("crasher", "crash"), ("staller", "timeout"), ("cheater", "illegal")):
        # a broken bot loses every game it has to move in; it wins only when the other
        # broken bot forfeits first
        assert table[broken].forfeits[why] + table[broken].wins == 8, broken
        assert table[broken].forfeits[why] >= 4, broken
        assert all(result.versus[broken][name] == 0 for name in good), broken
    assert "ZeroDivisionError" in table["crasher"].last_fault
    assert "not higher than the last bid" in table["cheater"].last_fault
    assert table["careful"].forfeits == dict.fromkeys(FORFEITS, 0)
    assert table["cheater"].output.count("I win!") >= 4  # its prints, captured
    assert result.leaderboard()[0].name == "odds"
    assert result.versus["odds"]["crasher"] == 2
    record = result.to_json()
    assert [row["name"] for row in record["leaderboard"]][0] == "odds"
    assert json.dumps(record)


def test_the_same_seed_gives_the_same_tournament() -> None:
    entrants = ["odds", "random", BOTS / "careful.py"]
    first = round_robin("blef", entrants, games=3, seed=9).to_json()
    assert round_robin("blef", entrants, games=3, seed=9).to_json() == first


def test_bad_entrants_are_named_errors() -> None:
    with pytest.raises(BotFileError, match="GAME"):
        Entrant.parse("blef", BOTS / "no_game.py")
    with pytest.raises(BotFileError, match="plays blef, not kaya"):
        Entrant.parse("kaya", BOTS / "careful.py")
    with pytest.raises(BotFileError, match="no bot file"):
        Entrant.parse("blef", BOTS / "missing.py")
    with pytest.raises(UnknownBotError):
        Entrant.parse("blef", "genius")


def test_the_command_line_prints_a_leaderboard_and_saves_a_chart(tmp_path, capsys) -> None:
    chart = tmp_path / "board.png"
    argv = ["tournament", "blef", "odds", "random", str(BOTS / "crasher.py"), "--games", "2",
            "--chart", str(chart)]  # fmt: skip
    assert main(argv) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[2].split()[:2] == ["1.", "odds"] and "4 crash" in out
    assert chart.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert main([*argv[:-2], "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["leaderboard"][0]["name"] == "odds"


@pytest.mark.parametrize(
    ("argv", "message"),
    [(["tournament", "chess", "odds", "random"], "invalid choice"),
     (["tournament", "blef", "odds"], "at least two entrants"),
     (["tournament", "blef", "odds", "odds"], "share a name"),
     (["tournament", "blef", "odds", "genius"], "unknown Blef bot"),
     (["tournament", "blef", "odds", "nofile.py"], "no bot file"),
     (["tournament", "blef", "odds", "random", "--move-time", "0"], "--move-time"),
     (["tournament", "blef", "odds", "random", "--games", "0"], "--games")],
)  # fmt: skip
def test_bad_input_is_one_line_and_exit_2(argv, message, capsys) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("kayalib: error: ") and err.count("\n") == 1 and message in err


def test_aku_paling_kaya_bot_files_play_too() -> None:
    result = round_robin("kaya", ["counter", BOTS / "kaya_first.py"], games=4, seed=1)
    first = result.standings["kaya_first"]
    assert first.games == 4 and sum(first.forfeits.values()) == 0
    assert result.standings["counter"].wins + first.wins <= 4  # equal points share nothing


def test_every_forfeit_reason_is_told_in_every_language() -> None:
    from kayalib.i18n import Translator, languages

    for lang in languages():
        t = Translator(lang)
        assert all(f"botlab.forfeit_{why}" in t.words for why in FORFEITS), lang  # no fallback
        told = {t(f"botlab.forfeit_{why}", n=3) for why in FORFEITS}
        assert len(told) == len(FORFEITS) and all("3" in text for text in told), lang
