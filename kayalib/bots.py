"""What every bot shares: the two simplest kinds of policy, written once for every game.

A bot (see :class:`kayalib.engine.Bot`) has a ``name``, an exact ``policy(view)`` and
``choose(view, rng)`` drawing from that policy. Most bots are one of two kinds:

- :class:`DeterministicBot`: it always makes one move in a position (``decide(view)``); its
  policy gives that move probability 1 and ``choose`` never draws from ``rng``.
- :class:`UniformBot`: every legal action equally likely.

Other bots define ``policy`` and draw with :func:`kayalib.engine.sample`.
"""

from __future__ import annotations

import random
from typing import Any

from kayalib.errors import IllegalActionError

__all__ = ["DeterministicBot", "UniformBot", "legal_or_refuse"]


def legal_or_refuse(view: Any) -> tuple[Any, ...]:
    """The view's legal actions; ``IllegalActionError`` when it is not this seat's turn."""
    legal = view.legal_actions()
    if not legal:
        raise IllegalActionError(f"seat {view.seat} has no move: it is not its turn")
    return legal


class DeterministicBot:
    """A bot that always makes the same move in the same position: define ``decide(view)``.

    It never draws (``draws`` is False, so the turn loop makes it no generator), unless a
    subclass defines its own ``choose``, which may.
    """

    name = "deterministic"
    draws = False

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "choose" in cls.__dict__:
            cls.draws = True

    def decide(self, view: Any) -> Any:  # pragma: no cover - every subclass overrides
        raise NotImplementedError

    def policy(self, view: Any) -> dict[Any, float]:
        """Probability 1 for the move :meth:`decide` makes."""
        return {self.decide(view): 1.0}

    def choose(self, view: Any, rng: random.Random) -> Any:
        """The move :meth:`decide` makes (``rng`` is not used)."""
        return self.decide(view)


class UniformBot:
    """Every legal action equally likely (every challenge target set counts as one action)."""

    name = "random"

    def policy(self, view: Any) -> dict[Any, float]:
        legal = legal_or_refuse(view)
        share = 1.0 / len(legal)
        return dict.fromkeys(legal, share)

    def choose(self, view: Any, rng: random.Random) -> Any:
        legal = legal_or_refuse(view)
        return legal[rng.randrange(len(legal))]

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"
