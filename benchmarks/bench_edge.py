"""The class server's edge: one student attacks while the others play.

    .venv/bin/python -m benchmarks edge                          # every attack, 5 s each
    .venv/bin/python -m benchmarks edge --attacks bodies,frames --seconds 8
    .venv/bin/python -m benchmarks edge --root /path/to/an/older/checkout

The class server (``make class``, for one student's pools, with a file limit of 2,048) serves two
tables of four honest students who play Blef as fast as their moves arrive, as their play pages'
kernels do; meanwhile one attack of ``tests/server/flood.py`` runs in a process of its own:
idle connections past the file limit from 40 addresses, ten 99 MiB bodies at once, a frame
flood on a student's own kernel websocket, a script taking every free seat with a new browser
each time, one browser taking every seat it can, a student hammering the join button from the
class's one address while ten classmates join from it (last: on older code it locked the
class's address out for a minute). Figures for each: the honest moves'
time until every seat has them (p50, p95), the moves that failed or took over 5 s, the server's
memory growth (its own process), its log's growth and its CPU time, and the classmates' joins.
Run A/B against an older checkout with ``--root`` (the same harness, that checkout's server).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tests.server.flood import ClassServer, HonestClass

ORDER = ("calm", "connections", "bodies", "frames", "squat", "greedy", "joins")


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m benchmarks edge", description=__doc__)
    parser.add_argument("--attacks", default=",".join(ORDER),
                        help=f"which, in order (default: {','.join(ORDER)})")  # fmt: skip
    parser.add_argument("--seconds", type=float, default=5.0, help="each attack's length")
    parser.add_argument("--root", type=Path, default=None, help="the checkout whose server runs")
    args = parser.parse_args(list(argv or []))
    args.attacks = [a.strip() for a in args.attacks.split(",") if a.strip()]
    unknown = [a for a in args.attacks if a not in ORDER]
    if unknown:
        parser.error(f"unknown attack(s) {', '.join(unknown)}; have {', '.join(ORDER)}")
    if not 1 <= args.seconds <= 60:
        parser.error("--seconds must be 1 to 60")
    return args


def main(argv: Sequence[str] | None = None) -> None:
    from tests.server.flood import ROOT, HonestClass, start_class_server, under_attack

    args = parse_args(argv)
    root = (args.root or ROOT).resolve()
    print(f"load: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} (1 and 5 min), "
          f"{os.cpu_count()} cores; server of {root}")  # fmt: skip
    folder = Path(tempfile.mkdtemp(prefix="kayalib-edge-"))
    starts = 0

    def start() -> tuple[ClassServer, HonestClass]:
        nonlocal starts
        starts += 1
        server = start_class_server(folder / f"server-{starts}.log", root=root,
                                    store=folder / f"class-{starts}.sqlite")  # fmt: skip
        return server, HonestClass(server).start()

    server, honest = start()
    try:
        for name in args.attacks:
            outcome = under_attack(server, honest, name, args.seconds)
            print(outcome.figures.line(name), flush=True)
            print(f"{'':12} {outcome.said}", flush=True)
            if outcome.figures.failures:
                print(f"{'':12} failures: {outcome.figures.failures[:3]}", flush=True)
            if not recovers(server):
                print(f"{'':12} the server did not answer 30 s later: started again", flush=True)
                honest.stop()
                server.stop()
                server, honest = start()
    finally:
        honest.stop()
        server.stop()
        print(f"load: {os.getloadavg()[0]:.2f}; the server's logs: {folder}")
        for store in folder.glob("class-*.sqlite*"):
            store.unlink()


def recovers(server: ClassServer, seconds: float = 30.0) -> bool:
    """Whether the server answers its join page within ``seconds``."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if server.process.answers("/kayalib/join"):
            return True
        time.sleep(0.5)
    return False


if __name__ == "__main__":
    main(sys.argv[1:])
