"""The play apps and the class seed: ``?seed=7`` gives the whole room one game, and
``?seed=7&student=12`` gives each student their own, reproducible from the same address."""

from __future__ import annotations

import pytest

from kayalib.pages.options import SEED_DIGITS as APP_SEED_DIGITS
from kayalib.seeds import personal_seed
from kayalib.ui import BlefApp, KayaApp
from tests.ui.page import words


def opened(monkeypatch: pytest.MonkeyPatch, app_class, query: str):
    monkeypatch.setenv("QUERY_STRING", query)
    return app_class.from_query_string(delay=0)


def badge_text(app) -> str:
    return words(app, "kayalib-seed-badge")


@pytest.mark.parametrize("app_class", [BlefApp, KayaApp])
def test_a_student_number_gives_the_students_own_reproducible_game(monkeypatch, app_class):
    shared = opened(monkeypatch, app_class, "seed=7")
    assert shared.seed == 7 and shared.seed_fixed
    assert badge_text(shared) == "Class seed 7: everyone sees the same numbers"
    twelve = opened(monkeypatch, app_class, "seed=7&student=12&lang=pl")
    own = personal_seed(7, 12) % 10**APP_SEED_DIGITS  # a seed a student can type into the app
    assert twelve.seed == own and twelve.seed_fixed and len(str(own)) <= APP_SEED_DIGITS
    assert twelve.shell.seed_field.value == str(own)
    assert badge_text(twelve) == f"Uczeń 12 · ziarno klasy 7 · twoje ziarno {own}"
    again = opened(monkeypatch, app_class, "seed=7&student=12")
    thirteen = opened(monkeypatch, app_class, "seed=7&student=13")
    first = [app.owner.states[0].view(0) for app in (shared, twelve, again, thirteen)]
    assert first[1] == first[2]  # the teacher reproduces student 12's game
    assert thirteen.seed == personal_seed(7, 13) % 10**APP_SEED_DIGITS != twelve.seed
    twelve.shell.new_game.click()  # "New game" deals the student's game again
    assert twelve.seed == own and twelve.owner.states[0].view(0) == first[1]
    twelve.shell.lang.value = "id"  # the badge follows the app's language
    assert badge_text(twelve).startswith("Siswa 12 · seed kelas 7")


def test_without_a_class_seed_the_app_is_as_before(monkeypatch):
    app = opened(monkeypatch, BlefApp, "student=12")
    assert not app.seed_fixed and badge_text(app) == ""
