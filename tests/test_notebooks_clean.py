"""Stored notebooks are clean: no execution counts, no widget state, no outputs except on cells
marked ``# NBVAL_CHECK_OUTPUT``, and the lesson navigation links all point at notebooks that exist.

A *lesson* notebook stores no output at all: its checked cells' figures are answers, and a
student who opens the ``.ipynb`` in JupyterLab would read them. What those cells must print
lives in the tests instead (``tests/lessons/page_figures.json``, by cell id), and
``tests/lessons/test_pages.py`` compares every run of every page in every language with it;
nbval skips a marked cell with no stored output and no count, and still runs every cell.

A marked cell's stored text must equal a fresh run: nbval checks it (``--nbval-lax`` in
pyproject.toml: it runs every notebook under ``notebooks/`` as a student opens it, and compares
each marked cell's streams and text results), and ``tests/lessons/test_pages.py`` checks it
again on every lesson page in every language, in the order the outputs come.

nbval skips (and, with outputs, refuses) a reference cell whose execution count is empty, so a
marked cell stores a fixed count: its position among the code cells, as in a run from the top.

Run ``python tests/test_notebooks_clean.py --fix [notebook ...]`` to execute notebooks and store
clean outputs (marked cells only).
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
MARK = "NBVAL_CHECK_OUTPUT"
ALL = sorted(NOTEBOOKS.glob("*.ipynb"))
LESSONS = sorted(NOTEBOOKS.glob("[0-9][0-9]-*.ipynb"))
FIGURES = ROOT / "tests" / "lessons" / "page_figures.json"
LESSON_NAMES = {path.name for path in LESSONS}
"""What each lesson notebook's checked cells print: ``{notebook: {cell id: [text, ...]}}``."""
TEXT_TYPES = {"text/plain"}


def load(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8"))


def source(cell: dict[str, Any]) -> str:
    text = cell.get("source", "")
    return "".join(text) if isinstance(text, list) else text


def marked(cell: dict[str, Any]) -> bool:
    return cell["cell_type"] == "code" and MARK in source(cell)


def output_text(outputs: list[dict[str, Any]]) -> list[str]:
    """The comparable text of a cell's outputs (streams and text/plain results). A stream may
    arrive in several pieces (how it is cut depends on timing), so consecutive pieces of one
    stream are joined."""
    texts: list[str] = []
    last_stream = None
    for output in outputs:
        kind = output["output_type"]
        if kind == "stream":
            text = "".join(output["text"])
            if last_stream == output["name"]:
                texts[-1] += text
            else:
                texts.append(f"{output['name']}: " + text)
            last_stream = output["name"]
            continue
        last_stream = None
        if kind in ("execute_result", "display_data"):
            data = output.get("data", {})
            texts.append("".join(data.get("text/plain", "")))
        elif kind == "error":
            texts.append(f"error: {output.get('ename')}: {output.get('evalue')}")
    return texts


def problems(name: str, notebook: dict[str, Any]) -> list[str]:
    """Everything that makes a stored notebook unclean (empty when it is clean)."""
    found = []
    if "widgets" in notebook.get("metadata", {}):
        found.append(f"{name}: stored widget state")
    ids = [cell.get("id") for cell in notebook["cells"]]
    if len(set(ids)) != len(ids):
        found.append(f"{name}: duplicate cell ids")
    code_cells = 0
    for number, cell in enumerate(notebook["cells"], 1):
        where = f"{name} cell {number}"
        if cell["cell_type"] != "code":
            if cell.get("outputs"):
                found.append(f"{where}: a markdown cell with outputs")
            continue
        code_cells += 1
        if "execution" in cell.get("metadata", {}):
            found.append(f"{where}: stored run timings")
        outputs = cell.get("outputs", [])
        if name in LESSON_NAMES:  # no answer in a stored lesson notebook
            if cell.get("execution_count") is not None or outputs:
                found.append(f"{where}: a lesson notebook stores no output or count (its "
                             f"checked figures live in {FIGURES.name})")  # fmt: skip
            continue
        if not marked(cell):
            if cell.get("execution_count") is not None:
                found.append(f"{where}: stored execution count")
            if outputs:
                found.append(f"{where}: stored outputs on a cell not marked {MARK}")
            continue
        if cell.get("execution_count") != code_cells:
            found.append(
                f"{where}: a marked cell stores its position among code cells ({code_cells}) "
                f"as its execution count, not {cell.get('execution_count')}"
            )
        if not outputs:
            found.append(f"{where}: marked {MARK} but has no stored output to check")
        for output in outputs:
            if output.get("execution_count") not in (None, code_cells):
                found.append(f"{where}: stored execution count on an output")
            if output["output_type"] not in ("stream", "execute_result"):
                found.append(f"{where}: a checked output must be text, not {output['output_type']}")
                continue
            data = output.get("data", {})
            if not set(data) <= TEXT_TYPES:
                found.append(f"{where}: checked output has {sorted(data)}")
            text = "".join(output.get("text", "")) + "".join(data.get("text/plain", ""))
            if re.search(r"at 0x[0-9a-f]+|<Figure size", text):
                found.append(f"{where}: checked output has a memory address or a figure repr")
    return found


@pytest.mark.parametrize("path", ALL, ids=lambda p: p.name)
def test_notebook_is_stored_clean(path: Path) -> None:
    assert problems(path.name, load(path)) == []


def code_cell(text: str, outputs: list[dict[str, Any]] | None = None, count: int | None = None):
    return {
        "cell_type": "code",
        "id": text[:8],
        "metadata": {},
        "source": text,
        "execution_count": count,
        "outputs": outputs or [],
    }


STREAM = {"output_type": "stream", "name": "stdout", "text": "1/2\n"}


@pytest.mark.parametrize(
    ("notebook", "complaint"),
    [
        ({"metadata": {"widgets": {}}, "cells": []}, "widget state"),
        ({"metadata": {}, "cells": [code_cell("x = 1", count=3)]}, "stored execution count"),
        ({"metadata": {}, "cells": [code_cell("print(1)", [STREAM])]}, "not marked"),
        ({"metadata": {}, "cells": [code_cell(f"# {MARK}\nprint(1)", [], 1)]}, "no stored output"),
        (
            {"metadata": {}, "cells": [code_cell(f"# {MARK}\nprint(1)", [STREAM])]},
            "execution count",
        ),
        (
            {
                "metadata": {},
                "cells": [
                    code_cell(
                        f"# {MARK}\nfig",
                        [
                            {
                                "output_type": "display_data",
                                "data": {"image/png": "iVBOR"},
                                "metadata": {},
                            }
                        ],
                        1,
                    )
                ],
            },
            "must be text",
        ),
        (
            {
                "metadata": {},
                "cells": [
                    code_cell(
                        f"# {MARK}\nobj",
                        [
                            {
                                "output_type": "execute_result",
                                "execution_count": 1,
                                "metadata": {},
                                "data": {"text/plain": "<Obj at 0x7f3a2b>"},
                            }
                        ],
                        1,
                    )
                ],
            },
            "memory address",
        ),
    ],
)
def test_the_checker_finds_unclean_notebooks(notebook: dict[str, Any], complaint: str) -> None:
    found = problems("demo.ipynb", notebook)
    assert any(complaint in problem for problem in found), found


def test_a_lesson_notebook_may_store_no_answer() -> None:
    """Even a checked cell of a lesson stores nothing: "value = -5/69" in the .ipynb is an
    answer a student opening it in JupyterLab would read."""
    answer = code_cell("# NBVAL_CHECK_OUTPUT\nlesson.say('x', check=True)",
                       [dict(STREAM, text="value = -5/69\n")], count=1)  # fmt: skip
    lesson = {"metadata": {}, "cells": [answer]}
    assert any("stores no output" in p for p in problems(LESSONS[0].name, lesson))
    assert problems(LESSONS[0].name, clean(lesson, lesson=True)) == []
    assert json.loads(FIGURES.read_text("utf-8")).keys() == {path.name for path in LESSONS}


def test_the_checker_accepts_a_clean_marked_cell() -> None:
    notebook = {
        "metadata": {},
        "cells": [code_cell("x = 1"), code_cell(f"# {MARK}\nx", [STREAM], 2)],
    }
    assert problems("demo.ipynb", notebook) == []


_LINK = re.compile(r"\]\(([^)#?]+\.ipynb)[^)]*\)")


def test_the_lesson_registry_is_the_notebooks_in_order() -> None:
    """Navigation (Index, Back, Next at the top and bottom of every page) is drawn from this one
    list, so it must name every lesson notebook, in order."""
    from kayalib.lessons.kit.page import LESSONS

    assert [f"{name}.ipynb" for _, name in LESSONS[1:]] == [path.name for path in LESSONS_NB]
    assert LESSONS[0] == ("index", "index")
    numbers = [number for number, _ in LESSONS[1:]]
    assert numbers == [f"{n:02d}" for n in range(1, len(numbers) + 1)] and len(numbers) >= 10
    assert all(name.startswith(f"{number}-") for number, name in LESSONS[1:])


LESSONS_NB = LESSONS


@pytest.mark.parametrize("path", [NOTEBOOKS / "index.ipynb", *LESSONS], ids=lambda p: p.name)
def test_lesson_has_navigation_at_top_and_bottom(path: Path) -> None:
    from kayalib.i18n import Translator, languages
    from kayalib.lessons.kit.page import Lesson

    cells = load(path)["cells"]
    first, last = source(cells[0]), source(cells[-1])
    number = "index" if path.name == "index.ipynb" else path.name[:2]
    assert f'Lesson("{number}")' in first and "lesson.header()" in first, path.name
    if number == "index":
        return
    assert "lesson.footer()" in last, f"{path.name}: no navigation at the bottom"
    page = Lesson(number, query="")
    for code in languages():
        t = Translator(code)
        links = _LINK.findall(page.navigation_html(t).replace('<a href="', "](").replace('">', ")"))
        names = [link.split("?")[0] for link in links]
        position = LESSONS.index(path)
        assert "index.ipynb" in names
        if position > 0:
            assert LESSONS[position - 1].name in names, f"{path.name}: no Back link"
        if position < len(LESSONS) - 1:
            assert LESSONS[position + 1].name in names, f"{path.name}: no Next link"
        assert page.navigation_html(t).count(f"?lang={code}") == len(links)
        assert t.has(f"l{number}.learn")


MAX_CELL_LINES = 20


@pytest.mark.parametrize("path", [NOTEBOOKS / "index.ipynb", *LESSONS], ids=lambda p: p.name)
def test_lesson_code_cells_are_short(path: Path) -> None:
    """Lessons call kayalib.lessons; a long code cell belongs in the package."""
    for number, cell in enumerate(load(path)["cells"], 1):
        if cell["cell_type"] == "code":
            lines = len(source(cell).splitlines())
            assert lines <= MAX_CELL_LINES, f"{path.name} cell {number}: {lines} lines"


def test_index_links_every_notebook_and_app() -> None:
    from kayalib.i18n import Translator
    from kayalib.lessons.kit.page import lesson_list_html

    t = Translator("en")
    text = lesson_list_html(t).replace('<a href="', "](").replace('">', ")") + t("lindex.intro")
    links = {link.split("?")[0] for link in _LINK.findall(text)}
    for path in LESSONS:
        assert path.name in links, f"index does not link {path.name}"
    for app in ("play-blef.ipynb", "play-aku-paling-kaya.ipynb"):
        assert app in links, f"index does not link {app}"
    for link in links:
        assert "/" not in link, f"{link}: links must be relative to notebooks/ (Voila and Lab)"
        assert (NOTEBOOKS / link).exists(), f"{link} does not exist"


def execute(path: Path) -> dict[str, Any]:
    """Run a notebook in a fresh kernel of this environment; return it with outputs."""
    import nbformat
    from nbclient import NotebookClient

    notebook = nbformat.read(path, as_version=4)
    client = NotebookClient(
        notebook, timeout=120, kernel_name="python3", resources={"metadata": {"path": NOTEBOOKS}}
    )
    client.execute()
    return json.loads(nbformat.writes(notebook))


def checked_figures(notebook: dict[str, Any]) -> dict[str, list[str]]:
    """The comparable text of a run notebook's marked cells, by cell id."""
    return {cell["id"]: output_text(cell.get("outputs", [])) for cell in notebook["cells"]
            if marked(cell)}  # fmt: skip


def clean(notebook: dict[str, Any], *, lesson: bool = False) -> dict[str, Any]:
    """Keep only the text outputs of marked cells (none at all in a ``lesson`` notebook); drop
    counts, timings and widget state."""
    notebook.get("metadata", {}).pop("widgets", None)
    code_cells = 0
    for cell in notebook["cells"]:
        if cell["cell_type"] != "code":
            continue
        code_cells += 1
        if lesson:
            cell["execution_count"], cell["outputs"] = None, []
            cell.get("metadata", {}).pop("execution", None)
            continue
        cell["execution_count"] = code_cells if marked(cell) else None
        cell.get("metadata", {}).pop("execution", None)
        kept = []
        if marked(cell):
            for output in cell.get("outputs", []):
                if output["output_type"] == "stream":
                    kept.append(output)
                elif output["output_type"] == "execute_result":
                    output["execution_count"] = code_cells
                    output["data"] = {"text/plain": output["data"]["text/plain"]}
                    output["metadata"] = {}
                    kept.append(output)
        cell["outputs"] = kept
    return notebook


def fix(paths: list[Path]) -> None:
    """Execute each notebook and store it clean (marked cells keep their text outputs; a lesson
    notebook's go to :data:`FIGURES` instead)."""
    figures = json.loads(FIGURES.read_text("utf-8")) if FIGURES.exists() else {}
    for path in paths:
        lesson = path.name in LESSON_NAMES
        run = execute(path)
        if lesson:
            figures[path.name] = checked_figures(run)
        notebook = clean(run, lesson=lesson)
        path.write_text(json.dumps(notebook, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"stored {path.relative_to(ROOT)}")
    FIGURES.write_text(json.dumps(dict(sorted(figures.items())), indent=1, ensure_ascii=False)
                       + "\n", encoding="utf-8")  # fmt: skip


if __name__ == "__main__":
    if sys.argv[1:2] != ["--fix"]:
        sys.exit(f"usage: {sys.argv[0]} --fix [notebook.ipynb ...]")
    fix([Path(arg).resolve() for arg in sys.argv[2:]] or [NOTEBOOKS / "index.ipynb", *LESSONS])
