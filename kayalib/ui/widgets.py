"""The play apps' own page assets: the stylesheet and the page helper script."""

from __future__ import annotations

from pathlib import Path

__all__ = ["css", "page_script"]


def css() -> str:
    """The apps' stylesheet (``kayalib/ui/style.css``)."""
    return (Path(__file__).parent / "style.css").read_text("utf-8")


def page_script() -> str:
    """The page helper (``kayalib/ui/page.js``): the status line as an ARIA live region, the
    page title in the app's language, and keyboard focus kept on the actions after a move."""
    return (Path(__file__).parent / "page.js").read_text("utf-8")
