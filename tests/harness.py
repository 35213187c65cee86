"""The browser harness of every test folder: a real Voila server over ``notebooks/`` and a
headless Chromium (the root ``conftest.py`` registers the fixtures).

The server runs as ``make app`` does (the offline ``kayalib`` template, ``voila.json``), on a
free port, once per test process (``voila_server``). A page that shows the lessons' answer keys
needs a server that has one: ``answer_key_server`` is the kit's own server (``python -m
kayalib app``) with the answer key :data:`ANSWER_KEY`, which a page's first address
(:meth:`AnswerKeyServer.teacher_address`) trades for the browser's cookie. Browser tests use
Debian's ``/usr/bin/chromium`` through Playwright (``chromium``) and never download a browser:
without it they skip, except under ``CI=true``. ``page`` is a fresh browser context's page that
fails its test on a console error, a page error or a request that leaves this machine.
"""

from __future__ import annotations

import os
import secrets
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.processes import CHROMIUM, CHROMIUM_ARGS, ServerProcess, free_port, voila_command

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
ARTIFACTS = ROOT / "test-artifacts"
# Console lines that are not faults of the page: JupyterLab's shared-module version notes.
HARMLESS_CONSOLE = ("Unsatisfied version", "No satisfying version")


class VoilaServer(ServerProcess):
    """``voila`` serving ``notebooks/`` as ``make app`` does, its log one per test process."""

    def __init__(self) -> None:
        worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
        env = dict(os.environ)
        extra = str(NOTEBOOKS / ".jupyter")
        env["JUPYTER_PATH"] = extra + (
            os.pathsep + env["JUPYTER_PATH"] if "JUPYTER_PATH" in env else ""
        )
        env.pop("QUERY_STRING", None)
        port = free_port()
        super().__init__(voila_command(port), port=port, cwd=NOTEBOOKS, env=env,
                         log_path=ARTIFACTS / f"voila-{worker}.log")  # fmt: skip


#: the answer keys' key of the kit's server the tests start (new at every run)
ANSWER_KEY = secrets.token_urlsafe(12)


class AnswerKeyServer(ServerProcess):
    """The kit's own server as ``make app`` runs it, with an answer key (:data:`ANSWER_KEY`)."""

    def __init__(self) -> None:
        worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
        env = {k: v for k, v in os.environ.items() if k != "QUERY_STRING"}
        port = free_port()
        command = [sys.executable, "-m", "kayalib", "app", f"--port={port}",
                   f"--KayalibVoila.answer_key={ANSWER_KEY}"]  # fmt: skip
        super().__init__(command, port=port, cwd=ROOT, env=env,
                         log_path=ARTIFACTS / f"kit-app-{worker}.log")  # fmt: skip

    def teacher_address(self, notebook: str, query: str = "") -> str:
        """The address that opens ``notebook`` as the teacher's screen (its key, traded for a
        cookie on the way: the page itself is at the same address without it)."""
        more = f"&{query}" if query else ""
        return f"{self.url}/voila/render/{notebook}?solutions=key&key={ANSWER_KEY}{more}"


@pytest.fixture(scope="session")
def answer_key_server() -> Iterator[AnswerKeyServer]:
    server = AnswerKeyServer()
    try:
        server.wait(180)
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def voila_server() -> Iterator[VoilaServer]:
    server = VoilaServer()
    try:
        server.wait(180)
        yield server
    finally:
        server.stop()


def require_chromium(path: str = CHROMIUM) -> None:
    """Skip with a notice when ``path`` is missing; under ``CI=true`` fail instead."""
    if not Path(path).exists():
        message = f"{path} is missing: browser tests need Debian's chromium package"
        if os.environ.get("CI") == "true":
            pytest.fail(message + " (CI=true, so this is a failure)")
        pytest.skip(message)


#: the test process's Chromium and the Playwright that drives it, while browser tests run
_BROWSER: dict[str, Any] = {}


def _shared_chromium() -> Any:
    """The test process's headless Chromium, launched on first use."""
    if "browser" not in _BROWSER:
        from playwright.sync_api import sync_playwright

        playwright = sync_playwright().start()
        try:
            _BROWSER["browser"] = playwright.chromium.launch(executable_path=CHROMIUM,
                                                            args=CHROMIUM_ARGS)  # fmt: skip
        except BaseException:
            playwright.stop()
            raise
        _BROWSER["playwright"] = playwright
    return _BROWSER["browser"]


def _close_chromium() -> None:
    browser, playwright = _BROWSER.pop("browser", None), _BROWSER.pop("playwright", None)
    _BROWSER.pop("module", None)
    try:
        if browser is not None:
            browser.close()
    finally:
        if playwright is not None:
            playwright.stop()


@pytest.fixture(scope="module")
def chromium(request: pytest.FixtureRequest):
    """A headless Chromium (Debian's), or a skip with a notice (a failure under CI=true).

    One browser serves the test process's browser modules one after the other (a launch costs
    a second or two of CPU); each module's pages and contexts are closed when it ends. It is
    closed before the first test of another module that does not use it
    (:func:`pytest_runtest_setup`), as it was at the end of each module: Playwright's sync API
    keeps an asyncio loop running while it is open, which would break later tests that run an
    event loop of their own.
    """
    require_chromium()
    browser = _shared_chromium()
    _BROWSER["module"] = request.module
    try:
        yield browser
    finally:
        for context in browser.contexts:
            context.close()


def pytest_runtest_setup(item: pytest.Item) -> None:
    """A test of another module that uses no browser runs with none open (see
    :func:`chromium`)."""
    if "chromium" not in getattr(item, "fixturenames", ()) and \
            getattr(item, "module", None) is not _BROWSER.get("module"):  # fmt: skip
        _close_chromium()


def pytest_sessionfinish() -> None:
    _close_chromium()


@pytest.fixture
def page(chromium, request):
    """A fresh page that fails the test on console errors, page errors and outside requests."""
    context = chromium.new_context(viewport={"width": 1280, "height": 1500})
    pg = context.new_page()
    problems: list[str] = []

    def on_console(message) -> None:
        text = message.text
        if message.type == "error" and not any(h in text for h in HARMLESS_CONSOLE):
            problems.append(f"console error: {text}")
        elif "Failed to load model class" in text:
            problems.append(f"console: {text}")

    def on_request(req) -> None:
        if not req.url.startswith(("http://127.0.0.1", "ws://127.0.0.1", "data:", "blob:")):
            problems.append(f"request outside this machine: {req.url}")

    pg.on("console", on_console)
    pg.on("pageerror", lambda error: problems.append(f"page error: {error}"))
    pg.on("request", on_request)
    pg.problems = problems  # type: ignore[attr-defined]
    yield pg
    ARTIFACTS.mkdir(exist_ok=True)
    try:
        pg.screenshot(path=str(ARTIFACTS / f"{request.node.name}.png"), full_page=True)
    finally:
        context.close()
    assert not problems, "\n".join(problems)


#: resolves once the page's element count has held still for half a second (late widget views)
SETTLED = """() => new Promise((done) => {
  let last = -1, still = 0;
  const tick = () => {
    const n = document.getElementsByTagName('*').length;
    still = n === last ? still + 1 : 0;
    last = n;
    if (still >= 5) done(n); else setTimeout(tick, 100);
  };
  tick();
})"""
