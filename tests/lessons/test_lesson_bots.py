"""The bots of lesson 07: exact policies that ``choose`` follows, descriptions read from the bots
themselves, and the figures lesson 07 states recomputed from the games (a prose-figure test)."""

from __future__ import annotations

import inspect
import random
import re
from collections import Counter

import pytest

from kayalib.blef.bids import LADDER
from kayalib.blef.bots import OddsBot
from kayalib.blef.cards import parse_cards
from kayalib.blef.game import CHECK, BlefRules, BlefState
from kayalib.blef.lesson_bots import (
    BelieverBot,
    BluffingBot,
    TrustingBot,
    claimed_cards,
    odds_action,
)
from kayalib.blef.matches import heads_up_games
from kayalib.i18n import Translator
from kayalib.lessons.l07 import BOTS as LESSON_BOTS
from kayalib.lessons.l07 import ODDS_PARAMETERS, BluffingSweep, describe_bot
from kayalib.registry import bot_names, make_bot
from kayalib.ui.blef_app import BlefApp
from tests.lessons.conftest import shown_errors

EN = Translator("en")


def views(count: int = 60, seed: int = 1):
    """Views of seats to move, from seeded games of random play (every kind of position)."""
    from kayalib.blef.bots import RandomBot

    rng = random.Random(seed)
    found = []
    while len(found) < count:
        state = BlefState.new(BlefRules(players=rng.choice((2, 3))), seed=rng.randrange(10**6))
        while state.outcome is None and len(found) < count:
            seat = state.current_player
            view = state.view(seat)
            found.append(view)
            state = state.apply(RandomBot().choose(view, rng))
    return found


BOTS = [BluffingBot(0.3), BluffingBot(1.0, reach=3), BelieverBot(), TrustingBot(0.2)]


@pytest.mark.parametrize("bot", BOTS, ids=repr)
def test_policy_is_a_distribution_over_legal_actions(bot) -> None:
    for view in views():
        policy = bot.policy(view)
        assert abs(sum(policy.values()) - 1) < 1e-12
        assert all(p > 0 for p in policy.values())
        assert set(policy) <= set(view.legal_actions())


@pytest.mark.parametrize("bot", BOTS, ids=repr)
def test_choose_draws_from_the_policy(bot) -> None:
    view = next(v for v in views() if len(bot.policy(v)) > 1 or v.last_bid is None)
    policy = bot.policy(view)
    draws = 4000
    counts = Counter(bot.choose(view, random.Random(k)) for k in range(draws))
    for action, p in policy.items():
        sd = (p * (1 - p) / draws) ** 0.5
        assert abs(counts[action] / draws - p) <= 5 * sd + 1e-9, (action, p)
    assert set(counts) <= set(policy)


def test_a_bluffer_bluffs_only_when_it_would_raise() -> None:
    state = BlefState.from_position(BlefRules(players=2), ["9C", "9D"], starter=0)
    state = state.apply("high-card 9")
    view = state.view(1)
    honest = odds_action(BluffingBot(0.0), view)
    bot = BluffingBot(bluff=1.0, reach=3)
    if honest == CHECK:
        assert bot.policy(view) == {CHECK: 1.0}
    else:
        assert set(bot.policy(view)) == set(LADDER[honest.index + 1 : honest.index + 4])
    assert BluffingBot(bluff=0.0).policy(view) == {honest: 1.0}


def test_the_believer_checks_only_impossible_bids() -> None:
    state = BlefState.from_position(BlefRules(players=2), ["AS", "AH"], starter=0)
    state = state.apply("four A")  # two cards in play: four aces cannot be there
    believer = BelieverBot()
    assert claimed_cards(LADDER[-1], ()) == parse_cards("TS JS QS KS AS")  # big poker spades
    view = state.view(1)
    assert believer.policy(view) == {CHECK: 1.0}  # four aces need 4 cards, only 2 in play
    state = BlefState.from_position(BlefRules(players=2), ["AS", "9H"], starter=0).apply("pair 9")
    assert believer.policy(state.view(1)) != {CHECK: 1.0}  # pair 9 is possible: it believes


def test_descriptions_come_from_the_bots_settings() -> None:
    odds = OddsBot(confidence=0.65, caution=4.0)
    text = describe_bot(EN, odds)
    assert "65%" in text and "4 times" in text
    assert "30%" in describe_bot(EN, BluffingBot(0.3)) and "6 bids" in describe_bot(
        EN, BluffingBot(0.3))
    polish = describe_bot(Translator("pl"), OddsBot(confidence=0.8, caution=2.5))
    assert "80%" in polish and "2,5 razy" in polish
    assert describe_bot(EN, TrustingBot()).startswith("An odds bot that rarely checks")


def test_the_lesson_knows_every_setting_of_the_odds_bot() -> None:
    """Retuning is safe (the numbers are read), but a new setting must be described too."""
    parameters = set(inspect.signature(OddsBot.__init__).parameters) - {"self"}
    assert parameters == set(ODDS_PARAMETERS)
    engine = OddsBot()
    for name in ODDS_PARAMETERS:
        assert str(round(getattr(engine, name) * 100)) in describe_bot(EN, engine) or str(
            getattr(engine, name)).rstrip("0").rstrip(".") in describe_bot(EN, engine)


def test_every_lesson_bot_has_an_exact_policy_and_the_apps_do_not_offer_them() -> None:
    view = BlefState.from_position(BlefRules(players=2), ["AS", "9H"]).apply("pair 9").view(1)
    for name in bot_names("blef", lessons=True):
        policy = make_bot("blef", name).policy(view)
        assert policy and set(policy) <= set(view.legal_actions()), name
        assert abs(sum(policy.values()) - 1) < 1e-9, name
    assert set(LESSON_BOTS) <= set(bot_names("blef", lessons=True))
    assert not set(bot_names("blef")) & {"believer", "bluffer 30%", "always-bluffer"}
    app_bots = [value for _label, value in BlefApp(seed=1, delay=0).shell.seat_pickers[0].options]
    assert "believer" not in app_bots and "bluffer 30%" not in app_bots


# ------------------------------------------------------------------------- lesson 07's figures


NUMBER = re.compile(r"\d+(?:[.,]\d+)?%?")
ALLOWED = {"0", "03", "04", "05", "06", "08", "09", "95%", "100%", "50%"}


@pytest.mark.parametrize("lang", ["en", "id", "pl"])
def test_lesson_07_prose_types_no_figure(lang: str) -> None:
    """Every figure lesson 07 states is filled in by code; its catalogue text types none (the old
    page said 76%, 20%, 30% and 9%, which its own games contradicted)."""
    import json

    from kayalib.i18n import HERE

    texts = json.loads((HERE / lang / "lessons" / "l07.json").read_text("utf-8"))
    for key, text in texts.items():
        typed = set(NUMBER.findall(re.sub(r"\{[^}]*\}", "", text))) - ALLOWED
        assert typed == set(), f"{key} types {typed}"


def test_sweep_sentences_state_the_games_results() -> None:
    sweep = BluffingSweep(bots=("odds", "bluffer 60%"), against="odds", games=30, seed=3,
                          lang="en")  # fmt: skip
    assert sweep.table.value == "" and sweep.chart.value == ""  # nothing runs until asked
    assert not sweep.gate.opened
    sweep.run_button.click()
    assert shown_errors(sweep) == [] and sweep.gate.opened
    assert sweep.progress.value == sweep.progress.max == 2 * 2 * 30
    won = [heads_up_games(bot, "odds", 30, 3)[0] for bot in ("odds", "bluffer 60%")]
    rates = [f"{w / 60:.1%}" for w in won]
    odds, bluffer = sweep.sentences()
    assert rates[0] in odds and "exactly 50%" in odds  # odds against itself: exactly 50%
    assert rates[1] in bluffer and "exact 50%" in bluffer
    assert all(rate in sweep.verdicts.value for rate in rates)
    assert "data:image/png;base64," in sweep.chart.value and rates[1] in sweep.chart.alt


BAYES_DESCRIBED = ("model", "bluff", "confidence", "caution")
"""The bayes bot's settings the lesson describes; the others only set how hard it computes."""
BAYES_COMPUTING = ("samples", "exact_limit", "hand_limit", "heads_up_hand_limit")


def test_the_ladder_bots_are_described_from_their_settings() -> None:
    from kayalib.blef.bots import BayesBot, HonestBot

    parameters = set(inspect.signature(BayesBot.__init__).parameters) - {"self"}
    assert parameters == set(BAYES_DESCRIBED + BAYES_COMPUTING)
    text = describe_bot(EN, BayesBot(model="honest", bluff=0.25, confidence=0.7, caution=2.0))
    assert "honest" in text and "25%" in text and "70%" in text and "2 times" in text
    plain = describe_bot(EN, BayesBot())
    assert "10%" in plain and "80%" not in plain  # the odds settings are said once, by odds
    polish = describe_bot(Translator("pl"), BayesBot())
    assert "10%" in polish and "szanse" in polish
    assert describe_bot(EN, HonestBot()).startswith("Bids only what its own cards show")
    for name in ("random", "honest", "odds", "bayes"):
        assert name in LESSON_BOTS and describe_bot(EN, make_bot("blef", name))
