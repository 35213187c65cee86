"""Every lesson's exit ticket is asked on its page, and its plan and both worksheets print the
same one: the same questions, choices and answers, in every language.

Each lesson page runs once as a student opens it (no teacher mode), every part built; its exit
questions are read off the widgets a student sees (their words after the language switch), and
the plan and the sheets are written from the page's record (run apart, in the teacher's view):
each question, each choice and each answer of the page must be in them, and the student's sheet
must hold no answer or working.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from scipy.stats import binomtest

from kayalib.i18n import Translator, languages
from kayalib.lessons.kit.exit_ticket import ExitQuestion
from kayalib.lessons.kit.page import markdown
from kayalib.pages.language import resolve, set_language
from kayalib.stats import detectable_share
from kayalib.teachers.plans import plan_markdown
from kayalib.teachers.record import Exit
from kayalib.teachers.worksheets import worksheet_html
from tests.lessons.pages import NOTEBOOKS, visible_text
from tests.lessons.test_no_answer_leaks import run_page, solve

pytestmark = pytest.mark.slow

LANGS = list(languages())
NUMBERS = [f"{n:02d}" for n in range(1, 11)]


def notebook(number: str) -> Path:
    return next(NOTEBOOKS.glob(f"{number}-*.ipynb"))


@pytest.fixture(scope="module")
def pages() -> dict[str, Any]:
    """Every lesson page as a student opens it, every part built."""
    found = {}
    with pytest.MonkeyPatch.context() as patch:
        for number in NUMBERS:
            lesson = run_page(notebook(number), "lang=en", patch)
            lesson.open_all()
            found[number] = lesson
    set_language("en")
    return found


@pytest.fixture(scope="module")
def shown(pages) -> dict[str, dict[str, list[dict[str, Any]]]]:
    """What each page's exit ticket says in each language, read after the pages switch to it
    (once per language: a switch redraws every chart of the ten pages)."""
    found = {}
    try:
        for lang in LANGS:
            set_language(lang)
            found[lang] = {n: [asked(q) for q in pages[n].exit_questions] for n in NUMBERS}
    finally:
        set_language("en")
    return found


def asked(question: ExitQuestion) -> dict[str, Any]:
    """What the page shows of an exit question, in its current language."""
    t = question.t
    label = visible_text(t("lesson_exit_question"))
    return {"question": visible_text(question.question.value).removeprefix(label).strip(),
            "choices": [resolve(w, t) for w, _ in question.choices or ()],
            "answer": question.answer_words(),
            "working": visible_text(question.say(question.working))}


@pytest.mark.parametrize("number", NUMBERS)
def test_every_lesson_ends_with_an_exit_ticket_the_page_checks(pages, number: str) -> None:
    lesson = pages[number]
    questions = lesson.exit_questions
    assert 1 <= len(questions) <= 3
    assert lesson.roles[-len(questions) - 1:] == ["exit"] * len(questions) + ["show"]
    for question in questions:  # the page's answer is right, and something else is not
        solve(question)
        assert question.first is not None and question.first.right
    paired = [q for q in questions if q.opening is not None]
    opening = lesson.predictions[0] if lesson.predictions else None
    if opening is None:  # lesson 01 has no prediction to compare with
        assert paired == []
    else:  # one question asks again what the opening prediction asked, the same way
        (question,) = paired
        assert question.opening == opening.share_as[1]
        assert (question.choices is None) == (opening.choices is None)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("number", NUMBERS)
def test_the_plan_and_both_sheets_print_the_pages_exit_ticket(shown, records, number: str,
                                                               lang: str) -> None:  # fmt: skip
    record, t = records[number], Translator(lang)
    printed = record.of(Exit)
    assert len(printed) == len(shown[lang][number])
    plan = visible_text(markdown(plan_markdown(number, t, record)))
    sheet = visible_text(worksheet_html(record, lang))
    key = visible_text(worksheet_html(record, lang, key=True))
    for item, page in zip(printed, shown[lang][number], strict=True):
        assert visible_text(markdown(item.question(t))) == page["question"]
        assert item.choice_texts(t) == page["choices"]
        assert item.answer_words(t) == page["answer"]
        for text in (page["question"], *page["choices"]):
            assert text in plan and text in sheet and text in key, text
        for text in (page["answer"], page["working"]):
            assert text in plan and text in key, text
        assert page["working"] not in sheet  # (numbers: test_gate_order.py's scan)


def test_lesson_05s_exit_ticket_states_the_test_of_its_own_numbers(pages) -> None:
    """The class's shows of the exit ticket: the p-value is scipy's exact binomial test, above
    0.05, and the share the test notices at least 80 times in 100 is stated as 59%."""
    shows = next(q for q in pages["05"].exit_questions if q.share_as == ("05", "exit_3"))
    working = visible_text(shows.say(shows.working))
    p = binomtest(131, 240).pvalue
    assert p > 0.05 and f"p = {p:.3f}" in working
    assert detectable_share(240) == pytest.approx(0.59, abs=0.005) and "59%" in working
    assert shows.answer == "no_evidence"


def test_lesson_07s_exit_ticket_asks_about_overlapping_intervals_whose_difference_holds_0(
    records,
) -> None:  # fmt: skip
    """Its first question is only worth asking if A's and B's intervals overlap and the
    difference's interval holds 0, for a reason other than the overlap."""
    from kayalib.stats import difference_interval, wilson_interval

    a, b = wilson_interval(60, 100), wilson_interval(52, 100)
    low, high = difference_interval(60, 100, 52, 100)
    assert a[0] < b[1] and low < 0 < high
    first = records["07"].of(Exit)[0]
    assert first.answer == "difference" and "60" in first.question(Translator("en"))
