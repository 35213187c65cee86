"""The class command and its settings: what holds under a class, from one documented command
(issue 13, point 1), and ``make app`` that keeps its settings in ``voila.json``."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from kayalib.package_data import notebooks_folder
from kayalib.server.cli import student_url
from kayalib.server.lan import NoNetworkError, classroom_address, pick_address, qr_text
from kayalib.server.settings import PLAY_APPS, ClassSettings

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"


def make_dry_run(*args: str) -> str:
    """What ``make`` would run (``-n``), with the virtualenv taken as built."""
    done = subprocess.run(
        ["make", "-n", "-o", ".venv/.kayalib-installed", *args],
        cwd=ROOT, capture_output=True, text=True, check=True,
    )  # fmt: skip
    return done.stdout


def test_make_app_takes_only_the_port_from_the_command_line() -> None:
    command = make_dry_run("app", "PORT=8870")
    assert "kayalib app --port=8870" in command
    assert "--Voila.ip" not in command and "--template" not in command
    config = json.loads((NOTEBOOKS / "voila.json").read_text())
    assert config["Voila"]["ip"] == "127.0.0.1"  # localhost only, from the config file
    assert config["VoilaConfiguration"]["template"] == "kayalib"
    assert config["VoilaConfiguration"]["show_tracebacks"] is False
    assert config["VoilaExecutor"]["iopub_timeout"] >= 30  # slower, not broken


def test_make_app_runs_its_kernels_over_ipc() -> None:
    from kayalib.server.settings import app_config

    assert app_config().KernelManager.transport == "ipc"  # 40 at once over TCP lost one


def test_make_class_is_one_command_with_optional_settings() -> None:
    assert "kayalib class --port=8866 --students=30" in make_dry_run("class")
    command = make_dry_run("class", "STUDENTS=25", "SEED=7", "OPEN=play-blef.ipynb", "IP=10.1.2.3")
    assert "--students=25" in command and "--seed=7" in command
    assert "--open=play-blef.ipynb" in command and "--address=10.1.2.3" in command


def test_class_settings_are_sized_for_the_class() -> None:
    settings = ClassSettings(students=30)
    c = settings.config(NOTEBOOKS, "192.168.1.20")
    assert c.Voila.ip == "192.168.1.20"
    assert c.VoilaConfiguration.preheat_kernel is True
    pools = c.VoilaKernelManager.kernel_pools_config
    assert {pools[name]["pool_size"] for name in PLAY_APPS} == {30}
    assert pools["index.ipynb"]["pool_size"] == settings.other_pool
    lesson = "03-how-likely-is-my-bid.ipynb"
    assert pools[lesson]["pool_size"] == settings.other_pool
    today = ClassSettings(students=30, lesson=lesson).pools(NOTEBOOKS)  # make class OPEN=03-...
    assert today[lesson]["pool_size"] == 30 and today["index.ipynb"]["pool_size"] == 2
    lessons_only = ClassSettings(students=30, lesson=lesson, play_pool=0).pools(NOTEBOOKS)
    assert {lessons_only[name]["pool_size"] for name in PLAY_APPS} == {0}  # PLAY_POOL=0
    assert lessons_only[lesson]["pool_size"] == 30
    assert pools["default"]["pool_size"] == 0
    assert "write-a-bot.ipynb" not in pools  # for JupyterLab only: it writes files
    assert c.VoilaKernelManager.fill_delay >= 10  # refills wait until the arrival wave is over
    assert c.KernelManager.transport == "ipc"
    assert c.VoilaExecutor.iopub_timeout >= 60 and c.VoilaExecutor.timeout >= 60
    assert c.MappingKernelManager.cull_idle_timeout <= 600
    assert c.MappingKernelManager.cull_connected is False
    assert c.KayalibVoila.max_kernels >= 30 * c.KayalibVoila.seat_kernels


@pytest.mark.slow
@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["class", "--students=0"], "--students must be 1 to 200"),
        (["class", "--seed=abc"], "--seed must be 1 to 12 digits"),
        (["class", "--seed=-1"], "--seed must be 1 to 12 digits"),
        (["class", "--open=nothing.ipynb", "--ip=127.0.0.1"], "no notebook 'nothing.ipynb'"),
        (["class", "--lesson-pool=99", "--students=5"], "--lesson-pool must be 0 to --students"),
        (["class", "--play-pool=-1", "--students=5"], "--play-pool must be 0 to --students"),
        (["app", "--port=0"], "--port must be 1 to 65535"),
        (["app", "--nonsense"], "unrecognized arguments"),
        (["serve"], "invalid choice"),
    ],
)
def test_bad_arguments_are_one_line_and_status_2(args: list[str], message: str) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "kayalib", *args],
        cwd=ROOT, capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert done.returncode == 2, done
    assert done.stderr.count("\n") == 1 and message in done.stderr, done.stderr
    assert "Traceback" not in done.stderr


def test_the_address_for_students_and_its_qr_code() -> None:
    url = student_url("192.168.1.20", 8866, "play-blef.ipynb", seed="7", lang="pl")
    assert url == "http://192.168.1.20:8866/voila/render/play-blef.ipynb?seed=7&lang=pl"
    code = qr_text(url).splitlines()
    assert len(code) > 10 and len({len(line) for line in code}) == 1  # a square block
    assert set("".join(code)) <= set("\u2588\u2580\u2584 ")


def test_the_classroom_address_is_never_the_loopback() -> None:
    assert pick_address(["127.0.0.1", "10.0.0.5", "8.8.8.8"]) == "10.0.0.5"
    assert pick_address(["127.0.0.1", "fe80::1", "not an address"]) is None
    try:
        address = classroom_address()
    except NoNetworkError as error:  # a machine with no network: the teacher is told
        assert "IP=" in str(error)
    else:
        assert not address.startswith("127.")


def test_the_notebooks_are_the_packages_from_any_folder(tmp_path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert notebooks_folder() == NOTEBOOKS  # kayalib.notebooks, here the editable install's


@pytest.mark.parametrize(("students", "pool"), [(1, 1), (2, 2), (30, 2)])
def test_a_small_class_gets_as_many_ready_lesson_kernels_as_it_has_students(students, pool):
    """``make class STUDENTS=1`` once stopped at "--lesson-pool must be 0 to --students, not 2"."""
    from kayalib.cli import build_parser
    from kayalib.server.cli import check

    args = build_parser().parse_args(["class", f"--students={students}", "--ip=127.0.0.1"])
    check(args)
    assert args.lesson_pool == pool
