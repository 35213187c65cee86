"""The options of a Blef game (``docs/RULES.md``, game 2): players, end mode, card limit.

>>> BlefRules(players=3).max_cards
7
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from kayalib.blef.cards import DECK
from kayalib.errors import RulesError

__all__ = [
    "DECK_SIZE", "MAX_PLAYERS", "MIN_PLAYERS", "MODES", "OPTION_CHOICES", "BlefRules",
    "describe_rules", "with_options",
]  # fmt: skip

MODES = ("classic", "deck")
"""End-of-game modes (RULES.md): ``classic`` (a card limit) or ``deck`` (until no card is left)."""
MIN_PLAYERS, MAX_PLAYERS = 2, 23
DECK_SIZE = len(DECK)


@dataclass(frozen=True)
class BlefRules:
    """The options of a Blef game (frozen, validated).

    ``mode`` is ``"classic"`` (a player whose count would exceed ``max_cards`` is eliminated;
    ``max_cards`` defaults to ``23 // players``) or ``"deck"`` (before each deal, while the counts
    add up to 24 or more, the player with the most cards is eliminated; ``max_cards`` is ``None``).

    >>> BlefRules(players=2).max_cards, BlefRules(players=4, mode="deck").max_cards
    (11, None)
    >>> BlefRules(players=4, max_cards=7)
    Traceback (most recent call last):
    ...
    kayalib.errors.RulesError: 4 players x 7 cards is more than the 24 cards in the deck
    """

    players: int = 4
    mode: str = "classic"
    max_cards: int | None = None

    def __post_init__(self) -> None:
        players = self.players
        if isinstance(players, bool) or not isinstance(players, int):
            raise RulesError(f"players must be a whole number, not {players!r}")
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise RulesError(f"Blef needs {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}")
        if self.mode not in MODES:
            raise RulesError(f"mode must be one of {', '.join(MODES)}, not {self.mode!r}")
        limit = self.max_cards
        if self.mode == "deck":
            if limit is not None:
                raise RulesError("max_cards is an option of classic mode only (deck mode has none)")
            return
        if limit is None:
            object.__setattr__(self, "max_cards", 23 // players)
            return
        if isinstance(limit, bool) or not isinstance(limit, int) or limit < 1:
            raise RulesError(f"max_cards must be a whole number of at least 1, not {limit!r}")
        if players * limit > DECK_SIZE:
            raise RulesError(
                f"{players} players x {limit} cards is more than the {DECK_SIZE} cards in the deck"
            )


#: The options a page address or a class table sets, by name (``None``: a number, checked):
#: the end mode, and the card limit of the classic mode (a lower one makes a shorter game).
OPTION_CHOICES: dict[str, tuple[str, ...] | None] = {"mode": MODES, "cards": None}


def with_options(rules: BlefRules, options: Mapping[str, str]) -> BlefRules:
    """``rules`` with the options ``mode`` and ``cards`` set; RulesError for values that make
    no game.

    >>> with_options(BlefRules(players=3), {"mode": "deck"}).max_cards is None
    True
    >>> with_options(BlefRules(players=3), {"cards": "2"}).max_cards
    2
    """
    if "mode" in options:
        if options["mode"] not in MODES:
            raise RulesError(f"the modes are {', '.join(MODES)}")
        rules = replace(rules, mode=options["mode"], max_cards=None)
    if options.get("cards"):
        text = options["cards"]
        if not (text.isascii() and text.isdigit() and 0 < len(text) <= 2):
            raise RulesError("the card limit is a whole number")
        rules = replace(rules, max_cards=int(text))
    return rules


def describe_rules(rules: BlefRules) -> dict[str, str]:
    """The options that give ``rules`` (:func:`with_options` of the default rules).

    >>> describe_rules(BlefRules(players=3, max_cards=2))
    {'mode': 'classic', 'cards': '2'}
    """
    found = {"mode": rules.mode}
    if rules.max_cards is not None:
        found["cards"] = str(rules.max_cards)
    return found
