"""Blef cards: 24 cards, ranks 9 10 J Q K A (low to high) in four suits.

Suits rank clubs < diamonds < hearts < spades (trefl < karo < kier < pik).

>>> Card.parse("10h")
Card.parse('TH')
>>> str(Card.parse("A♠")), Card.parse("as").rank
('AS', 5)
>>> parse_cards("AS, KH 9c")
(Card.parse('AS'), Card.parse('KH'), Card.parse('9C'))
>>> len(DECK), DECK[0], DECK[-1]
(24, Card.parse('9C'), Card.parse('AS'))
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from kayalib.errors import ParseError

__all__ = [
    "DECK",
    "RANKS",
    "RANK_NAMES",
    "SUITS",
    "SUIT_NAMES",
    "SUIT_NAMES_PL",
    "SUIT_SYMBOLS",
    "Card",
    "check_cards",
    "mask_of",
    "parse_cards",
    "parse_rank",
    "parse_suit",
]

RANKS = "9TJQKA"
"""Rank letters, index 0 (nine) to 5 (ace)."""
SUITS = "CDHS"
"""Suit letters, index 0 (clubs, lowest) to 3 (spades, highest)."""
RANK_NAMES = ("9", "10", "J", "Q", "K", "A")
"""How the ranks are printed on the cards."""
SUIT_SYMBOLS = "♣♦♥♠"
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
SUIT_NAMES_PL = ("trefl", "karo", "kier", "pik")




_RANK_ALIASES = {letter.lower(): index for index, letter in enumerate(RANKS)}
_RANK_ALIASES["10"] = 1
_SUIT_ALIASES: dict[str, int] = {}
for _index in range(4):
    for _alias in (SUITS[_index], SUIT_SYMBOLS[_index], SUIT_NAMES[_index], SUIT_NAMES_PL[_index]):
        _SUIT_ALIASES[_alias.lower()] = _index
for _index, _alias in enumerate("♧♢♡♤"):  # the outline symbols too
    _SUIT_ALIASES[_alias] = _index


def parse_rank(text: str) -> int:
    """The rank index of ``9 T J Q K A`` or ``10`` (any case).

    >>> parse_rank("q"), parse_rank("10")
    (3, 1)
    """
    try:
        return _RANK_ALIASES[text.strip().lower()]
    except KeyError:
        raise ParseError(f"not a Blef rank: {text!r} (use 9, T or 10, J, Q, K, A)") from None


def parse_suit(text: str) -> int:
    """The suit index of ``C D H S``, ``♣♦♥♠``, an English or a Polish suit name (any case).

    >>> parse_suit("pik"), parse_suit("Hearts"), parse_suit("♦"), parse_suit("c")
    (3, 2, 1, 0)
    """
    try:
        return _SUIT_ALIASES[text.strip().lower()]
    except KeyError:
        raise ParseError(
            f"not a suit: {text!r} (use S H D C, ♠♥♦♣, spades/hearts/diamonds/clubs "
            "or pik/kier/karo/trefl)"
        ) from None


@dataclass(frozen=True, order=True)
class Card:
    """One card: ``rank`` 0..5 (9 to A), ``suit`` 0..3 (clubs to spades).

    Cards order by rank, then suit.
    """

    rank: int
    suit: int

    def __post_init__(self) -> None:
        if not (type(self.rank) is int and 0 <= self.rank < 6):
            raise ParseError(f"rank must be 0..5 (9 to A), not {self.rank!r}")
        if not (type(self.suit) is int and 0 <= self.suit < 4):
            raise ParseError(f"suit must be 0..3 (clubs to spades), not {self.suit!r}")

    @classmethod
    def parse(cls, text: object) -> Card:
        """A card from text such as ``TH``, ``10H``, ``A♠`` or ``as``."""
        if not isinstance(text, str):
            raise ParseError(f"a card is text such as 'TH', not {text!r}")
        body = text.strip()
        if len(body) >= 2:
            rank_text = body[:2] if body[:2] == "10" else body[0]
            suit_text = body[len(rank_text) :]
            if rank_text.lower() in _RANK_ALIASES and suit_text.strip().lower() in _SUIT_ALIASES:
                return _BY_INDEX[_RANK_ALIASES[rank_text.lower()] * 4 + parse_suit(suit_text)]
        raise ParseError(
            f"not a Blef card: {text!r} (write rank then suit, e.g. 'TH', '10H', 'A♠')"
        )

    @property
    def index(self) -> int:
        """Position in ``DECK`` (``rank * 4 + suit``), 0..23."""
        return self.rank * 4 + self.suit

    @property
    def symbol(self) -> str:
        """The card with its printed rank and suit symbol, e.g. ``10♥``."""
        return RANK_NAMES[self.rank] + SUIT_SYMBOLS[self.suit]

    def __str__(self) -> str:
        return RANKS[self.rank] + SUITS[self.suit]

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def _repr_svg_(self) -> str:
        """The card face in Jupyter."""
        from kayalib.draw.cards import blef_card_svg

        return blef_card_svg(RANKS[self.rank], SUITS[self.suit])


DECK: tuple[Card, ...] = tuple(Card(rank, suit) for rank in range(6) for suit in range(4))
"""The 24 cards, ``9C 9D 9H 9S TC ... AS`` (``DECK[card.index] == card``)."""
_BY_INDEX = DECK

_SEPARATORS = re.compile(r"[\s,;]+")


def parse_cards(text: str) -> tuple[Card, ...]:
    """Cards separated by spaces and/or commas, in the order given; ``""`` gives ``()``.

    >>> parse_cards("")
    ()
    >>> parse_cards("AS AS")
    Traceback (most recent call last):
    ...
    kayalib.errors.ParseError: card AS is given twice
    """
    if not isinstance(text, str):
        raise ParseError(f"cards are text such as 'AS KH', not {text!r}")
    cards: list[Card] = []
    seen: set[Card] = set()
    for word in _SEPARATORS.split(text.strip()):
        if not word:
            continue
        card = Card.parse(word)
        if card in seen:
            raise ParseError(f"card {card} is given twice")
        seen.add(card)
        cards.append(card)
    return tuple(cards)


def check_cards(cards: Iterable[Card] | str) -> tuple[Card, ...]:
    """The cards as a tuple (text is parsed), refusing non-cards and duplicates with ``ParseError``.

    >>> check_cards([Card(5, 3), Card(5, 3)])
    Traceback (most recent call last):
    ...
    kayalib.errors.ParseError: card AS is given twice
    """
    if isinstance(cards, str):
        return parse_cards(cards)
    try:
        result = tuple(cards)
    except TypeError:
        message = f"cards are a list of cards or text such as 'AS KH', not {cards!r}"
        raise ParseError(message) from None
    seen = 0
    for card in result:
        if not isinstance(card, Card):
            raise ParseError(f"not a Blef card: {card!r}")
        bit = 1 << (card.rank * 4 + card.suit)
        if seen & bit:
            raise ParseError(f"card {card} is given twice")
        seen |= bit
    return result


def mask_of(cards: Iterable[Card] | str) -> int:
    """The mask of a set of cards: bit ``card.index`` set for each (text is parsed; a card
    given twice is refused). Many hands at once: :mod:`kayalib.blef.masks`."""
    if type(cards) is tuple:  # the usual case, a hand: one pass, checked as it goes
        mask = 0
        for card in cards:
            if type(card) is not Card:
                break
            bit = 1 << (card.rank * 4 + card.suit)
            if mask & bit:
                break
            mask |= bit
        else:
            return mask
    mask = 0
    for card in check_cards(cards):  # refuses what the pass above stopped at
        mask |= 1 << card.index
    return mask
