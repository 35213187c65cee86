"""Every error kayalib raises for bad input: one small hierarchy, all ``ValueError`` (python-chess).

The same mistake raises the same class in both games: text that names no card, bid or action is
a :class:`ParseError`; an action the rules do not allow now is an :class:`IllegalActionError`
(its :class:`~kayalib.engine.Refusal` says why, as data the pages put in words); options that
cannot make a game are a :class:`RulesError`.

>>> issubclass(IllegalActionError, ValueError), issubclass(UnknownBotError, UnknownNameError)
(True, True)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from kayalib.engine import Refusal

__all__ = [
    "AddressError",
    "ArgumentError",
    "BotFault",
    "BotFileError",
    "ClassUnreachableError",
    "IllegalActionError",
    "InstallError",
    "KayalibError",
    "OutputError",
    "ParseError",
    "ReplayError",
    "RulesError",
    "SeatError",
    "SeedError",
    "ServerStopping",
    "UnknownBotError",
    "UnknownGameError",
    "UnknownLanguageError",
    "UnknownNameError",
    "UsageError",
]


class KayalibError(ValueError):
    """Base class of every error kayalib raises for bad input or a refused action."""


class ParseError(KayalibError):
    """Text (or an object) that names no card, bid, action, log record or token."""


class IllegalActionError(KayalibError):
    """An action the rules do not allow now; the state it was tried on is unchanged.

    ``refusal`` is the :class:`~kayalib.engine.Refusal` (a code and its parameters, which pages
    say in the reader's language), or a sentence a page wrote already; ``str()`` is its English
    for developers.
    """

    def __init__(self, refusal: Refusal | str) -> None:
        super().__init__(str(refusal))
        self.refusal = refusal

    def __reduce__(self) -> tuple[type[IllegalActionError], tuple[Refusal | str]]:
        return (type(self), (self.refusal,))


class RulesError(KayalibError):
    """Options or a position that cannot make a game (too many players, a card in two hands)."""


class SeatError(KayalibError):
    """A seat that is not at the table (a view asked for seat 7 of a 4-player game)."""


class SeedError(KayalibError):
    """A seed (or student number) outside its range; see :mod:`kayalib.seeds`."""


class ArgumentError(KayalibError):
    """Any other argument a function cannot take (a count out of range, a wrong type)."""


class UnknownNameError(KayalibError):
    """A name that is not in one of kayalib's registries."""


class UnknownGameError(UnknownNameError):
    """A game name that is not in :data:`kayalib.registry.GAMES`."""


class UnknownBotError(UnknownNameError):
    """A bot name that is not in the game's registry."""


class UnknownLanguageError(UnknownNameError):
    """A language that has no catalogue."""


class ReplayError(KayalibError):
    """A saved log that the engine does not reproduce (another deal, outcome or rule)."""


class BotFileError(KayalibError):
    """A student's bot file that cannot play (no ``GAME``, no ``Bot``, not a file...)."""


class UsageError(KayalibError):
    """A command line that does not make sense (the command prints it and exits with 2)."""


class OutputError(KayalibError):
    """Output that cannot be written (a full disk, a closed standard output)."""


class AddressError(KayalibError):
    """A value of a page's address that is not one of its choices (or is far too long)."""


class ClassUnreachableError(KayalibError, OSError):
    """The class service did not answer a page's kernel (or answered something that is not
    JSON), or the page is not served by a class server (:mod:`kayalib.pages.classroom`): a
    network failure, so an ``OSError`` too."""


class InstallError(KayalibError):
    """An install that lacks what a command needs: the notebooks the package ships, or an
    extra (``kayalib[app]``, ``kayalib[class]``, ``kayalib[print]``) and what it needs."""


class BotFault(KayalibError):
    """A student's bot that cannot go on with its game (:mod:`kayalib.sandbox`): ``reason`` (one
    of :data:`kayalib.sandbox.FAULTS`, or ``illegal``) and ``detail`` (what happened, in
    English, for the teacher and the student). The tournament counts it as a forfeit."""

    def __init__(self, reason: str, detail: str) -> None:
        super().__init__(detail)
        self.reason, self.detail = reason, detail

    def __reduce__(self) -> tuple[type[BotFault], tuple[str, str]]:
        return (type(self), (self.reason, self.detail))


class ServerStopping(KayalibError):
    """The server stops: a kernel's warm-up still waiting for its turn is not started
    (:mod:`kayalib.server.pools`)."""
