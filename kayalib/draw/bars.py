"""Probability bars as plain HTML (no plotting library, so they render instantly and offline).

>>> html = probability_bars_html([("pair A", 0.25, True)])
>>> "25.0%" in html and "kaya-bar-mark" in html
True
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape


def _percent(p: float) -> str:
    if p >= 0.9995 or p <= 0.0005:
        return f"{p * 100:.0f}%"
    return f"{p * 100:.1f}%"


def probability_bars_html(
    rows: Iterable[tuple[str, float, bool]], *, title: str = "", css_class: str = "kaya-bars"
) -> str:
    """A horizontal bar chart: one ``(label, probability, marked)`` row per line.

    Bars carry their percentage as text; a marked row (e.g. the current bid) is drawn in a
    second colour and in bold, so the chart reads the same without colour vision.
    """
    parts = [f'<div class="{css_class}">']
    if title:
        parts.append(f'<div class="kaya-bars-title">{escape(title)}</div>')
    for label, p, marked in rows:
        p = min(1.0, max(0.0, float(p)))
        mark = " kaya-bar-mark" if marked else ""
        colour = "#e0a800" if marked else "#4a7bd0"
        parts.append(
            f'<div class="kaya-bar-row{mark}">'
            f'<span class="kaya-bar-label">{escape(label)}</span>'
            f'<span class="kaya-bar-track"><span class="kaya-bar-fill" '
            f'style="width:{p * 100:.1f}%;background:{colour}"></span></span>'
            f'<span class="kaya-bar-value">{_percent(p)}</span></div>'
        )
    parts.append("</div>")
    return "".join(parts)
