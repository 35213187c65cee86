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
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from kayalib.blef.bids import LADDER, Bid, true_bids
from kayalib.blef.cards import Card
from kayalib.blef.game import CHECK, Action, BlefView
from kayalib.blef.odds import odds_row, probabilities
from kayalib.blef.view import legal_after
from kayalib.bots import DeterministicBot, UniformBot, legal_or_refuse
from kayalib.engine import sample

if TYPE_CHECKING:
    import numpy as np

# numpy and the inference are imported where a list of hands is asked about (an inference, the
# bayes bot), so a page that only plays against these bots never loads them (issue 22).
from kayalib.errors import ArgumentError

__all__ = [
    "BOTS",
    "BayesBot",
    "CfrBot",
    "HonestBot",
    "OddsBot",
    "RandomBot",
    "play_by_odds",
    "raise_target",
]


class RandomBot(UniformBot):
    """Picks uniformly among the legal actions (so mostly wild bids: a baseline to beat)."""

    name = "random"

    def action_probabilities(self, view: BlefView, hands: np.ndarray, action: Action) -> np.ndarray:
        """``policy(view)[action]`` for each hand (the same for all: the cards do not matter)."""
        import numpy as np

        legal = legal_after(view.last_bid)
        return np.full(len(hands), 1.0 / len(legal) if action in legal else 0.0)


class HonestBot(DeterministicBot):
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


@dataclass
class _Batch:
    """What :meth:`OddsBot.decisions` keeps for one list of hands (which it holds, so its id
    stays unique while kept)."""

    hands: np.ndarray
    by_bid: np.ndarray
    sure: np.ndarray
    best: np.ndarray
    decided: dict[int, np.ndarray]


class OddsBot(DeterministicBot):
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
        self._batches: dict[tuple[int, int], _Batch] = {}

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
        rule, on the batch odds of every hand at once."""
        import numpy as np

        from kayalib.blef.evidence import CHECK_INDEX

        batch = self._batch(hands, view.total_cards)
        last = view.last_bid
        start = 0 if last is None else last.index + 1
        found = batch.decided.get(start)
        if found is None:
            if start >= len(LADDER):
                found = np.full(len(hands), CHECK_INDEX)
            else:
                sure, best = batch.sure[start], batch.best[start]
                found = np.where(sure < len(LADDER), sure, best).astype(np.intp)
                if last is not None:
                    raised = batch.by_bid[found, np.arange(len(found))]
                    doubt = 1.0 - batch.by_bid[last.index] > self.caution * raised
                    found = np.where(doubt, CHECK_INDEX, found)
            batch.decided[start] = found
        return found

    def _batch(self, hands: np.ndarray, cards: int) -> _Batch:
        """The odds of each hand (one row per bid) and, for each start ``s``, the raise
        :func:`raise_target` picks there: ``sure[s]``, the first bid from ``s`` on with odds of
        at least ``confidence`` (83 if none), and ``best[s]``, the first most likely from ``s``
        on. Remembered for the last few read-only lists of hands (inference asks at every bid of a
        round), with the decisions made so far."""
        import numpy as np

        from kayalib.blef.odds_batch import batch_probabilities

        key = (id(hands), cards)
        found = self._batches.get(key)
        if found is None or found.hands is not hands:
            if len(self._batches) >= 8:
                self._batches.clear()
            by_bid = np.ascontiguousarray(batch_probabilities(hands, cards).T)  # (83, n)
            width = len(LADDER)
            sure = np.empty((width + 1, len(hands)), dtype=np.int16)
            best = np.empty((width + 1, len(hands)), dtype=np.int16)
            sure[width], best[width] = width, width - 1
            top = np.full(len(hands), -1.0)  # the highest odds above the row
            for index in range(width - 1, -1, -1):
                row = by_bid[index]
                sure[index] = np.where(row >= self.confidence, index, sure[index + 1])
                best[index] = np.where(row >= top, index, best[index + 1])  # ties: the lower
                np.maximum(top, row, out=top)
            found = _Batch(hands, by_bid, sure, best, {})
            if not hands.flags.writeable:  # only a remembered list is met again
                self._batches[key] = found
        return found

    def action_probabilities(self, view: BlefView, hands: np.ndarray, action: Action) -> np.ndarray:
        """``policy(view)[action]`` for each hand (masks): 1.0 where ``decide`` takes it."""
        from kayalib.blef.evidence import action_index

        return (self.decisions(view, hands) == action_index(action)).astype(float)

    def __repr__(self) -> str:
        return f"OddsBot(confidence={self.confidence}, caution={self.caution})"


#: the decimals of the bayes bot's posterior chances (see :meth:`BayesBot.chances`)
CHANCE_DIGITS = 9


class BayesBot(DeterministicBot):
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
        self._cache: dict[tuple[Any, ...], Action] = {}

    @staticmethod
    def seed_of(view: BlefView) -> int:
        """The sampler's seed for a view: a hash of what the view shows of this round before
        its bids (so every turn of a round meets the same random deals, and their likelihoods
        are remembered from one turn to the next)."""
        key = repr((view.seat, view.hand, view.counts, view.round, view.starter))
        return int.from_bytes(hashlib.blake2b(key.encode(), digest_size=8).digest(), "big")

    def chances(self, view: BlefView) -> list[float]:
        """The posterior chance of each bid (its own odds if the bids are impossible), to
        :data:`CHANCE_DIGITS` decimals: a float sum's last bits differ between machines (numpy
        sums with the processor's widest vector instructions), and must not break a tie."""
        from kayalib.blef.inference import infer

        try:
            result = infer(
                view,
                self.model,
                samples=self.samples,
                seed=self.seed_of(view),
                exact_limit=self.exact_limit,
                target_error=None,
                hand_limit=self.hand_limit if sum(map(bool, view.counts)) > 2 else (
                    self.heads_up_hand_limit
                ),
            )
        except ArgumentError:
            return list(odds_row(view.hand, view.total_cards))
        return [round(float(p), CHANCE_DIGITS) for p in result.true]

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
        self._fallback: Any = None

    @property
    def fallback(self) -> Any:
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

    def policy(self, view: BlefView) -> dict[Action, float]:
        legal_or_refuse(view)
        if not self.covers(view):
            return self.fallback.policy(view)
        from kayalib.blef.equilibrium import solved

        player = 0 if view.seat == view.starter else 1
        bids = [bid for _seat, bid in view.bids]
        cards = self.round_of(view)
        return solved(cards).strategy(player, [card.rank for card in view.hand], bids)

    def choose(self, view: BlefView, rng: Any) -> Action:
        if not self.covers(view):
            legal_or_refuse(view)
            return self.fallback.choose(view, rng)
        return sample(self.policy(view), rng)

    def __repr__(self) -> str:
        return "CfrBot()"


BOTS: dict[str, Callable[[], Any]] = {
    "random": RandomBot,
    "honest": HonestBot,
    "odds": OddsBot,
    "bayes": BayesBot,
    "cfr": CfrBot,
}
"""The Blef bots by name, each with a function making a fresh bot (see kayalib.registry): the
ladder weakest first, then ``cfr``, the heads-up equilibrium."""
