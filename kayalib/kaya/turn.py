"""The rules of a turn of Aku Paling Kaya, as steps that fill in a draft state.

``KayaState.apply`` copies the state into a draft (:mod:`kayalib.kaya.slots`), calls the step
for its phase, and locks the draft. Each step appends log records to ``ev`` (see
:func:`kayalib.kaya.events.push_records`): ``(Event, args)`` for a public event,
``(Event, args, owner, args_for_the_others)`` for one the other seats see less of.

A turn goes through these phases: ``play`` (A plays a card; a card A still had down is
discarded face-down first) -> ``challenge`` (the seats with a card down are asked in seat order
after A: pass or challenge) -> without a challenge, ``power``: A may use the power of a green 3
(take it back) or a red 3/4 (steal a bonus card), or decline; A decides this step whatever card
A played (with no power, declining is A's only action), so that no other seat can tell a power
card from the table -> with a challenge, the showdown, then ``orange`` (a winning orange 4:
keep or decline) and ``pink`` (each loser to a pink 5/6 with a card worth 2+ coins gives one)
when needed -> the end check -> the next seat's ``play``, or ``over``.

Chance: a random take is :func:`chance` of the game seed and the number of takes so far, which
no seat can compute without the seed.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from kayalib.kaya.actions import (
    DECLINE,
    PASS,
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
from kayalib.kaya.scores import scores

__all__ = ["PHASES", "WHYS", "chance"]

PLAY, CHALLENGE, POWER, ORANGE, PINK, OVER = "play", "challenge", "power", "orange", "pink", "over"
#: The phases, in the order a turn goes through them (see the module docstring).
PHASES = (PLAY, CHALLENGE, POWER, ORANGE, PINK, OVER)
#: Every reason a card can change place (the ``why`` of a move event).
WHYS = (
    "play", "stale", "won", "claimed", "taken", "blue-return", "pink-give", "orange-keep",
    "red-steal", "green-return", "red-spent", "showdown",
)  # fmt: skip

_MASK = (1 << 64) - 1


def chance(seed: int, draw: int, n: int) -> int:
    """A number in ``range(n)`` fixed by the game seed and the draw counter (SplitMix64)."""
    z = (seed * 0x9E3779B97F4A7C15 + (draw + 1) * 0xD1B54A32D192ED03) & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return (z ^ (z >> 31)) % n


def _remove(numbers: tuple[int, ...], n: int) -> tuple[int, ...]:
    return tuple([x for x in numbers if x != n])


def _set(items: tuple, i: int, value: Any) -> tuple:
    return (*items[:i], value, *items[i + 1 :])


def power_of(card: Card, bonus: tuple[tuple[Card, ...], ...], seat: int) -> str | None:
    """The power ``card`` gives seat ``seat`` after a turn without a challenge, or ``None``:
    ``green-return`` (green 3) or ``red-steal`` (red 3/4, when another seat has a bonus card)."""
    if card.number == 3 and card.color is Color.GREEN:
        return "green-return"
    if card.color is Color.RED and card.number in (3, 4):
        if any(b for v, b in enumerate(bonus) if v != seat):
            return "red-steal"
    return None


def power_options(s: Any) -> tuple[Action, ...]:
    """A's actions in the ``power`` phase: the card's power, if any, then ``DECLINE``."""
    a = s.active
    power = power_of(s.table[a], s.bonus, a)
    if power == "green-return":
        return (TAKE_BACK, DECLINE)
    if power == "red-steal":
        n = len(s.hands)
        steals: list[Action] = [
            Steal(v, c) for v in (*range(a + 1, n), *range(a)) for c in s.bonus[v]
        ]
        return (*steals, DECLINE)
    return (DECLINE,)


@cache
def _order_after(seat: int, n: int) -> tuple[int, ...]:
    """Every seat in seat order starting after ``seat`` (``seat`` itself last)."""
    return (*range(seat + 1, n), *range(seat + 1))


_HAND = tuple(f"hand:{i}" for i in range(6))
_TABLE = tuple(f"table:{i}" for i in range(6))
_BONUS = tuple(f"bonus:{i}" for i in range(6))


@cache
def _window(a: int, n: int, down: int) -> tuple[int, ...]:
    """The seats asked in the challenge window: a card down, in seat order after A."""
    return tuple([x for x in (*range(a + 1, n), *range(a)) if down >> x & 1])


@cache
def challenge_options(a: int, c: int, n: int, down: int) -> tuple[Action, ...]:
    """Pass, or challenge A plus any subset of the other seats with a card down."""
    others = [x for x in (*range(c + 1, n), *range(c)) if x != a and down >> x & 1]
    out: list[Action] = [PASS]
    for mask in range(1 << len(others)):
        chosen = [a, *(others[i] for i in range(len(others)) if mask >> i & 1)]
        out.append(challenge_action(tuple(sorted(chosen))))
    return tuple(out)


@cache
def presence(n: int, down: int) -> tuple[bool, ...]:
    return tuple([bool(down >> x & 1) for x in range(n)])


def do_play(s: Any, c: Card, ev: list[tuple]) -> None:
    a, turn = s.active, s.turn
    old = s.table[a]
    if old is not None:
        s.hidden_discards = _set(s.hidden_discards, a, (*s.hidden_discards[a], old))
        where = (_TABLE[a], "discard", "stale", a)
        ev.append((MoveEvent, (turn, old, *where), a, (turn, None, *where)))
    s.hands = _set(s.hands, a, tuple([x for x in s.hands[a] if x.number != c.number]))
    s.table = _set(s.table, a, c)
    down = s.down = s.down | 1 << a
    ev.append((PlayEvent, (turn, a, c), a, (turn, a, None)))
    where = (_HAND[a], _TABLE[a], "play", a)
    ev.append((MoveEvent, (turn, c, *where), a, (turn, None, *where)))
    window = _window(a, len(s.hands), down)
    if window:
        s.phase, s.window, s.current = CHALLENGE, window, window[0]
    else:
        _no_challenge(s, ev)


def do_pass(s: Any, ev: list[tuple]) -> None:
    """The seat asked in the challenge window passes; the next one is asked, or nobody is."""
    ev.append((PassEvent, (s.turn, s.current)))
    window = s.window[1:]
    s.window = window
    if window:
        s.current = window[0]
    else:
        _no_challenge(s, ev)


def _no_challenge(s: Any, ev: list[tuple]) -> None:
    """Nobody challenged: A decides the power step, whatever card A played."""
    s.window = ()
    s.phase, s.current = POWER, s.active


def do_power(s: Any, action: Action, ev: list[tuple]) -> None:
    a, turn = s.active, s.turn
    c = s.table[a]
    assert c is not None
    if type(action) is TakeBack:
        ev.append((PowerEvent, (turn, a, c, "green-return")))
        ev.append((MoveEvent, (turn, c, _TABLE[a], _HAND[a], "green-return")))
        s.table = _set(s.table, a, None)
        s.down &= ~(1 << a)
        s.hands = _set(s.hands, a, tuple(sorted((*s.hands[a], c), key=lambda x: x.number)))
    elif type(action) is Steal:
        v, stolen = action.victim, action.card
        ev.append((PowerEvent, (turn, a, c, "red-steal")))
        ev.append((MoveEvent, (turn, stolen, _BONUS[v], _BONUS[a], "red-steal")))
        ev.append((MoveEvent, (turn, c, _TABLE[a], "discard", "red-spent")))
        bonus = _set(s.bonus, v, tuple([x for x in s.bonus[v] if x != stolen]))
        s.bonus = _set(bonus, a, (*bonus[a], stolen))
        s.table = _set(s.table, a, None)
        s.down &= ~(1 << a)
        s.discard = (*s.discard, c)
        s.hidden = _set(s.hidden, a, _remove(s.hidden[a], c.number))
    else:
        ev.append((DeclineEvent, (turn, a, c, power_of(c, s.bonus, a), True), a, None))
    _end_turn(s, ev)


def do_challenge(s: Any, chosen: tuple[int, ...], ev: list[tuple]) -> None:
    a, cseat, turn, table = s.active, s.current, s.turn, s.table
    assert cseat is not None
    n = len(table)
    targets = (a, *[x for x in _order_after(cseat, n) if x in chosen and x != a])
    ev.append((ChallengeEvent, (turn, cseat, targets)))
    seats = (cseat, *targets)
    if len(targets) == 1:
        winner = cseat if table[cseat].number >= table[a].number else a  # type: ignore[union-attr]
    else:
        high = max(table[x].number for x in seats)  # type: ignore[union-attr]
        tied = [x for x in seats if table[x].number == high]  # type: ignore[union-attr]
        winner = cseat if cseat in tied else next(x for x in _order_after(cseat, n) if x in tied)
    ev.append((ShowdownEvent, (turn, tuple((x, table[x]) for x in seats), winner)))  # type: ignore[misc]
    hidden = list(s.hidden)
    for x in seats:
        hidden[x] = _remove(hidden[x], table[x].number)  # type: ignore[union-attr]
    s.hidden = tuple(hidden)
    s.challenger, s.targets, s.winner, s.revealed, s.window = cseat, targets, winner, True, ()
    wcard = table[winner]
    s.win_card = wcard
    if wcard.number == 4 and wcard.color is Color.ORANGE:  # type: ignore[union-attr]
        s.phase, s.current = ORANGE, winner
        return
    settle(s, False, ev)


def settle(s: Any, keep: bool, ev: list[tuple]) -> None:
    """Move the showdown cards off the table, then start the takes from the losers."""
    w, turn, table = s.winner, s.turn, s.table
    assert w is not None and s.challenger is not None
    n = len(table)
    seats = (s.challenger, *s.targets)
    wcard = table[w]
    assert wcard is not None
    bonus, discard = list(s.bonus), list(s.discard)
    if keep:
        ev.append((PowerEvent, (turn, w, wcard, "orange-keep")))
        ev.append((MoveEvent, (turn, wcard, _TABLE[w], _BONUS[w], "orange-keep")))
        bonus[w] = (*bonus[w], wcard)
    else:
        if s.phase == ORANGE:
            ev.append((DeclineEvent, (turn, w, wcard, "orange-keep", False)))
        ev.append((MoveEvent, (turn, wcard, _TABLE[w], "discard", "won")))
        discard.append(wcard)
    losers = tuple([x for x in _order_after(w, n) if x in seats and x != w])
    one_on_one = len(seats) == 2
    for x in losers:
        lcard = table[x]
        assert lcard is not None
        if one_on_one:
            ev.append((MoveEvent, (turn, lcard, _TABLE[x], _BONUS[w], "claimed")))
            bonus[w] = (*bonus[w], lcard)
        else:
            ev.append((MoveEvent, (turn, lcard, _TABLE[x], "discard", "showdown")))
            discard.append(lcard)
    s.bonus, s.discard = tuple(bonus), tuple(discard)
    s.table = tuple([None if x in seats else c for x, c in enumerate(table)])
    for x in seats:
        s.down &= ~(1 << x)
    s.revealed = False
    s.losers = losers
    _takes(s, ev)


def _takes(s: Any, ev: list[tuple]) -> None:
    """The winner takes one card from each loser's hand, in seat order after the winner."""
    w, turn, wcard = s.winner, s.turn, s.win_card
    assert w is not None and wcard is not None
    pink = wcard.color is Color.PINK and wcard.number in (5, 6)
    coins = s.rules.coins
    losers = s.losers
    while losers:
        x = losers[0]
        hand = s.hands[x]
        if hand:
            if pink and any(coins[c.number - 1] >= 2 for c in hand):
                s.losers, s.phase, s.current = losers, PINK, x
                return
            taken = hand[chance(s.seed, s.draws, len(hand))]
            s.draws += 1
            s.hands = _set(s.hands, x, tuple([c for c in hand if c is not taken]))
            s.hidden = _set(s.hidden, x, _remove(s.hidden[x], taken.number))
            if taken.color is Color.BLUE and taken.number >= 7:
                ev.append((MoveEvent, (turn, taken, _HAND[x], _BONUS[x], "blue-return")))
                s.bonus = _set(s.bonus, x, (*s.bonus[x], taken))
            else:
                ev.append((MoveEvent, (turn, taken, _HAND[x], _BONUS[w], "taken")))
                s.bonus = _set(s.bonus, w, (*s.bonus[w], taken))
        losers = losers[1:]
    s.losers = ()
    _end_turn(s, ev)


def do_give(s: Any, c: Card, ev: list[tuple]) -> None:
    x, w = s.current, s.winner
    assert x is not None and w is not None
    ev.append((MoveEvent, (s.turn, c, _HAND[x], _BONUS[w], "pink-give")))
    s.hands = _set(s.hands, x, tuple([h for h in s.hands[x] if h.number != c.number]))
    s.hidden = _set(s.hidden, x, _remove(s.hidden[x], c.number))
    s.bonus = _set(s.bonus, w, (*s.bonus[w], c))
    s.losers = s.losers[1:]
    _takes(s, ev)


def _end_turn(s: Any, ev: list[tuple]) -> None:
    s.challenger, s.targets, s.winner, s.win_card, s.window = None, (), None, None, ()
    if not all(s.hands):
        s.phase, s.current = OVER, None
        final = scores(s.rules, s.hands, s.bonus)
        ev.append((EndEvent, (final.totals, final.winners)))
        return
    n = len(s.hands)
    a = s.active + 1
    a = 0 if a == n else a
    s.active = s.current = a
    s.turn += 1
    s.phase = PLAY
