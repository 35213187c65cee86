"""Lessons under ``make class`` (issue 24, points 5 and 8), in a real browser.

``make class SEED=7 OPEN=<lesson>`` gives the lesson a kernel per student; a pooled lesson page
must still read its address (``?lang=pl``, ``seed``, ``student``, ``solutions``) as it does under
``make app``. The answer key (``?solutions=key``) opens only with the teacher's key that ``make
class`` prints: a student who types ``solutions=key`` gets a student's page.
"""

from __future__ import annotations

import re

import pytest

from kayalib.i18n import Translator
from kayalib.pages.options import PageOptions

from .conftest import KitServer

pytestmark = [pytest.mark.voila, pytest.mark.browser]

LESSON = "03-how-likely-is-my-bid.ipynb"
LOAD = 180_000
TEACHER_LINE = re.compile(r"Teacher \(answer keys[^)]*\): (http://\S+)")


@pytest.fixture(scope="module")
def lesson_server():
    """Class mode for 2 students sent to lesson 03 (a pool of 2 for it, none for the others)."""
    server = KitServer("lessons", "class", "--students=2", "--lesson-pool=0", f"--open={LESSON}",
                       "--seed=7")  # fmt: skip
    try:
        server.wait(pools=(LESSON,))
        yield server
    finally:
        server.stop()


def test_a_pooled_lesson_reads_its_address_and_hides_the_key_from_students(
    lesson_server, student
) -> None:
    page = student()
    page.goto(f"{lesson_server.url}/voila/render/{LESSON}?lang=pl&seed=7&student=3"
              "&solutions=key", timeout=LOAD)  # fmt: skip
    page.wait_for_selector(".kayalib-seed", timeout=LOAD)
    assert "Jak prawdopodobne jest moje zgłoszenie?" in page.inner_text("h1")
    badge = page.inner_text(".kayalib-seed")
    assert "Uczeń 3" in badge and "ziarno klasy 7" in badge
    page.wait_for_selector(".kayalib-commit", timeout=LOAD)  # the first prediction's gate
    assert page.locator(".kayalib-answer-key:visible").count() == 0  # no teacher's key given
    assert lesson_server.log_text().count("Using pre-heated kernel") >= 1


def test_the_teachers_address_opens_the_answer_key(lesson_server, student) -> None:
    printed = TEACHER_LINE.search(lesson_server.log_text())
    assert printed, "make class printed no teacher's address"
    teacher = printed.group(1).replace("http://127.0.0.1:", "http://localhost:")
    assert "seed=7" in teacher and "solutions=key" in teacher and "key=" in teacher
    answer_key = teacher.split("key=")[-1].split("&")[0]
    dashboard_key = re.search(r"Teacher's key: (\S+)", lesson_server.log_text()).group(1)
    assert answer_key != dashboard_key  # one secret for each door
    page = student()
    page.goto(teacher + "&lang=pl", timeout=LOAD)
    page.wait_for_selector(".kayalib-exercise .kayalib-answer-key", timeout=LOAD)
    assert "key=" not in page.url and "solutions=key" in page.url  # the key became a cookie
    keys = page.locator(".kayalib-exercise:not(.kayalib-exit) .kayalib-answer-key")
    assert keys.count() == 3 and "Klucz odpowiedzi:" in keys.nth(0).inner_text()
    assert page.locator(".kayalib-exit .kayalib-answer-key").count() == 3  # the exit ticket
    links = page.eval_on_selector_all(".kayalib-nav a", "links => links.map(a => a.href)")
    assert links and all("solutions=key" in href and "key=" not in href.replace(
        "solutions=key", "") for href in links)  # the teacher moves on as teacher, keyless
    page.reload(timeout=LOAD)  # the address holds no key now: the cookie opens it again
    page.wait_for_selector(".kayalib-exercise .kayalib-answer-key", timeout=LOAD)
    assert answer_key not in lesson_server.log_text().split("(Ctrl+C stops", 1)[1]


def test_the_key_gate(monkeypatch) -> None:
    """A page opens the answer key only where its server vouches for the browser: a key in the
    address opens nothing by itself, and a server without an answer key opens none."""
    from kayalib.pages.kernel import ANSWER_KEY_ENV, ANSWERS_ENV, SECRET_ENV, answers_proof

    for name in (ANSWER_KEY_ENV, ANSWERS_ENV, "VOILA_PREHEAT", "SERVER_SOFTWARE"):
        monkeypatch.delenv(name, raising=False)
    assert PageOptions.parse("solutions=key").teacher  # the teacher's own Python: worksheets
    monkeypatch.setenv("SERVER_SOFTWARE", "voila/0.5")  # a page a server started
    monkeypatch.setenv(SECRET_ENV, "the-kernels-secret")
    options = PageOptions.parse("solutions=key&key=anything")
    assert not options.teacher and options.problems == ("no_answer_key",)  # make app, Binder
    assert "no answer key" in options.notices(Translator("en"))[0]
    monkeypatch.setenv(ANSWER_KEY_ENV, "1")
    for vouched in ("", "x" * 64, answers_proof("another-secret"), "the-kernels-secret"):
        monkeypatch.setenv(ANSWERS_ENV, vouched)
        options = PageOptions.parse("solutions=key")
        assert not options.teacher and options.solutions, vouched
        assert options.problems == ("answer_key",)
    monkeypatch.setenv(ANSWERS_ENV, answers_proof("the-kernels-secret"))
    options = PageOptions.parse("solutions=key&lang=id")
    assert options.teacher and not options.problems
    assert options.carried("id") == {"lang": "id", "solutions": "key"}  # no key in any link
    for lang in ("en", "id", "pl"):
        assert Translator(lang)("server_bad_answer_key") != "server_bad_answer_key"
