"""Printable worksheets and answer keys, built from the lessons themselves.

A worksheet holds what a student writes on paper during a lesson: the prediction questions
(with the prose that sets them up, blank boxes or tick boxes, and a box for what the page then
showed), the tables the page shows before any prediction, the exercises (with room for the
working), the probability tree of lessons 06 and 08 (:mod:`kayalib.teachers.trees`, blank),
the exit ticket (the page's own questions, as the plan prints them) and the extension. The
answer key is the same sheet with the exact values, right choices, workings, the lesson's pinned
tables, the filled-in trees and the exit ticket's answers;
no answer is ever on the student's sheet. Both are HTML first (:func:`worksheet_html`) and PDF
through WeasyPrint (:func:`write_pdfs`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from html import escape
from pathlib import Path

from kayalib.i18n import Translator, languages
from kayalib.lessons.kit.exercise import answer_text
from kayalib.teachers.plans import Plan
from kayalib.teachers.record import Ask, Exit, LessonRecord, Table, Task, record_lesson
from kayalib.teachers.trees import TREES, tree_html

__all__ = ["CSS", "worksheet_html", "write_pdfs"]

CSS = """
@page { size: A4; margin: 16mm 15mm 18mm 15mm;
        @bottom-right { content: counter(page) " / " counter(pages); font-size: 8pt; } }
body { font-family: "DejaVu Sans", sans-serif; font-size: 10pt; line-height: 1.35; }
h1 { font-size: 15pt; margin: 0 0 2mm 0; }
h2 { font-size: 12pt; margin: 5mm 0 1.5mm 0; border-bottom: 1px solid #999; }
.kind { font-size: 9pt; color: #555; text-transform: uppercase; letter-spacing: 0.05em; }
.fields { display: flex; gap: 4mm; margin: 2mm 0 3mm 0; }
.field { flex: 1; border-bottom: 1px solid #333; padding-top: 5mm; font-size: 8pt; color: #444; }
.item { break-inside: avoid; margin: 2mm 0 4mm 0; }
.context { font-size: 9pt; color: #333; }
.context h2 { font-size: 10pt; border: none; margin: 1mm 0; }
.box { border: 1px solid #333; min-height: 11mm; margin: 1.5mm 0; padding: 1mm 2mm;
       font-size: 8pt; color: #555; }
.box.tall { min-height: 28mm; }
.choice { margin: 1mm 0 1mm 4mm; }
.key { border-left: 3px solid #1b7f3b; background: #eef7f0; padding: 1.5mm 3mm; margin: 1.5mm 0; }
.note { border: 1px dashed #b00020; color: #b00020; padding: 1mm 3mm; font-size: 9pt; }
table { border-collapse: collapse; margin: 2mm 0; font-size: 8.5pt; }
td, th { border: 1px solid #999; padding: 0.6mm 2mm; text-align: left; }
img, svg { max-width: 100%; height: auto; }
"""


def _markdown(text: str) -> str:
    from kayalib.lessons.kit.page import markdown

    return markdown(text)


def _header(t: Translator, number: str, key: bool) -> list[str]:
    title = escape(f"{number} {t(f'l{number}.title')}")
    kind = t("teach_key") if key else t("teach_worksheet")
    parts = [f'<div class="kind">{escape(kind)}</div>', f"<h1>{title}</h1>"]
    if key:  # the teacher's copy: no one's name on it
        parts.append(f'<p class="note">{escape(t("teach_key_note"))}</p>')
    else:
        fields = "".join(f'<div class="field">{escape(t(name))}</div>'
                         for name in ("teach_name", "teach_class", "teach_date", "teach_student",
                                      "teach_seed"))  # fmt: skip
        parts.append(f'<div class="fields">{fields}</div>')
    parts.append(_markdown(t(f"l{number}.learn")))
    return parts


def _ask(item: Ask, t: Translator, key: bool) -> str:
    parts = ['<div class="item">']
    if item.context is not None:
        parts.append(f'<div class="context">{item.context(t)}</div>')
    parts.append(f"<p><b>{escape(t('teach_predict'))}:</b> {item.question(t)}</p>")
    if item.choices is not None:
        parts.append(f"<div>{escape(t('teach_tick_one'))}</div>")
        parts += [f'<div class="choice">\u2610 {escape(item.choice_text(value, t))}</div>'
                  for _, value in item.choices]  # fmt: skip
    else:
        parts.append(f'<div class="box">{escape(t("teach_my_prediction"))}</div>')
    parts.append(f'<div class="box">{escape(t("teach_page_showed"))}</div>')
    parts.append(f'<div class="box">{escape(t("teach_class_results"))}</div>')
    if key:
        if item.exact is not None:
            answer = t("teach_exact", value=answer_text(item.exact, t))
        elif item.answer is not None:
            answer = t("teach_right_choice", choice=item.choice_text(item.answer, t))
        else:
            answer = t("teach_settled")
        parts.append(f'<div class="key">{escape(answer)}</div>')
    parts.append("</div>")
    return "".join(parts)


def _task(item: Task, t: Translator, key: bool, number: int) -> str:
    question = item.sheet_question if item.sheet_question and not key else item.question
    parts = ['<div class="item">',
             f"<p><b>{escape(t('teach_exercise'))} {number}.</b> {question(t)}</p>"]
    if item.choices is not None:
        parts += [f'<div class="choice">\u2610 {escape(str(w(t) if callable(w) else w))}</div>'
                  for w, _ in item.choices]  # fmt: skip
    parts.append(f'<div class="box tall">{escape(t("teach_working"))}</div>')
    parts.append(f'<div class="box">{escape(t("teach_your_answer"))}</div>')
    if key:
        if item.choices is not None:
            words = next(w for w, v in item.choices if v == item.answer)
            answer = str(words(t) if callable(words) else words)
        else:
            answer = answer_text(item.answer, t)
        parts.append(f'<div class="key"><b>{escape(t("teach_answer"))}:</b> {escape(answer)}'
                     f"<br>{item.working(t)}</div>")  # fmt: skip
    parts.append("</div>")
    return "".join(parts)


def _exit(item: Exit, t: Translator, key: bool, number: int) -> str:
    """A question of the exit ticket as the page asks it (tick boxes for its choices); on the
    key, the answer and its working."""
    parts = ['<div class="item">', f"<p><b>{number}.</b> {_inline(item.question(t))}</p>"]
    if item.choices is not None:
        parts += [f'<div class="choice">\u2610 {escape(choice)}</div>'
                  for choice in item.choice_texts(t)]  # fmt: skip
    parts.append(f'<div class="box{"" if item.choices is not None else " tall"}">'
                 f'{escape(t("teach_your_answer"))}</div>')  # fmt: skip
    if key:
        parts.append(f'<div class="key"><b>{escape(t("teach_answer"))}:</b> '
                     f"{escape(item.answer_words(t))}<br>{_inline(item.working(t))}</div>")
    parts.append("</div>")
    return "".join(parts)


def _table(item: Table, t: Translator) -> str:
    return f'<div class="item"><div class="kind">{escape(t("teach_table"))}</div>' \
           f"{item.render(t)}</div>"  # fmt: skip


def _bayes_table(t: Translator, key: bool) -> str:
    """An empty Bayes table to fill in by hand (lesson 08): one row per hand, a row for the sum."""
    head = "".join(f"<th>{escape(t(name))}</th>" for name in
                   ("teach_bayes_hand", "teach_bayes_prior", "teach_bayes_likelihood",
                    "teach_bayes_product", "teach_bayes_posterior"))  # fmt: skip
    empty = "<tr>" + "<td>&nbsp;</td>" * 5 + "</tr>"
    total = f"<tr><td><b>{escape(t('teach_bayes_sum'))}</b></td>" + "<td></td>" * 4 + "</tr>"
    return (f"<h2>{escape(t('teach_bayes_title'))}</h2>"
            f"<table><tr>{head}</tr>{empty * 6}{total}</table>")  # fmt: skip


def _shows_table(t: Translator, key: bool) -> str:
    """Lesson 05: one's own hompimpa shows, a box a round, and the class's counts and test."""
    rounds = range(1, 11)
    head = f"<th>{escape(t('p05.sheet_round'))}</th>" + "".join(f"<th>{n}</th>" for n in rounds)
    box = '<td style="height:8mm;width:9mm">&nbsp;</td>'  # room to write in
    mine = f"<td>{escape(t('p05.sheet_mine'))}</td>" + box * len(rounds)
    rows = "".join(f'<tr><td>{escape(t(f"p05.sheet_{name}"))}</td>'
                   '<td style="height:7mm;width:35mm">&nbsp;</td></tr>'
                   for name in ("palm", "back", "total", "p", "detect", "verdict"))  # fmt: skip
    return (f"<h2>{escape(t('p05.sheet_title'))}</h2><table><tr>{head}</tr><tr>{mine}</tr>"
            f"</table><table><tr><th>{escape(t('p05.sheet_what'))}</th>"
            f"<th>{escape(t('p05.sheet_value'))}</th></tr>{rows}</table>")  # fmt: skip


def _class_bids(t: Translator, key: bool) -> str:
    from kayalib.lessons.l08 import worksheet_box_html

    return worksheet_box_html(t, key)


def _tree(number: str) -> Callable[[Translator, bool], str]:
    def section(t: Translator, key: bool) -> str:
        return tree_html(TREES[number](), t, key=key)

    return section


TEMPLATES: dict[str, tuple[Callable[[Translator, bool], str], ...]] = {
    "05": (_shows_table,),
    "06": (_tree("06"),),
    "08": (_bayes_table, _tree("08"), _class_bids),
}  # fmt: skip
"""What a lesson's worksheet carries before its exit ticket, as ``(t, key) -> HTML``: blank
templates (the same on the key), probability trees (filled in on the key) and the box for the
class's bids (the sample class's figures on the key)."""


def worksheet_html(record: LessonRecord, lang: str, *, key: bool = False) -> str:
    """The worksheet (or, with ``key=True``, the answer key) of one lesson as an HTML page."""
    t = Translator(lang)
    plan = Plan(record.number, record)
    body = _header(t, record.number, key)
    asks = [item for item in record.items if isinstance(item, Ask)]
    if asks:
        body.append(f'<p class="context">{_inline(t("teach_predict_note"))}</p>')
    exercise = 0
    for item in record.items:
        if isinstance(item, Ask):
            body.append(_ask(item, t, key))
        elif isinstance(item, Task):
            exercise += 1
            body.append(_task(item, t, key, exercise))
        elif isinstance(item, Table) and (item.before_gates or (key and item.pinned)):
            body.append(_table(item, t))
    body += [template(t, key) for template in TEMPLATES.get(record.number, ())]
    body.append(f"<h2>{escape(t('teach_exit_ticket'))}</h2>")
    body += [_exit(item, t, key, i) for i, item in enumerate(plan.exit_ticket(), 1)]
    body.append(f"<h2>{escape(t('teach_early'))}</h2>")
    body.append(_markdown(plan.text(t, "extension")))
    if key and plan.has("extension_answer"):
        body.append(f'<div class="key"><b>{escape(t("teach_answer"))}:</b> '
                    f'{_inline(plan.text(t, "extension_answer"))}</div>')  # fmt: skip
    kind = t("teach_key") if key else t("teach_worksheet")
    title = escape(f"{record.number} {t(f'l{record.number}.title')} — {kind}")
    return (f'<!DOCTYPE html><html lang="{lang}"><head><meta charset="utf-8">'
            f"<title>{title}</title><style>{CSS}</style></head><body>"
            + "\n".join(body) + "</body></html>")  # fmt: skip


def _inline(text: str) -> str:
    from kayalib.lessons.kit.page import inline_markdown

    return inline_markdown(text)


def write_pdfs(
    out: Path,
    numbers: Iterable[str],
    langs: Iterable[str] | None = None,
    *,
    report: Callable[[str], None] = lambda _: None,
) -> list[Path]:
    """Write ``<out>/<lang>/<number>-worksheet.pdf`` and ``<number>-key.pdf``; return the paths.

    Each lesson's notebook runs once; its sheets are written in every language."""
    from weasyprint import HTML

    langs = list(languages()) if langs is None else list(langs)
    written = []
    for number in numbers:
        record = record_lesson(number)
        for lang in langs:
            folder = out / lang
            folder.mkdir(parents=True, exist_ok=True)
            for key, name in ((False, "worksheet"), (True, "key")):
                path = folder / f"{number}-{name}.pdf"
                HTML(string=worksheet_html(record, lang, key=key)).write_pdf(path)
                written.append(path)
                report(str(path))
    return written
