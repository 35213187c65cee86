"""Blef bots. A bot sees only a view and has an exact ``policy(view)`` (see
:mod:`kayalib.engine`); ``kayalib.registry.make_bot("blef", name)`` makes one by name.

>>> import random
>>> from kayalib.blef.game import BlefRules, BlefState
>>> state = BlefState.from_position(BlefRules(players=2), ["AS", "9H"], starter=0)
>>> bot = OddsBot()
>>> str(bot.choose(state.view(0), random.Random(1))), bot.policy(state.view(0))
('high-card A', {Bid.parse('high-card A'): 1.0})
>>> list(BOTS)
['random', 'honest', 'odds', 'bayes', 'cfr']
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING

from kayalib.blef.bids import LADDER, Bid, true_bids
from kayalib.blef.cards import Card
from kayalib.blef.game import CHECK, Action, BlefView
from kayalib.blef.odds import odds_row, probabilities
from kayalib.blef.view import legal_after
from kayalib.bots import DeterministicBot, UniformBot, legal_or_refuse
from kayalib.engine import Bot, sample

if TYPE_CHECKING:
    import numpy as np

# numpy and the inference are imported where a list of hands is asked about (an inference, the
# bayes bot), so a page that only plays against these bots never loads them (issue 22).
from kayalib.errors import ArgumentError

__all__ = [
    "BOTS",
    "BlefBot",
    "BayesBot",
    "CfrBot",
    "HonestBot",
    "OddsBot",
    "RandomBot",
    "play_by_odds",
    "raise_target",
]


BlefBot = Bot[BlefView, Action]
"""A Blef bot: it sees Blef views and answers with Blef actions."""

#: what a view shows of a round: seat, hand, counts, round, starter and bids
_ViewKey = tuple[int, tuple[Card, ...], tuple[int, ...], int, int, tuple[tuple[int, Bid], ...]]


class RandomBot(UniformBot[Action]):
    """Picks uniformly among the legal actions (so mostly wild bids: a baseline to beat)."""

    name = "random"

    def action_probabilities(self, view: BlefView, hands: np.ndarray, action: Action) -> np.ndarray:
        """``policy(view)[action]`` for each hand (the same for all: the cards do not matter)."""
        import numpy as np

        legal = legal_after(view.last_bid)
        return np.full(len(hands), 1.0 / len(legal) if action in legal else 0.0)


class HonestBot(DeterministicBot[BlefView, Action]):
    """Bids only what its own cards show, as if nobody else held a card.

    It opens with the best figure its cards make; later it raises to the lowest bid above the
    last one that its own cards make, and checks when its cards make none. It never bluffs,
    and it doubts every bid its own cards do not prove: a middle-strength baseline.
    """

    name = "honest"

    def __init__(self) -> None:
        self._truths: dict[int, tuple[np.ndarray, np.ndarray]] = {}

    def truth(self, hands: np.ndarray) -> np.ndarray:
        """``pool_truth(hands)``, remembered for the last few read-only lists of hands (held,
        so their ids stay theirs): inference asks about the same list at every bid of a
        round."""
        from kayalib.blef.odds_batch import pool_truth

        found = self._truths.get(id(hands))
        if found is None or found[0] is not hands:
            if len(self._truths) >= 8:
                self._truths.clear()
            truth = pool_truth(hands)
            truth.flags.writeable = False
            found = (hands, truth)
            if not hands.flags.writeable:  # only a remembered list is met again
                self._truths[id(hands)] = found
        return found[1]

    def decide(self, view: BlefView) -> Action:
        legal_or_refuse(view)
        truth = true_bids(view.hand)
        last = view.last_bid
        if last is None:
            return LADDER[max(index for index, true in enumerate(truth) if true)]
        for index in range(last.index + 1, len(LADDER)):
            if truth[index]:
                return LADDER[index]
        return CHECK

    def decisions(self, view: BlefView, hands: np.ndarray) -> np.ndarray:
        """The action number (:func:`~kayalib.blef.inference.action_index`) ``decide`` takes
        with each hand (masks) in ``view``'s position (``view.hand`` is not used)."""
        import numpy as np

        from kayalib.blef.evidence import CHECK_INDEX

        truth = self.truth(hands)
        last = view.last_bid
        if last is None:
            return len(LADDER) - 1 - truth[:, ::-1].argmax(axis=1)
        start = last.index + 1
        if start == len(LADDER):  # the top bid: the only move left is the check
            return np.full(len(hands), CHECK_INDEX)
        above = truth[:, start:]
        return np.where(above.any(axis=1), start + above.argmax(axis=1), CHECK_INDEX)

    def action_probabilities(self, view: BlefView, hands: np.ndarray, action: Action) -> np.ndarray:
        """``policy(view)[action]`` for each hand (masks): 1.0 where ``decide`` takes it."""
        from kayalib.blef.evidence import action_index

        return (self.decisions(view, hands) == action_index(action)).astype(float)


def raise_target(p: Sequence[float], start: int, confidence: float) -> int | None:
    """The ladder index the odds rule bids at ``start`` or above (``None`` past the top): the
    lowest whose chance ``p[index]`` is at least ``confidence``, or, if none is, the lowest of
    the most likely."""
    if start >= len(LADDER):
        return None
    best = start
    for index in range(start, len(LADDER)):
        chance = p[index]
        if chance >= confidence:
            return index
        if chance > p[best]:
            best = index
    return best


def play_by_odds(p: Sequence[float], last: Bid | None, confidence: float, caution: float) -> Action:
    """The odds rule, for any table ``p`` of the 83 bids' chances (in ladder order).

    It raises to :func:`raise_target` above ``last``, and checks when the last bid is false more
    than ``caution`` times as often as that raise would be true, ``1 - p[last] > caution *
    p[raise]`` (and when there is no raise left).
    """
    target = raise_target(p, 0 if last is None else last.index + 1, confidence)
    if last is not None and (target is None or 1.0 - p[last.index] > caution * p[target]):
        return CHECK
    assert target is not None
    return LADDER[target]


class RaiseTables:
    """The raise :func:`raise_target` picks at each start for every hand of ``held`` cards when
    ``cards`` are dealt (:class:`~kayalib.blef.odds_batch.ClassOdds`): worked out once for
    every start and rank class (the first 71 bids depend on a hand's rank counts only), then
    for a list of hands from their rank classes and their 12 suit bids. A bot asks about the
    same counts all game long, and sampled lists of hands are new at every turn: these tables
    are what stays the same (:func:`raise_tables` keeps them)."""

    def __init__(self, held: int, cards: int, confidence: float) -> None:
        import numpy as np

        from kayalib.blef.odds_batch import class_odds

        self.held, self.cards = held, cards
        self.odds = class_odds(held, cards)
        self.confidence = confidence
        self._classes: dict[int, _Hands] = {}
        self._by_class: dict[tuple[int, float], np.ndarray] = {}
        # By start (rows; 71: none left) and rank class (columns), among the rank bids from
        # the start on: the first with odds of at least ``confidence`` (83 if none), the first
        # most likely, and its odds; one backward pass over the 71 rank bids.
        self.by_bid = np.ascontiguousarray(self.odds.rank.T)  # (71, classes)
        classes = self.by_bid.shape[1]
        self.first = np.full((72, classes), len(LADDER), dtype=np.intp)
        self.best = np.full((72, classes), len(LADDER), dtype=np.intp)
        self.top = np.full((72, classes), -1.0)
        for bid in range(70, -1, -1):
            odds = self.by_bid[bid]
            self.first[bid] = np.where(odds >= confidence, bid, self.first[bid + 1])
            self.best[bid] = np.where(odds >= self.top[bid + 1], bid, self.best[bid + 1])
            self.top[bid] = np.maximum(self.top[bid + 1], odds)

    def classes(self, hands: np.ndarray) -> _Hands:
        """What the decisions of ``hands`` start from (:class:`_Hands`), remembered for the
        last few read-only lists of hands (held, so their ids stay theirs): inference asks
        about the same list at every bid of a round."""
        import numpy as np

        found = self._classes.get(id(hands))
        if found is None or found.hands is not hands:
            if (np.bitwise_count(hands) != self.held).any():
                raise ArgumentError(f"every hand asked about must hold {self.held} cards")
            ranks, suits = self.odds.of(hands)
            first, best, top = self.suit_raises(suits, 71)
            # the odds of each hand's first likely suit bid (its top where it has none)
            first_odds = suits[np.minimum(first, len(LADDER) - 1) - 71, np.arange(len(hands))]
            found = _Hands(hands, ranks, suits, first, best, top, first_odds)
            if not hands.flags.writeable:  # only a remembered list is met again
                if len(self._classes) >= 8:
                    self._classes.clear()
                self._classes[id(hands)] = found
        return found

    def remembers(self, hands: np.ndarray) -> bool:
        """Whether :meth:`classes` remembers this very list (so it was checked)."""
        found = self._classes.get(id(hands))
        return found is not None and found.hands is hands

    def suit_raises(
        self, suits: np.ndarray, start: int
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Among the suit bids from ``start`` (at least 71) on, for each hand (a column of
        ``suits``): the first with odds of at least ``confidence`` (83 if none), the first
        most likely, and its odds."""
        import numpy as np

        odds = suits[start - 71 :]
        bids = np.arange(start, len(LADDER))[:, None]
        top = odds.max(axis=0)
        return (
            np.where(odds >= self.confidence, bids, len(LADDER)).min(axis=0),
            np.where(odds == top, bids, len(LADDER)).min(axis=0),
            top,
        )

    def decisions(self, hands: np.ndarray, last: Bid | None, caution: float) -> np.ndarray:
        """The action number :func:`play_by_odds` gives each hand (masks) after ``last``."""
        import numpy as np

        from kayalib.blef.evidence import CHECK_INDEX

        start = 0 if last is None else last.index + 1
        if start >= len(LADDER):
            return np.full(len(hands), CHECK_INDEX)
        known = self.classes(hands)
        if start >= 71:
            return self._decide(known, start, caution)
        # Where a rank bid is likely enough, the decision is the rank class's alone.
        decided = self._class_decisions(start, caution).take(known.ranks)
        rest = np.flatnonzero(decided < 0)
        if len(rest):
            decided[rest] = self._decide_rest(known, rest, start, caution)
        return decided

    def _decide_rest(
        self, known: _Hands, rows: np.ndarray, start: int, caution: float
    ) -> np.ndarray:
        """The decisions for a start below 71 of the hands ``rows`` of ``known``, none of
        whose rank bids from the start on is likely enough: the raise is their first likely
        suit bid, else the most likely bid (the rank bid on a tie: it is lower), whose odds
        are then the higher top."""
        import numpy as np

        from kayalib.blef.evidence import CHECK_INDEX

        ranks = known.ranks.take(rows)
        first = known.found.take(rows)
        rank_top, suit_top = self.top[start].take(ranks), known.top.take(rows)
        likely = first < len(LADDER)
        found = np.where(
            likely,
            first,
            np.where(rank_top >= suit_top, self.best[start].take(ranks), known.best.take(rows)),
        )
        if not start:
            return found
        raised = np.where(likely, known.first_odds.take(rows), np.maximum(rank_top, suit_top))
        doubted = self.by_bid[start - 1].take(ranks)
        return np.where(1.0 - doubted > caution * raised, CHECK_INDEX, found)

    def _class_decisions(self, start: int, caution: float) -> np.ndarray:
        """For a start below 71, each rank class's decision where one of its rank bids from
        the start on has odds of at least ``confidence`` (-1 where none has)."""
        import numpy as np

        from kayalib.blef.evidence import CHECK_INDEX

        found = self._by_class.get((start, caution))
        if found is None:
            first = self.first[start]
            sure = first < len(LADDER)
            decided = np.where(sure, first, -1)
            if start:  # the last bid is doubted when it is false more often than this is true
                raised = np.take(self.odds.rank, np.arange(len(first)) * 71 + np.minimum(first, 70))
                doubt = sure & (1.0 - self.by_bid[start - 1] > caution * raised)
                decided = np.where(doubt, CHECK_INDEX, decided)
            found = self._by_class[start, caution] = decided
        return found

    def _decide(self, known: _Hands, start: int, caution: float) -> np.ndarray:
        """The decisions of every hand of ``known`` from a start of at least 71 (the suit bids
        only)."""
        import numpy as np

        from kayalib.blef.evidence import CHECK_INDEX

        suits = known.suits
        if start > 71:
            found, best, _ = self.suit_raises(suits, start)
        else:
            found, best = known.found, known.best
        found = np.where(found < len(LADDER), found, best)
        at = start - 1
        doubted = self.by_bid[at].take(known.ranks) if at < 71 else suits[at - 71]
        raised = suits[found - 71, np.arange(len(found))]
        return np.where(1.0 - doubted > caution * raised, CHECK_INDEX, found)


@dataclass(frozen=True)
class _Hands:
    """A list of hands as :class:`RaiseTables` reads it: each hand's rank class, its suit bids'
    odds (one row per bid) and :meth:`RaiseTables.suit_raises` from the first suit bid on."""

    hands: np.ndarray
    ranks: np.ndarray
    suits: np.ndarray
    found: np.ndarray
    best: np.ndarray
    top: np.ndarray
    first_odds: np.ndarray


@lru_cache(maxsize=128)
def raise_tables(held: int, cards: int, confidence: float) -> RaiseTables:
    """The :class:`RaiseTables` of hands of ``held`` cards when ``cards`` are dealt, for a
    ``confidence`` (kept for every odds bot: a new bot of each game meets the same counts)."""
    return RaiseTables(held, cards, confidence)


class OddsBot(DeterministicBot[BlefView, Action]):
    """Plays by the exact odds of each bid given its own hand and the number of cards dealt:
    :func:`play_by_odds` on ``probabilities(hand, total_cards)``.

    ``caution > 1`` because a raise is risked again on every later turn of the round. The defaults
    won the most in self-play (4 players, 400 games a pairing, seats rotating): against
    ``confidence=0.5`` the default won 80% of games, ``caution=3`` won 67% against ``caution=1.5``,
    and ``caution=1.5`` 72% against ``caution=1``.
    """

    name = "odds"

    def __init__(self, confidence: float = 0.8, caution: float = 3.0) -> None:
        self.confidence = confidence
        self.caution = caution

    def odds(self, hand: tuple[Card, ...], cards: int) -> list[float]:
        """``probabilities(hand, cards)`` (remembered by :mod:`kayalib.blef.odds`)."""
        return probabilities(hand, cards)

    def raise_to(self, p: Sequence[float], start: int) -> int | None:
        """The ladder index this bot would bid at ``start`` or above (``None`` past the top)."""
        return raise_target(p, start, self.confidence)

    def decide(self, view: BlefView) -> Action:
        """The action of :func:`play_by_odds` on this hand's odds."""
        legal_or_refuse(view)
        p = odds_row(view.hand, view.total_cards)
        return play_by_odds(p, view.last_bid, self.confidence, self.caution)

    def decisions(self, view: BlefView, hands: np.ndarray) -> np.ndarray:
        """The action number (:func:`~kayalib.blef.inference.action_index`) ``decide`` takes
        with each hand (masks) in ``view``'s position (``view.hand`` is not used): the same
        rule, on the batch odds of every hand at once (:class:`RaiseTables`)."""
        import numpy as np

        from kayalib.blef.masks import masks_of

        cards, tables = view.total_cards, None
        if isinstance(hands, np.ndarray) and hands.dtype == np.int64 and not hands.flags.writeable:
            # a remembered list these tables have met is checked already: ask them at once
            held = int(np.bitwise_count(hands[0])) if len(hands) else 0
            if 0 < held <= cards:
                tables = raise_tables(held, cards, self.confidence)
                if not tables.remembers(hands):
                    tables = None
        if tables is None:
            hands = masks_of(hands)
            if not len(hands):
                return np.zeros(0, dtype=np.intp)
            tables = raise_tables(int(np.bitwise_count(hands[0])), cards, self.confidence)
        return tables.decisions(hands, view.last_bid, self.caution)

    def action_probabilities(self, view: BlefView, hands: np.ndarray, action: Action) -> np.ndarray:
        """``policy(view)[action]`` for each hand (masks): 1.0 where ``decide`` takes it."""
        from kayalib.blef.evidence import action_index

        return (self.decisions(view, hands) == action_index(action)).astype(float)

    def __repr__(self) -> str:
        return f"OddsBot(confidence={self.confidence}, caution={self.caution})"


#: the decimals of the bayes bot's posterior chances (see :meth:`BayesBot.chances`)
CHANCE_DIGITS = 9


def rounded_chances(chances: Sequence[float | Fraction] | np.ndarray) -> list[float]:
    """``[round(p, CHANCE_DIGITS) for p in chances]``, for the whole list at once: numpy rounds
    ``p · 10⁹`` to a whole number ``q`` and divides (``q / 10⁹`` is the double nearest the
    decimal, as ``round`` gives), and the few values within 10⁻⁶ of a half, where the product's
    own rounding could tip ``q``, are rounded by ``round`` itself."""
    import numpy as np

    values = np.asarray(chances, dtype=float)
    scaled = values * 10.0**CHANCE_DIGITS
    whole = np.rint(scaled)
    out = (whole / 10.0**CHANCE_DIGITS).tolist()
    # ``|scaled - whole|`` is exact and at most a half: within 10⁻⁶ of a half is above this
    near = np.abs(scaled - whole) > 0.5 - 1e-6
    if near.any():
        for index in np.flatnonzero(near).tolist():
            out[index] = round(float(values[index]), CHANCE_DIGITS)
    return out


class BayesBot(DeterministicBot[BlefView, Action]):
    """Plays the odds rule (:func:`play_by_odds`) on the *posterior*: the chance of each bid
    given its cards and this round's bids (:func:`kayalib.blef.inference.infer`), each
    opponent modelled as ``model`` bluffing at rate ``bluff``.

    Its decision is a function of its view: when the round is too big to sum exactly (or an
    opponent may hold more than ``hand_limit`` hands; ``heads_up_hand_limit`` when one
    opponent is left, whose whole list would be summed at every turn) it samples ``samples``
    deals with a seed made from the view's round, so the same view always gets the same move
    and ``policy`` stays exact (and every turn of a round weighs the same deals, whose
    likelihoods are then remembered from turn to turn). If no hand the model allows explains
    the bids, it plays on its own cards' odds.

    Tuning (one bayes among three odds bots, 200 four-player games per setting, seats rotating;
    a 95% interval is about ±6 points): a model bluff rate of 0.02, 0.1 and 0.3 won 72%, 70%
    and 72.5%; ``caution=2`` won 73.5%. No setting was clearly better, so bayes keeps the odds
    bot's ``confidence`` and ``caution`` and a bluff rate of 0.1, which keeps every hand
    possible against bots that do bluff. Heads-up against odds, seats alternating, 300 games
    (seeds 10,000 on), listing up to 60,000 hands and 600 deals won 282; the defaults, which
    decide in a fraction of the time (at most 3,000 hands listed, 1,200 deals), won 271; 2,000
    deals won 277 (a 95% interval is about ±3.5 points). Among three odds bots (400 games,
    seats rotating) listing at most 3,000 hands won 64.5%, 12,000 (the default there) 69.8%,
    the bot before these limits 71.0%. ``benchmarks/bench_blef_inference.py`` measures the
    final figures.
    """

    name = "bayes"

    def __init__(
        self,
        model: str = "odds",
        bluff: float = 0.1,
        confidence: float = 0.8,
        caution: float = 3.0,
        samples: int = 1_200,
        exact_limit: int = 250_000,
        hand_limit: int = 12_000,
        heads_up_hand_limit: int = 3_000,
    ) -> None:
        from kayalib.blef.inference import OpponentModel

        self.model = OpponentModel.named(model, bluff)
        self.confidence = confidence
        self.caution = caution
        self.samples = samples
        self.exact_limit = exact_limit
        self.hand_limit = hand_limit
        self.heads_up_hand_limit = heads_up_hand_limit
        self._cache: dict[_ViewKey, Action] = {}
        self._round_seed: tuple[tuple[object, ...], int] | None = None  # the last round's

    @staticmethod
    def seed_of(view: BlefView) -> int:
        """The sampler's seed for a view: a hash of what the view shows of this round before
        its bids (so every turn of a round meets the same random deals, and their likelihoods
        are remembered from one turn to the next)."""
        key = repr((view.seat, view.hand, view.counts, view.round, view.starter))
        return int.from_bytes(hashlib.blake2b(key.encode(), digest_size=8).digest(), "big")

    def _seed(self, view: BlefView) -> int:
        """:meth:`seed_of`, remembered for the round (asked again at each turn of it)."""
        key = (view.seat, view.hand, view.counts, view.round, view.starter)
        found = self._round_seed
        if found is None or found[0] != key:
            found = self._round_seed = (key, self.seed_of(view))
        return found[1]

    def chances(self, view: BlefView) -> list[float]:
        """The posterior chance of each bid (its own odds if the bids are impossible), to
        :data:`CHANCE_DIGITS` decimals: a float sum's last bits differ between machines (numpy
        sums with the processor's widest vector instructions), and must not break a tie."""
        from kayalib.blef.inference import posterior_chances

        try:  # infer(...).true, without the rest of its result
            true = posterior_chances(
                view,
                self.model,
                samples=self.samples,
                seed=self._seed(view),
                exact_limit=self.exact_limit,
                hand_limit=self.hand_limit if sum(map(bool, view.counts)) > 2 else (
                    self.heads_up_hand_limit
                ),
            )
        except ArgumentError:
            return list(odds_row(view.hand, view.total_cards))
        return rounded_chances(true)

    def decide(self, view: BlefView) -> Action:
        legal_or_refuse(view)
        key = (view.seat, view.hand, view.counts, view.round, view.starter, view.bids)
        action = self._cache.get(key)
        if action is None:
            if len(self._cache) >= 256:
                self._cache.clear()
            p = self.chances(view)
            action = self._cache[key] = play_by_odds(
                p, view.last_bid, self.confidence, self.caution
            )
        return action

    def __repr__(self) -> str:
        return (
            f"BayesBot(model={self.model.name!r}, bluff={self.model.bluff}, "
            f"confidence={self.confidence}, caution={self.caution})"
        )




class CfrBot:
    """Plays the solved equilibrium where it has one, and another bot's play elsewhere.

    In a heads-up round with one card each (:data:`kayalib.blef.equilibrium.HEADS_UP`, the first
    round of every two-player game) it plays the shipped equilibrium strategy
    (:func:`kayalib.blef.equilibrium.solved`): its ``policy`` is that mixed strategy exactly.
    Whatever the opponent does, it then loses at most 5/69 of a round on average as first bidder
    and wins at least 5/69 as second (the round's value). So it does in the heads-up round of two
    cards against one whose first bidder holds the two (the second round of every two-player
    game), with that round's shipped strategy. It checks any bid that cannot be true with the
    cards in play. In every other round it plays like ``bayes`` when that bot is registered,
    else like ``odds``.

    >>> from kayalib.blef.game import BlefRules, BlefState
    >>> state = BlefState.from_position(BlefRules(players=2), ["QS", "9H"], starter=0)
    >>> CfrBot().policy(state.view(0))
    {Bid.parse('high-card Q'): 1.0}
    """

    name = "cfr"

    def __init__(self) -> None:
        self._fallback: BlefBot | None = None

    @property
    def fallback(self) -> BlefBot:
        """The bot that plays the rounds the equilibrium does not cover."""
        if self._fallback is None:
            from kayalib.registry import make_bot

            self._fallback = make_bot("blef", "bayes")
        return self._fallback

    @staticmethod
    def round_of(view: BlefView) -> tuple[int, int] | None:
        """The view's round as ``(first bidder's cards, other's cards)`` when two players hold
        cards, else ``None``."""
        seats = [seat for seat, count in enumerate(view.counts) if count]
        if len(seats) != 2 or view.starter not in seats:
            return None
        other = seats[1] if seats[0] == view.starter else seats[0]
        return view.counts[view.starter], view.counts[other]

    @classmethod
    def covers(cls, view: BlefView) -> bool:
        """Whether the view's round is one with a shipped equilibrium (two players, a card each,
        or two cards for the first bidder against one)."""
        from kayalib.blef.equilibrium import SHIPPED

        return cls.round_of(view) in SHIPPED

    def policy(self, view: BlefView) -> Mapping[Action, float]:
        legal_or_refuse(view)
        if not self.covers(view):
            return self.fallback.policy(view)
        from kayalib.blef.equilibrium import solved

        player = 0 if view.seat == view.starter else 1
        bids = [bid for _seat, bid in view.bids]
        cards = self.round_of(view)
        return solved(cards).strategy(player, [card.rank for card in view.hand], bids)

    def choose(self, view: BlefView, rng: random.Random) -> Action:
        if not self.covers(view):
            legal_or_refuse(view)
            return self.fallback.choose(view, rng)
        return sample(self.policy(view), rng)

    def __repr__(self) -> str:
        return "CfrBot()"


BOTS: dict[str, Callable[[], BlefBot]] = {
    "random": RandomBot,
    "honest": HonestBot,
    "odds": OddsBot,
    "bayes": BayesBot,
    "cfr": CfrBot,
}
"""The Blef bots by name, each with a function making a fresh bot (see kayalib.registry): the
ladder weakest first, then ``cfr``, the heads-up equilibrium."""
