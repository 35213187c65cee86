"""Every page a student can open is linked from the index (write-a-bot, which needs JupyterLab,
is named with how to open it), and lessons 03 and 08 link the what-if table (issue 21)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
CATALOGUE = ROOT / "kayalib" / "i18n"
LANGS = ("en", "id", "pl")


def words(lang: str, name: str) -> dict[str, str]:
    return json.loads((CATALOGUE / lang / "lessons" / f"{name}.json").read_text("utf-8"))


def notebook_code(prefix: str) -> str:
    (path,) = NOTEBOOKS.glob(f"{prefix}*.ipynb")
    cells = json.loads(path.read_text("utf-8"))["cells"]
    return "".join("".join(c["source"]) for c in cells if c["cell_type"] == "code")


@pytest.mark.parametrize("lang", LANGS)
def test_the_index_links_every_page_that_is_no_lesson(lang: str) -> None:
    intro = words(lang, "lindex")["lindex.intro"]
    pages = [
        p.name
        for p in NOTEBOOKS.glob("*.ipynb")
        if not p.name[:2].isdigit() and p.name not in ("index.ipynb", "write-a-bot.ipynb")
    ]
    assert pages  # fmt: skip
    for page in pages:
        assert f"]({page}?lang={{language}})" in intro, page
    assert "write-a-bot.ipynb" in intro and "kayalib lab" in intro and "JupyterLab" in intro


@pytest.mark.parametrize(("lesson", "key"), [("03", "l03.what_if"), ("08", "l08.what_if")])
def test_lessons_03_and_08_link_the_what_if_table(lesson: str, key: str) -> None:
    assert 'lesson.say("what_if", language=lambda t: t.lang)' in notebook_code(lesson)
    for lang in LANGS:
        assert "](what-if-blef.ipynb?lang={language})" in words(lang, f"l{lesson}")[key], lang
