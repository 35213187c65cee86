"""Reading and driving a page drawn by one widget (:mod:`kayalib.ui.board`) headlessly: its
parts by class, as HTML or words, whether they are shown, and the page's own messages."""

from __future__ import annotations

from typing import Any

from kayalib.ui.controls import Control, Toggle
from kayalib.ui.tree import FIRST, find, text, to_html

__all__ = ["inner", "part", "press", "choose", "shown", "visible", "words"]


def _tree(page: Any) -> Any:
    return page.widget.tree


def part(page: Any, css: str) -> Any:
    """The first element of the page with class ``css`` (``None`` when there is none)."""
    return find(_tree(page), css)


def inner(page: Any, css: str) -> str:
    """The HTML inside the element with class ``css`` ("" when it is empty or missing)."""
    node = part(page, css)
    return "" if node is None else "".join(to_html(child) for child in node[FIRST:])


def words(page: Any, css: str) -> str:
    """The words of the element with class ``css``."""
    node = part(page, css)
    return "" if node is None else text(node)


def _path_to(node: Any, css: str, above: list[Any]) -> list[Any] | None:
    if isinstance(node, list):
        fixed = node[0].split(".")[1:]
        if css in fixed or css in str(node[1].get("class", "")).split():
            return [*above, node]
        for child in node[FIRST:]:
            found = _path_to(child, css, [*above, node])
            if found is not None:
                return found
    return None


def shown(page: Any, css: str) -> bool:
    """Whether the element with class ``css`` is on the page and neither it nor a box around it
    is hidden."""
    path = _path_to(_tree(page), css, [])
    return path is not None and not any(node[1].get("hidden") for node in path)


def visible(control: Control) -> bool:
    """Whether a control is shown."""
    return control.shown


def press(page: Any, control: Control) -> None:
    """Click ``control`` as the page does: its message through the board."""
    page.widget.click(control.ctl)


def choose(page: Any, control: Control, value: Any) -> None:
    """Choose ``value`` in ``control`` as the page does (an option, a box's state, a text; a
    toggle is clicked when it is not ``value`` yet)."""
    if isinstance(control, Toggle):
        if control.value != value:
            press(page, control)
        return
    page.widget.choose(control.ctl, value)
