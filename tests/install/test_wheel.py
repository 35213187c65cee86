"""The kit as a teacher installs it: the wheel built from this checkout, installed with its
extras into a new virtual environment outside the repository (from the wheel and the package
index, as pip is configured here), and started from an empty folder.

``kayalib app`` serves the index, a lesson and both play apps to Chromium; ``kayalib class``
seats two students at one class table from two browsers, and one of them plays a move;
``kayalib worksheets`` writes a lesson's PDFs in every language; Ctrl+C stops ``kayalib app``,
``class`` and ``lab`` cleanly. The environment has its own Jupyter folders and no path into the
checkout, so every notebook, template and setting the pages use comes from the wheel.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import time
import urllib.request
import zipfile
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

import kayalib
from tests.harness import ARTIFACTS, HARMLESS_CONSOLE, ROOT
from tests.processes import ServerProcess, free_port
from tests.tables.test_class_browser import Phone, dashboard_state, turn_of_a_student

pytestmark = [pytest.mark.slow, pytest.mark.voila, pytest.mark.browser]

LOAD = 180_000  # ms: a page of a cold environment on a busy 2-core machine
PLAY_APPS = ("play-blef.ipynb", "play-aku-paling-kaya.ipynb")
#: what the build needs from the checkout: nothing else is copied
SOURCES = ("pyproject.toml", "README.md", "kayalib", "notebooks")


def scripts(venv: Path) -> Path:
    """Where a virtual environment keeps its programs (``Scripts`` on Windows)."""
    return venv / ("Scripts" if os.name == "nt" else "bin")


@dataclass
class Kit:
    """The installed kit: its environment, an empty folder to start it in, its environment
    variables, and the wheel it came from."""

    venv: Path
    home: Path
    env: dict[str, str]
    wheel: Path

    def program(self, name: str) -> str:
        return str(scripts(self.venv) / name)

    def run(self, *args: str, timeout: float = 600) -> subprocess.CompletedProcess[str]:
        return subprocess.run([self.program("kayalib"), *args], cwd=self.home, env=self.env,
                              capture_output=True, text=True, timeout=timeout)  # fmt: skip

    def start(self, name: str, *args: str, port: int) -> ServerProcess:
        """``kayalib ARGS`` in a process group of its own (Ctrl+C reaches only it)."""
        return ServerProcess([self.program("kayalib"), *args], port=port, cwd=self.home,
                             env=self.env, log_path=ARTIFACTS / f"wheel-{name}.log",
                             new_session=True)  # fmt: skip


def run(command: list[str], cwd: Path, env: dict[str, str], timeout: float = 900) -> str:
    done = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=timeout)  # fmt: skip
    assert done.returncode == 0, f"{command}:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    return done.stdout


#: the extras a teacher installs
EXTRAS = ("class", "print")


def requirements(pyproject: Path, extras: tuple[str, ...]) -> list[str]:
    """What installing the project with ``extras`` asks for besides the project itself: its
    dependencies and those of the extras, an extra that names the project read in place."""
    import tomllib

    project = tomllib.loads(pyproject.read_text("utf-8"))["project"]
    found, seen, todo = list(project["dependencies"]), set(), list(extras)
    while todo:
        extra = todo.pop()
        if extra in seen:
            continue
        seen.add(extra)
        for line in project["optional-dependencies"][extra]:
            itself = re.fullmatch(rf"{project['name']}\[([\w,\s-]+)\]", line.strip())
            if itself:
                todo += [name.strip() for name in itself.group(1).split(",")]
            else:
                found.append(line)
    return found


@pytest.fixture(scope="module")
def kit(tmp_path_factory: pytest.TempPathFactory) -> Kit:
    folder = tmp_path_factory.mktemp("wheel")
    source = folder / "source"
    source.mkdir()
    skip = shutil.ignore_patterns("__pycache__", "*.pyc", ".ipynb_checkpoints", "my-bots")
    for name in SOURCES:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, source / name, ignore=skip)
        else:
            shutil.copy(ROOT / name, source / name)
    outside = {k: v for k, v in os.environ.items()
               if k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV")}  # fmt: skip
    venv = folder / "venv"
    pip = [str(scripts(venv) / "python"), "-m", "pip", "install", "--quiet", "--no-compile"]

    def environment() -> None:
        """The new environment and the dependencies the wheel declares, while it is built."""
        run([sys.executable, "-m", "venv", str(venv)], folder, outside)
        run([*pip, *requirements(ROOT / "pyproject.toml", EXTRAS)], folder, outside)

    with ThreadPoolExecutor(1) as meanwhile:
        made = meanwhile.submit(environment)
        run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--wheel-dir",
             str(folder / "dist"), str(source)], folder, outside)  # fmt: skip
        made.result()
    (wheel,) = (folder / "dist").glob("kayalib-*.whl")
    # The wheel and its dependencies from the package index, as pip is configured (here they
    # are there already, unless the wheel asks for more); nothing compiled at install (the
    # kernels compile what they import, once).
    run([*pip, f"{wheel}[{','.join(EXTRAS)}]"], folder, outside)
    home = folder / "empty"
    home.mkdir()
    env = {k: v for k, v in outside.items() if not k.startswith("JUPYTER")}
    env["PATH"] = str(scripts(venv)) + os.pathsep + env.get("PATH", "")
    for name in ("CONFIG", "DATA", "RUNTIME"):  # Jupyter's own folders: none of this machine's
        env[f"JUPYTER_{name}_DIR"] = str(folder / "jupyter" / name.lower())
    env["KAYALIB_BOT_DIR"] = str(folder / "bots")
    return Kit(venv, home, env, wheel)


def test_the_wheel_carries_the_notebooks_their_template_and_the_page_helper(kit: Kit) -> None:
    names = set(zipfile.ZipFile(kit.wheel).namelist())
    for notebook in (ROOT / "notebooks").glob("*.ipynb"):
        assert f"kayalib/notebooks/{notebook.name}" in names
    template = ROOT / "notebooks" / ".jupyter" / "voila" / "templates" / "kayalib"
    for path in [*template.iterdir(), ROOT / "notebooks" / "voila.json"]:
        assert "kayalib/" + path.relative_to(ROOT).as_posix() in names
    shipped = (".py", ".json", ".js", ".css")  # (the translators' notes stay behind)
    package = [path for path in (ROOT / "kayalib").rglob("*")
               if path.suffix in shipped and "__pycache__" not in path.parts]  # fmt: skip
    missing = [path.relative_to(ROOT).as_posix() for path in package
               if path.relative_to(ROOT).as_posix() not in names]  # fmt: skip
    assert missing == []  # every module and data file (catalogue, scripts, styles, solutions)
    assert kit.wheel.name.startswith(f"kayalib-{kayalib.__version__}-")


def test_nothing_of_the_checkout_is_on_the_kits_path(kit: Kit) -> None:
    found = json.loads(run([str(scripts(kit.venv) / "python"), "-c",
        "import json, sys, kayalib; from kayalib.package_data import notebooks_folder; "
        "print(json.dumps([kayalib.__file__, str(notebooks_folder()), sys.path]))"],
        kit.home, kit.env))  # fmt: skip
    module, notebooks, path = found
    assert Path(module).is_relative_to(kit.venv) and Path(notebooks).is_relative_to(kit.venv)
    assert not [entry for entry in path if entry and Path(entry).is_relative_to(ROOT)]
    assert kit.run("--version").stdout == f"kayalib {kayalib.__version__}\n"


def output_of(server: ServerProcess) -> str:
    """What a server printed, also once it has stopped (and closed its log)."""
    assert server.log_path is not None
    return server.log_path.read_text(errors="replace")


def found(pattern: str, text: str) -> str:
    """The first group of ``pattern`` in ``text`` (which must hold it)."""
    match = re.search(pattern, text)
    assert match, f"{pattern!r} is not in:\n{text[-2000:]}"
    return match.group(1)


#: the kit's server refuses a page's first websocket, which offers the "v1" protocol, and the
#: page connects again without it (kayalib/server/guards.py): the browser logs the refusal
V1_REFUSED = re.compile(r"WebSocket connection to 'ws://127\.0\.0\.1:\d+/api/kernels/[-0-9a-f]+/"
                        r"channels\?[^']*' failed: .*Unexpected response code: 400")


def checked_page(chromium: Any, problems: list[str]) -> Any:
    """A page of a new browser context; console errors, page errors and requests that leave
    this machine go to ``problems``."""
    page = chromium.new_context(viewport={"width": 1280, "height": 1200}).new_page()

    def on_console(message: Any) -> None:
        harmless = any(h in message.text for h in HARMLESS_CONSOLE)
        if message.type == "error" and not harmless and not V1_REFUSED.search(message.text):
            problems.append(f"console error: {message.text}")

    def on_request(request: Any) -> None:
        if not request.url.startswith(("http://127.0.0.1", "ws://127.0.0.1", "data:", "blob:")):
            problems.append(f"request outside this machine: {request.url}")

    page.on("console", on_console)
    page.on("pageerror", lambda error: problems.append(f"page error: {error}"))
    page.on("request", on_request)
    return page


#: the pages opened from the installed kit, and what each shows once it works
PAGES = {
    "index.ipynb": 'a[href*="play-blef.ipynb"]',
    "03-how-likely-is-my-bid.ipynb?solutions=key": ".kayalib-lang",
    "play-blef.ipynb?seed=7": "button.kaya-bid:not([disabled])",
    "play-aku-paling-kaya.ipynb?seed=7": ".kaya-status",
}


def test_kayalib_app_serves_the_index_a_lesson_and_both_apps_and_stops_on_ctrl_c(
    kit: Kit, chromium: Any,
) -> None:  # fmt: skip
    port = free_port()
    server = kit.start("app", "app", f"--port={port}", port=port)
    problems: list[str] = []
    try:
        server.wait(180)
        printed = server.log_text()
        assert f"Open:  http://127.0.0.1:{port}/voila/render/index.ipynb" in printed
        assert str(kit.venv) in printed  # it serves the installed package's notebooks
        for address, ready in PAGES.items():
            page = checked_page(chromium, problems)
            page.goto(f"{server.url}/voila/render/{address}", timeout=LOAD)
            page.wait_for_selector(ready, timeout=LOAD)
            page.wait_for_function(
                "() => (document.querySelector('.kaya-status, h1') || {}).innerText", timeout=LOAD)
            footer = page.locator(".kayalib-version")
            footer.wait_for(timeout=LOAD)
            assert footer.inner_text() == f"kayalib {kayalib.__version__}", address
            assert page.locator(".kaya-lost-banner").count() == 0  # the template's banner
            assert "kaya-lost-banner" in page.content()  # ... is there, unused
            shot = ARTIFACTS / f"wheel-{address.split('?')[0]}.png"
            page.screenshot(path=str(shot), full_page=True)
            page.context.close()
        assert server.kernels(), "the pages ran no kernel"
        seconds = server.interrupt(60)  # Ctrl+C
        assert server.process.returncode == 0, server.log_text()[-2000:]
        assert seconds < 30 and not server.kernels()
        assert "kayalib: the server has stopped." in output_of(server)
    finally:
        server.stop()
    assert not problems, "\n".join(problems)


def test_kayalib_class_seats_two_students_at_a_table_and_one_plays(
    kit: Kit, chromium: Any,
) -> None:  # fmt: skip
    port = free_port()
    store = kit.home / "class-7b.sqlite"
    server = kit.start("class", "class", f"--port={port}", "--address=127.0.0.1",
                       "--students=2", "--lesson-pool=0", f"--store={store.name}",
                       port=port)  # fmt: skip
    students: list[Phone] = []
    try:
        server.wait(240, pools=PLAY_APPS)
        printed = server.log_text()
        assert f"Students open:  http://127.0.0.1:{port}/voila/render/index.ipynb" in printed
        assert "\u2580" in printed or "\u2584" in printed  # the QR code
        key = found(r"Teacher's key: (\S+)", printed)
        teacher = chromium.new_page(viewport={"width": 1100, "height": 900})
        teacher.goto(f"{server.url}/kayalib/dashboard?key={key}", timeout=LOAD)
        teacher.wait_for_selector(".kaya-dash-create", timeout=LOAD)
        teacher.fill(".kaya-dash-people", "2")
        teacher.click(".kaya-dash-create")
        teacher.wait_for_selector(".kaya-dash-code", timeout=LOAD)
        code = teacher.inner_text(".kaya-dash-code").strip()
        students = [Phone(chromium, name) for name in ("Ana", "Budi")]
        for student in students:
            student.join(server, code)
            assert f"{student.name} (you)" in student.page.inner_text(".kaya-players-panel")
        before = dashboard_state(server, key)["tables"][0]["moves"]
        turn_of_a_student(server, key, students).act()
        deadline = time.monotonic() + 60
        while dashboard_state(server, key)["tables"][0]["moves"] == before:
            assert time.monotonic() < deadline, "the move did not reach the table"
            time.sleep(0.2)
        assert store.is_file()  # the class's store, in the folder the class was started in
        for student in students:
            assert not student.problems, student.problems
            student.context.close()
        teacher.context.close()
        seconds = server.interrupt(60)  # Ctrl+C
        assert server.process.returncode == 0 and seconds < 30, output_of(server)[-2000:]
        assert "kayalib: the server has stopped." in output_of(server)
    finally:
        for student in students:
            student.context.close()
        server.stop()


def test_kayalib_worksheets_writes_a_lessons_pdfs_in_every_language(kit: Kit) -> None:
    """Lesson 08's sheets, the ones with the most parts (a Bayes table, a probability tree, the
    class's bids): the installed kit prints with its own files (every lesson's PDFs are
    written from the checkout in tests/teachers/test_worksheets.py)."""
    done = kit.run("worksheets", "--out", "sheets", "--lesson", "08", timeout=1800)
    assert done.returncode == 0, done.stderr[-3000:]
    written = sorted((kit.home / "sheets").glob("*/*.pdf"))
    expected = {f"{lang}/08-{kind}.pdf" for lang in ("en", "id", "pl")
                for kind in ("worksheet", "key")}  # fmt: skip
    assert {p.relative_to(kit.home / "sheets").as_posix() for p in written} == expected
    assert all(p.read_bytes().startswith(b"%PDF") for p in written)
    assert done.stdout == f"Wrote {len(expected)} PDF files to sheets\n"


def test_kayalib_lab_opens_the_notebook_and_stops_on_ctrl_c(kit: Kit) -> None:
    port = free_port()
    server = kit.start("lab", "lab", "--folder=lab", f"--port={port}", port=port)
    try:
        server.wait(180, path="/api")
        address = found(r"Open:  (\S+)", server.log_text())
        assert address.startswith(f"http://127.0.0.1:{port}/lab/tree/write-a-bot.ipynb?token=")
        with urllib.request.urlopen(address, timeout=60) as response:
            assert response.status == 200 and b"JupyterLab" in response.read()
        assert (kit.home / "lab" / "write-a-bot.ipynb").is_file()
        seconds = server.interrupt(60)  # Ctrl+C
        assert server.process.returncode == 0, server.log_text()[-2000:]
        assert seconds < 30
        assert "kayalib: JupyterLab has stopped." in output_of(server)
    finally:
        server.stop()
