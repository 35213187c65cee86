"""A lesson's exit ticket in the page, and the student's own first guess beside their last answer.

Every lesson ends with one to three questions (:meth:`~kayalib.lessons.kit.page.Lesson.
exit_question`), the same the plan and the worksheets print (they are read from the page). An
:class:`ExitQuestion` is an :class:`~kayalib.lessons.kit.exercise.Exercise` that keeps the first
answer a student gave that could be read (:attr:`ExitQuestion.first`). Outside class mode it
behaves like any exercise (try again, a hint, "Show solution"). In class mode the first answer is
*handed in*: one try, then it is locked, said right or not, its solution shown (not in an
assessment, ``?solutions=off``), and sent to the class (:func:`kayalib.pages.classroom.
share_exit`) with the true answer and, for the question that asks again what the lesson's opening
prediction asked, that prediction's name.

:class:`BeforeAndAfter` puts the student's own opening prediction beside their first answer to
that question (how far each was from its true value, :func:`kayalib.stats.answer_error`) and
how many exit questions they got right at the first try. It reads only this page's widgets:
nothing of another student is ever on it.

>>> from fractions import Fraction
>>> question = ExitQuestion("1/2 + 1/4?", Fraction(3, 4), working="3/4", hand_in=True, lang="en")
>>> question.answer_box.value = "0.7"; question.check_button.click()
>>> question.first.right, question.gate.opened, question.answer_box.disabled
(False, True, True)
>>> question.answer_box.value = "0.75"; question.check()  # handed in: no second try
False
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from html import escape
from typing import Any

import ipywidgets as widgets

from kayalib.i18n import Translator
from kayalib.lessons.kit.exercise import Exercise, answer_text, parse_number
from kayalib.lessons.kit.predict import Prediction
from kayalib.pages.language import Localized, Text, resolve
from kayalib.stats import answer_error

__all__ = ["BeforeAndAfter", "ExitQuestion", "FirstAnswer"]


@dataclass(frozen=True)
class FirstAnswer:
    """The first answer a student gave that could be read: as given (``text``), as read
    (``value``: a number, or the value of a choice) and whether it was ``right``."""

    text: str
    value: Fraction | str
    right: bool


class ExitQuestion(Exercise):
    """A question of a lesson's exit ticket. ``share_as=(lesson, name)``: where its first answer
    goes in class mode; ``opening``: the name of the lesson's opening prediction this question
    asks again (a new case of the same kind, answered the same way), or ``None``;
    ``hand_in=True`` (class mode): one try, handed in (see the module); ``markdown``: the
    question and its working as catalogue Markdown (the plan's text)."""

    def __init__(self, question: Text, answer: Fraction | int | str, *, working: Text,
                 share_as: tuple[str, str] | None = None, opening: str | None = None,
                 hand_in: bool = False, markdown: tuple[Text, Text] | None = None,
                 **kwargs: Any) -> None:  # fmt: skip
        self.markdown = markdown
        """The question and its working as Markdown (what a plan prints), when known."""
        self.share_as = share_as
        self.opening = opening
        self.hand_in = hand_in
        self.first: FirstAnswer | None = None
        self.shared = False
        self._told: list[Callable[[], None]] = []
        super().__init__(question, answer, working=working, **kwargs)
        self.add_class("kayalib-exit")
        if hand_in:  # the solution comes with the answer handed in, never before
            self.solution_button.layout.display = "none"

    def on_first(self, callback: Callable[[], None]) -> None:
        """Call ``callback`` once the first answer is kept (it may come after the gate opens:
        a right answer opens the gate inside the check that then keeps it)."""
        self._told.append(callback)

    @property
    def handed_in(self) -> bool:
        return self.hand_in and self.first is not None

    def truth(self) -> Fraction | str:
        """The true answer, as answers are read: a number, or the right choice's value."""
        return str(self.answer) if self.choices is not None else self._expected()

    def relabel(self) -> None:
        super().relabel()
        t = self.t
        label = t("lesson_exit_question")
        if self.hand_in:
            label += " " + t("lesson_exit_one_try")
            self.check_button.description = t("lesson_hand_in")
        self.question.value = f"<b>{escape(label)}</b> {self.say(self.question_text)}"

    def check(self) -> bool:
        """Check the answer in the box; the first one that can be read is kept (and, in class
        mode, handed in: locked and sent)."""
        if self.handed_in:
            assert self.first is not None
            return self.first.right
        given, tried = self.answer_box.value, self.attempts
        right = super().check()
        if self.attempts == tried:  # empty or unreadable: not an answer yet
            return right
        if self.first is None:
            value = str(given) if self.choices is not None else parse_number(str(given))
            self.first = FirstAnswer(str(given), value, right)
            self._share()
            for callback in self._told:
                callback()
        if self.hand_in:
            self.answer_box.disabled = True
            self.check_button.disabled = True
            if not right:
                self._show_feedback("handed_wrong", "")
                self.reveal()
            self.gate.open()
        return right

    def _show_feedback(self, kind: str, detail: str) -> None:
        if kind != "handed_wrong":
            super()._show_feedback(kind, detail)
            return
        self._feedback = (kind, detail)
        self.feedback.value = (f'<span style="color:#b00020"><b>\u2718 '
                               f'{escape(self.t("lesson_exit_not_right"))}</b></span>')  # fmt: skip

    def _share(self) -> None:
        """The first answer, once, to the class (nothing is sent outside class mode)."""
        if self.share_as is None or self.shared or self.first is None:
            return
        from kayalib.pages.classroom import share_exit

        self.shared = share_exit(*self.share_as, self.first.value, self.first.right,
                                 self.truth(), self.opening)  # fmt: skip


def opening_truth(prediction: Prediction) -> Fraction | str | None:
    """What the opening prediction's guess is compared with: its exact value (a number), its
    right choice, or ``None`` when the page does not know it in advance."""
    if prediction.choices is not None:
        return prediction.answer
    return None if prediction.exact is None else Fraction(prediction.exact)


class BeforeAndAfter(widgets.HTML, Localized):
    """The student's own opening prediction beside their first answer to the exit question that
    asks it again, and their exit ticket's first tries; built once the exit ticket is done."""

    def __init__(self, opening: Prediction | None, questions: Sequence[ExitQuestion], *,
                 lang: str | None = None) -> None:  # fmt: skip
        super().__init__(value="")
        self.opening = opening
        self.questions = tuple(questions)
        self.init_language(lang)
        self.add_class("kayalib-before-after")
        for question in self.questions:  # an answer kept after this was built shows too
            question.on_first(self.relabel)
        self.relabel()

    def relabel(self) -> None:
        self.value = self.html(self.t)

    def html(self, t: Translator) -> str:
        lines = [self._pair(t, n, question) for n, question in enumerate(self.questions, 1)
                 if question.opening is not None]  # fmt: skip
        firsts = [q.first for q in self.questions]
        right = sum(1 for first in firsts if first is not None and first.right)
        lines.append(t("lesson_own_score", right=right, n=len(firsts)))
        lines += [t("lesson_own_no_try", n=n) for n, first in enumerate(firsts, 1)
                  if first is None]  # fmt: skip
        items = "".join(f"<li>{line}</li>" for line in lines)
        return (f'<div style="border-left:4px solid #0b5cad;background:#eef4fb;padding:4px 10px">'
                f"<b>{escape(t('lesson_own_title'))}</b><ul>{items}</ul></div>")

    def _pair(self, t: Translator, n: int, question: ExitQuestion) -> str:
        opening = self.opening
        truth = None if opening is None else opening_truth(opening)
        first = question.first
        if opening is None or opening.value is None or truth is None or first is None:
            return escape(t("lesson_own_no_pair", n=n))
        before = answer_error(opening.value, truth)
        after = answer_error(first.value, question.truth())
        said = [self._said(t, "lesson_own_before", opening.value, truth, before, opening),
                self._said(t, "lesson_own_after", first.value, question.truth(), after,
                           question, n=n)]  # fmt: skip
        if isinstance(truth, str):  # two choices: right or not, then and now
            move = f"lesson_own_choice_{'right' if before == 0 else 'wrong'}_" \
                   f"{'right' if after == 0 else 'wrong'}"  # fmt: skip
        else:
            move = ("lesson_own_closer" if after < before else "lesson_own_further"
                    if after > before else "lesson_own_as_close")  # fmt: skip
        said += [t(move), t("lesson_own_caution")]
        return " ".join(escape(line) for line in said)

    @staticmethod
    def _said(t: Translator, key: str, value: Fraction | str, truth: Fraction | str,
              error: Fraction, asked: Prediction | ExitQuestion, **values: Any) -> str:  # fmt: skip
        if isinstance(truth, str):
            choices = asked.choices or ()
            words = {v: resolve(w, t) for w, v in choices}
            return t(f"{key}_choice", choice=words.get(str(value), str(value)),
                     answer=words.get(truth, truth), **values)  # fmt: skip
        return t(f"{key}_number", value=answer_text(value, t), truth=answer_text(truth, t),
                 off=t.percent(float(error), 0), **values)  # fmt: skip
