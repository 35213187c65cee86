"""The class store: one SQLite file that holds what a class did, so that nothing is lost.

Every accepted move at a class table is written here, with ``synchronous=FULL`` in WAL mode,
*before* any seat is told (:mod:`kayalib.server.tables` calls :meth:`ClassStore.add_moves` from
inside the table's step and tells the seats only once it returns); a server that crashes or is
restarted reads each table back (its :class:`~kayalib.table.GameRecord` plus the moves) and
replays it to the same position. Seat and member tokens are kept only as SHA-256 digests.

One store holds classes; everything of a class hangs off its row (``ON DELETE CASCADE``), so
:meth:`ClassStore.forget_class` deletes all of it, and ``secure_delete`` with a truncated WAL
leaves none of its bytes in the files.

The read API the lessons use (through the service, :mod:`kayalib.server.classdata`) is
:meth:`ClassStore.entries` (predictions, estimates with their intervals, hompimpa shows) and
:meth:`ClassStore.moves` with :meth:`ClassStore.tables` (every table's record and moves, from
which the service replays each game's full log).

>>> store = ClassStore(":memory:")
>>> klass = store.current_class()
>>> member = store.add_member(klass, digest("a-token"), "Ana")
>>> store.add_entry(klass, "prediction", "03", "pair", member, {"value": "1/3"})
>>> [(e.nickname, e.value) for e in store.entries(klass, "prediction", "03", "pair")]
[('Ana', {'value': '1/3'})]
>>> store.forget_class(klass); store.entries(klass, "prediction", "03", "pair")
[]
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kayalib.errors import ArgumentError
from kayalib.table import GameRecord

__all__ = ["ClassStore", "Entry", "MoveRow", "SeatRow", "TableRow", "digest"]

SCHEMA = """
CREATE TABLE IF NOT EXISTS classes (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    created REAL NOT NULL,
    names TEXT NOT NULL DEFAULT 'nicknames',
    current INTEGER NOT NULL DEFAULT 1
);
CREATE TABLE IF NOT EXISTS members (
    id INTEGER PRIMARY KEY,
    class_id INTEGER NOT NULL REFERENCES classes(id) ON DELETE CASCADE,
    token TEXT NOT NULL UNIQUE,
    nickname TEXT NOT NULL,
    created REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS tables (
    id INTEGER PRIMARY KEY,
    class_id INTEGER NOT NULL REFERENCES classes(id) ON DELETE CASCADE,
    code TEXT NOT NULL,
    record TEXT NOT NULL,
    status TEXT NOT NULL,
    bot_wait REAL NOT NULL,
    created REAL NOT NULL,
    locked INTEGER NOT NULL DEFAULT 0,
    UNIQUE (class_id, code)
);
CREATE TABLE IF NOT EXISTS seats (
    table_id INTEGER NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    token TEXT UNIQUE,
    nickname TEXT NOT NULL DEFAULT '',
    member_id INTEGER REFERENCES members(id) ON DELETE SET NULL,
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE IF NOT EXISTS moves (
    table_id INTEGER NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
    n INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    action TEXT NOT NULL,
    by TEXT NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (table_id, n)
);
CREATE TABLE IF NOT EXISTS entries (
    id INTEGER PRIMARY KEY,
    class_id INTEGER NOT NULL REFERENCES classes(id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    lesson TEXT NOT NULL,
    name TEXT NOT NULL,
    member_id INTEGER REFERENCES members(id) ON DELETE CASCADE,
    author TEXT NOT NULL,
    value TEXT NOT NULL,
    at REAL NOT NULL,
    UNIQUE (class_id, kind, lesson, name, author)
);
CREATE TABLE IF NOT EXISTS reveals (
    class_id INTEGER NOT NULL REFERENCES classes(id) ON DELETE CASCADE,
    lesson TEXT NOT NULL,
    name TEXT NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (class_id, lesson, name)
);
"""

#: who made a move: a person, the table's bot, a bot standing in for an absent person, or
#: nobody (a forced move).
MOVERS = ("person", "bot", "stand-in", "forced")
#: how the class's entries are named: by nickname, or anonymously.
NAMES = ("nicknames", "anonymous")
HANDED_IN = ("exit",)
"""Kinds of entry whose first one counts: a page sends an exit-ticket answer once, as handed in,
and a second one (a page reloaded, or a student's own request) must not replace it."""


def digest(token: str) -> str:
    """What the store keeps of a token: its SHA-256, hex."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class TableRow:
    id: int
    code: str
    record: GameRecord
    status: str
    bot_wait: float
    locked: bool = False


@dataclass(frozen=True)
class SeatRow:
    seat: int
    token: str | None
    nickname: str
    member_id: int | None


@dataclass(frozen=True)
class MoveRow:
    n: int
    seat: int
    action: str
    by: str


@dataclass(frozen=True)
class Entry:
    """One thing a student sent from a lesson: ``kind`` ``prediction``, ``estimate``,
    ``show`` or ``exit``; ``author`` a pseudonym stable within the class; ``nickname`` empty
    when the class is anonymous (or the student never picked one)."""

    kind: str
    lesson: str
    name: str
    author: str
    nickname: str
    value: dict[str, Any]
    at: float


class ClassStore:
    """The SQLite file at ``path`` (``":memory:"`` for tests), opened for one process."""

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        self.db = sqlite3.connect(self.path, isolation_level=None)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=FULL")  # a commit is on the disk when it returns
        self.db.execute("PRAGMA foreign_keys=ON")
        self.db.execute("PRAGMA secure_delete=ON")  # deleted rows are overwritten
        self.db.executescript(SCHEMA)
        columns = {row[1] for row in self.db.execute("PRAGMA table_info(tables)")}
        if "locked" not in columns:  # a store written before tables could be locked
            self.db.execute("ALTER TABLE tables ADD COLUMN locked INTEGER NOT NULL DEFAULT 0")

    def close(self) -> None:
        self.db.close()

    def _write(self, sql: str, rows: Iterable[Sequence[Any]] | Sequence[Any] = ()) -> int:
        """One statement (for many rows when ``rows`` is a list of tuples) in one transaction;
        the last row id."""
        cursor = self.db.cursor()
        cursor.execute("BEGIN IMMEDIATE")
        try:
            if isinstance(rows, list):
                cursor.executemany(sql, rows)
            else:
                cursor.execute(sql, rows)  # type: ignore[arg-type]  # one row's values (not a list)
            cursor.execute("COMMIT")
        except BaseException:
            cursor.execute("ROLLBACK")
            raise
        return cursor.lastrowid or 0

    # ---- classes ---------------------------------------------------------------------------

    def current_class(self) -> int:
        """The class being taught (a new one when the store has none)."""
        row = self.db.execute(
            "SELECT id FROM classes WHERE current = 1 ORDER BY id DESC LIMIT 1"
        ).fetchone()
        if row is not None:
            return int(row[0])
        return self._write("INSERT INTO classes (created) VALUES (?)", (time.time(),))

    def names(self, class_id: int) -> str:
        """How entries are named in this class (:data:`NAMES`)."""
        row = self.db.execute("SELECT names FROM classes WHERE id = ?", (class_id,)).fetchone()
        return row[0] if row else NAMES[0]

    def set_names(self, class_id: int, names: str) -> None:
        if names not in NAMES:
            raise ArgumentError(f"names must be one of {NAMES}, not {names!r}")
        self._write("UPDATE classes SET names = ? WHERE id = ?", (names, class_id))

    def forget_class(self, class_id: int) -> None:
        """Delete everything of the class (tables, seats, moves, members, entries) and leave
        none of it in the files; the next :meth:`current_class` is a new class."""
        self._write("DELETE FROM classes WHERE id = ?", (class_id,))
        if self.path != ":memory:":
            self.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            self.db.execute("VACUUM")
            self.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")

    # ---- members (a student's nickname for the lessons) ----------------------------------------

    def add_member(self, class_id: int, token: str, nickname: str) -> int:
        return self._write(
            "INSERT INTO members (class_id, token, nickname, created) VALUES (?, ?, ?, ?)",
            (class_id, token, nickname, time.time()),
        )

    def member(self, class_id: int, token: str) -> tuple[int, str] | None:
        row = self.db.execute(
            "SELECT id, nickname FROM members WHERE class_id = ? AND token = ?",
            (class_id, token),
        ).fetchone()
        return (int(row[0]), str(row[1])) if row else None

    # ---- tables, seats and moves -------------------------------------------------------------

    def add_table(
        self, class_id: int, code: str, record: GameRecord, seats: int, bot_wait: float
    ) -> int:
        """A new table (its game record with no moves) and its empty seats."""
        cursor = self.db.cursor()
        cursor.execute("BEGIN IMMEDIATE")
        try:
            cursor.execute(
                "INSERT INTO tables (class_id, code, record, status, bot_wait, created)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (class_id, code, _record_text(record), "waiting", bot_wait, time.time()),
            )
            table_id = cursor.lastrowid or 0
            cursor.executemany(
                "INSERT INTO seats (table_id, seat) VALUES (?, ?)",
                [(table_id, seat) for seat in range(seats)],
            )
            cursor.execute("COMMIT")
        except BaseException:
            cursor.execute("ROLLBACK")
            raise
        return table_id

    def tables(self, class_id: int) -> list[TableRow]:
        rows = self.db.execute(
            "SELECT id, code, record, status, bot_wait, locked FROM tables WHERE class_id = ?"
            " ORDER BY id", (class_id,),
        ).fetchall()  # fmt: skip
        return [TableRow(r[0], r[1], _record_of(r[2]), r[3], r[4], bool(r[5])) for r in rows]

    def set_status(self, table_id: int, status: str) -> None:
        self._write("UPDATE tables SET status = ? WHERE id = ?", (status, table_id))

    def set_bot_wait(self, table_id: int, seconds: float) -> None:
        self._write("UPDATE tables SET bot_wait = ? WHERE id = ?", (seconds, table_id))

    def set_locked(self, table_id: int, locked: bool) -> None:
        """Whether the table takes no new player (the teacher's lock)."""
        self._write("UPDATE tables SET locked = ? WHERE id = ?", (int(locked), table_id))

    def seats(self, table_id: int) -> list[SeatRow]:
        rows = self.db.execute(
            "SELECT seat, token, nickname, member_id FROM seats WHERE table_id = ? ORDER BY seat",
            (table_id,),
        ).fetchall()
        return [SeatRow(*row) for row in rows]

    def set_seat(self, table_id: int, seat: int, token: str | None, nickname: str,
                 member_id: int | None = None) -> None:  # fmt: skip
        self._write(
            "UPDATE seats SET token = ?, nickname = ?, member_id = ? WHERE table_id = ? AND"
            " seat = ?", (token, nickname, member_id, table_id, seat),
        )  # fmt: skip

    def move_seat(self, source: tuple[int, int], target: tuple[int, int]) -> None:
        """Hand the person at ``source`` (table id, seat) over to ``target``: one transaction,
        so the token is never at two seats, nor at none."""
        cursor = self.db.cursor()
        cursor.execute("BEGIN IMMEDIATE")
        try:
            row = cursor.execute(
                "SELECT token, nickname, member_id FROM seats WHERE table_id = ? AND seat = ?",
                source,
            ).fetchone()
            cursor.execute(
                "UPDATE seats SET token = NULL, nickname = '', member_id = NULL"
                " WHERE table_id = ? AND seat = ?", source,
            )  # fmt: skip
            cursor.execute(
                "UPDATE seats SET token = ?, nickname = ?, member_id = ? WHERE table_id = ?"
                " AND seat = ?", (*row, *target),
            )  # fmt: skip
            cursor.execute("COMMIT")
        except BaseException:
            cursor.execute("ROLLBACK")
            raise

    def add_moves(self, table_id: int, first: int, moves: Sequence[tuple[int, str, str]]) -> None:
        """Moves ``first``, ``first + 1``, ... of the table: ``(seat, action, by)``, written
        to the disk before this returns."""
        now = time.time()
        self._write(
            "INSERT INTO moves (table_id, n, seat, action, by, at) VALUES (?, ?, ?, ?, ?, ?)",
            [(table_id, first + i, seat, action, by, now)
             for i, (seat, action, by) in enumerate(moves)],
        )  # fmt: skip

    def moves(self, table_id: int) -> list[MoveRow]:
        rows = self.db.execute(
            "SELECT n, seat, action, by FROM moves WHERE table_id = ? ORDER BY n", (table_id,)
        ).fetchall()
        return [MoveRow(*row) for row in rows]

    # ---- what students send from lessons ------------------------------------------------------

    def add_entry(
        self, class_id: int, kind: str, lesson: str, name: str, member_id: int | None,
        value: dict[str, Any], author: str = "",
    ) -> None:  # fmt: skip
        """A student's prediction, estimate, show or exit-ticket answer; a second one from the
        same ``author`` (a member, else the page's own pseudonym) replaces the first, except an
        exit-ticket answer (:data:`HANDED_IN`): the first one handed in is kept."""
        author = author or f"m{member_id}"
        update = ("NOTHING" if kind in HANDED_IN
                  else "UPDATE SET value = excluded.value, at = excluded.at")  # fmt: skip
        self._write(
            "INSERT INTO entries (class_id, kind, lesson, name, member_id, author, value, at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (class_id, kind, lesson, name, author)"
            f" DO {update}",
            (class_id, kind, lesson, name, member_id, author, json.dumps(value), time.time()),
        )

    def entries(self, class_id: int, kind: str, lesson: str | None = None,
                name: str | None = None) -> list[Entry]:  # fmt: skip
        """The class's entries of ``kind`` (of one ``lesson`` and ``name``, if given), oldest
        first, named as the class names them."""
        anonymous = self.names(class_id) == "anonymous"
        sql = (
            "SELECT e.kind, e.lesson, e.name, e.author, COALESCE(m.nickname, ''), e.value, e.at"
            " FROM entries e LEFT JOIN members m ON m.id = e.member_id"
            " WHERE e.class_id = ? AND e.kind = ?"
        )
        args: list[Any] = [class_id, kind]
        for column, value in (("lesson", lesson), ("name", name)):
            if value is not None:
                sql += f" AND e.{column} = ?"
                args.append(value)
        rows = self.db.execute(sql + " ORDER BY e.at, e.id", args).fetchall()
        return [
            Entry(r[0], r[1], r[2], r[3], "" if anonymous else r[4], json.loads(r[5]), r[6])
            for r in rows
        ]

    def reveal(self, class_id: int, lesson: str, name: str) -> None:
        self._write(
            "INSERT OR IGNORE INTO reveals (class_id, lesson, name, at) VALUES (?, ?, ?, ?)",
            (class_id, lesson, name, time.time()),
        )

    def revealed(self, class_id: int) -> set[tuple[str, str]]:
        rows = self.db.execute(
            "SELECT lesson, name FROM reveals WHERE class_id = ?", (class_id,)
        ).fetchall()
        return {(r[0], r[1]) for r in rows}


def _record_text(record: GameRecord) -> str:
    return json.dumps({"game": record.game, "start": record.start, "seed": record.seed,
                       "seats": list(record.seats)})  # fmt: skip


def _record_of(text: str) -> GameRecord:
    data = json.loads(text)
    return GameRecord(data["game"], data["start"], data["seed"], tuple(data["seats"]))
