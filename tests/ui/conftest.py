"""Fixtures for the headless widget tests: any "Exception in callback" log line fails a test."""

from __future__ import annotations

import logging

import pytest


@pytest.fixture(autouse=True)
def no_callback_exceptions(caplog: pytest.LogCaptureFixture):
    """Fail the test when ipywidgets (or the apps) logged an exception raised in a callback."""
    caplog.set_level(logging.WARNING)
    yield caplog
    bad = [r.getMessage() for r in caplog.records if "Exception in callback" in r.getMessage()]
    assert not bad, f"a widget callback raised: {bad}"


@pytest.fixture(autouse=True)
def no_query_string(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tests start from a clean environment unless they set QUERY_STRING themselves."""
    monkeypatch.delenv("QUERY_STRING", raising=False)
