"""Lesson 08 in a real browser (Voila + headless Chromium): the prediction opens the simulation,
a thousand deals open the Bayes table and the exact value, the exercises (wrong, then right)
open the bluff-rate slider, which moves the posterior from proof to the prior."""

from __future__ import annotations

import pytest

from tests.lessons.test_browser import LOAD, STEP

pytestmark = [pytest.mark.browser, pytest.mark.voila]

LESSON = "08-a-bid-is-evidence.ipynb"


def sentence(page) -> str:
    return page.inner_text(".kayalib-bluff-sentence")


def wait_for_sentence(page, words: str) -> None:
    page.wait_for_function(
        "words => document.querySelector('.kayalib-bluff-sentence').innerText.includes(words)",
        arg=words, timeout=STEP)  # fmt: skip


def test_predict_then_slide_the_bluff_rate_and_answer_an_exercise(voila_server, page) -> None:
    page.goto(f"{voila_server.url}/voila/render/{LESSON}", timeout=LOAD)
    page.wait_for_selector(".kayalib-commit", timeout=LOAD)
    assert page.locator(".kayalib-bayes-table").count() == 0  # nothing before the guess
    page.fill(".kayalib-prediction input", "0.5")
    page.click(".kayalib-commit")
    page.wait_for_selector(".kayalib-deal-many", timeout=STEP)
    assert page.locator(".kayalib-bayes-table").count() == 0  # simulate first
    assert "1332/1351" not in page.inner_text("body")  # no exact value before the deals
    page.click(".kayalib-deal-many")
    page.wait_for_selector(".kayalib-bayes-table", timeout=STEP)
    assert "1332/1351 ≈ 0.9859" in page.inner_text(".kayalib-bayes-table")
    assert "your guess was 0.4859 too low" in page.inner_text(".kayalib-prediction")
    assert page.locator(".kayalib-bluff-slider").count() == 0  # it waits for the exercises

    half = page.locator(".kayalib-exercise").nth(0)
    half.locator("input").fill("1/2")
    half.locator(".kayalib-check").click()
    page.wait_for_function(
        "document.querySelectorAll('.kayalib-exercise')[0].innerText.includes('Too low.')",
        timeout=STEP)  # fmt: skip
    half.locator("input").fill("336/355")
    half.locator(".kayalib-check").click()
    page.wait_for_function(
        "document.querySelectorAll('.kayalib-exercise')[0].innerText.includes('Right!')",
        timeout=STEP)  # fmt: skip
    queen = page.locator(".kayalib-exercise").nth(1)
    queen.locator("input").fill("4/15")
    queen.locator(".kayalib-check").click()

    page.wait_for_selector(".kayalib-bluff-slider .noUi-handle", timeout=STEP)
    assert "from 17.4% to 98.6%" in sentence(page)
    handle = page.locator(".kayalib-bluff-slider .noUi-handle")
    handle.focus()
    page.keyboard.press("End")  # bluff rate 100%: the bid tells nothing
    wait_for_sentence(page, "from 17.4% to 17.4%")
    handle.focus()
    page.keyboard.press("Home")  # never bluffs: the bid proves it
    wait_for_sentence(page, "to 100.0%")
    assert "bluffs 0% of the time" in sentence(page)

    page.wait_for_selector(".kayalib-full-case", timeout=STEP)
    full = page.inner_text(".kayalib-full-case")
    assert "Player 4" in full and "★ pair K" in full
    assert "from 63.6% to 99.3%" in full
