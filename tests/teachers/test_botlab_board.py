"""The write-a-bot leaderboard outside the widget: the command line says which bot is strongest
as the lab does; the page's class tournament is a shipped board of enough games, of today's
template, that plays again from its seed and agrees with what the lessons measure; a chart's
title stays inside its picture in every language."""

from __future__ import annotations

import re
from html import escape

import pytest

from kayalib.cli import main
from kayalib.draw.charts import figure_to_png, new_figure
from kayalib.i18n import Translator, languages
from kayalib.lessons.maths.experiments import shipped
from kayalib.registry import bot_names
from kayalib.stats import wilson_interval
from kayalib.teachers.botlab import (
    BOARD_GAMES,
    BotLab,
    shipped_board,
    strongest,
    template_fingerprint,
    template_source,
    write_board,
)
from kayalib.tournament import round_robin


def flat(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def test_the_command_lines_leaderboard_says_which_bot_is_strongest(capsys) -> None:
    """The lab's board said it; ``kayalib tournament`` printed only the table (issue 20)."""
    assert main(["tournament", "blef", "random", "honest", "odds", "--games", "6",
                 "--seed", "3"]) == 0  # fmt: skip
    out = flat(capsys.readouterr().out)
    said = strongest(Translator("en"), round_robin("blef", ["random", "honest", "odds"], 6, 3))
    assert flat(said) in out and out.index("3. random") < out.index("Which bot is strongest?")
    assert main(["tournament", "blef", "random", "odds", "--games", "2"]) == 0
    assert "strongest" not in capsys.readouterr().out  # two entrants: the table says it all


@pytest.mark.parametrize("lang", list(languages()))
def test_a_charts_title_stays_inside_the_picture(lang: str) -> None:
    """The write-a-bot chart's title ran off the right edge in Polish."""
    t = Translator(lang)
    title = t("botlab.chart_title", game=t("botlab.game_blef"))
    for words in (title, f"{title} {title}"):
        figure = new_figure(7.0, 3.5)
        axes = figure.add_subplot()
        axes.bar(range(6), [0.5] * 6)
        axes.set_ylabel(t("lesson_fraction_won"))
        axes.set_title(words)
        figure_to_png(figure, lang)
        box = axes.title.get_window_extent(figure.canvas.get_renderer())
        assert 0 <= box.x0 and box.x1 <= figure.bbox.width, (words, box)
        assert flat(axes.title.get_text()) == flat(words)  # broken between words, nothing lost


def test_the_shipped_board_is_todays_template_against_every_built_in_bot() -> None:
    """The notebook's own class tournament played 2 games a pairing (issue 20)."""
    result, template = shipped_board()
    # after changing the template: python -m kayalib.teachers board
    assert template == template_fingerprint(template_source("blef"))
    assert result.games_per_pairing == BOARD_GAMES >= 200 and result.seed == 1
    assert sorted(result.standings) == sorted(["my_blef_bot", *bot_names("blef")])
    for row in result.leaderboard():
        assert row.games == BOARD_GAMES * (len(result.standings) - 1)
        assert not any(row.forfeits.values()) and not row.last_fault


def test_the_shipped_board_agrees_with_what_the_lessons_measure() -> None:
    """Lessons 07 and 08 measure heads-up, 1,000 games a seat: bayes beats odds, and cfr and
    bayes are even; the board ranks them the same way and does not call either strongest."""
    result, _ = shipped_board()
    games = shipped()
    lessons = {}
    for name, (a, b) in (("bayes v odds", ("bayes", "odds")), ("cfr v bayes", ("cfr", "bayes"))):
        low, high = wilson_interval(games[name].wins(0), games[name].played)
        won, lost = result.versus[a][b], result.versus[b][a]
        board_low, board_high = wilson_interval(won, won + lost)
        lessons[name] = (low > 0.5, high < 0.5), (board_low > 0.5, board_high < 0.5)
    assert lessons["bayes v odds"] == ((True, False), (True, False))  # both: bayes is stronger
    assert lessons["cfr v bayes"] == ((False, False), (False, False))  # both: cannot tell
    top = {row.name for row in result.leaderboard()[:2]}
    assert top == {"bayes", "cfr"}
    for lang in languages():
        t = Translator(lang)
        assert t("botlab.strongest_unclear") in strongest(t, result)


@pytest.mark.parametrize("lang", list(languages()))
def test_the_page_shows_the_shipped_board_and_its_sentence(lang: str) -> None:
    lab = BotLab(query=f"lang={lang}")
    shown = lab.shipped_board().value
    result, _ = shipped_board()
    row = next(line for line in shown.splitlines() if re.match(r"\s*\d\. my_blef_bot", line))
    assert row.rstrip().endswith("-")  # the template bot forfeited nothing
    assert escape(strongest(Translator(lang), result)) in shown


@pytest.mark.slow
def test_the_shipped_board_plays_again_from_its_seed(tmp_path) -> None:
    """Two of its pairings, played again here, give the shipped games' results."""
    result, _ = shipped_board()
    bot = tmp_path / "my_blef_bot.py"
    bot.write_text(template_source("blef"), "utf-8")
    for pair in ([bot, "random"], ["honest", "odds"]):
        again = round_robin("blef", pair, result.games_per_pairing, result.seed)
        names = list(again.standings)
        assert again.versus[names[0]][names[1]] == result.versus[names[0]][names[1]]
        assert again.versus[names[1]][names[0]] == result.versus[names[1]][names[0]]


@pytest.mark.slow
def test_the_board_command_writes_a_board_the_page_reads(tmp_path) -> None:
    path = tmp_path / "board.json"
    written = write_board(tmp_path, games=1, path=path)
    result, template = shipped_board(path)
    assert result.versus == written.versus and result.games_per_pairing == 1
    assert template == template_fingerprint(template_source("blef"))
