"""A curious student's browser against the class-mode server (issue 13 point 4, issue 15).

Each probe is a request a page on the classroom network could make. All traffic is loopback.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from urllib.parse import quote

import pytest

from .conftest import KERNEL_ID, Client, message, receive_for

pytestmark = [pytest.mark.voila]

ROOT = Path(__file__).resolve().parents[2]
APP_VIEW = "application/vnd.jupyter.widget-view+json"
OUTSIDE_MARKERS = ('name = "kayalib"', "root:x:0:0", "[build-system]", "def main(")


@pytest.fixture(scope="module")
def owner(class_server):
    """One student with a Blef page open: (client, kernel id)."""
    client = Client(class_server)
    kernel_id, _page = client.open_page("play-blef.ipynb", "seed=3")
    return client, kernel_id


def test_no_code_runs_from_the_page(class_server, owner, tmp_path) -> None:
    client, kernel_id = owner
    witness = tmp_path / "ran"
    code = f"open({str(witness)!r}, 'w').write('x')"
    with client.channels(kernel_id) as ws:
        ws.send(message("execute_request", {"code": code, "silent": False}))
        ws.send(message("kernel_info_request", {}))  # allowed: proves the socket works
        got = receive_for(ws, 5, until="kernel_info_reply", then=0.5)
    types = [m.get("header", {}).get("msg_type") for m in got]
    assert "kernel_info_reply" in types
    assert "execute_reply" not in types and "execute_input" not in types
    assert not witness.exists()


def test_the_page_cannot_restart_its_kernel_over_the_websocket(class_server, owner) -> None:
    client, kernel_id = owner
    pid = class_server.kernel_pid(kernel_id)
    with client.channels(kernel_id) as ws:
        ws.send(message("shutdown_request", {"restart": True}, channel="control"))
        got = receive_for(ws, 4)
    assert not [m for m in got if m.get("header", {}).get("msg_type") == "shutdown_reply"]
    assert class_server.kernel_pid(kernel_id) == pid


def test_another_student_cannot_touch_my_kernel(class_server, owner) -> None:
    client, kernel_id = owner
    other = Client(class_server)
    mine, _ = other.open_page("index.ipynb")  # a student of the class, with the server's cookies
    assert other.cookie("_xsrf") and other.cookie("kayalib_seat")
    assert other.request(f"/api/kernels/{kernel_id}")[0] == 404
    xsrf = other.cookie("_xsrf")
    body = f"_xsrf={quote(xsrf)}".encode()
    assert other.request(f"/voila/api/shutdown/{kernel_id}", "POST", body)[0] == 404
    assert other.request(f"/api/kernels/{kernel_id}?_xsrf={quote(xsrf)}", "DELETE")[0] == 404
    for action in ("interrupt", "restart"):
        assert other.request(f"/api/kernels/{kernel_id}/{action}", "POST", b"")[0] == 404
    assert other.request("/api/kernels")[0] == 404  # no list of the class's kernels
    from websockets.exceptions import InvalidStatus

    with pytest.raises(InvalidStatus) as refused:
        other.channels(kernel_id)
    assert refused.value.response.status_code == 404
    # the owner's kernel is untouched and still answers its owner
    status, model = client.request(f"/api/kernels/{kernel_id}")
    assert status == 200 and json.loads(model)["id"] == kernel_id
    other.close_page(mine)


def test_only_the_servers_kernels_may_read_a_page_address(class_server, owner) -> None:
    from websockets.exceptions import InvalidStatus
    from websockets.sync.client import connect

    _client, kernel_id = owner
    url = f"ws://127.0.0.1:{class_server.port}/voila/query/{kernel_id}"
    with pytest.raises(InvalidStatus):
        connect(url, open_timeout=10)


def test_a_page_shuts_down_its_own_kernel_when_it_is_closed(class_server) -> None:
    client = Client(class_server)
    kernel_id, _ = client.open_page("index.ipynb")
    pid = class_server.kernel_pid(kernel_id)
    body = f"_xsrf={quote(client.cookie('_xsrf'))}".encode()  # what the page's beacon sends
    assert client.request(f"/voila/api/shutdown/{kernel_id}", "POST", body)[0] == 204
    deadline = time.monotonic() + 20
    while pid in class_server.kernel_pids() and time.monotonic() < deadline:
        time.sleep(0.3)
    assert pid not in class_server.kernel_pids()


TRAVERSALS = [
    "/voila/files/../pyproject.toml",
    "/voila/files/..%2fpyproject.toml",
    "/voila/files/%2e%2e/pyproject.toml",
    "/voila/files/%252e%252e%252fpyproject.toml",
    "/voila/files/..%5cpyproject.toml",
    "/voila/files//etc/passwd",
    "/voila/files/%2fetc%2fpasswd",
    "/voila/render/../pyproject.toml",
    "/voila/render/..%2fpyproject.toml",
    "/voila/render/%2e%2e%2fREADME.md",
    "/voila/render/..%2ftests%2fserver%2fconftest.py",
    "/voila/tree/..",
    "/voila/tree/%2e%2e",
    "/voila/api/contents/..",
    "/voila/api/contents/%2e%2e/pyproject.toml?content=1&format=text",
    "/voila/static/../../../../../../etc/passwd",
    "/voila/static/..%2f..%2f..%2f..%2fpyproject.toml",
    "/voila/templates/kayalib/static/../../../../../pyproject.toml",
    "/voila/templates/kayalib/static/..%2f..%2f..%2f..%2f..%2fpyproject.toml",
    "/voila/templates/..%2f..%2f..%2fpyproject.toml",
    "/voila/labextensions/..%2f..%2f..%2f..%2fpyproject.toml",
    "/voila/api/themes/..%2f..%2fpyproject.toml",
    "/voila.json",
    "/voila/files/voila.json",
]


@pytest.mark.parametrize("path", TRAVERSALS)
def test_no_file_outside_the_notebooks_can_be_read(class_server, path: str) -> None:
    status, body = Client(class_server).request(path, timeout=60)
    assert status in (301, 302, 400, 403, 404, 405), (status, body[:200])
    assert not any(marker in body for marker in OUTSIDE_MARKERS)
    assert "Traceback" not in body


@pytest.mark.parametrize(
    "path",
    ["/logout", "/login", "/voila/templates/x", "/voila/templates/kayalib/x",
     "/voila/templates/kayalib/static", "/voila/templates//static/x"],
)  # fmt: skip
def test_odd_routes_are_a_plain_404(class_server, path: str) -> None:
    status, body = Client(class_server).request(path, timeout=30)
    assert status == 404, (status, body[:200])
    assert "Traceback" not in body


@pytest.mark.parametrize(
    "query",
    [
        "seed=abc&lang=xx",
        "seed=-1&bots=evil",
        "seed=" + "1" * 100 + "&speed=" + "x" * 4000 + "&bots=" + "odds," * 800,
        "seed=%C2%B2&resume=garbage&mode=" + "deck" * 1000,
        "seed=" + "9" * 5000 + "&template=nonexistent&theme=nonexistent",
    ],
    ids=["abc-xx", "negative-evil", "long-values", "superscript-resume", "5000-template"],
)
def test_bad_address_values_give_the_normal_app(class_server, query: str) -> None:
    client = Client(class_server)
    start = time.monotonic()
    status, page = client.request(f"/voila/render/play-blef.ipynb?{query}", timeout=120)
    assert status == 200 and time.monotonic() - start < 100
    assert APP_VIEW in page, "the app is missing from the page"
    assert "There was an error when executing cell" not in page
    assert "Traceback" not in page and "ValueError" not in page
    assert "BlefApp.from_query_string" not in page  # no source on the page
    client.close_page(KERNEL_ID.search(page).group(1))


def test_an_unknown_template_is_ignored_and_leaks_no_kernel(class_server) -> None:
    client = Client(class_server)
    kernels = []
    for query in ("template=nonexistent", "theme=nonexistent", "template=lab&theme=dark"):
        status, page = client.request(f"/voila/render/index.ipynb?{query}", timeout=60)
        assert status == 200 and "kaya-lost-banner" in page  # the kit's own template
        kernels.append(KERNEL_ID.search(page).group(1))
    for _ in range(3):
        kernels.append(client.open_page("index.ipynb")[0])
    alive = [k for k in kernels if client.request(f"/api/kernels/{k}")[0] == 200]
    assert alive == kernels[-3:]  # one browser keeps at most three kernels
    for kernel_id in alive:
        client.close_page(kernel_id)


def test_a_crafted_widget_message_sends_no_traceback(class_server) -> None:
    """An invalid widget update makes ipywidgets raise; the traceback stays on the server."""
    client = Client(class_server)
    kernel_id, _ = client.open_page("play-blef.ipynb", "seed=4")
    with client.channels(kernel_id) as ws:
        ws.send(message("comm_info_request", {"target_name": "jupyter.widget"}))
        comms = {}
        for reply in receive_for(ws, 5, until="comm_info_reply"):
            if reply.get("header", {}).get("msg_type") == "comm_info_reply":
                comms = reply["content"]["comms"]
        assert comms, "the page's widgets are not there"
        for comm_id in list(comms)[:60]:  # dropdowns among them refuse an unknown index
            update = {"comm_id": comm_id, "data": {"method": "update",
                      "state": {"index": 999, "value": 10**9}, "buffer_paths": []}}  # fmt: skip
            ws.send(message("comm_msg", update))
        ws.send(message("kernel_info_request", {}))  # answered once the updates are handled
        got = receive_for(ws, 6, until="kernel_info_reply", then=1.0)  # and their output sent
    client.close_page(kernel_id)
    text = json.dumps(got)
    assert "Traceback" not in text and 'File \\"' not in text and "/site-packages/" not in text
    assert not [m for m in got if m.get("header", {}).get("msg_type") == "error"]


def test_the_write_a_bot_page_is_never_run_by_the_server(class_server) -> None:
    """It writes files (a teacher's bot was replaced by the template): JupyterLab only."""
    before = set(class_server.kernel_pids())
    status, page = Client(class_server).request("/voila/render/write-a-bot.ipynb?lang=pl")
    assert status == 404 and "JupyterLab" in page and "kayalib lab" in page
    assert set(class_server.kernel_pids()) <= before
