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
>>> html = log_html(Translator("en"), lines, news=2, title=lambda n: f"Round {n}")
>>> html.index("New game.") < html.index("Round 1") < html.index("A bids") < html.index("B checks")
True
>>> html.count("kaya-log-new")
1
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape

from kayalib.i18n import Translator
from kayalib.words import LogLine

__all__ = ["LOG_LINES", "log_html"]

#: the most lines the panel shows (the oldest go first; every move stays in the game's record).
LOG_LINES = 150


def log_html(t: Translator, lines: Sequence[LogLine], *, news: int,
             title: Callable[[int], str]) -> str:  # fmt: skip
    """The log as HTML: ``lines`` (oldest first), each group under ``title(group)``; lines of
    events at position ``news`` or later are marked as new (bold, a bar at the left)."""
    shown = list(lines[-LOG_LINES:])
    items: list[str] = []
    group: int | None = None
    inner: list[str] = []

    def close() -> None:
        if group is not None and inner:
            items.append(f'<li class="kaya-log-group"><div class="kaya-log-head">'
                         f"{escape(title(group))}</div><ul>{''.join(inner)}</ul></li>")  # fmt: skip
        inner.clear()

    for line in shown:
        cls = "kaya-log-new" if line.index >= news else "kaya-log-old"
        item = f'<li class="{cls}">{escape(line.text)}</li>'
        if line.group is None:
            close()
            group = None
            items.append(item)
            continue
        if line.group != group:
            close()
            group = line.group
        inner.append(item)
    close()
    name = escape(t("log_title"))
    return (f'<div class="kaya-log-scroll" tabindex="0" role="region" aria-label="{name}">'
            f'<div><ul class="kaya-log-list">{"".join(items)}</ul></div></div>')  # fmt: skip
