"""The HTML of the Blef app's panels: pure functions ``panel(screen, words) -> str`` of a
:class:`~kayalib.ui.screen.Screen` and the narrator (:class:`~kayalib.words.BlefWords`, seats
named as the app names them): the status line (what happened since your last move, then what
to do), the players, your hand, the bids of the round, and the reveal after a check (the
hands the view says were laid face up).
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from kayalib.blef.bids import Bid
from kayalib.blef.cards import Card
from kayalib.blef.events import CheckEvent, EliminatedEvent, StartEvent
from kayalib.blef.view import BlefView
from kayalib.draw import blef_card_svg, card_back_svg, row_html
from kayalib.ui.screen import Screen, hold_text, news_lines, status_line
from kayalib.words.blef import BlefWords

__all__ = [
    "bid_cards",
    "bids_html",
    "hand_html",
    "hand_title_html",
    "legal_bids",
    "players_html",
    "reveal_html",
    "status_html",
]


def bid_cards(bid: Bid, pool: Sequence[Card]) -> set[Card]:
    """The cards of ``pool`` that count towards ``bid`` (highlighted in the reveal)."""
    kind, params = bid.kind, bid.params
    if kind in ("high-card", "pair", "three", "four", "two-pair", "full"):
        return {c for c in pool if c.rank in params}
    if kind == "small-straight":
        return {c for c in pool if c.rank <= 4}
    if kind == "big-straight":
        return {c for c in pool if c.rank >= 1}
    if kind == "flush":
        return {c for c in pool if c.suit == params[0]}
    if kind == "small-poker":
        return {c for c in pool if c.suit == params[0] and c.rank <= 4}
    if kind == "big-poker":
        return {c for c in pool if c.suit == params[0] and c.rank >= 1}
    return set()


def card(words: BlefWords, c: Card, *, width: int = 72, highlight: bool = False) -> str:
    return blef_card_svg(c.rank, c.suit, width=width, highlight=highlight,
                         suit_names=words.suit_names())  # fmt: skip


def legal_bids(view: BlefView) -> list[Bid]:
    """The bids the view's seat may make now (none unless it is its turn)."""
    return [a for a in view.legal_actions() if isinstance(a, Bid)]


def status_html(screen: Screen, words: BlefWords) -> str:
    """What happened since this screen's last decision (as the log says it), then what to do
    now: a screen reader reads the whole line out when it changes."""
    t, view = words.t, screen.view
    assert isinstance(view, BlefView)
    held, seat = hold_text(t, screen), view.current_player
    if view.outcome is not None or seat is None:
        winner = view.outcome.winners[0] if view.outcome is not None else 0
        text, cls = t("blef_winner", player=words.seat(winner)), "kaya-over"
    elif held is not None:
        text, cls = held, ""
    elif screen.is_person(seat):
        who = words.seat(seat)
        if screen.hot_seat and not screen.hand_visible:
            text = t("hot_seat_turn", player=who)
        elif view.bids and not legal_bids(view):
            text = t("blef_your_top", player=who, bid=words.bid_text(view.bids[-1][1]))
        elif view.bids:
            text = t("blef_your_turn", player=who, bid=words.bid_text(view.bids[-1][1]))
        else:
            text = t("blef_your_opening", player=who)
        cls = "kaya-your-turn"
    else:
        text, cls = t("waiting_for", player=words.seat(seat)), ""
    return status_line(t, news_lines(screen, words), text, cls, t("round_n", n=view.round))


def players_html(screen: Screen, words: BlefWords) -> str:
    t, view = words.t, screen.view
    assert isinstance(view, BlefView)
    parts = ['<div class="kaya-players">']
    winners = view.outcome.winners if view.outcome is not None else ()
    for i in range(view.players):
        count = view.holds(i)
        cls = "kaya-player"
        if i == view.current_player:
            cls += " kaya-active"
        if count:
            info = t.count("cards_count", count, n=count)
            back = card_back_svg(width=22, title=t("card_face_down"))
            backs = row_html([back] * count)
        elif i in winners:
            info, backs = t("player_won"), ""
        else:
            info, backs = t("player_out"), ""
            cls += " kaya-out"
        parts.append(
            f'<div class="{cls}"><div class="kaya-player-name">{escape(words.seat(i))}'
            f'</div><div class="kaya-small">{escape(info)}</div>{backs}</div>'
        )
    parts.append("</div>")
    start = view.events[0]
    limit = start.max_cards if isinstance(start, StartEvent) else None
    rule = t("blef_limit", n=limit) if limit is not None else t("blef_limit_deck")
    parts.append(f'<div class="kaya-small">{escape(rule)}</div>')
    return "".join(parts)


def _won(screen: Screen) -> bool:
    """Whether the game is over and the viewer won it (then they hold no cards: no hand)."""
    outcome = screen.view.outcome
    return outcome is not None and screen.viewer in outcome.winners


def hand_title_html(screen: Screen, words: BlefWords) -> str:
    if screen.viewer is None or _won(screen):
        return ""  # the winner holds no cards (the status line and players panel say who won)
    return f"<h4>{escape(words.t('your_cards', player=words.seat(screen.viewer)))}</h4>"


def hand_html(screen: Screen, words: BlefWords) -> str:
    """The viewer's cards, face up when shown (else their backs); "out of the game" once
    they are out."""
    if screen.viewer is None or _won(screen):
        return ""
    view = screen.view
    assert isinstance(view, BlefView)
    if screen.hand_visible:
        faces = [card(words, c, width=84) for c in view.hand]
    else:
        back = card_back_svg(width=84, label="?", title=words.t("card_face_down"))
        faces = [back] * len(view.hand)
    out = not view.holds(screen.viewer)  # eliminated: no cards for the rest of the game
    return row_html(faces, empty=words.t("player_out" if out else "no_cards"))


def bids_html(screen: Screen, words: BlefWords) -> str:
    t, view = words.t, screen.view
    assert isinstance(view, BlefView)
    if view.is_terminal:
        return ""
    title = f'<div class="kaya-panel-title">{escape(t("bids_title", n=view.round))}</div>'
    if not view.bids:
        return (
            f'<div class="kaya-panel">{title}<div class="kaya-empty">'
            f"{escape(t('no_bids'))}</div></div>"
        )
    rows = []
    for k, (seat, bid) in enumerate(view.bids):
        cls = ' class="kaya-bid-last"' if k == len(view.bids) - 1 else ""
        rows.append(
            f"<tr{cls}><td>{escape(words.seat(seat))}</td>"
            f"<td>{escape(words.bid_text(bid))}</td></tr>"
        )
    return f'<div class="kaya-panel">{title}<table class="kaya-bids">{"".join(rows)}</table></div>'


def reveal_html(screen: Screen, words: BlefWords) -> str:
    """The cards of a check made since the last decision at this screen (then it goes)."""
    t = words.t
    news = screen.since_news()
    checks = [e for e in news if isinstance(e, CheckEvent)]
    view = screen.view
    assert isinstance(view, BlefView)
    if not checks or view.laid is None:
        return ""
    e = checks[-1]
    counted = bid_cards(e.bid, e.pool)
    verdict = words.verdict(e.true)
    why = t("blef_reveal_why", checker=words.seat(e.seat), bidder=words.seat(e.bidder),
            bid=words.bid_text(e.bid), verdict=verdict, loser=words.seat(e.loser))  # fmt: skip
    out = next((x for x in screen.log if isinstance(x, EliminatedEvent)
                and x.round == e.round and x.seat == e.loser), None)  # fmt: skip
    if out is not None:
        why += " " + t("blef_reveal_out", loser=words.seat(e.loser), cards=out.cards)
    else:
        why += " " + t("blef_reveal_more", loser=words.seat(e.loser))
    hands = []
    for i, hand in enumerate(view.laid):
        if not hand:
            continue
        cards = row_html([card(words, c, width=56, highlight=c in counted) for c in hand])
        hands.append(
            f'<div class="kaya-player"><div class="kaya-player-name">'
            f"{escape(words.seat(i))}</div>{cards}</div>"
        )
    cls = "kaya-win" if e.true else "kaya-lose"
    return (
        f'<div class="kaya-panel kaya-reveal-panel"><div class="kaya-panel-title">'
        f"{escape(t('blef_reveal_title', n=e.round))}</div>"
        f'<div class="kaya-result"><span class="{cls}">{escape(words.bid_text(e.bid))}: '
        f"{escape(verdict)}</span> \u2014 {escape(why)}</div>"
        f'<div class="kaya-small">{escape(t("blef_reveal_gold"))}</div>'
        f'<div class="kaya-players">{"".join(hands)}</div></div>'
    )
