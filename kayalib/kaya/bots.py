"""Bots for Aku Paling Kaya. A bot sees only a :class:`~kayalib.kaya.view.KayaView` (what its
seat may know), has an exact ``policy(view)`` and draws chance only from the ``random.Random``
it is given (see :mod:`kayalib.engine`); ``kayalib.registry.make_bot("kaya", name)`` makes one.

>>> import random
>>> from kayalib.kaya.game import KayaState
>>> state = KayaState.new(seed=1)
>>> bots = [CounterBot(), RandomBot(), RandomBot(), RandomBot()]
>>> rng = random.Random(1)
>>> while not state.is_terminal:
...     seat = state.current_player
...     state = state.apply(bots[seat].choose(state.view(seat), rng))
>>> len(state.scores().totals)
4
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from kayalib.bots import DeterministicBot, UniformBot, legal_or_refuse
from kayalib.engine import Bot
from kayalib.kaya.actions import (
    DECLINE,
    KEEP,
    PASS,
    Action,
    Challenge,
    Give,
    Keep,
    Steal,
    TakeBack,
)
from kayalib.kaya.advice import known_share
from kayalib.kaya.cards import Color
from kayalib.kaya.counting import (
    PlainTarget,
    Profile,
    challenge_gain,
    defence_gain,
    profile_for,
)
from kayalib.kaya.game import KayaView
from kayalib.kaya.rules import KayaRules

__all__ = ["BOTS", "CounterBot", "RandomBot"]


class RandomBot(UniformBot[Action]):
    """Uniform over the legal actions (every challenge target set counts as one action)."""

    name = "random"


#: The chance the ``counter`` bot assumes that each opponent with a face-down card challenges
#: (the first in seat order to do so is the challenger).
CHALLENGE_CHANCE = 0.7
#: How much of the points a card would still be worth in hand at the end the bot counts as the
#: cost of playing it now.
KEEP_WEIGHT = 0.35


class CounterBot(DeterministicBot[KayaView, Action]):
    """Counts cards and plays the exact expected value of the counting model.

    * **Challenge window**: for every legal target set, the exact win probability and expected
      points (:func:`~kayalib.kaya.counting.challenge_value`); the bot challenges the set with
      the best *gain* (its own expected points minus the mean change of the other players) when
      that beats passing (gain 0). It counts a green 3 taken back: the card played next came
      from a hand that holds it, and is that 3 as often as the player was seen to play it again
      (:func:`~kayalib.kaya.advice.known_share`), so a 3 played over and over gets challenged.
    * **Play**: each card ``x`` is scored as the expected gain of being challenged one-on-one
      (each opponent with a face-down card challenges with chance ``CHALLENGE_CHANCE``, holding
      a draw from its unseen numbers, as above), plus a green take-back or red steal when nobody
      challenges, minus what ``x`` would still be worth in hand at the end: the bot counts how
      many more cards it must play before the first hand runs out (if nobody lost a card), so it
      keeps the rest, its highest cards; ``x`` costs ``KEEP_WEIGHT * (x - t)`` if it is above the
      highest card ``t`` it will play anyway, else nothing. Near the end it keeps high cards.
      (Both constants were tuned by self-play and against ``random``; counting also the value of
      a high card for the bot's own later challenges made it clearly weaker, so it does not.)
    * **Powers**: green 3 is always taken back (a table card scores nothing and is discarded at
      the bot's next play anyway, while the 3 in hand may count at the end); red steals the
      best bonus card (ties: from the richest player) when it is worth coins, since the red card
      would be discarded soon too; orange 4 is kept; to a pink winner it gives its cheapest
      allowed card (lowest number).
    """

    name = "counter"

    def __init__(
        self, challenge_chance: float = CHALLENGE_CHANCE, keep_weight: float = KEEP_WEIGHT
    ) -> None:
        self.challenge_chance = challenge_chance
        self.keep_weight = keep_weight

    def decide(self, view: KayaView) -> Action:
        """The move described above."""
        legal = legal_or_refuse(view)
        if len(legal) == 1:
            return legal[0]
        phase = view.phase
        if phase == "challenge":
            return self._challenge(view, legal)
        if phase == "play":
            return self._play(view, legal)
        if phase == "power":
            return self._power(view, legal)
        if phase == "orange":
            return KEEP if any(type(a) is Keep for a in legal) else legal[0]
        if phase == "pink":
            gives = [a for a in legal if type(a) is Give]  # every legal action is one
            return min(gives, key=lambda a: (a.card.number, a.card.color.index))
        return legal[0]

    # ---- challenge window ------------------------------------------------------------------

    def _challenge(self, view: KayaView, legal: tuple[Action, ...]) -> Action:
        seat, n = view.seat, view.players
        own = view.own_table
        assert own is not None
        profiles = _seat_profiles(view.rules)
        hand = tuple([c.number for c in view.hand])
        order = (*range(seat + 1, n), *range(seat))
        everyone = _targets(view, profiles)
        best: Action = PASS
        best_gain = 0.0
        for action in legal:
            if type(action) is not Challenge:
                continue
            chosen = action.targets
            targets = tuple([everyone[t] for t in order if t in chosen])
            gain = challenge_gain(seat, own.number, hand, profiles[seat], targets, n)
            if gain > best_gain:
                best, best_gain = action, gain
        return best

    # ---- play --------------------------------------------------------------------------------

    def _play(self, view: KayaView, legal: tuple[Action, ...]) -> Action:
        seat, n = view.seat, view.players
        profiles = _seat_profiles(view.rules)
        counts, table = view.hand_counts, view.table
        hand = tuple([c.number for c in view.hand])  # the legal plays, in the same order
        order = (*range(seat + 1, n), *range(seat))
        everyone = _targets(view, profiles)
        challengers = tuple([everyone[t] for t in order if table[t]])
        threshold = _played_anyway(tuple(sorted(hand)), counts, seat)
        color = view.colors[seat]
        power = 0.0
        if color is Color.RED and (3 in hand or 4 in hand):
            power = _steal_gain(view)
        best = _best_play(
            seat,
            hand,
            profiles[seat],
            challengers,
            threshold,
            color,
            power,
            self.challenge_chance,
            self.keep_weight,
            n,
        )
        return legal[hand.index(best)]

    # ---- powers ------------------------------------------------------------------------------

    def _power(self, view: KayaView, legal: tuple[Action, ...]) -> Action:
        for action in legal:
            if type(action) is TakeBack:
                return action
        steals = [a for a in legal if type(a) is Steal]
        if not steals:
            return DECLINE
        rules = view.rules
        totals = _totals(view)

        def worth(a: Steal) -> tuple[int, int, int]:
            value = profile_for(rules, a.card.color).coins[a.card.number]
            return (value, totals[a.victim], -a.victim)

        best = max(steals, key=worth)
        if profile_for(rules, best.card.color).coins[best.card.number] <= 0:
            return DECLINE
        return best


def _targets(view: KayaView, profiles: tuple[Profile, ...]) -> list[PlainTarget]:
    """Every seat as the counting sees it from ``view``; a card known in a hand is played
    again as often as the seat was seen to do so (:func:`~kayalib.kaya.advice.known_share`)."""
    hidden, counts, known = view.hidden, view.hand_counts, view.known_in_hand
    return [(s, hidden[s], counts[s], profiles[s], known[s],
             known_share(view, s) if known[s] else None) for s in range(len(hidden))]  # fmt: skip


_SEAT_PROFILES: dict[int, tuple[KayaRules, tuple[Profile, ...]]] = {}


def _seat_profiles(rules: KayaRules) -> tuple[Profile, ...]:
    """The counting profile of every seat (cached by rules identity: hashing rules is slow)."""
    hit = _SEAT_PROFILES.get(id(rules))
    if hit is not None and hit[0] is rules:
        return hit[1]
    profiles = tuple(profile_for(rules, c) for c in rules.colors)
    if len(_SEAT_PROFILES) > 64:
        _SEAT_PROFILES.clear()
    _SEAT_PROFILES[id(rules)] = (rules, profiles)
    return profiles


@lru_cache(maxsize=1 << 16)
def _best_play(
    seat: int,
    hand: tuple[int, ...],
    profile: Profile,
    challengers: tuple[PlainTarget, ...],
    threshold: int,
    color: Color,
    power: float,
    q: float,
    keep_weight: float,
    n: int,
) -> int:
    """The number to play: expected gain if challenged, powers if not, minus the hand cost."""
    quiet = (1.0 - q) ** len(challengers)
    best, best_value = hand[0], float("-inf")
    for x in hand:
        rest = tuple([h for h in hand if h != x])
        value = 0.0
        reach = q
        for challenger in challengers:
            value += reach * defence_gain(seat, x, rest, profile, challenger, n)
            reach *= 1.0 - q
        cost = keep_weight * (x - threshold) if x > threshold else 0.0
        if x == 3 and color is Color.GREEN:
            value += quiet * cost  # taken back into hand when nobody challenges
        elif (x == 3 or x == 4) and color is Color.RED:
            value += quiet * power
        value -= cost
        if value > best_value:
            best, best_value = x, value
    return best


def _played_anyway(hand: tuple[int, ...], counts: tuple[int, ...], seat: int) -> int:
    """The highest card the bot will have to play anyway before the first hand runs out.

    Seat ``p`` (``d`` seats after us) plays its last card at turn ``d + (count - 1) * n`` from
    now; the game ends at the earliest such turn and we play on turns 0, n, 2n, ...
    """
    n = len(counts)
    end = min(((p - seat) % n) + (counts[p] - 1) * n for p in range(n))
    plays = end // n + 1
    if plays >= len(hand):
        return 10
    return hand[plays - 1]


def _totals(view: KayaView) -> list[int]:
    """Bonus points of every seat (hands are hidden; bonus piles are public)."""
    rules = view.rules
    return [sum(rules.bonus_value(c) for c in pile) for pile in view.bonus]


def _steal_gain(view: KayaView) -> float:
    """Gain of a red steal now: the best bonus card of another seat, to us and from them."""
    best = 0
    rules = view.rules
    for s, pile in enumerate(view.bonus):
        if s != view.seat:
            for c in pile:
                best = max(best, rules.bonus_value(c))
    return best * (1 + 1 / (view.players - 1))


BOTS: dict[str, Callable[[], Bot[KayaView, Action]]] = {"random": RandomBot, "counter": CounterBot}
"""The Aku Paling Kaya bots by name, each with a function making a fresh bot (see
kayalib.registry)."""
