"""What the wheel is built from (fast checks; ``test_wheel.py`` builds and installs it): every
package of ``kayalib/`` and the notebooks are listed, every data file the code reads matches a
package-data pattern, and the version is written in one place."""

from __future__ import annotations

import fnmatch
import subprocess
from pathlib import Path

import pytest
import tomllib
from setuptools import find_namespace_packages

import kayalib
from kayalib.package_data import notebooks_folder, voila_template_folder

ROOT = Path(__file__).resolve().parents[2]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))
SETUPTOOLS = PYPROJECT["tool"]["setuptools"]
#: files in the source folders that only the tests and the translators read
NOT_SHIPPED = ("translated-from.txt",)


def package_folder(package: str) -> Path:
    """Where ``package``'s files are in the checkout (pyproject's ``package-dir``)."""
    mapped = SETUPTOOLS.get("package-dir", {})
    return ROOT / mapped.get(package, package.replace(".", "/"))


def tracked(folder: str) -> list[Path]:
    listed = subprocess.run(["git", "ls-files", folder], cwd=ROOT, capture_output=True,
                            text=True, check=True).stdout.split()  # fmt: skip
    return [ROOT / name for name in listed]


def test_every_package_and_catalogue_folder_is_in_the_wheels_list() -> None:
    found = {p for p in find_namespace_packages(where=str(ROOT), include=["kayalib*"])
             if "__pycache__" not in p}  # fmt: skip
    assert sorted(SETUPTOOLS["packages"]) == sorted(found | {"kayalib.notebooks"}), (
        "add the missing package to [tool.setuptools] packages in pyproject.toml"
    )


def test_the_notebooks_folder_is_the_package_kayalib_notebooks() -> None:
    assert SETUPTOOLS["package-dir"] == {"kayalib.notebooks": "notebooks"}
    assert notebooks_folder() == (ROOT / "notebooks").resolve()  # the editable install's
    assert voila_template_folder().is_relative_to(notebooks_folder())


def shipped(path: Path) -> bool:
    """Whether a package-data pattern of the package that holds ``path`` matches it."""
    patterns = PYPROJECT["tool"]["setuptools"]["package-data"]
    for package in SETUPTOOLS["packages"]:
        folder = package_folder(package)
        if path.parent != folder and not (
            package == "kayalib.notebooks" and path.is_relative_to(folder / ".jupyter")
        ):
            continue
        relative = path.relative_to(folder).as_posix()
        globs = patterns.get("*", []) + patterns.get(package, [])
        return any(fnmatch.fnmatch(relative, glob) and glob.count("/") == relative.count("/")
                   for glob in globs)  # fmt: skip
    return False


@pytest.mark.parametrize("folder", ["kayalib", "notebooks"])
def test_every_data_file_matches_a_package_data_pattern(folder: str) -> None:
    data = [path for path in tracked(folder)
            if path.suffix != ".py" and path.name not in NOT_SHIPPED]  # fmt: skip
    assert data, f"no data files in {folder}/?"
    missing = [str(path.relative_to(ROOT)) for path in data if not shipped(path)]
    assert not missing, f"the wheel would leave out {missing}: add them to package-data"


def test_a_file_outside_the_patterns_is_caught() -> None:
    assert not shipped(ROOT / "kayalib" / "blef" / "notes.txt")
    assert not shipped(ROOT / "notebooks" / "data.csv")
    assert shipped(ROOT / "notebooks" / ".jupyter" / "voila" / "templates" / "kayalib" / "x.j2")


def test_the_version_is_written_once() -> None:
    project = PYPROJECT["project"]
    assert "version" not in project and "version" in project["dynamic"]
    assert PYPROJECT["tool"]["setuptools"]["dynamic"]["version"] == {
        "attr": "kayalib.__version__"}  # fmt: skip
    assert kayalib.__version__.count(".") == 2
    changelog = (ROOT / "CHANGELOG.md").read_text("utf-8")
    assert f"## {kayalib.__version__}" in changelog, "CHANGELOG.md says nothing of this version"
