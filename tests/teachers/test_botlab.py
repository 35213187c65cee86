"""The write-a-bot lab: the notebook's own template bots play a round robin against the
built-in bots without a forfeit, the leaderboard widget shows win rates with intervals, a chart
and the forfeits of a broken bot, and running the notebook leaves no file in the checkout."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from kayalib.teachers.botlab import BotLab, Leaderboard, bot_folder, tournament_command
from tests.lessons.pages import execute, output_texts, visible_text

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK = ROOT / "notebooks" / "write-a-bot.ipynb"
BROKEN = ROOT / "tests" / "tournament" / "bots"


def template(game: str, folder: Path) -> Path:
    """The notebook's %%writefile cell for ``game``, saved as a bot file in ``folder``."""
    cells = json.loads(NOTEBOOK.read_text("utf-8"))["cells"]
    for cell in cells:
        source = "".join(cell["source"])
        if source.startswith("%%writefile") and f'GAME = "{game}"' in source:
            path = folder / f"template_{game}.py"
            path.write_text(source.split("\n", 1)[1], "utf-8")
            return path
    raise AssertionError(f"no {game} template in {NOTEBOOK.name}")


@pytest.mark.parametrize("game", ["blef", "kaya"])
def test_the_template_bot_plays_the_built_in_bots_without_a_forfeit(tmp_path, game) -> None:
    board = Leaderboard(template(game, tmp_path), games=2, seed=3, lang="pl")
    result = board.run()
    mine = result.standings[f"template_{game}"]
    assert mine.games > 0 and sum(mine.forfeits.values()) == 0, mine.last_fault
    assert board.progress.value == board.progress.max and board.progress.bar_style == "success"
    table = visible_text(board.table.value)
    assert f"template_{game}" in table and "przedział ufności 95%" in table
    assert "Bez walkowerów" in board.faults.value
    assert "data:image/png;base64," in board.chart.value


def test_a_broken_bot_forfeits_and_the_board_says_why(tmp_path) -> None:
    board = Leaderboard(BROKEN / "crasher.py", games=1, seed=1, lang="en")
    board.run_button.click()  # the button, as a student presses it
    assert board.results is not None
    assert board.results.standings["crasher"].forfeits["crash"] > 0
    faults = visible_text(board.faults.value)
    assert "crasher" in faults and "crashed" in faults and "ZeroDivisionError" in faults


def test_a_bot_that_does_not_load_is_told_in_the_widget(tmp_path) -> None:
    board = Leaderboard(BROKEN / "no_game.py", lang="en")
    board.run_button.click()
    assert "GAME" in board.errors.value and board.results is None


def test_the_lab_saves_bots_where_it_is_told(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("KAYALIB_BOT_DIR", str(tmp_path / "bots"))
    assert bot_folder() == tmp_path / "bots" and (tmp_path / "bots").is_dir()
    lab = BotLab(query="lang=id")
    assert lab.bot_file("a.py") == str(tmp_path / "bots" / "a.py")
    assert "Tulis bot" in lab.header().children[2].value
    assert tournament_command("blef", ["a.py"]).startswith("kayalib tournament blef a.py random")


def test_the_lab_is_a_page_like_every_lesson() -> None:
    """The lab builds its parts with the lessons' page kit (the kit's own state included)."""
    lab = BotLab(query="lang=en")
    lab.header()
    lab.say("try")
    assert len(lab.parts) == 1 and lab.gate is None


@pytest.mark.slow
def test_the_notebook_runs_the_tournament_and_leaves_nothing_in_the_checkout(tmp_path) -> None:
    import os

    before = sorted(p.name for p in NOTEBOOK.parent.iterdir())
    saved = os.environ.get("KAYALIB_BOT_DIR")
    os.environ["KAYALIB_BOT_DIR"] = str(tmp_path)
    try:
        notebook = execute(NOTEBOOK, "lang=pl")
    finally:
        os.environ["KAYALIB_BOT_DIR"] = saved or ""
    assert sorted(p.name for p in tmp_path.iterdir()) == ["my_blef_bot.py", "my_kaya_bot.py"]
    assert sorted(p.name for p in NOTEBOOK.parent.iterdir()) == before
    text = "".join(output_texts(notebook))
    assert not re.search(r"error: ", text), text
    row = next(line for line in text.splitlines() if re.match(r"\s*\d\. my_blef_bot", line))
    assert row.rstrip().endswith("-")  # the template bot forfeited nothing


TEACHERS_BOT = '"""The teacher\'s own bot, kept for the class tournament."""\nGAME = "blef"\n'


def test_a_bot_file_that_exists_is_never_overwritten(tmp_path, monkeypatch) -> None:
    """The template once replaced my-bots/my_blef_bot.py whenever the page ran (issue 24, 4)."""
    monkeypatch.setenv("KAYALIB_BOT_DIR", str(tmp_path))
    (tmp_path / "my_blef_bot.py").write_text(TEACHERS_BOT, "utf-8")
    lab = BotLab(query="lang=en")
    path = lab.bot_file("my_blef_bot.py")
    assert path == str(tmp_path / "my_blef_bot_2.py") and Path(path).read_text() == ""
    assert lab.bot_file("my_blef_bot.py") == path  # the page keeps saving to its own file
    assert BotLab(query="").bot_file("my_blef_bot.py").endswith("my_blef_bot_3.py")
    assert (tmp_path / "my_blef_bot.py").read_text("utf-8") == TEACHERS_BOT
    for bad in ("../x.py", "sub/x.py", "x.txt", ".py"):
        with pytest.raises(ValueError, match="plain file name"):
            lab.bot_file(bad)


@pytest.mark.slow
def test_running_the_notebook_keeps_a_teachers_bot(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("KAYALIB_BOT_DIR", str(tmp_path))
    (tmp_path / "my_blef_bot.py").write_text(TEACHERS_BOT, "utf-8")
    execute(NOTEBOOK, "lang=en")
    assert (tmp_path / "my_blef_bot.py").read_text("utf-8") == TEACHERS_BOT
    assert 'name = "my blef bot"' in (tmp_path / "my_blef_bot_2.py").read_text("utf-8")


def test_in_a_voila_kernel_the_lab_says_it_is_for_jupyterlab_and_stops(monkeypatch) -> None:
    from kayalib.teachers.botlab import LabOnlyError

    monkeypatch.setenv("VOILA_PREHEAT", "False")  # what Voila sets in every page's kernel
    with pytest.raises(LabOnlyError, match="JupyterLab"):
        BotLab(query="lang=en")


def test_the_leaderboard_bounds_games_and_time(tmp_path, monkeypatch) -> None:
    from kayalib.teachers import botlab

    board = Leaderboard(template("blef", tmp_path), games=1000, seed=3, lang="en")
    assert board.count_box.value == board.count_box.max == botlab.MAX_GAMES <= 100
    monkeypatch.setattr(botlab, "MAX_SECONDS", 0.0)
    board.count_box.value = 3
    board.run_button.click()
    assert "stopped after 0 seconds, at game 1 of" in board.errors.value
    assert board.results is None and not board.run_button.disabled
