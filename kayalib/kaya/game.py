"""The Aku Paling Kaya engine: the immutable state and its verbs.

Rules are in :mod:`kayalib.kaya.rules`, actions in :mod:`kayalib.kaya.actions`, log events in
:mod:`kayalib.kaya.events`, the steps of a turn in :mod:`kayalib.kaya.turn`, the per-seat view
in :mod:`kayalib.kaya.view` and final points in :mod:`kayalib.kaya.scores`; the names a reader
needs are re-exported here.

A game is a chain of immutable :class:`KayaState` objects. Every decision is an action from
``state.legal_actions()``; ``state.apply(action)`` returns the next state (the old one is left
as it was) or raises :class:`~kayalib.errors.IllegalActionError` with :meth:`KayaState.refusal`.

>>> from kayalib.kaya.rules import OPTION_CHOICES, KayaRules, describe_rules, with_options
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
>>> s.is_terminal, s.scores().totals, s.outcome.winners
(True, (3, 9), (1,))

Chance: the gambreng comes from ``random.Random(seed)`` and each random take from
:func:`~kayalib.kaya.turn.chance` of the seed and the number of takes so far (other
:class:`~kayalib.engine.Dice` may stand in for the seed), so the same seed
and the same actions give the same game, byte for byte in the full log. The seed is in the full
log only; no view holds it. The global ``random`` module is never used.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import ClassVar

from kayalib.engine import Dice, Event, Log, Refusal, build, evolve, memo, remember
from kayalib.errors import KayalibError, ParseError, RulesError
from kayalib.kaya.actions import (
    DECLINE,
    GIVES,
    KEEP,
    PASS,
    PLAYS,
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
    GambrengEvent,
    MoveEvent,
    PassEvent,
    PlayEvent,
    PowerEvent,
    ShowdownEvent,
    StartEvent,
    event_from_json,
)
from kayalib.kaya.gambreng import Gambreng, draw_gambreng
from kayalib.kaya.position import Position
from kayalib.kaya.rules import OPTION_CHOICES, KayaRules, describe_rules, with_options
from kayalib.kaya.scores import KayaScores, SeatScore, scores
from kayalib.kaya.turn import (
    CHALLENGE,
    ORANGE,
    PHASES,
    PINK,
    PLAY,
    POWER,
    WHYS,
    chance,
    do_challenge,
    do_give,
    do_pass,
    do_play,
    do_power,
    legal_for,
    settle,
)
from kayalib.kaya.view import HandRecord, KayaView, record_hands, table_html
from kayalib.registry import Game, RuleOptions
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
    "moves_from_events",
    "parse_action",
    "rules_from_start",
]

_NUMBERS = tuple(range(1, 10))
_FULL_HANDS = {c: tuple(card(c, n) for n in range(1, 10)) for c in Color}
_ACTIONS = (Play, Pass, Challenge, TakeBack, Steal, Decline, Keep, Give)


def _cards(items: object, what: str) -> tuple[Card, ...]:
    if items is None or isinstance(items, (str, Card)) or not isinstance(items, Iterable):
        raise RulesError(f"{what} must be a list of cards, not {items!r}")
    try:
        return tuple(Card.parse(c) for c in items)
    except ParseError as error:
        raise RulesError(f"{what}: {error}") from None


def _places(items: object, n: int, what: str) -> list[object]:
    if isinstance(items, (str, Card)) or not isinstance(items, Sequence):
        raise RulesError(f"{what} must be a list with one entry per seat, not {items!r}")
    if len(items) != n:
        raise RulesError(f"expected {n} {what}, one per seat, not {len(items)}")
    return list(items)


@dataclass(frozen=True)
class KayaState(Position):
    """An immutable position of Aku Paling Kaya with the verbs of the game. Make one with
    :meth:`new` (dealt and gambreng'ed from a seed) or :meth:`from_position` (a rigged
    position); advance with :meth:`apply`. Its fields are those of
    :class:`~kayalib.kaya.position.Position`.
    """

    action_types: ClassVar[tuple[type, ...]] = _ACTIONS
    game_name: ClassVar[str] = "kaya"
    title: ClassVar[str] = "Aku Paling Kaya"

    # ---- construction ------------------------------------------------------------------

    @classmethod
    def new(
        cls, rules: KayaRules | None = None, seed: int | None = None, *, dice: Dice | None = None
    ) -> KayaState:
        """Deal each seat its colour's nine cards and hold the gambreng (seeded) for A.

        ``seed=None`` draws a fresh 64-bit seed (kept in the full log, so the game replays).
        ``dice`` replaces the seed's chance (see :class:`kayalib.engine.Dice`).
        """
        rules = KayaRules() if rules is None else _check_rules(rules)
        seed = fresh_seed() if seed is None else check_seed(seed)
        stream = dice.stream("gambreng") if dice is not None else _seeded_gambreng(seed)
        draw = draw_gambreng(rules.players, stream)
        hands = tuple([_FULL_HANDS[c] for c in rules.colors])
        n = rules.players
        first = cls._start(rules, seed, hands, (None,) * n, ((),) * n, (), ((),) * n,
                           draw.first, 1, draw)  # fmt: skip
        return first if dice is None else evolve(first, dice=dice)

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
        rules = KayaRules() if rules is None else _check_rules(rules)
        n = rules.players
        seed = check_seed(seed)
        hand_l = _places(hands, n, "hands")
        hand_t = tuple(
            tuple(sorted(_cards(h, "a hand"), key=lambda c: c.number)) for h in hand_l
        )
        table_l = [None] * n if table is None else _places(table, n, "table places")
        try:
            table_t = tuple(None if c is None else Card.parse(c) for c in table_l)
        except ParseError as error:
            raise RulesError(f"table: {error}") from None
        bonus_t = (
            ((),) * n if bonus is None
            else tuple(_cards(b, "a bonus pile") for b in _places(bonus, n, "bonus piles"))
        )  # fmt: skip
        discard_t = _cards(discard, "the discard")
        if type(active) is not int or not 0 <= active < n:
            raise RulesError(f"active must be a seat 0-{n - 1}, not {active!r}")
        if type(turn) is not int or turn < 1:
            raise RulesError(f"turn must be a whole number of at least 1, not {turn!r}")
        in_play = {c for c in DECK if c.color in rules.colors}
        placed: list[Card] = [*discard_t]
        for seat, color in enumerate(rules.colors):
            down = table_t[seat]
            own = [*hand_t[seat], *([down] if down is not None else [])]
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
    def _start(
        cls,
        rules: KayaRules,
        seed: int,
        hands: tuple[tuple[Card, ...], ...],
        table: tuple[Card | None, ...],
        bonus: tuple[tuple[Card, ...], ...],
        discard: tuple[Card, ...],
        hidden_d: tuple[tuple[Card, ...], ...],
        active: int,
        turn: int,
        draw: Gambreng | None,
    ) -> KayaState:
        hidden = tuple(
            tuple(sorted({c.number for c in (*hands[i], table[i], *hidden_d[i]) if c}))
            for i in range(rules.players)
        )
        colors = tuple(c.value for c in rules.colors)
        events: list[Event] = [StartEvent(colors, rules.coins, seed, draw is None)]
        if draw is not None:
            events.append(GambrengEvent(draw))
        return cls(rules, seed, hands, table, bonus, discard, hidden_d, hidden, active, active,
                   turn, draw, log=Log.begin(rules.players, events))  # fmt: skip

    # ---- the common verbs ----------------------------------------------------------------

    @staticmethod
    def moves_from_events(events: Iterable[Event]) -> tuple[tuple[int, Action], ...]:
        return moves_from_events(events)

    @classmethod
    def parse_action(cls, text: object) -> Action:
        """An Aku Paling Kaya action from its text; an action is returned as it is."""
        return parse_action(text)

    def legal_actions(self) -> tuple[Action, ...]:
        """Every action the current player may take (empty when the game is over)."""
        legal = self.__dict__.get("_legal")  # kept as memo() keeps it: asked for at every step
        if legal is None:
            current = self.current_player
            if current is None:
                return ()
            legal = memo(self, "_legal", lambda: legal_for(
                self.rules, self.phase, self.active, current, self.hands[current],
                self.table[current], self.down, self.bonus))  # fmt: skip
        return legal

    def _seeded(self, stream: str) -> Callable[[int], int]:
        """The seed's chance: the gambreng (``random.Random(seed)``) and each random take
        (``take/<k>``: :func:`~kayalib.kaya.turn.chance` of the seed and ``k``)."""
        if stream == "gambreng":
            return _seeded_gambreng(self.seed)
        seed, k = self.seed, int(stream.removeprefix("take/"))
        return lambda n: chance(seed, k, n)

    def decides_in_secret(self) -> bool:
        """The power step: a pause before it would tell the table that A's card has a power, so
        a bot decides it at once."""
        return self.phase == POWER

    def _why_not(self, action: Action) -> Refusal:
        who = self.current_player
        codes = {
            PLAY: ("must_play", "seat {seat} must play a card from hand"),
            CHALLENGE: ("pass_or_challenge", "seat {seat} may pass or challenge seat {active} "
                        "(plus seats with a face-down card)"),
            POWER: ("power_or_decline", "seat {seat} may use the power of the card just "
                    "played, or decline"),
            ORANGE: ("keep_or_decline", "seat {seat} may keep the winning orange 4 as a bonus "
                     "card, or decline"),
            PINK: ("give_two_coins", "seat {seat} must give the pink winner a card whose bonus "
                   "value is at least 2 coins"),
        }  # fmt: skip
        code, english = codes[self.phase]
        return Refusal.of(code, "{action} is not allowed now: " + english,
                          action=str(action), seat=who, active=self.active)  # fmt: skip

    def _after(self, action: Action) -> KayaState:
        ev: list[Event] = []
        # a legal action: its class says which step of the turn it is
        if type(action) is Play:
            new = do_play(self, action.card, ev)
        elif type(action) is Pass:
            new = do_pass(self, ev)
        elif type(action) is Challenge:
            new = do_challenge(self, action.targets, ev)
        elif type(action) is Give:
            new = do_give(self, action.card, ev)
        elif self.phase == ORANGE:  # keep or decline the winning orange 4
            new = settle(self, type(action) is Keep, ev)
        else:  # POWER: take back, steal or decline
            new = do_power(self, action, ev)
        # ``new`` was made by the step just now and nobody holds it yet: its last two fields
        # are set here rather than copied once more
        vars(new).update(ply=self.ply + 1, log=self.log.extend(ev))
        remember(new, "_hand_record", record_hands(self._hand_record_now(), ev, len(self.hands)))
        return new

    def _hand_record_now(self) -> HandRecord:
        """What the public events say of cards known in hands (:func:`record_hands`)."""
        return memo(self, "_hand_record", lambda: record_hands(None, self.events, len(self.hands)))

    # ---- scores ------------------------------------------------------------------------------

    def scores(self) -> KayaScores:
        """Points of every seat now: numbers in hand + bonus coins (yellow 1-3 negative);
        face-down cards on the table count nothing."""
        return scores(self.rules, self.hands, self.bonus)

    # ---- views ----------------------------------------------------------------------------

    def _view(self, seat: int) -> KayaView:
        """What ``seat`` may know now (no seed, no other seat's hidden card)."""
        n = len(self.hands)
        table = self.table
        revealed = (
            tuple(c if s == self.challenger or s in self.targets else None
                  for s, c in enumerate(table))
            if self.revealed else (None,) * n
        )  # fmt: skip
        view = build(KayaView, {
            "seat": seat, "rules": self.rules, "phase": self.phase, "turn": self.turn,
            "active": self.active, "current_player": self.current_player,
            "hand": self.hands[seat], "own_table": table[seat],
            "table": tuple([c is not None for c in table]),
            "hand_counts": tuple(map(len, self.hands)), "bonus": self.bonus,
            "discard": self.discard, "hidden_discards": tuple(map(len, self.hidden_discards)),
            "hidden": self.hidden, "revealed": revealed, "challenger": self.challenger,
            "targets": self.targets, "showdown_winner": self.showdown_winner,
            "outcome": self.outcome, "chain": self.log.seen_by(seat),
            "laid": self.hands if self.outcome is not None else None,
        })  # fmt: skip
        if seat == self.current_player:  # the view's legal actions are the state's
            vars(view)["_legal"] = self.legal_actions()
        remember(view, "_hand_record", self._hand_record_now())  # public: the same for every seat
        return view

    # ---- display --------------------------------------------------------------------------

    def __repr__(self) -> str:
        hands = " ".join(f"{s}:{len(h)}" for s, h in enumerate(self.hands))
        return (
            f"<KayaState turn {self.turn} phase {self.phase} active {self.active} "
            f"current {self.current_player} hands {hands}>"
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
            down = self.table[seat]
            if down is not None:
                out[down] = f"table:{seat}"
            for c in self.bonus[seat]:
                out[c] = f"bonus:{seat}"
            for c in self.hidden_discards[seat]:
                out[c] = "discard-hidden"
        for c in self.discard:
            out[c] = "discard"
        return out


def _seeded_gambreng(seed: int) -> Callable[[int], int]:
    rand = random.Random(seed).random
    return lambda n: int(rand() * n)


def _check_rules(rules: object) -> KayaRules:
    if not isinstance(rules, KayaRules):
        raise RulesError(f"rules must be KayaRules, not {rules!r}")
    return rules


def moves_from_events(events: Iterable[Event]) -> tuple[tuple[int, Action], ...]:
    """The ``(seat, action)`` pairs that produced a full log (``state.events``), in order:
    replaying them from ``KayaState.new(rules, seed)`` gives the same game again.

    >>> from kayalib.kaya.rules import OPTION_CHOICES, KayaRules, describe_rules, with_options
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
            out.append((stealer, Steal(victim, _shown(event.card))))
            stealer = None
        elif isinstance(event, PlayEvent):
            out.append((event.seat, PLAYS[_shown(event.card)]))
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
            out.append((giver, GIVES[_shown(event.card)]))
    return tuple(out)


def _shown(card: Card | None) -> Card:
    """The card of an event of the full log (a seat's log hides other seats' cards)."""
    if card is None:
        raise ParseError("a seat's log hides other seats' cards: use the full log")
    return card


def rules_from_start(start: Event) -> KayaRules:
    """The rules a start event records; ParseError for another event."""
    if not isinstance(start, StartEvent):
        raise ParseError(f"an Aku Paling Kaya game begins with a start record, not {start.kind!r}")
    try:
        return KayaRules(colors=start.colors, coins=start.coins)
    except KayalibError as error:
        raise ParseError(f"a start record with impossible rules: {error}") from None


GAME = Game(
    name="kaya",
    title="Aku Paling Kaya",
    state=KayaState,
    view=KayaView,
    players=range(2, 7),
    chance=True,
    example_actions=("pass", "challenge 0", "challenge 0,2", "decline", "keep", "take-back",
                     "play green-1", "play red-9", "give blue-5", "steal 0 red-5"),  # fmt: skip
    rules_for_players=KayaRules.for_players,
    event_from_json=event_from_json,
    rules_from_start=rules_from_start,
    length_name="turns",
    length=lambda state: state.turn,
    stand_in="counter",
    options=RuleOptions(OPTION_CHOICES, with_options, describe_rules),
)
"""Aku Paling Kaya in the registry of games (:mod:`kayalib.registry`)."""
