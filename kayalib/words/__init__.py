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

from kayalib.i18n import Translator

SeatNamer = Callable[[int], str]

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


from kayalib.words.blef import BlefWords  # noqa: E402
from kayalib.words.kaya import KayaWords  # noqa: E402
