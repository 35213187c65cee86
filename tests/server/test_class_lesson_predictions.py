"""Every lesson's predictions reach the teacher's dashboard from the real page (issue 41): on the
class server, a student opens each lesson that predicts, in a browser of their own, and locks in
its first prediction; the dashboard counts it with the truth hidden; the teacher reveals it and the
dashboard shows the page's true value. (``tests/tables/test_class_predictions.py`` locks in every
prediction and deal of every lesson in-process; this is the same path through a browser, the
server's routes and a pooled kernel's environment.)
"""

from __future__ import annotations

import json
import re
import time
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.harness import ARTIFACTS, NOTEBOOKS
from tests.server.conftest import KitServer

pytestmark = [pytest.mark.browser, pytest.mark.voila, pytest.mark.slow]

LOAD = 120_000  # ms: a lesson page on a busy 2-core machine
#: the lessons whose page asks for a prediction (read from the notebooks themselves)
PREDICTING = sorted(p.name for p in NOTEBOOKS.glob("[0-9][0-9]-*.ipynb")
                    if ".predict(" in p.read_text("utf-8"))  # fmt: skip


class Teacher:
    """The dashboard's two routes, with the key the class server printed."""

    def __init__(self, server: KitServer) -> None:
        found = re.search(r"Teacher's key: (\S+)", server.log_text())
        assert found, "the class server printed no teacher's key"
        self.server, self.key = server, found.group(1)

    def _call(self, path: str, body: dict[str, Any] | None = None) -> Any:
        request = urllib.request.Request(
            f"{self.server.url}/kayalib/dashboard/{path}", headers={"X-Kayalib-Key": self.key},
            method="GET" if body is None else "POST",
            data=None if body is None else json.dumps(body).encode())  # fmt: skip
        with urllib.request.urlopen(request, timeout=30) as answer:
            return json.loads(answer.read())

    def predictions(self, lesson: str) -> list[dict[str, Any]]:
        figures = self._call("state")["figures"]["predictions"]
        return [figure for figure in figures if figure["lesson"] == lesson]

    def reveal(self, lesson: str, name: str) -> None:
        self._call("do", {"do": "reveal", "lesson": lesson, "name": name})


#: one browser per lesson, all from this address: the class is sized so that they fit (a class
#: of ten may hold fifteen browsers from one address, ``ClassSettings.address_seats``)
STUDENTS = 10


@pytest.fixture(scope="module")
def teacher(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Teacher]:
    store = tmp_path_factory.mktemp("class") / "class.sqlite"
    server = KitServer("lesson-predictions", "class", f"--students={STUDENTS}", "--lesson-pool=0",
                       "--play-pool=0", f"--store={store}")  # fmt: skip
    try:
        server.wait()
        yield Teacher(server)
    finally:
        server.stop()


def test_every_predicting_lesson_is_found() -> None:
    assert len(PREDICTING) >= 9 and "10-many-equilibria-one-value.ipynb" in PREDICTING


@pytest.mark.parametrize("notebook", PREDICTING, ids=lambda name: name[:2])
def test_a_locked_prediction_reaches_the_dashboard_and_its_reveal_shows_the_truth(
    teacher: Teacher, chromium: Any, notebook: str,
) -> None:  # fmt: skip
    lesson = notebook[:2]
    assert teacher.predictions(lesson) == []  # nobody has predicted in this lesson yet
    context = chromium.new_context(viewport={"width": 1280, "height": 1200})
    try:
        page = context.new_page()
        page.goto(f"{teacher.server.url}/voila/render/{notebook}?lang=en", timeout=LOAD)
        page.wait_for_selector(".kayalib-prediction, .kayalib-exercise", timeout=LOAD)
        prediction = page.locator(".kayalib-prediction").first
        shown = 0
        while not prediction.count():  # exercises come first (lesson 10): shown, they open
            button = page.locator(".kayalib-exercise").nth(shown).locator(".kayalib-show-solution")
            button.click(timeout=LOAD)
            expect(button).to_be_disabled(timeout=LOAD)  # the kernel has shown the solution
            shown += 1
            page.wait_for_function(  # what it opened: the prediction, or the next exercise
                "n => document.querySelector('.kayalib-prediction') || "
                "document.querySelectorAll('.kayalib-exercise').length > n", arg=shown,
                timeout=LOAD)  # fmt: skip
        prediction.wait_for(timeout=LOAD)
        choices = prediction.locator("input[type=radio]")
        if choices.count():
            choices.first.check()
        else:
            prediction.locator("input[type=text]").first.fill("1/2")
        prediction.locator(".kayalib-commit").click()
        arrived: list[dict[str, Any]] = []
        deadline = time.monotonic() + 60
        while not arrived and time.monotonic() < deadline:
            arrived = teacher.predictions(lesson)
            time.sleep(0.3)
        assert len(arrived) == 1, f"lesson {lesson}: the prediction never reached the dashboard"
        figure = arrived[0]
        assert figure["count"] == 1 and not figure["revealed"] and figure["truth"] == ""
        page.screenshot(path=str(ARTIFACTS / f"class-prediction-{lesson}.png"))
    finally:
        context.close()
    teacher.reveal(lesson, figure["name"])
    shown = teacher.predictions(lesson)[0]
    assert shown["revealed"] and shown["truth"], shown  # the page's own true value, now shown
