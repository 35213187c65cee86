"""A bid is evidence: how likely each bid is, given your cards *and* the bids made so far.

The question. You are one seat of a Blef round: you see your own cards, everyone's card count
and this round's bids, each with the seat that made it. For each of the 83 bids you want
``P(bid true | my cards, the bids so far)``. Without the bids this is the exact odds of
:mod:`kayalib.blef.odds` (the *prior*); with them it is a *posterior*, by Bayes' rule.

The model. A bid tells you something only through a model of the bidder: an
:class:`OpponentModel` is a bot (any bot with an exact ``policy(view)``, see
:mod:`kayalib.engine`) and a bluff rate ``ε``: with probability ``1 - ε`` the opponent plays as
the bot would with its cards, with probability ``ε`` it picks uniformly among its legal
actions. ``ε = 1`` means "bids tell nothing". Deals are uniform, so before the bids every way to
deal the cards you cannot see is equally likely.

Bayes' rule. Write ``h_o`` for opponent ``o``'s hand. The probability of everything ``o`` bid
this round is its *likelihood*

    ℓ_o(h_o) = ∏ over o's bids a_j of [ (1 - ε) π(a_j | v_j(h_o)) + ε / L_j ],

where ``v_j(h_o)`` is the view ``o`` had before bid ``j`` had it held ``h_o`` (rebuilt from
public facts by :func:`opponent_view`), ``π`` the bot's policy and ``L_j`` the number of legal
actions then. Each opponent's bids depend only on its own hand and the public history, so the
likelihood of a whole deal factors: ``P(bids | h_1, ..., h_m) = ∏_o ℓ_o(h_o)``, and

    P(h_1, ..., h_m | bids) ∝ ∏_o ℓ_o(h_o)   over the deals whose hands do not overlap.

A bid is true or false for the pool (your cards and every opponent's). Opponents who have not
bid (and undealt cards) carry no evidence: given the hands of those who did bid, the rest is a
uniform draw, whose exact odds :mod:`kayalib.blef.odds_batch` gives. So the answer is

    P(bid | bids) = Σ_S w(S) · odds(bid | my cards ∪ S) / Σ_S w(S),

summed over the sets ``S`` of cards the bidding opponents hold together, where ``w(S)`` adds up
``∏ ℓ_o(h_o)`` over the ways to split ``S`` into their hands.

Opponents whose likelihood is the same for every hand (who have not bid, bluff at rate 1, or
are modelled by a bot that ignores its cards) tell nothing and are left out of the sum. The
models, the rebuilt views and the likelihoods live in :mod:`kayalib.blef.evidence`; a bot may
offer ``action_probabilities(view, hands, action)`` to be asked about many hands at once.
:meth:`Posterior.bayes_table` lists prior, likelihood and posterior hand by hand, as a lesson
would work them out.

Two methods (``method="auto"`` picks):

- ``exact``: every hand of every bidding opponent is listed (all ``C(u, c)`` hands of ``c``
  cards from the ``u`` cards you do not hold), its likelihood computed, and ``w(S)`` built one
  opponent at a time (a sum over disjoint pairs, then added up by set); the last opponent's
  hands meet those sets by key class, disjointness by inclusion-exclusion over each hand's
  cards (:func:`disjoint_mixture`), not pair by pair. Used when the work, the
  number of (set so far, next hand) pairs, is at most ``exact_limit`` (default
  :data:`EXACT_LIMIT`, two million: a 4-player round with 2 cards each after 3 bids is exact).
  ``exact=True`` does the same sum in ``Fraction``\\ s (small cases, up to
  :data:`FRACTION_LIMIT` pairs), for lessons and tests.
- ``sample``: a seeded sampler for larger rounds. Each bidding opponent's hand is drawn from its
  own posterior ``ℓ_o / Σ ℓ_o`` (all its hands listed, up to :data:`HAND_LIMIT`), draws that
  overlap are rejected (what is left is a draw from the joint posterior), and the last
  opponent's hand is drawn from its posterior among the cards still free, with the weight that
  choice needs; an opponent with too many possible hands is dealt uniformly and weighted by its
  likelihood instead. Each kept deal contributes the exact odds of its pool, so the estimate
  averages probabilities, not 0/1 outcomes. The deals are weighted, so the standard error of
  each bid is that of a ratio of weighted sums, ``Σ w² (p - mean)² / (Σ w)²`` (the delta
  method), raised by that sum's own uncertainty (a bid seen in few deals, a few heavy deals)
  and by :data:`~kayalib.blef.odds_batch.CAUTION`, so that it errs high, bid by bid: over 20
  seeds every bid's estimates spread by at most 1.25 times the error reported
  (``tests/blef/test_inference.py``; ``benchmarks/bench_blef_inference.py``). By default the
  sampler draws 4,000 deals, then as many more as that error says are needed for 0.01 (up to
  64,000 in all). When the cap comes first, the result says so (``target_met``) and names the
  bids still above the target (``above_target``). A bid never seen gets an error of 0.

>>> from kayalib.blef.game import BlefRules, BlefState
>>> state = BlefState.from_position(BlefRules(players=2), ["KS", "9H"], starter=0)
>>> state = state.apply("high-card K")          # seat 0 bids; seat 1 wonders if it is true
>>> result = infer(state.view(1), OpponentModel.named("odds", bluff=Fraction(1, 5)), exact=True)
>>> result.prior_table()[Bid.parse("high-card K")], result.table()[Bid.parse("high-card K")]
(Fraction(4, 23), Fraction(1332, 1351))
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import permutations
from math import comb
from typing import Generic, Literal, TypeVar, overload

import numpy as np

from kayalib.blef import evidence
from kayalib.blef.actions import Action
from kayalib.blef.bids import LADDER, Bid
from kayalib.blef.cards import Card
from kayalib.blef.evidence import (
    CHECK_INDEX,
    Bidder,
    OpponentModel,
    action_index,
    hand_likelihoods,
    likelihood,
    opponent_view,
)
from kayalib.blef.masks import (
    FULL_DECK,
    cards_of,
    colex_rank,
    mask_of,
    popcount,
    row_subset_masks,
    row_subset_pick,
    row_subset_ranks,
    subset_masks,
)
from kayalib.blef.odds import clear_table_cache, favourable_counts, odds_row
from kayalib.blef.odds_batch import RANK_KEYS, Mixer, batch_counts, hand_keys, mixture_of_sums
from kayalib.blef.view import BlefView
from kayalib.errors import ArgumentError

__all__ = [
    "CHECK_INDEX",
    "EXACT_LIMIT",
    "FRACTION_LIMIT",
    "HAND_LIMIT",
    "HandRow",
    "OpponentModel",
    "Posterior",
    "action_index",
    "clear_caches",
    "infer",
    "likelihood",
    "opponent_view",
    "posterior_chances",
]

EXACT_LIMIT = 2_000_000
"""Most (set so far, next hand) pairs the exact method sums before ``auto`` samples instead."""
FRACTION_LIMIT = 200_000
"""Most pairs the exact method sums in fractions (``exact=True``)."""
HAND_LIMIT = 60_000
"""Most hands listed for one opponent (``C(19, 5) = 11,628``; ``C(22, 6) = 74,613`` is over)."""
CONDITIONAL_LIMIT = 1_000
"""Most free hands the sampler lists per deal to draw the last opponent's hand exactly."""

#: (seed, unseen cards, hand sizes of the bidders dealt at random, samples)
DealKey = tuple[int, int, tuple[int, ...], int]

DEALS: dict[DealKey, tuple[tuple[np.ndarray, ...], np.ndarray, Mapping[str, object]]] = {}
"""The random deals of the last few sampled questions whose bidders are all dealt at random,
by (seed, unseen cards, hand sizes, samples): see ``_Solver._draws``."""


def clear_caches() -> None:
    """Forget every remembered hand list, likelihood factor and key (for cold timings)."""
    evidence.FACTORS.clear()
    evidence.clear_prefixes()
    DEALS.clear()
    _MIXERS.clear()
    clear_table_cache()
    subset_masks.cache_clear()


# ------------------------------------------------------------------ the result

#: the numbers of a result: floats, or fractions (``exact=True``)
N = TypeVar("N", float, Fraction)


@dataclass(frozen=True)
class HandRow(Generic[N]):
    """One line of a Bayes table: a hand an opponent may hold, its prior probability (before
    the bids), the likelihood of that opponent's bids with it, and its posterior probability."""

    hand: tuple[Card, ...]
    prior: N
    likelihood: N
    posterior: N


@dataclass(frozen=True)
class Posterior(Generic[N]):
    """What :func:`infer` found: for every bid of ``LADDER`` (in ladder order) the prior (your
    cards only), the posterior (your cards and the bids) and the posterior's standard error
    (0 when exact).

    ``method`` is ``"exact"`` or ``"sample"``; ``samples`` the number of deals drawn (0 when
    exact); ``fractions`` whether the numbers are ``Fraction``\\ s. A sample's deals are
    weighted: ``effective_samples`` is ``(Σ w)² / Σ w²`` (the number of equally weighted deals
    that would be as precise), and each standard error errs high
    (:meth:`~kayalib.blef.odds_batch.Mixer.error`). ``target_error`` is the standard error
    asked for (``None``: none), ``target_met`` says whether every bid's is within it, and
    ``above_target`` names the bids whose error the sampler could not bring under it before
    its cap (flagged: their estimate is rougher than asked). ``informative_seats`` are the
    opponents whose bids moved the odds (those who bid, with a bluff rate below 1).
    """

    view: BlefView = field(repr=False)
    models: Mapping[int, OpponentModel] = field(repr=False)
    method: str
    prior: tuple[N, ...] = field(repr=False)
    true: tuple[N, ...] = field(repr=False)
    errors: tuple[float, ...] | Callable[[], tuple[float, ...]] = field(
        repr=False, compare=False
    )
    samples: int = 0
    fractions: bool = False
    effective_samples: float = 0.0
    target_error: float | None = None
    target_met: bool = True
    above_target: tuple[Bid, ...] = ()
    informative_seats: tuple[int, ...] = field(default=(), repr=False, compare=False)
    #: each opponent's Bayes table (exact results)
    _rows: Callable[[int], list[HandRow[N]]] | None = field(
        default=None, repr=False, compare=False
    )

    @property
    def stderr(self) -> tuple[float, ...]:
        """The standard error of each bid (0 when exact). A sample asked for no target error
        works it out when first read (a bot that only plays the estimate never does)."""
        errors = self.errors
        if callable(errors):
            errors = tuple(errors())
            object.__setattr__(self, "errors", errors)  # worked out once
        return errors

    def table(self) -> dict[Bid, N]:
        """``{bid: P(bid true | your cards, the bids)}``."""
        return dict(zip(LADDER, self.true, strict=True))

    def prior_table(self) -> dict[Bid, N]:
        """``{bid: P(bid true | your cards)}``: the exact odds, ignoring the bids."""
        return dict(zip(LADDER, self.prior, strict=True))

    def moved_most(self, bids: Sequence[Bid] | None = None) -> Bid:
        """The bid (of ``bids``, default all) whose probability the bids changed the most
        (the lowest such bid on a tie)."""
        chosen = list(LADDER) if bids is None else list(bids)
        if not chosen:
            raise ArgumentError("no bids to compare")
        return max(
            chosen, key=lambda bid: (abs(self.true[bid.index] - self.prior[bid.index]), -bid.index)
        )

    def hands(self, seat: int) -> dict[tuple[Card, ...], N]:
        """The posterior over ``seat``'s hand: ``{hand: probability}`` for every hand it may
        hold (exact results only)."""
        return {row.hand: row.posterior for row in self.bayes_table(seat)}

    def bayes_table(self, seat: int) -> list[HandRow[N]]:
        """For each hand ``seat`` may hold: prior, likelihood and posterior (exact results only).

        The prior of each hand is ``1 / C(u, c)`` (any ``c`` of the ``u`` cards you do not
        hold). With one opponent the posterior is ``prior × likelihood`` divided by its sum;
        with more, the other opponents' bids matter too (their hands cannot overlap this one).
        """
        if self.method != "exact":
            raise ArgumentError(
                "the posterior over an opponent's hand is given for exact results only; "
                "this one was sampled"
            )
        assert self._rows is not None  # every exact result has them
        return self._rows(seat)


# ------------------------------------------------------------------ the two methods


def _pair_work(unseen: int, tables: Sequence[int], sizes: Sequence[int]) -> int:
    """The pairs the exact method sums, opponents taken in this order."""
    work, states, used = 0, 1, 0
    for count, size in zip(tables, sizes, strict=True):
        if used:
            work += states * count
        states = min(states * count, comb(unseen, used + size))
        used += size
    return work


class _Solver:
    """The arithmetic of one inference: opponents, their hands and likelihoods (``fractions``:
    in fractions, else in floats)."""

    def __init__(
        self,
        view: BlefView,
        models: Mapping[int, OpponentModel],
        fractions: bool,
        hand_limit: int = HAND_LIMIT,
    ):
        self.view = view
        self.fractions = fractions
        self.hand_limit = hand_limit
        self.mine = mask_of(view.hand)
        self.unseen = FULL_DECK & ~self.mine
        self.unseen_count = 24 - len(view.hand)
        self.opponents: list[Bidder] = []
        for seat, count in enumerate(view.counts):
            if seat == view.seat or not count:
                continue
            steps = tuple(step for step, (bidder, _) in enumerate(view.bids) if bidder == seat)
            if steps and seat not in models:
                raise ArgumentError(f"no opponent model for seat {seat}, which has bid")
            model = models.get(seat) or OpponentModel(_NoBot(), 1)
            self.opponents.append(Bidder(seat, count, steps, model))
        self._lists: dict[int, tuple[np.ndarray, np.ndarray]] = {}
        self._fraction_lists: dict[int, tuple[np.ndarray, list[Fraction]]] = {}
        self._ranked: dict[int, np.ndarray] = {}
        self._pickers: dict[int, _Picker] = {}

    # -- hands and likelihoods

    def hand_count(self, opponent: Bidder) -> int:
        return comb(self.unseen_count, opponent.size)

    def _hand_masks(self, opponent: Bidder) -> np.ndarray:
        """Every hand the opponent may hold (at most ``hand_limit`` of them)."""
        if self.hand_count(opponent) > self.hand_limit:
            raise ArgumentError(
                f"seat {opponent.seat} may hold {self.hand_count(opponent):,} hands, "
                f"more than the {self.hand_limit:,} the exact method lists"
            )
        return subset_masks(self.unseen, opponent.size)

    def hand_list(self, opponent: Bidder) -> tuple[np.ndarray, np.ndarray]:
        """Every hand the opponent may hold and its likelihood (floats)."""
        found = self._lists.get(opponent.seat)
        if found is None:
            masks = self._hand_masks(opponent)
            values = hand_likelihoods(self.view, opponent, masks)
            found = self._lists[opponent.seat] = (masks, values)
        return found

    def hand_fractions(self, opponent: Bidder) -> tuple[np.ndarray, list[Fraction]]:
        """Every hand the opponent may hold and its likelihood (fractions)."""
        found = self._fraction_lists.get(opponent.seat)
        if found is None:
            masks = self._hand_masks(opponent)
            values = [
                likelihood(self.view, opponent.seat, cards_of(m), opponent.model, exact=True)
                for m in masks
            ]
            found = self._fraction_lists[opponent.seat] = (masks, values)
        return found

    def _by_rank(self, opponent: Bidder) -> np.ndarray:
        """The opponent's likelihood by the colex rank of its hand (0 for hands it cannot
        hold)."""
        found = self._ranked.get(opponent.seat)
        if found is None:
            masks, values = self.hand_list(opponent)
            found = self._ranked[opponent.seat] = np.zeros(comb(24, opponent.size))
            found[colex_rank(masks)] = values
        return found

    def _picker(self, opponent: Bidder) -> _Picker:
        """Draws the opponent's hands (indices into its hand list) from its posterior."""
        found = self._pickers.get(opponent.seat)
        if found is None:
            found = self._pickers[opponent.seat] = _Picker(self.hand_list(opponent)[1])
        return found

    def informative(self) -> list[Bidder]:
        """The opponents whose likelihood differs between hands (the others tell nothing)."""
        chosen = []
        for opponent in self.opponents:
            if not opponent.informative:
                continue
            if self.hand_count(opponent) <= self.hand_limit:
                first: float | Fraction
                if self.fractions:
                    exact = self.hand_fractions(opponent)[1]
                    first, same = exact[0], all(v == exact[0] for v in exact)
                else:
                    values = self.hand_list(opponent)[1]
                    first, same = values[0], bool(np.all(values == values[0]))
                if same:
                    if not first:
                        raise _no_hand_explains()
                    continue
            chosen.append(opponent)
        return chosen

    def exact_order(self, chosen: list[Bidder]) -> tuple[list[Bidder], float]:
        """The order of the opponents that sums the fewest pairs, and that number."""
        if any(self.hand_count(o) > self.hand_limit for o in chosen):
            return chosen, float("inf")
        orders = permutations(chosen) if len(chosen) <= 6 else [sorted(chosen, key=self.hand_count)]
        best: tuple[list[Bidder], float] = (chosen, float("inf"))
        for order in orders:
            work = _pair_work(
                self.unseen_count, [self.hand_count(o) for o in order], [o.size for o in order]
            )
            if work < best[1]:
                best = (list(order), work)
        return best

    # -- the exact sum over sets of cards

    def weights(self, order: Sequence[Bidder]) -> tuple[np.ndarray, np.ndarray]:
        """The sets ``S`` the opponents of ``order`` may hold together, and ``w(S)``."""
        held: np.ndarray = np.zeros(1, dtype=np.int64)
        weight: np.ndarray = np.ones(1)
        for opponent in order:
            masks, values = self.hand_list(opponent)
            rows, cols = np.nonzero((held[:, None] & masks[None, :]) == 0)
            union = held[rows] | masks[cols]
            ranks = colex_rank(union)
            size = comb(24, int(popcount(union[:1])[0])) if len(union) else 1
            summed = np.bincount(ranks, weights=weight[rows] * values[cols], minlength=size)
            keys = np.zeros(size, dtype=np.int64)
            keys[ranks] = union
            kept = np.flatnonzero(summed)
            held, weight = keys[kept], summed[kept]
        return held, weight

    def fraction_weights(self, order: Sequence[Bidder]) -> tuple[np.ndarray, list[Fraction]]:
        """:meth:`weights` in fractions."""
        table: dict[int, Fraction] = {0: Fraction(1)}
        for opponent in order:
            masks, values = self.hand_fractions(opponent)
            grown: dict[int, Fraction] = {}
            for held, weight in table.items():
                for mask, value in zip(masks.tolist(), values, strict=True):
                    if held & mask or not value:
                        continue
                    union = held | mask
                    grown[union] = grown.get(union, 0) + weight * value
            table = grown
        return np.array(list(table), dtype=np.int64), list(table.values())

    def exact(self, order: Sequence[Bidder]) -> list[float]:
        """The posterior of every bid, summed exactly in floats: the last opponent's hands are
        not paired with the sets so far one by one, :func:`disjoint_mixture` sums them by key
        class."""
        held, weight = self.weights(order[:-1])
        masks, values = self.hand_list(order[-1])
        mean = disjoint_mixture(held, weight, self.mine, masks, values, self.view.total_cards)
        chances: list[float] = np.clip(mean, 0.0, 1.0).tolist()
        return chances

    def exact_fractions(self, order: Sequence[Bidder]) -> list[Fraction]:
        """The posterior of every bid, summed exactly in fractions."""
        held, weight = self.fraction_weights(order)
        norm = sum(weight)
        if not norm:
            raise _no_hand_explains()
        counts, total = batch_counts(held | self.mine, self.view.total_cards)
        sums = [
            sum((w * int(c) for w, c in zip(weight, column, strict=True)), Fraction(0))
            for column in counts.T.tolist()
        ]
        return [s / (norm * total) for s in sums]

    def _table_of(self, seat: int) -> tuple[Bidder, bool, list[Bidder]]:
        """The opponent at ``seat``, whether its bids tell anything, and the other opponents
        whose bids do, in the order that sums the fewest pairs."""
        opponent = next((o for o in self.opponents if o.seat == seat), None)
        if opponent is None:
            raise ArgumentError(f"seat {seat} is not an opponent holding cards this round")
        chosen = self.informative()
        others = [o for o in chosen if o.seat != seat]
        return opponent, opponent in chosen, self.exact_order(others)[0]

    def bayes_table(self, seat: int) -> list[HandRow[float]]:
        opponent, telling, others = self._table_of(seat)
        held, weight = self.weights(others)
        masks, values = self.hand_list(opponent)
        if not telling:
            values = np.ones(len(masks))
        free = np.concatenate(
            [
                ((masks[start : start + 512, None] & held[None, :]) == 0) @ weight
                for start in range(0, len(masks), 512)
            ]
        )
        joint = values * free
        posterior = joint / joint.sum()
        prior = 1 / len(masks)
        return [
            HandRow(cards_of(m), prior, float(values[i]), float(posterior[i]))
            for i, m in enumerate(masks.tolist())
        ]

    def bayes_fractions(self, seat: int) -> list[HandRow[Fraction]]:
        """:meth:`bayes_table` in fractions."""
        opponent, telling, others = self._table_of(seat)
        held, weight = self.fraction_weights(others)
        masks, values = self.hand_fractions(opponent)
        if not telling:
            values = [Fraction(1)] * len(masks)
        free = [
            sum(
                (w for h, w in zip(held.tolist(), weight, strict=True) if not h & m),
                Fraction(0),
            )
            for m in masks.tolist()
        ]
        joint = [v * f for v, f in zip(values, free, strict=True)]
        norm = sum(joint)
        prior = Fraction(1, len(masks))
        return [
            HandRow(cards_of(m), prior, values[i], joint[i] / norm)
            for i, m in enumerate(masks.tolist())
        ]

    # -- the sampler

    def sample(
        self, chosen: list[Bidder], samples: int, seed: int, target: float | None
    ) -> tuple[np.ndarray, np.ndarray | Callable[[], tuple[float, ...]], int, float]:
        """Estimates and standard errors of every bid from ``samples`` drawn deals, then more
        (up to 16 times as many in all) while a standard error is above ``target``; and the
        deals drawn and their effective number. With no ``target`` the errors are not needed
        to stop, and come as a function that works them out.
        """
        rng = _Generator(seed)
        held, weight = self._draws(chosen, samples, rng, seed)
        while True:
            total = weight.sum()
            if not total > 0:
                raise _no_hand_explains()
            size = len(self.view.hand) + sum(o.size for o in chosen)
            mixer = _mixer(held, self.mine, size, self.view.total_cards)
            effective = float(total**2 / (weight**2).sum())
            if target is None:
                mean = mixer.mix(weight)[0]
                return np.clip(mean, 0.0, 1.0), _later(mixer, weight), len(held), effective
            mean, error = mixer.error(weight)
            if error.max() <= target or len(held) >= 16 * samples:
                return np.clip(mean, 0.0, 1.0), error, len(held), effective
            # As many more as the error says are needed (it shrinks as one over the square
            # root of the deals), a tenth over, at least a tenth of those drawn, within the cap.
            needed = len(held) * (float(error.max()) / target) ** 2 * 1.1 - len(held)
            more = int(min(16 * samples - len(held), max(needed, len(held) / 10)))
            more_held, more_weight = self._draws(chosen, more, rng)
            held = np.concatenate([held, more_held])
            weight = np.concatenate([weight, more_weight])

    def _draws(
        self,
        chosen: list[Bidder],
        samples: int,
        rng: _Generator,
        seed: int | None = None,
    ) -> tuple[np.ndarray, np.ndarray]:
        """``samples`` deals of the bidders' hands (their cards together) and their weights.

        When every bidder is dealt at random, the first deals of a ``seed`` are remembered
        (:data:`DEALS`), with the generator's state after them: the same question asked again
        in a round (a bot at each of its turns) then meets the same hand arrays, whose
        likelihood factors are remembered too.
        """
        listed = [o for o in chosen if self.hand_count(o) <= self.hand_limit]
        wide = [o for o in chosen if o not in listed]
        spare = self.unseen_count - sum(o.size for o in listed)
        def flatness(opponent: Bidder) -> float:
            """The effective share of the opponent's hands (1: its bids tell nothing)."""
            values = self.hand_list(opponent)[1]
            return float(values.sum() ** 2 / (values**2).sum() / len(values))

        # The last is drawn among the cards left free, and its weight varies least when its
        # bids say least: among the fewest free hands, the flattest likelihood.
        last = min(
            listed,
            key=lambda o: (comb(spare + o.size, o.size), -flatness(o)),
            default=None,
        )
        if last is not None:
            free_hands = comb(spare + last.size, last.size)
            # Drawn like the others when at least a quarter of its hands would fit anyway
            # (rejection then costs less than listing the free hands, and weighs nothing).
            if free_hands > CONDITIONAL_LIMIT or 4 * free_hands >= self.hand_count(last):
                last = None
        drawn = [o for o in listed if o is not last]
        held = self._draw_disjoint(drawn, samples, rng)
        weight = np.ones(len(held))
        if last is not None:
            by_rank = self._by_rank(last)
            ranks, positions = row_subset_ranks(self.unseen & ~held, last.size)
            chances = by_rank[ranks]  # (deals, free hands)
            width = ranks.shape[1]
            # One cumulative sum over every row at once; each deal's point falls in its row.
            running = np.cumsum(chances.ravel())
            ends = running[width - 1 :: width]
            before = np.concatenate([[0.0], ends[:-1]])
            totals = ends - before
            weight *= totals
            points = before + rng.get().random(len(held)) * totals
            starts = np.arange(len(held)) * width
            picked = np.searchsorted(running, points, side="right") - starts
            held = held | row_subset_pick(positions, last.size, np.clip(picked, 0, width - 1))
        key = None if seed is None or listed else (
            seed, self.unseen, tuple(o.size for o in wide), samples)  # fmt: skip
        dealt = None if key is None else DEALS.get(key)
        hands_of: Sequence[np.ndarray]
        if dealt is None:
            hands_of = []
            for opponent in wide:
                hands_of.append(self._deal_uniform(held, opponent.size, rng))
                held = held | hands_of[-1]
            if key is not None:
                for array in (*hands_of, held):
                    array.flags.writeable = False
                if len(DEALS) >= 32:
                    DEALS.clear()
                DEALS[key] = (tuple(hands_of), held, rng.get().bit_generator.state)
        else:
            hands_of, held, state = dealt
            rng.restore(state)
        for opponent, hands in zip(wide, hands_of, strict=True):
            weight = weight * hand_likelihoods(self.view, opponent, hands)
        return held, weight

    def _draw_disjoint(
        self, drawn: list[Bidder], samples: int, rng: _Generator
    ) -> np.ndarray:
        """``samples`` sets of cards: each opponent's hand from its own posterior, overlapping
        draws rejected (so the kept ones follow the joint posterior of these opponents)."""
        if not drawn:
            return np.zeros(samples, dtype=np.int64)
        lists = [self.hand_list(o) for o in drawn]
        pickers = [self._picker(o) for o in drawn]
        kept: list[np.ndarray] = []
        have, tried, rate = 0, 0, 1.0
        while have < samples and tried < 400 * samples + 200_000:
            batch = int(min(500_000, max(1_000, 1.2 * (samples - have) / max(rate, 1e-6))))
            held = np.zeros(batch, dtype=np.int64)
            for (masks, _), picker in zip(lists, pickers, strict=True):
                hands = masks[picker.pick(rng.get().random(len(held)))]
                free = (held & hands) == 0
                held = (held | hands)[free]
            tried += batch
            kept.append(held[: samples - have])
            have += len(kept[-1])
            rate = max(have / tried, 1e-6)
        if not have:
            raise ArgumentError(
                "no deal was found in which the likely hands of the bidders do not overlap; "
                "raise the bluff rate"
            )
        return np.concatenate(kept)

    def _deal_uniform(self, held: np.ndarray, size: int, rng: _Generator) -> np.ndarray:
        """A uniform hand of ``size`` cards for each row, from the cards not yet held."""
        free = ((self.unseen & ~held)[:, None] & _BITS) != 0
        keys = np.where(free, rng.get().random(free.shape), 2.0)  # each row's free cards first
        if not size:
            return np.zeros(len(held), dtype=np.int64)
        # The cards of the ``size`` smallest keys: those at most the row's ``size``-th smallest
        # (a partition, not an arg-partition: several times faster, the same cards).
        hands = (keys <= np.partition(keys, size - 1, axis=1)[:, size - 1 : size]) @ _BITS
        if (np.bitwise_count(hands) != size).any():  # two equal keys at the edge (all but never)
            picks = np.argpartition(keys, size - 1, axis=1)[:, :size]
            hands = _BITS.take(picks).sum(axis=1)
        return hands


_BITS = np.left_shift(np.int64(1), np.arange(24))  # each card's bit


class _Generator:
    """The sampler's ``numpy`` generator seeded with ``seed``, made when first used: a question
    whose deals are remembered (:data:`DEALS`) only sets the state it would have had after them,
    and a bot that asks no target error then draws nothing more."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._rng: np.random.Generator | None = None
        self._state: Mapping[str, object] | None = None

    def get(self) -> np.random.Generator:
        rng = self._rng
        if rng is None:
            rng = self._rng = np.random.default_rng(self.seed)
            if self._state is not None:
                rng.bit_generator.state = self._state
        return rng

    def restore(self, state: Mapping[str, object]) -> None:
        """Set the state (the generator's now if it is made, else the one it will start in)."""
        if self._rng is None:
            self._state = state
        else:
            self._rng.bit_generator.state = state


class _Picker:
    """Draws indices with chances proportional to ``values``: ``searchsorted(cumulative, u,
    side="right")`` for uniform ``u`` (the last index at most), but each ``u`` looked up from
    a guide table (where ``u · n`` falls) and a few steps of bisection within its bucket: a
    search of the whole list for each of many unsorted points is slow (each step a cache miss).
    The same indices as ``searchsorted``, so the same deals."""

    def __init__(self, values: np.ndarray) -> None:
        running = np.cumsum(values)
        if not running[-1] > 0:
            raise _no_hand_explains()
        self.cumulative = running / running[-1]
        self.buckets = len(self.cumulative)
        steps = np.arange(self.buckets + 1) / self.buckets
        self.guide = np.searchsorted(self.cumulative, steps, side="right")

    def pick(self, points: np.ndarray) -> np.ndarray:
        bucket = np.floor(points * self.buckets).astype(np.intp)
        # ``bucket`` may be one off where ``points · n`` rounds: one bucket of slack each way.
        low = self.guide[np.clip(bucket - 1, 0, self.buckets)]
        high = self.guide[np.clip(bucket + 2, 0, self.buckets)]
        cumulative, last = self.cumulative, len(self.cumulative) - 1
        while True:
            open_ = low < high
            if not open_.any():
                return np.minimum(low, last)
            middle = (low + high) // 2
            right = open_ & (cumulative[np.minimum(middle, last)] <= points)
            low = np.where(right, middle + 1, low)
            high = np.where(open_ & ~right, middle, high)


# ------------------------------------------------------------------ disjoint sums by key

_SUIT_POWERS = 20 ** np.arange(4)
_RANK_POWERS = 5 ** np.arange(6)
_NIBBLES = 16 ** np.arange(6)


def _packed_ranks(rank_keys: np.ndarray) -> np.ndarray:
    """Rank keys with a 4-bit digit per rank, so that two of them add without a carry."""
    return (rank_keys[:, None] // _RANK_POWERS % 5) @ _NIBBLES


def _classes(values: np.ndarray, size: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The distinct ``values`` (whole numbers below ``size``), each value's class among them,
    and the class of every number below ``size`` (``len(distinct)`` for those not present)."""
    distinct = np.flatnonzero(np.bincount(values, minlength=size))
    position = np.full(size, len(distinct), dtype=np.intp)
    position[distinct] = np.arange(len(distinct))
    return distinct, position[values], position


def disjoint_mixture(
    sets: np.ndarray,
    weights: np.ndarray,
    mine: int,
    hands: np.ndarray,
    values: np.ndarray,
    cards: int,
) -> np.ndarray:
    """``Σ w(S) v(h) odds(mine ∪ S ∪ h) / Σ w(S) v(h)`` over the pairs of a set ``S`` of
    ``sets`` (its weight ``w``) and a hand ``h`` of ``hands`` (its weight ``v``) that share no
    card, each odds table for ``cards`` dealt: an ``(83,)`` array.

    A table is linear in the weights summed by the pool's rank key and by each suit's own key,
    and a pool's key is the sum of its parts' keys. So the sets are summed by key class (their
    rank key; each suit's own key), and for each hand the classes' weight *disjoint from it*
    comes by inclusion-exclusion over the hand's cards: ``Σ_{T ⊆ h} (-1)^|T| A_T``, ``A_T`` the
    weight of the sets holding all of ``T``. The work is (hands × subsets of a hand × classes),
    not (sets × hands): for 3 opponents of 2 cards, 231 × 4 × about 150 instead of 7,315 × 231.
    """
    in_hand = int(popcount(hands[:1])[0]) if len(hands) else 0
    if len(sets) == 1 and not sets[0]:  # one opponent: its hands are the pairs
        if not values.sum() > 0:
            raise _no_hand_explains()
        return _mixer(hands, mine, mine.bit_count() + in_hand, cards).mix(values)[0]
    rank_sets, suit_sets = hand_keys(sets | mine)
    rank_of, rank_class, _ = _classes(rank_sets, RANK_KEYS)
    digits = suit_sets[:, None] // _SUIT_POWERS % 20  # (n, 4)
    columns, digit_of, start = [rank_class], [], len(rank_of)
    for suit in range(4):
        found, where, _ = _classes(digits[:, suit], 20)
        digit_of.append(found)
        columns.append(start + where)
        start += len(found)
    column = np.stack(columns, axis=1)  # (n, 5): each set's class in each block
    width = start
    in_sets = int(popcount(sets[:1])[0]) if len(sets) else 0
    free = np.zeros((len(hands), width))
    for size in range(min(in_sets, in_hand) + 1):
        inner = colex_rank(row_subset_masks(sets, size))  # (n, C(in_sets, size))
        present, inverse, position = _classes(inner.ravel(), comb(24, size))
        slots = inverse.reshape(inner.shape)[:, :, None] * width + column[:, None, :]
        held = np.bincount(
            slots.ravel(),
            np.repeat(weights, slots.shape[1] * slots.shape[2]),
            minlength=(len(present) + 1) * width,
        ).reshape(len(present) + 1, width)  # the last row: the subsets no set holds
        rows = position[colex_rank(row_subset_masks(hands, size))]  # (hands, C(in_hand, size))
        for part in rows.T:
            if size % 2:
                free -= held[part]
            else:
                free += held[part]
    joint = values[:, None] * free  # (hands, width)
    rank_hands, suit_hands = hand_keys(hands)
    # Pairs that share a card have no weight left, but may leave rounding noise: keep only
    # the pairs of classes whose keys can add up (no rank held 5 times, no suit over).
    packed = _packed_ranks(rank_hands)[:, None] + _packed_ranks(rank_of)[None, :]
    fits = ((packed + 0x333333) & 0x888888) == 0
    pool = rank_hands[:, None] + rank_of[None, :]
    by_rank = np.bincount(pool[fits], joint[:, : len(rank_of)][fits], minlength=RANK_KEYS)
    by_suit = np.zeros((4, 20))
    block = len(rank_of)
    for suit, found in enumerate(digit_of):
        mine_digit = suit_hands // _SUIT_POWERS[suit] % 20
        a, b = mine_digit[:, None], found[None, :]
        fits = (a % 2 + b % 2 <= 1) & (a // 2 % 5 + b // 2 % 5 <= 4) & (a // 10 + b // 10 <= 1)
        part = joint[:, block : block + len(found)]
        by_suit[suit] = np.bincount((a + b)[fits], part[fits], minlength=20)
        block += len(found)
    if not by_rank.sum() > 0:
        raise _no_hand_explains()
    return mixture_of_sums(by_rank, by_suit, mine.bit_count() + in_sets + in_hand, cards)


# The tables of the last few remembered (read-only) sets of deals, which DEALS hands out again.
_MIXERS: dict[tuple[int, int, int], tuple[np.ndarray, Mixer]] = {}


def _mixer(held: np.ndarray, mine: int, size: int, cards: int) -> Mixer:
    """The :class:`~kayalib.blef.odds_batch.Mixer` of the pools ``held | mine``."""
    if held.flags.writeable:  # a fresh array: it will not be met again
        return Mixer(*hand_keys(held | mine), size, cards)
    key = (id(held), mine, cards)
    found = _MIXERS.get(key)
    if found is None or found[0] is not held:
        if len(_MIXERS) >= 32:
            _MIXERS.clear()
        found = _MIXERS[key] = (held, Mixer(*hand_keys(held | mine), size, cards))
    return found[1]


def _later(mixer: Mixer, weight: np.ndarray) -> Callable[[], tuple[float, ...]]:
    """The sample's standard errors, worked out when called (:attr:`Posterior.stderr`)."""
    return lambda: tuple(mixer.error(weight)[1].tolist())


class _NoBot:
    """The model of an opponent who has not bid (never asked)."""

    name = "none"

    def policy(self, view: BlefView) -> dict[Action, float]:  # pragma: no cover - never asked
        raise AssertionError("an opponent without bids is never asked")


def _no_hand_explains() -> ArgumentError:
    return ArgumentError(
        "no hand the model allows explains these bids (with a bluff rate of 0 a bid the model "
        "never makes is impossible); raise the bluff rate"
    )


def _models_by_seat(
    view: BlefView, models: OpponentModel | Mapping[int, OpponentModel]
) -> dict[int, OpponentModel]:
    if isinstance(models, OpponentModel):
        return {seat: models for seat in range(view.players) if seat != view.seat}
    if not isinstance(models, Mapping):
        raise ArgumentError(f"models must be an OpponentModel or {{seat: model}}, not {models!r}")
    for seat, model in models.items():
        if not isinstance(model, OpponentModel):
            raise ArgumentError(f"the model of seat {seat} is not an OpponentModel: {model!r}")
    return dict(models)


@overload
def infer(
    view: BlefView,
    models: OpponentModel | Mapping[int, OpponentModel],
    *,
    exact: Literal[False] = False,
    method: str = "auto",
    samples: int = 4_000,
    seed: int = 0,
    exact_limit: int = EXACT_LIMIT,
    target_error: float | None = 0.01,
    hand_limit: int = HAND_LIMIT,
) -> Posterior[float]: ...
@overload
def infer(
    view: BlefView,
    models: OpponentModel | Mapping[int, OpponentModel],
    *,
    exact: Literal[True],
    method: str = "auto",
    samples: int = 4_000,
    seed: int = 0,
    exact_limit: int = EXACT_LIMIT,
    target_error: float | None = 0.01,
    hand_limit: int = HAND_LIMIT,
) -> Posterior[Fraction]: ...
def infer(
    view: BlefView,
    models: OpponentModel | Mapping[int, OpponentModel],
    *,
    exact: bool = False,
    method: str = "auto",
    samples: int = 4_000,
    seed: int = 0,
    exact_limit: int = EXACT_LIMIT,
    target_error: float | None = 0.01,
    hand_limit: int = HAND_LIMIT,
) -> Posterior[float] | Posterior[Fraction]:
    """The probability that each bid is true given ``view`` (your cards, the counts, this
    round's bids) and a model of each opponent (one for all, or ``{seat: model}``).

    ``method`` is ``"auto"`` (exact when at most ``exact_limit`` pairs are summed, else
    sampled), ``"exact"`` or ``"sample"``; ``exact=True`` gives ``Fraction``\\ s (the exact
    method, in small cases). The sampler draws ``samples`` deals from ``numpy``'s generator
    seeded with ``seed`` (the same arguments give the same numbers), then more while a bid's
    standard error is above ``target_error`` (``None``: never), up to 16 times ``samples`` in
    all. An opponent with more than ``hand_limit`` possible hands is not listed:
    its hands are dealt at random and weighted by their likelihood.
    """
    _check_view(view)
    if method not in ("auto", "exact", "sample"):
        raise ArgumentError(f"method must be auto, exact or sample, not {method!r}")
    if exact and method == "sample":
        raise ArgumentError("exact fractions come from the exact method, not from sampling")
    _check_counts(samples, seed, exact_limit, hand_limit)
    if target_error is not None and (
        isinstance(target_error, bool)
        or not isinstance(target_error, (int, float))
        or not target_error > 0
    ):
        raise ArgumentError(
            f"target_error must be a positive number or None, not {target_error!r}"
        )
    by_seat = _models_by_seat(view, models)
    solver = _Solver(view, by_seat, exact, hand_limit)
    if exact:
        counts, total = favourable_counts(view.hand, view.total_cards)
        fractions = tuple(Fraction(count, total) for count in counts)
        chosen = solver.informative()
        result = _Exact(view, by_seat, target_error, solver)
        if not chosen:
            return result.of(fractions, fractions, solver.bayes_fractions)
        order = _within(*solver.exact_order(chosen), FRACTION_LIMIT)
        return result.of(fractions, tuple(solver.exact_fractions(order)), solver.bayes_fractions)
    prior = tuple(odds_row(view.hand, view.total_cards))
    chosen = solver.informative()
    result = _Exact(view, by_seat, target_error, solver)
    if not chosen:
        return result.of(prior, prior, solver.bayes_table)
    order, work = solver.exact_order(chosen)
    limit = exact_limit if method == "auto" else float("inf")
    if method == "exact" or (method == "auto" and work <= limit):
        order = _within(order, work, limit)
        return result.of(prior, tuple(solver.exact(order)), solver.bayes_table)
    estimate, spread, drawn, effective = solver.sample(chosen, samples, seed, target_error)
    if callable(spread):  # no target: nothing is above it
        return Posterior(
            view, by_seat, "sample", prior, tuple(estimate.tolist()), spread,
            int(drawn), False, effective, None, True, informative_seats=result.informative,
        )  # fmt: skip
    assert target_error is not None  # the errors come worked out only when there is a target
    return Posterior(
        view,
        by_seat,
        "sample",
        prior,
        tuple(estimate.tolist()),
        tuple(spread.tolist()),
        int(drawn),
        False,
        effective,
        target_error,
        float(spread.max()) <= target_error,
        tuple(LADDER[i] for i in np.flatnonzero(spread > target_error)),
        informative_seats=result.informative,
    )


def _check_view(view: BlefView) -> None:
    if not isinstance(view, BlefView):
        raise ArgumentError(f"infer needs a Blef view, not {view!r}")
    if view.outcome is not None or not view.total_cards:
        raise ArgumentError("the game is over: there is no round to reason about")


def _check_counts(samples: int, seed: int, exact_limit: int, hand_limit: int) -> None:
    if isinstance(samples, bool) or not isinstance(samples, int) or samples < 1:
        raise ArgumentError(f"samples must be a positive whole number, not {samples!r}")
    for name, value in (("seed", seed), ("exact_limit", exact_limit), ("hand_limit", hand_limit)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise ArgumentError(f"{name} must be a whole number of at least 0, not {value!r}")


def posterior_chances(
    view: BlefView,
    model: OpponentModel,
    *,
    samples: int,
    seed: int,
    exact_limit: int,
    hand_limit: int,
) -> Sequence[float] | np.ndarray:
    """``infer(view, model, ..., target_error=None).true`` and nothing else, for a bot that
    only plays the estimate: the same numbers, without the prior or the result around them.
    ArgumentError where :func:`infer` raises it."""
    _check_view(view)
    _check_counts(samples, seed, exact_limit, hand_limit)
    solver = _Solver(view, _models_by_seat(view, model), False, hand_limit)
    chosen = solver.informative()
    if not chosen:
        return odds_row(view.hand, view.total_cards)
    order, work = solver.exact_order(chosen)
    if work <= exact_limit:
        return solver.exact(order)
    return solver.sample(chosen, samples, seed, None)[0]


def _within(order: list[Bidder], work: float, limit: float) -> list[Bidder]:
    """``order``, the order the exact method sums the opponents in; ArgumentError when that
    is more than ``limit`` pairs (``work``)."""
    if work > limit or work == float("inf"):
        raise ArgumentError(
            f"the exact method would sum {work:,} pairs here, more than {limit:,}; "
            "use method='sample'"
        )
    return order


@dataclass(frozen=True)
class _Exact:
    """What an exact result of :func:`infer` holds besides its numbers."""

    view: BlefView
    models: dict[int, OpponentModel]
    target_error: float | None
    solver: _Solver

    @property
    def informative(self) -> tuple[int, ...]:
        return tuple(o.seat for o in self.solver.opponents if o.informative)

    def of(
        self, prior: tuple[N, ...], true: tuple[N, ...], rows: Callable[[int], list[HandRow[N]]]
    ) -> Posterior[N]:
        """The result with ``prior`` and ``true`` (floats or fractions, as the Bayes tables of
        ``rows``)."""
        return Posterior(self.view, self.models, "exact", prior, true, (0.0,) * len(LADDER), 0,
                         self.solver.fractions, target_error=self.target_error,
                         informative_seats=self.informative, _rows=rows)  # fmt: skip
