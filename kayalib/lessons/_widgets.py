"""Shared pieces of the lesson widgets: guarded callbacks and small HTML helpers."""

from __future__ import annotations

import functools
import html
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

__all__ = ["ErrorBox", "bars_html", "escape", "guarded"]

escape = html.escape


class ErrorBox(widgets.HTML):
    """An HTML line that shows the error of the last failed callback (empty when none)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(value="", **kwargs)
        self.add_class("kayalib-error")

    def show(self, error: BaseException) -> None:
        """Show ``error`` as one readable red line (its message; never a class name)."""
        message = str(error) or "?"
        self.value = f'<span style="color:#b00020">\u26a0 {escape(message)}</span>'

    def clear(self) -> None:
        self.value = ""


def guarded(errors: ErrorBox) -> Callable[[Callable[..., None]], Callable[..., None]]:
    """Decorate a widget callback so that a failure is shown in ``errors``, not swallowed.

    Outside a kernel ipywidgets turns a callback's exception into an "Exception in callback"
    log line; in Voila the user sees nothing at all. Guarded callbacks show it in the widget.
    """

    def decorate(handler: Callable[..., None]) -> Callable[..., None]:
        @functools.wraps(handler)
        def run(*args: Any, **kwargs: Any) -> None:
            try:
                handler(*args, **kwargs)
            except Exception as error:  # noqa: BLE001 - shown to the user on purpose
                errors.show(error)
            else:
                errors.clear()

        return run

    return decorate


def bars_html(
    rows: list[tuple[str, float, bool]], title: str = "", percent: Callable[[float], str] = str
) -> str:
    """Horizontal probability bars with inline styles (no stylesheet needed in Voila or Lab).

    Each row is ``(label, probability, marked)``; a marked row is drawn in gold and bold, with a
    star (colour is never the only signal). ``percent`` writes the probability as text.
    """
    parts = [f"<div><b>{escape(title)}</b></div>"] if title else []
    for label, p, mark in rows:
        p = min(1.0, max(0.0, float(p)))
        colour = "#e0a800" if mark else "#4a7bd0"
        weight = "bold" if mark else "normal"
        star = "\u2605 " if mark else ""
        parts.append(
            f'<div style="display:flex;align-items:center;gap:8px;font-weight:{weight}">'
            f'<span style="width:11em">{star}{escape(label)}</span>'
            f'<span style="width:240px;height:14px;background:#e6e6e6;display:inline-block" '
            f'aria-hidden="true">'
            f'<span style="display:block;height:14px;width:{p * 100:.1f}%;background:{colour}">'
            f"</span></span><span>{escape(percent(p))}</span></div>"
        )
    return "".join(parts)
