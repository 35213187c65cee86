"""Solving heads-up Blef (kayalib.blef.equilibrium), on one core, each figure next to a peer.

Targets: the one-card round to NashConv <= 1e-3 in <= 0.15 s, two cards against one in <= 10 s.
Every solve runs in a child process pinned to one CPU with one BLAS thread (threaded BLAS on
small products loses more to its threads than it gains on a shared 2-core machine), and its clock
includes the NashConv checks (every 10 iterations). Peers measured in the same run: CFR+ on the
same tree; OpenSpiel's C++ CFR+ on the same game (when OpenSpiel is installed); the linear
programme that gives the value exactly (scipy, when installed); ``json.loads`` of a shipped file
against reading it with its figure check. Two cards against two is sized, not solved.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

CHILD = r"""
import json, os, sys, time
os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
import numpy as np
from kayalib.blef.cfr import CFR_PLUS, DCFR
from kayalib.blef.equilibrium import (HEADS_UP, SHIPPED, TWO_AGAINST_ONE, Equilibrium,
                                      possible_bids, solve)

task = sys.argv[1]
out = {}

def timed(round_, method, limit=10_000):
    best = None
    for _ in range(3 if round_ is HEADS_UP else 1):
        r = solve(round_, target=1e-3, method=method, iterations=limit, clean=False)
        if best is None or r.seconds < best.seconds:
            best = r
    return [best.iterations, best.seconds, best.nash_conv, best.value]

if task == "one":
    for name, method in (("dcfr", DCFR), ("cfr+", CFR_PLUS), ("dcfr-again", DCFR)):
        out[name] = timed(HEADS_UP, method)
elif task == "two-one":
    out["dcfr"] = timed(TWO_AGAINST_ONE, DCFR)
    out["cfr+"] = timed(TWO_AGAINST_ONE, CFR_PLUS, limit=600)
    solver = TWO_AGAINST_ONE.solver(DCFR, np.float32)
    solver.iterate()
    start = time.perf_counter()
    for _ in range(5):
        solver.iterate()
    out["per_iteration"] = (time.perf_counter() - start) / 5
    out["nodes"] = solver.tree.size
    out["hands"] = list(solver.hands)
    import resource
    out["max_rss_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    out["two_two_bids"] = len(possible_bids(4))
elif task == "openspiel":
    try:
        import pyspiel
    except ImportError:
        print(json.dumps({"skipped": "OpenSpiel is not installed"}))
        sys.exit()
    sys.path.insert(0, os.getcwd())
    from tests.blef import openspiel_blef as spec
    game, _keys = spec.efg_game()
    cfr = pyspiel.CFRPlusSolver(game)
    start = time.perf_counter()
    iterations = int(sys.argv[2])
    for _ in range(iterations):
        cfr.evaluate_and_update_policy()
    out["openspiel_cfr_plus"] = [iterations, time.perf_counter() - start]
    solver = HEADS_UP.solver(CFR_PLUS)
    start = time.perf_counter()
    for _ in range(iterations):
        solver.iterate()
    out["kayalib_cfr_plus"] = [iterations, time.perf_counter() - start]
elif task == "lp":
    try:
        import scipy  # noqa: F401
    except ImportError:
        print(json.dumps({"skipped": "scipy is not installed"}))
        sys.exit()
    from kayalib.blef.sequence_form import OptimalStrategies, SequenceForm
    start = time.perf_counter()
    form = SequenceForm(HEADS_UP)
    first = OptimalStrategies(0, form)
    value = first.value
    out["value_lp"] = [time.perf_counter() - start, value, str(first.exact_value)]
    bluff = [form.column(0, 1 << b, 1) for b, bid in enumerate(HEADS_UP.bids) if bid.params[0] != 1]
    start = time.perf_counter()
    low, high, _plans = first.ratio_range(bluff, None)
    out["ten_bluff_range"] = [time.perf_counter() - start, low, high]
elif task == "load":
    for cards, shipped in SHIPPED.items():
        text = shipped.file.read_text(encoding="utf-8")
        start = time.perf_counter()
        data = json.loads(text)
        parse = time.perf_counter() - start
        start = time.perf_counter()
        Equilibrium.from_json(data)
        out[str(cards)] = [len(text), parse, time.perf_counter() - start]
print(json.dumps(out))
"""


def child(*args: str) -> dict:
    env = dict(os.environ, OPENBLAS_NUM_THREADS="1", OMP_NUM_THREADS="1", MKL_NUM_THREADS="1")
    done = subprocess.run(
        [sys.executable, "-c", CHILD, *args], env=env, capture_output=True, text=True, check=True
    )
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> dict:
    print(f"load: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f}")
    out = {"one": child("one")}
    one = out["one"]
    dcfr = min(one["dcfr"], one["dcfr-again"], key=lambda r: r[1])
    plus = one["cfr+"]
    print("one card each (4,096 public nodes), NashConv <= 1e-3, best of 3, one core:")
    print(f"  DCFR(1.5, 0, 2): {dcfr[0]} iterations, {dcfr[1]:.3f} s  (target <= 0.15 s)")
    print(f"  CFR+ (peer):     {plus[0]} iterations, {plus[1]:.3f} s")
    print(f"  DCFR / CFR+: {dcfr[1] / plus[1]:.2f} of the time, {dcfr[0] / plus[0]:.2f} of the "
          f"iterations")  # fmt: skip
    out["openspiel"] = spiel = child("openspiel", "100")
    if "skipped" in spiel:
        print(f"  OpenSpiel: {spiel['skipped']}")
    else:
        n, theirs = spiel["openspiel_cfr_plus"]
        _n, ours = spiel["kayalib_cfr_plus"]
        print(f"  {n} CFR+ iterations on the same game: OpenSpiel (C++, .efg tree) {theirs:.2f} s, "
              f"kayalib {ours:.3f} s: kayalib {theirs / ours:.0f}x faster")  # fmt: skip
    out["two_one"] = two = child("two-one")
    d, p = two["dcfr"], two["cfr+"]
    print(f"two cards against one ({two['nodes']:,} public nodes, {two['hands'][0]} x "
          f"{two['hands'][1]} hands, float32), NashConv <= 1e-3:")  # fmt: skip
    print(f"  DCFR: {d[0]} iterations, {d[1]:.2f} s  (target <= 10 s), first bidder's value "
          f"{d[3]:.4f}")  # fmt: skip
    reached = "" if p[2] <= 1e-3 else f" (NashConv {p[2]:.1e} after {p[0]}: not reached)"
    print(f"  CFR+ (peer): {p[0]} iterations, {p[1]:.2f} s{reached}; DCFR / CFR+ = "
          f"{d[1] / p[1]:.2f} of the time")  # fmt: skip
    per_node = two["per_iteration"] / two["nodes"]
    bids = two["two_two_bids"]
    nodes = 2**bids
    print(f"  one iteration {two['per_iteration'] * 1e3:.0f} ms, peak memory "
          f"{two['max_rss_mb']:.0f} MB")  # fmt: skip
    memory = nodes * 21 * 4 * 8 / 2**40  # eight float32 arrays a player, as the solver keeps
    days = per_node * nodes / 3600 / 24
    print(f"two cards against two: {bids} possible bids, so 2^{bids} = {nodes:.2e} public nodes "
          f"x 21 hands a player: {memory:,.0f} TiB of solver arrays, {days:,.0f} days an "
          f"iteration at this rate (not attempted)")  # fmt: skip
    out["lp"] = lp = child("lp")
    if "skipped" in lp:
        print(f"linear programme: {lp['skipped']}")
    else:
        seconds, value, fraction = lp["value_lp"]
        print(f"one card each by linear programming (sequence form, HiGHS): value {fraction} "
              f"({value:.12f}) in {seconds:.2f} s = {seconds / dcfr[1]:.0f}x the DCFR solve; the "
              f"range of the 10's opening bluff [{lp['ten_bluff_range'][1]:.3f}, "
              f"{lp['ten_bluff_range'][2]:.3f}] in {lp['ten_bluff_range'][0]:.2f} s")  # fmt: skip
    out["load"] = load = child("load")
    for cards, (size, parse, read) in load.items():
        print(f"reading the shipped {cards} file ({size / 1e3:,.0f} kB) with its figure check: "
              f"{read:.2f} s, {read / parse:.1f}x json.loads alone ({parse:.3f} s)")  # fmt: skip
    return out


if __name__ == "__main__":
    main()
