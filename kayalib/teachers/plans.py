"""Lesson plans, one per lesson of the registry, every word from the catalogue.

The plan of lesson ``NN`` is the catalogue file ``kayalib/i18n/<lang>/teachers/pNN.json`` with
the keys ``pNN.<section>`` for each of :data:`SECTIONS` (``curriculum`` may be left out) and
numbered exit-ticket questions ``pNN.exit_1``, ``pNN.exit_1_answer``, ``pNN.exit_2``... A new
lesson gets its plan by adding those files; figures a plan states are computed when it is
written (:mod:`kayalib.teachers.figures`) and filled into ``{placeholders}`` per language.

>>> plan = Plan("03")
>>> [section for section, _ in plan.sections(Translator("en"))][:2]
['objectives', 'prerequisites']
>>> question, answer = plan.exit_ticket(Translator("pl"))[0]
>>> "1125/1771" in answer and "0,6352" in answer
True
"""

from __future__ import annotations

import re
from typing import Any

from kayalib.errors import UnknownNameError
from kayalib.i18n import Translator
from kayalib.pages.language import fill

__all__ = ["OPTIONAL", "SECTIONS", "Plan", "lesson_numbers", "plan_markdown"]

SECTIONS = (
    "objectives",
    "prerequisites",
    "timing",
    "misconceptions",
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


class Plan:
    """The plan of one lesson, in any language."""

    def __init__(self, number: str) -> None:
        if number not in lesson_numbers():
            known = ", ".join(lesson_numbers())
            raise UnknownNameError(f"no lesson {number!r}; the lessons are {known}")
        self.number = number
        self._figures: dict[str, Any] | None = None

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
        :data:`~kayalib.lessons.kit.page.PREREQUISITES`)."""
        text = fill(t, t(self.key(name)), **self.figures)
        if name == "prerequisites":
            from kayalib.lessons.kit.page import Lesson

            text = f"{Lesson.prerequisites_text(self.number, t)}\n\n{text}"
        return text

    def has(self, name: str) -> bool:
        return Translator("en").has(self.key(name))

    def sections(self, t: Translator) -> list[tuple[str, str]]:
        """``(section, Markdown)`` for every section this plan has."""
        return [(name, self.text(t, name)) for name in SECTIONS if self.has(name)]

    def exit_ticket(self, t: Translator) -> list[tuple[str, str]]:
        """``(question, answer)`` of the exit ticket, as Markdown."""
        found = []
        english = Translator("en").fallback
        numbers = sorted(int(m.group(1)) for key in english
                         if (m := re.fullmatch(rf"p{self.number}\.exit_(\d+)", key)))  # fmt: skip
        for n in numbers:
            found.append((self.text(t, f"exit_{n}"), self.text(t, f"exit_{n}_answer")))
        return found

    def title(self, t: Translator) -> str:
        return f"{self.number} {t(f'l{self.number}.title')}"


def plan_markdown(number: str, t: Translator) -> str:
    """The whole plan of lesson ``number`` as one Markdown page."""
    plan = Plan(number)
    notebook = _notebook(number)
    parts = [f"# {t('teach_plan_of', title=plan.title(t))}", "",
             t("teach_plan_opens", notebook=notebook, lang=t.lang), ""]  # fmt: skip
    for name, text in plan.sections(t):
        parts += [f"## {t(f'teach_{name}')}", "", text.strip(), ""]
        if name == "discussion":
            parts += [f"## {t('teach_exit_ticket')}", ""]
            for i, (question, answer) in enumerate(plan.exit_ticket(t), 1):
                parts += [f"{i}. {question.strip()}", "",
                          f"   *{t('teach_answer')}:* {answer.strip()}", ""]  # fmt: skip
    parts += [f"## {t('teach_printables')}", "",
              t("teach_printables_text", number=number, lang=t.lang), ""]  # fmt: skip
    return "\n".join(parts).rstrip() + "\n"


def _notebook(number: str) -> str:
    from kayalib.lessons.kit.page import LESSONS

    return f"{dict(LESSONS)[number]}.ipynb"
