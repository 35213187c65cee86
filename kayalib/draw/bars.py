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
    second colour and in bold, so the chart reads the same without colour vision. The styles
    are inline, so the chart looks the same without the apps' stylesheet (lessons, reprs).
    """
    parts = [f'<div class="{css_class}" style="margin:4px 0">']
    if title:
        parts.append(
            f'<div class="kaya-bars-title" style="font-weight:bold;margin-bottom:4px">'
            f"{escape(title)}</div>"
        )
    for label, p, marked in rows:
        p = min(1.0, max(0.0, float(p)))
        mark = " kaya-bar-mark" if marked else ""
        colour = "#e0a800" if marked else "#4a7bd0"
        weight = "bold" if marked else "normal"
        parts.append(
            f'<div class="kaya-bar-row{mark}" style="display:flex;align-items:center;gap:8px;'
            f'margin:2px 0;font-weight:{weight}">'
            f'<span class="kaya-bar-label" style="width:260px;text-align:right">'
            f"{escape(label)}</span>"
            f'<span class="kaya-bar-track" style="flex:0 0 260px;height:16px;'
            f"background:var(--jp-layout-color3, #dfe3ea);border-radius:3px;overflow:hidden;"
            f'display:inline-block"><span class="kaya-bar-fill" style="display:block;'
            f'height:100%;width:{p * 100:.1f}%;background:{colour}"></span></span>'
            f'<span class="kaya-bar-value" style="width:60px">{_percent(p)}</span></div>'
        )
    parts.append("</div>")
    return "".join(parts)
