"""Gates: what a lesson page waits for before it builds what comes next.

A page shows things in the order a student should meet them: predict, then simulate, then the
exact value and its derivation, then the exercises, then what depends on their answers. Each
step is a :class:`Gate` that opens once: a prediction when it is locked in, a simulator when it
has dealt enough, an exercise when it is answered right (or its solution is shown). What follows
a gate is not even built before it opens (:class:`~kayalib.lessons.kit.page.Lesson`), so nothing
it would say sits hidden in the page. A widget that a page waits for has a ``gate`` attribute.

>>> done = []
>>> first, second = Gate(), Gate()
>>> both = Gate.all([first, second]); both.on_open(lambda: done.append("both"))
>>> first.open(); done
[]
>>> second.open(); done, both.opened
(['both'], True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from kayalib.pages.runbox import RunBox

__all__ = ["Gate", "GatedRunBox"]


class Gate:
    """Something a page waits for. :meth:`on_open` callbacks run once, when it opens (at once
    for a gate already open); :meth:`follow` opens this gate when another one opens (a gate
    made before the widget it stands for is built)."""

    def __init__(self) -> None:
        self._opened = False
        self._waiting: list[Callable[[], None]] = []

    @property
    def opened(self) -> bool:
        return self._opened

    def on_open(self, callback: Callable[[], None]) -> None:
        """Run ``callback`` when the gate opens (now, if it is open)."""
        if self.opened:
            callback()
        else:
            self._waiting.append(callback)

    def open(self) -> None:
        """Open the gate (once): what waits for it is built now."""
        if self.opened:
            return
        self._opened = True
        waiting, self._waiting = self._waiting, []
        for callback in waiting:
            callback()

    def follow(self, other: Gate) -> None:
        """Open when ``other`` opens."""
        other.on_open(self.open)

    @classmethod
    def all(cls, gates: Sequence[Gate]) -> Gate:
        """A gate that opens when every one of ``gates`` is open."""
        joined = Gate()
        left = [gate for gate in gates if not gate.opened]
        if not left:
            joined.open()
        for gate in left:
            gate.on_open(lambda: joined.open() if all(g.opened for g in gates) else None)
        return joined


class GatedRunBox(RunBox):
    """A :class:`~kayalib.pages.runbox.RunBox` that a page can wait for: its :attr:`gate` opens
    after its first run (the games the student played themselves)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.gate = Gate()
        super().__init__(*args, **kwargs)

    def run(self) -> Any:
        result = super().run()
        self.gate.open()
        return result
