"""The exit ticket's widgets, driven headlessly: a question keeps the first answer it could read;
handed in (class mode) it takes one try, then locks and shows its solution; and the student's own
before and after shows every answer kept, even one kept in the very check that opened the gate
it was built behind (a right answer opens the gate first)."""

from __future__ import annotations

from fractions import Fraction

from kayalib.lessons.kit.exit_ticket import BeforeAndAfter, ExitQuestion
from kayalib.lessons.kit.gate import Gate
from kayalib.lessons.kit.predict import Prediction


def question(answer: Fraction, *, hand_in: bool, opening: str | None = None) -> ExitQuestion:
    return ExitQuestion("How likely?", answer, working="It is.", hand_in=hand_in,
                        opening=opening, lang="en")  # fmt: skip


def answer(exit_question: ExitQuestion, text: str) -> None:
    exit_question.answer_box.value = text
    exit_question.check_button.click()


def test_outside_class_mode_it_is_an_exercise_that_keeps_the_first_answer() -> None:
    q = question(Fraction(1, 4), hand_in=False)
    answer(q, "")  # nothing to read: not an answer yet
    assert q.first is None and not q.gate.opened
    answer(q, "1/3")
    answer(q, "1/4")
    assert q.first is not None and q.first.value == Fraction(1, 3) and not q.first.right
    assert q.gate.opened and not q.answer_box.disabled  # tried again, as in any exercise


def test_handed_in_it_takes_one_try_then_locks_and_shows_the_solution() -> None:
    q = question(Fraction(1, 4), hand_in=True)
    answer(q, "0.3")
    assert q.first is not None and q.first.value == Fraction(3, 10) and not q.first.right
    assert q.answer_box.disabled and q.check_button.disabled and q.gate.opened
    answer(q, "1/4")  # the box is locked; a click that still came changes nothing
    assert q.first.value == Fraction(3, 10) and not q.check()


def test_the_own_before_and_after_shows_an_answer_kept_after_its_gate_opened() -> None:
    guess = Prediction("How likely?", exact=Fraction(1, 4), lang="en")
    guess.answer_box.value = "1/2"
    guess.commit_button.click()
    paired = question(Fraction(1, 3), hand_in=True, opening="decide")
    other = question(Fraction(9, 25), hand_in=True)
    shown: list[BeforeAndAfter] = []
    Gate.all([paired.gate, other.gate]).on_open(
        lambda: shown.append(BeforeAndAfter(guess, [paired, other], lang="en")))
    answer(paired, "1/3")
    answer(other, "9/25")  # right: opens the last gate, then is kept
    (own,) = shown
    assert "2 of 2 right at the first try" in own.value
    assert "you looked at the solution" not in own.value
    assert "Your opening prediction was 1/2" in own.value and "closer" in own.value
