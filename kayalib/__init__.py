"""kayalib: a Jupyter teaching kit built around two card games, Aku Paling Kaya and Blef.

The engines (``kayalib.blef``, ``kayalib.kaya``) are pure Python; the widgets live in
``kayalib.ui`` and ``kayalib.lessons`` on top of them.
"""

from kayalib.errors import (
    IllegalActionError,
    KayalibError,
    ParseError,
    RulesError,
    UnknownBotError,
)

__version__ = "0.1.0"

__all__ = [
    "IllegalActionError",
    "KayalibError",
    "ParseError",
    "RulesError",
    "UnknownBotError",
    "__version__",
]
