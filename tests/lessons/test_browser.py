"""A lesson in a real browser: Voila + headless Chromium. A prediction opens what it guards.
(The language switch that redraws a lesson in Polish, numbers and all, is checked on the
teacher's screen: ``tests/teachers/test_browser.py``.)"""

from __future__ import annotations

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.voila]

LOAD = 180_000
STEP = 60_000


def test_a_prediction_opens_the_simulation_in_the_address_language(voila_server, page) -> None:
    page.goto(f"{voila_server.url}/voila/render/05-gambreng.ipynb?lang=id", timeout=LOAD)
    page.wait_for_selector(".kayalib-commit", timeout=LOAD)
    assert "Main 1" not in page.inner_text("body")  # the simulation waits for the guess
    page.fill(".kayalib-prediction input", "4")
    page.click(".kayalib-commit")
    page.wait_for_selector(".kayalib-deal-many", timeout=STEP)
    page.click(".kayalib-deal-many")
    page.wait_for_function(
        "document.querySelector('.kayalib-deal-simulator').innerText.includes('29/6')",
        timeout=STEP)  # fmt: skip
    summary = page.inner_text(".kayalib-deal-simulator")
    assert "kepercayaan 95%" in summary and "29/6 ≈ 4,8333" in summary
    assert "Tebakanmu 4." in page.inner_text("body")
