"""The teacher's dashboard page: a shell in the teacher's language, drawn by ``dashboard.js``
from ``kayalib/dashboard/state`` every second and a half.

The key is in no address once the page is open: the server traded the first address's key for
the browser's dashboard cookie (:class:`kayalib.server.table_web.DashboardPage`), which the
script's requests carry; the page asks browsers not to send its address on
(``Referrer-Policy: no-referrer``), and every word comes from the catalogue (the keys the script
uses are :data:`WORDS`).
"""

from __future__ import annotations

import json
from functools import cache
from html import escape
from importlib.resources import files

from kayalib.i18n import Translator, languages
from kayalib.registry import bot_names

__all__ = ["WORDS", "dashboard_html", "qr_svg"]

#: the catalogue keys the dashboard's script shows
WORDS = (
    "dash_error", "dash_game_blef", "dash_game_kaya", "dash_new_table", "dash_game",
    "dash_people", "dash_bots", "dash_mode", "dash_cards", "dash_coins_table", "dash_wait",
    "dash_create",
    "mode_classic", "mode_deck", "kaya_coins_standard", "kaya_coins_number", "kaya_coins_flat",
    "dash_start", "dash_pause", "dash_resume", "dash_end", "dash_move", "dash_ahead",
    "dash_stand_in_moves", "dash_set_wait", "dash_play", "dash_play_class", "dash_predictions",
    "dash_no_data", "dash_revealed", "dash_reveal", "dash_estimates", "dash_shows",
    "dash_names_nicknames", "dash_names_anonymous", "dash_names", "dash_export_jsonl",
    "dash_export_csv", "dash_forget", "dash_forget_confirm", "dash_none", "dash_free",
    "dash_lock", "dash_unlock", "dash_locked",
    "dash_learning", "dash_learning_none", "dash_opening", "dash_exit_ticket",
    "dash_export_answers_jsonl", "dash_export_answers_csv", "dash_across_title",
    "dash_across_link", "dash_across_back", "dash_across_lesson", "dash_across_distance",
    "dash_across_shares", "dash_across_change", "dash_across_weak", "dash_across_note",
    "dash_sample_on", "dash_sample_off",
)


@cache
def _asset(name: str) -> str:
    return files("kayalib.server").joinpath(name).read_text("utf-8")


@cache
def qr_svg(text: str) -> str:
    """A QR code of ``text`` as inline SVG (for the projector)."""
    import segno

    return segno.make(text, error="m").svg_inline(scale=5, border=2)


def dashboard_html(t: Translator, join_url: str) -> str:
    """The page, with the words, the bots each game offers and the join address."""
    data = {
        "words": {key: t(key) for key in WORDS},
        "bots": {game: list(bot_names(game)) for game in ("blef", "kaya")},
        "join": join_url,
        "lang": t.lang,
    }
    switch = " ".join(
        f'<a href="#" data-lang="{code}" lang="{code}">{escape(name)}</a>'
        for code, name in languages().items()
    )
    return (
        f'<!doctype html><html lang="{t.lang}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{escape(t('dash_title'))}</title><style>{_asset('tables.css')}</style></head>"
        f'<body class="kaya-dash"><header><h1>{escape(t("dash_title"))}</h1>'
        f'<nav class="kaya-dash-langs">{switch}</nav></header>'
        f'<p class="kaya-dash-join">{escape(t("dash_join_at", url=join_url))}</p>'
        '<div id="kaya-dash-error" role="alert"></div>'
        '<section id="kaya-dash-new"></section><section id="kaya-dash-tables"></section>'
        '<section id="kaya-dash-figures"></section><section id="kaya-dash-class"></section>'
        f'<script id="kaya-dash-data" type="application/json">{_json(data)}</script>'
        f"<script>{_asset('dashboard.js')}</script></body></html>"
    )


def _json(data: object) -> str:
    """JSON safe inside a ``<script>`` element."""
    return json.dumps(data).replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
