"""Invariants over many random Kaya games: card conservation, scores, determinism, refusals,
views that never show a hidden card."""

from __future__ import annotations

import json
import pickle
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kayalib.engine import evolve
from kayalib.errors import IllegalActionError
from kayalib.kaya.cards import COLORS, DECK, Card
from kayalib.kaya.game import (
    Challenge,
    Give,
    KayaState,
    MoveEvent,
    Pass,
    Play,
    PlayEvent,
    Steal,
)
from kayalib.kaya.rules import KayaRules

SETTINGS = settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True
)


@st.composite
def games(draw):
    """Rules (2-6 colours in any order, any coin table), a game seed, and a seed for choices."""
    players = draw(st.integers(2, 6))
    colors = tuple(draw(st.permutations(COLORS))[:players])
    coins = draw(st.one_of(st.none(), st.lists(st.integers(1, 5), min_size=9, max_size=9)))
    rules = KayaRules(colors) if coins is None else KayaRules(colors, coins)
    return rules, draw(st.integers(0, 2**64 - 1)), draw(st.integers(0, 2**32))


def play_out(rules: KayaRules, seed: int, choice_seed: int):
    """Every state of one game with uniformly random legal choices."""
    rng = random.Random(choice_seed)
    state = KayaState.new(rules, seed)
    states = [state]
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
        states.append(state)
    return states


def in_play(rules: KayaRules) -> Counter:
    return Counter(c for c in DECK if c.color in rules.colors)


def all_places(state: KayaState) -> Counter:
    cards: list[Card] = list(state.discard)
    for seat in range(state.players):
        cards += state.hands[seat]
        cards += state.bonus[seat]
        cards += state.hidden_discards[seat]
        if state.table[seat] is not None:
            cards.append(state.table[seat])
    return Counter(cards)


def check_scores(state: KayaState) -> None:
    scores = state.scores()
    for seat, score in enumerate(scores.seats):
        assert score.hand == state.hands[seat] and score.bonus == state.bonus[seat]
        assert score.hand_sum == sum(c.number for c in state.hands[seat])
        assert score.bonus_sum == sum(state.rules.bonus_value(c) for c in state.bonus[seat])
        assert scores.totals[seat] == score.hand_sum + score.bonus_sum


# ---- many quick games ----------------------------------------------------------------------


def card_count(state: KayaState) -> int:
    return (
        len(state.discard) + sum(map(len, state.hands)) + sum(map(len, state.bonus))
        + sum(map(len, state.hidden_discards)) + sum(c is not None for c in state.table)
    )  # fmt: skip


def test_two_thousand_random_games_keep_every_invariant():
    lengths = Counter()
    for game in range(2000):
        players = 2 + game % 5
        rules = KayaRules.for_players(players)
        rng = random.Random(game)
        state = KayaState.new(rules, game)
        expected = in_play(rules)
        total = len(expected)
        steps = 0
        while True:
            assert card_count(state) == total
            if steps % 7 == 0:
                assert all_places(state) == expected
            if state.is_terminal:
                break
            legal = state.legal_actions()
            assert legal and state.current_player is not None
            assert all(state.hands) or state.phase != "play"
            state = state.apply(rng.choice(legal))
            steps += 1
        assert all_places(state) == expected
        check_scores(state)
        assert state.current_player is None and state.legal_actions() == ()
        assert not all(state.hands)  # it ended because a hand is empty
        assert state.events[-1].kind == "end"
        assert list(state.events[-1].scores) == list(state.scores().totals)
        assert set(state.outcome.winners) == {
            s for s, t in enumerate(state.scores().totals) if t == max(state.scores().totals)
        }
        lengths[players] += steps
    assert min(lengths.values()) > 0


# ---- hypothesis: full checks at every step ---------------------------------------------------


def replay_places(state: KayaState) -> dict[Card, str]:
    """Follow the move events from the deal; every move must start where the card is."""
    where: dict[Card, str] = {}
    for seat, color in enumerate(state.rules.colors):
        for number in range(1, 10):
            where[Card(color, number)] = f"hand:{seat}"
    for event in state.events:
        if isinstance(event, MoveEvent):
            assert where[event.card] == event.source, (event, where[event.card])
            where[event.card] = event.target
    return where


def expected_places(state: KayaState) -> dict[Card, str]:
    out = {}
    for card, place in state.places().items():
        out[card] = "discard" if place == "discard-hidden" else place
    return out


@SETTINGS
@given(games())
def test_the_log_moves_every_card_from_where_it_is(game):
    rules, seed, choice_seed = game
    for state in play_out(rules, seed, choice_seed):
        assert replay_places(state) == expected_places(state)
        assert all_places(state) == in_play(rules)
        check_scores(state)
        for line in state.log_lines():
            assert json.loads(line)["event"]


@SETTINGS
@given(games())
def test_same_seed_same_game_byte_for_byte(game):
    rules, seed, choice_seed = game
    first = play_out(rules, seed, choice_seed)[-1]
    random.random()  # the global generator must not matter
    second = play_out(rules, seed, choice_seed)[-1]
    assert first.log_lines() == second.log_lines()
    assert first == second


def illegal_examples(state: KayaState) -> list:
    legal = set(state.legal_actions())
    candidates = [Pass(), Challenge((0,)), Play(Card(state.rules.colors[0], 1)),
                  Give(DECK[0]), Steal(0, DECK[0]), "keep", "decline", "take-back"]  # fmt: skip
    return [a for a in candidates if a not in legal and str(a) not in {str(x) for x in legal}]


@SETTINGS
@given(games())
def test_refused_actions_leave_the_state_equal(game):
    rules, seed, choice_seed = game
    for state in play_out(rules, seed, choice_seed)[::3]:
        key = pickle.dumps(state)
        for action in illegal_examples(state):
            assert not state.can_apply(action)
            with pytest.raises(IllegalActionError):
                state.apply(action)
            assert pickle.dumps(state) == key
        for action in state.legal_actions()[:3]:
            state.apply(action)  # applying never changes the state it was applied to
            assert pickle.dumps(state) == key


def shuffle_hidden(state: KayaState, seat: int, rng: random.Random) -> KayaState:
    """The same public position, with ``seat``'s hidden cards (hand, face-down table card,
    face-down discards) dealt out again among those places at random."""
    hand, down, discards = state.hands[seat], state.table[seat], state.hidden_discards[seat]
    if state.revealed:
        down = None  # a revealed showdown card is public
    pool = [*hand, *discards, *([down] if down is not None else [])]
    rng.shuffle(pool)
    new_hand = tuple(sorted(pool[: len(hand)], key=lambda c: c.number))
    new_discards = tuple(pool[len(hand) : len(hand) + len(discards)])
    new_down = pool[-1] if down is not None else state.table[seat]
    return evolve(
        state,
        hands=(*state.hands[:seat], new_hand, *state.hands[seat + 1 :]),
        hidden_discards=(
            *state.hidden_discards[:seat], new_discards, *state.hidden_discards[seat + 1 :]
        ),
        table=(*state.table[:seat], new_down, *state.table[seat + 1 :]),
    )  # fmt: skip


@SETTINGS
@given(games(), st.integers(0, 2**32))
def test_views_never_show_another_seats_hidden_card(game, shuffle_seed):
    rules, seed, choice_seed = game
    rng = random.Random(shuffle_seed)
    for state in play_out(rules, seed, choice_seed):
        for seat in range(state.players):
            view = state.view(seat)
            assert view.hand == state.hands[seat] and view.own_table == state.table[seat]
            assert bool(view.legal_actions()) == (state.current_player == seat)
            for other in range(state.players):
                if other == seat or state.is_terminal:  # at the end every hand is laid face up
                    continue
                assert view == shuffle_hidden(state, other, rng).view(seat)
            for event in view.events:
                if isinstance(event, (PlayEvent, MoveEvent)) and event.kind in ("play", "move"):
                    owner = event.seat if isinstance(event, PlayEvent) else event.owner
                    if owner is not None and owner != seat:
                        assert event.card is None
            # hidden numbers: exactly the numbers of the seat's colour not face-up anywhere
            face_up = {*state.discard, *(c for b in state.bonus for c in b)}
            if state.revealed:
                face_up |= {c for c in view.revealed if c is not None}
            for other, color in enumerate(rules.colors):
                assert set(view.hidden[other]) == {
                    n for n in range(1, 10) if Card(color, n) not in face_up
                }
