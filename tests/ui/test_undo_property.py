"""Property: any mix of human moves and undos keeps an exact, consistent history of states."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kayalib.ui.blef_app import BlefApp
from kayalib.ui.kaya_app import KayaApp

STEPS = st.lists(st.tuples(st.booleans(), st.integers(0, 10_000)), min_size=1, max_size=25)


def exercise(app, steps) -> None:
    for undo, pick in steps:
        if app.state.is_terminal:
            break
        before = list(app.history)
        if undo and app.undo_target() is not None:
            target = app.undo_target()
            app.undo_button.click()
            assert app.history == before[: target + 1]
            assert all(a is b for a, b in zip(app.history, before, strict=False))
            assert app.is_human(app.state.current_player)
        else:
            legal = app.state.legal_actions()
            app.act(legal[pick % len(legal)])
            assert all(a is b for a, b in zip(app.history, before, strict=False))
            assert len(app.history) > len(before)
        assert app.error.value == ""
        # every recorded step is one legal move of the state before it
        for prev, nxt in zip(app.history, app.history[1:], strict=False):
            assert len(nxt.events) > len(prev.events)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), steps=STEPS)
def test_blef_history_stays_exact(seed, steps) -> None:
    exercise(BlefApp(seed=seed, delay=0, opponents=["random", "odds"]), steps)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), steps=STEPS)
def test_kaya_history_stays_exact(seed, steps) -> None:
    exercise(KayaApp(seed=seed, delay=0, opponents=["random", "counter"]), steps)
