"""The class tables on the web: the join page, the seats' API for the play pages' kernels, the
class's data API for the lessons, and the teacher's dashboard.

Routes, under the server's base address (``make class``: the class server itself; on a hub:
the hub service ``/services/tables/``):

- ``kayalib/join`` (a student's browser): the code and a nickname, then a seat; the browser
  goes to the play page ``play-blef.ipynb?table=CODE&seat=TOKEN`` and keeps the token in a
  cookie for that code, so typing the code again brings it back to its seat;
- ``kayalib/seat``, ``kayalib/act`` and the websocket ``kayalib/seat/updates`` (a play page's
  kernel, never a browser): the seat's update, an action, and every later update;
- ``kayalib/class/entry`` and ``kayalib/class/data`` (a lesson page's kernel): a prediction,
  estimate or show sent, and the class's data read (:mod:`kayalib.pages.classroom`);
- ``kayalib/dashboard`` (the teacher, with the teacher's key): the page, its state, its
  commands and the exports.

Only the server's own kernels reach the kernel routes (:class:`KernelCallers`: the secret the
class server gives its kernels; on a hub, :class:`HubCallers`: the student's server's hub
token), and only the teacher's key reaches the dashboard: anyone else gets 404, as for a page
that does not exist. Bodies are at most :data:`MAX_BODY` bytes (refused before they are read),
the websocket takes no messages, and every seat's actions are rate-limited by the service.
"""

from __future__ import annotations

import asyncio
import hmac
import json
import logging
import secrets
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from html import escape
from importlib.resources import files
from typing import Any
from urllib.parse import urlencode

from tornado import web, websocket

from kayalib.errors import IllegalActionError, KayalibError
from kayalib.i18n import Translator, languages
from kayalib.pages.kernel import SECRET_HEADER
from kayalib.server.frames import Budget
from kayalib.server.language import page_language
from kayalib.server.tables import (
    CODE_ALPHABET,
    CODE_LENGTH,
    TOKEN_TEXT,
    SeatKey,
    TableService,
    normal_code,
)

__all__ = ["HubCallers", "KernelCallers", "MAX_BODY", "TablesWeb", "table_routes"]

log = logging.getLogger("kayalib.tables")

#: the largest body any route reads (an action, a prediction, a dashboard command)
MAX_BODY = 4096
#: the headers a kernel names its seat with
SEAT_HEADER, TABLE_HEADER = "X-Kayalib-Seat", "X-Kayalib-Table"
KERNEL_HEADER = "X-Kayalib-Kernel-Id"
KEY_HEADER = "X-Kayalib-Key"
#: the play page of each game
PLAY_PAGES = {"blef": "play-blef.ipynb", "kaya": "play-aku-paling-kaya.ipynb"}
SEAT_COOKIE = "kayalib_table_{code}"
MEMBER_COOKIE = "kayalib_member"
#: the join page's cookie naming the browser (its tries are counted by it)
BROWSER_COOKIE = "kayalib_browser"
#: the dashboard's cookie, traded for the teacher's key of its first address
TEACHER_COOKIE = "kayalib_teacher"
#: join tries of one browser at once, and a second after that (a student's retries)
BROWSER_TRIES = (10, 0.2)
#: join tries at one table at once (a class sitting down), and a second after that
TABLE_TRIES = (30, 1.0)
#: a pass for another device: its letters, how long it works, how many wait at most
PASS_LENGTH, TRANSFER_SECONDS, MAX_TRANSFERS = 8, 600.0, 1000


@dataclass(frozen=True)
class Caller:
    """Who called a kernel route: one of the server's kernels (``user``: the hub's login of
    the student whose server it is, on a hub)."""

    user: str | None = None


class KernelCallers:
    """The class server's kernels: they hold the secret the server gave them."""

    def __init__(self, secret: str) -> None:
        self.secret = secret

    async def identify(self, handler: web.RequestHandler) -> Caller | None:
        given = handler.request.headers.get(SECRET_HEADER, "")
        if self.secret and hmac.compare_digest(given.encode(), self.secret.encode()):
            return Caller()
        return None


class HubCallers:
    """On a hub: a student's server's kernels, with that server's hub token."""

    def __init__(self, auth: Any) -> None:
        self.auth = auth  # jupyterhub.services.auth.HubAuth

    async def identify(self, handler: web.RequestHandler) -> Caller | None:
        header = handler.request.headers.get("Authorization", "")
        if not header.startswith("token "):
            return None
        user = await self.auth.user_for_token(header[6:].strip(), sync=False)
        return Caller(user["name"]) if user else None


@dataclass
class Transfer:
    """A one-time pass that seats another device of a student (the seat's token, its table's
    code, and when the pass stops working)."""

    token: str
    code: str
    until: float


@dataclass
class TablesWeb:
    """What the routes share: the service, who may call the kernel routes, the teacher's key,
    where the play pages are (``play_url``: the play page's address for a hub user, or for
    everyone), and the join page's limits: tries per browser and per table, and the passes
    for another device."""

    service: TableService
    callers: Any
    teacher_key: str
    play_url: Callable[[str | None, str], str]
    hub_user: Callable[[web.RequestHandler], Awaitable[str | None]] | None = None
    browser_budgets: dict[str, Budget] = field(default_factory=dict)
    table_budgets: dict[str, Budget] = field(default_factory=dict)
    transfers: dict[str, Transfer] = field(default_factory=dict)

    def join_refusal(self, browser: str, code: str) -> str | None:
        """Spend a join try of ``browser`` (its cookie) and, for a table that exists, of table
        ``code``; which of the two is spent (``"browser"``, ``"table"``), or None. A class
        behind one address is many browsers: one of them trying too often holds up only
        itself, and a table takes a class's tries at once, then one a second."""
        if _budget(self.browser_budgets, browser, BROWSER_TRIES).spend(0) is not None:
            return "browser"
        if code in self.service.tables:
            if _budget(self.table_budgets, code, TABLE_TRIES).spend(0) is not None:
                return "table"
        return None

    def new_transfer(self, token: str, code: str) -> str:
        """A pass for another device of the seat ``token`` at table ``code``."""
        now = time.monotonic()
        if len(self.transfers) >= MAX_TRANSFERS:
            self.transfers = {k: t for k, t in self.transfers.items() if t.until > now}
            while len(self.transfers) >= MAX_TRANSFERS:
                self.transfers.pop(next(iter(self.transfers)))
        code_pass = "".join(secrets.choice(CODE_ALPHABET) for _ in range(PASS_LENGTH))
        self.transfers[code_pass] = Transfer(token, code, now + TRANSFER_SECONDS)
        return code_pass

    def take_transfer(self, code_pass: str) -> Transfer | None:
        """The seat a pass names, once (None for a pass used, too old or unknown)."""
        found = self.transfers.pop(code_pass.strip().upper(), None)
        return found if found is not None and found.until > time.monotonic() else None


def _budget(book: dict[str, Budget], name: str, size: tuple[int, float]) -> Budget:
    """``book``'s budget of ``name`` (a new one of ``size``: tries at once, tries a second)."""
    budget = book.get(name)
    if budget is None:
        if len(book) > 10_000:
            book.clear()
        budget = book[name] = Budget(messages=size[0], message_rate=size[1])
    return budget


# ---- shared pieces -----------------------------------------------------------------------------


def refusal_json(error: IllegalActionError) -> dict[str, Any]:
    why = error.refusal
    assert not isinstance(why, str)  # the service refuses with the table's refusals, as data
    return {"refusal": {"code": why.code, "params": why.as_dict(), "english": why.english}}


class Base(web.RequestHandler):
    def initialize(self, web_config: TablesWeb) -> None:
        self.web_config = web_config

    @property
    def service(self) -> TableService:
        return self.web_config.service

    def check_xsrf_cookie(self) -> None:
        """Kernel routes carry a secret and the dashboard a key (neither is a cookie a foreign
        page could borrow); the join form checks its own token (:class:`JoinHandler`)."""

    def send_json(self, data: object, status: int = 200) -> None:
        self.set_status(status)
        self.set_header("Content-Type", "application/json; charset=utf-8")
        self.set_header("Cache-Control", "no-store")
        self.finish(json.dumps(data, separators=(",", ":")))

    def body_json(self) -> dict[str, Any]:
        if len(self.request.body) > MAX_BODY:
            raise web.HTTPError(413)
        try:
            data = json.loads(self.request.body or b"{}")
        except (ValueError, RecursionError):
            raise web.HTTPError(400) from None
        if not isinstance(data, dict):
            raise web.HTTPError(400)
        return data

    def write_error(self, status_code: int, **kwargs: object) -> None:
        self.set_header("Content-Type", "text/plain; charset=utf-8")
        self.finish(f"{status_code}\n")  # no traceback, no server detail


class Limited(Base):
    """A route whose body is at most :data:`MAX_BODY` bytes: the server's edge refuses a larger
    declared one before reading it (413, :mod:`kayalib.server.edge`), and Tornado's own limit
    stops a body sent in chunks; a body that still arrives larger is refused here.

    (Not a streamed body: Tornado closes a kept-alive connection whose streamed body a route
    refused, so the next request on it failed.)"""


class KernelRoute(Limited):
    """A route for the server's kernels only; anyone else gets 404."""

    caller: Caller

    async def prepare(self) -> None:
        caller = await self.web_config.callers.identify(self)
        if caller is None:
            raise web.HTTPError(404)
        self.caller = caller

    def seat_key(self, data: dict[str, Any] | None = None) -> SeatKey:
        source = data if data is not None else {}
        token = source.get("seat", self.request.headers.get(SEAT_HEADER, ""))
        code = source.get("table", self.request.headers.get(TABLE_HEADER, ""))
        if not isinstance(token, str) or not isinstance(code, str):
            raise IllegalActionError(_unknown())
        return seat_key(self.service, self.caller, code, token)


def seat_key(service: TableService, caller: Caller, code: str, token: str) -> SeatKey:
    """The seat a kernel names: by its token; on a hub, with no token, the seat of the login
    whose server the kernel runs in (the login holds the seat there)."""
    if not token and caller.user is not None:
        return SeatKey(code[: CODE_LENGTH + 1], "", service.member_named(caller.user))
    return SeatKey(code[: CODE_LENGTH + 1], token[:128])


def _unknown() -> Any:
    from kayalib.server.tables import unknown_seat

    return unknown_seat().refusal


# ---- the seats (a play page's kernel) ----------------------------------------------------------


class SeatHandler(KernelRoute):
    """``GET kayalib/seat``: the seat's update now."""

    def get(self) -> None:
        try:
            self.send_json(self.service.update_for(self.seat_key()))
        except IllegalActionError as error:
            self.send_json(refusal_json(error), 409)


class ActHandler(KernelRoute):
    """``POST kayalib/act``: ``{"table", "seat", "version", "action"}``; the seat's new update,
    or the refusal (nothing changed)."""

    def post(self) -> None:
        data = self.body_json()
        try:
            update = self.service.act(self.seat_key(data), data.get("version"), data.get("action"))
        except IllegalActionError as error:
            self.send_json(refusal_json(error), 409)
            return
        self.send_json(update)


class UpdatesSocket(websocket.WebSocketHandler):
    """``kayalib/seat/updates``: every update of the seat, pushed as it happens. The socket
    takes nothing from the kernel (a message closes it)."""

    def initialize(self, web_config: TablesWeb) -> None:
        self.web_config = web_config
        self.attachment: Any = None

    @property
    def max_message_size(self) -> int:
        return 1024

    async def get(self, *args: str, **kwargs: str) -> None:
        caller = await self.web_config.callers.identify(self)
        if caller is None:
            raise web.HTTPError(404)
        headers, service = self.request.headers, self.web_config.service
        self._key = seat_key(service, caller, headers.get(TABLE_HEADER, ""),
                             headers.get(SEAT_HEADER, ""))  # fmt: skip
        self._kernel = headers.get(KERNEL_HEADER, "")[:64] or None
        try:
            service.held(self._key)
        except IllegalActionError:
            raise web.HTTPError(404) from None
        await super().get(*args, **kwargs)

    def check_origin(self, origin: str) -> bool:
        return True  # a kernel, holding the server's secret (checked in get)

    def open(self, *args: str, **kwargs: str) -> None:
        try:
            self.attachment = self.web_config.service.attach(self._key, self._push, self._kernel)
        except IllegalActionError:
            self.close(1008, "no seat")

    def _push(self, update: dict[str, Any]) -> None:
        """Send ``update``; to a socket that closed (or closes meanwhile), nothing: its own
        ``on_close`` detaches it, so a closed socket is no error and no traceback."""
        if self.ws_connection is None or self.ws_connection.is_closing():
            return
        try:
            sent = self.write_message(json.dumps(update, separators=(",", ":")))
        except websocket.WebSocketClosedError:
            return
        sent.add_done_callback(_quietly)

    def on_message(self, message: str | bytes) -> None:
        self.close(1008, "this socket takes no messages")

    def on_close(self) -> None:
        if self.attachment is not None:
            self.web_config.service.detach(self.attachment)
            self.attachment = None


def _quietly(done: asyncio.Future[None]) -> None:
    """A write's outcome, read so that a socket closed in the middle of it says nothing."""
    if not done.cancelled():
        done.exception()


# ---- the class's data (a lesson page's kernel) -------------------------------------------------

ENTRY_KINDS = ("prediction", "estimate", "show", "exit")


class EntryHandler(KernelRoute):
    """``POST kayalib/class/entry``: ``{"kind", "lesson", "name", "value": {...}, "member",
    "author"}`` (see :mod:`kayalib.pages.classroom`)."""

    def post(self) -> None:
        data = self.body_json()
        kind, lesson, name = data.get("kind"), data.get("lesson"), data.get("name")
        value = data.get("value")
        if kind not in ENTRY_KINDS or not all(
            isinstance(x, str) and 0 < len(x) <= 40 and x.isprintable() for x in (lesson, name)
        ) or not isinstance(value, dict):  # fmt: skip
            raise web.HTTPError(400)
        service = self.service
        member = None
        if self.caller.user is not None:  # a hub: the login is the student
            member = service.member_named(self.caller.user)
        elif isinstance(data.get("member"), str):
            member = service.member_of(data["member"])
        author = str(data.get("author", ""))[:40]
        if member is None and not author:
            raise web.HTTPError(400)
        author = f"m{member}" if member is not None else f"p{author}"
        assert isinstance(lesson, str) and isinstance(name, str)
        service.store.add_entry(service.class_id, kind, lesson, name, member, value, author)
        self.send_json({"ok": True})


class DataHandler(KernelRoute):
    """``GET kayalib/class/data?kind=...``: the class's data for a lesson: ``play`` (every
    bid of every ended Blef round, with its exact chance and whether it was a bluff),
    ``prediction`` (once the teacher has revealed it), ``estimate`` and ``show``."""

    def get(self) -> None:
        from kayalib.server.classdata import class_data

        kind = self.get_query_argument("kind", "")
        lesson = self.get_query_argument("lesson", None)
        name = self.get_query_argument("name", None)
        try:
            self.send_json(class_data(self.service, kind, lesson, name))
        except KayalibError:
            raise web.HTTPError(400) from None


# ---- the join page (a student's browser) -------------------------------------------------------


def _lang(handler: web.RequestHandler) -> str:
    return page_language(handler)


class JoinHandler(Limited):
    """``kayalib/join``: the code and a nickname (on a hub, the login is the nickname).

    A seat is held by a cookie for its table (``kayalib_table_<code>``, HttpOnly), never by
    anything in an address: the play page is ``play-blef.ipynb?table=CODE`` and the server
    hands the cookie's token to the page's kernel (:func:`pass_identity`); on a hub the login
    holds the seat. ``?code=CODE&device=another`` (the play page's "another device" link)
    shows a one-time pass for another device (``?pass=...``: that device then holds the seat
    too). Tries are counted per browser (its cookie) and per table, never per address."""

    async def get(self) -> None:
        browser = self._browser()
        t = Translator(_lang(self))
        given_pass = self.get_query_argument("pass", "")[:16]
        if given_pass:
            if self.web_config.join_refusal(browser, "") is not None:
                self.set_status(429)
                self._page(error=t("refusal_table_too_fast"))
                return
            transfer = self.web_config.take_transfer(given_pass)
            key = None if transfer is None else self._key_of(transfer.token)
            if key is None:
                self.set_status(410)
                self._page(error=t("table_pass_used"))
                return
            self._keep(key)
            self.redirect(await self._seat_url(key))
            return
        code = normal_code(self.get_query_argument("code", "")[:16])
        key = await self._held(code) if code else None
        if key is not None and self.get_query_argument("device", "") == "another" and key.token:
            self._transfer_page(key)
            return
        if key is not None:  # this browser (or login) has a seat at that table
            self.redirect(await self._seat_url(key))
            return
        self._page(code=code)

    async def post(self) -> None:
        self.check_xsrf_cookie_of_form()
        browser = self._browser()
        code = normal_code(self.get_body_argument("code", "")[:16])
        nickname = self.get_body_argument("nickname", "")[:64]
        t = Translator(_lang(self))
        if self.web_config.join_refusal(browser, code) is not None:
            self.set_status(429)
            self._page(code=code, nickname=nickname, error=t("refusal_table_too_fast"))
            return
        key = await self._held(code)
        try:
            if key is None:
                user = await self._hub_user()
                member = self._known_member() if user is None else (
                    self.service.member_named(user))  # fmt: skip
                nickname = user if user is not None else nickname
                self.service.verify_join(code, nickname, member)
                if member is None:  # a class member only for a browser that sits down
                    member = self._new_member(nickname)
                key = self.service.join(code, nickname, member)
        except IllegalActionError as error:
            from kayalib.words import Words

            self.set_status(409)
            self._page(code=code, nickname=nickname, error=Words(t).refusal(error.refusal))
            return
        self._keep(key)
        self.redirect(await self._seat_url(key))

    def check_xsrf_cookie_of_form(self) -> None:
        web.RequestHandler.check_xsrf_cookie(self)

    async def _hub_user(self) -> str | None:
        finder = self.web_config.hub_user
        return None if finder is None else await finder(self)

    def _browser(self) -> str:
        """This browser's name: its cookie, which the page gives a browser that has none (a
        form sent without it counts with every other one sent without it, as one browser)."""
        value = self.get_cookie(BROWSER_COOKIE, "") or ""
        if TOKEN_TEXT.fullmatch(value):
            return value
        if self.request.method != "GET":
            return ""
        value = secrets.token_urlsafe(16)
        self.set_cookie(BROWSER_COOKIE, value, httponly=True, samesite="Strict", expires_days=1)
        return value

    def _key_of(self, token: str) -> SeatKey | None:
        try:
            table, _seat = self.service.seat_of(token)
        except IllegalActionError:
            return None
        return SeatKey(table.code, token)

    async def _held(self, code: str) -> SeatKey | None:
        """The seat this browser holds at table ``code`` (its cookie), or on a hub its login."""
        token = self.get_cookie(SEAT_COOKIE.format(code=code)) if code.isalnum() else None
        key = self._key_of(token) if token else None
        user = await self._hub_user() if key is None else None
        if user is not None:
            login = SeatKey(code, "", self.service.member_named(user))
            try:
                self.service.held(login)
            except IllegalActionError:
                return None
            return login
        return key

    def _keep(self, key: SeatKey) -> None:
        """The seat's cookie (its token), for the join page and the play page of its table."""
        if key.token:
            self.set_cookie(SEAT_COOKIE.format(code=key.code), key.token, httponly=True,
                            samesite="Strict", expires_days=1)  # fmt: skip

    def _known_member(self) -> int | None:
        token = self.get_cookie(MEMBER_COOKIE)
        return self.service.member_of(token) if token else None

    def _new_member(self, nickname: str) -> int:
        """A new class member for this browser (the lessons' data go to it)."""
        token, member = self.service.new_member(nickname)
        self.set_cookie(MEMBER_COOKIE, token, httponly=True, samesite="Strict",
                        expires_days=1)  # fmt: skip
        return member

    async def _seat_url(self, key: SeatKey) -> str:
        table, _seat = self.service.held(key)
        query = urlencode({"table": table.code, "lang": _lang(self)})
        user = await self._hub_user()
        return self.web_config.play_url(user, PLAY_PAGES[table.game]) + "?" + query

    def _transfer_page(self, key: SeatKey) -> None:
        """A one-time pass (and its address and QR code) for another device of this seat."""
        from kayalib.server.dashboard_page import qr_svg

        t = Translator(_lang(self))
        code_pass = self.web_config.new_transfer(key.token, key.code)
        address = (f"{self.request.protocol}://{self.request.host}{self.request.path}?"
                   + urlencode({"pass": code_pass, "lang": t.lang}))  # fmt: skip
        minutes = round(TRANSFER_SECONDS / 60)
        self._shell(t, f'<h1>{escape(t("table_other_device"))}</h1>'
                    f'<p>{escape(t("table_pass_help", minutes=minutes))}</p>'
                    f'<p class="kaya-join-pass">{escape(code_pass)}</p>'
                    f'<div class="kaya-join-qr">{qr_svg(address)}</div>'
                    f'<p><a class="kaya-join-pass-link" href="{escape(address)}">'
                    f"{escape(address)}</a></p>")

    def _page(self, code: str = "", nickname: str = "", error: str = "") -> None:
        t = Translator(_lang(self))
        switch = " ".join(
            f'<a href="?{urlencode({"lang": lang, "code": code})}" lang="{lang}">{escape(name)}</a>'
            for lang, name in languages().items()
        )
        problem = f'<p class="kaya-join-error" role="alert">{escape(error)}</p>' if error else ""
        self._shell(t,
            f'<h1>{escape(t("table_join_title"))}</h1>'
            f'<p>{escape(t("table_join_help"))}</p>{problem}'
            f'<form method="post" action="">{self.xsrf_form_html()}'
            f'<input type="hidden" name="lang" value="{t.lang}">'
            f'<label>{escape(t("table_join_code"))}<input name="code" value="{escape(code)}"'
            f' maxlength="{CODE_LENGTH}" autocapitalize="characters" autocomplete="off"'
            ' required class="kaya-join-code"></label>'
            f'<label>{escape(t("table_join_nickname"))}<input name="nickname"'
            f' value="{escape(nickname)}" maxlength="20" autocomplete="nickname"'
            ' class="kaya-join-nickname"></label>'
            f'<button type="submit" class="kaya-join-button">{escape(t("table_join_button"))}'
            f'</button></form><nav class="kaya-join-langs">{switch}</nav>'
        )  # fmt: skip

    def _shell(self, t: Translator, body: str) -> None:
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.set_header("Cache-Control", "no-store")
        self.set_header("Referrer-Policy", "no-referrer")
        self.finish(
            f'<!doctype html><html lang="{t.lang}"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{escape(t('table_join_title'))}</title><style>{style()}</style></head>"
            f'<body class="kaya-join"><main>{body}</main></body></html>'
        )


def style() -> str:
    return files("kayalib.server").joinpath("tables.css").read_text("utf-8")


# ---- the dashboard (the teacher) ---------------------------------------------------------------


class TeacherRoute(Limited):
    """A route for the teacher only: the dashboard's cookie (:class:`DashboardPage` trades the
    key of its first address for it) or the key in the header ``X-Kayalib-Key``; 404 to anyone
    else. A key in an address opens nothing but that first page."""

    def prepare(self) -> None:
        if not self.is_teacher():
            raise web.HTTPError(404)

    def is_teacher(self) -> bool:
        """The key in the header; or the dashboard's cookie, on a command only with a JSON
        body (a form a foreign page sends would carry the cookie too, were it not SameSite)."""
        expected = self.web_config.teacher_key
        if not expected:
            return False
        given = self.request.headers.get(KEY_HEADER, "")[:128]
        if given and hmac.compare_digest(given.encode(), expected.encode()):
            return True
        cookie = self.get_cookie(TEACHER_COOKIE, "") or ""
        json_body = self.request.headers.get("Content-Type", "").startswith("application/json")
        return (self.request.method == "GET" or json_body) and hmac.compare_digest(
            cookie.encode(), teacher_proof(expected).encode())

    def t(self) -> Translator:
        return Translator(_lang(self))


def teacher_proof(key: str) -> str:
    """What the dashboard's cookie holds: proof of the teacher's key, not the key itself."""
    return hmac.new(key.encode(), b"kayalib dashboard", "sha256").hexdigest()


class DashboardPage(TeacherRoute):
    """``GET kayalib/dashboard``: the page (its script draws :class:`StateHandler`). Its first
    address, ``?key=...`` (``make class`` prints it), is traded for the dashboard's cookie
    (HttpOnly, SameSite) and a redirect to the same address without the key: the key leaves
    the address bar (a projected dashboard shows none) and the history."""

    def prepare(self) -> None:
        given = self.get_query_argument("key", "")[:128]
        expected = self.web_config.teacher_key
        if given and expected and hmac.compare_digest(given.encode(), expected.encode()):
            self.set_cookie(TEACHER_COOKIE, teacher_proof(expected), path=self.request.path,
                            httponly=True, samesite="Strict")  # fmt: skip
            lang = self.get_query_argument("lang", "")
            self.set_header("Referrer-Policy", "no-referrer")
            self.redirect(self.request.path + (f"?{urlencode({'lang': lang})}" if lang else ""))
            return
        super().prepare()

    def get(self) -> None:
        from kayalib.server.dashboard_page import dashboard_html

        base = self.request.protocol + "://" + self.request.host
        join = base + self.reverse_join()
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.set_header("Cache-Control", "no-store")
        self.set_header("Referrer-Policy", "no-referrer")
        self.finish(dashboard_html(self.t(), join))

    def reverse_join(self) -> str:
        return self.request.path.rsplit("/dashboard", 1)[0] + "/join"


class StateHandler(TeacherRoute):
    """``GET kayalib/dashboard/state``: everything the page draws (no hidden card in play)."""

    def get(self) -> None:
        from kayalib.server.dashboard import overview
        from kayalib.server.dashboard_page import qr_svg

        sample = self.get_query_argument("sample", "") == "1"  # the shipped sample's learning
        state = overview(self.service, self.t(), sample=sample)
        join = (self.request.protocol + "://" + self.request.host
                + self.request.path.rsplit("/dashboard", 1)[0] + "/join")  # fmt: skip
        for table in state["tables"]:
            table["join"] = f"{join}?code={table['code']}"
            table["qr"] = qr_svg(table["join"])
        self.send_json(state)


class CommandHandler(TeacherRoute):
    """``POST kayalib/dashboard/do``: ``{"do": ..., ...}``: create, start, pause, resume,
    end, move, free (a seat), lock and unlock (a table: no new player), wait, reveal, names,
    forget."""

    def post(self) -> None:
        data = self.body_json()
        service = self.service
        command = data.get("do")
        try:
            if command == "create":
                people = data.get("people")
                bots = data.get("bots", [])
                if type(people) is not int or not isinstance(bots, list):
                    raise web.HTTPError(400)
                options = {k: str(v) for k, v in data.get("options", {}).items()}
                wait = data.get("wait", 30)
                table = service.create_table(str(data.get("game")), people=people,
                                             bots=[str(b) for b in bots], options=options,
                                             bot_wait=wait)  # fmt: skip
                self.send_json({"code": table.code})
                return
            if command in ("start", "pause", "resume", "end"):
                service.set_status(str(data.get("table")), command)
            elif command == "move":
                seat = data.get("seat")
                if type(seat) is not int:
                    raise web.HTTPError(400)
                service.move(str(data.get("table")), seat, str(data.get("to")))
            elif command == "free":
                seat = data.get("seat")
                if type(seat) is not int:
                    raise web.HTTPError(400)
                service.free_seat(str(data.get("table")), seat)
            elif command in ("lock", "unlock"):
                service.set_locked(str(data.get("table")), command == "lock")
            elif command == "wait":
                service.set_bot_wait(str(data.get("table")), data.get("seconds"))
            elif command == "reveal":
                service.store.reveal(service.class_id, str(data.get("lesson"))[:40],
                                     str(data.get("name"))[:40])  # fmt: skip
            elif command == "names":
                service.store.set_names(service.class_id, str(data.get("names")))
            elif command == "forget":
                service.forget_class()
            else:
                raise web.HTTPError(400)
        except IllegalActionError as error:
            from kayalib.words import Words

            answer = refusal_json(error)
            answer["refusal"]["text"] = Words(self.t()).refusal(error.refusal)
            self.send_json(answer, 409)
            return
        except (KayalibError, ValueError):
            self.send_json({"error": self.t()("dash_bad_table")}, 400)
            return
        self.send_json({"ok": True})


class ExportHandler(TeacherRoute):
    """``GET kayalib/dashboard/export.jsonl`` and ``export.csv``: the ended games;
    ``answers.jsonl`` and ``answers.csv``: the class's predictions and exit-ticket answers."""

    def get(self, what: str, kind: str) -> None:
        from kayalib.server import dashboard

        export = {("export", "jsonl"): dashboard.export_jsonl,
                  ("export", "csv"): dashboard.export_csv,
                  ("answers", "jsonl"): dashboard.export_answers_jsonl,
                  ("answers", "csv"): dashboard.export_answers_csv}[what, kind]  # fmt: skip
        text = export(self.service)
        mime = "application/x-ndjson" if kind == "jsonl" else "text/csv"
        name = "kayalib-class" if what == "export" else "kayalib-class-answers"
        self.set_header("Content-Type", f"{mime}; charset=utf-8")
        self.set_header("Content-Disposition", f'attachment; filename="{name}.{kind}"')
        self.set_header("Cache-Control", "no-store")
        self.finish(text)


def table_routes(base: str, web_config: TablesWeb) -> list[tuple[str, type, dict[str, Any]]]:
    """The routes of the class tables under ``base`` (ending in ``/``)."""
    kwargs = {"web_config": web_config}
    prefix = base + "kayalib/"
    return [
        (prefix + "join", JoinHandler, kwargs),
        (prefix + "seat", SeatHandler, kwargs),
        (prefix + "seat/updates", UpdatesSocket, kwargs),
        (prefix + "act", ActHandler, kwargs),
        (prefix + "class/entry", EntryHandler, kwargs),
        (prefix + "class/data", DataHandler, kwargs),
        (prefix + "dashboard", DashboardPage, kwargs),
        (prefix + "dashboard/state", StateHandler, kwargs),
        (prefix + "dashboard/do", CommandHandler, kwargs),
        (prefix + r"dashboard/(export|answers)\.(jsonl|csv)", ExportHandler, kwargs),
    ]


# ---- the class server mounts the tables --------------------------------------------------------

#: the request headers a page's kernel learns the student from (set by the server from the
#: browser's cookies; one a browser sends itself is dropped first): its class member, its
#: pseudonym, and its seat's token at the table the page's address names
MEMBER_HEADER, AUTHOR_HEADER = "X-Kayalib-Member", "X-Kayalib-Author"
IDENTITY_HEADERS = (MEMBER_HEADER, AUTHOR_HEADER, SEAT_HEADER)


def pass_identity(handler: web.RequestHandler, browser: str, secret: str) -> None:
    """Before a page is rendered: tell its kernel who the student is (the member cookie the
    join page set, if any, and a pseudonym of the browser that is stable for the class and
    says nothing of its cookie) and, for a play page of a table (``?table=CODE``), the seat
    this browser holds there (its cookie's token: never in the page's address), as request
    headers Voila hands the kernel."""
    headers = handler.request.headers
    for name in IDENTITY_HEADERS:
        headers.pop(name, None)
    member = handler.get_cookie(MEMBER_COOKIE, "") or ""
    if member and len(member) <= 64 and member.replace("-", "").replace("_", "").isalnum():
        headers[MEMBER_HEADER] = member
    headers[AUTHOR_HEADER] = hmac.new(secret.encode(), browser.encode(), "sha256").hexdigest()[:20]
    code = normal_code(handler.get_query_argument("table", "")[:16])
    token = handler.get_cookie(SEAT_COOKIE.format(code=code), "") if code.isalnum() else ""
    if token and TOKEN_TEXT.fullmatch(token):
        headers[SEAT_HEADER] = token


def tell_kernels(app: Any) -> None:
    """Tell the server's kernels where the class service is (``KAYALIB_CLASS_URL``): before
    the kernel manager starts, which copies the environment for its pools' kernels then."""
    import os

    from kayalib.pages.classroom import URL_ENV

    host = app.ip if app.ip not in ("", "0.0.0.0", "::") else "127.0.0.1"
    os.environ[URL_ENV] = f"http://{host}:{app.port}{app.base_url}"


def mount_class_tables(app: Any, store_path: str, secret: str) -> TablesWeb:
    """The class server's tables: the store opened and every table replayed, the kernels told
    who their student is (:func:`tell_kernels` told them where the service is)."""
    from kayalib.server.store import ClassStore

    service = TableService(ClassStore(store_path), pages_tracked=True)
    service.restore()
    envs = list(app.voila_configuration.http_header_envs)
    app.voila_configuration.http_header_envs = envs + [h for h in IDENTITY_HEADERS
                                                       if h not in envs]  # fmt: skip

    def play_url(_user: str | None, page: str) -> str:
        return f"{app.base_url}voila/render/{page}"

    return TablesWeb(service, KernelCallers(secret), app.teacher_key, play_url)
