"""One contract, one test over every game (OpenSpiel's ``random_sim_test``), with no branch on
the game: what differs between games comes from the registry's :class:`~kayalib.registry.Game`.

Seeded games are played to the end by the one turn loop (:func:`kayalib.engine.turns`) with
every registered bot, and at every step the contract of :mod:`kayalib.engine` is checked:
immutability, refusals as data that leave the state as it was, actions checked by value, forced
moves, unique legal actions in a stable order, views (and their JSON) that are exactly the
seat's part of the log, log records that read back, pickling, determinism by seed, the replay of
the full log. ``tests/test_openspiel_conformance.py`` runs OpenSpiel's own checks over both.
"""

from __future__ import annotations

import copy
import json
import pickle
import random
from itertools import cycle, islice

import pytest

from kayalib.engine import Outcome, Refusal, State, Step, View, turns
from kayalib.errors import IllegalActionError, KayalibError, ParseError, SeatError
from kayalib.log import log_lines
from kayalib.registry import GAMES, bot_names, game, make_bot
from kayalib.simulate import replay


def table_sizes(name: str) -> tuple[int, ...]:
    """A spread of the numbers of players the game allows: the least, the most, between."""
    allowed = game(name).players
    sizes = {allowed.start, allowed.start + 1, 4, min(allowed.stop - 1, 6)}
    return tuple(sorted(size for size in sizes if size in allowed))


def random_game(name: str, players: int, seed: int) -> list[Step]:
    """Every step of a seeded game between the game's bots (in turn by seat)."""
    spec = game(name)
    bots = [make_bot(name, b) for b in islice(cycle(bot_names(name)), players)]
    return list(turns(spec.state.new(spec.rules_for_players(players), seed), bots))


class Forged:
    """An object claiming to equal anything: the engine must go on with its own action."""

    def __init__(self, text: str) -> None:
        self.text = text

    def __eq__(self, other: object) -> bool:
        return True

    def __hash__(self) -> int:
        return 0

    def __str__(self) -> str:
        return self.text


def test_every_registered_game_is_described() -> None:
    for name in GAMES:
        spec = game(name)
        assert issubclass(spec.state, State) and issubclass(spec.view, View)
        assert spec.state.game_name == name and spec.example_actions and len(spec.players) >= 1
        for text in spec.example_actions:
            assert str(spec.parse_action(text)) == text  # canonical texts


@pytest.mark.parametrize("name", sorted(GAMES))
@pytest.mark.parametrize("seed", range(10))
def test_random_games_keep_the_contract(name: str, seed: int) -> None:
    spec = game(name)
    sizes = table_sizes(name)
    players = sizes[seed % len(sizes)]
    rng = random.Random(seed)
    steps = random_game(name, players, seed * 7919 + 1)
    assert steps and steps[0].before.ply == 0
    for before, seat, action, forced, after in steps:
        assert seat == before.current_player is not None and not before.is_terminal
        legal = before.legal_actions()
        assert legal and len(set(legal)) == len(legal) and before.legal_actions() == legal
        assert forced == (len(legal) == 1) and (before.forced_action() is not None) == forced
        assert action in legal and after.ply == before.ply + 1
        log = log_lines(before.events)
        # refusals are data, and change nothing
        for text in rng.sample(spec.example_actions, len(spec.example_actions)):
            why = before.refusal(text)
            assert (why is None) == before.can_apply(text)
            if why is not None:
                assert isinstance(why, Refusal) and why.code and str(why)
                with pytest.raises(IllegalActionError) as refused:
                    before.apply(text)
                assert refused.value.refusal == why
        wrong = (seat + 1) % players
        why = before.refusal(action, seat=wrong)
        assert why is not None and why.code == "not_your_turn" and why["seat"] == wrong
        with pytest.raises(IllegalActionError):
            before.apply(action, seat=wrong)
        assert before.refusal(object()).code == "not_an_action"
        assert before.refusal("no such move!").code == "unreadable"
        with pytest.raises(ParseError):
            before.apply("no such move!")
        # actions are checked by value and the engine goes on with its own object
        assert before.apply(str(action), seat=seat) == after
        assert before.checked(Forged(str(action))) is legal[0]
        assert log_lines(before.events) == log  # immutability
        assert after.events[: len(before.events)] == before.events
        assert after.moves[: len(before.moves)] == before.moves
        assert after.moves[-1] == (seat, action)
        # views: legal actions only for the seat to move, exactly the seat's part of the log
        for viewer in range(players):
            view = before.view(viewer)
            assert isinstance(view, spec.view) and view.seat == viewer
            assert view.players == players and view.current_player == seat
            assert view.legal_actions() == (legal if viewer == seat else ())
            seen = [e.seen_by(viewer) for e in before.events]
            assert list(view.events) == [e for e in seen if e is not None]
            record = json.loads(json.dumps(view.to_json()))
            assert spec.view.from_json(record) == view
        with pytest.raises(SeatError):
            before.view(players)
    final = steps[-1].state
    assert final.is_terminal and final.current_player is None and final.legal_actions() == ()
    assert isinstance(final.outcome, Outcome) and final.outcome.winners
    assert final.returns() == final.outcome.returns(players) and max(final.returns()) == 1.0
    assert final.view(0).outcome == final.outcome
    assert final.refusal(str(steps[-1].action)).code == "game_over"
    # the log reads back, copies, pickles, and replays to the same game
    assert [spec.event_from_json(e.to_json()) for e in final.events] == list(final.events)
    assert pickle.loads(pickle.dumps(final)) == final == copy.deepcopy(final)
    middle = steps[len(steps) // 2].state
    assert pickle.loads(pickle.dumps(middle.view(0))) == middle.view(0)
    assert replay(name, log_lines(final.events))[0] == final


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_same_seed_and_actions_give_the_same_game_byte_for_byte(name: str) -> None:
    random.seed(1)  # the global generator must not matter
    first = log_lines(random_game(name, 3, 424242)[-1].state.events)
    random.random()
    assert log_lines(random_game(name, 3, 424242)[-1].state.events) == first
    assert log_lines(random_game(name, 3, 424243)[-1].state.events) != first


@pytest.mark.parametrize("name", sorted(GAMES))
def test_new_without_a_seed_draws_a_fresh_one_kept_in_the_full_log(name: str) -> None:
    spec = game(name)
    a, b = spec.state.new(), spec.state.new()
    assert a.seed != b.seed and max(a.seed, b.seed).bit_length() > 32  # 64 random bits
    assert a.events[0].to_json()["seed"] == a.seed
    assert spec.state.new(None, a.seed).events == a.events


@pytest.mark.parametrize("name", sorted(GAMES))
def test_bad_rules_and_seeds_are_named_errors(name: str) -> None:
    spec = game(name)
    for rules in ("x", 5, [1, 2]):
        with pytest.raises(KayalibError):
            spec.state.new(rules)
    for seed in (-1, 2**64, "7", 1.5, True):
        with pytest.raises(KayalibError):
            spec.state.new(None, seed)
    for hands in (None, 123, "AS"):
        with pytest.raises(KayalibError):
            spec.state.from_position(spec.rules_for_players(2), hands)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_turn_loop_stops_for_a_seat_without_a_bot(name: str) -> None:
    spec = game(name)
    state = spec.state.new(spec.rules_for_players(2), seed=5)
    bots = [make_bot(name, bot_names(name)[0]), None]
    steps = list(turns(state, bots))
    last = steps[-1].state if steps else state
    assert last.is_terminal or last.current_player == 1
    assert all(step.seat == 0 or step.forced for step in steps)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_bot_plays_from_a_view_that_crossed_a_process_boundary_as_from_its_own(
    name: str,
) -> None:
    """A bot is handed views only, so it plays the same from a view that came as JSON (a
    sandboxed bot, a seat at a class table): the same policy, the same draw."""
    from kayalib.seeds import bot_rng

    spec = game(name)
    asked = 0
    for bot_name in bot_names(name):
        bot = make_bot(name, bot_name)
        assert bot.name == bot_name
        steps = [s for s in random_game(name, 3, seed=17) if not s.forced]
        for k, step in enumerate(steps[:: max(1, len(steps) // 12)]):
            view = step.before.view(step.seat)
            again = spec.view.from_json(json.loads(json.dumps(view.to_json())))
            policy = bot.policy(view)
            assert bot.policy(again) == policy and set(policy) <= set(view.legal_actions())
            drawn = bot.choose(view, bot_rng(17, step.seat, k))
            assert bot.choose(again, bot_rng(17, step.seat, k)) == drawn and drawn in policy
            asked += 1
    assert asked >= 10 * len(bot_names(name))
