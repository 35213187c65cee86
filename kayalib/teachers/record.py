"""What a lesson page holds, read by running its notebook: the source of the worksheets.

A worksheet is built from the same source as the lesson: the notebook is run (in this process,
in the teacher's view ``?solutions=key`` so every part is built at once) and its
:class:`~kayalib.lessons.kit.page.Lesson` parts are read back in page order. Each item keeps the
catalogue key and the figures the page computed, so it can be written in any language:

* :class:`Ask`: a prediction (its question, choices, the exact value or the right choice) and
  the prose just before it (what the question is about);
* :class:`Task`: an exercise (question, answer, working);
* :class:`Table`: a table the page shows; ``before_predictions`` says it reveals nothing yet.
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
from kayalib.pages.language import fill, resolve

__all__ = ["Ask", "LessonRecord", "Table", "Task", "notebook_path", "record_lesson", "run_lesson"]

NOTEBOOKS = notebooks_folder()  # the installed package's (kayalib.package_data)


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


@dataclass(frozen=True)
class Table:
    """A table of the page: ``render(t)`` (HTML); ``pinned``: its figures are checked by nbval."""

    render: Callable[[Translator], str]
    before_predictions: bool
    pinned: bool


Item = Ask | Task | Table


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
    from kayalib.lessons.kit.page import Gated, LiveHTML, Prose
    from kayalib.lessons.kit.predict import Prediction

    lesson = run_lesson(number, "solutions=key", notebooks)
    items: list[Item] = []
    seen_prediction = False
    previous: Any = None
    for part in lesson.parts:
        pinned = getattr(part, "plain", None) is not None
        content = part.content if isinstance(part, Gated) else part
        if isinstance(content, Prediction):
            context = _prose(previous) if isinstance(previous, Prose) else None
            items.append(Ask(content.question_text, content.choices, content.exact,
                             content.answer, context))  # fmt: skip
            seen_prediction = True
        elif isinstance(content, Exercise):
            items.append(Task(content.question_text, content.answer, content.working,
                              content.choices))  # fmt: skip
        elif isinstance(content, LiveHTML) and "<table" in content.render(Translator("en")):
            items.append(Table(content.render, not seen_prediction, pinned))
        previous = content
    return LessonRecord(number, tuple(items))
