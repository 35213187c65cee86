"""Solving heads-up Blef with CFR+ (kayalib.blef.equilibrium), on one core.

Target: NashConv <= 1e-3 within 30 s for the one-card round. The solve runs in a child process
pinned to one CPU with one BLAS thread, and the clock includes the exact NashConv computed after
every iteration. The two-cards-against-one round is timed for a few iterations only, to show
why it is not solved here.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

CHILD = r"""
import json, os, sys, time
os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
from kayalib.blef.equilibrium import HEADS_UP, HeadsUpRound, solve
from kayalib.blef.strategy import situations

out = {}
result = solve(HEADS_UP, target=1e-3, clean=False)
out["iterations"] = result.iterations
out["seconds"] = result.seconds
out["convergence"] = result.convergence
solver = HEADS_UP.solver()
start = time.perf_counter()
for _ in range(result.iterations):
    solver.iterate()
out["cfr_only_seconds"] = time.perf_counter() - start
full = solve(HEADS_UP, iterations=1000)
out["final"] = [full.iterations, full.seconds, full.nash_conv, full.value, full.cleaned]
rows = situations(full)
out["openings"] = [[s.hand[0], s.honest, s.bluff] for s in rows if s.last is None]
bids = sum(s.reach * (1 - s.check) for s in rows)
out["bluff_share"] = sum(s.reach * s.bluff for s in rows) / bids
out["check_share"] = sum(s.reach * s.check for s in rows) / sum(s.reach for s in rows if s.last)
bigger = HeadsUpRound((2, 1)).solver()
start = time.perf_counter()
for _ in range(3):
    bigger.iterate()
out["two_one"] = [bigger.tree.size, bigger.hands, (time.perf_counter() - start) / 3]
print(json.dumps(out))
"""


def main() -> dict:
    env = dict(os.environ, OPENBLAS_NUM_THREADS="1", OMP_NUM_THREADS="1", MKL_NUM_THREADS="1")
    done = subprocess.run(
        [sys.executable, "-c", CHILD], env=env, capture_output=True, text=True, check=True
    )
    out = json.loads(done.stdout.strip().splitlines()[-1])
    ranks = "9TJQKA"
    print("one card each (4,096 public nodes, 24,576 information sets), CFR+ on one core:")
    print(f"{'iteration':>9} {'NashConv':>10} {'value (first bidder)':>21}")
    marks = {1, 2, 5, 10, 20, 50, 100, out["iterations"]}
    for iteration, gap, value in out["convergence"]:
        if iteration in marks:
            print(f"{iteration:>9} {gap:>10.2e} {value:>21.6f}")
    print(
        f"NashConv <= 1e-3 after {out['iterations']} iterations in {out['seconds']:.2f} s "
        f"(CFR+ alone {out['cfr_only_seconds']:.2f} s)   (target: <= 30 s)"
    )
    iterations, seconds, gap, value, cleaned = out["final"]
    print(
        f"shipped run: {iterations} iterations in {seconds:.1f} s, NashConv {gap:.1e} "
        f"({'cleaned' if cleaned else 'raw'}), first bidder's value {value:.6f} (-5/69 = "
        f"{-5 / 69:.6f})"
    )
    print("opening bid, by the first bidder's card (honest = a bid on the rank held):")
    for rank, honest, bluff in out["openings"]:
        print(f"  {ranks[rank]}: honest {honest:6.1%}  bluff {bluff:6.1%}")
    print(
        f"bluffs among all bids in equilibrium play: {out['bluff_share']:.1%}; "
        f"checks among all answers to a bid: {out['check_share']:.1%}"
    )
    size, hands, per_iteration = out["two_one"]
    print(
        f"two cards against one: {size:,} public nodes, {hands[0]} x {hands[1]} hands, "
        f"{per_iteration:.2f} s per iteration (not solved here: see the report)"
    )
    return out


if __name__ == "__main__":
    main()
