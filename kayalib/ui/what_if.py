"""The Blef "what if" table: pick a hand, the cards each other player holds and the bids heard,
and read each bid's chance from your cards only and from your cards and the bids, side by side.

It answers a real table's question without dealing until the hand comes up (lesson 08: you hold
A♠ K♥, 4 cards in play, the ``odds`` bot opened "high card K": how likely is pair A now?) with
the play app's hint itself (:func:`~kayalib.ui.blef_hint.compute_hint`, the same controls and
the same table), so the two never disagree.

>>> page = WhatIf(lang="en")
>>> page.hand.value, page.counts.value, page.heard_bids
('AS KH', '2', [(1, 'high-card K')])
>>> from kayalib.ui.tree import find
>>> page.view().total_cards, find(page.table, "kaya-hint-after") is not None
(4, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from kayalib.blef.bids import LADDER, Bid
from kayalib.blef.cards import DECK, parse_cards
from kayalib.blef.game import BlefRules, BlefState
from kayalib.blef.view import BlefView
from kayalib.errors import KayalibError, ParseError
from kayalib.i18n import DEFAULT_LANGUAGE, Translator, languages
from kayalib.pages.banner import Banner
from kayalib.pages.language import Language
from kayalib.pages.widgets import page_script
from kayalib.ui.bid_picker import BidPicker
from kayalib.ui.blef_hint import BlefHintPanel, hint_table
from kayalib.ui.board import Board
from kayalib.ui.controls import Button, Choice, TextField
from kayalib.ui.shell import intro
from kayalib.ui.tree import Node, h
from kayalib.words.blef import BlefWords

__all__ = ["WhatIf", "parse_counts", "what_if_view"]

#: the most cards a hand may have here (the deck has 24, and every other player holds one).
MOST_CARDS = 12
#: the most other players (the rules allow more; a table this big is a different question).
MOST_OTHERS = 7
EXAMPLE = ("AS KH", "2", 1, ("high-card K",))
"""Lesson 08's real-table question: the hand, the others' cards, who opened, the bids heard."""


class WhatIfError(ParseError):
    """A field of the "what if" table that cannot be read; ``key`` and ``values`` say it in the
    page's language."""

    def __init__(self, key: str, **values: Any) -> None:
        super().__init__(f"{key}: {values}")
        self.key, self.values = key, values


def parse_counts(text: str) -> tuple[int, ...]:
    """How many cards each other player holds: whole numbers separated by commas or spaces.

    >>> parse_counts("2"), parse_counts(" 3, 1 ")
    ((2,), (3, 1))
    >>> parse_counts("2, x")
    Traceback (most recent call last):
    ...
    kayalib.ui.what_if.WhatIfError: whatif_bad_counts: {'text': '2, x', 'most': 12, 'players': 7}
    """
    words = text.replace(",", " ").split()
    if not 1 <= len(words) <= MOST_OTHERS or not all(
        word.isascii() and word.isdigit() and 1 <= int(word) <= MOST_CARDS for word in words
    ):
        raise WhatIfError("whatif_bad_counts", text=text, most=MOST_CARDS, players=MOST_OTHERS)
    return tuple(int(word) for word in words)


def what_if_view(hand: str, counts: Sequence[int], starter: int,
                 bids: Sequence[Bid | str]) -> BlefView:  # fmt: skip
    """Player 1's view holding ``hand``, the others holding ``counts`` cards, after ``bids``
    were heard in turn from ``starter`` (0 is you). The others' cards are any cards you do not
    hold: a view shows only their number, so the reckoning cannot see them.

    >>> view = what_if_view("AS KH", [2], 1, ["high-card K"])
    >>> [str(c) for c in view.hand], view.counts, [(s, str(b)) for s, b in view.bids]
    (['KH', 'AS'], (2, 2), [(1, 'high-card K')])
    """
    try:
        mine = parse_cards(hand)
    except ParseError:
        raise WhatIfError("whatif_bad_hand", text=hand, most=MOST_CARDS) from None
    if not 1 <= len(mine) <= MOST_CARDS:
        raise WhatIfError("whatif_bad_hand", text=hand, most=MOST_CARDS)
    total = len(mine) + sum(counts)
    if total > len(DECK):
        raise WhatIfError("whatif_too_many", n=total, deck=len(DECK))
    rest = [card for card in DECK if card not in mine]
    hands, used = [mine], 0
    for count in counts:
        hands.append(tuple(rest[used : used + count]))
        used += count
    state = BlefState.from_position(BlefRules(players=len(hands), mode="deck"), hands,
                                    starter=starter)  # fmt: skip
    for bid in bids:
        state = state.apply(bid)
    return state.view(0)


class WhatIf:
    """The "what if" page: heading, language switch, the position's fields, the hint's two
    controls and its table (``lang``: the page's language; ``?lang=`` with
    :meth:`from_query_string`), drawn by one widget (:class:`~kayalib.ui.board.Board`), as the
    play apps are."""

    def __init__(self, *, lang: str = DEFAULT_LANGUAGE) -> None:
        self.language = Language(lang)
        hand, counts, starter, bids = EXAMPLE
        self.board = Board()
        add = self.board.add
        self.lang: Choice = add(Choice("lang", "kaya-lang", options=list(
            (name, code) for code, name in languages().items()), value=lang))
        self.lang.observe(lambda change: self.language.set(change["new"]), names="value")
        self.error = Banner(lambda: self.t)
        guard = self._guard
        self.hand: TextField = add(TextField("hand", "kaya-whatif-hand", value=hand))
        self.counts: TextField = add(TextField("counts", "kaya-whatif-counts", value=counts))
        self.starter: Choice = add(Choice("starter", "kaya-whatif-starter", options=[("", 0)],
                                          value=0))  # fmt: skip
        self.heard_bids: list[tuple[int, str]] = []
        self._bids: list[Bid] = [Bid.parse(b) for b in bids]
        self.picker = BidPicker(guard, prefix="heard-")
        add(self.picker.kind)
        add(self.picker.param)
        self.add_bid: Button = add(Button("add", "kaya-whatif-add", style="primary"))
        self.remove_bid: Button = add(Button("remove", "kaya-whatif-remove"))
        self.add_bid.on_click(guard(lambda _b: self._add()))
        self.remove_bid.on_click(guard(lambda _b: self._remove()))
        self.heard: Node = ""
        self.hint_panel = BlefHintPanel(guard(lambda _c: self.redraw()))
        add(self.hint_panel.model)
        add(self.hint_panel.bluff)
        self.table: Node = ""
        for field in (self.hand, self.counts, self.starter):
            field.observe(guard(lambda _c: self.redraw()), names="value")
        self.board.redraw = self.redraw
        self.language.follow(self)
        self._starter_init: int | None = starter
        self.relabel()
        self.redraw()

    @classmethod
    def from_query_string(cls) -> WhatIf:
        """The page set from its address (``?lang=pl``)."""
        from kayalib.pages.kernel import protect_the_page
        from kayalib.pages.options import PageOptions

        protect_the_page()
        options = PageOptions.from_environment()
        page = cls(lang=options.lang)
        notices = options.notices(page.t)
        if notices:
            page.error.show(" ".join(notices))
            page.draw()
        return page

    def _guard(self, fn: Any) -> Any:
        """A callback whose failure shows in the banner; the banner itself is set by
        :meth:`redraw` (a field that cannot be read stays said until it is mended)."""
        return self.error.guard(fn, clear=False, after=self.draw)

    @property
    def t(self) -> Translator:
        return self.language.t

    @property
    def widget(self) -> Board:
        """The whole page: one widget."""
        return self.board

    def words(self) -> BlefWords:
        t = self.t
        return BlefWords(t, lambda seat: t("you", n=1) if seat == 0 else t("seat_name", n=seat + 1))

    # ----------------------------------------------------------------- the position

    def view(self) -> BlefView:
        """The position the fields describe (a field that cannot be read: :class:`WhatIfError`)."""
        counts = parse_counts(self.counts.value)
        starter = self.starter.value if self.starter.value <= len(counts) else 0
        return what_if_view(self.hand.value, counts, starter, self._bids)

    def _add(self) -> None:
        bid = self.picker.value
        if bid is not None:
            self._bids.append(bid)
        self.redraw()

    def _remove(self) -> None:
        if self._bids:
            self._bids.pop()
        self.redraw()

    # ----------------------------------------------------------------- drawing

    def relabel(self) -> None:
        t = self.t
        self.lang.value = self.language.lang
        self.lang.tooltip = t("language_tooltip")
        self.hand.description = t("whatif_hand")
        self.hand.placeholder = t("whatif_hand_placeholder")
        self.counts.description = t("whatif_counts")
        self.counts.placeholder = t("whatif_counts_placeholder")
        self.counts.tooltip = t("whatif_counts_tooltip")
        self.starter.description = t("whatif_starter")
        self.add_bid.description = t("whatif_add")
        self.remove_bid.description = t("whatif_remove")
        self.picker.kind.tooltip = t("blef_kind_label")
        self.picker.param.tooltip = t("blef_param_label")
        self.hint_panel.relabel(t)

    def set_language(self, lang: str) -> None:
        self.relabel()
        self.redraw()

    def redraw(self) -> None:
        """Every part from the fields: the seats to open, the bids heard, what may be added, and
        the table (or, for a field that cannot be read, why, in the page's language)."""
        words, t = self.words(), self.t
        try:
            counts = parse_counts(self.counts.value)
        except WhatIfError:
            counts = ()
        seats = [(words.seat(s), s) for s in range(1 + len(counts))] or [(words.seat(0), 0)]
        self.starter.set_options(seats)
        if self._starter_init is not None and self._starter_init < len(seats):
            self.starter.value, self._starter_init = self._starter_init, None
        try:
            view = self.view()
        except WhatIfError as error:
            self._show_problem(t(error.key, **error.values))
            return
        except KayalibError as error:  # a bid out of turn order cannot be: the picker offers
            self._show_problem(str(error))  # only bids above the last one
            return
        self.error.clear()
        self.heard_bids = [(seat, str(bid)) for seat, bid in view.bids]
        lines = [h("li", f"{words.seat(seat)}: {words.bid_text(bid)}") for seat, bid in view.bids]
        self.heard = h("div.kaya-whatif-heard", h("b", t("whatif_heard")),
                       h("ol", *lines) if lines else h("div.kaya-empty", t("whatif_heard_none")))
        last = view.last_bid
        self.picker.offer(list(LADDER[0 if last is None else last.index + 1 :]), words)
        self.add_bid.disabled = self.picker.value is None
        self.remove_bid.disabled = not self._bids
        hint = self.hint_panel.hint(view)
        self.hint_panel.shown = True
        self.table = hint_table(words, view, hint)
        self.draw()

    def _show_problem(self, text: str) -> None:
        self.error.show(text)
        self.table = ""
        self.draw()

    def draw(self) -> None:
        """The page from its parts, sent as one patch."""
        t = self.t
        error = self.error.text
        banner = h("div.kaya-error", h("div.kaya-error-text", f"\u26a0 {error}") if error else None,
                   role="alert", hidden=not error)  # fmt: skip
        self.board.show(h(
            "div.kaya-app.kaya-whatif", intro(t, "whatif_title", "whatif_intro", "whatif_about"),
            h("div.kaya-toolbar", self.lang.node()), banner,
            h("div.kaya-whatif-position", self.hand.node(), self.counts.node(),
              self.starter.node()),
            self.heard,
            h("div.kaya-picker", self.picker.kind.node(), self.picker.param.node(),
              self.add_bid.node(), self.remove_bid.node()),
            self.hint_panel.controls(), h("div.kaya-hint", self.table),
        ))  # fmt: skip

    def show(self) -> None:
        """Display the page (in a notebook or Voila), with the page helper."""
        from IPython.display import Javascript, display

        display(self.board)
        display(Javascript(page_script()))

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.board._repr_mimebundle_(**kwargs)
