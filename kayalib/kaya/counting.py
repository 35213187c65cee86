"""Card counting for Aku Paling Kaya: what a face-down card can be, and what a challenge is worth.

The model a student can follow
------------------------------
Every colour has the numbers 1-9. A card of an opponent's colour that has been seen face up and
now lies in a public place (a bonus pile, the face-up discard) cannot be anywhere else. The other
numbers of that colour are *unseen*: they are in the opponent's hand, on the table face down, or in
the face-down discard, and from the outside every way of spreading them over those places looks
the same. So:

* an opponent's face-down table card is a **uniform draw from their unseen numbers**;
* a card taken at random from their hand, given the table card, is a uniform draw from the unseen
  numbers without the table card;
* the opponents' cards are independent of each other (they are different colours).

Within this model every probability and every expected value below is exact (ask for
``exact=True`` to get :class:`fractions.Fraction` values). Real players do not choose their
table card at random, which is exactly what a lesson can discuss.

Who wins a showdown (RULES.md, game 1): the highest number. A tie goes to the challenger C when C
is tied (one-on-one *and* multi-target); a tie between targets only goes to the first of them in
seat order after C. So C wins exactly when its number is at least every target's number.

What a challenge is worth (:func:`challenge_value`, :func:`defence_value`): the expected change
of every involved seat's points (numbers in hand plus bonus coins, yellow 1-3 negative), passing
being 0. A card on the table scores nothing, so a discarded showdown card costs nothing; a
one-on-one loser's card goes to the winner's bonus pile; a winning orange 4 is kept; each loser
gives a hand card (at random, blue 7-9 back to their owner's bonus pile; to a pink 5/6 winner
the lowest-numbered card worth at least 2 coins). The challenger knows its own hand exactly;
an opponent's hand is a uniform draw of its size from its unseen numbers without its table card.
``ChallengeValue.gain`` weighs one's own change against the mean change of the others.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, lru_cache
from math import comb
from typing import Any

from kayalib.errors import ArgumentError
from kayalib.kaya.cards import Color, card
from kayalib.kaya.rules import KayaRules

NUMBERS: tuple[int, ...] = tuple(range(1, 10))

Number = float | Fraction


# ---------------------------------------------------------------------------------------------
# Colour profiles: the only facts about a colour the counting needs.


@dataclass(frozen=True, eq=False)
class Profile:
    """What a colour's cards do: coins as bonus cards and the colour's powers.

    ``coins[n]`` is the coin value of number ``n`` as a bonus card (index 0 unused; yellow 1-3
    negative). ``returns_to_owner``: numbers that go to their owner's own bonus pile when taken at
    random (blue 7-9). ``forces_give``: numbers that, winning a challenge, make each loser give a
    card of at least 2 coins (pink 5, 6). ``keeps_on_win``: numbers their owner keeps as a bonus
    card after winning (orange 4). ``givable``: numbers a loser may give a pink winner (coin value
    at least 2; read from ``coins`` when not given). Profiles compare by identity, as they key
    the caches; :func:`profile_for` gives one shared profile per rules and colour.
    """

    coins: tuple[int, ...]
    returns_to_owner: frozenset[int] = frozenset()
    forces_give: frozenset[int] = frozenset()
    keeps_on_win: frozenset[int] = frozenset()
    givable: frozenset[int] | None = None

    def __post_init__(self) -> None:
        if self.givable is None:
            object.__setattr__(self, "givable", frozenset(n for n in NUMBERS if self.coins[n] >= 2))


# ---------------------------------------------------------------------------------------------
# Plain combinatorics on sets of numbers.


def unseen_numbers(seen: Iterable[int]) -> tuple[int, ...]:
    """The numbers 1-9 not in ``seen`` (the face-up cards of one colour), ascending.

    >>> unseen_numbers([1, 9, 4])
    (2, 3, 5, 6, 7, 8)
    """
    gone = set(seen)
    return tuple(n for n in NUMBERS if n not in gone)


def _mask(numbers: Iterable[int]) -> int:
    mask = 0
    for n in numbers:
        mask |= 1 << n
    return mask


@cache
def _members(mask: int) -> tuple[int, ...]:
    return tuple(n for n in NUMBERS if mask >> n & 1)


@cache
def _count_le(mask: int) -> tuple[int, ...]:
    """``_count_le(mask)[v]`` = how many members are <= v, for v in 0..9."""
    out = [0] * 10
    for v in range(1, 10):
        out[v] = out[v - 1] + (mask >> v & 1)
    return tuple(out)


def win_probability(own: int, targets: Sequence[Collection[int]], *, exact: bool = False) -> Number:
    """Probability that a challenger holding ``own`` wins against every target.

    Each target's card is a uniform draw from its unseen numbers; C wins when ``own`` is at
    least every target's card (ties go to C).

    >>> win_probability(5, [{3, 5, 7, 9}], exact=True)
    Fraction(1, 2)
    >>> win_probability(5, [{3, 5, 7, 9}, {1, 6}], exact=True)
    Fraction(1, 4)
    """
    p = Fraction(1)
    for numbers in targets:
        numbers = set(numbers)
        if not numbers:
            raise ArgumentError("a target with a face-down card has at least one unseen number")
        p *= Fraction(sum(1 for n in numbers if n <= own), len(numbers))
    return p if exact else float(p)


def showdown_odds(
    own: int, targets: Sequence[Collection[int]], *, exact: bool = False
) -> tuple[Number, ...]:
    """Who wins the showdown: ``(P(C wins), P(target 0 wins), P(target 1 wins), ...)``.

    ``targets`` are the unseen numbers of each target, **in seat order after C** (that order
    breaks ties between targets when C is not tied).

    >>> showdown_odds(2, [{3}, {3}], exact=True)
    (Fraction(0, 1), Fraction(1, 1), Fraction(0, 1))
    """
    masks = [_mask(t) for t in targets]
    dist = _winner_distribution(own, masks)
    out = [dist[0][1]]
    for i in range(len(masks)):
        out.append(sum((p for (w, _v), p in dist if w == i), Fraction(0)))
    return tuple(out) if exact else tuple(float(p) for p in out)


def _winner_distribution(
    own: int, masks: Sequence[int], exact: bool = True
) -> list[tuple[tuple[int, int], Number]]:
    """``[((winner, number), probability), ...]``; winner -1 is C (first entry, number = own).

    Target ``i`` wins with ``v > own`` when its card is ``v``, every target before it in seat
    order (after C) has less than ``v`` and every target after it at most ``v``.
    """
    les = [_count_le(m) for m in masks]
    sizes = [le[9] for le in les]
    if 0 in sizes:
        raise ArgumentError("a target with a face-down card has at least one unseen number")
    one: Number = Fraction(1) if exact else 1.0
    p_c = one
    for le, m in zip(les, sizes, strict=True):
        p_c = p_c * le[own] / m
    dist: list[tuple[tuple[int, int], Number]] = [((-1, own), p_c)]
    k = len(masks)
    for i, mask in enumerate(masks):
        for v in range(own + 1, 10):
            if not mask >> v & 1:
                continue
            p = one / sizes[i]
            for j in range(k):
                if j != i:
                    c = les[j][v - 1 if j < i else v]
                    if not c:
                        p = 0
                        break
                    p = p * c / sizes[j]
            if p:
                dist.append(((i, v), p))
    return dist


# ---------------------------------------------------------------------------------------------
# Expected points of a challenge.


@dataclass(frozen=True)
class Target:
    """A challenged player as a card counter sees them."""

    seat: int
    unseen: tuple[int, ...]
    hand_size: int
    profile: Profile


#: A target as a plain tuple ``(seat, unseen numbers, hand size, profile)``.
PlainTarget = tuple[int, tuple[int, ...], int, Profile]


@dataclass(frozen=True)
class ChallengeValue:
    """The odds and the expected change of every involved seat's points (passing changes none)."""

    win_probability: Number
    deltas: dict[int, Number]

    def gain(self, seat: int, players: int) -> Number:
        """``seat``'s expected points change minus the mean change of the other players."""
        own = self.deltas.get(seat, 0)
        others = sum(v for s, v in self.deltas.items() if s != seat)
        return own - others / (players - 1)


@cache
def _table_coin(mask: int, bound: int, profile: Profile) -> Fraction:
    """E[coins of the table card | it is <= bound], the card a one-on-one winner receives."""
    members = [n for n in _members(mask) if n <= bound]
    if not members:
        return Fraction(0)
    return Fraction(sum(profile.coins[n] for n in members), len(members))


def _give_one(y: int, profile: Profile, chosen: bool) -> tuple[int, int]:
    """(giver's points change, receiver's points change) when hand card ``y`` is given."""
    if not chosen and y in profile.returns_to_owner:
        return profile.coins[y] - y, 0
    return -y, profile.coins[y]


@cache
def _hidden_give(
    mask: int, bound: int, hand_size: int, forced: bool, profile: Profile
) -> tuple[Fraction, Fraction]:
    """Expected (giver change, receiver change) of the hand card an unseen loser gives.

    The loser's table card X is uniform on its unseen numbers <= ``bound``; its hand is a uniform
    ``hand_size``-subset of the other unseen numbers. Unforced: one hand card at random (blue
    7-9 go back to their owner's bonus pile). Forced by a pink win: the loser gives its
    lowest-numbered card worth at least 2 coins, or a random card if it has none.
    """
    if hand_size == 0:
        return Fraction(0), Fraction(0)
    xs = [n for n in _members(mask) if n <= bound]
    if not xs:
        return Fraction(0), Fraction(0)
    giver = receiver = Fraction(0)
    for x in xs:
        rest = [n for n in _members(mask) if n != x]
        g, r = _give_from_random_hand(tuple(rest), hand_size, forced, profile)
        giver += g
        receiver += r
    return giver / len(xs), receiver / len(xs)


@cache
def _give_from_random_hand(
    rest: tuple[int, ...], hand_size: int, forced: bool, profile: Profile
) -> tuple[Fraction, Fraction]:
    """Expected (giver, receiver) change; the hand is a uniform ``hand_size``-subset of rest."""
    size = len(rest)
    h = min(hand_size, size)
    if h == 0:
        return Fraction(0), Fraction(0)
    if not forced:
        g = sum(_give_one(y, profile, False)[0] for y in rest)
        r = sum(_give_one(y, profile, False)[1] for y in rest)
        return Fraction(g, size), Fraction(r, size)
    givable = profile.givable
    eligible = [y for y in rest if y in givable]  # type: ignore[operator]
    plain = [y for y in rest if y not in givable]  # type: ignore[operator]
    total = comb(size, h)
    giver = receiver = Fraction(0)
    # The lowest eligible card in hand is eligible[i] when eligible[:i] are out and it is in.
    # The numbers are distinct, so "lowest number" is well defined; the other cards of the
    # hand are any h-1 of the size-i-1 numbers left.
    for i, y in enumerate(eligible):
        p = Fraction(comb(size - i - 1, h - 1), total)
        if p:
            g, r = _give_one(y, profile, True)
            giver += p * g
            receiver += p * r
    p_none = Fraction(comb(len(plain), h), total)
    if p_none and plain:
        g = sum(_give_one(y, profile, False)[0] for y in plain)
        r = sum(_give_one(y, profile, False)[1] for y in plain)
        giver += p_none * Fraction(g, len(plain))
        receiver += p_none * Fraction(r, len(plain))
    return giver, receiver


@cache
def known_give(hand: tuple[int, ...], forced: bool, profile: Profile) -> tuple[Fraction, Fraction]:
    """Expected (giver, receiver) change when a player who knows its own ``hand`` loses.

    Unforced: a card at random. Forced by a pink win: the cheapest card worth at least 2 coins
    (lowest number, the choice the ``counter`` bot makes), or a random card if there is none.
    """
    if not hand:
        return Fraction(0), Fraction(0)
    if forced:
        eligible = [y for y in hand if y in profile.givable]  # type: ignore[operator]
        if eligible:
            g, r = _give_one(min(eligible), profile, True)
            return Fraction(g), Fraction(r)
    g = sum(_give_one(y, profile, False)[0] for y in hand)
    r = sum(_give_one(y, profile, False)[1] for y in hand)
    return Fraction(g, len(hand)), Fraction(r, len(hand))


@cache
def _f_table_coin(mask: int, bound: int, profile: Profile) -> float:
    return float(_table_coin(mask, bound, profile))


@cache
def _f_hidden_give(
    mask: int, bound: int, hand_size: int, forced: bool, profile: Profile
) -> tuple[float, float]:
    g, r = _hidden_give(mask, bound, hand_size, forced, profile)
    return float(g), float(r)


@cache
def _f_known_give(hand: tuple[int, ...], forced: bool, profile: Profile) -> tuple[float, float]:
    g, r = known_give(hand, forced, profile)
    return float(g), float(r)


def challenge_value(
    seat: int,
    own: int,
    hand: Sequence[int],
    profile: Profile,
    targets: Sequence[Target],
    *,
    exact: bool = False,
) -> ChallengeValue:
    """Odds and expected points changes of a challenge by ``seat`` holding ``own`` face down.

    ``hand`` is the challenger's own hand (it knows it); ``targets`` are in seat order after the
    challenger. One target: the loser's card goes to the winner's bonus pile; two or more: all
    showdown cards are discarded. The winner's card is discarded (it scored nothing on the table)
    unless it is kept (orange 4, always kept in this model). Every loser gives the winner one hand
    card (see :func:`known_give` and :func:`_hidden_give` for how the card is chosen).

    >>> plain = Profile(coins=(0, 1, 1, 1, 2, 2, 2, 3, 3, 3))
    >>> v = challenge_value(0, 9, [5], plain, [Target(1, (1, 2), 1, plain)], exact=True)
    >>> v.win_probability, v.deltas
    (Fraction(1, 1), {0: Fraction(2, 1), 1: Fraction(-3, 2)})
    """
    plain = tuple((t.seat, tuple(t.unseen), t.hand_size, t.profile) for t in targets)
    p_win, base, losses = _challenge_core(seat, own, profile, plain, exact)
    deltas = dict(base)
    hand = tuple(sorted(hand))
    give = known_give if exact else _f_known_give
    for winner, p_forced, p_random in losses:
        if p_forced:
            g, r = give(hand, True, profile)
            deltas[seat] += p_forced * g
            deltas[winner] += p_forced * r
        if p_random:
            g, r = give(hand, False, profile)
            deltas[seat] += p_random * g
            deltas[winner] += p_random * r
    return ChallengeValue(p_win, deltas)


@lru_cache(maxsize=1 << 16)
def _challenge_core(
    seat: int, own: int, profile: Profile, plain: tuple[PlainTarget, ...], exact: bool
) -> tuple[Number, dict[int, Number], tuple[tuple[int, Number, Number], ...]]:
    """Everything of :func:`challenge_value` but the challenger's own hand card: ``(P(C wins),
    deltas without it, ((winner, P(it wins and forces a give), P(it wins, random take)), ...))``.
    Targets come as plain tuples (cheap to hash for the cache).
    """
    targets = [Target(*t) for t in plain]
    table_coin: Any
    hidden_give: Any
    if exact:
        table_coin, hidden_give = _table_coin, _hidden_give
        zero: Number = Fraction(0)
    else:
        table_coin, hidden_give = _f_table_coin, _f_hidden_give
        zero = 0.0
    masks = [_mask(t.unseen) for t in targets]
    one = len(targets) == 1
    deltas: dict[int, Number] = {seat: zero}
    losses: dict[int, list[Number]] = {}
    for t in targets:
        deltas[t.seat] = zero
        losses[t.seat] = [zero, zero]
    dist = _winner_distribution(own, masks, exact)
    for (w, v), p in dist:
        if not p:
            continue
        if w == -1:
            gain = profile.coins[own] if own in profile.keeps_on_win else zero
            forced = own in profile.forces_give
            for t, mask in zip(targets, masks, strict=True):
                if one:
                    gain += table_coin(mask, own, t.profile)
                g, r = hidden_give(mask, own, t.hand_size, forced, t.profile)
                deltas[t.seat] += p * g
                gain += r
            deltas[seat] += p * gain
            continue
        winner = targets[w]
        forced = v in winner.profile.forces_give
        gain = winner.profile.coins[v] if v in winner.profile.keeps_on_win else zero
        if one:
            gain += profile.coins[own]
        losses[winner.seat][0 if forced else 1] += p
        for j, (t, mask) in enumerate(zip(targets, masks, strict=True)):
            if j != w:
                g, r = hidden_give(mask, v - 1 if j < w else v, t.hand_size, forced, t.profile)
                deltas[t.seat] += p * g
                gain += r
        deltas[winner.seat] += p * gain
    out = tuple((w, f, r) for w, (f, r) in losses.items() if f or r)
    return dist[0][1], deltas, out


def defence_value(
    seat: int,
    own: int,
    hand: Sequence[int],
    profile: Profile,
    challenger: Target,
    *,
    exact: bool = False,
) -> ChallengeValue:
    """The other side of a one-on-one challenge: ``seat`` has ``own`` face down (and ``hand``
    left) and ``challenger`` challenges it with a uniform draw from its unseen numbers.

    ``win_probability`` is the chance that ``seat`` wins (the challenger's card is below
    ``own``: ties go to the challenger); ``deltas`` as in :func:`challenge_value`.

    >>> plain = Profile(coins=(0, 1, 1, 1, 2, 2, 2, 3, 3, 3))
    >>> v = defence_value(0, 9, [5], plain, Target(1, (2, 9), 1, plain), exact=True)
    >>> v.win_probability, v.deltas   # half: C's 9 ties and wins; half: C's 2 loses
    (Fraction(1, 2), {0: Fraction(-1, 2), 1: Fraction(-2, 1)})
    """
    plain = (challenger.seat, tuple(challenger.unseen), challenger.hand_size, challenger.profile)
    p_win, mine, theirs, p_forced, p_random = _defence_core(own, profile, plain, exact)
    hand = tuple(sorted(hand))
    give = known_give if exact else _f_known_give
    if p_forced:
        g, r = give(hand, True, profile)
        mine += p_forced * g
        theirs += p_forced * r
    if p_random:
        g, r = give(hand, False, profile)
        mine += p_random * g
        theirs += p_random * r
    return ChallengeValue(p_win, {seat: mine, challenger.seat: theirs})


@lru_cache(maxsize=1 << 14)
def _defence_core(
    own: int, profile: Profile, plain: PlainTarget, exact: bool
) -> tuple[Number, Number, Number, Number, Number]:
    """:func:`defence_value` without the defender's hand card: ``(P(defender wins), its change,
    the challenger's change, P(challenger wins forcing a give), P(it wins, random take))``."""
    challenger = Target(*plain)
    rest_give: Any
    if exact:
        rest_give = _give_from_random_hand
        zero: Number = Fraction(0)
    else:
        rest_give = _f_give_from_random_hand
        zero = 0.0
    cp = challenger.profile
    members = challenger.unseen
    if not members:
        raise ArgumentError("a challenger with a face-down card has at least one unseen number")
    mine = theirs = p_win = p_forced = p_random = zero
    keep_own = profile.coins[own] if own in profile.keeps_on_win else 0
    forced_by_me = own in profile.forces_give
    for x in members:
        if x >= own:  # the challenger wins (ties included): my card and a hand card go to it
            if x in cp.forces_give:
                p_forced += 1
            else:
                p_random += 1
            theirs += profile.coins[own] + (cp.coins[x] if x in cp.keeps_on_win else 0)
        else:
            rest = tuple(n for n in members if n != x)
            g, r = rest_give(rest, challenger.hand_size, forced_by_me, cp)
            theirs += g
            mine += cp.coins[x] + keep_own + r
            p_win += 1
    size = len(members)
    return p_win / size, mine / size, theirs / size, p_forced / size, p_random / size


def challenge_gain(
    seat: int,
    own: int,
    hand: tuple[int, ...],
    profile: Profile,
    targets: tuple[PlainTarget, ...],
    players: int,
) -> float:
    """``challenge_value(...).gain(seat, players)`` as a float, fast (the bots' inner loop).

    ``hand`` sorted ascending; ``targets`` as plain tuples in seat order after ``seat``.
    Without a pink card in play a hand size only matters as empty or not, so it is clipped to
    1 before the cached core is looked up.
    """
    if not profile.forces_give and not any(t[3].forces_give for t in targets):
        targets = tuple([(t[0], t[1], 1 if t[2] else 0, t[3]) for t in targets])
    p_win, base, losses = _challenge_core(seat, own, profile, targets, False)
    mine = base[seat]
    others = 0.0
    for s, v in base.items():
        if s != seat:
            others += v
    for _winner, p_forced, p_random in losses:
        if p_forced:
            g, r = _f_known_give(hand, True, profile)
            mine += p_forced * g
            others += p_forced * r
        if p_random:
            g, r = _f_known_give(hand, False, profile)
            mine += p_random * g
            others += p_random * r
    return mine - others / (players - 1)


def defence_gain(
    seat: int,
    own: int,
    hand: tuple[int, ...],
    profile: Profile,
    challenger: PlainTarget,
    players: int,
) -> float:
    """``defence_value(...).gain(seat, players)`` as a float, fast (the bots' inner loop)."""
    if not profile.forces_give:
        challenger = (challenger[0], challenger[1], 1 if challenger[2] else 0, challenger[3])
    _p, mine, theirs, p_forced, p_random = _defence_core(own, profile, challenger, False)
    if p_forced:
        g, r = _f_known_give(hand, True, profile)
        mine += p_forced * g
        theirs += p_forced * r
    if p_random:
        g, r = _f_known_give(hand, False, profile)
        mine += p_random * g
        theirs += p_random * r
    return mine - theirs / (players - 1)  # type: ignore[return-value]


@cache
def _f_give_from_random_hand(
    rest: tuple[int, ...], hand_size: int, forced: bool, profile: Profile
) -> tuple[float, float]:
    g, r = _give_from_random_hand(rest, hand_size, forced, profile)
    return float(g), float(r)


# ---------------------------------------------------------------------------------------------
# Wiring to the engine's per-seat view: only what that seat may know.


@cache
def profile_for(rules: KayaRules, color: Color) -> Profile:
    """The counting profile of ``color`` under ``rules`` (bonus values, blue, pink, orange)."""
    coins = (0, *(rules.bonus_value(card(color, n)) for n in NUMBERS))
    return Profile(
        coins=coins,
        returns_to_owner=frozenset({7, 8, 9}) if color is Color.BLUE else frozenset(),
        forces_give=frozenset({5, 6}) if color is Color.PINK else frozenset(),
        keeps_on_win=frozenset({4}) if color is Color.ORANGE else frozenset(),
        givable=frozenset(n for n in NUMBERS if rules.coin_value(n) >= 2),
    )
