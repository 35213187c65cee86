"""What a play page shows a table through: :class:`TableClient`, and the in-kernel table.

A play page never reads a game state. It asks a *table client* what one seat may know
(:meth:`~TableClient.view`, the engine's view of that seat: its cards, every public fact, the
hands laid face up, its part of the log), who sits where, which seats are played at this screen
and whether they may act now; and it sends a seat's action as *text* (:meth:`~TableClient.act`).
The panels draw what comes back (:mod:`kayalib.ui.screen`).

Two clients: :class:`LocalTable`, a :class:`kayalib.table.Table` in this kernel, and a seat of
a class table on the server (:class:`kayalib.ui.remote.ClassSeat`), whose views cross a process
boundary as ``View.to_json`` / ``View.from_json``. Only the page that owns a table may start a
new game, undo or pace the bots: that is the optional :class:`TableOwner` part
(:attr:`TableClient.owner`), which a local table has and a class seat has not (the teacher runs
a class table).

>>> from kayalib.table import PERSON, Table
>>> client = LocalTable(Table("blef", [PERSON, "odds"], seed=7))
>>> client.seats, client.people, [str(a) for a in client.view(0).legal_actions()[:1]]
(('human', 'odds'), (0,), ['high-card 9'])
>>> client.act(0, "pair A"); client.owner is not None and client.owner.bot_due
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from kayalib.engine import SomeState, Step, View
from kayalib.registry import Rules
from kayalib.table import GameRecord, Table

__all__ = ["LocalTable", "TableClient", "TableOwner"]


class TableOwner(Protocol):
    """What only the page that owns a table may do (a :class:`kayalib.table.Table` in its
    kernel): start a new game, undo, and pace the bots (a bot move is due, the page makes it
    when it likes)."""

    @property
    def seed(self) -> int: ...

    @property
    def fixed_seed(self) -> bool: ...

    @property
    def rules(self) -> Rules | None: ...

    @property
    def seats(self) -> tuple[str, ...]: ...

    @property
    def bot_due(self) -> bool: ...

    def new_game(self, *, seed: int | None = None, seats: Sequence[str] | None = None,
                 rules: Rules | None = None) -> None: ...  # fmt: skip

    def advance(self) -> Step[SomeState] | None: ...

    def run(self, limit: int = 100_000) -> list[Step[SomeState]]: ...

    def undo_target(self) -> int | None: ...

    def undo(self) -> None: ...

    def record(self) -> GameRecord: ...


class TableClient(Protocol):
    """A table as a page sees it. Seats are numbered from 0; ``seats[s]`` is ``"human"`` for a
    person (at this screen or another) or the name of the bot playing seat ``s``."""

    @property
    def game(self) -> str:
        """The game's name in :mod:`kayalib.registry`."""
        ...

    @property
    def seats(self) -> tuple[str, ...]: ...

    @property
    def people(self) -> tuple[int, ...]:
        """The seats played at this screen (each may be asked for its :meth:`view`)."""
        ...

    @property
    def names(self) -> tuple[str, ...]:
        """Each seat's nickname at a class table (``""`` for none); ``()`` elsewhere."""
        ...

    @property
    def hold(self) -> str | None:
        """Why nobody at this screen may act now though the game goes on
        (:data:`kayalib.ui.screen.HOLDS`), or ``None``."""
        ...

    @property
    def owner(self) -> TableOwner | None:
        """The owner's part (new game, undo, pacing), or ``None`` for a page that does not
        own its table."""
        ...

    def view(self, seat: int) -> View:
        """What ``seat`` (one of :attr:`people`) may know now."""
        ...

    def news(self, reader: int) -> int:
        """Where the news of this screen's next decision starts in ``reader``'s log: after the
        last earlier moment one of :attr:`people` had a choice to make."""
        ...

    def act(self, seat: int, action: str) -> None:
        """``seat`` does ``action`` (its text): IllegalActionError (with the refusal) or
        ParseError, and nothing changes, when the table refuses it."""
        ...

    def listen(self, listener: Callable[[], None]) -> None:
        """``listener()`` runs after every change this page did not make itself (a
        classmate's move, a bot's on the server's clock)."""
        ...


class LocalTable:
    """The client of a :class:`~kayalib.table.Table` in this kernel; its owner part is the
    table itself. Every person's seat is played at this screen (a hot-seat game when there are
    several), and nothing changes the table but this page, so :meth:`listen` has nothing to
    tell."""

    def __init__(self, table: Table) -> None:
        self.table = table

    @property
    def game(self) -> str:
        return self.table.game.name

    @property
    def seats(self) -> tuple[str, ...]:
        return self.table.seats

    @property
    def people(self) -> tuple[int, ...]:
        return self.table.people

    @property
    def names(self) -> tuple[str, ...]:
        return ()

    @property
    def hold(self) -> str | None:
        return None

    @property
    def owner(self) -> Table:
        return self.table

    def view(self, seat: int) -> View:
        return self.table.view(seat)

    def news(self, reader: int) -> int:
        return self.table.news(reader, self.table.people)

    def act(self, seat: int, action: str) -> None:
        self.table.act(seat, action)

    def listen(self, listener: Callable[[], None]) -> None:
        """Nothing to tell: only this page changes a table in its kernel."""
