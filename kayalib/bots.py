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
from typing import Generic, TypeVar

from kayalib.engine import View
from kayalib.errors import IllegalActionError

__all__ = ["DeterministicBot", "UniformBot", "legal_or_refuse"]

ViewT = TypeVar("ViewT", contravariant=True)
ActionT = TypeVar("ActionT")


def legal_or_refuse(view: View[ActionT]) -> tuple[ActionT, ...]:
    """The view's legal actions; ``IllegalActionError`` when it is not this seat's turn."""
    legal = view.legal_actions()
    if not legal:
        raise IllegalActionError(f"seat {view.seat} has no move: it is not its turn")
    return legal


class DeterministicBot(Generic[ViewT, ActionT]):
    """A bot that always makes the same move in the same position: define ``decide(view)``
    (a view of the game, ``ViewT``, in; one of its actions, ``ActionT``, out).

    It never draws (``draws`` is False, so the turn loop makes it no generator), unless a
    subclass defines its own ``choose``, which may.
    """

    name = "deterministic"
    draws = False

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        if "choose" in cls.__dict__:
            cls.draws = True

    def decide(self, view: ViewT) -> ActionT:  # pragma: no cover - every subclass overrides
        raise NotImplementedError

    def policy(self, view: ViewT) -> dict[ActionT, float]:
        """Probability 1 for the move :meth:`decide` makes."""
        return {self.decide(view): 1.0}

    def choose(self, view: ViewT, rng: random.Random) -> ActionT:
        """The move :meth:`decide` makes (``rng`` is not used)."""
        return self.decide(view)


class UniformBot(Generic[ActionT]):
    """Every legal action equally likely (every challenge target set counts as one action)."""

    name = "random"

    def policy(self, view: View[ActionT]) -> dict[ActionT, float]:
        legal = legal_or_refuse(view)
        share = 1.0 / len(legal)
        return dict.fromkeys(legal, share)

    def choose(self, view: View[ActionT], rng: random.Random) -> ActionT:
        legal = legal_or_refuse(view)
        return legal[rng.randrange(len(legal))]

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"
