"""Gambreng: the recorded draw, the exact mean number of rounds and the simulation."""

from __future__ import annotations

import functools
import itertools
import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kayalib.errors import ArgumentError
from kayalib.kaya.gambreng import (
    SUIT_BEATS,
    expected_rounds,
    gambreng,
    gambreng_rounds,
    simulate_gambreng,
)


def exact_by_enumeration(n: int, depth: int) -> Fraction:
    """Mean rounds by enumerating every show up to ``depth`` rounds (a truncated series)."""
    if n == 1:
        return Fraction(0)

    @functools.cache
    def rounds(players: int, left: int) -> Fraction:
        # expected number of rounds, counting at most ``left`` more rounds
        if players == 1 or left == 0:
            return Fraction(0)
        total = Fraction(0)
        if players == 2:
            outcomes = list(itertools.product(SUIT_BEATS, repeat=2))
            for a, b in outcomes:
                stay = 2 if a == b else 1
                total += Fraction(1, len(outcomes)) * (1 + rounds(stay, left - 1))
            return total
        outcomes = list(itertools.product("ud", repeat=players))
        for show in outcomes:
            ups = show.count("u")
            stay = players if ups in (0, players) or 2 * ups == players else max(ups, players - ups)
            total += Fraction(1, len(outcomes)) * (1 + rounds(stay, left - 1))
        return total

    return rounds(n, depth)


def test_two_players_need_three_halves_rounds():
    assert expected_rounds(2) == Fraction(3, 2)
    assert expected_rounds(1) == 0


@pytest.mark.parametrize("n", [2, 3, 4])
def test_exact_value_is_the_limit_of_brute_force_enumeration(n):
    low = exact_by_enumeration(n, 9)
    assert low < expected_rounds(n)
    assert expected_rounds(n) - low < Fraction(1, 10)  # the series tail is small and shrinking
    assert expected_rounds(n) - exact_by_enumeration(n, 12) < expected_rounds(n) - low


def test_known_values():
    assert [expected_rounds(n) for n in range(3, 7)] == [
        Fraction(17, 6), Fraction(29, 6), Fraction(137, 30), Fraction(1319, 210)
    ]


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 8), st.integers(0, 2**32))
def test_every_show_is_recorded_and_consistent(n, seed):
    g = gambreng(n, random.Random(seed))
    remaining = list(range(n))
    for r in g.rounds:
        assert [s for s, _ in r.shows] == remaining
        gestures = [x for _, x in r.shows]
        if r.kind == "hompimpa":
            assert len(remaining) > 2 and set(gestures) <= {"up", "down"}
            ups = gestures.count("up")
            if ups in (0, len(gestures)) or 2 * ups == len(gestures):
                assert r.out == ()
            else:
                minority = "up" if ups < len(gestures) - ups else "down"
                assert list(r.out) == [s for s, x in r.shows if x == minority]
        else:
            assert r.kind == "suit" and len(remaining) == 2
            (a, fa), (b, fb) = r.shows
            if fa == fb:
                assert r.out == ()
            else:
                assert r.out == ((b,) if SUIT_BEATS[fa] == fb else (a,))
        remaining = [s for s in remaining if s not in r.out]
        assert r.to_json()["kind"] == r.kind
    assert remaining == [g.first]
    assert g.to_json()["first"] == g.first


def test_same_rng_same_draw_and_seat_lists():
    assert gambreng(5, random.Random(9)) == gambreng(5, random.Random(9))
    g = gambreng([4, 2], random.Random(1))
    assert g.first in (4, 2) and all(r.kind == "suit" for r in g.rounds)


def test_simulation_agrees_with_the_exact_mean_and_is_fair():
    result = simulate_gambreng(5, 20000, seed=1)
    assert result.trials == 20000 and sum(result.first_counts) == 20000
    # standard deviation of the rounds is about 3.5 -> standard error about 0.025
    assert abs(result.mean_rounds - float(expected_rounds(5))) < 0.12
    assert min(result.first_counts) > 20000 / 5 * 0.9
    assert simulate_gambreng(5, 500, seed=1) == simulate_gambreng(5, 500, seed=1)  # not timing


def test_simulation_is_seeded_and_reports_progress():
    calls = []
    a = simulate_gambreng(4, 300, seed=3, progress=lambda d, t: calls.append((d, t)))
    b = simulate_gambreng(4, 300, seed=3)
    assert (a.mean_rounds, a.first_counts) == (b.mean_rounds, b.first_counts)
    assert calls[-1] == (300, 300) and all(t == 300 for _, t in calls)
    c = simulate_gambreng(4, 300, seed=4)
    assert (c.mean_rounds, c.first_counts) != (a.mean_rounds, a.first_counts)


@pytest.mark.parametrize(("players", "trials"), [(0, 10), (3, 0), ("3", 10)])
def test_bad_arguments(players, trials):
    with pytest.raises(ArgumentError):
        simulate_gambreng(players, trials, seed=1)  # type: ignore[arg-type]


@pytest.mark.parametrize("players", range(1, 12))
def test_counted_rounds_are_the_drawn_rounds_from_the_same_draws(players: int) -> None:
    """``gambreng_rounds`` (lesson 05's 200,000 draws) counts what ``gambreng`` holds, drawing
    the same numbers: the next number of both generators agrees after every draw."""
    for seed in range(200):
        counted, drawn = random.Random(seed), random.Random(seed)
        for _ in range(10):
            assert gambreng_rounds(players, counted) == len(gambreng(players, drawn).rounds)
            assert counted.getstate() == drawn.getstate()
