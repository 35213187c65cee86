"""What a lesson page holds, read by running its notebook: the source of the worksheets.

A worksheet is built from the same source as the lesson: the notebook is run (in this process,
in the teacher's view ``?solutions=key`` so every part is built at once) and its
:class:`~kayalib.lessons.kit.page.Lesson` parts are read back in page order. Each item keeps the
catalogue key and the figures the page computed, so it can be written in any language:

* :class:`Mark`: where a segment of the lesson in class starts (its name and minutes: the
  plan's timing table is read from these);
* :class:`Ask`: a prediction (its question, choices, the exact value or the right choice) and
  the prose just before it when nothing has been shown since the last prediction (what the
  question is about, never what an earlier one's simulation showed);
* :class:`Sim`: a simulation (or rounds to play) the page waits for;
* :class:`Task`: an exercise (question, answer, working; the question as a student's sheet
  prints it);
* :class:`Table`: a table the page shows; ``before_gates`` says it comes before the
  page's first gate (a prediction, a simulation or an exercise), so it reveals nothing yet;
* :class:`Exit`: a question of the exit ticket (question, choices, answer, working, as the
  page asks it), the source of the plan's exit ticket and the worksheets'.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kayalib.i18n import Translator
from kayalib.package_data import notebooks_folder
from kayalib.pages.language import Text, fill, resolve

__all__ = ["Ask", "Exit", "LessonRecord", "Mark", "Sim", "Table", "Task", "notebook_path",
           "record_lesson", "run_lesson"]  # fmt: skip

NOTEBOOKS = notebooks_folder()  # the installed package's (kayalib.package_data)


@dataclass(frozen=True)
class Mark:
    """A segment of the lesson starts here (:class:`~kayalib.lessons.kit.page.Segment`)."""

    name: str
    minutes: int
    two_periods: int | None


@dataclass(frozen=True)
class Sim:
    """A simulation the page waits for (what settles the predictions before it)."""


@dataclass(frozen=True)
class Ask:
    """A prediction: ``question(t)`` (HTML), ``choices`` as ``(text, value)``, ``context(t)``."""

    question: Callable[[Translator], str]
    choices: tuple[tuple[Any, str], ...] | None
    exact: Any
    answer: str | None
    context: Callable[[Translator], str] | None

    def choice_text(self, value: str | None, t: Translator) -> str:
        return next((resolve(w, t) for w, v in self.choices or () if v == value), "")


@dataclass(frozen=True)
class Task:
    """An exercise: ``question(t)`` and ``working(t)`` (HTML), the exact ``answer``."""

    question: Callable[[Translator], str]
    answer: Any
    working: Callable[[Translator], str]
    choices: tuple[tuple[Any, str], ...] | None = None
    sheet_question: Callable[[Translator], str] | None = None
    """The question as a student's sheet prints it (``None``: as the page does)."""


@dataclass(frozen=True)
class Table:
    """A table of the page: ``render(t)`` (HTML); ``pinned``: its figures are checked by nbval."""

    render: Callable[[Translator], str]
    before_gates: bool
    pinned: bool


@dataclass(frozen=True)
class Exit:
    """A question of the exit ticket: ``question(t)`` and ``working(t)`` (Markdown), the exact
    ``answer`` (or the right choice's value), ``choices`` as ``(text, value)``; ``paired``: it
    asks again what the lesson's opening prediction asked (the dashboard puts the two side by
    side)."""

    question: Callable[[Translator], str]
    answer: Any
    working: Callable[[Translator], str]
    choices: tuple[tuple[Any, str], ...] | None
    paired: bool

    def choice_texts(self, t: Translator) -> list[str]:
        return [resolve(w, t) for w, _ in self.choices or ()]

    def answer_words(self, t: Translator) -> str:
        """The right answer as the page says it: the right choice's words, or the number."""
        from kayalib.lessons.kit.exercise import answer_text

        if self.choices is not None:
            return next(resolve(w, t) for w, v in self.choices if v == self.answer)
        return answer_text(self.answer, t)


Item = Mark | Ask | Sim | Task | Table | Exit


@dataclass(frozen=True)
class LessonRecord:
    """The worksheet material of one lesson, in page order."""

    number: str
    items: tuple[Item, ...]

    def of(self, kind: type) -> list[Any]:
        return [item for item in self.items if isinstance(item, kind)]


def notebook_path(number: str, notebooks: Path = NOTEBOOKS) -> Path:
    """The notebook of lesson ``number`` (from the lesson registry)."""
    from kayalib.lessons.kit.page import LESSONS

    return notebooks / f"{dict(LESSONS)[number]}.ipynb"


def _said(text: Text) -> Callable[[Translator], str]:
    """Words of the page (a string, or words in a language) as words in any language."""
    return lambda t: resolve(text, t)


def _prose(part: Any) -> Callable[[Translator], str] | None:
    from kayalib.lessons.kit.page import markdown

    key, values = part.key, dict(part.values)
    if key.endswith(".learn"):
        return None
    return lambda t: markdown(fill(t, t(key), **values))


def run_lesson(number: str, query: str = "solutions=key", notebooks: Path = NOTEBOOKS) -> Any:
    """Run lesson ``number``'s notebook in this process as Voila would with the address
    ``?query``; return its :class:`~kayalib.lessons.kit.page.Lesson` (``parts`` in page
    order)."""
    cells = json.loads(notebook_path(number, notebooks).read_text("utf-8"))["cells"]
    namespace: dict[str, Any] = {"__name__": f"kayalib_lesson_{number}"}
    saved = os.environ.get("QUERY_STRING")
    os.environ["QUERY_STRING"] = query
    here = Path.cwd()
    try:
        os.chdir(notebooks)
        for cell in cells:
            if cell["cell_type"] == "code":
                source = "".join(cell["source"])
                exec(compile(source, f"{number}.ipynb", "exec"), namespace)  # noqa: S102
    finally:
        os.chdir(here)
        if saved is None:
            os.environ.pop("QUERY_STRING", None)
        else:
            os.environ["QUERY_STRING"] = saved
    return namespace["lesson"]


def record_lesson(number: str, notebooks: Path = NOTEBOOKS) -> LessonRecord:
    """Run lesson ``number``'s notebook (teacher's view) and read its worksheet material."""
    from kayalib.lessons.kit.exercise import Exercise
    from kayalib.lessons.kit.exit_ticket import ExitQuestion
    from kayalib.lessons.kit.page import Gated, LiveHTML, Prose, Segment
    from kayalib.lessons.kit.predict import Prediction

    lesson = run_lesson(number, "solutions=key", notebooks)
    starts: dict[int, list[Segment]] = {}
    for segment in lesson.segments:
        starts.setdefault(segment.start, []).append(segment)
    items: list[Item] = []
    gated = shown = False  # a gate so far; something shown since the last prediction
    previous: Any = None
    for index, (part, role) in enumerate(zip(lesson.parts, lesson.roles, strict=True)):
        items += [Mark(segment.name, segment.minutes, segment.two_periods)
                  for segment in starts.get(index, ())]  # fmt: skip
        pinned = getattr(part, "plain", None) is not None
        content = part.content if isinstance(part, Gated) else part
        if isinstance(content, Prediction):
            context = _prose(previous) if isinstance(previous, Prose) and not shown else None
            items.append(Ask(_said(content.question_text), content.choices, content.exact,
                             content.answer, context))  # fmt: skip
            shown = False
        elif role == "simulate":
            items.append(Sim())
            shown = True
        elif isinstance(content, ExitQuestion):
            assert content.markdown is not None, "an exit question the page made"
            question, working = content.markdown
            items.append(Exit(_said(question), content.answer, _said(working), content.choices,
                              content.opening is not None))  # fmt: skip
        elif isinstance(content, Exercise):
            sheet = lesson.sheet_questions.get(index)
            items.append(Task(_said(content.question_text), content.answer,
                              _said(content.working), content.choices,
                              None if sheet is None else _said(sheet)))  # fmt: skip
            shown = True
        elif isinstance(content, LiveHTML) and "<table" in content.render(Translator("en")):
            items.append(Table(content.render, not gated, pinned))
        gated = gated or role in ("predict", "simulate", "exercise", "exit")
        previous = content
    ends = [segment for segment in lesson.segments if segment.start >= len(lesson.parts)]
    items += [Mark(segment.name, segment.minutes, segment.two_periods) for segment in ends]
    return LessonRecord(number, tuple(items))
