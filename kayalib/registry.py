"""Every game kayalib knows and every bot of each: one registry.

A game is a package ``kayalib.<name>`` whose ``game`` module has ``GAME`` (a :class:`Game`:
its state and rules classes and its log reader) and whose ``bots`` module has ``BOTS`` (bot
name -> a function making a fresh bot). The module :data:`LESSON_BOTS` names for a game adds
its ``LESSON_BOTS``: bots the lessons build on the kit's own (the lesson maths, above the games,
imported only when a lesson bot is asked for). :func:`make_bot` makes every bot by
name; :func:`bot_names` lists the lesson bots only when asked (``lessons=True``), so the play
apps, the tournament and the command line do not offer them. A third game registers itself by
adding its package to :data:`GAMES`.

>>> make_bot("blef", "odds").name, bot_names("kaya")
('odds', ('random', 'counter'))
>>> make_bot("kaya", "smart")
Traceback (most recent call last):
...
kayalib.errors.UnknownBotError: unknown Aku Paling Kaya bot 'smart'; the bots are random, counter
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeAlias, TypeVar

from kayalib.errors import RulesError, UnknownBotError, UnknownGameError

if TYPE_CHECKING:
    from kayalib.engine import Event, RawRecord, SomeBot, SomeState, View

__all__ = [
    "GAMES", "Game", "RuleOptions", "Rules", "SomeGame", "UnknownGameError", "bot_names", "game",
    "make_bot",
]  # fmt: skip

GAMES: dict[str, str] = {"blef": "kayalib.blef", "kaya": "kayalib.kaya"}
"""Game name -> the package that implements it."""
LESSON_BOTS: dict[str, str] = {"blef": "kayalib.lessons.maths.lesson_bots"}
"""Game name -> the module whose ``LESSON_BOTS`` names the lessons' bots of that game."""

class Rules(Protocol):
    """What code that plays any game reads of its rules."""

    @property
    def players(self) -> int: ...


StateT = TypeVar("StateT", bound="SomeState")
StateCo = TypeVar("StateCo", bound="SomeState", covariant=True)
RulesT = TypeVar("RulesT", bound=Rules)
RulesContra = TypeVar("RulesContra", contravariant=True)


class StateClass(Protocol[StateCo, RulesContra]):
    """What the registry asks of a game's state class (its states are ``StateCo``, made under
    rules ``RulesContra``)."""

    def new(self, rules: RulesContra | None = None, seed: int | None = None) -> StateCo: ...

    def parse_action(self, text: object) -> object: ...

    def moves_from_events(self, events: Sequence[Event]) -> Sequence[tuple[int, object]]: ...


@dataclass(frozen=True)
class RuleOptions(Generic[RulesT]):
    """A game's options as text, as a page address or a class table's form gives them:
    ``choices`` names each option and its values (``None``: any text ``apply`` accepts);
    ``apply(rules, options)`` gives ``rules`` with ``options`` set (RulesError for a value that
    makes no game); ``describe(rules)`` the options that give ``rules`` (those it can name)."""

    choices: Mapping[str, tuple[str, ...] | None]
    apply: Callable[[RulesT, Mapping[str, str]], RulesT]
    describe: Callable[[RulesT], dict[str, str]]


def _no_figures(_state: object, _seat: int) -> dict[str, int] | None:
    return None


@dataclass(frozen=True)
class Game(Generic[StateT, RulesT]):
    """What a game is, for everything that plays games without knowing which one: simulation,
    logs and replay, the command line, the tables, the contract test. Its states are
    ``StateT``, its rules ``RulesT``.

    ``state`` is the state class (``state.new(rules, seed)``, ``state.from_position(...)``,
    ``state.parse_action(text)``, ``state.moves_from_events(events)``); ``view`` the view class
    (``view.from_json(record)``); ``players`` the numbers of players the game allows;
    ``chance`` whether chance acts after the first state (a deal each round, a random take);
    ``example_actions`` texts of actions of the game, legal in some positions (the contract test
    tries them everywhere).
    """

    name: str
    title: str
    state: StateClass[StateT, RulesT]
    view: type[View[object]]
    players: range
    chance: bool
    example_actions: tuple[str, ...]
    rules_for_players: Callable[[int], RulesT]
    """The default rules for a number of players."""
    event_from_json: Callable[[RawRecord], Event]
    rules_from_start: Callable[[Event], RulesT]
    """The rules a start event records (ParseError for another event)."""
    length_name: str
    """What a game's length is counted in (``rounds``, ``turns``)."""
    length: Callable[[StateT], int]
    """The length of a finished game, from its final state."""
    options: RuleOptions[RulesT]
    """The game's options as text (:class:`RuleOptions`)."""
    stand_in: str = ""
    """The bot that plays a person's seat while they are away (a class table)."""
    seat_figures: Callable[[StateT, int], dict[str, int] | None] = _no_figures
    """A seat's own play figures in the game of a state (what its page may show its player
    only), or ``None`` for a game that counts none."""

    def parse_action(self, text: object) -> object:
        """An action of the game from its text (ParseError for text that names none)."""
        return self.state.parse_action(text)

    def rules_with(self, players: int, options: Mapping[str, str]) -> RulesT:
        """The default rules for ``players`` with ``options`` (:class:`RuleOptions`) set;
        RulesError for an option the game does not have or a value it does not offer.

        >>> game("blef").rules_with(4, {"cards": "2"}).max_cards
        2
        >>> game("kaya").rules_with(3, {"mode": "deck"})
        Traceback (most recent call last):
        ...
        kayalib.errors.RulesError: Aku Paling Kaya has no option 'mode'; its options are coins
        """
        choices = self.options.choices
        for name, value in options.items():
            if name not in choices:
                have = ", ".join(choices) or "none"
                raise RulesError(f"{self.title} has no option {name!r}; its options are {have}")
            offered = choices[name]
            if offered is not None and value not in offered:
                raise RulesError(f"the values of {name} are {', '.join(offered)}")
        return self.options.apply(self.rules_for_players(players), options)


#: some game, as code that plays every game holds it (which one is known when the program runs)
SomeGame: TypeAlias = "Game[Any, Any]"


def game(name: str) -> SomeGame:
    """The game registered as ``name`` (``blef`` or ``kaya``)."""
    package = GAMES.get(name) if isinstance(name, str) else None
    if package is None:
        raise UnknownGameError(f"unknown game {name!r}; the games are {', '.join(GAMES)}")
    found: SomeGame = importlib.import_module(f"{package}.game").GAME
    return found


#: makes a fresh bot of some game
BotMaker = Callable[[], "SomeBot"]


def _bots(name: str, lessons: bool = False) -> dict[str, BotMaker]:
    game(name)
    bots: dict[str, BotMaker] = importlib.import_module(f"{GAMES[name]}.bots").BOTS
    if lessons and name in LESSON_BOTS:
        return {**bots, **importlib.import_module(LESSON_BOTS[name]).LESSON_BOTS}
    return bots


def bot_names(game_name: str, *, lessons: bool = False) -> tuple[str, ...]:
    """The names of a game's bots, in the order the game lists them (``lessons``: with the
    lesson bots after them)."""
    return tuple(_bots(game_name, lessons))


def make_bot(game_name: str, name: str) -> SomeBot:
    """A fresh bot of ``game_name`` by name (any case), a lesson bot too;
    :class:`UnknownBotError` otherwise."""
    key = name.strip().lower() if isinstance(name, str) else name
    bots = _bots(game_name)
    factory = bots.get(key) if isinstance(key, str) else None
    if factory is None and isinstance(key, str):
        factory = _bots(game_name, lessons=True).get(key)
    if factory is None:
        raise UnknownBotError(
            f"unknown {game(game_name).title} bot {name!r}; the bots are {', '.join(bots)}"
        )
    return factory()
