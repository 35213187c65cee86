"""One narrator for both games: the words for bids, cards, seats and events, in any language.

The apps (``kayalib.ui``) and the lessons (``kayalib.lessons``) both say what happened through
these classes, so a bid, a card, a seat or a challenge is called the same everywhere. Every word
comes from the catalogue (``kayalib/i18n/<lang>/words.json``); nothing here imports a widget.
Seats are "Player 1", "Player 2"... (never 0-based) unless a caller names them.

>>> from kayalib.i18n import Translator
>>> from kayalib.blef import Bid
>>> from kayalib.words import BlefWords, KayaWords
>>> BlefWords(Translator("pl")).bid_text(Bid.parse("two-pair K T"))
'dwie pary K 10'
>>> KayaWords(Translator("id")).seat(0)
'Pemain 1'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from kayalib.engine import Refusal
from kayalib.i18n import Translator

SeatNamer = Callable[[int], str]
_SEAT_PARAMS = ("seat", "current", "active")
_ACTION_PARAMS = ("action", "last")

__all__ = ["BlefWords", "KayaWords", "LogLine", "SeatNamer", "Words", "sentence"]


@dataclass(frozen=True)
class LogLine:
    """One line of a log as a reader sees it: the position of its event in the log, the round
    (Blef) or turn (Aku Paling Kaya) it belongs to (``None``: the game's start or end), and the
    sentence."""

    index: int
    group: int | None
    text: str


def sentence(text: str) -> str:
    """``text`` with its first letter a capital (a sentence may begin with a card's name).

    >>> sentence("hijau 3 dibuang."), sentence("“Aku paling kaya!”")
    ('Hijau 3 dibuang.', '“Aku paling kaya!”')
    """
    return text[:1].upper() + text[1:]


class Words:
    """What both narrators share: the translator and how seats are called."""

    def __init__(self, t: Translator, seat_name: SeatNamer | None = None) -> None:
        self.t = t
        self._seat_name = seat_name

    def seat(self, seat: int) -> str:
        """A seat's name: the caller's, or "Player n" counted from 1."""
        if self._seat_name is not None:
            return self._seat_name(seat)
        return self.t("seat_name", n=seat + 1)

    def seats(self, seats: Sequence[int]) -> str:
        """Several seats in a list ("Player 1, Player 3")."""
        return ", ".join(self.seat(s) for s in seats)

    def action_text(self, text: str) -> str:
        """An action given as its engine text, in words (each game says its own)."""
        return text

    def refusal(self, refusal: Refusal | str) -> str:
        """Why an action was refused, in the reader's language, with seats as players see
        them (the engine's :class:`~kayalib.engine.Refusal` is data: a code and parameters; a
        page's own sentence is said as it is).

        >>> from kayalib.blef import BlefRules, BlefState
        >>> from kayalib.words import BlefWords
        >>> state = BlefState.from_position(BlefRules(players=2), ["AS", "9H"]).apply("pair A")
        >>> BlefWords(Translator("pl")).refusal(state.refusal("pair K", seat=0))
        'Teraz kolej: Gracz 2, nie Gracz 1.'
        """
        if isinstance(refusal, str):
            return refusal
        params = refusal.as_dict()
        words = {
            name: (
                self.seat(value) if name in _SEAT_PARAMS and isinstance(value, int)
                else self.action_text(value) if name in _ACTION_PARAMS and isinstance(value, str)
                else value
            )
            for name, value in params.items()
        }  # fmt: skip
        return self.t(f"refusal_{refusal.code}", **words)


def __getattr__(name: str) -> Any:
    # Each game's narrator is imported on first use, so a page of one game does not load the
    # other game's engine.
    if name == "BlefWords":
        from kayalib.words.blef import BlefWords

        return BlefWords
    if name == "KayaWords":
        from kayalib.words.kaya import KayaWords

        return KayaWords
    raise AttributeError(f"module 'kayalib.words' has no attribute {name!r}")
