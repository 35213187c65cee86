"""Fixtures of the teacher's-kit tests: a widget test fails on "Exception in callback", a
lesson page run in a language leaves English current for the tests after it, and every
lesson's record is made once per test process."""

import pytest

from kayalib.pages.language import set_language
from kayalib.teachers.plans import lesson_numbers
from kayalib.teachers.record import LessonRecord, record_lesson
from tests.lessons.conftest import no_callback_exceptions  # noqa: F401


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    set_language("en")


@pytest.fixture(scope="session")
def records() -> dict[str, LessonRecord]:
    """Every lesson's record (its notebook run in the teacher's view), shared by the files that
    read it: a record is frozen, and making all ten takes about 12 s."""
    return {number: record_lesson(number) for number in lesson_numbers()}
