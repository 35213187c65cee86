"""A play-app kernel imports nothing its page does not show (issue 22): no matplotlib or PIL (no
chart is drawn), no lesson, no other game. The play notebooks' own code runs in a fresh
interpreter, as a kernel would run it, and the modules it loaded are read back."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"

#: module prefixes no play-app kernel may load, and each app's other game
NEVER = ("matplotlib", "PIL", "scipy", "mistune", "kayalib.lessons", "kayalib.teachers",
         "kayalib.draw.charts")  # fmt: skip
APPS = {"play-blef.ipynb": "kayalib.kaya", "play-aku-paling-kaya.ipynb": "kayalib.blef",
        "what-if-blef.ipynb": "kayalib.kaya"}
#: a module each page surely loads (the probe did run it); the what-if table shows odds at once
STARTED = {"what-if-blef.ipynb": "kayalib.ui.what_if"}
SHOWS_ODDS = ("what-if-blef.ipynb",)

PROBE = """
import json, sys
{code}
print(json.dumps(sorted(sys.modules)))
"""


def loaded_by(notebook: str, query: str = "") -> list[str]:
    cells = json.loads((NOTEBOOKS / notebook).read_text("utf-8"))["cells"]
    code = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "code")
    env = {"QUERY_STRING": query, "PATH": "/usr/bin:/bin"}
    out = subprocess.run([sys.executable, "-c", PROBE.format(code=code)], capture_output=True,
                         text=True, env=env, cwd=NOTEBOOKS, check=True, timeout=120)  # fmt: skip
    return json.loads(out.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize("notebook", sorted(APPS))
@pytest.mark.parametrize("query", ["", "seed=7&student=12&lang=pl&hint=on&size=large"])
def test_a_play_app_kernel_loads_no_chart_library_no_lesson_and_no_other_game(notebook, query):
    modules = loaded_by(notebook, query)
    assert STARTED.get(notebook, "kayalib.ui.framework") in modules  # the page did start
    bad = [m for m in modules if m.startswith((*NEVER, APPS[notebook]))]
    assert not bad, f"{notebook} loaded {bad[:8]}"
    if "hint=on" not in query and notebook not in SHOWS_ODDS:  # numpy: the hint's inference
        assert "numpy" not in modules, f"{notebook} loaded numpy without its hint"


def test_the_probe_sees_matplotlib_when_a_page_loads_it() -> None:
    """The check can fail: a lesson page with a chart does load matplotlib."""
    code = "from kayalib.lessons.l05 import coverage_chart"
    out = subprocess.run([sys.executable, "-c", PROBE.format(code=code)], capture_output=True,
                         text=True, check=True, timeout=120)  # fmt: skip
    assert "matplotlib" in json.loads(out.stdout.strip().splitlines()[-1])
