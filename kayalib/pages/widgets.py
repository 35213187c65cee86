"""Small widget and text helpers every page shares (no game knowledge here)."""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from html import escape
from pathlib import Path

import ipywidgets as w

from kayalib import __version__

__all__ = [
    "button",
    "escape",
    "html",
    "inline_markup",
    "page_script",
    "set_options",
    "show_if",
    "slider",
]

SLIDER_LAYOUT = {"width": "100%", "max_width": "40em"}
"""A slider wide enough for its label in every language, and still room to slide."""


def button(description: str, css_class: str, *, style: str = "") -> w.Button:
    """A button with a stable ``kaya-...`` class for tests and styling."""
    b = w.Button(description=description, button_style=style)
    b.add_class(css_class)
    return b


def html(css_class: str, value: str = "") -> w.HTML:
    """An HTML widget with a stable ``kaya-...`` class."""
    h = w.HTML(value=value)
    h.add_class(css_class)
    return h


def slider(value: int, low: int, high: int) -> w.IntSlider:
    """A whole-number slider whose label is never cut (its words set by the page)."""
    return w.IntSlider(value=value, min=low, max=high, continuous_update=False,
                       style={"description_width": "initial"}, layout=SLIDER_LAYOUT)  # fmt: skip


def page_script() -> str:
    """The page helper (``kayalib/pages/page.js``), shown once with a play app or a lesson: the
    status line as an ARIA live region, every control named, the document's language, title and
    address following the page's heading, keyboard focus kept on an app's actions, and the
    kit's version at the foot of a Voila page."""
    version = f"window.kayalibVersion = {json.dumps(__version__)};\n"
    return version + (Path(__file__).parent / "page.js").read_text("utf-8")


def set_options(dropdown: w.Dropdown, options: Sequence[tuple[str, object]]) -> None:
    """Replace a dropdown's ``(label, value)`` options, keeping its value when still offered."""
    options = list(options)
    if list(dropdown.options) == options:
        return
    old = dropdown.value
    dropdown.options = options
    values = [v for _, v in options]
    if old in values:
        dropdown.value = old
    elif values:
        dropdown.value = values[0]


def show_if(widget: w.DOMWidget, visible: bool) -> None:
    """Show or hide a widget without removing it from the layout tree."""
    widget.layout.display = None if visible else "none"


_CODE = re.compile(r"`([^`]+)`")
_BOLD = re.compile(r"\*\*([^*]+)\*\*")
_ITALIC = re.compile(r"\*([^*]+)\*")


def inline_markup(text: str) -> str:
    """Catalogue text with ``**bold**``, ``*italic*`` and `` `code` `` as safe HTML.

    >>> inline_markup("Turn on the **Hint**; say *sprawdzam!*; add `?seed=7` <here>")
    'Turn on the <b>Hint</b>; say <i>sprawdzam!</i>; add <code>?seed=7</code> &lt;here&gt;'
    """
    out = escape(text, quote=False)
    out = _CODE.sub(r"<code>\1</code>", out)
    out = _BOLD.sub(r"<b>\1</b>", out)
    return _ITALIC.sub(r"<i>\1</i>", out)
