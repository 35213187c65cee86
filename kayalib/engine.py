"""The contract every kayalib game keeps: a state, a view, an event and a bot.

Both games (:mod:`kayalib.blef`, :mod:`kayalib.kaya`) satisfy these protocols with the same
signatures and meanings, so a notebook, a bot, the simulation loop or the apps that know one
game know the other; a third game implements the same four protocols and registers itself in
:mod:`kayalib.registry`. ``tests/test_contract.py`` runs one random-play test over every game.

State (immutable; OpenSpiel's verbs, PokerKit's "verify, can, do")
    ``State.new(rules=None, seed=None)`` starts a game (``seed=None`` draws a fresh 64-bit seed).
    ``current_player`` is the seat to act, ``None`` once ``is_terminal``. ``legal_actions()``
    lists what that seat may do. ``refusal(action, *, seat=None)`` is the reason an action is
    refused, in words a student can read, or ``None``; ``can_apply`` is its boolean;
    ``apply(action, *, seat=None)`` returns the next state or raises
    :class:`~kayalib.errors.IllegalActionError` with that same reason (the state it was called on
    never changes). ``seat``, when given, must be the seat to act. Text is parsed into an
    action. ``returns()`` is a tuple with one number per seat (1.0 for each winner at the end).
    ``events`` is the full log (every hidden card, and the seed in the start event);
    ``moves`` the ``(seat, action)`` pairs played so far; ``view(seat)`` what one seat may know,
    :class:`~kayalib.errors.SeatError` for a seat that is not at the table.

View (what a bot or a player is handed)
    ``seat``, ``players``, ``current_player``, ``is_terminal``, ``legal_actions()`` (empty
    unless it is this seat's turn) and ``events``, this seat's part of the log. A view holds
    nothing from which a hidden card or a future chance outcome can be computed: no seed, no
    random generator, no other seat's hidden card, and no position that only some hidden cards
    cause (another seat's view of a power decision looks the same whatever the card is).

Event (one frozen record of the log)
    ``kind`` names it; ``to_json()`` is its JSON Lines record; ``visible_to(seat)`` says whether
    ``seat`` may see all of it; ``seen_by(seat)`` is what ``seat`` sees: the event itself, a copy
    with the hidden parts removed, or ``None`` (another seat's private event).

Bot
    ``name``; ``policy(view)`` maps each action it may take to the exact probability it takes it
    (a deterministic bot gives 1.0 to its move); ``choose(view, rng)`` picks an action with
    exactly those probabilities, drawing chance only from ``rng``. ``policy`` is what Bayesian
    inference uses as a likelihood and what exploitability is computed from, so it must be exact.

Chance is seeded and explicit (see :mod:`kayalib.seeds`): the same seed and the same actions give
the same game, byte for byte in the full log, but no seat can reproduce it from its view.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar, Protocol, TypeVar, runtime_checkable

__all__ = ["Bot", "Event", "GameState", "View", "sample"]

ActionT = TypeVar("ActionT")
StateT = TypeVar("StateT", bound="GameState")
ViewT = TypeVar("ViewT", contravariant=True)


@runtime_checkable
class Event(Protocol):
    """One frozen record of a game's log."""

    kind: ClassVar[str]

    def to_json(self) -> dict[str, Any]:
        """The JSON Lines record of the event."""
        ...

    def visible_to(self, seat: int) -> bool:
        """Whether ``seat`` may see the whole event (hidden cards included)."""
        ...

    def seen_by(self, seat: int) -> Event | None:
        """What ``seat`` may see: the event, a copy without the hidden parts, or ``None``."""
        ...


@runtime_checkable
class View(Protocol):
    """What one seat may know at one moment."""

    seat: int

    @property
    def players(self) -> int: ...

    @property
    def current_player(self) -> int | None: ...

    @property
    def is_terminal(self) -> bool: ...

    @property
    def events(self) -> tuple[Event, ...]: ...

    def legal_actions(self) -> tuple[Any, ...]:
        """This seat's legal actions now (empty when it is not this seat's turn)."""
        ...


@runtime_checkable
class GameState(Protocol):
    """One immutable moment of a game."""

    @property
    def players(self) -> int: ...

    @property
    def current_player(self) -> int | None: ...

    @property
    def is_terminal(self) -> bool: ...

    @property
    def events(self) -> tuple[Event, ...]: ...

    @property
    def moves(self) -> tuple[tuple[int, Any], ...]: ...

    def legal_actions(self) -> tuple[Any, ...]: ...

    def refusal(self, action: Any, *, seat: int | None = None) -> str | None: ...

    def can_apply(self, action: Any, *, seat: int | None = None) -> bool: ...

    def apply(self: StateT, action: Any, *, seat: int | None = None) -> StateT: ...

    def returns(self) -> tuple[float, ...]: ...

    def view(self, seat: int) -> View: ...


@runtime_checkable
class Bot(Protocol[ViewT]):
    """A player that sees only views."""

    name: str

    def policy(self, view: ViewT) -> Mapping[Any, float]:
        """Each action the bot may take now, with the exact probability that it takes it."""
        ...

    def choose(self, view: ViewT, rng: random.Random) -> Any:
        """One action, drawn with the probabilities of :meth:`policy` from ``rng``."""
        ...


def sample(policy: Mapping[ActionT, float], rng: random.Random) -> ActionT:
    """An action drawn from ``policy`` with one ``rng.random()`` (a sure action draws nothing).

    >>> sample({"a": 1.0}, random.Random(0))
    'a'
    >>> sorted({sample({"a": 0.5, "b": 0.5}, random.Random(i)) for i in range(20)})
    ['a', 'b']
    """
    items = list(policy.items())
    if len(items) == 1:
        return items[0][0]
    point = rng.random() * sum(p for _, p in items)
    for action, p in items:
        point -= p
        if point < 0:
            return action
    return next(action for action, p in reversed(items) if p > 0)
