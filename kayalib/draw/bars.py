"""Probability bars as plain HTML (no plotting library, so they render instantly and offline).

>>> html = probability_bars_html([("pair A", 0.25, True)])
>>> "25.0%" in html and "kaya-bar-mark" in html
True
>>> "77,8%" in probability_bars_html([("para A", 0.778, False)],
...                                  percent=lambda p: f"{p * 100:.1f}%".replace(".", ","))
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from html import escape


def _percent(p: float) -> str:
    if p >= 0.9995 or p <= 0.0005:
        return f"{p * 100:.0f}%"
    return f"{p * 100:.1f}%"


def probability_bars_html(
    rows: Iterable[Sequence],
    *,
    title: str = "",
    css_class: str = "kaya-bars",
    percent: Callable[[float], str] | None = None,
) -> str:
    """A horizontal bar chart: one ``(label, probability, marked)`` row per line, optionally
    with a fourth item, a short ``detail`` text shown after the percentage.

    Bars carry their percentage as text (``percent`` writes it, e.g. in the reader's language;
    ``77.8%`` by default); a marked row (e.g. the current bid) is drawn in a second colour, in
    bold and with a star, so the chart reads the same without colour vision. The styles are
    inline, so the chart looks the same without the apps' stylesheet (lessons, reprs). Rows
    shrink and wrap on a narrow screen instead of running off its edge.
    """
    write = percent or _percent
    parts = [f'<div class="{css_class}" style="margin:4px 0">']
    if title:
        parts.append(
            f'<div class="kaya-bars-title" style="font-weight:bold;margin-bottom:4px">'
            f"{escape(title)}</div>"
        )
    for row in rows:
        label, p, marked = row[0], row[1], row[2]
        detail = row[3] if len(row) > 3 else ""
        p = min(1.0, max(0.0, float(p)))
        mark = " kaya-bar-mark" if marked else ""
        colour = "#e0a800" if marked else "#4a7bd0"
        weight = "bold" if marked else "normal"
        star = "\u2605 " if marked else ""  # colour is never the only signal
        extra = (
            f'<span class="kaya-bar-detail" style="flex:1 1 14em;font-size:90%">'
            f"{escape(detail)}</span>"
            if detail
            else ""
        )
        parts.append(
            f'<div class="kaya-bar-row{mark}" style="display:flex;flex-wrap:wrap;'
            f'align-items:center;gap:2px 8px;margin:2px 0;font-weight:{weight}">'
            f'<span class="kaya-bar-label" style="flex:1 1 7em;max-width:16em;'
            f'text-align:right;overflow-wrap:break-word">{star}{escape(label)}</span>'
            f'<span class="kaya-bar-track" style="flex:2 1 90px;max-width:260px;'
            f"min-width:60px;height:16px;background:var(--jp-layout-color3, #dfe3ea);"
            f'border-radius:3px;overflow:hidden;display:inline-block">'
            f'<span class="kaya-bar-fill" style="display:block;height:100%;'
            f'width:{p * 100:.1f}%;background:{colour}"></span></span>'
            f'<span class="kaya-bar-value" style="flex:0 0 auto;min-width:3.5em;'
            f'font-variant-numeric:tabular-nums">{escape(write(p))}</span>{extra}</div>'
        )
    parts.append("</div>")
    return "".join(parts)
