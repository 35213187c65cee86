"""Aku Paling Kaya actions: every decision a player makes, with ``str()`` and :func:`parse_action`.

>>> str(parse_action("play blue-7")), parse_action("challenge 2,1")
('play blue-7', Challenge(targets=(1, 2)))
"""

from __future__ import annotations

from dataclasses import dataclass

from kayalib.errors import ParseError
from kayalib.kaya.cards import DECK, Card, Color

__all__ = [
    "Action",
    "Challenge",
    "Decline",
    "Give",
    "Keep",
    "Pass",
    "Play",
    "Steal",
    "TakeBack",
    "parse_action",
]


@dataclass(frozen=True, slots=True)
class Play:
    """The active player puts ``card`` from hand face-down on the table."""

    card: Card

    def __str__(self) -> str:
        return f"play {self.card}"


@dataclass(frozen=True, slots=True)
class Pass:
    """Do not challenge (asked in the challenge window)."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Challenge:
    """Challenge the active player A and the other seats in ``targets`` (always includes A).

    ``targets`` is stored sorted, so ``Challenge((2, 1)) == Challenge((1, 2))``.
    """

    targets: tuple[int, ...]

    def __post_init__(self) -> None:
        targets = tuple(sorted(set(self.targets)))
        if not targets or any(type(t) is not int or t < 0 for t in targets):
            raise ParseError(f"challenge targets must be seat numbers, not {self.targets!r}")
        object.__setattr__(self, "targets", targets)

    def __str__(self) -> str:
        return "challenge " + ",".join(map(str, self.targets))


@dataclass(frozen=True, slots=True)
class TakeBack:
    """Green 3, not challenged: reveal it and take it back into hand."""

    def __str__(self) -> str:
        return "take-back"


@dataclass(frozen=True, slots=True)
class Steal:
    """Red 3/4, not challenged: reveal it and steal ``card`` from seat ``victim``'s bonus pile."""

    victim: int
    card: Card

    def __str__(self) -> str:
        return f"steal {self.victim} {self.card}"


@dataclass(frozen=True, slots=True)
class Decline:
    """Do not use the power on offer (green 3, red 3/4, orange 4)."""

    def __str__(self) -> str:
        return "decline"


@dataclass(frozen=True, slots=True)
class Keep:
    """Orange 4 won a challenge: keep it as a bonus card instead of discarding it."""

    def __str__(self) -> str:
        return "keep"


@dataclass(frozen=True, slots=True)
class Give:
    """A loser to a pink 5/6 gives ``card`` (worth at least 2 coins) from hand to the winner."""

    card: Card

    def __str__(self) -> str:
        return f"give {self.card}"


Action = Play | Pass | Challenge | TakeBack | Steal | Decline | Keep | Give

PASS, TAKE_BACK, DECLINE, KEEP = Pass(), TakeBack(), Decline(), Keep()
DECLINE_ONLY: tuple[Action, ...] = (DECLINE,)
KEEP_OR_DECLINE: tuple[Action, ...] = (KEEP, DECLINE)
PLAYS = {c: Play(c) for c in DECK}
GIVES = {c: Give(c) for c in DECK}
#: each colour's plays by the card's number
PLAYS_BY_NUMBER: dict[Color, dict[int, Play]] = {
    color: {c.number: PLAYS[c] for c in DECK if c.color is color} for color in Color
}
_INTERNED_CHALLENGES: dict[tuple[int, ...], Challenge] = {}


def challenge_action(targets: tuple[int, ...]) -> Challenge:
    action = _INTERNED_CHALLENGES.get(targets)
    if action is None:
        action = _INTERNED_CHALLENGES[targets] = Challenge(targets)
    return action


def parse_action(text: object) -> Action:
    """Read an action from its ``str()``: ``play blue-7``, ``pass``, ``challenge 2,1``,
    ``take-back``, ``steal 1 green-4``, ``decline``, ``keep``, ``give pink-6``.

    >>> parse_action("challenge 2, 1")
    Challenge(targets=(1, 2))
    >>> str(parse_action("STEAL 3 biru-7"))
    'steal 3 blue-7'
    """
    if isinstance(text, (Play, Pass, Challenge, TakeBack, Steal, Decline, Keep, Give)):
        return text
    if not isinstance(text, str):
        raise ParseError(f"not an action: {text!r}")
    words = text.strip().lower().replace(",", " ").split()
    if not words:
        raise ParseError("empty action text")
    verb, args = words[0], words[1:]
    try:
        if verb == "play" and len(args) == 1:
            return PLAYS[Card.parse(args[0])]
        if verb == "give" and len(args) == 1:
            return GIVES[Card.parse(args[0])]
        if verb == "pass" and not args:
            return PASS
        if verb in ("take-back", "takeback") and not args:
            return TAKE_BACK
        if verb == "decline" and not args:
            return DECLINE
        if verb == "keep" and not args:
            return KEEP
        if verb == "challenge" and args and all(a.isdigit() for a in args):
            return challenge_action(tuple(sorted({int(a) for a in args})))
        if verb == "steal" and len(args) == 2 and args[0].isdigit():
            return Steal(int(args[0]), Card.parse(args[1]))
    except ParseError as error:
        raise ParseError(f"not an action: {text!r} ({error})") from None
    raise ParseError(
        f"not an action: {text!r} (expected e.g. 'play blue-7', 'pass', 'challenge 2,1', "
        "'take-back', 'steal 1 green-4', 'decline', 'keep', 'give pink-6')"
    )
