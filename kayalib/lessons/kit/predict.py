"""Predict first, for real: what comes next stays hidden until the student commits a guess.

A :class:`Prediction` asks a question (a number, or one of a few choices), locks the answer in
and only then opens what it guards (a simulation, the rest of the lesson). At the commit it
shows only the guess; the exact value (or the right choice) is shown by :meth:`Prediction.reveal`,
which the page calls once the student has simulated (predict, simulate, then the exact value).
A prediction is never marked wrong: it is compared ("you said 1 in 3; it is 0.2513").
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from html import escape
from typing import Any

import ipywidgets as widgets

from kayalib.errors import ParseError
from kayalib.i18n import Translator
from kayalib.lessons.kit.exercise import (
    NumberTooLongError,
    answer_field,
    answer_text,
    parse_number,
    unreadable_words,
)
from kayalib.lessons.kit.gate import Gate
from kayalib.pages.banner import ErrorBanner
from kayalib.pages.language import Localized, Text, resolve

__all__ = ["Prediction"]


class Prediction(widgets.VBox, Localized):
    """A question, an answer box (or choices) and "Lock in my prediction".

    ``exact``: the true value of a numeric question; ``answer``: the right choice, when it is
    known (``None``: the widgets it guards settle it). Both are shown by :meth:`reveal`, never
    at the commit (``reveal_at_commit=True``: at once, for a question no simulation settles).
    The prediction's :attr:`gate` opens at the commit. ``key=True`` (the teacher's screen,
    ``?solutions=key``) shows the answer beside the question.
    ``placeholder``: what the guess box suggests (a share, by default: "e.g. 0.3, 1/3 or
    30%"). ``share_as=(lesson, name)``: in class mode the locked value goes to the class
    (:func:`kayalib.pages.classroom.share_prediction`) with the true value or the right choice
    when the page knows it; elsewhere nothing is sent.

    >>> guess = Prediction("How likely?", exact=Fraction(1, 4), lang="en")
    >>> opened = []; guess.on_commit(lambda: opened.append(True))
    >>> guess.answer_box.value = "1/3"; guess.commit_button.click()
    >>> opened, guess.value, "0.2500" in guess.feedback.value
    ([True], Fraction(1, 3), False)
    >>> guess.reveal(); "0.2500" in guess.feedback.value and "wrong" not in guess.feedback.value
    True
    """

    def __init__(
        self,
        question: Text,
        *,
        choices: Sequence[tuple[Text, str]] | None = None,
        exact: Fraction | float | None = None,
        answer: str | None = None,
        key: bool = False,
        reveal_at_commit: bool = False,
        lang: str | None = None,
        share_as: tuple[str, str] | None = None,
        placeholder: Text | None = None,
        **kwargs: Any,
    ) -> None:
        self.init_language(lang)
        self.placeholder = placeholder
        self.key = key
        self.gate = Gate()
        self.reveal_at_commit = reveal_at_commit
        self.revealed = False
        self.share_as = share_as
        self.question_text = question
        self.choices = tuple(choices) if choices is not None else None
        self.exact = exact
        self.answer = answer
        self.value: Fraction | str | None = None
        self.errors = ErrorBanner(lambda: self.t)
        self.question = widgets.HTML()
        self.answer_box = answer_field(self.choices)
        self.commit_button = widgets.Button(button_style="warning", layout={"width": "auto"})
        self.commit_button.add_class("kayalib-commit")
        self.feedback = widgets.HTML()
        self.key_box = widgets.HTML()
        self.key_box.add_class("kayalib-answer-key")
        if not key:
            self.key_box.layout.display = "none"
        self.commit_button.on_click(self.errors.guard(lambda _: self.commit()))
        if self.choices is None:  # a text box with its button beside it
            rows: list[widgets.Widget] = [widgets.HBox([self.answer_box, self.commit_button])]
        else:  # the button under the choices, not beside the first of them
            rows = [self.answer_box, self.commit_button]
        super().__init__(
            [
                self.question,
                *rows,
                self.key_box,
                self.feedback,
                self.errors,
            ],
            **kwargs,
        )
        self.add_class("kayalib-prediction")
        self.relabel()

    @property
    def committed(self) -> bool:
        return self.value is not None

    def on_commit(self, callback: Callable[[], None]) -> None:
        """Run ``callback`` after the commit (at once if the prediction is already in)."""
        self.gate.on_open(callback)

    def choice_text(self, value: object) -> str:
        return next((resolve(w, self.t) for w, v in self.choices or () if v == value), "")

    def relabel(self) -> None:
        t = self.t
        self.question.value = (
            f"<b>{escape(t('lesson_predict'))}</b> {self.say(self.question_text)}"
        )
        if self.choices is None:
            self.answer_box.placeholder = (t("lesson_prediction_placeholder")
                                           if self.placeholder is None
                                           else self.say(self.placeholder))  # fmt: skip
        else:
            value = self.answer_box.value
            self.answer_box.options = [(resolve(w, t), v) for w, v in self.choices]
            self.answer_box.value = value
        self.commit_button.description = t("lesson_commit")
        if self.key:
            self.key_box.value = (
                '<div style="border-left:4px solid #1b7f3b;background:#eef7f0;padding:4px 10px">'
                f"{escape(self.key_text())}</div>"
            )
        self._show()

    def key_text(self) -> str:
        """The answer key line: the exact value, the right choice, or "settled below"."""
        t = self.t
        if self.exact is not None:
            return t("teach_key_prediction", answer=answer_text(self.exact, t))
        if self.answer is not None:
            return t("teach_key_prediction", answer=self.choice_text(self.answer))
        return t("teach_key_settled")

    def commit(self) -> None:
        """Lock the prediction in, compare it, and open what it guards."""
        if self.committed:
            return
        given = self.answer_box.value
        if given is None or str(given).strip() == "":
            self.feedback.value = f"<i>{escape(self.t('lesson_predict_first'))}</i>"
            return
        if self.choices is None:
            try:
                self.value = parse_number(str(given))
            except ParseError as error:
                too_long = isinstance(error, NumberTooLongError)
                words = unreadable_words(self.t, str(given), too_long)
                self.feedback.value = f'<span style="color:#b00020">{escape(words)}</span>'
                return
        else:
            self.value = str(given)
        self.answer_box.disabled = True
        self.commit_button.disabled = True
        if self.reveal_at_commit:
            self.revealed = True
        if self.share_as is not None:  # class mode: the class's histogram on the dashboard
            from kayalib.pages.classroom import share_prediction

            truth = self.exact if self.exact is not None else self.answer  # a number or a choice
            share_prediction(*self.share_as, self.value, truth)
        self._show()
        self.gate.open()

    def reveal(self) -> None:
        """Show the exact value or the right choice beside the guess (after the simulation)."""
        self.revealed = True
        self._show()

    def _show(self) -> None:
        t = self.t
        if not self.committed:
            self.feedback.value = ""
            return
        if self.choices is not None:
            said = t("lesson_you_chose", choice=self.choice_text(self.value))
            if self.answer is None or not self.revealed:
                rest = t("lesson_find_out_below")
            elif self.answer == self.value:
                rest = t("lesson_as_predicted", choice=self.choice_text(self.answer))
            else:
                rest = t("lesson_answer_differs", choice=self.choice_text(self.answer))
            self.feedback.value = f"{escape(said)} {escape(rest)}"
            return
        value = self.value
        assert isinstance(value, Fraction)
        said = t("lesson_you_said", value=answer_text(value, t))
        if self.exact is None or not self.revealed:
            self.feedback.value = f"{escape(said)} {escape(t('lesson_find_out_below'))}"
            return
        exact = float(self.exact)
        gap = float(value) - exact
        if abs(gap) <= 0.1 * abs(exact):
            how = t("lesson_pred_close")
        else:
            how = t("lesson_pred_higher" if gap > 0 else "lesson_pred_lower",
                    by=answer_text(abs(gap), t))  # fmt: skip
        self.feedback.value = (
            f"{escape(said)} {escape(t('lesson_exact_is', value=answer_text(self.exact, t)))}"
            f" {escape(how)}"
        )


RANGES: tuple[tuple[str, Fraction, Fraction], ...] = (
    ("lt10", Fraction(0), Fraction(1, 10)),
    ("10to33", Fraction(1, 10), Fraction(1, 3)),
    ("33to67", Fraction(1, 3), Fraction(2, 3)),
    ("gt67", Fraction(2, 3), Fraction(1)),
)
"""Ranges of probability a prediction can choose from (labels ``lesson_range_<name>``)."""


def range_choices() -> list[tuple[Text, str]]:
    """The :data:`RANGES` as choices for a :class:`Prediction`."""
    return [(_range_label(name), name) for name, _, _ in RANGES]


def _range_label(name: str) -> Callable[[Translator], str]:
    return lambda t: t(f"lesson_range_{name}")


def range_of(p: Fraction | float) -> str:
    """The name of the range that holds ``p``.

    >>> range_of(Fraction(445, 1771))
    '10to33'
    """
    return next(name for name, low, high in RANGES if low <= p < high or p == high == 1)


def range_margin(p: Fraction | float) -> float:
    """How far ``p`` is from the nearest edge of its range (a simulation must settle that)."""
    _, low, high = next(r for r in RANGES if r[0] == range_of(p))
    return float(min(p - low, high - p))
