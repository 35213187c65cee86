"""The contract every kayalib game keeps, as code: a state, a view, an event, a bot, one turn loop.

A game supplies what is its own: its legal actions, why a non-legal action is refused, the
transition, and what one seat may know. Everything the games share is written here once:

State (immutable; OpenSpiel's verbs, PokerKit's "verify, can, do")
    ``current_player`` is the seat to act, ``None`` once ``is_terminal``; ``outcome`` is
    ``None`` until the end, then the :class:`Outcome` (winners and, where a game has points,
    scores). ``legal_actions()`` lists what the seat to act may do, each action once, in a stable
    order. ``refusal(action, *, seat=None)`` is why an action (or its text) is refused, as a
    :class:`Refusal` (a code and its parameters, which pages say in the reader's language), or
    ``None``; ``can_apply`` is its boolean; ``apply`` returns the next state or raises
    :class:`~kayalib.errors.IllegalActionError` carrying that refusal (the state it was called
    on never changes). An action is accepted only if it *equals* one of ``legal_actions()`` (or
    is text that parses to one), and the engine goes on with its own object: a forged or
    subclassed action object cannot slip through. ``forced_action()`` is the one legal action
    when there is no choice (every loop makes it at once, asking nobody). ``events`` is the full
    log (every hidden card, and the seed in the start event); ``moves`` the ``(seat, action)``
    pairs played; ``ply`` how many actions were applied since the first state; ``view(seat)``
    what one seat may know (:class:`~kayalib.errors.SeatError` for a seat not at the table).

View (what a bot or a player is handed)
    ``seat``, ``players``, ``current_player``, ``is_terminal``, ``outcome``,
    ``legal_actions()`` (empty unless it is this seat's turn) and ``events``, this seat's part of
    the log: exactly ``seen_by(seat)`` of every event, kept by one persistent :class:`Log`.
    ``to_json()`` is what crosses a process boundary (a sandboxed bot, a class table). A view
    holds nothing from which a hidden card or a future chance outcome can be computed: no seed,
    no random generator, no other seat's hidden card, and no phase that only some hidden cards
    cause.

Event (one frozen record of the log)
    ``kind`` names it; ``to_json()`` is its JSON Lines record; ``seen_by(seat)`` is what ``seat``
    sees: the event itself, a copy with the hidden parts removed, or ``None``.

Bot
    ``name``; ``policy(view)`` maps each action it may take to the exact probability it takes it;
    ``choose(view, rng)`` draws an action with exactly those probabilities from ``rng``.

The turn loop, :func:`turns`, is the one place where seats act in turn: simulations, the
tournament, the apps' tables and the lessons all iterate it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import (
    TYPE_CHECKING,
    Any,
    ClassVar,
    Generic,
    NamedTuple,
    Protocol,
    TypeAlias,
    TypeGuard,
    TypeVar,
)

from kayalib.errors import IllegalActionError, ParseError, SeatError

if TYPE_CHECKING:
    from typing import Self  # Python 3.11; annotations only, so 3.10 runs this module too

__all__ = [
    "Bot",
    "Chain",
    "Dice",
    "Event",
    "JSONRecord",
    "JSONValue",
    "Log",
    "Outcome",
    "Policy",
    "RawRecord",
    "Refusal",
    "SomeBot",
    "SomeState",
    "Start",
    "State",
    "Step",
    "View",
    "build",
    "evolve",
    "memo",
    "remember",
    "sample",
    "turns",
]

T = TypeVar("T")
ActionT = TypeVar("ActionT")
ActionCo = TypeVar("ActionCo", covariant=True)
ViewT = TypeVar("ViewT", bound="View[object]")
ViewC = TypeVar("ViewC", contravariant=True)

#: a JSON value as ``json.dumps`` writes it (a tuple as a list)
JSONValue: TypeAlias = (
    "None | bool | int | float | str | Sequence[JSONValue] | Mapping[str, JSONValue]"
)
#: a JSON object made to be written: a log line, a view as it crosses a process boundary
JSONRecord: TypeAlias = "dict[str, JSONValue]"
#: a JSON object as read (``json.loads``), unchecked: whoever reads a value checks it, and a
#: wrong one is a ParseError
RawRecord: TypeAlias = "Mapping[str, Any]"

#: the state of some game, as code that plays every game holds it (the table, simulations, the
#: registry: which game, and so which actions and views, is known only when the program runs)
SomeState: TypeAlias = "State[Any, Any]"
#: a bot of some game (a seat of such code)
SomeBot: TypeAlias = "Bot[Any, Any]"
StateT = TypeVar("StateT", bound=SomeState)
#: what a refusal's parameters hold: seats (0-based, ``None`` for no seat) and texts
RefusalParam: TypeAlias = "int | str | None"


# ---- refusals: data, not prose ------------------------------------------------------------------


@dataclass(frozen=True)
class Refusal:
    """Why an action is refused: a ``code`` and its parameters (seats 0-based, actions as text).

    ``str()`` is English for developers; pages say it in the reader's language from the
    catalogue key ``refusal.<code>`` with the seats as players see them ("Player 2").

    >>> why = Refusal.of("not_your_turn", "it is seat {current}'s turn, not seat {seat}'s",
    ...                  current=0, seat=1)
    >>> str(why), why["seat"], why.code
    ("it is seat 0's turn, not seat 1's", 1, 'not_your_turn')
    """

    code: str
    params: tuple[tuple[str, RefusalParam], ...]
    english: str

    @classmethod
    def of(cls, code: str, english: str, **params: RefusalParam) -> Refusal:
        return cls(code, tuple(sorted(params.items())), english)

    def __getitem__(self, name: str) -> RefusalParam:
        return dict(self.params)[name]

    def as_dict(self) -> dict[str, RefusalParam]:
        return dict(self.params)

    def __str__(self) -> str:
        return self.english.format(**dict(self.params))


def _unreadable(error: ParseError) -> Refusal:
    return Refusal.of("unreadable", "{why}", why=str(error))


# ---- events and the persistent per-seat log -----------------------------------------------------


class Event:
    """Base of every log event. ``public`` events are seen whole by every seat (no
    ``seen_by`` call needed); the others say what each seat sees in :meth:`seen_by`.

    A secret event that every seat but one sees the same way names that one seat as its
    ``owner`` (``None``: no seat sees it whole); one that seats see in different ways (a Blef
    deal) sets ``uniform = False``. The log then asks ``seen_by`` of one seat for all the
    others (the contract test checks every seat's log against ``seen_by`` of every event).
    """

    __slots__ = ()
    kind: ClassVar[str] = ""
    uniform: ClassVar[bool] = True
    if TYPE_CHECKING:
        # read only: a class constant for most events, a property where it depends on the
        # event (a card moved face up or face down)
        @property
        def public(self) -> bool: ...
    else:
        public = True  # a class attribute, not a property: the log reads it for every event

    @property
    def owner(self) -> int | None:
        """The one seat that sees this secret event whole, if any."""
        return None

    def to_json(self) -> JSONRecord:  # pragma: no cover - every event overrides
        raise NotImplementedError

    def seen_by(self, seat: int) -> Event | None:
        """What ``seat`` may see of this event (the event itself when it is public)."""
        return self

    def visible_to(self, seat: int) -> bool:
        """Whether ``seat`` may see the whole event (hidden cards included)."""
        return self.seen_by(seat) is self


class Start(Event):
    """The first event of every game's log: the ``seed`` that fixes all its chance (``None`` in
    a seat's log) and whether the game began from a chosen position (``rigged``). Each game's
    start event also says its rules."""

    __slots__ = ()
    seed: int | None
    rigged: bool


#: a persistent list of events: ``(batch, earlier)``, or ``None`` for the empty list
Node: TypeAlias = "tuple[tuple[Event, ...], Node] | None"


def _flatten(node: Node) -> tuple[Event, ...]:
    batches: list[tuple[Event, ...]] = []
    while node is not None:
        batches.append(node[0])
        node = node[1]
    if len(batches) == 1:
        return batches[0]
    return tuple([event for batch in reversed(batches) for event in batch])


class Chain:
    """One seat's log as a view holds it: read-only, compared by its events.

    ``items()`` is the whole list, oldest first (made once, when first asked for)."""

    __slots__ = ("_node", "_items")

    def __init__(self, events: Sequence[Event] = (), node: Node = None) -> None:
        self._node: Node = (tuple(events), node) if events else node
        self._items: tuple[Event, ...] | None = None

    def items(self) -> tuple[Event, ...]:
        items = self._items
        if items is None:
            items = self._items = _flatten(self._node)
        return items

    def __len__(self) -> int:
        return len(self.items())

    def last(self, count: int) -> tuple[Event, ...]:
        """The last ``count`` events (all of them if there are fewer), oldest first, read from
        the newest batches without making the whole list."""
        if self._items is not None:
            return self._items[max(0, len(self._items) - count) :]
        batches: list[tuple[Event, ...]] = []
        found, node = 0, self._node
        while node is not None and found < count:
            batches.append(node[0])
            found += len(node[0])
            node = node[1]
        events = tuple([event for batch in reversed(batches) for event in batch])
        return events[max(0, len(events) - count) :]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Chain) and self.items() == other.items()

    def __hash__(self) -> int:
        return hash(self.items())

    def __reduce__(self) -> tuple[type[Chain], tuple[tuple[Event, ...]]]:
        return (Chain, (self.items(),))


class Log:
    """The full log and each seat's part of it (``seen_by(seat)`` of every event, ``None``
    dropped), extended together: the one place a seat's log is made. Persistent: extending
    shares the past, so every state of a game keeps its own log for the price of its events.

    >>> from kayalib.blef.events import BidEvent, StartEvent
    >>> from kayalib.blef.bids import Bid
    >>> log = Log.begin(2, [StartEvent(2, "classic", 11, seed=5)])
    >>> log = log.extend([BidEvent(1, 0, Bid.parse("pair K"))])
    >>> [e.kind for e in log.events], log.seen_by(1).items()[0].seed, log.events[0].seed
    (['start', 'bid'], None, 5)
    """

    __slots__ = ("_full", "_seats", "_events")

    def __init__(self, full: Node, seats: tuple[Node, ...]) -> None:
        self._full, self._seats = full, seats
        self._events: tuple[Event, ...] | None = None

    @classmethod
    def begin(cls, players: int, events: Sequence[Event]) -> Log:
        return cls(None, (None,) * players).extend(events)

    def extend(self, events: Sequence[Event]) -> Log:
        """This log with ``events`` appended to the full log and, as each seat sees them, to
        each seat's."""
        batch = tuple(events)
        if not batch:
            return self
        full = (batch, self._full)
        secret = [i for i, event in enumerate(batch) if not event.public]
        if not secret:
            return Log(full, tuple([(batch, node) for node in self._seats]))
        secret.reverse()  # so that deleting an event keeps the places of those before it
        owners = {batch[i].owner for i in secret}
        players = len(self._seats)
        if len(owners) == 1 and players > 1 and all(batch[i].uniform for i in secret):
            owner = owners.pop()  # every seat but the owner sees the batch the same way
            other = 1 if owner == 0 else 0
            others = _seen(batch, secret, other)
            mine = others if owner is None else _seen(batch, secret, owner)
            return Log(full, tuple([
                (mine if seat == owner else others, node) if (mine if seat == owner else others)
                else node
                for seat, node in enumerate(self._seats)
            ]))  # fmt: skip
        return Log(full, tuple([
            (seen, node) if (seen := _seen(batch, secret, seat)) else node
            for seat, node in enumerate(self._seats)
        ]))  # fmt: skip

    @property
    def events(self) -> tuple[Event, ...]:
        """The full log, oldest first."""
        events = self._events
        if events is None:
            events = self._events = _flatten(self._full)
        return events

    @property
    def players(self) -> int:
        return len(self._seats)

    def seen_by(self, seat: int) -> Chain:
        """Seat ``seat``'s part of the log (holding nothing the seat may not see)."""
        return Chain((), self._seats[seat])

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Log) and self.events == other.events

    def __hash__(self) -> int:
        return hash(self.events)

    def __reduce__(self) -> tuple[Callable[[int, tuple[Event, ...]], Log], tuple[object, ...]]:
        return (_log_from_events, (len(self._seats), self.events))


def _seen(batch: tuple[Event, ...], secret: list[int], seat: int) -> tuple[Event, ...]:
    """What ``seat`` sees of ``batch`` (``secret``: the places of its secret events, last
    first)."""
    seen = list(batch)
    for i in secret:
        part = batch[i].seen_by(seat)
        if part is None:
            del seen[i]
        else:
            seen[i] = part
    return tuple(seen)


def _log_from_events(players: int, events: tuple[Event, ...]) -> Log:
    return Log.begin(players, events)


# ---- outcomes, states, views ---------------------------------------------------------------


@dataclass(frozen=True)
class Outcome:
    """How a game ended: the ``winners`` (equal best share the win) and, in a game with points,
    every seat's ``scores``."""

    winners: tuple[int, ...]
    scores: tuple[int, ...] | None = None

    def returns(self, players: int) -> tuple[float, ...]:
        """1.0 for each winner, 0.0 for every other seat."""
        return tuple(1.0 if seat in self.winners else 0.0 for seat in range(players))

    def to_json(self) -> JSONRecord:
        record: JSONRecord = {"winners": list(self.winners)}
        if self.scores is not None:
            record["scores"] = list(self.scores)
        return record

    @classmethod
    def from_json(cls, record: RawRecord | None) -> Outcome | None:
        if record is None:
            return None
        scores = record.get("scores")
        return cls(tuple(record["winners"]), None if scores is None else tuple(scores))


_CACHES: set[str] = set()  # the names memo() keeps on objects (evolve drops them)

if TYPE_CHECKING:
    from dataclasses import replace as evolve
else:

    def evolve(obj, /, **changes):
        """A copy of frozen dataclass ``obj`` with ``changes`` (``dataclasses.replace`` for the
        type checker, which checks every field's type; here a dictionary copy, without
        ``__init__``, and without the caches :func:`memo` kept on ``obj``)."""
        new = object.__new__(type(obj))
        fields = obj.__dict__.copy()
        for name in _CACHES:
            fields.pop(name, None)
        fields.update(changes)
        object.__setattr__(new, "__dict__", fields)
        return new


def build(cls: type[T], fields: dict[str, object]) -> T:
    """A frozen dataclass instance of ``cls`` with exactly ``fields`` (every field, by name),
    made without ``__init__``: for the objects made at every move (views), as :func:`evolve`."""
    new = object.__new__(cls)
    object.__setattr__(new, "__dict__", fields)
    return new


def memo(obj: object, name: str, compute: Callable[[], T]) -> T:
    """``compute()``, kept on the frozen ``obj`` as ``name`` (a name starting with ``_``): a
    cache, never compared, never copied by :func:`evolve`, never pickled."""
    fields = obj.__dict__
    try:
        return fields[name]
    except KeyError:
        _CACHES.add(name)
        value = fields[name] = compute()
        return value


def remember(obj: object, name: str, value: T) -> T:
    """Keep ``value`` on the frozen ``obj`` as the cache ``name``, as :func:`memo` would."""
    _CACHES.add(name)
    obj.__dict__[name] = value
    return value


def check_seat(seat: object, players: int) -> int:
    """``seat`` if it is a seat of a ``players``-player game, else :class:`SeatError`."""
    if type(seat) is not int or not 0 <= seat < players:
        raise SeatError(f"no seat {seat!r} in a {players}-player game")
    return seat


class View(Generic[ActionCo]):
    """What one seat may know. Each game's view is a frozen dataclass with at least ``seat``,
    ``current_player``, ``outcome``, ``players`` and ``chain`` (the seat's part of the log);
    ``ActionCo`` is the type of the game's actions."""

    seat: int
    current_player: int | None
    outcome: Outcome | None
    chain: Chain

    @property
    def players(self) -> int:  # pragma: no cover - every view defines it
        raise NotImplementedError

    @property
    def is_terminal(self) -> bool:
        return self.outcome is not None

    @property
    def is_my_turn(self) -> bool:
        return self.current_player == self.seat and self.outcome is None

    @property
    def events(self) -> tuple[Event, ...]:
        """This seat's log: exactly ``seen_by(seat)`` of every event so far."""
        return self.chain.items()

    def legal_actions(self) -> tuple[ActionCo, ...]:  # pragma: no cover - every view defines it
        raise NotImplementedError

    def to_json(self) -> JSONRecord:  # pragma: no cover - every view defines it
        raise NotImplementedError

    @classmethod
    def from_json(cls, record: RawRecord) -> Self:  # pragma: no cover - every view defines it
        """The view a :meth:`to_json` record stands for; ParseError for anything else."""
        raise NotImplementedError


class Dice(Protocol):
    """Where a game's chance comes from: ``stream(name)`` is a fresh draw function of the named
    stream (``draw(n)`` is a number in ``range(n)``; the stream's draws come in order). A game
    draws from its seed; a test or a solver may hand it other dice to take chance outcomes
    one by one (``tests/openspiel_games.py``)."""

    def stream(self, name: str) -> Callable[[int], int]: ...


class State(Generic[ActionT, ViewT]):
    """The verbs every game's state shares, written once. A game's state is a frozen dataclass
    with the fields ``seed``, ``ply``, ``log`` and ``outcome`` and supplies ``players``,
    ``current_player``, :meth:`legal_actions`, :meth:`parse_action`, ``_after`` (the transition
    for a legal action), ``_why_not`` (the refusal of an action that is not legal) and
    ``_view``."""

    seed: int
    ply: int
    log: Log
    outcome: Outcome | None
    dice: Dice | None
    #: the game's name in :mod:`kayalib.registry`
    game_name: ClassVar[str] = ""
    #: the game's name for people
    title: ClassVar[str] = ""
    #: the classes of the game's actions
    action_types: ClassVar[tuple[type, ...]] = ()

    # -- what each game supplies (``current_player`` too) ------------------------------------------

    current_player: int | None

    @property
    def players(self) -> int:  # pragma: no cover
        raise NotImplementedError

    def legal_actions(self) -> tuple[ActionT, ...]:  # pragma: no cover
        raise NotImplementedError

    @classmethod
    def parse_action(cls, text: object) -> ActionT:  # pragma: no cover
        """An action of this game from its text (an action object is returned as it is);
        :class:`~kayalib.errors.ParseError` for anything else."""
        raise NotImplementedError

    def _after(self, action: ActionT) -> Self:  # pragma: no cover
        raise NotImplementedError

    def _why_not(self, action: ActionT) -> Refusal:  # pragma: no cover
        raise NotImplementedError

    def _view(self, seat: int) -> ViewT:  # pragma: no cover
        raise NotImplementedError

    def _seeded(self, stream: str) -> Callable[[int], int]:  # pragma: no cover
        """The draws of ``stream`` fixed by the seed."""
        raise NotImplementedError

    def draw_from(self, stream: str) -> Callable[[int], int]:
        """The chance draws of ``stream``: from :attr:`dice` when the state was given dice,
        else fixed by the seed (the same seed, the same game)."""
        if self.dice is not None:
            return self.dice.stream(stream)
        return self._seeded(stream)

    @classmethod
    def moves_from_events(cls, events: Sequence[Event]) -> tuple[tuple[int, ActionT], ...]:
        """The ``(seat, action)`` pairs a log records, in order."""
        raise NotImplementedError  # pragma: no cover

    def is_action(self, action: object) -> TypeGuard[ActionT]:
        """Whether ``action`` is an object of one of the game's action classes (legal or not)."""
        return isinstance(action, self.action_types)

    # -- what every game shares ------------------------------------------------------------------

    @property
    def is_terminal(self) -> bool:
        return self.outcome is not None

    @property
    def events(self) -> tuple[Event, ...]:
        """The full log (hidden cards and the seed included), oldest first."""
        return self.log.events

    @property
    def moves(self) -> tuple[tuple[int, ActionT], ...]:
        """Every ``(seat, action)`` of the game so far, in order (read from the log)."""
        return memo(self, "_moves", lambda: self.moves_from_events(self.events))

    def returns(self) -> tuple[float, ...]:
        """1.0 for each winner and 0.0 for every other seat; all 0.0 until the end."""
        if self.outcome is None:
            return (0.0,) * self.players
        return self.outcome.returns(self.players)

    def forced_action(self) -> ActionT | None:
        """The only legal action when there is no choice (``None`` otherwise, or at the end)."""
        legal = self.legal_actions()
        return legal[0] if len(legal) == 1 else None

    def decides_in_secret(self) -> bool:
        """Whether merely pausing before this decision would tell the table something (a bot
        then decides at once; Aku Paling Kaya's power step)."""
        return False

    def _same_object(self, action: object) -> ActionT | None:
        """``action`` if it is one of :meth:`legal_actions` itself (found by identity: comparing
        actions field by field costs far more, and bots hand back the engine's own objects)."""
        for option in self.legal_actions():
            if option is action:
                return option
        return None

    def legal_match(self, action: object) -> ActionT | None:
        """The legal action equal to ``action`` (or to the action its text names), or ``None``;
        :class:`~kayalib.errors.ParseError` for text that names no action of the game."""
        legal = self.legal_actions()
        try:
            return legal[legal.index(action)]
        except ValueError:
            pass
        if isinstance(action, str):
            parsed = self.parse_action(action)
            try:
                return legal[legal.index(parsed)]
            except ValueError:
                pass
        return None

    def refusal(self, action: object, *, seat: int | None = None) -> Refusal | None:
        """Why ``action`` (or its text) would be refused now (by ``seat``, if given), or
        ``None`` if :meth:`apply` would take it."""
        try:
            match = self.legal_match(action)
        except ParseError as error:
            return _unreadable(error)
        if self.outcome is not None:
            return Refusal.of("game_over", "the game is over; {action} is not possible",
                              action=str(action))  # fmt: skip
        if seat is not None and seat != self.current_player:
            return Refusal.of("not_your_turn", "it is seat {current}'s turn, not seat {seat}'s",
                              current=self.current_player, seat=seat)  # fmt: skip
        if match is not None:
            return None
        parsed = self.parse_action(action) if isinstance(action, str) else action
        if not self.is_action(parsed):
            return Refusal.of("not_an_action", "not an action of {game}: {action}",
                              game=self.title, action=repr(action))  # fmt: skip
        return self._why_not(parsed)

    def can_apply(self, action: object, *, seat: int | None = None) -> bool:
        """Whether :meth:`apply` would take ``action`` (by ``seat``, if given)."""
        return self.refusal(action, seat=seat) is None

    def checked(self, action: object, *, seat: int | None = None) -> ActionT:
        """The legal action :meth:`apply` goes on with for ``action`` (the engine's own object,
        equal to it); ParseError for text that names no action, IllegalActionError (with
        :meth:`refusal`) for an action that is refused."""
        option = self._same_object(action)  # the usual case: one of legal_actions() itself
        if option is None:
            option = self.legal_match(action)
        if option is None or (seat is not None and seat != self.current_player):
            why = self.refusal(action, seat=seat)
            assert why is not None  # no legal action matches, or it is not the seat's turn
            raise IllegalActionError(why)
        return option

    def apply(self, action: object, *, seat: int | None = None) -> Self:
        """The state after the current player's ``action`` (or its text); ``seat``, if given,
        must be the seat to act. Text that names no action raises ParseError; a refused action
        raises IllegalActionError with :meth:`refusal`. This state never changes."""
        return self._after(self.checked(action, seat=seat))

    def step(self, action: object, *, seat: int | None = None,
             forced: bool = False) -> Step[Self]:  # fmt: skip
        """:meth:`apply` as a :class:`Step`: this state, the seat that acted, the engine's own
        action (:meth:`checked`) and the next state; refused as :meth:`apply` refuses."""
        option = self.checked(action, seat=seat)
        mover = self.current_player
        assert mover is not None
        return Step(self, mover, option, forced, self._after(option))

    def __getstate__(self) -> dict[str, object]:
        return {name: value for name, value in self.__dict__.items() if name not in _CACHES}

    def view(self, seat: int) -> ViewT:
        """What ``seat`` may know now (no seed, no other seat's hidden card)."""
        return self._view(check_seat(seat, self.players))

    def log_lines(self) -> list[str]:
        """The full log as JSON Lines text (see :mod:`kayalib.log`)."""
        from kayalib.log import log_lines

        return log_lines(self.events)


# ---- bots and the one turn loop -----------------------------------------------------------------


class Policy(Protocol[ViewC, ActionT]):
    """A way of playing: in a view (``ViewC``), the exact probability of each action
    (``ActionT``); what a model of an opponent asks of a bot."""

    def policy(self, view: ViewC) -> Mapping[ActionT, float]:
        """Each action the bot may take now, with the exact probability that it takes it."""
        ...


class Bot(Policy[ViewC, ActionT], Protocol[ViewC, ActionT]):
    """A player that sees only views (``ViewC``) and answers with actions (``ActionT``)."""

    name: str

    def choose(self, view: ViewC, rng: random.Random) -> ActionT:
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


class Step(NamedTuple, Generic[StateT]):
    """One action of the turn loop: ``seat`` did ``action`` (``forced``: it had no choice) to
    ``before``, giving ``state``; ``action`` is the engine's own object, one of the game's
    actions."""

    before: StateT
    seat: int
    action: object
    forced: bool
    state: StateT


def turns(
    state: StateT,
    bots: Sequence[SomeBot | None],
    rng: Callable[[StateT, int], random.Random] | None = None,
) -> Iterator[Step[StateT]]:
    """Play on from ``state``, one :class:`Step` at a time: a forced move is made at once (no
    seat is asked), a seat with a bot is asked through its view; the loop ends when the game
    does, or when a seat without a bot (a person, a remote seat) must decide.

    ``bots`` holds a bot of the game (of its views and actions: a bot of any game is welcome
    here, so the checker cannot pair them) or ``None`` for each seat. ``rng(state, seat)``
    gives each bot its generator; by default :func:`kayalib.seeds.bot_rng`
    of the game's seed, the seat and the step, so the same seed plays the same game, and nothing
    reachable from the generator holds the seed. A bot whose ``draws`` is False (one that never
    draws) is handed :data:`kayalib.seeds.NO_DRAWS` instead, which refuses to draw. A bot's
    answer is checked by value like any action (:meth:`State.apply`).

    >>> from kayalib.registry import game, make_bot
    >>> start = game("blef").state.new(seed=7)
    >>> steps = list(turns(start, [make_bot("blef", "odds")] * start.players))
    >>> steps[-1].state.is_terminal, steps[0].before is start
    (True, True)
    """
    from kayalib.seeds import NO_DRAWS, bot_rng

    if rng is None:

        def rng(at: StateT, seat: int) -> random.Random:
            return bot_rng(at.seed, seat, at.ply)

    while state.outcome is None:
        seat = state.current_player
        assert seat is not None
        action = state.forced_action()
        forced = action is not None
        if not forced:
            bot = bots[seat]
            if bot is None:
                return
            dice = rng(state, seat) if getattr(bot, "draws", True) else NO_DRAWS
            action = bot.choose(state._view(seat), dice)
        # State.step, written out: this loop plays every simulated move
        action = state.checked(action, seat=seat)
        after = state._after(action)
        yield Step(state, seat, action, forced, after)
        state = after
