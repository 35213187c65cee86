"""The figures the lesson plans state (exit-ticket answers), computed when a plan is written.

``FIGURES[number]()`` gives the ``{placeholders}`` of plan ``number``; a plan that states no
figure needs no entry. Everything here comes from the engine, never typed in by hand.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from math import comb
from typing import Any

__all__ = ["FIGURES", "plan_figures"]


def _p01() -> dict[str, Any]:
    from kayalib.kaya import KayaRules

    coins = KayaRules().coins  # coins of the numbers 1..9
    yellow_two = -coins[2 - 1]  # a yellow 1-3 counts minus its coins in a bonus pile
    return {"nine": 9, "yellow_two": yellow_two, "total": 9 + yellow_two,
            "nine_coins": coins[9 - 1]}  # fmt: skip


def _p02() -> dict[str, Any]:
    from kayalib.blef import Bid, BlefRules
    from kayalib.lessons.maths.ladder import kind_probabilities

    assert Bid.parse("two-pair K 9") > Bid.parse("two-pair Q J")  # the answer the plan gives
    p = kind_probabilities(10)  # the extension: above three 9 on the ladder, yet more likely
    assert Bid.parse("small-straight") > Bid.parse("three 9") and p["small-straight"] > p["three"]
    return {"max_four": BlefRules(players=4).max_cards, "ext_three": p["three"],
            "ext_straight": p["small-straight"]}  # fmt: skip


def _p03() -> dict[str, Any]:
    from kayalib.blef.odds import bid_probability

    high = bid_probability("high-card A", "", 5, exact=True)
    assert high == 1 - Fraction(comb(20, 5), comb(24, 5))
    nines = bid_probability("pair 9", "9C", 3, exact=True)
    pair_k = bid_probability("pair K", "KS QH", 6, exact=True)  # the extension
    assert pair_k == 1 - Fraction(comb(19, 4), comb(22, 4))
    return {"high": high, "none": comb(20, 5), "all": comb(24, 5), "nines": nines,
            "ext_pair_k": pair_k, "ext_none": comb(19, 4), "ext_all": comb(22, 4),
            "n_none": comb(20, 2), "n_all": comb(23, 2)}  # fmt: skip


def _p04() -> dict[str, Any]:
    from kayalib.lessons.maths.ladder import fair_kind_order, kind_probabilities
    from kayalib.words import BlefWords

    p = kind_probabilities(10)

    def order(cards: int) -> Callable[[Any], str]:
        return lambda t: ", ".join(BlefWords(t).kind(kind) for kind in fair_kind_order(cards))

    return {"flush": p["flush"], "four": p["four"], "three": p["three"],
            "straight": p["small-straight"], "order4": order(4), "order16": order(16)}  # fmt: skip


def _p05() -> dict[str, Any]:
    from kayalib.kaya.gambreng import expected_rounds
    from kayalib.stats import binomial_test, detectable_share

    shows, palm = 240, 131  # exit ticket 4: a class's shows, p well above 0.05
    p = binomial_test(palm, shows)
    assert p >= 0.05
    return {"e2": expected_rounds(2), "e3": expected_rounds(3), "e4": expected_rounds(4),
            "e4_half": _rounds_sending_half_on(4), "e5": expected_rounds(5),
            "e6": expected_rounds(6),
            "shows_n": shows, "shows_palm": palm, "shows_p": p,
            "detect": detectable_share(shows)}  # fmt: skip


def _rounds_sending_half_on(n: int) -> Fraction:
    """E(n) for the extension's variant of gambreng: an even split does not repeat, a random
    half goes on (everyone showing the same side still repeats)."""
    if n == 1:
        return Fraction(0)
    repeat, rest = Fraction(2, 2**n), Fraction(0)
    for up in range(1, n):
        stay = max(up, n - up) if 2 * up != n else n // 2
        rest += Fraction(comb(n, up), 2**n) * _rounds_sending_half_on(stay)
    return (1 + rest) / (1 - repeat)


def _p06() -> dict[str, Any]:
    from kayalib.kaya.counting import unseen_numbers, win_probability

    unseen = unseen_numbers([2, 5, 9])
    heavy = {n: 2 if n >= 7 else 1 for n in unseen}  # the extension: 7 or more twice as often
    return {"unseen": ", ".join(map(str, unseen)),
            "p": win_probability(7, [unseen], exact=True),
            "ext_p": Fraction(sum(w for n, w in heavy.items() if n <= 7), sum(heavy.values())),
            "each": Fraction(3, 5), "both": Fraction(3, 5) * Fraction(3, 5)}  # fmt: skip


def _p07() -> dict[str, Any]:
    from kayalib.lessons.l07 import LADDER_GAMES
    from kayalib.stats import difference_interval, wilson_interval

    a_low, a_high = wilson_interval(60, 100)
    b_low, b_high = wilson_interval(52, 100)
    diff_low, diff_high = difference_interval(60, 100, 52, 100)
    return {"a_low": a_low, "a_high": a_high, "b_low": b_low, "b_high": b_high,
            "overlap": a_low < b_high, "diff_low": diff_low, "diff_high": diff_high,
            "ladder_games": LADDER_GAMES}  # fmt: skip


def _p08() -> dict[str, Any]:
    from kayalib.blef.bids import Bid
    from kayalib.lessons.maths.bayes_tables import (
        opening_bids,
        rank_rows,
        small_posterior,
        small_view,
    )

    ten, bluff = Bid.parse("high-card T"), Fraction(1, 10)
    view = small_view(ten)
    result = small_posterior(bluff, view)
    rows = {row.rank: row for row in rank_rows(result)}
    other = rows[ten.params[0] + 1]
    return {"bluff": bluff, "legal": opening_bids(), "prior": result.prior_table()[ten],
            "lk_ten": rows[ten.params[0]].likelihood, "lk_other": other.likelihood,
            "rest": 1 - result.prior_table()[ten], "post": result.table()[ten],
            "same": small_posterior(1, view).table()[ten],
            **_p08_small(), **_p08_class()}  # fmt: skip


def _p08_small() -> dict[str, Any]:
    from kayalib.lessons.maths.bayes_tables import SMALL_BLUFF, small_figures

    small = small_figures(SMALL_BLUFF)
    return {"small_prior": small["prior"], "small_lk": small["lk_king"]}


def _p08_class() -> dict[str, Any]:
    """The sample class of bots, as lesson 08's part "your class's bids" counts it."""
    from kayalib.lessons.classdata import shipped_sample
    from kayalib.lessons.maths.bayes_tables import opening_bids
    from kayalib.lessons.maths.bluff_rate import class_count, game_counts, model_bluff_share

    data = shipped_sample("play").data
    count, games = class_count(data), game_counts(data)
    return {"sample_games": len(games), "sample_bids": count.bids, "sample_bluffs": count.bluffs,
            "sample_share": count.share, "q_bluffs": model_bluff_share() * opening_bids(),
            "sample_game_low": min(g.share for g in games),
            "sample_game_high": max(g.share for g in games)}  # fmt: skip


def _p09() -> dict[str, Any]:
    from kayalib.blef.equilibrium import HEADS_UP
    from kayalib.lessons.l09 import every_equilibrium
    from kayalib.lessons.maths.exploitation import exploitation, rank_counts

    every = every_equilibrium()
    ten_low, ten_high = every["ranges"][1]  # the 10's share of bluffs among its openings
    queen = rank_counts(3)  # ranks 9, 10, J, Q, K, A are 0 to 5
    win = Fraction(queen["same"] + queen["higher"], queen["cards"])
    return {"q_same": queen["same"], "q_higher": queen["higher"], "q_win": win,
            "q_win_d": float(win), "honest_average": exploitation("honest").average,
            "bluff9": every["ranges"][0][0], "bids": len(HEADS_UP.bids),
            "free_low": ten_low, "free_high": ten_high, "value": every["value"]}  # fmt: skip


def _p10() -> dict[str, Any]:
    from kayalib.lessons.l09 import every_equilibrium
    from kayalib.lessons.l10 import dial_figures, uneven_figures

    every, dial = every_equilibrium(), dial_figures()
    return {"value": every["value"], "ten_value": every["card_values"][1],
            "dial_low": dial["low"], "dial_high": dial["high"], "dial_always": dial["always"],
            "truthful_reply": dial["truthful_reply"],
            "answer_uneven": uneven_figures()["answer_uneven"]}  # fmt: skip


FIGURES: dict[str, Callable[[], dict[str, Any]]] = {
    "01": _p01, "02": _p02, "03": _p03, "04": _p04, "05": _p05, "06": _p06, "07": _p07,
    "08": _p08,
    "09": _p09, "10": _p10,
}  # fmt: skip


def plan_figures(number: str) -> dict[str, Any]:
    """The figures of plan ``number`` (none for a plan that states no figure)."""
    make = FIGURES.get(number)
    return make() if make is not None else {}
