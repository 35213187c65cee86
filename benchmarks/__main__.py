"""Run every ``benchmarks/bench_*.py`` module's ``main()``, or only those named on the command line.

``python -m benchmarks`` runs all; ``python -m benchmarks blef_odds`` runs ``bench_blef_odds``.
Options after one name go to that benchmark: ``python -m benchmarks class --students 1,10``.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import sys
import time
from collections.abc import Sequence
from pathlib import Path


def discover() -> list[str]:
    """The benchmark module names (without the ``bench_`` prefix), sorted."""
    folder = Path(__file__).parent
    return sorted(
        info.name.removeprefix("bench_")
        for info in pkgutil.iter_modules([str(folder)])
        if info.name.startswith("bench_")
    )


def main(argv: Sequence[str] | None = None) -> int:
    words = list(sys.argv[1:] if argv is None else argv)
    first_option = next((i for i, w in enumerate(words) if w.startswith("-")), len(words))
    names, options = words[:first_option], words[first_option:]
    if options and len(names) != 1:
        print("options go to one benchmark: python -m benchmarks NAME --option ...")
        return 2
    available = discover()
    unknown = [name for name in names if name.removeprefix("bench_") not in available]
    if unknown:
        print(f"unknown benchmark(s): {', '.join(unknown)}; have: {', '.join(available)}")
        return 2
    chosen = [name.removeprefix("bench_") for name in names] or available
    for name in chosen:
        print(f"== bench_{name}", flush=True)
        start = time.perf_counter()
        module = importlib.import_module(f"benchmarks.bench_{name}")
        # a benchmark with options of its own reads them from ``argv``, never from sys.argv
        # (which holds the benchmarks' names)
        takes_argv = "argv" in inspect.signature(module.main).parameters
        module.main(options) if options or takes_argv else module.main()
        print(f"   ({time.perf_counter() - start:.1f} s)\n", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
