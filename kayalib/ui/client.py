"""What a play page shows a table through: :class:`TableClient`, and the in-kernel table.

A play page never reads a game state. It asks a *table client* what one seat may know
(:meth:`~TableClient.view`, the engine's view of that seat), for the table's log as the screen
reads it, for the cards laid face up, and it sends a seat's action as *text*
(:meth:`~TableClient.act`); the panels draw what comes back (:mod:`kayalib.ui.screen`).

:class:`LocalTable` is the client of a :class:`kayalib.table.Table` in this kernel, and it also
holds the owner's controls that only the page owning the table has: a new game, undo, the bots'
pacing. A table that lives elsewhere (a class table on the server) is another client: its seat
sends an action's text and receives its view (``View.to_json`` / ``View.from_json``), and the
same panels draw it. Two things a seat's view does not carry yet, and that such a client would
get from the table as well: the hands laid face up (:meth:`~TableClient.laid`; a Blef check
shows every hand, the end of Aku Paling Kaya every hand) and, for Blef, how many cards each seat
was dealt (a view's deal hides the other hands, sizes included, so the log reads the table's).

>>> from kayalib.table import PERSON, Table
>>> client = LocalTable(Table("blef", [PERSON, "odds"], seed=7))
>>> client.seats, [str(a) for a in client.view(0).legal_actions()[:1]]
(('human', 'odds'), ['high-card 9'])
>>> client.act(0, "pair A"); client.bot_due
True
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from typing import Any, Protocol

from kayalib.engine import Event, State, Step, View
from kayalib.table import Table

__all__ = ["Laid", "LocalTable", "TableClient"]

Laid = tuple[tuple[Any, ...] | None, ...] | None
"""The hands every seat has laid face up for all to see now (by seat; ``None`` for a seat whose
hand is not shown), or ``None``."""


class TableClient(Protocol):
    """A table as a page sees it. Seats are numbered from 0; ``seats[s]`` is ``"human"`` for a
    person or the name of the bot playing seat ``s``."""

    @property
    def game(self) -> str:
        """The game's name in :mod:`kayalib.registry`."""
        ...

    @property
    def seats(self) -> tuple[str, ...]: ...

    def view(self, seat: int) -> View:
        """What ``seat`` may know now."""
        ...

    def log(self) -> Sequence[Event]:
        """The table's log as a screen reads it (the narrator tells each seat only its part)."""
        ...

    def laid(self) -> Laid:
        """The hands laid face up now, or ``None``."""
        ...

    def news(self, people: Collection[int]) -> int:
        """Where the news starts in :meth:`log` for the people at a screen: after the last
        earlier moment one of them had a choice to make (a showdown stays until their next
        decision; a forced move, made for them at once, is no such moment)."""
        ...

    def act(self, seat: int, action: str) -> None:
        """``seat`` does ``action`` (its text): IllegalActionError (with the refusal) or
        ParseError, and nothing changes, when the table refuses it."""
        ...


class LocalTable:
    """The client of a :class:`~kayalib.table.Table` in this kernel, with the owner's controls.

    ``laid(state)`` says which hands a state shows face up (each game's panels know).
    """

    def __init__(self, table: Table, laid: Callable[[Any], Laid] = lambda _state: None) -> None:
        self.table = table
        self._laid = laid

    # -- what any page may ask (TableClient) -----------------------------------------------------

    @property
    def game(self) -> str:
        return self.table.game.name

    @property
    def seats(self) -> tuple[str, ...]:
        return self.table.seats

    def view(self, seat: int) -> View:
        return self.table.view(seat)

    def log(self) -> Sequence[Event]:
        return self.table.state.events

    def laid(self) -> Laid:
        return self._laid(self.table.state)

    def news(self, people: Collection[int]) -> int:
        for state in reversed(self.table.states[:-1]):
            if state.current_player in people and state.forced_action() is None:
                return len(state.events)  # a forced move (made for them at once) is no moment
        return 0

    def act(self, seat: int, action: str) -> None:
        self.table.act(seat, action)

    # -- the owner's controls ---------------------------------------------------------------------

    @property
    def states(self) -> list[State[Any, Any]]:
        """The states of the current game, oldest first (undo shortens the list)."""
        return self.table.states

    @property
    def state(self) -> State[Any, Any]:
        return self.table.state

    @property
    def bot_due(self) -> bool:
        """Whether a paced bot move is due."""
        return self.table.bot_due

    def advance(self) -> Step[Any] | None:
        """Make the bot move that is due."""
        return self.table.advance()

    def run(self) -> None:
        """Every bot move until a person must decide or the game is over."""
        self.table.run()

    def undo_target(self) -> int | None:
        return self.table.undo_target()

    def undo(self) -> None:
        self.table.undo()
