"""One student against the whole server (issue 24, points 2, 3 and 7): a crafted websocket frame,
a loop of requests without cookies, a web page that makes its own name point at the server.

Each attack comes from one client; another student's requests must keep being answered within
a second, and their game keeps running. All traffic is loopback (``127.0.0.2`` is a second
client address on this machine).
"""

from __future__ import annotations

import struct
import threading
import time

import pytest

from .conftest import Client, KitServer, message, raw_get, receive_for

pytestmark = [pytest.mark.voila]

V1 = "v1.kernel.websocket.jupyter.org"  # the binary protocol jupyter_server decodes in loops
ANSWER_WITHIN = 1.0  # seconds: what the other students may wait while one of them attacks


@pytest.fixture(scope="module")
def app_server():
    server = KitServer("hostile", "app")
    try:
        server.wait()
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="module")
def victim(app_server):
    """Another student with a Blef game open: (client, kernel id)."""
    client = Client(app_server)
    kernel_id, _ = client.open_page("play-blef.ipynb", "seed=5")
    return client, kernel_id


class Watch:
    """The other student asking for their kernel's model every 0.1 s; the slowest answer."""

    def __init__(self, client: Client, kernel_id: str) -> None:
        self.client, self.path = client, f"/api/kernels/{kernel_id}"
        self.slowest = 0.0
        self.statuses: list[int] = []
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self.run, daemon=True)

    def run(self) -> None:
        while not self.stop.is_set():
            start = time.monotonic()
            try:
                status = self.client.request(self.path, timeout=10)[0]
            except OSError:
                status = 0
            self.statuses.append(status)
            self.slowest = max(self.slowest, time.monotonic() - start)
            time.sleep(0.1)

    def __enter__(self) -> Watch:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        time.sleep(3)  # the attack's effect, if any, comes within a few seconds
        self.stop.set()
        self.thread.join(15)


def still_playing(client: Client, kernel_id: str) -> None:
    with client.channels(kernel_id) as ws:
        ws.send(message("kernel_info_request", {}))
        got = receive_for(ws, 5, until="kernel_info_reply")
    assert "kernel_info_reply" in [m.get("header", {}).get("msg_type") for m in got]


HUGE_TEXT = message("comm_msg", {"comm_id": "x", "data": {"pad": "x" * 1_000_000}})
FRAMES = {  # the v1 frames arrive on the JSON protocol: an offer of v1 is refused (below)
    "v1-2-to-the-40-parts": [struct.pack("<Q", 2**40) + b"\0" * 64],
    "v1-20-million-parts": [struct.pack("<Q", 20_000_000) + b"\0" * 64],
    "json-binary-50-million-parts": [struct.pack("!i", 50_000_000) + b"\0" * 64],
    "json-binary-offsets-past-the-end": [struct.pack("!iI", 1, 10**9) + b"{}"],
    "one-megabyte-text": [HUGE_TEXT],
    "a-flood-of-3000-messages": [message("kernel_info_request", {}) for _ in range(3000)],
    "not-a-message": ['{"header": 1}'],
}


def test_an_offer_of_the_v1_protocol_is_refused_before_it_reaches_the_kernel(app_server):
    """A page offers v1 first; a handshake that accepted it and selected no protocol would
    connect to the kernel a socket the browser drops at once (its reconnect then raced it)."""
    from websockets.exceptions import InvalidStatus

    client = Client(app_server)
    kernel_id, _ = client.open_page("index.ipynb")
    with pytest.raises(InvalidStatus) as refused:
        client.channels(kernel_id, [V1])
    assert refused.value.response.status_code == 400
    assert f"Connecting to kernel {kernel_id}" not in app_server.log_text()
    with client.channels(kernel_id) as ws:  # what the page does next
        assert ws.subprotocol is None
        ws.send(message("kernel_info_request", {}))
        got = receive_for(ws, 5, until="kernel_info_reply")
    assert "kernel_info_reply" in [m.get("header", {}).get("msg_type") for m in got]
    assert app_server.log_text().count(f"Connecting to kernel {kernel_id}") == 1


@pytest.mark.parametrize("name", list(FRAMES))
def test_a_hostile_frame_closes_only_the_senders_socket(app_server, victim, name) -> None:
    from websockets.exceptions import ConnectionClosed

    frames = FRAMES[name]
    attacker = Client(app_server)
    kernel_id, _ = attacker.open_page("index.ipynb")
    with Watch(*victim) as watch, attacker.channels(kernel_id) as ws:
        protocol, closed = ws.subprotocol, False
        try:
            for frame in frames:
                ws.send(frame)
            deadline = time.monotonic() + 10
            while time.monotonic() < deadline:
                ws.recv(timeout=deadline - time.monotonic())
        except (ConnectionClosed, TimeoutError):
            closed = ws.close_code is not None
    assert watch.statuses and set(watch.statuses) == {200}, watch.statuses
    assert watch.slowest < ANSWER_WITHIN, f"another student waited {watch.slowest:.1f} s"
    assert closed, "the server kept the attacker's socket open"
    assert protocol is None  # the JSON protocol
    still_playing(*victim)
    assert "Traceback" not in app_server.log_text()


def test_the_page_still_plays_over_the_json_protocol(app_server) -> None:
    """What a page does (widgets, a click) works over the checked JSON protocol."""
    from benchmarks.bench_class import one_student_now

    result = one_student_now(f"{app_server.url}/voila/render/play-blef.ipynb?seed=9",
                             app_server.port)  # fmt: skip
    assert result.error == "" and result.click is not None


def test_another_name_for_the_server_gets_nothing(app_server, victim) -> None:
    """DNS rebinding: a page at evil.example whose name now points at this computer."""
    from websockets.exceptions import InvalidStatus

    client, kernel_id = victim
    before = set(app_server.kernel_pids())
    for path in ("/voila/render/index.ipynb", "/voila/render/play-blef.ipynb", "/voila/tree",
                 f"/api/kernels/{kernel_id}", "/voila/static/voila.js", "/static/favicon.ico"):
        status, page = raw_get(app_server, path, host=f"evil.example:{app_server.port}")
        assert status == 403, (path, status)
        assert "kayalib" in page and "Traceback" not in page
    with pytest.raises(InvalidStatus) as refused:
        client.channels(kernel_id, host=f"evil.example:{app_server.port}")
    assert refused.value.response.status_code == 403
    assert set(app_server.kernel_pids()) <= before  # no kernel started for the other name
    assert raw_get(app_server, "/voila/render/index.ipynb", host="localhost")[0] == 200


def test_a_loop_without_cookies_cannot_lock_the_class_out() -> None:
    """19 cookie-less page loads once filled every kernel: the index answered 503 to all."""
    server = KitServer(
        "cookieless-loop", "app", "--KayalibVoila.max_kernels=6", "--KayalibVoila.address_seats=3",
        "--KayalibVoila.abandon_after=20",
    )  # fmt: skip
    try:
        server.wait()
        statuses = [raw_get(server, "/voila/render/index.ipynb")[0] for _ in range(6)]
        assert statuses.count(200) == 3 and statuses.count(503) == 3, statuses
        # a browser that keeps its cookie still opens pages (up to its own three)
        assert raw_get(server, "/voila/render/index.ipynb", source="127.0.0.2")[0] == 200
        classmate = Client(server)
        assert classmate.request("/voila/render/index.ipynb")[0] == 503  # 127.0.0.1 is full
        other = [raw_get(server, "/voila/render/index.ipynb", source=f"127.0.0.{k}")[0]
                 for k in (3, 4)]  # fmt: skip
        assert other == [200, 200], other  # other client addresses are served
        # the flood's pages never connected their websockets: 20 s after it was made, each
        # counts as abandoned, and the next page of 127.0.0.1 takes its place
        deadline = time.monotonic() + 30
        while (status := raw_get(server, "/voila/render/index.ipynb")[0]) == 503:
            assert time.monotonic() < deadline, "the abandoned pages were never freed"
            time.sleep(0.5)
        assert status == 200
        assert "refused a new browser from 127.0.0.1" in server.log_text()
    finally:
        server.stop()


def test_the_class_settings_fit_a_class_behind_one_address() -> None:
    from kayalib.server.settings import ClassSettings

    for students in (1, 10, 30, 200):
        settings = ClassSettings(students)
        assert students < settings.address_seats < settings.max_kernels
