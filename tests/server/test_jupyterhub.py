"""Past one laptop (issue 13 point 5): a real JupyterHub with the kit's deploy config.

The hub runs on 127.0.0.1 with its proxy (``configurable-http-proxy``, installed by ``make
test`` from the npm registry into ``.venv/node``), local processes for the students' servers
and a shared class password as the login. Two students log in through the hub's login page in
a real browser, land in the kit's index in Voila, and play Blef; neither can open the other's
server.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from .conftest import ARTIFACTS, ROOT, free_port

pytestmark = [pytest.mark.slow, pytest.mark.browser]

DEPLOY = ROOT / "deploy" / "jupyterhub" / "jupyterhub_config.py"
PROXY = ROOT / ".venv" / "node" / "node_modules" / ".bin" / "configurable-http-proxy"
PASSWORD = "kayalib-class"
STUDENTS = ("ana", "budi")
LOAD = 180_000


def require_proxy() -> None:
    if PROXY.exists():
        return
    message = f"{PROXY} is missing: `make test` installs configurable-http-proxy there"
    if os.environ.get("CI") == "true":
        pytest.fail(message + " (CI=true, so this is a failure)")
    pytest.skip(message)


@pytest.fixture(scope="module")
def hub(tmp_path_factory):
    require_proxy()
    folder = tmp_path_factory.mktemp("hub")
    port, hub_port, api_port = free_port(), free_port(), free_port()
    config = folder / "jupyterhub_config.py"
    config.write_text(
        f"""
c = get_config()  # noqa: F821
load_subconfig({str(DEPLOY)!r})  # noqa: F821 - the kit's own deploy config, then test bits:
c.JupyterHub.bind_url = "http://127.0.0.1:{port}"
c.JupyterHub.hub_ip = "127.0.0.1"
c.JupyterHub.hub_port = {hub_port}
c.ConfigurableHTTPProxy.api_url = "http://127.0.0.1:{api_port}"
c.ConfigurableHTTPProxy.command = [{str(PROXY)!r}]
c.ConfigurableHTTPProxy.pid_file = {str(folder / "proxy.pid")!r}
c.JupyterHub.db_url = "sqlite:///{folder / "hub.sqlite"}"
c.JupyterHub.cookie_secret_file = {str(folder / "cookie_secret")!r}
c.JupyterHub.authenticator_class = "shared-password"  # one class password, for the test
c.SharedPasswordAuthenticator.user_password = {PASSWORD!r}
c.Authenticator.allowed_users = {set(STUDENTS)!r}
c.JupyterHub.spawner_class = "simple"
c.SimpleLocalProcessSpawner.home_dir_template = {str(folder / "home" / "{username}")!r}
c.Spawner.cmd = [{sys.executable!r}, "-m", "jupyterhub.singleuser"]
c.Spawner.ip = "127.0.0.1"
c.Spawner.args = [*c.Spawner.args, "--allow-root"]  # CI runs as root; a school's hub does not
"""
    )
    ARTIFACTS.mkdir(exist_ok=True)
    log = (ARTIFACTS / "jupyterhub.log").open("w")
    env = dict(os.environ, PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}")
    process = subprocess.Popen(
        [sys.executable, "-m", "jupyterhub", "-f", str(config)],
        cwd=folder, env=env, stdout=log, stderr=subprocess.STDOUT,
    )  # fmt: skip
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 120
        while True:
            assert process.poll() is None, "the hub stopped; see test-artifacts/jupyterhub.log"
            try:
                urllib.request.urlopen(url + "/hub/login", timeout=3).close()
                break
            except OSError:
                assert time.monotonic() < deadline, "the hub did not answer in 120 s"
                time.sleep(0.5)
        yield url
    finally:
        process.terminate()  # the hub stops the students' servers and its proxy
        try:
            process.wait(60)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(10)
        log.close()


def log_in(page, hub: str, name: str) -> None:
    page.goto(f"{hub}/hub/login", timeout=LOAD)
    page.fill("#username_input", name)
    page.fill("#password_input", PASSWORD)
    page.click("#login_submit")


def open_blef(page, url: str, name: str) -> None:
    """Open the Blef app; reload once if its widgets never arrive.

    Once, in a full run on the busy shared 2-core machine (not in six runs of this test alone),
    a page through the hub showed no enabled Bid button for three minutes although its kernel
    websocket was connected; the cause is not known yet. A student would reload, so the test
    does too, once, and keeps a screenshot of the page as it was.
    """
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    page.goto(url, timeout=LOAD)
    try:
        page.wait_for_selector("button.kaya-bid:not([disabled])", timeout=90_000)
    except PlaywrightTimeout:
        page.screenshot(path=str(ARTIFACTS / f"hub-{name}-no-widgets.png"))
        page.reload(timeout=LOAD)
        page.wait_for_selector("button.kaya-bid:not([disabled])", timeout=LOAD)


def test_two_students_log_in_and_play_blef_through_the_hub(hub, browser) -> None:
    pages = {}
    for name in STUDENTS:
        page = browser.new_context(viewport={"width": 1280, "height": 1200}).new_page()
        log_in(page, hub, name)
        pages[name] = page
    for name, page in pages.items():
        # the hub starts the student's own server and opens the kit's index in Voila
        page.wait_for_url(f"**/user/{name}/voila/render/index.ipynb*", timeout=LOAD)
        page.wait_for_selector("a[href*='play-blef.ipynb']", timeout=LOAD)
    for seed, (name, page) in enumerate(pages.items(), start=7):
        open_blef(page, f"{hub}/user/{name}/voila/render/play-blef.ipynb?seed={seed}", name)
        assert page.input_value(".kaya-seed input") == str(seed)
        before = page.inner_text(".kaya-log")
        page.click("button.kaya-bid")
        page.wait_for_function(
            "old => document.querySelector('.kaya-log').innerText !== old", arg=before,
            timeout=60_000,
        )  # fmt: skip
        assert "BlefApp" not in page.content()  # sources stripped, as in make app
        page.screenshot(path=str(ARTIFACTS / f"hub-{name}.png"))
    # a student cannot open another student's server
    ana = pages["ana"]
    response = ana.goto(f"{hub}/user/budi/voila/render/play-blef.ipynb", timeout=LOAD)
    assert "/user/budi/voila" not in ana.url or response.status in (403, 404)
    assert not ana.locator("button.kaya-bid").count()
    for page in pages.values():
        page.context.close()
