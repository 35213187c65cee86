"""A game kept in the page as a token comes back to the same position (issue 13, point 3): its
table's record and the page's settings; a token from a browser is checked like any other address
value (the record by the table's own check)."""

from __future__ import annotations

import base64
import json
import random
import zlib
from html import unescape

import pytest

from kayalib.blef.game import BlefRules, BlefState
from kayalib.table import GameRecord
from kayalib.ui.blef_app import BlefApp
from kayalib.ui.kaya_app import KayaApp
from kayalib.ui.resume import (
    TOKEN_CHARS,
    ResumeError,
    SavedGame,
    banner_words,
    keep_in_page,
    page_marker,
)
from kayalib.ui.tree import to_html
from tests.ui.page import choose, inner

GAMES = [
    (BlefApp, ["odds", "random", "odds"], {"mode": "deck"}),
    (KayaApp, ["random", "counter", "random"], {"colour": "blue"}),
    (KayaApp, ["counter", "random"], {"colour": "pink", "coins": "number"}),  # the coin table too
]


def play(app, seed: int, moves: int) -> None:
    rng = random.Random(seed)
    for step in range(moves):
        if app.owner.state.is_terminal:
            return
        app.act(rng.choice(app.owner.state.legal_actions()))
        if step == moves // 2 and app.undo_target() is not None:
            app.undo()


@pytest.mark.parametrize(("cls", "opponents", "setup"), GAMES, ids=["blef", "kaya", "coins"])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_resumed_game_is_the_same_game(cls, opponents, setup, seed) -> None:
    app = cls(seed=seed, delay=0, opponents=opponents, lang="pl", speed="fast", **setup)
    keep_in_page(app)
    play(app, seed, 25)
    saved = SavedGame.decode(SavedGame.of(app).encode())
    again = cls(delay=0, **saved.app_options())
    saved.replay(again)
    assert again.owner.state.events == app.owner.state.events
    assert len(again.owner.states) == len(app.owner.states)  # the undo list and the bots' draws too
    assert again.shell.lang.value == "pl" and again.shell.speed.value == "fast"
    assert again.seats == app.seats
    for name, value in setup.items():
        assert getattr(again, name).value == value
    # and both go on identically from there
    again.run_bots()
    app.run_bots()
    assert again.owner.state.events == app.owner.state.events


def test_the_page_marker_follows_every_move_and_language() -> None:
    app = BlefApp(seed=5, delay=0, opponents=["odds"])
    keep_in_page(app)

    def marker() -> str:
        return inner(app, "kaya-resume")

    first = marker()
    assert "kaya-resume-data" in first
    app.act(app.owner.state.legal_actions()[0])
    assert marker() != first
    choose(app, app.shell.lang, "id")
    assert "Kembalikan permainanku" in unescape(marker())
    token = unescape(marker().split('data-kaya-resume="')[1].split('"')[0])
    assert SavedGame.decode(token).lang == "id"
    assert to_html(page_marker(app)) == marker()


def test_banner_words_come_from_the_catalogue() -> None:
    assert banner_words("en") == {
        "lost": "Connection lost",
        "explain": "The game stopped answering because the server or your game's kernel was "
        "restarted. Your moves are kept.",
        "explain_page": "This page stopped answering because the server or its kernel was "
        "restarted. Reload it to go on.",
        "button": "Bring my game back",
        "reload": "Reload the page",
    }


def pack(data: object) -> str:
    raw = json.dumps(data).encode()
    return base64.urlsafe_b64encode(zlib.compress(raw)).decode().rstrip("=")


def record(**changes) -> str:
    """A game record's text: a two-player Blef game of seed 7 (with ``changes``)."""
    start = BlefState.new(BlefRules(players=2), seed=7).events[0].to_json()
    fields = {"game": "blef", "start": start, "seed": 7, "seats": ("human", "odds"),
              "moves": (), **changes}  # fmt: skip
    return GameRecord(**fields).encode()


GOOD = {"v": 2, "app": "BlefApp", "lang": "en", "speed": "normal", "hint": False,
        "game": record()}  # fmt: skip


def test_a_token_we_wrote_reads_back() -> None:
    saved = SavedGame.decode(pack(GOOD))
    assert saved.app == "BlefApp" and saved.record.seed == 7 and saved.lang == "en"


@pytest.mark.parametrize(
    "token",
    [
        "",
        "not a token",
        "A" * (TOKEN_CHARS + 1),
        pack([1, 2, 3]),
        pack({**GOOD, "v": 1}),
        pack({**GOOD, "extra": "x"}),
        pack({k: v for k, v in GOOD.items() if k != "hint"}),
        pack({**GOOD, "app": "<script>"}),
        pack({**GOOD, "lang": "xx"}),
        pack({**GOOD, "speed": "warp"}),
        pack({**GOOD, "hint": "yes"}),
        pack({**GOOD, "game": "not a record"}),
        pack({**GOOD, "game": record(seed=-1)}),
        pack({**GOOD, "game": record(seed=10**40)}),
        pack({**GOOD, "game": record(seats=("human",) * 50)}),
        pack({**GOOD, "game": record(seats=("<script>", "odds"))}),
        pack({**GOOD, "game": record(moves=("x" * 500,))}),
        pack({**GOOD, "game": record(moves=("check",) * 5000)}),
        base64.urlsafe_b64encode(zlib.compress(b" " * 10_000_000)).decode(),  # unpacks huge
    ],
)
def test_a_token_that_we_did_not_write_is_refused(token: str) -> None:
    with pytest.raises(ResumeError):
        SavedGame.decode(token)


def test_a_token_with_an_illegal_move_is_refused_and_the_app_keeps_a_new_game() -> None:
    saved = SavedGame.decode(pack({**GOOD, "game": record(moves=("check",))}))  # no bid yet
    app = BlefApp(delay=0, **saved.app_options())
    state = app.owner.state
    with pytest.raises(ResumeError):
        saved.replay(app)
    assert app.owner.state is state


def test_the_address_brings_a_game_back_or_says_it_cannot(monkeypatch) -> None:
    app = BlefApp(seed=11, delay=0, opponents=["odds", "random"])
    keep_in_page(app)
    play(app, 11, 10)
    token = SavedGame.of(app).encode()
    monkeypatch.setenv("QUERY_STRING", f"seed=99&resume={token}")
    again = BlefApp.from_query_string(delay=0)
    assert again.owner.state.events == app.owner.state.events and again.seed == 11
    assert inner(again, "kaya-error") == ""
    monkeypatch.setenv("QUERY_STRING", "seed=99&lang=pl&resume=garbage")
    fresh = BlefApp.from_query_string(delay=0)
    assert fresh.seed == 99
    assert "Nie udało się przywrócić ostatniej gry" in inner(fresh, "kaya-error")
    monkeypatch.setenv("QUERY_STRING", f"resume={token}")
    other = KayaApp.from_query_string(delay=0)  # a Blef token in the Kaya app
    assert "could not be brought back" in inner(other, "kaya-error")
