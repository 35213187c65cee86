"""Property: any mix of human moves and undos keeps an exact, consistent list of states, and
every recorded step is one legal move of the state before it."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kayalib.ui.blef_app import BlefApp
from kayalib.ui.kaya_app import KayaApp
from tests.ui.page import inner

STEPS = st.lists(st.tuples(st.booleans(), st.integers(0, 10_000)), min_size=1, max_size=25)


def one_legal_step(prev, nxt) -> bool:
    """Whether ``nxt`` is ``prev`` after one of its legal actions (the engine is deterministic
    given the state, so applying the right action gives an equal state)."""
    return any(prev.can_apply(a) and prev.apply(a) == nxt for a in prev.legal_actions())


def exercise(app, steps) -> None:
    checked = 0  # the first ``checked`` steps of app.owner.states are known to be legal
    for undo, pick in steps:
        if app.owner.state.is_terminal:
            break
        before = list(app.owner.states)
        if undo and app.undo_target() is not None:
            target = app.undo_target()
            app.shell.undo_button.click()
            assert app.owner.states == before[: target + 1]
            assert all(a is b for a, b in zip(app.owner.states, before, strict=False))
            assert app.is_human(app.owner.state.current_player)
        else:
            legal = app.owner.state.legal_actions()
            app.act(legal[pick % len(legal)])
            assert all(a is b for a, b in zip(app.owner.states, before, strict=False))
            assert len(app.owner.states) > len(before)
        assert inner(app, "kaya-error") == ""
        checked = min(checked, len(app.owner.states) - 1)
        states = app.owner.states
        for prev, nxt in zip(states[checked:], states[checked + 1 :], strict=False):
            assert one_legal_step(prev, nxt)
        checked = len(app.owner.states) - 1


def test_the_legality_check_catches_a_step_that_was_not_played() -> None:
    app = BlefApp(seed=3, delay=0, opponents=["random"])
    first, n = app.owner.state, len(app.owner.states)
    app.act(app.owner.state.legal_actions()[0])
    assert one_legal_step(first, app.owner.states[n])
    later = app.owner.state
    assert later is not first
    assert not one_legal_step(later, first)  # backwards is no move
    assert not one_legal_step(first, first)  # standing still is no move


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), steps=STEPS)
def test_blef_states_stay_exact(seed, steps) -> None:
    exercise(BlefApp(seed=seed, delay=0, opponents=["random", "odds"]), steps)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), steps=STEPS)
def test_kaya_states_stay_exact(seed, steps) -> None:
    exercise(KayaApp(seed=seed, delay=0, opponents=["random", "counter"]), steps)
