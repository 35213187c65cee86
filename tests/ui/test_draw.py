"""The card drawings: well-formed SVG, a text label on every face, explicit backgrounds."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kayalib.draw import (
    BLEF_RANKS,
    BLEF_SUITS,
    KAYA_COLOURS,
    blef_card_svg,
    card_back_svg,
    kaya_card_svg,
    probability_bars_html,
    row_html,
)
from kayalib.errors import ParseError

SVG = "{http://www.w3.org/2000/svg}"


def texts(svg: str) -> list[str]:
    root = ET.fromstring(svg)
    return [t.text or "" for t in root.iter(f"{SVG}text")]


def first_rect_fill(svg: str) -> str:
    root = ET.fromstring(svg)
    return next(root.iter(f"{SVG}rect")).get("fill", "")


@pytest.mark.parametrize("rank", BLEF_RANKS)
@pytest.mark.parametrize("suit", BLEF_SUITS)
def test_every_blef_card_has_rank_symbol_and_suit_name(rank: str, suit: str) -> None:
    svg = blef_card_svg(rank, suit)
    words = texts(svg)
    name = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}[suit]
    symbol = {"C": "\u2663", "D": "\u2666", "H": "\u2665", "S": "\u2660"}[suit]
    assert ("10" if rank == "T" else rank) in words
    assert symbol in words and name in words
    assert first_rect_fill(svg).startswith("#")  # the face paints its own background


def test_blef_card_accepts_indices_symbols_and_translated_names() -> None:
    assert blef_card_svg(5, 3) == blef_card_svg("A", "S") == blef_card_svg("A", "\u2660")
    assert "pik" in texts(blef_card_svg("A", "S", suit_names={"S": "pik"}))
    assert "#e0a800" in blef_card_svg("9", "C", highlight=True)
    assert "#e0a800" not in blef_card_svg("9", "C")


@pytest.mark.parametrize("bad", [("1", "S"), ("A", "X"), (6, 0), ("A", 4)])
def test_blef_card_refuses_non_cards(bad: tuple) -> None:
    with pytest.raises(ParseError):
        blef_card_svg(*bad)


@given(
    colour=st.sampled_from(KAYA_COLOURS),
    number=st.integers(1, 9),
    coins=st.integers(-3, 3),
    width=st.integers(20, 200),
)
def test_kaya_card_carries_number_coins_and_colour_name(colour, number, coins, width) -> None:
    svg = kaya_card_svg(colour, number, coins, width=width)
    root = ET.fromstring(svg)
    assert root.get("width") == str(width)
    words = texts(svg)
    assert str(number) in words and colour in words
    assert (f"\u2212{-coins}" if coins < 0 else str(coins)) in words  # a real minus sign
    assert first_rect_fill(svg).startswith("#")


def test_kaya_card_names_can_be_translated_and_errors_are_named() -> None:
    assert "Kuning" in texts(kaya_card_svg("yellow", 1, -1, colour_names={"yellow": "Kuning"}))
    with pytest.raises(ParseError):
        kaya_card_svg("purple", 3, 1)
    with pytest.raises(ParseError):
        kaya_card_svg("red", 10, 3)


def test_backs_rows_and_bars() -> None:
    back = card_back_svg(label="Ana", colour="red")
    assert "Ana" in texts(back)
    assert row_html([], empty="none").count("none") == 1
    assert row_html(["<svg/>", "<svg/>"]).count("<svg/>") == 2
    bars = probability_bars_html([("pair A", 0.5, True), ("three K", 1.7, False)], title="T")
    assert "50.0%" in bars and "100%" in bars and "width:100.0%" in bars
    assert bars.count("kaya-bar-mark") == 1


def test_drawings_define_no_ids_that_could_clash_in_a_page() -> None:
    drawings = [blef_card_svg("A", "S"), kaya_card_svg("red", 4, 2), card_back_svg(label="x")]
    for svg in drawings:
        assert " id=" not in svg and "url(#" not in svg


@pytest.mark.parametrize("lang", ["en", "id", "pl"])
def test_kaya_cards_mark_their_colour_in_the_page_language(lang: str) -> None:
    from kayalib.i18n import Translator
    from kayalib.words import KayaWords

    names = KayaWords(Translator(lang)).colour_names()
    marks = {}
    for colour in KAYA_COLOURS:
        texts = [e.text for e in ET.fromstring(kaya_card_svg(colour, 5, 1, colour_names=names))
                 .iter("{http://www.w3.org/2000/svg}text")]  # fmt: skip
        marks[colour] = texts[1]
        assert marks[colour] == names[colour][0].upper()
    assert len(set(marks.values())) == len(KAYA_COLOURS)  # a colour-blind player can tell them


def test_a_long_colour_name_is_written_smaller_to_fit_the_card() -> None:
    short = kaya_card_svg("red", 5, 1, colour_names={"red": "merah"})
    long = kaya_card_svg("orange", 5, 1, colour_names={"orange": "pomarańczowy"})
    assert 'font-size="12.0"' in short and 'font-size="9.0"' in long


def test_every_drawing_of_a_kaya_colour_carries_that_colours_own_shape() -> None:
    """A card face, a card back and a player's swatch: the same shape per colour, six shapes."""
    from kayalib.draw import KAYA_SHAPES, kaya_swatch_svg

    assert len(set(KAYA_SHAPES.values())) == len(KAYA_COLOURS)
    for colour in KAYA_COLOURS:
        mark = f"kaya-shape-{KAYA_SHAPES[colour]}"
        for svg in (kaya_card_svg(colour, 4, 1), kaya_card_svg(colour, 4, 1, dim=True),
                    card_back_svg(colour=colour), kaya_swatch_svg(colour)):  # fmt: skip
            ET.fromstring(svg)
            assert svg.count("kaya-shape ") == 1 and mark in svg, (colour, svg)
