"""Card faces and backs as standalone SVG strings.

Every face paints its own background, so a card looks the same on a light or a dark page, and
every face carries a text label as well as a colour or a suit symbol (readable without colour
vision); each Aku Paling Kaya colour also has its own shape (:data:`KAYA_SHAPES`), on its
faces, its backs and its players' swatches. Sizes are in CSS pixels; the drawings scale
cleanly on a projector.

>>> svg = blef_card_svg("T", "H")
>>> svg.startswith("<svg") and "10" in svg and "hearts" in svg
True
>>> "pink" in kaya_card_svg("pink", 5, 2) and "kaya-shape-diamond" in kaya_card_svg("pink", 5, 2)
True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from html import escape

from kayalib.errors import ParseError

BLEF_RANKS = "9TJQKA"
BLEF_SUITS = "CDHS"  # low to high: clubs < diamonds < hearts < spades
SUIT_SYMBOLS = {"C": "\u2663", "D": "\u2666", "H": "\u2665", "S": "\u2660"}
SUIT_NAMES_EN = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
# A four-colour deck (black, red, blue, green) so suits differ by colour as well as by shape.
SUIT_COLOURS = {"C": "#17723a", "D": "#1d4fb8", "H": "#c0162c", "S": "#111111"}

KAYA_COLOURS = ("green", "red", "blue", "pink", "yellow", "orange")
#: fill, darker edge and text colour for each Kaya colour (text picked for contrast).
KAYA_PALETTE: dict[str, tuple[str, str, str]] = {
    "green": ("#2e9d4f", "#1b6433", "#ffffff"),
    "red": ("#d7263d", "#8e1423", "#ffffff"),
    "blue": ("#2b6cd8", "#173f86", "#ffffff"),
    "pink": ("#f06fb3", "#a43a74", "#1a1a1a"),
    "yellow": ("#f6d32d", "#a68a00", "#1a1a1a"),
    "orange": ("#f5841f", "#a6530a", "#1a1a1a"),
}
#: a small letter per colour, a second cue besides the colour (with ``colour_names``, the first
#: letter of the name in that language: unique in en, id and pl).
KAYA_MARKS = {"green": "G", "red": "R", "blue": "B", "pink": "P", "yellow": "Y", "orange": "O"}

#: a shape per colour, the third cue (after the colour and its letter): the six silhouettes
#: differ, so the cards stay apart for a reader who cannot tell red from green or orange.
KAYA_SHAPES = {"green": "circle", "red": "triangle", "blue": "square", "pink": "diamond",
               "yellow": "star", "orange": "cross"}  # fmt: skip


def _star(points: int = 5, outer: float = 1.0, inner: float = 0.45) -> str:
    from math import cos, pi, sin

    corners = []
    for k in range(2 * points):
        r, a = (outer if k % 2 == 0 else inner), pi * k / points - pi / 2
        corners.append(f"{r * cos(a):.3f} {r * sin(a) + 0.08:.3f}")
    return "M" + "L".join(corners) + "Z"


#: each shape as path data in a box from -1 to 1, drawn as plain geometry (no font glyph, no
#: ``<pattern>`` id that could clash in a page)
_SHAPE_PATHS = {
    "circle": "M0 -0.85A0.85 0.85 0 1 1 0 0.85A0.85 0.85 0 1 1 0 -0.85Z",
    "triangle": "M0 -1L1 0.8L-1 0.8Z",
    "square": "M-0.9 -0.9H0.9V0.9H-0.9Z",
    "diamond": "M0 -1.05L0.8 0L0 1.05L-0.8 0Z",
    "star": _star(),
    "cross": "M-0.32 -1H0.32V-0.32H1V0.32H0.32V1H-0.32V0.32H-1V-0.32H-0.32Z",
}


def kaya_shape(colour: str, x: float, y: float, size: float, *, fill: str | None = None) -> str:
    """The colour's shape as an SVG element centred at ``(x, y)``, ``size`` across.

    >>> kaya_shape("yellow", 10, 10, 8).startswith('<path class="kaya-shape kaya-shape-star"')
    True
    """
    if colour not in KAYA_PALETTE:
        raise ParseError(f"not a Kaya colour: {colour!r} (use one of {', '.join(KAYA_COLOURS)})")
    shape, half = KAYA_SHAPES[colour], size / 2
    return (
        f'<path class="kaya-shape kaya-shape-{shape}" d="{_SHAPE_PATHS[shape]}" '
        f'transform="translate({x} {y}) scale({half})" fill="{fill or KAYA_PALETTE[colour][1]}" '
        f'stroke="#1a1a1a" stroke-width="{1 / half:.3f}" stroke-linejoin="round"/>'
    )  # a dark outline, so a light shape (yellow's, a discarded card's) still shows


def kaya_swatch_svg(colour: str, *, size: int = 14) -> str:
    """A player's colour as a small swatch carrying the colour's shape (a legend mark)."""
    fill, edge, ink = KAYA_PALETTE[colour]
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="kaya-swatch" width="{size}" '
        f'height="{size}" viewBox="0 0 16 16" aria-hidden="true"><rect x="0.5" y="0.5" '
        f'width="15" height="15" rx="3" fill="{fill}" stroke="{edge}"/>'
        f'{kaya_shape(colour, 8, 8, 10, fill=ink)}</svg>'
    )


CARD_W = 72
CARD_H = 104
FONT = "DejaVu Sans, Verdana, Arial, sans-serif"


def _rank_text(rank: str) -> str:
    return "10" if rank == "T" else rank


def _norm_rank(rank: object) -> str:
    if isinstance(rank, int) and not isinstance(rank, bool) and 0 <= rank < len(BLEF_RANKS):
        return BLEF_RANKS[rank]  # a rank index, 0 (nine) to 5 (ace)
    text = str(rank).strip().upper()
    if text == "10":
        text = "T"
    if len(text) != 1 or text not in BLEF_RANKS:
        raise ParseError(f"not a Blef rank: {rank!r} (use one of 9 T J Q K A)")
    return text


def _norm_suit(suit: object) -> str:
    if isinstance(suit, int) and not isinstance(suit, bool) and 0 <= suit < len(BLEF_SUITS):
        return BLEF_SUITS[suit]  # a suit index, 0 (clubs) to 3 (spades)
    text = str(suit).strip()
    by_symbol = {v: k for k, v in SUIT_SYMBOLS.items()}
    by_name = {v: k for k, v in SUIT_NAMES_EN.items()}
    text = by_symbol.get(text, text)
    text = by_name.get(text.lower(), text).upper()
    if text not in BLEF_SUITS:
        raise ParseError(f"not a Blef suit: {suit!r} (use one of S H D C)")
    return text


def _svg(body: str, width: int, title: str, css_class: str) -> str:
    height = round(width * CARD_H / CARD_W)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="{css_class}" role="img" '
        f'width="{width}" height="{height}" viewBox="0 0 {CARD_W} {CARD_H}" '
        f'aria-label="{escape(title)}"><title>{escape(title)}</title>{body}</svg>'
    )


def blef_card_svg(
    rank: object,
    suit: object,
    *,
    width: int = CARD_W,
    highlight: bool = False,
    suit_names: Mapping[str, str] | None = None,
) -> str:
    """One Blef card face: rank and suit in the corners, a big suit symbol, a text label.

    ``suit_names`` maps ``C D H S`` to the words printed on the card (English by default).
    ``highlight`` draws a thick gold frame (used for cards that make the checked bid true).
    """
    r, s = _norm_rank(rank), _norm_suit(suit)
    names = dict(SUIT_NAMES_EN, **(suit_names or {}))
    colour, symbol, label = SUIT_COLOURS[s], SUIT_SYMBOLS[s], names[s]
    rank_text = _rank_text(r)
    frame = "#e0a800" if highlight else "#555555"
    stroke = 4 if highlight else 1.5
    body = (
        f'<rect x="1.5" y="1.5" width="{CARD_W - 3}" height="{CARD_H - 3}" rx="7" '
        f'fill="#fffdf7" stroke="{frame}" stroke-width="{stroke}"/>'
        f'<g font-family="{FONT}" fill="{colour}" font-weight="bold">'
        f'<text x="7" y="21" font-size="19">{rank_text}</text>'
        f'<text x="7" y="38" font-size="16">{symbol}</text>'
        f'<text x="{CARD_W - 7}" y="21" font-size="16" text-anchor="end">{symbol}</text>'
        f'<text x="{CARD_W / 2}" y="70" font-size="38" text-anchor="middle">{symbol}</text>'
        f'<text x="{CARD_W / 2}" y="{CARD_H - 9}" font-size="11" font-weight="normal" '
        f'text-anchor="middle">{escape(label)}</text></g>'
    )
    title = f"{rank_text} {label}"
    return _svg(body, width, title, "kaya-card kaya-card-blef")


def kaya_card_svg(
    colour: str,
    number: int,
    coins: int,
    *,
    width: int = CARD_W,
    colour_names: Mapping[str, str] | None = None,
    highlight: bool = False,
    dim: bool = False,
) -> str:
    """One Aku Paling Kaya card face: big number, coin value, colour name, letter and shape.

    ``coins`` is the card's worth as a bonus card (negative for yellow 1-3). ``dim`` greys the
    card out (for example a discarded card); ``highlight`` draws a gold frame (a winner).
    """
    if colour not in KAYA_PALETTE:
        raise ParseError(f"not a Kaya colour: {colour!r} (use one of {', '.join(KAYA_COLOURS)})")
    if not 1 <= int(number) <= 9:
        raise ParseError(f"not a Kaya card number: {number!r} (use 1 to 9)")
    fill, edge, ink = KAYA_PALETTE[colour]
    name = (colour_names or {}).get(colour, colour)
    mark = name[:1].upper() if colour_names else KAYA_MARKS[colour]  # the name's own letter
    name_size = min(12.0, round(12.0 * 9 / max(len(name), 1), 1))  # long names fit the card
    frame = "#e0a800" if highlight else edge
    stroke = 4 if highlight else 2
    coin_text = f"\u2212{-coins}" if coins < 0 else str(coins)  # a real minus sign
    coin_fill = "#7a1010" if coins < 0 else "#f2c230"
    opacity = ' opacity="0.45"' if dim else ""
    body = (
        f"<g{opacity}>"
        f'<rect x="1.5" y="1.5" width="{CARD_W - 3}" height="{CARD_H - 3}" rx="7" '
        f'fill="{fill}" stroke="{frame}" stroke-width="{stroke}"/>'
        f'<rect x="8" y="8" width="{CARD_W - 16}" height="{CARD_H - 34}" rx="5" '
        f'fill="#ffffff" stroke="{edge}" stroke-width="1"/>'
        f'<g font-family="{FONT}" font-weight="bold">'
        f'<text x="{CARD_W / 2}" y="57" font-size="40" fill="#111111" '
        f'text-anchor="middle">{int(number)}</text>'
        f'<text x="13" y="22" font-size="11" fill="{edge}">{escape(mark)}</text>'
        f'<circle cx="{CARD_W - 17}" cy="19" r="8.5" fill="{coin_fill}" stroke="#5a4500" '
        f'stroke-width="1"/>'
        f'<text x="{CARD_W - 17}" y="23" font-size="{10 if coins < 0 else 11}" '
        f'fill="{"#ffffff" if coins < 0 else "#3a2c00"}" text-anchor="middle">{coin_text}</text>'
        f'<text x="{CARD_W / 2}" y="{CARD_H - 10}" font-size="{name_size}" fill="{ink}" '
        f'text-anchor="middle">{escape(name)}</text></g>'
        f"{kaya_shape(colour, CARD_W / 2, 68, 15)}</g>"
    )
    title = f"{name} {int(number)} ({coin_text})"
    return _svg(body, width, title, "kaya-card kaya-card-kaya")


def _stripes(step: int = 9, inset: int = 5) -> str:
    """Path data for 45-degree stripes inside the card, ``inset`` from its edges."""
    x0, y0, x1, y1 = inset, inset, CARD_W - inset, CARD_H - inset
    parts = []
    for c in range(y0 - x1, y1 - x0 + 1, step):  # the line y = x + c
        ax, ay = max(x0, y0 - c), max(x0, y0 - c) + c
        bx, by = min(x1, y1 - c), min(x1, y1 - c) + c
        if bx > ax:
            parts.append(f"M{ax} {ay}L{bx} {by}")
    return "".join(parts)


def card_back_svg(
    *, width: int = CARD_W, label: str = "", colour: str | None = None, tone: str = "#33415c",
    title: str = "face-down card",
) -> str:
    """A face-down card: a hatched back, optionally edged in its owner's Kaya colour (and
    marked with that colour's shape).

    ``label`` is printed on the back (for example the owner's name or "?"); ``title`` is what a
    screen reader says (a page passes its own language's words).
    """
    edge = KAYA_PALETTE[colour][0] if colour in KAYA_PALETTE else "#9aa5b8"
    # Diagonal stripes as plain lines, not an SVG <pattern>: a pattern is found by its id in
    # the whole page, and one inside a hidden card would blank every other back.
    body = (
        f'<rect x="1.5" y="1.5" width="{CARD_W - 3}" height="{CARD_H - 3}" rx="7" '
        f'fill="{tone}"/><path d="{_stripes()}" stroke="#4d5d80" stroke-width="3"/>'
        f'<rect x="1.5" y="1.5" width="{CARD_W - 3}" height="{CARD_H - 3}" rx="7" '
        f'fill="none" stroke="{edge}" stroke-width="4"/>'
    )
    if colour in KAYA_PALETTE and not label:  # the owner's shape too, not only its colour
        middle = CARD_W / 2, CARD_H / 2
        body += (f'<circle cx="{middle[0]}" cy="{middle[1]}" r="15" fill="#ffffff" '
                 f'stroke="{edge}" stroke-width="3"/>{kaya_shape(colour, *middle, 18)}')
    if label:
        body += (
            f'<rect x="10" y="{CARD_H / 2 - 12}" width="{CARD_W - 20}" height="22" rx="4" '
            f'fill="#ffffff"/><text x="{CARD_W / 2}" y="{CARD_H / 2 + 4}" font-size="12" '
            f'font-family="{FONT}" font-weight="bold" fill="#111111" '
            f'text-anchor="middle">{escape(label)}</text>'
        )
    return _svg(body, width, title, "kaya-card kaya-card-back")


def row_html(svgs: Iterable[str], *, css_class: str = "kaya-card-row", empty: str = "") -> str:
    """Cards side by side in a wrapping row (``empty`` is shown when there are none)."""
    items = list(svgs)
    if not items:
        return (
            f'<div class="{css_class} kaya-empty" style="font-style:italic">{escape(empty)}</div>'
        )
    style = "display:flex;flex-wrap:wrap;gap:6px;align-items:flex-end;margin:4px 0"
    return f'<div class="{css_class}" style="{style}">' + "".join(items) + "</div>"
