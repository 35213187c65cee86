"""Blef bids: the ladder of 83 poker figures, lowest first, as in the seed and RULES.md.

A bid is true when the figure can be made from the pool of all cards dealt this round.

>>> Bid.parse("full 9 A") < Bid.parse("full T 9")
True
>>> str(Bid.parse("duży poker pik")), Bid.parse("dwie pary K 9").polish()
('big-poker spades', 'dwie pary K 9')
>>> len(LADDER), str(LADDER[0]), str(LADDER[-1])
(83, 'high-card 9', 'big-poker spades')
>>> holds(Bid.parse("small-straight"), "9C TD JH QS KC")
True
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field

from kayalib.blef.cards import (
    RANKS,
    SUIT_NAMES,
    SUIT_NAMES_PL,
    Card,
    check_cards,
    parse_rank,
    parse_suit,
)
from kayalib.errors import ParseError

__all__ = [
    "BID_KINDS",
    "BID_KINDS_PL",
    "LADDER",
    "Bid",
    "best_bid",
    "holds",
    "true_bids",
]

BID_KINDS = (
    "high-card",
    "pair",
    "two-pair",
    "three",
    "small-straight",
    "big-straight",
    "full",
    "four",
    "flush",
    "small-poker",
    "big-poker",
)
"""The bid kinds, lowest first."""

BID_KINDS_PL = (
    "wysoka karta",
    "para",
    "dwie pary",
    "trójka",
    "mały strit",
    "duży strit",
    "full",
    "kareta",
    "kolor",
    "mały poker",
    "duży poker",
)
"""The Polish names of ``BID_KINDS``, in the same order."""

# What each kind takes: "" nothing, "r" a rank, "rr" two ranks, "s" a suit.
_SIGNATURE = {
    "high-card": "r",
    "pair": "r",
    "two-pair": "rr",
    "three": "r",
    "small-straight": "",
    "big-straight": "",
    "full": "rr",
    "four": "r",
    "flush": "s",
    "small-poker": "s",
    "big-poker": "s",
}
# Ladder index of the first bid of each kind.
_OFFSET = {
    "high-card": 0,
    "pair": 6,
    "two-pair": 12,
    "three": 27,
    "small-straight": 33,
    "big-straight": 34,
    "full": 35,
    "four": 65,
    "flush": 71,
    "small-poker": 75,
    "big-poker": 79,
}
# How many cards of the rank each single-rank kind needs.
_NEED = {"high-card": 1, "pair": 2, "three": 3, "four": 4}
SMALL_STRAIGHT_RANKS = (0, 1, 2, 3, 4)
BIG_STRAIGHT_RANKS = (1, 2, 3, 4, 5)




def _ladder_index(kind: str, params: tuple[int, ...]) -> int:
    """The ladder position of a bid, or ``ParseError`` explaining why it is not a bid."""
    signature = _SIGNATURE.get(kind) if isinstance(kind, str) else None
    if signature is None:
        raise ParseError(f"unknown bid kind {kind!r}; the kinds are {', '.join(BID_KINDS)}")
    if not isinstance(params, tuple) or len(params) != len(signature):
        raise ParseError(f"{kind} takes {len(signature)} parameter(s), not {params!r}")
    for letter, value in zip(signature, params, strict=True):
        top = 6 if letter == "r" else 4
        if not (type(value) is int and 0 <= value < top):
            what = "rank 0..5" if letter == "r" else "suit 0..3"
            raise ParseError(f"{kind}: parameter must be a {what}, not {value!r}")
    offset = _OFFSET[kind]
    if kind == "two-pair":
        high, low = params
        if high <= low:
            raise ParseError(
                f"two-pair: the higher pair comes first "
                f"(two-pair {RANKS[max(params)]} {RANKS[min(params)]})"
                if high != low
                else "two-pair needs two different ranks"
            )
        return offset + high * (high - 1) // 2 + low
    if kind == "full":
        three, two = params
        if three == two:
            raise ParseError("full needs two different ranks (the three, then the pair)")
        return offset + three * 5 + (two if two < three else two - 1)
    return offset + (params[0] if params else 0)


@dataclass(frozen=True)
class Bid:
    """One bid: ``kind`` from ``BID_KINDS`` and ``params`` (rank or suit indices).

    Bids compare by their place on the ladder (``index``, 0..82).
    """

    kind: str
    params: tuple[int, ...] = ()
    index: int = field(init=False, repr=False)  # compared too: a forged index equals no bid

    def __post_init__(self) -> None:
        object.__setattr__(self, "index", _ladder_index(self.kind, self.params))

    @classmethod
    def parse(cls, text: object) -> Bid:
        """A bid from canonical English (``two-pair K 9``) or Polish (``dwie pary K 9``) text.

        Case and Polish diacritics do not matter; ranks are ``9 T J Q K A`` or ``10``; suits are
        letters, symbols, English or Polish names.
        """
        if not isinstance(text, str):
            raise ParseError(f"a bid is text such as 'pair K', not {text!r}")
        words = _normalise(text).split()
        as_typed = _SEPARATORS.sub(" ", text.strip()).split()  # the same words, for messages
        matches = [
            (kind, as_typed[len(name) :])
            for name, kind in _KIND_ALIASES
            if tuple(words[: len(name)]) == name
        ]
        if not matches:
            raise ParseError(
                f"not a Blef bid: {text!r} (a bid starts with one of {', '.join(BID_KINDS)})"
            )
        kind, args = matches[0]
        signature = _SIGNATURE[kind]
        if len(args) != len(signature):
            wanted = {"": "no parameter", "r": "a rank", "rr": "two ranks", "s": "a suit"}
            raise ParseError(f"{kind} takes {wanted[signature]}: {text!r}")
        params = tuple(
            parse_rank(arg) if letter == "r" else parse_suit(arg)
            for letter, arg in zip(signature, args, strict=True)
        )
        try:
            return cls(kind, params)
        except ParseError as error:
            raise ParseError(f"{error}: {text!r}") from None

    def _param_text(self, suit_names: tuple[str, ...]) -> list[str]:
        signature = _SIGNATURE[self.kind]
        return [
            RANKS[value] if letter == "r" else suit_names[value]
            for letter, value in zip(signature, self.params, strict=True)
        ]

    def __str__(self) -> str:
        text = _TEXT.get((self.kind, self.params))  # logs and views print many bids
        return " ".join([self.kind, *self._param_text(SUIT_NAMES)]) if text is None else text

    def __repr__(self) -> str:
        return f"Bid.parse({str(self)!r})"

    def polish(self) -> str:
        """The bid in Polish, e.g. ``para K``, ``dwie pary K 9``, ``duży poker pik``."""
        name = BID_KINDS_PL[BID_KINDS.index(self.kind)]
        return " ".join([name, *self._param_text(SUIT_NAMES_PL)])

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Bid):
            return NotImplemented
        return self.index < other.index

    def __le__(self, other: object) -> bool:
        if not isinstance(other, Bid):
            return NotImplemented
        return self.index <= other.index

    def __gt__(self, other: object) -> bool:
        if not isinstance(other, Bid):
            return NotImplemented
        return self.index > other.index

    def __ge__(self, other: object) -> bool:
        if not isinstance(other, Bid):
            return NotImplemented
        return self.index >= other.index


def _normalise(text: str) -> str:
    """Lower case, no Polish diacritics, and ``-``/``_``/``,`` as spaces."""
    text = text.strip().lower().replace("ł", "l")
    text = "".join(
        char for char in unicodedata.normalize("NFKD", text) if not unicodedata.combining(char)
    )
    return _SEPARATORS.sub(" ", text)


_SEPARATORS = re.compile(r"[-_,;]+")


# Names a bid may start with, longest first so "two pair" wins over a shorter alias.
_KIND_ALIASES: list[tuple[tuple[str, ...], str]] = []
for _kind, _polish in zip(BID_KINDS, BID_KINDS_PL, strict=True):
    _names = {_kind, _polish, _kind.replace("-", "")}
    _names |= {
        "high-card": {"high"},
        "two-pair": {"two-pairs", "2-pair", "2-pairs"},
        "three": {"three-of-a-kind", "trips", "trojka"},
        "full": {"full-house"},
        "four": {"four-of-a-kind", "quads"},
        "small-poker": {"small-straight-flush"},
        "big-poker": {"big-straight-flush"},
    }.get(_kind, set())
    for _name in _names:
        _KIND_ALIASES.append((tuple(_normalise(_name).split()), _kind))
_KIND_ALIASES.sort(key=lambda item: -len(item[0]))


def _build_ladder() -> tuple[Bid, ...]:
    bids: list[Bid] = []
    for kind in BID_KINDS:
        signature = _SIGNATURE[kind]
        if signature == "":
            bids.append(Bid(kind))
        elif signature == "r":
            bids.extend(Bid(kind, (rank,)) for rank in range(6))
        elif signature == "s":
            bids.extend(Bid(kind, (suit,)) for suit in range(4))
        elif kind == "two-pair":
            bids.extend(Bid(kind, (high, low)) for high in range(6) for low in range(high))
        else:
            bids.extend(
                Bid(kind, (three, two)) for three in range(6) for two in range(6) if two != three
            )
    assert [bid.index for bid in bids] == list(range(83))
    return tuple(bids)


LADDER: tuple[Bid, ...] = _build_ladder()
"""The 83 bids, lowest first (``LADDER[bid.index] == bid``)."""
_TEXT = {(bid.kind, bid.params): " ".join([bid.kind, *bid._param_text(SUIT_NAMES)])
         for bid in LADDER}  # fmt: skip


def holds(bid: Bid, cards: Iterable[Card] | str) -> bool:
    """Whether the pool ``cards`` makes the figure ``bid`` claims (every bid is "at least").

    >>> pool = "KS KH 9D 9C KC"
    >>> holds(Bid.parse("full K 9"), pool), holds(Bid.parse("full 9 K"), pool)
    (True, False)
    """
    pool = check_cards(cards)
    kind, params = bid.kind, bid.params
    if kind in _NEED:
        return sum(card.rank == params[0] for card in pool) >= _NEED[kind]
    if kind in ("two-pair", "full"):
        first = 2 if kind == "two-pair" else 3
        return (
            sum(card.rank == params[0] for card in pool) >= first
            and sum(card.rank == params[1] for card in pool) >= 2
        )
    if kind in ("small-straight", "big-straight"):
        needed = SMALL_STRAIGHT_RANKS if kind == "small-straight" else BIG_STRAIGHT_RANKS
        present = {card.rank for card in pool}
        return all(rank in present for rank in needed)
    if kind == "flush":
        return sum(card.suit == params[0] for card in pool) >= 5
    needed = SMALL_STRAIGHT_RANKS if kind == "small-poker" else BIG_STRAIGHT_RANKS
    present_cards = set(pool)
    return all(Card(rank, params[0]) in present_cards for rank in needed)


def true_bids(cards: Iterable[Card] | str) -> list[bool]:
    """For each bid of ``LADDER``, whether it is true for the pool ``cards`` (a fast ``holds``)."""
    pool = check_cards(cards)
    return _truth_vector(pool)


def best_bid(cards: Iterable[Card] | str) -> Bid | None:
    """The highest true bid for the pool ``cards`` (``None`` for no cards).

    >>> best_bid("9H TH JH QH KH AS")
    Bid.parse('small-poker hearts')
    """
    truth = true_bids(cards)
    for index in range(82, -1, -1):
        if truth[index]:
            return LADDER[index]
    return None


def card_counts(cards: Iterable[Card]) -> tuple[list[int], list[int], int]:
    """How many cards of each rank and of each suit, and a bit mask (bit ``card.index``)."""
    rank_count = [0] * 6
    suit_count = [0] * 4
    mask = 0
    for card in cards:
        rank_count[card.rank] += 1
        suit_count[card.suit] += 1
        mask |= 1 << (card.rank * 4 + card.suit)
    return rank_count, suit_count, mask


def _truth_vector(pool: tuple[Card, ...]) -> list[bool]:
    """The 83 truth values for a pool already checked (no duplicates)."""
    return truth_from_counts(*card_counts(pool))


def truth_from_counts(rank_count: list[int], suit_count: list[int], mask: int) -> list[bool]:
    """The 83 truth values from a pool's rank counts, suit counts and card bitmask.

    Bit ``card.index`` of ``mask`` is set for each card in the pool.
    """
    truth = [count >= 1 for count in rank_count]
    truth += [count >= 2 for count in rank_count]
    truth += [
        rank_count[high] >= 2 and rank_count[low] >= 2 for high in range(6) for low in range(high)
    ]
    truth += [count >= 3 for count in rank_count]
    truth.append(all(rank_count[rank] for rank in SMALL_STRAIGHT_RANKS))
    truth.append(all(rank_count[rank] for rank in BIG_STRAIGHT_RANKS))
    truth += [
        rank_count[three] >= 3 and rank_count[two] >= 2
        for three in range(6)
        for two in range(6)
        if two != three
    ]
    truth += [count >= 4 for count in rank_count]
    truth += [count >= 5 for count in suit_count]
    # Bits of 9..K and of 10..A in clubs; shifted left by the suit index.
    small, big = 0x11111, 0x111110
    truth += [mask & (small << suit) == small << suit for suit in range(4)]
    truth += [mask & (big << suit) == big << suit for suit in range(4)]
    return truth
