"""``kayalib worksheets``: every lesson's worksheet and answer key as PDF, in every language.

The worksheets come from the lessons themselves (:mod:`kayalib.teachers.worksheets`, which runs
each lesson's notebook from the package); WeasyPrint turns them into PDF
(``kayalib[print]``).
"""

from __future__ import annotations

import argparse
import contextlib
import io
from pathlib import Path

from kayalib.commands import UsageError, require
from kayalib.errors import InstallError

DEFAULT_OUT = Path("worksheets")


def register(commands: argparse._SubParsersAction) -> None:
    parser = commands.add_parser(
        "worksheets",
        help="Write every lesson's worksheet and answer key as PDF.",
        description="Write a printable worksheet and an answer key for every lesson, in "
        "English, Indonesian and Polish, as PDF files in a folder of their own: "
        "LANG/NN-worksheet.pdf and LANG/NN-key.pdf. A worksheet holds the lesson's predictions, "
        "tables and exercises with room to write; the key adds the answers. Keep the keys "
        "from the students. It needs WeasyPrint, which comes with kayalib[print].",
        examples=[
            ("kayalib worksheets --out worksheets", "Write all of them into the folder "
             "worksheets."),
            ("kayalib worksheets --out sheets --lesson 03 --lang id", "Write only lesson 03's, "
             "in Indonesian."),
        ],
    )  # fmt: skip
    parser.add_argument(
        "--out", type=Path, default=DEFAULT_OUT, metavar="DIR",
        help=f"The folder to write them into (default: {DEFAULT_OUT} in this folder).",
    )  # fmt: skip
    parser.add_argument(
        "--lesson", action="append", metavar="NN",
        help="Only this lesson, such as 03; give it again for more.",
    )  # fmt: skip
    parser.add_argument(
        "--lang", action="append", metavar="LANG",
        help="Only this language (en, id or pl); give it again for more.",
    )  # fmt: skip
    parser.set_defaults(run=run)


def chosen(given: list[str] | None, known: list[str], option: str) -> list[str]:
    """The values given for ``option`` (all of ``known`` when none is), each checked."""
    for value in given or ():
        if value not in known:
            raise UsageError(f"{option} must be one of {', '.join(known)}, not {value!r}")
    return list(dict.fromkeys(given)) if given else known


def run(args: argparse.Namespace) -> int:
    from kayalib.i18n import languages
    from kayalib.teachers.plans import lesson_numbers

    numbers = chosen(args.lesson, lesson_numbers(), "--lesson")
    langs = chosen(args.lang, list(languages()), "--lang")
    require("weasyprint", "print", "kayalib worksheets")
    try:
        import weasyprint  # noqa: F401 - it loads Pango, a library of the system, at import
    except OSError as error:
        raise InstallError(f"WeasyPrint cannot load the Pango library it draws text with "
                           f"({error}): install Pango as WeasyPrint's documentation says for "
                           f"this system") from None  # fmt: skip
    from kayalib.progress import terminal_progress
    from kayalib.teachers.worksheets import write_pdfs

    try:
        args.out.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise UsageError(f"--out: cannot write into {args.out}: {error.strerror}") from None
    total = len(numbers) * len(langs) * 2
    update, close = terminal_progress(total, "worksheets")
    written: list[str] = []

    def report(path: str) -> None:
        written.append(path)
        update(len(written), total)

    try:  # a lesson run outside a kernel prints its displays' names: not news here
        with contextlib.redirect_stdout(io.StringIO()):
            write_pdfs(args.out, numbers, langs, report=report)
    finally:
        close()
    print(f"Wrote {len(written)} PDF files to {args.out}")
    return 0
