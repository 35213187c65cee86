"""Cards and tables as the lesson pages draw them, in the reader's language (SVG and HTML
strings; several lessons show them): Blef cards, Aku Paling Kaya cards with their coins, a whole
Aku Paling Kaya table, and a gambreng draw show by show.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from kayalib.blef.cards import Card as BlefCard
from kayalib.blef.cards import parse_cards
from kayalib.draw import blef_card_svg, card_back_svg, kaya_card_svg
from kayalib.i18n import Translator
from kayalib.kaya.cards import Card
from kayalib.kaya.gambreng import Gambreng
from kayalib.kaya.game import KayaState
from kayalib.kaya.rules import KayaRules
from kayalib.words import BlefWords, KayaWords

__all__ = [
    "KAYA_NAMES",
    "cards_html",
    "gambreng_html",
    "kaya_cards_html",
    "kaya_table_html",
    "kaya_words",
]

KAYA_NAMES = ("Ayu", "Budi", "Citra", "Dewi", "Eko", "Fajar")
"""The players of the lessons' Aku Paling Kaya games, by seat."""


def cards_html(cards: Sequence[BlefCard] | str, t: Translator, *, width: int = 46) -> str:
    """Blef cards drawn side by side (SVG, labelled in the language of ``t``)."""
    checked = parse_cards(cards) if isinstance(cards, str) else tuple(cards)
    if not checked:
        return f"<i>{escape(t('lesson_no_known_cards'))}</i>"
    names = BlefWords(t).suit_names()
    faces = "".join(
        blef_card_svg(card.rank, card.suit, width=width, suit_names=names) for card in checked
    )
    return f'<div style="display:flex;flex-wrap:wrap;gap:3px">{faces}</div>'


def kaya_words(t: Translator, names: Sequence[str]) -> KayaWords:
    """The narrator with the lessons' player names (``Player n`` beyond them)."""
    return KayaWords(t, lambda seat: names[seat] if seat < len(names) else
                     t("seat_name", n=seat + 1))  # fmt: skip


def kaya_cards_html(cards: Sequence[Card], rules: KayaRules, t: Translator, *, width: int = 40,
                    empty: str = "\u2014") -> str:  # fmt: skip
    """Aku Paling Kaya cards side by side, each with its coin value as a bonus card."""
    if not cards:
        return f"<span style='color:#777'>{escape(empty)}</span>"
    names = KayaWords(t).colour_names()
    faces = "".join(
        kaya_card_svg(card.color.value, card.number, rules.bonus_value(card), width=width,
                      colour_names=names)
        for card in cards
    )  # fmt: skip
    return f'<div style="display:flex;flex-wrap:wrap;gap:2px">{faces}</div>'


def kaya_table_html(state: KayaState, names: Sequence[str], t: Translator, *,
                    peek: bool = True) -> str:  # fmt: skip
    """The whole table: every seat's hand, face-down card, bonus pile, then the discard.

    With ``peek`` the face-down cards are shown face up but framed (a lesson may look; a player
    may not)."""
    rules, words = state.rules, kaya_words(t, names)
    rows = []
    for seat, color in enumerate(rules.colors):
        down = state.table[seat]
        if down is None:
            table = "<span style='color:#777'>\u2014</span>"
        elif peek:
            table = card_back_svg(width=30, colour=color.value, title=t("card_face_down"))
            table += kaya_card_svg(
                down.color.value, down.number, rules.bonus_value(down), width=40, highlight=True,
                colour_names=words.colour_names())  # fmt: skip
        else:
            table = card_back_svg(width=40, colour=color.value, title=t("card_face_down"))
        marks = []
        if state.current_player == seat:
            marks.append("\u25c0 " + t("lesson_to_act"))
        if state.active == seat and not state.is_terminal:
            marks.append(t("lesson_active"))
        points = state.scores().totals[seat]
        rows.append(
            f"<tr style='border-top:1px solid #ddd'><td style='padding:4px 8px'>"
            f"<b>{escape(words.seat(seat))}</b><br><small>{escape(t('seat_name', n=seat + 1))}"
            f" \u00b7 {escape(words.colour(color))}<br>{escape(' · '.join(marks))}</small></td>"
            f"<td>{kaya_cards_html(state.hands[seat], rules, t, width=30)}</td>"
            f"<td style='padding:0 8px'><div style='display:flex;gap:2px'>{table}</div></td>"
            f"<td>{kaya_cards_html(state.bonus[seat], rules, t, width=30)}</td>"
            f"<td style='padding:0 8px'>{points}</td></tr>"
        )
    hidden = sum(len(cards) for cards in state.hidden_discards)
    head = "".join(f"<th>{escape(t(k))}</th>" for k in ("lesson_player", "lesson_hand",
                   "lesson_face_down", "lesson_bonus_pile", "lesson_points_now"))  # fmt: skip
    discard = kaya_cards_html(state.discard, rules, t, width=26, empty=t("lesson_empty"))
    return (
        f"<table style='border-collapse:collapse'><tr>{head}</tr>{''.join(rows)}</table>"
        f"<div style='margin-top:4px'><b>{escape(t('lesson_discard'))}</b> {discard}"
        f"<small>{escape(t.count('lesson_hidden_discards', hidden, n=hidden))}</small></div>"
    )


def gambreng_html(draw: Gambreng, names: Sequence[str], t: Translator) -> str:
    """Every show of a gambreng draw, in the narrator's words."""
    words = kaya_words(t, names)
    items = []
    for number, show in enumerate(draw.rounds, 1):
        kind, shows, result = words.show_text(show)
        items.append(f"<li>{escape(t('lesson_show_n', n=number))} ({escape(kind)}): "
                     f"{escape(shows)} \u2192 {escape(result)}</li>")  # fmt: skip
    first = t("gambreng_first", player=words.seat(draw.first))
    return f"<ol style='margin:0'>{''.join(items)}</ol><p><b>{escape(first)}</b></p>"
