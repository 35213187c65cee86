"""Lesson 05's show entry in class mode: each hompimpa show a student enters reaches the class
store through the class service's route, as a page's kernel sends it under ``make class``; an
undo takes it back there too, and the lesson's "the class's shows" part reads the class, not the
sample (the part outside class mode: ``tests/lessons/test_class_shows.py``)."""

from __future__ import annotations

import pytest

from kayalib.lessons.classdata import class_or_sample
from kayalib.lessons.l05 import ClassShows, ShowEntry
from kayalib.pages.classroom import AUTHOR_ENV, URL_ENV
from kayalib.pages.kernel import SECRET_ENV
from kayalib.server.dashboard import show_counts
from tests.tables.served import TablesThread

pytestmark = [pytest.mark.voila]


def in_class(tables: TablesThread, monkeypatch: pytest.MonkeyPatch, browser: str) -> None:
    """This kernel as the class server sets up a student's: the class's address, its secret,
    the browser's pseudonym."""
    monkeypatch.setenv(URL_ENV, tables.url)
    monkeypatch.setenv(SECRET_ENV, tables.secret)
    monkeypatch.setenv(AUTHOR_ENV, browser)
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)


def stored(tables: TablesThread) -> list[dict]:
    return [e.value for e in tables.call(lambda s: s.store.entries(s.class_id, "show", "05"))]


def test_each_show_goes_to_the_class_and_undo_takes_it_back(
    tables: TablesThread, monkeypatch: pytest.MonkeyPatch
) -> None:  # fmt: skip
    in_class(tables, monkeypatch, "first-browser")
    entry = ShowEntry(lang="en")
    assert entry.in_class and "goes to your class" in entry.mode.value
    entry.palm_button.click()
    entry.back_button.click()
    entry.palm_button.click()
    assert entry.sent == [True, True, True] and "sent to your class" in entry.status.value
    assert stored(tables) == [{"round": 1, "gesture": "palm"}, {"round": 2, "gesture": "back"},
                              {"round": 3, "gesture": "palm"}]  # fmt: skip
    entry.undo_button.click()  # round 3 taken back: the class no longer counts it
    assert "Round 3 (palm) taken back" in entry.status.value
    assert class_or_sample("show", "05").data["shows"] == [{"round": 1, "gesture": "palm"},
                                                           {"round": 2, "gesture": "back"}]
    counts = tables.call(lambda s: show_counts(s.store.entries(s.class_id, "show")))
    assert counts == {"palm": 1, "back": 1}  # the teacher's dashboard counts the same
    entry.back_button.click()  # round 3 again: it replaces the one taken back
    assert class_or_sample("show", "05").data["shows"][-1] == {"round": 3, "gesture": "back"}


def test_the_lesson_tests_the_class_and_reads_its_new_shows_again(
    tables: TablesThread, monkeypatch: pytest.MonkeyPatch
) -> None:  # fmt: skip
    in_class(tables, monkeypatch, "teacher-browser")
    page = ClassShows(lang="id")  # nothing entered yet: the sample meanwhile, labelled
    assert page.empty and page.data.sample and "belum mencatat" in page.source.value
    for student, gestures in (("a", "palm palm back"), ("b", "palm palm palm")):
        in_class(tables, monkeypatch, student)
        entry = ShowEntry(lang="id")
        for gesture in gestures.split():
            (entry.palm_button if gesture == "palm" else entry.back_button).click()
    page.again.click()
    assert not page.data.sample and (page.figures["palm"], page.figures["back"]) == (5, 1)
    assert "6 pilihan tercatat" in page.source.value
    assert page.figures["sentences"][1] == "l05.shows_limit_detect"  # 6 shows can reject


def test_outside_class_mode_nothing_reaches_the_class(
    tables: TablesThread, monkeypatch: pytest.MonkeyPatch
) -> None:  # fmt: skip
    monkeypatch.delenv(URL_ENV, raising=False)
    entry = ShowEntry(lang="en")
    entry.palm_button.click()
    entry.undo_button.click()
    entry.back_button.click()
    assert entry.shows == ["back"] and not entry.in_class and stored(tables) == []
