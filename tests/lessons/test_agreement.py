"""Small agreements between a lesson's parts (issue 20): what a lesson's header says comes before
it is what its plan says; a bot has one name in a lesson's table and its text; a figure a
choice states is the page's own."""

from __future__ import annotations

import re

import pytest

from kayalib.i18n import Translator, languages
from kayalib.lessons import l07
from kayalib.lessons.kit.page import PREREQUISITES, Lesson
from kayalib.pages.language import fill
from kayalib.teachers.plans import Plan, lesson_numbers
from kayalib.words.rates import bot_label

LANGS = list(languages())


@pytest.mark.parametrize("lang", LANGS)
def test_a_plan_names_the_lessons_before_it_that_the_lessons_header_names(lang: str) -> None:
    """Lesson 05's header said it needs no earlier lesson, plan 05 listed lesson 01."""
    t = Translator(lang)
    for number in lesson_numbers():
        said = Plan(number).text(t, "prerequisites")
        assert said.startswith(Lesson.prerequisites_text(number, t)), (number, said)
        own = t(f"p{number}.prerequisites")
        if not PREREQUISITES[number]:  # the plan's own words name no lesson as needed either
            assert not re.search(r"\b(0[1-9]|10)\b", own), (number, own)


@pytest.mark.parametrize("lang", LANGS)
def test_a_bot_has_one_name_in_lesson_07s_table_and_text(lang: str) -> None:
    """The table wrote "Bayes" where the text writes *bayes*."""
    t = Translator(lang)
    written = [word for key in t.words if key.startswith("l07.")
               for word in re.findall(r"(?<!\*)\*([^*\s][^*]*?)\*(?!\*)", t(key))]  # fmt: skip
    table = l07.bots_table_html(t)
    for name in l07.BOTS:
        label = bot_label(t, name)
        assert f">{label}<" in table
        assert [w for w in written if w.lower() == label.lower() and w != label] == [], name


@pytest.mark.parametrize("lang", LANGS)
def test_the_rounds_choice_states_the_games_the_page_played(lang: str) -> None:
    """The "too few rounds" choice said "a thousand games a seat" in words of its own."""
    t = Translator(lang)
    games = l07.rounds_figures()["games"]
    assert games == l07.shipped()["bluffer 30% v odds"].experiment.games
    assert "{games}" in t("l07.rounds_few")
    assert fill(t, "{n}", n=games) in fill(t, t("l07.rounds_few"), games=games)


@pytest.mark.parametrize("lang", LANGS)
def test_lesson_01s_coin_table_writes_a_real_minus_sign(lang: str) -> None:
    """The browser pass found "-1" (a hyphen) for the yellow 1-3 in every language."""
    from kayalib.lessons.l01 import coin_table_html

    table = coin_table_html(Translator(lang))
    assert "<td>\u22121</td>" in table and not re.search(r">-\d", table)


@pytest.mark.parametrize("lang", LANGS)
def test_no_lesson_text_writes_a_literal_brace(lang: str) -> None:
    """Lesson 06 wrote a hand as "{5}" (a Python set) for students to read."""
    t = Translator(lang)
    assert [key for key, text in t.words.items() if "{{" in text or "}}" in text] == []


def test_an_exercises_buttons_sit_under_its_choices_not_beside_the_first() -> None:
    """The browser pass saw Check and Show solution beside the first choice (lessons 07, 10),
    as the prediction's Lock-in button once was (issue 20)."""
    import ipywidgets as widgets

    from kayalib.lessons.kit.exercise import Exercise

    choices = [("more", "more"), ("the same", "same"), ("less", "less")]
    exercise = Exercise("Which?", "same", working="", choices=choices, lang="en")
    row = next(c for c in exercise.children if exercise.answer_box in getattr(c, "children", ()))
    assert isinstance(row, widgets.VBox)
    assert exercise.check_button not in row.children  # on a row of its own, below
    typed = Exercise("How many?", 3, working="", lang="en")
    assert any(isinstance(c, widgets.HBox) and typed.answer_box in c.children
               and typed.check_button in c.children for c in typed.children)  # fmt: skip
