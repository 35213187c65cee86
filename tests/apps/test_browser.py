"""The play apps in a real browser: Voila + headless Chromium, driven by clicks.

Prints two timings per app (time to the first playable screen, and from a click to the updated
view); ``benchmarks/bench_apps.py`` measures the same over several runs.
"""

from __future__ import annotations

import re
import time

import pytest

from tests.harness import ARTIFACTS

pytestmark = [pytest.mark.browser, pytest.mark.voila]

LOAD_TIMEOUT = 120_000  # ms; a cold kernel on a busy 2-core machine can be slow
STEP_TIMEOUT = 30_000


def open_app(page, server, notebook: str, query: str, ready: str) -> float:
    start = time.perf_counter()
    page.goto(f"{server.url}/voila/render/{notebook}?{query}", timeout=LOAD_TIMEOUT)
    page.wait_for_selector(ready, timeout=LOAD_TIMEOUT)
    return time.perf_counter() - start


def timed_click(page, selector: str, changed: str) -> float:
    """Click ``selector``; seconds until ``changed`` (the log, updated last) shows new text.

    Then wait until the status line has changed too and the page has settled (widget views
    apply their updates asynchronously, so the next decision reads a consistent page).
    """
    before = page.inner_text(changed)
    status = page.inner_text(".kaya-status")
    start = time.perf_counter()
    page.click(selector)
    page.wait_for_function(
        "([sel, old]) => { const e = document.querySelector(sel);"
        " return e && e.innerText !== old; }",
        arg=[changed, before],
        timeout=STEP_TIMEOUT,
    )
    elapsed = time.perf_counter() - start
    page.wait_for_function(
        "old => document.querySelector('.kaya-status').innerText !== old",
        arg=status,
        timeout=STEP_TIMEOUT,
    )
    page.wait_for_timeout(150)
    return elapsed


def test_blef_round_to_the_reveal(voila_server, page) -> None:
    ready = open_app(
        page, voila_server, "play-blef.ipynb", "seed=5&speed=instant&bots=odds,random",
        "button.kaya-bid:not([disabled])",
    )  # fmt: skip
    assert "Blef" in page.inner_text(".kaya-title")
    assert page.locator(".kaya-hand svg.kaya-card-blef").count() == 1  # one card in round 1
    assert page.locator(".kaya-player").count() == 3
    clicks: list[float] = []
    for _ in range(12):
        if page.locator(".kaya-reveal-panel").count():
            break
        if page.locator("button.kaya-check:not([disabled])").count() and len(clicks) >= 1:
            clicks.append(timed_click(page, "button.kaya-check", ".kaya-log"))
        else:
            options = page.locator(".kaya-bid-kind select option").all_inner_texts()
            assert options, "the bid picker offers no bid type"
            page.select_option(".kaya-bid-kind select", label=options[0])
            clicks.append(timed_click(page, "button.kaya-bid", ".kaya-log"))
        page.wait_for_selector("button.kaya-bid:not([disabled]), .kaya-reveal-panel",
                               timeout=STEP_TIMEOUT)  # fmt: skip
    reveal = page.inner_text(".kaya-reveal")
    assert "Round 1: all cards revealed" in reveal
    assert "loses the round" in reveal
    assert page.locator(".kaya-reveal svg.kaya-card-blef").count() == 3  # the whole pool
    assert "sprawdzam" in page.inner_text(".kaya-log")
    page.screenshot(path=str(ARTIFACTS / "blef-reveal.png"), full_page=True)
    print(f"\nblef: first playable screen {ready:.2f} s; click to updated view "
          f"{min(clicks):.3f}-{max(clicks):.3f} s over {len(clicks)} clicks")  # fmt: skip


def test_blef_language_hint_and_undo_in_the_browser(voila_server, page) -> None:
    """Opened in Polish, the hint shown, the page switched to English; then a bid and its undo
    put the status line and the bids back as they were."""
    open_app(page, voila_server, "play-blef.ipynb", "seed=9&speed=instant&lang=pl",
             "button.kaya-bid:not([disabled])")  # fmt: skip
    assert "Nowa gra" in page.inner_text("button.kaya-new-game")
    page.click(".kaya-hint-toggle")
    page.wait_for_selector(".kaya-hint .kaya-hint-after", timeout=STEP_TIMEOUT)
    assert "%" in page.inner_text(".kaya-hint")
    page.select_option(".kaya-lang select", label="English")
    page.wait_for_function(
        "() => document.querySelector('button.kaya-new-game').innerText.includes('New game')",
        timeout=STEP_TIMEOUT,
    )
    page.wait_for_function("() => document.querySelector('.kaya-status').innerText"
                           ".includes('Player 1')", timeout=STEP_TIMEOUT)  # fmt: skip
    status = page.inner_text(".kaya-status")
    bids = page.inner_text(".kaya-bids-panel")
    timed_click(page, "button.kaya-bid", ".kaya-log")
    assert page.inner_text(".kaya-bids-panel") != bids or "Round" in page.inner_text(".kaya-reveal")
    timed_click(page, "button.kaya-undo", ".kaya-log")
    assert page.inner_text(".kaya-status") == status
    assert page.inner_text(".kaya-bids-panel") == bids
    assert not page.locator(".kaya-error-text").count()


def test_kaya_turns_to_a_showdown(voila_server, page) -> None:
    ready = open_app(
        page, voila_server, "play-aku-paling-kaya.ipynb", "seed=3&speed=instant&bots=random",
        ".kaya-status-text.kaya-your-turn",
    )  # fmt: skip
    assert "Aku Paling Kaya" in page.inner_text(".kaya-title")
    assert "Gambreng" in page.inner_text(".kaya-gambreng")
    clicks: list[float] = []
    for _ in range(40):
        assert not page.locator(".kaya-error-text").count(), page.inner_text(".kaya-error")
        if "Showdown" in page.inner_text(".kaya-showdown"):
            break
        if page.locator("button.kaya-challenge:visible").count():
            clicks.append(timed_click(page, "button.kaya-challenge", ".kaya-log"))
        elif page.locator("button.kaya-play-card:visible:not([disabled])").count():
            clicks.append(
                timed_click(
                    page, "button.kaya-play-card:visible:not([disabled]) >> nth=0", ".kaya-log"
                )  # fmt: skip
            )
        elif page.locator("button.kaya-decline:visible").count():
            clicks.append(timed_click(page, "button.kaya-decline", ".kaya-log"))
        else:
            page.wait_for_timeout(200)
    showdown = page.inner_text(".kaya-showdown")
    assert "Showdown in turn" in showdown and "wins the showdown" in showdown
    assert page.locator(".kaya-showdown svg.kaya-card-kaya").count() >= 2
    assert "Showdown:" in page.inner_text(".kaya-log")
    page.screenshot(path=str(ARTIFACTS / "kaya-showdown.png"), full_page=True)
    print(f"\nkaya: first playable screen {ready:.2f} s; click to updated view "
          f"{min(clicks):.3f}-{max(clicks):.3f} s over {len(clicks)} clicks")  # fmt: skip


def test_bots_move_one_by_one_in_the_page(voila_server, page) -> None:
    """With a delay, bot moves reach the page one at a time (timers, not a blocking loop)."""
    open_app(page, voila_server, "play-blef.ipynb", "seed=5&speed=slow&bots=odds,odds,odds,odds",
             ".kaya-log li")  # fmt: skip
    counts = [page.locator(".kaya-log li").count()]
    deadline = time.monotonic() + 30
    while not page.locator("button.kaya-bid:not([disabled])").count():
        assert time.monotonic() < deadline, f"the bots never reached the human: {counts}"
        page.wait_for_timeout(100)
        n = page.locator(".kaya-log li").count()
        if n != counts[-1]:
            counts.append(n)
    # (a slow page load may hide the first bot moves, so only the steps are checked here)
    assert all(b - a == 1 for a, b in zip(counts, counts[1:], strict=False)), counts
    # after a click too (a comm message, not the notebook run), bots move one at a time
    page.click("button.kaya-bid")
    counts = [page.locator(".kaya-log li").count()]
    deadline = time.monotonic() + 30
    while len(counts) < 3:
        assert time.monotonic() < deadline, f"no paced bot moves after the click: {counts}"
        page.wait_for_timeout(100)
        n = page.locator(".kaya-log li").count()
        if n != counts[-1]:
            counts.append(n)
    assert all(b - a == 1 for a, b in zip(counts, counts[1:], strict=False)), counts


def test_a_page_built_slowly_while_the_bots_move_shows_their_moves(voila_server, page) -> None:
    """The bots play (paced) while the page is still building its widgets: here the widget
    library's code arrives three seconds late, as on a slow phone. The widget library drops the
    updates that come meanwhile; once the page is built they are sent again, so the page shows
    the human's turn, not a stale "Player 3 is thinking…" with no bid to make."""
    connected: list[str] = []
    page.on("websocket", lambda ws: connected.append(ws.url))

    def late(route) -> None:
        if connected:  # only what the page loads once it has reached its kernel
            time.sleep(3)
        route.continue_()

    page.route(re.compile(r".*/jupyterlab-manager/static/\d+\.[0-9a-f]+\.js.*"), late)
    page.goto(f"{voila_server.url}/voila/render/play-blef.ipynb?seed=424242&lang=id",
              timeout=LOAD_TIMEOUT)  # fmt: skip
    page.wait_for_selector("button.kaya-bid:not([disabled])", timeout=STEP_TIMEOUT)
    log = page.inner_text(".kaya-log")
    assert "Pemain 2 (bot: odds) menawar" in log and "Pemain 3 (bot: acak) menawar" in log
    assert "berpikir" not in page.inner_text(".kaya-status")


def test_index_links_open_the_play_apps(voila_server, page) -> None:
    page.goto(f"{voila_server.url}/voila/render/index.ipynb", timeout=LOAD_TIMEOUT)
    link = page.locator('a[href*="play-blef.ipynb"]').first
    link.wait_for(timeout=LOAD_TIMEOUT)
    assert page.locator('a[href*="play-aku-paling-kaya.ipynb"]').count() >= 1
    target = link.evaluate("a => a.href")
    assert target.startswith(f"{voila_server.url}/voila/render/")
    # Open it in a second tab: leaving a Voila page fires its kernel-shutdown beacon, which
    # Voila 0.5 answers with 403 (no _xsrf cookie); idle kernels are culled instead.
    other = page.context.new_page()
    other.goto(target, timeout=LOAD_TIMEOUT)
    other.wait_for_selector("button.kaya-bid", timeout=LOAD_TIMEOUT)
    other.close()
