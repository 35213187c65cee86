"""A lesson in a real browser: Voila + headless Chromium. The language switch redraws the page
in Polish, numbers and all; a prediction opens what it guards."""

from __future__ import annotations

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.voila]

LOAD = 180_000
STEP = 60_000


def test_the_language_switch_writes_a_lesson_in_polish_with_decimal_commas(
    answer_key_server, page
) -> None:
    page.goto(answer_key_server.teacher_address("03-how-likely-is-my-bid.ipynb"), timeout=LOAD)
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
