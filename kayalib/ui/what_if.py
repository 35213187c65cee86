"""The Blef "what if" table: pick a hand, the cards each other player holds and the bids heard,
and read each bid's chance from your cards only and from your cards and the bids, side by side.

It answers a real table's question without dealing until the hand comes up (lesson 08: you hold
A♠ K♥, 4 cards in play, the ``odds`` bot opened "high card K": how likely is pair A now?) with
the play app's hint itself (:func:`~kayalib.ui.blef_hint.compute_hint`, the same controls and
the same table), so the two never disagree.

>>> page = WhatIf(lang="en")
>>> page.hand.value, page.counts.value, page.heard_bids
('AS KH', '2', [(1, 'high-card K')])
>>> page.view().total_cards, "kaya-hint-after" in page.table.value
(4, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

import ipywidgets as w

from kayalib.blef.bids import LADDER, Bid
from kayalib.blef.cards import DECK, parse_cards
from kayalib.blef.game import BlefRules, BlefState
from kayalib.blef.view import BlefView
from kayalib.errors import KayalibError, ParseError
from kayalib.i18n import DEFAULT_LANGUAGE, Translator
from kayalib.pages.banner import ErrorBanner
from kayalib.pages.language import Language, LanguageSwitch
from kayalib.pages.widgets import button, html, set_options
from kayalib.ui.bid_picker import BidPicker
from kayalib.ui.blef_hint import BlefHintPanel, hint_table_html
from kayalib.ui.shell import intro_html
from kayalib.ui.widgets import css, page_script
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
    :meth:`from_query_string`)."""

    def __init__(self, *, lang: str = DEFAULT_LANGUAGE) -> None:
        self.language = Language(lang)
        hand, counts, starter, bids = EXAMPLE
        self.style = html("kaya-style", f"<style>{css()}</style>")
        self.intro = html("kaya-intro")
        self.lang = LanguageSwitch(self.language)
        self.error = ErrorBanner(lambda: self.t)
        guard = self._guard
        self.hand = w.Text(value=hand, continuous_update=False)
        self.hand.add_class("kaya-whatif-hand")
        self.counts = w.Text(value=counts, continuous_update=False)
        self.counts.add_class("kaya-whatif-counts")
        self.starter = w.Dropdown(options=[("", 0)], value=0)
        self.starter.add_class("kaya-whatif-starter")
        for field in (self.hand, self.counts, self.starter):
            field.style.description_width = "auto"
        self.heard_bids: list[tuple[int, str]] = []
        self._bids: list[Bid] = [Bid.parse(b) for b in bids]
        self.picker = BidPicker(guard)
        self.add_bid = button("", "kaya-whatif-add", style="primary")
        self.remove_bid = button("", "kaya-whatif-remove")
        self.add_bid.on_click(guard(lambda _b: self._add()))
        self.remove_bid.on_click(guard(lambda _b: self._remove()))
        self.heard = html("kaya-whatif-heard")
        self.hint_panel = BlefHintPanel(guard(lambda _c: self.redraw()))
        self.table = html("kaya-hint")
        position = w.VBox([self.hand, self.counts, self.starter])
        position.add_class("kaya-whatif-position")
        adding = w.HBox([self.picker.kind, self.picker.param, self.add_bid, self.remove_bid])
        adding.add_class("kaya-picker")
        self.widget = w.VBox([self.style, self.intro, w.HBox([self.lang]), self.error,
                              position, self.heard, adding, self.hint_panel.controls,
                              self.table])  # fmt: skip
        self.widget.add_class("kaya-app")
        self.widget.add_class("kaya-whatif")
        for field in (self.hand, self.counts, self.starter):
            field.observe(guard(lambda _c: self.redraw()), names="value")
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
        return page

    def _guard(self, fn: Any) -> Any:
        """A callback whose failure shows in the banner; the banner itself is set by
        :meth:`redraw` (a field that cannot be read stays said until it is mended)."""
        return self.error.guard(fn, clear=False, after=None)

    @property
    def t(self) -> Translator:
        return self.language.t

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
        self.intro.value = intro_html(t, "whatif_title", "whatif_intro", "whatif_about")
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
        set_options(self.starter, seats)
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
        lines = [f"<li>{escape(words.seat(seat))}: {escape(words.bid_text(bid))}</li>"
                 for seat, bid in view.bids]  # fmt: skip
        title = f"<b>{escape(t('whatif_heard'))}</b>"
        body = f"<ol>{''.join(lines)}</ol>" if lines else (
            f'<div class="kaya-empty">{escape(t("whatif_heard_none"))}</div>')  # fmt: skip
        self.heard.value = title + body
        last = view.last_bid
        self.picker.offer(list(LADDER[0 if last is None else last.index + 1 :]), words)
        self.add_bid.disabled = self.picker.value is None
        self.remove_bid.disabled = not self._bids
        hint = self.hint_panel.hint(view)
        self.hint_panel.controls.layout.display = None
        self.table.value = hint_table_html(words, view, hint)

    def _show_problem(self, text: str) -> None:
        self.error.show(text)
        self.table.value = ""

    def show(self) -> None:
        """Display the page (in a notebook or Voila), with the page helper."""
        from IPython.display import Javascript, display

        display(self.widget)
        display(Javascript(page_script()))

    def _repr_mimebundle_(self, **kwargs: Any) -> dict:
        return self.widget._repr_mimebundle_(**kwargs)
