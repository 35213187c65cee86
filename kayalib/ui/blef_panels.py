"""The Blef app's panels as trees (:mod:`kayalib.ui.tree`): pure functions
``panel(screen, words) -> node`` of a
:class:`~kayalib.ui.screen.Screen` and the narrator (:class:`~kayalib.words.BlefWords`, seats
named as the app names them): the status line (what happened since your last move, then what
to do), the players, your hand, the bids of the round, and the reveal after a check (the
hands the view says were laid face up).
"""

from __future__ import annotations

from collections.abc import Sequence

from kayalib.blef.bids import Bid
from kayalib.blef.cards import Card
from kayalib.blef.events import CheckEvent, EliminatedEvent, StartEvent
from kayalib.blef.view import BlefView
from kayalib.draw import blef_card_svg, card_back_svg
from kayalib.ui.screen import Screen, hold_text, news_lines, status_line
from kayalib.ui.tree import Node, card_row, drawn, h
from kayalib.words.blef import BlefWords

__all__ = ["bid_cards", "bids", "hand", "hand_title", "legal_bids", "players", "reveal", "status"]


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


def card(words: BlefWords, c: Card, *, width: int = 72, highlight: bool = False) -> Node:
    """A card face, named in the words' language."""
    return drawn(blef_card_svg(c.rank, c.suit, highlight=highlight,
                               suit_names=words.suit_names()), width)  # fmt: skip


def back(words: BlefWords, width: int, label: str = "") -> Node:
    """A face-down card."""
    return drawn(card_back_svg(label=label, title=words.t("card_face_down")), width)


def legal_bids(view: BlefView) -> list[Bid]:
    """The bids the view's seat may make now (none unless it is its turn)."""
    return [a for a in view.legal_actions() if isinstance(a, Bid)]


def status(screen: Screen, words: BlefWords) -> Node:
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


def players(screen: Screen, words: BlefWords) -> Node:
    """Each player: name, how many cards (their backs), or won, or out; the deal's limit."""
    t, view = words.t, screen.view
    assert isinstance(view, BlefView)
    boxes = []
    winners = view.outcome.winners if view.outcome is not None else ()
    for i in range(view.players):
        count = view.holds(i)
        cls = ["kaya-active"] if i == view.current_player else []
        backs = None
        if count:
            info = t.count("cards_count", count, n=count)
            backs = card_row([back(words, 22)] * count)
        elif i in winners:
            info = t("player_won")
        else:
            info = t("player_out")
            cls.append("kaya-out")
        boxes.append(h("div.kaya-player", h("div.kaya-player-name", words.seat(i)),
                       h("div.kaya-small", info), backs, cls=cls))  # fmt: skip
    start = view.events[0]
    limit = start.max_cards if isinstance(start, StartEvent) else None
    rule = t("blef_limit", n=limit) if limit is not None else t("blef_limit_deck")
    return h("div.kaya-players-panel", h("div.kaya-players", *boxes), h("div.kaya-small", rule))


def _won(screen: Screen) -> bool:
    """Whether the game is over and the viewer won it (then they hold no cards: no hand)."""
    outcome = screen.view.outcome
    return outcome is not None and screen.viewer in outcome.winners


def hand_title(screen: Screen, words: BlefWords) -> Node:
    if screen.viewer is None or _won(screen):
        return ""  # the winner holds no cards (the status line and players panel say who won)
    return h("h4", words.t("your_cards", player=words.seat(screen.viewer)))


def hand(screen: Screen, words: BlefWords) -> Node:
    """The viewer's cards, face up when shown (else their backs); "out of the game" once
    they are out."""
    if screen.viewer is None or _won(screen):
        return ""
    view = screen.view
    assert isinstance(view, BlefView)
    if screen.hand_visible:
        faces = [card(words, c, width=84) for c in view.hand]
    else:
        faces = [back(words, 84, "?")] * len(view.hand)
    out = not view.holds(screen.viewer)  # eliminated: no cards for the rest of the game
    return card_row(faces, empty=words.t("player_out" if out else "no_cards"))


def bids(screen: Screen, words: BlefWords) -> Node:
    """The bids of the round, the last one marked (in bold and a tint)."""
    t, view = words.t, screen.view
    assert isinstance(view, BlefView)
    if view.is_terminal:
        return ""
    title = h("div.kaya-panel-title", t("bids_title", n=view.round))
    if not view.bids:
        return h("div.kaya-panel", title, h("div.kaya-empty", t("no_bids")))
    last = len(view.bids) - 1
    rows = [h("tr", h("td", words.seat(seat)), h("td", words.bid_text(bid)),
              cls="kaya-bid-last" if k == last else "")
            for k, (seat, bid) in enumerate(view.bids)]  # fmt: skip
    return h("div.kaya-panel", title, h("table.kaya-bids", h("tbody", *rows)))


def reveal(screen: Screen, words: BlefWords) -> Node:
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
    hands = [
        h("div.kaya-player", h("div.kaya-player-name", words.seat(i)),
          card_row([card(words, c, width=56, highlight=c in counted) for c in held]))
        for i, held in enumerate(view.laid) if held
    ]  # fmt: skip
    cls = "kaya-win" if e.true else "kaya-lose"
    return h(
        "div.kaya-panel.kaya-reveal-panel",
        h("div.kaya-panel-title", t("blef_reveal_title", n=e.round)),
        h("div.kaya-result", h("span", f"{words.bid_text(e.bid)}: {verdict}", cls=cls),
          f" \u2014 {why}"),
        h("div.kaya-small", t("blef_reveal_gold")),
        h("div.kaya-players", *hands),
    )  # fmt: skip
