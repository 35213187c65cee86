"""Paced steps: a bot's move (or an intro's next step) a moment after the last one, so a person
can follow the table, while Voila keeps updating the page in between.

:class:`Pacer` runs one step at a time on the kernel's event loop (``asyncio`` timers). Without a
running loop (a plain script, a test) or with no delay, nothing can wait: :meth:`Pacer.can_wait`
says so and the caller makes its moves at once. :meth:`Pacer.cancel` forgets the step that is
waiting (an undo, a new game), even if its timer has already fired.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import asyncio

__all__ = ["Pacer"]


def _running_loop() -> asyncio.AbstractEventLoop | None:
    loop_module = sys.modules.get("asyncio")  # a kernel (Jupyter, Voila) has loaded it already
    if loop_module is None:
        return None  # so no loop can be running: a plain script, nothing would run the timers
    try:
        return loop_module.get_running_loop()
    except RuntimeError:
        return None


class Pacer:
    """One waiting step at most; ``delay()`` is the pause in seconds now.

    >>> pacer = Pacer(lambda: 0.5)
    >>> pacer.can_wait(), pacer.pending      # no event loop runs here
    (False, False)
    """

    def __init__(self, delay: Callable[[], float]) -> None:
        self.delay = delay
        self._generation = 0  # bumped to cancel a waiting step
        self._pending: asyncio.TimerHandle | None = None

    @property
    def pending(self) -> bool:
        """Whether a step is waiting on its timer."""
        return self._pending is not None

    def can_wait(self) -> bool:
        return self.delay() > 0 and _running_loop() is not None

    def later(self, step: Callable[[], None]) -> None:
        """Run ``step()`` after the delay (instead of any step waiting now)."""
        self.cancel()
        loop = _running_loop()
        assert loop is not None, "later() needs a running event loop: check can_wait()"
        self._pending = loop.call_later(self.delay(), self._fire, self._generation, step)

    def cancel(self) -> None:
        self._generation += 1
        if self._pending is not None:
            self._pending.cancel()
            self._pending = None

    def _fire(self, generation: int, step: Callable[[], None]) -> None:
        if generation != self._generation:
            return
        self._pending = None
        step()
