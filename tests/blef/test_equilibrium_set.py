"""The equilibrium set of heads-up one-card Blef: the shipped ranges, and a recomputation by LP.

The shipped figures are read without scipy (what a lesson page does); the recomputation and the
checks of the sequence form need scipy (the test extra) and are marked slow.
"""

from __future__ import annotations

import json
import os
from fractions import Fraction

import numpy as np
import pytest

from kayalib.blef.cfr import combine
from kayalib.blef.equilibrium import HEADS_UP, solved
from kayalib.blef.equilibrium_set import DATA_FILE, card_values, opening_truth, shipped, truthful
from kayalib.errors import ArgumentError

VALUE = Fraction(-5, 69)


def test_what_every_equilibrium_does_at_the_opening() -> None:
    s = shipped()
    assert s.value == VALUE
    assert s.frequency(0, "9", (), "bluff").span == (1, 1)  # a 9 always bluffs
    assert s.frequency(0, "T", (), "bluff").span == (0, 1)  # a 10: anything
    for card in "JQKA":
        assert s.frequency(0, card, (), "bluff").span == (0, 0)  # J-A never bluff
        assert s.frequency(0, card, (), "honest").span == (1, 1)
    always = {(f.hand, f.action) for f in s.always(0) if not f.bids}
    assert ("9", "bluff") in always and ("T", "bluff") not in always


def test_every_frequency_is_a_probability_and_the_kinds_add_up() -> None:
    s = shipped()
    for f in s.frequencies:
        assert 0.0 <= f.low <= f.high <= 1.0, f
    for f in s.frequencies:
        if f.action == "honest":
            bluff = s.frequency(f.player, f.hand, f.bids, "bluff")
            check = [0.0, 0.0]
            if f.player == 1:
                c = s.frequency(f.player, f.hand, f.bids, "check")
                check = [c.low, c.high]
            # honest + bluff + check = 1 in every equilibrium, so the ranges must allow it
            assert f.low + bluff.low + check[0] <= 1 + 1e-6 <= f.high + bluff.high + check[1] + 2e-6


def test_the_shipped_equilibrium_lies_in_every_range() -> None:
    eq = solved()
    s = shipped()
    tree = eq.solver.tree
    for f in s.frequencies:
        if f.player != 0 or f.action in ("honest", "bluff", "check"):
            continue
        b = next(i for i, bid in enumerate(HEADS_UP.bids) if str(bid) == f.action)
        p = eq.profile.raise_[1][tree.locate(1 << b)[1], "9TJQKA".index(f.hand)]
        assert f.low - 1e-6 <= p <= f.high + 1e-6, f


def test_many_equilibria_one_value() -> None:
    """Two equilibria, the 10 truthful in one and bluffing 61% in the other, both guarantee
    -5/69; changing only the 10 of the shipped one (the truth dial) does not."""
    s = shipped()
    named = s.exhibit("shipped")
    honest = s.exhibit("ten-truthful")
    assert named.ten_truth == pytest.approx(0.3887, abs=1e-4)  # it bluffs 61%
    assert honest.ten_truth == 1.0
    for e in (named, honest, s.exhibit("ten-bluffs")):
        assert e.optimal and e.guaranteed == VALUE and e.best_reply == -VALUE
        assert sum(e.card_values) / 6 == VALUE
    dial = s.exhibit("shipped-with-truthful-ten")
    assert not dial.optimal and dial.best_reply > -VALUE
    # What each card is worth to the first bidder is the same in every equilibrium: the 10's
    # -15/23 (the value at which it is indifferent between its openings) is not one
    # equilibrium's; which bids it mixes, and how often, is.
    assert named.card_values[1] == Fraction(-15, 23)
    assert s.ten_value == (Fraction(-15, 23), Fraction(-15, 23))
    assert [low for low, high in s.card_values] == list(named.card_values)
    assert all(low == high for low, high in s.card_values)


def test_the_truthful_equilibrium_ships_and_is_one() -> None:
    eq = truthful()
    assert eq.nash_conv < 1e-9
    assert eq.exact_value() == VALUE
    assert opening_truth(eq.profile, 1) == pytest.approx(1.0, abs=1e-9)
    assert eq.best_response(1)[0] == pytest.approx(float(-VALUE), abs=1e-9)
    values = card_values(eq.profile)
    assert sum(values) / 6 == pytest.approx(float(VALUE), abs=1e-12)


def test_a_changed_data_file_is_refused() -> None:
    from kayalib.blef.equilibrium import Equilibrium
    from kayalib.blef.equilibrium_set import TRUTHFUL_FILE

    data = json.loads(TRUTHFUL_FILE.read_text(encoding="utf-8"))
    data["strategy"]["T|"] = {"high-card 9": 1.0}
    with pytest.raises(ArgumentError, match="not the"):
        Equilibrium.from_json(data)


# -- recomputed by linear programming (scipy) ----------------------------------------------------

@pytest.fixture(scope="module")
def form():
    if os.environ.get("CI") != "true":  # the test extra installs scipy; CI must have it
        pytest.importorskip("scipy", reason="scipy is not installed (pip install -e '.[test]')")
    from kayalib.blef.sequence_form import SequenceForm

    return SequenceForm(HEADS_UP)


@pytest.fixture(scope="module")
def players(form):
    from kayalib.blef.sequence_form import OptimalStrategies

    return [OptimalStrategies(0, form), OptimalStrategies(1, form)]


def test_the_sequence_form_pays_what_the_solver_says(form) -> None:
    """x^T A y of two realisation plans is the expected payoff the solver's pass computes, and
    the plans satisfy their position constraints."""
    eq = solved()
    rng = np.random.default_rng(4)
    solver = eq.solver
    tree = solver.tree
    check = [rng.random((len(tree.masks[d]), 6)) if d else None for d in tree.depths]
    raise_ = [rng.random((len(tree.masks[d]), 6)) if d else None for d in tree.depths]
    for profile in (eq.profile, solver.normalise(check, raise_)):
        x, y = form.plan(0, profile), form.plan(1, profile)
        assert np.allclose(form.E @ x, form.e) and np.allclose(form.F @ y, form.f)
        assert x @ (form.A @ y) == pytest.approx(solver.expected(profile), abs=1e-12)


@pytest.mark.slow
def test_the_linear_programme_finds_the_value(players) -> None:
    assert players[0].exact_value == VALUE
    assert players[1].exact_value == -VALUE


@pytest.mark.slow
def test_an_optimal_plan_guarantees_the_value_by_an_independent_best_reply(players) -> None:
    """The programme's own certificate, checked by kayalib's best response instead."""
    point = players[0].extreme({})
    part = players[0].part(point.plan)
    solver = solved().solver
    assert -solver.best_response_value(combine(part, solved().profile), 1) == pytest.approx(
        float(VALUE), abs=1e-8
    )


@pytest.mark.slow
def test_every_optimal_second_player_gives_each_card_the_same_value(players) -> None:
    """Extreme optimal strategies of the second player (random objectives), checked by kayalib's
    best response: the first bidder's value with each card never moves."""
    eq = solved()
    rng = np.random.default_rng(9)
    for _ in range(2):
        weights = dict(enumerate(rng.random(players[1].sequences)))
        part = players[1].part(players[1].extreme(weights).plan)
        profile = combine(eq.profile, part)
        assert eq.solver.best_response_value(profile, 0) == pytest.approx(float(VALUE), abs=1e-8)
        values = card_values(profile)
        assert values == pytest.approx([float(v) for v in shipped().exhibit("shipped").card_values])


@pytest.mark.slow
def test_the_shipped_ranges_are_what_the_programme_finds(form, players) -> None:
    """Every opening range, and a sample of the answers, computed again."""
    from kayalib.blef.equilibrium_set import _situations

    shipped_set = shipped()
    situations = _situations(form)
    rng = np.random.default_rng(len(situations))
    answers = [k for k, s in enumerate(situations) if s[0] == 1]
    chosen = [k for k, s in enumerate(situations) if s[0] == 0 and s[3] in ("honest", "bluff")]
    chosen += list(rng.choice(answers, 6, replace=False))
    for k in chosen:
        player, h, node, action, columns = situations[k]
        bids = () if node == 0 else (str(HEADS_UP.bids[node.bit_length() - 1]),)
        f = shipped_set.frequency(player, "9TJQKA"[h], bids, action)
        low = players[player].extreme(dict.fromkeys(columns, 1.0), maximise=False).objective
        high = players[player].extreme(dict.fromkeys(columns, 1.0)).objective
        assert (low, high) == pytest.approx((f.low, f.high), abs=1e-6), f


def test_the_data_file_names_its_round() -> None:
    assert json.loads(DATA_FILE.read_text(encoding="utf-8"))["round"] == [1, 1]
