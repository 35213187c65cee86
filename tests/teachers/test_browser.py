"""Teacher mode and the class seed in a real browser (Voila + headless Chromium): the
teacher's screen shows an answer key beside each exercise and the student's seed, and the
language switch writes it all in Polish with decimal commas; an assessment page shows no
solution; the write-a-bot page, which is for JupyterLab, says so in Voila and saves nothing
(its leaderboard is tested headless in test_botlab.py)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from kayalib.i18n import Translator
from tests.lessons.test_browser import LOAD, STEP

pytestmark = [pytest.mark.browser, pytest.mark.voila]

LESSON = "03-how-likely-is-my-bid.ipynb"


def test_the_teachers_screen_shows_the_key_and_the_students_seed(answer_key_server, page) -> None:
    """Opened in English, then the page's one language switch writes the lesson in Polish,
    numbers and all (decimal commas), the keys, the seed's badge and the links too."""
    page.goto(answer_key_server.teacher_address(LESSON, "seed=7&student=12"), timeout=LOAD)
    assert "key=" not in page.url.replace("solutions=key", "")  # the key became a cookie
    page.wait_for_selector(".kayalib-lang", timeout=LOAD)
    page.wait_for_function("document.body.innerText.includes('0.2513')", timeout=LOAD)
    assert "How likely is my bid?" in page.inner_text("h1")
    page.select_option(".kayalib-lang select", label="Polski")  # the page layer's one switch
    page.wait_for_function("document.body.innerText.includes('0,2513')", timeout=STEP)
    page.wait_for_function("!document.body.innerText.includes('0.2513')", timeout=STEP)
    page.wait_for_function(
        "document.querySelector('h1').innerText.includes('Jak prawdopodobne')", timeout=STEP)
    page.wait_for_function(
        "document.querySelector('.kayalib-deal-one').innerText.includes('Rozdaj')", timeout=STEP)
    text = page.inner_text("body")
    assert "Jak prawdopodobne jest moje zgłoszenie?" in text
    assert "0.2513" not in text and "Rozdaj 1" in text
    page.wait_for_function(  # the links keep the language for the next page
        "[...document.querySelectorAll('.kayalib-nav a')].every(a => a.href.includes('lang=pl'))",
        timeout=STEP)  # fmt: skip
    page.wait_for_function(  # a screen reader reads it in Polish; a copied address opens it so
        "document.documentElement.lang === 'pl' && location.search.includes('lang=pl')",
        timeout=STEP)  # fmt: skip
    assert page.title().startswith("03 Jak prawdopodobne")

    page.wait_for_selector(".kayalib-exercise .kayalib-answer-key", timeout=LOAD)
    keys = page.locator(".kayalib-exercise:not(.kayalib-exit) .kayalib-answer-key")
    assert keys.count() == 3
    exit_keys = page.locator(".kayalib-exit .kayalib-answer-key")  # the exit ticket's three
    assert exit_keys.count() == 3 and all(exit_keys.nth(i).is_visible() for i in range(3))
    for i in range(3):  # the switch redraws the page's parts one after another
        expect(keys.nth(i)).to_be_visible()
        expect(keys.nth(i)).to_contain_text("Klucz odpowiedzi:", timeout=STEP)
    assert "43/138 ≈ 0,3116" in keys.nth(0).inner_text()  # high card A, two cards in play
    expect(page.locator(".kayalib-prediction .kayalib-answer-key").first).to_contain_text(
        Translator("pl")("lesson_range_10to33"), timeout=STEP)  # P(pair A) = 0,2513
    badge = page.locator(".kayalib-seed")
    expect(badge).to_contain_text("Uczeń 12", timeout=STEP)
    assert "ziarno klasy 7" in badge.inner_text()
    links = page.eval_on_selector_all(".kayalib-nav a", "links => links.map(a => a.href)")
    assert links and all("student=12" in href and "seed=7" in href for href in links)


def test_an_assessment_page_shows_no_solution(voila_server, page) -> None:
    page.goto(f"{voila_server.url}/voila/render/{LESSON}?solutions=off", timeout=LOAD)
    page.wait_for_selector(".kayalib-commit", timeout=LOAD)
    page.click(".kayalib-prediction .widget-radio-box label >> nth=1")
    page.click(".kayalib-commit")
    page.wait_for_selector(".kayalib-deal-many", timeout=STEP)  # simulate before the exercises
    page.click(".kayalib-deal-many")
    page.wait_for_selector(".kayalib-exercise .kayalib-check", timeout=STEP)
    assert page.locator(".kayalib-show-solution:visible").count() == 0
    assert page.locator(".kayalib-answer-key:visible").count() == 0
    page.fill(".kayalib-exercise input >> nth=0", "0.9")
    page.click(".kayalib-exercise .kayalib-check >> nth=0")
    page.wait_for_function(
        "document.querySelector('.kayalib-exercise').innerText.includes('Not quite')",
        timeout=STEP)  # fmt: skip
    feedback = page.inner_text(".kayalib-exercise >> nth=0")
    assert "Too high" not in feedback and "solution" not in feedback.lower()


def test_the_write_a_bot_page_runs_nothing_in_voila(voila_server, page) -> None:
    import os
    from pathlib import Path

    bots = Path(os.environ["KAYALIB_BOT_DIR"])  # the folder the page would write to
    before = sorted(bots.iterdir())
    page.goto(f"{voila_server.url}/voila/render/write-a-bot.ipynb?lang=id", timeout=LOAD)
    notice = page.wait_for_selector(".kayalib-lab-only", timeout=LOAD).inner_text()
    assert notice == Translator("id")("botlab.lab_only")
    assert page.locator(".kayalib-leaderboard").count() == 0
    assert sorted(bots.iterdir()) == before
