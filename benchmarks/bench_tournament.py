"""The cost of the sandbox: ``kayalib tournament`` with bot files, against older code and floors.

1. A round robin of 4 Blef bot files x 20 games a pairing on the command line, with this
   checkout and (``--before DIR``) an older one, interleaved, as the ratio after / before.
2. The same round robin in-process, against its floor: the same bots imported and played in
   the referee's own process, the same games (equal views, the same random keys), so the
   difference per sandboxed move is the sandbox's whole cost: start-up, the view as JSON both
   ways, the pipe, pausing. Target: under 20 ms a move on a 2-core machine.
3. Start-up (launch to ready) and one move's round trip for each kind of sandbox that works here,
   with a short view (a first bid) and a long one (500 bids), against choosing in-process.

``python -m benchmarks tournament [--before DIR] [--games N] [--repeats N]``. The machine's load
(``uptime``) is printed first: the figures are only as quiet as the machine.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from itertools import combinations
from pathlib import Path
from typing import Any

from kayalib.engine import turns
from kayalib.errors import ArgumentError
from kayalib.registry import game
from kayalib.sandbox import SandboxedBot, confinement, read_bot_file
from kayalib.sandbox.confine import KINDS
from kayalib.seeds import BotRandom, bot_rng, game_seed
from kayalib.tournament import round_robin

ROOT = Path(__file__).resolve().parents[1]
SEED = 1

PLAYS = {
    "careful": """
        legal = view.legal_actions()
        return legal[-1] if view.last_bid is not None else legal[0]
    """,
    "dice": """
        legal = view.legal_actions()
        if view.last_bid is not None and rng.random() < 0.4:
            return legal[-1]
        return rng.choice(legal[:3])
    """,
    "bold": """
        legal = view.legal_actions()
        if view.last_bid is not None and view.last_bid.index > 20:
            return legal[-1]
        return legal[min(2, len(legal) - 1)]
    """,
    "template": """
        actions = view.legal_actions()
        bids = [a for a in actions if str(a) != "check"]
        if view.last_bid is not None:
            if bid_probability(view.last_bid, view.hand, view.total_cards) < 0.5:
                return actions[-1]
        believed = [b for b in bids if bid_probability(b, view.hand, view.total_cards) >= 0.6]
        if believed:
            return believed[0]
        return actions[-1] if view.last_bid is not None else bids[0]
    """,
}
"""Four bot files: three simple ones and the write-a-bot notebook's template (lesson 03's odds)."""


def write_bots(folder: Path) -> list[Path]:
    import textwrap

    paths = []
    for name, body in PLAYS.items():
        source = ("from kayalib.blef.odds import bid_probability\n\nGAME = 'blef'\n\n\n"
                  "class Bot:\n    def choose(self, view, rng):\n"
                  + textwrap.indent(textwrap.dedent(body).strip("\n"), " " * 8) + "\n")  # fmt: skip
        path = folder / f"{name}.py"
        path.write_text(source, "utf-8")
        paths.append(path)
    return paths


def uptime() -> str:
    try:
        return subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip()
    except OSError:
        return "(no uptime)"


# ---- 1. the command line, before and after ----------------------------------------------------


def command_line(root: Path, bots: list[Path], games: int, folder: Path) -> float:
    """Seconds of one ``kayalib tournament`` with the kayalib of ``root`` (a copy of it)."""
    lib = folder / f"lib-{abs(hash(root))}"
    if not lib.exists():
        shutil.copytree(root / "kayalib", lib / "kayalib",
                        ignore=shutil.ignore_patterns("__pycache__"))  # fmt: skip
    argv = [sys.executable, "-m", "kayalib", "tournament", "blef", *map(str, bots),
            "--games", str(games), "--seed", str(SEED), "--json"]  # fmt: skip
    began = time.perf_counter()
    done = subprocess.run(argv, env={**os.environ, "PYTHONPATH": str(lib)}, cwd=folder,
                          capture_output=True, text=True, timeout=1800)  # fmt: skip
    seconds = time.perf_counter() - began
    board = json.loads(done.stdout)["leaderboard"]
    faults = sum(sum(row["forfeits"].values()) for row in board)
    assert done.returncode == 0 and faults == 0, (done.stderr, board)
    return seconds


# ---- 2. in-process, against its floor ------------------------------------------------------------


class InProcess:
    """A bot file imported into this process (the floor: no sandbox, no JSON), handed the view
    itself and a generator seeded as its sandboxed process would seed it (the same games)."""

    def __init__(self, path: Path) -> None:
        spec = importlib.util.spec_from_file_location(f"bench_bot_{path.stem}", path)
        module = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
        spec.loader.exec_module(module)  # type: ignore[union-attr]
        self.bot = module.Bot()
        self.moves = 0

    def choose(self, view: Any, rng: Any) -> str:
        self.moves += 1
        key = rng.getrandbits(256).to_bytes(32, "big")
        return str(self.bot.choose(view, BotRandom(key)))


def floor(bots: list[Path], games: int) -> tuple[float, int]:
    """Seconds and bot moves of the same round robin with the bots in this process."""
    spec = game("blef")
    players = {path.stem: InProcess(path) for path in bots}
    began = time.perf_counter()
    for a, b in combinations(players, 2):
        for index in range(games):
            order = (a, b) if index % 2 == 0 else (b, a)
            state = spec.state.new(spec.rules_for_players(2), game_seed(SEED, index))
            for _ in turns(state, [players[name] for name in order]):
                pass
    return time.perf_counter() - began, sum(bot.moves for bot in players.values())


def in_process(bots: list[Path], games: int) -> float:
    began = time.perf_counter()
    result = round_robin("blef", bots, games, SEED)
    assert all(sum(row.forfeits.values()) == 0 for row in result.standings.values())
    return time.perf_counter() - began


# ---- 3. start-up and one move, per kind ----------------------------------------------------------


def views() -> dict[str, Any]:
    """A short view (the reply to a first bid) and a long one (500 bids into a 2-seat round
    where each seat holds 5 cards, never checked: the longest Blef rounds get about that)."""
    spec = game("blef")
    state = spec.state.new(spec.rules_for_players(2), 3)
    short = state.apply(state.legal_actions()[0]).view(1 - state.current_player)
    long = state
    for _ in range(500):
        option = long.legal_actions()[0]
        if str(option) == "check" or long.last_bid is not None and long.last_bid.index >= 80:
            # start the round again from the lowest bid: a long log, cheaply
            long = long.apply("check")
            if long.is_terminal:
                break
            continue
        long = long.apply(option)
    return {"short": short, f"long ({len(long.events)} events)": long.view(long.current_player)}


def round_trip(kind: str, bot: Path, shown: dict[str, Any], moves: int) -> dict[str, float]:
    """Start-up seconds, and seconds per move for each view, of a bot in ``kind``."""
    figures: dict[str, float] = {}
    with SandboxedBot(read_bot_file(bot), box=confinement(kind)) as player:
        began = time.perf_counter()
        player.start()
        player.process.ready()  # type: ignore[union-attr]
        figures["startup"] = time.perf_counter() - began
        for name, view in shown.items():
            rng = bot_rng(SEED, view.seat, 0)
            player.choose(view, rng)
            began = time.perf_counter()
            for _ in range(moves):
                player.choose(view, rng)
            figures[name] = (time.perf_counter() - began) / moves
    return figures


def in_process_move(bot: Path, shown: dict[str, Any], moves: int) -> dict[str, float]:
    player = InProcess(bot)
    figures = {}
    for name, view in shown.items():
        rng = bot_rng(SEED, view.seat, 0)
        began = time.perf_counter()
        for _ in range(moves):
            player.choose(view, rng)
        figures[name] = (time.perf_counter() - began) / moves
    return figures


def main(argv: list[str] | None = None) -> dict[str, float]:
    parser = argparse.ArgumentParser(prog="python -m benchmarks tournament")
    parser.add_argument("--before", type=Path, default=None,
                        help="an older kayalib checkout to compare the command line with")
    parser.add_argument("--games", type=int, default=20, help="games a pairing (default: 20)")
    parser.add_argument("--repeats", type=int, default=3, help="runs of each (default: 3)")
    parser.add_argument("--moves", type=int, default=200, help="moves timed per view")
    args = parser.parse_args(argv)
    print(f"load: {uptime()}")
    figures: dict[str, float] = {}
    with tempfile.TemporaryDirectory(prefix="kayalib-bench-") as name:
        folder = Path(name)
        bots = write_bots(folder)
        box = confinement()
        print(f"sandbox here: {box.kind} ({', '.join(box.protections)})")

        roots = [("after", ROOT)] + ([("before", args.before.resolve())] if args.before else [])
        times: dict[str, list[float]] = {label: [] for label, _ in roots}
        for _ in range(args.repeats):  # interleaved: after, before, after, before, ...
            for label, root in roots:
                times[label].append(command_line(root, bots, args.games, folder))
        for label, runs in times.items():
            figures[f"command_line_{label}"] = statistics.median(runs)
            each = ", ".join(f"{t:.2f}" for t in runs)
            print(f"command line, {len(bots)} bot files x {args.games} games a pairing, {label}: "
                  f"median {statistics.median(runs):.2f} s of {each}")
        if args.before:
            ratio = figures["command_line_after"] / figures["command_line_before"]
            figures["after_over_before"] = ratio
            print(f"  after / before: {ratio:.2f}")
        print(f"load: {uptime()}")

        plain, moves = floor(bots, args.games)
        sandboxed = statistics.median(in_process(bots, args.games) for _ in range(args.repeats))
        per_move = (sandboxed - plain) / moves
        figures.update(floor_seconds=plain, sandboxed_seconds=sandboxed, moves=moves,
                       overhead_per_move=per_move)  # fmt: skip
        print(f"round robin in-process: {sandboxed:.2f} s sandboxed ({box.kind}) vs {plain:.2f} s "
              f"with the same bots imported (floor), {moves} bot moves: {per_move * 1000:.2f} ms "
              "a move, start-ups included (target: < 20 ms)")

        shown = views()
        floor_move = in_process_move(bots[0], shown, args.moves)
        for kind in KINDS:
            try:
                confinement(kind)
            except ArgumentError:
                print(f"{kind}: does not work here")
                continue
            trip = round_trip(kind, bots[0], shown, args.moves)
            figures[f"{kind}_startup"] = trip.pop("startup")
            parts = [f"start-up {figures[f'{kind}_startup'] * 1000:.0f} ms"]
            for view_name, seconds in trip.items():
                figures[f"{kind}_move_{view_name.split()[0]}"] = seconds
                parts.append(f"{view_name} view {seconds * 1000:.2f} ms a move "
                             f"({seconds / floor_move[view_name]:.0f}x in-process "
                             f"{floor_move[view_name] * 1000:.3f} ms)")  # fmt: skip
            print(f"{kind}: " + "; ".join(parts))
    print(f"load: {uptime()}")
    return figures


if __name__ == "__main__":
    main()
