"""The Blef hint in the real Voila app: prior and posterior side by side after the bots' bids."""

from __future__ import annotations

import re

import pytest

from kayalib.i18n import Translator
from tests.harness import ARTIFACTS

pytestmark = [pytest.mark.browser, pytest.mark.voila]

LOAD_TIMEOUT = 120_000  # ms; a cold kernel on a busy 2-core machine can be slow
STEP_TIMEOUT = 30_000


def test_the_hint_shows_your_cards_only_and_your_cards_and_the_bids(voila_server, page) -> None:
    # Seed 10: you hold the queen of spades and open the lowest bid, "high card 9"; the odds
    # bots answer "high card 10" and "high card K", which (an odds bot with one card bids the
    # card it holds) makes a king very likely and a pair of queens very unlikely.
    page.goto(
        f"{voila_server.url}/voila/render/play-blef.ipynb?seed=10&speed=instant&bots=odds,odds",
        timeout=LOAD_TIMEOUT,
    )
    page.wait_for_selector("button.kaya-bid:not([disabled])", timeout=LOAD_TIMEOUT)
    page.click(".kaya-hint-toggle")
    page.wait_for_selector(".kaya-hint .kaya-hint-after", timeout=STEP_TIMEOUT)
    assert page.locator(".kaya-hint-controls select").count() == 1
    before = page.inner_text(".kaya-log")
    page.click("button.kaya-bid")  # the lowest bid, "high card 9"
    page.wait_for_function(
        "old => document.querySelector('.kaya-log').innerText !== old",
        arg=before,
        timeout=STEP_TIMEOUT,
    )
    page.wait_for_selector(".kaya-hint .kaya-bar-mark", timeout=STEP_TIMEOUT)
    page.wait_for_function(
        "() => document.querySelector('.kaya-hint').innerText.includes('from 32.4% to')",
        timeout=STEP_TIMEOUT,
    )
    hint = page.inner_text(".kaya-hint")
    assert "Your cards only" in hint and "Your cards and the bids" in hint
    assert "Exact: every hand" in hint
    moved = re.search(r"The bids moved “(.+?)” the most: from ([\d.]+)% to ([\d.]+)%", hint)
    assert moved is not None, hint
    assert moved.group(1) == "high card K" and float(moved.group(3)) > 90
    # Another model of the others: the posterior column changes, the prior does not.
    prior_column = page.locator(
        ".kaya-hint .kaya-bar-value:not(.kaya-hint-after)"
    ).all_inner_texts()
    page.select_option(".kaya-hint-model select", label="bot: random")
    page.wait_for_function(  # the hint says this model learns nothing from the bids, and why
        "text => document.querySelector('.kaya-hint').innerText.includes(text)",
        arg=Translator("en")("hint_not_moved"), timeout=STEP_TIMEOUT,
    )  # fmt: skip
    assert "a random bidder picks any bid whatever its cards" in page.inner_text(".kaya-hint")
    assert (
        page.locator(".kaya-hint .kaya-bar-value:not(.kaya-hint-after)").all_inner_texts()
        == prior_column
    )
    page.select_option(".kaya-hint-model select", label="bot: odds")
    page.wait_for_function(
        "() => document.querySelector('.kaya-hint').innerText.includes('The bids moved')",
        timeout=STEP_TIMEOUT,
    )
    assert not page.locator(".kaya-error-text").count()
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "blef-hint.png"), full_page=True)
