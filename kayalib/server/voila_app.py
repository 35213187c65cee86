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
from traitlets import Float, Instance, Integer, List, Unicode
from traitlets.config import Config
from voila.app import Voila

from kayalib.pages.kernel import SECRET_ENV, TEACHER_KEY_ENV
from kayalib.pages.lost import all_banner_words
from kayalib.server.frames import PAGE_MESSAGES
from kayalib.server.guards import OwnerBook, PageConnection, guard_handlers
from kayalib.server.hosts import allowed_hosts, answer_only_to
from kayalib.server.pools import WarmUps, make_pools_patient, stop_at_once


class Limits(NamedTuple):
    seat_kernels: int
    max_kernels: int
    address_seats: int
    abandon_after: float


class KayalibVoila(Voila):
    """Voila for the kit: each kernel belongs to the browser that opened its page."""

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
        help="the key an answer-key address (?solutions=key&key=...) needs; empty: none needed",
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

    def load_config_file(self, *args: Any, **kwargs: Any) -> None:
        super().load_config_file(*args, **kwargs)
        words = Config()  # the "connection lost" banner's words, for pages without an app
        words.VoilaConfiguration.resources = {"kayalib_words": all_banner_words()}
        self.update_config(words)
        if self.overlay is not None:
            self.update_config(self.overlay)
        self.update_config(self.cli_config)  # the command line stays on top

    def init_settings(self) -> dict:
        secret = secrets.token_hex(24)
        # Kernels inherit the server's environment: the secret lets them (and only them) read
        # their page's address; VOILA_APP_IP tells them where the server listens.
        os.environ[SECRET_ENV] = secret
        if self.teacher_key:  # the kernels open an answer key only for this key
            os.environ[TEACHER_KEY_ENV] = self.teacher_key
        else:
            os.environ.pop(TEACHER_KEY_ENV, None)
        if self.ip not in ("", "0.0.0.0", "::", "localhost"):
            os.environ["VOILA_APP_IP"] = self.ip
        if self.class_store:  # the pools' kernels are started with the environment of now
            from kayalib.server.table_web import tell_kernels

            tell_kernels(self)
        settings = super().init_settings()
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
        settings["kernel_websocket_connection_class"] = PageConnection
        settings["kayalib_kernel_secret"] = secret
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
        # Voila.start has built the application: it answers only to the server's own names.
        answer_only_to(self.app, allowed_hosts(self.ip, self.allowed_hosts))
        super().listen()
