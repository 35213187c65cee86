"""``kayalib app``, ``class``, ``lab`` and ``worksheets`` without a server: their options and
refusals (one line, status 2), the server settings they pass on, the lab's folder, and the
parts that differ on Windows, forced here (there is no Windows machine to run them on).

Serving, from a wheel installed in a fresh environment: ``tests/install/test_wheel.py``.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from kayalib.cli import build_parser, main, parse
from kayalib.commands.lab import LAB_NOTEBOOK, lab_folder, running_as_root
from kayalib.package_data import notebooks_folder
from kayalib.server.cli import port_is_free
from kayalib.server.settings import ClassSettings, app_config, kernel_transport


def refusal(capsys, *argv: str) -> str:
    """The one line ``kayalib ARGV`` prints when it refuses (status 2)."""
    assert main(list(argv)) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and "Traceback" not in err, err
    return err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["app", "--port=0"], "--port must be 1 to 65535"),
        (["app", "--nonsense"], "unrecognized arguments: --nonsense"),
        (["app", "--port=eighty"], "invalid int value"),
        (["class", "--students=0"], "--students must be 1 to 200"),
        (["class", "--students=201"], "--students must be 1 to 200"),
        (["class", "--seed=abc"], "--seed must be 1 to 12 digits"),
        (["class", "--lesson-pool=9", "--students=5"], "--lesson-pool must be 0 to --students"),
        (["lab", "--port=70000"], "--port must be 1 to 65535"),
        (["worksheets", "--lesson=99"], "--lesson must be one of 01, 02"),
        (["worksheets", "--lang=xx"], "--lang must be one of en, id, pl"),
        (["blef", "ladder", "--KayalibVoila.max_kernels=4"], "unrecognized arguments"),
        (["serve"], "invalid choice: 'serve'"),
    ],
)
def test_bad_options_are_one_line_and_status_2(capsys, argv, message) -> None:
    assert message in refusal(capsys, *argv)


def test_the_servers_take_voila_settings_and_nothing_else_does() -> None:
    parser = build_parser()
    args = parse(parser, ["class", "--students=3", "--KayalibVoila.max_kernels=40"])
    assert args.settings == ["--KayalibVoila.max_kernels=40"] and args.students == 3
    assert parse(parser, ["app"]).settings == []
    assert not hasattr(parse(parser, ["blef", "ladder"]), "settings")


def test_class_has_the_options_of_make_class() -> None:
    args = build_parser().parse_args(
        ["class", "--students=25", "--seed=7", "--port=8870", "--address=192.168.1.20",
         "--store=class.sqlite", "--open=play-blef.ipynb", "--no-qr"])  # fmt: skip
    assert (args.students, args.seed, args.port, args.ip) == (25, "7", 8870, "192.168.1.20")
    assert (args.store, args.open, args.no_qr) == (Path("class.sqlite"), "play-blef.ipynb", True)
    assert build_parser().parse_args(["class", "--ip=10.0.0.2"]).ip == "10.0.0.2"  # the old name


def test_the_lab_copies_its_notebook_once_and_never_over_a_students(tmp_path: Path) -> None:
    folder = lab_folder(tmp_path / "lab")
    notebook = folder / LAB_NOTEBOOK
    assert notebook.read_bytes() == (notebooks_folder() / LAB_NOTEBOOK).read_bytes()
    notebook.write_text('{"cells": [], "edited": "by a student"}', "utf-8")
    assert lab_folder(tmp_path / "lab") == folder
    assert json.loads(notebook.read_text("utf-8"))["edited"] == "by a student"


def test_a_lab_folder_that_cannot_be_made_is_one_line(capsys, tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    assert "--folder: cannot keep the notebook in" in refusal(
        capsys, "lab", f"--folder={blocker / 'lab'}")


# -- the parts that differ by operating system, forced -------------------------------------------


def test_kernels_are_reached_over_ipc_on_posix_and_tcp_on_windows(monkeypatch) -> None:
    notebooks = notebooks_folder()
    assert kernel_transport() == "ipc" == app_config().KernelManager.transport
    monkeypatch.setattr(os, "name", "nt")
    windows = (kernel_transport(), app_config().KernelManager.transport,
               ClassSettings(2).config(notebooks, "127.0.0.1").KernelManager.transport)
    monkeypatch.undo()
    assert windows == ("tcp", "tcp", "tcp")


def test_root_is_a_posix_notion(monkeypatch) -> None:
    assert running_as_root() == (os.geteuid() == 0)
    monkeypatch.delattr(os, "geteuid")  # as on Windows
    assert running_as_root() is False


#: A Python without what Windows lacks: POSIX-only signals, os functions and modules. The
#: standard library is imported first, as it would be there; then kayalib's command line.
WITHOUT_POSIX = textwrap.dedent("""
    import argparse, json, os, selectors, shutil, signal, subprocess, sys, tempfile
    for name in ("SIGKILL", "SIGSTOP", "SIGCONT", "SIGXCPU", "SIGXFSZ", "SIGHUP", "SIGQUIT",
                 "SIGUSR1", "SIGUSR2", "SIGALRM", "SIGCHLD", "SIGPIPE"):
        if hasattr(signal, name):
            delattr(signal, name)
    for name in ("fork", "forkpty", "killpg", "setsid", "getuid", "geteuid", "setuid", "setgid",
                 "setgroups", "getpgid", "getpgrp", "wait3", "wait4"):
        if hasattr(os, name):
            delattr(os, name)
    for name in ("resource", "pwd", "grp", "fcntl", "termios", "pty"):
        sys.modules[name] = None  # importing it fails
    from kayalib.cli import build_parser, main
    from kayalib.commands.lab import lab_folder, running_as_root
    assert not running_as_root()
    lab_folder(__import__("pathlib").Path(sys.argv[1]))
    for command in ([], ["app"], ["class"], ["lab"], ["worksheets"], ["blef", "simulate"],
                    ["kaya", "gambreng"], ["tournament"]):
        try:
            main([*command, "--help"])
        except SystemExit as stop:
            assert stop.code == 0, command
    print(main(["kaya", "gambreng", "--trials", "50", "--json"]))
""")


def test_the_command_line_needs_nothing_windows_lacks(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-c", WITHOUT_POSIX, str(tmp_path / "lab")],
                          cwd=tmp_path, capture_output=True, text=True, timeout=120)  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.rstrip().endswith("0") and '"trials": 50' in done.stdout
    assert (tmp_path / "lab" / LAB_NOTEBOOK).is_file()


@pytest.mark.parametrize("missing", ["programs", "posix"])
def test_without_an_os_sandbox_bots_run_in_plain_processes_and_the_report_says_so(
    monkeypatch, missing: str,
) -> None:  # fmt: skip
    """No bubblewrap or unshare here (``programs``, for a user other than root: as root the
    tournament refuses to run a bot unconfined, tests/tournament), or not a POSIX system at
    all, as on Windows (``posix``): the tournament falls back to plain processes and says which
    protections remain."""
    from kayalib.sandbox import confine

    if missing == "programs":
        monkeypatch.setattr(confine.shutil, "which", lambda name: None)
        monkeypatch.setattr(os, "geteuid", lambda: 1000)
    else:
        monkeypatch.delattr(os, "setuid")
    confine.confinement.cache_clear()
    try:
        box = confine.confinement()
    finally:
        monkeypatch.undo()
        confine.confinement.cache_clear()
    assert (box.kind, box.why) == ("none", "no bwrap; no unshare")
    assert {"process", "environment", "output", "limits"} <= set(box.protections)
    assert not {"pid", "network", "filesystem"} & set(box.protections)
    assert box.describe().startswith("no OS sandbox (no bwrap; no unshare): its own process")


@pytest.mark.parametrize("command", [["app"], ["class", "--address=127.0.0.1"], ["lab"]])
def test_a_port_in_use_is_one_line_before_any_address_is_printed(capsys, command) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert not port_is_free("127.0.0.1", port)
        message = refusal(capsys, *command, f"--port={port}")
    assert f"port {port} is taken on this computer" in message and "--port" in message
    assert port_is_free("127.0.0.1", port)
