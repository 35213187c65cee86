"""Charts as PNG bytes: matplotlib with the Agg canvas, never pyplot, tick numbers written the
way the reader's language writes them, and the same bytes for the same chart.

This is the one way of plotting in the kit (lessons, the tournament command, teacher pages): it
renders in JupyterLab, in Voila, on Binder and on the command line, offline. Nothing here
imports a widget; pages wrap the bytes (``kayalib.lessons.kit.plots.Chart``). matplotlib is
imported only when this module is: a page that draws no chart does not load it.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from html import escape

from babel.numbers import get_decimal_symbol
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.patches import Rectangle
from matplotlib.ticker import ScalarFormatter

from kayalib.errors import ArgumentError

__all__ = [
    "bar_chart_png",
    "figure_to_png",
    "fit_titles",
    "heatmap_png",
    "line_chart_png",
    "localize_ticks",
    "new_figure",
    "table_html",
]

DPI = 100


def new_figure(width: float = 7.0, height: float = 4.0) -> Figure:
    """A matplotlib ``Figure`` drawn by the Agg canvas (never touches pyplot)."""
    figure = Figure(figsize=(width, height), dpi=DPI, layout="constrained")
    FigureCanvasAgg(figure)
    return figure


class _LocalDecimals(ScalarFormatter):
    """Matplotlib's usual tick numbers, with the language's decimal sign (``0,5`` in id, pl)."""

    def __init__(self, decimal: str) -> None:
        super().__init__(useOffset=False)
        self.decimal = decimal

    def __call__(self, x: float, pos: int | None = None) -> str:
        return super().__call__(x, pos).replace(".", self.decimal)


def localize_ticks(figure: Figure, lang: str) -> None:
    """Write the plain numbers on every axis (colour bars too) the way ``lang`` writes them."""
    decimal = get_decimal_symbol(lang)
    if decimal == ".":
        return
    for axes in figure.axes:
        for axis in (axes.xaxis, axes.yaxis):
            if type(axis.get_major_formatter()) is ScalarFormatter:
                axis.set_major_formatter(_LocalDecimals(decimal))


def fit_titles(figure: Figure, canvas: FigureCanvasAgg) -> None:
    """Break every axes title between words onto as many lines as it needs to stay inside the
    figure (drawn by ``canvas``: a title in Indonesian or Polish is often longer than the plot
    is wide)."""
    figure.draw_without_rendering()  # lays the axes out, so their place is known
    renderer = canvas.get_renderer()
    for axes in figure.axes:
        title = axes.title
        middle = axes.get_window_extent(renderer).x0 + axes.get_window_extent(renderer).width / 2
        room = 2 * min(middle, figure.bbox.width - middle) - 8  # a centred title, 4 px margins
        words = title.get_text().replace("\n", " ").split()
        if not words or title.get_window_extent(renderer).width <= room:
            continue
        lines = [words[0]]
        for word in words[1:]:
            title.set_text(lines[-1] + " " + word)
            if title.get_window_extent(renderer).width <= room:
                lines[-1] += " " + word
            else:
                lines.append(word)
        title.set_text("\n".join(lines))


def figure_to_png(figure: Figure, lang: str = "en") -> bytes:
    """The figure as PNG bytes (Agg canvas, fixed metadata so the bytes are reproducible), its
    tick numbers written the way ``lang`` writes them."""
    canvas = figure.canvas
    if not isinstance(canvas, FigureCanvasAgg):
        canvas = FigureCanvasAgg(figure)
    localize_ticks(figure, lang)
    fit_titles(figure, canvas)
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=DPI, metadata={"Software": None})
    return buffer.getvalue()


def table_html(header: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    """A small HTML table (cells escaped) for a chart's text equivalent."""
    head = "".join(f"<th>{escape(str(h))}</th>" for h in header)
    body = "".join(
        "<tr>" + "".join(f"<td>{escape(str(c))}</td>" for c in row) + "</tr>" for row in rows
    )
    return f'<table class="kayalib-table"><tr>{head}</tr>{body}</table>'


def heatmap_png(
    values: Sequence[Sequence[float]],
    row_labels: Sequence[str],
    column_labels: Sequence[str],
    *,
    title: str,
    xlabel: str,
    ylabel: str,
    colorbar_label: str = "probability",
    vmin: float = 0.0,
    vmax: float = 1.0,
    width: float = 9.0,
    height: float | None = None,
    cmap: str = "viridis",
    marks: Sequence[tuple[int, int]] = (),
    lang: str = "en",
) -> bytes:
    """A heat map (rows top to bottom) with labelled axes and a colour bar, as PNG bytes.

    ``marks`` are ``(row, column)`` cells outlined in red (for example unfair ladder steps).
    """
    rows = len(values)
    if rows != len(row_labels):
        raise ArgumentError(f"{rows} rows of values but {len(row_labels)} row labels")
    if rows and len(values[0]) != len(column_labels):
        raise ArgumentError(f"{len(values[0])} columns of values but {len(column_labels)} labels")
    if height is None:
        height = min(24.0, max(3.0, 0.16 * rows + 1.6))
    figure = new_figure(width, height)
    axes = figure.add_subplot()
    mesh = axes.imshow(
        [list(map(float, row)) for row in values],
        aspect="auto",
        interpolation="nearest",
        cmap=cmap,
        vmin=vmin,
        vmax=vmax,
    )
    axes.set_xticks(range(len(column_labels)), list(column_labels), fontsize=8)
    step = max(1, rows // 60)
    axes.set_yticks(range(0, rows, step), [row_labels[i] for i in range(0, rows, step)], fontsize=7)
    axes.set_xlabel(xlabel)
    axes.set_ylabel(ylabel)
    axes.set_title(title)
    for row, column in marks:
        axes.add_patch(
            Rectangle((column - 0.5, row - 0.5), 1, 1, fill=False, edgecolor="red", linewidth=1.5)
        )
        axes.text(column, row, "!", ha="center", va="center", color="white", fontsize=8,
                  fontweight="bold")  # fmt: skip
    figure.colorbar(mesh, ax=axes, label=colorbar_label)
    return figure_to_png(figure, lang)


def line_chart_png(
    series: dict[str, tuple[Sequence[float], Sequence[float]]],
    *,
    title: str,
    xlabel: str,
    ylabel: str,
    hlines: dict[str, float] | None = None,
    width: float = 7.0,
    height: float = 3.5,
    logx: bool = False,
    ylim: tuple[float, float] | None = None,
    lang: str = "en",
) -> bytes:
    """Lines ``{label: (xs, ys)}`` plus dashed horizontal reference lines, as PNG bytes."""
    figure = new_figure(width, height)
    axes = figure.add_subplot()
    markers = "osD^v"
    for number, (label, (xs, ys)) in enumerate(series.items()):
        marker = markers[number % len(markers)] if len(xs) <= 30 else None
        style = "-" if number % 2 == 0 else ":"
        axes.plot(list(xs), list(ys), marker=marker, linestyle=style, label=label)
    for label, y in (hlines or {}).items():
        axes.axhline(float(y), linestyle="--", color="black", linewidth=1, label=label)
    if logx:
        axes.set_xscale("log")
    if ylim is not None:
        axes.set_ylim(*ylim)
    axes.set_xlabel(xlabel)
    axes.set_ylabel(ylabel)
    axes.set_title(title)
    axes.grid(True, alpha=0.3)
    if series or hlines:
        axes.legend(loc="best", fontsize=8)
    return figure_to_png(figure, lang)


def bar_chart_png(
    labels: Sequence[str],
    values: Sequence[float],
    *,
    title: str,
    xlabel: str,
    ylabel: str,
    errors: Sequence[tuple[float, float]] | None = None,
    reference: float | None = None,
    reference_label: str = "",
    width: float = 7.0,
    height: float = 3.5,
    ylim: tuple[float, float] | None = None,
    lang: str = "en",
) -> bytes:
    """Bars with optional asymmetric error bars ``(low, high)`` (absolute ends), as PNG bytes."""
    figure = new_figure(width, height)
    axes = figure.add_subplot()
    positions = list(range(len(labels)))
    yerr = None
    if errors is not None:
        yerr = [
            [max(0.0, v - lo) for v, (lo, _) in zip(values, errors, strict=True)],
            [max(0.0, hi - v) for v, (_, hi) in zip(values, errors, strict=True)],
        ]
    axes.bar(positions, list(values), yerr=yerr, capsize=6, color="#4c72b0")
    axes.set_xticks(positions, list(labels))
    if reference is not None:
        axes.axhline(reference, linestyle="--", color="black", linewidth=1, label=reference_label)
        if reference_label:
            axes.legend(loc="best", fontsize=8)
    if ylim is not None:
        axes.set_ylim(*ylim)
    axes.set_xlabel(xlabel)
    axes.set_ylabel(ylabel)
    axes.set_title(title)
    axes.grid(True, axis="y", alpha=0.3)
    return figure_to_png(figure, lang)
