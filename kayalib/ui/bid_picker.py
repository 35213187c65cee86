"""Choosing one Blef bid of a list with two dropdowns (:class:`~kayalib.ui.controls.Choice`):
its kind, then its rank or suit.

The play app's picker and the "what if" table's "bid heard" both use it, so a bid is chosen in
the page's language the same way everywhere (never typed).

>>> from kayalib.blef.bids import LADDER
>>> from kayalib.i18n import Translator
>>> from kayalib.words.blef import BlefWords
>>> picker = BidPicker()
>>> picker.offer(list(LADDER[5:9]), BlefWords(Translator("pl")), reset=True)
>>> [label for label, _ in picker.kind.options], str(picker.value)
(['wysoka karta', 'para'], 'high-card A')
>>> picker.choose(LADDER[8]); str(picker.value), picker.kind.value
('pair J', 'pair')
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from kayalib.blef.bids import Bid
from kayalib.ui.controls import Choice
from kayalib.words.blef import BlefWords

__all__ = ["BidPicker"]


class BidPicker:
    """Two dropdowns (``kind``, ``param``) over the bids last offered (:meth:`offer`).

    ``guard`` wraps the kind dropdown's callback (a page's error banner); ``changed()`` runs
    after the chosen bid may have changed; ``prefix`` starts the controls' names.
    """

    def __init__(self, guard: Callable[[Callable[..., Any]], Callable[..., Any]] | None = None,
                 changed: Callable[[], None] | None = None, *,
                 prefix: str = "bid-") -> None:  # fmt: skip
        self.kind = Choice(f"{prefix}kind", "kaya-bid-kind", options=[("", "")], value="")
        self.param = Choice(f"{prefix}param", "kaya-bid-param", options=[("", None)])
        self._bids: list[Bid] = []
        self._words: BlefWords | None = None
        self._changed = changed or (lambda: None)
        wrap = guard or (lambda fn: fn)
        self.kind.observe(wrap(lambda _c: self._fill_params()), names="value")
        self.param.observe(wrap(lambda _c: self._changed()), names="value")

    @property
    def value(self) -> Bid | None:
        """The bid chosen (``None`` when none is offered)."""
        return self.param.value if isinstance(self.param.value, Bid) else None

    @property
    def kinds(self) -> list[str]:
        """The kinds of the bids offered, in ladder order."""
        found: list[str] = []
        for bid in self._bids:
            if bid.kind not in found:
                found.append(bid.kind)
        return found

    def offer(self, bids: Sequence[Bid], words: BlefWords, *, reset: bool = False) -> None:
        """Offer ``bids`` (in ladder order), named in ``words``' language; the choice stays when
        still offered, else (or with ``reset``) the lowest bid is chosen."""
        self._bids, self._words = list(bids), words
        kinds = self.kinds
        self.kind.set_options([(words.kind(k), k) for k in kinds] or [("", "")])
        if reset and kinds:
            self.kind.value = kinds[0]
        self._fill_params()

    def choose(self, bid: Bid) -> None:
        """Choose ``bid`` (one of the bids offered)."""
        self.kind.value = bid.kind
        self.param.value = bid

    def _fill_params(self) -> None:
        words = self._words
        if words is None:
            return
        bids = [b for b in self._bids if b.kind == self.kind.value]
        self.param.set_options([(words.param_text(b), b) for b in bids] or [("", None)])
        self.param.disabled = len(bids) <= 1 and not (bids and bids[0].params)
        self._changed()
