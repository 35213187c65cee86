"""The headless table, the seam the apps, the lessons and the class server all stand on: who may
act, what happens at once and what waits for whoever runs the table, undo, new games, the
record that brings a game back, the listeners that keep its moves, a stand-in's move."""

from __future__ import annotations

import random

import pytest

from kayalib.blef.game import BlefRules, BlefState
from kayalib.engine import turns
from kayalib.errors import IllegalActionError, ParseError, RulesError, UnknownBotError
from kayalib.kaya.game import KayaState
from kayalib.kaya.rules import KayaRules
from kayalib.registry import make_bot
from kayalib.table import PERSON, GameRecord, Table, pack, unpack


class DiskFull(OSError):
    pass


def refuse(table: Table, steps) -> None:
    if steps:
        raise DiskFull("no space left on the device")


def person_first(which: str = "blef", seats=(PERSON, "random", "random"), seed: int = 11):
    table = Table(which, list(seats), seed=seed)
    table.run()
    assert table.waiting_for == 0 or table.is_over
    return table


# ---- who may act -------------------------------------------------------------------------------


def test_a_persons_move_is_a_step_and_the_bots_wait_for_whoever_runs_the_table() -> None:
    table = person_first()
    before = table.state
    step = table.act(0, "pair A")
    assert (step.before, step.seat, str(step.action), step.forced) == (before, 0, "pair A", False)
    assert step.state is table.states[-1] and table.states[-2] is before
    assert table.bot_due and table.waiting_for is None  # a bot's move is due, not made
    made = table.advance()
    assert made is not None and made.seat == 1 and table.state.moves[-1][0] == 1
    table.run()
    assert table.waiting_for == 0 or table.is_over
    assert table.advance() is None or table.is_over  # no bot's move is due for a person


@pytest.mark.parametrize("seat", [1, 2, -1, 3, True, "0", None, 0.0])
def test_only_a_persons_seat_acts_and_a_refusal_changes_nothing(seat) -> None:
    table = person_first()
    states = list(table.states)
    with pytest.raises(IllegalActionError) as refused:
        table.act(seat, "pair A")
    assert refused.value.refusal.code == "not_a_person"
    assert table.states == states


def test_a_person_out_of_turn_or_an_illegal_move_is_refused_and_nothing_changes() -> None:
    table = Table("blef", [PERSON, PERSON], seed=5)
    mover = table.waiting_for
    states = list(table.states)
    with pytest.raises(IllegalActionError) as refused:
        table.act(1 - mover, "pair A")
    assert refused.value.refusal.code == "not_your_turn"
    with pytest.raises(IllegalActionError) as refused:
        table.act(mover, "check")  # nothing to check before the opening bid
    assert refused.value.refusal.code == "opening_must_bid"
    with pytest.raises(ParseError):
        table.act(mover, "a bid of my own invention")
    assert table.states == states


def test_a_move_with_no_choice_is_made_at_once_for_a_person() -> None:
    rigged = BlefState.from_position(BlefRules(players=2), ["9C", "KS"], starter=1)
    table = Table("blef", [PERSON, PERSON], start=rigged.apply("big-poker spades"))
    # seat 0 could only check: made at once, the next round dealt, its starter to decide
    assert [str(action) for _seat, action in table.state.moves] == ["big-poker spades", "check"]
    assert table.state.round == 2 and table.waiting_for == table.state.current_player


def test_a_bots_secret_decision_is_made_at_once_and_its_other_moves_are_paced() -> None:
    rules = KayaRules(("red", "green"))
    for seed in range(60):  # a deal where the random bot plays its green 3 (a power)
        start = KayaState.from_position(rules, [["red-1", "red-2"], ["green-3", "green-8"]],
                                        table=["red-5", None], active=1, seed=seed)  # fmt: skip
        table = Table("kaya", [PERSON, "random"], start=start)
        assert table.bot_due  # seat 1 plays: paced, made when whoever runs the table likes
        table.advance()
        if table.view(1).own_table == start.hands[1][0]:
            break
    else:
        raise AssertionError("the random bot never played its green 3")
    assert table.waiting_for == 0 and table.state.phase == "challenge"
    told: list = []
    table.listeners.append(lambda _t, steps: told.extend(steps))
    table.act(0, "pass")
    # the green 3's power is decided at once, in the same breath as the pass: pausing before
    # it would tell the table that the face-down card has a power
    assert [(s.seat, s.before.phase, s.forced) for s in told][:2] == [
        (0, "challenge", False), (1, "power", False)]  # fmt: skip


# ---- undo ----------------------------------------------------------------------------------------


def test_undo_goes_back_to_the_very_state_of_the_last_decision_of_a_person() -> None:
    table = person_first()
    assert table.undo_target() is None  # the bots' opening moves are no decision of a person
    with pytest.raises(IllegalActionError) as refused:
        table.undo()
    assert refused.value.refusal.code == "nothing_to_undo"
    decided = table.state
    table.act(0, "pair A")
    table.run()
    assert table.undo_target() == table.states.index(decided)
    table.undo()
    assert table.state is decided


# ---- new games -----------------------------------------------------------------------------------


def test_new_games_keep_a_fixed_seed_draw_a_fresh_one_otherwise_and_take_new_seats() -> None:
    fixed = Table("blef", [PERSON, "odds"], seed=7)
    first = fixed.state
    fixed.new_game()
    assert fixed.fixed_seed and fixed.seed == 7 and fixed.state == first
    loose = Table("blef", [PERSON, "odds"])
    seeds = {loose.seed}
    for _ in range(3):
        loose.new_game()
        seeds.add(loose.seed)
    assert not loose.fixed_seed and len(seeds) == 4
    loose.new_game(seats=[PERSON, "random", "odds"], rules=BlefRules(players=3, mode="deck"))
    assert loose.seats == (PERSON, "random", "odds") and loose.state.rules.mode == "deck"


@pytest.mark.parametrize("seats", [[PERSON, "nobody"], [PERSON], "human,odds"])
def test_a_new_game_that_cannot_be_played_changes_nothing(seats) -> None:
    table = Table("blef", [PERSON, "odds"], seed=7)
    before = (table.seats, table.bots, table.state, table.seed)
    with pytest.raises((RulesError, UnknownBotError)):
        table.new_game(seats=seats, seed=8)
    assert (table.seats, table.bots, table.state, table.seed) == before


# ---- the record ----------------------------------------------------------------------------------


@pytest.mark.parametrize("which", ["blef", "kaya"])
def test_a_record_brings_the_game_back_state_for_state(which: str) -> None:
    table = Table(which, [PERSON, "random", "random"], seed=23)
    rng = random.Random(1)
    for _ in range(15):
        table.run()
        if table.is_over:
            break
        table.act(0, str(rng.choice(table.state.legal_actions())))
    again = Table.from_record(GameRecord.decode(table.record().encode()))
    assert again.states == table.states and again.seats == table.seats
    assert again.seed == table.seed and again.rules == table.rules


def test_a_rigged_table_has_no_record_and_a_record_of_illegal_moves_is_refused() -> None:
    rigged = Table("blef", [PERSON, "odds"], start=BlefState.from_position(
        BlefRules(players=2), ["9C", "KS"]))  # fmt: skip
    with pytest.raises(RulesError):
        rigged.record()
    record = Table("blef", [PERSON, "odds"], seed=3).record()
    forged = GameRecord(record.game, record.start, record.seed, record.seats, ("check",))
    with pytest.raises(ParseError):
        Table.from_record(forged)


@pytest.mark.parametrize(
    ("which", "start"),
    [("blef", {"event": "bid", "round": 1, "seat": 0, "bid": "pair K"}),
     ("blef", {"event": "end", "winner": 0, "rounds": 1}),
     ("kaya", {"event": "pass", "turn": 1, "seat": 0})],
)  # fmt: skip
def test_a_record_whose_start_is_another_event_is_refused(which: str, start: dict) -> None:
    record = Table(which, [PERSON, "random"], seed=3).record()
    text = GameRecord(record.game, start, record.seed, record.seats).encode()
    with pytest.raises(ParseError):
        Table.from_record(text)


@pytest.mark.parametrize(
    "text",
    ["", "x" * 20_000, "not-base64!", pack([1, 2]), pack({"v": 1}),
     pack({"v": 2, "game": "blef", "start": {}, "seed": 1, "seats": ["__import__('os')", 1]}),
     pack({"v": 2, "game": "blef", "start": {}, "seed": -1, "seats": ["human"]}),
     pack({"v": 2, "game": "blef", "start": {}, "seed": 1, "seats": ["human"], "moves": [""]}),
     pack({"v": 2, "game": "b" * 50, "start": {}, "seed": 1, "seats": ["human"]})],
)  # fmt: skip
def test_a_record_from_a_browser_is_checked_before_it_is_replayed(text: str) -> None:
    with pytest.raises(ParseError):
        GameRecord.decode(text)


def test_packing_refuses_text_that_would_unpack_to_too_much() -> None:
    bomb = pack({"moves": ["pair A"] * 200_000})
    assert len(bomb) < 5_000
    with pytest.raises(ParseError, match="unpacks to too much"):
        unpack(bomb, 5_000, "the game record")
    assert unpack(pack({"moves": ["pair A"]}), 100, "a record") == {"moves": ["pair A"]}


# ---- listeners: the store before anyone is told --------------------------------------------------


@pytest.mark.parametrize("which", ["blef", "kaya"])
def test_a_refused_move_of_a_person_or_a_bot_never_happened(which: str) -> None:
    table = Table(which, [PERSON, "random", "random"], seed=11)
    table.run()
    seat = table.waiting_for
    assert seat is not None
    states = list(table.states)
    table.listeners.append(refuse)
    with pytest.raises(DiskFull):
        table.act(seat, table.state.legal_actions()[0])
    assert table.states == states
    table.listeners.remove(refuse)
    table.act(seat, table.state.legal_actions()[0])
    table.listeners.append(refuse)
    assert table.bot_due  # a bot's move is next
    states = list(table.states)
    with pytest.raises(DiskFull):
        table.advance()
    assert table.states == states


def test_listeners_are_told_every_step_in_order_the_forced_ones_too() -> None:
    table = Table("blef", [PERSON, "random"], seed=4)
    before = len(table.state.moves)  # the moves the table made as it opened
    told: list[tuple[int, str]] = []
    table.listeners.append(lambda _t, steps: told.extend((s.seat, str(s.action)) for s in steps))
    while not table.is_over:
        table.run()
        if not table.is_over:
            table.act(0, str(table.state.legal_actions()[-1]))  # a check, or the top bid
    assert told == [(seat, str(action)) for seat, action in table.state.moves[before:]]
    assert any(action == "check" and seat == 0 for seat, action in told)


# ---- a stand-in, and where the news starts -------------------------------------------------------


@pytest.mark.parametrize(("which", "bot"), [("blef", "odds"), ("kaya", "counter")])
def test_a_stand_in_plays_a_persons_seat_exactly_as_that_bot_would(which: str, bot: str) -> None:
    """A person away is played by a bot drawing from the seat's own generator: the game is the
    one a bot sitting there would have played, move for move."""
    people = Table(which, [PERSON, PERSON, "random"], seed=31)
    with_bot = Table(which, [PERSON, bot, "random"], seed=31)
    stand_in = make_bot(which, bot)
    stood_in = 0
    for table in (people, with_bot):
        for _ in range(2_000):
            table.run()
            if table.is_over:
                break
            seat = table.waiting_for
            if seat == 1:
                made = table.stand_in(1, stand_in)
                assert made.seat == 1 and not made.forced
                stood_in += 1
            else:
                table.act(0, str(table.state.legal_actions()[0]))
    assert people.is_over and stood_in > 0
    assert people.state == with_bot.state


def test_a_stand_in_moves_only_for_the_person_to_decide() -> None:
    table = person_first(seats=(PERSON, PERSON, "random"))
    for seat in (1, 2):  # not that person's turn; a bot's seat
        with pytest.raises(IllegalActionError):
            table.stand_in(seat, make_bot("blef", "odds"))


def test_news_starts_after_the_last_decision_in_each_readers_own_log() -> None:
    table = person_first(seats=(PERSON, "random", "random"))
    assert table.news(0, (0,)) == 0  # no decision yet
    decided = table.state
    table.act(0, "pair A")
    table.run()
    assert table.news(0, (0,)) == len(decided.view(0).events)
    assert table.news(1, (0,)) == len(decided.view(1).events)


def test_the_table_hands_out_views_never_states() -> None:
    table = person_first()
    assert table.view(1) == table.state.view(1) and table.view(1).hand == table.state.hands[1]
    steps = list(turns(table.state, table.bots))
    assert steps == []  # a person decides: the turn loop stops for them
