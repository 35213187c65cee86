"""One narrator: the lessons and the apps say bids, cards, seats and events in the same words,
from the same catalogue, with seats counted from 1."""

from __future__ import annotations

import html
import re

import pytest

from kayalib.blef import LADDER, Bid
from kayalib.blef.game import BlefRules, BlefState
from kayalib.i18n import Translator
from kayalib.kaya.game import KayaState
from kayalib.kaya.rules import KayaRules
from kayalib.ui.blef_app import BlefApp
from kayalib.ui.kaya_app import KayaApp
from kayalib.words import BlefWords, KayaWords
from tests.ui.page import inner


@pytest.mark.parametrize("lang", ["en", "id", "pl"])
def test_the_blef_app_and_the_narrator_say_every_bid_alike(lang: str) -> None:
    app = BlefApp(seed=1, delay=0, opponents=["random"], lang=lang)
    words = BlefWords(Translator(lang))
    for bid in LADDER:
        assert app.bid_text(bid) == words.bid_text(bid)
        assert "T" not in words.param_text(bid).split()  # ten is written 10


def test_bid_names_are_the_apps_names() -> None:
    en, pl = BlefWords(Translator("en")), BlefWords(Translator("pl"))
    assert en.bid_text(Bid.parse("two-pair K T")) == "two pairs K 10"
    assert en.bid_text(Bid.parse("three 9")) == "three of a kind 9"
    assert en.bid_text(Bid.parse("full 9 A")) == "full house 9 A"
    assert pl.bid_text(Bid.parse("big-poker spades")) == "duży poker pik"


def test_seats_are_counted_from_one() -> None:
    assert BlefWords(Translator("en")).seat(0) == "Player 1"
    assert KayaWords(Translator("id")).seat(2) == "Pemain 3"


@pytest.mark.parametrize(("lang", "one", "five"), [
    ("en", "Player 1 wins after 1 round!", "Player 1 wins after 5 rounds!"),
    ("pl", "Gracz 1 wygrywa po 1 rundzie!", "Gracz 1 wygrywa po 5 rundach!"),
])  # fmt: skip
def test_the_end_of_a_blef_game_counts_its_rounds_in_the_language(lang, one, five) -> None:
    from kayalib.blef.events import EndEvent

    words = BlefWords(Translator(lang))
    assert words.event_lines([EndEvent(0, 1)]) == [one]
    assert words.event_lines([EndEvent(0, 5)]) == [five]


def log_lines(app) -> list[str]:
    """The app's log as its lines, oldest first (in reading order; the turn headings left out)."""
    found = re.findall(r'<li class="kaya-log-(?:new|old)">(.*?)</li>', inner(app, "kaya-log"))
    return [html.unescape(line) for line in found]


@pytest.mark.parametrize("lang", ["en", "id", "pl"])
def test_the_apps_logs_are_the_narrators_lines(lang: str) -> None:
    blef = BlefApp(seed=4, delay=0, opponents=["odds", "odds"], lang=lang)
    seen = blef.owner.state.view(0).events  # an app's panels read the seat's own log
    narrated = BlefWords(Translator(lang), blef.seat_name).event_lines(seen)
    assert log_lines(blef) == narrated and narrated
    kaya = KayaApp(seed=3, delay=0, opponents=["random", "random"], lang=lang)
    seen = kaya.owner.state.view(0).events
    lines = KayaWords(Translator(lang), kaya.seat_name).event_lines(seen, 0)
    assert log_lines(kaya) == lines and lines


@pytest.mark.parametrize("module", ["l01", "l06", "cards"])
def test_the_lessons_no_longer_narrate_on_their_own(module: str) -> None:
    import importlib

    lessons = importlib.import_module(f"kayalib.lessons.{module}")
    assert not hasattr(lessons, "describe_events")
    source = open(lessons.__file__, encoding="utf-8").read()
    assert not re.search(r"challenges</b>|Aku paling kaya!”</i> — I am", source)


def test_kaya_events_read_the_same_in_lesson_and_app_words() -> None:
    state = KayaState.new(KayaRules(("green", "red", "blue")), seed=9)
    words = KayaWords(Translator("pl"))
    lines = words.event_lines(state.events)
    assert lines and all("Gracz" in line or "gra" in line for line in lines[1:2])


@pytest.mark.parametrize("lang", ["en", "id", "pl"])
def test_a_log_seen_without_its_seed_never_says_none(lang: str) -> None:
    kaya = KayaApp(seed=11, delay=0, opponents=["random", "random"], lang=lang)
    blef_state = BlefState.new(BlefRules(players=3), seed=11)
    blef_seen = [e.seen_by(0) for e in blef_state.events]
    lines = log_lines(kaya) + BlefWords(Translator(lang)).event_lines(blef_seen)
    assert lines and not [line for line in lines if "None" in line]
    assert "11" in BlefWords(Translator(lang)).event_lines(blef_state.events)[0]  # host's log
