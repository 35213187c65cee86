"""The play apps: ``BlefApp`` and ``KayaApp`` (ipywidgets, for Jupyter and Voila).

In a notebook cell::

    from kayalib.ui import BlefApp
    BlefApp.from_query_string().show()

Words come from the catalogue ``kayalib/i18n/<lang>/`` (see ``kayalib.i18n`` to add a language).
"""

from __future__ import annotations

from typing import Any

__all__ = ["BlefApp", "KayaApp"]


def __getattr__(name: str) -> Any:
    # Imported on first use, so one app does not load the other game's engine.
    if name == "BlefApp":
        from kayalib.ui.blef_app import BlefApp

        return BlefApp
    if name == "KayaApp":
        from kayalib.ui.kaya_app import KayaApp

        return KayaApp
    raise AttributeError(f"module 'kayalib.ui' has no attribute {name!r}")
