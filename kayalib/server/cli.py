"""``python -m kayalib.server app|class``: serve the notebooks alone or to a whole class.

``app`` serves on this computer only (``127.0.0.1``); its settings come from
``notebooks/voila.json``, and only the port is set on the command line.

``class`` serves the classroom network: it binds to this computer's address on it, prints the
address students open (and a QR code phones can scan), and runs with the settings that hold
under a class (:mod:`kayalib.server.settings`). It also prints the teacher's two addresses,
each with its own key, new at every start: the answer keys of the lessons (a student who types
``?solutions=key`` sees a student's page) and the class tables' dashboard. Opened once, each
address trades its key for a cookie of that browser and leaves the address bar without it.
Bad arguments print one line and exit with 2.
"""

from __future__ import annotations

import os
import secrets
import sys
from collections.abc import Sequence
from pathlib import Path
from urllib.parse import urlencode

from kayalib.cli import ArgumentParser, UsageError
from kayalib.errors import KayalibError
from kayalib.ui.launch import is_seed_text

DEFAULT_PORT = 8866


def build_parser() -> ArgumentParser:
    parser = ArgumentParser(
        prog="python -m kayalib.server", description=__doc__.splitlines()[0]
    )
    modes = parser.add_subparsers(dest="mode", required=True, metavar="{app,class}")
    app = modes.add_parser("app", help="serve on this computer only")
    klass = modes.add_parser("class", help="serve a whole class on the local network")
    for sub in (app, klass):
        sub.add_argument("--port", type=int, default=DEFAULT_PORT, help="default %(default)s")
        sub.add_argument(
            "--notebooks", type=Path, default=None, help="the notebooks folder (default: found)"
        )
    klass.add_argument("--students", type=int, default=30, help="class size (default 30)")
    klass.add_argument(
        "--lesson-pool", type=int, default=None, metavar="N",
        help="kernels kept ready for each lesson and the index (default 2, at most --students)",
    )  # fmt: skip
    klass.add_argument(
        "--ip", default="", help="address to serve on (default: this computer's LAN address)"
    )
    klass.add_argument(
        "--open", default="index.ipynb", metavar="NOTEBOOK",
        help="the page the printed address opens; a lesson named here gets a kernel per student"
        " (default index.ipynb)",
    )  # fmt: skip
    klass.add_argument("--seed", default="", help="a class seed added to the printed address")
    klass.add_argument("--lang", default="", help="a language added to the printed address")
    klass.add_argument("--no-qr", action="store_true", help="do not print the QR code")
    klass.add_argument(
        "--store", type=Path, default=Path(".kayalib-class") / "class.sqlite", metavar="FILE",
        help="the class tables' and the class's data's SQLite file, kept across restarts"
        " (default .kayalib-class/class.sqlite)",
    )  # fmt: skip
    return parser


def find_notebooks(given: Path | None) -> Path:
    """The notebooks folder: ``given``, else ``./notebooks``, else this folder if it has them."""
    candidates = [given] if given is not None else [Path("notebooks"), Path(".")]
    for folder in candidates:
        if folder is not None and (folder / "index.ipynb").is_file():
            return folder.resolve()
    where = given if given is not None else Path.cwd()
    raise UsageError(f"no kayalib notebooks (index.ipynb) in {where}")


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


def _check(args) -> None:
    if not 1 <= args.port <= 65535:
        raise UsageError(f"--port must be 1 to 65535, not {args.port}")
    if args.mode == "class":
        if not 1 <= args.students <= 200:
            raise UsageError(f"--students must be 1 to 200, not {args.students}")
        if args.lesson_pool is None:
            args.lesson_pool = min(2, args.students)
        if not 0 <= args.lesson_pool <= args.students:
            raise UsageError(f"--lesson-pool must be 0 to --students, not {args.lesson_pool}")
        if args.seed and not is_seed_text(args.seed):
            raise UsageError(f"--seed must be 1 to 12 digits, not {args.seed!r}")


def serve(args) -> int:
    from kayalib.server.voila_app import KayalibVoila

    notebooks = find_notebooks(args.notebooks)
    overlay = None
    if args.mode == "class":
        from kayalib.server.lan import classroom_address, qr_text
        from kayalib.server.settings import ClassSettings

        if not (notebooks / args.open).is_file():
            raise UsageError(f"--open: no notebook {args.open!r} in {notebooks}")
        ip = args.ip or classroom_address()
        lesson = "" if args.open == "index.ipynb" else args.open
        settings = ClassSettings(args.students, other_pool=args.lesson_pool, lesson=lesson)
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
            print(qr_text(url))
        teacher = student_url(ip, args.port, args.open, args.seed, args.lang, key=answers)
        print(f"Teacher (answer keys; open it once on your computer, do not show it): {teacher}")
        print(f"Students join a class table at:  http://{ip}:{args.port}/kayalib/join")
        print(f"Teacher's key: {key}")
        print(f"Teacher's dashboard (open it once on your computer, do not show it): "
              f"http://{ip}:{args.port}/kayalib/dashboard?key={key}")  # fmt: skip
        print("(Ctrl+C stops the server. Pages say 'connection lost' and can resume after it.)")
    else:
        from kayalib.server.settings import app_config

        overlay = app_config()
        print(f"kayalib: open http://127.0.0.1:{args.port}/voila/render/index.ipynb")
    sys.stdout.flush()
    template_path = str(notebooks / ".jupyter")
    old = os.environ.get("JUPYTER_PATH")
    os.environ["JUPYTER_PATH"] = template_path + (os.pathsep + old if old else "")
    os.environ.pop("QUERY_STRING", None)
    os.chdir(notebooks)
    KayalibVoila.launch_instance(
        argv=["--no-browser", f"--port={args.port}", "--Voila.port_retries=0", *args.settings],
        overlay=overlay,
    )
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    try:
        args, extra = build_parser().parse_known_args(argv)
        unknown = [a for a in extra if not (a.startswith("--") and "." in a and "=" in a)]
        if unknown:
            raise UsageError(f"unrecognized arguments: {' '.join(unknown)}")
        args.settings = extra  # e.g. --KayalibVoila.max_kernels=40, passed on to Voila
        _check(args)
        return serve(args)
    except KayalibError as error:
        message = str(error).splitlines()[0] if str(error) else type(error).__name__
        print(f"kayalib: error: {message}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 0
