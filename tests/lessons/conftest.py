"""Fixtures for the headless lesson-widget tests.

A widget test fails when ipywidgets logged "Exception in callback", and ``shown_errors(widget)``
collects what the lesson widgets' own error lines show (guarded callbacks display their errors
there instead of raising).
"""

from __future__ import annotations

import logging

import ipywidgets as widgets
import pytest

from kayalib.pages.banner import ErrorBanner


@pytest.fixture(autouse=True)
def no_callback_exceptions(caplog: pytest.LogCaptureFixture):
    """Fail the test when ipywidgets logged an exception raised in a callback."""
    caplog.set_level(logging.WARNING)
    yield caplog
    bad = [r.getMessage() for r in caplog.records if "Exception in callback" in r.getMessage()]
    assert not bad, f"a widget callback raised: {bad}"


def shown_errors(widget: widgets.Widget) -> list[str]:
    """The non-empty error lines of every ``ErrorBanner`` inside ``widget``."""
    found = []
    stack = [widget]
    while stack:
        item = stack.pop()
        if isinstance(item, ErrorBanner) and item.value:
            found.append(item.value)
        stack.extend(getattr(item, "children", ()))
    return found


PNG = b"\x89PNG\r\n\x1a\n"


@pytest.fixture(autouse=True)
def english_again():
    """A lesson page sets the kernel's language; every test starts and ends in English."""
    from kayalib.pages.language import set_language

    set_language("en")
    yield
    set_language("en")
