"""Cards of Aku Paling Kaya: six colours x numbers 1-9.

>>> Card.parse("blue-7")
Card(color=Color.BLUE, number=7)
>>> str(Card.parse("Kuning-2"))
'yellow-2'
>>> sorted([Card.parse("red-1"), Card.parse("green-9")])[0]
Card(color=Color.GREEN, number=9)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from kayalib.errors import ParseError

__all__ = ["Color", "Card", "COLORS", "DECK", "NUMBERS", "card", "parse_color"]

NUMBERS: tuple[int, ...] = tuple(range(1, 10))


class Color(Enum):
    """The six colours in seed order, each with its Indonesian name."""

    GREEN = "green"
    RED = "red"
    BLUE = "blue"
    PINK = "pink"
    YELLOW = "yellow"
    ORANGE = "orange"

    @property
    def indonesian(self) -> str:
        """The colour's name in the Indonesian seed (Hijau, Merah, ...)."""
        return _INDONESIAN[self]

    @property
    def index(self) -> int:
        """Position in seed order (green 0 ... orange 5)."""
        return _INDEX[self]

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Color):
            return NotImplemented
        return _INDEX[self] < _INDEX[other]

    def __le__(self, other: object) -> bool:
        if not isinstance(other, Color):
            return NotImplemented
        return _INDEX[self] <= _INDEX[other]

    def __gt__(self, other: object) -> bool:
        if not isinstance(other, Color):
            return NotImplemented
        return _INDEX[self] > _INDEX[other]

    def __ge__(self, other: object) -> bool:
        if not isinstance(other, Color):
            return NotImplemented
        return _INDEX[self] >= _INDEX[other]

    def __repr__(self) -> str:
        return f"Color.{self.name}"

    def __str__(self) -> str:
        return self.value


COLORS: tuple[Color, ...] = tuple(Color)
_INDEX = {color: i for i, color in enumerate(COLORS)}
_INDONESIAN = {
    Color.GREEN: "Hijau",
    Color.RED: "Merah",
    Color.BLUE: "Biru",
    Color.PINK: "Pink",
    Color.YELLOW: "Kuning",
    Color.ORANGE: "Oranye",
}
_COLOR_NAMES: dict[str, Color] = {}
for _color in COLORS:
    _COLOR_NAMES[_color.value] = _color
    _COLOR_NAMES[_INDONESIAN[_color].lower()] = _color


def parse_color(text: str | Color) -> Color:
    """A colour from its English or Indonesian name (any case); ParseError otherwise."""
    if isinstance(text, Color):
        return text
    if not isinstance(text, str):
        raise ParseError(f"not a colour: {text!r}")
    try:
        return _COLOR_NAMES[text.strip().lower()]
    except KeyError:
        names = ", ".join(c.value for c in COLORS)
        raise ParseError(f"unknown colour {text!r} (expected one of {names})") from None


@dataclass(frozen=True, order=True, slots=True)
class Card:
    """One card: a colour and a number 1-9. Ordered by colour (seed order), then number."""

    color: Color
    number: int

    def __post_init__(self) -> None:
        if not isinstance(self.color, Color):
            object.__setattr__(self, "color", parse_color(self.color))
        if type(self.number) is not int or not 1 <= self.number <= 9:
            raise ParseError(f"card number must be 1-9, not {self.number!r}")

    def __hash__(self) -> int:
        return _INDEX[self.color] * 16 + self.number

    def __str__(self) -> str:
        return _TEXT[self.color.index * 10 + self.number]

    def _repr_svg_(self) -> str:
        """The card face in Jupyter (coins from the default table)."""
        from kayalib.draw.cards import kaya_card_svg

        coins = (1, 1, 1, 2, 2, 2, 3, 3, 3)[self.number - 1]
        if self.color is Color.YELLOW and self.number <= 3:
            coins = -coins
        return kaya_card_svg(self.color.value, self.number, coins, width=60)

    @classmethod
    def parse(cls, text: object) -> Card:
        """``"blue-7"``, ``"Biru 7"`` or ``"blue7"`` -> the card; ParseError on anything else."""
        if isinstance(text, Card):
            return text
        if not isinstance(text, str):
            raise ParseError(f"not a card: {text!r}")
        raw = text.strip().lower()
        for sep in ("-", " ", "_", ":"):
            if sep in raw:
                name, _, num = raw.rpartition(sep)
                break
        else:
            name, num = raw[:-1], raw[-1:]
        name, num = name.strip(), num.strip()
        if not num.isdigit() or len(num) != 1 or num == "0":
            raise ParseError(f"not a card: {text!r} (expected e.g. 'blue-7')")
        try:
            color = _COLOR_NAMES[name]
        except KeyError:
            raise ParseError(f"not a card: {text!r} (unknown colour {name!r})") from None
        return _CARDS[color, int(num)]


_CARDS: dict[tuple[Color, int], Card] = {(c, n): Card(c, n) for c in COLORS for n in NUMBERS}
_TEXT: list[str] = [""] * 60  # str(card) by colour index * 10 + number: logs print many cards
for _c in COLORS:
    for _n in NUMBERS:
        _TEXT[_c.index * 10 + _n] = f"{_c.value}-{_n}"
DECK: tuple[Card, ...] = tuple(_CARDS.values())


def card(color: Color | str, number: int) -> Card:
    """The shared (interned) instance of a card; the engine uses these."""
    try:
        return _CARDS[parse_color(color), number]
    except KeyError:
        raise ParseError(f"card number must be 1-9, not {number!r}") from None
