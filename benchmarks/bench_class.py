"""A class on loopback: N simulated students open a play app at the same moment and make a move.

    .venv/bin/python -m benchmarks class --students 1,10,20,30,40 --mode both
    .venv/bin/python -m benchmarks class --students 30 --arrive-after 0,300 --restart

For each server mode, class size and arrival time it starts a fresh server on 127.0.0.1
(``app`` is ``make app``; ``class`` is ``make class STUDENTS=N``, with ``--lesson-pool``
kernels for each lesson as ``make class`` has; ``voila`` is the plain ``voila`` command with
Voila's own 4 s output wait, the kit's server before class mode), waits until it is ready
(class mode: every kernel pool is warm and the machine has settled), waits ``--arrive-after``
seconds more (a real class arrives minutes after the teacher starts the server), then lets N
students arrive at once. Each simulated student does what a student's browser does, over the
same HTTP and websocket protocol, without drawing the page:

1. gets the page (a cold browser: also every script and stylesheet the page names);
2. opens its kernel's websocket and asks for the widgets, as the page's widget manager does;
   *time to playable* is from arrival to holding an enabled "Bid" button;
3. clicks "Bid" (the button's click message); *click to update* is until the kernel sends the
   redrawn "What happened" log (the app redraws it last).

A student fails when the page has no app (Voila lost the notebook's output), an answer is an
error, or a step takes longer than ``--timeout``. Reported per row: students, playable, p50 and
p95 of both times, failures, the server's and kernels' CPU seconds per arriving student, and
memory: the kernels at rest (before the class arrives) and after the wave, their number, the
median resident (RSS) and unique (USS) megabytes per kernel and the sums, and the kernels the
students played in.

``--restart`` also measures, per mode, what Ctrl+C costs (SIGINT to the server's process group,
as a terminal sends it: seconds until the server has exited) and how soon a server started
again on the same port gives one student a playable game, beside the floor: one student on the
ready server before. Every request goes to 127.0.0.1 only; counts and times are bounded
(``--students`` at most 60 each, ``--arrive-after`` at most an hour, ``--timeout`` per step).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import statistics
import sys
import time
import uuid
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from kayalib.ui.board import unpack
from kayalib.ui.tree import find
from tests.processes import ServerProcess, free_port, voila_command

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
    kernel_id: str = ""


@dataclass
class Memory:
    """Kernels' memory at one moment: how many, the median per kernel and the sums (MB)."""

    kernels: int = 0
    rss_mb: float = 0.0
    uss_mb: float = 0.0
    rss_total_mb: float = 0.0
    uss_total_mb: float = 0.0

    @classmethod
    def of(cls, processes: list) -> Memory:
        rss, uss = [], []
        for process in processes:
            try:
                info = process.memory_full_info()
            except Exception:  # a kernel that just stopped
                continue
            rss.append(info.rss / 2**20)
            uss.append(info.uss / 2**20)
        if not rss:
            return cls()
        return cls(len(rss), statistics.median(rss), statistics.median(uss), sum(rss), sum(uss))


@dataclass
class Row:
    mode: str
    students: int
    arrive_after: float = 0.0
    results: list[Student] = field(default_factory=list)
    rest: Memory = field(default_factory=Memory)
    after: Memory = field(default_factory=Memory)
    in_use: Memory = field(default_factory=Memory)
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


class Server(ServerProcess):
    def __init__(
        self, mode: str, students: int, log_path: Path, extra: Sequence[str] = (),
        lesson_pool: int = 2, port: int | None = None,
    ) -> None:  # fmt: skip
        port = port or free_port()
        python = sys.executable
        self.pools: list[str] = []
        if mode == "app":
            command = [python, "-m", "kayalib", "app", f"--port={port}"]
        elif mode == "class":
            from kayalib.server.settings import ClassSettings

            command = [python, "-m", "kayalib", "class", f"--port={port}",
                       "--ip=127.0.0.1", "--no-qr", f"--students={students}",
                       f"--lesson-pool={lesson_pool}"]  # fmt: skip
            pools = ClassSettings(students, other_pool=lesson_pool).pools(NOTEBOOKS)
            self.pools = [name for name, pool in pools.items()
                          if name != "default" and pool["pool_size"] > 0]  # fmt: skip
        else:  # the plain voila command, as `make app` ran it before class mode
            command = voila_command(port, "--VoilaExecutor.iopub_timeout=4",
                                    "--VoilaExecutor.timeout=30")  # fmt: skip
        command += list(extra)  # settings on top, e.g. a shorter cell timeout in a test
        env = dict(os.environ, JUPYTER_PATH=str(NOTEBOOKS / ".jupyter"))
        env.pop("QUERY_STRING", None)
        super().__init__(command, port=port, cwd=NOTEBOOKS if mode == "voila" else ROOT,
                         env=env, log_path=log_path, new_session=True)  # fmt: skip

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

    def stop(self, grace: float = 60.0) -> None:
        super().stop(grace)


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
        kernel_id = result.kernel_id = KERNEL_ID.search(page).group(1)
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
            board, tree = _board(states)
            if board is None:
                result.error = "no board"
                return result
            if find(tree, "kaya-side-column") is None:  # the side column: players and the log
                result.error = "no log column"
                return result
            bid = find(tree, "kaya-bid")
            if bid is None or bid[1].get("disabled"):
                result.error = "no enabled Bid button"
                return result
            result.playable = time.perf_counter() - start
            clicked = time.perf_counter()
            await ws.send(jupyter_message("comm_msg", {"comm_id": board, "data": {
                "method": "custom", "content": {"ctl": bid[1]["ctl"], "do": "click"}}},
                session))  # fmt: skip
            await asyncio.wait_for(_patch_of(ws, board), timeout)
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
    """Each message of the kernel's websocket (JSON protocol): a text frame, or a binary one
    for a message with buffers (the board's packed scene and patches), its buffers in place."""
    from jupyter_server.services.kernels.connection.base import deserialize_binary_message

    async for raw in ws:
        yield json.loads(raw) if isinstance(raw, str) else deserialize_binary_message(raw)


async def _states(ws) -> dict:
    async for msg in _messages(ws):
        data = msg.get("content", {}).get("data", {})
        if msg.get("msg_type", msg.get("header", {}).get("msg_type")) == "comm_msg" and (
            data.get("method") == "update_states"
        ):
            states = data["states"]
            for path, buffer in zip(data.get("buffer_paths", []), msg.get("buffers", []),
                                    strict=True):  # fmt: skip
                *inside, last = path
                place = states
                for key in inside:
                    place = place[key]
                place[last] = bytes(buffer)
            return states
    raise ConnectionError("the websocket closed before the widgets came")


def _board(states: dict) -> tuple[str | None, object]:
    """The play page's board (its model id) and the tree it shows."""
    for model_id, model in states.items():
        scene = model.get("state", {}).get("scene")
        if isinstance(scene, dict) and "packed" in scene:
            return model_id, unpack(scene["packed"])["tree"]
    return None, None


async def _patch_of(ws, board: str) -> None:
    """Until the board sends its next patch (what the click changed on the page)."""
    async for msg in _messages(ws):
        content = msg.get("content", {})
        data = content.get("data", {})
        if content.get("comm_id") == board and data.get("method") == "custom":
            if "rev" in data.get("content", {}):
                return
    raise ConnectionError("the websocket closed before the page changed")


# ---------------------------------------------------------------------- a wave


def run_wave(
    mode: str,
    students: int,
    app: str,
    timeout: float,
    logs: Path,
    arrive_after: float = 0.0,
    server_args: Sequence[str] = (),
    lesson_pool: int = 2,
    settle_for: float = 20.0,
) -> Row:
    """One server, one class arriving at once ``arrive_after`` seconds after it is ready (and,
    for at most ``settle_for`` seconds, the machine quiet: 0 when a test shares the machine)."""
    from tornado.httpclient import AsyncHTTPClient

    notebook = APPS[app]
    row = Row(mode, students, arrive_after=arrive_after)
    name = f"bench-class-{mode}-{students}-{arrive_after:.0f}s.log"
    server = Server(mode, students, logs / name, server_args, lesson_pool)
    try:
        started = time.perf_counter()
        server.wait(1800, pools=server.pools)
        settle(settle_for)
        row.ready_s = time.perf_counter() - started
        time.sleep(arrive_after)  # a real class arrives minutes after the teacher starts
        row.rest = Memory.of(server.kernels())
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
        kernels = server.kernels()
        row.after = Memory.of(kernels)
        used = {r.kernel_id for r in row.results if r.kernel_id}
        row.in_use = Memory.of(
            [k for k in kernels if any(i in " ".join(_cmdline(k)) for i in used)]
        )
    finally:
        server.stop()
    return row


def _cmdline(process) -> list[str]:
    try:
        return process.cmdline()
    except Exception:
        return []


@dataclass
class Restart:
    mode: str
    students: int
    floor_s: float | None = None  # one student on the ready server, before the restart
    stop_s: float = 0.0  # Ctrl+C until the server has exited
    back_s: float | None = None  # the new server's start until one student can play


def run_restart(mode: str, students: int, app: str, timeout: float, logs: Path,
                lesson_pool: int = 2) -> Restart:  # fmt: skip
    """Ctrl+C a ready server, start it again on the same port, let one student play."""
    notebook = APPS[app]
    result = Restart(mode, students)
    server = Server(mode, students, logs / f"bench-restart-{mode}-{students}.log",
                    lesson_pool=lesson_pool)  # fmt: skip
    url = f"{server.url}/voila/render/{notebook}?seed=1&speed=instant"
    try:
        server.wait(1800, pools=server.pools)
        settle()
        result.floor_s = one_student_now(url, server.port, timeout).playable
        result.stop_s = server.interrupt()
    finally:
        server.stop()
    again = Server(mode, students, logs / f"bench-restart-{mode}-{students}-again.log",
                   lesson_pool=lesson_pool, port=server.port)  # fmt: skip
    try:
        start = time.perf_counter()
        while (tried := time.perf_counter()) - start < timeout:
            playable = one_student_now(url, again.port, timeout).playable
            if playable is not None:
                result.back_s = tried - start + playable
                break
            time.sleep(0.2)  # not listening yet
    finally:
        again.stop()
    return result


def fmt(value: float | None, digits: int = 1) -> str:
    return "-" if value is None else f"{value:.{digits}f}"


def table(rows: list[Row]) -> str:
    lines = [
        "| mode | students | arrive after (s) | playable | to playable p50 / p95 (s) "
        "| click to update p50 / p95 (s) | failures | CPU-s per student: server / kernels |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        lines.append(
            f"| {r.mode} | {r.students} | {r.arrive_after:.0f} | {len(r.playable)} | "
            f"{fmt(percentile(r.playable, 0.5))} / {fmt(percentile(r.playable, 0.95))} | "
            f"{fmt(percentile(r.clicks, 0.5), 2)} / {fmt(percentile(r.clicks, 0.95), 2)} | "
            f"{len(r.failures)} | {r.server_cpu:.2f} / {r.kernel_cpu:.2f} |"
        )
    return "\n".join(lines)


def memory_table(rows: list[Row]) -> str:
    lines = [
        "| mode | students | kernels at rest / after | per kernel at rest: RSS / USS (MB) "
        "| in use: RSS / USS (MB) | all kernels at rest / after: RSS (GB) |",
        "|---|---|---|---|---|---|",
    ]
    for r in rows:
        lines.append(
            f"| {r.mode} | {r.students} | {r.rest.kernels} / {r.after.kernels} | "
            f"{r.rest.rss_mb:.0f} / {r.rest.uss_mb:.0f} | "
            f"{r.in_use.rss_mb:.0f} / {r.in_use.uss_mb:.0f} | "
            f"{r.rest.rss_total_mb / 1024:.1f} / {r.after.rss_total_mb / 1024:.1f} |"
        )
    return "\n".join(lines)


def restart_table(restarts: list[Restart]) -> str:
    lines = [
        "| mode | students | Ctrl+C until stopped (s) | restart until playable (s) "
        "| one student on the ready server (s) | restart / ready |",
        "|---|---|---|---|---|---|",
    ]
    for r in restarts:
        ratio = r.back_s / r.floor_s if r.back_s and r.floor_s else None
        lines.append(f"| {r.mode} | {r.students} | {r.stop_s:.1f} | {fmt(r.back_s)} | "
                     f"{fmt(r.floor_s)} | {fmt(ratio)} |")  # fmt: skip
    return "\n".join(lines)


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m benchmarks class", description=__doc__)
    parser.add_argument("--students", default="1,10", help="class sizes, e.g. 1,10,20,30,40")
    parser.add_argument(
        "--mode", default="both", help="app, class, voila, both (app and class) or all"
    )
    parser.add_argument("--app", default="blef", choices=sorted(APPS))
    parser.add_argument("--timeout", type=float, default=120.0, help="seconds per step")
    parser.add_argument(
        "--arrive-after", default="0", metavar="SECONDS",
        help="when the class arrives after the server is ready, e.g. 0,300 (default 0)",
    )  # fmt: skip
    parser.add_argument("--lesson-pool", type=int, default=2,
                        help="class mode: kernels kept for each lesson (default 2, as make class)")
    parser.add_argument("--restart", action="store_true",
                        help="also measure Ctrl+C and a restart (one per mode, first size)")
    parser.add_argument("--json", type=Path, help="also write the rows to this file")
    args = parser.parse_args(argv)
    try:
        args.arrivals = [float(s) for s in args.arrive_after.split(",") if s.strip()]
    except ValueError:
        parser.error(f"--arrive-after: seconds separated by commas, not {args.arrive_after!r}")
    if not args.arrivals or not all(0 <= a <= 3600 for a in args.arrivals):
        parser.error("--arrive-after: each from 0 to 3600 seconds")
    if not 0 <= args.lesson_pool <= 10:
        parser.error("--lesson-pool: 0 to 10")
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
    rows, restarts = [], []
    for mode in args.modes:
        for n in args.sizes:
            for arrive_after in args.arrivals:
                row = run_wave(mode, n, args.app, args.timeout, logs, arrive_after,
                               lesson_pool=args.lesson_pool)  # fmt: skip
                rows.append(row)
                failures = sorted(set(row.failures))
                print(f"  {mode:5} {n:3} students after {arrive_after:.0f} s: "
                      f"{len(row.playable)} playable, "
                      f"p95 {fmt(percentile(row.playable, 0.95))} s to playable, "
                      f"p95 {fmt(percentile(row.clicks, 0.95), 2)} s click to update"
                      f"{'; failures: ' + '; '.join(failures) if failures else ''} "
                      f"(server ready in {row.ready_s:.0f} s; load "
                      f"{os.getloadavg()[0]:.1f})", flush=True)  # fmt: skip
        if args.restart:
            restart = run_restart(mode, args.sizes[0], args.app, args.timeout, logs,
                                  args.lesson_pool)  # fmt: skip
            restarts.append(restart)
            print(f"  {mode:5} restart: stopped {restart.stop_s:.1f} s after Ctrl+C, playable "
                  f"{fmt(restart.back_s)} s after the new start", flush=True)  # fmt: skip
    print()
    print(table(rows))
    print()
    print(memory_table(rows))
    if restarts:
        print()
        print(restart_table(restarts))
    if args.json:
        args.json.write_text(json.dumps({
            "rows": [{"mode": r.mode, "students": r.students, "arrive_after": r.arrive_after,
                      "playable": r.playable, "clicks": r.clicks, "failures": r.failures,
                      "rest": r.rest.__dict__, "after": r.after.__dict__,
                      "in_use": r.in_use.__dict__, "server_cpu_per_student": r.server_cpu,
                      "kernel_cpu_per_student": r.kernel_cpu} for r in rows],
            "restarts": [r.__dict__ for r in restarts],
        }, indent=2))  # fmt: skip
    return rows


if __name__ == "__main__":
    main(sys.argv[1:])
