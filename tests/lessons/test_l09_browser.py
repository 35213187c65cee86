"""Lesson 09 in a real browser (Voila + headless Chromium): the page renders with its pictures,
a round against the ``cfr`` (equilibrium) bot is played by clicking, and ends exactly as the same
clicks end it headlessly; the match against the equilibrium runs and shows its intervals."""

from __future__ import annotations

import pytest

from kayalib.lessons.l09 import RoundPlayer
from tests.lessons.pages import visible_text
from tests.lessons.test_browser import LOAD, STEP

pytestmark = [pytest.mark.browser, pytest.mark.voila]

NOTEBOOK = "09-how-often-should-you-bluff.ipynb"
CFR_PLAYER = ".kayalib-round-player >> nth=2"
"""The third round player on the page: the one that starts against ``cfr``."""


def play_headless() -> RoundPlayer:
    """The page's last round player (default seed 11), played with the clicks of the test:
    check when the bot has bid, otherwise make the lowest bid offered."""
    player = RoundPlayer(bots=("cfr", "honest", "always-bluffer"), seed=11, lang="en")
    while not player.over:
        if player.can_check and not player.check_button.disabled:
            player.check_button.click()
        else:
            player.bid_button.click()
    return player


def test_a_round_against_the_equilibrium_bot_and_the_match(answer_key_server, page) -> None:
    page.goto(answer_key_server.teacher_address(NOTEBOOK), timeout=LOAD)
    page.wait_for_selector(".kayalib-lesson-footer", timeout=LOAD)
    assert "How often should you bluff?" in page.inner_text("h1")
    page.wait_for_selector(".kayalib-equilibrium-match button.kayalib-run-match", timeout=LOAD)
    page.wait_for_function("document.querySelectorAll('.kayalib-round-player').length >= 3",
                           timeout=STEP)  # fmt: skip
    assert page.locator(".kayalib-round-player").count() == 3
    page.wait_for_selector(".kayalib-l09-ranges img", timeout=LOAD)
    assert "Only the 10" in page.get_attribute(".kayalib-l09-ranges img", "alt")

    player = page.locator(CFR_PLAYER)
    opponent = player.locator(".kayalib-h2h-opponent select")
    chosen = opponent.evaluate("s => s.options[s.selectedIndex].text")
    assert chosen.replace("\u00a0", " ") == "cfr (equilibrium)"
    for _ in range(12):
        outcome = player.locator(".kayalib-h2h-outcome").inner_text()
        if "You won" in outcome or "You lost" in outcome:
            break
        check = player.locator("button.kayalib-h2h-check")
        if check.is_enabled():
            check.click()
        else:
            player.locator("button.kayalib-h2h-bid").click()
        page.wait_for_timeout(700)
    expected = play_headless()
    page.wait_for_function(
        "document.querySelectorAll('.kayalib-h2h-outcome')[2].innerText.includes('this round')",
        timeout=STEP)
    outcome = " ".join(player.locator(".kayalib-h2h-outcome").inner_text().split())
    assert outcome == visible_text(expected.outcome.value)
    table = " ".join(player.locator(".kayalib-h2h-table").inner_text().split())
    assert "sprawdzam!" in table and "cfr (equilibrium)" in table
    headless = " ".join(visible_text(expected.table.value).split())
    assert table.split("Bids", 1)[1] == headless.split("Bids", 1)[1]  # the same bids, in order
    assert "The bot's card ?" not in table  # its card is shown after the check
    assert "1" in player.locator(".kayalib-h2h-tally").inner_text()

    match = page.locator(".kayalib-equilibrium-match")
    match.locator("input").fill("100")
    match.locator("input").press("Tab")
    match.locator("button.kayalib-run-match").click()
    page.wait_for_function(
        "document.querySelector('.kayalib-equilibrium-match').innerText.includes('95%')",
        timeout=STEP * 2)
    text = match.inner_text()
    assert "best reply to honest" in text and "Exact" in text
    page.wait_for_selector(".kayalib-equilibrium-match img", timeout=STEP)
    assert "95% confidence interval" in match.inner_text()


def test_part_2_draws_one_equilibrium_and_two_cards_against_one(answer_key_server, page) -> None:
    page.goto(answer_key_server.teacher_address("10-many-equilibria-one-value.ipynb"),
              timeout=LOAD)  # fmt: skip
    page.wait_for_selector(".kayalib-lesson-footer", timeout=LOAD)
    assert "Part 2" in page.inner_text("h1")
    for picture in (".kayalib-l10-grid img", ".kayalib-l10-uneven img"):
        page.wait_for_selector(picture, timeout=LOAD)
    assert "9: 100.0%" in page.get_attribute(".kayalib-l10-grid img", "alt")
