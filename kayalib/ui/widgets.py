"""The play apps' own page assets: the stylesheet and the page helper script."""

from __future__ import annotations

from importlib import resources

__all__ = ["css", "page_script"]


def css() -> str:
    """The apps' stylesheet (``kayalib/ui/style.css``)."""
    return resources.files("kayalib.ui").joinpath("style.css").read_text("utf-8")


def page_script() -> str:
    """The page helper (``kayalib/ui/page.js``): the status line as an ARIA live region, the
    page title in the app's language, and keyboard focus kept on the actions after a move."""
    return resources.files("kayalib.ui").joinpath("page.js").read_text("utf-8")
