"""What one seat of Aku Paling Kaya may know: :class:`KayaView` (bots receive views only)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache
from html import escape

from kayalib.engine import Chain, Event, JSONRecord, Outcome, RawRecord, View, memo
from kayalib.errors import ParseError
from kayalib.kaya.actions import Action
from kayalib.kaya.cards import Card, Color
from kayalib.kaya.events import PlayEvent, PowerEvent, ShowdownEvent, event_from_json
from kayalib.kaya.position import Position
from kayalib.kaya.rules import KayaRules
from kayalib.kaya.turn import down_mask, legal_for

__all__ = ["KayaView", "record_hands", "table_html"]


def _card(text: str | None) -> Card | None:
    return None if text is None else Card.parse(text)


@dataclass(frozen=True)
class KayaView(View[Action]):
    """What seat ``seat`` may know: own hand and face-down card, every face-up card, counts.

    ``phase`` and ``current_player`` are the table's (after a turn without a challenge, A
    decides ``power`` whatever card A played, so the phase tells nothing about the card).
    ``table[s]``: seat ``s`` has a face-down card on the table; ``hand_counts``,
    ``hidden_discards`` (face-down discards per seat), ``bonus`` piles and the face-up
    ``discard`` are public. ``hidden[s]`` lists the numbers of seat ``s``'s colour that are not
    face-up anywhere: each is in that seat's hand, face-down on the table, or in the face-down
    discard; ``seen(s)`` is the complement. ``revealed[s]`` is a showdown card shown on the
    table (while an orange 4 decides); ``challenger``, ``targets`` and ``showdown_winner``
    describe the showdown under way. ``legal_actions()`` is empty unless it is this seat's
    turn. ``events`` is this seat's log: no seed, no other seat's hidden card. ``laid`` is
    every hand once the game is over (laid face up: the score counts the cards left in hand),
    else ``None``.

    >>> from kayalib.kaya.game import KayaState
    >>> view = KayaState.new(seed=3).view(1)
    >>> KayaView.from_json(view.to_json()) == view, view.to_json()["hand"][:2]
    (True, ['red-1', 'red-2'])
    """

    seat: int
    rules: KayaRules
    phase: str
    turn: int
    active: int
    current_player: int | None
    hand: tuple[Card, ...]
    own_table: Card | None
    table: tuple[bool, ...]
    hand_counts: tuple[int, ...]
    bonus: tuple[tuple[Card, ...], ...]
    discard: tuple[Card, ...]
    hidden_discards: tuple[int, ...]
    hidden: tuple[tuple[int, ...], ...]
    revealed: tuple[Card | None, ...]
    challenger: int | None
    targets: tuple[int, ...]
    showdown_winner: int | None
    outcome: Outcome | None
    chain: Chain = field(repr=False)
    laid: tuple[tuple[Card, ...], ...] | None = None

    @property
    def players(self) -> int:
        return len(self.hand_counts)

    @property
    def colors(self) -> tuple[Color, ...]:
        return self.rules.colors

    def legal_actions(self) -> tuple[Action, ...]:
        """The actions this seat may take now (empty when it is not this seat's turn)."""
        if self.current_player != self.seat:
            return ()
        return memo(self, "_legal", lambda: legal_for(
            self.rules, self.phase, self.active, self.seat, self.hand, self.own_table,
            down_mask(self.table), self.bonus))  # fmt: skip

    @property
    def known_in_hand(self) -> tuple[tuple[int, ...], ...]:
        """Per seat, the unseen numbers every player knows were in its hand when it played the
        card it has face down (for a seat without one: that are in its hand now).

        A card is known from the moment everybody sees it go back into the hand (a green 3
        taken back), or stay there (a known card that was not the one shown in a showdown),
        until the seat plays again: the card played may be the known one, and a later play puts
        that one face down in the discard unseen (the counting model of
        :mod:`kayalib.kaya.counting` then forgets it). Only public events count.
        """
        return memo(self, "_known", self._known_in_hand)

    def _hand_record_now(self) -> HandRecord:
        return memo(self, "_hand_record", lambda: record_hands(None, self.events, self.players))

    def _known_in_hand(self) -> tuple[tuple[int, ...], ...]:
        record = self._hand_record_now()
        if record is _nothing_known(self.players):
            return ((),) * self.players
        now, at_play = record[0], record[1]
        hidden, table = self.hidden, self.table
        return tuple(
            tuple(sorted((at_play[s] if table[s] else now[s]).intersection(hidden[s])))
            for s in range(self.players)
        )

    @property
    def known_replays(self) -> tuple[tuple[int, int], ...]:
        """Per seat, ``(replayed, watched)``: of the cards it played while a card was known in
        its hand (:attr:`known_in_hand`) and that everybody then saw, how many were a known
        one (a green 3 taken back and played again)."""
        record = self._hand_record_now()
        return tuple(zip(record[2], record[3], strict=True))

    def seen(self, seat: int) -> tuple[int, ...]:
        """Numbers of seat ``seat``'s colour that are face-up (bonus piles, public discard,
        revealed on the table)."""
        hidden = self.hidden[seat]
        return tuple(n for n in range(1, 10) if n not in hidden)

    def _repr_html_(self) -> str:
        """This seat's picture of the table: own cards face up, the others' face down."""
        return table_html(self, self.seat)

    def to_json(self) -> JSONRecord:
        """The view as JSON (what a sandboxed bot or a remote seat receives)."""

        def cards(items: tuple[Card, ...]) -> list[str]:
            return [str(c) for c in items]

        return {
            "game": "kaya",
            "seat": self.seat,
            "colors": [c.value for c in self.rules.colors],
            "coins": self.rules.coins_json(),
            "phase": self.phase,
            "turn": self.turn,
            "active": self.active,
            "current_player": self.current_player,
            "hand": cards(self.hand),
            "own_table": None if self.own_table is None else str(self.own_table),
            "table": list(self.table),
            "hand_counts": list(self.hand_counts),
            "bonus": [cards(pile) for pile in self.bonus],
            "discard": cards(self.discard),
            "hidden_discards": list(self.hidden_discards),
            "hidden": [list(numbers) for numbers in self.hidden],
            "revealed": [None if c is None else str(c) for c in self.revealed],
            "challenger": self.challenger,
            "targets": list(self.targets),
            "showdown_winner": self.showdown_winner,
            "outcome": None if self.outcome is None else self.outcome.to_json(),
            "events": [event.to_json() for event in self.events],
            "laid": None if self.laid is None else [cards(hand) for hand in self.laid],
        }

    @classmethod
    def from_json(cls, record: RawRecord) -> KayaView:
        """The view a :meth:`to_json` record stands for; ParseError for anything else."""
        try:
            if record["game"] != "kaya":
                raise ParseError(f"not an Aku Paling Kaya view: {record.get('game')!r}")
            rules = KayaRules(colors=tuple(record["colors"]), coins=record["coins"])
            events = []
            for item in record["events"]:
                event = event_from_json(item)
                events.append(event.seen_by(record["seat"]) or event)
            return cls(
                seat=int(record["seat"]),
                rules=rules,
                phase=str(record["phase"]),
                turn=int(record["turn"]),
                active=int(record["active"]),
                current_player=record["current_player"],
                hand=tuple(Card.parse(c) for c in record["hand"]),
                own_table=_card(record["own_table"]),
                table=tuple(bool(x) for x in record["table"]),
                hand_counts=tuple(int(x) for x in record["hand_counts"]),
                bonus=tuple(tuple(Card.parse(c) for c in pile) for pile in record["bonus"]),
                discard=tuple(Card.parse(c) for c in record["discard"]),
                hidden_discards=tuple(int(x) for x in record["hidden_discards"]),
                hidden=tuple(tuple(int(n) for n in numbers) for numbers in record["hidden"]),
                revealed=tuple(_card(c) for c in record["revealed"]),
                challenger=record["challenger"],
                targets=tuple(int(x) for x in record["targets"]),
                showdown_winner=record["showdown_winner"],
                outcome=Outcome.from_json(record["outcome"]),
                chain=Chain(events),
                laid=None if record["laid"] is None else tuple(
                    tuple(Card.parse(c) for c in hand) for hand in record["laid"]),
            )  # fmt: skip
        except (KeyError, TypeError, ValueError) as error:
            if isinstance(error, ParseError):
                raise
            raise ParseError(f"not an Aku Paling Kaya view record ({error})") from None


#: What the public events say of cards known in hands, per seat: ``(known now, known when it
#: last played, replayed, watched)`` (see :attr:`KayaView.known_in_hand`).
HandRecord = tuple[
    tuple[frozenset[int], ...], tuple[frozenset[int], ...], tuple[int, ...], tuple[int, ...]
]
_FORGOTTEN: frozenset[int] = frozenset()
_HAND_EVENTS = (PlayEvent, ShowdownEvent, PowerEvent)


@cache
def _nothing_known(players: int) -> HandRecord:
    return ((_FORGOTTEN,) * players, (_FORGOTTEN,) * players, (0,) * players, (0,) * players)


def record_hands(record: HandRecord | None, events: Iterable[Event], players: int) -> HandRecord:
    """``record`` (None: a game's start) after ``events``, of which only public ones count."""
    events = [e for e in events if type(e) in _HAND_EVENTS]
    if record is None:
        record = _nothing_known(players)
    if record is _nothing_known(players):  # until a card goes back to a hand, nothing changes
        for event in events:
            if type(event) is PowerEvent and event.power == "green-return":
                break
        else:
            return record
    if not events:
        return record
    now, at_play = list(record[0]), list(record[1])
    replayed, watched = list(record[2]), list(record[3])
    for event in events:
        if type(event) is PlayEvent:
            seat = event.seat
            at_play[seat], now[seat] = now[seat], _FORGOTTEN
            continue
        if type(event) is ShowdownEvent:
            shown = [(seat, c.number) for seat, c in event.cards]
            back = False
        elif type(event) is PowerEvent and event.power != "orange-keep":  # (a kept orange 4
            shown = [(event.seat, event.card.number)]  # was shown in the showdown already)
            back = event.power == "green-return"
        else:
            continue
        for seat, number in shown:
            if at_play[seat]:
                watched[seat] += 1
                replayed[seat] += number in at_play[seat]
            now[seat], at_play[seat] = at_play[seat] - {number}, _FORGOTTEN
        if back:  # a green 3 went back to its hand
            seat, number = shown[0]
            now[seat] = now[seat] | {number}
    return tuple(now), tuple(at_play), tuple(replayed), tuple(watched)


def table_html(game: Position | KayaView, seat: int | None) -> str:
    """An HTML table of the seats for Jupyter: a state (``seat`` None: the whole truth) or a
    view (only that seat's hidden cards)."""
    from kayalib.draw.cards import card_back_svg, kaya_card_svg, row_html

    rules = game.rules

    def face(c: Card) -> str:
        return kaya_card_svg(c.color.value, c.number, rules.bonus_value(c), width=34)

    rows = []
    for s, color in enumerate(rules.colors):
        if not isinstance(game, KayaView):
            hand = row_html([face(c) for c in game.hands[s]], empty="-")
            down = game.table[s]
            table = "" if down is None else row_html([face(down)])
        else:
            if s == seat:
                hand = row_html([face(c) for c in game.hand], empty="-")
            else:
                backs = [card_back_svg(width=34, colour=color.value)] * game.hand_counts[s]
                hand = row_html(backs, empty="-")
            shown = game.revealed[s] or (game.own_table if s == seat else None)
            if shown is not None:
                table = row_html([face(shown)])
            elif game.table[s]:
                table = row_html([card_back_svg(width=34, colour=color.value)])
            else:
                table = ""
        bonus = row_html([face(c) for c in game.bonus[s]], empty="-")
        coins = sum(rules.bonus_value(c) for c in game.bonus[s])
        mark = " &#9654;" if s == game.current_player else ""
        rows.append(
            f"<tr><td><b>{s + 1}</b> {escape(color.value)}{mark}</td><td>{hand}</td>"
            f"<td>{table}</td><td>{bonus} {coins:+d}</td></tr>"
        )
    head = f"turn {game.turn}, phase {escape(game.phase)}, active player {game.active + 1}"
    return (
        f"<div><div>{head}</div><table><tr><th>player</th><th>hand</th><th>table</th>"
        f"<th>bonus</th></tr>{''.join(rows)}</table></div>"
    )
