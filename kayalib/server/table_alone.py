"""The class tables as a JupyterHub service (``python -m kayalib.server.table_alone --store
FILE``, started by the hub as the service ``tables``, see
``deploy/jupyterhub/jupyterhub_config.py``): the routes of :mod:`kayalib.server.table_web` in
a Tornado application of their own, without Voila. The students log in to the join page
through the hub (OAuth), their login is their nickname, and the join page sends them to the
play page on their own server (``/user/NAME/voila/render/...``); the kernels of the students'
servers call the seats' routes with their server's hub token. The teacher's key is
``KAYALIB_TABLES_KEY`` (new at every start if unset; the service prints the dashboard's
address in the hub's log).
"""

from __future__ import annotations

import asyncio
import secrets

from tornado import web
from tornado.netutil import bind_sockets

from kayalib.server.edge import EdgeLimits, edge_server
from kayalib.server.logs import log_request
from kayalib.server.store import ClassStore
from kayalib.server.table_web import MAX_BODY, table_routes
from kayalib.server.tables import TableService

__all__ = ["hub_routes", "main"]


# ---- a JupyterHub service ----------------------------------------------------------------------


def hub_routes(service: TableService, prefix: str, key: str) -> list[tuple[str, type, dict]]:
    """The tables' routes as a hub service under ``prefix``: the join page behind the hub's
    login, the kernel routes for the students' servers' tokens, the OAuth callback."""
    from jupyterhub.services.auth import HubOAuth, HubOAuthCallbackHandler, HubOAuthenticated

    from kayalib.server.table_web import HubCallers, JoinHandler, TablesWeb

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
