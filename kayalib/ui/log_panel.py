"""The log panel of both apps ("What happened"): the narrator's lines in reading order, grouped
under the round (Blef) or turn (Aku Paling Kaya) they belong to, the newest line at the bottom
and in view, and the lines of this decision's news marked.

The box scrolls by itself, so it can be reached with the keyboard (``tabindex``) and is named for
screen readers; it keeps its bottom in view without a script (a reversed flex column: the page
opens it scrolled to its end, and the end stays in view as lines arrive).

>>> from kayalib.i18n import Translator
>>> from kayalib.words import LogLine
>>> lines = [LogLine(0, None, "New game."), LogLine(1, 1, "A bids pair K."),
...          LogLine(2, 1, "B checks.")]
>>> from kayalib.ui.tree import find_all, text
>>> tree = log_tree(Translator("en"), lines, news=2, title=lambda n: f"Round {n}")
>>> words = text(tree)
>>> [words.index(w) for w in ("New game.", "Round 1", "A bids", "B checks")] == sorted(
...     words.index(w) for w in ("New game.", "Round 1", "A bids", "B checks"))
True
>>> [text(line) for line in find_all(tree, "kaya-log-new")]
['B checks.']
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from kayalib.i18n import Translator
from kayalib.ui.tree import Node, h
from kayalib.words import LogLine

__all__ = ["LOG_LINES", "log_tree"]

#: the most lines the panel shows: the oldest groups go first, whole, once there are more (every
#: move stays in the game's record), so a page is sent only the lines that are new
LOG_LINES = 150


def log_tree(t: Translator, lines: Sequence[LogLine], *, news: int,
             title: Callable[[int], str]) -> Node:  # fmt: skip
    """The log: ``lines`` (oldest first), each group under ``title(group)``; lines of events at
    position ``news`` or later are marked as new (bold, a bar at the left)."""
    items: list[Any] = []
    group: int | None = None
    inner: list[Node] = []
    counts: list[int] = []

    def close() -> None:
        if group is not None and inner:
            items.append(h("li.kaya-log-group", h("div.kaya-log-head", title(group)),
                           h("ul", *inner)))  # fmt: skip
            counts.append(len(inner))
        inner.clear()

    for line in lines:
        item = h("li", line.text, cls="kaya-log-new" if line.index >= news else "kaya-log-old")
        if line.group is None:
            close()
            group = None
            items.append(item)
            counts.append(1)
            continue
        if line.group != group:
            close()
            group = line.group
        inner.append(item)
    close()
    total, first = sum(counts), 0
    while total > LOG_LINES and first < len(items) - 1:
        total -= counts[first]
        first += 1
    return h("div.kaya-log-scroll", h("div", h("ul.kaya-log-list", *items[first:])), tabindex="0",
             role="region", aria_label=t("log_title"))  # fmt: skip
