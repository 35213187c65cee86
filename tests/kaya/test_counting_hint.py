"""The odds behind the app's hint, against the real engine: every world a player cannot tell
apart is built and played out, and every choice without chance is applied and scored."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kayalib.kaya.advice import decision_points, play_odds
from kayalib.kaya.game import Challenge, Give, KayaState, Keep, Pass, Play
from kayalib.kaya.rules import KayaRules

COLOURS = ("green", "red", "blue", "pink", "yellow", "orange")


@st.composite
def play_positions(draw):
    """Seat 0 to play with two cards; each other seat holds one card, and seat 1 (and maybe
    seat 2) one face down; ``unseen`` numbers per seat, every other number face up."""
    players = draw(st.integers(2, 3))
    colours = tuple(draw(st.permutations(COLOURS))[:players])
    mine = sorted(draw(st.lists(st.integers(1, 9), min_size=2, max_size=2, unique=True)))
    others = []
    for seat in range(1, players):
        size = draw(st.integers(2, 4))
        unseen = sorted(draw(st.lists(st.integers(1, 9), min_size=size, max_size=size,
                                      unique=True)))  # fmt: skip
        others.append((unseen, seat == 1 or draw(st.booleans())))
    return colours, mine, others


def _worlds(colours, mine, others):
    """Every placement of the other seats' unseen numbers: (table card, one card in hand)."""
    per_seat = []
    for unseen, down in others:
        if down:
            per_seat.append([(t, h) for t in unseen for h in unseen if h != t])
        else:
            per_seat.append([(None, unseen[0])])
    worlds = [[]]
    for options in per_seat:
        worlds = [w + [o] for w in worlds for o in options]
    for world in worlds:
        hands = [[f"{colours[0]}-{n}" for n in mine]]
        table: list[str | None] = [None]
        discard = [f"{colours[0]}-{n}" for n in range(1, 10) if n not in mine]
        for seat, ((t, h), (unseen, _)) in enumerate(zip(world, others, strict=True), start=1):
            colour = colours[seat]
            hands.append([f"{colour}-{h}"])
            table.append(None if t is None else f"{colour}-{t}")
            discard += [f"{colour}-{n}" for n in range(1, 10) if n not in unseen]
        yield KayaState.from_position(KayaRules(colours), hands, table=table,
                                      discard=discard, active=0)  # fmt: skip


def _challenged(state: KayaState, card, challenger: int) -> tuple[bool, int]:
    """Play ``card``, let ``challenger`` challenge seat 0 alone (the seats asked before it
    pass) and resolve: (seat 0 won, seat 0's points change). An orange 4 is kept; a loser to a
    pink winner gives its lowest-numbered allowed card (the counting model's choices)."""
    after = state.apply(Play(card))
    before = after.scores().totals[0]
    while after.current_player != challenger:
        after = after.apply(Pass())
    after = after.apply(Challenge((0,)))
    won = [e for e in after.events if e.kind == "showdown"][-1].winner == 0
    while after.phase in ("orange", "pink"):
        legal = after.legal_actions()
        if after.phase == "orange":
            after = after.apply(next(a for a in legal if isinstance(a, Keep)))
        else:
            after = after.apply(min((a for a in legal if isinstance(a, Give)),
                                    key=lambda a: a.card.number))  # fmt: skip
    return won, after.scores().totals[0] - before


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(play_positions())
def test_play_odds_match_every_world_played_out(position) -> None:
    colours, mine, others = position
    worlds = list(_worlds(colours, mine, others))
    view = worlds[0].view(0)
    assert all(w.view(0).hidden == view.hidden for w in worlds)  # seat 0 cannot tell them apart
    odds = play_odds(view, exact=True)
    assert [str(c) for c in odds] == [f"{colours[0]}-{n}" for n in mine]
    challengers = [s for s, (_, down) in enumerate(others, start=1) if down]
    for card, shown in odds.items():
        best = None
        for seat in challengers:  # in seat order after seat 0: the order they are asked
            results = [_challenged(w, card, seat) for w in worlds]
            p = Fraction(sum(won for won, _ in results), len(results))
            points = Fraction(sum(change for _, change in results), len(results))
            if best is None or p < best[0]:
                best = (p, points, seat)
        assert (shown.win_probability, shown.points, shown.challenger) == best


def test_play_odds_without_a_challenger_and_outside_the_play_phase() -> None:
    rules = KayaRules(("green", "red"))
    state = KayaState.from_position(rules, [["green-4", "green-8"], ["red-1"]], active=0)
    odds = play_odds(state.view(0), exact=True)
    assert {o.challenger for o in odds.values()} == {None}
    assert {(o.win_probability, o.points) for o in odds.values()} == {(1, 0)}
    assert play_odds(state.view(1)) == {}  # not seat 1's turn


def test_play_odds_floats_equal_the_fractions() -> None:
    state = KayaState.new(KayaRules(), seed=5)
    for _ in range(12):  # a few turns in, so cards are down and some are face up
        state = state.apply(state.legal_actions()[0])
    view = state.view(state.current_player)
    exact, fast = play_odds(view, exact=True), play_odds(view)
    assert exact.keys() == fast.keys()
    for card, o in exact.items():
        assert fast[card].win_probability == pytest.approx(float(o.win_probability))
        assert fast[card].points == pytest.approx(float(o.points))


def test_decision_points_equal_the_score_change_of_every_choice() -> None:
    """Random games in every colour mix: at each power, orange and pink choice, every legal
    action is applied and the real scores before and after are compared."""
    checked: dict[str, int] = {}
    for seed in range(160):
        rng = random.Random(seed)
        colours = tuple(rng.sample(COLOURS, rng.randint(2, 6)))
        state = KayaState.new(KayaRules(colours), seed=seed)
        while not state.is_terminal:
            seat = state.current_player
            legal = state.legal_actions()
            if state.phase in ("power", "orange", "pink"):
                points = decision_points(state.view(seat))
                assert set(points) == set(legal)
                assert all(next(iter(change)) == seat for change in points.values())
                before = state.scores().totals
                real = {}
                for action in points:
                    after = state.apply(action).scores().totals
                    real[action] = [a - b for a, b in zip(after, before, strict=True)]
                # what follows either choice (a random take after an orange 4) is the same for
                # all of them, so the differences between choices are exact; a power has none
                reference = next(iter(points))
                for action, change in points.items():
                    said = [change.get(s, 0) - points[reference].get(s, 0)
                            for s in range(state.players)]  # fmt: skip
                    diff = [a - b for a, b in zip(real[action], real[reference], strict=True)]
                    assert said == diff, (seed, str(action))
                    if state.phase == "power":
                        assert [change.get(s, 0) for s in range(state.players)] == real[action]
                checked[state.phase] = checked.get(state.phase, 0) + 1
            else:
                assert decision_points(state.view(seat)) == {}
            # challenge often, so showdowns (orange, pink) come up
            challenges = [a for a in legal if isinstance(a, Challenge)]
            state = state.apply(challenges[0] if challenges and rng.random() < 0.6
                                else legal[rng.randrange(len(legal))])  # fmt: skip
    assert checked.keys() == {"power", "orange", "pink"}, checked
