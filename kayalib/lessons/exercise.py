"""Exercises with immediate feedback; the solution stays hidden until the student asks."""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import ipywidgets as widgets

from kayalib.errors import ParseError
from kayalib.lessons._widgets import ErrorBox, escape, guarded

__all__ = ["Exercise", "parse_number"]

_NUMBER = re.compile(r"^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$")


def parse_number(text: str) -> Fraction:
    """Read a student's number: ``0.25``, ``1/4``, ``25%``, ``2,5`` (decimal comma) all work.

    >>> parse_number("1/4"), parse_number("25%"), parse_number(" 0,25 ")
    (Fraction(1, 4), Fraction(1, 4), Fraction(1, 4))
    >>> parse_number("a lot")
    Traceback (most recent call last):
    kayalib.errors.ParseError: 'a lot' is not a number; write it like 0.25, 1/4 or 25%
    """
    cleaned = text.strip().replace(" ", "").replace(",", ".")
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


class Exercise(widgets.VBox):
    """A question with an answer box (or choices), a Check button and a Show solution button.

    A numeric answer counts as right when it is within ``tolerance`` of ``answer`` (so a
    rounded decimal of an exact fraction is accepted). With ``choices``, the answer is one of
    them. After a check the widget says right or wrong at once and shows the working when
    right; the full solution is revealed only by "Show solution".

    >>> ex = Exercise("What is 1/2 + 1/4?", Fraction(3, 4), working="2/4 + 1/4 = 3/4")
    >>> ex.answer_box.value = "0.75"; ex.check_button.click()
    >>> "Right" in ex.feedback.value
    True
    """

    def __init__(
        self,
        question: str,
        answer: Fraction | float | int | str,
        *,
        working: str,
        choices: Sequence[str] | None = None,
        tolerance: float = 0.005,
        hint: str = "",
        **kwargs: Any,
    ) -> None:
        self.answer = answer
        self.choices = tuple(choices) if choices is not None else None
        if self.choices is not None and answer not in self.choices:
            raise ValueError(f"the answer {answer!r} is not one of the choices")
        self.tolerance = tolerance
        self.working = working
        self.hint = hint
        self.attempts = 0
        self.solved = False
        self.errors = ErrorBox()
        self.question = widgets.HTML(f"<b>Exercise.</b> {question}")
        if self.choices is None:
            self.answer_box: widgets.ValueWidget = widgets.Text(
                placeholder="your answer, e.g. 0.25 or 1/4", layout={"width": "16em"}
            )
        else:
            self.answer_box = widgets.RadioButtons(options=self.choices, value=None)
        self.check_button = widgets.Button(description="Check", button_style="primary")
        self.solution_button = widgets.Button(description="Show solution")
        self.feedback = widgets.HTML()
        self.solution = widgets.HTML()
        self.check_button.on_click(guarded(self.errors)(lambda _: self.check()))
        self.solution_button.on_click(guarded(self.errors)(lambda _: self.reveal()))
        super().__init__(
            [
                self.question,
                widgets.HBox([self.answer_box, self.check_button, self.solution_button]),
                self.feedback,
                self.solution,
                self.errors,
            ],
            **kwargs,
        )
        self.add_class("kayalib-exercise")

    def _answer_text(self) -> str:
        answer = self.answer
        if isinstance(answer, Fraction) and answer.denominator != 1:
            return f"{answer} ≈ {float(answer):.4f}"
        if isinstance(answer, float):
            return f"{answer:.4f}"
        return str(answer)

    def is_right(self, given: str) -> bool:
        """Whether ``given`` (the student's text or choice) is a right answer."""
        if self.choices is not None:
            return given == self.answer
        value = parse_number(given)
        expected = self.answer if not isinstance(self.answer, str) else parse_number(self.answer)
        return math.isclose(float(value), float(expected), rel_tol=0, abs_tol=self.tolerance) or (
            value == Fraction(expected)
        )

    def check(self) -> bool:
        """Check the answer in the box; say right or wrong at once."""
        given = self.answer_box.value
        if given is None or str(given).strip() == "":
            self.feedback.value = "<i>Write an answer first.</i>"
            return False
        try:
            right = self.is_right(str(given))
        except ParseError as error:
            self.feedback.value = f'<span style="color:#b00020">{escape(str(error))}</span>'
            return False
        self.attempts += 1
        if right:
            self.solved = True
            self.feedback.value = (
                f'<span style="color:#1b7f3b"><b>✔ Right!</b></span> '
                f"The answer is {escape(self._answer_text())}.<br>{self.working}"
            )
        else:
            direction = ""
            if self.choices is None:
                value = float(parse_number(str(given)))
                expected = float(
                    self.answer if not isinstance(self.answer, str) else parse_number(self.answer)
                )
                direction = " Too high." if value > expected else " Too low."
            hint = f" Hint: {self.hint}" if self.hint else ""
            self.feedback.value = (
                f'<span style="color:#b00020"><b>✘ Not quite.</b></span>{direction}{hint} '
                "Try again, or show the solution."
            )
        return right

    def reveal(self) -> None:
        """Show the answer and the working."""
        self.solution.value = f"<b>Solution:</b> {escape(self._answer_text())}<br>{self.working}"
        self.solution_button.disabled = True
