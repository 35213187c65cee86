"""Playing the ``cfr`` (equilibrium) bot heads-up in the real Blef app: Voila + headless Chromium.

The seed is chosen so that the bot bids first in round 1 with a card whose equilibrium moves
are certain (probability 1), so the page must show exactly those moves; round 2 (two cards
against one) is played by the bot's fallback.
"""

from __future__ import annotations

import pytest

from kayalib.blef.bids import Bid, holds
from kayalib.blef.cards import RANK_NAMES
from kayalib.blef.equilibrium import solved
from kayalib.blef.game import CHECK, BlefRules, BlefState
from kayalib.i18n import Translator
from tests.harness import ARTIFACTS

LOAD_TIMEOUT = 120_000  # ms; a cold kernel on a busy 2-core machine can be slow
STEP_TIMEOUT = 30_000

pytestmark = [pytest.mark.browser, pytest.mark.voila]


def certain_opening() -> tuple[int, BlefState, Bid, Bid]:
    """A seed where the bot (seat 1) bids first and both its moves are certain.

    Returns the seed, its first state, the bot's opening and the human's reply after which the
    bot surely checks.
    """
    eq = solved()
    for seed in range(1, 1000):
        state = BlefState.new(BlefRules(players=2), seed=seed)
        rank = state.hands[1][0].rank
        opening = eq.strategy(0, [rank], [])
        if state.starter != 1 or len(opening) != 1:
            continue
        (bid,) = opening
        for reply in (Bid.parse(f"pair {r}") for r in "9TJQKA"):
            after = eq.strategy(0, [rank], [bid, reply])
            if after.keys() == {CHECK} and reply > bid:
                return seed, state, bid, reply
    raise AssertionError("no seed with a certain opening")  # pragma: no cover


def bid_words(t: Translator, bid: Bid) -> str:
    return " ".join([t(f"bid_{bid.kind}"), *(RANK_NAMES[p] for p in bid.params)])


def settle(page) -> None:
    page.wait_for_selector(
        "button.kaya-bid:not([disabled]), .kaya-reveal-panel", timeout=STEP_TIMEOUT
    )
    page.wait_for_timeout(300)


def test_heads_up_against_the_equilibrium_bot(voila_server, page) -> None:
    seed, state, opening, reply = certain_opening()
    t = Translator("en")
    page.goto(
        f"{voila_server.url}/voila/render/play-blef.ipynb?seed={seed}&speed=instant&bots=cfr",
        timeout=LOAD_TIMEOUT,
    )
    page.wait_for_selector("button.kaya-bid:not([disabled])", timeout=LOAD_TIMEOUT)
    bot_name = t("seat_bot", n=2, bot=t("bot_cfr"))
    assert bot_name in page.inner_text(".kaya-players")
    assert page.locator(".kaya-player").count() == 2
    assert page.locator(".kaya-hand svg.kaya-card-blef").count() == 1

    # Round 1: the bot opened with its certain bid; the human raises to a pair.
    bids = page.inner_text(".kaya-bids")
    assert bot_name in bids and bid_words(t, opening) in bids
    page.select_option(".kaya-bid-kind select", label=t("bid_pair"))
    page.wait_for_timeout(300)
    page.select_option(".kaya-bid-param select", label=RANK_NAMES[reply.params[0]])
    page.click("button.kaya-bid")
    page.wait_for_selector(".kaya-reveal-panel", timeout=STEP_TIMEOUT)  # the bot checked
    page.wait_for_timeout(300)
    pool = [*state.hands[0], *state.hands[1]]
    loser = t("seat_name", n=1) if not holds(reply, pool) else bot_name
    reveal = page.inner_text(".kaya-reveal")
    assert bid_words(t, reply) in reveal and loser in reveal
    assert "sprawdzam" in page.inner_text(".kaya-log")
    assert not page.locator(".kaya-error-text").count()
    page.screenshot(path=str(ARTIFACTS / "blef-cfr-heads-up.png"), full_page=True)

    # Round 2 (two cards against one): the bot's fallback answers the human's lowest bid.
    page.wait_for_selector("button.kaya-bid:not([disabled])", timeout=STEP_TIMEOUT)
    page.wait_for_timeout(300)
    assert page.locator(".kaya-hand svg.kaya-card-blef").count() == (2 if loser != bot_name else 1)
    page.click("button.kaya-bid")
    answered = t("blef_reveal_title", n=2)
    page.wait_for_function(
        """([bot, revealed]) => {
            const last = document.querySelector('.kaya-bids tr:last-child');
            const reveal = document.querySelector('.kaya-reveal');
            return (last && last.innerText.includes(bot))
                || (reveal && reveal.innerText.includes(revealed));
        }""",
        arg=[bot_name, answered],
        timeout=STEP_TIMEOUT,
    )
    page.wait_for_timeout(300)
    assert not page.locator(".kaya-error-text").count(), page.inner_text(".kaya-error")
    page.screenshot(path=str(ARTIFACTS / "blef-cfr-round-2.png"), full_page=True)
