"""The shipped sample class of the dashboard's "what the class learned" and of the teacher's page
across lessons: made-up students, not people, so a teacher can see those pages without a class.
Every place that shows it says it is a sample (:mod:`kayalib.server.learning`).

Each lesson page runs once as a student opens it (outside class mode); its opening prediction
and its exit questions give the names and the true values. :data:`STUDENTS` made-up students
(a seeded generator, :data:`SEED`) each guess the opening prediction (a number: the truth times
a log-normal error; a choice: right 40 times in 100), and most of them hand in the exit ticket
(a question is right with a chance of the lesson's own, else a number off the truth or another
choice). Every opening prediction is revealed. The file is :data:`SAMPLE_FILE`;
``python -m kayalib.teachers.sample_learning``
writes it again, and a test plays it again and finds the shipped file.
"""

from __future__ import annotations

import json
import math
import random
import sys
from fractions import Fraction
from pathlib import Path
from typing import Any

from kayalib.teachers.record import run_lesson

__all__ = ["SAMPLE_FILE", "SEED", "STUDENTS", "sample_learning", "write_sample"]

SAMPLE_FILE = Path(__file__).parents[1] / "server" / "sample_learning.json"
"""Where the server reads it (:data:`kayalib.server.learning.SAMPLE_FILE`: a file beside the
server's code, which imports nothing of the teacher's kit)."""

STUDENTS = 24
SEED = 2026
#: how many in 100 made-up students reach the exit ticket
REACH = 90
LESSON_NUMBERS = tuple(f"{n:02d}" for n in range(1, 11))


def _text(value: Fraction | str) -> str:
    if isinstance(value, Fraction):
        return f"{value.numerator}/{value.denominator}"
    return value


def _near(rng: random.Random, truth: Fraction, spread: float) -> Fraction:
    """A made-up student's number: the truth times ``exp(N(0, spread))``, in hundredths."""
    value = Fraction(float(truth) * math.exp(rng.gauss(0, spread))).limit_denominator(100)
    return value if value != truth else truth + Fraction(1, 100)


def _other(rng: random.Random, choices: tuple[tuple[Any, str], ...], right: str) -> str:
    return rng.choice([value for _, value in choices if value != right])


def sample_learning(seed: int = SEED) -> dict[str, Any]:
    """The sample class's predictions and exit-ticket answers, as the class store holds them."""
    rng = random.Random(seed)
    entries: list[dict[str, Any]] = []
    revealed = []
    for number in LESSON_NUMBERS:
        lesson = run_lesson(number, "lang=en")
        lesson.open_all()
        opening = lesson.predictions[0] if lesson.predictions else None
        questions = lesson.exit_questions
        skill = rng.uniform(0.3, 0.9)  # this lesson's chance of a right exit answer
        if opening is not None and opening.share_as is not None:
            revealed.append(list(opening.share_as))
        for student in range(1, STUDENTS + 1):
            author = f"sample-{student:02d}"
            if opening is not None and opening.share_as is not None:
                truth: Fraction | str
                guess: Fraction | str
                if opening.choices is not None:
                    choice = str(opening.answer)
                    truth = choice
                    guess = choice if rng.random() < 0.4 else _other(rng, opening.choices, choice)
                else:
                    truth = Fraction(opening.exact)
                    guess = _near(rng, truth, 0.6)
                value = {"value": _text(guess), "exact": _text(truth)}
                entries.append({"kind": "prediction", "lesson": number,
                                "name": opening.share_as[1], "author": author,
                                "value": value})  # fmt: skip
            if rng.randrange(100) >= REACH:
                continue
            for question in questions:
                assert question.share_as is not None
                right_answer = question.truth()
                right = rng.random() < skill
                if right:
                    given = right_answer
                elif question.choices is not None:
                    given = _other(rng, question.choices, str(right_answer))
                else:
                    given = _near(rng, Fraction(right_answer), 0.35)
                entries.append({"kind": "exit", "lesson": number, "name": question.share_as[1],
                                "author": author,
                                "value": {"value": _text(given), "right": right,
                                          "truth": _text(right_answer),
                                          "opening": question.opening}})  # fmt: skip
    return {"about": "a sample class of made-up students, not people", "revealed": revealed,
            "entries": entries}  # fmt: skip


def write_sample() -> None:
    text = json.dumps(sample_learning(), ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    SAMPLE_FILE.write_text(text + "\n", "utf-8")


if __name__ == "__main__":
    write_sample()
    sys.stdout.write(f"wrote {SAMPLE_FILE}\n")
