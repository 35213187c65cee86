"""The class's numbers as small SVG pictures (pure strings, no plotting library): a histogram of
guesses with the true value marked, and stacked 95% intervals with the ones that missed marked.

Every label is given by the caller, already in the reader's language; the pictures carry a
``<title>`` for screen readers and mark misses by shape as well as colour.

>>> svg = histogram_svg([("0-0.1", 2), ("0.1-0.2", 5)], mark=1, title="guesses")
>>> svg.startswith("<svg") and "guesses" in svg and svg.count("<rect") == 3
True
>>> svg = intervals_svg([(0.1, 0.3), (0.4, 0.6)], truth=0.25, title="2 intervals")
>>> svg.count('class="kaya-miss"'), svg.count('class="kaya-hit"')
(1, 1)
>>> svg = paired_svg([(0.5, 0.1), (0.2, 0.3)], title="2 students", before_label="first guess",
...                  after_label="exit ticket")
>>> svg.count('class="kaya-closer"'), svg.count('class="kaya-further"')
(1, 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

__all__ = ["histogram_svg", "intervals_svg", "paired_svg"]

HIT, MISS, MARK = "#1d4ed8", "#b00020", "#1b7f3b"


def histogram_svg(bars: Sequence[tuple[str, int]], *, mark: int | None = None, title: str = "",
                  mark_label: str = "", width: int = 420, height: int = 180) -> str:  # fmt: skip
    """Bars of ``(label, count)``; ``mark`` is the index of the bar that holds the true value
    (outlined, with ``mark_label`` above it)."""
    n = max(1, len(bars))
    top = max([count for _, count in bars] + [1])
    left, bottom, room = 8, 36, height - 58
    step = (width - 2 * left) / n
    parts = [f'<rect x="0" y="0" width="{width}" height="{height}" fill="#ffffff"/>']
    for i, (label, count) in enumerate(bars):
        x = left + i * step
        h = room * count / top
        y = height - bottom - h
        marked = i == mark
        stroke = f' stroke="{MARK}" stroke-width="3"' if marked else ""
        parts.append(
            f'<rect x="{x + 2:.1f}" y="{y:.1f}" width="{step - 4:.1f}" height="{max(h, 0.5):.1f}"'
            f' fill="{HIT}" fill-opacity="{0.9 if marked else 0.6}"{stroke}/>'
        )
        parts.append(
            f'<text x="{x + step / 2:.1f}" y="{y - 4:.1f}" font-size="12" text-anchor="middle">'
            f"{count}</text>"
        )
        parts.append(
            f'<text x="{x + step / 2:.1f}" y="{height - bottom + 14:.1f}" font-size="10"'
            f' text-anchor="middle">{escape(label)}</text>'
        )
        if marked and mark_label:  # kept inside the picture, whichever bar holds the truth
            centre, half = x + step / 2, 3.6 * len(mark_label)  # about 7.2 px a letter
            anchor, at = ("start", 2.0) if centre - half < 2 else (
                ("end", width - 2.0) if centre + half > width - 2 else ("middle", centre))
            parts.append(
                f'<text x="{at:.1f}" y="{height - 6:.1f}" font-size="12" fill="{MARK}"'
                f' font-weight="bold" text-anchor="{anchor}">{escape(mark_label)}</text>'
            )
    return _svg(width, height, title, parts)


def intervals_svg(intervals: Sequence[tuple[float, float]], *, truth: float, title: str = "",
                  truth_label: str = "", width: int = 420, row: int = 9) -> str:  # fmt: skip
    """One horizontal line per interval ``(low, high)``, stacked; those that miss ``truth`` are
    red with a cross at their end, those that catch it blue with a dot; ``truth`` a green line."""
    lows = [low for low, _ in intervals] + [truth]
    highs = [high for _, high in intervals] + [truth]
    lo, hi = min(lows), max(highs)
    if hi <= lo:
        lo, hi = lo - 0.5, hi + 0.5
    pad = (hi - lo) * 0.05
    lo, hi = lo - pad, hi + pad
    left, right, top = 10, width - 10, 10
    height = top + row * max(1, len(intervals)) + 30

    def x(value: float) -> float:
        return left + (right - left) * (value - lo) / (hi - lo)

    parts = [f'<rect x="0" y="0" width="{width}" height="{height}" fill="#ffffff"/>']
    for i, (low, high) in enumerate(intervals):
        y = top + row * i + row / 2
        caught = low <= truth <= high
        colour, cls = (HIT, "kaya-hit") if caught else (MISS, "kaya-miss")
        parts.append(
            f'<g class="{cls}"><line x1="{x(low):.1f}" y1="{y:.1f}" x2="{x(high):.1f}"'
            f' y2="{y:.1f}" stroke="{colour}" stroke-width="3"/>'
        )
        mid = x((low + high) / 2)
        if caught:
            parts.append(f'<circle cx="{mid:.1f}" cy="{y:.1f}" r="2.5" fill="{colour}"/></g>')
        else:
            end = x(high) + 5 if high < truth else x(low) - 5
            parts.append(
                f'<path d="M{end - 3:.1f},{y - 3:.1f} l6,6 m0,-6 l-6,6" stroke="{colour}"'
                ' stroke-width="2"/></g>'
            )
    tx = x(truth)
    parts.append(
        f'<line x1="{tx:.1f}" y1="{top - 4}" x2="{tx:.1f}" y2="{height - 22}" stroke="{MARK}"'
        ' stroke-width="2" stroke-dasharray="4,2"/>'
    )
    if truth_label:
        parts.append(
            f'<text x="{tx:.1f}" y="{height - 8}" font-size="12" fill="{MARK}" font-weight="bold"'
            f' text-anchor="middle">{escape(truth_label)}</text>'
        )
    return _svg(width, height, title, parts)


def paired_svg(pairs: Sequence[tuple[float, float]], *, title: str = "", before_label: str = "",
               after_label: str = "", width: int = 420, height: int = 200) -> str:  # fmt: skip
    """One line per ``(before, after)`` pair of distances from the truth (0 at the bottom), from
    the left axis to the right one: blue and solid when the second is closer, red and dashed when
    it is further, grey when the same."""
    top_value = max([max(b, a) for b, a in pairs] + [0.01])
    left, right, top, bottom = 60, width - 60, 10, height - 30

    def y(value: float) -> float:
        return bottom - (bottom - top) * value / top_value

    parts = [f'<rect x="0" y="0" width="{width}" height="{height}" fill="#ffffff"/>']
    for x in (left, right):
        parts.append(f'<line x1="{x}" y1="{top}" x2="{x}" y2="{bottom}" stroke="#555"/>')
    for before, after in pairs:
        colour, cls, dash = ((HIT, "kaya-closer", "") if after < before else
                             (MISS, "kaya-further", ' stroke-dasharray="5,3"') if after > before
                             else ("#777", "kaya-same", ""))  # fmt: skip
        parts.append(
            f'<line class="{cls}" x1="{left}" y1="{y(before):.1f}" x2="{right}"'
            f' y2="{y(after):.1f}" stroke="{colour}" stroke-width="2"{dash}/>'
        )
    for x, label in ((left, before_label), (right, after_label)):
        parts.append(
            f'<text x="{x}" y="{height - 10}" font-size="12" text-anchor="middle">'
            f"{escape(label)}</text>"
        )
    return _svg(width, height, title, parts)


def _svg(width: int, height: int, title: str, parts: list[str]) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" role="img" viewBox="0 0 {width} {height}"'
        f' width="{width}" height="{height}"><title>{escape(title)}</title>{"".join(parts)}</svg>'
    )
