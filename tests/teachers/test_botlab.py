"""The write-a-bot lab: the notebook's own template bots play a round robin against the
built-in bots without a forfeit, the leaderboard widget shows win rates with intervals, a chart
and the forfeits of a broken bot, and running the notebook leaves no file in the checkout."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from kayalib.i18n import Translator
from kayalib.teachers.botlab import BotLab, Leaderboard, bot_folder, tournament_command
from kayalib.tournament import Standing, TournamentResult, round_robin
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
    """The lab builds its parts with the lessons' page kit: its title and prose come from its
    catalogue in the page's language, nothing is gated, and the language switch redraws them
    in place."""
    from kayalib.pages.language import set_language
    from tests.lessons.test_no_answer_leaks import texts as own_texts

    def texts(widget) -> str:
        return " ".join([*own_texts(widget), *map(texts, getattr(widget, "children", ()))])

    lab = BotLab(query="lang=en")
    header, prose = lab.header(), lab.say("try")
    assert lab.parts == [prose] and lab.gate is None
    assert "Write a bot" in texts(header)
    assert texts(prose).startswith("Try it against the built-in bots")
    set_language("pl")
    assert "Napisz bota" in texts(header)
    assert texts(prose).startswith("Wypróbuj go przeciw wbudowanym botom")


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
    assert not re.search(r"error: ", text), text  # (the shipped board: test_botlab_board.py)


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

    board = Leaderboard(template("blef", tmp_path), games=100_000, seed=3, lang="en")
    assert board.count_box.value == board.count_box.max == botlab.MAX_GAMES <= 1000
    monkeypatch.setattr(botlab, "MAX_SECONDS", 0.0)
    board.count_box.value = 3
    board.run_button.click()
    assert "stopped after 0 seconds, at game 1 of" in board.errors.value
    assert board.results is None and not board.run_button.disabled


def test_the_leaderboard_plays_enough_games_to_read_by_default(tmp_path) -> None:
    """It played 2, then 10 games a pairing: a bot's interval was ±30 points wide (issue 20)."""
    from kayalib.teachers.botlab import DEFAULT_GAMES, MAX_GAMES

    for game in ("blef", "kaya"):
        path = template(game, tmp_path)
        assert Leaderboard(path).count_box.value == DEFAULT_GAMES[game] <= MAX_GAMES
        assert BotLab(query="lang=en").leaderboard(path).count_box.value == DEFAULT_GAMES[game]
    assert DEFAULT_GAMES["blef"] >= 30 and DEFAULT_GAMES["kaya"] >= 500


def standings_of(games: int, versus: dict[str, dict[str, int]]) -> TournamentResult:
    """The result of a round robin of ``games`` a pairing that ended with ``versus``."""
    standings = {name: Standing(name, games * len(row), sum(row.values()))
                 for name, row in versus.items()}  # fmt: skip
    return TournamentResult("blef", games, 1, standings, versus)


def versus_of(games: int, wins: dict[tuple[str, str], int]) -> dict[str, dict[str, int]]:
    """Head-to-head wins from ``wins[a, b]`` (what ``a`` won of its games with ``b``)."""
    names = sorted({name for pair in wins for name in pair})
    table = {a: {b: 0 for b in names if b != a} for a in names}
    for (a, b), won in wins.items():
        table[a][b], table[b][a] = won, games - won
    return table


def test_which_bot_is_strongest_is_said_from_the_difference_not_from_overlap() -> None:
    """The page said only each bot's own interval, and 'when two intervals overlap, the
    difference may be luck' (issue 20, 3): the sentence now follows from the comparisons."""
    from kayalib.tournament import strongest

    en = Translator("en")
    clear = round_robin("blef", ["odds", "honest", "random"], games=20, seed=1)
    said = strongest(en, clear)  # odds 20 of 20 against honest; both 100% against random
    assert "odds won 20 of their 20 games" in said and "wholly above half" in said
    assert said.endswith("So in these games odds is the strongest bot: it did better than "
                         "honest, the next in the table, in one comparison and no worse in the "
                         "other.")  # fmt: skip
    few = round_robin("blef", ["odds", "honest", "random"], games=1, seed=1)
    assert "do not say which of the two is strongest" in strongest(en, few)
    # the leader won less head to head and more against the others: neither is strongest
    mixed = standings_of(100, versus_of(100, {("a", "b"): 30, ("a", "c"): 95, ("b", "c"): 50}))
    assert [row.name for row in mixed.leaderboard()][:2] == ["a", "b"]
    assert "So neither is strongest on every count" in strongest(en, mixed)
    # the leader lost head to head and was not clearly better against the same four opponents
    wins = {("a", "b"): 38, **{("a", c): 57 - k // 2 for k, c in enumerate("cdef")},
            **{("b", c): 50 for c in "cdef"},
            **{(c, d): 50 for c in "cdef" for d in "cdef" if c < d}}  # fmt: skip
    second = standings_of(100, versus_of(100, wins))
    assert [row.name for row in second.leaderboard()][:2] == ["a", "b"]
    assert "So b, second in the table, is the stronger of the two" in strongest(en, second)
    for lang in ("id", "pl"):
        t = Translator(lang)
        sentences = {strongest(t, r) for r in (clear, few, mixed, second)}
        assert len(sentences) == 4 and all("{" not in s for s in sentences)
    assert "rozegrał 1 grę" in strongest(Translator("pl"), few)
    assert "rozegrał 20 gier" in strongest(Translator("pl"), clear)


def test_the_page_no_longer_teaches_overlap_as_a_test() -> None:
    words = {lang: Translator(lang)("botlab.try") for lang in ("en", "id", "pl")}
    assert "when two intervals overlap, the difference may be luck" not in words["en"]
    assert "two intervals that overlap do **not** mean that there is no difference" in words["en"]
    assert "**tidak** berarti tidak ada selisih" in words["id"]
    assert "**nie** znaczą, że różnicy nie ma" in words["pl"]


def test_the_board_says_which_bot_is_strongest_after_a_run(tmp_path) -> None:
    board = Leaderboard(template("kaya", tmp_path), games=40, seed=2, lang="pl")
    board.run()
    said = visible_text(board.verdict.value)
    assert said.startswith("Który bot jest najsilniejszy?") and "Zatem" in said
    board.set_language("en")  # the language switch redraws it from the same games
    assert visible_text(board.verdict.value).startswith("Which bot is strongest?")
