"""The class server's process holds no widget and no lesson: it serves pages and tables, and
what it says itself (its secrets, its banner's words) comes from the page layer. Checked in a
fresh interpreter that imports every module the server runs."""

from __future__ import annotations

import json
import subprocess
import sys

SERVER_MODULES = (
    "kayalib.server.cli", "kayalib.server.guards", "kayalib.server.voila_app",
    "kayalib.server.tables", "kayalib.server.table_web", "kayalib.server.table_alone",
    "kayalib.server.dashboard", "kayalib.server.dashboard_page", "kayalib.server.store",
    "kayalib.server.classdata",
)  # fmt: skip
FORBIDDEN = ("kayalib.ui", "kayalib.lessons", "kayalib.teachers", "ipywidgets")


def test_the_server_process_imports_no_widget_and_no_lesson() -> None:
    program = (
        "import importlib, json, sys\n"
        f"for name in {SERVER_MODULES!r}: importlib.import_module(name)\n"
        "print(json.dumps(sorted(sys.modules)))\n"
    )
    # the program on stdin: it imports the server's modules and starts nothing
    found = subprocess.run([sys.executable, "-"], input=program, capture_output=True, text=True,
                           check=True, timeout=120)  # fmt: skip
    loaded = json.loads(found.stdout)
    assert set(SERVER_MODULES) <= set(loaded)  # the check is sound: they were all imported
    bad = [m for m in loaded if any(m == f or m.startswith(f + ".") for f in FORBIDDEN)]
    assert bad == []
