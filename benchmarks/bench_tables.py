"""A class at its tables on loopback: every move must reach every seat's page quickly.

    .venv/bin/python -m benchmarks tables                    # 32 students at 8 tables of 4
    .venv/bin/python -m benchmarks tables --tables 8 --moves 40 --think 0

The table service runs in a process of its own (the routes of the class server, with its
SQLite store on disk, ``synchronous=FULL``), as under ``make class``; this process plays the
students' page kernels: each seat holds the updates websocket a play page's kernel holds, and
the seat to move sends its action over HTTP as the page's kernel does. Every table plays at
once, each move as soon as the last one has reached all four seats (``--think`` adds a pause,
in seconds, as a person takes), a random legal action each time.

Measured: for every move, from just before its HTTP request until each seat's websocket has
brought the update (*move to seat*, one sample per seat and move) and until the last of the
four has (*move to every seat*). The floor, measured in the same run on the same server
process before and after the class plays: a websocket echo on loopback (one message sent,
the same message back), the least any push to a page can cost here; and the disk's: one small
SQLite commit with ``synchronous=FULL`` in the store's folder, which every move waits for
before any seat is told. Figures:
p50 and p95 of each, and the ratio of the p95 to the echo floor's. The leg from a page's
kernel to the browser is ``bench_apps`` ("click to update").

Bounded: at most 16 tables, 200 moves a table, loopback only.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from collections.abc import Sequence
from dataclasses import dataclass, field
from http.cookiejar import CookieJar
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
PEOPLE = 4
MAX_TABLES, MAX_MOVES = 16, 200
ECHOES = 300
COMMITS = 100


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile (0..1) of ``values``, interpolated.

    >>> percentile([1.0, 2.0, 3.0, 4.0], 0.5)
    2.5
    """
    ordered = sorted(values)
    if len(ordered) == 1:
        return ordered[0]
    return statistics.quantiles(ordered, n=1000, method="inclusive")[round(q * 1000) - 1]


# ---- the server process ------------------------------------------------------------------------


def serve(store: str) -> None:
    """The table service's routes and an echo websocket, on loopback, until stdin closes."""
    import secrets

    from tornado import web, websocket
    from tornado.httpserver import HTTPServer
    from tornado.netutil import bind_sockets

    from kayalib.server.store import ClassStore
    from kayalib.server.table_web import KernelCallers, TablesWeb, table_routes
    from kayalib.server.tables import TableService

    class Echo(websocket.WebSocketHandler):
        def on_message(self, message: str | bytes) -> None:
            self.write_message(message)

    async def main() -> None:
        secret, key = secrets.token_urlsafe(16), secrets.token_urlsafe(9)
        service = TableService(ClassStore(store))
        service.restore()
        config = TablesWeb(service, KernelCallers(secret), key, lambda _u, page: f"/{page}")
        routes = [*table_routes("/", config), ("/echo", Echo)]
        app = web.Application(routes, xsrf_cookies=True,  # type: ignore[arg-type]
                              cookie_secret=secrets.token_bytes(32))  # fmt: skip
        sockets = bind_sockets(0, "127.0.0.1")
        HTTPServer(app).add_sockets(sockets)
        port = sockets[0].getsockname()[1]
        print(json.dumps({"port": port, "secret": secret, "key": key}), flush=True)
        loop = asyncio.get_running_loop()
        await loop.run_in_executor(None, sys.stdin.read)  # until the benchmark closes it

    asyncio.run(main())


@dataclass
class Server:
    process: subprocess.Popen[str]
    port: int
    secret: str
    key: str

    @classmethod
    def start(cls, store: str) -> Server:
        process = subprocess.Popen(
            [sys.executable, "-m", "benchmarks.bench_tables", "--serve", store], cwd=ROOT,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
        )  # fmt: skip
        assert process.stdout is not None
        line = process.stdout.readline()
        if not line:
            raise RuntimeError("the table service did not start")
        info = json.loads(line)
        return cls(process, info["port"], info["secret"], info["key"])

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    def stop(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(5)

    def cpu_seconds(self) -> float:
        import psutil

        times = psutil.Process(self.process.pid).cpu_times()
        return times.user + times.system


# ---- the class ---------------------------------------------------------------------------------


def teacher(server: Server, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(server.url + "kayalib/dashboard/do",
                                     data=json.dumps(body).encode(), method="POST",
                                     headers={"X-Kayalib-Key": server.key})  # fmt: skip
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read())


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


def join(server: Server, code: str, nickname: str) -> str:
    """What a student's browser does on the join page; the seat token its cookie then holds
    (the server hands it to the play page's kernel)."""
    jar = CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar), NoRedirect)
    opener.open(server.url + "kayalib/join", timeout=30).read()
    xsrf = next(c.value for c in jar if c.name == "_xsrf")
    body = urllib.parse.urlencode({"code": code, "nickname": nickname, "_xsrf": xsrf}).encode()
    try:
        opener.open(server.url + "kayalib/join", data=body, timeout=30)
    except urllib.error.HTTPError as answer:  # the redirect to the play page
        if answer.code == 302:
            token = next((c.value for c in jar if c.name == f"kayalib_table_{code}"), "")
            if token:
                return token
    raise RuntimeError("the join page did not seat the student")


@dataclass
class Seat:
    code: str
    token: str
    socket: Any = None
    version: int = -1
    update: dict[str, Any] = field(default_factory=dict)
    arrived: asyncio.Event = field(default_factory=asyncio.Event)
    when: dict[int, float] = field(default_factory=dict)

    async def listen(self) -> None:
        while True:
            message = await self.socket.read_message()
            if message is None:
                return
            update = json.loads(message)
            if update.get("type") != "update":
                continue
            self.when.setdefault(update["version"], time.perf_counter())
            if update["version"] >= self.version:
                self.version, self.update = update["version"], update
            self.arrived.set()


def headers(server: Server, seat: Seat) -> dict[str, str]:
    return {"X-Kayalib-Kernel": server.secret, "X-Kayalib-Table": seat.code,
            "X-Kayalib-Seat": seat.token}  # fmt: skip


async def open_seat(server: Server, seat: Seat) -> None:
    from tornado.httpclient import HTTPRequest
    from tornado.websocket import websocket_connect

    request = HTTPRequest(f"ws://127.0.0.1:{server.port}/kayalib/seat/updates",
                          headers=headers(server, seat))  # fmt: skip
    seat.socket = await websocket_connect(request)
    asyncio.get_running_loop().create_task(seat.listen())
    while seat.version < 0:
        seat.arrived.clear()
        await seat.arrived.wait()


def choose(update: dict[str, Any], rng: random.Random) -> str:
    """A random legal action, a check now and then (rounds end, the game goes on)."""
    from kayalib.registry import game

    actions = [str(a) for a in game(update["game"]).view.from_json(update["view"]).legal_actions()]
    if "check" in actions and rng.random() < 0.35:
        return "check"
    bids = [a for a in actions if a != "check"] or actions
    return rng.choice(bids[:6])


async def play_table(server: Server, seats: list[Seat], moves: int, think: float,
                     rng: random.Random, seat_times: list[float],
                     every_times: list[float]) -> None:  # fmt: skip
    from tornado.httpclient import AsyncHTTPClient, HTTPRequest

    client = AsyncHTTPClient()
    for _ in range(moves):
        update = max((s.update for s in seats), key=lambda u: u["version"])
        if update["view"]["outcome"] is not None or update["status"] != "playing":
            return
        turn = update["view"]["current_player"]
        mover = next(s for s in seats if s.update["seat"] == turn)
        version = mover.version
        if think:
            await asyncio.sleep(think)
        body = {"table": mover.code, "seat": mover.token, "version": version,
                "action": choose(mover.update, rng)}  # fmt: skip
        start = time.perf_counter()
        answer = await client.fetch(HTTPRequest(
            server.url + "kayalib/act", method="POST", body=json.dumps(body),
            headers={**headers(server, mover), "Content-Type": "application/json"},
        ), raise_error=False)  # fmt: skip
        if answer.code != 200:
            raise RuntimeError(f"a move was refused: {answer.code} {answer.body[:200]!r}")
        new = json.loads(answer.body)["version"]
        while any(new not in s.when for s in seats):
            for s in seats:
                s.arrived.clear()
            await asyncio.wait([asyncio.create_task(s.arrived.wait()) for s in seats],
                               timeout=5, return_when=asyncio.FIRST_COMPLETED)  # fmt: skip
        arrivals = [s.when[new] - start for s in seats]
        seat_times.extend(arrivals)
        every_times.append(max(arrivals))


async def echo_times(server: Server, count: int) -> list[float]:
    from tornado.websocket import websocket_connect

    socket = await websocket_connect(f"ws://127.0.0.1:{server.port}/echo")
    times = []
    for i in range(count):
        start = time.perf_counter()
        await socket.write_message(json.dumps({"n": i, "pad": "x" * 600}))
        await socket.read_message()
        times.append(time.perf_counter() - start)
    socket.close()
    return times


def commit_times(folder: str, count: int) -> list[float]:
    """The disk's floor: one small SQLite commit (WAL, ``synchronous=FULL``, as the store's)."""
    import sqlite3

    db = sqlite3.connect(str(Path(folder) / "floor.sqlite"), isolation_level=None)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA synchronous=FULL")
    db.execute("CREATE TABLE IF NOT EXISTS t (n INTEGER, action TEXT)")
    times = []
    for i in range(count):
        start = time.perf_counter()
        db.execute("INSERT INTO t VALUES (?, ?)", (i, "high-card 9"))
        times.append(time.perf_counter() - start)
    db.close()
    return times


async def class_plays(server: Server, tables: int, moves: int, think: float,
                      seed: int) -> tuple[list[float], list[float], int]:  # fmt: skip
    loop = asyncio.get_running_loop()
    rng = random.Random(seed)
    codes = [teacher(server, {"do": "create", "game": "blef", "people": PEOPLE, "bots": [],
                              "options": {}, "wait": 600})["code"] for _ in range(tables)]
    everyone: list[list[Seat]] = []
    for code in codes:
        tokens = [await loop.run_in_executor(None, join, server, code, f"S{i}")
                  for i in range(PEOPLE)]  # fmt: skip
        everyone.append([Seat(code, token) for token in tokens])
    await asyncio.gather(*(open_seat(server, s) for seats in everyone for s in seats))
    seat_times: list[float] = []
    every_times: list[float] = []
    await asyncio.gather(*(play_table(server, seats, moves, think, random.Random(rng.random()),
                                      seat_times, every_times) for seats in everyone))  # fmt: skip
    for seats in everyone:
        for s in seats:
            s.socket.close()
    return seat_times, every_times, len(every_times)


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m benchmarks tables", description=__doc__)
    parser.add_argument("--tables", type=int, default=8, help="tables of 4 (default 8)")
    parser.add_argument("--moves", type=int, default=40, help="moves a table (default 40)")
    parser.add_argument("--think", type=float, default=0.0, help="seconds before each move")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--serve", metavar="STORE", help=argparse.SUPPRESS)
    args = parser.parse_args(list(argv or []))
    if args.serve is None:
        if not 1 <= args.tables <= MAX_TABLES:
            parser.error(f"--tables must be 1 to {MAX_TABLES}")
        if not 1 <= args.moves <= MAX_MOVES:
            parser.error(f"--moves must be 1 to {MAX_MOVES}")
        if not 0 <= args.think <= 10:
            parser.error("--think must be 0 to 10 seconds")
    return args


def ms(values: Sequence[float], q: float) -> float:
    return 1000 * percentile(values, q)


def main(argv: Sequence[str] | None = None) -> None:
    args = parse_args(argv)
    if args.serve is not None:
        serve(args.serve)
        return
    print(f"load: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} (1 and 5 min), "
          f"{os.cpu_count()} cores")  # fmt: skip
    with tempfile.TemporaryDirectory() as folder:
        server = Server.start(str(Path(folder) / "class.sqlite"))
        try:
            floor = asyncio.run(echo_times(server, ECHOES))
            disk = commit_times(folder, COMMITS)
            cpu = server.cpu_seconds()
            started = time.perf_counter()
            seat_times, every_times, moves = asyncio.run(
                class_plays(server, args.tables, args.moves, args.think, args.seed))
            wall = time.perf_counter() - started
            cpu = server.cpu_seconds() - cpu
            floor += asyncio.run(echo_times(server, ECHOES))
            disk += commit_times(folder, COMMITS)
        finally:
            server.stop()
    students = args.tables * PEOPLE
    plural = "s" if args.tables != 1 else ""
    print(f"{students} students at {args.tables} table{plural} of {PEOPLE}: {moves} moves in "
          f"{wall:.1f} s ({moves / wall:.0f} a second), the service {1000 * cpu / moves:.2f} ms "
          "CPU a move (its SQLite commit on disk included)")  # fmt: skip
    print(f"{'':24} {'p50 ms':>8} {'p95 ms':>8} {'p95 / floor':>12}")
    floor95 = ms(floor, 0.95)
    for name, values in (("echo floor", floor), ("disk commit floor", disk),
                         ("move to a seat", seat_times),
                         ("move to every seat", every_times)):  # fmt: skip
        print(f"{name:24} {ms(values, 0.5):8.2f} {ms(values, 0.95):8.2f} "
              f"{ms(values, 0.95) / floor95:12.1f}")  # fmt: skip
    verdict = "within" if ms(every_times, 0.95) <= 300 else "OVER"
    print(f"move to every seat p95 {ms(every_times, 0.95):.1f} ms: {verdict} the 300 ms goal")


if __name__ == "__main__":
    main(sys.argv[1:])
