"""Cards, colours and the rules object."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kayalib.errors import ParseError, RulesError
from kayalib.kaya.cards import COLORS, DECK, Card, Color, card, parse_color
from kayalib.kaya.rules import DEFAULT_COINS, KayaRules


def test_colours_in_seed_order_with_indonesian_names():
    assert [c.value for c in COLORS] == ["green", "red", "blue", "pink", "yellow", "orange"]
    assert [c.indonesian for c in COLORS] == ["Hijau", "Merah", "Biru", "Pink", "Kuning", "Oranye"]
    assert sorted([Color.ORANGE, Color.GREEN, Color.PINK]) == [
        Color.GREEN, Color.PINK, Color.ORANGE
    ]  # fmt: skip


def test_deck_has_54_distinct_cards_ordered_by_colour_then_number():
    assert len(DECK) == len(set(DECK)) == 54
    assert list(DECK) == sorted(DECK)
    assert Card(Color.GREEN, 9) < Card(Color.RED, 1) < Card(Color.RED, 2)


@pytest.mark.parametrize(
    ("text", "expected"),
    [("blue-7", "blue-7"), ("Biru-7", "blue-7"), ("KUNING 2", "yellow-2"), ("oranye-4", "orange-4"),
     ("hijau3", "green-3"), (" pink-5 ", "pink-5"), ("merah_9", "red-9")],
)  # fmt: skip
def test_parse_english_and_indonesian(text, expected):
    assert str(Card.parse(text)) == expected


@pytest.mark.parametrize("junk", ["", "blue", "blue-0", "blue-10", "purple-3", "7-blue", "blue-x",
                                  "blue--", 7, None])  # fmt: skip
def test_parse_junk_is_a_parse_error(junk):
    with pytest.raises(ParseError):
        Card.parse(junk)


def test_card_checks_its_number_and_colour():
    with pytest.raises(ParseError):
        Card(Color.BLUE, 10)
    with pytest.raises(ParseError):
        Card("violet", 3)  # type: ignore[arg-type]
    assert Card("biru", 3) == card(Color.BLUE, 3)  # type: ignore[arg-type]
    assert parse_color("Kuning") is Color.YELLOW


@given(st.sampled_from(DECK))
def test_str_and_parse_round_trip_and_hash_matches_equality(c):
    again = Card.parse(str(c))
    assert again == c and hash(again) == hash(Card(c.color, c.number))
    assert Card.parse(f"{c.color.indonesian}-{c.number}") == c


def test_default_rules():
    rules = KayaRules()
    assert rules.colors == (Color.GREEN, Color.RED, Color.BLUE, Color.PINK)
    assert rules.players == 4
    assert rules.coins == DEFAULT_COINS == (1, 1, 1, 2, 2, 2, 3, 3, 3)
    assert rules.coins_json() == {str(n): (n + 2) // 3 for n in range(1, 10)}


def test_bonus_values_yellow_1_to_3_negative():
    rules = KayaRules()
    values = {str(c): rules.bonus_value(c) for c in DECK}
    assert values["yellow-1"] == values["yellow-2"] == values["yellow-3"] == -1
    assert values["yellow-4"] == 2 and values["green-1"] == 1 and values["orange-9"] == 3
    custom = KayaRules(coins={n: n for n in range(1, 10)})
    assert custom.bonus_value(Card.parse("yellow-3")) == -3
    assert custom.bonus_value(Card.parse("yellow-4")) == 4


def test_rules_accept_names_and_sequences():
    rules = KayaRules(("Kuning", "orange"), coins=[1, 2, 3, 4, 5, 6, 7, 8, 9])
    assert rules.colors == (Color.YELLOW, Color.ORANGE) and rules.coin_value(9) == 9
    assert KayaRules(coins={str(n): 2 for n in range(1, 10)}).coins == (2,) * 9
    assert KayaRules.for_players(6).colors == COLORS


@pytest.mark.parametrize(
    "kwargs",
    [dict(colors=("green",)), dict(colors=tuple(COLORS) + (Color.GREEN,)),
     dict(colors=("green", "green")), dict(colors=("green", "purple")), dict(colors="green"),
     dict(coins={n: 1 for n in range(1, 9)}), dict(coins={n: 0 for n in range(1, 10)}),
     dict(coins=[1] * 10), dict(coins=[1.5] * 9), dict(coins={"x": 1})],
)  # fmt: skip
def test_bad_rules_are_refused(kwargs):
    with pytest.raises(RulesError):
        KayaRules(**kwargs)


@pytest.mark.parametrize("players", [1, 7, 0, "4"])
def test_for_players_range(players):
    with pytest.raises(RulesError):
        KayaRules.for_players(players)  # type: ignore[arg-type]
