"""Nothing lost when something breaks (issue 13 point 3, issue 15 "Kernel lifecycle"), in a real
browser: a killed kernel, a restarted server, reloads; and the class seed in pooled kernels."""

from __future__ import annotations

import os
import signal
import time

import pytest

from kayalib.i18n import Translator

from .conftest import Client, KitServer

pytestmark = [pytest.mark.voila, pytest.mark.browser]

LOAD = 120_000  # ms: a kernel start on a busy 2-core machine can be slow
STEP = 30_000
BLEF = "play-blef.ipynb"
READY = "button.kaya-bid:not([disabled]), .kaya-reveal-panel"
SELECTED = "select => select.options[select.selectedIndex].text"


def open_app(page, server: KitServer, notebook: str, query: str, ready: str = READY) -> None:
    from playwright.sync_api import TimeoutError as PageTimeout

    page.goto(f"{server.url}/voila/render/{notebook}?{query}", timeout=LOAD)
    try:
        page.wait_for_selector(ready, timeout=LOAD)
    except PageTimeout:
        tail = "\n".join(server.log_text().splitlines()[-25:])
        pytest.fail(f"{notebook}?{query} never showed {ready!r}; the server's log ends:\n{tail}")


def kernel_of(page) -> str:
    return page.evaluate(
        "JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId"
    )


def bid(page) -> None:
    """Make the first offered bid; wait until the page shows the bots' answers."""
    before = page.inner_text(".kaya-log")
    page.click("button.kaya-bid")
    page.wait_for_function(
        "old => document.querySelector('.kaya-log').innerText !== old", arg=before, timeout=STEP
    )
    page.wait_for_selector(READY, timeout=STEP)
    page.wait_for_timeout(300)


def position(page) -> tuple[str, str, str]:
    status, log = page.inner_text(".kaya-status"), page.inner_text(".kaya-log")
    return status, log, page.inner_html(".kaya-hand")


def test_a_killed_kernel_comes_back_where_it_was_and_others_play_on(class_server, student):
    alice, bob = student(), student()
    open_app(alice, class_server, BLEF, "seed=5&speed=instant&bots=odds,random&lang=pl")
    open_app(bob, class_server, BLEF, "seed=6&speed=instant&bots=odds")
    for _ in range(3):
        bid(alice)
    before = position(alice)
    os.kill(class_server.kernel_pid(kernel_of(alice)), signal.SIGKILL)

    banner = alice.wait_for_selector(".kaya-lost-banner", timeout=STEP)
    assert "Utracono połączenie" in banner.inner_text()  # in the student's language
    assert "Traceback" not in alice.content()
    alice.click(".kaya-resume-button")  # one click
    alice.wait_for_selector(READY, timeout=LOAD)
    alice.wait_for_timeout(500)
    assert position(alice) == before
    assert not alice.locator(".kaya-error-text").count()
    # the address forgets the saved game again: a later reload starts afresh
    alice.wait_for_function("() => !location.search.includes('resume=')", timeout=STEP)
    bid(alice)  # and the game goes on

    # the other student noticed nothing and still plays
    assert not bob.locator(".kaya-lost-banner").count()
    bid(bob)
    assert not bob.locator(".kaya-lost-banner").count()


def test_after_a_server_restart_the_page_stops_retrying_and_resumes(student):
    server = KitServer("restart", "app")
    try:
        server.wait()
        page = student()
        sockets: list[str] = []
        page.on("websocket", lambda ws: sockets.append(ws.url))
        open_app(page, server, "play-aku-paling-kaya.ipynb", "seed=3&speed=instant&bots=random",
                 ".kaya-status-text.kaya-your-turn")  # fmt: skip
        page.click("button.kaya-play-card:visible:not([disabled]) >> nth=0")
        page.wait_for_timeout(1500)
        before = page.inner_text(".kaya-log")
        server.stop()
        server = KitServer("restart-again", "app", port=server.port)
        server.wait()
        page.wait_for_selector(".kaya-lost-banner", timeout=STEP)
        time.sleep(15)  # what the old page does meanwhile
        assert len(sockets) <= 4, f"the page kept retrying its dead kernel: {len(sockets)}"
        log = server.log_text()
        assert "Traceback" not in log
        assert log.count("/api/kernels/") <= 6
        page.click(".kaya-resume-button")
        page.wait_for_selector(".kaya-log li", timeout=LOAD)
        page.wait_for_timeout(1000)
        assert page.inner_text(".kaya-log") == before
    finally:
        server.stop()


def test_a_reload_frees_the_old_kernel(class_server, student):
    """Voila 0.5's page asks for its kernel's shutdown without the _xsrf it needs (403)."""
    page = student()
    open_app(page, class_server, "index.ipynb", "", "a[href*='play-blef']")
    first = kernel_of(page)
    page.reload(timeout=LOAD)
    page.wait_for_selector("a[href*='play-blef']", timeout=LOAD)
    assert kernel_of(page) != first
    deadline = time.monotonic() + 20
    while page.request.get(f"{class_server.url}/api/kernels/{first}").status == 200:
        assert time.monotonic() < deadline, "the reloaded page's kernel is still running"
        time.sleep(0.5)


def test_reloads_without_a_browser_keep_three_kernels_per_student(class_server):
    client = Client(class_server)
    kernels = [client.open_page("index.ipynb")[0] for _ in range(6)]
    alive = [k for k in kernels if client.request(f"/api/kernels/{k}")[0] == 200]
    assert alive == kernels[-3:]
    for kernel_id in alive:
        client.close_page(kernel_id)


def test_a_full_server_says_so_in_the_students_language():
    server = KitServer("full", "app", "--KayalibVoila.max_kernels=1")
    try:
        server.wait()
        first = Client(server)
        first.open_page("index.ipynb")
        status, page = Client(server).request("/voila/render/index.ipynb?lang=id")
        assert status == 503 and "Server sedang sibuk" in page and "Traceback" not in page
    finally:
        server.stop()


def test_pooled_kernels_keep_the_class_seed(class_server, student):
    """A preheated kernel runs before the request; it must still read ?seed= and ?mode=."""
    class_server.wait_warm(BLEF)  # both pages get a pooled kernel (the pool holds two)
    since = len(class_server.log_text())
    pages = [student(), student()]
    for page, seed in zip(pages, ("7", "424242"), strict=True):
        open_app(page, class_server, BLEF, f"seed={seed}&mode=deck&lang=id")
        assert page.input_value(".kaya-seed input") == seed
        chosen = page.eval_on_selector(".kaya-mode select", SELECTED)
        assert chosen.replace("\xa0", " ") == Translator("id")("mode_deck")
    log = class_server.log_text()[since:]
    assert log.count("Using pre-heated kernel") == 2
    assert log.count("Connecting to kernel") == 2, "a page connects to its kernel once"


def test_a_bad_seed_typed_in_the_page_sends_no_traceback(class_server, student):
    page = student()
    frames: list[str] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda f: frames.append(str(f))))
    open_app(page, class_server, BLEF, "seed=3&speed=instant&lang=id")
    for typed in ("²", "9" * 5000):
        page.fill(".kaya-seed input", typed)
        page.click("button.kaya-new-game")
        page.wait_for_selector(".kaya-error-text", timeout=STEP)
        text = page.inner_text(".kaya-error")
        assert "Seed harus bilangan bulat dengan 1 sampai 12 angka" in text
        assert "ValueError" not in text and len(text) < 200
    page.wait_for_timeout(1000)
    joined = "\n".join(frames)
    for leak in ("Traceback", "ValueError", "site-packages"):
        assert leak not in joined


def test_a_page_without_a_game_says_so_in_the_browsers_language(class_server, chromium):
    context = chromium.new_context(locale="id-ID")
    try:
        page = context.new_page()
        open_app(page, class_server, "index.ipynb", "", "a[href*='play-blef']")
        os.kill(class_server.kernel_pid(kernel_of(page)), signal.SIGKILL)
        banner = page.wait_for_selector(".kaya-lost-banner", timeout=STEP).inner_text()
        t = Translator("id")
        assert t("resume_explain_page") in banner and t("resume_reload") in banner
        page.click(".kaya-resume-button")
        page.wait_for_selector("a[href*='play-blef']", timeout=LOAD)
        assert not page.locator(".kaya-lost-banner").count()
    finally:
        context.close()
