"""A play page at a class table: :class:`ClassSeat`, the :class:`~kayalib.ui.client.TableClient`
of one seat whose table lives on the class server.

``play-blef.ipynb?table=K7Q4`` (the address the join page sends a student to; the server hands
the kernel the seat's token from the browser's cookie, never from the address) opens
the same app, with the same panels, words and languages, drawn from what the server sends this
seat only: its own view (``View.from_json``: its cards, every public fact, the hands laid face
up, its part of the log), who sits where, the table's status. The seat acts by sending an
action's text with the move count it answers; the server checks it against the legal actions
and writes it to its store before any seat is told; every change then reaches this page's
kernel, and the app redraws.

How the seat reaches its table is a :class:`SeatLink`: over HTTP and a websocket from a page's
kernel (:class:`HttpSeatLink`, with the secret only the server's kernels hold), or, in tests,
straight to a service in the same process. A class seat has no owner's part: there is nothing
to undo and no new game at a class table (the teacher runs the table from the dashboard), so the
app hides those controls and refuses them if asked; everything else works as usual.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
from collections.abc import Callable
from typing import Any, Protocol

from kayalib.engine import Refusal, View
from kayalib.errors import IllegalActionError, SeatError
from kayalib.i18n import Translator
from kayalib.pages.classroom import ClassLink, ClassUnreachableError
from kayalib.pages.options import PageOptions
from kayalib.registry import game
from kayalib.table import PERSON
from kayalib.ui.client import TableOwner
from kayalib.ui.framework import GameApp
from kayalib.ui.screen import HOLDS
from kayalib.ui.tree import Node, h

__all__ = [
    "ClassSeat", "HttpSeatLink", "SeatLink", "launch_at_table", "refused", "seat_app",
    "table_app", "table_panel",
]  # fmt: skip

log = logging.getLogger("kayalib.ui")

#: seconds between two tries to reach the class service again after its socket closed
RECONNECT = (0.5, 1.0, 2.0, 4.0, 8.0)

Update = dict[str, Any]


def refused(answer: Any) -> IllegalActionError:
    """The refusal a class service answered (``{"refusal": {"code", "params", "english"}}``),
    or "the class did not answer" for anything else."""
    why = answer.get("refusal") if isinstance(answer, dict) else None
    if not isinstance(why, dict) or not isinstance(why.get("code"), str):
        return IllegalActionError(Refusal.of("table_unreachable", "the class did not answer"))
    given = why.get("params")
    params: dict[str, Any] = given if isinstance(given, dict) else {}
    english = str(why.get("english", why["code"]))
    try:
        english.format(**params)
    except (KeyError, IndexError, ValueError):
        english = why["code"]
    return IllegalActionError(Refusal.of(why["code"], english, **params))


class SeatLink(Protocol):
    """How one seat's page reaches its class table. ``code`` and ``token`` name the seat (the
    code follows the seat when the teacher moves it to another table)."""

    @property
    def code(self) -> str: ...

    @property
    def token(self) -> str: ...

    def fetch(self) -> Update:
        """The seat's update now; IllegalActionError with the service's refusal."""
        ...

    def act(self, version: int, action: str) -> Update:
        """Send ``action`` for the seat, answering move count ``version``: the seat's new
        update, or IllegalActionError with the service's refusal (nothing changed)."""
        ...

    def listen(self, push: Callable[[Update], None]) -> None:
        """``push(update)`` with every later update of the seat, as it comes."""
        ...

    def page_path(self, path: str, **query: str) -> str:
        """The address of the class service's page ``kayalib/<path>`` as this page's browser
        reaches it (the join page's one-time pass for another device, say)."""
        ...

    def close(self) -> None: ...


class HttpSeatLink:
    """A seat reached from its page's kernel: the class service's routes over HTTP, its updates
    over a websocket (on the kernel's event loop; reconnected when the server restarts)."""

    def __init__(self, link: ClassLink, code: str, token: str) -> None:
        self.link = link
        self.code = code
        self.token = token
        self._closed = False
        self._socket: Any = None

    def _headers(self) -> dict[str, str]:
        return {"X-Kayalib-Table": self.code, "X-Kayalib-Seat": self.token}

    def page_path(self, path: str, **query: str) -> str:
        return self.link.page_path(path, **query)

    def _answer(self, status: int, answer: Any) -> Update:
        if status != 200 or not isinstance(answer, dict) or answer.get("type") != "update":
            raise refused(answer)
        self.code = str(answer.get("table", self.code))  # the teacher may move a student
        return answer

    def fetch(self) -> Update:
        try:
            return self._answer(*self.link.request("seat", headers=self._headers()))
        except ClassUnreachableError:
            raise refused(None) from None

    def act(self, version: int, action: str) -> Update:
        body = {"table": self.code, "seat": self.token, "version": version, "action": action}
        try:
            return self._answer(*self.link.request("act", body))
        except ClassUnreachableError:
            raise refused(None) from None

    def listen(self, push: Callable[[Update], None]) -> None:
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return  # no loop (a script): the page learns what changed when it acts
        loop.create_task(self._listen(push))

    async def _listen(self, push: Callable[[Update], None]) -> None:
        from tornado.httpclient import HTTPRequest
        from tornado.websocket import websocket_connect

        tries = 0
        gone = False
        while not self._closed and not gone:
            headers = {**dict(self.link.headers), **self._headers(),
                       "X-Kayalib-Kernel-Id": os.environ.get("VOILA_KERNEL_ID", "")}  # fmt: skip
            try:
                self._socket = await websocket_connect(HTTPRequest(
                    self.link.websocket_url("seat/updates"), headers=headers,
                    connect_timeout=10, request_timeout=10))  # fmt: skip
                tries = 0
                while True:
                    message = await self._socket.read_message()
                    if message is None:
                        break
                    update = json.loads(message)
                    if isinstance(update, dict) and update.get("type") == "update":
                        self.code = str(update.get("table", self.code))
                    gone = isinstance(update, dict) and update.get("type") == "gone"
                    push(update)
            except Exception as error:  # the server restarts, or the seat was moved away
                log.info("kayalib: the class table's socket closed: %s", error)
            if self._closed or gone:
                return
            await asyncio.sleep(RECONNECT[min(tries, len(RECONNECT) - 1)])
            tries += 1
            if tries > 30:
                return

    def close(self) -> None:
        self._closed = True
        if self._socket is not None:
            self._socket.close()


class ClassSeat:
    """One seat of a class table, seen from its page (:class:`TableClient`, with no owner's
    part). ``update`` is the last thing the service sent this seat."""

    def __init__(self, link: SeatLink) -> None:
        self.link = link
        self.update: Update = {}
        self._view: View | None = None
        self._listeners: list[Callable[[], None]] = []
        self._apply(link.fetch())
        link.listen(self._pushed)

    # ---- the updates ---------------------------------------------------------------------------

    def _apply(self, update: Update) -> bool:
        """Take ``update`` unless it is older than the one held; whether it was taken."""
        if update.get("type") == "gone":
            self.update = {**self.update, "status": "gone"}
            return True
        if update.get("type") != "update":
            return False
        if self.update and update["version"] < self.update["version"]:
            return False  # a push that the answer to this seat's own action overtook
        self._view = game(update["game"]).view.from_json(update["view"])
        self.update = update
        return True

    def _pushed(self, update: Update) -> None:
        if not self._apply(update):
            return
        for listener in list(self._listeners):
            try:
                listener()
            except Exception:  # a redraw that fails is shown by the app; never lost here
                log.error("Exception in callback (a class table's update)", exc_info=True)

    def listen(self, listener: Callable[[], None]) -> None:
        self._listeners.append(listener)

    def close(self) -> None:
        self.link.close()

    # ---- what the seat knows (TableClient) -----------------------------------------------------

    @property
    def seat(self) -> int:
        return int(self.update["seat"])

    @property
    def game(self) -> str:
        return str(self.update["game"])

    @property
    def status(self) -> str:
        return str(self.update.get("status", ""))

    @property
    def seats(self) -> tuple[str, ...]:
        return tuple(PERSON if s["kind"] == "person" else s["bot"] for s in self._seats())

    @property
    def people(self) -> tuple[int, ...]:
        return (self.seat,)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(str(s.get("name", "")) for s in self._seats())

    @property
    def hold(self) -> str | None:
        status = self.status
        return status if status in HOLDS else None

    @property
    def owner(self) -> TableOwner | None:
        return None  # the teacher runs a class table

    def _seats(self) -> list[dict[str, Any]]:
        seats: list[dict[str, Any]] = self.update.get("seats", [])
        return seats

    def view(self, seat: int) -> View:
        if seat != self.seat or self._view is None:
            raise SeatError(f"this page holds seat {self.seat}, not {seat}")
        return self._view

    def news(self, reader: int) -> int:
        if reader != self.seat:
            raise SeatError(f"this page holds seat {self.seat}, not {reader}")
        return int(self.update.get("news", 0))

    def act(self, seat: int, action: str) -> None:
        """Send ``action`` for this seat; the refusal (IllegalActionError) when the server
        refuses it, and nothing changes."""
        if seat != self.seat:
            raise IllegalActionError(Refusal.of("not_a_person", "not this page's seat",
                                                seat=seat))  # fmt: skip
        self._apply(self.link.act(int(self.update["version"]), action))

    # ---- what the class table's panel shows ----------------------------------------------------

    def presence(self, seat: int) -> str:
        """``"bot"``, ``"here"``, ``"away"`` or ``"stand_in"`` (away, a bot plays for them)."""
        found = self._seats()[seat]
        if found["kind"] != "person":
            return "bot"
        if found.get("here"):
            return "here"
        return "stand_in" if found.get("stand_in") else "away"

    @property
    def stand_in_moves(self) -> int:
        return int(self.update.get("stand_in_moves", 0))

    @property
    def figures(self) -> dict[str, int] | None:
        """This student's own play figures, when the game counts any."""
        mine = self.update.get("mine")
        return mine if isinstance(mine, dict) else None


def table_panel(seat: ClassSeat, words: Any) -> Node:
    """The class table's own panel: its code, who sits where (here or away), the moves made
    for those away, this student's own figures, and the way to the same seat on another
    device. (Whether the table waits or is paused is the status line's.)"""
    t: Translator = words.t
    lines = []
    items = []
    for i in range(len(seat.seats)):
        presence = seat.presence(i)
        # a bot's seat name says it is a bot already ("Player 3 (bot: random)")
        state = {"bot": "", "here": "", "away": t("table_seat_away"),
                 "stand_in": t("table_seat_stand_in")}[presence]  # fmt: skip
        mark = [" ", h("span.kaya-table-away", f"({state})")] if state else []
        items.append(h("li", words.seat(i), *mark))
    if seat.stand_in_moves:
        lines.append(t("table_stand_in_moves", n=seat.stand_in_moves))
    mine = seat.figures
    if mine and mine.get("bids"):
        lines.append(t("table_mine", bids=mine["bids"], checked=mine["checked"],
                       false=mine["checked_false"], bluffs=mine["bluffs"]))  # fmt: skip
    code = seat.link.code
    another = seat.link.page_path("join", code=code, device="another")
    return h(
        "div.kaya-panel.kaya-class-table",
        h("div.kaya-panel-title", t("table_panel_title", code=code)),
        h("ul.kaya-table-seats", *items), *[h("p", line) for line in lines],
        h("details.kaya-other-device", h("summary", t("table_other_device")),
          h("p", t("table_other_device_help"), " ",
            h("a", t("table_other_device"), href=another))),
    )  # fmt: skip


def seat_app(cls: type[GameApp], link: SeatLink, **kwargs: Any) -> GameApp:
    """The app of class ``cls`` at the class seat ``link`` reaches, with the class table's own
    panel above its columns; the service's refusal (IllegalActionError) when the link holds no
    seat of that game."""
    seat = ClassSeat(link)
    if seat.game != cls.game_name:
        raise IllegalActionError(Refusal.of("table_unknown_seat", "a seat of another game"))
    app = cls(client=seat, **kwargs)

    def draw_panel() -> None:
        app.shell.above = [h("div.kaya-table-panel", table_panel(seat, app.words()))]

    app.after_render.append(draw_panel)
    app.render()
    return app


def table_app(cls: type[GameApp], code: str, token: str, **kwargs: Any) -> GameApp:
    """The app of class ``cls`` at the seat ``token`` of table ``code``, reached over the class
    server's routes; the server's refusal (IllegalActionError) when the address holds no seat,
    and :class:`ClassUnreachableError` outside class mode."""
    link = ClassLink.from_environment()
    if link is None:
        raise ClassUnreachableError("this page is not served by a class server")
    return seat_app(cls, HttpSeatLink(link, code, token), **kwargs)


def launch_at_table(cls: type[GameApp], options: PageOptions,
                    notices: list[str]) -> GameApp | None:  # fmt: skip
    """The app of a page whose address names a class table (``?table=&seat=``), or ``None``
    with a notice in ``notices`` when it holds no seat (the page then opens as usual)."""
    from kayalib.words import Words

    t = Translator(options.lang)
    kwargs: dict[str, Any] = {"lang": options.lang, "size": options.size}
    if options.hint is not None:
        kwargs["hint"] = options.hint
    try:
        app = table_app(cls, options.table or "", options.seat or "", **kwargs)
    except IllegalActionError as error:
        notices.append(Words(t).refusal(error.refusal))
        return None
    except ClassUnreachableError:
        notices.append(t("refusal_table_unreachable"))
        return None
    if notices:
        app.shell.error.show(" ".join(notices))
        app.render()
    return app
