"""The ``kayalib`` command line: ``kayalib blef ...``, ``kayalib kaya ...`` and
``kayalib tournament ...``.

Bad input prints one line to stderr and exits with status 2, never a traceback. What the
commands share (options, limits, messages) is in :mod:`kayalib.commands`.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from kayalib.commands import OutputError, UsageError
from kayalib.errors import KayalibError


class ArgumentParser(argparse.ArgumentParser):
    """An argparse parser whose errors are one line and exit status 2."""

    def error(self, message: str):  # type: ignore[override]
        raise UsageError(f"{message} (see '{self.prog} --help')")


def build_parser() -> ArgumentParser:
    from kayalib.commands import blef as blef_cli
    from kayalib.commands import kaya as kaya_cli
    from kayalib.commands import tournament as cli_tournament

    parser = ArgumentParser(prog="kayalib", description=__doc__.splitlines()[0])
    games = parser.add_subparsers(dest="game", required=True, metavar="{blef,kaya,tournament}")
    blef_cli.register(games)
    kaya_cli.register(games)
    cli_tournament.register(games)
    return parser


def _closed(stream: object) -> bool:
    """Whether ``stream`` cannot be written at all: Python makes a descriptor closed at start-up
    ``None``; a stream without a descriptor (a test's capture) is open."""
    if stream is None:
        return True
    try:
        descriptor = stream.fileno()  # type: ignore[attr-defined]
    except (AttributeError, OSError, ValueError):
        return False
    try:
        os.fstat(descriptor)
    except OSError:
        return True
    return False


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    try:
        if _closed(sys.stdout):  # every command prints its result, so nothing could be told
            raise OutputError("standard output is closed")
        parser = build_parser()
        args = parser.parse_args(argv)
        return int(args.run(args) or 0)
    except KayalibError as error:
        message = str(error).splitlines()[0] if str(error) else type(error).__name__
        if not _closed(sys.stderr):
            print(f"kayalib: error: {message}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0
    except OSError as error:  # e.g. stdout on a full disk
        print(f"kayalib: error: {error.strerror or error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("kayalib: interrupted", file=sys.stderr)
        return 130
