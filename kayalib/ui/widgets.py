"""The play apps' own stylesheet, the page helper script (the page layer's, shared with the
lessons) and :class:`Panel`, the one HTML widget several read-only panels of a column are drawn
into.

A click redraws the page, and every widget that changes is one more message to the browser: a
column's read-only panels (your hand, the bids, the reveal; the players and the log) are
therefore *parts* of one :class:`Panel`, whose widget is sent once however many parts changed.

>>> panel = Panel("kaya-side")
>>> players, log = panel.part("kaya-players"), panel.part("kaya-log")
>>> players.value = "<b>2 players</b>"; log.value = "<ol></ol>"
>>> panel.widget.value
'<div class="kaya-players"><b>2 players</b></div><div class="kaya-log"><ol></ol></div>'
>>> players.value = ""; panel.widget.value  # an empty part leaves nothing behind
'<div class="kaya-log"><ol></ol></div>'
"""

from __future__ import annotations

from pathlib import Path

import ipywidgets as w

from kayalib.pages.widgets import html, page_script

__all__ = ["Panel", "Part", "css", "page_script"]


def css() -> str:
    """The apps' stylesheet (``kayalib/ui/style.css``)."""
    return (Path(__file__).parent / "style.css").read_text("utf-8")


class Part:
    """One panel of a :class:`Panel`: its ``value`` is its HTML, drawn inside
    ``<div class="{css_class}">`` (nothing at all while it is empty)."""

    def __init__(self, panel: Panel, css_class: str) -> None:
        self.panel = panel
        self.css_class = css_class
        self._value = ""

    @property
    def value(self) -> str:
        return self._value

    @value.setter
    def value(self, html_text: str) -> None:
        if html_text != self._value:
            self._value = html_text
            self.panel.redraw()


class Panel:
    """Read-only panels drawn into one HTML widget (``widget``), in the order of their parts."""

    def __init__(self, css_class: str) -> None:
        self.widget: w.HTML = html(css_class)
        self.parts: list[Part] = []

    def part(self, css_class: str) -> Part:
        """A new part, drawn after the others."""
        part = Part(self, css_class)
        self.parts.append(part)
        return part

    def redraw(self) -> None:
        self.widget.value = "".join(
            f'<div class="{part.css_class}">{part.value}</div>' for part in self.parts if part.value
        )
