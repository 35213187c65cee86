"""kayalib benchmarks: ``python -m benchmarks [name ...]`` (``make bench``).

Each ``benchmarks/bench_*.py`` module has a ``main()`` that measures and prints a short table.
Timings are measured here, never asserted in tests.
"""
