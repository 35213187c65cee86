"""OpenSpiel's own conformance test (``pyspiel.random_sim_test``, which this project did not
write) over both games, through the adapter in ``openspiel_games.py``: chance as OpenSpiel's
chance player where the engine draws, legal actions, returns, clones and serialization checked
at every step of random play."""

from __future__ import annotations

import os

import pytest

from kayalib.registry import GAMES

try:
    from tests.openspiel_games import KayalibGame, pyspiel
except pytest.skip.Exception:
    if os.environ.get("CI") == "true":
        raise AssertionError("OpenSpiel must be installed under CI (the test extra)") from None
    raise


@pytest.mark.parametrize("players", [2, 3])
@pytest.mark.parametrize("name", sorted(GAMES))
def test_openspiel_random_sim_test_passes(name: str, players: int) -> None:
    pgame = KayalibGame({"game": name, "players": players})
    pyspiel.random_sim_test(pgame, num_sims=5, serialize=True, verbose=False)


def test_the_adapter_draws_where_the_engine_draws() -> None:
    pgame = KayalibGame({"game": "blef", "players": 2})
    state = pgame.new_initial_state()
    assert state.is_chance_node()
    assert [n for n, _ in state.chance_outcomes()] == [0, 1]  # the first starter
    state.apply_action(1)
    assert len(state.chance_outcomes()) == 24  # then the deal, card by card
    while state.is_chance_node():
        state.apply_action(0)
    assert state.current_player() == 1 and state.inner.current_player == 1
