"""Run a lesson notebook the way Voila does (a fresh kernel, ``QUERY_STRING`` set) and read
every word its widgets show: the text a student would see on the page."""

from __future__ import annotations

import html
import json
import os
import re
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
LESSON_PAGES = [NOTEBOOKS / "index.ipynb", *sorted(NOTEBOOKS.glob("[0-9][0-9]-*.ipynb"))]


def execute(path: Path, query: str = "") -> dict[str, Any]:
    """Run the notebook in a fresh kernel with ``QUERY_STRING=query``; return it with outputs
    and the widget state (as nbclient stores it)."""
    import nbformat
    from nbclient import NotebookClient

    notebook = nbformat.read(path, as_version=4)
    client = NotebookClient(notebook, timeout=180, kernel_name="python3",
                            resources={"metadata": {"path": str(NOTEBOOKS)}})  # fmt: skip
    env = dict(os.environ, QUERY_STRING=query)
    client.execute(env=env)
    return json.loads(nbformat.writes(notebook))


_TAG = re.compile(r"<(script|style)[^>]*>.*?</\1>|<[^>]+>", re.S)
_DATA = re.compile(r"data:image/[a-z+]+;base64,[A-Za-z0-9+/=]+")


def visible_text(value: str) -> str:
    """An HTML value as the words it shows (tags, styles and inline images removed)."""
    text = _TAG.sub(" ", _DATA.sub("", value))
    return re.sub(r"\s+", " ", html.unescape(text)).strip()


def widget_texts(notebook: dict[str, Any]) -> list[str]:
    """Every string a student can read in the widgets of an executed notebook: HTML values,
    labels, button and field descriptions, placeholders, dropdown options, image alt texts."""
    state = notebook.get("metadata", {}).get("widgets", {})
    models = state.get("application/vnd.jupyter.widget-state+json", {}).get("state", {})
    texts: list[str] = []
    for model in models.values():
        name, s = model.get("model_name", ""), model.get("state", {})
        if name in ("HTMLModel", "HTMLMathModel", "LabelModel"):
            texts.append(visible_text(s.get("value", "")))
            texts += re.findall(r'alt="([^"]*)"', s.get("value", ""))
        for key in ("description", "placeholder", "tooltip"):
            if s.get(key):
                texts.append(html.unescape(str(s[key])))
        texts += [str(label) for label in s.get("_options_labels", [])]
    return [text for text in texts if text]


def output_texts(notebook: dict[str, Any]) -> list[str]:
    """The text outputs of the cells (streams, errors, plain results shown without a widget)."""
    found = []
    for cell in notebook["cells"]:
        for output in cell.get("outputs", []):
            if output["output_type"] == "stream":
                found.append("".join(output["text"]))
            elif output["output_type"] == "error":
                found.append(f"error: {output['ename']}: {output['evalue']}")
            else:
                data = output.get("data", {})
                if "application/vnd.jupyter.widget-view+json" not in data:
                    found.append("".join(data.get("text/plain", "")))
    return found
