"""What an Aku Paling Kaya position is made of: the fields of :class:`Position`, which
:class:`kayalib.kaya.game.KayaState` extends with the verbs of the game. The steps of a turn
(:mod:`kayalib.kaya.turn`) take a position and give the next one; they see only these fields.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from kayalib.engine import Dice, Log, Outcome, State
from kayalib.kaya.actions import Action
from kayalib.kaya.cards import Card
from kayalib.kaya.gambreng import Gambreng
from kayalib.kaya.rules import KayaRules

if TYPE_CHECKING:  # the view imports the turn's steps, which import this module
    from kayalib.kaya.view import KayaView  # noqa: F401 (named in quotes in the base class)

__all__ = ["PHASES", "Position"]

PLAY, CHALLENGE, POWER, ORANGE, PINK, OVER = "play", "challenge", "power", "orange", "pink", "over"
#: The phases, in the order a turn goes through them (see :mod:`kayalib.kaya.turn`).
PHASES = (PLAY, CHALLENGE, POWER, ORANGE, PINK, OVER)


@dataclass(frozen=True)
class Position(State[Action, "KayaView"]):
    """An immutable position of Aku Paling Kaya (see :class:`kayalib.kaya.game.KayaState`).

    ``hands``, ``table`` (a card or None per seat), ``bonus``, ``discard`` (face-up),
    ``hidden_discards`` (face-down, per seat that discarded them), ``hidden`` (per seat, the
    numbers of its colour not face-up anywhere), ``phase``, ``active`` (A),
    ``current_player``, ``turn``, ``draws`` (random takes so far); during a challenge
    ``window`` (the seats still to ask), ``challenger`` (C), ``targets`` (A first),
    ``showdown_winner``, its ``win_card`` and the ``losers`` still to take from; ``revealed``
    while the showdown cards lie face up; ``outcome`` (winners and scores) once the game is
    over.
    """

    rules: KayaRules
    seed: int
    hands: tuple[tuple[Card, ...], ...]
    table: tuple[Card | None, ...]
    bonus: tuple[tuple[Card, ...], ...]
    discard: tuple[Card, ...]
    hidden_discards: tuple[tuple[Card, ...], ...]
    hidden: tuple[tuple[int, ...], ...]
    active: int
    current_player: int | None
    turn: int
    gambreng: Gambreng | None
    phase: str = PLAY
    draws: int = 0
    window: tuple[int, ...] = ()
    challenger: int | None = None
    targets: tuple[int, ...] = ()
    showdown_winner: int | None = None
    win_card: Card | None = None
    losers: tuple[int, ...] = ()
    revealed: bool = False
    outcome: Outcome | None = None
    ply: int = 0
    log: Log = field(default=Log.begin(0, ()), repr=False, hash=False)
    dice: Dice | None = field(default=None, repr=False, compare=False)

    @property
    def players(self) -> int:
        return len(self.hands)

    @property
    def down(self) -> int:
        """Bit ``s`` set when seat ``s`` has a card face-down on the table."""
        mask = 0
        for seat, place in enumerate(self.table):
            if place is not None:
                mask |= 1 << seat
        return mask
