"""Every page a student opens passes axe-core's accessibility check in every language.

Each page (the index, every lesson) is opened once in the session's Voila server, in English,
Indonesian or Polish by turns (``?lang=``), and checked; then its own language switch turns it
into each other language, as a student who switches sees it, and it is checked again. Both play
apps and the what-if table are checked the same way where the layout test opens them anyway, in
Polish (``test_layout.test_every_control_has_a_name_and_every_text_contrast_enough``). Each
time, once its widgets are drawn, axe-core (installed by ``make test`` from the npm registry
into ``.venv/node``) runs in the page, and no violation of impact "serious" or "critical" may
remain (in a play app, with its hint and settings closed, then open), and ``<html lang>`` must
be the page's language.

The page Voila sends for that first opening is read too (:func:`assert_rendered`): every
notebook Voila serves renders, HTTP 200 and no failed cell, checked on the load axe needs
anyway instead of a kernel run of its own per notebook.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tests.harness import ARTIFACTS, SETTLED

from .test_browser import LOAD_TIMEOUT

pytestmark = [pytest.mark.browser, pytest.mark.voila, pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[2]
AXE = ROOT / ".venv" / "node" / "node_modules" / "axe-core" / "axe.min.js"
LANGUAGES = ("en", "id", "pl")
LESSON_READY = ".kayalib-lesson-footer"
#: each page, with what shows that its widgets are drawn
PAGES = {
    "play-blef.ipynb": "button.kaya-bid:not([disabled])",
    "play-aku-paling-kaya.ipynb": ".kaya-status-text.kaya-your-turn",
    "what-if-blef.ipynb": ".kaya-hint-after",
    "index.ipynb": "table.kayalib-table",
    **{path.name: LESSON_READY for path in sorted((ROOT / "notebooks").glob("[0-9][0-9]-*.ipynb"))},
}
#: the panels a play app opens on a click, checked too (in the same page load)
PANELS = (".kaya-hint-toggle", ".kaya-settings-toggle")
#: the pages the layout test opens anyway (in Polish, for their controls' names and contrast):
#: checked there, with their panels closed and open, and after a move in the other languages
APPS = ("play-blef.ipynb", "play-aku-paling-kaya.ipynb", "what-if-blef.ipynb")
OPENED_HERE = sorted(set(PAGES) - set(APPS))
BLOCKING = ("serious", "critical")
AXE_RUN = "() => axe.run(document, {resultTypes: ['violations']})"


#: what Voila writes in place of a cell's output when the cell failed
ERROR_MARK = "There was an error when executing cell"


def assert_rendered(notebook: str, status: int, body: str) -> None:
    """The page Voila sent for ``notebook``: HTTP 200, no failed cell, widgets or a heading."""
    assert status == 200, f"{notebook}: HTTP {status}"
    assert ERROR_MARK not in body, f"{notebook}: a cell failed (run voila --show_tracebacks=True)"
    assert "Traceback" not in body
    assert "application/vnd.jupyter.widget-view+json" in body or "<h1" in body


def axe_source() -> str:
    """axe-core's script, or a skip with a notice (a failure under ``CI=true``)."""
    if not AXE.exists():
        message = f"{AXE} is missing: `make test` installs axe-core"
        if os.environ.get("CI") == "true":
            pytest.fail(message + " (CI=true, so this is a failure)")
        pytest.skip(message)
    return AXE.read_text("utf-8")


def blocking_violations(results: dict) -> list[str]:
    """One line per element of each serious or critical violation: rule, target, summary."""
    lines = []
    for rule in results["violations"]:
        if rule["impact"] not in BLOCKING:
            continue
        for node in rule["nodes"]:
            summary = node.get("failureSummary", "").replace("\n", " ")[:200]
            lines.append(f"{rule['id']} ({rule['impact']}) at {node['target']}: {summary}")
    return lines


#: the language each page opens in: by turns, so every language is opened by ``?lang=`` too
OPENS_IN = {notebook: LANGUAGES[i % len(LANGUAGES)] for i, notebook in enumerate(OPENED_HERE)}


def check_now(page, source: str, notebook: str, lang: str) -> list[str]:
    """axe-core's blocking violations of the page as it is now, and a wrong ``<html lang>``."""
    page.evaluate(SETTLED)
    shown = page.evaluate("document.documentElement.lang")
    if not page.evaluate("() => typeof axe !== 'undefined'"):
        page.add_script_tag(content=source)
    results = page.evaluate(AXE_RUN)
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / f"axe-{notebook.removesuffix('.ipynb')}-{lang}.json").write_text(
        json.dumps(results["violations"], indent=1), "utf-8")  # fmt: skip
    found = [f"({lang}) {line}" for line in blocking_violations(results)]
    if shown != lang:  # a screen reader would read the page in the wrong language's voice
        found.append(f"<html lang={shown!r}> on a page in {lang!r}")
    return found


def check_the_other_languages(page, source: str, notebook: str, first: str) -> list[str]:
    """Switch the page to each language but ``first`` with its own switch; check each."""
    from kayalib.i18n import languages

    found = []
    for lang in LANGUAGES:
        if lang == first:
            continue
        page.select_option(".kaya-lang select", label=languages()[lang])
        page.wait_for_function("lang => document.documentElement.lang === lang", arg=lang,
                               timeout=LOAD_TIMEOUT)  # fmt: skip
        found += check_now(page, source, notebook, lang)
    return found


@pytest.mark.parametrize("notebook", OPENED_HERE)
def test_no_serious_accessibility_violation(voila_server, page, notebook: str) -> None:
    source = axe_source()
    first = OPENS_IN[notebook]
    query = f"lang={first}&seed=4"
    response = page.goto(f"{voila_server.url}/voila/render/{notebook}?{query}",
                         timeout=LOAD_TIMEOUT)  # fmt: skip
    assert response is not None
    assert_rendered(notebook, response.status, response.text())
    page.wait_for_selector(PAGES[notebook], timeout=LOAD_TIMEOUT)
    found = check_now(page, source, notebook, first)
    found += check_the_other_languages(page, source, notebook, first)
    assert not found, f"{notebook}: {len(found)} serious or critical\n" + "\n".join(found)
