"""The named errors kayalib raises. Every one is a ``ValueError``, as in python-chess."""


class KayalibError(ValueError):
    """Base class of every error kayalib raises for bad input or a refused action."""


class ParseError(KayalibError):
    """Text that does not name a card, a bid or an action."""


class IllegalActionError(KayalibError):
    """An action the rules do not allow now. The state it was tried on is left unchanged."""


class RulesError(KayalibError):
    """Rules options that cannot make a game (for example too many players for the deck)."""


class UnknownBotError(KayalibError):
    """A bot name that is not in the game's registry."""


class SeatError(KayalibError):
    """A seat that is not at the table (a view asked for seat 7 of a 4-player game)."""


class SeedError(KayalibError):
    """A seed that is not a whole number from 0 to ``kayalib.seeds.MAX_SEED``."""
