"""Card drawings as pure SVG/HTML strings, shared by the engines' reprs, the apps and lessons.

Nothing here imports ipywidgets: a string can go into ``IPython.display.HTML``, an
``ipywidgets.HTML`` value or a ``_repr_svg_`` hook alike.
"""

from kayalib.draw.bars import probability_bars_html
from kayalib.draw.cards import (
    BLEF_RANKS,
    BLEF_SUITS,
    KAYA_COLOURS,
    KAYA_PALETTE,
    KAYA_SHAPES,
    SUIT_SYMBOLS,
    blef_card_svg,
    card_back_svg,
    kaya_card_svg,
    kaya_shape,
    kaya_swatch_svg,
    row_html,
)

__all__ = [
    "BLEF_RANKS",
    "BLEF_SUITS",
    "KAYA_COLOURS",
    "KAYA_PALETTE",
    "KAYA_SHAPES",
    "SUIT_SYMBOLS",
    "blef_card_svg",
    "card_back_svg",
    "kaya_card_svg",
    "kaya_shape",
    "kaya_swatch_svg",
    "probability_bars_html",
    "row_html",
]
