"""Every notebook in ``notebooks/`` renders in Voila: HTTP 200 and no failed cell.

Each page's render is checked where the accessibility check opens it anyway
(``test_axe_browser.assert_rendered`` on the page Voila sends, in the axe test or, for the apps,
the layout test): one kernel run per notebook, not two. Here: that those two open every notebook
Voila serves, and the tree and a page's stripped source.
"""

from __future__ import annotations

import urllib.request
from pathlib import Path

import pytest

from kayalib.server.settings import LAB_ONLY

from .test_axe_browser import APPS, OPENED_HERE
from .test_axe_browser import PAGES as OPENED
from .test_layout import CONTROLS

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
# write-a-bot is for JupyterLab: in Voila it says so and stops (tests/teachers/test_browser.py)
PAGES = sorted(p.name for p in NOTEBOOKS.glob("*.ipynb") if p.name not in LAB_ONLY)


def fetch(url: str) -> tuple[int, str]:
    with urllib.request.urlopen(url, timeout=180) as response:
        return response.status, response.read().decode("utf-8", "replace")


def test_there_are_notebooks_to_render() -> None:
    assert {"play-blef.ipynb", "play-aku-paling-kaya.ipynb"} <= set(PAGES)


def test_every_notebook_voila_serves_is_rendered_and_checked() -> None:
    """The accessibility check opens (and checks the render of) each page Voila serves: the
    apps where the layout test opens them, the others in the axe test."""
    assert sorted(OPENED) == PAGES
    assert sorted([*OPENED_HERE, *APPS]) == PAGES
    assert sorted(notebook for notebook, *_ in CONTROLS) == sorted(APPS)


@pytest.mark.voila
def test_tree_answers_and_sources_are_stripped(voila_server) -> None:
    status, _tree = fetch(voila_server.url + "/")
    assert status == 200
    _, page = fetch(f"{voila_server.url}/voila/render/play-blef.ipynb")
    assert "BlefApp.from_query_string" not in page  # strip_sources: no code on the page
    assert "<title>Play Blef</title>" in page.replace("\n", "").replace("  ", "")
    assert "cdn.jsdelivr.net" not in page  # the kayalib template works offline
