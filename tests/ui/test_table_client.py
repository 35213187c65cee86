"""The seam between a page and its table: the panels draw only what a seat receives, and a
screen is plain data. A screen that went through JSON (as a front-end, or a class seat's page,
would receive it) draws exactly the same panels as the one it came from, and a seat acts by
sending an action's text."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from kayalib.errors import IllegalActionError
from kayalib.i18n import Translator
from kayalib.table import PERSON, Table
from kayalib.ui import blef_panels, kaya_panels
from kayalib.ui.client import LocalTable, TableClient
from kayalib.ui.screen import Screen, seat_namer
from kayalib.words import BlefWords, KayaWords

PANELS: dict[str, tuple[Callable[..., Any], list[Callable[..., Any]]]] = {
    "blef": (BlefWords, [blef_panels.status, blef_panels.players, blef_panels.hand_title,
                         blef_panels.hand, blef_panels.bids, blef_panels.reveal]),
    "kaya": (KayaWords, [kaya_panels.status, kaya_panels.table, kaya_panels.gambreng,
                         kaya_panels.hand_title, kaya_panels.own_table, kaya_panels.showdown,
                         kaya_panels.score, kaya_panels.hint]),
}  # fmt: skip


def screen_of(client: TableClient, seat: int = 0) -> Screen:
    view = client.view(seat)
    return Screen(view=view, seats=client.seats, people=client.people, viewer=seat,
                  hand_visible=True, news=client.news(seat), hint=True)  # fmt: skip


def through_json(screen: Screen) -> Screen:
    return Screen.from_json(json.loads(json.dumps(screen.to_json())))


@pytest.mark.parametrize("name", sorted(PANELS))
@pytest.mark.parametrize("lang", ["en", "pl"])
def test_the_panels_draw_the_same_from_a_screen_that_crossed_a_process_boundary(name, lang):
    client = LocalTable(Table(name, [PERSON, "random", "random"], seed=5))
    owner = client.owner
    words_of, panels = PANELS[name]
    t = Translator(lang)
    words = words_of(t, seat_namer(t, client.seats))
    rng = random.Random(5)
    drawn = 0
    for _ in range(300):
        owner.run()  # the bots' moves
        screen = screen_of(client)
        again = through_json(screen)
        assert again == screen
        for panel in panels:
            assert panel(again, words) == panel(screen, words), panel
            drawn += bool(panel(screen, words))
        if screen.view.is_terminal:
            break
        legal = client.view(0).legal_actions()
        client.act(0, str(rng.choice(legal)))  # the seat sends an action's text
    assert screen.view.is_terminal and drawn > 30


def test_a_seat_acting_out_of_turn_is_refused_and_nothing_changes() -> None:
    client = LocalTable(Table("blef", [PERSON, PERSON], seed=5))
    seat = client.view(0).current_player
    before = client.owner.state
    with pytest.raises(IllegalActionError) as refused:
        client.act(1 - seat, "pair A")
    assert refused.value.refusal.code == "not_your_turn" and client.owner.state is before
