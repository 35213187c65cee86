"""Every bot of every game: the registry, and an exact policy that ``choose`` follows."""

from __future__ import annotations

import random
from collections import Counter
from functools import cache
from itertools import cycle, islice

import pytest

from kayalib.engine import turns
from kayalib.errors import IllegalActionError, KayalibError, UnknownBotError, UnknownGameError
from kayalib.registry import GAMES, bot_names, game, make_bot
from kayalib.seeds import bot_rng

ALL_BOTS = [(name, bot) for name in sorted(GAMES) for bot in bot_names(name)]


def test_the_registry_knows_each_games_bots() -> None:
    assert bot_names("blef") == ("random", "honest", "odds", "bayes", "cfr")
    assert bot_names("kaya") == ("random", "counter")
    assert make_bot("blef", " Odds ").name == "odds"
    assert make_bot("kaya", "counter") is not make_bot("kaya", "counter")  # fresh each time


@pytest.mark.parametrize("bad", ["", "smart", "odds,random", None, 3])
def test_unknown_bots_are_refused_with_the_known_names(bad) -> None:
    with pytest.raises(UnknownBotError, match="the bots are random, honest, odds, bayes, cfr"):
        make_bot("blef", bad)
    with pytest.raises(UnknownGameError, match="blef, kaya"):
        make_bot("chess", "random")


@cache
def views_met_in_play(name: str, seed: int, limit: int = 60) -> tuple:
    """Views of the seat to move, from a seeded game between the game's bots (made once for
    every bot that is checked on them)."""
    spec = game(name)
    players = min(max(len(bot_names(name)), 3), spec.players.stop - 1)
    bots = [make_bot(name, b) for b in islice(cycle(bot_names(name)), players)]
    start = spec.state.new(spec.rules_for_players(players), seed)
    views = [step.before.view(step.seat) for step in turns(start, bots) if not step.forced]
    return tuple(islice(views, 0, None, max(1, len(views) // limit)))


@pytest.mark.parametrize(("name", "bot_name"), ALL_BOTS)
def test_policy_is_a_distribution_over_legal_actions_and_choose_follows_it(
    name: str, bot_name: str
) -> None:
    bot = make_bot(name, bot_name)
    for seed in (1, 2):
        for view in views_met_in_play(name, seed):
            policy = bot.policy(view)
            legal = set(view.legal_actions())
            assert policy and set(policy) <= legal
            assert all(p > 0 for p in policy.values())
            assert sum(policy.values()) == pytest.approx(1.0)
            draws = 400 if len(policy) > 1 else 20
            counts = Counter(bot.choose(view, bot_rng(seed, view.seat, i)) for i in range(draws))
            assert set(counts) <= set(policy)
            for action, p in policy.items():
                # within 5 standard errors of the policy's probability
                spread = 5 * (p * (1 - p) / draws) ** 0.5 + 1e-9
                assert abs(counts[action] / draws - p) <= spread, (action, p, counts)


@pytest.mark.parametrize(("name", "bot_name"), ALL_BOTS)
def test_bots_refuse_a_view_with_nothing_to_do(name: str, bot_name: str) -> None:
    spec = game(name)
    state = spec.state.new(spec.rules_for_players(3), 5)
    idle = (state.current_player + 1) % 3
    bot = make_bot(name, bot_name)
    with pytest.raises(IllegalActionError):
        bot.choose(state.view(idle), random.Random(0))
    with pytest.raises(IllegalActionError):
        bot.policy(state.view(idle))


def test_a_bot_that_never_draws_gets_no_generator_and_one_that_does_gets_its_own() -> None:
    from kayalib.bots import DeterministicBot
    from kayalib.seeds import NO_DRAWS

    class Steady(DeterministicBot):
        def decide(self, view):
            return view.legal_actions()[0]

    class Drawing(DeterministicBot):
        def decide(self, view):  # pragma: no cover - choose is its own
            raise AssertionError

        def choose(self, view, rng):
            return view.legal_actions()[rng.randrange(len(view.legal_actions()))]

    assert Steady.draws is False and Drawing.draws is True
    simple = ("random", "counter", "odds", "honest")
    for name in GAMES:
        for bot in (b for b in bot_names(name) if b in simple):
            assert getattr(make_bot(name, bot), "draws", True) is (bot == "random"), (name, bot)
    with pytest.raises(KayalibError, match="never draws"):
        NO_DRAWS.random()
    state = game("blef").state.new(game("blef").rules_for_players(2), seed=3)
    for step in turns(state, [Drawing(), Steady()]):
        assert step.state.ply == step.before.ply + 1
