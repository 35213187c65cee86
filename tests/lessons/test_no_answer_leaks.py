"""An assessment gives nothing away: every lesson page run with ``?solutions=off``, by a student
who locks in every prediction, runs every simulation and answers the exercises one at a time,
shows no answer of an exercise not yet answered anywhere (not in a later exercise's question,
not in a table or sentence below, not in a placeholder).

The pages run in this process (the cells executed in order, the page's widgets walked), so
what a gate has not built is not there to be read, exactly as on the page.
"""

from __future__ import annotations

import json
import re
from fractions import Fraction
from pathlib import Path
from typing import Any

import ipywidgets as widgets
import pytest

from kayalib.i18n import Translator
from kayalib.lessons.kit.exercise import Exercise, answer_text
from kayalib.lessons.kit.page import Gated
from kayalib.lessons.kit.predict import Prediction
from kayalib.pages.language import fill
from tests.lessons.pages import NOTEBOOKS, visible_text

pytestmark = pytest.mark.slow

PAGES = sorted(NOTEBOOKS.glob("[0-9][0-9]-*.ipynb"))


def run_page(path: Path, query: str, monkeypatch: pytest.MonkeyPatch) -> Any:
    """Execute the page's code cells here, with ``QUERY_STRING=query``; its ``lesson``."""
    monkeypatch.setenv("QUERY_STRING", query)
    monkeypatch.chdir(NOTEBOOKS)
    cells = json.loads(path.read_text("utf-8"))["cells"]
    namespace: dict[str, Any] = {"__name__": "__lesson__"}
    for cell in cells:
        if cell["cell_type"] == "code":
            exec(compile("".join(cell["source"]), f"{path.name}", "exec"), namespace)  # noqa: S102
    return namespace["lesson"]


def tree(widget: Any) -> list[Any]:
    found = [widget]
    for child in getattr(widget, "children", ()):
        found += tree(child)
    return found


def built(lesson: Any) -> list[Any]:
    return [w for part in lesson.parts for w in tree(part)]


def play_everything_but_the_exercises(lesson: Any) -> None:
    """Lock in every prediction (any answer) and finish every simulation, until nothing new is
    built: what a student sees who does everything on the page except the exercises."""
    while True:
        changed = False
        for widget in built(lesson):
            if isinstance(widget, Prediction) and not widget.committed:
                options = getattr(widget.answer_box, "options", None)
                widget.answer_box.value = options[0][1] if options else "1"
                widget.commit()
                changed = True
            elif (not isinstance(widget, (Exercise, Prediction))
                  and getattr(widget, "gate", None) is not None
                  and not widget.gate.opened):  # fmt: skip
                widget.gate.open()
                changed = True
        if not changed:
            return


_TABLE = re.compile(r"<table.*?</table>", re.S)


def texts(widget: Any, *, tables: bool = True) -> list[str]:
    """What ``widget`` says (``tables=False``: leaving out its tables, where a row label such
    as "18 cards" is not an answer)."""
    found = []
    if isinstance(widget, (widgets.HTML, widgets.HTMLMath, widgets.Label)):
        value = widget.value if tables else _TABLE.sub(" ", widget.value)
        found.append(visible_text(value))
        found += re.findall(r'alt="([^"]*)"', value)
    for name in ("description", "placeholder", "tooltip"):
        value = getattr(widget, name, None)
        if isinstance(value, str) and value:
            found.append(value)
    found += [str(label) for label in getattr(widget, "_options_labels", ())]
    return [text for text in found if text]


def forms(answer: Any, t: Translator) -> set[str]:
    """How a page could write ``answer``: as the exercise's own answer text, as a fraction, and
    as a decimal or a percentage (small whole numbers are left out: they are everywhere)."""
    if isinstance(answer, (int, Fraction)) and Fraction(answer).denominator == 1:
        return {t.number(int(answer), 0)} if abs(answer) >= 10 else set()
    value = float(answer)
    found = {answer_text(answer, t), t.number(value, 3), t.number(value, 4)}
    if isinstance(answer, Fraction):
        found.add(fill(t, "{a}", a=answer))
    if 0 < value < 1:
        found |= {t.percent(value, 1)}
    return {form for form in found if re.search(r"[1-9]", form)}  # not "0.000" for 1/7084


def shows(text: str, form: str) -> bool:
    return re.search(rf"(?<![\d.,/]){re.escape(form)}(?![\d/]|[.,]\d)", text) is not None


def open_exercises(lesson: Any) -> list[Exercise]:
    return [w for w in built(lesson) if isinstance(w, Exercise) and not w.solved]


def solve(exercise: Exercise) -> None:
    answer = exercise.answer
    exercise.answer_box.value = (answer if exercise.choices is not None
                                 else str(Fraction(answer).limit_denominator(10**6)))  # fmt: skip
    assert exercise.check(), exercise.question.value


def leaks(lesson: Any) -> list[str]:
    t = Translator(lesson.options.lang)
    widgets_now = built(lesson)
    exercises = [w for w in open_exercises(lesson) if w.choices is None]
    page = [(w, text) for w in widgets_now for text in texts(w)]
    prose = [(w, text) for w in widgets_now for text in texts(w, tables=False)]
    found = []
    for exercise in exercises:
        own = set(map(id, tree(exercise.answer_box)))
        whole = Fraction(exercise.answer).denominator == 1 if isinstance(
            exercise.answer, (int, Fraction)) else False  # fmt: skip
        for form in forms(exercise.answer, t):
            for widget, text in prose if whole else page:
                if id(widget) not in own and shows(text, form):
                    found.append(f"{form!r} (the answer of {exercise.question.value[:60]!r}) "
                                 f"in {text[:120]!r}")  # fmt: skip
    return found


@pytest.mark.parametrize("lang", ["en", "pl"])
@pytest.mark.parametrize("path", PAGES, ids=lambda p: p.name[:2])
def test_an_assessment_shows_no_answer_before_it_is_given(path: Path, lang: str,
                                                          monkeypatch) -> None:  # fmt: skip
    lesson = run_page(path, f"lang={lang}&solutions=off", monkeypatch)
    found: list[str] = []
    while True:
        play_everything_but_the_exercises(lesson)
        found += leaks(lesson)
        waiting = open_exercises(lesson)
        if not waiting:
            break
        solve(waiting[0])
    assert found == []
    assert all(not isinstance(part, Gated) or part.revealed for part in lesson.parts)


def test_the_scan_finds_an_answer_written_on_the_page(monkeypatch) -> None:
    lesson = run_page(NOTEBOOKS / "05-gambreng.ipynb", "lang=en&solutions=off", monkeypatch)
    play_everything_but_the_exercises(lesson)
    lesson.parts.append(widgets.HTML("E(3) = 17/6, about 2.8333 rounds"))
    assert len(leaks(lesson)) >= 2
