"""Blef lesson pieces against the engine: ladder browser, scripted game, heat maps, fairness,
bid simulator and bluffing bots."""

from __future__ import annotations

import math
import re
from fractions import Fraction
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kayalib.blef import BID_KINDS, DECK, LADDER, Bid, holds, parse_cards
from kayalib.blef.game import BlefRules, BlefState
from kayalib.blef.odds import bid_probability, brute_force_table
from kayalib.i18n import Translator
from kayalib.lessons.l02 import LadderBrowser, blef_walkthrough
from kayalib.lessons.l03 import BidSimulator, HeatmapExplorer
from kayalib.lessons.l04 import FairnessExplorer, fair_orders_html
from kayalib.lessons.maths.ladder import (
    example_pool,
    fair_kind_order,
    impossible_kinds,
    kind_inversions,
    kind_probabilities,
    probability_grid,
)
from kayalib.words import BlefWords
from tests.lessons.conftest import shown_errors

EN = Translator("en")


@pytest.mark.parametrize("bid", LADDER, ids=str)
def test_example_pool_is_true_and_minimal(bid: Bid) -> None:
    pool = example_pool(bid)
    assert holds(bid, pool)
    for smaller in combinations(pool, len(pool) - 1):
        assert not holds(bid, smaller), f"{bid}: {pool} is not the smallest pool"


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("pair K", "at least two cards of rank K"),
        ("two-pair A T", "at least two of rank A and at least two of rank 10"),
        ("full 9 A", "at least three of rank 9 and at least two of rank A"),
        ("flush hearts", "at least five hearts"),
        ("big-poker spades", "the 10, J, Q, K and A of spades"),
    ],
)
def test_meaning_in_words_comes_from_the_narrator(text: str, words: str) -> None:
    assert BlefWords(EN).meaning(Bid.parse(text)) == words


def test_ladder_browser_steps_and_shows_exact_probability_in_the_apps_words() -> None:
    browser = LadderBrowser(start=1, cards=2, lang="en")
    assert browser.back_button.disabled and "#1 of 83" in browser.card.value
    browser.next_button.click()
    assert browser.bid == LADDER[1] and "high card 10" in browser.card.value
    browser.position.value = 83
    assert browser.next_button.disabled and "big poker spades" in browser.card.value
    assert "duży poker pik" in browser.card.value  # the seed's own name beside it
    browser.position.value = 7  # pair 9 with 2 cards: 1/46 (C(4,2)/C(24,2) = 6/276)
    assert "exactly 1/46" in browser.card.value
    browser.cards.value = 24
    assert "100.00%" in browser.card.value
    polish = LadderBrowser(start=7, cards=2, lang="pl")
    assert "para 9" in polish.card.value and "dokładnie 1/46" in polish.card.value
    assert "2,17%" in polish.card.value  # a decimal comma
    assert shown_errors(browser) == []


def test_probability_grid_matches_the_engine_and_blanks_impossible_columns() -> None:
    grid = probability_grid("AS KH")
    assert len(grid) == 83 and all(len(row) == 24 for row in grid)
    assert math.isnan(grid[0][0])  # one card in play cannot include a two-card hand
    pair_a = Bid.parse("pair A")
    for cards in (2, 5, 13, 24):
        assert grid[pair_a.index][cards - 1] == float(bid_probability(pair_a, "AS KH", cards))


def test_heatmap_explorer_redraws_for_the_chosen_hand_with_a_text_equivalent() -> None:
    explorer = HeatmapExplorer(lang="en")
    empty = explorer.chart.value
    assert "data:image/png;base64," in empty and "no known cards" in explorer.summary.value
    assert "83 bids" in explorer.chart.alt and "<table" in empty
    explorer.hand_picker.value = parse_cards("AS AH")
    assert explorer.hand == tuple(sorted(parse_cards("AS AH")))
    assert explorer.chart.value != empty and "A♥ A♠" in explorer.chart.alt
    assert shown_errors(explorer) == []


def test_bid_simulator_rebuilds_for_new_choices_and_reports_bad_hands() -> None:
    sim = BidSimulator(bid="pair A", cards=6, seed=1, lang="en")
    assert sim.simulator.exact == Fraction(445, 1771)
    sim.simulator.deal_many_button.click()
    assert sim.simulator.trials == 1000
    sim.cards_box.value = 2
    assert sim.simulator.exact == Fraction(1, 46) and sim.simulator.trials == 0
    sim.hand_box.value = "AS"
    sim.apply_button.click()
    assert sim.simulator.exact == Fraction(3, 23)
    sim.simulator.deal_one_button.click()
    assert "A♠" in sim.simulator.last_deal.value  # your card is always in the pool
    for bad in ("AS AS", "AS KS QS"):
        sim.hand_box.value = bad
        sim.apply_button.click()
        assert "not a hand of Blef cards" in sim.problem.value, bad


def test_a_bad_hand_clears_the_old_exact_value() -> None:
    """Issue 10: a parse error left the previous exact value on screen."""
    sim = BidSimulator(bid="pair A", cards=6, seed=1, lang="en")
    assert "445/1771" not in sim.simulator.summary.value  # not before the student has dealt
    sim.simulator.deal_many_button.click()
    assert "445/1771" in sim.simulator.summary.value and sim.gate.opened
    sim.hand_box.value = "AS ZZ"
    sim.apply_button.click()
    assert sim.simulator is None and sim.holder.children == ()
    assert "445/1771" not in str([w.value for w in sim.children if hasattr(w, "value")])
    assert "AS ZZ" in sim.problem.value


def test_bid_simulator_estimate_agrees_with_brute_force() -> None:
    sim = BidSimulator(bid="high-card K", cards=3, hand="9C", seed=4)
    for _ in range(3):
        sim.simulator.deal_many_button.click()
    exact = brute_force_table("9C", 3)[Bid.parse("high-card K")]
    assert sim.simulator.exact == exact
    assert abs(sim.simulator.estimate - float(exact)) < 0.04


def test_kind_probabilities_equal_every_bid_of_the_kind() -> None:
    for cards in (3, 10, 20):
        p = kind_probabilities(cards)
        for bid in LADDER:
            assert bid_probability(bid, "", cards, exact=True) == p[bid.kind]


@pytest.mark.parametrize("cards", range(1, 25))
def test_kind_inversions_cover_every_pair_not_only_neighbours(cards: int) -> None:
    p = kind_probabilities(cards)
    inversions = kind_inversions(cards)
    for i, low in enumerate(BID_KINDS):
        for high in BID_KINDS[i + 1 :]:
            assert ((low, high) in inversions) == (p[high] > p[low] > 0)
    fair = fair_kind_order(cards)
    assert sorted(fair + impossible_kinds(cards)) == sorted(BID_KINDS)
    assert all(p[a] >= p[b] > 0 for a, b in zip(fair, fair[1:], strict=False))


def test_no_kind_is_compared_with_an_impossible_one() -> None:
    """Issue 20: at 4 cards the fair ladder ordered kinds that are all exactly 0, and the red "!"
    boxes flagged four of a kind as more likely than an impossible straight."""
    assert kind_inversions(4) == [("two-pair", "three")]
    assert "small-straight" not in fair_kind_order(4) and "small-straight" in impossible_kinds(4)
    text = fair_orders_html(EN, (4,))
    assert "impossible" in text and "small straight" in text.split("impossible")[-1]
    explorer = FairnessExplorer(cards=4, lang="en")
    assert "four ⚠" not in explorer.table.value and "impossible" in explorer.table.value


def test_the_non_neighbour_pairs_the_old_check_missed_are_flagged() -> None:
    """Issue 10: comparing only neighbouring kinds missed out-of-order pairs at 10-21 cards."""
    for cards in range(10, 22):
        found = kind_inversions(cards)
        adjacent = [(lo, hi) for lo, hi in found if BID_KINDS.index(hi) == BID_KINDS.index(lo) + 1]
        assert ("pair", "small-straight") in found and ("two-pair", "big-straight") in found
        assert len(found) - len(adjacent) >= 5


def test_fair_ladder_lines_read_from_most_to_least_likely_without_less_than() -> None:
    text = fair_orders_html(EN, (10,))
    assert "<" not in text.replace("<t", "").replace("</", "") and "→" in text
    assert "most likely" in text


def test_fairness_explorer_flags_every_kind_more_likely_than_a_lower_one() -> None:
    def flagged(explorer: FairnessExplorer) -> list[str]:
        rows = re.findall(r"<tr><td>(\d+)</td><td>([^<]+)</td>", explorer.table.value)
        assert len(rows) == 11
        return [kind for _, kind in rows if "⚠" in kind]

    explorer = FairnessExplorer(cards=10, lang="en")
    assert flagged(explorer) == ["small straight (9–K) ⚠", "big straight (10–A) ⚠", "flush ⚠"]
    explorer.cards.value = 4
    assert flagged(explorer) == ["three of a kind ⚠"]
    explorer.cards.value = 1
    assert flagged(explorer) == []
    assert shown_errors(explorer) == []


def test_walkthrough_is_a_real_game_told_in_the_apps_words() -> None:
    stepper = blef_walkthrough(lang="en")
    titles = [step.title for step in stepper.steps]
    assert titles[0] == "The deal" and titles[-1] == "Two ways to end"
    checks = [step for step in stepper.steps if "sprawdzam" in step.title]
    assert len(checks) >= 3
    assert any("is out" in step.text for step in checks)
    assert "wins after" in checks[-1].text
    first = checks[0]
    assert "pair 9" in first.text and "Bartek" in first.text and "false" in first.text
    assert not re.search(r"\b(two-pair|full [9TJQKA] [9TJQKA]|seat \d)\b", " ".join(
        s.text + s.title for s in stepper.steps))
    state = BlefState.from_position(BlefRules(players=3, max_cards=2), ["AS", "9H", "KD"], seed=4)
    state = state.apply("high-card A").apply("pair 9").apply("check")
    assert state.counts == (1, 2, 1)


def test_walkthrough_is_deterministic_and_speaks_polish() -> None:
    one, two = blef_walkthrough(seed=6, lang="en"), blef_walkthrough(seed=6, lang="en")
    assert [s.text for s in one.steps] == [s.text for s in two.steps]
    polish = blef_walkthrough(seed=6, lang="pl")
    assert polish.steps[0].title == "Rozdanie" and "sprawdzam" in polish.steps[3].text


@settings(max_examples=25, deadline=None)
@given(st.lists(st.sampled_from(DECK), min_size=0, max_size=4, unique=True), st.integers(4, 8))
def test_grid_column_sums_match_brute_force_on_small_draws(hand, cards) -> None:
    if cards - len(hand) > 3:
        cards = len(hand) + 3
    grid = probability_grid(hand)
    exact = brute_force_table(hand, cards)
    for bid in LADDER[::7]:
        assert grid[bid.index][cards - 1] == pytest.approx(float(exact[bid]), abs=1e-12)


def test_large_counts_in_a_division_keep_their_separators() -> None:
    """Lesson 03's step 3 divides 33,820 deals by 134,596: numbers, written the language's way
    (a fraction written 33820/134596 keeps none)."""
    from kayalib.i18n import Translator
    from kayalib.pages.language import fill

    for lang, shown in (("en", "33,820 / 134,596"), ("pl", "33\u00a0820 / 134\u00a0596"),
                        ("id", "33.820 / 134.596")):  # fmt: skip
        t = Translator(lang)
        said = fill(t, t("l03.step3"), favourable=33820, total=134596, p=0, d=0.0)
        assert shown in said or shown.replace("\u00a0", " ") in said, (lang, said[:200])


def test_the_heat_maps_table_has_the_columns_the_lessons_ask_about() -> None:
    from kayalib.i18n import Translator
    from kayalib.lessons.l03 import heatmap_text
    from kayalib.lessons.maths.ladder import probability_grid

    t = Translator("en")
    _alt, table = heatmap_text(t, [], probability_grid([]))
    for n in (9, 10, 11):
        assert f"<th>{n} cards</th>" in table


def test_switching_the_language_keeps_the_deals() -> None:
    """Lesson 03's 1,000 deals survive a language switch (new option labels used to set the
    bid again, which dealt a fresh simulator)."""
    from kayalib.lessons.l03 import BidSimulator
    from kayalib.pages.language import set_language

    simulator = BidSimulator(bid="pair A", cards=6, seed=1, free=False)
    simulator.simulator.deal(1000)
    before = simulator.simulator
    set_language("pl")
    try:
        assert simulator.simulator is before and before.trials == 1000
        from kayalib.i18n import Translator

        assert f"/ {Translator('pl').number(1000, 0)} =" in before.summary.value  # in Polish
    finally:
        set_language("en")
