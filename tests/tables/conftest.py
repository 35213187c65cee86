"""Class tables without a server: a :class:`TableService` on a :class:`ManualClock` (time moves
when a test says), its store a real SQLite file, and seats that record what they are sent."""

from __future__ import annotations

import json
import random
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from kayalib.pages.kernel import SECRET_HEADER
from kayalib.registry import game
from kayalib.server.store import ClassStore
from kayalib.server.table_web import SEAT_HEADER, TABLE_HEADER
from kayalib.server.tables import ClassTable, ManualClock, SeatKey, TableService
from tests.tables.served import TablesThread


class Seat:
    """A student's page as the service sees it: its key and every update it was pushed."""

    def __init__(self, service: TableService, key: SeatKey, kernel: str | None = None) -> None:
        self.service, self.key = service, key
        self.pushed: list[dict[str, Any]] = []
        self.attachment = service.attach(key, self.pushed.append, kernel)

    def update(self) -> dict[str, Any]:
        return self.service.update_for(self.key)

    def index(self) -> int:
        """The seat's number at its table now (a teacher may have moved it)."""
        return self.service.seat_of(self.key.token)[1].index

    def view(self, update: dict[str, Any] | None = None) -> Any:
        update = update or self.update()
        return game(update["game"]).view.from_json(update["view"])

    def act(self, text: str, version: int | None = None) -> dict[str, Any]:
        if version is None:
            version = self.update()["version"]
        return self.service.act(self.key, version, text)

    def leave(self) -> None:
        self.service.detach(self.attachment)


def make_service(path: Path, clock: ManualClock | None = None, **kwargs: Any) -> TableService:
    service = TableService(ClassStore(path), clock or ManualClock(), **kwargs)
    service.restore()
    return service


def seat_people(service: TableService, table: ClassTable, names: list[str]) -> list[Seat]:
    return [Seat(service, service.join(table.code, name)) for name in names]


def play_out(table: ClassTable, seats: list[Seat], rng: random.Random, clock: ManualClock,
             limit: int = 2_000) -> Iterator[None]:  # fmt: skip
    """Play the table to its end: each person to move picks a legal action at random; bots and
    stand-ins move as the clock passes. Yields after every step."""
    for _ in range(limit):
        if table.table.is_over:
            return
        seat = table.table.state.current_player
        mine = next((s for s in seats if s.index() == seat), None)
        if mine is not None and not table.seats[seat].stand_in and table.status == "playing":
            update = mine.update()  # what the page shows, read once: its actions and version
            mine.act(str(rng.choice(mine.view(update).legal_actions())), update["version"])
        else:
            clock.advance(1.0)
        yield
    raise AssertionError("the game did not end")


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


@pytest.fixture
def service(tmp_path: Path, clock: ManualClock) -> TableService:
    return make_service(tmp_path / "class.sqlite", clock)


# ---- the routes on loopback (what a page's kernel, a browser and the teacher reach) ------------


class Kernel:
    """A play page's kernel as the service sees it: it holds the server's secret (or not)."""

    def __init__(self, server: TablesThread, secret: str | None = None) -> None:
        self.server = server
        self.secret = server.secret if secret is None else secret

    def headers(self, key: SeatKey | None = None, **more: str) -> dict[str, str]:
        found = {SECRET_HEADER: self.secret} if self.secret else {}
        if key is not None:
            found |= {TABLE_HEADER: key.code, SEAT_HEADER: key.token}
        return found | more

    def request(self, path: str, body: Any = None, headers: dict[str, str] | None = None,
                method: str | None = None) -> tuple[int, Any]:  # fmt: skip
        """``path`` under the service; the status and the answer (JSON if it is JSON)."""
        data = body if isinstance(body, bytes) or body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.server.url + path, data=data,
                                         method=method or ("GET" if data is None else "POST"))
        for name, value in (headers if headers is not None else self.headers()).items():
            request.add_header(name, value)
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                status, raw = response.status, response.read()
        except urllib.error.HTTPError as error:
            status, raw = error.code, error.read()
        try:
            return status, json.loads(raw)
        except ValueError:
            return status, raw.decode("utf-8", "replace")

    def seat(self, key: SeatKey) -> tuple[int, Any]:
        return self.request("kayalib/seat", headers=self.headers(key))

    def act(self, key: SeatKey, version: Any, action: Any, **more: Any) -> tuple[int, Any]:
        body = {"table": key.code, "seat": key.token, "version": version, "action": action}
        return self.request("kayalib/act", body | more)

    def socket(self, key: SeatKey) -> Any:
        """The seat's updates socket (websockets' client)."""
        from websockets.sync.client import connect

        return connect(self.server.url.replace("http", "ws") + "kayalib/seat/updates",
                       additional_headers=self.headers(key), open_timeout=10)  # fmt: skip


def refused(answer: tuple[int, Any]) -> str:
    """The refusal's code of an answer (the test fails if it is not a refusal)."""
    status, body = answer
    assert status == 409 and isinstance(body, dict), answer
    return body["refusal"]["code"]


@pytest.fixture
def tables(tmp_path: Path) -> Iterator[TablesThread]:
    with TablesThread(str(tmp_path / "class.sqlite")) as server:
        yield server
