"""Aku Paling Kaya's panels as trees (:mod:`kayalib.ui.tree`): pure functions
``panel(screen, words) -> node`` of a
:class:`~kayalib.ui.screen.Screen` and the narrator (:class:`~kayalib.words.KayaWords`, seats
named as the app names them): the status line, the table, the gambreng, a showdown, the final
score (from the hands the view says were laid face up at the end), your face-down card and
the hint.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from functools import lru_cache

from kayalib.draw import card_back_svg, kaya_card_svg, kaya_swatch_svg
from kayalib.kaya.actions import Challenge, Decline, Give, Keep, Steal, TakeBack
from kayalib.kaya.cards import Card, Color, card
from kayalib.kaya.events import (
    ChallengeEvent,
    GambrengEvent,
    MoveEvent,
    PassEvent,
    PlayEvent,
    ShowdownEvent,
)
from kayalib.kaya.gambreng import Gambreng
from kayalib.kaya.scores import scores
from kayalib.kaya.view import KayaView
from kayalib.ui.screen import Screen, hold_text, news_lines, percent, signed, status_line
from kayalib.ui.tree import Node, card_row, h, sprite
from kayalib.ui.tree import card as drawn_card
from kayalib.words.kaya import KayaWords

__all__ = [
    "card_back", "card_node", "gambreng", "gambreng_of", "hand_title", "hint", "landed",
    "own_table", "score", "showdown", "status", "table",
]  # fmt: skip


def gambreng_of(view: KayaView) -> Gambreng | None:
    """The draw for the first player, as the log recorded it (``None`` for a rigged start)."""
    return next((e.gambreng for e in view.events if isinstance(e, GambrengEvent)), None)


def _view(screen: Screen) -> KayaView:
    view = screen.view
    assert isinstance(view, KayaView)
    return view


def card_node(words: KayaWords, view: KayaView, card: Card, *, width: int = 72,
              highlight: bool = False, dim: bool = False) -> Node:  # fmt: skip
    """A card with its coins under the view's coin table, named in the words' language."""
    return drawn_card(_face(card.color.value, card.number, view.rules.bonus_value(card),
                            words.colour_items, highlight, dim), width)  # fmt: skip


def card_back(words: KayaWords, width: int, colour: str, label: str = "") -> Node:
    """A face-down card of ``colour`` (its shape on it, or ``label``)."""
    return drawn_card(_back(label, colour, words.t("card_face_down")), width)


# a page draws every card on the table at each change: each drawing is made (and named by its
# hash) once per card, coin value, language and mark, and looked up after that
@lru_cache(maxsize=2048)
def _face(colour: str, number: int, coins: int, names: tuple[tuple[str, str], ...],
          highlight: bool, dim: bool) -> str:  # fmt: skip
    """The id of a card face's drawing (:func:`~kayalib.ui.tree.sprite`)."""
    return sprite(kaya_card_svg(colour, number, coins, colour_names=dict(names),
                                highlight=highlight, dim=dim))  # fmt: skip


@lru_cache(maxsize=16)
def _swatch(colour: str) -> str:
    """The id of a colour's swatch drawing."""
    return sprite(kaya_swatch_svg(colour))


@lru_cache(maxsize=256)
def _back(label: str, colour: str, title: str) -> str:
    """The id of a card back's drawing."""
    return sprite(card_back_svg(label=label, colour=colour, title=title))


def status(screen: Screen, words: KayaWords) -> Node:
    t, view = words.t, _view(screen)
    seat, held = view.current_player, hold_text(t, screen)
    cls = ""
    if view.outcome is not None or seat is None:
        winners = view.outcome.winners if view.outcome is not None else ()
        text, cls = t("kaya_over", winners=words.seats(winners)), "kaya-over"
    elif held is not None:
        text = held
    elif screen.watching_intro:
        text = t("gambreng_watch")
    elif screen.is_person(seat):
        who = words.seat(seat)
        cls = "kaya-your-turn"
        if screen.hot_seat and not screen.hand_visible:
            text = t("hot_seat_turn", player=who)
        elif view.phase == "play":
            text = t("kaya_your_play", player=who)
        elif view.phase == "challenge":
            text = t("kaya_your_window", player=who, active=words.seat(view.active))
        elif view.phase == "power":
            own = view.own_table
            key = "kaya_your_green" if own is not None and own.color is Color.GREEN else (
                "kaya_your_red")  # fmt: skip
            text = t(key, player=who, card=words.card_text(own))
        elif view.phase == "orange":
            text = t("kaya_your_orange", player=who)
        else:
            text = t("kaya_your_pink", player=who)
    else:
        text = t("waiting_for", player=words.seat(seat))
    news = news_lines(screen, words, keep=_said_always)
    if screen.viewer is not None and (missed := _not_asked(screen)):
        news.append(t("kaya_not_asked", turns=", ".join(map(str, missed))))
    return status_line(t, news, text, cls, t("turn_n", n=view.turn))


def _said_always(event: object) -> bool:
    """The news a status line never drops for lack of room: who challenged whom, who won."""
    return isinstance(event, (ChallengeEvent, ShowdownEvent))


def _not_asked(screen: Screen) -> list[int]:
    """The turns of this decision's news in which another player played and the viewer was not
    asked whether to challenge (nobody challenged, and the viewer did not pass): a player is
    asked only with a face-down card of their own on the table. The turn under way is left out
    (its window may still come)."""
    me = screen.viewer
    played, answered = set(), set()
    for event in screen.since_news():
        if isinstance(event, PlayEvent) and event.seat != me:
            played.add(event.turn)
        elif isinstance(event, ChallengeEvent) or (
                isinstance(event, PassEvent) and event.seat == me):  # fmt: skip
            answered.add(event.turn)
    return sorted(played - answered - {_view(screen).turn})


def landed(screen: Screen) -> dict[str, set[Card | None]]:
    """Where this decision's news put cards: each place (``table:S``, ``bonus:S``,
    ``discard``, ``hand:S``) and the cards that landed there, as the screen's seat saw them
    (``None`` for a face-down card it may not see)."""
    places: dict[str, set[Card | None]] = {}
    for event in screen.since_news():
        seen = event.seen_by(screen.log_seat) if isinstance(event, MoveEvent) else None
        if isinstance(seen, MoveEvent):
            places.setdefault(seen.target, set()).add(seen.card)
    return places


def _mark(card: Node, fresh: bool) -> Node:
    """A card on the table, in a bonus pile or the discard; one that just landed is framed for a
    moment (the stylesheet shows the frame, or keeps it for a reader who asked for less motion).

    Every such card sits in a box of its own, marked or not, so that the mark comes and goes as
    a class: the page changes one attribute and keeps the card's drawing (a card wrapped only
    while marked was drawn and laid out anew at each decision, in the box and out of it)."""
    return h("span.kaya-card-box", card, cls="kaya-landed" if fresh else "")


def table(screen: Screen, words: KayaWords) -> Node:
    """Every player's hand count, face-down card and bonus pile, and the discard pile; a card
    that landed in this decision's news is marked (:func:`landed`)."""
    t, view = words.t, _view(screen)
    moved = landed(screen)
    boxes = []
    for i in range(view.players):
        colour = view.rules.colors[i].value
        down = view.table[i]
        if not down:
            on_table = h("div.kaya-empty", t("kaya_no_table"))
        else:
            on_table = card_row([_mark(card_back(words, 44, colour), f"table:{i}" in moved)])
        just = i == view.active and down and view.phase != "play"
        table_key = "kaya_table_label_active" if just else "kaya_table_label"
        bonus, held = view.bonus[i], view.hand_counts[i]
        coins = sum(view.rules.bonus_value(c) for c in bonus)
        fresh = moved.get(f"bonus:{i}", set())
        bonus_row = card_row([_mark(card_node(words, view, c, width=40), c in fresh)
                              for c in bonus], empty=t("kaya_no_bonus"))  # fmt: skip
        boxes.append(h(
            "div.kaya-player",
            h("div.kaya-player-name", drawn_card(_swatch(colour), 14), " ", words.seat(i)),
            h("div.kaya-small", t.count("kaya_hand_count", held, n=held)),
            h("div.kaya-small", t(table_key)), on_table,
            h("div.kaya-small", t("kaya_bonus_label", coins=coins)), bonus_row,
            cls="kaya-active" if i == view.current_player else "",
        ))  # fmt: skip
    hidden = sum(view.hidden_discards)
    fresh = moved.get("discard", set())
    discard = card_row([_mark(card_node(words, view, c, width=36, dim=True), c in fresh)
                        for c in view.discard], empty=t("kaya_no_discard"))  # fmt: skip
    return h("div.kaya-table", h("div.kaya-players", *boxes),
             h("div.kaya-panel.kaya-discard",
               h("div.kaya-small", t("kaya_discard_label", hidden=hidden)), discard))  # fmt: skip


def gambreng(screen: Screen, words: KayaWords) -> Node:
    """The shows of the draw for the first player, one more at each step of a new game."""
    t, view = words.t, _view(screen)
    draw = gambreng_of(view)
    if draw is None:
        return ""
    rows = []
    shown = screen.intro_shown if screen.intro_shown is not None else len(draw.rounds)
    for r in draw.rounds[:shown]:
        shows = ", ".join(f"{words.seat(s)}: {t(f'gesture_{g}')}" for s, g in r.shows)
        result = (t.count("gambreng_out", len(r.out), players=words.seats(r.out)) if r.out
                  else t("gambreng_again"))  # fmt: skip
        rows.append(h("li", h("b", t(f"gambreng_{r.kind}")),
                      f" \u2014 {shows} \u2192 {result}"))  # fmt: skip
    if shown < len(draw.rounds):
        first = t("gambreng_watch")
        rows.append(h("li", "\u2026"))
    else:
        first = t("gambreng_first", player=words.seat(draw.first))
    return h("details.kaya-panel.kaya-gambreng",
             h("summary", h("b", t("gambreng_title")), f" \u2014 {first}"),
             h("div.kaya-small", t("gambreng_rules")), h("ol", *rows),
             open=view.turn <= 2)  # fmt: skip


def showdown(screen: Screen, words: KayaWords) -> Node:
    """The last showdown, while it is news: until the next decision at this screen."""
    t, view, events = words.t, _view(screen), screen.log
    last = None
    for k in range(len(events) - 1, screen.news - 1, -1):
        if isinstance(events[k], ShowdownEvent):
            last = k
            break
    if last is None:
        return ""
    e = events[last]
    assert isinstance(e, ShowdownEvent)
    cards = [
        h("div.kaya-player", h("div.kaya-player-name", words.seat(s)),
          card_row([card_node(words, view, c, width=60, highlight=s == e.winner)]))
        for s, c in e.cards
    ]  # fmt: skip
    tie_rule = "kaya_tie_rule" if len(e.cards) == 2 else "kaya_tie_rule_many"  # RULES.md 4, 5
    after = []
    for later in events[last + 1 :]:
        if isinstance(later, (PlayEvent, ChallengeEvent)):
            break
        seen = later.seen_by(screen.log_seat)
        if seen is not None and (line := words.event_text(seen)):
            after.append(h("li", line))
    return h(
        "div.kaya-panel.kaya-showdown-panel",
        h("div.kaya-panel-title", t("kaya_showdown_title", n=e.turn)),
        h("div.kaya-result",
          h("span.kaya-win", t("kaya_showdown_winner", player=words.seat(e.winner)))),
        h("div.kaya-players", *cards), h("ul.kaya-small", *after) if after else None,
        h("div.kaya-small", t(tie_rule)),
    )  # fmt: skip


def score(screen: Screen, words: KayaWords) -> Node:
    """The final score, card by card (empty until the game is over)."""
    t, view = words.t, _view(screen)
    if not view.is_terminal or view.laid is None:
        return ""
    result = scores(view.rules, view.laid, view.bonus)
    winners = set(result.winners)
    head = h("tr", *[h("th", t(key)) for key in
                     ("score_player", "score_hand", "score_bonus", "score_total")])  # fmt: skip
    rows = [head]
    for s in result.seats:
        hand = [str(c.number) for c in s.hand]
        bonus = [f"({v})" if (v := view.rules.bonus_value(c)) < 0 else str(v) for c in s.bonus]
        rows.append(h("tr", h("td", words.seat(s.seat)), h("td", *_sum(hand, s.hand_sum)),
                      h("td", *_sum(bonus, s.bonus_sum)),
                      h("td.kaya-score-total", h("b", str(s.total))),
                      cls="kaya-win" if s.seat in winners else ""))  # fmt: skip
    return h("div.kaya-panel.kaya-score-panel", h("div.kaya-panel-title", t("score_title")),
             h("div.kaya-scroll-x", h("table.kaya-score", h("tbody", *rows))),
             h("div.kaya-small", t("score_rule")))  # fmt: skip


def _sum(terms: list[str], total: int) -> list[Node]:
    """``1 + 2 + 3 = 6``, breaking only after a ``+`` on a narrow screen: the last term stays
    with its result.

    >>> _sum(["5", "6"], 11)
    [['span.kaya-nowrap', {}, '5 +'], ' ', ['span.kaya-nowrap', {}, '6 = 11']]
    """
    parts = [f"{term} +" for term in terms[:-1]]
    parts.append(f"{terms[-1] if terms else '0'} = {total}")
    out: list[Node] = []
    for part in parts:
        out += [" "] if out else []
        out.append(h("span.kaya-nowrap", part))
    return out


def hand_title(screen: Screen, words: KayaWords) -> Node:
    if screen.viewer is None or screen.view.is_terminal:
        return ""
    return h("h4", words.t("your_cards", player=words.seat(screen.viewer)))


def own_table(screen: Screen, words: KayaWords) -> Node:
    """Your own face-down card, while your cards are face up."""
    view = _view(screen)
    own = view.own_table
    if own is None or not screen.hand or view.is_terminal:
        return ""
    t = words.t
    return h("div.kaya-own-table-box", card_row([card_node(words, view, own, width=60)]),
             h("div.kaya-small", t("kaya_own_table_short")), title=t("kaya_own_table"))


# ---------------------------------------------------------------------------------------------
# The hint: the odds that matter for every decision of the person at the screen.


def hint(screen: Screen, words: KayaWords) -> Node:
    """Play: each card's chance to win a challenge and the points it can expect; challenge:
    each choice's chance to win and expected points; a power or a choice: what each option
    changes. Computed by :mod:`kayalib.kaya.advice` from the seat's own view."""
    t = words.t
    if not screen.hint:
        return ""
    if not screen.can_act:
        return h("div.kaya-empty", t("kaya_hint_unavailable"))
    view = _view(screen)
    if view.phase == "play":
        body = _play_hint(words, view)
    elif view.phase == "challenge":
        body = _challenge_hint(words, view)
    else:
        body = _choice_hint(words, view)
    return h("div.kaya-panel.kaya-hint-panel", *body)


def _short(words: KayaWords, seat: int) -> str:
    return words.t("seat_name", n=seat + 1)


def _note(text: str) -> Node:
    return h("div.kaya-small", text)


def bars(rows: Sequence[tuple[str, float | Fraction, bool, str]], *, title: str,
         percent_text: Callable[[float], str]) -> Node:  # fmt: skip
    """A horizontal bar chart: a ``(label, probability, marked, detail)`` row per line, each bar
    with its percentage as text; a marked row (the best choice) in bold, with a star and a
    second colour (never colour alone)."""
    lines = []
    for label, p, marked, detail in rows:
        p = min(1.0, max(0.0, float(p)))
        lines.append(h(
            "div.kaya-bar-row", h("span.kaya-bar-label", ("\u2605 " if marked else "") + label),
            h("span.kaya-bar-track", h("span.kaya-bar-fill", style=f"width:{p * 100:.1f}%")),
            h("span.kaya-bar-value", percent_text(p)),
            h("span.kaya-bar-detail", detail) if detail else None,
            cls="kaya-bar-mark" if marked else "",
        ))  # fmt: skip
    return h("div.kaya-bars", h("div.kaya-bars-title", title), *lines)


def _known_notes(words: KayaWords, view: KayaView) -> list[Node]:
    """A note for each other seat whose face-down card came from a hand with a known card: the
    chance the hint gives it (:func:`~kayalib.kaya.advice.known_share`) and why."""
    from kayalib.kaya.advice import known_share

    t = words.t
    notes = []
    for s, known in enumerate(view.known_in_hand):
        if s == view.seat or not view.table[s] or not known:
            continue
        replayed, watched = view.known_replays[s]
        args = {"player": _short(words, s), "cards": view.hand_counts[s] + 1,
                "card": ", ".join(words.card_text(card(view.colors[s], n)) for n in known)}
        share = known_share(view, s) if watched else None
        if share is not None:
            notes.append(_note(t("kaya_hint_known_again", replayed=replayed, watched=watched,
                                 chance=percent(t, share), **args)))
        else:
            notes.append(_note(t("kaya_hint_known", **args)))
    return notes


def _play_hint(words: KayaWords, view: KayaView) -> list[Node]:
    from kayalib.kaya.advice import play_odds

    t = words.t
    odds = play_odds(view)
    if all(o.challenger is None for o in odds.values()):
        return [_note(t("kaya_hint_no_challenger"))]
    rows = []
    for played, o in odds.items():
        if o.challenger is None:  # nobody can challenge any card (so none has a challenger)
            continue
        rows.append((words.card_text(played), o.win_probability, False,
                     t("kaya_hint_play_detail", points=signed(t, o.points),
                       player=_short(words, o.challenger), number=played.number)))  # fmt: skip
    chart = bars(rows, title=t("kaya_hint_play_title"), percent_text=lambda p: percent(t, p))
    return [chart, _note(t("kaya_hint_play_note")), *_known_notes(words, view)]


def _challenge_hint(words: KayaWords, view: KayaView) -> list[Node]:
    from kayalib.kaya.advice import challenge_values

    t = words.t
    values = challenge_values(view)
    best = max((float(v.win_probability) for v in values.values()), default=0.0)
    rows = [
        (", ".join(_short(words, s) for s in targets), v.win_probability,
         float(v.win_probability) == best,
         t("kaya_hint_challenge_detail", points=signed(t, v.deltas[view.seat])))
        for targets, v in values.items()
    ]  # fmt: skip
    chart = bars(rows, title=t("kaya_hint_title"), percent_text=lambda p: percent(t, p))
    return [chart, _note(t("kaya_hint_note")), *_known_notes(words, view)]


def _choice_hint(words: KayaWords, view: KayaView) -> list[Node]:
    from kayalib.kaya.advice import decision_points

    t = words.t
    rows = []
    for action, change in decision_points(view).items():
        if isinstance(action, TakeBack):
            label = t("kaya_take_back")
        elif isinstance(action, Steal):
            label = t("kaya_steal_option", card=words.card_text(action.card),
                      coins=view.rules.bonus_value(action.card),
                      player=_short(words, action.victim))  # fmt: skip
        elif isinstance(action, Keep):
            label = t("kaya_keep")
        elif isinstance(action, Give):
            label = t("kaya_hint_give", card=words.card_text(action.card))
        elif isinstance(action, Decline):
            label = t("kaya_decline")
        else:
            label = str(action)
        effects = [t("kaya_hint_points_you", points=signed(t, change.get(view.seat, 0), 0))]
        effects += [
            t("kaya_hint_points_other", player=_short(words, s), points=signed(t, v, 0))
            for s, v in change.items()
            if s != view.seat and v
        ]
        rows.append(h("tr", h("td", label), h("td", "; ".join(effects))))
    return [h("div.kaya-bars-title", t("kaya_hint_choice_title")),
            h("table.kaya-hint-table", h("tbody", *rows)), _note(t("kaya_hint_choice_note"))]


def challenge_targets(view: KayaView) -> list[int]:
    """The seats a challenge may add beside the active player (ticked boxes)."""
    return sorted({s for a in view.legal_actions() if isinstance(a, Challenge)
                   for s in a.targets} - {view.active})  # fmt: skip
