"""The Binder image: pins that agree with pyproject.toml, a postBuild that installs kayalib,
and (slow) a fresh virtual environment built the way Binder builds it."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import tomllib
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

ROOT = Path(__file__).resolve().parents[1]
BINDER = ROOT / "binder"


def pins() -> dict[str, Version]:
    """``binder/requirements.txt`` as ``{canonical name: pinned version}``."""
    found: dict[str, Version] = {}
    for number, raw in enumerate((BINDER / "requirements.txt").read_text().splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        requirement = Requirement(line)
        specifiers = list(requirement.specifier)
        assert len(specifiers) == 1 and specifiers[0].operator == "==", (
            f"requirements.txt line {number}: {line!r} is not an exact pin (name==version)"
        )
        name = canonicalize_name(requirement.name)
        assert name not in found, f"requirements.txt pins {name} twice"
        found[name] = Version(specifiers[0].version)
    return found


def runtime_requirements() -> list[Requirement]:
    """pyproject's dependencies plus the ``app`` extra (what the Binder image runs)."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    lines = list(project["dependencies"]) + list(project["optional-dependencies"]["app"])
    return [Requirement(line) for line in lines]


def test_requirements_are_exact_pins() -> None:
    assert pins(), "binder/requirements.txt pins nothing"


@pytest.mark.parametrize("requirement", runtime_requirements(), ids=str)
def test_every_runtime_dependency_is_pinned_within_its_specifier(requirement: Requirement) -> None:
    pinned = pins()
    name = canonicalize_name(requirement.name)
    assert name in pinned, f"{requirement} (pyproject.toml) has no pin in binder/requirements.txt"
    assert requirement.specifier.contains(pinned[name], prereleases=True), (
        f"binder pins {name}=={pinned[name]}, outside pyproject's {requirement}"
    )


def test_every_pin_is_a_declared_dependency() -> None:
    declared = {canonicalize_name(r.name): r for r in runtime_requirements()}
    for name, version in pins().items():
        assert name in declared, (
            f"binder pins {name}=={version}, which pyproject.toml never asks for"
        )
        assert declared[name].specifier.contains(version, prereleases=True)


def test_post_build_takes_the_settings_from_the_installed_package() -> None:
    text = (BINDER / "postBuild").read_text()
    assert "kayalib.package_data" in text and "voila.json" in text and "root_dir" in text
    assert "notebooks/" not in text, "postBuild reads a path of the checkout"


def test_post_build_stops_on_error_and_installs_the_package() -> None:
    script = BINDER / "postBuild"
    text = script.read_text()
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    assert lines[0].startswith("#!") and "bash" in lines[0], "postBuild needs a bash shebang"
    assert any(
        line.startswith("set -e") or line.startswith("set -euo") or line.startswith("set -eu")
        for line in lines
    ), "postBuild must stop at the first failing command (set -e)"
    install = [line for line in lines if "pip install" in line and not line.startswith("#")]
    assert install, "postBuild must pip install the package (Binder does not install it)"
    assert any(line.split()[-1] == "." for line in install), "postBuild must install '.'"
    assert os.access(script, os.X_OK), "postBuild must be executable"


def test_runtime_pins_the_python_version_binder_uses() -> None:
    runtime = (BINDER / "runtime.txt").read_text().strip()
    assert runtime.startswith("python-3."), runtime
    minor = int(runtime.removeprefix("python-3."))
    required = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["requires-python"]
    from packaging.specifiers import SpecifierSet

    assert SpecifierSet(required).contains(f"3.{minor}"), f"{runtime} breaks {required}"


@pytest.mark.slow
def test_a_fresh_binder_environment_installs_and_imports_kayalib(tmp_path: Path) -> None:
    """Build a venv from binder/requirements.txt, run postBuild, import every kayalib package."""
    source = tmp_path / "repo"
    source.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, source / name)
    shutil.copytree(
        ROOT / "kayalib", source / "kayalib", ignore=shutil.ignore_patterns("__pycache__")
    )
    shutil.copytree(BINDER, source / "binder")
    shutil.copytree(ROOT / "notebooks", source / "notebooks",
                    ignore=shutil.ignore_patterns("__pycache__", "my-bots"))  # fmt: skip
    home = tmp_path / "home"
    home.mkdir()
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=120)
    python = venv / "bin" / "python"
    env = {
        **os.environ,
        "PATH": f"{venv / 'bin'}{os.pathsep}{os.environ.get('PATH', '')}",
        "HOME": str(home),
        "PIP_CACHE_DIR": os.environ.get("PIP_CACHE_DIR", str(Path.home() / ".cache" / "pip")),
    }
    env.pop("PYTHONPATH", None)
    env.pop("VIRTUAL_ENV", None)

    def run(*command: str | Path, timeout: float = 600, cwd: Path = source) -> str:
        done = subprocess.run(
            [str(part) for part in command],
            cwd=cwd,
            env=env,
            capture_output=True,
            text=True,
            timeout=timeout,
        )
        assert done.returncode == 0, (
            f"{command} failed:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
        )
        return done.stdout

    # Binder compiles the packages to bytecode as it builds its image; this test checks what is
    # installed and what imports, so it leaves the compiling out (a third of the install's time).
    run(python, "-m", "pip", "install", "--quiet", "--no-compile", "-r", "binder/requirements.txt")
    run("bash", source / "binder" / "postBuild")
    assert (home / ".jupyter" / "voila.json").read_text() == (
        ROOT / "notebooks" / "voila.json"
    ).read_text(), "postBuild must put voila.json where the Voila server extension reads it"
    template = home / ".local" / "share" / "jupyter" / "voila" / "templates" / "kayalib"
    assert (template / "index.html.j2").is_file(), "voila.json names the kit's template"
    served = Path(json.loads((home / ".jupyter" / "jupyter_server_config.json").read_text())[
        "ServerApp"]["root_dir"])  # fmt: skip
    assert served.is_relative_to(venv) and (served / "index.ipynb").is_file(), (
        "the server must serve the notebooks of the installed package"
    )
    packages = ["kayalib"] + sorted(
        f"kayalib.{path.parent.name}" for path in (ROOT / "kayalib").glob("*/__init__.py")
    )
    imported = run(
        python,
        "-c",
        "import importlib, sys; "
        f"mods = [importlib.import_module(m) for m in {packages!r}]; "
        "print(mods[0].__file__)",
        timeout=120,
        cwd=tmp_path,
    )
    assert str(venv) in imported, f"kayalib was imported from {imported.strip()}, not the venv"
    run(python, "-m", "pip", "check", timeout=120)
