"""Blef bids: the 83-bid ladder, parsing in English and Polish, and when a bid holds."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kayalib.blef.bids import BID_KINDS, LADDER, Bid, best_bid, holds, true_bids
from kayalib.blef.cards import DECK, parse_cards
from kayalib.errors import ParseError

pools = st.integers(0, 24).flatmap(
    lambda size: st.permutations(DECK).map(lambda deck: tuple(deck[:size]))
)


def test_ladder_has_83_bids_in_kind_order():
    assert len(LADDER) == 83
    assert len(set(LADDER)) == 83
    assert [bid.index for bid in LADDER] == list(range(83))
    assert list(LADDER) == sorted(LADDER)
    kinds = [bid.kind for bid in LADDER]
    assert sorted(set(kinds), key=kinds.index) == list(BID_KINDS)
    assert Counter(kinds) == {
        "high-card": 6,
        "pair": 6,
        "two-pair": 15,
        "three": 6,
        "small-straight": 1,
        "big-straight": 1,
        "full": 30,
        "four": 6,
        "flush": 4,
        "small-poker": 4,
        "big-poker": 4,
    }


def test_ladder_ends():
    assert str(LADDER[0]) == "high-card 9"
    assert str(LADDER[-1]) == "big-poker spades"


# Each pair (lower, higher) is a rule of RULES.md's ordering.
@pytest.mark.parametrize(
    ("lower", "higher"),
    [
        ("high-card A", "pair 9"),
        ("pair A", "two-pair T 9"),
        ("two-pair K Q", "two-pair A 9"),
        ("two-pair A J", "two-pair A K"),
        ("two-pair A K", "three 9"),
        ("three A", "small-straight"),
        ("small-straight", "big-straight"),
        ("big-straight", "full 9 T"),
        ("full 9 A", "full T 9"),
        ("full 9 T", "full 9 A"),
        ("full K A", "full A 9"),
        ("full A K", "four 9"),
        ("four A", "flush clubs"),
        ("flush clubs", "flush diamonds"),
        ("flush diamonds", "flush hearts"),
        ("flush hearts", "flush spades"),
        ("flush spades", "small-poker clubs"),
        ("small-poker hearts", "small-poker spades"),
        ("small-poker spades", "big-poker clubs"),
        ("big-poker hearts", "big-poker spades"),
        ("high-card 9", "high-card T"),
    ],
)
def test_ladder_order_spot_checks(lower, higher):
    low, high = Bid.parse(lower), Bid.parse(higher)
    assert low < high and high > low and low <= high and high >= low
    assert not (high < low) and not (low >= high)
    assert LADDER.index(low) < LADDER.index(high)


def test_exact_ladder_positions():
    assert Bid.parse("pair 9").index == 6
    assert Bid.parse("two-pair T 9").index == 12
    assert Bid.parse("three 9").index == 27
    assert Bid.parse("small-straight").index == 33
    assert Bid.parse("big-straight").index == 34
    assert Bid.parse("full 9 T").index == 35
    assert Bid.parse("full A K").index == 64
    assert Bid.parse("four 9").index == 65
    assert Bid.parse("flush clubs").index == 71
    assert Bid.parse("small-poker clubs").index == 75
    assert Bid.parse("big-poker clubs").index == 79


@pytest.mark.parametrize("bid", LADDER, ids=str)
def test_round_trip_both_languages(bid):
    assert Bid.parse(str(bid)) == bid
    assert Bid.parse(bid.polish()) == bid
    assert Bid.parse(str(bid).upper()) == bid
    assert Bid.parse(bid.polish().upper()) == bid
    plain = bid.polish().replace("ż", "z").replace("ł", "l").replace("ó", "o")
    assert Bid.parse(plain) == bid
    assert Bid.parse(str(bid).replace("T", "10")) == bid
    assert eval(repr(bid), {"Bid": Bid}) == bid


def test_canonical_text():
    assert str(Bid("pair", (4,))) == "pair K"
    assert str(Bid("two-pair", (4, 0))) == "two-pair K 9"
    assert str(Bid("full", (0, 5))) == "full 9 A"
    assert str(Bid("flush", (3,))) == "flush spades"
    assert str(Bid("small-straight")) == "small-straight"


@pytest.mark.parametrize(
    ("text", "polish"),
    [
        ("pair K", "para K"),
        ("two-pair K 9", "dwie pary K 9"),
        ("big-poker spades", "duży poker pik"),
        ("small-poker clubs", "mały poker trefl"),
        ("high-card A", "wysoka karta A"),
        ("three T", "trójka T"),
        ("small-straight", "mały strit"),
        ("big-straight", "duży strit"),
        ("full 9 A", "full 9 A"),
        ("four Q", "kareta Q"),
        ("flush hearts", "kolor kier"),
        ("flush diamonds", "kolor karo"),
    ],
)
def test_polish_names(text, polish):
    assert Bid.parse(text).polish() == polish
    assert Bid.parse(polish) == Bid.parse(text)


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("duzy poker pik", "big-poker spades"),
        ("DUŻY POKER ♠", "big-poker spades"),
        ("Duży  poker   S", "big-poker spades"),
        ("maly strit", "small-straight"),
        ("trojka 10", "three T"),
        ("Trójka t", "three T"),
        ("para a", "pair A"),
        ("dwie pary k 9", "two-pair K 9"),
        ("kolor ♥", "flush hearts"),
        ("kolor h", "flush hearts"),
        ("flush Kier", "flush hearts"),
        ("two pair A, K", "two-pair A K"),
        ("two_pair a k", "two-pair A K"),
        ("high card 10", "high-card T"),
        ("full house Q K", "full Q K"),
        ("four of a kind 9", "four 9"),
        ("small poker trefl", "small-poker clubs"),
        ("  pair 9  ", "pair 9"),
    ],
)
def test_parse_variants(text, canonical):
    assert str(Bid.parse(text)) == canonical


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("two-pair 9 K", "higher pair comes first"),
        ("dwie pary 9 K", "higher pair comes first"),
        ("two-pair K K", "two different ranks"),
        ("full 9 9", "two different ranks"),
        ("pair", "takes a rank"),
        ("pair 9 T", "takes a rank"),
        ("two-pair K", "takes two ranks"),
        ("small-straight 9", "takes no parameter"),
        ("flush", "takes a suit"),
        ("flush 9", "not a suit"),
        ("pair S", "not a Blef rank"),
        ("pair 8", "not a Blef rank"),
        ("royal flush", "not a Blef bid"),
        ("", "not a Blef bid"),
        ("sprawdzam", "not a Blef bid"),
    ],
)
def test_parse_rejects(text, message):
    with pytest.raises(ParseError, match=message):
        Bid.parse(text)


def test_parse_rejects_non_text():
    with pytest.raises(ParseError):
        Bid.parse(None)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("kind", "params"),
    [
        ("pair", (6,)),
        ("pair", (-1,)),
        ("pair", ()),
        ("pair", [1]),
        ("flush", (4,)),
        ("two-pair", (0, 1)),
        ("two-pair", (2, 2)),
        ("full", (3, 3)),
        ("small-straight", (0,)),
        ("straight", ()),
        ("big-poker", ("S",)),
    ],
)
def test_constructor_refuses_bids_off_the_ladder(kind, params):
    with pytest.raises(ParseError):
        Bid(kind, params)


def test_equality_hash_and_foreign_comparisons():
    assert Bid("pair", (4,)) == Bid.parse("para K")
    assert len({Bid("pair", (4,)), Bid.parse("pair K"), Bid.parse("pair A")}) == 2
    with pytest.raises(TypeError):
        _ = Bid.parse("pair K") < 3  # type: ignore[operator]
    with pytest.raises(AttributeError):
        Bid.parse("pair K").kind = "three"  # type: ignore[misc]


# Each row: bid, pool, expected. Every kind has true cases and false near-misses.
HOLDS_TABLE = [
    ("high-card 9", "9H", True),
    ("high-card 9", "TH JS AS", False),
    ("high-card A", "", False),
    ("pair K", "KH KS", True),
    ("pair K", "KH QS 9D", False),
    ("pair K", "KH KS KD KC", True),
    ("two-pair K 9", "KH KS 9D 9C", True),
    ("two-pair K 9", "KH KS KD 9C", False),
    ("two-pair K 9", "KH KS KD 9C 9H", True),
    ("two-pair A T", "AH AS TD JC JD", False),
    ("three J", "JH JS JD", True),
    ("three J", "JH JS QD QS", False),
    ("small-straight", "9C TD JH QS KC", True),
    ("small-straight", "9C TC JC QC KC", True),
    ("small-straight", "TD JH QS KC AD", False),
    ("small-straight", "9C TD JH QS AS", False),
    ("big-straight", "TD JH QS KC AD", True),
    ("big-straight", "9C TD JH QS KC", False),
    ("big-straight", "TD JH QS KC AD 9S 9H", True),
    ("full K 9", "KS KH KD 9D 9C", True),
    ("full 9 K", "KS KH KD 9D 9C", False),
    ("full 9 K", "9S 9H 9D KD KC", True),
    ("full K 9", "KS KH 9D 9C 9H", False),
    ("full K 9", "KS KH KD 9D", False),
    ("full K 9", "KS KH KD KC 9D 9C 9H", True),
    ("full A Q", "AS AH AD QS KC KD", False),
    ("four T", "TS TH TD TC", True),
    ("four T", "TS TH TD AC AS", False),
    ("flush hearts", "9H TH JH KH AH", True),
    ("flush hearts", "9H TH JH KH AS", False),
    ("flush hearts", "9H TH JH KH QH AH", True),
    ("flush spades", "9H TH JH KH AH", False),
    ("small-poker spades", "9S TS JS QS KS", True),
    ("small-poker spades", "9S TS JS QS KH", False),
    ("small-poker spades", "TS JS QS KS AS", False),
    ("small-poker hearts", "9H TH JH QH KH AS", True),
    ("big-poker clubs", "TC JC QC KC AC", True),
    ("big-poker clubs", "9C TC JC QC KC", False),
    ("big-poker clubs", "TC JC QC KC AD", False),
    ("big-poker diamonds", "TD JD QD KD AD", True),
]


@pytest.mark.parametrize(("bid", "pool", "expected"), HOLDS_TABLE)
def test_holds(bid, pool, expected):
    assert holds(Bid.parse(bid), pool) is expected
    assert holds(Bid.parse(bid), parse_cards(pool)) is expected
    assert true_bids(pool)[Bid.parse(bid).index] is expected


def test_holds_table_covers_every_kind_both_ways():
    seen = {(Bid.parse(bid).kind, expected) for bid, _, expected in HOLDS_TABLE}
    assert seen == {(kind, value) for kind in BID_KINDS for value in (True, False)}


def test_holds_refuses_duplicate_cards():
    with pytest.raises(ParseError):
        holds(Bid.parse("pair A"), [DECK[-1], DECK[-1]])
    with pytest.raises(ParseError):
        holds(Bid.parse("pair A"), "AS AS")


def test_every_bid_is_true_for_the_whole_deck_and_false_for_nothing():
    assert true_bids(DECK) == [True] * 83
    assert true_bids([]) == [False] * 83
    assert best_bid(DECK) == LADDER[-1]
    assert best_bid("") is None


@pytest.mark.parametrize(
    ("pool", "best"),
    [
        ("9C", "high-card 9"),
        ("9C AS", "high-card A"),
        ("AS AH 9C 9D", "two-pair A 9"),
        ("9S TS JS QS KH", "small-straight"),
        ("AS AH AD 9C 9D KS KH", "full A K"),
        ("9H TH JH QH KH AS", "small-poker hearts"),
        ("9H TH JH QH KH AH", "big-poker hearts"),
        ("9C 9D 9H 9S", "four 9"),
        ("9C TC JC AC KC", "flush clubs"),
    ],
)
def test_best_bid(pool, best):
    assert best_bid(pool) == Bid.parse(best)


@given(pools)
def test_fast_truth_vector_matches_holds(pool):
    assert true_bids(pool) == [holds(bid, pool) for bid in LADDER]


@given(st.permutations(DECK), st.integers(0, 24), st.integers(0, 24))
def test_bids_are_at_least_claims(deck, size, more):
    """Adding cards to the pool never makes a true bid false."""
    pool, bigger = tuple(deck[:size]), tuple(deck[: size + more])
    before, after = true_bids(pool), true_bids(bigger)
    assert all(a or not b for a, b in zip(after, before, strict=True))
