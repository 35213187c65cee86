"""The seam between a page and its table: the panels draw only what a seat receives. A client
whose views cross a process boundary as JSON (as a class table's seat would receive them) draws
the same panels as the in-kernel table, and a seat acts by sending an action's text."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

import pytest

from kayalib.errors import IllegalActionError
from kayalib.i18n import Translator
from kayalib.registry import game
from kayalib.table import PERSON, Table
from kayalib.ui import blef_panels, kaya_panels
from kayalib.ui.client import LocalTable, TableClient
from kayalib.ui.screen import Screen, seat_namer
from kayalib.words import BlefWords, KayaWords


class JsonSeats:
    """A table client whose every view comes through ``to_json`` / ``from_json`` (a remote
    seat's), built on an in-kernel table; it keeps no state of its own."""

    def __init__(self, local: LocalTable) -> None:
        self.local = local

    @property
    def game(self) -> str:
        return self.local.game

    @property
    def seats(self) -> tuple[str, ...]:
        return self.local.seats

    def view(self, seat: int) -> Any:
        return game(self.game).view.from_json(self.local.view(seat).to_json())

    def log(self) -> Sequence[Any]:
        return self.view(0).events

    def laid(self) -> Any:
        return self.local.laid()

    def news(self, people: Any) -> int:
        return 0

    def act(self, seat: int, action: str) -> None:
        self.local.act(seat, action)


PANELS: dict[str, tuple[Callable[..., Any], list[Callable[..., str]]]] = {
    "blef": (BlefWords, [blef_panels.status_html, blef_panels.players_html,
                         blef_panels.hand_title_html, blef_panels.hand_html,
                         blef_panels.bids_html]),
    "kaya": (KayaWords, [kaya_panels.status_html, kaya_panels.table_html,
                         kaya_panels.gambreng_html, kaya_panels.hand_title_html,
                         kaya_panels.own_table_html]),
}  # fmt: skip


def screen_of(client: TableClient, seat: int = 0) -> Screen:
    view = client.view(seat)
    return Screen(view=view, seats=client.seats, viewer=seat, hand_visible=True,
                  log=view.events, log_seat=seat, news=0)  # fmt: skip


@pytest.mark.parametrize("name", sorted(PANELS))
@pytest.mark.parametrize("lang", ["en", "pl"])
def test_the_panels_draw_the_same_from_a_view_that_crossed_a_process_boundary(name, lang):
    local = LocalTable(Table(name, [PERSON, "random", "random"], seed=5))
    remote: TableClient = JsonSeats(local)
    words_of, panels = PANELS[name]
    t = Translator(lang)
    words = words_of(t, seat_namer(t, local.seats))
    rng = random.Random(5)
    for _ in range(30):
        local.run()  # the bots' moves
        if local.state.is_terminal:
            break
        for panel in panels:
            assert panel(screen_of(remote), words) == panel(screen_of(local), words), panel
        legal = remote.view(0).legal_actions()
        remote.act(0, str(rng.choice(legal)))  # the seat sends an action's text


def test_a_seat_acting_out_of_turn_is_refused_and_nothing_changes() -> None:
    local = LocalTable(Table("blef", [PERSON, PERSON], seed=5))
    seat = local.state.current_player
    before = local.state
    with pytest.raises(IllegalActionError) as refused:
        JsonSeats(local).act(1 - seat, "pair A")
    assert refused.value.refusal.code == "not_your_turn" and local.state is before
