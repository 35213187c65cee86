"""The ``kayalib`` command, one entry point for every way to start the kit (``python -m
kayalib`` is the same): ``app``, ``class`` and ``lab`` serve it, ``worksheets`` writes the
printables, and ``blef``, ``kaya`` and ``tournament`` play the games in a terminal. Each command
is a module of :mod:`kayalib.commands`; what they share is there too.

Bad input prints one line to stderr and exits with status 2, never a traceback. Every help
text is plain sentences with examples (``tests/test_cli_help.py`` reads them all).
"""

from __future__ import annotations

import argparse
import os
import sys
import textwrap
from collections.abc import Sequence
from typing import Any, NoReturn

from kayalib import __version__
from kayalib.commands import OutputError, UsageError
from kayalib.errors import KayalibError

DESCRIPTION = (
    "kayalib is a teaching kit for probability built around two card games, Aku Paling Kaya "
    "and Blef. Its commands serve the lessons and both games in the browser, write the "
    "worksheets, and play, count and compare the games in this terminal."
)
EXAMPLES = (
    ("kayalib app", "Serve the lessons and both games on this computer, then open the address "
     "it prints."),
    ("kayalib class --students 25", "Serve a class of 25 on the classroom network; it prints "
     "the students' address and a QR code."),
    ("kayalib lab", "Open the write-a-bot notebook in JupyterLab, in this folder."),
    ("kayalib worksheets --out worksheets", "Write every worksheet and answer key as PDF."),
    ("kayalib blef odds --hand \"AS KH\" --cards 8", "Show the chance of every Blef bid."),
    ("kayalib class --help", "Explain one command and its options."),
)  # fmt: skip


class HelpFormatter(argparse.HelpFormatter):
    """Help as the kit writes it: a description's paragraphs (a blank line between) filled to
    the terminal's width, and the examples' command lines kept as they are typed."""

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        blocks = []
        for block in text.split("\n\n"):
            if block.startswith("  "):  # an example: typed as it stands
                blocks.append(textwrap.indent(block, indent))
            else:
                words = " ".join(block.split())
                blocks.append(textwrap.fill(words, width, initial_indent=indent,
                                            subsequent_indent=indent))  # fmt: skip
        return "\n\n".join(blocks)


def examples_text(examples: Sequence[tuple[str, str]]) -> str:
    """The ``Examples:`` section of a help: each command line as it is typed, then what it
    does."""
    lines = ["Examples:"]
    for command, what in examples:
        lines += ["", f"  {command}"]
        lines += textwrap.wrap(what, 78, initial_indent=" " * 6, subsequent_indent=" " * 6)
    return "\n".join(lines)


class ArgumentParser(argparse.ArgumentParser):
    """An argparse parser whose errors are one line and exit status 2, and whose help reads as
    sentences (``examples``: pairs of a command line and what it does)."""

    def __init__(self, *, examples: Sequence[tuple[str, str]] = (), add_help: bool = True,
                 **kwargs: Any) -> None:  # fmt: skip
        kwargs.setdefault("formatter_class", HelpFormatter)
        super().__init__(add_help=False, **kwargs)
        self.examples = tuple(examples)
        if self.examples:
            self.epilog = examples_text(self.examples)
        if add_help:
            self.add_argument("-h", "--help", action="help", help="Show this help and stop.")

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message} (see '{self.prog} --help')")


def build_parser() -> ArgumentParser:
    from kayalib.commands import app, classroom, lab, worksheets
    from kayalib.commands import blef as blef_cli
    from kayalib.commands import kaya as kaya_cli
    from kayalib.commands import tournament as cli_tournament

    parser = ArgumentParser(prog="kayalib", description=DESCRIPTION, examples=EXAMPLES)
    parser.add_argument("--version", action="version", version=f"kayalib {__version__}",
                        help="Show kayalib's version and stop.")  # fmt: skip
    commands = parser.add_subparsers(dest="game", required=True, metavar="COMMAND",
                                     title="commands")  # fmt: skip
    for module in (app, classroom, lab, worksheets, blef_cli, kaya_cli, cli_tournament):
        module.register(commands)
    return parser


def _closed(stream: object) -> bool:
    """Whether ``stream`` cannot be written at all: Python makes a descriptor closed at start-up
    ``None``; a stream without a descriptor (a test's capture) is open."""
    if stream is None:
        return True
    fileno = getattr(stream, "fileno", None)
    if fileno is None:
        return False
    try:
        descriptor = fileno()
    except (AttributeError, OSError, ValueError):
        return False
    try:
        os.fstat(descriptor)
    except OSError:
        return True
    return False


def parse(parser: ArgumentParser, argv: Sequence[str] | None) -> argparse.Namespace:
    """``argv`` read by ``parser``; server settings (``--KayalibVoila.max_kernels=40``) are
    passed on by the commands that take them (``settings``), and refused by the others."""
    from kayalib.server.cli import is_setting

    args, extra = parser.parse_known_args(argv)
    takes_settings = isinstance(getattr(args, "settings", None), list)
    unknown = [word for word in extra if not (takes_settings and is_setting(word))]
    if unknown:
        parser.error(f"unrecognized arguments: {' '.join(unknown)}")
    if takes_settings:
        args.settings = list(extra)
    return args


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    try:
        if _closed(sys.stdout):  # every command prints its result, so nothing could be told
            raise OutputError("standard output is closed")
        args = parse(build_parser(), argv)
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
