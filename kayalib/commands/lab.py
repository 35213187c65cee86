"""``kayalib lab``: the write-a-bot notebook in JupyterLab, on this computer only.

The notebook is copied from the package into the folder JupyterLab serves the first time (a
copy there is a student's work: it is never overwritten), and the bot files it saves go beside
it (``my-bots/``). JupyterLab runs in this process, on ``127.0.0.1``, with a token that only the
printed address holds.
"""

from __future__ import annotations

import argparse
import os
import secrets
import shutil
import sys
from pathlib import Path

from kayalib.commands import UsageError, require

LAB_NOTEBOOK = "write-a-bot.ipynb"
DEFAULT_PORT = 8888


def register(commands: argparse._SubParsersAction) -> None:
    from kayalib.server.cli import add_port_option

    parser = commands.add_parser(
        "lab",
        help="Open the write-a-bot notebook in JupyterLab, on this computer only.",
        description="Start JupyterLab on this computer only with the write-a-bot notebook, "
        "where you write a bot for Blef or Aku Paling Kaya, play it against the built-in bots "
        "and enter it in the class tournament. The first time, the notebook is copied into "
        "the folder (this one unless --folder names another); after that the copy there is "
        "yours and is never overwritten, and your bot files are saved beside it, in my-bots. "
        "The address printed holds a token: open it in this computer's browser. Ctrl+C stops "
        "JupyterLab.",
        examples=[
            ("kayalib lab", "Open the notebook from this folder on port 8888."),
            ("kayalib lab --folder my-bots-lab --port 8890", "Keep the notebook and the bots "
             "in the folder my-bots-lab, and serve on port 8890."),
        ],
    )  # fmt: skip
    add_port_option(parser, DEFAULT_PORT)
    parser.add_argument(
        "--folder", type=Path, default=Path("."), metavar="DIR",
        help="The folder JupyterLab serves, where the notebook and the bot files are kept "
        "(default: this folder).",
    )  # fmt: skip
    parser.set_defaults(run=run)


def running_as_root() -> bool:
    """Whether this process runs as root (a POSIX notion: never on Windows), which JupyterLab
    refuses unless told it may."""
    return hasattr(os, "geteuid") and os.geteuid() == 0


def lab_folder(folder: Path) -> Path:
    """``folder`` (made if missing) holding the write-a-bot notebook, copied from the package
    unless a copy is there already."""
    from kayalib.package_data import notebooks_folder

    folder = folder.resolve()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        notebook = folder / LAB_NOTEBOOK
        if not notebook.exists():
            shutil.copyfile(notebooks_folder() / LAB_NOTEBOOK, notebook)
    except OSError as error:
        raise UsageError(f"--folder: cannot keep the notebook in {folder}: "
                         f"{error.strerror or error}") from None  # fmt: skip
    return folder


def run(args: argparse.Namespace) -> int:
    if not 1 <= args.port <= 65535:
        raise UsageError(f"--port must be 1 to 65535, not {args.port}")
    require("jupyterlab", "app", "kayalib lab")
    from kayalib.server.cli import need_a_free_port

    need_a_free_port("127.0.0.1", args.port)
    folder = lab_folder(args.folder)
    token = secrets.token_urlsafe(24)
    print(f"kayalib lab: JupyterLab in {folder}, on this computer only")
    print(f"Open:  http://127.0.0.1:{args.port}/lab/tree/{LAB_NOTEBOOK}?token={token}")
    print("(Ctrl+C stops JupyterLab.)")
    sys.stdout.flush()
    from jupyterlab.labapp import LabApp

    argv = ["--no-browser", "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={args.port}",
            "--ServerApp.port_retries=0", f"--ServerApp.root_dir={folder}",
            f"--IdentityProvider.token={token}", "--ServerApp.answer_yes=True",
            *(["--allow-root"] if running_as_root() else [])]  # fmt: skip
    LabApp.launch_instance(argv=argv)
    print("kayalib: JupyterLab has stopped.")
    return 0
