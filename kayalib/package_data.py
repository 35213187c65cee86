"""The files kayalib ships besides its code, found through ``importlib.resources``.

The notebooks stay at the top of the repository (``notebooks/``) and ship inside the package
as ``kayalib.notebooks`` (``pyproject.toml`` maps one to the other), with their Voila settings
(``voila.json``) and the kit's Voila template (``.jupyter/voila/templates/kayalib``). The same
calls find them in an installed wheel and in an editable install of a checkout (``make venv``),
from any working directory; nothing here knows where a checkout keeps them.

>>> (notebooks_folder() / "index.ipynb").is_file()
True
>>> sorted(path.name for path in voila_template_folder().iterdir())
['conf.json', 'index.html.j2', 'kayalib_banner.html.j2']
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from kayalib.errors import InstallError

__all__ = ["NOTEBOOKS_PACKAGE", "jupyter_data_folder", "notebooks_folder",
           "voila_template_folder"]  # fmt: skip

NOTEBOOKS_PACKAGE = "kayalib.notebooks"
"""The package the notebooks ship in (``kayalib/notebooks/`` in the wheel)."""


def notebooks_folder() -> Path:
    """The folder of the lesson and app notebooks and ``voila.json``: a folder on disk, as
    Voila and JupyterLab serve files from one (an install from a zip file has none)."""
    try:
        index = resources.files(NOTEBOOKS_PACKAGE).joinpath("index.ipynb")
    except ModuleNotFoundError:
        raise InstallError(
            "kayalib is installed without its notebooks: install it again from its wheel "
            "(pip install kayalib), or from a checkout with make venv"
        ) from None
    if not isinstance(index, Path) or not index.is_file():
        raise InstallError(f"kayalib's notebooks are not files on this disk ({index}): install "
                           "kayalib as files, not zipped")  # fmt: skip
    return index.parent


def jupyter_data_folder() -> Path:
    """The Jupyter data folder that holds the kit's Voila template (for ``JUPYTER_PATH``)."""
    return notebooks_folder() / ".jupyter"


def voila_template_folder() -> Path:
    """The kit's Voila template, ``kayalib`` (the lab template without links to the network,
    plus the "connection lost" banner)."""
    return jupyter_data_folder() / "voila" / "templates" / "kayalib"
