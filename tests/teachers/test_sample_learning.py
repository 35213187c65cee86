"""The dashboard's shipped sample class is the sample generator played again (every lesson page
run once, the same seed), and it names each lesson's real opening prediction and exit questions."""

from __future__ import annotations

import json

import pytest

from kayalib.server.learning import SAMPLE_FILE, sample_class
from kayalib.teachers import sample_learning as generator
from kayalib.teachers.sample_learning import STUDENTS, sample_learning

pytestmark = pytest.mark.slow


def test_the_shipped_sample_is_the_generator_played_again() -> None:
    assert generator.SAMPLE_FILE == SAMPLE_FILE
    shipped = json.loads(SAMPLE_FILE.read_text("utf-8"))
    again = sample_learning()
    assert shipped == json.loads(json.dumps(again))
    assert shipped["about"] == "a sample class of made-up students, not people"
    guesses, answers, revealed = sample_class()
    assert {e.author for e in guesses} == {f"sample-{n:02d}" for n in range(1, STUDENTS + 1)}
    assert all(e.nickname == "" for e in (*guesses, *answers))  # made up, and named by nobody
    assert {(e.lesson, e.name) for e in guesses} == set(revealed)
