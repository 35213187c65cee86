"""A bot file as a seat of the one turn loop: :class:`SandboxedBot`.

``choose(view, rng)`` sends the view's JSON and a per-move key (256 bits drawn from ``rng``,
the seat's generator, which holds no seed) to the bot's sandboxed process and returns the
action text it answers; the engine parses and checks that text against its legal actions like
any action. A fault is a :class:`~kayalib.errors.BotFault`. A process that ended is
started again at the next game; a bot file that does not start is not started again (every
later move is the same fault at once).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from kayalib.engine import Chain, evolve
from kayalib.errors import BotFault
from kayalib.sandbox.botfile import BotFile
from kayalib.sandbox.confine import Confinement, confinement
from kayalib.sandbox.limits import Limits
from kayalib.sandbox.process import OUTPUT_CHARS, BotProcess

__all__ = ["SandboxedBot", "move_message"]


def move_message(game: int, view: Any, rng: random.Random, start: int = 0) -> dict[str, Any]:
    """Everything a bot's process is sent for one move of its ``game``-th game: the view's JSON
    with the seat's events from the ``start``-th on (the process has those before), and a key of
    256 bits drawn from ``rng`` to seed the bot's own ``random.Random``
    (:class:`~kayalib.sandbox.runner.ViewReader` reads it back)."""
    if start:
        view = evolve(view, chain=Chain(view.events[start:]))
    key = rng.getrandbits(256).to_bytes(32, "big").hex()
    return {"move": {"game": game, "from": start, "view": view.to_json(), "key": key}}


class SandboxedBot:
    """The bot of ``bot`` (a :class:`~kayalib.sandbox.botfile.BotFile`), played in its own
    sandboxed process. Use it as a context manager, or call :meth:`close`."""

    def __init__(self, bot: BotFile, limits: Limits | None = None,
                 box: Confinement | None = None) -> None:  # fmt: skip
        self.file = bot
        self.name = bot.label
        self.limits = Limits() if limits is None else limits
        self.box = confinement() if box is None else box
        self.process: BotProcess | None = None
        self.broken: BotFault | None = None
        self.game = 0
        self._asked = False
        self._sent = 0  # events of this game the running process has been sent
        #: the end of what the bot printed (and wrote to descriptors 1 and 2) in the processes
        #: that have ended (a process's output is read when it ends: see :meth:`close`)
        self.output = ""

    def start(self) -> None:
        """Start the process now (the first move waits for it to be ready)."""
        if self.process is None and self.broken is None:
            process = BotProcess(self.file, self.limits, self.box)
            try:
                process.launch()
            except OSError as error:  # no room for its directory, no program to run it with
                process.stop()
                self.broken = BotFault("startup", f"its process cannot start: {error}")
                return
            self.process, self._sent = process, 0

    def ready(self) -> bool:
        """Start the process if need be and wait until the bot has loaded (it is then paused
        until its first move); ``False`` if it cannot start (every move then forfeits)."""
        self.start()
        process = self.process
        if process is None:
            return False
        try:
            process.ready()
        except BotFault as fault:
            self.broken = fault
            self._finish(process)
            return False
        return True

    @staticmethod
    def ready_all(bots: Sequence[SandboxedBot]) -> None:
        """Start ``bots`` and wait for all of them at once, each against its own start-up time
        (counted from its launch): a file that hangs or fails while it loads costs only
        itself (a ``startup`` forfeit), never an entrant that is waited for after it."""
        for bot in bots:
            bot.start()
        if len(bots) < 2:
            for bot in bots:
                bot.ready()
            return
        with ThreadPoolExecutor(max_workers=len(bots), thread_name_prefix="bot-start") as pool:
            for _ in pool.map(SandboxedBot.ready, bots):
                pass

    def new_game(self) -> None:
        """The next move belongs to a new game: the bot's process makes a fresh bot for it."""
        if self._asked:
            self.game, self._asked, self._sent = self.game + 1, False, 0

    def policy(self, view: Any) -> dict[Any, float]:
        raise NotImplementedError("a bot file's policy is known only to its own process")

    def choose(self, view: Any, rng: random.Random) -> str:
        """The action text the bot answers for ``view``; BotFault when it cannot."""
        if self.broken is not None:
            raise BotFault(self.broken.reason, self.broken.detail)
        if not self.ready():
            assert self.broken is not None
            raise BotFault(self.broken.reason, self.broken.detail)
        process = self.process
        assert process is not None
        self._asked = True
        try:
            answer = process.ask(move_message(self.game, view, rng, self._sent))
            self._sent = len(view.events)
            return answer
        except BotFault:
            if not process.alive:
                self._finish(process)
            raise

    def _finish(self, process: BotProcess) -> None:
        process.stop()
        self.output = (self.output + process.output)[-OUTPUT_CHARS:]
        if self.process is process:
            self.process = None

    def close(self) -> None:
        """End the bot's process (and all it started)."""
        if self.process is not None:
            self._finish(self.process)

    def __enter__(self) -> SandboxedBot:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
