"""A class on loopback: N simulated students open a play app at the same moment and make a move.

    .venv/bin/python -m benchmarks class --students 1,10,20,30,40 --mode both

For each server mode and each class size it starts a fresh server on 127.0.0.1 (``app`` is
``make app``; ``class`` is ``make class STUDENTS=N`` with no lesson pools; ``voila`` is the plain
``voila`` command with Voila's own 4 s output wait, the kit's server before class mode), waits
until it is ready (class mode: the play apps' kernel pools are full and the machine has
settled), then lets N students arrive at once. Each simulated student does what a student's
browser does, over the same HTTP and websocket protocol, without drawing the page:

1. gets the page (a cold browser: also every script and stylesheet the page names);
2. opens its kernel's websocket and asks for the widgets, as the page's widget manager does;
   *time to playable* is from arrival to holding an enabled "Bid" button;
3. clicks "Bid" (the button's click message); *click to update* is until the kernel sends the
   redrawn "What happened" log (the app redraws it last).

A student fails when the page has no app (Voila lost the notebook's output), an answer is an
error, or a step takes longer than ``--timeout``. Reported per row: students, playable, p50 and
p95 of both times, failures, memory per kernel (resident and unique, median), and the server's
and kernels' CPU seconds per arriving student. Every request goes to 127.0.0.1 only; counts and
times are bounded (``--students`` at most 60 each, ``--timeout`` per step).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import statistics
import subprocess
import sys
import time
import uuid
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
APP_VIEW = "application/vnd.jupyter.widget-view+json"
KERNEL_ID = re.compile(r'"kernelId": "([0-9a-f-]{36})"')
ASSET = re.compile(r'<(?:script[^>]+src|link[^>]+href)="(/[^"]+)"')
MODES = ("app", "class", "voila")
MAX_STUDENTS = 60
APPS = {"blef": "play-blef.ipynb"}


@dataclass
class Student:
    playable: float | None = None
    click: float | None = None
    error: str = ""


@dataclass
class Row:
    mode: str
    students: int
    arrive_after: float = 0.0
    results: list[Student] = field(default_factory=list)
    rss_mb: float = 0.0
    uss_mb: float = 0.0
    server_cpu: float = 0.0
    kernel_cpu: float = 0.0
    ready_s: float = 0.0

    @property
    def playable(self) -> list[float]:
        return [r.playable for r in self.results if r.playable is not None]

    @property
    def clicks(self) -> list[float]:
        return [r.click for r in self.results if r.click is not None]

    @property
    def failures(self) -> list[str]:
        return [r.error for r in self.results if r.error]


def percentile(values: list[float], q: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    k = (len(ordered) - 1) * q
    low, high = int(k), min(int(k) + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (k - low)


# ---------------------------------------------------------------------- the server


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    def __init__(
        self, mode: str, students: int, log_path: Path, extra: Sequence[str] = ()
    ) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        python = sys.executable
        if mode == "app":
            command = [python, "-m", "kayalib.server", "app", f"--port={self.port}"]
        elif mode == "class":
            command = [python, "-m", "kayalib.server", "class", f"--port={self.port}",
                       "--ip=127.0.0.1", "--no-qr", f"--students={students}",
                       "--lesson-pool=0"]  # fmt: skip
        else:  # the plain voila command, as `make app` ran it before class mode
            command = [str(Path(python).with_name("voila")), "--no-browser",
                       f"--port={self.port}", "--Voila.ip=127.0.0.1", "--template=kayalib",
                       "--VoilaExecutor.iopub_timeout=4", "--VoilaExecutor.timeout=30"]  # fmt: skip
        command += list(extra)  # settings on top, e.g. a shorter cell timeout in a test
        env = dict(os.environ, JUPYTER_PATH=str(NOTEBOOKS / ".jupyter"))
        env.pop("QUERY_STRING", None)
        self.log_path = log_path
        self.log = log_path.open("w")
        cwd = NOTEBOOKS if mode == "voila" else ROOT
        self.process = subprocess.Popen(
            command, cwd=cwd, env=env, stdout=self.log, stderr=subprocess.STDOUT
        )

    def wait(self, pools: Sequence[str], timeout: float) -> None:
        import urllib.request

        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server stopped; see {self.log_path}")
            try:
                urllib.request.urlopen(self.url + "/", timeout=2).close()
            except OSError:
                time.sleep(0.5)
                continue
            text = self.log_path.read_text(errors="replace")
            if all(f"Kernel pool of {name} is filled" in text for name in pools):
                return
            time.sleep(0.5)
        raise RuntimeError(f"the server was not ready in {timeout:.0f} s; see {self.log_path}")

    def kernels(self):
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

    def cpu(self) -> tuple[float, float]:
        """CPU seconds so far of the server process and of its kernels."""
        import psutil

        try:
            own = psutil.Process(self.process.pid).cpu_times()
        except psutil.Error:
            return 0.0, 0.0
        kernels = 0.0
        for kernel in self.kernels():
            try:
                times = kernel.cpu_times()
                kernels += times.user + times.system
            except psutil.Error:
                continue
        return own.user + own.system, kernels

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(60)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(10)
        self.log.close()


def settle(seconds: float = 20.0, idle: float = 0.5) -> None:
    """Wait until the machine's CPU use is below ``idle`` of one core for 3 s (at most
    ``seconds``): a class arrives at a server that has finished starting."""
    import psutil

    deadline = time.monotonic() + seconds
    quiet = 0
    psutil.cpu_percent(None)
    while time.monotonic() < deadline and quiet < 3:
        time.sleep(1)
        busy = psutil.cpu_percent(None) / 100 * psutil.cpu_count()
        quiet = quiet + 1 if busy < idle + 0.6 else 0  # others share this machine


# ---------------------------------------------------------------------- one student


def jupyter_message(msg_type: str, content: dict, session: str, channel: str = "shell") -> str:
    header = {"msg_id": uuid.uuid4().hex, "msg_type": msg_type, "username": "student",
              "session": session, "date": "2025-01-01T00:00:00Z", "version": "5.3"}  # fmt: skip
    metadata = {"version": "1.0.0"} if msg_type == "comm_open" else {}  # widget control protocol
    return json.dumps({"header": header, "parent_header": {}, "metadata": metadata,
                       "content": content, "channel": channel, "buffers": []})  # fmt: skip


async def one_student(http, url: str, port: int, timeout: float) -> Student:
    from websockets.asyncio.client import connect

    result = Student()
    start = time.perf_counter()
    try:
        response = await http.fetch(url, request_timeout=timeout, raise_error=False)
        if response.code != 200:
            result.error = f"page answered {response.code}"
            return result
        page = response.body.decode("utf-8", "replace")
        if APP_VIEW not in page:
            result.error = "the page came without its app"
            return result
        cookies = "; ".join(
            c.split(";", 1)[0] for c in response.headers.get_list("Set-Cookie")
        )
        assets = sorted(set(ASSET.findall(page)))
        base = url.split("/voila/")[0]
        await asyncio.gather(*(
            http.fetch(base + a, request_timeout=timeout, raise_error=False) for a in assets
        ))  # fmt: skip
        kernel_id = KERNEL_ID.search(page).group(1)
        session = uuid.uuid4().hex
        ws_url = f"ws://127.0.0.1:{port}/api/kernels/{kernel_id}/channels?session_id={session}"
        async with connect(
            ws_url, additional_headers={"Cookie": cookies}, max_size=None, open_timeout=timeout
        ) as ws:
            control = uuid.uuid4().hex
            await ws.send(jupyter_message("comm_open", {
                "comm_id": control, "target_name": "jupyter.widget.control", "data": {}}, session))
            await ws.send(jupyter_message("comm_msg", {
                "comm_id": control, "data": {"method": "request_states"}}, session))  # fmt: skip
            states = await asyncio.wait_for(_states(ws), timeout)
            bid = _widget(states, "kaya-bid")
            log = _widget(states, "kaya-log")
            if bid is None or log is None or states[bid]["state"].get("disabled"):
                result.error = "no enabled Bid button"
                return result
            result.playable = time.perf_counter() - start
            clicked = time.perf_counter()
            await ws.send(jupyter_message("comm_msg", {"comm_id": bid, "data": {
                "method": "custom", "content": {"event": "click"}}}, session))  # fmt: skip
            await asyncio.wait_for(_update_of(ws, log), timeout)
            result.click = time.perf_counter() - clicked
    except (TimeoutError, asyncio.TimeoutError):
        result.error = f"no answer within {timeout:.0f} s"
    except Exception as error:  # a failed student is counted, not fatal to the run
        result.error = f"{type(error).__name__}: {error}"[:160]
    return result


def one_student_now(url: str, port: int, timeout: float = 120.0) -> Student:
    """One student arriving alone at ``url`` (for tests)."""
    from tornado.httpclient import AsyncHTTPClient

    async def arrive() -> Student:
        http = AsyncHTTPClient(force_instance=True)
        try:
            return await one_student(http, url, port, timeout)
        finally:
            http.close()

    return asyncio.run(arrive())


async def _messages(ws):
    async for raw in ws:
        if isinstance(raw, str):
            yield json.loads(raw)


async def _states(ws) -> dict:
    async for msg in _messages(ws):
        data = msg.get("content", {}).get("data", {})
        if msg.get("msg_type", msg.get("header", {}).get("msg_type")) == "comm_msg" and (
            data.get("method") == "update_states"
        ):
            return data["states"]
    raise ConnectionError("the websocket closed before the widgets came")


async def _update_of(ws, comm_id: str) -> None:
    async for msg in _messages(ws):
        content = msg.get("content", {})
        data = content.get("data", {})
        if content.get("comm_id") == comm_id and data.get("method") == "update":
            if "value" in data.get("state", {}):
                return
    raise ConnectionError("the websocket closed before the update came")


def _widget(states: dict, css_class: str) -> str | None:
    for model_id, model in states.items():
        if css_class in model.get("state", {}).get("_dom_classes", ()):
            return model_id
    return None


# ---------------------------------------------------------------------- a wave


def run_wave(
    mode: str,
    students: int,
    app: str,
    timeout: float,
    logs: Path,
    arrive_after: float = 0.0,
    server_args: Sequence[str] = (),
) -> Row:
    """One server, one class arriving at once ``arrive_after`` seconds after it is ready."""
    from tornado.httpclient import AsyncHTTPClient

    notebook = APPS[app]
    row = Row(mode, students, arrive_after=arrive_after)
    name = f"bench-class-{mode}-{students}-{arrive_after:.0f}s.log"
    server = Server(mode, students, logs / name, server_args)
    try:
        started = time.perf_counter()
        server.wait([notebook] if mode == "class" else [], timeout=900)
        settle()
        row.ready_s = time.perf_counter() - started
        time.sleep(arrive_after)  # a real class arrives minutes after the teacher starts
        cpu_before = server.cpu()
        AsyncHTTPClient.configure(None, max_clients=4 * students + 20)

        async def wave() -> list[Student]:
            http = AsyncHTTPClient(force_instance=True)
            try:
                urls = [f"{server.url}/voila/render/{notebook}?seed={100 + i}&speed=instant"
                        for i in range(students)]  # fmt: skip
                return await asyncio.gather(
                    *(one_student(http, u, server.port, timeout) for u in urls)
                )
            finally:
                http.close()

        row.results = asyncio.run(wave())
        cpu_after = server.cpu()
        row.server_cpu = (cpu_after[0] - cpu_before[0]) / students
        row.kernel_cpu = max(0.0, cpu_after[1] - cpu_before[1]) / students
        rss, uss = [], []
        for kernel in server.kernels():
            try:
                info = kernel.memory_full_info()
            except Exception:
                continue
            rss.append(info.rss / 2**20)
            uss.append(info.uss / 2**20)
        row.rss_mb = statistics.median(rss) if rss else 0.0
        row.uss_mb = statistics.median(uss) if uss else 0.0
    finally:
        server.stop()
    return row


def fmt(value: float | None, digits: int = 1) -> str:
    return "-" if value is None else f"{value:.{digits}f}"


def table(rows: list[Row]) -> str:
    lines = [
        "| mode | students | playable | to playable p50 / p95 (s) | click to update p50 / p95 (s) "
        "| failures | kernel RSS / USS (MB) | CPU-s per student: server / kernels |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        lines.append(
            f"| {r.mode} | {r.students} | {len(r.playable)} | "
            f"{fmt(percentile(r.playable, 0.5))} / {fmt(percentile(r.playable, 0.95))} | "
            f"{fmt(percentile(r.clicks, 0.5), 2)} / {fmt(percentile(r.clicks, 0.95), 2)} | "
            f"{len(r.failures)} | {r.rss_mb:.0f} / {r.uss_mb:.0f} | "
            f"{r.server_cpu:.2f} / {r.kernel_cpu:.2f} |"
        )
    return "\n".join(lines)


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m benchmarks class", description=__doc__)
    parser.add_argument("--students", default="1,10", help="class sizes, e.g. 1,10,20,30,40")
    parser.add_argument(
        "--mode", default="both", help="app, class, voila, both (app and class) or all"
    )
    parser.add_argument("--app", default="blef", choices=sorted(APPS))
    parser.add_argument("--timeout", type=float, default=120.0, help="seconds per step")
    parser.add_argument("--json", type=Path, help="also write the rows to this file")
    args = parser.parse_args(argv)
    try:
        args.sizes = [int(s) for s in args.students.split(",") if s.strip()]
    except ValueError:
        parser.error(f"--students: whole numbers separated by commas, not {args.students!r}")
    if not args.sizes or not all(1 <= n <= MAX_STUDENTS for n in args.sizes):
        parser.error(f"--students: each from 1 to {MAX_STUDENTS}")
    modes = {"both": ["app", "class"], "all": list(MODES)}.get(args.mode, [args.mode])
    if not set(modes) <= set(MODES):
        parser.error(f"--mode: one of {', '.join(MODES)}, both or all")
    if not 1 <= args.timeout <= 600:
        parser.error("--timeout: 1 to 600 seconds")
    args.modes = modes
    return args


def main(argv: Sequence[str] | None = None) -> list[Row]:
    args = parse_args([] if argv is None else argv)
    logs = ROOT / "test-artifacts"
    logs.mkdir(exist_ok=True)
    import psutil

    print(f"  machine: {psutil.cpu_count()} cores, load average "
          f"{', '.join(f'{x:.1f}' for x in os.getloadavg())} (others' work included)")  # fmt: skip
    rows = []
    for mode in args.modes:
        for n in args.sizes:
            row = run_wave(mode, n, args.app, args.timeout, logs)
            rows.append(row)
            failures = sorted(set(row.failures))
            print(f"  {mode:5} {n:3} students: {len(row.playable)} playable, "
                  f"p95 {fmt(percentile(row.playable, 0.95))} s to playable, "
                  f"p95 {fmt(percentile(row.clicks, 0.95), 2)} s click to update"
                  f"{'; failures: ' + '; '.join(failures) if failures else ''} "
                  f"(server ready in {row.ready_s:.0f} s)", flush=True)  # fmt: skip
    print()
    print(table(rows))
    if args.json:
        args.json.write_text(json.dumps([
            {"mode": r.mode, "students": r.students, "playable": r.playable, "clicks": r.clicks,
             "failures": r.failures, "rss_mb": r.rss_mb, "uss_mb": r.uss_mb,
             "server_cpu_per_student": r.server_cpu, "kernel_cpu_per_student": r.kernel_cpu}
            for r in rows
        ], indent=2))  # fmt: skip
    return rows


if __name__ == "__main__":
    main(sys.argv[1:])
