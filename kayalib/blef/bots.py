"""Blef bots. A bot sees only a view and has an exact ``policy(view)`` (see
:mod:`kayalib.engine`); ``kayalib.registry.make_bot("blef", name)`` makes one by name.

>>> import random
>>> from kayalib.blef.game import BlefRules, BlefState
>>> state = BlefState.from_hands(BlefRules(players=2), ["AS", "9H"], starter=0)
>>> bot = OddsBot()
>>> str(bot.choose(state.view(0), random.Random(1))), bot.policy(state.view(0))
('high-card A', {Bid.parse('high-card A'): 1.0})
>>> sorted(BOTS)
['cfr', 'odds', 'random']
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kayalib.blef.bids import LADDER
from kayalib.blef.cards import Card
from kayalib.blef.game import CHECK, Action, BlefView
from kayalib.blef.odds import probabilities
from kayalib.bots import DeterministicBot, UniformBot, legal_or_refuse
from kayalib.engine import sample

__all__ = ["BOTS", "CfrBot", "OddsBot", "RandomBot"]


class RandomBot(UniformBot):
    """Picks uniformly among the legal actions (so mostly wild bids: a baseline to beat)."""

    name = "random"


class OddsBot(DeterministicBot):
    """Plays by the exact odds of each bid given its own hand and the number of cards dealt.

    With ``p = probabilities(hand, total_cards)``:

    - the raise it would make is the lowest bid above the last one whose probability is at least
      ``confidence``, or, if none is, the lowest of the most likely bids above the last;
    - it checks when the last bid is false more than ``caution`` times as often as its raise
      would be true: ``1 - p[last] > caution * p[raise]`` (and when there is no raise left).

    ``caution > 1`` because a raise is risked again on every later turn of the round. The defaults
    won the most in self-play (4 players, 400 games a pairing, seats rotating): against
    ``confidence=0.5`` the default won 80% of games, ``caution=3`` won 67% against ``caution=1.5``,
    and ``caution=1.5`` 72% against ``caution=1``.
    """

    name = "odds"

    def __init__(self, confidence: float = 0.8, caution: float = 3.0) -> None:
        self.confidence = confidence
        self.caution = caution
        self._cache: dict[tuple[tuple[Card, ...], int], list[float]] = {}

    def odds(self, hand: tuple[Card, ...], cards: int) -> list[float]:
        """``probabilities(hand, cards)``, remembered (a seat asks again at each turn)."""
        key = (hand, cards)
        p = self._cache.get(key)
        if p is None:
            if len(self._cache) >= 64:
                self._cache.clear()
            p = self._cache[key] = probabilities(hand, cards)
        return p

    def raise_to(self, p: list[float], start: int) -> int | None:
        """The ladder index this bot would bid at ``start`` or above (``None`` past the top)."""
        if start >= len(LADDER):
            return None
        best = start
        for index in range(start, len(LADDER)):
            chance = p[index]
            if chance >= self.confidence:
                return index
            if chance > p[best]:
                best = index
        return best

    def decide(self, view: BlefView) -> Action:
        """The raise of :meth:`raise_to`, or ``CHECK`` by the rule above."""
        legal_or_refuse(view)
        p = self.odds(view.hand, view.total_cards)
        last = view.last_bid
        start = 0 if last is None else last.index + 1
        target = self.raise_to(p, start)
        if last is not None and (target is None or 1.0 - p[last.index] > self.caution * p[target]):
            return CHECK
        assert target is not None
        return LADDER[target]

    def __repr__(self) -> str:
        return f"OddsBot(confidence={self.confidence}, caution={self.caution})"


class CfrBot:
    """Plays the solved equilibrium where it has one, and another bot's play elsewhere.

    In a heads-up round with one card each (:data:`kayalib.blef.equilibrium.HEADS_UP`, the first
    round of every two-player game) it plays the shipped equilibrium strategy
    (:func:`kayalib.blef.equilibrium.solved`): its ``policy`` is that mixed strategy exactly.
    Whatever the opponent does, it then loses at most 5/69 of a round on average as first bidder
    and wins at least 5/69 as second (the round's value). It checks any bid that cannot be true
    with two cards. In every other round it plays like ``bayes`` when that bot is registered,
    else like ``odds``.

    >>> from kayalib.blef.game import BlefRules, BlefState
    >>> state = BlefState.from_hands(BlefRules(players=2), ["QS", "9H"], starter=0)
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
            from kayalib.registry import bot_names, make_bot

            self._fallback = make_bot("blef", "bayes" if "bayes" in bot_names("blef") else "odds")
        return self._fallback

    @staticmethod
    def covers(view: BlefView) -> bool:
        """Whether the view's round is one the equilibrium covers (two players, a card each)."""
        counts = [count for count in view.counts if count]
        return counts == [1, 1]

    def policy(self, view: BlefView) -> dict[Action, float]:
        legal_or_refuse(view)
        if not self.covers(view):
            return self.fallback.policy(view)
        from kayalib.blef.equilibrium import solved

        player = 0 if view.seat == view.starter else 1
        bids = [bid for _seat, bid in view.bids]
        return solved().strategy(player, [card.rank for card in view.hand], bids)

    def choose(self, view: BlefView, rng: Any) -> Action:
        if not self.covers(view):
            legal_or_refuse(view)
            return self.fallback.choose(view, rng)
        return sample(self.policy(view), rng)

    def __repr__(self) -> str:
        return "CfrBot()"


BOTS: dict[str, Callable[[], Any]] = {"random": RandomBot, "odds": OddsBot, "cfr": CfrBot}
"""The Blef bots by name, each with a function making a fresh bot (see kayalib.registry)."""
