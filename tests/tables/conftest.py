"""Class tables without a server: a :class:`TableService` on a :class:`ManualClock` (time moves
when a test says), its store a real SQLite file, and seats that record what they are sent."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from kayalib.registry import game
from kayalib.server.store import ClassStore
from kayalib.server.tables import ClassTable, ManualClock, SeatKey, TableService


class Seat:
    """A student's page as the service sees it: its key and every update it was pushed."""

    def __init__(self, service: TableService, key: SeatKey, kernel: str | None = None) -> None:
        self.service, self.key = service, key
        self.pushed: list[dict[str, Any]] = []
        self.attachment = service.attach(key, self.pushed.append, kernel)

    def update(self) -> dict[str, Any]:
        return self.service.update_for(self.key)

    def view(self) -> Any:
        update = self.update()
        return game(update["game"]).view.from_json(update["view"])

    def act(self, text: str) -> dict[str, Any]:
        return self.service.act(self.key, self.update()["version"], text)

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
        mine = next((s for s in seats if s.update()["seat"] == seat), None)
        if mine is not None and not table.seats[seat].stand_in and table.status == "playing":
            mine.act(str(rng.choice(mine.view().legal_actions())))
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
