"""Every notebook in ``notebooks/`` renders in Voila: HTTP 200 and no failed cell."""

from __future__ import annotations

import urllib.request
from pathlib import Path
from urllib.parse import quote

import pytest

from kayalib.server.settings import LAB_ONLY

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
ERROR_MARK = "There was an error when executing cell"
# write-a-bot is for JupyterLab: in Voila it says so and stops (tests/teachers/test_browser.py)
PAGES = sorted(p.name for p in NOTEBOOKS.glob("*.ipynb") if p.name not in LAB_ONLY)


def fetch(url: str) -> tuple[int, str]:
    with urllib.request.urlopen(url, timeout=180) as response:
        return response.status, response.read().decode("utf-8", "replace")


def test_there_are_notebooks_to_render() -> None:
    assert {"play-blef.ipynb", "play-aku-paling-kaya.ipynb"} <= set(PAGES)


@pytest.mark.voila
@pytest.mark.parametrize("name", PAGES)
def test_notebook_renders_without_errors(voila_server, name: str) -> None:
    status, body = fetch(f"{voila_server.url}/voila/render/{quote(name)}?seed=1")
    assert status == 200
    assert ERROR_MARK not in body, f"{name}: a cell failed (run voila --show_tracebacks=True)"
    assert "Traceback" not in body
    assert "application/vnd.jupyter.widget-view+json" in body or "<h1" in body


@pytest.mark.voila
def test_tree_answers_and_sources_are_stripped(voila_server) -> None:
    status, _tree = fetch(voila_server.url + "/")
    assert status == 200
    _, page = fetch(f"{voila_server.url}/voila/render/play-blef.ipynb")
    assert "BlefApp.from_query_string" not in page  # strip_sources: no code on the page
    assert "<title>Play Blef</title>" in page.replace("\n", "").replace("  ", "")
    assert "cdn.jsdelivr.net" not in page  # the kayalib template works offline
