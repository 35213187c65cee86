"""Lesson pages: how long each takes to run as Voila runs it (a fresh kernel), in the student's
view (gates closed until a prediction) and in the teacher's view (every part built), and how long
a language switch takes to redraw a page's widgets. Also the games behind lesson 07's default
buttons (its rounds come from the shipped experiment). Wall seconds: the machine may be shared.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def page_times(runs: int = 2) -> None:
    sys.path.insert(0, str(ROOT))
    from tests.lessons.pages import LESSON_PAGES, execute

    for path in LESSON_PAGES:
        for query in ("lang=pl", "lang=pl&solutions=key"):
            times = []
            for _ in range(runs):
                start = time.perf_counter()
                execute(path, query)
                times.append(time.perf_counter() - start)
            median = statistics.median(times)
            print(f"{path.name:40s} {query:24s} median {median:5.1f} s "
                  f"(min {min(times):.1f}, max {max(times):.1f}; kernel start included)")


def switch_time() -> None:
    from kayalib.lessons.l01 import kaya_walkthrough
    from kayalib.lessons.l03 import BidSimulator, HeatmapExplorer
    from kayalib.pages.language import set_language

    parts = [HeatmapExplorer(), BidSimulator(), kaya_walkthrough()]
    for lang in ("pl", "id", "en"):
        start = time.perf_counter()
        set_language(lang)
        print(f"switch to {lang}: {time.perf_counter() - start:.2f} s for {len(parts)} widgets "
              "(heat map, simulator, 40-step walkthrough)")  # fmt: skip


def sweep_time() -> None:
    from kayalib.lessons.l07 import BluffingSweep, rounds_figures

    for against in ("odds", "believer"):
        sweep = BluffingSweep(against=against, games=100, lang="en")
        start = time.perf_counter()
        sweep.run()
        print(f"lesson 07 sweep against {against} (4 bots x 200 games): "
              f"{time.perf_counter() - start:.1f} s")  # fmt: skip
        for sentence in sweep.sentences():
            print("   ", sentence)
    start = time.perf_counter()
    figures = rounds_figures()
    print(f"lesson 07 rounds with and without a bluff, read from the shipped games: "
          f"{time.perf_counter() - start:.2f} s (against odds {figures['odds_bluff']:.1%} / "
          f"{figures['odds_plain']:.1%} won)")  # fmt: skip


def main() -> None:
    switch_time()
    sweep_time()
    page_times()


if __name__ == "__main__":
    main()
