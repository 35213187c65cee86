"""kayalib's heads-up Blef equilibrium, checked by OpenSpiel (the field's reference library).

The game is written for OpenSpiel from the rules in ``openspiel_blef.py`` (a registered Python
game, and the same tree as a C++ .efg game for speed). OpenSpiel then computes the NashConv of
kayalib's strategies and solves the game with its own CFR+.
"""

from __future__ import annotations

import os
import random

import pytest

try:
    import pyspiel
except ImportError:  # pragma: no cover - the test extra installs it
    if os.environ.get("CI") == "true":
        raise
    pytest.skip("OpenSpiel is not installed (pip install -e '.[test]')", allow_module_level=True)

from kayalib.blef.actions import CHECK
from kayalib.blef.cfr import CFR_PLUS
from kayalib.blef.equilibrium import HEADS_UP, solve, solved
from kayalib.blef.strategy import strategy_of, strategy_table
from kayalib.registry import make_bot

from . import openspiel_blef as spec

pytestmark = pytest.mark.slow

CFR_ITERATIONS = 100
"""OpenSpiel CFR+ iterations for the value check (kayalib's own run is within 2e-4 by then)."""


@pytest.fixture(scope="module")
def efg():
    """The game as OpenSpiel's C++ .efg game, and its information state strings by name."""
    return spec.efg_game()


def openspiel_policy(profile, keys: dict[str, str]) -> dict[str, list[tuple[int, float]]]:
    """A kayalib strategy as an OpenSpiel tabular policy: every legal action of every
    information state with its probability (OpenSpiel wants the zeros too)."""
    policy = {}
    for (player, hand, bids), actions in strategy_table(profile).items():
        convergence = (hand[0], hand[0], *(bid.index for bid in bids))
        name = spec.information_state(convergence, player)
        chances = {spec.CHECK if a == CHECK else a.index: p for a, p in actions.items()}
        policy[keys[name]] = [(a, chances.get(a, 0.0)) for a in spec.legal_actions(convergence)]
    return policy


def test_the_efg_tree_is_the_registered_python_game(efg) -> None:
    game, keys = efg
    python_game = pyspiel.load_game(spec.NAME)
    assert game.num_distinct_actions() == python_game.num_distinct_actions() == 13
    rng = random.Random(12)
    for _ in range(300):
        mine, theirs = python_game.new_initial_state(), game.new_initial_state()
        while not mine.is_terminal():
            assert mine.current_player() == theirs.current_player()
            if mine.is_chance_node():
                outcomes = mine.chance_outcomes()
                assert [a for a, _ in theirs.chance_outcomes()] == [a for a, _ in outcomes]
                assert [p for _, p in theirs.chance_outcomes()] == pytest.approx(
                    [p for _, p in outcomes], abs=1e-15
                )
                action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
            else:
                assert mine.legal_actions() == theirs.legal_actions()
                assert keys[mine.information_state_string()] == theirs.information_state_string()
                action = rng.choice(mine.legal_actions())
            mine.apply_action(action)
            theirs.apply_action(action)
        assert theirs.is_terminal()
        assert mine.returns() == theirs.returns()


def test_openspiel_nash_conv_of_the_shipped_strategy(efg) -> None:
    game, keys = efg
    equilibrium = solved()
    nash_conv = pyspiel.nash_conv(game, openspiel_policy(equilibrium.profile, keys))
    assert nash_conv <= 1e-3
    assert nash_conv == pytest.approx(equilibrium.nash_conv, abs=1e-9)


def test_openspiel_nash_conv_of_a_dcfr_solve_agrees_with_kayalib(efg) -> None:
    game, keys = efg
    result = solve(target=1e-3, clean=False)  # DCFR, the default
    assert result.method == "DCFR" and result.nash_conv <= 1e-3
    nash_conv = pyspiel.nash_conv(game, openspiel_policy(result.profile, keys))
    assert nash_conv == pytest.approx(result.nash_conv, abs=1e-9)


def test_openspiel_nash_conv_of_the_odds_bot_agrees_with_kayalib(efg) -> None:
    """A strategy far from equilibrium: both best-response computations find the same gains."""
    game, keys = efg
    profile = strategy_of(make_bot("blef", "odds"))
    assert not any(part.any() for part in profile.give_up)  # odds never bids beyond two cards
    ours = HEADS_UP.solver().nash_conv(profile)
    assert ours > 0.1
    assert pyspiel.nash_conv(game, openspiel_policy(profile, keys)) == pytest.approx(ours, abs=1e-9)


def test_openspiel_cfr_agrees_with_kayalib_and_finds_the_same_value(efg) -> None:
    game, keys = efg
    cfr = pyspiel.CFRPlusSolver(game)
    for _ in range(10):
        cfr.evaluate_and_update_policy()
    # The same algorithm: after 10 iterations both average strategies are the same numbers.
    theirs = cfr.average_policy()
    ours = openspiel_policy(solve(iterations=10, clean=False, method=CFR_PLUS).profile, keys)
    for key, actions in ours.items():
        state_policy = dict(theirs.get_state_policy(key))
        assert [state_policy.get(a, 0.0) for a, _ in actions] == pytest.approx(
            [p for _, p in actions], abs=1e-9
        ), key
    for _ in range(CFR_ITERATIONS - 10):
        cfr.evaluate_and_update_policy()
    root = game.new_initial_state()
    value = pyspiel.expected_returns(root, cfr.average_policy(), -1, True)[0]
    assert value == pytest.approx(solved().value, abs=1e-3)
    assert value == pytest.approx(-5 / 69, abs=1e-3)
