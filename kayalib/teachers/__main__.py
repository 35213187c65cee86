"""``python -m kayalib.teachers plans|worksheets|board``: write the teacher's pages and printables.

``plans [FOLDER]`` writes the lesson plans as Markdown (``docs/teachers/<lang>/NN.md``, an index
per language and a one-page quickstart for running a lesson in class); ``worksheets [FOLDER]``
writes the PDF worksheets and answer keys (``build/worksheets/<lang>/NN-worksheet.pdf``,
``NN-key.pdf``). ``make plans`` and ``make worksheets`` run them. ``board`` plays the write-a-bot
page's shipped leaderboard again (:func:`kayalib.teachers.botlab.write_board`, minutes).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from kayalib.i18n import Translator, languages
from kayalib.teachers.plans import lesson_numbers, plan_markdown
from kayalib.teachers.record import record_lesson


def plan_pages(*, lessons: bool = True) -> dict[str, str]:
    """``relative path -> Markdown`` of every plan page in every language (``lessons=False``:
    only the index and the quickstart, without running any lesson page)."""
    pages: dict[str, str] = {}
    records = {number: record_lesson(number) for number in lesson_numbers()} if lessons else {}
    for lang in languages():  # each lesson's page ran once, above, for every language
        t = Translator(lang)
        rows = [f"# {t('teach_plans_title')}", "", t("teach_plans_intro"), ""]
        for number in lesson_numbers():
            rows.append(f"* [{number} {t(f'l{number}.title')}]({number}.md) — "
                        f"{t(f'l{number}.about')}")  # fmt: skip
            if lessons:
                pages[f"{lang}/{number}.md"] = plan_markdown(number, t, records[number])
        rows += ["", f"[{t('teach_quickstart_link')}](quickstart.md)"]
        pages[f"{lang}/quickstart.md"] = quickstart_markdown(t)
        others = " · ".join(f"[{name}](../{code}/README.md)" for code, name in languages().items())
        rows += ["", others, ""]
        pages[f"{lang}/README.md"] = "\n".join(rows)
    return pages


def quickstart_markdown(t: Translator) -> str:
    """The one-page "run a lesson in class" quickstart, the dashboard's buttons named as the
    dashboard names them."""
    text = t("teach_quickstart_text", reveal=t("dash_reveal"), forget=t("dash_forget"))
    return f"# {t('teach_quickstart_title')}\n\n{text}\n"


def write_plans(folder: Path) -> list[Path]:
    written = []
    for name, text in plan_pages().items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, "utf-8")
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m kayalib.teachers", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    plans = commands.add_parser("plans", help="write the lesson plans (Markdown)")
    plans.add_argument("folder", nargs="?", default="docs/teachers", type=Path)
    sheets = commands.add_parser("worksheets", help="write the worksheets and keys (PDF)")
    sheets.add_argument("folder", nargs="?", default="build/worksheets", type=Path)
    sheets.add_argument("--lesson", action="append", choices=lesson_numbers(),
                        help="only this lesson (repeatable)")  # fmt: skip
    sheets.add_argument("--lang", action="append", choices=list(languages()),
                        help="only this language (repeatable)")  # fmt: skip
    commands.add_parser("board", help="play the write-a-bot page's shipped leaderboard again "
                        "(minutes)")  # fmt: skip
    args = parser.parse_args(argv)
    if args.command == "board":
        import tempfile

        from kayalib.teachers.botlab import BOARD_FILE, write_board

        with tempfile.TemporaryDirectory() as folder:
            write_board(Path(folder))
        print(f"wrote {BOARD_FILE}")
        return 0
    if args.command == "plans":
        written = write_plans(args.folder)
        print(f"wrote {len(written)} plan pages to {args.folder}/")
        return 0
    from kayalib.progress import terminal_progress
    from kayalib.teachers.worksheets import write_pdfs

    numbers = args.lesson or lesson_numbers()
    langs = args.lang or list(languages())
    total = len(numbers) * len(langs) * 2
    update, close = terminal_progress(total, "worksheets")
    done: list[str] = []

    def report(path: str) -> None:
        done.append(path)
        update(len(done), total)

    try:
        write_pdfs(args.folder, numbers, langs, report=report)
    finally:
        close()
    print(f"wrote {len(done)} PDF files to {args.folder}/")
    return 0


if __name__ == "__main__":
    sys.exit(main())
