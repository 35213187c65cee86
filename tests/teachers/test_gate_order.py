"""One source per lesson: the plan's timing table and both worksheets are read from the page
(its segments, predictions, simulations and exercises, in the page's order), so they follow the
page's gates; every lesson fits one period; the student's sheet holds no answer.

Each lesson page runs once (its notebook, in the teacher's view), and every language is
checked from that record. The answers the sheets must not give away are the page's own values
(a prediction's exact value, an exercise's answer), so the test knows them.
"""

from __future__ import annotations

from typing import Any

import pytest

from kayalib.i18n import Translator, languages
from kayalib.lessons.kit.page import inline_markdown
from kayalib.teachers.plans import PERIOD, Plan, timing_rows
from kayalib.teachers.record import Ask, Exit, LessonRecord, Mark, Sim, Task
from kayalib.teachers.worksheets import worksheet_html
from tests.lessons.pages import visible_text
from tests.lessons.test_no_answer_leaks import forms, shows

pytestmark = pytest.mark.slow

LANGS = list(languages())
NUMBERS = [f"{n:02d}" for n in range(1, 11)]



def gates(record: LessonRecord) -> list[tuple[str, int]]:
    """The page's gates in its order: ``(predict|simulate|exercise|exit, number)``."""
    counts = {"predict": 0, "exercise": 0, "exit": 0}
    found = []
    for item in record.items:
        if isinstance(item, (Ask, Task, Exit)):
            kind = "predict" if isinstance(item, Ask) else "exit" if isinstance(
                item, Exit) else "exercise"  # fmt: skip
            counts[kind] += 1
            found.append((kind, counts[kind]))
        elif isinstance(item, Sim):
            found.append(("simulate", 0))
    return found


@pytest.mark.parametrize("number", NUMBERS)
def test_every_lesson_fits_one_period_and_a_variant_two(records, number: str) -> None:
    record = records[number]
    marks = [item for item in record.items if isinstance(item, Mark)]
    assert marks and isinstance(record.items[0], Mark), "the page starts with a segment"
    assert marks[-1].name == "exit" and marks[-1].minutes > 0
    one = timing_rows(record)
    assert sum(row.minutes for row in one) <= PERIOD
    assert all(row.start + row.minutes <= PERIOD for row in one)
    two = timing_rows(record, two_periods=True)
    assert sum(row.minutes for row in two) <= 2 * PERIOD
    variants = [item for item in marks if item.two_periods is not None]
    assert (number in ("05", "07", "08")) == bool(variants)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("number", NUMBERS)
def test_the_plan_and_both_sheets_follow_the_pages_gates(records, number: str,
                                                          lang: str) -> None:  # fmt: skip
    record, t = records[number], Translator(lang)
    page = gates(record)
    # the plan's timing table: its rows are the page's segments in order, and the gates its
    # rows name, read top to bottom, are the page's gates in order
    plan = Plan(number, record)
    assert "{" not in plan.timing(t), "an unfilled placeholder"
    timing = plan.timing(t).split("\n\n")[1 if plan.has("timing_note") else 0:]
    table = next(block for block in timing if block.startswith("|"))
    rows = [line.split(" | ") for line in table.splitlines()[2:]]
    names = [item.name for item in record.items if isinstance(item, Mark)]
    assert [row[1] for row in rows] == [plan.text(t, f"seg_{name}") for name in names]
    said = [part for row in rows for part in row[2].rstrip(" |").split(" \u2192 ")
            if part != "\u2014"]  # fmt: skip
    assert said == [t(f"teach_on_page_{kind}", n=n) for kind, n in page]
    # both sheets: the predictions, exercises and exit questions in the page's order
    for key in (False, True):
        sheet = worksheet_html(record, lang, key=key)
        where = []
        for item in record.items:
            if isinstance(item, Ask):
                where.append(sheet.index(item.question(t)))
            elif isinstance(item, Exit):
                where.append(sheet.index(inline_markdown(item.question(t))))
            elif isinstance(item, Task):
                question = item.question if key or item.sheet_question is None \
                    else item.sheet_question  # fmt: skip
                where.append(sheet.index(question(t)))
        assert where == sorted(where)


@pytest.mark.parametrize("number", NUMBERS)
def test_the_plan_warns_where_the_page_waits_and_the_key_answers_the_extension(
    records, number: str
) -> None:  # fmt: skip
    record, t = records[number], Translator("en")
    plan = Plan(number, record)
    exercises = sum(isinstance(item, Task) for item in record.items)
    warning = plan.gates_text(t)
    assert warning in plan.timing(t)
    assert ("exercise" in warning) == bool(exercises)
    assert all(f"exercise {n}" in warning for n in range(1, exercises + 1))
    answer = visible_text(inline_markdown(plan.text(t, "extension_answer")))[:40]
    assert answer in visible_text(worksheet_html(record, "en", key=True))
    assert answer not in visible_text(worksheet_html(record, "en"))


def answers(record: LessonRecord) -> list[tuple[str, Any]]:
    """Every answer the page holds: ``(what it answers, value)``."""
    found: list[tuple[str, Any]] = []
    for item in record.items:
        if isinstance(item, Ask) and item.exact is not None:
            found.append(("a prediction", item.exact))
        elif isinstance(item, Task) and item.choices is None:
            found.append(("an exercise", item.answer))
        elif isinstance(item, Exit) and item.choices is None:
            found.append(("an exit question", item.answer))
    return found


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("number", NUMBERS)
def test_no_student_sheet_holds_an_answer(records, number: str, lang: str) -> None:
    record, t = records[number], Translator(lang)
    sheet = visible_text(worksheet_html(record, lang))
    key = visible_text(worksheet_html(record, lang, key=True))
    leaked = [f"{form!r} ({what})" for what, value in answers(record) for form in forms(value, t)
              if shows(sheet, form)]  # fmt: skip
    assert leaked == []
    # the key does hold them (so the scan can see them when they are there)
    assert all(any(shows(key, form) for form in forms(value, t)) or not forms(value, t)
               for _what, value in answers(record))  # fmt: skip


def test_the_scan_finds_an_answer_printed_on_a_sheet(records) -> None:
    """The answer of lesson 05's first prediction, printed where its extension used to print
    it, is found in every way a sheet could write it."""
    record = records["05"]
    _what, value = answers(record)[0]
    for lang in LANGS:
        t = Translator(lang)
        sheet = visible_text(worksheet_html(record, lang))
        assert not any(shows(sheet, form) for form in forms(value, t))
        for form in forms(value, t):
            assert shows(f"{sheet} (E(4) = {form}).", form)
