"""Class tables: students at one game from their own devices, the server the only place with
hidden cards.

A :class:`TableService` holds the class's tables. Each :class:`ClassTable` is a headless
:class:`kayalib.table.Table` (people's seats and bots), a short public join code, and for each
person's seat a secret seat token (:data:`TOKEN_BYTES` random bytes, kept only as a digest)
that works at that seat of that table only. A seat acts by sending an action's text and the
move count it answers (:meth:`TableService.act`: a replayed or raced message names an old count
and is refused); it is handed exactly its own view (:meth:`ClassTable.update`: the engine's
``view(seat).to_json()``, which holds the hands laid face up for everyone too, and who sits
where). Nothing here knows a game: what differs is the registry's (:class:`~kayalib.registry.Game`:
the stand-in bot, the options, a seat's own figures).

Nothing is lost: every move is written to the :class:`~kayalib.server.store.ClassStore` from
the table's own listener, *before* :meth:`act` returns and before any seat is told; if the
write fails, the move is taken back. A restarted service reads each table's record and moves
and replays them (:meth:`TableService.restore`) to the same position.

Seats that are away: a seat is here while one of its pages is connected (the class server tells
the service when a page's websocket opens and closes, :meth:`TableService.page_opened`); a seat
away for the table's ``bot_wait`` seconds (the teacher's choice, 30 s unless set) is played by
a stand-in bot until a page of it is back, and the store writes ``stand-in`` for those moves.
Bots and stand-ins move after :attr:`TableService.bot_delay`, on the service's clock
(:class:`Clock`: the server's event loop, or :class:`ManualClock` for scripts and tests).

>>> service = TableService(ClassStore(":memory:"), ManualClock())
>>> table = service.create_table("blef", people=2, bots=["odds"], seed=11)
>>> ana = service.join(table.code, "Ana"); budi = service.join(table.code, "Budi")
>>> table.status, table.people
('playing', (0, 1))
>>> first = service.update_for(ana)
>>> sorted(first)[:4], first["view"]["seed"] if "seed" in first["view"] else None
(['game', 'mine', 'news', 'seat'], None)
"""

from __future__ import annotations

import heapq
import hmac
import itertools
import logging
import re
import secrets
import time
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from kayalib.engine import Refusal, Step
from kayalib.errors import IllegalActionError, ParseError, RulesError
from kayalib.registry import bot_names, game, make_bot
from kayalib.seeds import fresh_seed
from kayalib.server.frames import Budget
from kayalib.server.store import ClassStore, digest
from kayalib.table import MOVE_CHARS, PERSON, GameRecord, Table

__all__ = [
    "BOT_WAIT",
    "CODE_ALPHABET",
    "TOKEN_BYTES",
    "ClassTable",
    "Clock",
    "ManualClock",
    "Seat",
    "SeatKey",
    "TableService",
]

log = logging.getLogger("kayalib.tables")

#: the random bytes of a seat token (192 bits; ``secrets.token_urlsafe``)
TOKEN_BYTES = 24
#: letters of a join code: no 0/O, 1/I, 2/Z, 5/S, 8/B, so a code read off a projector is typed
#: right
CODE_ALPHABET = "ACDEFHJKLMNPQRTUVWXY34679"
CODE_LENGTH = 4
#: seconds a seat may stay away before a bot plays for it (the teacher may choose another wait)
BOT_WAIT = 30.0
MAX_BOT_WAIT = 3600.0
#: the most tables one class may have, and seats at one table
MAX_TABLES = 64
NICKNAME_CHARS = 20
#: seats one browser (a class member; on a hub, a login) may hold at tables still in play
SEATS_PER_BROWSER = 2
TOKEN_TEXT = re.compile(r"[A-Za-z0-9_-]{16,64}")


def refusal(code: str, english: str, /, **params: Any) -> IllegalActionError:
    """A refusal of the service (catalogue key ``refusal_<code>``), raised as the engine's."""
    why = Refusal(code, tuple(sorted(params.items())), english)
    return IllegalActionError(why)


def unknown_seat() -> IllegalActionError:
    """The one answer for a token that holds no seat, or no seat at the table named."""
    return refusal("table_unknown_seat", "this address holds no seat at a class table")


def check_nickname(text: object) -> str:
    """A nickname: 1 to :data:`NICKNAME_CHARS` printable characters in NFKC form (so a
    full-width "ＡＮＡ" is "ANA"), spaces trimmed, its letters of one script (a Cyrillic "А"
    in a Latin name looks like "A": refused), at most one combining mark on a letter.

    >>> check_nickname("  Ana  "), check_nickname("ＡＮＡ"), check_nickname("Zoë")
    ('Ana', 'ANA', 'Zoë')
    >>> check_nickname("\u0410na")
    Traceback (most recent call last):
    ...
    kayalib.errors.IllegalActionError: a nickname's letters are of one script: Аna mixes them
    """
    if not isinstance(text, str):
        raise refusal("table_bad_nickname", "a nickname is text")
    name = " ".join(unicodedata.normalize("NFKC", text).split())
    if not 0 < len(name) <= NICKNAME_CHARS or not name.isprintable() or _stacked_marks(name):
        raise refusal("table_bad_nickname", "a nickname has 1 to {chars} letters",
                      chars=NICKNAME_CHARS)  # fmt: skip
    if len(_scripts(name)) > 1:
        raise refusal("table_mixed_scripts",
                      "a nickname's letters are of one script: {name} mixes them", name=name)
    return name


#: scripts that are written together in one name (Japanese, Chinese, Korean with Latin)
_TOGETHER = ({"LATIN", "HAN", "HIRAGANA", "KATAKANA"}, {"LATIN", "HAN", "BOPOMOFO"},
             {"LATIN", "HAN", "HANGUL"})  # fmt: skip


def _script(char: str) -> str:
    """The script of a letter, from its Unicode name ("CYRILLIC CAPITAL LETTER A")."""
    name = unicodedata.name(char, "")
    if name.startswith("CJK "):
        return "HAN"
    return name.split(" ", 1)[0]


def _scripts(name: str) -> set[str]:
    """The scripts of ``name``'s letters, as one set when they are written together."""
    found = {_script(c) for c in name if unicodedata.category(c).startswith("L")}
    return {"ONE"} if any(found <= together for together in _TOGETHER) else found


def _stacked_marks(name: str) -> bool:
    """Whether a character carries more than one combining mark (text stacked on text)."""
    run = 0
    for char in name:
        run = run + 1 if unicodedata.combining(char) else 0
        if run > 1:
            return True
    return False


def normal_code(text: str) -> str:
    """A join code as typed (any case, spaces) in its stored form."""
    return "".join(text.split()).upper()[: CODE_LENGTH + 1]


# ---- the clock ---------------------------------------------------------------------------------


class Clock(Protocol):
    """When the service's timers fire: ``call_later(delay, callback)`` (a handle with
    ``cancel()``) and ``time()`` in seconds."""

    def call_later(self, delay: float, callback: Callable[[], None]) -> Any: ...

    def time(self) -> float: ...


class LoopClock:
    """The running asyncio loop's timers (the server's)."""

    def call_later(self, delay: float, callback: Callable[[], None]) -> Any:
        import asyncio

        return asyncio.get_event_loop().call_later(delay, callback)

    def time(self) -> float:
        return time.monotonic()


class _Timer:
    __slots__ = ("cancelled",)

    def __init__(self) -> None:
        self.cancelled = False

    def cancel(self) -> None:
        self.cancelled = True


class ManualClock:
    """A clock that moves only when told (scripts, tests, the secrecy property test):
    :meth:`advance` runs every timer that falls due, in order.

    >>> clock = ManualClock(); fired = []
    >>> _ = clock.call_later(2, lambda: fired.append("b"))
    >>> _ = clock.call_later(1, lambda: fired.append("a"))
    >>> clock.advance(1.5); fired
    ['a']
    >>> clock.advance(1); fired
    ['a', 'b']
    """

    def __init__(self) -> None:
        self.now = 0.0
        self._timers: list[tuple[float, int, _Timer, Callable[[], None]]] = []
        self._order = itertools.count()

    def time(self) -> float:
        return self.now

    def call_later(self, delay: float, callback: Callable[[], None]) -> _Timer:
        timer = _Timer()
        heapq.heappush(self._timers, (self.now + max(0.0, delay), next(self._order), timer,
                                      callback))  # fmt: skip
        return timer

    def advance(self, seconds: float) -> None:
        end = self.now + seconds
        while self._timers and self._timers[0][0] <= end:
            when, _, timer, callback = heapq.heappop(self._timers)
            self.now = max(self.now, when)
            if not timer.cancelled:
                callback()
        self.now = end

    def run(self, limit: int = 100_000) -> None:
        """Every timer, however far ahead, until none is left (at most ``limit``)."""
        for _ in range(limit):
            live = [t for t in self._timers if not t[2].cancelled]
            if not live:
                return
            self.advance(max(0.0, min(t[0] for t in live) - self.now))


# ---- seats and tables --------------------------------------------------------------------------


@dataclass(frozen=True)
class SeatKey:
    """What a student's page holds: the table's code and the seat's secret token; on a hub, the
    login's class ``member`` instead of a token (the login is the seat's key there)."""

    code: str
    token: str
    member: int | None = None


Push = Callable[[dict[str, Any]], None]


@dataclass(eq=False)
class Attachment:
    """One page's kernel listening to its seat (``kernel``: its kernel's id, if known)."""

    push: Push
    kernel: str | None = None


@dataclass(eq=False)
class Seat:
    """A seat of a class table: a bot's (``kind`` is the bot's name) or a person's."""

    index: int
    kind: str
    token: str | None = None  # the token's digest
    nickname: str = ""
    member_id: int | None = None
    attachments: list[Attachment] = field(default_factory=list)
    away_since: float | None = 0.0
    stand_in: bool = False
    budget: Budget = field(default_factory=lambda: Budget(messages=20, message_rate=5.0,
                                                          bytes=64_000, byte_rate=16_000))

    @property
    def is_person(self) -> bool:
        return self.kind == PERSON

    @property
    def claimed(self) -> bool:
        return self.token is not None


class ClassTable:
    """One table of the class: its :class:`~kayalib.table.Table`, code, seats and status
    (``waiting`` for its people, ``playing``, ``paused``, ``ended``)."""

    def __init__(self, service: TableService, row_id: int, code: str, table: Table,
                 bot_wait: float, status: str, logged: int) -> None:  # fmt: skip
        self.service = service
        self.id = row_id
        self.code = code
        self.table = table
        self.bot_wait = bot_wait
        self.status = status
        self.locked = False  # the teacher's lock: no new player sits down
        now = service.clock.time()
        self.seats = [Seat(i, kind, away_since=now) for i, kind in enumerate(table.seats)]
        self.logged = logged  # moves written to the store
        self.stand_in_moves = 0
        self._acting_stand_in = False
        self._timer: Any = None
        self._away_timers: dict[int, Any] = {}
        table.listeners.append(self._write_steps)

    # ---- what everyone may know ------------------------------------------------------------

    @property
    def game(self) -> str:
        return self.table.game.name

    @property
    def version(self) -> int:
        """How many moves the game has had: an action must name the count it answers."""
        return len(self.table.state.moves)

    @property
    def people(self) -> tuple[int, ...]:
        return self.table.people

    def is_here(self, seat: Seat) -> bool:
        return seat.away_since is None

    def public_seats(self) -> list[dict[str, Any]]:
        """Who sits where, as every seat and the dashboard may see it."""
        return [
            {"kind": "person", "name": s.nickname, "here": self.is_here(s), "stand_in": s.stand_in}
            if s.is_person else {"kind": "bot", "bot": s.kind}
            for s in self.seats
        ]  # fmt: skip

    def news(self, seat: int) -> int:
        """Where the news of ``seat``'s next decision starts in its own log
        (:meth:`kayalib.table.Table.news`)."""
        return self.table.news(seat, (seat,))

    def update(self, seat: int) -> dict[str, Any]:
        """Everything ``seat``'s page is sent: its own view and what is public."""
        view = self.table.view(seat)
        return {
            "type": "update", "table": self.code, "game": self.game, "seat": seat,
            "version": self.version, "status": self.status, "seats": self.public_seats(),
            "view": view.to_json(), "news": self.news(seat),
            "mine": self.own_figures(seat), "stand_in_moves": self.stand_in_moves,
        }  # fmt: skip

    def own_figures(self, seat: int) -> dict[str, int] | None:
        """``seat``'s own play figures (the game's :attr:`~kayalib.registry.Game.seat_figures`)."""
        return self.table.game.seat_figures(self.table.state, seat)

    # ---- moves ---------------------------------------------------------------------------------

    def _write_steps(self, table: Table, steps: Sequence[Step[Any]]) -> None:
        """The table's listener: the new moves go to the store before anyone is told."""
        moves = table.state.moves[self.logged :]
        if not moves:
            return
        if len(steps) == len(moves):
            by = [self._mover(step) for step in steps]
        else:  # the moves a new table makes at once (forced, or its bots' secret decisions)
            by = ["forced" if table.bots[seat] is None else "bot" for seat, _ in moves]
        rows = [(seat, str(action), who) for (seat, action), who in zip(moves, by, strict=True)]
        self.service.store.add_moves(self.id, self.logged, rows)
        self.logged += len(rows)
        self.stand_in_moves += sum(1 for row in rows if row[2] == "stand-in")

    def _mover(self, step: Step[Any]) -> str:
        if step.forced:
            return "forced"
        if self.table.bots[step.seat] is not None:
            return "bot"
        return "stand-in" if self._acting_stand_in else "person"

    def act(self, seat: int, text: str) -> None:
        """``seat`` (a person) does ``text``; written to the store before this returns, taken
        back by the table if the store cannot write it."""
        self.table.act(seat, text)

    def stand_in(self, seat: int) -> None:
        """The game's stand-in bot makes the move of ``seat`` (its person is away); stored
        as ``stand-in``, taken back as :meth:`act`."""
        self._acting_stand_in = True
        try:
            self.table.stand_in(seat, self.service.stand_in_bot(self.game))
        finally:
            self._acting_stand_in = False

    # ---- pacing --------------------------------------------------------------------------------

    def schedule(self) -> None:
        """Set the timer for what happens next without a person: a bot's move, a stand-in's."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if self.status != "playing" or self.table.is_over:
            return
        clock, delay = self.service.clock, self.service.bot_delay
        seat = self.table.state.current_player
        if self.table.bot_due:
            self._timer = clock.call_later(delay, self._bot_move)
        elif seat is not None and self.seats[seat].stand_in:
            secret = self.table.state.decides_in_secret()
            self._timer = clock.call_later(0.0 if secret else delay, self._stand_in_move)

    def _bot_move(self) -> None:
        self._timer = None
        if self.status == "playing" and self.table.bot_due:
            self.table.advance()  # the table bot's move that is due
            self.service.changed(self)

    def _stand_in_move(self) -> None:
        self._timer = None
        seat = self.table.state.current_player
        if self.status != "playing" or seat is None or not self.seats[seat].stand_in:
            return
        self.stand_in(seat)
        self.service.changed(self)

    # ---- presence ------------------------------------------------------------------------------

    def presence_changed(self, seat: Seat) -> None:
        """A page of ``seat`` connected or left: hand the seat back, or start its wait."""
        here = any(self.service.page_is_open(a) for a in seat.attachments)
        timer = self._away_timers.pop(seat.index, None)
        if timer is not None:
            timer.cancel()
        if here:
            changed = seat.away_since is not None or seat.stand_in
            seat.away_since, seat.stand_in = None, False
        else:
            changed = seat.away_since is None
            if seat.away_since is None:
                seat.away_since = self.service.clock.time()
            if not seat.stand_in:
                wait = 0.0 if not seat.claimed and self.status != "waiting" else self.bot_wait
                left = max(0.0, seat.away_since + wait - self.service.clock.time())
                self._away_timers[seat.index] = self.service.clock.call_later(
                    left, lambda: self._stand_in_for(seat)
                )
        if changed:
            self.schedule()
            self.service.changed(self)

    def _stand_in_for(self, seat: Seat) -> None:
        self._away_timers.pop(seat.index, None)
        if seat.away_since is not None and self.status != "waiting":
            seat.stand_in = True
            self.schedule()
            self.service.changed(self)

    def watch_presence(self) -> None:
        for seat in self.seats:
            if seat.is_person:
                self.presence_changed(seat)


# ---- the service -------------------------------------------------------------------------------


class TableService:
    """The class's tables, their seats and the store behind them.

    ``pages_tracked``: whether the server reports pages opening and closing
    (:meth:`page_opened`); without it a page's kernel listening to its seat counts as the page
    (a hub, where pages are served by each student's own server).
    """

    def __init__(self, store: ClassStore, clock: Clock | None = None, *, bot_delay: float = 0.8,
                 pages_tracked: bool = False) -> None:  # fmt: skip
        self.store = store
        self.clock: Clock = clock or LoopClock()
        self.bot_delay = bot_delay
        self.pages_tracked = pages_tracked
        self.class_id = store.current_class()
        self.tables: dict[str, ClassTable] = {}
        self._by_token: dict[str, tuple[ClassTable, Seat]] = {}
        self._open_pages: set[str] = set()
        self._stand_ins: dict[str, Any] = {}
        self.watchers: list[Callable[[ClassTable], None]] = []

    # ---- the class -----------------------------------------------------------------------------

    def restore(self) -> None:
        """Every table of the current class back from the store, replayed to where it was."""
        for row in self.store.tables(self.class_id):
            moves = self.store.moves(row.id)
            record = GameRecord(row.record.game, row.record.start, row.record.seed,
                                row.record.seats, tuple(m.action for m in moves))  # fmt: skip
            table = Table.from_record(record)
            klass = ClassTable(self, row.id, row.code, table, row.bot_wait, row.status,
                               logged=len(moves))  # fmt: skip
            klass.stand_in_moves = sum(1 for m in moves if m.by == "stand-in")
            klass.locked = row.locked
            for saved in self.store.seats(row.id):
                seat = klass.seats[saved.seat]
                seat.token, seat.nickname, seat.member_id = (saved.token, saved.nickname,
                                                             saved.member_id)  # fmt: skip
                if saved.token:
                    self._by_token[saved.token] = (klass, seat)
            self.tables[row.code] = klass
            klass.watch_presence()
            klass.schedule()
        log.info("kayalib: %d class tables restored", len(self.tables))

    def forget_class(self) -> None:
        """Delete everything of the current class from the store; a new class begins."""
        for table in self.tables.values():
            table.status = "ended"
            table.schedule()
            for seat in table.seats:
                for attachment in list(seat.attachments):
                    attachment.push({"type": "gone"})
        self.tables.clear()
        self._by_token.clear()
        self.store.forget_class(self.class_id)
        self.class_id = self.store.current_class()

    # ---- members: a student's name for the lessons' data --------------------------------------

    def new_member(self, nickname: str) -> tuple[str, int]:
        """A new class member (a browser that joined): its secret token and its id."""
        token = secrets.token_urlsafe(TOKEN_BYTES)
        return token, self.store.add_member(self.class_id, digest(token), check_nickname(nickname))

    def member_of(self, token: object) -> int | None:
        """The member a token names, if any."""
        if not isinstance(token, str) or not TOKEN_TEXT.fullmatch(token):
            return None
        found = self.store.member(self.class_id, digest(token))
        return None if found is None else found[0]

    def member_named(self, user: str) -> int:
        """The member of a hub login (its name is its nickname)."""
        key = digest("hub:" + user)
        found = self.store.member(self.class_id, key)
        if found is not None:
            return found[0]
        return self.store.add_member(self.class_id, key, user[:NICKNAME_CHARS])

    def stand_in_bot(self, which: str) -> Any:
        """The bot that plays an away person's seat at a table of ``which`` (one per game)."""
        bot = self._stand_ins.get(which)
        if bot is None:
            bot = self._stand_ins[which] = make_bot(which, game(which).stand_in)
        return bot

    # ---- the teacher ---------------------------------------------------------------------------

    def create_table(
        self, which: str, *, people: int, bots: Sequence[str] = (),
        options: Mapping[str, str] | None = None, bot_wait: float = BOT_WAIT,
        seed: int | None = None,
    ) -> ClassTable:  # fmt: skip
        """A new table of ``which`` with ``people`` seats for students and ``bots`` after
        them; ``options`` the game's settings (Blef ``mode``, Aku Paling Kaya ``coins``)."""
        if len(self.tables) >= MAX_TABLES:
            raise RulesError(f"a class has at most {MAX_TABLES} tables")
        spec = game(which)
        known = bot_names(spec.name)
        if any(b not in known for b in bots):
            raise RulesError(f"the bots are {', '.join(known)}")
        seats = [PERSON] * people + list(bots)
        if people < 1 or len(seats) not in spec.players:
            most = spec.players.stop - 1
            raise RulesError(f"{spec.title} takes {spec.players.start} to {most} players, at "
                             "least one a student")  # fmt: skip
        rules = spec.rules_with(len(seats), options or {})
        wait = check_wait(bot_wait)
        code = self._new_code()
        table = Table(spec, seats, rules=rules, seed=fresh_seed() if seed is None else seed)
        record = table.record()
        row = self.store.add_table(self.class_id, code, GameRecord(
            record.game, record.start, record.seed, record.seats), len(seats), wait)  # fmt: skip
        klass = ClassTable(self, row, code, table, wait, "waiting", logged=0)
        klass._write_steps(table, [])  # the moves the start makes at once (forced)
        self.tables[code] = klass
        klass.watch_presence()
        self.changed(klass)
        return klass

    def _new_code(self) -> str:
        taken = set(self.tables) | {row.code for row in self.store.tables(self.class_id)}
        while True:
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            if code not in taken:
                return code

    def table(self, code: object) -> ClassTable:
        found = self.tables.get(code) if isinstance(code, str) else None
        if found is None:
            raise refusal("table_unknown_code", "there is no table {code}", code=str(code)[:8])
        return found

    def set_status(self, code: str, status: str) -> None:
        """``start`` a waiting table (empty seats get stand-ins), ``pause``, ``resume`` or
        ``end`` it."""
        table = self.table(code)
        new = {"start": "playing", "pause": "paused", "resume": "playing", "end": "ended"}
        if status not in new:
            raise RulesError(f"unknown table command {status!r}")
        allowed = {"start": ("waiting",), "pause": ("playing",), "resume": ("paused",),
                   "end": ("waiting", "playing", "paused")}  # fmt: skip
        if table.status not in allowed[status]:
            raise refusal("table_cannot", "the table is {status}", status=table.status)
        self._set(table, new[status])

    def _set(self, table: ClassTable, status: str) -> None:
        self.store.set_status(table.id, status)
        table.status = status
        if status == "playing":
            table.watch_presence()
        table.schedule()
        self.changed(table)

    def set_bot_wait(self, code: str, seconds: object) -> None:
        table = self.table(code)
        table.bot_wait = check_wait(seconds)
        self.store.set_bot_wait(table.id, table.bot_wait)
        table.watch_presence()

    def move(self, code: str, seat: int, target: str) -> None:
        """Move the student at ``seat`` of table ``code`` to a free seat of table ``target``
        (their page follows; a stand-in plays the seat they leave)."""
        source, there = self.table(code), self.table(target)
        if not (type(seat) is int and 0 <= seat < len(source.seats)):
            raise RulesError(f"no seat {seat!r} at table {code}")
        person = source.seats[seat]
        free = [s for s in there.seats if s.is_person and not s.claimed]
        if not person.claimed or not free or there is source:
            raise refusal("table_cannot_move", "no free seat at table {code}", code=target)
        new = free[0]
        self.store.move_seat((source.id, person.index), (there.id, new.index))
        new.token, new.nickname, new.member_id = person.token, person.nickname, person.member_id
        new.attachments, person.attachments = person.attachments, []
        person.token, person.nickname, person.member_id = None, "", None
        assert new.token is not None
        self._by_token[new.token] = (there, new)
        for table, moved in ((source, person), (there, new)):
            table.presence_changed(moved)
            self._maybe_start(table)
            self.changed(table)

    def free_seat(self, code: str, seat: int) -> None:
        """Free the person's seat ``seat`` of table ``code`` (a squatter's, a student's who
        left): its key no longer works, its pages are told it is gone, a stand-in plays it
        until someone sits down there."""
        table = self.table(code)
        if not (type(seat) is int and 0 <= seat < len(table.seats)):
            raise RulesError(f"no seat {seat!r} at table {code}")
        person = table.seats[seat]
        if not person.claimed:
            raise refusal("table_cannot", "the table is {status}", status=table.status)
        self.store.set_seat(table.id, person.index, None, "", None)
        assert person.token is not None
        self._by_token.pop(person.token, None)
        person.token, person.nickname, person.member_id = None, "", None
        gone, person.attachments = person.attachments, []
        for attachment in gone:
            try:
                attachment.push({"type": "gone"})
            except Exception:  # a page that went away: its socket says so itself
                log.info("kayalib: a freed seat's page had gone already")
        table.presence_changed(person)
        self.changed(table)

    def set_locked(self, code: str, locked: bool) -> None:
        """Lock table ``code`` (no new player sits down; those seated play on) or unlock it."""
        table = self.table(code)
        self.store.set_locked(table.id, locked)
        table.locked = bool(locked)
        self.changed(table)

    # ---- students ------------------------------------------------------------------------------

    def verify_join(self, code: str, nickname: str,
                    member_id: int | None = None) -> tuple[ClassTable, str, Seat]:  # fmt: skip
        """Why ``nickname`` (of class member ``member_id``, if known) may not sit down at table
        ``code`` now (IllegalActionError with the refusal); else the table, the nickname as it
        will be shown, and the seat it would take."""
        table = self.table(normal_code(code) if isinstance(code, str) else code)
        name = check_nickname(nickname)
        if table.status == "ended":
            raise refusal("table_ended", "this table's game has ended")
        if table.locked:
            raise refusal("table_locked", "table {code} takes no new player", code=table.code)
        if any(s.nickname.casefold() == name.casefold() for s in table.seats):
            raise refusal("table_nickname_taken", "{name} already sits at this table", name=name)
        free = [s for s in table.seats if s.is_person and not s.claimed]
        if not free:
            raise refusal("table_full", "every seat at table {code} is taken", code=table.code)
        if member_id is not None and len(self.seats_held(member_id)) >= SEATS_PER_BROWSER:
            raise refusal("table_seats_held", "this browser holds {n} seats already",
                          n=SEATS_PER_BROWSER)  # fmt: skip
        return table, name, free[0]

    def seats_held(self, member_id: int) -> list[tuple[ClassTable, Seat]]:
        """The seats class member ``member_id`` holds at tables still in play."""
        return [(table, seat) for table in self.tables.values() if table.status != "ended"
                for seat in table.seats if seat.claimed and seat.member_id == member_id]

    def join(self, code: str, nickname: str, member_id: int | None = None) -> SeatKey:
        """A seat at table ``code`` for ``nickname`` (a nickname is taken once a table; a
        member holds at most :data:`SEATS_PER_BROWSER` seats): :meth:`verify_join`'s refusal,
        or the seat's key."""
        table, name, seat = self.verify_join(code, nickname, member_id)
        token = secrets.token_urlsafe(TOKEN_BYTES)
        key = digest(token)
        self.store.set_seat(table.id, seat.index, key, name, member_id)
        seat.token, seat.nickname, seat.member_id = key, name, member_id
        seat.away_since = self.clock.time()  # their page is on its way
        self._by_token[key] = (table, seat)
        self._maybe_start(table)
        self.changed(table)
        return SeatKey(table.code, token)

    def _maybe_start(self, table: ClassTable) -> None:
        if table.status == "waiting" and all(s.claimed for s in table.seats if s.is_person):
            self._set(table, "playing")

    def seat_of(self, token: object) -> tuple[ClassTable, Seat]:
        """The table and seat a token holds; the same refusal for every token that holds
        none (the lookup is by digest, so no token is compared character by character)."""
        if not isinstance(token, str) or not TOKEN_TEXT.fullmatch(token):
            raise unknown_seat()
        found = self._by_token.get(digest(token))
        if found is None:
            raise unknown_seat()
        table, seat = found
        if seat.token is None or not hmac.compare_digest(seat.token, digest(token)):
            raise unknown_seat()
        return found

    def held(self, key: SeatKey) -> tuple[ClassTable, Seat]:
        """The table and seat ``key`` holds: by its token, or (a hub's login) the seat of its
        member at the table it names; the one refusal of :func:`unknown_seat` otherwise."""
        if key.member is None:
            return self.seat_of(key.token)
        table = self.tables.get(key.code)
        if table is not None:
            for seat in table.seats:
                if seat.claimed and seat.member_id == key.member:
                    return table, seat
        raise unknown_seat()

    def update_for(self, key: SeatKey) -> dict[str, Any]:
        """What the seat of ``key`` is sent now (it may have been moved to another table)."""
        table, seat = self.held(key)
        return table.update(seat.index)

    def attach(self, key: SeatKey, push: Push, kernel: str | None = None) -> Attachment:
        """``push(update)`` is called with every update of the seat from now on; the seat is
        here while the attachment's page is open (:meth:`detach` when it goes)."""
        table, seat = self.held(key)
        attachment = Attachment(push, kernel)
        seat.attachments.append(attachment)
        table.presence_changed(seat)
        return attachment

    def detach(self, attachment: Attachment) -> None:
        for table in self.tables.values():
            for seat in table.seats:
                if attachment in seat.attachments:
                    seat.attachments.remove(attachment)
                    table.presence_changed(seat)
                    return

    def page_is_open(self, attachment: Attachment) -> bool:
        if not self.pages_tracked or attachment.kernel is None:
            return True
        return attachment.kernel in self._open_pages

    def page_opened(self, kernel: str) -> None:
        """The server: the page of kernel ``kernel`` connected."""
        self._open_pages.add(kernel)
        self._pages_changed(kernel)

    def page_closed(self, kernel: str) -> None:
        """The server: the page of kernel ``kernel`` is gone (closed, asleep, reloaded)."""
        self._open_pages.discard(kernel)
        self._pages_changed(kernel)

    def _pages_changed(self, kernel: str) -> None:
        for table in self.tables.values():
            for seat in table.seats:
                if any(a.kernel == kernel for a in seat.attachments):
                    table.presence_changed(seat)

    def act(self, key: SeatKey, version: object, text: object) -> dict[str, Any]:
        """The seat of ``key`` does ``text`` at move count ``version``; its new update. A
        refusal (IllegalActionError with the :class:`~kayalib.engine.Refusal`) changes
        nothing."""
        table, seat = self.held(key)
        if key.code != table.code:
            raise unknown_seat()
        if seat.budget.spend(len(str(text))) is not None:
            raise refusal("table_too_fast", "too many actions at once")
        if table.status != "playing":
            raise refusal(f"table_{table.status}", "the table is {status}", status=table.status)
        if type(version) is not int or version != table.version:
            raise refusal("table_stale", "this action answers an earlier moment of the game")
        if not isinstance(text, str) or not 0 < len(text) <= MOVE_CHARS or not text.isprintable():
            raise IllegalActionError(Refusal.of("unreadable", "{why}", why="not an action"))
        try:
            table.act(seat.index, text)
        except ParseError as error:
            raise IllegalActionError(Refusal.of("unreadable", "{why}", why=str(error))) from None
        sent = self.changed(table)
        return sent.get(seat.index) or table.update(seat.index)

    # ---- telling the seats ---------------------------------------------------------------------

    def changed(self, table: ClassTable) -> dict[int, dict[str, Any]]:
        """Tell every seat of ``table`` (each its own update) and the watchers; then pace what
        comes next. The store has every move by now. Returns the updates sent, by seat."""
        if table.status == "playing" and table.table.is_over:
            self.store.set_status(table.id, "ended")
            table.status = "ended"
        sent: dict[int, dict[str, Any]] = {}
        for seat in table.seats:
            if not seat.attachments:
                continue
            update = sent[seat.index] = table.update(seat.index)
            for attachment in list(seat.attachments):
                try:
                    attachment.push(update)
                except Exception:  # a page that went away: its socket says so itself
                    log.warning("kayalib: a seat's page could not be told", exc_info=True)
        for watcher in list(self.watchers):
            watcher(table)
        table.schedule()
        return sent


def check_wait(seconds: object) -> float:
    """A stand-in wait: 0 to :data:`MAX_BOT_WAIT` seconds."""
    if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not (
        0 <= seconds <= MAX_BOT_WAIT
    ):
        raise RulesError(f"the wait is 0 to {MAX_BOT_WAIT:.0f} seconds")
    return float(seconds)
