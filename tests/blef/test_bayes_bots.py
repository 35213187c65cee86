"""The honest and the bayes bots on rigged positions (their strength is measured in
``benchmarks/bench_blef_inference.py``, not here)."""

from __future__ import annotations

import random

import pytest

from kayalib.blef.bids import Bid, holds
from kayalib.blef.bots import (
    CHANCE_DIGITS,
    BayesBot,
    HonestBot,
    OddsBot,
    play_by_odds,
    rounded_chances,
)
from kayalib.blef.game import CHECK, BlefRules, BlefState
from kayalib.blef.inference import OpponentModel, infer
from kayalib.blef.odds import probabilities
from kayalib.simulate import play_game


def position(hands, starter, *bids):
    state = BlefState.from_position(BlefRules(players=len(hands)), hands, starter=starter)
    for bid in bids:
        state = state.apply(bid)
    return state, state.view(state.current_player)


@pytest.mark.parametrize(
    ("hands", "bids", "expected"),
    [
        (["KS KH", "9C"], [], "pair K"),  # opens with the best figure of its cards
        (["9C TD JH QS KC", "AS"], [], "small-straight"),
        (["AS", "KS KH"], ["high-card A"], "pair K"),  # the lowest higher bid its cards make
        (["AS", "KS 9H"], ["high-card Q"], "high-card K"),
        (["AS", "KS 9H"], ["high-card A"], "check"),  # its cards make nothing higher
        (["AS", "KS KH"], ["full K 9"], "check"),
    ],
)
def test_honest_bot_bids_only_what_its_own_cards_show(hands, bids, expected) -> None:
    _, view = position(hands, 0, *bids)  # the hand under test is the seat to act
    action = HonestBot().choose(view, random.Random(0))
    assert str(action) == expected
    if action != CHECK:
        assert holds(action, view.hand)


def test_bayes_reads_a_king_from_a_kings_bid() -> None:
    # An odds bot with one card opens with the figure its own card makes: "high-card K" says
    # it holds a king. Holding the other king, bayes raises to the pair; odds, which ignores
    # the bid, bluffs "high-card A" (a 4-in-23 chance).
    state, view = position(["KS", "KH"], 0, "high-card K")
    assert str(OddsBot().decide(view)) == "high-card A"
    assert str(BayesBot().decide(view)) == "pair K"
    assert holds(Bid.parse("pair K"), state.pool)


def test_bayes_doubts_a_bid_that_any_card_but_an_ace_would_make() -> None:
    # After "high-card Q" (its maker holds a queen), an odds bot raises to "high-card K" with
    # any card but an ace, so the bid says little about kings, and the queen is not a king:
    # bayes finds "high-card K" less likely than the cards alone suggest and checks.
    state, view = position(["QS", "JC", "9S"], 0, "high-card Q", "high-card K")
    result = infer(view, OpponentModel.named("odds", 0.1))
    king = Bid.parse("high-card K").index
    assert result.true[king] < result.prior[king]
    assert str(OddsBot().decide(view)) == "high-card A"
    assert BayesBot().decide(view) == CHECK
    assert not holds(Bid.parse("high-card K"), state.pool)


def test_bayes_plays_the_odds_rule_on_the_posterior() -> None:
    bot = BayesBot()
    for seed in range(3):
        final = play_game("blef", ["bayes", "odds", "odds"], seed)
        state = BlefState.new(BlefRules(players=3), seed)
        for seat, action in final.moves[:25]:
            view = state.view(seat)
            result = infer(
                view,
                bot.model,
                exact_limit=bot.exact_limit,
                samples=bot.samples,
                seed=bot.seed_of(view),
                target_error=None,
            )
            chances = [round(float(p), CHANCE_DIGITS) for p in result.true]  # as the bot rounds
            expected = play_by_odds(chances, view.last_bid, bot.confidence, bot.caution)
            assert bot.decide(view) == expected
            state = state.apply(action, seat=seat)


def test_bayes_decisions_depend_on_the_view_only() -> None:
    state = BlefState.new(BlefRules(players=4), seed=9)
    for _ in range(6):  # into a round with more cards, where bayes samples
        state = state.apply(state.legal_actions()[0]).apply(CHECK)
    view = state.view(state.current_player)
    first = BayesBot().policy(view)
    assert first == BayesBot().policy(view) == BayesBot().policy(view)
    assert list(first.values()) == [1.0]


def test_bayes_falls_back_to_its_own_odds_when_no_hand_explains_the_bids() -> None:
    # With a bluff rate of 0, an opening "small-straight" with one card is impossible for an
    # odds bot: bayes then plays by its own cards' odds, as odds does.
    bot = BayesBot(bluff=0.0)
    state, view = position(["KS", "9H"], 0, "small-straight")
    assert bot.chances(view) == probabilities(view.hand, view.total_cards)
    assert bot.decide(view) == OddsBot().decide(view)


def test_bayes_chances_are_rounded_as_round_rounds_each() -> None:
    # The bot rounds its 83 chances at once; every value must be what round() gives, halves
    # and near-halves of the last decimal included (a tie between bids must break the same).
    rng = random.Random(7)
    values = [rng.random() for _ in range(20_000)]
    values += [rng.randrange(10**11) / 10**11 for _ in range(20_000)]
    values += [(rng.randrange(10**9) + 0.5) / 10**9 for _ in range(20_000)]
    values += [0.0, 1.0, 5e-10, 1.5e-9, 2.5e-9, 0.9999999995]
    assert rounded_chances(values) == [round(value, CHANCE_DIGITS) for value in values]
