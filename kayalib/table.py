"""A headless game table: seats (people and bots), the states played, undo, pacing, new games,
and a record of the game that brings it back.

The apps, the lessons and the class tables are views of a :class:`Table`; nothing here knows
about widgets, pages or processes. A seat acts by sending an action (or its text) and is handed
its view, so a seat may live anywhere (a click in the same kernel, a phone at a class table).
Bots play through the one turn loop (:func:`kayalib.engine.turns`); a move with no choice is
made at once, and so is a bot's secret decision (pausing before it would tell the table
something, :meth:`~kayalib.engine.State.decides_in_secret`); any other bot move is *paced*: the
table says it is due (:meth:`Table.bot_due`) and whoever runs the table makes it when it
likes (:meth:`Table.advance`: at once in a simulation, after a pause in an app).

>>> table = Table("blef", [PERSON, "odds"], seed=7)
>>> table.waiting_for, [str(a) for a in table.view(0).legal_actions()[:2]]
(0, ['high-card 9', 'high-card T'])
>>> table.act(0, "pair A").action, table.bot_due
(Bid.parse('pair A'), True)
>>> table.advance().seat, table.waiting_for is not None or table.is_over
(1, True)
>>> again = Table.from_record(table.record())
>>> again.state == table.state and len(again.states) == len(table.states)
True
"""

from __future__ import annotations

import base64
import json
import zlib
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass

from kayalib.engine import JSONValue, RawRecord, Refusal, SomeBot, SomeState, Step, View, turns
from kayalib.errors import IllegalActionError, KayalibError, ParseError, RulesError
from kayalib.registry import Game, Rules, SomeGame, bot_names, game, make_bot
from kayalib.seeds import check_seed, fresh_seed

__all__ = ["PERSON", "GameRecord", "Table", "pack", "unpack"]

PERSON = "human"
"""The seat kind of a person (anyone who is not a bot: at this screen or another)."""

#: the longest record text accepted (a long Blef game is about 2,000 characters)
RECORD_CHARS = 16_000
#: the most moves a record may hold, and the longest text of one move
MAX_MOVES = 3_000
MOVE_CHARS = 80
_VERSION = 2

Listener = Callable[["Table", Sequence[Step[SomeState]]], None]


class Table:
    """One game at a time of ``game`` between ``seats`` (``PERSON`` or a bot's name).

    ``states`` are the states of the current game, oldest first (undo shortens the list);
    ``seed`` is the current game's; ``fixed_seed`` keeps it for every new game (a class seed),
    else each new game gets a fresh one.

    ``listeners`` are told of every change, in order, with the steps just made. The first is
    where moves are kept (a class table's store): a listener that raises refuses the steps,
    and the table takes them back, as if they never happened, before the error goes on.
    """

    def __init__(
        self,
        which: str | SomeGame,
        seats: Sequence[str],
        *,
        rules: Rules | None = None,
        seed: int | None = None,
        fixed_seed: bool | None = None,
        start: SomeState | None = None,
    ) -> None:
        self.game = which if isinstance(which, Game) else game(which)
        self.listeners: list[Listener] = []
        self.fixed_seed = seed is not None if fixed_seed is None else fixed_seed
        self.seed = fresh_seed() if seed is None else check_seed(seed)
        self.states: list[SomeState] = []
        self.seats: tuple[str, ...] = ()
        #: each seat's bot (``None`` for a person), built once a game
        self.bots: list[SomeBot | None] = []
        self.rules = rules
        self.rigged = start is not None
        if start is not None:
            self.sit(seats, start.players)
            self.rules = getattr(start, "rules", rules)
            self._begin([start])
        else:
            self.new_game(seats=seats, rules=rules, seed=self.seed)

    # ---- seats -------------------------------------------------------------------------------

    def sit(self, seats: Sequence[str], players: int) -> None:
        """Seat ``seats`` (one per player: ``PERSON`` or a bot name); RulesError otherwise."""
        if isinstance(seats, str) or not isinstance(seats, Sequence):
            raise RulesError(f"seats must be a list with one entry per player, not {seats!r}")
        if len(seats) != players:
            raise RulesError(f"{players} players need {players} seats, not {len(seats)}")
        known = {PERSON, *bot_names(self.game.name)}
        kinds = tuple(seat.strip().lower() if isinstance(seat, str) else seat for seat in seats)
        if not set(kinds) <= known:  # a lesson's table: the lesson bots (loaded only then)
            known |= set(bot_names(self.game.name, lessons=True))
        unknown = [seat for seat in kinds if seat not in known]
        if unknown:
            names = ", ".join(sorted(known))
            raise RulesError(f"unknown seat {unknown[0]!r}; the seats are {names}")
        self.seats = kinds
        self.bots = [None if kind == PERSON else make_bot(self.game.name, kind) for kind in kinds]

    def is_person(self, seat: int | None) -> bool:
        return seat is not None and self.seats[seat] == PERSON

    @property
    def people(self) -> tuple[int, ...]:
        """The seats where a person plays."""
        return tuple(seat for seat, kind in enumerate(self.seats) if kind == PERSON)

    # ---- the game ----------------------------------------------------------------------------

    @property
    def state(self) -> SomeState:
        return self.states[-1]

    @property
    def is_over(self) -> bool:
        return self.state.is_terminal

    def view(self, seat: int) -> View[object]:
        """What ``seat`` may know now."""
        return self.state.view(seat)

    def new_game(
        self,
        *,
        seed: int | None = None,
        seats: Sequence[str] | None = None,
        rules: Rules | None = None,
    ) -> None:
        """Start a new game: with ``seed``, else the fixed seed, else a fresh one; ``seats`` and
        ``rules`` change for this game and the next ones (nothing changes if they cannot make
        a game)."""
        if seed is None:
            seed = self.seed if self.fixed_seed else fresh_seed()
        seed = check_seed(seed)
        seats = self.seats if seats is None else seats
        if rules is None:
            rules = self.rules
        if rules is None:
            rules = self.game.rules_for_players(len(seats))
        first = self.game.state.new(rules, seed)
        previous = self.seats, self.bots
        try:
            self.sit(seats, first.players)
        except KayalibError:
            self.seats, self.bots = previous
            raise
        self.seed, self.rules, self.rigged = seed, rules, False
        self._begin([first])

    def _begin(self, states: list[SomeState]) -> None:
        self.states = states
        self._tell(self.settle())

    # ---- moves -------------------------------------------------------------------------------

    @property
    def waiting_for(self) -> int | None:
        """The person who must decide now (``None``: a bot's move is due, or the game is over)."""
        state = self.state
        seat = state.current_player
        if seat is None or not self.is_person(seat) or state.forced_action() is not None:
            return None
        return seat

    @property
    def bot_due(self) -> bool:
        """Whether a paced bot move is due (see :meth:`advance`)."""
        return not self.is_over and self.waiting_for is None

    def act(self, seat: int, action: object) -> Step[SomeState]:
        """Seat ``seat`` (a person) does ``action`` (an action or its text); then whatever
        happens at once follows. IllegalActionError (or ParseError) and nothing changes when it
        is refused."""
        if not (type(seat) is int and 0 <= seat < len(self.seats) and self.is_person(seat)):
            raise IllegalActionError(_not_a_person(seat))
        return self._play(self.state.step(action, seat=seat))

    def stand_in(self, seat: int, bot: SomeBot) -> Step[SomeState]:
        """``bot`` makes the move of ``seat``, a person who is away, as the turn loop asks a
        bot (through the seat's view, with the seat's generator of this step); then whatever
        happens at once follows. IllegalActionError when ``seat`` is not the person to decide.
        """
        if not (type(seat) is int and 0 <= seat < len(self.seats) and self.is_person(seat)):
            raise IllegalActionError(_not_a_person(seat))
        if seat != self.waiting_for:
            raise IllegalActionError(Refusal.of(
                "not_your_turn", "it is seat {current}'s turn, not seat {seat}'s",
                current=self.state.current_player, seat=seat))  # fmt: skip
        bots = [bot if index == seat else None for index in range(len(self.seats))]
        return self._play(next(turns(self.state, bots)))

    def _play(self, step: Step[SomeState]) -> Step[SomeState]:
        """Add ``step`` and what follows at once; the listeners are told (and may refuse)."""
        before = len(self.states)
        self.states.append(step.state)
        self._tell([step, *self.settle()], before)
        return step

    def settle(self) -> list[Step[SomeState]]:
        """Make the moves that happen at once: forced moves and bots' secret decisions."""
        steps: list[Step[SomeState]] = []
        while not self.is_over:
            state = self.state
            seat = state.current_player
            secret = seat is not None and self.bots[seat] is not None and state.decides_in_secret()
            if state.forced_action() is None and not secret:
                break
            step = next(turns(state, self.bots))
            steps.append(step)
            self.states.append(step.state)
        return steps

    def advance(self) -> Step[SomeState] | None:
        """Make the bot move that is due (then whatever follows at once); ``None`` when a
        person must decide or the game is over."""
        step = next(turns(self.state, self.bots), None)
        return None if step is None else self._play(step)

    def run(self, limit: int = 100_000) -> list[Step[SomeState]]:
        """Every bot move until a person must decide or the game is over."""
        steps: list[Step[SomeState]] = []
        while len(steps) < limit and (step := self.advance()) is not None:
            steps.append(step)
        return steps

    def news(self, reader: int, people: Collection[int]) -> int:
        """Where the news of the next decision of ``people`` starts in the log of ``reader``
        (one of them): after the last earlier moment one of them had a choice to make (a
        showdown stays news until their next decision; a forced move, made for them at once,
        is no such moment)."""
        for state in reversed(self.states[:-1]):
            if state.current_player in people and state.forced_action() is None:
                return len(state.log.seen_by(reader))
        return 0

    # ---- undo --------------------------------------------------------------------------------

    def undo_target(self) -> int | None:
        """The index in :attr:`states` undo goes back to: the last earlier decision of a person
        (``None`` when there is none)."""
        for index in range(len(self.states) - 2, -1, -1):
            state = self.states[index]
            if (
                self.is_person(state.current_player)
                and state.forced_action() is None
                and not state.is_terminal
            ):
                return index
        return None

    def undo(self) -> None:
        """Go back to the last earlier decision of a person; KayalibError if there is none."""
        target = self.undo_target()
        if target is None:
            raise IllegalActionError(_nothing_to_undo())
        del self.states[target + 1 :]
        self._tell([])

    # ---- listeners ---------------------------------------------------------------------------

    def _tell(self, steps: Sequence[Step[SomeState]], before: int | None = None) -> None:
        """Tell the listeners; if one refuses, the states from index ``before`` on go."""
        try:
            for listener in list(self.listeners):
                listener(self, steps)
        except Exception:
            if before is not None:
                del self.states[before:]
            raise

    # ---- the record that brings a game back ----------------------------------------------------

    def record(self) -> GameRecord:
        """What brings this game back (:meth:`from_record`); RulesError for a rigged start."""
        if self.rigged:
            raise RulesError("a game started from a chosen position cannot be recorded")
        start = self.states[0].events[0].to_json()
        moves = tuple(str(action) for _seat, action in self.state.moves)
        return GameRecord(self.game.name, start, self.seed, self.seats, moves, self.fixed_seed)

    @classmethod
    def from_record(cls, record: GameRecord | str) -> Table:
        """The table of a :meth:`record` (or its text), every state replayed by the engine;
        ParseError when it does not describe a legal game."""
        if isinstance(record, str):
            record = GameRecord.decode(record)
        spec = game(record.game)
        try:
            rules = spec.rules_from_start(spec.event_from_json(record.start))
            table = cls(spec, record.seats, rules=rules, seed=record.seed,
                        fixed_seed=record.fixed_seed)  # fmt: skip
            states = [table.game.state.new(rules, record.seed)]
            for move in record.moves:
                states.append(states[-1].apply(move))
        except KayalibError as error:
            raise ParseError(f"the game record cannot be replayed: {error}") from None
        table.states = states
        return table


@dataclass(frozen=True)
class GameRecord:
    """A game as text: its start record (rules), seed, seats and moves."""

    game: str
    start: RawRecord
    seed: int
    seats: tuple[str, ...]
    moves: tuple[str, ...] = ()
    fixed_seed: bool = False

    def encode(self) -> str:
        """A URL-safe text (compressed JSON, :func:`pack`)."""
        return pack({
            "v": _VERSION, "game": self.game, "start": self.start, "seed": self.seed,
            "seats": list(self.seats), "moves": list(self.moves), "fixed": self.fixed_seed,
        })  # fmt: skip

    @classmethod
    def decode(cls, text: str) -> GameRecord:
        """The record in ``text``; ParseError for anything that is not one (it may come from a
        browser: sizes, types and names are checked, the moves later by the engine)."""
        return cls.checked(unpack(text, RECORD_CHARS, "the game record"))

    @classmethod
    def checked(cls, data: object) -> GameRecord:
        def fail(what: str) -> ParseError:
            return ParseError(f"the game record has a bad {what}")

        if not isinstance(data, dict) or data.get("v") != _VERSION:
            raise fail("version")
        name, start = data.get("game"), data.get("start")
        seed, seats = data.get("seed"), data.get("seats")
        if not isinstance(name, str) or len(name) > 20:
            raise fail("game")
        if not isinstance(start, dict) or len(json.dumps(start)) > 2_000:
            raise fail("start")
        if type(seed) is not int:
            raise fail("seed")
        if not isinstance(seats, list) or not 1 <= len(seats) <= 30 or not all(
            isinstance(s, str) and s.isidentifier() and len(s) <= 20 for s in seats
        ):
            raise fail("seats")
        moves = data.get("moves", [])
        if not isinstance(moves, list) or len(moves) > MAX_MOVES or not all(
            isinstance(m, str) and 0 < len(m) <= MOVE_CHARS and m.isprintable() for m in moves
        ):
            raise fail("move list")
        fixed = data.get("fixed", False)
        if not isinstance(fixed, bool):
            raise fail("seed setting")
        try:
            check_seed(seed)
        except KayalibError:
            raise fail("seed") from None
        return cls(name, start, seed, tuple(seats), tuple(moves), fixed)


def pack(data: JSONValue) -> str:
    """``data`` as URL-safe text: compact JSON, compressed, in base64 without padding (a game
    record, a page's resume token).

    >>> unpack(pack({"moves": ["pair A"]}), 100, "a record")
    {'moves': ['pair A']}
    """
    raw = json.dumps(data, separators=(",", ":"), ensure_ascii=True).encode()
    return base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode().rstrip("=")


def unpack(text: object, limit: int, what: str, error: type[ParseError] = ParseError) -> object:
    """The data of a :func:`pack` text of at most ``limit`` characters; ``error`` (naming
    ``what``) for anything else, and for a text that would unpack to more than 16 times its
    limit (it may come from a browser).

    >>> unpack("not-a-token", 100, "a greeting")
    Traceback (most recent call last):
    ...
    kayalib.errors.ParseError: a greeting cannot be read
    """
    if not isinstance(text, str) or not 0 < len(text) <= limit:
        raise error(f"{what} is empty or too long")
    try:
        packed = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
        inflate = zlib.decompressobj()
        raw = inflate.decompress(packed, 16 * limit)
        if inflate.unconsumed_tail:
            raise error(f"{what} unpacks to too much")
        return json.loads(raw)
    except (ValueError, zlib.error) as failure:
        if isinstance(failure, error):
            raise
        raise error(f"{what} cannot be read") from failure


def _not_a_person(seat: object) -> Refusal:
    return Refusal.of("not_a_person", "seat {seat} is not a person's", seat=repr(seat))


def _nothing_to_undo() -> Refusal:
    return Refusal.of("nothing_to_undo", "there is no earlier decision to go back to")
