"""How light and how quick the play apps are: every figure a ratio to a floor measured in the same
run, against the targets of issue 22.

=====================  ==========================================  ======
figure                 floor                                       target
=====================  ==========================================  ======
import of an app       ``import ipywidgets, numpy``                ≤ 1.2
kernel memory (RSS)    a bare ipykernel that shows one ipywidget   ≤ 1.3
open → first playable  a one-button Voila notebook                 ≤ 1.15
click → updated view   the same notebook's button updating a label ≤ 1.3
opening bytes          the same notebook's websocket bytes          ≤ 3
=====================  ==========================================  ======

Each page is clicked :data:`CLICKS` times as a person clicks (Playwright), each time followed by
a click timed by a script inside the page, and each figure is the median over every click of
every round (one click per page varied by a factor of three between the pages of one run);
``click1`` and ``inpage1`` are each page's first click alone, as the figure was measured before
(``--clicks 1``: the same clicks as before).
Beside each click the websocket frames and kilobytes it took are counted, both ways, until the
page has been quiet for a moment (``frames``, ``kB``; the floor's click: the button's message,
the kernel's busy, the label's update and idle), and so are the kilobytes a page received from
opening to its first playable screen (``openkB``).

Each measurement runs in a fresh process (an interpreter, a kernel, a Voila page), round after
round, every checkout and its floor in each round (interleaved), and the medians are compared.
``python -m benchmarks apps`` measures this checkout; ``--tree NAME=PATH`` (repeatable) adds
another checkout, e.g. ``--tree before=../before``: its ``kayalib`` is put first on the path of
its interpreters, kernels and Voila server. ``--rounds N`` (default 5); ``--no-browser`` skips
Voila, ``--browser-only`` measures only the pages. The machine's load (``uptime``) is printed
before and after: the machine may be shared.
The browser part needs Debian's ``/usr/bin/chromium``; without it, it prints a notice.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from tests.processes import CHROMIUM, CHROMIUM_ARGS, ServerProcess, free_port, voila_command

ROOT = Path(__file__).resolve().parents[1]
APPS = {"blef": ("play-blef.ipynb", "kayalib.ui.blef_app"),
        "kaya": ("play-aku-paling-kaya.ipynb", "kayalib.ui.kaya_app")}  # fmt: skip
TARGETS = {"import": 1.2, "rss": 1.3, "open": 1.15, "click": 1.3, "openkB": 3.0}
#: how many clicks each page is clicked, of each kind (a person's, a script's): a figure is the
#: median over every click of every round, steadier than one click per page
CLICKS = 3
#: how long the websockets stay quiet before a click's (or an opening's) frames are counted
QUIET = 0.4
FLOOR_IMPORT = "ipywidgets, numpy"
FLOOR_KERNEL = (
    "import ipywidgets as w\nfrom IPython.display import display\n"
    "display(w.Button(description='Go'))"
)
FLOOR_NOTEBOOK = "floor-one-button.ipynb"
FLOOR_CODE = """import ipywidgets as w
from IPython.display import display

label = w.HTML("0")
label.add_class("floor-label")
button = w.Button(description="Go")
button.add_class("floor-button")


def clicked(_button):
    label.value = str(int(label.value) + 1)


button.on_click(clicked)
display(w.VBox([button, label]))"""
READY = {
    "floor": ("button.floor-button", "button.floor-button", ".floor-label"),
    "blef": ("button.kaya-bid:not([disabled])", "button.kaya-bid", ".kaya-log"),
    "kaya": ("button.kaya-play-card:visible:not([disabled]) >> nth=0", "button.kaya-action",
             ".kaya-log"),
}  # fmt: skip
"""Per page: the selector of its first playable screen, the buttons to click (the first one shown
and enabled is clicked), and the part of the page that shows the click's result."""
#: In the page: click the first shown, enabled button of ``buttons`` and resolve with the
#: milliseconds until ``changed`` shows another text and the page is laid out again (a mutation
#: observer: no polling; the text read without forcing a layout at each change). The element is
#: looked up at each change: a panel drawn as one widget replaces its parts.
CLICK_JS = """([buttons, changed]) => new Promise((resolve) => {
  const text = () => (document.querySelector(changed) || {}).textContent;
  const old = text();
  const button = [...document.querySelectorAll(buttons)]
    .find((b) => !b.disabled && b.offsetParent !== null);
  const observer = new MutationObserver(() => {
    if (text() !== old) {
      observer.disconnect();
      void document.body.offsetHeight;  // the new view laid out
      resolve(performance.now() - start);
    }
  });
  observer.observe(document.body, {subtree: true, childList: true, characterData: true});
  const start = performance.now();
  button.click();
})"""


class Tree:
    """A checkout to measure: its name, its root, and the environment that imports its kayalib."""

    def __init__(self, name: str, root: Path) -> None:
        self.name, self.root = name, root.resolve()
        self.env = dict(os.environ, PYTHONPATH=str(self.root))
        self.env.pop("QUERY_STRING", None)
        self.work = Path(tempfile.mkdtemp(prefix=f"kayalib-bench-{name}-"))

    def python(self, code: str, timeout: float = 120) -> str:
        """Run ``code`` in a fresh interpreter of this checkout (never from inside a checkout,
        so that its own folder cannot shadow the path)."""
        out = subprocess.run([sys.executable, "-c", code], env=self.env, cwd=self.work,
                             capture_output=True, text=True, timeout=timeout,
                             check=True)  # fmt: skip
        return out.stdout.strip().splitlines()[-1]


def median(values: Sequence[float]) -> float:
    return statistics.median(values)


def spread(values: Sequence[float], unit: str, scale: float = 1.0) -> str:
    low, high, mid = min(values) * scale, max(values) * scale, median(values) * scale
    return f"{mid:7.1f} {unit} ({low:.1f}-{high:.1f}, n={len(values)})"


# ---- import times ------------------------------------------------------------------------------


def import_seconds(tree: Tree, modules: str) -> float:
    code = (f"import time\nstart = time.perf_counter()\nimport {modules}\n"
            "print(time.perf_counter() - start)")  # fmt: skip
    return float(tree.python(code))


# ---- kernel memory -----------------------------------------------------------------------------


def _memory(pid: int) -> tuple[float, float]:
    """RSS and USS of a process, in MB."""
    rss = uss = 0
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            rss = int(line.split()[1])
    try:
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            if line.startswith(("Private_Clean:", "Private_Dirty:")):
                uss += int(line.split()[1])
    except OSError:
        uss = rss
    return rss / 1024, uss / 1024


def kernel_memory(tree: Tree, code: str, query: str = "") -> tuple[float, float]:
    """RSS and USS (MB) of a fresh kernel of ``tree`` after it ran ``code`` (as Voila would,
    with the page address in ``QUERY_STRING``)."""
    from jupyter_client.manager import KernelManager

    manager = KernelManager(kernel_name="python3")
    manager.start_kernel(env=dict(tree.env, QUERY_STRING=query), cwd=str(tree.work))
    client = manager.client()
    client.start_channels()
    try:
        client.wait_for_ready(timeout=120)
        reply = client.execute_interactive(code, timeout=120, output_hook=lambda _msg: None)
        if reply["content"]["status"] != "ok":
            raise RuntimeError(f"the kernel refused the code: {reply['content']}")
        time.sleep(0.3)
        return _memory(manager.provisioner.process.pid)  # type: ignore[union-attr]
    finally:
        client.stop_channels()
        manager.shutdown_kernel(now=True)


def notebook_code(tree: Tree, notebook: str) -> str:
    cells = json.loads((tree.root / "notebooks" / notebook).read_text("utf-8"))["cells"]
    return "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "code")


# ---- Voila in Chromium -------------------------------------------------------------------------


class Server(ServerProcess):
    """A Voila server over a copy of ``tree``'s notebooks (the floor notebook added), its kernels
    over IPC as ``make app`` runs them."""

    def __init__(self, tree: Tree) -> None:
        self.folder = tree.work / "notebooks"
        shutil.copytree(tree.root / "notebooks", self.folder, dirs_exist_ok=True)
        floor = {"cells": [{"cell_type": "code", "execution_count": None, "id": "floor",
                            "metadata": {}, "outputs": [],
                            "source": FLOOR_CODE.splitlines(keepends=True)}],
                 "metadata": {}, "nbformat": 4, "nbformat_minor": 5}  # fmt: skip
        (self.folder / FLOOR_NOTEBOOK).write_text(json.dumps(floor), "utf-8")
        port = free_port()
        env = dict(tree.env, JUPYTER_PATH=str(self.folder / ".jupyter"))
        super().__init__(voila_command(port, "--KernelManager.transport=ipc"),  # as make app
                         port=port, cwd=self.folder, env=env)  # fmt: skip
        self.wait(60)


class Frames:
    """Every websocket frame a page sends or receives: ``(seconds, bytes)`` in arrival order."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.frames: list[tuple[float, int]] = []
        page.on("websocket", self._socket)

    def _socket(self, socket: Any) -> None:
        socket.on("framesent", self._frame)
        socket.on("framereceived", self._frame)

    def _frame(self, payload: str | bytes) -> None:
        size = len(payload.encode("utf-8")) if isinstance(payload, str) else len(payload)
        self.frames.append((time.perf_counter(), size))

    def quiet(self, limit: float = 10.0) -> None:
        """Wait until no frame came for :data:`QUIET` seconds (at most ``limit`` seconds)."""
        deadline = time.perf_counter() + limit
        while time.perf_counter() < deadline:
            last = self.frames[-1][0] if self.frames else 0.0
            if time.perf_counter() - last >= QUIET:
                return
            self.page.wait_for_timeout(50)

    def since(self, mark: int) -> tuple[int, int]:
        """Frames and bytes since ``mark`` (an earlier ``len(frames)``)."""
        later = self.frames[mark:]
        return len(later), sum(size for _, size in later)


def _click(page: Any, frames: Frames, clickable: str, changed: str) -> tuple[float, int, int]:
    """One click as a person's click goes through the browser (Playwright clicks, and polls the
    page each frame until ``changed`` shows new text): its seconds, then the websocket frames and
    bytes it took until the page was quiet."""
    before = page.inner_text(changed)
    mark = len(frames.frames)
    start = time.perf_counter()
    page.click(clickable)
    page.wait_for_function("([selector, old]) => document.querySelector(selector)"
                           ".innerText !== old", arg=[changed, before],
                           timeout=60_000)  # fmt: skip
    clicked = time.perf_counter() - start
    frames.quiet()
    count, size = frames.since(mark)
    return clicked, count, size


def _playable(page: Any, clickable: str) -> bool:
    """Whether the page offers a button to click (a game may be over)."""
    from playwright.sync_api import TimeoutError as NothingToClick

    try:
        page.wait_for_selector(clickable, timeout=5_000)
    except NothingToClick:
        return False
    return True


def open_and_click(browser: Any, server: Server, page_name: str, seed: int,
                   clicks: int = CLICKS) -> dict[str, list[float]]:  # fmt: skip
    """Seconds from opening the page to its first playable screen, and from each of ``clicks``
    clicks to the updated view (the log, or the floor's label, shows new text): a person's click
    as it goes through the browser (Playwright clicks, and polls the page each frame), then one
    timed inside the page (a script's click and a mutation observer: no polling), ``clicks``
    times or until the game offers no button (Aku Paling Kaya played with its lowest card may
    end after six clicks). Each figure is a list, a value per click (``click1`` and
    ``inpage1``: the first click of each kind alone, as one click per page measured)."""
    notebook = FLOOR_NOTEBOOK if page_name == "floor" else APPS[page_name][0]
    ready, buttons, changed = READY[page_name]
    page = browser.new_page()
    frames = Frames(page)
    found: dict[str, list[float]] = {}

    def add(figure: str, value: float) -> None:
        found.setdefault(figure, []).append(value)

    try:
        start = time.perf_counter()
        page.goto(f"{server.url}/voila/render/{notebook}?seed={seed}&speed=instant",
                  timeout=180_000)  # fmt: skip
        page.wait_for_selector(ready, timeout=120_000)
        add("open", time.perf_counter() - start)
        _count, open_bytes = frames.since(0)
        add("openkB", open_bytes / 1000)
        frames.quiet()
        clickable = f"{buttons}:visible:not([disabled]) >> nth=0"
        for k in range(clicks):  # a person's click, then a script's (a game may end first)
            if k and not _playable(page, clickable):
                break
            clicked, count, size = _click(page, frames, clickable, changed)
            add("click", clicked)
            add("frames", count)
            add("kB", size / 1000)
            if not _playable(page, clickable):
                break
            add("inpage", page.evaluate(CLICK_JS, [buttons, changed]) / 1000)
            frames.quiet()
        found["click1"], found["inpage1"] = found["click"][:1], found.get("inpage", [])[:1]
        return found
    finally:
        page.close()


# ---- the run -----------------------------------------------------------------------------------


def uptime() -> str:
    return subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip()


Figures = dict[tuple[str, str, str], list[float]]


def measure(trees: list[Tree], rounds: int, browser_too: bool, kernels_too: bool = True,
            clicks: int = CLICKS) -> Figures:
    """Every figure of every tree, ``rounds`` times, interleaved; keyed (tree, figure, page)."""
    got: Figures = {}

    def add(tree: Tree, figure: str, page: str, value: float) -> None:
        got.setdefault((tree.name, figure, page), []).append(value)

    servers: dict[str, Server] = {}
    browser = playwright = None
    if browser_too and Path(CHROMIUM).exists():
        from playwright.sync_api import sync_playwright

        servers = {tree.name: Server(tree) for tree in trees}
        playwright = sync_playwright().start()
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    elif browser_too:
        print(f"  browser: {CHROMIUM} is missing; install Debian's chromium to measure Voila")
    try:
        for r in range(rounds):
            for tree in trees:
                if kernels_too:
                    add(tree, "import", "floor", import_seconds(tree, FLOOR_IMPORT))
                    for name, (_notebook, module) in APPS.items():
                        add(tree, "import", name, import_seconds(tree, module))
                    rss, uss = kernel_memory(tree, FLOOR_KERNEL)
                    add(tree, "rss", "floor", rss)
                    add(tree, "uss", "floor", uss)
                    for name, (notebook, _module) in APPS.items():
                        rss, uss = kernel_memory(tree, notebook_code(tree, notebook))
                        add(tree, "rss", name, rss)
                        add(tree, "uss", name, uss)
                if browser is not None:
                    pages = ("floor", *APPS)
                    for name in pages[r % 3 :] + pages[: r % 3]:  # each first in some round
                        found = open_and_click(browser, servers[tree.name], name, r, clicks)
                        for figure, values in found.items():
                            for value in values:
                                add(tree, figure, name, value)
            print(f"  round {r + 1} of {rounds} done", flush=True)
    finally:
        if browser is not None:
            browser.close()
        if playwright is not None:
            playwright.stop()
        for server in servers.values():
            server.stop()
    return got


def report(trees: list[Tree], got: Figures) -> None:
    units: dict[str, tuple[str, float]] = {"import": ("ms", 1000), "rss": ("MB", 1),
                                           "uss": ("MB", 1), "open": ("ms", 1000),
                                           "click": ("ms", 1000), "click1": ("ms", 1000),
                                           "inpage": ("ms", 1000), "inpage1": ("ms", 1000),
                                           "frames": ("", 1),
                                           "kB": ("kB", 1), "openkB": ("kB", 1)}  # fmt: skip
    for tree in trees:
        print(f"\n  {tree.name} ({tree.root})")
        for figure, (unit, scale) in units.items():
            floor = got.get((tree.name, figure, "floor"))
            if not floor:
                continue
            print(f"    {figure:6s} floor {spread(floor, unit, scale)}")
            for name in APPS:
                values = got.get((tree.name, figure, name))
                if not values:  # a game that offered no second kind of click
                    continue
                ratio = median(values) / median(floor)
                target = TARGETS.get(figure)
                verdict = "" if target is None else (
                    f"  target <= {target}: {'met' if ratio <= target else 'NOT met'}")
                print(f"    {figure:6s} {name:5s} {spread(values, unit, scale)}"
                      f"  ratio {ratio:4.2f}{verdict}")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks apps")
    parser.add_argument("--tree", action="append", default=[], metavar="NAME=PATH",
                        help="another checkout to measure, interleaved with this one")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--clicks", type=int, default=CLICKS,
                        help="clicks of each kind per page (the figures are their medians)")
    parser.add_argument("--no-browser", action="store_true")
    parser.add_argument("--browser-only", action="store_true",
                        help="only the pages in Chromium (no import times, no kernel memory)")
    options = parser.parse_args(argv)
    trees = [Tree("this", ROOT)]
    for text in options.tree:
        name, _, path = text.partition("=")
        trees.append(Tree(name, Path(path)))
    print(f"  load before: {uptime()}")
    started = time.perf_counter()
    try:
        got = measure(trees, options.rounds, not options.no_browser,
                      kernels_too=not options.browser_only, clicks=options.clicks)
    finally:
        for tree in trees:
            shutil.rmtree(tree.work, ignore_errors=True)
    print(f"  load after:  {uptime()} ({time.perf_counter() - started:.0f} s)")
    report(trees, got)


if __name__ == "__main__":
    main()
