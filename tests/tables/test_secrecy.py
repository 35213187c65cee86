"""No seat's page ever receives another seat's hidden card: a thousand seeded games played
through the service, every update every seat was sent checked against what that seat may know.

What the service sends a seat is its own view exactly as the engine makes it (whose secrecy
``tests/test_secrecy.py`` attacks secret by secret), and who sits where: no other field holds a
card, and nothing holds the seed. The view's hands laid face up are exactly those every seat
may see (only once a Blef check has shown them, or an Aku Paling Kaya game is over), and its
deals say how many cards each seat holds, never which.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from typing import Any

import pytest

from kayalib.server.store import ClassStore
from kayalib.server.tables import ClassTable, ManualClock, TableService

from .conftest import Seat, play_out

GAMES = 1000
CARD = re.compile(r"\b(?:[9TJQKA][SHDC]|(?:green|red|blue|pink|orange|yellow)-[1-9])\b")
FIELDS = {"type", "table", "game", "seat", "version", "status", "seats", "view", "news",
          "mine", "stand_in_moves"}  # fmt: skip


def public_laid(state: Any) -> list | None:
    """The hands every seat may see now, as the service must send them."""
    if state.game_name == "kaya":
        return [[str(c) for c in hand] for hand in state.hands] if state.is_terminal else None
    deals, checked = {}, None
    for event in state.events:
        if event.kind == "deal":
            deals[event.round] = event.hands
        elif event.kind == "check":
            checked = event.round
    if checked is None:
        return None
    return [None if h is None else [str(c) for c in h] for h in deals[checked]]


def full_deal(state: Any, round_: int) -> Any:
    return next(e for e in state.events if e.kind == "deal" and e.round == round_)


def check_update(update: dict, table: ClassTable, seat: int) -> None:
    state = table.table.state
    assert set(update) == FIELDS, set(update) ^ FIELDS
    assert update["seat"] == seat
    assert update["view"] == state.view(seat).to_json()  # its own view, nothing added
    assert update["view"]["laid"] == public_laid(state)
    for event in update["view"]["events"]:  # a deal tells sizes, and only the seat's own cards
        if event["event"] == "deal":
            assert [h for i, h in enumerate(event["hands"]) if i != seat and h] == []
            sizes = event.get("sizes") or [len(h or ()) for h in event["hands"]]
            assert sizes == [len(h) for h in full_deal(state, event["round"]).hands]
    rest = {k: v for k, v in update.items() if k != "view"}
    text = json.dumps(rest)
    assert not CARD.search(text), text
    assert str(state.seed) not in json.dumps(update)


@pytest.mark.slow
def test_no_seat_is_ever_sent_another_seats_hidden_card() -> None:
    rng = random.Random(2026)
    sent = 0
    for number in range(GAMES):
        clock = ManualClock()
        service = TableService(ClassStore(":memory:"), clock, bot_delay=0.5)
        which = "blef" if number % 2 == 0 else "kaya"
        people = rng.randint(2, 3) if which == "blef" else rng.randint(2, 4)
        bots = (["odds"] if which == "blef" else ["counter"]) * rng.randint(0, 1)
        short = which == "blef" and people + len(bots) <= 3
        options = {"cards": str(rng.randint(1, 3))} if short else {}
        table = service.create_table(which, people=people, bots=bots, options=options,
                                     seed=rng.getrandbits(64), bot_wait=5.0)  # fmt: skip
        keys = [service.join(table.code, f"P{i}") for i in range(people)]

        def watch(seat: int, table: ClassTable = table) -> Callable[[dict], None]:
            def push(update: dict) -> None:  # checked the moment it is sent
                nonlocal sent
                check_update(update, table, seat)
                sent += 1

            return push

        seats = [Seat(service, key) for key in keys]
        for i, key in enumerate(keys):
            service.attach(key, watch(i))
        for step, _ in enumerate(play_out(table, seats, rng, clock)):
            if step == 7 and number % 10 == 0:
                seats[0].leave()  # a stand-in plays it for a while: its moves are checked too
                clock.advance(6.0)
                seats[0] = Seat(service, seats[0].key)
    assert sent > 20 * GAMES
