"""kayalib: a Jupyter teaching kit built around two card games, Aku Paling Kaya and Blef.

The engines (``kayalib.blef``, ``kayalib.kaya``) are pure Python and keep one contract
(``kayalib.engine``); the widgets live in ``kayalib.ui`` and ``kayalib.lessons`` on top of them.
The names most programs need are here: every error, and (loaded when first used) the registry,
the turn loop, playing a game, replaying a log and the table; ``kayalib.simulate`` is the
simulation module (``kayalib.simulate.simulate``).

>>> import kayalib
>>> kayalib.play_game("blef", ["odds", "random"], seed=1).outcome.winners
(0,)
>>> issubclass(kayalib.SeatError, ValueError)
True
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from kayalib import errors
from kayalib.errors import *  # noqa: F403 (every error, as errors.__all__ names them)

#: kayalib's version, in this one place: pyproject.toml reads it when the wheel is built, and
#: ``kayalib --version`` and the pages' footer show it. CHANGELOG.md says what each one changed.
__version__ = "0.2.0"

_LAZY = {
    "bot_names": "kayalib.registry",
    "game": "kayalib.registry",
    "make_bot": "kayalib.registry",
    "turns": "kayalib.engine",
    "play_game": "kayalib.simulate",
    "replay": "kayalib.simulate",
    "Table": "kayalib.table",
}

__all__ = [*errors.__all__, "__version__", *_LAZY]


def __getattr__(name: str) -> Any:  # what is asked for: a function, a class or a module
    """The registry, the turn loop, simulation and the table, imported when first asked for."""
    if name == "simulate":  # the module, as after ``import kayalib.simulate``
        return import_module("kayalib.simulate")
    if name in _LAZY:
        value = getattr(import_module(_LAZY[name]), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'kayalib' has no attribute {name!r}")
