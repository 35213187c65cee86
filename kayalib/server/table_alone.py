"""The class tables on their own: the routes of :mod:`kayalib.server.table_web` in a Tornado
application of their own, without Voila (the JupyterHub service, the tests of the routes).

On a hub (``python -m kayalib.server.table_alone --store FILE``, started by the hub as the
service ``tables``, see ``deploy/jupyterhub/jupyterhub_config.py``): the students log in to
the join page through the hub (OAuth), their login is their nickname, and the join page sends
them to the play page on their own server (``/user/NAME/voila/render/...``); the kernels of
the students' servers call the seats' routes with their server's hub token. The teacher's key
is ``KAYALIB_TABLES_KEY`` (new at every start if unset; the service prints the dashboard's
address in the hub's log).

:class:`TablesThread` runs one on loopback in a thread of this process, with its own event
loop; everything that touches the service goes through :meth:`TablesThread.call`, which runs on
that loop (the service is not thread-safe, like the server it lives in).

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

__all__ = ["TablesThread", "application", "hub_routes", "main"]

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


# ---- a JupyterHub service ----------------------------------------------------------------------


def hub_routes(service: TableService, prefix: str, key: str) -> list[tuple[str, type, dict]]:
    """The tables' routes as a hub service under ``prefix``: the join page behind the hub's
    login, the kernel routes for the students' servers' tokens, the OAuth callback."""
    from jupyterhub.services.auth import HubOAuth, HubOAuthCallbackHandler, HubOAuthenticated

    from kayalib.server.table_web import HubCallers, JoinHandler

    auth = HubOAuth.instance()  # from the hub's JUPYTERHUB_* environment

    class HubJoinHandler(HubOAuthenticated, JoinHandler):
        hub_auth = auth

        @web.authenticated
        async def get(self) -> None:  # type: ignore[override]
            await super().get()

        @web.authenticated
        async def post(self) -> None:  # type: ignore[override]
            await super().post()

    async def hub_user(handler: web.RequestHandler) -> str | None:
        user = handler.current_user
        return user["name"] if isinstance(user, dict) else None

    def play_url(user: str | None, page: str) -> str:
        return f"/user/{user}/voila/render/{page}"

    config = TablesWeb(service, HubCallers(auth), key, play_url, hub_user)
    routes = [(route, HubJoinHandler if handler.__name__ == "JoinHandler" else handler, kwargs)
              for route, handler, kwargs in table_routes(prefix, config)]  # fmt: skip
    return [(prefix + "oauth_callback", HubOAuthCallbackHandler, {}), *routes]


def main(argv: list[str] | None = None) -> int:
    """The hub service: ``--store FILE``; where it listens comes from the hub."""
    import argparse
    import os
    from urllib.parse import urlparse

    from kayalib.server.edge import BACKLOG, raise_file_limit
    from kayalib.server.logs import RateLimit, install

    parser = argparse.ArgumentParser(prog="python -m kayalib.server.table_alone")
    parser.add_argument("--store", required=True, help="the class store's SQLite file")
    args = parser.parse_args(argv)
    prefix = os.environ.get("JUPYTERHUB_SERVICE_PREFIX", "/services/tables/")
    where = urlparse(os.environ.get("JUPYTERHUB_SERVICE_URL", "http://127.0.0.1:10101"))
    key = os.environ.get("KAYALIB_TABLES_KEY") or secrets.token_urlsafe(9)

    async def serve() -> None:
        service = TableService(ClassStore(args.store))
        service.restore()
        app = web.Application(hub_routes(service, prefix, key), xsrf_cookies=True,
                              cookie_secret=secrets.token_bytes(32),
                              log_function=log_request)  # fmt: skip
        install(RateLimit())
        limits = EdgeLimits.sized(raise_file_limit(), kernels=0, browsers=64)
        server = edge_server(app, limits, tighter=[(prefix + "kayalib/", MAX_BODY)])
        server.add_sockets(bind_sockets(where.port or 80, where.hostname or "127.0.0.1",
                                        backlog=BACKLOG))  # fmt: skip
        public = os.environ.get("JUPYTERHUB_PUBLIC_URL", "").rstrip("/")
        print(f"kayalib tables: students join at {public}{prefix}kayalib/join", flush=True)
        print(f"kayalib tables: the teacher's dashboard (open it once, do not show it): "
              f"{public}{prefix}kayalib/dashboard?key={key}", flush=True)  # fmt: skip
        await asyncio.Event().wait()

    asyncio.run(serve())
    return 0


if __name__ == "__main__":
    import sys

    sys.exit(main(sys.argv[1:]))
