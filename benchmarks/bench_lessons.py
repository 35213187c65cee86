"""Lesson pages: how long each takes to run as Voila runs it (a fresh kernel), in the student's
view (gates closed until a prediction) and in the teacher's view (every part built), and how long
a language switch takes to redraw a page's widgets. Also the games behind lesson 07's default
buttons (its rounds come from the shipped experiment). Wall seconds: the machine may be shared.

The targets of issue 43, each printed beside a floor measured in the same run (interleaved) and
the machine's load:

- **lesson 10 open** (``--open``): its page run from a fresh kernel as Voila runs it, in the
  student's view and the teacher's, beside the one-button floor notebook run the same way
  (target: ≤ 3 s);
- **first paragraph** (``--first``): each lesson page in headless Chromium against a Voila
  server started as the tests start it, the seconds from asking for the page to its first
  paragraph shown, beside the floor page's seconds to its button (target: ≤ 2 s on an idle
  machine);
- **lesson 09's "Play the rounds"** (``--rounds09``): its 2,000 rounds per bot as its button
  runs them, with how often the progress bar moved (target: ≤ 20 s).

``python -m benchmarks lessons`` runs everything; naming parts runs only those. ``--tree
NAME=PATH`` (repeatable) measures another checkout too, interleaved with this one (e.g.
``--tree before=../before``: its ``kayalib`` first on the path of its kernels and its server's);
``--rounds N`` (default 3) sets the rounds of the interleaved parts; ``--progressive`` measures
the first paragraphs with Voila's progressive rendering too (each tree's second server).
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import sys
import time
import urllib.request
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.bench_apps import FLOOR_CODE, FLOOR_NOTEBOOK, Tree, uptime  # noqa: E402
from tests.processes import (  # noqa: E402
    CHROMIUM,
    CHROMIUM_ARGS,
    ServerProcess,
    free_port,
    voila_command,
)

LESSON_TEN = "10-many-equilibria-one-value.ipynb"
TARGETS = {"open": 3.0, "first": 2.0, "rounds09": 20.0}
#: what counts as a page's first paragraph: a paragraph of a lesson's prose (the floor: its button)
FIRST_PARAGRAPH = ".jupyter-widgets p"
FLOOR_READY = "button.floor-button"


def load() -> str:
    """The machine's load averages (1, 5, 15 minutes)."""
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


def spread(values: Sequence[float]) -> str:
    return (f"median {statistics.median(values):5.2f} s "
            f"({min(values):.2f}-{max(values):.2f}, n={len(values)})")  # fmt: skip


def floor_notebook() -> dict[str, Any]:
    """The one-button floor (the apps benchmark's) as a notebook."""
    return {"cells": [{"cell_type": "code", "execution_count": None, "id": "floor", "metadata": {},
                       "outputs": [], "source": FLOOR_CODE.splitlines(keepends=True)}],
            "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python",
                                        "name": "python3"}},
            "nbformat": 4, "nbformat_minor": 5}  # fmt: skip


def tree_notebooks(tree: Tree) -> Path:
    """A copy of ``tree``'s notebooks (its Voila template and ``voila.json`` too) with the floor
    notebook added, in the tree's work folder."""
    folder = tree.work / "notebooks"
    if not folder.exists():
        shutil.copytree(tree.root / "notebooks", folder)
        (folder / FLOOR_NOTEBOOK).write_text(json.dumps(floor_notebook()), "utf-8")
    return folder


def lesson_pages(folder: Path) -> list[str]:
    return ["index.ipynb", *sorted(p.name for p in folder.glob("[0-9][0-9]-*.ipynb"))]


# ---- lesson 10 open, from a fresh kernel --------------------------------------------------------


def run_fresh(tree: Tree, notebook: str, query: str) -> float:
    """Seconds to run ``notebook`` of ``tree`` in a fresh kernel with ``QUERY_STRING=query`` (as
    Voila runs it; kernel start included), in a fresh interpreter of that tree."""
    folder = tree_notebooks(tree)
    code = (
        "import os, time, nbformat\nfrom nbclient import NotebookClient\n"
        f"nb = nbformat.read({str(folder / notebook)!r}, as_version=4)\n"
        "client = NotebookClient(nb, timeout=180, kernel_name='python3', "
        f"resources={{'metadata': {{'path': {str(folder)!r}}}}})\n"
        "start = time.perf_counter()\n"
        f"client.execute(env=dict(os.environ, QUERY_STRING={query!r}))\n"
        "print(time.perf_counter() - start)"
    )
    return float(tree.python(code, timeout=600))


def open_times(trees: list[Tree], rounds: int) -> None:
    """Lesson 10's page and the floor, each from a fresh kernel, interleaved."""
    runs = [(FLOOR_NOTEBOOK, "", "floor"), (LESSON_TEN, "lang=pl", "10 student"),
            (LESSON_TEN, "lang=pl&solutions=key", "10 teacher")]  # fmt: skip
    got: dict[tuple[str, str], list[float]] = {}
    for r in range(rounds):
        for tree in trees:
            for notebook, query, name in runs[r % 3:] + runs[:r % 3]:
                got.setdefault((tree.name, name), []).append(run_fresh(tree, notebook, query))
        print(f"  round {r + 1} of {rounds}: load {load()}", flush=True)
    for tree in trees:
        floor = statistics.median(got[(tree.name, "floor")])
        for _notebook, _query, name in runs:
            values = got[(tree.name, name)]
            verdict = "" if name == "floor" else (
                f"  {statistics.median(values) / floor:4.2f}x floor; target <= "
                f"{TARGETS['open']:.0f} s: "
                f"{'met' if statistics.median(values) <= TARGETS['open'] else 'NOT met'}")
            print(f"  {tree.name:8s} {name:11s} {spread(values)}{verdict}")


# ---- the first paragraph, in Chromium ---------------------------------------------------------


class PageServer(ServerProcess):
    """Voila over a copy of ``tree``'s notebooks (the floor added), started as the tests start
    it (``tests.harness.VoilaServer``: the kit's template, ``voila.json``)."""

    def __init__(self, tree: Tree, *settings: str) -> None:
        folder = tree_notebooks(tree)
        env = dict(tree.env, JUPYTER_PATH=str(folder / ".jupyter"))
        port = free_port()
        super().__init__(voila_command(port, *settings), port=port, cwd=folder, env=env)
        self.wait(120)


#: a token for the double-submit check of the server's API (the same value as cookie and header)
XSRF = "2|6b617961|6b617961|1700000000"  # tornado's form: version, a 4-byte mask, token, time
KERNEL_ID = "JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId"


def shut_down(server: PageServer, kernel_id: str) -> None:
    """Shut the page's kernel down (a closed page leaves it running on plain Voila, and a run
    opens a hundred pages)."""
    request = urllib.request.Request(f"{server.url}/api/kernels/{kernel_id}", method="DELETE",
                                     headers={"Cookie": f"_xsrf={XSRF}", "X-XSRFToken": XSRF})
    with urllib.request.urlopen(request, timeout=60):
        pass


def first_paragraph(browser: Any, server: PageServer, notebook: str) -> float:
    """Seconds from asking for ``notebook``'s page to its first paragraph shown (the floor's:
    its button); then the page's kernel is shut down, once the page has run to its end."""
    ready = FLOOR_READY if notebook == FLOOR_NOTEBOOK else FIRST_PARAGRAPH
    page = browser.new_page()
    try:
        start = time.perf_counter()
        page.goto(f"{server.url}/voila/render/{notebook}", wait_until="commit", timeout=180_000)
        page.wait_for_selector(ready, state="visible", timeout=180_000)
        seconds = time.perf_counter() - start
        page.wait_for_load_state("load", timeout=180_000)
        page.wait_for_function("document.getElementById('jupyter-config-data') !== null",
                               timeout=180_000)  # fmt: skip
        kernel_id = page.evaluate(KERNEL_ID)
    finally:
        page.close()
    shut_down(server, kernel_id)
    return seconds


PROGRESSIVE = "--VoilaConfiguration.progressive_rendering=True"
"""Voila's progressive rendering: the page is sent at once and each cell's output is shown as it
comes (not the kit's setting: ``--progressive`` measures it beside the setting in use)."""


def first_times(trees: list[Tree], rounds: int, progressive: bool = False) -> None:
    """Every lesson page's first paragraph and the floor's button, every page once a round (each
    round starting one page further on), every server in each round: one per tree, and with
    ``progressive`` one more per tree with Voila's progressive rendering."""
    if not Path(CHROMIUM).exists():
        print(f"  {CHROMIUM} is missing: install Debian's chromium to measure the pages")
        return
    from playwright.sync_api import sync_playwright

    pages = [FLOOR_NOTEBOOK, *lesson_pages(ROOT / "notebooks")]
    got: dict[tuple[str, str], list[float]] = {}
    servers: list[tuple[str, PageServer]] = []
    try:
        for tree in trees:
            servers.append((tree.name, PageServer(tree)))
            if progressive:
                servers.append((f"{tree.name}+progressive", PageServer(tree, PROGRESSIVE)))
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            try:
                for _name, server in servers:  # a first page, not timed
                    first_paragraph(browser, server, FLOOR_NOTEBOOK)
                for r in range(rounds):
                    turn = r % len(pages)
                    for notebook in pages[turn:] + pages[:turn]:
                        for name, server in servers:
                            seconds = first_paragraph(browser, server, notebook)
                            got.setdefault((name, notebook), []).append(seconds)
                    print(f"  round {r + 1} of {rounds}: load {load()}", flush=True)
            finally:
                browser.close()
    finally:
        for _name, server in servers:
            server.stop()
    for name, _server in servers:
        floor = statistics.median(got[(name, FLOOR_NOTEBOOK)])
        print(f"  {name}: floor (one button) {spread(got[(name, FLOOR_NOTEBOOK)])}")
        for notebook in pages[1:]:
            values = got[(name, notebook)]
            mid = statistics.median(values)
            verdict = "met" if mid <= TARGETS["first"] else "NOT met"
            print(f"  {name:8s} {notebook[:34]:34s} {spread(values)}  {mid / floor:4.2f}x "
                  f"floor; <= {TARGETS['first']:.0f} s: {verdict}")  # fmt: skip


# ---- lesson 09's "Play the rounds" ------------------------------------------------------------


ROUNDS09 = """
import time
from kayalib.lessons.l09 import EquilibriumMatch
box = EquilibriumMatch(rounds=2000, seed=4, lang="en")
moves = []
box.progress.observe(lambda change: moves.append(change["new"]), "value")
start = time.perf_counter()
box.run_button.click()
seconds = time.perf_counter() - start
assert box.progress.value == box.progress.max and box.progress.bar_style == "success"
print(seconds, len(moves), box.progress.max, len(box.bots))
"""


def rounds09_times(trees: list[Tree], rounds: int = 1) -> None:
    """Lesson 09's match as its button plays it, in a fresh interpreter of each tree."""
    for _ in range(rounds):
        for tree in trees:
            seconds, moves, total, bots = tree.python(ROUNDS09, timeout=900).split()
            verdict = "met" if float(seconds) <= TARGETS["rounds09"] else "NOT met"
            print(f"  {tree.name:8s} lesson 09 'Play the rounds' (2,000 rounds x {bots} bots): "
                  f"{float(seconds):5.1f} s, progress bar moved {moves} times to {total}; "
                  f"target <= {TARGETS['rounds09']:.0f} s: {verdict} (load {load()})", flush=True)


# ---- the older figures ------------------------------------------------------------------------


def page_times(runs: int = 2) -> None:
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


PARTS = ("open", "first", "rounds09", "pages", "switch", "sweep")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks lessons")
    for part in PARTS:
        parser.add_argument(f"--{part}", action="store_true", help=f"only this part ({part})")
    parser.add_argument("--tree", action="append", default=[], metavar="NAME=PATH",
                        help="another checkout to measure, interleaved with this one")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--progressive", action="store_true",
                        help="--first also with Voila's progressive rendering, interleaved")
    options = parser.parse_args(argv or [])
    chosen = [part for part in PARTS if getattr(options, part)] or list(PARTS)
    trees = [Tree("this", ROOT)]
    for text in options.tree:
        name, _, path = text.partition("=")
        trees.append(Tree(name, Path(path)))
    print(f"  load before: {uptime()}", flush=True)
    try:
        if "open" in chosen:
            print("lesson 10 open, from a fresh kernel (s):", flush=True)
            open_times(trees, options.rounds)
        if "first" in chosen:
            print("first paragraph in Chromium, from asking for the page (s):", flush=True)
            first_times(trees, options.rounds, options.progressive)
        if "rounds09" in chosen:
            rounds09_times(trees)
        if "switch" in chosen:
            switch_time()
        if "sweep" in chosen:
            sweep_time()
        if "pages" in chosen:
            page_times()
    finally:
        for tree in trees:
            shutil.rmtree(tree.work, ignore_errors=True)
    print(f"  load after:  {uptime()}")


if __name__ == "__main__":
    main(sys.argv[1:])
