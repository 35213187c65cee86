"""The HTML of Aku Paling Kaya's panels: the table, the gambreng, a showdown, the final score
and the hint. Each function reads the app (its state, words and numbers) and returns a string.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from kayalib.draw import KAYA_PALETTE, card_back_svg, probability_bars_html, row_html
from kayalib.kaya.game import (
    ChallengeEvent,
    Decline,
    Give,
    KayaView,
    Keep,
    PlayEvent,
    ShowdownEvent,
    Steal,
    TakeBack,
)

if TYPE_CHECKING:
    from kayalib.ui.kaya_app import KayaApp


def table_html(app: KayaApp) -> str:
    """Every player's hand count, face-down card and bonus pile, and the discard pile."""
    t, state = app.t, app.state
    parts = ['<div class="kaya-players">']
    for i in range(state.players):
        colour = state.rules.colors[i].value
        cls = "kaya-player"
        if i == state.current_player:
            cls += " kaya-active"
        down = state.table[i]
        if down is None:
            table = f'<div class="kaya-empty">{escape(t("kaya_no_table"))}</div>'
        else:
            table = row_html([card_back_svg(width=44, colour=colour)])
        just = i == state.active and down is not None and state.phase != "play"
        table_key = "kaya_table_label_active" if just else "kaya_table_label"
        bonus, held = state.bonus[i], len(state.hands[i])
        coins = sum(state.rules.bonus_value(c) for c in bonus)
        bonus_row = row_html([app.card_svg(c, width=40) for c in bonus],
                             empty=t("kaya_no_bonus"))  # fmt: skip
        parts.append(
            f'<div class="{cls}"><div class="kaya-player-name">'
            f'<span class="kaya-swatch" style="background:'
            f'{KAYA_PALETTE[colour][0]}"></span> {escape(app.seat_name(i))}</div>'
            f'<div class="kaya-small">{escape(t.count("kaya_hand_count", held, n=held))}'
            f'</div><div class="kaya-small">{escape(t(table_key))}</div>{table}'
            f'<div class="kaya-small">{escape(t("kaya_bonus_label", coins=coins))}</div>'
            f"{bonus_row}</div>"
        )
    parts.append("</div>")
    hidden = sum(len(d) for d in state.hidden_discards)
    discard = row_html([app.card_svg(c, width=36, dim=True) for c in state.discard],
                       empty=t("kaya_no_discard"))  # fmt: skip
    parts.append(
        f'<div class="kaya-panel kaya-discard"><div class="kaya-small">'
        f"{escape(t('kaya_discard_label', hidden=hidden))}</div>{discard}</div>"
    )
    return "".join(parts)


def gambreng_html(app: KayaApp) -> str:
    """The shows of the draw for the first player, one more at each step of a new game."""
    t, state = app.t, app.state
    draw = state.gambreng
    if draw is None:
        return ""
    rows = []
    shown = app.intro_shown if app.watching_intro else len(draw.rounds)
    for r in draw.rounds[:shown]:
        shows = ", ".join(f"{app.seat_name(s)}: {t(f'gesture_{g}')}" for s, g in r.shows)
        result = (t.count("gambreng_out", len(r.out), players=app.names(r.out)) if r.out
                  else t("gambreng_again"))  # fmt: skip
        rows.append(f"<li><b>{escape(t(f'gambreng_{r.kind}'))}</b> \u2014 {escape(shows)}"
                    f" \u2192 {escape(result)}</li>")  # fmt: skip
    if shown < len(draw.rounds):
        first = t("gambreng_watch")
        rows.append("<li>\u2026</li>")
    else:
        first = t("gambreng_first", player=app.seat_name(draw.first))
    return (
        f'<details class="kaya-panel" {"open" if state.turn <= 2 else ""}><summary>'
        f"<b>{escape(t('gambreng_title'))}</b> \u2014 {escape(first)}</summary>"
        f'<div class="kaya-small">{escape(t("gambreng_rules"))}</div>'
        f"<ol>{''.join(rows)}</ol></details>"
    )


def showdown_html(app: KayaApp) -> str:
    """The last showdown, while it is news: until the next decision at this screen."""
    t, state = app.t, app.state
    events = state.events
    last = None
    for k in range(len(events) - 1, app.news_start() - 1, -1):
        if isinstance(events[k], ShowdownEvent):
            last = k
            break
    if last is None:
        return ""
    e = events[last]
    assert isinstance(e, ShowdownEvent)
    cards = []
    for s, c in e.cards:
        cards.append(
            f'<div class="kaya-player"><div class="kaya-player-name">'
            f"{escape(app.seat_name(s))}</div>"
            f"{row_html([app.card_svg(c, width=60, highlight=s == e.winner)])}</div>"
        )
    tie_rule = "kaya_tie_rule" if len(e.cards) == 2 else "kaya_tie_rule_many"  # RULES.md 4, 5
    after = []
    for later in events[last + 1 :]:
        if isinstance(later, (PlayEvent, ChallengeEvent)):
            break
        seen = later.seen_by(app.log_viewer())
        if seen is not None and (line := app.event_text(seen)):
            after.append(f"<li>{escape(line)}</li>")
    return (
        f'<div class="kaya-panel kaya-showdown-panel"><div class="kaya-panel-title">'
        f"{escape(t('kaya_showdown_title', n=e.turn))}</div>"
        f'<div class="kaya-result"><span class="kaya-win">'
        f"{escape(t('kaya_showdown_winner', player=app.seat_name(e.winner)))}</span></div>"
        f'<div class="kaya-players">{"".join(cards)}</div>'
        f'<ul class="kaya-small">{"".join(after)}</ul>'
        f'<div class="kaya-small">{escape(t(tie_rule))}</div></div>'
    )


def score_html(app: KayaApp) -> str:
    """The final score, card by card."""
    t, state = app.t, app.state
    scores = state.scores()
    winners = set(scores.winners)
    rows = [
        f"<tr><th>{escape(t('score_player'))}</th><th>{escape(t('score_hand'))}</th>"
        f"<th>{escape(t('score_bonus'))}</th><th>{escape(t('score_total'))}</th></tr>"
    ]
    for s in scores.seats:
        hand = " + ".join(str(c.number) for c in s.hand) or "0"
        bonus = " + ".join(f"({v})" if (v := state.rules.bonus_value(c)) < 0 else str(v)
                           for c in s.bonus) or "0"  # fmt: skip
        cls = ' class="kaya-win"' if s.seat in winners else ""
        rows.append(
            f"<tr{cls}><td>{escape(app.seat_name(s.seat))}</td>"
            f"<td>{escape(hand)} = {s.hand_sum}</td><td>{escape(bonus)} = {s.bonus_sum}</td>"
            f"<td><b>{s.total}</b></td></tr>"
        )
    return (
        f'<div class="kaya-panel kaya-score-panel"><div class="kaya-panel-title">'
        f'{escape(t("score_title"))}</div><div class="kaya-scroll-x"><table class="kaya-score">'
        f'{"".join(rows)}</table></div>'
        f'<div class="kaya-small">{escape(t("score_rule"))}</div></div>'
    )


# ---------------------------------------------------------------------------------------------
# The hint: the odds that matter for every decision of the person at the screen.


def hint_html(app: KayaApp) -> str:
    """Play: each card's chance to win a challenge and the points it can expect; challenge:
    each choice's chance to win and expected points; a power or a choice: what each option
    changes. Computed by :mod:`kayalib.kaya.counting` from the seat's own view."""
    t, state = app.t, app.state
    if not app.can_act():
        return f'<div class="kaya-empty">{escape(t("kaya_hint_unavailable"))}</div>'
    view = state.view(state.current_player)
    if view.phase == "play":
        body = _play_hint(app, view)
    elif view.phase == "challenge":
        body = _challenge_hint(app, view)
    else:
        body = _choice_hint(app, view)
    return f'<div class="kaya-panel kaya-hint-panel">{body}</div>'


def _short(app: KayaApp, seat: int) -> str:
    return app.t("seat_name", n=seat + 1)


def _note(text: str) -> str:
    return f'<div class="kaya-small">{escape(text)}</div>'


def _play_hint(app: KayaApp, view: KayaView) -> str:
    from kayalib.kaya.advice import play_odds

    t = app.t
    odds = play_odds(view)
    if all(o.challenger is None for o in odds.values()):
        return _note(t("kaya_hint_no_challenger"))
    rows = [
        (app.card_text(card), o.win_probability, False,
         t("kaya_hint_play_detail", points=app.signed(o.points),
           player=_short(app, o.challenger), number=card.number))  # type: ignore[arg-type]
        for card, o in odds.items()
    ]  # fmt: skip
    bars = probability_bars_html(rows, title=t("kaya_hint_play_title"), percent=app.percent)
    return bars + _note(t("kaya_hint_play_note"))


def _challenge_hint(app: KayaApp, view: KayaView) -> str:
    from kayalib.kaya.advice import challenge_values

    t = app.t
    values = challenge_values(view)
    best = max((float(v.win_probability) for v in values.values()), default=0.0)
    rows = [
        (", ".join(_short(app, s) for s in targets), v.win_probability,
         float(v.win_probability) == best,
         t("kaya_hint_challenge_detail", points=app.signed(v.deltas[view.seat])))
        for targets, v in values.items()
    ]  # fmt: skip
    bars = probability_bars_html(rows, title=t("kaya_hint_title"), percent=app.percent)
    return bars + _note(t("kaya_hint_note"))


def _choice_hint(app: KayaApp, view: KayaView) -> str:
    from kayalib.kaya.advice import decision_points

    t = app.t
    rows = []
    for action, change in decision_points(view).items():
        if isinstance(action, TakeBack):
            label = t("kaya_take_back")
        elif isinstance(action, Steal):
            label = t("kaya_steal_option", card=app.card_text(action.card),
                      coins=view.rules.bonus_value(action.card),
                      player=_short(app, action.victim))  # fmt: skip
        elif isinstance(action, Keep):
            label = t("kaya_keep")
        elif isinstance(action, Give):
            label = t("kaya_hint_give", card=app.card_text(action.card))
        elif isinstance(action, Decline):
            label = t("kaya_decline")
        else:
            label = str(action)
        effects = [t("kaya_hint_points_you", points=app.signed(change.get(view.seat, 0), 0))]
        effects += [
            t("kaya_hint_points_other", player=_short(app, s), points=app.signed(v, 0))
            for s, v in change.items()
            if s != view.seat and v
        ]
        rows.append(f"<tr><td>{escape(label)}</td><td>{escape('; '.join(effects))}</td></tr>")
    return (
        f'<div class="kaya-bars-title">{escape(t("kaya_hint_choice_title"))}</div>'
        f'<table class="kaya-hint-table">{"".join(rows)}</table>'
        + _note(t("kaya_hint_choice_note"))
    )
