"""What the teacher's dashboard shows: the live tables, the class's predictions and intervals,
the class's play; and the exports (JSON Lines as ``--log`` writes them, and CSV).

Nothing here shows a hidden card while a round is in play: a table's summary reads only what
every seat sees (round, cards or coins per seat, who is ahead), the play figures count only
rounds that have ended (:mod:`kayalib.blef.bluffs`), and the exports hold only the games
that have ended. Predictions are shown as a histogram before the teacher reveals them, then
with the true value; intervals as "23 of 26 intervals caught 29/6" and a picture.

>>> from kayalib.i18n import Translator
>>> from kayalib.server.store import ClassStore
>>> from kayalib.server.tables import ManualClock, TableService
>>> service = TableService(ClassStore(":memory:"), ManualClock())
>>> table = service.create_table("blef", people=2, seed=3)
>>> summary = table_summary(table, Translator("en"))
>>> summary["status"], summary["rounds"], [s["label"] for s in summary["seats"]]
('waiting', 0, ['empty seat', 'empty seat'])
"""

from __future__ import annotations

import csv
import io
import json
from collections import Counter
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from kayalib.blef.bluffs import Figures, bid_facts
from kayalib.draw.class_charts import histogram_svg, intervals_svg
from kayalib.i18n import Translator
from kayalib.server.learning import (
    ANSWER_FIELDS,
    across_lessons,
    answer_rows,
    lesson_figures,
    sample_class,
)
from kayalib.server.store import Entry
from kayalib.server.tables import ClassTable, TableService

__all__ = ["class_figures", "csv_cell", "export_answers_csv", "export_answers_jsonl",
           "export_csv", "export_jsonl", "overview", "table_summary"]

#: the most characters of a number a student's page may send (as in the lessons' answers)
NUMBER_CHARS = 40


def seat_label(t: Translator, table: ClassTable, seat: int) -> str:
    """How the dashboard names a seat: the nickname, a bot, or an empty seat."""
    s = table.seats[seat]
    if not s.is_person:
        return t("seat_bot", n=seat + 1, bot=t(f"bot_{s.kind}"))
    if not s.claimed:
        return t("dash_seat_empty")
    return s.nickname


def table_summary(table: ClassTable, t: Translator) -> dict[str, Any]:
    """One table as the dashboard shows it: public facts only."""
    state = table.table.state
    view = state.view(0)  # only its public fields are read below
    seats = []
    if table.game == "blef":
        rounds = sum(1 for e in state.events if e.kind == "check")
        standing = list(view.counts)
        alive = [s for s, n in enumerate(standing) if n > 0]
        best = min((standing[s] for s in alive), default=0)
        ahead = [s for s in alive if standing[s] == best]
        shown = [t.count("cards_count", n, n=n) if n else t("player_out") for n in standing]
    else:
        rounds = max(0, view.turn - 1)
        rules = view.rules
        coins = [sum(rules.bonus_value(c) for c in pile) for pile in view.bonus]
        best = max(coins, default=0)
        ahead = [s for s, c in enumerate(coins) if c == best and best > 0]
        shown = [t("dash_coins", n=c) for c in coins]
    outcome = state.outcome
    if outcome is not None:
        ahead = list(outcome.winners)
        if outcome.scores is not None:
            shown = [t("dash_points", n=p) for p in outcome.scores]
    for i, s in enumerate(table.seats):
        presence = "bot" if not s.is_person else (
            "empty" if not s.claimed else "stand_in" if s.stand_in else
            "here" if table.is_here(s) else "away")  # fmt: skip
        holder = t("dash_browser", n=s.member_id) if s.claimed and s.member_id else ""
        seats.append({"seat": i, "label": seat_label(t, table, i), "presence": presence,
                      "presence_text": t(f"dash_presence_{presence}"), "standing": shown[i],
                      "ahead": i in ahead, "holder": holder})  # fmt: skip
    return {
        "code": table.code, "game": table.game, "game_title": t(f"dash_game_{table.game}"),
        "status": table.status, "status_text": t(f"dash_status_{table.status}"),
        "locked": table.locked,
        "rounds": rounds, "rounds_text": t(f"dash_rounds_{table.game}", n=rounds),
        "over": outcome is not None, "seats": seats, "bot_wait": table.bot_wait,
        "moves": table.version, "to_move": view.current_player,
        "stand_in_moves": table.stand_in_moves,
    }  # fmt: skip


def overview(service: TableService, t: Translator, *, sample: bool = False) -> dict[str, Any]:
    """Everything the dashboard draws, in the teacher's language; ``sample``: what the class
    learned is the shipped sample class's (:func:`kayalib.server.learning.sample_class`), marked
    so."""
    return {
        "tables": [table_summary(table, t) for table in service.tables.values()],
        "names": service.store.names(service.class_id),
        "figures": class_figures(service, t, sample=sample),
    }


# ---- the class's data --------------------------------------------------------------------------


def _fraction(text: object) -> Fraction | None:
    if not isinstance(text, (str, int)) or len(str(text)) > NUMBER_CHARS:
        return None
    try:
        return Fraction(str(text))
    except (ValueError, ZeroDivisionError):
        return None


def _number(t: Translator, value: Fraction) -> str:
    if value.denominator <= 12:
        return str(value)
    return t.number(float(value), 3, trim=True)


def _edge(t: Translator, edges: Sequence[Fraction], i: int) -> str:
    """Bar ``i``'s label: fractions if every edge is a simple one, else decimals for all."""
    if all(edge.denominator <= 12 for edge in edges):
        return str(edges[i])
    return t.number(float(edges[i]), 3, trim=True)


def class_figures(service: TableService, t: Translator, *, sample: bool = False) -> dict[str, Any]:
    """The class's play (per table and in all), its predictions, its intervals and what it
    learned per lesson (:mod:`kayalib.server.learning`)."""
    store, klass = service.store, service.class_id
    revealed = store.revealed(klass)
    if sample:
        guesses, answers, shown = sample_class()
        learning = lesson_figures(t, guesses, answers, set(shown))
    else:
        learning = lesson_figures(t, store.entries(klass, "prediction"),
                                  store.entries(klass, "exit"), revealed)  # fmt: skip
    play = []
    total = Figures()
    for table in service.tables.values():
        if table.game != "blef":
            continue
        figures = Figures.of(bid_facts(table.table.state.events))
        total = total + figures
        play.append({"code": table.code, **figures.to_json(), "text": play_text(t, figures)})
    return {
        "play": play, "play_total": {**total.to_json(), "text": play_text(t, total)},
        "bluff_definition": t("dash_bluff_definition"),
        "predictions": [prediction_figure(t, key, entries, key in revealed)
                        for key, entries in _grouped(store.entries(klass, "prediction"))],
        "estimates": [estimate_figure(t, key, entries)
                      for key, entries in _grouped(store.entries(klass, "estimate"))],
        "shows": show_counts(store.entries(klass, "show")),
        "learning": learning, "sample": sample,
        "sample_note": t("dash_sample_note") if sample else "",
        "across": across_lessons(t, learning),
    }  # fmt: skip


def play_text(t: Translator, f: Figures) -> str:
    def share(part: int, whole: int) -> str:
        return t.percent(part / whole, 0) if whole else "\u2013"

    return t("dash_play_line", bids=f.bids, checked=f.checked,
             checked_share=share(f.checked, f.bids), false=f.checked_false,
             false_share=share(f.checked_false, f.checked), bluffs=f.bluffs,
             bluff_share=share(f.bluffs, f.bids))  # fmt: skip


def _grouped(entries: Sequence[Entry]) -> list[tuple[tuple[str, str], list[Entry]]]:
    groups: dict[tuple[str, str], list[Entry]] = {}
    for entry in entries:
        groups.setdefault((entry.lesson, entry.name), []).append(entry)
    return sorted(groups.items())


def _truth(entries: Sequence[Entry]) -> Fraction | None:
    """The true value the students' pages computed (the most common, should pages differ)."""
    values = Counter(v for e in entries if (v := _fraction(e.value.get("exact"))) is not None)
    return values.most_common(1)[0][0] if values else None


def _true_choice(entries: Sequence[Entry]) -> str | None:
    """The right choice the students' pages named (the most common), for a question of choices."""
    choices = Counter(str(e.value["exact"])[:NUMBER_CHARS] for e in entries
                      if e.value.get("exact") not in (None, "")
                      and _fraction(e.value.get("exact")) is None)  # fmt: skip
    return choices.most_common(1)[0][0] if choices else None


def _choice_label(t: Translator, choice: str) -> str:
    return t(f"lesson_range_{choice}") if f"lesson_range_{choice}" in t.words else choice


def prediction_figure(t: Translator, key: tuple[str, str], entries: Sequence[Entry],
                      revealed: bool) -> dict[str, Any]:  # fmt: skip
    """One question's guesses: a histogram; once ``revealed``, the true value marked on it."""
    lesson, name = key
    truth = _truth(entries) if revealed else None
    truth_text = _number(t, truth) if truth is not None else ""
    numbers = [v for e in entries if (v := _fraction(e.value.get("value"))) is not None]
    mark = None
    if numbers and len(numbers) >= len(entries) / 2:
        low, high = min(numbers + ([truth] if truth is not None else [])), max(
            numbers + ([truth] if truth is not None else []))  # fmt: skip
        bins = 10 if high > low else 1
        width = (high - low) / bins if bins > 1 else Fraction(1)

        def bin_of(v: Fraction) -> int:
            return 0 if bins == 1 else min(bins - 1, int((v - low) / width))

        counts = Counter(bin_of(v) for v in numbers)
        edges = [low + width * i for i in range(bins)]  # each bar labelled by where it starts,
        bars = [(_edge(t, edges, i), counts[i]) for i in range(bins)]  # in one notation
        if truth is not None:
            mark = bin_of(truth)
    else:
        choices = Counter(str(e.value.get("value", ""))[:NUMBER_CHARS] for e in entries)
        right = _true_choice(entries) if revealed else None
        order = sorted(set(choices) | ({right} if right is not None else set()))
        bars = [(_choice_label(t, c), choices[c]) for c in order]
        if right is not None:  # the right choice has its bar, chosen or not, and is marked
            mark, truth_text = order.index(right), _choice_label(t, right)
    title = t.count("dash_guesses", len(entries), n=len(entries))
    said = "dash_true_value" if truth is not None else "dash_right_choice"
    label = t(said, value=truth_text) if truth_text else ""
    return {
        "lesson": lesson, "name": name, "count": len(entries), "revealed": revealed,
        "truth": truth_text,
        "names": [e.nickname for e in entries if e.nickname],
        "svg": histogram_svg(bars, mark=mark, title=title,
                             mark_label=label),
    }  # fmt: skip


def estimate_figure(t: Translator, key: tuple[str, str],
                    entries: Sequence[Entry]) -> dict[str, Any]:  # fmt: skip
    """The students' 95% intervals for one quantity, stacked, with how many caught it."""
    lesson, name = key
    truth = _truth(entries)
    intervals = []
    for e in entries:
        low, high = _fraction(e.value.get("low")), _fraction(e.value.get("high"))
        if low is not None and high is not None and low <= high:
            intervals.append((low, high))
    if truth is None or not intervals:
        return {"lesson": lesson, "name": name, "count": len(intervals), "text": "", "svg": ""}
    caught = sum(1 for low, high in intervals if low <= truth <= high)
    text = t("dash_intervals", caught=caught, n=len(intervals), value=_number(t, truth))
    return {
        "lesson": lesson, "name": name, "count": len(intervals), "caught": caught, "text": text,
        "svg": intervals_svg([(float(a), float(b)) for a, b in intervals], truth=float(truth),
                             title=text, truth_label=_number(t, truth)),
    }  # fmt: skip


def show_counts(entries: Sequence[Entry]) -> dict[str, int]:
    """The class's hompimpa shows: how many palms and backs."""
    return dict(Counter(g for e in entries if (g := e.value.get("gesture")) in ("palm", "back")))


# ---- exports -----------------------------------------------------------------------------------


def ended_tables(service: TableService) -> list[ClassTable]:
    """The tables whose game is over or was ended: the only ones exported."""
    return [t for t in service.tables.values() if t.status == "ended"]


def export_jsonl(service: TableService) -> str:
    """Every ended game's full log, as ``--log`` writes a run of games."""
    return "".join(
        "".join(line + "\n" for line in table.table.state.log_lines())
        for table in ended_tables(service)
    )


#: what a spreadsheet reads as the start of a formula (OWASP, "CSV Injection")
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def csv_cell(value: object) -> object:
    """A cell a spreadsheet shows as text: a text that starts like a formula gets a ``'``
    first (OWASP's advice); numbers stay numbers.

    >>> print(csv_cell('=HYPERLINK("a.io")'), csv_cell("@SUM(1)"), csv_cell("Ana"), csv_cell(-3))
    '=HYPERLINK("a.io") '@SUM(1) Ana -3
    """
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def export_csv(service: TableService) -> str:
    """One row per move of every ended game: table, move, seat, nickname, who moved, action;
    every cell data, never a formula (:func:`csv_cell`)."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["table", "game", "move", "seat", "nickname", "by", "action"])
    anonymous = service.store.names(service.class_id) == "anonymous"
    for table in ended_tables(service):
        for move in service.store.moves(table.id):
            seat = table.seats[move.seat]
            nickname = "" if anonymous or not seat.is_person else seat.nickname
            writer.writerow([csv_cell(cell) for cell in (
                table.code, table.game, move.n, move.seat + 1, nickname, move.by, move.action)])
    return out.getvalue()


def _answers(service: TableService) -> list[dict[str, Any]]:
    store, klass = service.store, service.class_id
    return answer_rows(store.entries(klass, "prediction"), store.entries(klass, "exit"),
                       store.revealed(klass), anonymous=store.names(klass) == "anonymous")


def export_answers_jsonl(service: TableService) -> str:
    """The class's predictions and exit-ticket answers, one JSON object a line
    (:func:`kayalib.server.learning.answer_rows`)."""
    return "".join(json.dumps(row, ensure_ascii=False) + "\n" for row in _answers(service))


def export_answers_csv(service: TableService) -> str:
    """The same rows as CSV, every cell data, never a formula (:func:`csv_cell`)."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(ANSWER_FIELDS)
    for row in _answers(service):
        writer.writerow([csv_cell("" if row[f] is None else row[f]) for f in ANSWER_FIELDS])
    return out.getvalue()
