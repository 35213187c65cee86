"""Bots the lessons build on the kit's own (each with an exact ``policy(view)``), registered as
lesson bots: :func:`kayalib.registry.make_bot` makes them by name, but the play apps, the
tournament and :func:`kayalib.registry.bot_names` do not offer them (:data:`LESSON_BOTS`).

Lesson 07 adds chance to the ``odds`` bot (which decides without chance) in one documented way
each:

- :class:`BluffingBot` raises at random some of the time, whatever its cards say (a bluff);
- :class:`TrustingBot` plays the odds bot's raises but almost never checks: only a bid that its
  own cards make nearly impossible;
- :class:`BelieverBot` takes the last bid as true and almost never checks.

Lesson 09 plays heads-up rounds with one card each: :class:`AlwaysBluffer` always bluffs, and
:class:`ProfileBot` plays a strategy of that round (``reply-to-honest``: the exact best reply to
``honest``, :func:`kayalib.lessons.maths.exploitation.best_reply`).

``choose(view, rng)`` draws from exactly the policy (:func:`kayalib.engine.sample`), so a bot's
policy can stand for it anywhere a probability model of a player is needed.

>>> from kayalib.registry import bot_names, make_bot
>>> make_bot("blef", "always-bluffer"), "believer" in bot_names("blef", lessons=True)
(AlwaysBluffer(), True)
>>> "believer" in bot_names("blef")
False
"""

from __future__ import annotations

import random
from collections.abc import Callable

from kayalib.blef.actions import CHECK, Action
from kayalib.blef.bids import LADDER, Bid
from kayalib.blef.bots import BlefBot, OddsBot
from kayalib.blef.cards import Card
from kayalib.blef.cfr import Profile
from kayalib.blef.equilibrium import HEADS_UP, actions_at, solved
from kayalib.blef.view import BlefView
from kayalib.bots import legal_or_refuse
from kayalib.engine import sample
from kayalib.errors import ArgumentError, RulesError

__all__ = [
    "LESSON_BOTS",
    "REPLY",
    "AlwaysBluffer",
    "BelieverBot",
    "BluffingBot",
    "ProfileBot",
    "TrustingBot",
    "claimed_cards",
    "odds_action",
]


def odds_action(bot: OddsBot, view: BlefView) -> Action:
    """What the plain odds rule (``OddsBot.decide``) does in ``view``."""
    return OddsBot.decide(bot, view)


class BluffingBot(OddsBot):
    """An odds bot that bluffs: when the odds rule says "check" it checks, but when it would
    raise, with probability ``bluff`` it bids instead one of the ``reach`` bids just above that
    raise (each equally likely), which its own cards make less likely to be true: a bluff. Its
    other settings are the odds bot's."""

    def __init__(self, bluff: float = 0.3, reach: int = 6, **odds: float) -> None:
        super().__init__(**odds)
        if not 0 <= bluff <= 1 or reach < 1:
            raise ArgumentError(f"need 0 <= bluff <= 1 and reach >= 1, got {bluff}, {reach}")
        self.bluff = bluff
        self.reach = reach
        self.name = f"bluffer {round(bluff * 100)}%"

    def policy(self, view: BlefView) -> dict[Action, float]:
        honest = odds_action(self, view)
        if not isinstance(honest, Bid):
            return {CHECK: 1.0}
        start = honest.index + 1
        bluffs = LADDER[start : start + self.reach]
        share = self.bluff if bluffs else 0.0
        policy: dict[Action, float] = {honest: 1.0 - share} if share < 1 else {}
        if share > 0:
            policy.update({bid: share / len(bluffs) for bid in bluffs})
        return policy

    def choose(self, view: BlefView, rng: random.Random) -> Action:
        return sample(self.policy(view), rng)

    def __repr__(self) -> str:
        return f"BluffingBot(bluff={self.bluff}, reach={self.reach})"


class TrustingBot(OddsBot):
    """An odds bot that rarely checks: when the odds rule says "check", it checks only with
    probability ``check_rate`` and otherwise raises as the odds bot would (when no raise is left,
    it must check)."""

    def __init__(self, check_rate: float = 0.1, **odds: float) -> None:
        super().__init__(**odds)
        if not 0 <= check_rate <= 1:
            raise ArgumentError(f"check_rate must be between 0 and 1, not {check_rate}")
        self.check_rate = check_rate
        self.name = "trusting"

    def policy(self, view: BlefView) -> dict[Action, float]:
        if odds_action(self, view) != CHECK:
            return {odds_action(self, view): 1.0}
        p = self.odds(view.hand, view.total_cards)
        last = view.last_bid
        target = self.raise_to(p, 0 if last is None else last.index + 1)
        if target is None:
            return {CHECK: 1.0}
        policy: dict[Action, float] = {CHECK: self.check_rate,
                                       LADDER[target]: 1.0 - self.check_rate}  # fmt: skip
        return {action: p for action, p in policy.items() if p > 0}

    def choose(self, view: BlefView, rng: random.Random) -> Action:
        return sample(self.policy(view), rng)

    def __repr__(self) -> str:
        return f"TrustingBot(check_rate={self.check_rate})"


def claimed_cards(bid: Bid, hand: tuple[Card, ...]) -> tuple[Card, ...] | None:
    """The fewest cards, none of them in ``hand``, that together with ``hand`` make ``bid``
    true; ``None`` when no such cards exist (the bid is impossible beside this hand)."""
    need: list[Card] = []
    held = set(hand)
    kind, params = bid.kind, bid.params
    counts = {"high-card": (1,), "pair": (2,), "two-pair": (2, 2), "three": (3,),
              "full": (3, 2), "four": (4,)}  # fmt: skip
    if kind in counts:
        for rank, count in zip(params, counts[kind], strict=True):
            have = sum(1 for c in hand if c.rank == rank)
            free = [Card(rank, s) for s in range(3, -1, -1) if Card(rank, s) not in held]
            missing = max(0, count - have)
            if missing > len(free):
                return None
            need.extend(free[:missing])
        return tuple(need)
    if kind in ("small-straight", "big-straight"):
        first = 0 if kind == "small-straight" else 1
        for rank in range(first, first + 5):
            if not any(c.rank == rank for c in hand):
                need.append(next(Card(rank, s) for s in range(3, -1, -1)))
        return tuple(need)
    suit = params[0]
    if kind == "flush":
        have = sum(1 for c in hand if c.suit == suit)
        free = [Card(r, suit) for r in range(5, -1, -1) if Card(r, suit) not in held]
        return tuple(free[: max(0, 5 - have)])
    first = 0 if kind == "small-poker" else 1
    return tuple(Card(r, suit) for r in range(first, first + 5) if Card(r, suit) not in held)


class BelieverBot(OddsBot):
    """An odds bot that believes what it is told and almost never checks. It takes the last bid
    as true: it adds the fewest cards that would make that bid true to its own hand, and raises
    to the lowest bid at least ``confidence`` likely with those cards (as the odds bot would).
    It checks only a bid that cannot be true beside its own cards."""

    def __init__(self, **odds: float) -> None:
        super().__init__(**odds)
        self.name = "believer"

    def policy(self, view: BlefView) -> dict[Action, float]:
        last = view.last_bid
        hand = tuple(view.hand)
        if last is not None:
            claimed = claimed_cards(last, hand)
            if claimed is None or len(hand) + len(claimed) > view.total_cards:
                return {CHECK: 1.0}
            hand = tuple(sorted(hand + claimed))
        p = self.odds(hand, view.total_cards)
        target = self.raise_to(p, 0 if last is None else last.index + 1)
        if target is None:
            return {CHECK: 1.0}
        return {LADDER[target]: 1.0}

    def choose(self, view: BlefView, rng: random.Random) -> Action:
        return sample(self.policy(view), rng)

    def __repr__(self) -> str:
        return "BelieverBot()"


_RANK_BIDS = tuple(tuple(bid for bid in LADDER if bid.kind == kind)
                   for kind in ("high-card", "pair"))  # fmt: skip


class AlwaysBluffer:
    """Always bluffs: every bid it makes names a rank it does not hold.

    It bids a high card of a rank it does not hold, each such bid above the last one equally
    likely; when none is left, a pair of a rank it does not hold (each equally likely); it checks
    only when neither is left.
    """

    name = "always-bluffer"

    def policy(self, view: BlefView) -> dict[Action, float]:
        legal_or_refuse(view)
        held = {card.rank for card in view.hand}
        last = view.last_bid
        above = -1 if last is None else last.index
        for kind in _RANK_BIDS:
            bluffs = [bid for bid in kind if bid.index > above and bid.params[0] not in held]
            if bluffs:
                return dict.fromkeys(bluffs, 1.0 / len(bluffs))
        return {CHECK: 1.0}

    def choose(self, view: BlefView, rng: random.Random) -> Action:
        return sample(self.policy(view), rng)

    def __repr__(self) -> str:
        return "AlwaysBluffer()"


class ProfileBot:
    """Plays a strategy of the heads-up round (a :class:`~kayalib.blef.cfr.Profile`) in both
    seats, e.g. the best reply to another bot; checks a bid outside the round's twelve."""

    def __init__(self, profile: Profile, name: str) -> None:
        self.profile = profile
        self.name = name

    def policy(self, view: BlefView) -> dict[Action, float]:
        legal_or_refuse(view)
        if [count for count in view.counts if count] != [1, 1]:
            raise RulesError("this bot plays only the heads-up round with one card each")
        solver = solved().solver
        mask = HEADS_UP.mask([bid for _seat, bid in view.bids])
        if mask is None:
            return {CHECK: 1.0}
        depth, row = solver.tree.locate(mask)
        player = 0 if view.seat == view.starter else 1
        hand = HEADS_UP.hand_index(player, [card.rank for card in view.hand])
        return actions_at(HEADS_UP, solver, self.profile, depth, row, hand)

    def choose(self, view: BlefView, rng: random.Random) -> Action:
        return sample(self.policy(view), rng)

    def __repr__(self) -> str:
        return f"ProfileBot({self.name!r})"


REPLY = "reply-to-honest"
"""The name of the bot that plays the exact best reply to ``honest`` (in both seats)."""


def _reply_to_honest() -> ProfileBot:
    from kayalib.lessons.maths.exploitation import best_reply

    return ProfileBot(best_reply("honest"), REPLY)


LESSON_BOTS: dict[str, Callable[[], BlefBot]] = {
    "believer": BelieverBot,
    "trusting": TrustingBot,
    "bluffer 10%": lambda: BluffingBot(0.1),
    "bluffer 30%": lambda: BluffingBot(0.3),
    "bluffer 60%": lambda: BluffingBot(0.6),
    "always-bluffer": AlwaysBluffer,
    REPLY: _reply_to_honest,
}
"""The lesson bots by name (see :mod:`kayalib.registry`): lesson 07's bots built on the odds
bot, and lesson 09's heads-up bots."""
