"""The rules of a turn of Aku Paling Kaya, as typed steps from one state to the next.

``KayaState._after`` calls the step for its phase; each step takes the state, returns the next
one (:func:`kayalib.engine.evolve`) and appends the events it causes to ``ev``. What each seat
sees of an event is the event's own ``seen_by`` (:mod:`kayalib.kaya.events`).

A turn goes through these phases: ``play`` (A plays a card; a card A still had down is
discarded face-down first) -> ``challenge`` (the seats with a card down are asked in seat order
after A: pass or challenge) -> without a challenge, ``power``: A may use the power of a green 3
(take it back) or a red 3/4 (steal a bonus card), or decline; A decides this step whatever card
A played (with no power, declining is A's only action, a forced move), so that no other seat can
tell a power card from the table -> with a challenge, the showdown, then ``orange`` (a winning
orange 4: keep or decline) and ``pink`` (each loser to a pink 5/6 with a card whose bonus value
is at least 2 gives one) when needed -> the end check -> the next seat's ``play``, or ``over``.

Chance: a random take is :func:`chance` of the game seed and the number of takes so far, which
no seat can compute without the seed.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import TypeVar

from kayalib.engine import Event, Outcome, evolve
from kayalib.kaya.actions import (
    DECLINE,
    DECLINE_ONLY,
    GIVES,
    KEEP_OR_DECLINE,
    PASS,
    PLAYS_BY_NUMBER,
    TAKE_BACK,
    Action,
    Steal,
    TakeBack,
    challenge_action,
)
from kayalib.kaya.cards import Card, Color
from kayalib.kaya.events import (
    ChallengeEvent,
    DeclineEvent,
    EndEvent,
    MoveEvent,
    PassEvent,
    PlayEvent,
    PowerEvent,
    ShowdownEvent,
)
from kayalib.kaya.position import CHALLENGE, ORANGE, OVER, PHASES, PINK, PLAY, POWER, Position
from kayalib.kaya.rules import KayaRules
from kayalib.kaya.scores import scores

P = TypeVar("P", bound=Position)

__all__ = ["PHASES", "WHYS", "chance", "legal_for"]

#: Every reason a card can change place (the ``why`` of a move event).
WHYS = (
    "play", "stale", "won", "claimed", "taken", "blue-return", "pink-give", "orange-keep",
    "red-steal", "green-return", "red-spent", "showdown",
)  # fmt: skip

_MASK = (1 << 64) - 1
Bonus = tuple[tuple[Card, ...], ...]


def chance(seed: int, draw: int, n: int) -> int:
    """A number in ``range(n)`` fixed by the game seed and the draw counter (SplitMix64)."""
    z = (seed * 0x9E3779B97F4A7C15 + (draw + 1) * 0xD1B54A32D192ED03) & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return (z ^ (z >> 31)) % n


def _remove(numbers: tuple[int, ...], n: int) -> tuple[int, ...]:
    return tuple([x for x in numbers if x != n])


def _set(items: tuple, i: int, value: object) -> tuple:
    return (*items[:i], value, *items[i + 1 :])


def down_mask(table: Sequence[object]) -> int:
    """Bit ``s`` set when seat ``s`` has a card down (from a table or a view's presence)."""
    mask = 0
    for seat, place in enumerate(table):
        if place:
            mask |= 1 << seat
    return mask


# ---- what the seat to act may do (from what that seat knows: a state and a view agree) -----------


def power_of(card: Card, bonus: Bonus, seat: int) -> str | None:
    """The power ``card`` gives seat ``seat`` after a turn without a challenge, or ``None``:
    ``green-return`` (green 3) or ``red-steal`` (red 3/4, when another seat has a bonus card)."""
    if card.number == 3 and card.color is Color.GREEN:
        return "green-return"
    if card.color is Color.RED and card.number in (3, 4):
        if any(b for v, b in enumerate(bonus) if v != seat):
            return "red-steal"
    return None


def power_options(a: int, card: Card, bonus: Bonus) -> tuple[Action, ...]:
    """A's actions in the ``power`` phase: the card's power, if any, then ``DECLINE``."""
    power = power_of(card, bonus, a)
    if power == "green-return":
        return (TAKE_BACK, DECLINE)
    if power == "red-steal":
        n = len(bonus)
        victims = (*range(a + 1, n), *range(a))
        steals: list[Action] = [Steal(v, c) for v in victims for c in bonus[v]]
        return (*steals, DECLINE)
    return DECLINE_ONLY


@cache
def challenge_options(a: int, c: int, n: int, down: int) -> tuple[Action, ...]:
    """Pass, or challenge A plus any subset of the other seats with a card down."""
    others = [x for x in (*range(c + 1, n), *range(c)) if x != a and down >> x & 1]
    out: list[Action] = [PASS]
    for mask in range(1 << len(others)):
        chosen = [a, *(others[i] for i in range(len(others)) if mask >> i & 1)]
        out.append(challenge_action(tuple(sorted(chosen))))
    return tuple(out)


def legal_for(
    rules: KayaRules,
    phase: str,
    active: int,
    current: int | None,
    hand: tuple[Card, ...],
    own_table: Card | None,
    down: int,
    bonus: Bonus,
) -> tuple[Action, ...]:
    """The actions of seat ``current`` (holding ``hand``, with ``own_table`` down) in ``phase``:
    the one definition both :class:`KayaState` and :class:`KayaView` use."""
    if current is None:
        return ()
    if phase == PLAY:
        plays = PLAYS_BY_NUMBER[rules.colors[active]]
        return tuple([plays[c.number] for c in hand])
    if phase == CHALLENGE:
        return challenge_options(active, current, len(bonus), down)
    if phase == POWER:
        assert own_table is not None
        return power_options(active, own_table, bonus)
    if phase == ORANGE:
        return KEEP_OR_DECLINE
    if phase == PINK:
        return tuple([GIVES[c] for c in hand if rules.bonus_value(c) >= 2])
    return ()


@cache
def _order_after(seat: int, n: int) -> tuple[int, ...]:
    """Every seat in seat order starting after ``seat`` (``seat`` itself last)."""
    return (*range(seat + 1, n), *range(seat + 1))


@cache
def _window(a: int, n: int, down: int) -> tuple[int, ...]:
    """The seats asked in the challenge window: a card down, in seat order after A."""
    return tuple([x for x in (*range(a + 1, n), *range(a)) if down >> x & 1])


_HAND = tuple(f"hand:{i}" for i in range(6))
_TABLE = tuple(f"table:{i}" for i in range(6))
_BONUS = tuple(f"bonus:{i}" for i in range(6))


# ---- the steps -----------------------------------------------------------------------------


def do_play(s: P, c: Card, ev: list[Event]) -> P:
    """A plays ``c`` face-down (a card A still had down goes to the face-down discard first)."""
    a, turn = s.active, s.turn
    old = s.table[a]
    hidden_discards = s.hidden_discards
    if old is not None:
        hidden_discards = _set(hidden_discards, a, (*hidden_discards[a], old))
        ev.append(MoveEvent(turn, old, _TABLE[a], "discard", "stale", a))
    hands = _set(s.hands, a, tuple([x for x in s.hands[a] if x.number != c.number]))
    table = _set(s.table, a, c)
    ev.append(PlayEvent(turn, a, c))
    ev.append(MoveEvent(turn, c, _HAND[a], _TABLE[a], "play", a))
    window = _window(a, len(hands), down_mask(table))
    if window:
        return evolve(s, hands=hands, table=table, hidden_discards=hidden_discards,
                      phase=CHALLENGE, window=window, current_player=window[0])  # fmt: skip
    return evolve(s, hands=hands, table=table, hidden_discards=hidden_discards,
                  phase=POWER, window=(), current_player=a)  # fmt: skip


def do_pass(s: P, ev: list[Event]) -> P:
    """The seat asked in the challenge window passes; the next one is asked, or, when nobody is
    left, A decides the power step whatever card A played."""
    seat = s.current_player
    assert seat is not None  # the seat asked
    ev.append(PassEvent(s.turn, seat))
    window = s.window[1:]
    if window:
        return evolve(s, window=window, current_player=window[0])
    return evolve(s, window=(), phase=POWER, current_player=s.active)


def do_power(s: P, action: Action, ev: list[Event]) -> P:
    """A uses the power of the card down (green 3 back to hand, red 3/4 steals), or declines."""
    a, turn = s.active, s.turn
    c = s.table[a]
    assert c is not None
    if type(action) is TakeBack:
        ev.append(PowerEvent(turn, a, c, "green-return"))
        ev.append(MoveEvent(turn, c, _TABLE[a], _HAND[a], "green-return"))
        hand = tuple(sorted((*s.hands[a], c), key=lambda x: x.number))
        s = evolve(s, table=_set(s.table, a, None), hands=_set(s.hands, a, hand))
    elif type(action) is Steal:
        v, stolen = action.victim, action.card
        ev.append(PowerEvent(turn, a, c, "red-steal"))
        ev.append(MoveEvent(turn, stolen, _BONUS[v], _BONUS[a], "red-steal"))
        ev.append(MoveEvent(turn, c, _TABLE[a], "discard", "red-spent"))
        bonus = _set(s.bonus, v, tuple([x for x in s.bonus[v] if x != stolen]))
        hidden = _set(s.hidden, a, _remove(s.hidden[a], c.number))
        s = evolve(s, bonus=_set(bonus, a, (*bonus[a], stolen)), table=_set(s.table, a, None),
                   discard=(*s.discard, c), hidden=hidden)  # fmt: skip
    else:
        ev.append(DeclineEvent(turn, a, c, power_of(c, s.bonus, a), True))
    return _end_turn(s, ev)


def do_challenge(s: P, chosen: tuple[int, ...], ev: list[Event]) -> P:
    """C challenges A (and the seats in ``chosen``): the showdown."""
    a, cseat, turn, table = s.active, s.current_player, s.turn, s.table
    assert cseat is not None
    n = len(table)
    targets = (a, *[x for x in _order_after(cseat, n) if x in chosen and x != a])
    ev.append(ChallengeEvent(turn, cseat, targets))
    seats = (cseat, *targets)
    shown: list[tuple[int, Card]] = []
    for x in seats:
        down = table[x]
        assert down is not None  # each seat of a showdown has a card down
        shown.append((x, down))
    numbers = {x: card.number for x, card in shown}
    if len(targets) == 1:
        winner = cseat if numbers[cseat] >= numbers[a] else a
    else:
        high = max(numbers.values())
        tied = [x for x in seats if numbers[x] == high]
        winner = cseat if cseat in tied else next(x for x in _order_after(cseat, n) if x in tied)
    ev.append(ShowdownEvent(turn, tuple(shown), winner))
    hidden = list(s.hidden)
    for x in seats:
        hidden[x] = _remove(hidden[x], numbers[x])
    wcard = table[winner]
    assert wcard is not None
    s = evolve(s, hidden=tuple(hidden), challenger=cseat, targets=targets,
               showdown_winner=winner, win_card=wcard, revealed=True, window=())  # fmt: skip
    if wcard.number == 4 and wcard.color is Color.ORANGE:
        return evolve(s, phase=ORANGE, current_player=winner)
    return settle(s, False, ev)


def settle(s: P, keep: bool, ev: list[Event]) -> P:
    """Move the showdown cards off the table, then start the takes from the losers."""
    w, turn, table = s.showdown_winner, s.turn, s.table
    assert w is not None and s.challenger is not None
    n = len(table)
    seats = (s.challenger, *s.targets)
    wcard = table[w]
    assert wcard is not None
    bonus, discard = list(s.bonus), list(s.discard)
    if keep:
        ev.append(PowerEvent(turn, w, wcard, "orange-keep"))
        ev.append(MoveEvent(turn, wcard, _TABLE[w], _BONUS[w], "orange-keep"))
        bonus[w] = (*bonus[w], wcard)
    else:
        if s.phase == ORANGE:
            ev.append(DeclineEvent(turn, w, wcard, "orange-keep", False))
        ev.append(MoveEvent(turn, wcard, _TABLE[w], "discard", "won"))
        discard.append(wcard)
    losers = tuple([x for x in _order_after(w, n) if x in seats and x != w])
    one_on_one = len(seats) == 2
    for x in losers:
        lcard = table[x]
        assert lcard is not None
        if one_on_one:
            ev.append(MoveEvent(turn, lcard, _TABLE[x], _BONUS[w], "claimed"))
            bonus[w] = (*bonus[w], lcard)
        else:
            ev.append(MoveEvent(turn, lcard, _TABLE[x], "discard", "showdown"))
            discard.append(lcard)
    s = evolve(s, bonus=tuple(bonus), discard=tuple(discard), revealed=False, losers=losers,
               table=tuple([None if x in seats else c for x, c in enumerate(table)]))  # fmt: skip
    return _takes(s, ev)


def _takes(s: P, ev: list[Event]) -> P:
    """The winner takes one card from each loser's hand, in seat order after the winner (a loser
    to a pink 5/6 with a card of bonus value 2 or more chooses which to give)."""
    w, turn, wcard = s.showdown_winner, s.turn, s.win_card
    assert w is not None and wcard is not None
    pink = wcard.color is Color.PINK and wcard.number in (5, 6)
    value = s.rules.bonus_value
    losers, hands, hidden, bonus, draws = s.losers, s.hands, s.hidden, s.bonus, s.draws
    while losers:
        x = losers[0]
        hand = hands[x]
        if hand:
            if pink and any(value(c) >= 2 for c in hand):
                return evolve(s, losers=losers, hands=hands, hidden=hidden, bonus=bonus,
                              draws=draws, phase=PINK, current_player=x)  # fmt: skip
            taken = hand[s.draw_from(f"take/{draws}")(len(hand))]
            draws += 1
            hands = _set(hands, x, tuple([c for c in hand if c is not taken]))
            hidden = _set(hidden, x, _remove(hidden[x], taken.number))
            if taken.color is Color.BLUE and taken.number >= 7:
                ev.append(MoveEvent(turn, taken, _HAND[x], _BONUS[x], "blue-return"))
                bonus = _set(bonus, x, (*bonus[x], taken))
            else:
                ev.append(MoveEvent(turn, taken, _HAND[x], _BONUS[w], "taken"))
                bonus = _set(bonus, w, (*bonus[w], taken))
        losers = losers[1:]
    s = evolve(s, losers=(), hands=hands, hidden=hidden, bonus=bonus, draws=draws)
    return _end_turn(s, ev)


def do_give(s: P, c: Card, ev: list[Event]) -> P:
    """The loser asked by a pink 5/6 gives ``c`` to the winner; the takes go on."""
    x, w = s.current_player, s.showdown_winner
    assert x is not None and w is not None
    ev.append(MoveEvent(s.turn, c, _HAND[x], _BONUS[w], "pink-give"))
    s = evolve(
        s,
        hands=_set(s.hands, x, tuple([h for h in s.hands[x] if h.number != c.number])),
        hidden=_set(s.hidden, x, _remove(s.hidden[x], c.number)),
        bonus=_set(s.bonus, w, (*s.bonus[w], c)),
        losers=s.losers[1:],
    )
    return _takes(s, ev)


def _end_turn(s: P, ev: list[Event]) -> P:
    """The end check: a seat with an empty hand ends the game; else the next seat plays."""
    if not all(s.hands):
        final = scores(s.rules, s.hands, s.bonus)
        ev.append(EndEvent(final.totals, final.winners))
        return evolve(s, challenger=None, targets=(), showdown_winner=None, win_card=None,
                      window=(), phase=OVER, current_player=None,
                      outcome=Outcome(final.winners, final.totals))  # fmt: skip
    a = s.active + 1
    a = 0 if a == len(s.hands) else a
    return evolve(s, challenger=None, targets=(), showdown_winner=None, win_card=None,
                  window=(), phase=PLAY, active=a, current_player=a, turn=s.turn + 1)  # fmt: skip
