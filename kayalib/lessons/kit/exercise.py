"""Exercises with immediate feedback; the solution stays hidden until the student asks.

An exercise is a gate of its page (:class:`~kayalib.lessons.kit.gate.Gate`): what depends on its
answer is built once it is answered right or its solution is shown.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from fractions import Fraction
from html import escape
from typing import Any

import ipywidgets as widgets

from kayalib.errors import ArgumentError, ParseError
from kayalib.i18n import Translator
from kayalib.lessons.kit.gate import Gate
from kayalib.pages.banner import ErrorBanner
from kayalib.pages.language import Localized, Text, fill, resolve

__all__ = [
    "MAX_ANSWER_CHARS",
    "MAX_EXPONENT",
    "Exercise",
    "NumberTooLongError",
    "answer_text",
    "parse_number",
    "unreadable_words",
]

_NUMBER = re.compile(r"^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$")
_EXPONENT = re.compile(r"[eE][+-]?(\d+)")

#: the longest answer read, and the largest power of ten it may write (``1e10000000`` once kept
#: a kernel busy for ten seconds: exact fractions of such numbers are huge).
MAX_ANSWER_CHARS = 40
MAX_EXPONENT = 100


class NumberTooLongError(ParseError):
    """An answer longer than :data:`MAX_ANSWER_CHARS` or with a power of ten beyond
    :data:`MAX_EXPONENT`."""


def parse_number(text: str) -> Fraction:
    """Read a student's number: ``0.25``, ``1/4``, ``25%``, ``2,5`` (decimal comma) all work.

    >>> parse_number("1/4"), parse_number("25%"), parse_number(" 0,25 ")
    (Fraction(1, 4), Fraction(1, 4), Fraction(1, 4))
    >>> parse_number("a lot")
    Traceback (most recent call last):
    kayalib.errors.ParseError: 'a lot' is not a number; write it like 0.25, 1/4 or 25%
    >>> parse_number("1e10000000")
    Traceback (most recent call last):
    kayalib.lessons.kit.exercise.NumberTooLongError: '1e10000000' has a power of ten beyond e100
    """
    text = text.strip()
    if len(text) > MAX_ANSWER_CHARS:
        raise NumberTooLongError(f"an answer of {len(text)} characters (at most "
                                 f"{MAX_ANSWER_CHARS} are read)")  # fmt: skip
    if any(int(digits) > MAX_EXPONENT for digits in _EXPONENT.findall(text)):
        raise NumberTooLongError(f"{text!r} has a power of ten beyond e{MAX_EXPONENT}")
    cleaned = text.replace(" ", "").replace("\u00a0", "").replace(",", ".")
    try:
        if cleaned.endswith("%") and _NUMBER.match(cleaned[:-1]):
            return Fraction(cleaned[:-1]) / 100
        if "/" in cleaned:
            top, bottom = cleaned.split("/", 1)
            if _NUMBER.match(top) and _NUMBER.match(bottom):
                return Fraction(top) / Fraction(bottom)
        elif _NUMBER.match(cleaned):
            return Fraction(cleaned)
    except ZeroDivisionError:
        raise ParseError(f"{text.strip()!r} divides by zero") from None
    raise ParseError(f"{text.strip()!r} is not a number; write it like 0.25, 1/4 or 25%")


def unreadable_words(t: Translator, given: str, too_long: bool = False) -> str:
    """What a student is told about an answer that cannot be read (``too_long``: one that
    :func:`parse_number` refused to read, :class:`NumberTooLongError`)."""
    if too_long:
        return t("lesson_number_too_long", chars=MAX_ANSWER_CHARS, exponent=MAX_EXPONENT)
    return t("lesson_not_a_number", text=given.strip())


def answer_text(answer: object, t: Translator) -> str:
    """An exact answer for a student: ``43/138 ≈ 0,3116`` in Polish, ``2`` for a whole number."""
    if isinstance(answer, Fraction) and answer.denominator != 1:
        return fill(t, "{a} ≈ {b}", a=answer, b=_short(float(answer), t))
    if isinstance(answer, Fraction):
        return t.number(answer.numerator, 0)
    if isinstance(answer, float):
        return _short(answer, t)
    if isinstance(answer, int):
        return t.number(answer, 0)
    return str(answer)


def _short(value: float, t: Translator) -> str:
    """Four significant decimals, however small the value (0.000141, not 0.0001)."""
    if value == 0 or abs(value) >= 0.001:
        return t.number(value, 4)
    digits = min(12, 3 - math.floor(math.log10(abs(value))))
    return t.number(value, digits)


def answer_field(choices: Sequence[tuple[Any, str]] | None) -> widgets.ValueWidget:
    """Where a student answers: a text box, or one radio button per choice (labelled in the
    page's language by the owner's ``relabel``; nothing chosen yet)."""
    if choices is None:
        return widgets.Text(layout={"width": "16em"})
    field = widgets.RadioButtons(options=[("", v) for _, v in choices], layout={"width": "auto"})
    field.value = None
    return field


class Exercise(widgets.VBox, Localized):
    """A question with an answer box (or choices), a Check button and a Show solution button.

    A numeric answer counts as right when it is within ``rel_tolerance`` of ``answer`` relative
    to its size (2% by default, so a rounded decimal of an exact fraction is accepted however
    small the answer is), or within the absolute ``tolerance`` when one is given. With
    ``choices`` (``(words, value)`` pairs), the answer is one of the values. The solution is
    revealed only by "Show solution".

    Teacher mode (the page's ``?solutions=``): ``solutions=False`` is an assessment: no "Show
    solution", and "Check" says only right or not (no answer, working, hint or too high/low);
    ``key=True`` is the teacher's screen: the answer and the working stand beside the exercise.
    The :attr:`gate` opens when the answer is right or the solution is shown.

    >>> ex = Exercise("What is 1/2 + 1/4?", Fraction(3, 4), working="2/4 + 1/4 = 3/4", lang="en")
    >>> ex.gate.opened
    False
    >>> ex.answer_box.value = "0.75"; ex.check_button.click()
    >>> "Right" in ex.feedback.value, ex.gate.opened
    (True, True)
    """

    def __init__(
        self,
        question: Text,
        answer: Fraction | float | int | str,
        *,
        working: Text,
        choices: Sequence[tuple[Text, str]] | None = None,
        tolerance: float = 0.0,
        rel_tolerance: float = 0.02,
        hint: Text = "",
        solutions: bool = True,
        key: bool = False,
        lang: str | None = None,
        **kwargs: Any,
    ) -> None:
        self.init_language(lang)
        self.answer = answer
        self.solutions = solutions
        self.key = key
        self.choices = tuple(choices) if choices is not None else None
        if self.choices is not None and answer not in [value for _, value in self.choices]:
            raise ArgumentError(f"the answer {answer!r} is not one of the choices")
        self.question_text = question
        self.tolerance = tolerance
        self.rel_tolerance = rel_tolerance
        self.working = working
        self.hint = hint
        self.attempts = 0
        self.solved = False
        self.gate = Gate()
        self.errors = ErrorBanner(lambda: self.t)
        self.question = widgets.HTML()
        self.answer_box = answer_field(self.choices)
        self.check_button = widgets.Button(button_style="primary")
        self.check_button.add_class("kayalib-check")
        self.solution_button = widgets.Button()
        self.solution_button.add_class("kayalib-show-solution")
        if not solutions:
            self.solution_button.layout.display = "none"
        self.feedback = widgets.HTML()
        self.solution = widgets.HTML()
        self.key_box = widgets.HTML()
        self.key_box.add_class("kayalib-answer-key")
        if not key:
            self.key_box.layout.display = "none"
        self._feedback: tuple[str, str] | None = None
        self.check_button.on_click(self.errors.guard(lambda _: self.check()))
        self.solution_button.on_click(self.errors.guard(lambda _: self.reveal()))
        buttons = [self.check_button, self.solution_button]
        if self.choices is None:  # a text box and its buttons in one row
            answer_row: widgets.Widget = widgets.HBox([self.answer_box, *buttons])
        else:  # the buttons under the choices, not beside the first one as if part of it
            answer_row = widgets.VBox([self.answer_box, widgets.HBox(buttons)])
        super().__init__(
            [
                self.question,
                answer_row,
                self.key_box,
                self.feedback,
                self.solution,
                self.errors,
            ],
            **kwargs,
        )
        self.add_class("kayalib-exercise")
        self.relabel()

    def relabel(self) -> None:
        t = self.t
        question = self.say(self.question_text)
        self.question.value = f"<b>{escape(t('lesson_exercise'))}</b> {question}"
        if self.choices is None:
            self.answer_box.placeholder = t("lesson_answer_placeholder")
        else:
            value = self.answer_box.value
            self.answer_box.options = [(resolve(w, t), v) for w, v in self.choices]
            self.answer_box.value = value
        self.check_button.description = t("lesson_check")
        self.solution_button.description = t("lesson_show_solution")
        if self._feedback is not None:
            self._show_feedback(*self._feedback)
        if self.solution.value:
            self.reveal()
        if self.key:
            self.key_box.value = (
                '<div style="border-left:4px solid #1b7f3b;background:#eef7f0;padding:4px 10px">'
                f"<b>{escape(t('teach_key_label'))}:</b> {escape(self.answer_words())}<br>"
                f"{self.say(self.working)}</div>"
            )

    def answer_words(self) -> str:
        """The right answer as the student reads it (a choice by its words)."""
        if self.choices is not None:
            return next(resolve(w, self.t) for w, v in self.choices if v == self.answer)
        return answer_text(self.answer, self.t)

    def _expected(self) -> Fraction:
        answer = self.answer
        return parse_number(answer) if isinstance(answer, str) else Fraction(answer)

    def is_right(self, given: str) -> bool:
        """Whether ``given`` (the student's text or choice) is a right answer."""
        if self.choices is not None:
            return given == self.answer
        value, expected = parse_number(given), self._expected()
        if value == expected:
            return True
        allowed = max(self.tolerance, self.rel_tolerance * abs(float(expected)))
        return math.isclose(float(value), float(expected), rel_tol=0, abs_tol=allowed)

    def check(self) -> bool:
        """Check the answer in the box; say right or not yet at once."""
        given = self.answer_box.value
        if given is None or str(given).strip() == "":
            self._show_feedback("empty", "")
            return False
        try:
            right = self.is_right(str(given))
        except NumberTooLongError:
            self._show_feedback("too_long", "")
            return False
        except ParseError:
            self._show_feedback("unreadable", str(given))
            return False
        self.attempts += 1
        if right:
            self.solved = True
            self._show_feedback("right", "")
            self.gate.open()
        else:
            direction = ""
            if self.choices is None:
                high = parse_number(str(given)) > self._expected()
                direction = "high" if high else "low"
            self._show_feedback("wrong", direction)
        return right

    def _show_feedback(self, kind: str, detail: str) -> None:
        t = self.t
        self._feedback = (kind, detail)
        if kind == "empty":
            self.feedback.value = f"<i>{escape(t('lesson_write_first'))}</i>"
        elif kind in ("unreadable", "too_long"):
            words = unreadable_words(t, detail, too_long=kind == "too_long")
            self.feedback.value = f'<span style="color:#b00020">{escape(words)}</span>'
        elif kind == "right" and not self.solutions:
            self.feedback.value = (
                f'<span style="color:#1b7f3b"><b>\u2714 {escape(t("lesson_right"))}</b></span>'
            )
        elif kind == "right":
            self.feedback.value = (
                f'<span style="color:#1b7f3b"><b>\u2714 {escape(t("lesson_right"))}</b></span> '
                f"{escape(t('lesson_answer_is', answer=self.answer_words()))}<br>"
                f"{self.say(self.working)}"
            )
        else:
            parts = [f'<span style="color:#b00020"><b>\u2718 {escape(t("lesson_not_quite"))}</b>'
                     "</span>"]  # fmt: skip
            if detail and self.solutions:
                parts.append(escape(t(f"lesson_too_{detail}")))
            hint = self.say(self.hint) if self.solutions else ""
            if hint:
                parts.append(f"{escape(t('lesson_hint'))} {hint}")
            again = escape(t("lesson_try_again" if self.solutions else "teach_try_again"))
            self.feedback.value = " ".join(parts) + f"<br>{again}"  # a line of its own

    def reveal(self) -> None:
        """Show the answer and the working (never in an assessment, ``solutions=False``)."""
        if not self.solutions:
            return
        t = self.t
        self.solution.value = (
            f"<b>{escape(t('lesson_solution'))}</b> {escape(self.answer_words())}<br>"
            f"{self.say(self.working)}"
        )
        self.solution_button.disabled = True
        self.gate.open()
