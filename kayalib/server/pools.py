"""Kernel pools that wait for their class as long as it takes.

A pooled kernel runs its notebook up to the app and then waits for the page's address
(:mod:`kayalib.ui.preheat`). Voila runs that cell under its cell timeout
(``VoilaExecutor.timeout``, 120 s in class mode), so a kernel nobody asked for within two
minutes timed out and its page came up without the app: a class arriving five minutes after
``make class`` got no games. Here a pooled page's cells have no time limit until a student asks
for the page; the cells that run for the student have the usual one.
"""

from __future__ import annotations

from typing import Any

from nbformat import NotebookNode
from voila.notebook_renderer import NotebookRenderer


class PatientRenderer(NotebookRenderer):
    """A pooled page's renderer: no cell timeout before the page is handed to a student.

    Voila sets ``stop_generator`` when it hands the pooled page to a request; a cell started
    before that (the one waiting for the address) runs without a time limit.
    """

    async def _jinja_kernel_start(self, nb: NotebookNode, kernel_id: str, kernel_future: Any):
        started = await super()._jinja_kernel_start(nb, kernel_id, kernel_future)
        self.executor.timeout_func = self.cell_timeout
        return started

    def cell_timeout(self, cell: NotebookNode) -> int | None:
        """The time limit of ``cell``: none while the page waits in its pool."""
        return self.executor.timeout if self.stop_generator else None


def make_pools_patient(kernel_manager: Any) -> None:
    """Give the pooled pages of Voila's ``kernel_manager`` a :class:`PatientRenderer`."""
    factory = kernel_manager._notebook_renderer_factory

    def patient_factory(notebook_path: str | None = None) -> NotebookRenderer:
        renderer = factory(notebook_path)
        renderer.__class__ = PatientRenderer  # the same renderer, with the patient executor
        return renderer

    kernel_manager._notebook_renderer_factory = patient_factory
