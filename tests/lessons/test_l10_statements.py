"""Lesson 10 states only what its numbers show: an opening the equilibrium never makes is valued
with the first bidder's best play after it (not with the unoptimised moves an equilibrium leaves
there), claims about *every* equilibrium come from the linear programme's ranges, and a
comparison that depends on the equilibrium picked says so."""

from __future__ import annotations

from fractions import Fraction

from kayalib.blef.equilibrium import HEADS_UP, solved
from kayalib.i18n import Translator
from kayalib.lessons import l09, l10
from kayalib.lessons.maths.exploitation import TEN, opening_values
from tests.lessons.pages import visible_text

EN = Translator("en")


def test_an_opening_never_made_is_valued_with_the_best_play_after_it() -> None:
    eq = solved()
    solver, tree = eq.solver, eq.solver.tree
    other = solver.reach(eq.profile, 1)
    plain = solver.values(0, eq.profile)
    card_value = l09.every_equilibrium()["card_values"]
    for card in range(6):
        weight = float((other[0][0] @ solver.deal[0])[card])
        for (bid, value, share), b in zip(opening_values(card), range(len(HEADS_UP.bids)),
                                          strict=True):  # fmt: skip
            depth, row = tree.locate(1 << b)
            unoptimised = float(plain[depth][row, card]) / weight
            assert float(value) >= unoptimised - 1e-9, bid  # the best play is never worse
            assert float(value) <= float(card_value[card]) + 1e-6, bid  # no opening beats it
            if share > 1e-9:  # an opening the equilibrium makes is worth the card's value
                assert abs(float(value) - float(card_value[card])) < 1e-6, bid
    nine = {str(bid): float(value) for bid, value, _ in opening_values(0)}
    assert round(nine["high-card 9"], 3) == -0.667  # with the unoptimised play: -0.715
    ten = {str(bid): float(value) for bid, value, _ in opening_values(TEN)}
    assert round(ten["high-card 9"], 3) == -0.654  # with the unoptimised play: -0.946


def test_every_equilibrium_is_claimed_only_from_the_linear_programme() -> None:
    nine = l10.nine_figures()
    low, high = l09.every_equilibrium()["ranges"][0]
    assert (nine["nine_low"], nine["nine_high"]) == (low, high) == (1, 1)
    said = EN(f"l10.{nine['sentence']}")
    assert "**every** equilibrium" in said and "linear programme" in said
    assert "every equilibrium" not in EN("l10.indifference_after")


def test_two_cards_against_one_is_compared_only_where_every_equilibrium_agrees() -> None:
    figures = l10.uneven_figures()
    ranges = l09.every_equilibrium()["ranges"]
    assert (figures["even_low"], figures["even_high"]) == (Fraction(1, 6), Fraction(1, 3))
    assert figures["even_low"] == sum(low for low, _ in ranges) / 6
    assert figures["even_low"] <= figures["open_even"] <= figures["even_high"]
    said = visible_text(l10.uneven_html(EN))
    assert figures["even_low"] < figures["open_uneven"] < figures["even_high"]
    assert "depends on which equilibria are compared" in said
    assert EN.percent(1 / 6, 0) in said and EN.percent(1 / 3, 0) in said
    assert figures["pair_bluff"] == 0 and "never bluffs its opening" in said
    assert "at most 0" not in said
    assert figures["answer_uneven"] > figures["answer_even"]  # "it cannot win by truth alone"
    for lang in ("id", "pl"):
        t = Translator(lang)
        assert t.percent(1 / 3, 0) in visible_text(l10.uneven_html(t))
