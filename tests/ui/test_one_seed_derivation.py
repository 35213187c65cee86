"""One seed derivation: ``kayalib <game> simulate --games 1 --seed 7 --bots …`` plays move for
move the game an app opened with ``?seed=7`` and the same bots plays (the person at the screen
plays seat 1 the way the first bot would)."""

from __future__ import annotations

import pytest

from kayalib.cli import main
from kayalib.log import log_lines
from kayalib.registry import make_bot
from kayalib.seeds import bot_rng
from kayalib.ui.blef_app import BlefApp
from kayalib.ui.kaya_app import KayaApp

CASES = [
    ("blef", BlefApp, ["odds", "random", "odds"]),
    ("kaya", KayaApp, ["counter", "random", "counter", "random"]),
]


@pytest.mark.parametrize(("game", "app_class", "bots"), CASES)
def test_the_command_line_plays_the_apps_game(game, app_class, bots, monkeypatch, tmp_path,
                                              capsys) -> None:  # fmt: skip
    monkeypatch.setenv("QUERY_STRING", f"seed=7&bots={','.join(bots[1:])}")
    app = app_class.from_query_string(delay=0)
    me = make_bot(game, bots[0])
    while not app.owner.state.is_terminal:
        app.human_act(me.choose(app.owner.state.view(0), bot_rng(7, 0, app.owner.state.ply)))
    log = tmp_path / "game.jsonl"
    argv = [game, "simulate", "--games", "1", "--seed", "7", "--bots", ",".join(bots)]
    assert main([*argv, "--log", str(log)]) == 0
    capsys.readouterr()
    assert log_lines(app.owner.state.events) == log.read_text("utf-8").splitlines()
