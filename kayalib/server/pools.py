"""Kernel pools that serve a class arriving at any time, fill in a useful order, and stop at once.

A pooled kernel runs its notebook up to the app and then waits for the page's address
(:mod:`kayalib.pages.kernel`). Voila's pools needed three changes for a class:

- **No cell timeout while a page waits in its pool.** Voila ran the waiting cell under its cell
  timeout (``VoilaExecutor.timeout``, 120 s in class mode), so a kernel nobody asked for within
  two minutes timed out and its page came up without the app: a class arriving five minutes
  after ``make class`` got no games. Here a pooled page's cells have no time limit until a
  student asks for the page; the cells that run for the student have the usual one.
- **Warm-ups in turn.** Voila starts every pooled kernel at once (82 for a class of 30), so on
  two cores none is ready for half a minute, and a page asked for meanwhile waits for the
  whole crowd. Here at most :data:`WARM_AT_ONCE` kernels warm up at a time, the first kernel
  of every notebook before the second of any (the biggest pools, the play apps and the class's
  lesson, first); a kernel is warm when it waits for its page's address (it has opened
  ``/voila/query/<id>``). A page asked for while its pool has no warm kernel gets a kernel of
  its own at once, as without pools.
- **Stopping at once.** The games live in the pages, not in the kernels, so on Ctrl+C every
  kernel is killed at once instead of asked to stop and waited for.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
import os
from collections.abc import Callable
from typing import Any

from nbformat import NotebookNode
from voila.notebook_renderer import NotebookRenderer

from kayalib.errors import ServerStopping

#: kernels warming up at the same time (one per core: a warm-up is CPU work).
WARM_AT_ONCE = max(1, os.cpu_count() or 1)
#: seconds a warm-up may take before the next one starts anyway.
WARM_TIMEOUT = 90.0
#: what the server's log says when every kernel of a notebook's pool is warm.
WARM_LOG = "Kernel pool is warm for"


class WarmUps:
    """Turns for pooled kernels to warm up, :data:`WARM_AT_ONCE` at a time, lowest key first,
    and which pooled kernels are warm (wait for their page's address)."""

    def __init__(self, at_once: int = WARM_AT_ONCE) -> None:
        self.free = at_once
        self.queue: list[tuple[tuple, int, asyncio.Future]] = []
        self.order = itertools.count()
        self.turns: dict[str, Callable[[], None]] = {}  # kernel id -> ends its turn
        self.warm: set[str] = set()
        self.stopping = False
        self.on_warm: Callable[[str], None] = lambda kernel_id: None

    async def take_turn(self, key: tuple) -> Callable[[], None]:
        """Wait for a turn; returns the function that ends it (once; later calls do nothing)."""
        if self.stopping:
            raise ServerStopping
        if self.free > 0 and not self.queue:
            self.free -= 1
        else:
            future = asyncio.get_running_loop().create_future()
            heapq.heappush(self.queue, (key, next(self.order), future))
            await future  # ServerStopping when the server stops first
        ended = False

        def end() -> None:
            nonlocal ended
            if not ended:
                ended = True
                self._next()

        asyncio.get_running_loop().call_later(WARM_TIMEOUT, end)
        return end

    def _next(self) -> None:
        while self.queue:
            future = heapq.heappop(self.queue)[2]
            if not future.done():
                future.set_result(None)
                return
        self.free += 1

    def started(self, kernel_id: str, end: Callable[[], None]) -> None:
        self.turns[kernel_id] = end

    def arrived(self, kernel_id: str) -> None:
        """The kernel waits for its page's address now (or its page is rendered): it is warm."""
        if kernel_id not in self.warm:
            self.warm.add(kernel_id)
            self.on_warm(kernel_id)
        self.turns.pop(kernel_id, lambda: None)()

    def stop(self) -> None:
        """Let no queued warm-up start."""
        self.stopping = True
        for _, _, future in self.queue:
            if not future.done():
                future.set_exception(ServerStopping())
        self.queue.clear()


class PatientRenderer(NotebookRenderer):
    """A pooled page's renderer: it warms up in turn (:class:`WarmUps`), and its cells have no
    time limit before the page is handed to a student.

    Voila sets ``stop_generator`` when it hands the pooled page to a request; a cell started
    before that (the one waiting for the address) runs without a time limit.
    """

    warm_ups: WarmUps
    rank: tuple = ()

    async def initialize(self, **kwargs: Any) -> None:
        self._end_turn = await self.warm_ups.take_turn(self.rank)
        await super().initialize(**kwargs)

    async def _jinja_kernel_start(self, nb: NotebookNode, kernel_id: str, kernel_future: Any):
        self.warm_ups.started(kernel_id, self._end_turn)
        started = await super()._jinja_kernel_start(nb, kernel_id, kernel_future)
        self.executor.timeout_func = self.cell_timeout
        self._kernel_id = kernel_id
        return started

    async def generate_content_hybrid(self, *args: Any, **kwargs: Any):
        try:
            return await super().generate_content_hybrid(*args, **kwargs)
        finally:  # a page that never waits for its address is warm once it is rendered
            if getattr(self, "_kernel_id", ""):
                self.warm_ups.arrived(self._kernel_id)
            self._end_turn()

    def cell_timeout(self, cell: NotebookNode) -> int | None:
        """The time limit of ``cell``: none while the page waits in its pool."""
        return self.executor.timeout if self.stop_generator else None


def make_pools_patient(kernel_manager: Any, warm_ups: WarmUps) -> None:
    """Give Voila's ``kernel_manager`` (with preheated kernels) the pools described above."""
    km = kernel_manager
    factory, get_rendered_notebook = km._notebook_renderer_factory, km.get_rendered_notebook

    def patient_factory(notebook_path: str | None = None) -> NotebookRenderer:
        renderer = factory(notebook_path)
        renderer.__class__ = PatientRenderer  # the same renderer, warming up in turn
        renderer.warm_ups = warm_ups
        pool = km._pools.get(notebook_path, [])
        me = asyncio.current_task()
        size = km.kernel_pools_config.get(notebook_path, {}).get("pool_size", 0)
        renderer.rank = (pool.index(me) if me in pool else len(pool), -size)
        return renderer

    def ready(task: asyncio.Future) -> bool:
        if not task.done() or task.cancelled() or task.exception() is not None:
            return False
        return task.result()["kernel_id"] in warm_ups.warm

    def get_pool_size(notebook_name: str) -> int:
        """Warm kernels only: a page asked for meanwhile gets a kernel of its own at once."""
        return sum(1 for task in km._pools.get(notebook_name, ()) if ready(task))

    async def warm_first(notebook_name: str, *args: Any, **kwargs: Any):
        km._pools.get(notebook_name, []).sort(key=lambda task: not ready(task))  # stable
        rendered = await get_rendered_notebook(notebook_name, *args, **kwargs)
        warm_ups.warm.discard(rendered[2])  # out of its pool now
        return rendered

    def say_when_warm(kernel_id: str) -> None:
        for name, pool in km._pools.items():
            ids = [task.result()["kernel_id"] for task in pool if ready(task)]
            if kernel_id in ids and len(ids) == len(pool):
                km.log.info("%s %s: %d kernel(s) wait for their students", WARM_LOG, name, len(ids))

    warm_ups.on_warm = say_when_warm
    km._notebook_renderer_factory = patient_factory
    km.get_pool_size = get_pool_size
    km.get_rendered_notebook = warm_first


async def stop_at_once(kernel_manager: Any, warm_ups: WarmUps) -> None:
    """Kill every kernel of the server (pooled or not) without waiting for it."""
    warm_ups.stop()
    await kernel_manager.shutdown_all(now=True)
