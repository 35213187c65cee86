"""Charts on a lesson page: PNG bytes from :mod:`kayalib.draw.charts` shown with their text
equivalent (:class:`Chart`), redrawn in the page's language (:class:`LiveChart`)."""

from __future__ import annotations

import base64
from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as widgets

__all__ = ["Chart", "LiveChart", "png_image"]


class Chart(widgets.HTML):
    """A chart with its text equivalent: the PNG in an ``<img>`` whose ``alt`` text states the key
    figures, and below it a table with every plotted value for a screen reader (or anyone who
    prefers numbers), folded in a ``<details>``. Empty until :meth:`draw`.
    """

    def __init__(self, max_width: str = "640px", **kwargs: object) -> None:
        super().__init__(value="", **kwargs)
        self.max_width = max_width
        self.alt = ""
        self.add_class("kayalib-chart")

    def draw(self, png: bytes, alt: str, table: str = "", summary: str = "") -> None:
        """Show ``png`` described by ``alt``; ``table`` (HTML) goes in a ``<details>`` under
        ``summary``. Empty ``png`` clears the chart."""
        self.alt = alt if png else ""
        if not png:
            self.value = ""
            return
        data = base64.b64encode(png).decode("ascii")
        details = (
            f"<details><summary>{escape(summary)}</summary>{table}</details>" if table else ""
        )
        self.value = (
            f'<figure style="margin:0"><img src="data:image/png;base64,{data}" '
            f'alt="{escape(alt, quote=True)}" style="max-width:{self.max_width};width:100%">'
            f"{details}</figure>"
        )


def png_image(png: bytes, width: int | None = None) -> widgets.Image:
    """An ``ipywidgets.Image`` showing PNG bytes."""
    image = widgets.Image(value=png, format="png")
    if width is not None:
        image.layout.width = f"{width}px"
    return image


class LiveChart(Chart):
    """A chart drawn by ``draw(t, chart)`` and drawn again when the language changes."""

    def __init__(self, draw: Callable[[Any, Chart], None], max_width: str = "640px",
                 *, lang: str | None = None) -> None:  # fmt: skip
        from kayalib.pages.language import Localized

        super().__init__(max_width)
        self._painter = draw
        Localized.init_language(self, lang)
        self.relabel()

    def set_language(self, lang: str) -> None:
        from kayalib.pages.language import Localized

        Localized.set_language(self, lang)

    def relabel(self) -> None:
        self._painter(self.t, self)
