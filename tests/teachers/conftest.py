"""Fixtures of the teacher's-kit tests: a widget test fails on "Exception in callback", and a
lesson page run in a language leaves English current for the tests after it."""

import pytest

from kayalib.pages.language import set_language
from tests.lessons.conftest import no_callback_exceptions  # noqa: F401


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    set_language("en")
