"""Answers are read within bounds (issue 24, point 6): ``1e10000000`` in an answer box once kept
a kernel busy for ten seconds (its exact fraction has ten million digits). A number too long to
read gets a clear message in the student's language, and nothing is computed."""

from __future__ import annotations

from fractions import Fraction

import pytest

from kayalib.lessons.kit.exercise import (
    MAX_ANSWER_CHARS,
    MAX_EXPONENT,
    Exercise,
    NumberTooLongError,
    parse_number,
)
from kayalib.lessons.kit.predict import Prediction

HOSTILE = ["1e10000000", "1E-10000000", "2.5e101", "1/1e999999", "1e5000%", "9" * 41,
           "0." + "1" * 60, " 1" * 30]  # fmt: skip


@pytest.mark.parametrize("text", HOSTILE)
def test_a_number_too_long_to_read_is_refused_before_it_is_computed(text: str) -> None:
    with pytest.raises(NumberTooLongError):
        parse_number(text)


@pytest.mark.parametrize(
    ("text", "value"),
    [("1e-6", Fraction(1, 10**6)), ("2,5e3", Fraction(2500)), ("1e100", Fraction(10**100)),
     ("1/3", Fraction(1, 3)), ("9" * MAX_ANSWER_CHARS, Fraction(int("9" * MAX_ANSWER_CHARS)))],
)  # fmt: skip
def test_numbers_a_student_writes_still_read(text: str, value: Fraction) -> None:
    assert parse_number(text) == value


@pytest.mark.parametrize(
    ("lang", "words"),
    [("en", "too long to read"), ("id", "terlalu panjang"), ("pl", "za długa")],
)
def test_the_student_is_told_in_their_language(lang: str, words: str) -> None:
    exercise = Exercise("?", Fraction(1, 4), working="", lang=lang)
    exercise.answer_box.value = "1e10000000"
    assert exercise.check() is False
    assert words in exercise.feedback.value and str(MAX_EXPONENT) in exercise.feedback.value
    assert exercise.attempts == 0  # not counted as a wrong answer
    prediction = Prediction("?", lang=lang)
    prediction.answer_box.value = "1" * 5000
    prediction.commit()
    assert words in prediction.feedback.value and not prediction.committed
    assert "1111" not in prediction.feedback.value  # the text is not echoed back
