"""The JSON Lines log of the issue, who sees which event, and what a view holds."""

from __future__ import annotations

import json

import pytest

from kayalib.errors import ParseError, SeatError
from kayalib.kaya.game import (
    PHASES,
    WHYS,
    Challenge,
    Decline,
    Give,
    KayaState,
    Pass,
    Play,
    Steal,
    TakeBack,
    parse_action,
)
from kayalib.kaya.rules import KayaRules
from tests.kaya.kaya_helpers import C, position, run

GRBP = ("green", "red", "blue", "pink")


def test_start_and_gambreng_lines():
    state = KayaState.new(KayaRules(), seed=3)
    start, draw = (json.loads(line) for line in state.log_lines())
    assert start == {
        "event": "start", "game": "kaya", "players": 4,
        "colors": ["green", "red", "blue", "pink"],
        "coins": {"1": 1, "2": 1, "3": 1, "4": 2, "5": 2, "6": 2, "7": 3, "8": 3, "9": 3},
        "seed": 3,
    }  # fmt: skip
    assert draw["event"] == "gambreng" and draw["first"] == state.active == state.current_player
    assert draw["shows"] and draw["shows"][-1]["kind"] == "suit"
    assert state.gambreng is not None and state.gambreng.first == state.active


def test_the_issue_showdown_example_line_by_line():
    hands = [["green-1", "green-2"], ["red-1", "red-2"], ["blue-7", "blue-1"], ["pink-1", "pink-2"]]
    s = position(GRBP, hands, table=["green-4", "red-9", None, None], active=2)
    s = run(s, "play blue-7")
    assert s.window == (0, 1)  # pink (seat 3) has no card down
    before = len(s.events)
    s = s.apply("challenge 1,2")
    lines = [e.to_json() for e in s.events[before:]]
    assert lines[0] == {"event": "challenge", "turn": 1, "seat": 0, "targets": [2, 1]}
    assert lines[1] == {
        "event": "showdown", "turn": 1,
        "cards": {"0": "green-4", "2": "blue-7", "1": "red-9"}, "winner": 1,
    }  # fmt: skip
    assert list(lines[1]["cards"]) == ["0", "2", "1"]
    # RULES.md 5: with two or more targets every showdown card is discarded face-up
    assert lines[2] == {"event": "move", "turn": 1, "card": "red-9", "from": "table:1",
                        "to": "discard", "why": "won"}  # fmt: skip
    assert {(m["card"], m["why"]) for m in lines[3:5]} == {("blue-7", "showdown"),
                                                           ("green-4", "showdown")}  # fmt: skip


def test_play_line_and_its_censored_form():
    s = position(GRBP, [["green-5", "green-1"], ["red-1"], ["blue-1"], ["pink-1"]])
    s = s.apply("play green-5")
    play = next(e for e in s.events if e.kind == "play")
    assert play.to_json() == {"event": "play", "turn": 1, "seat": 0, "card": "green-5"}
    assert play.visible_to(0) and not play.visible_to(1)
    assert play.seen_by(1).to_json() == {"event": "play", "turn": 1, "seat": 0, "card": None}
    theirs = next(e for e in s.view(1).events if e.kind == "play")
    assert theirs.card is None and theirs.seat == 0
    mine = next(e for e in s.view(0).events if e.kind == "play")
    assert mine == play


def test_power_and_end_lines():
    s = position(("green", "red"), [["green-3", "green-5"], ["red-1"]])
    s = run(s, "play green-3", "take-back")
    power = next(e for e in s.events if e.kind == "power").to_json()
    assert power == {"event": "power", "turn": 1, "seat": 0, "card": "green-3",
                     "power": "green-return"}  # fmt: skip
    s = s.apply("play red-1")  # red's hand is now empty; nobody is down to challenge
    assert s.phase == "power" and s.legal_actions() == (Decline(),)
    s = s.apply("decline")  # red 1 has no power: red ends the turn, privately
    assert s.events[-2].to_json() == {"event": "decline", "turn": 2, "seat": 1,
                                      "card": "red-1", "power": None}  # fmt: skip
    assert s.events[-2].seen_by(0) is None
    assert s.events[-1].to_json() == {"event": "end", "scores": [8, 0], "winners": [0]}


def test_every_move_why_and_place_is_from_the_documented_lists():
    import random

    seen = set()
    for seed in range(150):
        rng = random.Random(seed)
        s = KayaState.new(KayaRules.for_players(2 + seed % 5), seed)
        while not s.is_terminal:
            assert s.phase in PHASES
            s = s.apply(rng.choice(s.legal_actions()))
        for e in s.events:
            if e.kind == "move":
                assert e.why in WHYS
                for place in (e.source, e.target):
                    kind, _, seat = place.partition(":")
                    assert (kind == "discard" and not seat) or (
                        kind in ("hand", "table", "bonus") and 0 <= int(seat) < s.players
                    )
                seen.add(e.why)
    assert seen >= {"play", "stale", "won", "claimed", "taken", "showdown", "red-steal",
                    "red-spent", "green-return", "blue-return", "pink-give"}  # fmt: skip


def test_view_holds_public_facts_and_own_cards_only():
    hands = [["green-5", "green-1"], ["red-1", "red-2", "red-3"], ["blue-7", "blue-8"],
             ["pink-2", "pink-9"]]  # fmt: skip
    s = position(GRBP, hands, table=[None, "red-9", "blue-2", None],
                 bonus=[["pink-5"], [], [], ["green-9"]], discard=["blue-4"], active=0)  # fmt: skip
    s = s.apply("play green-5")
    v = s.view(1)
    assert (v.seat, v.phase, v.turn, v.active, v.current_player) == (1, "challenge", 1, 0, 1)
    assert v.hand == (C("red-1"), C("red-2"), C("red-3")) and v.own_table == C("red-9")
    assert v.table == (True, True, True, False)
    assert v.hand_counts == (1, 3, 2, 2)
    assert v.bonus == ((C("pink-5"),), (), (), (C("green-9"),))
    assert v.discard == (C("blue-4"),)
    assert v.hidden[0] == (1, 2, 3, 4, 5, 6, 7, 8)  # green-9 is face-up in a bonus pile
    assert v.seen(2) == (4,) and v.seen(3) == (5,)
    assert set(v.legal_actions()) == {Pass(), Challenge((0,)), Challenge((0, 2))}
    assert s.view(2).legal_actions() == ()  # not seat 2's turn
    assert v.colors == s.rules.colors and v.players == 4
    with pytest.raises(SeatError):
        s.view(4)
    with pytest.raises(AttributeError):
        v.phase = "over"  # type: ignore[misc]


@pytest.mark.parametrize(
    "action",
    [Play(C("blue-7")), Pass(), Challenge((2, 1)), TakeBack(), Steal(1, C("green-4")),
     Give(C("pink-6")), parse_action("keep"), parse_action("decline")],
)  # fmt: skip
def test_actions_round_trip_through_text(action):
    assert parse_action(str(action)) == action
    assert parse_action(action) is action


def test_challenge_targets_are_a_set():
    assert Challenge((2, 1)) == Challenge((1, 2, 2)) and str(Challenge((2, 1))) == "challenge 1,2"
    with pytest.raises(ParseError):
        Challenge(())
    with pytest.raises(ParseError):
        parse_action("steal x green-4")


def test_states_are_immutable_and_apply_is_free_of_side_effects():
    s = KayaState.new(KayaRules(), seed=1)
    first = s.legal_actions()[0]
    a, b = s.apply(first), s.apply(first)
    assert a == b and a is not b and s.phase == "play" and s.turn == 1
    assert s.apply(str(first)) == a  # text is accepted too
    with pytest.raises(AttributeError):
        s.hands = ()  # type: ignore[misc]


def test_states_and_views_survive_copy_and_pickle():
    import copy
    import pickle

    s = KayaState.new(KayaRules.for_players(3), seed=8)
    s = s.apply(s.legal_actions()[0])
    assert copy.copy(s) == s and copy.deepcopy(s) == s
    back = pickle.loads(pickle.dumps(s))
    assert back == s and back.log_lines() == s.log_lines()
    action = s.legal_actions()[0]
    assert back.apply(action) == s.apply(action)
    view = s.view(1)
    assert pickle.loads(pickle.dumps(view)) == view and copy.deepcopy(view) == view


def test_jupyter_pictures_show_only_what_the_seat_may_see():
    hands = [["green-5", "green-1"], ["red-1", "red-2", "red-3"], ["blue-7", "blue-8"],
             ["pink-2", "pink-9"]]  # fmt: skip
    s = position(GRBP, hands, table=[None, "red-9", "blue-2", None],
                 bonus=[["pink-5"], [], [], ["green-9"]], active=0)  # fmt: skip
    s = s.apply("play green-5")
    full = s._repr_html_()
    assert full.count("kaya-card-kaya") == 9 + 2 + 2  # every hand and table card, the bonuses
    mine = s.view(1)._repr_html_()
    # own hand (3) and own table card (1) face up, plus the two bonus cards; the rest are backs
    assert mine.count("kaya-card-kaya") == 3 + 1 + 2
    assert mine.count("kaya-card-back") == 1 + 2 + 2 + 2  # 3 hands and 2 table cards
    assert "blue 7" not in mine and "green 5" not in mine and "red 9" in mine
    assert C("blue-7")._repr_svg_().startswith("<svg")


@pytest.mark.parametrize("decline", [Decline(), parse_action("decline")])
def test_declining_a_power_with_any_decline_object_stays_private(decline):
    # Equal actions must behave the same, whether or not they are the engine's own objects.
    hands = [["green-3", "green-8"], ["red-5", "red-6"]]
    s = KayaState.from_position(KayaRules(("green", "red")), hands=hands, active=0)
    s = s.apply("play green-3")
    assert s.phase == "power"
    after = s.apply(decline)
    kinds = [e.kind for e in after.events]
    assert kinds.count("decline") == 1
    assert "decline" not in [e.kind for e in after.view(1).events]
    assert [e.kind for e in after.view(0).events].count("decline") == 1
