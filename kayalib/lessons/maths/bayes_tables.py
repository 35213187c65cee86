"""A bid is evidence: the Bayes tables of lesson 08, exact (:func:`kayalib.blef.inference.infer`).

- the small case: you hold 9♥, your only opponent holds one card (23 possible hands) and opens
  "high card K"; it is modelled as the ``honest`` bot (it bids what its own cards show) that
  bluffs at rate ``ε`` (then it picks any of the 83 opening bids at random).
  :func:`rank_rows` groups the engine's hand-by-hand Bayes table by the opponent's card, the
  table a student can follow by hand; :func:`heard_trial` is "deal it and see";
- the full-size case: four players with two cards each, three bids made by ``odds`` bots, seen
  by the fourth player (:func:`full_case_view`).

>>> result = small_posterior(Fraction(1, 5))
>>> result.prior_table()[KING], result.table()[KING]
(Fraction(4, 23), Fraction(1332, 1351))
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TypedDict

from kayalib.blef.bids import Bid, holds
from kayalib.blef.cards import DECK, parse_cards
from kayalib.blef.game import BlefRules, BlefState, BlefView
from kayalib.blef.inference import HandRow, OpponentModel, Posterior, infer
from kayalib.blef.view import legal_after
from kayalib.engine import turns
from kayalib.errors import ArgumentError
from kayalib.registry import make_bot

__all__ = [
    "FULL_BLUFF",
    "FULL_HANDS",
    "FULL_MODEL",
    "KING",
    "SMALL_BLUFF",
    "STEPS",
    "RankRow",
    "bluff_curve",
    "full_case_view",
    "full_posterior",
    "heard_trial",
    "opening_bids",
    "queen_figures",
    "rank_rows",
    "small_figures",
    "small_posterior",
    "small_view",
]

MINE = "9H"
"""Your card in the small case."""
KING = Bid.parse("high-card K")
"""The bid you hear in the small case."""
MODEL = "honest"
"""The bot the small case's opponent is thought to play like."""
SMALL_BLUFF = Fraction(1, 5)
"""The bluff rate of the small case's worked table."""
FULL_HANDS = ("KS KH", "QD 9C", "AS TD", "KD JH")
"""The full-size case's deal: four players, two cards each; you are the fourth."""
FULL_MODEL = "odds"
FULL_BLUFF = Fraction(1, 10)
STEPS = 20
"""The bluff-rate slider's steps from 0 to 1 (and the points of its curve)."""


def opening_bids() -> int:
    """How many bids an opener may choose from (what a random bluff picks among)."""
    return len(legal_after(None))


# ------------------------------------------------------------------ the small case


def small_view(bid: Bid | str = KING, mine: str = MINE, theirs: str = "KS") -> BlefView:
    """Your view (seat 2 of 2, holding ``mine``) after the opponent opened ``bid``.

    ``theirs`` is the opponent's real hand: the view does not show it, so it changes nothing."""
    state = BlefState.from_position(BlefRules(players=2), [theirs, mine], starter=0)
    return state.apply(str(bid)).view(1)


def small_posterior(bluff: Fraction | float, view: BlefView | None = None,
                    model: str = MODEL) -> Posterior[Fraction]:  # fmt: skip
    """The engine's exact inference for the small case at bluff rate ``bluff``."""
    return infer(view or small_view(), OpponentModel.named(model, bluff), exact=True)


@dataclass(frozen=True)
class RankRow:
    """The opponent's hands of one rank: how many, each one's prior and likelihood, and their
    prior × likelihood and posterior added up."""

    rank: int
    hands: int
    prior: Fraction
    likelihood: Fraction
    joint: Fraction
    posterior: Fraction


def rank_rows(result: Posterior[Fraction], seat: int = 0) -> list[RankRow]:
    """The engine's Bayes table for a one-card opponent, grouped by the card's rank (the hands of
    one rank share a likelihood)."""
    rows: dict[int, list[HandRow[Fraction]]] = {}
    for row in result.bayes_table(seat):
        if len(row.hand) != 1:
            raise ArgumentError("rank_rows groups the hands of a one-card opponent")
        rows.setdefault(row.hand[0].rank, []).append(row)
    grouped = []
    for rank in sorted(rows):
        same = rows[rank]
        likelihoods = {r.likelihood for r in same}
        if len(likelihoods) != 1:
            raise ArgumentError(f"the hands of rank {rank} have different likelihoods")
        prior = same[0].prior
        grouped.append(RankRow(rank, len(same), prior, same[0].likelihood,
                               sum((r.prior * r.likelihood for r in same), Fraction(0)),
                               sum((r.posterior for r in same), Fraction(0))))  # fmt: skip
    return grouped


class SmallFigures(TypedDict):
    """The small case's figures (:func:`small_figures`)."""

    bluff: Fraction
    legal: int
    hands: int
    prior: Fraction
    post: Fraction
    lk_king: Fraction
    lk_other: Fraction
    joint_king: Fraction
    joint_other: Fraction
    total: Fraction
    kings: int
    others: int


class QueenFigures(TypedDict):
    """The second exercise's figures (:func:`queen_figures`)."""

    p: Fraction
    prior: Fraction
    hands: int
    kept: int
    queens: int
    kings: int
    lower: int


def small_figures(bluff: Fraction = SMALL_BLUFF) -> SmallFigures:
    """The figures the lesson states about the small case at ``bluff``."""
    result = small_posterior(bluff)
    rows = rank_rows(result)
    king = next(r for r in rows if r.rank == KING.params[0])
    other = next(r for r in rows if r.rank != KING.params[0])
    total = sum((r.joint for r in rows), Fraction(0))
    return {
        "bluff": bluff, "legal": opening_bids(), "hands": sum(r.hands for r in rows),
        "prior": result.prior_table()[KING], "post": result.table()[KING],
        "lk_king": king.likelihood, "lk_other": other.likelihood,
        "joint_king": sum((r.joint for r in rows if r.rank == king.rank), Fraction(0)),
        "joint_other": sum((r.joint for r in rows if r.rank != king.rank), Fraction(0)),
        "total": total, "kings": king.hands, "others": sum(r.hands for r in rows) - king.hands,
    }  # fmt: skip


def queen_figures() -> QueenFigures:
    """The second exercise: the opponent holds two cards and opens "high card K"; it never
    bluffs. How likely is "high card Q" now (you hold 9♥)?"""
    view = small_view(theirs="KS QH")
    result = small_posterior(Fraction(0), view)
    queen = Bid.parse("high-card Q")
    table = result.bayes_table(0)
    kept = [row.hand for row in table if row.posterior]
    with_queen = [hand for hand in kept if any(card.rank == queen.params[0] for card in hand)]
    kings = {card for hand in kept for card in hand if card.rank == KING.params[0]}
    return {"p": result.table()[queen], "prior": result.prior_table()[queen],
            "hands": len(table), "kept": len(kept), "queens": len(with_queen),
            "kings": len(kings), "lower": len(kept) // len(kings)}  # fmt: skip


def heard_trial(bluff: Fraction = SMALL_BLUFF, bid: Bid = KING,
                mine: str = MINE) -> Callable[[random.Random], tuple[bool, str, int]]:  # fmt: skip
    """One trial of "deal it and see": deal the opponent a random card, let it bid as the model
    says (the honest bot's move, or with probability ``bluff`` any legal bid), and deal again
    until it says ``bid``. The trial gives whether ``bid`` is true, the card dealt last and how
    many deals it took."""
    bot = make_bot("blef", MODEL)
    own = parse_cards(mine)
    rest = [card for card in DECK if card not in own]

    def trial(rng: random.Random) -> tuple[bool, str, int]:
        tries = 0
        while True:
            tries += 1
            card = rng.choice(rest)
            state = BlefState.from_position(BlefRules(players=2), [(card,), own], starter=0)
            if rng.random() < bluff:
                said = rng.choice(state.legal_actions())
            else:
                said = bot.choose(state.view(0), rng)
            if said == bid:
                return holds(bid, (card, *own)), card.symbol, tries

    return trial


def bluff_curve(steps: int = STEPS) -> list[tuple[Fraction, Fraction]]:
    """``(ε, P(high card K | the bid))`` for ε = 0, 1/steps, ..., 1 (the slider's curve)."""
    view = small_view()
    return [(Fraction(k, steps), Fraction(small_posterior(Fraction(k, steps), view).table()[KING]))
            for k in range(steps + 1)]  # fmt: skip


def full_case_view(hands: Sequence[str] = FULL_HANDS, bids: int = 3) -> BlefView:
    """The last player's view after ``bids`` bids, each made by an ``odds`` bot from the deal
    ``hands`` (the odds bot decides without chance, so the bids are always the same)."""
    state = BlefState.from_position(BlefRules(players=len(hands)), list(hands), starter=0)
    bot = make_bot("blef", FULL_MODEL)
    steps = turns(state, [bot] * len(hands))
    for _ in range(bids):
        state = next(steps).state
    return state.view(len(hands) - 1)


def full_posterior(
    bluff: Fraction | float = FULL_BLUFF, view: BlefView | None = None
) -> Posterior[float]:
    """The engine's inference (exact, in floats) for the full-size case."""
    return infer(view or full_case_view(), OpponentModel.named(FULL_MODEL, bluff), method="exact")


