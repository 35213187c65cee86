"""The referee's side of a bot's process: start it in its sandbox, ask it for moves, end it.

A :class:`BotProcess` is one run of one bot file: a fresh working directory holding only a copy
of the file, a clean argv and environment (:func:`~kayalib.sandbox.confine.clean_environment`),
its output captured in a file of the referee's, its own session and process group, paused
(``SIGSTOP``) except while it thinks about its own move, and killed with everything it started
when it ends. JSON Lines both ways (:mod:`kayalib.sandbox.runner`); nothing is ever unpickled.
Whatever goes wrong is a :class:`~kayalib.errors.BotFault` with its reason.
"""

from __future__ import annotations

import json
import os
import selectors
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import IO, Any

from kayalib.errors import BotFault
from kayalib.sandbox.botfile import BotFile
from kayalib.sandbox.confine import Confinement, clean_environment, free_uid
from kayalib.sandbox.limits import Limits

__all__ = ["FAULTS", "MAX_REPLY_BYTES", "OUTPUT_CHARS", "BotProcess"]

FAULTS = ("startup", "crash", "timeout", "unreadable", "limit")
"""Why a bot's process cannot go on: it did not start (an error, an exit or a hang while its file
loads), it crashed, it did not answer in time, its answer is no answer, or a limit stopped it."""
MAX_REPLY_BYTES = 64 * 1024
"""The longest answer line a bot may send."""
OUTPUT_CHARS = 4000
"""How much of a bot's captured output is kept (its end)."""

_BOOT = "import sys; sys.path.insert(0, {lib!r}); from kayalib.sandbox.runner import main; main()"
#: the signals a limit stops a process with (POSIX only: Windows has neither, and no such limits)
_LIMIT_SIGNALS = {getattr(signal, name): limit for name, limit in (
    ("SIGXCPU", "the CPU time limit"), ("SIGXFSZ", "the file size limit")) if hasattr(signal, name)}


class BotProcess:
    """One run of ``bot`` in ``box`` with ``limits``: :meth:`launch`, :meth:`ready`, then
    :meth:`ask` for each move, and :meth:`stop` (always, even after a fault)."""

    def __init__(self, bot: BotFile, limits: Limits, box: Confinement) -> None:
        self.bot, self.limits, self.box = bot, limits, box
        self.uid = free_uid() if box.own_user else None
        self.folder: Path | None = None
        self.proc: subprocess.Popen[bytes] | None = None
        self.capture: IO[bytes] | None = None
        self.started = 0.0
        self.is_ready = False
        self.output = ""

    # -- life -------------------------------------------------------------------------------

    def launch(self) -> None:
        """Start the process (without waiting for it: see :meth:`ready`)."""
        folder = Path(tempfile.mkdtemp(prefix="kayalib-bot-"))
        self.folder = folder
        copy = folder / self.bot.name
        copy.write_bytes(self.bot.source)
        if self.uid is not None:
            for path in (folder, copy):
                os.chown(path, self.uid, self.uid)
        copy.chmod(0o600)
        self.capture = tempfile.TemporaryFile(prefix="kayalib-bot-output-")
        home = self.box.bot_dir(folder)
        program = [sys.executable, "-I", "-B", "-c", _BOOT.format(lib=self.box.lib_dir())]
        self.started = time.monotonic()
        self.proc = subprocess.Popen(
            self.box.command(folder, program), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=self.capture, cwd=folder, env=clean_environment(home), close_fds=True,
            start_new_session=True,
        )  # fmt: skip
        assert self.proc.stdin is not None and self.proc.stdout is not None
        os.set_blocking(self.proc.stdin.fileno(), False)
        os.set_blocking(self.proc.stdout.fileno(), False)
        start = self._line({"start": {"game": self.bot.game, "file": self.bot.name,
                                      "dir": home, "limits": self.limits.to_json(),
                                      "uid": self.uid}})  # fmt: skip
        # it loads at once (a pipe takes this short line whole), while the referee goes on
        self._pending = start[os.write(self.proc.stdin.fileno(), start):]
        self._buffer = b""

    def ready(self) -> None:
        """Wait (up to the start-up time, counted from :meth:`launch`) until the bot has loaded;
        BotFault ``startup`` (or ``limit``) when it fails, exits or hangs while loading."""
        if self.is_ready:
            return
        if self.proc is None:
            self.launch()
        deadline = self.started + self.limits.startup_seconds
        try:
            reply = self._exchange(b"", deadline, starting=True)
        except BotFault as fault:
            self.stop()
            if fault.reason == "timeout":
                raise BotFault("startup", f"it did not start within "
                               f"{self.limits.startup_seconds:g} s") from None  # fmt: skip
            raise
        if reply.get("ready") is True:
            self.is_ready = True
            return
        self.stop()
        reason = reply.get("fault")
        raise BotFault(reason if reason == "limit" else "startup", _text(reply.get("detail")))

    def ask(self, record: dict[str, Any]) -> str:
        """The action text the bot answers to ``record`` within the time for a move; BotFault
        when it crashes, is too slow, answers nonsense or is stopped by a limit."""
        self.ready()
        line = self._line(record)
        try:
            reply = self._exchange(line, time.monotonic() + self.limits.move_seconds)
        except BotFault:
            self.stop()
            raise
        action = reply.get("action")
        if isinstance(action, str):
            return action
        reason = reply.get("fault")
        if reason in ("crash", "limit"):
            raise BotFault(reason, _text(reply.get("detail")))
        self.stop()
        raise BotFault("unreadable", f"not an answer: {json.dumps(reply)[:80]}")

    @property
    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def stop(self) -> None:
        """End the process and everything it started; keep the end of its output."""
        proc, self.proc = self.proc, None
        self.is_ready = False
        if proc is not None:
            _kill(proc.pid)
            if self.uid is not None and not self.box.pid_namespace:
                _kill_user(self.uid)
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:  # pragma: no cover - a process in the D state
                pass
            for pipe in (proc.stdin, proc.stdout):
                try:
                    pipe.close()  # type: ignore[union-attr]
                except OSError:
                    pass
        if self.capture is not None:
            self.capture.seek(0, os.SEEK_END)
            size = self.capture.tell()
            self.capture.seek(max(0, size - OUTPUT_CHARS))
            text = self.capture.read().decode("utf-8", "replace")
            self.output = (self.output + text)[-OUTPUT_CHARS:]
            self.capture.close()
            self.capture = None
        if self.folder is not None:
            shutil.rmtree(self.folder, ignore_errors=True)
            self.folder = None

    # -- the pipe ---------------------------------------------------------------------------

    @staticmethod
    def _line(record: dict[str, Any]) -> bytes:
        return json.dumps(record, separators=(",", ":")).encode() + b"\n"

    def _exchange(self, data: bytes, deadline: float, *, starting: bool = False) -> dict[str, Any]:
        """Send ``data`` (after what the launch left to send), read one answer line."""
        proc = self.proc
        assert proc is not None and proc.stdin is not None and proc.stdout is not None
        data = self._pending + data
        self._pending, self._buffer = b"", b""
        self._resume()
        try:
            line = self._talk(proc, data, deadline, starting)
        finally:
            self._pause()
        try:
            reply = json.loads(line)
        except ValueError:
            reply = None
        if not isinstance(reply, dict):
            self.stop()
            raise BotFault("startup" if starting else "unreadable",
                           f"not an answer: {line[:80]!r}")  # fmt: skip
        return reply

    def _talk(self, proc: subprocess.Popen[bytes], data: bytes, deadline: float,
              starting: bool) -> bytes:  # fmt: skip
        stdin, stdout = proc.stdin, proc.stdout
        assert stdin is not None and stdout is not None
        with selectors.DefaultSelector() as selector:
            selector.register(stdout, selectors.EVENT_READ)
            if data:
                selector.register(stdin, selectors.EVENT_WRITE)
            while True:
                # what is in the pipe already is read, even once the deadline has passed: a
                # "ready" or a move that came in time is never lost to a late look
                left = deadline - time.monotonic()
                events = selector.select(max(0.0, left))
                if not events and left <= 0:
                    raise BotFault("timeout", f"no move within {self.limits.move_seconds:g} s")
                for key, _ in events:
                    if key.fileobj is stdin:
                        try:
                            sent = os.write(stdin.fileno(), data)
                        except BrokenPipeError:
                            raise self._ended(starting) from None
                        except BlockingIOError:
                            continue
                        data = data[sent:]
                        if not data:
                            selector.unregister(stdin)
                        continue
                    try:
                        chunk = os.read(stdout.fileno(), 65536)
                    except BlockingIOError:
                        continue
                    if not chunk:
                        raise self._ended(starting)
                    self._buffer += chunk
                    end = self._buffer.find(b"\n")
                    if end >= 0:
                        return self._buffer[:end]
                    if len(self._buffer) > MAX_REPLY_BYTES:
                        raise BotFault("unreadable", f"an answer longer than "
                                       f"{MAX_REPLY_BYTES // 1024} KiB")  # fmt: skip

    def _ended(self, starting: bool) -> BotFault:
        """Why the process ended (it closed its output)."""
        code, cpu = _reap(self.proc, 2.0)  # type: ignore[arg-type]
        if code is not None and code > 128 and self.box.kind == "bubblewrap":
            code = -(code - 128)  # bubblewrap tells a signal as 128 + its number
        if code is None:
            detail = "it closed its connection"
        elif code < 0:
            number = -code
            name = signal.Signals(number).name if number in signal.valid_signals() else number
            limit = _LIMIT_SIGNALS.get(number)
            if number == signal.SIGKILL and cpu >= self.limits.cpu_seconds:
                limit = "the CPU time limit"
            elif number == signal.SIGKILL and (self.box.pid_namespace or self.box.own_user):
                # no other process may signal it: the kernel did (bubblewrap hides the CPU time)
                limit = "a limit (CPU time, or the machine's memory)"
            if limit is not None:
                return BotFault("limit", f"its process was killed by {name}: {limit}")
            detail = f"its process was killed by {name}"
        else:
            detail = f"its process ended (exit status {code})"
        return BotFault("startup" if starting else "crash",
                        detail + (" while its file loaded" if starting else ""))  # fmt: skip

    def _signal(self, number: int) -> None:
        if self.proc is not None:
            try:
                os.killpg(self.proc.pid, number)
            except (ProcessLookupError, PermissionError):
                pass

    def _pause(self) -> None:
        self._signal(signal.SIGSTOP)

    def _resume(self) -> None:
        self._signal(signal.SIGCONT)


def _reap(proc: subprocess.Popen[bytes], seconds: float) -> tuple[int | None, float]:
    """``proc``'s exit code (negative: the signal that killed it) and the CPU seconds it and
    what it waited for used, waiting up to ``seconds``; ``(None, 0.0)`` if it is still alive."""
    deadline = time.monotonic() + seconds
    while proc.returncode is None:
        try:
            pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
        except ChildProcessError:  # pragma: no cover - reaped elsewhere
            return proc.poll(), 0.0
        if pid:
            proc.returncode = os.waitstatus_to_exitcode(status)
            return proc.returncode, usage.ru_utime + usage.ru_stime
        if time.monotonic() > deadline:
            return None, 0.0
        time.sleep(0.005)
    return proc.returncode, 0.0


def _text(value: object) -> str:
    return value[:300] if isinstance(value, str) else "(no detail)"


def _kill(pid: int) -> None:
    """SIGKILL to the process group ``pid`` leads, and to ``pid`` itself (in case it left)."""
    for send in (os.killpg, os.kill):
        try:
            send(pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass


def _kill_user(uid: int) -> None:
    """SIGKILL to every process of ``uid`` (a bot's own user: what left its process group)."""
    try:
        subprocess.run([sys.executable, "-I", "-S", "-c",
                        "import os, signal; os.kill(-1, signal.SIGKILL)"],
                       user=uid, group=uid, extra_groups=[], timeout=10,
                       stdin=subprocess.DEVNULL, capture_output=True)  # fmt: skip
    except (OSError, subprocess.SubprocessError):  # pragma: no cover
        pass
