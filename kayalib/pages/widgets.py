"""Small widget and text helpers every page shares (no game knowledge here)."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from html import escape
from pathlib import Path

import ipywidgets as w

from kayalib import __version__

__all__ = [
    "button",
    "escape",
    "html",
    "inline_markup",
    "loaded_signal",
    "page_script",
    "resend_state",
    "set_options",
    "show_if",
    "slider",
    "widget_states",
    "widget_tree",
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


def widget_tree(root: w.Widget, last: w.Widget | None = None) -> Iterator[w.Widget]:
    """Every widget in ``root``'s tree (children, layouts, styles), ``last``'s own tree last.

    >>> label, button = w.Label("a"), w.Button()
    >>> [type(x).__name__ for x in widget_tree(w.VBox([label, button]), last=label)]
    ['VBox', 'Layout', 'Button', 'Layout', 'ButtonStyle', 'Label', 'Layout', 'LabelStyle']
    """

    def walk(widget: w.Widget) -> Iterator[w.Widget]:
        if widget is last:
            return
        yield widget
        for part in (getattr(widget, "layout", None), getattr(widget, "style", None)):
            if isinstance(part, w.Widget):
                yield part
        for child in getattr(widget, "children", ()):
            yield from walk(child)

    yield from walk(root)
    if last is not None:
        yield from widget_tree(last)


def loaded_signal(on_loaded: Callable[[], object]) -> w.Text:
    """A hidden text box that the page helper (``page.js``) fills in once the page has built the
    widgets around it; then ``on_loaded()`` runs in the kernel. Put it in the page's widget tree.

    Why: a page that loads while its kernel is already at work (a bot's paced move, the intro, a
    class table's news) can miss an update. While the browser's widget library builds the widgets
    it has asked the kernel for, it drops any message for a widget not built yet, and that widget
    keeps its old state for good (a stale "Player 3 is thinking…" and no bid to make). Once the
    text box is on the page, every widget around it is built, so state sent again from
    ``on_loaded`` (:func:`resend_state`: each widget that changed since the page was shown)
    arrives.
    """
    signal = w.Text(value="", continuous_update=True, layout={"display": "none"})
    signal.add_class("kaya-loaded")

    def told(change: Mapping[str, object]) -> None:
        if change["new"]:
            on_loaded()

    signal.observe(told, names="value")
    return signal


def widget_states(widgets: Iterable[w.Widget]) -> dict[str, dict[str, object]]:
    """Each widget's state as the page would be sent it now, by model id."""
    return {widget.model_id: widget.get_state() for widget in widgets}


def resend_state(
    widgets: Iterable[w.Widget], since: Mapping[str, Mapping[str, object]]
) -> list[w.Widget]:
    """Send the whole state again of each widget (in this order) that is not as it was in
    ``since`` (:func:`widget_states`, taken when the page was shown); those sent."""
    sent = []
    for widget in widgets:
        if since.get(widget.model_id) != widget.get_state():
            widget.send_state()
            sent.append(widget)
    return sent


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
