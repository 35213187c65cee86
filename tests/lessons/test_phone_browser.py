"""A lesson on a phone (390 px) in a real browser: no button's words are cut off and nothing is
wider than the screen (the browser pass found "Pokaż r…" for "Show solution" in Polish)."""

from __future__ import annotations

import pytest

from tests.harness import SETTLED
from tests.lessons.test_browser import LOAD, STEP

pytestmark = [pytest.mark.browser, pytest.mark.voila]

CUT = """() => [...document.querySelectorAll('.jupyter-button, .widget-button')]
  .filter(b => b.offsetWidth && b.scrollWidth > b.clientWidth + 1)
  .map(b => b.innerText)"""
WIDE = """() => [...document.querySelectorAll('#rendered_cells *')]
  .filter(e => !e.closest('details:not([open])') && e.getBoundingClientRect().width
          && e.getBoundingClientRect().right > document.documentElement.clientWidth + 1
          && !(e.parentElement && e.parentElement.getBoundingClientRect().right
               > document.documentElement.clientWidth + 1))
  .map(e => e.tagName + '.' + e.className)"""


def test_a_lesson_on_a_phone_cuts_no_button_and_is_no_wider_than_the_screen(
    voila_server, chromium
) -> None:
    """Opened in Polish at 390 px; then the page's switch redraws it in Indonesian, and the
    page is checked again once its words are Indonesian (the button of the solution too)."""
    from kayalib.i18n import Translator, languages

    context = chromium.new_context(viewport={"width": 390, "height": 900})
    try:
        page = context.new_page()
        page.goto(f"{voila_server.url}/voila/render/03-how-likely-is-my-bid.ipynb?lang=pl",
                  timeout=LOAD)  # fmt: skip
        page.wait_for_selector(".kayalib-commit", timeout=LOAD)
        page.locator(".kayalib-prediction input[type=radio]").first.check(force=True)
        page.click(".kayalib-commit")  # the guess opens the simulator, its deals the exercises
        page.click(".kayalib-deal-many", timeout=STEP)
        page.wait_for_selector(".kayalib-show-solution", timeout=STEP)
        for lang in ("pl", "id"):
            if lang != "pl":
                page.select_option(".kayalib-lang select", label=languages()[lang])
            page.wait_for_function(
                "([lang, words]) => document.documentElement.lang === lang && [...document"
                ".querySelectorAll('.kayalib-show-solution')].every(b => b.innerText.trim()"
                " === words)", arg=[lang, Translator(lang)("lesson_show_solution")],
                timeout=STEP)  # fmt: skip
            page.evaluate(SETTLED)
            assert page.evaluate(CUT) == [], lang
            assert page.evaluate(WIDE) == [], lang
    finally:
        context.close()
