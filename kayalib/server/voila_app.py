"""``KayalibVoila``: Voila's server application with the kit's guards and an overlay config.

Settings come from ``notebooks/voila.json`` (and the Jupyter config path) as for ``voila``; the
class command adds its computed settings (:mod:`kayalib.server.settings`) as an overlay above
the files, and the command line stays on top of both.
"""

from __future__ import annotations

import os
import secrets
import shutil
from typing import Any, NamedTuple

from jupyter_core.utils import run_sync
from jupyter_server import DEFAULT_STATIC_FILES_PATH
from tornado.ioloop import IOLoop
from tornado.netutil import bind_sockets
from traitlets import Float, Instance, Integer, List, Unicode
from traitlets.config import Config
from voila.app import Voila

from kayalib.pages.kernel import ANSWER_KEY_ENV, ANSWERS_HEADER, SECRET_ENV
from kayalib.pages.lost import all_banner_words
from kayalib.server.edge import BACKLOG, EdgeLimits, edge_server, raise_file_limit
from kayalib.server.frames import PAGE_MESSAGES
from kayalib.server.guards import OwnerBook, PageConnection, guard_handlers
from kayalib.server.hosts import allowed_hosts, answer_only_to
from kayalib.server.logs import RateLimit, install, log_request
from kayalib.server.pools import WarmUps, make_pools_patient, stop_at_once


class Limits(NamedTuple):
    seat_kernels: int
    max_kernels: int
    address_seats: int
    abandon_after: float


class KayalibVoila(Voila):
    """Voila for the kit: each kernel belongs to the browser that opened its page."""

    edge_limits: EdgeLimits

    overlay = Instance(Config, allow_none=True, help="settings above the config files")
    seat_kernels = Integer(
        3, config=True, help="kernels one browser may keep; opening more frees its oldest"
    )
    max_kernels = Integer(
        60, config=True, help="kernels for pages at most; past that a page says the server is busy"
    )
    address_seats = Integer(
        0, config=True,
        help="browsers one client address may have with pages open (0: up to max_kernels)",
    )  # fmt: skip
    abandon_after = Float(
        120.0, config=True,
        help="seconds after which a page whose websocket never connected counts as abandoned "
        "(freed when its client address is at its limit)",
    )  # fmt: skip
    teacher_key = Unicode(
        "", config=True,
        help="the key of the teacher's dashboard (?key=... once, then a cookie); empty: none",
    )  # fmt: skip
    answer_key = Unicode(
        "", config=True,
        help="the key of the answer keys (?solutions=key&key=... once, then a cookie), not the "
        "dashboard's; empty: no page opens an answer key",
    )  # fmt: skip
    class_store = Unicode(
        "", config=True,
        help="the SQLite file of the class tables and the class's data (empty: no class tables)",
    )  # fmt: skip
    allowed_hosts = List(
        Unicode(), config=True,
        help="more names (Host) the server answers to, besides the loopback, its address and "
        "this computer's names",
    )  # fmt: skip
    max_body_bytes = Integer(
        64 * 1024, config=True,
        help="the largest request body any route reads; a larger one is answered 413 unread",
    )  # fmt: skip
    address_connections = Integer(
        0, config=True,
        help="connections one client address may have open (0: sized from the class and the "
        "file limit; the server's own addresses are not counted)",
    )  # fmt: skip
    idle_timeout = Float(
        60.0, config=True, help="seconds after which an idle connection is closed"
    )
    log_interval = Float(
        60.0, config=True,
        help="seconds during which a log line of the same cause and client is held (counted)",
    )  # fmt: skip

    def load_config_file(self, *args: Any, **kwargs: Any) -> None:
        super().load_config_file(*args, **kwargs)
        words = Config()  # the "connection lost" banner's words, for pages without an app
        # kayalib_json_protocol: this server speaks the kernels' JSON protocol only (guards.py),
        # so the page offers no subprotocol; plain Voila needs the page's offer of "v1".
        words.VoilaConfiguration.resources = {"kayalib_words": all_banner_words(),
                                              "kayalib_json_protocol": True}  # fmt: skip
        self.update_config(words)
        if self.overlay is not None:
            self.update_config(self.overlay)
        self.update_config(self.cli_config)  # the command line stays on top

    def init_settings(self) -> dict:
        install(RateLimit(max(1.0, self.log_interval)), [self.log])
        secret = secrets.token_hex(24)
        # Kernels inherit the server's environment: the secret lets them (and only them) read
        # their page's address; VOILA_APP_IP tells them where the server listens.
        os.environ[SECRET_ENV] = secret
        # No key reaches a kernel: a page opens the answer key only when the server vouches
        # for its browser (kayalib.server.guards, answer_key); the kernels only learn that
        # there is an answer key, so that a page can say why it shows a student's view.
        if self.answer_key:
            os.environ[ANSWER_KEY_ENV] = "1"
        else:
            os.environ.pop(ANSWER_KEY_ENV, None)
        if self.ip not in ("", "0.0.0.0", "::", "localhost"):
            os.environ["VOILA_APP_IP"] = self.ip
        if self.class_store:  # the pools' kernels are started with the environment of now
            from kayalib.server.table_web import tell_kernels

            tell_kernels(self)
        settings = super().init_settings()
        settings["log_function"] = log_request  # paths without their queries
        # Jupyter's error pages link a static favicon: without this setting every 404 from a
        # Jupyter handler logs a traceback ("Uncaught exception in write_error") instead.
        settings.setdefault("static_path", DEFAULT_STATIC_FILES_PATH)
        self.kernel_manager.allowed_message_types = list(PAGE_MESSAGES)
        self.warm_ups = WarmUps()
        if self.voila_configuration.preheat_kernel:
            make_pools_patient(self.kernel_manager, self.warm_ups)  # see kayalib.server.pools
        settings["kayalib_warm_ups"] = self.warm_ups
        settings["kayalib_owners"] = OwnerBook()
        max_kernels = max(1, self.max_kernels)
        address_seats = min(self.address_seats, max_kernels) if self.address_seats > 0 else 0
        settings["kayalib_limits"] = Limits(
            max(1, self.seat_kernels), max_kernels, address_seats or max_kernels,
            max(0.0, self.abandon_after),
        )
        self.edge_limits = EdgeLimits.sized(
            raise_file_limit(), max_kernels, address_seats or max_kernels,
            per_address=self.address_connections, body_bytes=max(1024, self.max_body_bytes),
            idle_seconds=max(1.0, self.idle_timeout),
        )  # fmt: skip
        self.log.info("kayalib: %s", self.edge_limits.describe())
        settings["kernel_websocket_connection_class"] = PageConnection
        settings["kayalib_kernel_secret"] = secret
        settings["kayalib_answer_key"] = self.answer_key
        envs = list(self.voila_configuration.http_header_envs)
        if ANSWERS_HEADER not in envs:  # the server's word for a page's browser, to its kernel
            self.voila_configuration.http_header_envs = [*envs, ANSWERS_HEADER]
        if self.class_store:  # the class tables live in this process (kayalib.server.table_web)
            from kayalib.server.table_web import mount_class_tables

            settings["kayalib_tables"] = mount_class_tables(self, self.class_store, secret)
        return settings

    def init_handlers(self) -> list:
        handlers = guard_handlers(super().init_handlers())
        tables = self.app.settings.get("kayalib_tables")
        if tables is not None:
            from kayalib.server.table_web import table_routes

            handlers = table_routes(self.base_url, tables) + handlers
        return handlers

    def stop(self) -> None:
        # Ctrl+C: every kernel is killed at once (the games live in the pages; Voila asks each
        # kernel to stop and waits for it, 21-26 s for a class of 30).
        shutil.rmtree(self.connection_dir, ignore_errors=True)
        run_sync(stop_at_once)(self.kernel_manager, self.warm_ups)

    def listen(self) -> None:
        """Serve (Voila's ``listen``, on the one port asked for, through the kit's edge,
        :mod:`kayalib.server.edge`); the application answers only to the server's own names."""
        answer_only_to(self.app, allowed_hosts(self.ip, self.allowed_hosts))
        from kayalib.server.table_web import MAX_BODY

        tighter = [(self.base_url + "kayalib/", MAX_BODY)]  # the class tables' routes
        server = edge_server(self.app, self.edge_limits, {"127.0.0.1", "::1", self.ip}, tighter)
        try:
            server.add_sockets(bind_sockets(self.port, self.ip or None, backlog=BACKLOG))
        except OSError as error:
            self.log.critical("kayalib: cannot listen on port %d: %s", self.port, error.strerror)
            self.exit(1)
        self.log.info("Voilà is running at:\n%s", self.display_url)
        if self.open_browser:
            self.launch_browser()
        self.ioloop = IOLoop.current()
        try:
            self.ioloop.start()
        except KeyboardInterrupt:
            self.log.info("Stopping...")
        finally:
            self.stop()
