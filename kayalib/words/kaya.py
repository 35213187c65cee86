"""Aku Paling Kaya in words: colours, cards, gambreng shows and the events of the log."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cached_property

from kayalib.kaya.cards import Card, Color
from kayalib.kaya.events import (
    ChallengeEvent,
    DeclineEvent,
    EndEvent,
    Event,
    GambrengEvent,
    MoveEvent,
    PassEvent,
    PlayEvent,
    PowerEvent,
    ShowdownEvent,
    StartEvent,
)
from kayalib.kaya.gambreng import GambrengRound
from kayalib.words import LogLine, Words, sentence

__all__ = ["MOVE_KEYS", "KayaWords", "action_text", "seen_by"]

MOVE_KEYS = {
    "stale": "kaya_log_stale",
    "won": "kaya_log_won",
    "claimed": "kaya_log_claimed",
    "taken": "kaya_log_taken",
    "blue-return": "kaya_log_blue",
    "pink-give": "kaya_log_pink",
    "orange-keep": "kaya_log_orange",
    "red-steal": "kaya_log_red",
    "green-return": "kaya_log_green",
    "red-spent": "kaya_log_red_spent",
    "showdown": "kaya_log_discarded",
}
"""The sentence for each reason a card moves ("play" is said by the play event itself)."""


def _seat_of(place: str) -> int | None:
    """``"bonus:2"`` -> 2; ``"discard"`` -> None."""
    _, _, seat = place.partition(":")
    return int(seat) if seat.isdigit() else None


def seen_by(event: Event, seat: int) -> Event | None:
    """The event as ``seat`` may see it (hidden cards removed), or ``None``; ``-1``: nobody's."""
    return event.seen_by(seat)


class KayaWords(Words):
    """Aku Paling Kaya's words in one language: ``card_text`` is "green 5" / "Hijau 5";
    ``event_text`` says one event of the log as a sentence."""

    def colour(self, colour: Color | str) -> str:
        value = colour.value if isinstance(colour, Color) else str(colour)
        return self.t(f"colour_{value}")

    def colour_names(self) -> dict[str, str]:
        """``{"green": "green", ...}`` in this language, for card drawings."""
        return dict(self.colour_items)

    @cached_property
    def colour_items(self) -> tuple[tuple[str, str], ...]:
        """:meth:`colour_names` as pairs, looked up once per narrator (a page draws every
        card of the table with them at each change)."""
        return tuple((c.value, self.colour(c)) for c in Color)

    def card_text(self, card: Card | None) -> str:
        if card is None:
            return self.t("kaya_hidden_card")
        return f"{self.colour(card.color)} {card.number}"

    def cards_text(self, cards: Iterable[Card]) -> str:
        return ", ".join(self.card_text(c) for c in cards)

    def gesture(self, gesture: str) -> str:
        return self.t(f"gesture_{gesture}")

    def show_text(self, show: GambrengRound) -> tuple[str, str, str]:
        """One gambreng show: ``(kind, who showed what, what came of it)``."""
        shows = ", ".join(f"{self.seat(s)}: {self.gesture(g)}" for s, g in show.shows)
        out = show.out
        result = self.t.count("gambreng_out", len(out), players=self.seats(out)) if out else self.t(
            "gambreng_again"
        )
        return self.t(f"gambreng_{show.kind}"), shows, result

    def move_text(self, e: MoveEvent) -> str:
        """Where a card went and why ("" for a play: the play event says it)."""
        key = MOVE_KEYS.get(e.why)
        if key is None:
            return ""
        src, dst = _seat_of(e.source), _seat_of(e.target)
        who = self.seat(src) if src is not None else ""
        to = self.seat(dst) if dst is not None else ""
        return sentence(self.t(key, card=self.card_text(e.card), source=who, target=to))

    def event_text(self, e: Event) -> str:
        """One event in words ("" for events another line already says); every card that moves
        is said with where it goes from and to (hand, table, bonus pile, discard pile)."""
        return sentence(self._event_text(e))

    def _event_text(self, e: Event) -> str:
        t, name = self.t, self.seat
        if isinstance(e, StartEvent):
            if e.seed is None:  # a seat's view, or a rigged deal
                return t("kaya_log_start_unseeded", players=len(e.colors))
            return t("kaya_log_start", players=len(e.colors), seed=e.seed)
        if isinstance(e, GambrengEvent):
            rounds = len(e.gambreng.rounds)
            return t.count("kaya_log_gambreng", rounds, rounds=rounds,
                           player=name(e.gambreng.first))  # fmt: skip
        if isinstance(e, PlayEvent):
            if e.card is None:
                return t("kaya_log_play", player=name(e.seat))
            return t("kaya_log_play_own", player=name(e.seat), card=self.card_text(e.card))
        if isinstance(e, PassEvent):
            return t("kaya_log_pass", player=name(e.seat))
        if isinstance(e, ChallengeEvent):
            return t("kaya_log_challenge", player=name(e.seat), targets=self.seats(e.targets))
        if isinstance(e, ShowdownEvent):
            shown = ", ".join(f"{name(s)}: {c.number}" for s, c in e.cards)
            return t("kaya_log_showdown", cards=shown, winner=name(e.winner))
        if isinstance(e, PowerEvent):
            return ""  # the move that follows says what the power did
        if isinstance(e, DeclineEvent):
            if e.power is None:
                return ""  # a card without a power: the turn just ends
            return t("kaya_log_decline", player=name(e.seat), card=self.card_text(e.card))
        if isinstance(e, EndEvent):
            scores = ", ".join(f"{name(s)}: {p}" for s, p in enumerate(e.scores))
            return t.count("kaya_log_end", len(e.winners), scores=scores,
                           winners=self.seats(e.winners))  # fmt: skip
        if isinstance(e, MoveEvent):
            return self.move_text(e)
        return ""

    def event_lines(self, events: Sequence[Event], viewer: int = -1) -> list[str]:
        """The log as ``viewer`` may see it (``-1``: only what every seat sees), in sentences."""
        return [line.text for line in self.log_lines(events, viewer)]

    def log_lines(self, events: Sequence[Event], viewer: int = -1) -> list[LogLine]:
        """:meth:`event_lines` with each line's position in ``events`` and its turn."""
        lines = []
        for index, event in enumerate(events):
            seen = seen_by(event, viewer)
            if seen is not None and (text := self.event_text(seen)):
                lines.append(LogLine(index, getattr(seen, "turn", None), text))
        return lines

    def group_title(self, turn: int, events: Sequence[Event]) -> str:
        """The heading of a turn in the log: its number and its active player ("Turn 4:
        Player 2 (bot: random) · red")."""
        active = next((e.seat for e in events if isinstance(e, PlayEvent) and e.turn == turn),
                      None)  # fmt: skip
        if active is None:
            return self.t("kaya_log_turn_head_plain", n=turn)
        return self.t("kaya_log_turn_head", n=turn, player=self.seat(active))


def action_text(words: KayaWords, action: object, seat: int) -> str:
    """A move in a few words ("Ayu challenges Budi, Citra"), for titles and lists."""
    from kayalib.kaya.actions import Challenge, Decline, Give, Keep, Pass, Play, Steal, TakeBack

    t, who = words.t, words.seat(seat)
    if isinstance(action, Play):
        return t("kaya_act_play", player=who, card=words.card_text(action.card))
    if isinstance(action, Pass):
        return t("kaya_act_pass", player=who)
    if isinstance(action, Challenge):
        return t("kaya_act_challenge", player=who, targets=words.seats(action.targets))
    if isinstance(action, TakeBack):
        return t("kaya_act_take_back", player=who)
    if isinstance(action, Steal):
        return t("kaya_act_steal", player=who, card=words.card_text(action.card),
                 victim=words.seat(action.victim))  # fmt: skip
    if isinstance(action, Give):
        return t("kaya_act_give", player=who, card=words.card_text(action.card))
    if isinstance(action, Keep):
        return t("kaya_act_keep", player=who)
    if isinstance(action, Decline):
        return t("kaya_act_decline", player=who)
    return str(action)
