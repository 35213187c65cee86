"""A play page at a class table: :class:`RemoteTable`, the :class:`~kayalib.ui.client.TableClient`
of one seat whose table lives on the class server, and the play apps' table mode.

``play-blef.ipynb?table=K7Q4`` (the address the join page sends a student to; the server hands
the kernel the seat's token from the browser's cookie, never from the address) opens
the same app, with the same panels, words and languages, drawn from what the server sends this
seat only: its own view (``View.from_json``), the hands laid face up for everyone, who sits
where. The seat acts by sending an action's text with the move count it answers; the server
checks it against the legal actions and writes it to its store before any seat is told; every
change then reaches this page's kernel over a websocket, and the app redraws.

There is nothing to undo and no new game at a class table (the teacher runs the table from the
dashboard), so the app hides those controls; everything else works as usual.
"""

from __future__ import annotations

import asyncio
import importlib
import json
import logging
import os
from collections.abc import Callable, Collection, Sequence
from typing import Any

from kayalib.engine import Event, Refusal, View
from kayalib.errors import IllegalActionError, SeatError
from kayalib.i18n import Translator
from kayalib.pages.classroom import ClassLink, ClassUnreachableError
from kayalib.pages.widgets import html, show_if
from kayalib.registry import GAMES, game
from kayalib.table import PERSON
from kayalib.ui.client import Laid

__all__ = ["ELSEWHERE", "RemoteTable", "SeatApp", "launch_at_table", "table_app"]

log = logging.getLogger("kayalib.ui")

#: how a seat page sees a person at another screen (not "human": the person at *this* screen)
ELSEWHERE = "elsewhere"
#: seconds between two tries to reach the class service again after its socket closed
RECONNECT = (0.5, 1.0, 2.0, 4.0, 8.0)


def _refused(answer: Any) -> IllegalActionError:
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


class RemoteTable:
    """One seat of a class table, seen from its page's kernel (:class:`TableClient`).

    ``update`` is the last thing the server sent this seat; ``views`` the seat's views, one
    per update (the app counts its decisions by them). ``on_change()`` runs after every update
    that arrives by itself (another seat moved, a bot, a classmate came back)."""

    def __init__(self, link: ClassLink, code: str, token: str, update: dict[str, Any]) -> None:
        self.link = link
        self.code = code
        self.token = token
        self.on_change: Callable[[], None] = lambda: None
        self.views: list[View] = []
        self.update: dict[str, Any] = {}
        self._closed = False
        self._socket: Any = None
        self._apply(update)

    @classmethod
    def connect(cls, link: ClassLink, code: str, token: str) -> RemoteTable:
        """The seat's table as it is now; IllegalActionError with the server's refusal."""
        try:
            status, answer = link.request("seat", headers=cls._seat_headers(code, token))
        except ClassUnreachableError:
            raise _refused(None) from None
        if status != 200 or not isinstance(answer, dict) or answer.get("type") != "update":
            raise _refused(answer)
        return cls(link, code, token, answer)

    @staticmethod
    def _seat_headers(code: str, token: str) -> dict[str, str]:
        return {"X-Kayalib-Table": code, "X-Kayalib-Seat": token}

    # ---- the updates ---------------------------------------------------------------------------

    def _apply(self, update: dict[str, Any]) -> bool:
        """Take ``update`` unless it is older than the one held; whether it was taken."""
        if update.get("type") == "gone":
            self.update = {**self.update, "status": "gone"}
            return True
        if update.get("type") != "update":
            return False
        if self.update and update["version"] < self.update["version"]:
            return False  # a push that the answer to this seat's own action overtook
        view = game(update["game"]).view.from_json(update["view"])
        self.update = update
        self.code = update["table"]  # the teacher may move a student to another table
        if not self.views or view != self.views[-1]:
            self.views.append(view)
        return True

    def listen(self) -> None:
        """Receive every later update on the running event loop (a kernel's)."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return  # no loop (a script): the page asks again when it acts
        loop.create_task(self._listen())

    async def _listen(self) -> None:
        from tornado.httpclient import HTTPRequest
        from tornado.websocket import websocket_connect

        tries = 0
        while not self._closed and self.update.get("status") != "gone":
            headers = {**dict(self.link.headers), **self._seat_headers(self.code, self.token),
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
                    if self._apply(json.loads(message)):
                        self._changed()
            except Exception as error:  # the server restarts, or the seat was moved away
                log.info("kayalib: the class table's socket closed: %s", error)
            if self._closed:
                return
            await asyncio.sleep(RECONNECT[min(tries, len(RECONNECT) - 1)])
            tries += 1
            if tries > 30:
                return

    def _changed(self) -> None:
        try:
            self.on_change()
        except Exception:
            log.error("Exception in callback (a class table's update)", exc_info=True)

    def close(self) -> None:
        self._closed = True
        if self._socket is not None:
            self._socket.close()

    # ---- what the seat knows -------------------------------------------------------------------

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
    def kinds(self) -> tuple[str, ...]:
        """Who plays each seat: ``"human"`` for a person (here or elsewhere), else the bot."""
        return tuple(PERSON if s["kind"] == "person" else s["bot"] for s in self.update["seats"])

    @property
    def seats(self) -> tuple[str, ...]:
        """The seats as this page sees them: this seat is the person at this screen, another
        person's is :data:`ELSEWHERE`, a bot's is its name."""
        return tuple(
            PERSON if i == self.seat else ELSEWHERE if kind == PERSON else kind
            for i, kind in enumerate(self.kinds)
        )

    def nickname(self, seat: int) -> str:
        return str(self.update["seats"][seat].get("name", ""))

    def view(self, seat: int) -> View:
        if seat != self.seat:
            raise SeatError(f"this page holds seat {self.seat}, not {seat}")
        return self.views[-1]

    def log(self) -> Sequence[Event]:
        return self.views[-1].events

    def laid(self) -> Laid:
        hands = self.update.get("laid")
        if hands is None:
            return None
        card = importlib.import_module(f"{GAMES[self.game]}.cards").Card
        return tuple(None if h is None else tuple(card.parse(c) for c in h) for h in hands)

    def news(self, people: Collection[int]) -> int:
        return int(self.update.get("news", 0))

    def act(self, seat: int, action: str) -> None:
        """Send ``action`` for this seat; the refusal (IllegalActionError) when the server
        refuses it, and nothing changes."""
        if seat != self.seat:
            raise IllegalActionError(Refusal.of("not_a_person", "not this page's seat",
                                                seat=seat))  # fmt: skip
        body = {"table": self.code, "seat": self.token, "version": self.update["version"],
                "action": action}  # fmt: skip
        try:
            status, answer = self.link.request("act", body)
        except ClassUnreachableError:
            raise _refused(None) from None
        if status != 200 or not isinstance(answer, dict):
            raise _refused(answer)
        self._apply(answer)

    # ---- the owner's controls: none at a class table -------------------------------------------

    @property
    def states(self) -> list[View]:
        return self.views

    @property
    def state(self) -> View:
        return self.views[-1]

    bot_due = False

    def advance(self) -> None:
        return None

    def run(self) -> None:
        return None

    def undo_target(self) -> None:
        return None

    def undo(self) -> None:
        raise IllegalActionError(Refusal.of("nothing_to_undo", "nothing to undo at a table"))


class SeatApp:
    """The table mode of a play app: put before the app's class, ``type("T", (SeatApp,
    BlefApp), {})`` (:func:`table_app` does it). The app draws :attr:`remote` (one seat of a
    class table) and hides its owner's controls (new game, undo, seed, seats)."""

    remote: RemoteTable
    table_panel: Any

    def __init__(self, *, remote: RemoteTable, **kwargs: Any) -> None:
        self.remote = remote
        super().__init__(opponents=[], **kwargs)  # type: ignore[call-arg]
        app: Any = self
        for widget in (app.new_game, app.undo_button, app.seed_field, app.settings_toggle):
            show_if(widget, False)
        self.table_panel = html("kaya-table-panel")
        children = list(app.widget.children)
        children.insert(children.index(app.columns), self.table_panel)
        app.widget.children = tuple(children)
        remote.on_change = app.guard(app.render)  # a failing redraw is shown, never lost
        remote.listen()
        app.render()

    # -- the table is the remote one ---------------------------------------------------------

    def start(self, *, from_field: bool = False) -> None:
        app: Any = self
        if from_field:
            raise IllegalActionError(Refusal.of("table_cannot", "a class table has no new game"))
        app.client = self.remote
        app.pacer.cancel()
        app.hot_seat.reset()
        app._intro_shown = app._intro_total = 0
        app.reset_controls()
        app.clear_error()
        app._schedule_bots()

    @property
    def seats(self) -> list[str]:
        return list(self.remote.kinds)

    @property
    def humans(self) -> list[int]:
        return [self.remote.seat]

    def is_human(self, seat: int | None) -> bool:
        return seat == self.remote.seat

    @property
    def seed(self) -> int:
        return 0  # the table's seed is the server's secret

    @property
    def seed_fixed(self) -> bool:
        return False

    @property
    def settings_pending(self) -> bool:
        return False  # a class table's players and rules are the teacher's: nothing to apply

    def intro_steps(self) -> int:
        return 0

    def words(self) -> Any:
        """The app's narrator, each person named with their nickname too."""
        base = super().words()  # type: ignore[misc]
        t, remote = base.t, self.remote
        single = sum(1 for kind in remote.kinds if kind == PERSON) == 1

        def name(seat: int) -> str:
            plain = base.seat(seat)
            nick = remote.nickname(seat)
            if remote.kinds[seat] != PERSON:
                return plain
            if not nick:
                return t("table_seat_empty", seat=plain)
            key = "table_seat_yours" if seat == remote.seat and not single else "table_seat_named"
            return t(key, seat=plain, name=nick)

        return type(base)(t, name)

    def render(self) -> None:
        super().render()  # type: ignore[misc]
        panel = getattr(self, "table_panel", None)
        if panel is not None:
            panel.value = table_panel_html(self.remote, self.words())


def table_panel_html(remote: RemoteTable, words: Any) -> str:
    """The class table's own panel: its code, who sits where (here or away), its status, and
    this student's own figures."""
    from html import escape

    t: Translator = words.t
    update = remote.update
    lines = []
    status = remote.status
    if status == "gone":
        lines.append(t("table_gone"))
    elif status == "waiting":
        people = [i for i, kind in enumerate(remote.kinds) if kind == PERSON]
        joined = sum(1 for i in people if remote.nickname(i))
        lines.append(t("table_status_waiting", joined=joined, people=len(people)))
    elif status in ("paused", "ended"):
        lines.append(t(f"table_status_{status}"))
    seats = []
    for i, seat in enumerate(update.get("seats", [])):
        if seat["kind"] != "person":
            state = t("table_seat_bot")
        elif seat.get("here"):
            state = ""
        else:
            state = t("table_seat_stand_in") if seat.get("stand_in") else t("table_seat_away")
        mark = f' <span class="kaya-table-away">({escape(state)})</span>' if state else ""
        seats.append(f"<li>{escape(words.seat(i))}{mark}</li>")
    if update.get("stand_in_moves"):
        lines.append(t("table_stand_in_moves", n=update["stand_in_moves"]))
    mine = update.get("mine")
    if mine and mine.get("bids"):
        lines.append(t("table_mine", bids=mine["bids"], checked=mine["checked"],
                       false=mine["checked_false"], bluffs=mine["bluffs"]))  # fmt: skip
    another = escape(remote.link.page_path("join", code=remote.code, device="another"))
    text = "".join(f"<p>{escape(line)}</p>" for line in lines)
    return (
        f'<div class="kaya-panel kaya-class-table"><div class="kaya-panel-title">'
        f"{escape(t('table_panel_title', code=remote.code))}</div>"
        f'<ul class="kaya-table-seats">{"".join(seats)}</ul>{text}'
        f'<details class="kaya-other-device"><summary>{escape(t("table_other_device"))}'
        f'</summary><p>{escape(t("table_other_device_help"))} <a href="{another}">'
        f"{escape(t('table_other_device'))}</a></p></details></div>"
    )


def table_app(cls: Any, code: str, token: str, **kwargs: Any) -> Any:
    """The app of class ``cls`` in table mode at the seat ``token`` of table ``code``; the
    server's refusal (IllegalActionError) when the address holds no seat, and
    :class:`ClassUnreachableError` outside class mode."""
    link = ClassLink.from_environment()
    if link is None:
        raise ClassUnreachableError("this page is not served by a class server")
    remote = RemoteTable.connect(link, code, token)
    if remote.game != cls.game_name:
        raise IllegalActionError(Refusal.of("table_unknown_seat", "a seat of another game"))
    app_class = type(f"Table{cls.__name__}", (SeatApp, cls), {})
    return app_class(remote=remote, **kwargs)


def launch_at_table(cls: Any, options: Any, notices: list[str]) -> Any:
    """The app of a page whose address names a class table (``?table=&seat=``), or ``None``
    with a notice in ``notices`` when it holds no seat (the page then opens as usual)."""
    from kayalib.words import Words

    t = Translator(options.lang)
    kwargs: dict[str, Any] = {"lang": options.lang, "size": options.size}
    if options.hint is not None:
        kwargs["hint"] = options.hint
    try:
        app = table_app(cls, options.table, options.seat or "", **kwargs)
    except IllegalActionError as error:
        notices.append(Words(t).refusal(error.refusal))
        return None
    except ClassUnreachableError:
        notices.append(t("refusal_table_unreachable"))
        return None
    if notices:
        app.error.show(" ".join(notices))
    return app
