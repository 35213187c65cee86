"""Lessons 09 and 10's widgets driven headlessly: rounds against each bot, the match with
intervals, the truth dial, the pictures with their text equivalents, in every language."""

from __future__ import annotations

import base64

import pytest

from kayalib.blef.equilibrium import solved
from kayalib.i18n import Translator
from kayalib.lessons.l09 import EquilibriumMatch, RoundPlayer, opening_ranges_chart
from kayalib.lessons.l10 import TruthDial, opening_values_html, strategy_chart, strategy_png
from kayalib.lessons.maths.exploitation import exploitation
from kayalib.pages.language import fill, set_language
from kayalib.words import BlefWords
from tests.lessons.conftest import PNG, shown_errors
from tests.lessons.pages import visible_text


def play_out(player: RoundPlayer) -> None:
    """Bid the lowest bid offered, or check when the bot has bid: to the end of the round."""
    while not player.over:
        if player.can_check and player.rounds % 2:
            player.check_button.click()
        elif not player.bid_button.disabled:
            player.bid_button.click()
        else:
            player.check_button.click()


@pytest.mark.parametrize("bot", ["honest", "always-bluffer", "cfr"])
def test_rounds_against_each_bot_are_counted(bot: str) -> None:
    player = RoundPlayer(bots=(bot,), seed=5, lang="en")
    for _ in range(4):
        play_out(player)
        outcome = visible_text(player.outcome.value)
        assert "You won this round." in outcome or "You lost this round." in outcome
        check = player.check
        said = "You said" if check.seat == player.human else "The bot said"
        assert f"{said} “sprawdzam!”" in outcome
        assert f"The bid is {'true' if check.true else 'false'}." in outcome
        shown = visible_text(player.table.value)
        assert "sprawdzam" in shown
        # the page shows the round that was checked: its bids and both of its cards
        assert player.state.bids and player.state.counts == (1, 1)
        words = BlefWords(Translator("en"), str)
        assert all(words.bid_text(bid) in shown for _seat, bid in player.state.bids)
        assert all(f"{words.rank(hand[0].rank)} " in f"{shown} " for hand in player.state.hands)
        player.new_button.click()
    won, played = player.results[bot]
    assert played == 4 and 0 <= won <= 4
    assert str(played) in visible_text(player.tally.value)
    assert player.bid_button.description == "Bid" and player.new_button.description == "New round"
    assert not shown_errors(player)


def test_the_same_seed_deals_the_same_rounds() -> None:
    one, two = RoundPlayer(bots=("cfr",), seed=8, lang="en"), RoundPlayer(bots=("cfr",), seed=8,
                                                                           lang="en")  # fmt: skip
    play_out(one)
    play_out(two)
    assert one.table.value == two.table.value and one.results == two.results


def test_against_the_always_bluffer_its_bid_never_names_its_card() -> None:
    player = RoundPlayer(bots=("always-bluffer",), seed=2, lang="en")
    for _ in range(6):
        state = player.state
        bot_seat = 1 - player.human
        for seat, bid in state.bids:
            if seat == bot_seat:
                assert bid.params[0] != state.hands[bot_seat][0].rank
        play_out(player)
        player.new_button.click()


def test_the_round_player_speaks_polish() -> None:
    player = RoundPlayer(bots=("cfr", "honest"), seed=3)
    set_language("pl")
    assert player.new_button.description == "Nowa runda"
    assert "cfr (równowaga)" in [label for label, _ in player.opponent.options]
    player.opponent.value = "honest"  # switching the opponent deals a new round
    assert player.rounds == 2 and not player.over


def test_the_match_puts_every_bot_beside_its_exact_value() -> None:
    match = EquilibriumMatch(bots=("honest", "cfr"), rounds=200, seed=4, lang="en")
    assert match.run_button.description == "Play the rounds"
    results = match.run()
    assert [(bot, r.games) for bot, r in results] == [("honest", 200), ("cfr", 200)]
    assert match.progress.value == match.progress.max == 400
    said = match.sentences()
    assert len(said) == 2 and all("95% confidence interval" in s for s in said)
    exact = -float(exploitation("honest").equilibrium_average)
    assert f"{exact:.3f}".lstrip("-") in said[0]
    png = base64.b64decode(match.chart.value.split("base64,")[1].split('"')[0])
    assert png.startswith(PNG)
    assert not shown_errors(match)
    match.set_language("pl")
    assert "przedział ufności 95%" in " ".join(match.sentences())


def test_the_pictures_have_text_equivalents_in_every_language() -> None:
    assert strategy_png(Translator("en")).startswith(PNG)
    grid = strategy_chart()
    assert "9: 100.0%" in grid.alt and "10: 61.1%" in grid.alt
    set_language("pl")
    assert "10: 61,1%" in grid.alt
    dial = TruthDial()
    value = -solved().value
    assert f"{value:.4f}".replace(".", ",") in dial.chart.alt
    ranges = opening_ranges_chart()
    assert "10" in ranges.alt and "<table" in ranges.value
    table = visible_text(opening_values_html(Translator("id")))
    assert "\u221215/23" in table and "-15/23" not in table and "38,9%" in table


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_the_truth_dial_starts_at_the_share_the_question_beside_it_says(lang) -> None:
    """The question says the cfr bot's 10 tells the truth 39% of the time: the dial starts
    there, in whole percent, its sentence says the same share, and there the best reply wins
    what it wins against the equilibrium."""
    dial = TruthDial(lang=lang)
    t = Translator(lang)
    question = fill(t, t("l10.vs_dial"), share=dial.figures["share"])  # as the page fills it
    shown = f"{dial.slider.value}%"
    assert dial.slider.step == 1 and shown in question and shown in dial.sentence.value
    assert abs(dial.reply_wins() - float(dial.figures["value"])) < 1e-9


def test_the_truth_dial_opens_after_a_few_settings_and_follows_them() -> None:
    dial = TruthDial(lang="en")
    assert not dial.gate.opened
    dial.slider.value = 100
    assert "more than" in dial.sentence.value  # a 10 that always tells the truth is exploited
    dial.slider.value = 40
    assert "no more than" in dial.sentence.value
    dial.slider.value = 0
    assert dial.gate.opened and shown_errors(dial) == []


def test_two_rounds_one_in_each_seat_open_what_follows() -> None:
    """The mini-game is short: after one round bidding first and one bidding second the page
    goes on (a student may play more); the count of rounds left says so until then."""
    player = RoundPlayer(bots=("honest",), seed=5, lang="en")
    seats = []
    for _ in range(2):
        assert not player.gate.opened
        assert "more round" in visible_text(player.outcome.value)
        seats.append(player.human == player.state.starter)
        play_out(player)
        player.new_button.click()
    assert player.gate.opened and sorted(seats) == [False, True]
    assert "more round" not in visible_text(player.outcome.value)
