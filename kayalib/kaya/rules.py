"""The rules object of Aku Paling Kaya (house rules in docs/RULES.md, game 1).

>>> rules = KayaRules()
>>> rules.players, [c.value for c in rules.colors]
(4, ['green', 'red', 'blue', 'pink'])
>>> rules.bonus_value(Card.parse("yellow-2")), rules.bonus_value(Card.parse("blue-8"))
(-1, 3)
>>> KayaRules(coins={n: n for n in range(1, 10)}).coin_value(7)
7
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace

from kayalib.errors import KayalibError, RulesError
from kayalib.kaya.cards import Card, Color, parse_color

__all__ = [
    "COIN_TABLES", "DEFAULT_COINS", "DEFAULT_COLORS", "OPTION_CHOICES", "KayaRules",
    "coin_table_name", "describe_rules", "with_options",
]  # fmt: skip

DEFAULT_COLORS: tuple[Color, ...] = (Color.GREEN, Color.RED, Color.BLUE, Color.PINK)
#: Coin value of numbers 1..9 (index 0 is number 1): 1-3 -> 1, 4-6 -> 2, 7-9 -> 3.
DEFAULT_COINS: tuple[int, ...] = (1, 1, 1, 2, 2, 2, 3, 3, 3)
#: The named coin tables (RULES.md option ``coins``): the coins of numbers 1-9.
COIN_TABLES: dict[str, tuple[int, ...]] = {
    "standard": DEFAULT_COINS,
    "number": (1, 2, 3, 4, 5, 6, 7, 8, 9),
    "flat": (1,) * 9,
}
#: The options a page address or a class table sets, by name: the coin table.
OPTION_CHOICES: dict[str, tuple[str, ...] | None] = {"coins": tuple(COIN_TABLES)}


def coin_table_name(coins: Sequence[int]) -> str | None:
    """The name of a coin table of :data:`COIN_TABLES`, or ``None`` for another table.

    >>> coin_table_name((1,) * 9), coin_table_name((2,) * 9)
    ('flat', None)
    """
    return next((name for name, table in COIN_TABLES.items() if table == tuple(coins)), None)


#: a coin table as given: the coins of numbers 1-9 in order, or by number (``"7"`` or ``7``)
Coins = Mapping[int, int] | Mapping[str, int] | Sequence[int]


def _normalize_coins(coins: Coins) -> tuple[int, ...]:
    if isinstance(coins, Mapping):
        try:
            by_number = {int(k): value for k, value in coins.items()}
        except (TypeError, ValueError):
            raise RulesError(f"coins must map the numbers 1-9 to coins, not {coins!r}") from None
        if len(by_number) != len(coins) or sorted(by_number) != list(range(1, 10)):
            raise RulesError("coins must give a value for each number 1-9 exactly once")
        values = [by_number[k] for k in range(1, 10)]
    elif isinstance(coins, Iterable) and not isinstance(coins, (str, bytes)):
        values = list(coins)
        if len(values) != 9:
            raise RulesError("coins must give a value for each number 1-9")
    else:
        raise RulesError(f"coins must be nine values or a mapping of 1-9 to values, not {coins!r}")
    for value in values:
        if type(value) is not int or value < 1:
            raise RulesError(f"coin values must be positive whole numbers, not {value!r}")
    return tuple(values)


@dataclass(frozen=True, init=False)
class KayaRules:
    """Which colours play (seat order = order given; 2-6 distinct) and the coin table (**option**).

    ``colors`` may be given as colours or their names; ``coins`` as a mapping
    ``{1: 1, ..., 9: 3}`` or a sequence of nine values. They are stored as a tuple of colours
    and a tuple of coins whose index 0 is number 1.
    """

    colors: tuple[Color, ...]
    coins: tuple[int, ...]

    def __init__(
        self, colors: Iterable[Color | str] = DEFAULT_COLORS, coins: Coins = DEFAULT_COINS
    ) -> None:
        if isinstance(colors, (str, Color)) or not isinstance(colors, Iterable):
            raise RulesError(f"colors must be a list of colours, not {colors!r}")
        try:
            parsed = tuple(parse_color(c) for c in colors)
        except KayalibError as error:
            raise RulesError(str(error)) from None
        if not 2 <= len(parsed) <= 6:
            raise RulesError(f"Aku Paling Kaya needs 2-6 players (colours), not {len(parsed)}")
        if len(set(parsed)) != len(parsed):
            raise RulesError("each player needs a different colour")
        object.__setattr__(self, "colors", parsed)
        object.__setattr__(self, "coins", _normalize_coins(coins))

    @classmethod
    def for_players(cls, players: int, coins: Coins = DEFAULT_COINS) -> KayaRules:
        """The first ``players`` colours in seed order (green, red, blue, pink, yellow, orange)."""
        if type(players) is not int or not 2 <= players <= 6:
            raise RulesError(f"Aku Paling Kaya needs 2-6 players, not {players!r}")
        return cls(colors=tuple(Color)[:players], coins=coins)

    @property
    def players(self) -> int:
        """Number of seats (one per colour)."""
        return len(self.colors)

    def coin_value(self, number: int) -> int:
        """Coins a card with this number is worth as a bonus card (before the yellow sign)."""
        return self.coins[number - 1]

    def bonus_value(self, card: Card) -> int:
        """Points of ``card`` in a bonus pile: its coins, negative for yellow 1-3."""
        value = self.coins[card.number - 1]
        if card.color is Color.YELLOW and card.number <= 3:
            return -value
        return value

    def coins_json(self) -> dict[str, int]:
        """The coin table as in the log: ``{"1": 1, ..., "9": 3}``."""
        return {str(n): self.coins[n - 1] for n in range(1, 10)}


def with_options(rules: KayaRules, options: Mapping[str, str]) -> KayaRules:
    """``rules`` with the option ``coins`` (a name of :data:`COIN_TABLES`) set."""
    if "coins" in options:
        if options["coins"] not in COIN_TABLES:
            raise RulesError(f"the coin tables are {', '.join(COIN_TABLES)}")
        rules = replace(rules, coins=COIN_TABLES[options["coins"]])
    return rules


def describe_rules(rules: KayaRules) -> dict[str, str]:
    """The options that give ``rules`` (its coin table, when it has a name)."""
    name = coin_table_name(rules.coins)
    return {} if name is None else {"coins": name}
