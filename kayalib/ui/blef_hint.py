"""The Blef app's hint: the chance of each bid from your cards only, and from your cards and the
bids, side by side (:mod:`kayalib.blef.inference`).

The panel has two controls, how the others are thought to bid (a bot's policy) and how often
they bluff (pick a random bid instead), and one sentence on the bid the bidding moved the most.
:class:`BlefHintPanel` holds the controls and remembers the inference per position;
:func:`hint_html` draws it (a pure function of the screen, the words and the inference).

>>> from kayalib.ui.blef_app import BlefApp
>>> app = BlefApp(seed=3, delay=0, opponents=["odds"], hint=True)
>>> "kaya-hint-after" in app.hint.value, app.hint_panel.model.value
(True, 'odds')
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as w

from kayalib.blef.bids import Bid
from kayalib.blef.view import BlefView
from kayalib.errors import ArgumentError
from kayalib.pages.widgets import set_options, show_if
from kayalib.ui.blef_panels import legal_bids
from kayalib.ui.screen import Screen
from kayalib.words.blef import BlefWords

__all__ = ["MODELS", "BlefHintPanel", "hint_html"]

MODELS = ("odds", "honest", "random")
"""The bots a player may think the others bid like (each has a fast exact policy)."""
DEFAULT_BLUFF = 0.2
SAMPLES = 3_000
EXACT_LIMIT = 1_000_000

_BAR = (
    '<span class="kaya-bar-track"><span class="kaya-bar-fill" '
    'style="width:{width:.1f}%;background:{colour}"></span></span>'
)


def available(screen: Screen) -> bool:
    """Whether there is a hint now: the viewer's cards face up and the game not over."""
    return bool(screen.hand) and not screen.view.is_terminal


class BlefHintPanel:
    """The hint's two controls and its inferences (remembered per position); ``redraw()`` runs
    when a control changes."""

    def __init__(self, redraw: Callable[[Any], None]) -> None:
        self.model = w.Dropdown(options=[(name, name) for name in MODELS], value="odds")
        self.model.add_class("kaya-hint-model")
        self.model.layout.width = "260px"
        self.model.style.description_width = "auto"
        self.bluff = w.FloatSlider(
            value=DEFAULT_BLUFF, min=0.0, max=1.0, step=0.05, readout_format=".0%"
        )
        self.bluff.add_class("kaya-hint-bluff")
        self.bluff.style.description_width = "auto"
        self.controls = w.HBox([self.model, self.bluff])
        self.controls.add_class("kaya-hint-controls")
        show_if(self.controls, False)
        self._cache: dict[tuple[Any, ...], Any] = {}
        self.model.observe(redraw, names="value")
        self.bluff.observe(redraw, names="value")

    def relabel(self, t: Any) -> None:
        self.model.description = t("hint_model")
        self.model.tooltip = t("hint_model_tooltip")
        self.bluff.description = t("hint_bluff")
        set_options(self.model, [(t(f"bot_{name}"), name) for name in MODELS])

    def posterior(self, view: BlefView) -> Any:
        """The inference for ``view`` with the chosen model (remembered per position), or the
        reason there is none."""
        from kayalib.blef.inference import OpponentModel, infer

        key: tuple[Any, ...] = (view.seat, view.hand, view.counts, view.round, view.bids,
                                self.model.value, round(self.bluff.value, 4))  # fmt: skip
        found = self._cache.get(key)
        if found is None:
            if len(self._cache) > 64:
                self._cache.clear()
            model = OpponentModel.named(self.model.value, round(self.bluff.value, 4))
            try:
                found = infer(view, model, samples=SAMPLES, exact_limit=EXACT_LIMIT)
            except ArgumentError as error:
                found = str(error)
            self._cache[key] = found
        return found

    def html(self, screen: Screen, words: BlefWords) -> str:
        """The hint for the person whose cards are on screen (or why there is none), and the
        controls shown while there is one."""
        self.relabel(words.t)
        show_if(self.controls, screen.hint and available(screen))
        if not screen.hint:
            return ""
        result = self.posterior(screen.view) if available(screen) else None  # type: ignore[arg-type]
        return hint_html(screen, words, result)


def hint_html(screen: Screen, words: BlefWords, result: Any) -> str:
    """The hint: prior and posterior of the bid on the table and every legal bid (``result`` is
    the inference, the reason there is none, or ``None`` while the cards are face down)."""
    t, view = words.t, screen.view
    assert isinstance(view, BlefView)
    if result is None:
        return f'<div class="kaya-empty">{escape(t("hint_bayes_unavailable"))}</div>'
    if isinstance(result, str):
        return f'<div class="kaya-error-text">{escape(result)}</div>'
    bids: list[Bid] = [] if view.last_bid is None else [view.last_bid]
    bids += legal_bids(view)
    rows = [_row(t, words.bid_text(bid), result, bid, bid == view.last_bid) for bid in bids]
    return (
        '<div class="kaya-panel kaya-hint-panel">'
        f'<div class="kaya-bars-title" style="font-weight:bold;margin-bottom:4px">'
        f"{escape(t('hint_bayes_title', n=view.total_cards))}</div>"
        f'<div class="kaya-hint-moved" style="margin-bottom:6px">'
        f"{escape(_moved(words, result, bids))}</div>"
        f'{_header(t)}<div class="kaya-hint-rows" style="max-height:300px;'
        f'overflow-y:auto">{"".join(rows)}</div>'
        f'<div class="kaya-small" style="margin-top:6px">{escape(_method(t, result))}'
        "</div></div>"
    )


def _header(t: Any) -> str:
    return (
        '<div class="kaya-hint-head"><span></span>'
        f'<span class="kaya-hint-span">{escape(t("hint_prior"))}</span>'
        f'<span class="kaya-hint-span">{escape(t("hint_posterior"))}</span></div>'
    )


def _row(t: Any, label: str, result: Any, bid: Bid, marked: bool) -> str:
    before = float(result.prior[bid.index])
    after = float(result.true[bid.index])
    mark = " kaya-bar-mark" if marked else ""
    weight = "bold" if marked else "normal"
    first = "#e0a800" if marked else "#9aaccb"
    second = "#e0a800" if marked else "#4a7bd0"
    return (
        f'<div class="kaya-bar-row{mark}" style="font-weight:{weight}">'
        f'<span class="kaya-bar-label">{escape(label)}</span>'
        f"{_BAR.format(width=100 * before, colour=first)}"
        f'<span class="kaya-bar-value">{t.percent(before)}</span>'
        f"{_BAR.format(width=100 * after, colour=second)}"
        f'<span class="kaya-bar-value kaya-hint-after">{t.percent(after)}</span></div>'
    )


def _moved(words: BlefWords, result: Any, bids: list[Bid]) -> str:
    t = words.t
    if not bids:
        return ""
    bid = result.moved_most(bids)
    before, after = float(result.prior[bid.index]), float(result.true[bid.index])
    if abs(after - before) < 0.0005:
        return t("hint_not_moved")
    return t("hint_moved", bid=words.bid_text(bid), before=t.percent(before),
             after=t.percent(after))  # fmt: skip


def _method(t: Any, result: Any) -> str:
    if result.method == "exact":
        return t("hint_exact")
    deals, error = t.number(result.samples, 0), t.percent(max(result.stderr))
    if not result.target_met:  # the sampler stopped at its cap above the error aimed for
        target = t.percent(result.target_error)
        return t("hint_sampled_short", deals=deals, error=error, target=target)
    return t("hint_sampled", deals=deals, error=error)
