"""The pooled kernel's small websocket client, against a real (tornado) websocket server."""

from __future__ import annotations

import asyncio
import json
import threading

import pytest
import tornado.web
import tornado.websocket

from kayalib.pages.kernel import SECRET_HEADER, receive_one_message, wait_for_request

from .conftest import free_port


class Sender(tornado.websocket.WebSocketHandler):
    def open(self, size: str) -> None:
        if self.request.headers.get(SECRET_HEADER) == "nope":
            self.close()
            return
        n = int(size)
        self.write_message(json.dumps({"QUERY_STRING": "seed=7&lang=pl", "PAD": "x" * n}))


@pytest.fixture(scope="module")
def server():
    port = free_port()
    ready = threading.Event()
    holder = {}

    def run() -> None:
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        app = tornado.web.Application([(r"/voila/query/(\d+)", Sender)])
        holder["server"] = app.listen(port, "127.0.0.1")
        holder["loop"] = loop
        loop.call_soon(ready.set)
        loop.run_forever()

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    ready.wait(10)
    yield port
    holder["loop"].call_soon_threadsafe(holder["loop"].stop)
    thread.join(10)


@pytest.mark.parametrize("size", [0, 100, 70_000])  # one-byte, two-byte and eight-byte lengths
def test_the_first_message_arrives_whole(server, size: int) -> None:
    text = receive_one_message("127.0.0.1", server, f"/voila/query/{size}")
    assert json.loads(text)["QUERY_STRING"] == "seed=7&lang=pl"
    assert len(json.loads(text)["PAD"]) == size


def test_a_refused_or_closed_wait_gives_none(server) -> None:
    assert receive_one_message("127.0.0.1", server, "/nothing/here") is None  # 404, no upgrade
    refused = {SECRET_HEADER: "nope"}
    assert receive_one_message("127.0.0.1", server, "/voila/query/1", refused) is None


def test_the_request_lands_in_the_environment_as_voila_would_set_it(server, monkeypatch) -> None:
    monkeypatch.setenv("VOILA_KERNEL_ID", "12")
    monkeypatch.setenv("VOILA_APP_PORT", str(server))
    monkeypatch.setenv("VOILA_SERVER_URL", "/")
    assert wait_for_request()["QUERY_STRING"] == "seed=7&lang=pl"
    monkeypatch.setenv("VOILA_APP_PORT", str(free_port()))  # nobody listening: no wait at all
    assert wait_for_request() == {}
