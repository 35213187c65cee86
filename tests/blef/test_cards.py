"""Blef cards: the deck, parsing and printing."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kayalib.blef.cards import (
    DECK,
    RANKS,
    SUITS,
    Card,
    check_cards,
    parse_cards,
    parse_rank,
    parse_suit,
)
from kayalib.errors import KayalibError, ParseError


def test_deck_has_24_distinct_cards_in_index_order():
    assert len(DECK) == 24
    assert len(set(DECK)) == 24
    assert list(DECK) == sorted(DECK)
    assert all(DECK[card.index] == card for card in DECK)
    assert [str(card) for card in DECK[:5]] == ["9C", "9D", "9H", "9S", "TC"]
    assert str(DECK[-1]) == "AS"


def test_ranks_and_suits_order():
    assert RANKS == "9TJQKA"
    assert SUITS == "CDHS"
    assert Card.parse("TC") > Card.parse("9S")  # rank first
    assert Card.parse("AS") > Card.parse("AH") > Card.parse("AD") > Card.parse("AC")


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [
        ("TH", 1, 2),
        ("10H", 1, 2),
        ("10h", 1, 2),
        ("th", 1, 2),
        ("A♠", 5, 3),
        ("as", 5, 3),
        ("AS", 5, 3),
        ("9c", 0, 0),
        ("Q♦", 3, 1),
        ("K♥", 4, 2),
        ("j♣", 2, 0),
        ("  KD ", 4, 1),
        ("A spades", 5, 3),
        ("9 pik", 0, 3),
        ("Jkaro", 2, 1),
        ("Q♡", 3, 2),
    ],
)
def test_card_parse_accepts(text, rank, suit):
    assert Card.parse(text) == Card(rank, suit)


@pytest.mark.parametrize(
    "text", ["", " ", "H", "T", "1H", "11H", "AX", "ASS", "A♠♠", "8S", "BH", "10", "0H", "ZZ"]
)
def test_card_parse_rejects_junk(text):
    with pytest.raises(ParseError, match="not a Blef card"):
        Card.parse(text)


def test_card_parse_rejects_non_text():
    with pytest.raises(ParseError):
        Card.parse(5)  # type: ignore[arg-type]


@pytest.mark.parametrize("card", DECK, ids=str)
def test_every_card_round_trips(card):
    assert Card.parse(str(card)) == card
    assert Card.parse(card.symbol) == card
    assert Card.parse(str(card).lower()) == card
    assert eval(repr(card), {"Card": Card}) == card


def test_symbol_uses_printed_ten():
    assert Card.parse("TH").symbol == "10♥"
    assert Card.parse("AS").symbol == "A♠"


@pytest.mark.parametrize(("rank", "suit"), [(6, 0), (-1, 0), (0, 4), (0, -1), ("A", 0), (1.0, 0)])
def test_card_constructor_refuses_out_of_range(rank, suit):
    with pytest.raises(ParseError):
        Card(rank, suit)


def test_cards_are_immutable():
    card = Card(0, 0)
    with pytest.raises(AttributeError):
        card.rank = 3  # type: ignore[misc]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("AS KH", ("AS", "KH")),
        ("AS,KH", ("AS", "KH")),
        ("AS, KH ,9c", ("AS", "KH", "9C")),
        ("10H;J♠", ("TH", "JS")),
        ("", ()),
        ("   ", ()),
    ],
)
def test_parse_cards(text, expected):
    assert tuple(str(card) for card in parse_cards(text)) == expected


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("AS AS", "given twice"),
        ("AS A♠", "given twice"),
        ("TH 10h", "given twice"),
        ("AS XX", "not a Blef card"),
        ("AS KH Q", "not a Blef card"),
    ],
)
def test_parse_cards_rejects(text, message):
    with pytest.raises(ParseError, match=message):
        parse_cards(text)


def test_check_cards():
    assert check_cards("AS KH") == (Card(5, 3), Card(4, 2))
    assert check_cards([Card(0, 0)]) == (Card(0, 0),)
    assert check_cards(iter(DECK)) == DECK
    with pytest.raises(ParseError, match="given twice"):
        check_cards([Card(0, 0), Card(1, 1), Card(0, 0)])
    with pytest.raises(ParseError, match="not a Blef card"):
        check_cards(["AS"])  # a string inside a list is not a Card


def test_parse_rank_and_suit():
    assert [parse_rank(text) for text in "9 T J Q K A".split()] == list(range(6))
    assert parse_rank("10") == 1
    assert [parse_suit(text) for text in "C D H S".split()] == list(range(4))
    assert [parse_suit(text) for text in "♣♦♥♠"] == list(range(4))
    assert [parse_suit(t) for t in ["clubs", "DIAMONDS", "Hearts", "spades"]] == list(range(4))
    assert [parse_suit(t) for t in ["trefl", "karo", "kier", "PIK"]] == list(range(4))
    with pytest.raises(ParseError):
        parse_rank("8")
    with pytest.raises(ParseError):
        parse_suit("X")


def test_errors_are_value_errors():
    assert issubclass(ParseError, KayalibError)
    assert issubclass(ParseError, ValueError)
    with pytest.raises(ValueError):
        Card.parse("??")


@given(st.permutations(DECK), st.integers(0, 24), st.sampled_from([" ", ",", ", ", " ; "]))
def test_parse_cards_round_trips_any_hand(deck, size, separator):
    hand = tuple(deck[:size])
    assert parse_cards(separator.join(str(card) for card in hand)) == hand
    assert parse_cards(" ".join(card.symbol for card in hand)) == hand


@pytest.mark.parametrize(
    "text, label", [("TH", "10 hearts"), ("AS", "A spades"), ("9C", "9 clubs")]
)
def test_cards_draw_themselves_in_jupyter(text, label):
    svg = Card.parse(text)._repr_svg_()
    assert svg.startswith("<svg") and f'aria-label="{label}"' in svg
