"""How quick the play apps feel: widget-level click times, and Voila in headless Chromium.

Measures, per app:
- in Python (no browser): one click on a real button to the re-rendered widgets;
- in Voila + Chromium: opening the URL until the first playable screen, and a click until the
  page shows the updated view (the log's text changes).

The browser part needs Debian's ``/usr/bin/chromium``; without it, it prints a notice.
Run alone with ``python -m benchmarks apps``.
"""

from __future__ import annotations

import os
import socket
import statistics
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]  # fmt: skip
RUNS = 3


def _stats(values: list[float]) -> str:
    ms = [v * 1000 for v in values]
    low, high, mid = min(ms), max(ms), statistics.median(ms)
    return f"median {mid:.0f} ms (min {low:.0f}, max {high:.0f}, n={len(ms)})"


def widget_clicks() -> None:
    """Click-to-render time of the widget code alone (bots at delay 0 move inside the click)."""
    from kayalib.ui.blef_app import BlefApp

    times = []
    for seed in range(RUNS * 5):
        app = BlefApp(seed=seed, delay=0, opponents=["odds", "random"], hint=True)
        start = time.perf_counter()
        app.bid_button.click()
        times.append(time.perf_counter() - start)
    print(f"  blef  widget click -> view (2 bots, hint on): {_stats(times)}")
    try:
        from kayalib.ui.kaya_app import KayaApp

        times = []
        for seed in range(RUNS * 5):
            app = KayaApp(seed=seed, delay=0, opponents=["counter", "random"], hint=True)
            button = next(b for b in app.slot_buttons if not b.disabled)
            start = time.perf_counter()
            button.click()
            times.append(time.perf_counter() - start)
        print(f"  kaya  widget click -> view (2 bots, hint on): {_stats(times)}")
    except Exception as error:  # report, do not hide, an engine not ready yet
        print(f"  kaya  widget click: not measured ({type(error).__name__}: {error})")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def browser_times() -> None:
    if not Path(CHROMIUM).exists():
        print(f"  browser: {CHROMIUM} is missing; install Debian's chromium to measure Voila")
        return
    from playwright.sync_api import sync_playwright

    port = _free_port()
    env = dict(os.environ, JUPYTER_PATH=str(NOTEBOOKS / ".jupyter"))
    env.pop("QUERY_STRING", None)
    server = subprocess.Popen(
        [str(Path(sys.executable).with_name("voila")), "--no-browser", f"--port={port}",
         "--Voila.ip=127.0.0.1", "--template=kayalib"],
        cwd=NOTEBOOKS, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(300):
            try:
                urllib.request.urlopen(url + "/", timeout=2)
                break
            except OSError:
                time.sleep(0.2)
        apps = [
            ("blef", "play-blef.ipynb", "button.kaya-bid:not([disabled])", "button.kaya-bid"),
            ("kaya", "play-aku-paling-kaya.ipynb",
             "button.kaya-play-card:visible:not([disabled]) >> nth=0",
             "button.kaya-play-card:visible:not([disabled]) >> nth=0"),
        ]  # fmt: skip
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            for name, notebook, ready, click in apps:
                loads, clicks = [], []
                for run in range(RUNS):
                    page = browser.new_page()
                    start = time.perf_counter()
                    page.goto(f"{url}/voila/render/{notebook}?seed={run}&speed=instant",
                              timeout=180_000)  # fmt: skip
                    try:
                        page.wait_for_selector(ready, timeout=60_000)
                    except Exception as error:
                        print(f"  {name}: no playable screen ({type(error).__name__})")
                        page.close()
                        break
                    loads.append(time.perf_counter() - start)
                    before = page.inner_text(".kaya-log")
                    start = time.perf_counter()
                    page.click(click)
                    page.wait_for_function(
                        "old => document.querySelector('.kaya-log').innerText !== old",
                        arg=before, timeout=60_000,
                    )  # fmt: skip
                    clicks.append(time.perf_counter() - start)
                    page.close()
                if loads:
                    print(f"  {name}  open URL -> first playable screen: {_stats(loads)}")
                    print(f"  {name}  click -> updated view in the page: {_stats(clicks)}")
            browser.close()
    finally:
        server.terminate()
        try:
            server.wait(15)
        except subprocess.TimeoutExpired:
            server.kill()


def main() -> None:
    widget_clicks()
    browser_times()


if __name__ == "__main__":
    main()
