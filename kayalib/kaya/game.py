"""The Aku Paling Kaya engine: the immutable state and its verbs.

Rules are in :mod:`kayalib.kaya.rules`, actions in :mod:`kayalib.kaya.actions`, log events in
:mod:`kayalib.kaya.events`, the steps of a turn in :mod:`kayalib.kaya.turn`, the per-seat view
in :mod:`kayalib.kaya.view` and final points in :mod:`kayalib.kaya.scores`; the names a reader
needs are re-exported here.

A game is a chain of immutable :class:`KayaState` objects. Every decision is an action from
``state.legal_actions()``; ``state.apply(action)`` returns the next state (the old one is left
as it was) or raises :class:`~kayalib.errors.IllegalActionError` with :meth:`KayaState.refusal`.

>>> from kayalib.kaya.rules import KayaRules
>>> state = KayaState.new(KayaRules(), seed=3)
>>> state.phase, state.current_player == state.active
('play', True)
>>> first = state.active
>>> state = state.apply(state.legal_actions()[0])   # nobody has a card down yet: no window
>>> state.phase, state.current_player == first, [str(a) for a in state.legal_actions()]
('power', True, ['decline'])
>>> state = state.apply("decline")                  # green 1 has no power: A ends the turn
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

Chance: the gambreng comes from ``random.Random(seed)`` and each random take from
:func:`~kayalib.kaya.turn.chance` of the seed and the number of takes so far, so the same seed
and the same actions give the same game, byte for byte in the full log. The seed is in the full
log only; no view holds it. The global ``random`` module is never used.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from kayalib.errors import IllegalActionError, KayalibError, ParseError, RulesError, SeatError
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
    event_from_json,
    flatten_log,
    push_records,
)
from kayalib.kaya.gambreng import Gambreng, gambreng
from kayalib.kaya.rules import KayaRules
from kayalib.kaya.scores import KayaScores, SeatScore, scores
from kayalib.kaya.slots import slotted
from kayalib.kaya.turn import (
    CHALLENGE,
    ORANGE,
    OVER,
    PHASES,
    PINK,
    PLAY,
    POWER,
    WHYS,
    challenge_options,
    chance,
    do_challenge,
    do_give,
    do_pass,
    do_play,
    do_power,
    power_options,
    presence,
    settle,
)
from kayalib.kaya.view import KayaView, make_view, table_html
from kayalib.log import log_lines
from kayalib.registry import Game
from kayalib.seeds import check_seed, fresh_seed

__all__ = [
    "Action",
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
    "PHASES",
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
    "WHYS",
    "chance",
    "event_from_json",
    "iter_states",
    "moves_from_events",
    "parse_action",
    "rules_from_start",
]

_NUMBERS = tuple(range(1, 10))
_FULL_HANDS = {c: tuple(card(c, n) for n in range(1, 10)) for c in Color}

STATE_FIELDS = (
    "rules", "seed", "hands", "table", "bonus", "discard", "hidden_discards", "hidden",
    "phase", "active", "current", "turn", "draws", "gambreng", "window", "challenger",
    "targets", "winner", "win_card", "losers", "revealed", "down", "_logs", "_legal", "_events",
)  # fmt: skip
_KEPT = STATE_FIELDS[:-2]  # the caches _legal and _events are rebuilt on demand

StateSlots = slotted("_StateSlots", STATE_FIELDS)


def _cards(items: Iterable[Card | str] | None) -> tuple[Card, ...]:
    if items is None:
        return ()
    if isinstance(items, (str, Card)):
        raise RulesError(f"expected a list of cards, not {items!r}")
    return tuple(Card.parse(c) for c in items)


class KayaState(StateSlots):  # type: ignore[misc, valid-type]
    """An immutable position of Aku Paling Kaya. Make one with :meth:`new` (dealt and
    gambreng'ed from a seed) or :meth:`from_position` (a rigged position); advance with
    :meth:`apply`. Stored as described in :mod:`kayalib.kaya.slots`.

    Public fields: ``hands``, ``table`` (a card or None per seat), ``bonus``, ``discard``
    (face-up), ``hidden_discards`` (face-down, per seat that discarded them), ``phase``,
    ``active`` (A), ``current_player``, ``turn``; during a challenge ``challenger`` (C),
    ``targets`` (A first) and ``winner``.
    """

    __slots__ = ()

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

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("KayaState is immutable: use apply(action) for the next state")

    # ---- construction ------------------------------------------------------------------

    @classmethod
    def new(cls, rules: KayaRules | None = None, seed: int | None = None) -> KayaState:
        """Deal each seat its colour's nine cards and hold the gambreng (seeded) for A.

        ``seed=None`` draws a fresh 64-bit seed (kept in the full log, so the game replays).
        """
        rules = KayaRules() if rules is None else rules
        seed = fresh_seed() if seed is None else check_seed(seed)
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
        seed = check_seed(seed)
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
        s = object.__new__(StateSlots)
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
        colors = tuple(c.value for c in rules.colors)
        rigged = draw is None
        records: list[tuple] = [
            (StartEvent, (colors, rules.coins, seed, rigged), None,
             (colors, rules.coins, None, rigged))
        ]
        if draw is not None:
            records.append((GambrengEvent, (draw,)))
        s._logs = push_records((None,) * (rules.players + 1), records)
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
        """The full log (hidden cards and the seed included), oldest first."""
        ev = self._events
        if ev is None:
            ev = flatten_log(self._logs[0])
            object.__setattr__(self, "_events", ev)
        return ev

    @property
    def moves(self) -> tuple[tuple[int, Action], ...]:
        """Every ``(seat, action)`` of the game so far, in order."""
        return moves_from_events(self.events)

    def log_lines(self) -> list[str]:
        """The full log as JSON Lines text (see :mod:`kayalib.log`)."""
        return log_lines(self.events)

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
            return challenge_options(self.active, self.current, len(self.hands), self.down)
        if phase == POWER:
            return power_options(self)
        if phase == ORANGE:
            return (KEEP, DECLINE)
        if phase == PINK:
            coins = self.rules.coins
            hand = self.hands[self.current]  # type: ignore[index]
            return tuple([GIVES[c] for c in hand if coins[c.number - 1] >= 2])
        return ()

    def formality(self) -> Action | None:
        """The action the seat to move takes when it has no real choice, or ``None``.

        After a turn without a challenge, A decides the power step whatever card A played;
        with a card without a power, ending the turn (``DECLINE``) is all A can do. Apps and
        lessons apply it at once; a bot is asked like any other decision.
        """
        if self.phase == POWER and self.legal_actions() == (DECLINE,):
            return DECLINE
        return None

    def refusal(self, action: object, *, seat: int | None = None) -> str | None:
        """Why ``action`` (or its text) would be refused now, in words; ``None`` if it is legal."""
        if isinstance(action, str):
            try:
                action = parse_action(action)
            except ParseError as error:
                return str(error)
        if self.phase == OVER:
            return f"the game is over; {action} is not possible"
        if seat is not None and seat != self.current:
            return f"it is seat {self.current}'s turn, not seat {seat}'s"
        if action in self.legal_actions():
            return None
        if not isinstance(action, (Play, Pass, Challenge, TakeBack, Steal, Decline, Keep, Give)):
            return f"{action!r} is not an Aku Paling Kaya action"
        who = f"seat {self.current}"
        hints = {
            PLAY: f"{who} must play a card from hand",
            CHALLENGE: f"{who} may pass or challenge seat {self.active} (plus seats with a "
            "face-down card)",
            POWER: f"{who} may use the power of the card just played, or decline",
            ORANGE: f"{who} may keep the winning orange 4 as a bonus card, or decline",
            PINK: f"{who} must give the pink winner a card worth at least 2 coins",
        }
        return f"{action} is not allowed now: {hints[self.phase]}"

    def can_apply(self, action: object, *, seat: int | None = None) -> bool:
        """True if ``action`` (or its text) is legal now (for ``seat``, if given)."""
        return self.refusal(action, seat=seat) is None

    def apply(self, action: Action | str, *, seat: int | None = None) -> KayaState:
        """The state after ``action`` (or its text) by the seat to act (``seat``, if given, must
        be that seat). Text that names no action raises ``ParseError``; a refused action raises
        ``IllegalActionError`` with the reason of :meth:`refusal`. This state never changes."""
        legal = self._legal
        if legal is None:
            legal = self.legal_actions()
        if seat is not None and seat != self.current:
            raise IllegalActionError(self.refusal(action, seat=seat))
        for option in legal:  # bots hand back the very objects of legal_actions()
            if option is action:
                break
        else:
            if isinstance(action, str):
                action = parse_action(action)
            if action not in legal:
                raise IllegalActionError(self.refusal(action))
        new = StateSlots.copy_of(self)
        ev: list[tuple] = []
        phase = self.phase
        if phase == PLAY:
            do_play(new, action.card, ev)  # type: ignore[union-attr]
        elif phase == CHALLENGE:
            if type(action) is Pass:
                do_pass(new, ev)
            else:
                do_challenge(new, action.targets, ev)  # type: ignore[union-attr]
        elif phase == POWER:
            do_power(new, action, ev)
        elif phase == ORANGE:
            settle(new, type(action) is Keep, ev)
        else:  # PINK
            do_give(new, action.card, ev)  # type: ignore[union-attr]
        new._logs = push_records(self._logs, ev)
        new._legal = new._events = None
        new.__class__ = KayaState
        return new  # type: ignore[return-value]

    # ---- scores ------------------------------------------------------------------------------

    def scores(self) -> KayaScores:
        """Points of every seat now: numbers in hand + bonus coins (yellow 1-3 negative);
        face-down cards on the table count nothing."""
        return scores(self.rules, self.hands, self.bonus)

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
        """What ``seat`` may know now (no seed, no other seat's hidden card)."""
        n = len(self.hands)
        if type(seat) is not int or not 0 <= seat < n:
            raise SeatError(f"no seat {seat!r} in a {n}-player game")
        current = self.current
        table = self.table
        legal = self.legal_actions() if current == seat else ()
        revealed = (
            tuple(c if s == self.challenger or s in self.targets else None
                  for s, c in enumerate(table))
            if self.revealed else (None,) * n
        )  # fmt: skip
        return make_view(
            seat, self.rules, self.phase, self.turn, self.active, current, self.hands[seat],
            table[seat], presence(len(table), self.down),
            tuple(map(len, self.hands)), self.bonus, self.discard,
            tuple(map(len, self.hidden_discards)), self.hidden, revealed,
            self.challenger, self.targets, self.winner, legal, self._logs[seat + 1],
        )  # fmt: skip

    # ---- comparison and display --------------------------------------------------------

    def _key(self) -> tuple:
        return tuple(getattr(self, name) for name in _KEPT if name != "_logs") + (self.events,)

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
        return (_restore_state, tuple(getattr(self, name) for name in _KEPT))

    def __repr__(self) -> str:
        hands = " ".join(f"{s}:{len(h)}" for s, h in enumerate(self.hands))
        return (
            f"<KayaState turn {self.turn} phase {self.phase} active {self.active} "
            f"current {self.current} hands {hands}>"
        )

    def _repr_html_(self) -> str:
        """Every seat's hand, face-down card, bonus pile and points (the whole truth: for
        teachers and lessons; players see :meth:`view`)."""
        return table_html(self, None)

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


def iter_states(state: KayaState, actions: Iterable[Action | str]) -> Iterator[KayaState]:
    """Apply ``actions`` one by one, yielding each new state (for replays in lessons)."""
    for action in actions:
        state = state.apply(action)
        yield state


def moves_from_events(events: Iterable[Event]) -> tuple[tuple[int, Action], ...]:
    """The ``(seat, action)`` pairs that produced a full log (``state.events``), in order:
    replaying them from ``KayaState.new(rules, seed)`` gives the same game again.

    >>> from kayalib.kaya.rules import KayaRules
    >>> start = KayaState.new(KayaRules(), seed=5)
    >>> end = start
    >>> while not end.is_terminal:
    ...     end = end.apply(end.legal_actions()[-1])
    >>> again = start
    >>> for seat, action in moves_from_events(end.events):
    ...     again = again.apply(action, seat=seat)
    >>> again.log_lines() == end.log_lines()
    True
    """
    out: list[tuple[int, Action]] = []
    stealer: int | None = None
    for event in events:
        if stealer is not None:
            assert isinstance(event, MoveEvent) and event.why == "red-steal"
            victim = int(event.source.partition(":")[2])
            out.append((stealer, Steal(victim, event.card)))  # type: ignore[arg-type]
            stealer = None
        elif isinstance(event, PlayEvent):
            if event.card is None:
                raise ParseError("a seat's log hides other seats' cards: use the full log")
            out.append((event.seat, PLAYS[event.card]))
        elif isinstance(event, PassEvent):
            out.append((event.seat, PASS))
        elif isinstance(event, ChallengeEvent):
            out.append((event.seat, challenge_action(tuple(sorted(event.targets)))))
        elif isinstance(event, PowerEvent):
            if event.power == "green-return":
                out.append((event.seat, TAKE_BACK))
            elif event.power == "orange-keep":
                out.append((event.seat, KEEP))
            else:
                stealer = event.seat
        elif isinstance(event, DeclineEvent):
            out.append((event.seat, DECLINE))
        elif isinstance(event, MoveEvent) and event.why == "pink-give":
            giver = int(event.source.partition(":")[2])
            out.append((giver, GIVES[event.card]))  # type: ignore[index]
    return tuple(out)


def rules_from_start(start: StartEvent) -> KayaRules:
    """The rules a start event records."""
    try:
        return KayaRules(colors=start.colors, coins=start.coins)
    except KayalibError as error:
        raise ParseError(f"a start record with impossible rules: {error}") from None


def _restore_state(*values: Any) -> KayaState:
    """Unpickle a state (pickle cannot set the attributes of a locked state)."""
    state = object.__new__(StateSlots)
    for name, value in zip(_KEPT, values, strict=True):
        setattr(state, name, value)
    state._legal = state._events = None
    state.__class__ = KayaState
    return state  # type: ignore[return-value]


GAME = Game(
    name="kaya",
    title="Aku Paling Kaya",
    state=KayaState,
    rules_for_players=KayaRules.for_players,
    event_from_json=event_from_json,
    moves_from_events=moves_from_events,
    rules_from_start=rules_from_start,
    length_name="turns",
    length=lambda state: state.turn,
    scores=lambda state: state.scores().totals,
)
"""Aku Paling Kaya in the registry of games (:mod:`kayalib.registry`)."""
