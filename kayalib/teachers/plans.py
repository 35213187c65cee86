"""Lesson plans, one per lesson of the registry, every word from the catalogue.

The plan of lesson ``NN`` is the catalogue file ``kayalib/i18n/<lang>/teachers/pNN.json`` with
the keys ``pNN.<section>`` for each of :data:`SECTIONS` (``curriculum`` may be left out). A new
lesson gets its plan by adding those files; figures a plan states are computed when it is
written (:mod:`kayalib.teachers.figures`) and filled into ``{placeholders}`` per language.

The exit ticket is not written beside the lesson either: it is the page's own
(``lesson.exit_question(...)``), read from the page with its questions, choices, answers and
workings (:class:`~kayalib.teachers.record.Exit`), so a student answers on the page exactly what
the plan and the worksheets print.

The timing is not written beside the lesson: the lesson's page declares its segments
(``lesson.segment("name", minutes)``, :class:`~kayalib.lessons.kit.page.Segment`), and the
plan's timing table is read from the page itself (:func:`kayalib.teachers.record.record_lesson`):
each segment's minutes, what the plan says of it (``pNN.seg_<name>``) and the predictions,
simulations and exercises of the page in it, in the page's order.

>>> plan = Plan("03")
>>> plan.has("objectives"), plan.has("timing")
(True, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from kayalib.errors import UnknownNameError
from kayalib.i18n import Translator
from kayalib.pages.language import fill
from kayalib.teachers.record import Ask, Exit, LessonRecord, Mark, Sim, Task, record_lesson

__all__ = ["OPTIONAL", "PERIOD", "SECTIONS", "Plan", "Row", "lesson_numbers", "plan_markdown",
           "timing_rows"]  # fmt: skip

SECTIONS = (
    "objectives",
    "prerequisites",
    "timing",
    "misconceptions",
    "scaffold",
    "discussion",
    "extension",
    "curriculum",
)
"""The sections of a plan, in the order a plan shows them (the exit ticket comes after
``discussion``); headings are ``teach_<section>``."""
OPTIONAL = ("curriculum",)


def lesson_numbers() -> list[str]:
    """Every lesson of the registry (``kayalib.lessons.kit.page.LESSONS``), the index left out."""
    from kayalib.lessons.kit.page import LESSONS

    return [number for number, _ in LESSONS if number != "index"]


PERIOD = 45
"""Minutes of a period: every lesson's one-period timing fits it (a two-period variant, twice)."""


@dataclass(frozen=True)
class Row:
    """One row of a timing table: a segment, its minutes and what the page holds in it."""

    name: str
    minutes: int
    start: int
    items: tuple[tuple[str, int], ...]
    """``(kind, number)`` of the page's gates in the segment: ``predict``, ``simulate``,
    ``exercise`` and ``exit``, numbered through the lesson (a simulation's number is 0)."""


def timing_rows(record: LessonRecord, *, two_periods: bool = False) -> list[Row]:
    """The rows of a lesson's timing table, in the page's order (``two_periods``: the variant's
    minutes)."""
    rows: list[Row] = []
    counts = {"predict": 0, "exercise": 0, "exit": 0}
    name, minutes = "", 0
    items: list[tuple[str, int]] = []
    start = 0

    def close() -> None:
        nonlocal start
        if name:
            rows.append(Row(name, minutes, start, tuple(items)))
            start += minutes

    for item in record.items:
        if isinstance(item, Mark):
            close()
            name, items = item.name, []
            minutes = item.two_periods if two_periods and item.two_periods is not None \
                else item.minutes  # fmt: skip
        elif isinstance(item, (Ask, Task, Exit)):
            kind = "predict" if isinstance(item, Ask) else "exit" if isinstance(
                item, Exit) else "exercise"  # fmt: skip
            counts[kind] += 1
            items.append((kind, counts[kind]))
        elif isinstance(item, Sim):
            items.append(("simulate", 0))
    close()
    return rows


class Plan:
    """The plan of one lesson, in any language."""

    def __init__(self, number: str, record: LessonRecord | None = None) -> None:
        if number not in lesson_numbers():
            known = ", ".join(lesson_numbers())
            raise UnknownNameError(f"no lesson {number!r}; the lessons are {known}")
        self.number = number
        self._figures: dict[str, Any] | None = None
        self._record = record

    @property
    def record(self) -> LessonRecord:
        """The lesson's page as recorded (its notebook run once, when first asked)."""
        if self._record is None:
            self._record = record_lesson(self.number)
        return self._record

    def key(self, name: str) -> str:
        return f"p{self.number}.{name}"

    @property
    def figures(self) -> dict[str, Any]:
        """The numbers this plan states, computed now (once)."""
        if self._figures is None:
            from kayalib.teachers.figures import plan_figures

            self._figures = plan_figures(self.number)
        return self._figures

    def text(self, t: Translator, name: str) -> str:
        """One part of the plan as Markdown, figures filled in the language of ``t``; the
        prerequisites start with the lessons the lesson's own header names (one list,
        :data:`~kayalib.lessons.kit.page.PREREQUISITES`); the timing is read from the page."""
        if name == "timing":
            return self.timing(t)
        text = fill(t, t(self.key(name)), **self.figures)
        if name == "prerequisites":
            from kayalib.lessons.kit.page import Lesson

            text = f"{Lesson.prerequisites_text(self.number, t)}\n\n{text}"
        return text

    def has(self, name: str) -> bool:
        return name == "timing" or Translator("en").has(self.key(name))

    def timing(self, t: Translator) -> str:
        """The timing tables, read from the page's segments: one period, and the two-period
        variant when the page declares one."""
        parts = []
        if self.has("timing_note"):
            parts += [fill(t, t(self.key("timing_note")), **self.figures), ""]
        variants = [False]
        if any(isinstance(item, Mark) and item.two_periods is not None
               for item in self.record.items):  # fmt: skip
            variants.append(True)
        for two in variants:
            rows = timing_rows(self.record, two_periods=two)
            parts += [t("teach_two_periods" if two else "teach_one_period",
                        minutes=sum(row.minutes for row in rows)), "",
                      f"| {t('teach_minutes')} | {t('teach_activity')} | {t('teach_on_page')} |",
                      "|---|---|---|"]  # fmt: skip
            for row in rows:
                when = (f"{row.start}\u2013{row.start + row.minutes}" if row.minutes
                        else t("teach_left_out"))  # fmt: skip
                said = fill(t, t(self.key(f"seg_{row.name}")), **self.figures)
                parts.append(f"| {when} | {said} | {self.items_text(t, row)} |")
            parts.append("")
        parts.append(self.gates_text(t))
        return "\n".join(parts).rstrip()

    def gates_text(self, t: Translator) -> str:
        """Where a student can be held up on the page: the exercises what follows waits for,
        read from the page (and what to do about it)."""
        counts = 0
        waiting = []
        for item in self.record.items:
            if isinstance(item, Task):
                counts += 1
                waiting.append(t("teach_on_page_exercise", n=counts))
        if not waiting:
            return t("teach_gates_none")
        items = waiting[0] if len(waiting) == 1 else t("w_and_list", first=", ".join(
            waiting[:-1]), last=waiting[-1])  # fmt: skip
        return t("teach_gates", items=items, button=t("lesson_show_solution"))

    @staticmethod
    def items_text(t: Translator, row: Row) -> str:
        """What the page holds in a row: "prediction 1 → simulation → exercise 2"."""
        if not row.items:
            return "\u2014"
        return " \u2192 ".join(t(f"teach_on_page_{kind}", n=n) for kind, n in row.items)

    def sections(self, t: Translator) -> list[tuple[str, str]]:
        """``(section, Markdown)`` for every section this plan has."""
        return [(name, self.text(t, name)) for name in SECTIONS if self.has(name)]

    def exit_ticket(self) -> list[Exit]:
        """The exit ticket: the page's own questions, in its order."""
        return self.record.of(Exit)

    def exit_markdown(self, t: Translator) -> list[str]:
        """The exit ticket as Markdown list items: each question, its choices, the answer."""
        parts = [t("teach_exit_intro"), ""]
        for i, item in enumerate(self.exit_ticket(), 1):
            parts += [f"{i}. {item.question(t).strip()}", ""]
            parts += [f"   - {choice}" for choice in item.choice_texts(t)]
            if item.choices is not None:
                parts.append("")
            working = [f"   {line}" if line else "" for line in
                       item.working(t).strip().splitlines()]  # fmt: skip
            parts += [f"   *{t('teach_answer')}:* {item.answer_words(t)}", "", *working, ""]
            if item.paired:
                parts += [f"   *{t('teach_exit_paired')}*", ""]
        return parts

    def title(self, t: Translator) -> str:
        return f"{self.number} {t(f'l{self.number}.title')}"


def plan_markdown(number: str, t: Translator, record: LessonRecord | None = None) -> str:
    """The whole plan of lesson ``number`` as one Markdown page (``record``: the lesson's page,
    when it has been run already)."""
    plan = Plan(number, record)
    notebook = _notebook(number)
    parts = [f"# {t('teach_plan_of', title=plan.title(t))}", "",
             t("teach_plan_opens", notebook=notebook, lang=t.lang), ""]  # fmt: skip
    for name, text in plan.sections(t):
        parts += [f"## {t(f'teach_{name}')}", "", text.strip(), ""]
        if name == "extension" and plan.has("extension_answer"):
            parts += [f"*{t('teach_extension_answer')}:* {plan.text(t, 'extension_answer')}", ""]
        if name == "discussion":
            parts += [f"## {t('teach_exit_ticket')}", "", *plan.exit_markdown(t)]
    parts += [f"## {t('teach_printables')}", "",
              t("teach_printables_text", number=number, lang=t.lang), ""]  # fmt: skip
    return "\n".join(parts).rstrip() + "\n"


def _notebook(number: str) -> str:
    from kayalib.lessons.kit.page import LESSONS

    return f"{dict(LESSONS)[number]}.ipynb"
