"""Property: any mix of human moves and undos keeps an exact, consistent list of states, and
every recorded step is one legal move of the state before it."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kayalib.ui.blef_app import BlefApp
from kayalib.ui.kaya_app import KayaApp

STEPS = st.lists(st.tuples(st.booleans(), st.integers(0, 10_000)), min_size=1, max_size=25)


def one_legal_step(prev, nxt) -> bool:
    """Whether ``nxt`` is ``prev`` after one of its legal actions (the engine is deterministic
    given the state, so applying the right action gives an equal state)."""
    return any(prev.can_apply(a) and prev.apply(a) == nxt for a in prev.legal_actions())


def exercise(app, steps) -> None:
    checked = 0  # the first ``checked`` steps of app.states are known to be legal
    for undo, pick in steps:
        if app.state.is_terminal:
            break
        before = list(app.states)
        if undo and app.undo_target() is not None:
            target = app.undo_target()
            app.undo_button.click()
            assert app.states == before[: target + 1]
            assert all(a is b for a, b in zip(app.states, before, strict=False))
            assert app.is_human(app.state.current_player)
        else:
            legal = app.state.legal_actions()
            app.act(legal[pick % len(legal)])
            assert all(a is b for a, b in zip(app.states, before, strict=False))
            assert len(app.states) > len(before)
        assert app.error.value == ""
        checked = min(checked, len(app.states) - 1)
        for prev, nxt in zip(app.states[checked:], app.states[checked + 1 :], strict=False):
            assert one_legal_step(prev, nxt)
        checked = len(app.states) - 1


def test_the_legality_check_catches_a_step_that_was_not_played() -> None:
    app = BlefApp(seed=3, delay=0, opponents=["random"])
    first, n = app.state, len(app.states)
    app.act(app.state.legal_actions()[0])
    assert one_legal_step(first, app.states[n])
    later = app.state
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
