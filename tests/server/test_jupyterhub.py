"""Past one laptop (issue 13 point 5, issue 24 point 10): a real JupyterHub with the kit's
deploy config as it is shipped.

The hub runs ``deploy/jupyterhub/jupyterhub_config.py`` unchanged (its login, its spawner, its
roster, the student's rules); the test adds only what a test machine needs: loopback ports,
the proxy (``configurable-http-proxy``, installed by ``make test`` from the npm registry into
``.venv/node``), and ``--allow-root`` (CI runs as root; a school's hub does not). Two students
of the roster log in through the hub's login page in a real browser, land in the kit's index in
Voila and play Blef; neither can open the other's server; the teacher is the hub's admin; a
name not on the roster cannot log in; and a student's server gives them no terminal, no
JupyterLab, no kernel of their own and no way to change the class's notebooks.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from tests.processes import ServerProcess, free_port

from .conftest import ARTIFACTS, ROOT

pytestmark = [pytest.mark.slow, pytest.mark.browser]

DEPLOY = ROOT / "deploy" / "jupyterhub" / "jupyterhub_config.py"
PROXY = ROOT / ".venv" / "node" / "node_modules" / ".bin" / "configurable-http-proxy"
PASSWORD = "kayalib-class"
TEACHER_PASSWORD = "the-teachers-own-password-of-32-chars"
STUDENTS = ("ana", "budi")  # deploy/jupyterhub/roster.txt
LOAD = 180_000
TABLES_KEY = "the-teachers-tables-key"


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
load_subconfig({str(DEPLOY)!r})  # noqa: F821 - the kit's deploy config as shipped; then only
c.JupyterHub.hub_ip = "127.0.0.1"  # what this test machine needs: loopback ports, the proxy
c.JupyterHub.hub_port = {hub_port}
c.ConfigurableHTTPProxy.api_url = "http://127.0.0.1:{api_port}"
c.ConfigurableHTTPProxy.command = [{str(PROXY)!r}]
c.ConfigurableHTTPProxy.pid_file = {str(folder / "proxy.pid")!r}
c.Spawner.args.append("--allow-root")  # CI runs as root; a school's hub does not
"""
    )
    env = dict(os.environ, PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}",
               KAYALIB_HUB_URL=f"http://127.0.0.1:{port}", KAYALIB_HUB_PASSWORD=PASSWORD,
               KAYALIB_HUB_ADMIN_PASSWORD=TEACHER_PASSWORD, KAYALIB_TABLES_KEY=TABLES_KEY,
               KAYALIB_TABLES_URL=f"http://127.0.0.1:{free_port()}",
               KAYALIB_TABLES_STORE=str(folder / "class-tables.sqlite"))  # fmt: skip
    server = ServerProcess([sys.executable, "-m", "jupyterhub", "-f", str(config)], port=port,
                           cwd=folder, env=env, log_path=ARTIFACTS / "jupyterhub.log")  # fmt: skip
    try:
        server.wait(120, path="/hub/login")
        yield server.url, server.process
    finally:
        server.stop(60)  # the hub stops the students' servers and its proxy


def log_in(page, hub: str, name: str, password: str = PASSWORD) -> None:
    page.goto(f"{hub}/hub/login", timeout=LOAD)
    page.fill("#username_input", name)
    page.fill("#password_input", password)
    page.click("#login_submit")


def open_blef(page, url: str, name: str) -> None:
    """Open the Blef app and wait for the human's turn (the bots move while the page loads).

    Once, in a full run on a busy 2-core machine, such a page showed no enabled Bid button for
    minutes. A page shows exactly that whenever the bots' moves come while it builds its widgets
    (the widget library drops them; ``tests/apps/test_browser.py`` makes it happen). The page now
    asks its kernel for the whole page once it is drawn (the board's ``hello``,
    kayalib/ui/board.py), so this test no longer reloads a page that is stuck.
    """
    page.goto(url, timeout=LOAD)
    try:
        page.wait_for_selector("button.kaya-bid:not([disabled])", timeout=LOAD)
    finally:
        page.screenshot(path=str(ARTIFACTS / f"hub-{name}-blef.png"))


def test_two_students_log_in_and_play_blef_through_the_hub(hub, chromium) -> None:
    hub, process = hub
    pages = {}
    for name in STUDENTS:
        page = chromium.new_context(viewport={"width": 1280, "height": 1200}).new_page()
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
    ana = pages["ana"]
    record_memory(process, ana, hub)  # her Blef page open, and two tabs more
    # a student cannot open another student's server
    response = ana.goto(f"{hub}/user/budi/voila/render/play-blef.ipynb", timeout=LOAD)
    assert "/user/budi/voila" not in ana.url or response.status in (403, 404)
    assert not ana.locator("button.kaya-bid").count()
    for page in pages.values():
        page.context.close()


def api(page, method: str, url: str, body: str | None = None) -> int:
    """A request from the student's page (their cookies and XSRF token), as a script would."""
    return page.evaluate(
        """async ([method, url, body]) => {
            const xsrf = (document.cookie.match(/_xsrf=([^;]+)/) || [])[1] || "";
            const r = await fetch(url, {method, body, headers: {"X-XSRFToken": xsrf,
                                        "Content-Type": "application/json"}});
            return r.status; }""",
        [method, url, body],
    )


def test_a_student_can_change_nothing_and_run_no_code(hub, chromium) -> None:
    """In the hub as the old test ran it, a student got JupyterLab, a terminal and any kernel,
    and a PUT into the shared notebooks/ folder changed every classmate's notebooks."""
    hub, _ = hub
    page = chromium.new_context().new_page()
    log_in(page, hub, "ana")
    page.wait_for_url("**/user/ana/voila/render/index.ipynb*", timeout=LOAD)
    mine = f"{hub}/user/ana"
    index = (ROOT / "notebooks" / "index.ipynb").read_text("utf-8")
    assert api(page, "GET", f"{mine}/api/contents/index.ipynb") == 200  # reading works
    changed = json.dumps({"type": "file", "format": "text", "content": "changed"})
    assert api(page, "PUT", f"{mine}/api/contents/index.ipynb", changed) == 403
    assert api(page, "PUT", f"{mine}/api/contents/new.txt", changed) == 403
    assert api(page, "DELETE", f"{mine}/api/contents/index.ipynb") == 403
    assert (ROOT / "notebooks" / "index.ipynb").read_text("utf-8") == index
    assert not (ROOT / "notebooks" / "new.txt").exists()
    assert api(page, "POST", f"{mine}/api/kernels", "{}") == 403  # no kernel of their own
    assert api(page, "POST", f"{mine}/api/sessions", '{"path": "x", "type": "notebook"}') == 403
    assert api(page, "POST", f"{mine}/api/terminals") in (403, 404)
    assert api(page, "POST", f"{mine}/api/shutdown") == 403
    assert page.goto(f"{mine}/lab", timeout=LOAD).status == 404  # no JupyterLab
    assert page.goto(f"{mine}/terminals/1", timeout=LOAD).status == 404
    page.context.close()


def test_the_teacher_is_the_hubs_admin_and_strangers_stay_out(hub, chromium) -> None:
    hub, _ = hub
    teacher = chromium.new_context().new_page()
    log_in(teacher, hub, "teacher", TEACHER_PASSWORD)
    teacher.wait_for_url("**/user/teacher/**", timeout=LOAD)
    assert teacher.goto(f"{hub}/hub/admin", timeout=LOAD).status == 200
    teacher.wait_for_selector("text=ana", timeout=60_000)  # the admin page lists the class
    teacher.context.close()
    for name, password in (("carl", PASSWORD), ("teacher", PASSWORD), ("ana", "wrong")):
        stranger = chromium.new_context().new_page()
        log_in(stranger, hub, name, password)
        stranger.wait_for_load_state()
        assert "/hub/login" in stranger.url, (name, stranger.url)  # refused
        stranger.context.close()


def record_memory(process: subprocess.Popen, page, hub: str) -> None:
    """A student's server with the index, a play app and a lesson open in three tabs (``page``
    is her play app, a game begun): its memory, for the pod sizes in z2jh-values.yaml (written
    to test-artifacts/hub-memory.json). A pod's memory counts each page once: the sum of the
    processes' proportional sizes."""
    import psutil

    assert "/user/ana/voila/render/play-blef.ipynb" in page.url
    tabs = [page.context.new_page() for _ in range(2)]  # with hers, three tabs, three kernels
    for tab, (notebook, ready) in zip(tabs, [
        ("index.ipynb", "a[href*='play-blef.ipynb']"),
        ("03-how-likely-is-my-bid.ipynb", ".kayalib-commit"),
    ], strict=True):  # fmt: skip
        tab.goto(f"{hub}/user/ana/voila/render/{notebook}", timeout=LOAD)
        tab.wait_for_selector(ready, timeout=LOAD)
    ana = [p for p in psutil.Process(process.pid).children(recursive=True)
           if _env(p).get("JUPYTERHUB_USER") == "ana"]  # fmt: skip
    tree = {p.pid: p for p in ana}
    for p in ana:
        tree.update({child.pid: child for child in p.children(recursive=True)})
    infos = [p.memory_full_info() for p in tree.values()]
    used = {"processes": len(infos), "rss_mb": sum(i.rss for i in infos) / 2**20,
            "pss_mb": sum(i.pss for i in infos) / 2**20,  # what a pod's memory counts
            "uss_mb": sum(i.uss for i in infos) / 2**20}  # fmt: skip
    (ARTIFACTS / "hub-memory.json").write_text(json.dumps(used, indent=2))
    memory = z2jh_values()["singleuser"]["memory"]
    assert used["pss_mb"] < mebibytes(memory["guarantee"]) < mebibytes(memory["limit"]), used


def _env(process) -> dict[str, str]:
    try:
        return process.environ()
    except Exception:
        return {}


def z2jh_values() -> dict:
    import yaml

    return yaml.safe_load((DEPLOY.parent / "z2jh-values.yaml").read_text("utf-8"))


def mebibytes(size: str) -> float:
    units = {"K": 1 / 1024, "M": 1.0, "G": 1024.0}
    return float(size[:-1]) * units[size[-1]]


def tables_do(hub: str, body: dict) -> dict:
    request = urllib.request.Request(f"{hub}/services/tables/kayalib/dashboard/do",
                                     data=json.dumps(body).encode(), method="POST",
                                     headers={"X-Kayalib-Key": TABLES_KEY})  # fmt: skip
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.loads(answer.read())


def tables_state(hub: str) -> dict:
    request = urllib.request.Request(f"{hub}/services/tables/kayalib/dashboard/state",
                                     headers={"X-Kayalib-Key": TABLES_KEY})  # fmt: skip
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.loads(answer.read())


def test_two_students_log_in_and_play_a_round_at_one_class_table(hub, chromium) -> None:
    """The class tables as the hub's service: the login is the nickname, each student plays
    from their own server, and the round is played to its check."""
    hub, _ = hub
    code = tables_do(hub, {"do": "create", "game": "blef", "people": 2, "bots": [],
                           "options": {"cards": "1"}})["code"]  # fmt: skip
    pages = {}
    for name in STUDENTS:
        page = chromium.new_context().new_page()
        log_in(page, hub, name)
        page.wait_for_url(f"**/user/{name}/**", timeout=LOAD)
        page.goto(f"{hub}/services/tables/kayalib/join?code={code}", timeout=LOAD)
        page.click(".kaya-join-button")  # through the hub's login: no nickname to type
        page.wait_for_url(f"**/user/{name}/voila/render/play-blef.ipynb?table={code}*",
                          timeout=LOAD)  # fmt: skip
        page.wait_for_selector(".kaya-status", timeout=LOAD)
        pages[name] = page
    table = tables_state(hub)["tables"][0]
    assert [s["label"] for s in table["seats"]] == list(STUDENTS)
    for _ in range(20):
        table = tables_state(hub)["tables"][0]
        if table["rounds"] >= 1:
            break
        page = pages[table["seats"][table["to_move"]]["label"]]
        page.wait_for_selector("button.kaya-bid:not([disabled])", timeout=LOAD)
        moves = table["moves"]
        if page.locator("button.kaya-check:not([disabled])").count():
            page.click("button.kaya-check")
        else:
            page.click("button.kaya-bid")
        deadline = time.monotonic() + 60
        while tables_state(hub)["tables"][0]["moves"] == moves:
            assert time.monotonic() < deadline, "the move did not reach the service"
            time.sleep(0.2)
    assert table["rounds"] >= 1 and table["over"]
    for name, page in pages.items():
        page.wait_for_selector(".kaya-reveal svg.kaya-card-blef", timeout=60_000)
        page.screenshot(path=str(ARTIFACTS / f"hub-table-{name}.png"))
        page.context.close()
