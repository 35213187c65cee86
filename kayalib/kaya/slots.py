"""How Aku Paling Kaya keeps its states and views: one idiom, written once.

A state or a view is a class with ``__slots__`` whose attributes cannot be set. It is built as
a *draft*: an instance of the same slots without the lock, filled in by straight-line code that
this module generates from the field names, and then locked by switching its class::

    draft = StateSlots.copy_of(old)   # or ViewSlots(*values)
    draft.hands = ...                 # the rules of a turn fill in the draft
    draft.__class__ = KayaState       # locked: setting an attribute now raises

Why not a frozen dataclass and ``dataclasses.replace``: ``apply`` and ``view`` run at every bot
decision, and on this machine a 25-field frozen dataclass costs 3.9 µs to build and
``replace`` 14 µs, against 0.4 µs for the generated copy. ``make bench`` (``bench_kaya``,
"engine alone") measures the whole engine at about 13 µs a decision with this idiom, so the
plain dataclass would make the 10,000-game benchmark about a third slower.
"""

from __future__ import annotations

from typing import Any

__all__ = ["slotted"]


def slotted(name: str, fields: tuple[str, ...]) -> type:
    """A mutable class with ``__slots__ = fields``, a positional ``__init__`` taking every field
    in order, and ``copy_of(other)``, a classmethod copying every field of ``other``."""
    namespace: dict[str, Any] = {}
    exec(  # noqa: S102 - generated from the constant field names, nothing else
        f"def __init__(self, {', '.join(fields)}):\n"
        + "".join(f"    self.{f} = {f}\n" for f in fields)
        + "def copy_of(cls, other):\n    new = object.__new__(cls)\n"
        + "".join(f"    new.{f} = other.{f}\n" for f in fields)
        + "    return new\n",
        namespace,
    )
    return type(
        name,
        (),
        {
            "__slots__": fields,
            "__init__": namespace["__init__"],
            "copy_of": classmethod(namespace["copy_of"]),
            "__doc__": f"The unlocked draft of {name.strip('_')} (see kayalib.kaya.slots).",
        },
    )
