"""The lesson maths sit between the games and the pages: the games import neither the turn loop
nor anything of the lessons, and the lesson maths load no widget library."""

from __future__ import annotations

import ast
import pkgutil
import subprocess
import sys
from pathlib import Path

import kayalib
import kayalib.lessons.maths

ROOT = Path(kayalib.__file__).parent


def imported_modules(path: Path) -> set[str]:
    """Every module ``path`` imports, at the top or inside a function."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found


def test_the_games_import_no_loop_and_no_lesson() -> None:
    above = ("kayalib.simulate", "kayalib.lessons", "kayalib.teachers", "kayalib.ui",
             "kayalib.pages", "kayalib.table", "kayalib.tournament")  # fmt: skip
    crossings = {
        f"{path.relative_to(ROOT)} imports {name}"
        for game in ("blef", "kaya")
        for path in sorted((ROOT / game).glob("*.py"))
        for name in imported_modules(path)
        if name.startswith(above)
    }
    assert not crossings


def test_the_lesson_maths_load_no_widget_library() -> None:
    modules = [f"kayalib.lessons.maths.{info.name}"
               for info in pkgutil.iter_modules(kayalib.lessons.maths.__path__)]  # fmt: skip
    assert {"kayalib.lessons.maths.ladder", "kayalib.lessons.maths.lesson_bots"} <= set(modules)
    code = (f"import sys\nfor name in {modules!r}:\n    __import__(name)\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] in "
            "('ipywidgets', 'matplotlib', 'IPython')))")  # fmt: skip
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_lesson_bots_are_made_by_name_through_the_registry() -> None:
    from kayalib.lessons.maths.lesson_bots import LESSON_BOTS
    from kayalib.registry import bot_names, make_bot

    assert type(make_bot("blef", "Bluffer 30%")).__name__ == "BluffingBot"
    assert bot_names("blef", lessons=True)[-len(LESSON_BOTS):] == tuple(LESSON_BOTS)
