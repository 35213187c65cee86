"""What a bot's process may use: :class:`Limits`, checked when made, applied inside the process.

The limits are set by the bot's own process (:mod:`kayalib.sandbox.runner`) before it imports the
bot file, soft and hard alike, so the bot's code can never raise them. Inside a user namespace
(bubblewrap run by a user who is not root) the number of processes is then counted in that
namespace alone, so a bot cannot fail because the teacher has many processes open.

>>> Limits().cpu_seconds, Limits(move_seconds=0.5).move_seconds
(120, 0.5)
>>> Limits(move_seconds=-1)
Traceback (most recent call last):
...
kayalib.errors.ArgumentError: the time for a move is from 0.01 to 600 seconds, not -1
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass, fields
from typing import Any

from kayalib.errors import ArgumentError

__all__ = ["MAX_MOVE_SECONDS", "MIN_MOVE_SECONDS", "Limits", "check_seconds"]

MIN_MOVE_SECONDS = 0.01
MAX_MOVE_SECONDS = 600.0
MIB = 1 << 20


def check_seconds(value: object, what: str, low: float, high: float) -> float:
    """``value`` as seconds if it is a number from ``low`` to ``high``, else ArgumentError."""
    if (isinstance(value, bool) or not isinstance(value, (int, float))
            or not math.isfinite(value) or not low <= value <= high):  # fmt: skip
        raise ArgumentError(f"{what} is from {low:g} to {high:g} seconds, not {value!r}")
    return float(value)


def _whole(value: object, what: str, low: int, high: int) -> int:
    if type(value) is not int or not low <= value <= high:
        raise ArgumentError(f"{what} is a whole number from {low} to {high}, not {value!r}")
    return value


@dataclass(frozen=True)
class Limits:
    """The limits of one bot's process.

    ``cpu_seconds`` of CPU time over the process's life (it is paused between its own moves, so
    only its thinking counts; a process killed by the limit forfeits that game and starts again
    for the next), ``memory_bytes`` of address space, ``processes`` (threads included) and
    ``open_files`` at once, ``file_bytes`` for the largest file it writes (what it prints
    included), ``startup_seconds`` to load, ``move_seconds`` for each move.
    """

    cpu_seconds: int = 120
    memory_bytes: int = 1024 * MIB
    processes: int = 16
    open_files: int = 64
    file_bytes: int = 16 * MIB
    startup_seconds: float = 30.0
    move_seconds: float = 2.0

    def __post_init__(self) -> None:
        _whole(self.cpu_seconds, "CPU time (seconds)", 1, 86_400)
        _whole(self.memory_bytes, "memory (bytes)", 64 * MIB, 1 << 40)
        _whole(self.processes, "processes", 2, 4096)
        _whole(self.open_files, "open files", 16, 4096)
        _whole(self.file_bytes, "file size (bytes)", 1 << 16, 1 << 40)
        check_seconds(self.startup_seconds, "the time to start", 0.1, 600)
        move = check_seconds(self.move_seconds, "the time for a move", MIN_MOVE_SECONDS,
                             MAX_MOVE_SECONDS)  # fmt: skip
        object.__setattr__(self, "move_seconds", move)
        object.__setattr__(self, "startup_seconds", float(self.startup_seconds))

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, record: dict[str, Any]) -> Limits:
        return cls(**{f.name: record[f.name] for f in fields(cls)})

    def describe(self) -> str:
        """The limits in a few words (for the tournament's report)."""
        return (f"{self.cpu_seconds} s CPU, {self.memory_bytes // MIB} MiB memory, "
                f"{self.processes} processes, {self.file_bytes // MIB} MiB files; "
                f"{self.move_seconds:g} s a move, {self.startup_seconds:g} s to start")  # fmt: skip

    def apply(self) -> tuple[str, ...]:
        """Set these limits on this process, soft and hard (only a bot's own process calls it);
        the names of those this system would not set (none on Linux)."""
        import resource

        unset = []

        def set_limit(name: str, which: int, value: int, hard: int | None = None) -> None:
            try:
                _, old_hard = resource.getrlimit(which)
                high = value if hard is None else hard
                if old_hard != resource.RLIM_INFINITY:
                    value, high = min(value, old_hard), min(high, old_hard)
                resource.setrlimit(which, (value, high))
            except (ValueError, OSError):
                unset.append(name)

        # SIGXCPU at the limit (reported as the limit), SIGKILL a second later
        set_limit("cpu", resource.RLIMIT_CPU, self.cpu_seconds, self.cpu_seconds + 1)
        set_limit("memory", resource.RLIMIT_AS, self.memory_bytes)
        set_limit("processes", resource.RLIMIT_NPROC, self.processes)
        set_limit("files", resource.RLIMIT_NOFILE, self.open_files)
        set_limit("file size", resource.RLIMIT_FSIZE, self.file_bytes)
        set_limit("core", resource.RLIMIT_CORE, 0)
        return tuple(unset)
