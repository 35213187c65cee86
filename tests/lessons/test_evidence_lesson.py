"""Lesson 08: the small case's Bayes table against a brute force that plays the real game, the
figures the page states, and its widgets driven headlessly."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations

import pytest

from kayalib.blef.bids import Bid, holds
from kayalib.blef.cards import DECK, parse_cards
from kayalib.blef.game import BlefRules, BlefState
from kayalib.i18n import Translator
from kayalib.lessons.l08 import BluffSlider, FullCase, full_figures
from kayalib.lessons.maths.bayes_tables import (
    KING,
    queen_figures,
    rank_rows,
    small_figures,
    small_posterior,
)
from kayalib.registry import make_bot
from tests.lessons.conftest import shown_errors


def brute_force(mine: str, bid: str, size: int, bluff: Fraction, question: Bid):
    """Every hand the opponent may hold, dealt for real: its likelihood is what the honest bot's
    policy says in the opponent's own view of that deal, mixed with a uniform pick among the
    legal actions; returns ``({hand: posterior}, P(question true))``."""
    bot = make_bot("blef", "honest")
    mine_cards = parse_cards(mine)
    free = [card for card in DECK if card not in mine_cards]
    joint = {}
    for hand in combinations(free, size):
        state = BlefState.from_position(BlefRules(players=2), [hand, mine_cards], starter=0)
        view = state.view(0)
        honest = Fraction(bot.policy(view).get(Bid.parse(bid), 0.0)).limit_denominator()
        chance = (1 - bluff) * honest + bluff / len(state.legal_actions())
        joint[tuple(sorted(hand))] = chance  # each hand's prior is the same: it cancels
    total = sum(joint.values())
    posterior = {hand: weight / total for hand, weight in joint.items()}
    true = sum((p for hand, p in posterior.items() if holds(question, hand + mine_cards)),
               Fraction(0))  # fmt: skip
    return posterior, true


@pytest.mark.parametrize("bluff", [Fraction(0), Fraction(1, 5), Fraction(1, 2), Fraction(1)])
def test_the_small_bayes_table_matches_a_brute_force_over_the_real_deals(bluff) -> None:
    result = small_posterior(bluff)
    posterior, true = brute_force("9H", "high-card K", 1, bluff, KING)
    assert len(posterior) == 23
    assert result.table()[KING] == true
    rows = rank_rows(result)
    assert sum(row.hands for row in rows) == 23 and sum(r.posterior for r in rows) == 1
    for row in rows:
        by_force = sum(p for hand, p in posterior.items() if hand[0].rank == row.rank)
        assert row.posterior == by_force
        assert row.joint == row.hands * row.prior * row.likelihood
    if bluff == 1:  # a bidder who always picks at random tells nothing
        assert result.table()[KING] == result.prior_table()[KING] == Fraction(4, 23)


def test_the_stated_figures_add_up_as_the_page_says() -> None:
    small = small_figures(Fraction(1, 5))
    assert small["post"] == small["joint_king"] / small["total"]
    assert small["total"] == small["joint_king"] + small["joint_other"]
    assert small["lk_king"] == Fraction(4, 5) + Fraction(1, 5) / small["legal"]
    assert small["lk_other"] == Fraction(1, 5) / small["legal"]
    assert small["kings"] + small["others"] == small["hands"] == 23
    assert small["prior"] == Fraction(small["kings"], small["hands"])


def test_the_two_card_exercise_matches_a_brute_force() -> None:
    queen = Bid.parse("high-card Q")
    figures = queen_figures()
    posterior, true = brute_force("9H", "high-card K", 2, Fraction(0), queen)
    assert figures["p"] == true == Fraction(figures["queens"], figures["kept"])
    assert figures["hands"] == len(posterior) == 253
    assert figures["kept"] == sum(1 for p in posterior.values() if p)
    assert figures["kings"] * figures["lower"] == figures["kept"]
    assert figures["p"] < figures["prior"]  # the page says the bid made a queen less likely


def test_the_full_case_states_what_its_page_explains() -> None:
    figures = full_figures()
    assert figures["players"] == 4 and figures["cards"] == 8 and figures["hands"] == 231
    # the page explains the moved bid by the first bid "high card K" and your own king
    from kayalib.blef.bids import LADDER
    from kayalib.lessons.maths.bayes_tables import full_case_view

    full = full_case_view()
    assert LADDER[figures["moved_at"]] == Bid.parse("pair K")
    assert full.bids[0] == (0, KING) and any(card.rank == KING.params[0] for card in full.hand)
    assert figures["moved_post"] > figures["moved_prior"]


def test_the_bluff_slider_moves_the_posterior_between_proof_and_the_prior() -> None:
    slider = BluffSlider(lang="en")
    assert "98.6%" in slider.sentence.value and "17.4%" in slider.sentence.value
    assert slider.chart.value.startswith("<") and "img" in slider.chart.value
    slider.slider.value = 1.0
    assert slider.bluff == 1
    assert slider.sentence.value.count("17.4%") == 2  # tells nothing: posterior = prior
    slider.slider.value = 0.0
    assert "100.0%" in slider.sentence.value
    slider.set_language("pl")
    assert "98,6%" not in slider.sentence.value and "100,0%" in slider.sentence.value
    assert shown_errors(slider) == []


def test_the_full_case_redraws_with_the_bluff_rate() -> None:
    case = FullCase(lang="en")
    first = case.table.value
    assert "pair 10" in first and "★ pair K" in first and "Player 4" in case.deal.value
    case.slider.value = 1.0
    assert case.table.value != first and "+0.0 percentage points" in case.table.value
    assert shown_errors(case) == []


def test_dealing_it_agrees_with_the_bayes_table() -> None:
    """Rounds dealt for real, kept when the opponent said "high card K": the share with a king
    approaches the posterior (within four standard errors after 1,000 kept rounds)."""
    from kayalib.lessons.l08 import heard_simulator

    simulator = heard_simulator(seed=8)
    simulator.deal_many_button.click()
    exact = float(small_posterior(Fraction(1, 5)).table()[KING])
    assert simulator.trials == 1000
    assert abs(simulator.estimate - exact) < 4 * (exact * (1 - exact) / 1000) ** 0.5
    assert "your opponent held" in simulator.last_deal.value
    assert shown_errors(simulator) == []


def test_on_a_phone_the_slider_fits_and_the_bayes_table_shows_it_scrolls() -> None:
    """Measured in Chromium at 390 px: the slider was 416 px wide (its value off the screen),
    and the Bayes table scrolled sideways with no sign; now the slider takes the width it has
    (at most 32em) and the table sits in a box whose edge shadows show there is more."""
    from kayalib.lessons.kit.page import STYLE
    from kayalib.lessons.l08 import small_table_html

    slider = BluffSlider(lang="pl").slider
    assert (slider.layout.width, slider.layout.max_width) == ("100%", "32em")
    html = small_table_html(Translator("en"))
    assert html.startswith('<div class="kayalib-scroll">') and "<table" in html
    assert ".kayalib-scroll{" in STYLE and "background-attachment:local,local,scroll" in STYLE
