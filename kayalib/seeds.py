"""Seeds: one derivation for the command line, the simulations and the apps.

A game is fixed by its seed and the actions played. Game ``index`` of a simulation seeded with
``seed`` uses :func:`game_seed` (game 0 uses ``seed`` itself), and the bot to move at step
``step`` of a game (``step`` = actions applied since the game's first state) draws its chance
from :func:`bot_rng` of the game seed, its seat and the step (a hash: the generator holds no
seed). So ``kayalib blef simulate --games 1 --seed 7 --bots …`` plays move for
move the game that an app opened with ``?seed=7`` and the same bots plays.

Secrecy: a seat's view never holds the seed. Each game derives its chance (deals, random takes,
the gambreng) from the seed alone, so a seat could only rebuild it by guessing the seed: a seed
the engine draws has 64 random bits; a seed a person types (``?seed=7``) is as secret as that
person keeps it, which is the point of a class seed.

>>> game_seed(7, 0), game_seed(7, 1) == game_seed(7, 1), game_seed(7, 1) == game_seed(8, 1)
(7, True, False)
>>> bot_rng(7, 0, 3).random() == bot_rng(7, 0, 3).random() != bot_rng(7, 1, 3).random()
True
>>> check_seed(-1)
Traceback (most recent call last):
...
kayalib.errors.SeedError: a seed is a whole number from 0 to 18446744073709551615, not -1
"""

from __future__ import annotations

import hashlib
import random
import secrets
from typing import Any

from kayalib.errors import ArgumentError, SeedError

__all__ = [
    "MAX_SEED",
    "MAX_STUDENT",
    "NO_DRAWS",
    "NoDraws",
    "BotRandom",
    "bot_key",
    "bot_rng",
    "check_seed",
    "fresh_seed",
    "game_seed",
    "personal_seed",
]

MAX_SEED = 2**64 - 1
"""The largest seed (seeds are 64-bit whole numbers, 0 to 18446744073709551615)."""
MAX_STUDENT = 9999
"""The largest student number of :func:`personal_seed`."""


def check_seed(seed: object) -> int:
    """``seed`` if it is a whole number from 0 to :data:`MAX_SEED`, else :class:`SeedError`."""
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise SeedError(f"a seed is a whole number from 0 to {MAX_SEED}, not {seed!r}")
    return seed


def fresh_seed() -> int:
    """A new 64-bit seed from the operating system (what ``State.new(seed=None)`` uses)."""
    return secrets.randbits(64)


def _digest(text: str) -> int:
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big")


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a run seeded with ``seed``: ``seed`` itself for game 0,
    then 64-bit numbers derived from both."""
    return seed if index == 0 else _digest(f"kayalib/game/{seed}/{index}")


def personal_seed(class_seed: int, student: int) -> int:
    """A student's own seed, derived from the class seed and the student's number: everyone in
    the room sees their own numbers, and the teacher can reproduce any student's.

    >>> personal_seed(7, 12) == personal_seed(7, 12) != personal_seed(7, 13)
    True
    """
    check_seed(class_seed)
    if isinstance(student, bool) or not isinstance(student, int) or not 1 <= student <= MAX_STUDENT:
        raise SeedError(f"a student number is a whole number from 1 to 9999, not {student!r}")
    return _digest(f"kayalib/student/{class_seed}/{student}")


class BotRandom(random.Random):
    """The ``random.Random`` a bot draws from: seeded, on first use, from a 256-bit key that is
    a cryptographic hash of the game seed, the seat and the step.

    Only the key is kept (``__reduce__``, pickling and ``getstate`` show the key or the
    generator's state, never the seed), and the seed cannot be computed from it. Most bots never
    draw; seeding a Mersenne Twister costs several microseconds, so it waits for the first draw.
    """

    def __init__(self, key: bytes | None = None) -> None:
        self._key: bytes | None = key
        if key is None:
            super().seed(None)

    def __reduce__(self) -> tuple[object, ...]:
        if self._key is not None:
            return (BotRandom, (self._key,))
        return (_restore_random, (super().getstate(),))

    def _start(self, key: bytes) -> None:
        self._key = None
        super().seed(int.from_bytes(key, "big"))

    def random(self) -> float:
        if self._key is not None:
            self._start(self._key)
        return super().random()

    def getrandbits(self, k: int) -> int:
        if self._key is not None:
            self._start(self._key)
        return super().getrandbits(k)

    def seed(  # type: ignore[override]  # random.Random's own seed differs from its base's
        self, a: int | float | str | bytes | bytearray | None = None, version: int = 2
    ) -> None:
        self._key = None
        super().seed(a, version)

    def getstate(self) -> tuple[Any, ...]:  # the generator's own state, opaque
        if self._key is not None:
            self._start(self._key)
        return super().getstate()


def _restore_random(state: tuple[Any, ...]) -> BotRandom:
    rng = BotRandom()
    rng.setstate(state)
    return rng


def bot_key(seed: int, seat: int, step: int) -> bytes:
    """The 256-bit key of the bot at ``seat`` at ``step`` of game ``seed`` (BLAKE2b)."""
    text = f"kayalib/bot/{seed}/{seat}/{step}".encode()
    return hashlib.blake2b(text, digest_size=32).digest()


def bot_rng(seed: int, seat: int, step: int) -> random.Random:
    """The generator the bot at ``seat`` draws from at ``step`` (actions applied since the
    game's first state) of game ``seed``: the same for the same game, so simulations, the apps
    and undo agree, and holding nothing from which the seed could be computed."""
    return BotRandom(bot_key(seed, seat, step))


class NoDraws(random.Random):
    """The generator of a bot that said it never draws (``draws = False``): any draw is an
    error, so a bot that draws after all says so at once instead of going unseeded."""

    def __init__(self) -> None:
        super().__init__(0)

    def random(self) -> float:
        raise ArgumentError("this bot says it never draws (draws = False), yet it drew")

    def getrandbits(self, k: int) -> int:
        raise ArgumentError("this bot says it never draws (draws = False), yet it drew")


NO_DRAWS = NoDraws()
"""What the turn loop hands a bot that never draws."""
