"""The Aku Paling Kaya engine: the immutable state, the rules of a turn and per-seat views.

Actions are in :mod:`kayalib.kaya.actions` and log events in :mod:`kayalib.kaya.events`; both
are re-exported here.

A game is a chain of immutable :class:`KayaState` objects. Every decision is an action from
``state.legal_actions()``; ``state.apply(action)`` returns the next state (the old one is left
as it was) or raises :class:`~kayalib.errors.IllegalActionError`.

>>> from kayalib.kaya.rules import KayaRules
>>> state = KayaState.new(KayaRules(), seed=3)
>>> state.phase, state.current_player == state.active
('play', True)
>>> first = state.active
>>> state = state.apply(state.legal_actions()[0])   # nobody has a card down yet: no window
>>> state.phase, state.active == (first + 1) % 4, state.table[first] is not None
('play', True, True)

Rigged positions for tests and lessons come from :meth:`KayaState.from_position`:

>>> s = KayaState.from_position(KayaRules(("green", "red")),
...     hands=[["green-5"], ["red-2", "red-9"]], table=[None, "red-4"], active=0)
>>> s = s.apply("play green-5").apply("challenge 0")   # red (seat 1) challenges green
>>> [str(e.to_json()["why"]) for e in s.events if e.kind == "move"][-3:]
['won', 'claimed', 'taken']
>>> s.is_terminal, s.scores().totals, s.winners
(True, (3, 9), (1,))

Chance (random takes) comes from :func:`chance` with the game seed and a draw counter, so the
same seed and the same actions always give the same game, byte for byte in the log; the
gambreng uses ``random.Random(seed)``. The global ``random`` module is never used.

A turn goes through these phases (``state.phase``): ``play`` (A plays a card; a card A still had
down is discarded face-down first) -> ``challenge`` (the seats with a card down are asked in seat
order after A: :class:`Pass` or :class:`Challenge`) -> without a challenge, ``power`` if A's card
is green 3 or red 3/4 (with someone else's bonus card to steal) -> with a challenge, the
showdown, and ``orange`` (a winning orange 4: :class:`Keep` or :class:`Decline`) and ``pink``
(each loser to a pink 5/6 with a card worth 2+ coins: :class:`Give`) when needed -> the end check
-> the next seat's ``play``, or ``over``.

The ``power`` phase exists only when A's face-down card has a power; a decline is logged for A
alone. Bots never see that position from another seat, and the apps let a bot decide it at once
(``GameApp.is_secret_decision``), since a visible pause would show that A holds a power card.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from kayalib.errors import IllegalActionError, ParseError, RulesError
from kayalib.kaya.actions import (
    DECLINE,
    GIVES,
    KEEP,
    PASS,
    PLAYS,
    PLAYS_BY_NUMBER,
    TAKE_BACK,
    Action,
    Challenge,
    Decline,
    Give,
    Keep,
    Pass,
    Play,
    Steal,
    TakeBack,
    challenge_action,
    parse_action,
)
from kayalib.kaya.cards import DECK, Card, Color, card
from kayalib.kaya.events import (
    ChallengeEvent,
    DeclineEvent,
    EndEvent,
    Event,
    GambrengEvent,
    LogChain,
    MoveEvent,
    PassEvent,
    PlayEvent,
    PowerEvent,
    ShowdownEvent,
    StartEvent,
    flatten_log,
    push_records,
)
from kayalib.kaya.gambreng import Gambreng, gambreng
from kayalib.kaya.rules import KayaRules

__all__ = [
    "Action",
    "actions_from_events",
    "iter_states",
    "Challenge",
    "ChallengeEvent",
    "Decline",
    "DeclineEvent",
    "EndEvent",
    "Event",
    "GambrengEvent",
    "Give",
    "KayaScores",
    "KayaState",
    "KayaView",
    "Keep",
    "MoveEvent",
    "Pass",
    "PassEvent",
    "Play",
    "PlayEvent",
    "PowerEvent",
    "SeatScore",
    "ShowdownEvent",
    "StartEvent",
    "Steal",
    "TakeBack",
    "chance",
    "parse_action",
    "PHASES",
    "WHYS",
]

PLAY, CHALLENGE, POWER, ORANGE, PINK, OVER = "play", "challenge", "power", "orange", "pink", "over"
#: The phases, in the order a turn goes through them. ``power``: A chooses a no-challenge power
#: (green 3, red 3/4); ``orange``: the winner chooses to keep an orange 4; ``pink``: a loser
#: chooses the card to give to a pink 5/6 winner; ``over``: the game has ended.
PHASES = (PLAY, CHALLENGE, POWER, ORANGE, PINK, OVER)
#: Every reason a card can change place (the ``why`` of a move event).
WHYS = (
    "play", "stale", "won", "claimed", "taken", "blue-return", "pink-give", "orange-keep",
    "red-steal", "green-return", "red-spent", "showdown",
)  # fmt: skip


# --------------------------------------------------------------------------------------------
# Chance

_MASK = (1 << 64) - 1


def chance(seed: int, draw: int, n: int) -> int:
    """A number in ``range(n)`` fixed by the game seed and the draw counter (SplitMix64)."""
    z = (seed * 0x9E3779B97F4A7C15 + (draw + 1) * 0xD1B54A32D192ED03) & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return (z ^ (z >> 31)) % n


_NUMBERS = tuple(range(1, 10))
_FULL_HANDS = {c: tuple(card(c, n) for n in range(1, 10)) for c in Color}


# --------------------------------------------------------------------------------------------
# Scores


@dataclass(frozen=True)
class SeatScore:
    """One seat's final points: numbers left in hand + coins of the bonus pile."""

    seat: int
    hand: tuple[Card, ...]
    bonus: tuple[Card, ...]
    hand_sum: int
    bonus_sum: int

    @property
    def total(self) -> int:
        return self.hand_sum + self.bonus_sum


@dataclass(frozen=True)
class KayaScores:
    """Points of every seat (``seats``), their ``totals`` and the ``winners`` (highest total)."""

    seats: tuple[SeatScore, ...]

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(s.total for s in self.seats)

    @property
    def winners(self) -> tuple[int, ...]:
        totals = self.totals
        best = max(totals)
        return tuple(i for i, t in enumerate(totals) if t == best)


def _scores(rules: KayaRules, hands: tuple, bonuses: tuple) -> KayaScores:
    value = rules.bonus_value
    return KayaScores(tuple(
        SeatScore(seat, hand, bonus, sum(c.number for c in hand), sum(value(c) for c in bonus))
        for seat, (hand, bonus) in enumerate(zip(hands, bonuses, strict=True))
    ))  # fmt: skip


# --------------------------------------------------------------------------------------------
# Views


_VIEW_FIELDS = (
    "seat", "rules", "phase", "turn", "active", "current_player", "hand", "own_table", "table",
    "hand_counts", "bonus", "discard", "hidden_discards", "hidden", "revealed", "challenger",
    "targets", "winner", "legal", "_log",
)  # fmt: skip


class _ViewSlots:
    __slots__ = _VIEW_FIELDS


@dataclass(frozen=True, eq=False)
class KayaView(_ViewSlots):
    """What seat ``seat`` may know: own hand and face-down card, every face-up card, counts.

    ``table[s]``: seat ``s`` has a face-down card on the table; ``hand_counts``,
    ``hidden_discards`` (face-down discards per seat), ``bonus`` piles and the face-up ``discard``
    are public. ``hidden[s]`` lists the numbers of seat ``s``'s colour that are not face-up
    anywhere: each is in that seat's hand, face-down on the table, or in the face-down discard;
    ``seen(s)`` is the complement. ``revealed[s]`` is a showdown card shown on the table (while
    an orange 4 decides). ``legal`` (also ``legal_actions()``) is empty unless it is this seat's
    turn. ``events`` is this seat's log, other seats' hidden cards removed.
    """

    __slots__ = ()

    seat: int
    rules: KayaRules
    phase: str
    turn: int
    active: int
    current_player: int | None
    hand: tuple[Card, ...]
    own_table: Card | None
    table: tuple[bool, ...]
    hand_counts: tuple[int, ...]
    bonus: tuple[tuple[Card, ...], ...]
    discard: tuple[Card, ...]
    hidden_discards: tuple[int, ...]
    hidden: tuple[tuple[int, ...], ...]
    revealed: tuple[Card | None, ...]
    challenger: int | None
    targets: tuple[int, ...]
    winner: int | None
    legal: tuple[Action, ...]
    _log: Any = field(repr=False)

    @property
    def players(self) -> int:
        return len(self.hand_counts)

    @property
    def colors(self) -> tuple[Color, ...]:
        return self.rules.colors

    def legal_actions(self) -> tuple[Action, ...]:
        """The actions this seat may take now (empty when it is not this seat's turn)."""
        return self.legal

    def seen(self, seat: int) -> tuple[int, ...]:
        """Numbers of seat ``seat``'s colour that are face-up (bonus piles, public discard,
        revealed on the table)."""
        hidden = self.hidden[seat]
        return tuple(n for n in range(1, 10) if n not in hidden)

    @property
    def events(self) -> tuple[Event, ...]:
        """This seat's log: public events, own hidden cards, others' hidden cards removed."""
        return flatten_log(self._log)

    def _repr_html_(self) -> str:
        """This seat's picture of the table: own cards face up, the others' face down."""
        return _table_html(self, self.seat)

    def _key(self) -> tuple:
        return (
            self.seat, self.rules, self.phase, self.turn, self.active, self.current_player,
            self.hand, self.own_table, self.table, self.hand_counts, self.bonus, self.discard,
            self.hidden_discards, self.hidden, self.revealed, self.challenger, self.targets,
            self.winner, self.legal, self.events,
        )  # fmt: skip

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, KayaView):
            return NotImplemented
        return self._key() == other._key()

    __hash__ = None  # type: ignore[assignment]

    def __copy__(self) -> KayaView:
        return self  # immutable

    def __deepcopy__(self, memo: dict) -> KayaView:
        return self

    def __reduce__(self) -> tuple:
        return (_restore_view, tuple(getattr(self, name) for name in _VIEW_FIELDS))


# Views are built on a plain twin class and then switched to the frozen KayaView: the frozen
# dataclass __init__ costs several microseconds, and a bot asks for a view at every decision.
_namespace: dict[str, Any] = {"_ViewSlots": _ViewSlots}
exec(  # generated from the constant _VIEW_FIELDS above
    "class _ViewBuilder(_ViewSlots):\n    __slots__ = ()\n"
    f"    def __init__(self, {', '.join(_VIEW_FIELDS)}):\n"
    + "".join(f"        self.{name} = {name}\n" for name in _VIEW_FIELDS),
    _namespace,
)
_ViewBuilder = _namespace["_ViewBuilder"]


def _restore_view(*values: Any) -> KayaView:
    view = _ViewBuilder(*values)
    view.__class__ = KayaView
    return view


# --------------------------------------------------------------------------------------------
# State

_SLOTS = (
    "rules", "seed", "hands", "table", "bonus", "discard", "hidden_discards", "hidden",
    "phase", "active", "current", "turn", "draws", "gambreng", "window", "challenger",
    "targets", "winner", "win_card", "losers", "revealed", "down", "_logs", "_legal", "_events",
)  # fmt: skip


class _Fields:
    """The state's storage. New states are built on this mutable base, then frozen by switching
    their class to :class:`KayaState` (cheap; no deepcopy: every field is a shared tuple)."""

    __slots__ = _SLOTS

    rules: KayaRules
    seed: int
    hands: tuple[tuple[Card, ...], ...]
    table: tuple[Card | None, ...]
    bonus: tuple[tuple[Card, ...], ...]
    discard: tuple[Card, ...]
    hidden_discards: tuple[tuple[Card, ...], ...]
    hidden: tuple[tuple[int, ...], ...]
    phase: str
    active: int
    current: int | None
    turn: int
    draws: int
    gambreng: Gambreng | None
    window: tuple[int, ...]
    challenger: int | None
    targets: tuple[int, ...]
    winner: int | None
    win_card: Card | None
    losers: tuple[int, ...]
    revealed: bool
    down: int  # bit s set: seat s has a card on the table
    _logs: tuple[LogChain, ...]
    _legal: tuple[Action, ...] | None
    _events: tuple[Event, ...] | None


_COPIED = _SLOTS[:-3]
# A straight-line copy of the fields (much faster than a getattr/setattr loop).
_namespace = {"_Fields": _Fields}
exec(  # noqa: S102 - generated from the constant _COPIED above
    "def _copy(s):\n    new = object.__new__(_Fields)\n"
    + "".join(f"    new.{name} = s.{name}\n" for name in _COPIED)
    + "    return new\n",
    _namespace,
)
_copy = _namespace["_copy"]


def _cards(items: Iterable[Card | str] | None) -> tuple[Card, ...]:
    if items is None:
        return ()
    if isinstance(items, (str, Card)):
        raise RulesError(f"expected a list of cards, not {items!r}")
    return tuple(Card.parse(c) for c in items)


def _remove(numbers: tuple[int, ...], n: int) -> tuple[int, ...]:
    return tuple([x for x in numbers if x != n])


def _set(items: tuple, i: int, value: Any) -> tuple:
    return (*items[:i], value, *items[i + 1 :])


class KayaState(_Fields):
    """An immutable position of Aku Paling Kaya. Make one with :meth:`new` (dealt and
    gambreng'ed from a seed) or :meth:`from_position` (a rigged position); advance with
    :meth:`apply`.

    Public fields: ``hands``, ``table`` (a card or None per seat), ``bonus``, ``discard``
    (face-up), ``hidden_discards`` (face-down, per seat that discarded them), ``phase``,
    ``active`` (A), ``current_player``, ``turn``; during a challenge ``challenger`` (C),
    ``targets`` (A first) and ``winner``.
    """

    __slots__ = ()

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("KayaState is immutable: use apply(action) for the next state")

    # ---- construction ------------------------------------------------------------------

    @classmethod
    def new(cls, rules: KayaRules | None = None, seed: int = 0) -> KayaState:
        """Deal each seat its colour's nine cards and hold the gambreng (seeded) for A."""
        rules = KayaRules() if rules is None else rules
        if type(seed) is not int:
            raise RulesError(f"the seed must be a whole number, not {seed!r}")
        draw = gambreng(rules.players, random.Random(seed))
        hands = tuple([_FULL_HANDS[c] for c in rules.colors])
        n = rules.players
        return cls._start(rules, seed, hands, (None,) * n, ((),) * n, (), ((),) * n,
                          draw.first, 1, draw, (_NUMBERS,) * n)  # fmt: skip

    @classmethod
    def from_position(
        cls,
        rules: KayaRules | None = None,
        hands: Sequence[Iterable[Card | str]] = (),
        *,
        table: Sequence[Card | str | None] | None = None,
        bonus: Sequence[Iterable[Card | str]] | None = None,
        discard: Iterable[Card | str] = (),
        active: int = 0,
        turn: int = 1,
        seed: int = 0,
    ) -> KayaState:
        """A rigged position at the start of seat ``active``'s turn (for tests and lessons).

        ``hands[s]`` and ``table[s]`` (a face-down card or None) must be seat ``s``'s colour;
        ``bonus[s]`` is seat ``s``'s face-up bonus pile; ``discard`` the face-up discard. Every
        card of the colours in play that is not placed is in the face-down discard of its
        colour's seat. Random takes still come from ``seed``.
        """
        rules = KayaRules() if rules is None else rules
        n = rules.players
        if type(seed) is not int:
            raise RulesError(f"the seed must be a whole number, not {seed!r}")
        if len(hands) != n:
            raise RulesError(f"expected {n} hands, one per seat, not {len(hands)}")
        hand_t = tuple(tuple(sorted(_cards(h), key=lambda c: c.number)) for h in hands)
        table_l = [None] * n if table is None else list(table)
        if len(table_l) != n:
            raise RulesError(f"expected {n} table places, one per seat, not {len(table_l)}")
        table_t = tuple(None if c is None else Card.parse(c) for c in table_l)
        bonus_t = ((),) * n if bonus is None else tuple(_cards(b) for b in bonus)
        if len(bonus_t) != n:
            raise RulesError(f"expected {n} bonus piles, one per seat, not {len(bonus_t)}")
        discard_t = _cards(discard)
        if type(active) is not int or not 0 <= active < n:
            raise RulesError(f"active must be a seat 0-{n - 1}, not {active!r}")
        in_play = {c for c in DECK if c.color in rules.colors}
        placed: list[Card] = [*discard_t]
        for seat, color in enumerate(rules.colors):
            own = [*hand_t[seat], *([table_t[seat]] if table_t[seat] else [])]
            wrong = [str(c) for c in own if c.color is not color]
            if wrong:
                raise RulesError(f"seat {seat} plays {color.value} and cannot hold {wrong[0]}")
            if not hand_t[seat]:
                raise RulesError(f"seat {seat} has an empty hand: the game would be over")
            placed += own
            placed += bonus_t[seat]
        outside = [str(c) for c in placed if c not in in_play]
        if outside:
            raise RulesError(f"{outside[0]} is not a card of the colours in play")
        if len(set(placed)) != len(placed):
            twice = next(str(c) for c in placed if placed.count(c) > 1)
            raise RulesError(f"{twice} is placed twice")
        rest = set(in_play) - set(placed)
        hidden_d = tuple(
            tuple(sorted((c for c in rest if c.color is color), key=lambda c: c.number))
            for color in rules.colors
        )
        return cls._start(rules, seed, hand_t, table_t, bonus_t, discard_t, hidden_d,
                          active, turn, None)  # fmt: skip

    @classmethod
    def _start(cls, rules, seed, hands, table, bonus, discard, hidden_d, active, turn, draw,
               hidden=None):  # fmt: skip
        s = object.__new__(_Fields)
        s.rules, s.seed, s.hands, s.table, s.bonus = rules, seed, hands, table, bonus
        s.discard, s.hidden_discards = discard, hidden_d
        s.hidden = hidden or tuple(
            tuple(sorted({c.number for c in (*hands[i], table[i], *hidden_d[i]) if c}))
            for i in range(rules.players)
        )
        s.phase, s.active, s.current, s.turn, s.draws = PLAY, active, active, turn, 0
        s.gambreng, s.window, s.challenger, s.targets = draw, (), None, ()
        s.winner, s.win_card, s.losers, s.revealed = None, None, (), False
        s.down = sum(1 << i for i, c in enumerate(table) if c is not None)
        events: list[tuple] = [
            (StartEvent, (tuple(c.value for c in rules.colors), rules.coins, seed))
        ]
        if draw is not None:
            events.append((GambrengEvent, (draw,)))
        s._logs = push_records((None,) * (rules.players + 1), events, None)
        s._legal = s._events = None
        s.__class__ = cls
        return s  # type: ignore[return-value]

    # ---- the common verbs ----------------------------------------------------------------

    @property
    def players(self) -> int:
        return len(self.hands)

    @property
    def current_player(self) -> int | None:
        """The seat that must act now, or None when the game is over."""
        return self.current

    @property
    def is_terminal(self) -> bool:
        return self.phase == OVER

    @property
    def events(self) -> tuple[Event, ...]:
        """The full log (hidden cards included), oldest first."""
        ev = self._events
        if ev is None:
            ev = flatten_log(self._logs[0])
            object.__setattr__(self, "_events", ev)
        return ev

    history = events

    def log_lines(self) -> list[str]:
        """The full log as JSON Lines text."""
        return [e.to_line() for e in self.events]

    def legal_actions(self) -> tuple[Action, ...]:
        """Every action the current player may take (empty when the game is over)."""
        legal = self._legal
        if legal is None:
            legal = self._compute_legal()
            object.__setattr__(self, "_legal", legal)
        return legal

    def _compute_legal(self) -> tuple[Action, ...]:
        phase = self.phase
        if phase == PLAY:
            plays = PLAYS_BY_NUMBER[self.rules.colors[self.active]]
            return tuple([plays[c.number] for c in self.hands[self.active]])
        if phase == CHALLENGE:
            return _challenge_options(self.active, self.current, len(self.hands), self.down)
        if phase == POWER:
            a = self.active
            if self.table[a].color is Color.GREEN:  # type: ignore[union-attr]
                return (TAKE_BACK, DECLINE)
            n = len(self.hands)
            steals: list[Action] = [
                Steal(v, c)
                for v in (*range(a + 1, n), *range(a))
                for c in self.bonus[v]
            ]
            steals.append(DECLINE)
            return tuple(steals)
        if phase == ORANGE:
            return (KEEP, DECLINE)
        if phase == PINK:
            coins = self.rules.coins
            return tuple([GIVES[c] for c in self.hands[self.current] if coins[c.number - 1] >= 2])  # type: ignore[index]
        return ()

    def can_apply(self, action: Action | str) -> bool:
        """True if ``action`` (or its text) is legal now."""
        try:
            action = parse_action(action)
        except ParseError:
            return False
        return action in self.legal_actions()

    def apply(self, action: Action | str) -> KayaState:
        """The state after ``action`` (or its text); IllegalActionError if it is not legal."""
        legal = self._legal
        if legal is None:
            legal = self.legal_actions()
        for option in legal:  # bots hand back the very objects of legal_actions()
            if option is action:
                break
        else:
            if action not in legal:
                if isinstance(action, str):
                    return self.apply(parse_action(action))
                raise IllegalActionError(self._refusal(action))
        new = _copy(self)
        ev: list[tuple] = []
        phase = self.phase
        if phase == PLAY:
            _do_play(new, action.card, ev)  # type: ignore[union-attr]
        elif phase == CHALLENGE:
            if action is PASS or type(action) is Pass:
                ev.append((PassEvent, (new.turn, new.current)))  # type: ignore[arg-type]
                window = new.window[1:]
                new.window = window
                if window:
                    new.current = window[0]
                else:
                    _no_challenge(new, ev)
            else:
                _do_challenge(new, action.targets, ev)  # type: ignore[union-attr]
        elif phase == POWER:
            _do_power(new, action, ev)
        elif phase == ORANGE:
            _settle(new, type(action) is Keep, ev)
        else:  # PINK
            _do_give(new, action.card, ev)  # type: ignore[union-attr]
        secret = phase == PLAY or (phase == POWER and type(action) is Decline)
        new._logs = push_records(self._logs, ev, self.active if secret else None)
        new._legal = new._events = None
        new.__class__ = KayaState
        return new  # type: ignore[return-value]

    def _refusal(self, action: object) -> str:
        if self.phase == OVER:
            return f"the game is over; {action} is not possible"
        who = f"seat {self.current}"
        if not isinstance(action, (Play, Pass, Challenge, TakeBack, Steal, Decline, Keep, Give)):
            return f"{action!r} is not a Kaya action"
        hints = {
            PLAY: f"{who} must play a card from hand",
            CHALLENGE: f"{who} may pass or challenge seat {self.active} (plus seats with a "
            "face-down card)",
            POWER: f"{who} may use the power of the card just played, or decline",
            ORANGE: f"{who} may keep the winning orange 4 as a bonus card, or decline",
            PINK: f"{who} must give the pink winner a card worth at least 2 coins",
        }
        return f"{action} is not allowed now: {hints[self.phase]}"

    # ---- scores ------------------------------------------------------------------------------

    def scores(self) -> KayaScores:
        """Points of every seat now: numbers in hand + bonus coins (yellow 1-3 negative);
        face-down cards on the table count nothing."""
        return _scores(self.rules, self.hands, self.bonus)

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats with the highest total once the game is over (empty before)."""
        return self.scores().winners if self.phase == OVER else ()

    def returns(self) -> tuple[float, ...]:
        """1.0 for each winner (shared wins count for each), 0.0 otherwise; zeros before the end."""
        winners = self.winners
        return tuple(1.0 if s in winners else 0.0 for s in range(len(self.hands)))

    # ---- views ----------------------------------------------------------------------------

    def view(self, seat: int) -> KayaView:
        """What ``seat`` may know now (no other seat's hidden card)."""
        n = len(self.hands)
        if type(seat) is not int or not 0 <= seat < n:
            raise IllegalActionError(f"no seat {seat!r} in a {n}-player game")
        phase, current = self.phase, self.current
        table = self.table
        legal = self.legal_actions() if current == seat else ()
        revealed = (
            tuple(c if s == self.challenger or s in self.targets else None
                  for s, c in enumerate(table))
            if self.revealed else (None,) * n
        )  # fmt: skip
        view = _ViewBuilder(
            seat, self.rules, phase, self.turn, self.active, current, self.hands[seat],
            table[seat], _presence(len(table), self.down),
            tuple(map(len, self.hands)), self.bonus, self.discard,
            tuple(map(len, self.hidden_discards)), self.hidden, revealed,
            self.challenger, self.targets, self.winner, legal, self._logs[seat + 1],
        )  # fmt: skip
        view.__class__ = KayaView
        return view

    # ---- comparison and display --------------------------------------------------------

    def _key(self) -> tuple:
        return tuple(getattr(self, name) for name in _COPIED if name != "_logs") + (self.events,)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, KayaState):
            return NotImplemented
        return self._key() == other._key()

    __hash__ = None  # type: ignore[assignment]

    def __copy__(self) -> KayaState:
        return self  # immutable: a copy would be the same

    def __deepcopy__(self, memo: dict) -> KayaState:
        return self

    def __reduce__(self) -> tuple:
        return (_restore_state, tuple(getattr(self, name) for name in _SLOTS[:-2]))

    def __repr__(self) -> str:
        hands = " ".join(f"{s}:{len(h)}" for s, h in enumerate(self.hands))
        return (
            f"<KayaState turn {self.turn} phase {self.phase} active {self.active} "
            f"current {self.current} hands {hands}>"
        )

    def _repr_html_(self) -> str:
        """Every seat's hand, face-down card, bonus pile and points (the whole truth: for
        teachers and lessons; players see :meth:`view`)."""
        return _table_html(self, None)

    def places(self) -> dict[Card, str]:
        """Where every card of the colours in play is (``hand:S``, ``table:S``, ``bonus:S``,
        ``discard``, ``discard-hidden``); for checks and lessons."""
        out: dict[Card, str] = {}
        for seat in range(len(self.hands)):
            for c in self.hands[seat]:
                out[c] = f"hand:{seat}"
            if self.table[seat] is not None:
                out[self.table[seat]] = f"table:{seat}"  # type: ignore[index]
            for c in self.bonus[seat]:
                out[c] = f"bonus:{seat}"
            for c in self.hidden_discards[seat]:
                out[c] = "discard-hidden"
        for c in self.discard:
            out[c] = "discard"
        return out


# --------------------------------------------------------------------------------------------
# Transitions (they fill in a fresh copy ``s`` before it is frozen)


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
def _challenge_options(a: int, c: int, n: int, down: int) -> tuple[Action, ...]:
    """Pass, or challenge A plus any subset of the other seats with a card down."""
    others = [x for x in (*range(c + 1, n), *range(c)) if x != a and down >> x & 1]
    out: list[Action] = [PASS]
    for mask in range(1 << len(others)):
        chosen = [a, *(others[i] for i in range(len(others)) if mask >> i & 1)]
        out.append(challenge_action(tuple(sorted(chosen))))
    return tuple(out)


@cache
def _presence(n: int, down: int) -> tuple[bool, ...]:
    return tuple([bool(down >> x & 1) for x in range(n)])


def _do_play(s: _Fields, c: Card, ev: list[tuple]) -> None:
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


def _no_challenge(s: _Fields, ev: list[tuple]) -> None:
    a = s.active
    c = s.table[a]
    assert c is not None
    s.window = ()
    if c.number == 3 and c.color is Color.GREEN:
        s.phase, s.current = POWER, a
        return
    if c.color is Color.RED and c.number in (3, 4):
        if any(b for v, b in enumerate(s.bonus) if v != a):
            s.phase, s.current = POWER, a
            return
    _end_turn(s, ev)


def _do_power(s: _Fields, action: Action, ev: list[tuple]) -> None:
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
        power = "green-return" if c.color is Color.GREEN else "red-steal"
        ev.append((DeclineEvent, (turn, a, c, power, True), a, None))
    _end_turn(s, ev)


def _do_challenge(s: _Fields, chosen: tuple[int, ...], ev: list[tuple]) -> None:
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
    _settle(s, False, ev)


def _settle(s: _Fields, keep: bool, ev: list[tuple]) -> None:
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


def _takes(s: _Fields, ev: list[tuple]) -> None:
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


def _do_give(s: _Fields, c: Card, ev: list[tuple]) -> None:
    x, w = s.current, s.winner
    assert x is not None and w is not None
    ev.append((MoveEvent, (s.turn, c, _HAND[x], _BONUS[w], "pink-give")))
    s.hands = _set(s.hands, x, tuple([h for h in s.hands[x] if h.number != c.number]))
    s.hidden = _set(s.hidden, x, _remove(s.hidden[x], c.number))
    s.bonus = _set(s.bonus, w, (*s.bonus[w], c))
    s.losers = s.losers[1:]
    _takes(s, ev)


def _end_turn(s: _Fields, ev: list[tuple]) -> None:
    s.challenger, s.targets, s.winner, s.win_card, s.window = None, (), None, None, ()
    if not all(s.hands):
        s.phase, s.current = OVER, None
        scores = _scores(s.rules, s.hands, s.bonus)
        ev.append((EndEvent, (scores.totals, scores.winners)))
        return
    n = len(s.hands)
    a = s.active + 1
    a = 0 if a == n else a
    s.active = s.current = a
    s.turn += 1
    s.phase = PLAY


def iter_states(state: KayaState, actions: Iterable[Action | str]) -> Iterator[KayaState]:
    """Apply ``actions`` one by one, yielding each new state (for replays in lessons)."""
    for action in actions:
        state = state.apply(action)
        yield state


def actions_from_events(events: Iterable[Event]) -> list[Action]:
    """The actions that produced a full log (``state.events``), in order: replaying them from
    ``KayaState.new(rules, seed)`` gives the same game again.

    >>> from kayalib.kaya.rules import KayaRules
    >>> start = KayaState.new(KayaRules(), seed=5)
    >>> end = start
    >>> while not end.is_terminal:
    ...     end = end.apply(end.legal_actions()[-1])
    >>> again = start
    >>> for action in actions_from_events(end.events):
    ...     again = again.apply(action)
    >>> again.log_lines() == end.log_lines()
    True
    """
    out: list[Action] = []
    pending_steal: PowerEvent | None = None
    for event in events:
        if pending_steal is not None:
            assert isinstance(event, MoveEvent) and event.why == "red-steal"
            out.append(Steal(int(event.source.partition(":")[2]), event.card))  # type: ignore[arg-type]
            pending_steal = None
        elif isinstance(event, PlayEvent):
            if event.card is None:
                raise ParseError("a seat's log hides other seats' cards: use the full log")
            out.append(PLAYS[event.card])
        elif isinstance(event, PassEvent):
            out.append(PASS)
        elif isinstance(event, ChallengeEvent):
            out.append(challenge_action(tuple(sorted(event.targets))))
        elif isinstance(event, PowerEvent):
            if event.power == "green-return":
                out.append(TAKE_BACK)
            elif event.power == "orange-keep":
                out.append(KEEP)
            else:
                pending_steal = event
        elif isinstance(event, DeclineEvent):
            out.append(DECLINE)
        elif isinstance(event, MoveEvent) and event.why == "pink-give":
            out.append(GIVES[event.card])  # type: ignore[index]
    return out


def _restore_state(*values: Any) -> KayaState:
    """Unpickle a state (pickle cannot set the attributes of a frozen state)."""
    state = object.__new__(_Fields)
    for name, value in zip(_SLOTS[:-2], values, strict=True):
        setattr(state, name, value)
    state._legal = state._events = None
    state.__class__ = KayaState
    return state  # type: ignore[return-value]


def _table_html(game: KayaState | KayaView, seat: int | None) -> str:
    """An HTML table of the seats for Jupyter (``seat``: only that seat's hidden cards)."""
    from html import escape

    from kayalib.draw.cards import card_back_svg, kaya_card_svg, row_html

    rules = game.rules

    def face(c: Card) -> str:
        return kaya_card_svg(c.color.value, c.number, rules.bonus_value(c), width=34)

    rows = []
    for s, color in enumerate(rules.colors):
        if isinstance(game, KayaState):
            hand = row_html([face(c) for c in game.hands[s]], empty="-")
            down = game.table[s]
            table = "" if down is None else row_html([face(down)])
        else:
            if s == seat:
                hand = row_html([face(c) for c in game.hand], empty="-")
            else:
                backs = [card_back_svg(width=34, colour=color.value)] * game.hand_counts[s]
                hand = row_html(backs, empty="-")
            shown = game.revealed[s] or (game.own_table if s == seat else None)
            if shown is not None:
                table = row_html([face(shown)])
            elif game.table[s]:
                table = row_html([card_back_svg(width=34, colour=color.value)])
            else:
                table = ""
        bonus = row_html([face(c) for c in game.bonus[s]], empty="-")
        coins = sum(rules.bonus_value(c) for c in game.bonus[s])
        mark = " &#9654;" if s == game.current_player else ""
        rows.append(
            f"<tr><td><b>{s}</b> {escape(color.value)}{mark}</td><td>{hand}</td>"
            f"<td>{table}</td><td>{bonus} {coins:+d}</td></tr>"
        )
    head = f"turn {game.turn}, phase {escape(game.phase)}, active seat {game.active}"
    return (
        f"<div><div>{head}</div><table><tr><th>seat</th><th>hand</th><th>table</th>"
        f"<th>bonus</th></tr>{''.join(rows)}</table></div>"
    )
