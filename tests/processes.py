"""The processes the tests and the benchmarks start: servers and Debian's Chromium.

A server runs on a free loopback port, is waited for until it answers (and its kernel pools are
warm) and is stopped at the end (killed if it will not stop). Voila (``tests.harness``), the
kit's own server (``tests/server``), JupyterHub and the benchmarks' servers are each a
:class:`ServerProcess` with their own command. No pytest here: the benchmarks import it too.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Sequence
from pathlib import Path
from typing import Any

__all__ = ["CHROMIUM", "CHROMIUM_ARGS", "ServerProcess", "free_port", "voila_command"]

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def voila_command(port: int, *settings: str) -> list[str]:
    """Voila serving the current folder's notebooks on loopback with the kit's template, as
    ``make app`` ran it before the kit's own server (``settings`` on top)."""
    voila = Path(sys.executable).with_name("voila")
    return [str(voila), "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1",
            "--template=kayalib", *settings]  # fmt: skip


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nobody listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _as_in_a_terminal() -> None:
    """Ctrl+C stops the program, as in a terminal, also when the tests were started in the
    background (a shell's background job ignores SIGINT, and its children would too)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


class ServerProcess:
    """``command`` running in ``cwd``, its output in ``log_path`` (or nowhere), answering on
    ``http://127.0.0.1:<port>``. With ``new_session``, a process group of its own: the benchmarks'
    :meth:`interrupt` (Ctrl+C) reaches only the server."""

    def __init__(self, command: Sequence[str], *, port: int, cwd: Path,
                 env: dict[str, str] | None = None, log_path: Path | None = None,
                 new_session: bool = False) -> None:  # fmt: skip
        self.port = port
        self.url = f"http://127.0.0.1:{port}"
        self.log_path = log_path
        self.log: Any = subprocess.DEVNULL
        if log_path is not None:
            log_path.parent.mkdir(parents=True, exist_ok=True)
            self.log = log_path.open("w")
        self.process = subprocess.Popen(
            list(command), cwd=cwd, env=env, stdout=self.log, stderr=subprocess.STDOUT,
            start_new_session=new_session, preexec_fn=_as_in_a_terminal if new_session else None,
        )  # fmt: skip

    def wait(self, timeout: float = 120.0, *, path: str = "/", pools: Sequence[str] = ()) -> None:
        """Until ``path`` answers, and (class mode) the named notebooks' kernel pools are warm."""
        warm: list[str] = []
        if pools:  # the server's pool module (and what it imports) only where pools are awaited
            from kayalib.server.pools import WARM_LOG

            warm = [f"{WARM_LOG} {name}:" for name in pools]
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server exited early; see {self.log_path}")
            if self.answers(path):
                text = self.log_text() if warm else ""
                if all(line in text for line in warm):
                    return
            time.sleep(0.3)
        raise RuntimeError(f"the server was not ready within {timeout:.0f} s; see {self.log_path}")

    def answers(self, path: str = "/") -> bool:
        try:
            with urllib.request.urlopen(self.url + path, timeout=3):
                return True
        except OSError:
            return False

    def log_text(self) -> str:
        if self.log_path is None:
            return ""
        self.log.flush()
        return self.log_path.read_text(errors="replace")

    def kernels(self) -> list[Any]:
        """The server's kernels (``psutil`` processes)."""
        import psutil

        try:
            children = psutil.Process(self.process.pid).children(recursive=True)
        except psutil.Error:
            return []
        found = []
        for child in children:
            try:
                if "ipykernel_launcher" in " ".join(child.cmdline()):
                    found.append(child)
            except psutil.Error:
                continue
        return found

    def kernel_pids(self) -> list[int]:
        return [int(kernel.pid) for kernel in self.kernels()]

    def kernel_pid(self, kernel_id: str) -> int:
        """The process id of the kernel ``kernel_id``."""
        import psutil

        for kernel in self.kernels():
            try:
                if any(kernel_id in part for part in kernel.cmdline()):
                    return int(kernel.pid)
            except psutil.Error:
                continue
        raise LookupError(f"no kernel process for {kernel_id}")

    def interrupt(self, timeout: float = 60.0) -> float:
        """Ctrl+C, as a terminal sends it; the seconds until the server has exited."""
        start = time.perf_counter()
        os.killpg(self.process.pid, signal.SIGINT)
        try:
            self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            pass
        seconds = time.perf_counter() - start
        self.stop()
        return seconds

    def stop(self, grace: float = 20.0) -> None:
        """Ask the server to stop; after ``grace`` seconds, kill it."""
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(grace)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)
        if self.log_path is not None:
            self.log.close()
