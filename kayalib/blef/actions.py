"""Blef actions: a :class:`~kayalib.blef.bids.Bid` or the check (:data:`CHECK`, "sprawdzam").

>>> parse_action("Sprawdzam"), str(parse_action("para A"))
(Check(), 'pair A')
"""

from __future__ import annotations

from dataclasses import dataclass

from kayalib.blef.bids import Bid
from kayalib.errors import ParseError

__all__ = ["CHECK", "Action", "Check", "parse_action"]


@dataclass(frozen=True)
class Check:
    """The action "check" ("sprawdzam"): challenge the last bid. Use the constant ``CHECK``."""

    def __str__(self) -> str:
        return "check"

    def polish(self) -> str:
        """The Polish word, ``sprawdzam``."""
        return "sprawdzam"

    @classmethod
    def parse(cls, text: object) -> Check:
        """``check`` or ``sprawdzam`` (any case)."""
        if isinstance(text, str) and text.strip().lower() in ("check", "sprawdzam"):
            return CHECK
        raise ParseError(f"not a check: {text!r} (write 'check' or 'sprawdzam')")


CHECK = Check()
"""The check action."""

Action = Bid | Check
"""A Blef action: a ``Bid`` or ``CHECK``."""


def parse_action(text: object) -> Action:
    """An action from text: ``check`` / ``sprawdzam``, or a bid in English or Polish."""
    if not isinstance(text, str):
        raise ParseError(f"an action is text such as 'pair K' or 'check', not {text!r}")
    if text.strip().lower() in ("check", "sprawdzam"):
        return CHECK
    return Bid.parse(text)
