"""The figures the lesson plans state (extensions, discussions), computed when a plan is written.

The exit tickets' figures are the pages' own: each lesson computes them where it asks its exit
ticket (``lesson.exit_question``), and the plans read them from the page.

``FIGURES[number]()`` gives the ``{placeholders}`` of plan ``number``; a plan that states no
figure needs no entry. Everything here comes from the engine, never typed in by hand.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from functools import cache
from math import comb
from typing import Any

__all__ = ["FIGURES", "plan_figures"]


def _p01() -> dict[str, Any]:
    from kayalib.kaya import KayaRules

    return {"nine_coins": KayaRules().coins[9 - 1]}  # coins of the numbers 1..9


def _p02() -> dict[str, Any]:
    from kayalib.blef import Bid
    from kayalib.lessons.maths.ladder import kind_probabilities

    p = kind_probabilities(10)  # the extension: above three 9 on the ladder, yet more likely
    assert Bid.parse("small-straight") > Bid.parse("three 9") and p["small-straight"] > p["three"]
    return {"ext_three": p["three"], "ext_straight": p["small-straight"]}


def _p03() -> dict[str, Any]:
    from kayalib.blef.odds import bid_probability

    pair_k = bid_probability("pair K", "KS QH", 6, exact=True)  # the extension
    assert pair_k == 1 - Fraction(comb(19, 4), comb(22, 4))
    return {"ext_pair_k": pair_k, "ext_none": comb(19, 4), "ext_all": comb(22, 4)}


def _p04() -> dict[str, Any]:
    from kayalib.lessons.maths.ladder import fair_kind_order
    from kayalib.words import BlefWords

    def order(cards: int) -> Callable[[Any], str]:
        return lambda t: ", ".join(BlefWords(t).kind(kind) for kind in fair_kind_order(cards))

    return {"order4": order(4), "order16": order(16)}


def _p05() -> dict[str, Any]:
    from kayalib.kaya.gambreng import expected_rounds
    from kayalib.stats import detectable_share

    shows = 240  # the class's shows the plan discusses
    return {"e4": expected_rounds(4), "e4_half": _rounds_sending_half_on(4),
            "e5": expected_rounds(5), "e6": expected_rounds(6), "shows_n": shows,
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
            "ext_p": Fraction(sum(w for n, w in heavy.items() if n <= 7), sum(heavy.values()))}


def _p07() -> dict[str, Any]:
    from kayalib.lessons.l07 import LADDER_GAMES

    return {"ladder_games": LADDER_GAMES}


def _p08() -> dict[str, Any]:
    return {**_p08_small(), **_p08_class()}


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

    every = every_equilibrium()
    ten_low, ten_high = every["ranges"][1]  # the 10's share of bluffs among its openings
    return {"bluff9": every["ranges"][0][0], "bids": len(HEADS_UP.bids),
            "free_low": ten_low, "free_high": ten_high, "value": every["value"]}  # fmt: skip


def _p10() -> dict[str, Any]:
    from kayalib.lessons.l09 import every_equilibrium
    from kayalib.lessons.l10 import dial_figures, uneven_figures

    every, dial = every_equilibrium(), dial_figures()
    return {"value": every["value"], "dial_low": dial["low"], "dial_high": dial["high"],
            "dial_always": dial["always"], "truthful_reply": dial["truthful_reply"],
            "answer_uneven": uneven_figures()["answer_uneven"]}  # fmt: skip


FIGURES: dict[str, Callable[[], dict[str, Any]]] = {
    "01": _p01, "02": _p02, "03": _p03, "04": _p04, "05": _p05, "06": _p06, "07": _p07,
    "08": _p08,
    "09": _p09, "10": _p10,
}  # fmt: skip


@cache
def plan_figures(number: str) -> dict[str, Any]:
    """The figures of plan ``number`` (none for a plan that states no figure), computed once
    per process (every language's plan and both sheets state the same)."""
    make = FIGURES.get(number)
    return make() if make is not None else {}
