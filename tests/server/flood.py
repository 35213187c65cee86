"""One student floods the class server while the others play: the harness of
``tests/server/test_flood.py`` and ``benchmarks/bench_edge.py`` (no pytest here).

The class server (``python -m kayalib class``) runs with a file limit of
:data:`FILE_LIMIT`, so that an attack "at the file limit" takes seconds, not minutes. Honest
students play at class tables as their play pages' kernels do (:class:`HonestClass`: each seat
holds the updates websocket, the seat to move sends its action over a new HTTP connection), with
the secret the server's kernels hold (read from a pooled kernel's environment, as only this
machine's administrator could). An attack (:data:`ATTACKS`) runs in a process of its own
(``python -m tests.server.flood ATTACK ...``), from loopback addresses other than the kernels'
``127.0.0.1`` where the attack is about addresses. Measured during each attack
(:class:`Figures`): every move's time until every seat has it, the moves that failed or took
longer than :data:`MOVE_TIMEOUT`, the server's memory (its own process, not its kernels) and
how much its log grew.

    python -m tests.server.flood connections --port 8866 --seconds 5
"""

from __future__ import annotations

import argparse
import asyncio
import http.cookiejar
import json
import os
import random
import resource
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from benchmarks.bench_tables import Seat  # one seat at a class table, listening for updates
from tests.processes import ServerProcess, free_port

ROOT = Path(__file__).resolve().parents[2]
FILE_LIMIT = 2048
"""The class server's file limit in these floods (its hard limit; it may raise the soft one)."""
MOVE_TIMEOUT = 5.0
"""Seconds after which an honest move counts as timed out."""
THINK = 0.1
"""Seconds an honest student waits before each move (a game lasts about ten seconds)."""
PEOPLE = 4
SECRET_ENV = "KAYALIB_KERNEL_SECRET"
SECRET_HEADER = "X-Kayalib-Kernel"


# ---- the server ----------------------------------------------------------------------------------


@dataclass
class Endpoint:
    """Where the class server answers (on loopback) and the teacher's key."""

    port: int
    key: str = ""

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"


@dataclass
class ClassServer:
    """The class server in a process of its own, its teacher's key and its kernels' secret."""

    process: ServerProcess
    key: str = ""
    secret: str = ""

    @property
    def port(self) -> int:
        return self.process.port

    @property
    def url(self) -> str:
        return self.process.url + "/"

    @property
    def endpoint(self) -> Endpoint:
        return Endpoint(self.port, self.key)

    def rss(self) -> int:
        """The server process's resident memory in bytes (its kernels are processes apart)."""
        import psutil

        return int(psutil.Process(self.process.process.pid).memory_info().rss)

    def cpu_seconds(self) -> float:
        import psutil

        times = psutil.Process(self.process.process.pid).cpu_times()
        return float(times.user + times.system)

    def log_bytes(self) -> int:
        assert self.process.log_path is not None
        self.process.log.flush()
        return self.process.log_path.stat().st_size

    def stop(self) -> None:
        self.process.stop()


def start_class_server(
    log_path: Path, *, root: Path = ROOT, file_limit: int = FILE_LIMIT,
    store: Path | None = None, port: int | None = None,
) -> ClassServer:  # fmt: skip
    """``python -m kayalib class`` of the checkout ``root`` (``kayalib.server class`` in a
    checkout from before that command), for one student's pools, with the hard file limit
    ``file_limit``; waits until its play apps' pools are warm."""
    port = port or free_port()
    store = store or Path(tempfile.mkdtemp(prefix="kayalib-flood-")) / "class.sqlite"
    limited = (
        "import os, resource, sys\n"
        "n = int(sys.argv[1])\n"
        "resource.setrlimit(resource.RLIMIT_NOFILE, (n, n))\n"
        "os.execv(sys.executable, [sys.executable, '-m', sys.argv[2], *sys.argv[3:]])\n"
    )
    old = (root / "kayalib" / "server" / "__main__.py").exists()
    command = [sys.executable, "-c", limited, str(file_limit),
               "kayalib.server" if old else "kayalib", "class", f"--port={port}",
               "--students=1", "--lesson-pool=0", "--ip=127.0.0.1", "--no-qr",
               f"--store={store}"]  # fmt: skip
    env = {**os.environ, "PYTHONPATH": str(root)}
    process = ServerProcess(command, port=port, cwd=root, env=env, log_path=log_path)
    server = ClassServer(process)
    try:
        process.wait(180, pools=("play-blef.ipynb", "play-aku-paling-kaya.ipynb"))
        text = process.log_text()
        server.key = text.split("Teacher's key: ", 1)[1].split()[0]
        server.secret = kernel_secret(process)
    except BaseException:
        process.stop()
        raise
    return server


def kernel_secret(process: ServerProcess) -> str:
    """The secret the server gave its kernels, from a pooled kernel's environment."""
    for kernel in process.kernels():
        secret = kernel.environ().get(SECRET_ENV, "")
        if secret:
            return str(secret)
    raise RuntimeError("no kernel of the class server holds its secret")


def teacher(server: Endpoint, body: dict[str, Any]) -> dict[str, Any]:
    """A dashboard command (the key in its header)."""
    request = urllib.request.Request(server.url + "kayalib/dashboard/do",
                                     data=json.dumps(body).encode(), method="POST",
                                     headers={"X-Kayalib-Key": server.key,
                                              "Content-Type": "application/json"})  # fmt: skip
    with urllib.request.urlopen(request, timeout=30) as response:
        return dict(json.loads(response.read()))


def dashboard_state(server: Endpoint) -> dict[str, Any]:
    request = urllib.request.Request(server.url + "kayalib/dashboard/state",
                                     headers={"X-Kayalib-Key": server.key})  # fmt: skip
    with urllib.request.urlopen(request, timeout=30) as response:
        return dict(json.loads(response.read()))


# ---- a browser at the join page ------------------------------------------------------------------


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


class Browser:
    """A student's browser at the join page: its own cookies, from ``source`` (a loopback
    address of this machine)."""

    def __init__(self, server: Endpoint, source: str = "127.0.0.1") -> None:
        self.server, self.source = server, source
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(self.jar), _NoRedirect,
            _SourceHandler(source),
        )  # fmt: skip

    def cookie(self, name: str) -> str:
        return next((c.value for c in self.jar if c.name == name), "")

    def open_join_page(self, code: str = "") -> int:
        query = "?" + urllib.parse.urlencode({"code": code}) if code else ""
        try:
            with self.opener.open(self.server.url + "kayalib/join" + query, timeout=30) as page:
                page.read()
                return int(page.status)
        except urllib.error.HTTPError as answer:
            return answer.code

    def join(self, code: str, nickname: str) -> tuple[int, str]:
        """Post the join form (opening the page first if this browser has no form token);
        the status and the seat token this browser now holds for ``code`` (or "")."""
        if not self.cookie("_xsrf"):
            self.open_join_page()
        body = urllib.parse.urlencode({"code": code, "nickname": nickname,
                                       "_xsrf": self.cookie("_xsrf")}).encode()  # fmt: skip
        try:
            with self.opener.open(self.server.url + "kayalib/join", data=body, timeout=30) as page:
                page.read()
                status = int(page.status)
        except urllib.error.HTTPError as answer:
            status = answer.code
        return status, self.cookie(f"kayalib_table_{code}")


class _SourceHandler(urllib.request.HTTPHandler):
    """HTTP connections from the local address ``source``."""

    def __init__(self, source: str) -> None:
        super().__init__()
        self.source = source

    def http_open(self, req: Any) -> Any:
        import http.client

        def connect(host: str, **kwargs: Any) -> http.client.HTTPConnection:
            return http.client.HTTPConnection(host, source_address=(self.source, 0), **kwargs)

        return self.do_open(connect, req)


# ---- the honest class ----------------------------------------------------------------------------


@dataclass
class Figures:
    """What the honest class saw during one stretch of time, and what it cost the server."""

    every_seat: list[float] = field(default_factory=list)
    failed: int = 0
    failures: list[str] = field(default_factory=list)
    rss_before: int = 0
    rss_peak: int = 0
    log_growth: int = 0
    cpu_seconds: float = 0.0
    joins: tuple[int, int] = (0, 0)

    @property
    def moves(self) -> int:
        return len(self.every_seat)

    def failed_because(self, why: str) -> None:
        self.failed += 1
        if len(self.failures) < 20:
            self.failures.append(why)

    def p95(self) -> float:
        return _quantile(self.every_seat, 0.95) if self.every_seat else float("inf")

    def p50(self) -> float:
        return _quantile(self.every_seat, 0.5) if self.every_seat else float("inf")

    @property
    def growth(self) -> int:
        return max(0, self.rss_peak - self.rss_before)

    def line(self, name: str) -> str:
        joined = f", joins {self.joins[0]}/{self.joins[1]}" if self.joins[1] else ""
        return (f"{name:<12} moves {self.moves:>4}  p50 {1000 * self.p50():7.1f} ms  "
                f"p95 {1000 * self.p95():7.1f} ms  failed {self.failed:>3}  "
                f"memory +{self.growth / 2**20:6.1f} MiB  log +{self.log_growth / 1024:8.1f} KiB"
                f"  server CPU {self.cpu_seconds:5.1f} s{joined}")  # fmt: skip


def _quantile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    if len(ordered) == 1:
        return ordered[0]
    return statistics.quantiles(ordered, n=100, method="inclusive")[round(q * 100) - 1]


class HonestClass:
    """``tables`` tables of four students playing Blef as fast as their moves arrive, in a
    thread of its own; :meth:`measure` gives the figures of a stretch of play."""

    def __init__(self, server: ClassServer, tables: int = 2, seed: int = 7) -> None:
        self.server, self.tables, self.rng = server, tables, random.Random(seed)
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.figures = Figures()
        self.playing = False
        self.in_flight = 0
        self.seats: list[list[Seat]] = []

    def start(self) -> HonestClass:
        self.thread.start()
        self.playing = True
        for _ in range(self.tables):
            asyncio.run_coroutine_threadsafe(self._play(), self.loop)
        deadline = time.monotonic() + 120
        while len(self.seats) < self.tables:  # every table seated and told
            if time.monotonic() > deadline:
                raise RuntimeError("the honest class could not sit down")
            time.sleep(0.1)
        return self

    def _new_table(self) -> list[Seat]:
        """A new table of four, each seat joined from a browser of its own."""
        code = teacher(self.server.endpoint, {"do": "create", "game": "blef", "people": PEOPLE,
                                              "bots": [], "options": {}, "wait": 600})["code"]
        seats = []
        for i in range(PEOPLE):
            status, token = Browser(self.server.endpoint).join(code, f"Honest{i}")
            if not token:
                raise RuntimeError(f"an honest student could not join: {status}")
            seats.append(Seat(code, token))
        return seats

    def _headers(self, seat: Seat) -> dict[str, str]:
        return {SECRET_HEADER: self.server.secret, "X-Kayalib-Table": seat.code,
                "X-Kayalib-Seat": seat.token}  # fmt: skip

    async def _sit_down(self) -> list[Seat]:
        """A new table, its seats' websockets open and each told where the game is."""
        from tornado.httpclient import HTTPRequest
        from tornado.websocket import websocket_connect

        seats = await self.loop.run_in_executor(None, self._new_table)
        for seat in seats:
            request = HTTPRequest(f"ws://127.0.0.1:{self.server.port}/kayalib/seat/updates",
                                  headers=self._headers(seat))  # fmt: skip
            seat.socket = await websocket_connect(request)
            self.loop.create_task(seat.listen())
        for seat in seats:
            while seat.version < 0:
                seat.arrived.clear()
                await asyncio.wait_for(seat.arrived.wait(), 30)
        return seats

    def _choose(self, update: dict[str, Any]) -> str:
        from kayalib.registry import game

        view = game(update["game"]).view.from_json(update["view"])
        actions = [str(a) for a in view.legal_actions()]
        if "check" in actions and self.rng.random() < 0.35:
            return "check"
        bids = [a for a in actions if a != "check"] or actions
        return self.rng.choice(bids[:6])

    async def _play(self) -> None:
        """One table's play, a new table each time a game ends."""
        from tornado.httpclient import AsyncHTTPClient

        client = AsyncHTTPClient()
        seats = await self._sit_down()
        self.seats.append(seats)
        while self.playing:
            update = max((s.update for s in seats), key=lambda u: u["version"])
            if update["view"]["outcome"] is not None or update["status"] != "playing":
                for seat in seats:
                    seat.socket.close()
                try:
                    fresh = await self._sit_down()
                except Exception as error:  # counted, and tried again
                    self.figures.failed_because(f"no new table: {error}")
                    await asyncio.sleep(1.0)
                    continue
                self.seats[self.seats.index(seats)] = seats = fresh
                continue
            turn = update["view"]["current_player"]
            mover = next(s for s in seats if s.update["seat"] == turn)
            await asyncio.sleep(THINK)
            figures = self.figures  # the stretch this move belongs to
            self.in_flight += 1
            try:
                await self._move(client, seats, mover, figures)
            except Exception as error:  # counted, and play goes on
                figures.failed_because(f"{type(error).__name__}: {error}")
                await asyncio.sleep(0.2)
            finally:
                self.in_flight -= 1

    async def _move(self, client: Any, seats: list[Seat], mover: Seat,
                    figures: Figures) -> None:  # fmt: skip
        from tornado.httpclient import HTTPRequest

        body = {"table": mover.code, "seat": mover.token, "version": mover.version,
                "action": self._choose(mover.update)}  # fmt: skip
        start = time.perf_counter()
        try:
            answer = await client.fetch(HTTPRequest(
                self.server.url + "kayalib/act", method="POST", body=json.dumps(body),
                headers={**self._headers(mover), "Content-Type": "application/json"},
                request_timeout=MOVE_TIMEOUT, connect_timeout=MOVE_TIMEOUT,
            ), raise_error=False)  # fmt: skip
        except Exception as error:  # a move that failed is counted, and play goes on
            figures.failed_because(f"{type(error).__name__}: {error}")
            await asyncio.sleep(0.2)
            return
        if answer.code != 200:
            figures.failed_because(f"move answered {answer.code}")
            await asyncio.sleep(0.2)
            return
        new = json.loads(answer.body)["version"]
        while any(new not in s.when for s in seats):
            left = MOVE_TIMEOUT - (time.perf_counter() - start)
            if left <= 0:
                break
            for s in seats:
                s.arrived.clear()
            await asyncio.wait([asyncio.ensure_future(s.arrived.wait()) for s in seats],
                               timeout=left, return_when=asyncio.FIRST_COMPLETED)  # fmt: skip
        if any(new not in s.when for s in seats):
            figures.failed_because("a seat was not told within the move timeout")
            for s in seats:  # catch up from the server before the next move
                s.when.setdefault(new, time.perf_counter())
            return
        figures.every_seat.append(max(s.when[new] for s in seats) - start)

    def measure(self, during: Callable[[], Any] | None = None, seconds: float = 5.0) -> Figures:
        """The figures of ``seconds`` of play (while ``during()`` runs, if given: then until it
        returns and at least ``seconds``)."""
        import psutil

        server = self.server
        figures = Figures(rss_before=server.rss())
        figures.rss_peak = figures.rss_before
        log_before, cpu_before = server.log_bytes(), server.cpu_seconds()
        process = psutil.Process(server.process.process.pid)
        self.figures = figures
        done = threading.Event()
        result: list[Any] = []

        def run() -> None:
            try:
                if during is not None:
                    result.append(during())
            finally:
                done.set()

        worker = threading.Thread(target=run, daemon=True)
        began = time.monotonic()
        worker.start()
        while not done.is_set() or time.monotonic() - began < seconds:
            try:
                figures.rss_peak = max(figures.rss_peak, int(process.memory_info().rss))
            except psutil.Error:
                break
            time.sleep(0.1)
        worker.join()
        self.figures = Figures()  # moves after this belong to no stretch
        wait = time.monotonic() + MOVE_TIMEOUT + 1
        while self.in_flight and time.monotonic() < wait:  # the stretch's last moves end
            time.sleep(0.05)
        figures.log_growth = server.log_bytes() - log_before
        figures.cpu_seconds = server.cpu_seconds() - cpu_before
        if result and isinstance(result[0], tuple):
            figures.joins = result[0]
        return figures

    def stop(self) -> None:
        self.playing = False

        async def close() -> None:
            for seats in self.seats:
                for seat in seats:
                    if seat.socket is not None:
                        seat.socket.close()

        if self.thread.is_alive():
            asyncio.run_coroutine_threadsafe(close(), self.loop).result(10)
            self.loop.call_soon_threadsafe(self.loop.stop)
            self.thread.join(10)


# ---- the attacks (each in a process of its own) --------------------------------------------------


def attack(server: ClassServer, name: str, seconds: float, code: str = "") -> subprocess.Popen:
    """Start attack ``name`` against ``server`` for about ``seconds`` (``code``: the table
    it aims at); :func:`report` waits for what it says."""
    argv = [sys.executable, "-m", "tests.server.flood", name, "--port", str(server.port),
            "--seconds", str(seconds), "--key", server.key, "--code", code]  # fmt: skip
    return subprocess.Popen(argv, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)  # fmt: skip


def report(process: subprocess.Popen, timeout: float = 180.0) -> str:
    """What an attack said when it ended (or why it said nothing)."""
    try:
        out, err = process.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        process.kill()
        out, err = process.communicate()
        return f"the attack did not end within {timeout:.0f} s"
    if process.returncode != 0:
        last = str(err).strip().splitlines()[-1:] or ["?"]
        return f"the attack failed: {last[0]}"
    return str(out).strip()


def _raise_file_limit() -> int:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    return hard


def connections(port: int, seconds: float, **_: Any) -> str:
    """Idle TCP connections from 127.0.0.2 to 127.0.0.41 (a crowd behind many addresses), as
    many as the server's file limit and more, opened in waves about the size of the server's
    accept queue, and held for ``seconds``."""
    import errno
    import selectors

    _raise_file_limit()
    target, wave = FILE_LIMIT + 512, 128
    began = time.monotonic()
    held: list[socket.socket] = []
    opened: list[socket.socket] = []

    def collect(selector: selectors.BaseSelector, wait: float) -> None:
        for key, _ in selector.select(wait):
            sock = key.fileobj
            assert isinstance(sock, socket.socket)
            selector.unregister(sock)
            if sock.getsockopt(socket.SOL_SOCKET, socket.SO_ERROR) == 0:
                held.append(sock)

    with selectors.DefaultSelector() as selector:
        for first in range(0, target, wave):
            if time.monotonic() - began > 0.6 * seconds:
                break
            for i in range(first, min(target, first + wave)):
                sock = socket.socket()
                sock.setblocking(False)
                sock.bind((f"127.0.0.{2 + i % 40}", 0))
                opened.append(sock)
                if sock.connect_ex(("127.0.0.1", port)) in (0, errno.EINPROGRESS):
                    selector.register(sock, selectors.EVENT_WRITE)
            collect(selector, 0.05)  # the server takes the wave from its accept queue
        while selector.get_map() and time.monotonic() - began < 0.8 * seconds:
            collect(selector, 0.1)
    took = time.monotonic() - began
    time.sleep(max(0.0, seconds - took))
    closed_by_server = 0
    for sock in held:
        try:
            if sock.recv(1) == b"":
                closed_by_server += 1
        except BlockingIOError:
            pass
        except OSError:
            closed_by_server += 1
    for sock in opened:
        sock.close()
    return (f"connected {len(held)} of {target} in {took:.1f} s; the server closed "
            f"{closed_by_server} of them")  # fmt: skip


def bodies(port: int, seconds: float, **_: Any) -> str:
    """Ten clients at once, each sending a 99 MiB body to a page route, again and again."""
    size = 99 * 2**20
    chunk = b"x" * 2**16
    statuses: list[str] = []
    sent = [0]
    deadline = time.monotonic() + seconds

    def one() -> None:
        while time.monotonic() < deadline:
            sock = socket.create_connection(("127.0.0.1", port), timeout=5)
            try:
                sock.sendall(
                    f"POST /voila/render/index.ipynb HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                    f"Content-Type: application/octet-stream\r\nContent-Length: {size}\r\n\r\n"
                    .encode()
                )  # fmt: skip
                left = size
                while left > 0 and time.monotonic() < deadline:
                    sock.sendall(chunk)
                    sent[0] += len(chunk)
                    left -= len(chunk)
                sock.settimeout(2)
                head = sock.recv(64)
                statuses.append(head.split(b"\r\n", 1)[0].decode("latin-1") or "closed")
            except OSError as error:
                statuses.append(type(error).__name__)
            finally:
                sock.close()

    workers = [threading.Thread(target=one) for _ in range(10)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    seen = {s: statuses.count(s) for s in sorted(set(statuses))}
    return f"sent {sent[0] / 2**20:.0f} MiB; answers {seen}"


def frames(port: int, seconds: float, **_: Any) -> str:
    """A student's own page, and a flood of frames on its kernel's websocket (each refused),
    reconnecting whenever the server closes it."""
    from websockets.exceptions import ConnectionClosed, InvalidStatus
    from websockets.sync.client import connect

    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    with opener.open(f"http://127.0.0.1:{port}/voila/render/index.ipynb", timeout=120) as page:
        text = page.read().decode()
    kernel_id = text.split('"kernelId": "', 1)[1].split('"', 1)[0]
    cookies = "; ".join(f"{c.name}={c.value}" for c in jar)
    sent = connects = refused = 0
    deadline = time.monotonic() + seconds
    bad = '{"header": 1}'
    while time.monotonic() < deadline:
        try:
            with connect(f"ws://127.0.0.1:{port}/api/kernels/{kernel_id}/channels",
                         additional_headers={"Cookie": cookies}, open_timeout=5) as ws:
                connects += 1
                while time.monotonic() < deadline:
                    ws.send(bad)
                    sent += 1
        except (InvalidStatus, TimeoutError):
            refused += 1
            time.sleep(0.05)
        except (ConnectionClosed, OSError):
            pass
    return f"sent {sent} frames over {connects} connections ({refused} refused)"


def joins(port: int, seconds: float, key: str = "", code: str = "", **_: Any) -> str:
    """One student hammering the join button of table ``code`` as fast as the server answers
    (a nickname too long to take), from 127.0.0.1, the address of the whole class."""
    browser = Browser(Endpoint(port, key))
    statuses: dict[int, int] = {}
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        status, _ = browser.join(code, "Flooder" * 5)
        statuses[status] = statuses.get(status, 0) + 1
    return f"join answers {dict(sorted(statuses.items()))}"


def squat(port: int, seconds: float, key: str = "", code: str = "", **_: Any) -> str:
    """A script taking every free seat it can at the tables ``code`` (comma-separated), as
    fast as it can, a new browser (no cookie kept) for each try."""
    server = Endpoint(port, key)
    codes = [c for c in code.split(",") if c]
    taken = tried = 0
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        for table in codes:
            tried += 1
            if Browser(server, "127.0.0.2").join(table, f"Squat{tried}")[1]:
                taken += 1
    return f"took {taken} seats in {tried} tries"


def one_browser_squats(port: int, seconds: float, key: str = "", code: str = "",
                       **_: Any) -> str:  # fmt: skip
    """One browser (its cookies kept) taking every seat it can at the tables ``code``
    (comma-separated), one try a second as a patient script would."""
    browser = Browser(Endpoint(port, key), "127.0.0.2")
    codes = [c for c in code.split(",") if c]
    held: set[str] = set()
    tried = 0
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        table = codes[tried % len(codes)]
        tried += 1
        token = browser.join(table, f"Greedy{tried}")[1]
        if token:
            held.add(table)
        time.sleep(min(1.0, max(0.0, deadline - time.monotonic())))
    return f"holds seats at {len(held)} tables after {tried} tries"


@dataclass
class Outcome:
    """One attack while the honest class played: its figures and what the attack said."""

    figures: Figures
    said: str


def under_attack(server: ClassServer, honest: HonestClass, name: str,
                 seconds: float = 5.0) -> Outcome:  # fmt: skip
    """The honest class's figures while attack ``name`` runs for ``seconds`` (for ``joins``,
    ten classmates from the flooder's address join tables meanwhile)."""
    said: list[str] = []
    if name == "calm":
        return Outcome(honest.measure(seconds=seconds), "no attack")
    codes: list[str] = []
    if name in ("joins", "squat", "greedy"):
        codes = [teacher(server.endpoint, {"do": "create", "game": "blef", "people": PEOPLE,
                                           "bots": [], "options": {}, "wait": 600})["code"]
                 for _ in range(3)]  # fmt: skip

    def during() -> tuple[int, int] | None:
        aimed = ",".join(codes) if name in ("squat", "greedy") else codes[0] if codes else ""
        process = attack(server, name, seconds, aimed)
        joined = None
        if name == "joins":
            time.sleep(min(1.0, seconds / 5))
            ok = 0
            for i in range(10):
                token = Browser(server.endpoint).join(codes[i // PEOPLE], f"Classmate{i}")[1]
                ok += bool(token)
                time.sleep(seconds / 14)
            joined = (ok, 10)
        said.append(report(process, seconds + 180))
        return joined

    figures = honest.measure(during, seconds)
    return Outcome(figures, said[0] if said else "")


ATTACKS: dict[str, Callable[..., str]] = {
    "connections": connections, "bodies": bodies, "frames": frames, "joins": joins,
    "squat": squat, "greedy": one_browser_squats,
}  # fmt: skip


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("attack", choices=sorted(ATTACKS))
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--key", default="")
    parser.add_argument("--code", default="")
    args = parser.parse_args(argv)
    print(ATTACKS[args.attack](args.port, args.seconds, key=args.key, code=args.code),
          flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
