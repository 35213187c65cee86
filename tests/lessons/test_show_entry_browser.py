"""Lesson 05's show entry in a real browser at phone width (Voila + headless Chromium): the two
buttons are big enough for a thumb and fit the screen, and the keyboard alone enters shows and
takes the last one back, the round and the live status line following."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.harness import ARTIFACTS, HARMLESS_CONSOLE, VoilaServer
from tests.lessons.test_browser import LOAD, STEP
from tests.lessons.test_phone_browser import CUT

pytestmark = [pytest.mark.browser, pytest.mark.voila]


@pytest.fixture
def phone(voila_server: VoilaServer, chromium: Any) -> Iterator[tuple[VoilaServer, Any]]:
    """The session's Voila server, and a page at phone size with a touch screen."""
    context = chromium.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
    try:
        yield voila_server, context.new_page()
    finally:
        context.close()


def test_a_phone_enters_shows_by_keyboard_and_takes_the_last_back(phone) -> None:
    server, page = phone
    problems: list[str] = []
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" and not any(
        h in m.text for h in HARMLESS_CONSOLE) else None)  # fmt: skip
    page.goto(f"{server.url}/voila/render/05-gambreng.ipynb?lang=pl", timeout=LOAD)
    page.wait_for_selector(".kayalib-show-palm", timeout=LOAD)
    entry = page.locator(".kayalib-show-entry")
    assert "nie są nikomu wysyłane" in entry.inner_text()  # not in class mode: said so
    # no button of the page (the typed prediction's "Zatwierdzam swój typ" among them) is cut
    assert page.evaluate(CUT) == []
    for name in (".kayalib-show-palm", ".kayalib-show-back"):
        box = page.locator(name).bounding_box()
        assert box is not None and box["height"] >= 44 and box["x"] + box["width"] <= 390
    page.focus(".kayalib-show-palm")
    page.keyboard.press("Enter")
    # each widget's new text is its own message: wait for the last one a show changes
    shown(page, "Runda 2", "Twój pokaz: wnętrze dłoni.")
    page.keyboard.press("Tab")  # on to "back of hand"
    page.keyboard.press("Space")
    shown(page, "Runda 3", "Masz 2 pokazy: wnętrze dłoni, grzbiet dłoni.")
    status = page.locator(".kayalib-show-entry .kaya-status")
    assert status.get_attribute("aria-live") == "polite"
    assert "Runda 2: grzbiet dłoni" in status.inner_text()
    page.keyboard.press("Tab")  # on to the undo
    page.keyboard.press("Enter")
    shown(page, "Runda 2", "Twój pokaz: wnętrze dłoni.")
    assert "Runda 2 (grzbiet dłoni) cofnięta." in status.inner_text()
    ARTIFACTS.mkdir(exist_ok=True)
    entry.screenshot(path=str(ARTIFACTS / "show-entry-phone.png"))
    assert not problems, "\n".join(problems)


def shown(page, round_: str, mine: str) -> None:
    """Wait until the entry shows ``round_`` and, last of what a show changes, ``mine``."""
    page.wait_for_function(
        "([round, mine]) => document.querySelector('.kayalib-show-round').innerText"
        ".includes(round) && document.querySelector('.kayalib-show-entry').innerText"
        ".includes(mine)", arg=[round_, mine], timeout=STEP)  # fmt: skip
