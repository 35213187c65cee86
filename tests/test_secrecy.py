"""What a seat is handed holds nothing from which a hidden card or a future draw follows.

Each test plays the attacker: a bot, a student's own bot in a tournament, or a curious student
in JupyterLab who holds one seat's view and tries to learn what that seat must not know.
"""

from __future__ import annotations

import dataclasses
import json
import pickle
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kayalib.blef.cards import DECK as BLEF_DECK
from kayalib.blef.game import BlefRules, BlefState
from kayalib.kaya.game import KayaState, MoveEvent, chance
from kayalib.kaya.rules import KayaRules
from kayalib.registry import GAMES, game
from kayalib.simulate import play_game

BIG_SEED = 0xC0FFEE_5EED_1234  # a 64-bit seed: its digits cannot turn up by accident


def everything_in(obj, seen=None):
    """Every value reachable from ``obj``: fields, slots, items, recursively."""
    seen = set() if seen is None else seen
    if id(obj) in seen:
        return
    seen.add(id(obj))
    yield obj
    if isinstance(obj, (str, bytes, int, float, bool, type(None))):
        return
    if isinstance(obj, dict):
        children = [*obj.keys(), *obj.values()]
    elif isinstance(obj, (tuple, list, set, frozenset)):
        children = list(obj)
    else:
        children = []
        if dataclasses.is_dataclass(obj):
            children += [getattr(obj, f.name) for f in dataclasses.fields(obj)]
        for cls in type(obj).__mro__:
            for name in getattr(cls, "__slots__", ()):
                if hasattr(obj, name):
                    children.append(getattr(obj, name))
        children += list(getattr(obj, "__dict__", {}).values())
        if hasattr(obj, "events"):
            children.append(obj.events)
    for child in children:
        yield from everything_in(child, seen)


def what_a_seat_is_handed(state, seat: int) -> tuple[object, str]:
    """The view, and every text form of it a student could print."""
    view = state.view(seat)
    texts = [repr(view), str(view), *(json.dumps(e.to_json()) for e in view.events)]
    texts += [repr(e) for e in view.events]
    if hasattr(view, "_repr_html_"):
        texts.append(view._repr_html_())
    return pickle.loads(pickle.dumps(view)), "\n".join(texts)


# ---- Blef: rebuild every hand from the seed in the view ---------------------------------------


def blef_attack(view) -> list[tuple[tuple, ...]]:
    """The hands of this round for every integer in the view that could be the game seed,
    dealt the way the engine deals (a shuffle keyed by the seed and the round)."""
    guesses = []
    candidates = {v for v in everything_in(view) if type(v) is int and v > 1000}
    for seed in candidates:
        deck = list(BLEF_DECK)
        random.Random(f"blef/{seed}/{view.round}").shuffle(deck)
        hands, at = [], 0
        for count in view.counts:
            hands.append(tuple(sorted(deck[at : at + count])))
            at += count
        guesses.append(tuple(hands))
    return guesses


@pytest.mark.parametrize("seed", [BIG_SEED, None])
def test_a_blef_seat_cannot_rebuild_the_other_hands(seed) -> None:
    state = BlefState.new(BlefRules(players=4), seed)
    for bid in ("high-card 9", "pair 9", "check"):  # into round 2: more cards to match
        state = state.apply(bid)
    view, text = what_a_seat_is_handed(state, 0)
    assert view.hand == state.hands[0]
    assert str(state.seed) not in text
    assert state.hands not in blef_attack(view)
    # the attack itself is sound: given the seed, it deals exactly the engine's hands
    assert state.hands in blef_attack(dataclasses.replace(view, starter=state.seed))


# ---- Aku Paling Kaya: predict the random take --------------------------------------------------


def test_a_kaya_seat_cannot_predict_the_random_take() -> None:
    final = play_game("kaya", ["counter", "random", "random", "random"], seed=BIG_SEED)
    takes = [e for e in final.events if isinstance(e, MoveEvent) and e.why == "taken"]
    assert len(takes) >= 3
    view, text = what_a_seat_is_handed(final, 0)
    assert str(BIG_SEED) not in text
    candidates = {v for v in everything_in(view) if type(v) is int and v > 1000}
    assert BIG_SEED not in candidates
    # with the seed, the takes are predictable (what the attacker hoped to do) ...
    assert chance(final.seed, 0, 9) == chance(BIG_SEED, 0, 9)
    # ... and no number a seat is handed is that seed
    assert all(chance(c, 0, 1 << 30) != chance(BIG_SEED, 0, 1 << 30) for c in candidates)


# ---- Aku Paling Kaya: read the phase -----------------------------------------------------------


@pytest.mark.parametrize(
    ("power_card", "plain_card", "bonus"),
    [("green-3", "green-5", None), ("red-3", "red-5", [[], [], ["blue-9"]])],
)
def test_another_seats_view_of_a_power_decision_looks_the_same_whatever_the_card(
    power_card, plain_card, bonus
) -> None:
    def decision(card: str) -> KayaState:
        colour = card.split("-")[0]
        other = "red" if colour == "green" else "green"
        rules = KayaRules((colour, other, "blue"))
        hands = [[card, f"{colour}-9"], [f"{other}-1", f"{other}-2"], ["blue-1", "blue-2"]]
        state = KayaState.from_position(rules, hands, table=[None, f"{other}-7", None],
                                        bonus=bonus, seed=BIG_SEED)  # fmt: skip
        return state.apply(f"play {card}").apply("pass")

    with_power, without = decision(power_card), decision(plain_card)
    assert len(with_power.legal_actions()) > 1 and len(without.legal_actions()) == 1
    for seat in (1, 2):
        assert with_power.view(seat).phase == without.view(seat).phase == "power"
        assert with_power.view(seat) == without.view(seat)
    # after declining, too, the table sees the same
    assert with_power.apply("decline").view(1) == without.apply("decline").view(1)


# ---- no view holds the seed, over thousands of states ------------------------------------------


@settings(max_examples=60, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])  # fmt: skip
@given(
    name=st.sampled_from(sorted(GAMES)),
    players=st.integers(2, 5),
    seed=st.integers(2**40, 2**64 - 1),
)
def test_no_view_holds_the_seed(name: str, players: int, seed: int) -> None:
    spec = game(name)
    final = play_game(name, ["random"] * players, seed, spec.rules_for_players(players))
    state = spec.state.new(spec.rules_for_players(players), seed)
    states = [state]
    for seat, action in final.moves:
        state = state.apply(action, seat=seat)
        states.append(state)
    assert len(states) > 5
    for state in states:
        for seat in range(players):
            view, text = what_a_seat_is_handed(state, seat)
            assert str(seed) not in text
            assert seed not in {v for v in everything_in(view) if type(v) is int}
    assert final.events[0].to_json()["seed"] == seed  # the full log keeps it, for replays


# ---- the public facts a view carries: hands laid face up, deal sizes -----------------------------


def laid_for_everyone(state) -> tuple | None:
    """The hands every seat has seen laid face up, read from the full log: at a Blef check all
    the round's hands, at the end of Aku Paling Kaya every hand."""
    if state.game_name == "kaya":
        return state.hands if state.is_terminal else None
    deals, checked = {}, None
    for event in state.events:
        if event.kind == "deal":
            deals[event.round] = event.hands
        elif event.kind == "check":
            checked = event.round
    return None if checked is None else deals[checked]


@settings(max_examples=30, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])  # fmt: skip
@given(name=st.sampled_from(sorted(GAMES)), players=st.integers(2, 5),
       seed=st.integers(0, 2**64 - 1))  # fmt: skip
def test_a_view_carries_the_hands_laid_face_up_and_the_deal_sizes_and_no_more(
    name: str, players: int, seed: int
) -> None:
    spec = game(name)
    final = play_game(name, ["random"] * players, seed, spec.rules_for_players(players))
    state = spec.state.new(spec.rules_for_players(players), seed)
    for seat, action in ((None, None), *final.moves):
        if action is not None:
            state = state.apply(action, seat=seat)
        for viewer in range(players):
            view = state.view(viewer)
            assert view.laid == laid_for_everyone(state)
            again = spec.view.from_json(json.loads(json.dumps(view.to_json())))
            assert again == view and again.laid == view.laid
            deals = [e for e in view.events if e.kind == "deal"]
            truth = [e for e in state.events if e.kind == "deal"]
            for seen, real in zip(deals, truth, strict=True):
                assert seen.dealt == tuple(len(h) for h in real.hands)
                assert all(h is None or i == viewer or not h for i, h in enumerate(seen.hands))


def test_a_blef_view_is_the_same_whatever_the_other_hands_hold_laid_and_sizes_included() -> None:
    def view_of(other: str):
        state = BlefState.from_position(BlefRules(players=2), ["AS KS", other], starter=0,
                                        seed=BIG_SEED)  # fmt: skip
        return state.apply("pair K").view(0)

    one, two = view_of("9H TH"), view_of("9C QD")
    assert one == two and one.to_json() == two.to_json() and one.laid is None
    assert one.events[1].dealt == (2, 2) and one.events[1].hands[1] is None
    after = BlefState.from_position(BlefRules(players=2), ["AS KS", "9H TH"], starter=0,
                                    seed=BIG_SEED).apply("pair K").apply("check")  # fmt: skip
    assert [[str(c) for c in h] for h in after.view(1).laid] == [["KS", "AS"], ["9H", "TH"]]
