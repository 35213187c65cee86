"""The settings that hold under a class, computed from the class size.

Measured on a 2-core machine (``benchmarks/bench_class.py``): what breaks first when 30
students open an app at once is CPU at kernel start, not memory, and Voila's 4-second wait for
a cell's output (``iopub_timeout``), after which the page comes up without its app. So:

- **preheated kernels** for the two play apps, one per student: each kernel is started and has
  run the notebook up to the app before anyone arrives; the app then only waits for the page's
  address (:mod:`kayalib.pages.kernel`). The lesson the class is sent to (``--open``) gets one
  per student too; the other lessons and the index get a small pool;
- a **refill delay** well above Voila's 1 s, so refilling the pools does not compete with the
  arrival wave, and kernels over **IPC** sockets (a 30-kernel start over TCP lost a kernel to
  "Address already in use");
- **timeouts that mean "slower", not "broken"**: a minute for a cell's output, two for a cell
  once a student has asked for the page; a pooled page waits for its student as long as the
  class takes to arrive (:mod:`kayalib.server.pools`);
- **culling**: a kernel whose page is gone (closed, asleep) is stopped after five minutes; a
  page that comes back offers to resume its game (:mod:`kayalib.ui.resume`).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from traitlets.config import Config

PLAY_APPS = ("play-blef.ipynb", "play-aku-paling-kaya.ipynb")
#: notebooks for JupyterLab only: never run by this server, so never pooled (they write files).
LAB_ONLY = ("write-a-bot.ipynb",)


def kernel_transport() -> str:
    """How the server reaches its kernels: IPC sockets where the system has them (Linux, macOS;
    over TCP, 40 pages at once lost a kernel to "Address already in use": the ports it picks
    are only free until someone takes them), TCP on the loopback elsewhere (Windows, where
    ZeroMQ has no IPC)."""
    return "ipc" if os.name == "posix" else "tcp"


def app_config() -> Config:
    """The overlay of ``kayalib app`` (its settings are in the package's ``voila.json``):
    kernels reached as :func:`kernel_transport` says, as in class mode."""
    c = Config()
    c.KernelManager.transport = kernel_transport()
    return c


@dataclass(frozen=True)
class ClassSettings:
    """What ``make class`` serves with. ``students`` sizes the pools and the kernel cap."""

    students: int = 30
    #: kernels kept ready for each notebook that is not a play app (lessons, the index).
    other_pool: int = 2
    #: kernels kept ready for each play app (None: one per student).
    play_pool: int | None = None
    #: the lesson the whole class opens at once (its address is the one printed), if any.
    lesson: str = ""
    fill_delay: float = 20.0
    iopub_timeout: int = 60
    cell_timeout: int = 120
    cull_idle_timeout: int = 300
    seat_kernels: int = 3

    def pools(self, notebooks: Path) -> dict[str, dict[str, int]]:
        """``kernel_pools_config``: a kernel per student for each play app and the class's
        lesson, a few elsewhere."""
        pools: dict[str, dict[str, int]] = {"default": {"pool_size": 0}}
        for path in sorted(notebooks.glob("*.ipynb")):
            if path.name in LAB_ONLY:
                continue
            if path.name == self.lesson:
                size = self.students
            elif path.name in PLAY_APPS:
                size = self.students if self.play_pool is None else self.play_pool
            else:
                size = self.other_pool
            pools[path.name] = {"pool_size": max(0, size)}
        return pools

    @property
    def max_kernels(self) -> int:
        """Page kernels at most: every student with a few pages open, and some spare."""
        return max(10, self.seat_kernels * self.students + 10)

    @property
    def address_seats(self) -> int:
        """Browsers one client address may have with pages open.

        A class behind one NAT address (a school's Wi-Fi often is) is one client address: each
        student's browser is one seat, and some open a second browser or a private window, or
        the teacher joins on the projector. So the whole class fits with a fifth to spare (at
        least 5), while a loop without cookies from one address holds at most that many of the
        ``max_kernels`` kernels, about a third of them.

        >>> ClassSettings(30).address_seats, ClassSettings(30).max_kernels
        (36, 100)
        """
        return self.students + max(5, self.students // 5)

    def config(self, notebooks: Path, ip: str) -> Config:
        """The overlay ``KayalibVoila`` applies above ``voila.json``."""
        c = Config()
        c.Voila.ip = ip
        c.KayalibVoila.seat_kernels = self.seat_kernels
        c.KayalibVoila.max_kernels = self.max_kernels
        c.KayalibVoila.address_seats = self.address_seats
        c.VoilaConfiguration.preheat_kernel = True
        c.VoilaKernelManager.kernel_pools_config = self.pools(notebooks)
        c.VoilaKernelManager.fill_delay = self.fill_delay
        c.KernelManager.transport = kernel_transport()
        c.VoilaExecutor.iopub_timeout = self.iopub_timeout
        c.VoilaExecutor.timeout = self.cell_timeout
        c.VoilaExecutor.startup_timeout = self.cell_timeout
        c.MappingKernelManager.cull_idle_timeout = self.cull_idle_timeout
        c.MappingKernelManager.cull_interval = 30
        c.MappingKernelManager.cull_connected = False
        return c
