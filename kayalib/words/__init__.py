"""One narrator for both games: the words for bids, cards, seats and events, in any language.

The apps (``kayalib.ui``) and the lessons (``kayalib.lessons``) both say what happened through
these classes, so a bid, a card, a seat or a challenge is called the same everywhere. Every word
comes from the catalogue (``kayalib/i18n/<lang>/words.json``); nothing here imports a widget.
Seats are "Player 1", "Player 2"... (never 0-based) unless a caller names them.

>>> from kayalib.i18n import Translator
>>> from kayalib.blef import Bid
>>> BlefWords(Translator("pl")).bid_text(Bid.parse("two-pair K T"))
'dwie pary K 10'
>>> KayaWords(Translator("id")).seat(0)
'Pemain 1'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from kayalib.engine import Refusal
from kayalib.i18n import Translator

SeatNamer = Callable[[int], str]
_SEAT_PARAMS = ("seat", "current", "active")
_ACTION_PARAMS = ("action", "last")

__all__ = ["BlefWords", "KayaWords", "SeatNamer", "Words", "join_names"]


def join_names(t: Translator, names: Sequence[str]) -> str:
    """``A``, ``A and B``, ``A, B and C`` in the language of ``t``."""
    names = list(names)
    if len(names) <= 1:
        return "".join(names)
    return t("w_and_list", first=", ".join(names[:-1]), last=names[-1])


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

    def refusal(self, refusal: Refusal) -> str:
        """Why an action was refused, in the reader's language, with seats as players see
        them (the engine's :class:`~kayalib.engine.Refusal` is data: a code and parameters).

        >>> from kayalib.blef import BlefRules, BlefState
        >>> state = BlefState.from_position(BlefRules(players=2), ["AS", "9H"]).apply("pair A")
        >>> BlefWords(Translator("pl")).refusal(state.refusal("pair K", seat=0))
        'Teraz kolej: Gracz 2, nie Gracz 1.'
        """
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


from kayalib.words.blef import BlefWords  # noqa: E402
from kayalib.words.kaya import KayaWords  # noqa: E402
