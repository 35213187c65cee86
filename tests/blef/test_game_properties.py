"""Random-play properties of the Blef engine over thousands of seeded games."""

from __future__ import annotations

import copy
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from kayalib.blef.bids import LADDER
from kayalib.blef.cards import DECK
from kayalib.blef.game import (
    CHECK,
    MODES,
    BidEvent,
    BlefRules,
    BlefState,
    CheckEvent,
    DealEvent,
    EndEvent,
)
from kayalib.errors import IllegalActionError

rules_strategy = st.builds(
    BlefRules, players=st.integers(2, 23), mode=st.sampled_from(MODES)
) | st.builds(BlefRules, players=st.integers(2, 6))


def random_action(state: BlefState, rng: random.Random):
    """A legal action, checking often enough that rounds stay short and games end."""
    actions = state.legal_actions()
    if actions[-1] == CHECK and rng.random() < 0.3:
        return CHECK
    return actions[rng.randrange(len(actions))]


def illegal_actions(state: BlefState) -> list:
    """Actions the rules refuse right now (bids not higher, an opening check, out of turn)."""
    refused = []
    if state.last_bid is None:
        refused.append(CHECK)
    else:
        refused.append(state.last_bid)
        refused.append(LADDER[state.last_bid.index // 2])
    return refused


def check_invariants(state: BlefState) -> None:
    rules = state.rules
    events = state.events
    assert sum(isinstance(e, DealEvent) for e in events) == state.round  # one deal a round
    if state.is_terminal:
        for seat in range(rules.players):  # each seat's log is its part of the whole log
            assert state.view(seat).events == tuple(e.seen_by(seat) for e in events)
        assert isinstance(events[-1], EndEvent) and (events[-1].winner,) == state.outcome.winners
        assert state.remaining == state.outcome.winners
        assert sum(state.returns()) == 1.0 and state.legal_actions() == ()
        return
    cards = [card for hand in state.hands for card in hand]
    assert len(cards) == len(set(cards)), "a card is in two hands"
    assert [len(hand) for hand in state.hands] == list(state.counts)
    assert len(state.remaining) >= 2
    assert state.current_player in state.remaining
    if rules.mode == "classic":
        assert max(state.counts) <= rules.max_cards
        if rules.max_cards == 23 // rules.players:
            assert len(DECK) - len(cards) >= 1, "classic mode always leaves a card undealt"
    else:
        assert len(cards) < 24
    actions = state.legal_actions()
    assert actions, "legal actions are non-empty until the end"
    bids = [bid.index for _, bid in state.bids]
    assert bids == sorted(set(bids)), "bids go strictly up"
    assert (CHECK in actions) == bool(state.bids)


@settings(max_examples=60, deadline=None)
@given(rules=rules_strategy, seed=st.integers(0, 2**32 - 1), games=st.just(10))
def test_random_games_keep_every_invariant(rules: BlefRules, seed: int, games: int) -> None:
    for game in range(games):
        state = BlefState.new(rules, seed + game)
        rng = random.Random(seed + game)
        check_invariants(state)
        while not state.is_terminal:
            for action in illegal_actions(state):
                assert not state.can_apply(action)
                try:
                    state.apply(action)
                except IllegalActionError:
                    pass
                else:
                    raise AssertionError(f"{action} was accepted")
            before = state
            state = state.apply(random_action(state, rng))
            assert before.events == state.events[: len(before.events)], "the log only grows"
            check_invariants(state)
        assert state.round >= 1


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 7))
def test_a_refused_action_leaves_the_state_equal(seed: int, players: int) -> None:
    state = BlefState.new(BlefRules(players=players), seed)
    rng = random.Random(seed)
    while not state.is_terminal:
        snapshot = copy.deepcopy(state)
        wrong_seat = (state.current_player + 1) % players
        for action in [*illegal_actions(state), state.legal_actions()[0]]:
            seat = wrong_seat if action in state.legal_actions() else None
            try:
                state.apply(action, seat=seat)
            except IllegalActionError:
                pass
            assert state == snapshot
            assert state.view(state.current_player) == snapshot.view(state.current_player)
        state = state.apply(random_action(state, rng))


def play_out(rules: BlefRules, seed: int, choices: int, noise: bool = False) -> BlefState:
    state = BlefState.new(rules, seed)
    rng = random.Random(choices)
    while not state.is_terminal:
        if noise:
            random.random()  # the global generator must not matter
            random.shuffle(list(range(10)))
        state = state.apply(random_action(state, rng))
    return state


@settings(max_examples=40, deadline=None)
@given(rules=rules_strategy, seed=st.integers(0, 2**32 - 1), choices=st.integers(0, 99))
def test_the_same_seed_gives_the_same_game(rules: BlefRules, seed: int, choices: int) -> None:
    first = play_out(rules, seed, choices)
    again = play_out(rules, seed, choices, noise=True)
    assert first == again
    assert [e.to_json() for e in first.events] == [e.to_json() for e in again.events]
    other = play_out(rules, seed + 1, choices)
    deals = [e for e in first.events if isinstance(e, DealEvent)]
    other_deals = [e for e in other.events if isinstance(e, DealEvent)]
    assert deals[0].hands != other_deals[0].hands or deals[0].starter != other_deals[0].starter


def with_hands(state: BlefState, hands) -> BlefState:
    """The same moment of the round as ``state``, but with other hands."""
    rigged = BlefState.from_position(
        state.rules,
        hands,
        starter=state.starter,
        round=state.round,
        seed=state.seed,
        last_lost=state.last_lost,
    )
    for _, bid in state.bids:
        rigged = rigged.apply(bid)
    return rigged


@settings(max_examples=60, deadline=None)
@given(
    players=st.integers(2, 8),
    seed=st.integers(0, 2**32 - 1),
    steps=st.integers(0, 60),
    pick=st.integers(0, 10**6),
)
def test_a_view_does_not_change_when_an_opponents_cards_do(players, seed, steps, pick) -> None:
    state = BlefState.new(BlefRules(players=players), seed)
    rng = random.Random(seed)
    for _ in range(steps):
        action = random_action(state, rng)
        if state.apply(action).is_terminal:
            break
        state = state.apply(action)
    seat = state.remaining[pick % len(state.remaining)]
    opponents = [s for s in state.remaining if s != seat]
    opponent = opponents[pick % len(opponents)]
    undealt = sorted(set(DECK) - set(state.pool))
    hands = [list(hand) for hand in state.hands]
    # Exchange one of the opponent's cards for an undealt one, or swap with another opponent.
    position = pick % len(hands[opponent])
    hands[opponent][position] = undealt[pick % len(undealt)]
    rigged = with_hands(state, state.hands)
    changed = with_hands(state, hands)
    assert rigged != changed
    assert rigged.view(seat) == changed.view(seat)
    assert rigged.view(opponent) != changed.view(opponent)
    assert rigged.view(seat).hand == state.view(seat).hand
    if len(opponents) >= 2:
        a, b = opponents[0], opponents[1]
        swapped = [list(hand) for hand in state.hands]
        if len(swapped[a]) == len(swapped[b]):
            swapped[a], swapped[b] = swapped[b], swapped[a]
            assert with_hands(state, swapped).view(seat) == rigged.view(seat)


def test_thousands_of_games_end_with_a_single_winner() -> None:
    results = {mode: [0, 0, 0, 0] for mode in MODES}
    for game in range(2000):
        mode = MODES[game % 2]
        state = play_out(BlefRules(players=4, mode=mode), game, game)
        assert state.outcome is not None
        results[mode][state.outcome.winners[0]] += 1
        checks = [e for e in state.events if isinstance(e, CheckEvent)]
        assert len(checks) == state.round
        assert all(e.loser in (e.seat, b.seat) for e, b in _check_bidders(state.events, checks))
    for mode in MODES:
        assert min(results[mode]) > 150, results  # every seat wins sometimes (random play)


def _check_bidders(events, checks):
    last_bid = {}
    for event in events:
        if isinstance(event, BidEvent):
            last_bid[event.round] = event
    return [(check, last_bid[check.round]) for check in checks]
