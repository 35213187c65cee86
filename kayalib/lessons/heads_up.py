"""Lesson 09 (Blef): how often should you bluff? The exact numbers behind the page (no widgets).

The round is the first round of every two-player game: one card each, two cards in play, so
only the twelve bids ``high card 9`` ... ``pair A`` can be true (:data:`HEADS_UP`). Everything
here is read from the shipped equilibrium (:func:`kayalib.blef.equilibrium.solved`: no solving
when a page opens) and from the bots' exact policies (:func:`kayalib.blef.strategy.strategy_of`),
so every figure the lesson states is computed when it runs:

- :func:`exploitation`: what the best reply to a bot wins in each seat, exactly;
- :func:`opening_values`: what each opening bid is worth to the first bidder with one card,
  when both then play the equilibrium (indifference: the bids it mixes are worth the same);
- :func:`truth_dial`: how much the best reply wins when the first bidder's 10 tells the truth
  more or less often than the equilibrium does;
- :func:`strategy_grid`: for each card and last bid, how often the equilibrium raises
  honestly, bluffs or checks (the lesson's picture).

>>> exploitation("honest").second       # the best reply to a never-bluffer, bidding second
Fraction(3, 23)
>>> solved().exact_value()
Fraction(-5, 69)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache

import numpy as np

from kayalib.blef.bids import Bid
from kayalib.blef.cards import DECK
from kayalib.blef.cfr import Profile, combine
from kayalib.blef.equilibrium import HEADS_UP, solved
from kayalib.blef.strategy import situations, strategy_of
from kayalib.lessons.heads_up_bots import LessonError, make_lesson_bot

__all__ = [
    "TEN",
    "Exploit",
    "Mix",
    "best_reply",
    "bot_strategy",
    "card_values",
    "exact",
    "exploitation",
    "opening_bluff_shares",
    "opening_values",
    "rank_counts",
    "safe_range",
    "second_seat_wins",
    "strategy_grid",
    "truth_dial",
    "with_truth_share",
]

TEN = 1
"""The rank index of the 10 (ranks 9, 10, J, Q, K, A are 0 to 5)."""


def exact(value: float, max_denominator: int = 1000) -> Fraction | float:
    """``value`` as the nearest fraction when it is that fraction to 1e-9 (a value of this round
    is a ratio of deal counts), else ``value`` itself.

    >>> exact(-0.07246376811594195), exact(0.1)
    (Fraction(-5, 69), Fraction(1, 10))
    >>> exact(0.123456789)
    0.123456789
    """
    fraction = Fraction(value).limit_denominator(max_denominator)
    return fraction if abs(float(fraction) - value) < 1e-9 else value


@cache
def bot_strategy(name: str) -> Profile:
    """The strategy a lesson bot plays in the heads-up round, read from its exact policy."""
    if name == "cfr":
        return solved().profile
    return strategy_of(make_lesson_bot(name))


@cache
def best_reply(name: str) -> Profile:
    """The best reply to bot ``name`` in both seats (the first bidder's part from the reply as
    first bidder, the second bidder's part from the reply as second)."""
    eq = solved()
    target = bot_strategy(name)
    _, as_first = eq.best_response(0, target)
    _, as_second = eq.best_response(1, target)
    return combine(as_first, as_second)


def _half(total: Fraction | float) -> Fraction | float:
    return total / 2 if isinstance(total, Fraction) else exact(total / 2)


@dataclass(frozen=True)
class Exploit:
    """What the best reply to a bot wins per round, exactly: bidding ``first`` and bidding
    ``second``, and on average over both seats (``average``); ``equilibrium_first`` and
    ``equilibrium_second``: what the equilibrium wins against the same bot in each seat."""

    bot: str
    first: Fraction | float
    second: Fraction | float
    equilibrium_first: Fraction | float
    equilibrium_second: Fraction | float

    @property
    def average(self) -> Fraction | float:
        return _half(self.first + self.second)

    @property
    def equilibrium_average(self) -> Fraction | float:
        return _half(self.equilibrium_first + self.equilibrium_second)


@cache
def exploitation(bot: str) -> Exploit:
    """The best reply to ``bot`` and the equilibrium against it, per round (+1 a round won,
    -1 a round lost), exactly.

    >>> e = exploitation("honest")
    >>> e.first, e.second, e.average
    (Fraction(10, 69), Fraction(3, 23), Fraction(19, 138))
    >>> exploitation("cfr").average               # nothing beats the equilibrium on average
    Fraction(0, 1)
    """
    eq = solved()
    target = bot_strategy(bot)
    first, _ = eq.best_response(0, target)
    second, _ = eq.best_response(1, target)
    return Exploit(bot, exact(first), exact(second), exact(eq.versus(eq.profile, target)),
                   exact(-eq.versus(target, eq.profile)))  # fmt: skip


@cache
def opening_values(card: int) -> tuple[tuple[Bid, Fraction | float, float], ...]:
    """For the first bidder holding rank ``card``: each opening bid, what it is worth per round
    when both players then follow the equilibrium, and how often the equilibrium opens with it.

    >>> [(str(bid), value) for bid, value, share in opening_values(TEN) if share > 0][:2]
    [('high-card T', Fraction(-15, 23)), ('high-card J', Fraction(-15, 23))]
    """
    eq = solved()
    solver, tree = eq.solver, eq.solver.tree
    other = solver.reach(eq.profile, 1)
    values = solver.values(0, eq.profile, other)
    weight = float((other[0][0] @ solver.deal[0])[card])  # the chance of this card: 1/6
    out = []
    for b, bid in enumerate(HEADS_UP.bids):
        depth, row = tree.locate(1 << b)
        value = float(values[depth][row, card]) / weight
        share = float(eq.profile.raise_[depth][row, card])
        out.append((bid, exact(value), share))
    return tuple(out)


def card_values() -> tuple[Fraction | float, ...]:
    """What the first bidder wins per round with each card (9 ... A) under the equilibrium; their
    average over the six equally likely cards is the round's value.

    >>> sum(card_values()) / 6 == solved().exact_value()
    True
    """
    out = []
    for card in range(6):
        total = sum(value * share for _bid, value, share in opening_values(card))
        out.append(exact(float(total)))
    return tuple(out)


def opening_bluff_shares(name: str) -> tuple[float, ...]:
    """How often bot ``name``, bidding first, opens with a bluff (a rank it does not hold), with
    each card 9 ... A.

    >>> [round(share, 3) for share in opening_bluff_shares("cfr")]
    [1.0, 0.611, 0.0, 0.0, 0.0, 0.0]
    """
    profile = bot_strategy(name)
    tree = solved().solver.tree
    shares = []
    for card in range(6):
        bluff = 0.0
        for b, bid in enumerate(HEADS_UP.bids):
            if bid.params[0] != card:
                bluff += float(profile.raise_[1][tree.locate(1 << b)[1], card])
        shares.append(bluff)
    return tuple(shares)


def with_truth_share(share: float, card: int = TEN) -> Profile:
    """The equilibrium, except that the first bidder holding ``card`` opens with the truth
    (high card of its rank) with probability ``share`` and bluffs otherwise, its bluffs split as
    the equilibrium splits them."""
    if not 0 <= share <= 1:
        raise LessonError(f"a share is between 0 and 1, not {share}")
    eq = solved()
    tree = eq.solver.tree
    profile = eq.profile.copy()
    rows = [tree.locate(1 << b)[1] for b in range(len(HEADS_UP.bids))]
    truth = HEADS_UP.bids.index(Bid("high-card", (card,)))
    column = profile.raise_[1][:, card]
    bluffs = np.array([column[r] if b != truth else 0.0 for b, r in enumerate(rows)])
    if bluffs.sum() <= 0:
        raise LessonError(f"the equilibrium never bluffs with rank {card}")
    for b, r in enumerate(rows):
        column[r] = share if b == truth else (1 - share) * bluffs[b] / bluffs.sum()
    return profile


def truth_dial(card: int = TEN, steps: int = 50) -> list[tuple[float, float]]:
    """``(share of truth, what the best-replying second bidder wins per round)`` for
    ``steps + 1`` shares from 0 to 1 (see :func:`with_truth_share`); at the equilibrium's share
    it is the round's value for the second bidder, 5/69."""
    solver = solved().solver
    return [(k / steps, solver.best_response_value(with_truth_share(k / steps, card), 1))
            for k in range(steps + 1)]  # fmt: skip


def safe_range(dial: list[tuple[float, float]], tolerance: float = 1e-9) -> tuple[float, float]:
    """The lowest and highest share of :func:`truth_dial` at which the best reply wins no more
    than against the equilibrium."""
    value = -solved().value
    safe = [share for share, won in dial if won <= value + tolerance]
    return min(safe), max(safe)


def rank_counts(card: int = TEN) -> dict[str, int]:
    """Of the 23 cards the other player may hold beside your ``card``: how many have the same
    rank, a higher one and a lower one (the counting behind the lesson's exercise).

    >>> rank_counts(TEN)
    {'same': 3, 'higher': 16, 'lower': 4, 'cards': 23}
    """
    rest = [c for c in DECK if not (c.rank == card and c.suit == 3)]
    return {"same": sum(c.rank == card for c in rest), "higher": sum(c.rank > card for c in rest),
            "lower": sum(c.rank < card for c in rest), "cards": len(rest)}  # fmt: skip


def second_seat_wins() -> Fraction:
    """The chance that the second bidder wins against ``honest`` by counting: honest's opening
    names its card, and the reply wins exactly when its own card is as high or higher (it bids
    its own high card, or the pair), averaged over honest's six equally likely ranks.

    >>> second_seat_wins(), 2 * second_seat_wins() - 1 == exploitation("honest").second
    (Fraction(13, 23), True)
    """
    wins = [Fraction(c["same"] + c["higher"], c["cards"]) for c in map(rank_counts, range(6))]
    return sum(wins, Fraction(0)) / 6


@dataclass(frozen=True)
class Mix:
    """How the equilibrium plays one card facing one last bid (``None``: the opening), over both
    seats and every way to get there: the chance of an honest raise (a rank it holds), a bluff,
    and a check, and how likely a round reaches this (``reach``)."""

    card: int
    last: Bid | None
    honest: float
    bluff: float
    check: float
    reach: float


@cache
def strategy_grid() -> tuple[Mix, ...]:
    """The equilibrium as a grid: one :class:`Mix` per (card, last bid) that its play reaches,
    the opening first, then the last bids lowest first, cards 9 ... A in each.

    >>> opening = [m for m in strategy_grid() if m.last is None]
    >>> [round(m.bluff, 3) for m in opening]
    [1.0, 0.611, 0.0, 0.0, 0.0, 0.0]
    """
    sums: dict[tuple[int, int], list[float]] = {}
    for s in situations(solved()):
        index = -1 if s.last is None else s.last.index
        acc = sums.setdefault((index, s.hand[0]), [0.0, 0.0, 0.0, 0.0])
        for i, part in enumerate((s.honest, s.bluff, s.check)):
            acc[i] += s.reach * part
        acc[3] += s.reach
    bids = {bid.index: bid for bid in HEADS_UP.bids}
    out = []
    for (index, card), (honest, bluff, check, reach) in sorted(sums.items()):
        if reach <= 1e-12:
            continue
        out.append(Mix(card, bids.get(index), honest / reach, bluff / reach, check / reach, reach))
    return tuple(out)
