"""The write-a-bot leaderboard outside the widget: the command line says which bot is strongest
as the lab does, and a chart's title stays inside its picture in every language."""

from __future__ import annotations

import re

import pytest

from kayalib.cli import main
from kayalib.draw.charts import figure_to_png, new_figure
from kayalib.i18n import Translator, languages
from kayalib.teachers.botlab import strongest
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
