"""Lesson 09's numbers, recomputed: best replies against the shipped equilibrium, indifference,
the truth dial, the strategy grid, the always-bluffer's exact policy, and seeded matches whose
95% intervals hold the exact values."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from kayalib.blef.actions import CHECK
from kayalib.blef.equilibrium import HEADS_UP, solved
from kayalib.blef.game import BlefRules, BlefState
from kayalib.errors import ArgumentError, UnknownBotError
from kayalib.lessons.maths.exploitation import (
    TEN,
    best_reply,
    card_values,
    exploitation,
    opening_bluff_shares,
    opening_values,
    rank_counts,
    safe_range,
    second_seat_wins,
    strategy_grid,
    truth_dial,
    with_truth_share,
)
from kayalib.lessons.maths.lesson_bots import REPLY, AlwaysBluffer
from kayalib.lessons.maths.matches import match, play_round
from kayalib.registry import make_bot
from kayalib.seeds import game_seed


def test_the_best_reply_to_the_equilibrium_wins_exactly_its_value() -> None:
    """The exact best reply to the shipped strategy, in each seat, is the game's value: so the
    shipped strategy is an equilibrium and nothing beats it on average."""
    eq = solved()
    best = exploitation("cfr")
    assert eq.exact_value() == Fraction(-5, 69)
    assert best.first == eq.exact_value() and best.second == -eq.exact_value()
    assert best.average == 0
    assert abs(eq.solver.best_response_value(eq.profile, 0) - eq.value) < 1e-12
    assert abs(eq.solver.best_response_value(eq.profile, 1) + eq.value) < 1e-12


def test_the_best_reply_to_honest_is_the_lessons_count() -> None:
    """The solver's exact best reply bidding second equals the exercise's count by hand."""
    honest = exploitation("honest")
    counts = [rank_counts(r) for r in range(6)]
    assert all(c["cards"] == 23 and c["same"] == 3 for c in counts)
    by_hand = sum(Fraction(c["same"] + c["higher"], 23) for c in counts) / 6
    assert by_hand == second_seat_wins() == Fraction(13, 23)
    assert honest.second == 2 * by_hand - 1 == Fraction(3, 23)
    assert honest.first == Fraction(10, 69) and honest.average == Fraction(19, 138)
    # the equilibrium wins against honest, but less than the best reply does
    assert 0 < honest.equilibrium_average < honest.average


def test_the_always_bluffer_loses_every_round_to_the_best_reply() -> None:
    assert exploitation("always-bluffer").average == 1


def test_no_bot_beats_the_equilibrium() -> None:
    """Against every lesson bot the equilibrium wins at least the game's value in each seat."""
    eq = solved()
    for bot in ("honest", "always-bluffer", "odds", REPLY):
        e = exploitation(bot)
        assert e.equilibrium_first >= eq.value - 1e-12
        assert e.equilibrium_second >= -eq.value - 1e-12
        assert e.first >= e.equilibrium_first - 1e-12 and e.second >= e.equilibrium_second - 1e-12


@pytest.mark.parametrize("card", range(6))
def test_indifference_every_opening_the_equilibrium_uses_is_worth_the_same(card: int) -> None:
    """The bids it mixes are worth the same, and no bid it never makes is worth more."""
    rows = opening_values(card)
    used = {float(value) for _bid, value, share in rows if share > 1e-9}
    assert max(used) - min(used) < 1e-9
    assert all(float(value) <= min(used) + 1e-9 for _bid, value, _share in rows)
    assert abs(sum(share for _b, _v, share in rows) - 1) < 1e-9


def test_card_values_average_to_the_game_value() -> None:
    values = card_values()
    assert values == tuple(Fraction(n, 23) for n in (-15, -15, -7, 1, 9, 17))
    assert sum(values) / 6 == solved().exact_value()


def test_the_truth_dial_is_flat_around_the_equilibrium_and_higher_outside() -> None:
    value = -solved().value
    share = next(s for bid, _v, s in opening_values(TEN) if str(bid) == "high-card T")
    dial = truth_dial(TEN, steps=50)
    low, high = safe_range(dial)
    assert low < share < high
    assert dial[0][1] > value + 1e-4 and dial[-1][1] > value + 1e-4
    at_eq = solved().solver.best_response_value(with_truth_share(share, TEN), 1)
    assert abs(at_eq - value) < 1e-9
    with pytest.raises(ArgumentError):
        with_truth_share(1.5)


def test_the_strategy_grid_reads_the_equilibrium() -> None:
    grid = strategy_grid()
    assert all(abs(m.honest + m.bluff + m.check - 1) < 1e-9 for m in grid)
    opening = [m for m in grid if m.last is None]
    assert [m.card for m in opening] == list(range(6))
    assert [m.bluff for m in opening] == pytest.approx(list(opening_bluff_shares("cfr")))
    assert opening[0].bluff == pytest.approx(1.0)
    assert all(m.check == 0 for m in opening)
    assert {m.last for m in grid if m.last is not None} <= set(HEADS_UP.bids)


def test_the_always_bluffer_never_names_a_rank_it_holds() -> None:
    """Its policy is exact (sums to 1, ``choose`` follows it) and every bid in it is a bluff;
    the other seat answers with the next bid up until the bluffer can only check."""
    bot = AlwaysBluffer()
    for seed in range(30):
        state = BlefState.new(BlefRules(players=2), seed=seed)
        me = state.current_player
        while True:
            if state.current_player != me:
                last = state.last_bid
                above = [b for b in HEADS_UP.bids if last is None or b > last]
                state = state.apply(above[0] if above else CHECK, seat=state.current_player)
                if not above:
                    break
                continue
            view = state.view(me)
            policy = bot.policy(view)
            assert abs(sum(policy.values()) - 1) < 1e-12
            held = {card.rank for card in view.hand}
            assert all(a == CHECK or a.params[0] not in held for a in policy)
            action = bot.choose(view, random.Random(seed))
            assert action in policy
            if action == CHECK:  # only when no bluff is left above the last bid
                assert view.last_bid is not None and not [
                    b for b in HEADS_UP.bids if b > view.last_bid and b.params[0] not in held]
                break
            state = state.apply(action, seat=me)


def test_unknown_bots_and_bad_counts_are_refused() -> None:
    with pytest.raises(UnknownBotError, match="unknown Blef bot 'nobody'"):
        make_bot("blef", "nobody")
    with pytest.raises(ArgumentError, match="at least 2"):
        match("honest", 1, seed=1)


def test_a_round_is_the_same_every_time_it_is_played() -> None:
    bots = (make_bot("blef", "cfr"), make_bot("blef", "honest"))
    first = play_round(bots, game_seed(3, 0))
    again = play_round(bots, game_seed(3, 0))
    assert first == again


@pytest.mark.parametrize(("bot", "against"), [(REPLY, "honest"), ("honest", "cfr")])
def test_a_match_interval_holds_the_exact_value(bot: str, against: str) -> None:
    """Seeded rounds agree with the exact numbers: the best reply against honest, and honest
    against the equilibrium (both seats averaged)."""
    result = match(bot, 3000, seed=21, against=against)
    if against == "honest":
        exact = float(exploitation("honest").average)
    else:
        exact = -float(exploitation(bot).equilibrium_average)
    low, high = result.result_interval()
    assert low <= exact <= high, (result.mean_result, exact)


def test_the_reply_bot_plays_the_best_reply_in_both_seats() -> None:
    """The reply bot's strategy, read back from its exact policy, wins what the solver says."""
    from kayalib.lessons.maths.exploitation import bot_strategy

    eq = solved()
    honest = bot_strategy("honest")
    played = bot_strategy(REPLY)
    e = exploitation("honest")
    assert eq.versus(played, honest) == pytest.approx(float(e.first), abs=1e-12)
    assert -eq.versus(honest, played) == pytest.approx(float(e.second), abs=1e-12)
    assert eq.versus(best_reply("honest"), honest) == pytest.approx(float(e.first), abs=1e-12)
