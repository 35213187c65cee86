"""The class tables' routes served on loopback in a thread of the test process, with their own
event loop, as the class server mounts them (tests only: the class server and the hub service
serve the same routes, :mod:`kayalib.server.table_web`).

Everything that touches the service goes through :meth:`TablesThread.call`, which runs on that
loop (the service is not thread-safe, like the server it lives in).

>>> with TablesThread(":memory:") as server:
...     table = server.call(lambda s: s.create_table("blef", people=2, seed=1))
...     server.call(lambda s: s.tables[table.code].status)
'waiting'
"""

from __future__ import annotations

import asyncio
import secrets
import threading
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any, TypeVar

from tornado import web
from tornado.httpserver import HTTPServer
from tornado.netutil import bind_sockets

from kayalib.server.edge import EdgeLimits, edge_server
from kayalib.server.logs import log_request
from kayalib.server.store import ClassStore
from kayalib.server.table_web import MAX_BODY, KernelCallers, TablesWeb, table_routes
from kayalib.server.tables import TableService

__all__ = ["TablesThread", "application"]

T = TypeVar("T")


def application(web_config: TablesWeb, base: str = "/") -> web.Application:
    """The tables' routes under ``base``, with the form checks the join page relies on."""
    return web.Application(
        table_routes(base, web_config),
        xsrf_cookies=True, cookie_secret=secrets.token_bytes(32),
        websocket_max_message_size=1024, log_function=log_request,
    )  # fmt: skip


class TablesThread:
    """A table service on ``127.0.0.1`` (a free port), in a thread; ``secret`` is what its
    kernels send (:class:`~kayalib.server.table_web.KernelCallers`), ``key`` the teacher's.
    ``bot_delay``: seconds before a bot moves."""

    def __init__(self, store: str, *, bot_delay: float = 0.05, secret: str = "",
                 key: str = "") -> None:  # fmt: skip
        self.store_path = store
        self.bot_delay = bot_delay
        self.secret = secret or secrets.token_urlsafe(16)
        self.key = key or secrets.token_urlsafe(9)
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.port = 0
        self.service: TableService | None = None
        self._server: HTTPServer | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    def start(self) -> TablesThread:
        self.thread.start()
        asyncio.run_coroutine_threadsafe(self._start(), self.loop).result(30)
        return self

    async def _start(self) -> None:
        self.service = TableService(ClassStore(self.store_path), bot_delay=self.bot_delay)
        self.service.restore()
        config = TablesWeb(self.service, KernelCallers(self.secret), self.key,
                           lambda _user, page: f"/{page}")  # fmt: skip
        sockets = bind_sockets(0, "127.0.0.1")
        self.port = sockets[0].getsockname()[1]
        limits = EdgeLimits.sized(files=4096, kernels=0, browsers=64)  # the class server's edge
        self._server = edge_server(application(config), limits, tighter=[("/kayalib/", MAX_BODY)])
        self._server.add_sockets(sockets)

    def call(self, fn: Callable[[TableService], T], timeout: float = 30) -> T:
        """``fn(service)`` on the service's loop; its result (or its exception)."""
        done: Future[T] = Future()

        def run() -> None:
            try:
                assert self.service is not None
                done.set_result(fn(self.service))
            except BaseException as error:  # handed to the caller
                done.set_exception(error)

        self.loop.call_soon_threadsafe(run)
        return done.result(timeout)

    def stop(self) -> None:
        async def close() -> None:
            if self._server is not None:
                self._server.stop()
                await self._server.close_all_connections()
            if self.service is not None:
                self.service.store.close()

        if self.thread.is_alive():
            asyncio.run_coroutine_threadsafe(close(), self.loop).result(30)
            self.loop.call_soon_threadsafe(self.loop.stop)
            self.thread.join(10)
        self.loop.close()

    def __enter__(self) -> TablesThread:
        return self.start()

    def __exit__(self, *exc: Any) -> None:
        self.stop()
