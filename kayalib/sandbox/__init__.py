"""Students' bot files, run where they cannot touch the referee (judge systems' way).

The referee never imports a bot file (:mod:`~kayalib.sandbox.botfile` reads its game from the
text); the file runs only in its own process (:mod:`~kayalib.sandbox.runner`), inside the
strongest operating-system sandbox this machine has (:mod:`~kayalib.sandbox.confine`:
bubblewrap, ``unshare`` or none, and which protections each gives), with limits
(:mod:`~kayalib.sandbox.limits`). The referee (:mod:`~kayalib.sandbox.process`) speaks JSON
Lines with it: the seat's view out, an action's text back, parsed against the legal actions.
:class:`~kayalib.sandbox.client.SandboxedBot` makes it a seat of :func:`kayalib.engine.turns`.
"""

from kayalib.sandbox.botfile import BotFile, read_bot_file
from kayalib.sandbox.client import SandboxedBot
from kayalib.sandbox.confine import PROTECTIONS, Confinement, confinement
from kayalib.sandbox.limits import Limits
from kayalib.sandbox.process import FAULTS, BotProcess

__all__ = [
    "FAULTS",
    "PROTECTIONS",
    "BotFile",
    "BotProcess",
    "Confinement",
    "Limits",
    "SandboxedBot",
    "confinement",
    "read_bot_file",
]
