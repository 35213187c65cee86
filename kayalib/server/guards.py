"""Guards for a server that a whole class reaches: each kernel belongs to one browser.

Voila 0.5 lets anyone who knows a kernel's id (it is in the page, sent in plain text over the
classroom network) connect to that kernel's websocket, read its model, restart it or shut it
down. Here every browser gets a random seat cookie when it opens a page, the kernel started for
that page is written down as the seat's, and every kernel route answers 404 to any other seat:

- ``/api/kernels/<id>`` (model, delete) and ``/api/kernels/<id>/channels`` (the websocket);
- ``/voila/api/shutdown/<id>``, which the page calls when it is closed or reloaded (it now gets
  the ``_xsrf`` cookie it needs, so reloads no longer leave their kernels behind);
- ``/voila/query/<id>``, the preheated kernel's wait for its page address, answers only the
  server's own kernels (they know the server's secret).

A seat keeps at most ``seat_kernels`` kernels (its oldest are shut down when it opens more),
and the server runs at most ``max_kernels`` kernels for pages; past that a page says the server
is busy. A seat is only a cookie, which a script can leave out or make up, so one client
address may hold at most ``address_seats`` seats with pages open: a loop without cookies can
no longer fill the server (a class behind one NAT address is one client address, so the class
settings make room for every student of it; :mod:`kayalib.server.settings`). When an address
is at its limit, its pages whose websocket never connected (``abandon_after``, two minutes)
are freed first. ``?template=`` and ``?theme=`` are ignored, and malformed template paths,
``/login`` and ``/logout`` answer 404. Kernels may not be restarted over the websocket, and
the websocket speaks only the JSON protocol, every frame checked (:mod:`kayalib.server.frames`).
"""

from __future__ import annotations

import asyncio
import hmac
import secrets
import time
from dataclasses import dataclass, field
from html import escape
from pathlib import PurePosixPath
from typing import Any
from urllib.parse import urlencode

from jupyter_core.utils import ensure_async
from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection
from jupyter_server.services.kernels.handlers import KernelHandler
from tornado import web
from voila.request_info_handler import RequestInfoSocketHandler
from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler
from voila.static_file_handler import TemplateStaticFileHandler
from voila.tornado.handler import TornadoVoilaHandler
from voila.tornado.kernel_websocket_handler import VoilaKernelWebsocketHandler

from kayalib.i18n import Translator
from kayalib.pages.kernel import ANSWERS_HEADER, SECRET_HEADER, answers_proof
from kayalib.server.frames import MAX_FRAME, Budget, frame_refusal
from kayalib.server.language import page_language
from kayalib.server.settings import LAB_ONLY

SEAT_COOKIE = "kayalib_seat"
#: the cookie a browser gets for the answer key's address (it holds a proof, not the key)
ANSWERS_COOKIE = "kayalib_answers"
#: websocket connections a page may open at once, and how many a second after that
CONNECTS, CONNECT_RATE = 10, 0.2


@dataclass
class Owner:
    seat: str
    notebook: str
    address: str = ""
    since: float = field(default_factory=time.monotonic)
    connected: bool = False
    #: what the page may still send over its websocket (one budget per kernel, not per socket).
    budget: Budget = field(default_factory=Budget)
    #: how often the page may open its websocket (a page reconnects after a lost connection;
    #: a script that floods and reconnects is held to this).
    connects: Budget = field(default_factory=lambda: Budget(messages=CONNECTS,
                                                            message_rate=CONNECT_RATE))


class OwnerBook:
    """Which seat (browser) each page kernel belongs to."""

    def __init__(self) -> None:
        self.owners: dict[str, Owner] = {}
        #: pages admitted whose kernel is not recorded yet: ticket -> (seat, address).
        self.admitted: dict[object, tuple[str, str]] = {}

    def record(self, kernel_id: str, seat: str, notebook: str, address: str = "") -> None:
        self.owners[kernel_id] = Owner(seat, notebook, address)

    def owns(self, seat: str | None, kernel_id: str) -> bool:
        owner = self.owners.get(kernel_id)
        return bool(seat) and owner is not None and hmac.compare_digest(owner.seat, seat)

    def kernels_of(self, seat: str) -> list[str]:
        """The seat's kernels, oldest first."""
        mine = [(o.since, k) for k, o in self.owners.items() if o.seat == seat]
        return [k for _, k in sorted(mine)]

    def seats_at(self, address: str) -> set[str]:
        """The seats with pages open (or on their way) from one client address."""
        seats = {o.seat for o in self.owners.values() if o.address == address}
        return seats | {seat for seat, where in self.admitted.values() if where == address}

    def pages(self) -> int:
        """Pages with a kernel, and pages admitted that are getting one."""
        return len(self.owners) + len(self.admitted)

    def abandoned_at(self, address: str, grace: float) -> list[str]:
        """Kernels of ``address`` whose page never connected within ``grace`` seconds."""
        now = time.monotonic()
        return [
            k for k, o in self.owners.items()
            if o.address == address and not o.connected and now - o.since > grace
        ]  # fmt: skip

    def forget_missing(self, running: set[str]) -> None:
        for kernel_id in [k for k in self.owners if k not in running]:
            del self.owners[kernel_id]


def _book(handler: web.RequestHandler) -> OwnerBook:
    return handler.settings["kayalib_owners"]


def _seat(handler: web.RequestHandler) -> str | None:
    value = handler.get_cookie(SEAT_COOKIE)
    return value if value and len(value) <= 64 and value.isalnum() else None


def _require_owner(handler: web.RequestHandler, kernel_id: str) -> None:
    if not _book(handler).owns(_seat(handler), kernel_id):
        raise web.HTTPError(404)  # the same answer as for a kernel that does not exist
    if kernel_id not in handler.settings["kernel_manager"]:
        raise web.HTTPError(404)


class OwnedVoilaHandler(TornadoVoilaHandler):
    """Renders a notebook for one seat, and writes down the kernel it gets as that seat's."""

    def prepare(self) -> Any:
        for name in ("template", "theme"):  # only the server's own template and theme
            self.request.arguments.pop(name, None)
            self.request.query_arguments.pop(name, None)
        return super().prepare()

    @web.authenticated
    async def get(self, path: str | None = None) -> None:
        if self.get_query_argument("key", None) is not None:
            self._trade_answer_key()
            return
        seat = _seat(self)
        if seat is None:
            seat = secrets.token_hex(16)
            self.set_cookie(SEAT_COOKIE, seat, httponly=True, samesite="Strict")
        self.xsrf_token  # noqa: B018 - sets the _xsrf cookie the page's shutdown call sends
        self._kayalib_seat = seat
        vouch_for_answers(self)
        if self.settings.get("kayalib_tables") is not None:  # the page's kernel: who is it for
            from kayalib.server.table_web import pass_identity

            pass_identity(self, seat, self.settings["kayalib_kernel_secret"])
        if PurePosixPath(path or "").name in LAB_ONLY:
            self._short_page(404, "botlab.lab_only")  # it writes files: JupyterLab only
            return
        if await self._full(seat):
            return
        gen = self.get_generator(path=path)
        async for html in gen:
            self.write(html)
            self.flush()

    def _trade_answer_key(self) -> None:
        """An address with ``key=``: the answer key's, traded for a cookie (when it is the
        server's answer key) and a redirect to the same address without it, so that the key
        stays in no address bar, history or log."""
        expected = self.settings.get("kayalib_answer_key", "")
        given = self.get_query_argument("key", "")[:128]
        if expected and hmac.compare_digest(given.encode(), expected.encode()):
            self.set_cookie(ANSWERS_COOKIE, _answers_cookie(expected), path=self.base_url,
                            httponly=True, samesite="Strict")  # fmt: skip
        kept = [(name, value.decode("utf-8", "replace"))
                for name, values in self.request.query_arguments.items() if name != "key"
                for value in values]  # fmt: skip
        self.set_header("Referrer-Policy", "no-referrer")
        self.redirect(self.request.path + (f"?{urlencode(kept)}" if kept else ""))

    async def _full(self, seat: str) -> bool:
        """Make room for this page; True (and a short page) when the server is full."""
        km = self.settings["kernel_manager"]
        book = _book(self)
        limits = self.settings["kayalib_limits"]
        book.forget_missing(set(km.list_kernel_ids()))

        def free(kernel_ids: list[str]) -> None:
            for kernel_id in kernel_ids:
                del book.owners[kernel_id]
                asyncio.ensure_future(ensure_async(km.shutdown_kernel(kernel_id, now=True)))

        free(book.kernels_of(seat)[: -limits.seat_kernels + 1 or None])  # this browser moved on
        address = self.request.remote_ip or ""

        def address_full() -> bool:
            seats = book.seats_at(address)
            return seat not in seats and len(seats) >= limits.address_seats

        if address_full():
            free(book.abandoned_at(address, limits.abandon_after))
        if address_full():
            self.log.warning(
                "kayalib: refused a new browser from %s: it has %d with pages open already "
                "(KayalibVoila.address_seats)", address, limits.address_seats,
            )  # fmt: skip
        elif book.pages() < limits.max_kernels:
            self._kayalib_ticket = object()  # counted until its kernel is recorded
            book.admitted[self._kayalib_ticket] = (seat, address)
            return False
        self.set_header("Retry-After", "60")
        self._short_page(503, "server_full")
        return True

    def _short_page(self, status: int, key: str) -> None:
        """A page of one sentence from the catalogue, in the browser's language."""
        t = Translator(page_language(self))
        self.set_status(status)
        self.finish(
            f'<!doctype html><html lang="{t.lang}"><meta charset="utf-8">'
            f"<title>kayalib</title><p>{escape(t(key))}</p></html>"
        )

    def on_finish(self) -> None:
        _book(self).admitted.pop(getattr(self, "_kayalib_ticket", None), None)
        super().on_finish()

    def on_connection_close(self) -> None:
        _book(self).admitted.pop(getattr(self, "_kayalib_ticket", None), None)
        super().on_connection_close()

    @property
    def kernel_manager(self) -> Any:
        return _Recording(self.settings["kernel_manager"], self)


def _answers_cookie(answer_key: str) -> str:
    return hmac.new(answer_key.encode(), b"kayalib answers cookie", "sha256").hexdigest()


def vouch_for_answers(handler: web.RequestHandler) -> None:
    """Tell a page's kernel (a request header Voila hands it) that its browser opened the
    answer key's address, with a proof made from the kernels' secret
    (:func:`kayalib.pages.kernel.answers_proof`); a header the browser sent itself is dropped."""
    handler.request.headers.pop(ANSWERS_HEADER, None)
    expected = handler.settings.get("kayalib_answer_key", "")
    cookie = handler.get_cookie(ANSWERS_COOKIE, "") or ""
    if expected and hmac.compare_digest(cookie.encode(), _answers_cookie(expected).encode()):
        handler.request.headers[ANSWERS_HEADER] = answers_proof(
            handler.settings["kayalib_kernel_secret"])


class _Recording:
    """The kernel manager as a page handler sees it: kernels it hands out are recorded."""

    def __init__(self, manager: Any, handler: OwnedVoilaHandler) -> None:
        self._manager = manager
        self._handler = handler

    def __getattr__(self, name: str) -> Any:
        return getattr(self._manager, name)

    def _record(self, kernel_id: str) -> None:
        handler = self._handler
        request, book = handler.request, _book(handler)
        book.record(kernel_id, handler._kayalib_seat, request.path, request.remote_ip or "")
        book.admitted.pop(getattr(handler, "_kayalib_ticket", None), None)

    async def get_rendered_notebook(self, *args: Any, **kwargs: Any) -> Any:
        result = await self._manager.get_rendered_notebook(*args, **kwargs)
        self._record(result[2])
        return result

    async def start_kernel(self, *args: Any, **kwargs: Any) -> str:
        kernel_id = await ensure_async(self._manager.start_kernel(*args, **kwargs))
        self._record(kernel_id)
        return kernel_id


class OwnedKernelHandler(KernelHandler):
    """``/api/kernels/<id>``: the kernel's model and shutdown, for its own seat only."""

    def prepare(self) -> Any:
        _require_owner(self, self.path_kwargs.get("kernel_id", ""))
        return super().prepare()


class OwnedKernelWebsocketHandler(VoilaKernelWebsocketHandler):
    """The kernel's websocket, for its own seat only: the JSON protocol, every frame checked
    (:mod:`kayalib.server.frames`) and paid for from the kernel's budget before it is read."""

    async def get(self, kernel_id: str) -> None:  # type: ignore[override]
        _require_owner(self, kernel_id)
        if self.request.headers.get("Sec-WebSocket-Protocol"):
            # The kit's page offers no subprotocol (its template's socket wrapper leaves the
            # offer of "v1" out): an offer is refused before it reaches the kernel.
            raise web.HTTPError(400)
        owner = _book(self).owners[kernel_id]
        if owner.connects.spend(0) is not None:
            self.log.warning("kayalib: refused a websocket of kernel %s: %s", kernel_id,
                             "it reconnects too often")  # fmt: skip
            raise web.HTTPError(429)
        owner.connected = True
        self._kayalib_budget = owner.budget
        self._kayalib_refused = False
        await super().get(kernel_id)

    async def open(self, kernel_id: str) -> None:  # type: ignore[override]
        await super().open(kernel_id)
        tables = self.settings.get("kayalib_tables")
        if tables is not None:  # a seat at a class table is here while its page is
            tables.service.page_opened(kernel_id)

    def on_close(self) -> None:
        super().on_close()
        tables = self.settings.get("kayalib_tables")
        if tables is not None:
            tables.service.page_closed(self.kernel_id)

    @property
    def max_message_size(self) -> int:
        return MAX_FRAME  # tornado closes the socket on a larger frame before reading it

    def select_subprotocol(self, subprotocols: list[str]) -> None:
        return None  # the JSON protocol only (get() refuses an offer of another)

    def on_message(self, message: str | bytes) -> Any:
        if self._kayalib_refused:  # the frames that follow a refused one: dropped unread
            return None
        refusal = self._kayalib_budget.spend(len(message)) or frame_refusal(message)
        if refusal is not None:
            self._kayalib_refused = True
            self.log.warning("kayalib: closed the websocket of kernel %s: %s", self.kernel_id,
                             refusal)  # fmt: skip
            self.close(1008, "refused")
            return None
        return super().on_message(message)

    def write_message(self, message: Any, binary: bool = False) -> Any:
        # Past Voila's own write_message: it reads every binary frame as the "v1" protocol,
        # which on the JSON protocol's frames loops for ever. execute_input is dropped earlier,
        # by the connection (PageConnection).
        return super(VoilaKernelWebsocketHandler, self).write_message(message, binary)


class PageConnection(ZMQChannelsWebsocketConnection):
    """The kernel's side of a page's websocket: the notebook's source never reaches the page.

    Voila runs the cells from the server, and the kernel announces each one (``execute_input``,
    with its code) to every listener; Voila drops those only in the "v1" protocol.
    """

    def _on_zmq_reply(self, stream: Any, msg_list: Any) -> None:
        if isinstance(msg_list, dict) and msg_list.get("msg_type") == "execute_input":
            return
        super()._on_zmq_reply(stream, msg_list)


class OwnedShutdownHandler(VoilaShutdownKernelHandler):
    """``/voila/api/shutdown/<id>``: a page closing shuts down its own kernel, nobody else's."""

    async def post(self, kernel_id: str) -> None:  # type: ignore[override]
        _require_owner(self, kernel_id)
        _book(self).owners.pop(kernel_id, None)
        await super().post(kernel_id)


class KernelOnlyRequestInfoHandler(RequestInfoSocketHandler):
    """``/voila/query/<id>``: the page address, for the server's own kernels only."""

    async def get(self, *args: Any, **kwargs: Any) -> None:
        secret = self.settings["kayalib_kernel_secret"]
        given = self.request.headers.get(SECRET_HEADER, "")
        if not hmac.compare_digest(given.encode(), secret.encode()):
            raise web.HTTPError(404)
        await super().get(*args, **kwargs)

    def open(self, kernel_id: str) -> None:  # type: ignore[override]
        self.settings["kayalib_warm_ups"].arrived(kernel_id)  # a pooled kernel is warm
        super().open(kernel_id)


class SafeTemplateStaticFileHandler(TemplateStaticFileHandler):
    """Template files; a malformed path is a plain 404 (Voila answers 500)."""

    def parse_url_path(self, path: str) -> str:
        parts = path.split("/", 2)
        if len(parts) != 3 or parts[1] != "static" or ".." in parts or not parts[0]:
            raise web.HTTPError(404)
        return super().parse_url_path(path)

    @classmethod
    def get_absolute_path(cls, root: str, path: str) -> str:
        try:
            return super().get_absolute_path(root, path)
        except (AssertionError, ValueError) as error:
            raise web.HTTPError(404) from error


#: Voila's handler class -> the guarded one used instead.
GUARDED = {
    TornadoVoilaHandler: OwnedVoilaHandler,
    KernelHandler: OwnedKernelHandler,
    VoilaKernelWebsocketHandler: OwnedKernelWebsocketHandler,
    VoilaShutdownKernelHandler: OwnedShutdownHandler,
    RequestInfoSocketHandler: KernelOnlyRequestInfoHandler,
    TemplateStaticFileHandler: SafeTemplateStaticFileHandler,
}


def guard_handlers(handlers: list[tuple]) -> list[tuple]:
    """Voila's handler list with each route guarded; login and logout routes are dropped."""
    guarded = []
    for route in handlers:
        pattern, handler = route[0], route[1]
        if pattern.rstrip("/").endswith(("/login", "/logout")):
            continue
        guarded.append((pattern, GUARDED.get(handler, handler), *route[2:]))
    return guarded
