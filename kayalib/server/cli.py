"""How the kit's server starts: the options of ``kayalib app`` and ``kayalib class``, their
checks, and :func:`serve`, which prints the addresses and runs the server until Ctrl+C.

``app`` serves on this computer only (``127.0.0.1``) with the settings of the package's
``voila.json``; only the port is set on the command line.

``class`` serves the classroom network: it binds to this computer's address on it, prints the
address students open (and a QR code phones can scan), and runs with the settings that hold
under a class (:mod:`kayalib.server.settings`). It also prints the teacher's two addresses,
each with its own key, new at every start: the answer keys of the lessons (a student who types
``?solutions=key`` sees a student's page) and the class tables' dashboard. Opened once, each
address trades its key for a cookie of that browser and leaves the address bar without it.
Bad arguments print one line and exit with 2.

Both serve the notebooks of the installed package (:mod:`kayalib.package_data`), whatever the
working directory. The commands are :mod:`kayalib.commands.app` and
:mod:`kayalib.commands.classroom` (``python -m kayalib app|class`` runs the same).
"""

from __future__ import annotations

import argparse
import os
import secrets
import socket
import sys
from pathlib import Path
from typing import TextIO
from urllib.parse import urlencode

from kayalib.errors import UsageError

DEFAULT_PORT = 8866
DEFAULT_STORE = Path(".kayalib-class") / "class.sqlite"


def add_port_option(parser: argparse.ArgumentParser, default: int = DEFAULT_PORT) -> None:
    parser.add_argument(
        "--port", type=int, default=default, metavar="N",
        help=f"The port to serve on, from 1 to 65535 (default: {default}).",
    )  # fmt: skip


def add_app_options(parser: argparse.ArgumentParser) -> None:
    """The options of ``kayalib app``."""
    add_port_option(parser)
    parser.set_defaults(mode="app", settings=[])


def add_class_options(parser: argparse.ArgumentParser) -> None:
    """The options of ``kayalib class``."""
    add_port_option(parser)
    parser.add_argument(
        "--students", type=int, default=30, metavar="N",
        help="How many students the class has, from 1 to 200: the server starts a kernel per "
        "student for each play app before they arrive (default: 30).",
    )  # fmt: skip
    parser.add_argument(
        "--seed", default="", metavar="DIGITS",
        help="A class seed added to the students' address, so everyone gets the same games "
        "(1 to 12 digits).",
    )  # fmt: skip
    parser.add_argument(
        "--address", "--ip", dest="ip", default="", metavar="IP",
        help="This computer's address to serve on (default: its address on the classroom "
        "network, found from its network interfaces).",
    )  # fmt: skip
    parser.add_argument(
        "--open", default="index.ipynb", metavar="NOTEBOOK",
        help="The page the students' address opens, such as play-blef.ipynb; a lesson named "
        "here gets a kernel per student too (default: index.ipynb).",
    )  # fmt: skip
    parser.add_argument(
        "--store", type=Path, default=DEFAULT_STORE, metavar="FILE",
        help="The SQLite file that keeps the class tables and the class's data across "
        f"restarts (default: {DEFAULT_STORE.as_posix()} in this folder).",
    )  # fmt: skip
    parser.add_argument(
        "--lang", default="", metavar="LANG",
        help="A language added to the students' address: en, id or pl.",
    )  # fmt: skip
    parser.add_argument(
        "--lesson-pool", type=int, default=None, metavar="N",
        help="How many kernels to keep ready for each other lesson and the index (default: 2, "
        "at most --students).",
    )  # fmt: skip
    parser.add_argument(
        "--play-pool", type=int, default=None, metavar="N",
        help="How many kernels to keep ready for each play app (default: one per student; 0 "
        "for a class that only does lessons: fewer kernels started, less memory).",
    )  # fmt: skip
    parser.add_argument("--no-qr", action="store_true", help="Print no QR code.")
    parser.set_defaults(mode="class", settings=[])


def is_setting(text: str) -> bool:
    """Whether a command-line word sets a server setting, such as
    ``--KayalibVoila.max_kernels=40`` (passed on to Voila).

    >>> is_setting("--KayalibVoila.max_kernels=40"), is_setting("--nonsense")
    (True, False)
    """
    name, equals, _ = text.partition("=")
    return name.startswith("--") and "." in name and bool(equals)


def student_url(
    ip: str, port: int, notebook: str, seed: str = "", lang: str = "", key: str = ""
) -> str:
    """The address students open (with the teacher's ``key``: the teacher's answer keys).

    >>> student_url("192.168.1.20", 8866, "play-blef.ipynb", seed="7")
    'http://192.168.1.20:8866/voila/render/play-blef.ipynb?seed=7'
    >>> student_url("10.0.0.2", 8866, "index.ipynb", key="Xy_9")
    'http://10.0.0.2:8866/voila/render/index.ipynb?solutions=key&key=Xy_9'
    """
    pairs = [("seed", seed), ("lang", lang)] + ([("solutions", "key"), ("key", key)] if key else [])
    query = urlencode([(k, v) for k, v in pairs if v])
    return f"http://{ip}:{port}/voila/render/{notebook}" + (f"?{query}" if query else "")


def port_is_free(ip: str, port: int) -> bool:
    """Whether a server could listen on ``ip:port`` now, bound as Tornado binds (reusing the
    address on POSIX, where a port a stopped server just left may still be in TIME_WAIT; not on
    Windows, where that option would share a port another program listens on)."""
    family = socket.AF_INET6 if ":" in ip else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        if os.name != "nt":
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((ip, port))
        except OSError:
            return False
    return True


def need_a_free_port(ip: str, port: int) -> None:
    """Refuse, in one line, a port another program listens on (before any address is printed)."""
    if not port_is_free(ip, port):
        raise UsageError(f"port {port} is taken on this computer (another server, or this one "
                         "still running?): give another with --port")  # fmt: skip


def can_show(text: str, stream: TextIO) -> bool:
    """Whether ``stream`` can print ``text``: a QR code's block characters need UTF-8 or the
    like, which a Windows console redirected to a file (cp1252, say) lacks.

    >>> import io
    >>> can_show("\u2580\u2584", io.TextIOWrapper(io.BytesIO(), encoding="cp1252"))
    False
    """
    try:
        text.encode(stream.encoding or "ascii")
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def check(args: argparse.Namespace) -> None:
    """Refuse options that cannot serve (:class:`UsageError`); fill in computed defaults."""
    if not 1 <= args.port <= 65535:
        raise UsageError(f"--port must be 1 to 65535, not {args.port}")
    if args.mode == "class":
        from kayalib.pages.options import is_seed_text

        if not 1 <= args.students <= 200:
            raise UsageError(f"--students must be 1 to 200, not {args.students}")
        if args.lesson_pool is None:
            args.lesson_pool = min(2, args.students)
        if not 0 <= args.lesson_pool <= args.students:
            raise UsageError(f"--lesson-pool must be 0 to --students, not {args.lesson_pool}")
        if args.play_pool is not None and not 0 <= args.play_pool <= args.students:
            raise UsageError(f"--play-pool must be 0 to --students, not {args.play_pool}")
        if args.seed and not is_seed_text(args.seed):
            raise UsageError(f"--seed must be 1 to 12 digits, not {args.seed!r}")


def serve(args: argparse.Namespace) -> int:
    """Serve the installed package's notebooks as ``args`` say, until Ctrl+C (or, where there
    is one, a termination signal): every kernel is stopped, and the command returns 0."""
    from kayalib.package_data import jupyter_data_folder, notebooks_folder

    check(args)
    notebooks = notebooks_folder()
    if args.mode == "class":
        from kayalib.server.lan import classroom_address, qr_text
        from kayalib.server.settings import ClassSettings

        if not (notebooks / args.open).is_file():
            raise UsageError(f"--open: no notebook {args.open!r} in {notebooks}")
        ip = args.ip or classroom_address()
        need_a_free_port(ip, args.port)
        lesson = "" if args.open == "index.ipynb" else args.open
        settings = ClassSettings(args.students, other_pool=args.lesson_pool,
                                 play_pool=args.play_pool, lesson=lesson)  # fmt: skip
        overlay = settings.config(notebooks, ip)
        key = secrets.token_urlsafe(9)  # the dashboard's, new at every start
        answers = secrets.token_urlsafe(12)  # the answer keys', another one
        overlay.KayalibVoila.teacher_key = key
        overlay.KayalibVoila.answer_key = answers
        overlay.KayalibVoila.class_store = str(args.store.resolve())
        url = student_url(ip, args.port, args.open, args.seed, args.lang)
        print(f"kayalib class mode: {args.students} students, serving {notebooks}")
        print(f"Students open:  {url}")
        if not args.no_qr:
            code = qr_text(url)
            print(code if can_show(code, sys.stdout) else "(This terminal cannot draw the QR "
                  "code's blocks: students type the address above.)")  # fmt: skip
        teacher = student_url(ip, args.port, args.open, args.seed, args.lang, key=answers)
        print(f"Teacher (answer keys; open it once on your computer, do not show it): {teacher}")
        print(f"Students join a class table at:  http://{ip}:{args.port}/kayalib/join")
        print(f"Teacher's key: {key}")
        print(f"Teacher's dashboard (open it once on your computer, do not show it): "
              f"http://{ip}:{args.port}/kayalib/dashboard?key={key}")  # fmt: skip
        print(f"The class tables are kept in {args.store.resolve()}")
        print("(Ctrl+C stops the server. Pages say 'connection lost' and can resume after it.)")
    else:
        from kayalib.server.settings import app_config

        overlay = app_config()
        need_a_free_port("127.0.0.1", args.port)
        print(f"kayalib app: serving {notebooks} on this computer only")
        print(f"Open:  http://127.0.0.1:{args.port}/voila/render/index.ipynb")
        print("(Ctrl+C stops the server.)")
    sys.stdout.flush()
    old = os.environ.get("JUPYTER_PATH")  # where Voila finds the kit's template
    os.environ["JUPYTER_PATH"] = str(jupyter_data_folder()) + (os.pathsep + old if old else "")
    os.environ.pop("QUERY_STRING", None)
    os.chdir(notebooks)  # Voila serves this folder, with its voila.json above any other
    from kayalib.server.voila_app import KayalibVoila

    KayalibVoila.launch_instance(
        argv=["--no-browser", f"--port={args.port}", "--Voila.port_retries=0", *args.settings],
        overlay=overlay,
    )
    print("kayalib: the server has stopped.")
    return 0

