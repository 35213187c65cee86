"""The kit's own server (``python -m kayalib app|class``) on loopback, and clients for it.

Every server here binds to 127.0.0.1 on a free port and is stopped at the end of its scope;
all traffic stays on this machine. The class-mode server warms few kernels (a pool of 2 for
Blef, none for the lessons) so the suite stays quick on two cores.
"""

from __future__ import annotations

import http.client
import http.cookiejar
import json
import os
import re
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
import zlib
from collections.abc import Iterator

import pytest

from tests.harness import ARTIFACTS, ROOT
from tests.processes import ServerProcess, free_port

KERNEL_ID = re.compile(r'"kernelId": "([0-9a-f-]{36})"')

__all__ = ["ARTIFACTS", "ROOT", "Client", "KitServer", "free_port", "raw_get"]


class KitServer(ServerProcess):
    """``python -m kayalib MODE --port P ...`` in a subprocess, logging to a file."""

    def __init__(self, name: str, mode: str, *args: str, port: int | None = None) -> None:
        self.name = name
        port = port or free_port()
        command = [sys.executable, "-m", "kayalib", mode, f"--port={port}", *args]
        if mode == "class":
            command += ["--ip=127.0.0.1", "--no-qr"]
        super().__init__(command, port=port, cwd=ROOT,
                         log_path=ARTIFACTS / f"server-{name}.log")  # fmt: skip

    def wait_warm(self, notebook: str, timeout: float = 180.0) -> None:
        """Until the pool of ``notebook`` is whole again: the server's log has said it is warm
        since a page last took one of its kernels (a pool refills some time after that)."""
        from kayalib.server.pools import WARM_LOG

        warm, taken = f"{WARM_LOG} {notebook}:", re.compile(rf"Using pre-heated kernel: \S+ for "
                                                             rf"{re.escape(notebook)}$", re.M)
        deadline = time.monotonic() + timeout
        while True:
            text = self.log_text()
            last_taken = max((m.start() for m in taken.finditer(text)), default=-1)
            if text.rfind(warm) > last_taken:
                return
            assert time.monotonic() < deadline, f"the pool of {notebook} did not refill"
            time.sleep(0.3)


class Client:
    """A browser-like HTTP client with its own cookies (one student, one seat)."""

    def __init__(self, server: KitServer) -> None:
        self.server = server
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))

    def request(
        self, path: str, method: str = "GET", data: bytes | None = None, timeout: float = 120
    ) -> tuple[int, str]:
        request = urllib.request.Request(self.server.url + path, data=data, method=method)
        try:
            with self.opener.open(request, timeout=timeout) as response:
                return response.status, response.read().decode("utf-8", "replace")
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode("utf-8", "replace")

    def open_page(self, notebook: str, query: str = "") -> tuple[str, str]:
        """Render a notebook; returns (kernel id, page)."""
        status, page = self.request(f"/voila/render/{notebook}" + (f"?{query}" if query else ""))
        assert status == 200, (status, page[:300])
        match = KERNEL_ID.search(page)
        assert match, "the page names no kernel"
        return match.group(1), page

    def close_page(self, kernel_id: str) -> int:
        """What a browser does when a page is closed: ask the server to stop its kernel."""
        body = f"_xsrf={urllib.parse.quote(self.cookie('_xsrf'))}".encode()
        return self.request(f"/voila/api/shutdown/{kernel_id}", "POST", body)[0]

    def cookie(self, name: str) -> str:
        return next((c.value for c in self.jar if c.name == name), "")

    def cookie_header(self) -> str:
        return "; ".join(f"{c.name}={c.value}" for c in self.jar)

    def channels(self, kernel_id: str, subprotocols: list[str] | None = None, host: str = ""):
        """A websocket to the kernel's channels with this seat's cookies (the JSON protocol,
        unless ``subprotocols`` offers others), for ``host`` (default: the server's address)."""
        import socket

        from websockets.sync.client import connect

        where = host or f"127.0.0.1:{self.server.port}"  # the Host header the socket sends
        sock = socket.create_connection(("127.0.0.1", self.server.port), timeout=30)
        return connect(
            f"ws://{where}/api/kernels/{kernel_id}/channels", sock=sock, open_timeout=30,
            additional_headers={"Cookie": self.cookie_header()}, max_size=None,
            subprotocols=subprotocols,  # type: ignore[arg-type]
        )  # fmt: skip


def raw_get(
    server: KitServer, path: str, *, source: str = "127.0.0.1", host: str | None = None,
    timeout: float = 120,
) -> tuple[int, str]:
    """GET without cookies from the client address ``source`` (any 127.x.y.z is this machine),
    with the ``Host`` header ``host`` (default: the server's own address)."""
    connection = http.client.HTTPConnection(
        "127.0.0.1", server.port, timeout=timeout, source_address=(source, 0)
    )
    try:
        connection.request("GET", path, headers={"Host": host or f"127.0.0.1:{server.port}"})
        response = connection.getresponse()
        return response.status, response.read().decode("utf-8", "replace")
    finally:
        connection.close()


def message(msg_type: str, content: dict, channel: str = "shell") -> str:
    """A Jupyter message as the JSON websocket protocol carries it."""
    import uuid

    header = {
        "msg_id": uuid.uuid4().hex, "msg_type": msg_type, "username": "student",
        "session": uuid.uuid4().hex, "date": "2025-01-01T00:00:00Z", "version": "5.3",
    }  # fmt: skip
    return json.dumps(
        {"header": header, "parent_header": {}, "metadata": {}, "content": content,
         "channel": channel, "buffers": []}
    )  # fmt: skip


def _readable(buffer: bytes) -> object:
    """A message's buffer as data: the board's scene or patch unpacked, else its bytes as text."""
    from kayalib.ui.board import unpack

    try:
        return unpack(buffer)
    except (zlib.error, ValueError):
        return buffer.decode("latin-1")


def receive_for(ws, seconds: float, until: str | None = None, then: float = 0.0) -> list[dict]:
    """Every message the websocket brings within ``seconds``; or, with ``until``, only until a
    message of that type has come, and ``then`` seconds more.

    To show that the kernel never answered a request, send a ``kernel_info_request`` after it
    on the same channel, and receive until its ``kernel_info_reply``: a kernel answers one
    channel's requests in order, so any answer to the request would have come before.
    """
    from jupyter_server.services.kernels.connection.base import deserialize_binary_message
    from websockets.exceptions import ConnectionClosed

    got: list[dict] = []
    deadline = time.monotonic() + seconds
    while (left := deadline - time.monotonic()) > 0:
        try:
            raw = ws.recv(timeout=left)
        except TimeoutError:
            break
        except ConnectionClosed:
            break
        if isinstance(raw, str):
            got.append(json.loads(raw))
        else:  # a message with buffers: the board's unpacked (its page), for checks on words
            msg = deserialize_binary_message(raw)
            msg["buffers"] = [_readable(bytes(b)) for b in msg.get("buffers", [])]
            got.append(json.loads(json.dumps(msg, default=str)))  # its dates as text
        if until is not None and got[-1].get("header", {}).get("msg_type") == until:
            until, deadline = None, min(deadline, time.monotonic() + then)
    return got


@pytest.fixture(scope="session")
def class_server() -> Iterator[KitServer]:
    """Class mode with a pool of 2 for Blef, the play app these tests open (the class server
    would warm one per student for Aku Paling Kaya too), none for the lessons; sized for 6
    students, so that the browsers of test_security.py and test_recovery.py fit when they share
    it (each holds a seat until its kernels are culled; 2 students' server takes 7)."""
    pools = {"default": {"pool_size": 0}, "play-blef.ipynb": {"pool_size": 2}}
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")  # a log of its own on each worker
    server = KitServer(f"class-{worker}" if worker else "class", "class", "--students=6",
                       "--lesson-pool=0",
                       f"--VoilaKernelManager.kernel_pools_config={pools!r}")  # fmt: skip
    try:
        server.wait(pools=("play-blef.ipynb",))
        yield server
    finally:
        server.stop()


@pytest.fixture
def student(chromium, request):
    """A new browser context (one student) whose page fails the test on page errors."""
    contexts = []

    def open_student():
        context = chromium.new_context(viewport={"width": 1280, "height": 1200})
        page = context.new_page()
        page.problems = []  # type: ignore[attr-defined]
        page.on("pageerror", lambda error: page.problems.append(f"page error: {error}"))
        contexts.append(context)
        return page

    yield open_student
    ARTIFACTS.mkdir(exist_ok=True)
    for i, context in enumerate(contexts):
        for page in context.pages:
            try:
                page.screenshot(path=str(ARTIFACTS / f"{request.node.name}-{i}.png"))
            except Exception:
                pass
            assert not page.problems, page.problems
        context.close()
