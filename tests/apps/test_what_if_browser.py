"""The Blef "what if" table in a real browser: it opens in the address's language, a bid added
with the picker changes the table, and on a phone nothing runs off the screen."""

from __future__ import annotations

import pytest

from .test_browser import LOAD_TIMEOUT, STEP_TIMEOUT, open_app
from .test_layout import assert_across_inside, assert_no_sideways_scrolling

pytestmark = [pytest.mark.browser, pytest.mark.voila]


def test_the_what_if_table_on_a_phone_in_polish(voila_server, page) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    open_app(page, voila_server, "what-if-blef.ipynb", "lang=pl", ".kaya-hint-after")
    assert "A gdybym" in page.inner_text(".kaya-title")
    assert "wysoka karta K" in page.inner_text(".kaya-whatif-heard")
    before = page.inner_text(".kaya-hint")
    page.select_option(".kaya-bid-kind select", label="para")
    page.click("button.kaya-whatif-add")
    page.wait_for_function("old => document.querySelector('.kaya-hint').innerText !== old",
                           arg=before, timeout=STEP_TIMEOUT)  # fmt: skip
    assert "para" in page.inner_text(".kaya-whatif-heard")
    page.wait_for_timeout(200)
    assert_no_sideways_scrolling(page)
    for selector in (".kaya-hint-after", ".kaya-whatif-hand input", "button.kaya-whatif-add"):
        assert_across_inside(page, selector)
    assert page.evaluate("document.documentElement.lang") == "pl"
    page.set_viewport_size({"width": 1280, "height": 900})  # a laptop: fields stay field-sized
    page.wait_for_timeout(200)
    for selector in (".kaya-whatif-hand", ".kaya-whatif-counts", ".kaya-whatif-starter"):
        box = page.locator(selector).bounding_box()
        assert box is not None and box["width"] <= 600, (selector, box)
    page.fill(".kaya-whatif-hand input", "XX")
    page.keyboard.press("Enter")
    page.wait_for_selector(".kaya-error:visible", timeout=LOAD_TIMEOUT)
    assert "nie jest tu ręką" in page.inner_text(".kaya-error")
