"""Kaya bots: names, legality, determinism, views only, sensible choices, and strength."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kayalib.errors import IllegalActionError
from kayalib.kaya.advice import challenge_odds, challenge_values
from kayalib.kaya.bots import BOTS, CounterBot, RandomBot
from kayalib.kaya.cards import Card
from kayalib.kaya.game import (
    Challenge,
    Decline,
    Give,
    KayaState,
    Keep,
    Pass,
    Play,
    Steal,
    TakeBack,
)
from kayalib.kaya.rules import KayaRules


def C(text: str) -> Card:
    return Card.parse(text)


def play_game(names, seed: int, players: int | None = None, rng_seed: int | None = None):
    """Play one game with bots by name (seat order); check every choice is legal."""
    rules = KayaRules.for_players(players or len(names))
    bots = [BOTS[n]() for n in names]
    rng = random.Random(seed if rng_seed is None else rng_seed)
    state = KayaState.new(rules, seed=seed)
    steps = 0
    while not state.is_terminal:
        seat = state.current_player
        view = state.view(seat)
        action = bots[seat].choose(view, rng)
        assert action in view.legal_actions(), (steps, str(action))
        state = state.apply(action)
        steps += 1
    return state


@pytest.mark.parametrize("name", BOTS)
def test_bots_refuse_a_view_with_nothing_to_do(name):
    state = KayaState.new(KayaRules(), seed=2)
    idle = (state.current_player + 1) % state.players
    with pytest.raises(IllegalActionError):
        BOTS[name]().choose(state.view(idle), random.Random(0))


# ---------------------------------------------------------------------------------------------
# Legality and determinism


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_every_choice_is_legal_over_many_games(players):
    for seed in range(40):
        names = [list(BOTS)[(seed + s) % 2] for s in range(players)]
        state = play_game(names, seed)
        assert state.is_terminal
        assert len(state.outcome.winners) >= 1


def test_counter_self_play_is_legal_and_ends():
    """Sixty games of four counters: each ends, no card is lost or made (every card of the
    four colours is in a hand, on the table, in a bonus pile or a discard), the winners are
    the best totals, and the moves replay to the same end."""
    for seed in range(60):
        state = play_game(["counter"] * 4, seed)
        assert state.is_terminal
        places = [*state.discard, *(c for c in state.table if c is not None)]
        for seat in range(4):
            places += [*state.hands[seat], *state.bonus[seat], *state.hidden_discards[seat]]
        assert sorted(places, key=str) == sorted(
            (Card(colour, n) for colour in state.rules.colors for n in range(1, 10)), key=str)
        assert state.outcome.winners == state.scores().winners
        again = KayaState.new(state.rules, seed=seed)
        for _seat, action in state.moves:
            again = again.apply(action)
        assert again == state


@pytest.mark.parametrize("names", [["counter"] * 4, ["random"] * 3, ["counter", "random"]])
def test_same_seeds_give_the_same_game(names):
    first = play_game(names, seed=11, rng_seed=5)
    random.seed(123)  # the global generator must not matter
    random.random()
    second = play_game(names, seed=11, rng_seed=5)
    assert first.log_lines() == second.log_lines()
    other = [play_game(names, seed=s, rng_seed=s).log_lines() for s in range(12, 16)]
    assert any(lines != first.log_lines() for lines in other)


def test_random_bot_uses_only_the_rng_it_is_given():
    state = KayaState.new(KayaRules(), seed=4)
    view = state.view(state.current_player)
    bot = RandomBot()
    picks = {str(bot.choose(view, random.Random(s))) for s in range(60)}
    assert picks == {str(a) for a in view.legal_actions()}  # uniform: every card shows up
    assert bot.choose(view, random.Random(1)) == bot.choose(view, random.Random(1))


# ---------------------------------------------------------------------------------------------
# The bot sees only its view: moving an opponent's hidden cards around changes nothing.


def _snapshot(state: KayaState):
    """The arguments of from_position for ``state`` (start of a turn)."""
    return {
        "hands": [list(h) for h in state.hands],
        "table": list(state.table),
        "bonus": [list(b) for b in state.bonus],
        "discard": list(state.discard),
        "active": state.active,
    }


def _shuffle_hidden(state: KayaState, seat: int, rng: random.Random):
    """A position like ``state`` whose seat ``seat`` has its hidden cards permuted between hand,
    table and face-down discard (same counts, so every other seat's view is unchanged)."""
    snap = _snapshot(state)
    hand = snap["hands"][seat]
    table = snap["table"][seat]
    hidden = [*hand, *([table] if table is not None else []), *state.hidden_discards[seat]]
    rng.shuffle(hidden)
    snap["hands"][seat] = hidden[: len(hand)]
    if table is not None:
        snap["table"][seat] = hidden[len(hand)]
    return KayaState.from_position(state.rules, **snap, seed=state.seed)


def _start_of_turn(seed: int, steps: int, players: int) -> KayaState:
    """A start-of-turn position after a random game prefix, rebuilt with from_position."""
    rules = KayaRules.for_players(players)
    state = KayaState.new(rules, seed=seed)
    rng = random.Random(seed)
    bot = RandomBot()
    last = state
    for _ in range(steps):
        if state.is_terminal:
            break
        if state.phase == "play":
            last = state
        state = state.apply(bot.choose(state.view(state.current_player), rng))
    return KayaState.from_position(last.rules, **_snapshot(last), seed=last.seed)


def _shuffle_all_but(state: KayaState, seat: int, rng: random.Random) -> KayaState:
    for other in range(state.players):
        if other != seat:
            state = _shuffle_hidden(state, other, rng)
    return state


def _window(position: KayaState, play_index: int, seat: int) -> KayaState | None:
    """A plays its ``play_index``-th card; the others pass until it is ``seat``'s turn."""
    state = position.apply(position.legal_actions()[play_index])
    while state.phase == "challenge" and state.current_player != seat:
        state = state.apply(Pass())
    return state if state.phase == "challenge" and state.current_player == seat else None


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    steps=st.integers(0, 60),
    players=st.integers(2, 5),
    shuffle_seed=st.integers(0, 1000),
)
def test_counter_decisions_ignore_opponents_hidden_cards(seed, steps, players, shuffle_seed):
    base = _start_of_turn(seed, steps, players)
    a = base.active
    rng = random.Random(shuffle_seed)
    bot = CounterBot()
    # A's play: every other seat's hand, table card and face-down discards are permuted.
    moved = _shuffle_all_but(base, a, rng)
    assert moved.view(a) == base.view(a)
    assert bot.choose(moved.view(a), random.Random(0)) == bot.choose(base.view(a), random.Random(0))
    # Each seat in the challenge window: A may even have played a different card.
    for s in range(players):
        if s == a:
            continue
        i = rng.randrange(len(base.legal_actions()))
        first = _window(base, i, s)
        if first is None:
            continue
        other = _window(_shuffle_all_but(base, s, rng), rng.randrange(len(base.hands[a])), s)
        assert other is not None
        view, other_view = first.view(s), other.view(s)
        assert view.hidden == other_view.hidden and view.hand_counts == other_view.hand_counts
        assert bot.choose(view, random.Random(0)) == bot.choose(other_view, random.Random(0))
        assert challenge_odds(view, exact=True) == challenge_odds(other_view, exact=True)
        assert challenge_values(view, exact=True) == challenge_values(other_view, exact=True)


# ---------------------------------------------------------------------------------------------
# Sensible choices in rigged positions


def _rig(colors, hands, *, table=None, bonus=None, discard=(), active=0):
    return KayaState.from_position(
        KayaRules(tuple(colors)),
        hands,
        table=table,
        bonus=bonus,
        discard=discard,
        active=active,
    )


def test_counter_challenges_a_sure_win_and_passes_a_sure_loss():
    # Green plays; red holds a 9 face down: it cannot lose (ties go to the challenger).
    s = _rig(("green", "red"), [["green-2", "green-5"], ["red-1", "red-8"]], table=[None, "red-9"])
    s = s.apply("play green-2")
    assert challenge_odds(s.view(1)) == {(0,): 1.0}
    assert CounterBot().choose(s.view(1), random.Random(0)) == Challenge((0,))
    # Red's 1 against a green card that can only be 6-9 (1-5 are face up in red's bonus pile).
    s = _rig(
        ("green", "red"),
        [["green-6", "green-7"], ["red-2", "red-8"]],
        table=[None, "red-1"],
        bonus=[[], ["green-1", "green-2", "green-3", "green-4", "green-5"]],
    )
    s = s.apply("play green-6")
    assert challenge_odds(s.view(1)) == {(0,): 0.0}
    assert CounterBot().choose(s.view(1), random.Random(0)) == Pass()


def test_counter_picks_the_best_target_set():
    # Blue (seat 2) holds a 9 and cannot lose (ties go to the challenger), against green alone
    # or against green and red together.
    s = _rig(
        ("green", "red", "blue"),
        [["green-1", "green-2"], ["red-4"], ["blue-5", "blue-6"]],
        table=[None, "red-3", "blue-9"],
        active=0,
    )
    s = s.apply("play green-1").apply("pass")  # red passes; blue decides
    odds = challenge_odds(s.view(2))
    assert set(odds) == {(0,), (0, 1)}
    assert odds == {(0,): 1.0, (0, 1): 1.0}
    values = challenge_values(s.view(2))
    best = max(values, key=lambda t: values[t].gain(2, 3))
    assert CounterBot().choose(s.view(2), random.Random(0)) == Challenge(best)
    # Taking a hand card from both losers beats taking from one.
    assert best == (0, 1)


def test_counter_plays_its_lowest_card_when_nobody_can_challenge_near_the_end():
    # Red has one card left, so the game ends after red's turn: green keeps its 9.
    s = _rig(("green", "red"), [["green-2", "green-9"], ["red-5"]])
    assert CounterBot().choose(s.view(0), random.Random(0)) == Play(C("green-2"))


def test_counter_plays_high_when_challenges_are_likely_and_the_end_is_far():
    hands = [[f"{c}-{n}" for n in range(1, 10)] for c in ("green", "red", "blue", "pink")]
    for h in hands[1:]:
        h.pop()  # each opponent has a card face down
    s = _rig(
        ("green", "red", "blue", "pink"),
        hands,
        table=[None, "red-9", "blue-9", "pink-9"],
    )
    action = CounterBot().choose(s.view(0), random.Random(0))
    assert isinstance(action, Play) and action.card.number >= 7


def test_counter_power_choices():
    bot = CounterBot()
    rng = random.Random(0)
    # Green 3 not challenged: taken back.
    s = _rig(("green", "red"), [["green-3", "green-8"], ["red-5"]]).apply("play green-3")
    assert s.phase == "power"
    assert bot.choose(s.view(0), rng) == TakeBack()
    # Red 4 not challenged: steal a 3-coin card, from the richer pile (seat 2: 3 + 2 coins).
    s = _rig(
        ("red", "green", "blue"),
        [["red-4", "red-8"], ["green-5"], ["blue-2"]],
        bonus=[[], ["blue-8", "green-1"], ["green-9", "red-5"]],
    ).apply("play red-4")
    assert s.phase == "power"
    assert bot.choose(s.view(0), rng) == Steal(2, C("green-9"))
    # Red 3 with only a yellow 1 (worth -1) to steal: decline.
    s = _rig(
        ("red", "yellow"),
        [["red-3", "red-8"], ["yellow-5"]],
        bonus=[[], ["yellow-1"]],
    ).apply("play red-3")
    assert s.phase == "power"
    assert bot.choose(s.view(0), rng) == Decline()


def test_counter_keeps_a_winning_orange_4_and_gives_pink_its_cheapest_card():
    bot = CounterBot()
    rng = random.Random(0)
    s = _rig(("orange", "green"), [["orange-4", "orange-7"], ["green-2", "green-9"]],
             table=[None, "green-1"])  # fmt: skip
    s = s.apply("play orange-4").apply("challenge 0")
    assert s.phase == "orange"
    assert bot.choose(s.view(0), rng) == Keep()
    s = _rig(("pink", "green"), [["pink-5", "pink-7"], ["green-1", "green-5", "green-8"]],
             table=[None, "green-2"])  # fmt: skip
    s = s.apply("play pink-5").apply("challenge 0")
    assert s.phase == "pink"
    assert set(s.view(1).legal_actions()) == {Give(C("green-5")), Give(C("green-8"))}
    assert bot.choose(s.view(1), rng) == Give(C("green-5"))


# ---------------------------------------------------------------------------------------------
# Strength


def _win_rate(games: int, players: int, seed0: int) -> float:
    wins = 0
    rules = KayaRules.for_players(players)
    for g in range(games):
        me = g % players  # rotate the counter's seat
        bots = [CounterBot() if s == me else RandomBot() for s in range(players)]
        rng = random.Random(g)
        state = KayaState.new(rules, seed=seed0 + g)
        while not state.is_terminal:
            seat = state.current_player
            state = state.apply(bots[seat].choose(state.view(seat), rng))
        wins += me in state.outcome.winners  # a shared win counts
    return wins / games


def test_counter_beats_random_clearly():
    # Four players: a random seat wins about 1 game in 5; the counter about 1 in 2.
    assert _win_rate(400, 4, seed0=7_000) > 0.40
    # Two players: the counter wins most games.
    assert _win_rate(200, 2, seed0=9_000) > 0.75


# ---------------------------------------------------------------------------------------------
# A green 3 taken back is counted, and so is a player who keeps playing it again.


def _green_three_again(looped: bool, red: int) -> KayaState:
    """Green, red and blue each hold all nine cards. Turn 1: green plays its 3 and takes it back
    (``looped``) or plays a 4; red and blue play their 1. Turn 2: green plays its 3 and takes it
    back; red plays red-``red``, blue its 2. Turn 3: green plays its 3 again, and red decides."""
    rules = KayaRules(("green", "red", "blue"))
    state = KayaState.from_position(
        rules, [[f"{c}-{n}" for n in range(1, 10)] for c in ("green", "red", "blue")]
    )
    if looped:  # nobody has a card face down yet: no challenge window for green's 3
        first = ["play green-3", "take-back", "play red-1", "decline", "play blue-1", "pass"]
    else:
        first = ["play green-4", "decline", "play red-1", "pass", "decline", "play blue-1",
                 "pass", "pass"]  # fmt: skip
    actions = [*first, "decline", "play green-3", "pass", "pass", "take-back", f"play red-{red}",
               "pass", "decline", "play blue-2", "pass", "decline", "play green-3"]  # fmt: skip
    for action in actions:
        state = state.apply(action)
    return state


@pytest.mark.parametrize("red", [3, 4])
def test_counter_challenges_a_green_3_it_saw_played_again(red):
    looped = _green_three_again(True, red).view(1)
    once = _green_three_again(False, red).view(1)
    assert looped.known_in_hand[0] == once.known_in_hand[0] == (3,)
    assert (looped.known_replays[0], once.known_replays[0]) == ((1, 1), (0, 0))
    # Green took its 3 back and played it again: red's 3 or 4 is worth a challenge now ...
    assert CounterBot().decide(looped) == Challenge((0,))
    # ... but not the first time green plays with the 3 known in hand (1 chance in 8).
    assert CounterBot().decide(once) == Pass()
