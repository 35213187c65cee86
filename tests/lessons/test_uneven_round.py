"""The shipped figures of the round of two cards against one (lesson 10) are what the shipped
solutions give: derived again here and compared, exact numbers exactly."""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
from fractions import Fraction

from kayalib.lessons.maths import uneven_round
from tests.lessons.pages import NOTEBOOKS


def test_the_shipped_figures_are_derived_again() -> None:
    derived, hands = uneven_round.derive()
    shipped = uneven_round.figures()
    assert set(shipped) == set(derived)
    for name, value in derived.items():
        assert type(shipped[name]) is type(value), name
        if isinstance(value, float):
            assert math.isclose(shipped[name], value, rel_tol=1e-12, abs_tol=1e-15), name
        else:
            assert shipped[name] == value, name
    assert shipped["even_value"] == Fraction(-5, 69)
    assert [hand for hand, _ in uneven_round.opening_bluffs()] == [hand for hand, _ in hands]
    for (_, shipped_share), (hand, share) in zip(uneven_round.opening_bluffs(), hands,
                                                 strict=True):  # fmt: skip
        assert math.isclose(shipped_share, share, rel_tol=1e-12, abs_tol=1e-15), hand


def test_lesson_10_opens_without_a_chart_library_or_the_uneven_solution() -> None:
    """What a student's page of lesson 10 runs before any gate opens loads no matplotlib and
    reads no two-against-one solution (over a second on the page's opening before)."""
    notebook = json.loads((NOTEBOOKS / "10-many-equilibria-one-value.ipynb").read_text("utf-8"))
    code = "\n".join("".join(cell["source"]) for cell in notebook["cells"]
                     if cell["cell_type"] == "code")  # fmt: skip
    probe = (f"{code}\nimport sys\nfrom kayalib.blef.equilibrium import solved\n"
             "print('matplotlib' in sys.modules, solved.cache_info().currsize)")  # fmt: skip
    env = {k: v for k, v in os.environ.items() if k != "QUERY_STRING"}
    done = subprocess.run([sys.executable, "-c", probe], cwd=NOTEBOOKS, env=env,
                          capture_output=True, text=True, check=True)  # fmt: skip
    assert done.stdout.split()[-2:] == ["False", "1"]  # the one-card round only
