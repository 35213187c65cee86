"""What one seat of Aku Paling Kaya may know: :class:`KayaView` (bots receive views only)."""

from __future__ import annotations

from html import escape
from typing import Any

from kayalib.kaya.actions import Action
from kayalib.kaya.cards import Card, Color
from kayalib.kaya.events import Event, flatten_log
from kayalib.kaya.rules import KayaRules
from kayalib.kaya.slots import slotted

__all__ = ["KayaView", "table_html"]

VIEW_FIELDS = (
    "seat", "rules", "phase", "turn", "active", "current_player", "hand", "own_table", "table",
    "hand_counts", "bonus", "discard", "hidden_discards", "hidden", "revealed", "challenger",
    "targets", "winner", "legal", "_log",
)  # fmt: skip

ViewSlots = slotted("_ViewSlots", VIEW_FIELDS)


class KayaView(ViewSlots):  # type: ignore[misc, valid-type]
    """What seat ``seat`` may know: own hand and face-down card, every face-up card, counts.

    ``phase`` and ``current_player`` are the table's (after a turn without a challenge, A
    decides ``power`` whatever card A played, so the phase tells nothing about the card).
    ``table[s]``: seat ``s`` has a face-down card on the table; ``hand_counts``,
    ``hidden_discards`` (face-down discards per seat), ``bonus`` piles and the face-up
    ``discard`` are public. ``hidden[s]`` lists the numbers of seat ``s``'s colour that are not
    face-up anywhere: each is in that seat's hand, face-down on the table, or in the face-down
    discard; ``seen(s)`` is the complement. ``revealed[s]`` is a showdown card shown on the
    table (while an orange 4 decides); ``challenger``, ``targets`` and ``winner`` describe the
    showdown under way. ``legal`` (also ``legal_actions()``) is empty unless it is this seat's
    turn. ``events`` is this seat's log: no seed, no other seat's hidden card.
    """

    __slots__ = ()

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
    winner: int | None
    legal: tuple[Action, ...]

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("a KayaView cannot be changed")

    @property
    def players(self) -> int:
        return len(self.hand_counts)

    @property
    def is_terminal(self) -> bool:
        return self.phase == "over"

    @property
    def colors(self) -> tuple[Color, ...]:
        return self.rules.colors

    def legal_actions(self) -> tuple[Action, ...]:
        """The actions this seat may take now (empty when it is not this seat's turn)."""
        return self.legal

    def seen(self, seat: int) -> tuple[int, ...]:
        """Numbers of seat ``seat``'s colour that are face-up (bonus piles, public discard,
        revealed on the table)."""
        hidden = self.hidden[seat]
        return tuple(n for n in range(1, 10) if n not in hidden)

    @property
    def events(self) -> tuple[Event, ...]:
        """This seat's log: public events, own hidden cards, others' hidden cards removed."""
        return flatten_log(self._log)

    def _fields(self) -> tuple:
        return tuple(getattr(self, name) for name in VIEW_FIELDS[:-1]) + (self.events,)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, KayaView):
            return NotImplemented
        return self._fields() == other._fields()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in VIEW_FIELDS[:-1])
        return f"KayaView({shown})"

    def __copy__(self) -> KayaView:
        return self  # immutable

    def __deepcopy__(self, memo: dict) -> KayaView:
        return self

    def __reduce__(self) -> tuple:
        return (make_view, tuple(getattr(self, name) for name in VIEW_FIELDS))

    def _repr_html_(self) -> str:
        """This seat's picture of the table: own cards face up, the others' face down."""
        return table_html(self, self.seat)


def make_view(*values: Any) -> KayaView:
    """A view from its field values in ``VIEW_FIELDS`` order (also how pickle rebuilds one)."""
    view = ViewSlots(*values)
    view.__class__ = KayaView
    return view  # type: ignore[return-value]


def table_html(game: Any, seat: int | None) -> str:
    """An HTML table of the seats for Jupyter: a state (``seat`` None: the whole truth) or a
    view (only that seat's hidden cards)."""
    from kayalib.draw.cards import card_back_svg, kaya_card_svg, row_html

    rules = game.rules
    is_view = isinstance(game, KayaView)

    def face(c: Card) -> str:
        return kaya_card_svg(c.color.value, c.number, rules.bonus_value(c), width=34)

    rows = []
    for s, color in enumerate(rules.colors):
        if not is_view:
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
