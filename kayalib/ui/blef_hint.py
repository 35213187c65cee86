"""The Blef hint: the chance of each bid from your cards only, and from your cards and the bids,
side by side (:mod:`kayalib.blef.inference`), and what each bid heard tells under the model.

The panel has two controls, how the others are thought to bid (a bot's policy) and how often
they bluff (pick a random bid instead). Under them the hint says, bid by bid, what *this model*
learns from each bid heard (:func:`bid_evidence`: a share of the bidder's possible hands, or
nothing, and why), which bid the bidding moved the most, and, when a change of model or bluff
rate leaves every chance as it was, why. The likely bids beside the bid picker are read from the
posterior column (:func:`likely_bids`).

:class:`BlefHintPanel` holds the controls and remembers the inference per position;
:func:`hint_tree` draws it (a pure function of the screen, the words and the :class:`Hint`);
the "what if" page draws the same table with :func:`hint_table`.

>>> from kayalib.ui.blef_app import BlefApp
>>> from kayalib.ui.tree import find
>>> app = BlefApp(seed=3, delay=0, opponents=["odds"], hint=True)
>>> find(app.shell.hint, "kaya-hint-after") is not None, app.hint_panel.model.value
(True, 'odds')
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from math import comb
from typing import Any

from kayalib.blef.bids import Bid
from kayalib.blef.view import BlefView
from kayalib.errors import ArgumentError
from kayalib.i18n import DEFAULT_LANGUAGE, Translator
from kayalib.ui.blef_panels import legal_bids
from kayalib.ui.controls import Choice, Slider
from kayalib.ui.screen import Screen, percent
from kayalib.ui.tree import Node, h
from kayalib.words.blef import BlefWords

__all__ = [
    "LIKELY",
    "MODELS",
    "BidEvidence",
    "BlefHintPanel",
    "Hint",
    "bid_evidence",
    "compute_hint",
    "hint_table",
    "hint_tree",
    "likely_bids",
]

MODELS = ("odds", "honest", "random")
"""The bots a player may think the others bid like (each has a fast exact policy)."""
DEFAULT_BLUFF = 0.2
SAMPLES = 3_000
EXACT_LIMIT = 1_000_000
#: a likely bid is at least this likely to be true, given your cards and the bids heard.
LIKELY = 0.5
#: how many likely bids are offered beside the picker.
LIKELY_BIDS = 3
#: two chances that differ by less than this read the same on the page (one decimal of a %).
SAME = 0.0005


@dataclass(frozen=True)
class BidEvidence:
    """What one bid of the round says about its bidder's cards under a model.

    ``kind``: ``"own"`` (the reader's own bid), ``"bluff"`` (bluff rate 100%: every bid a random
    pick), ``"random"`` (the model's bot bids the same whatever its cards), ``"never"`` (the bot
    would not make this bid with any hand the bidder may hold: only a bluff explains it),
    ``"always"`` (it would make it with every such hand), ``"some"`` (with some hands, not
    others: it tells something) or ``"unlisted"`` (too many possible hands to list them).
    ``share`` is the share of the bidder's possible hands with which the bot makes this bid
    (for a bot that never mixes its moves), ``hands`` how many hands were weighed.
    """

    step: int
    seat: int
    bid: Bid
    kind: str
    share: float | None = None
    hands: int = 0

    @property
    def tells(self) -> bool:
        """Whether the model learns something about the bidder's cards from this bid."""
        return self.kind in ("some", "unlisted")


def bid_evidence(view: BlefView, model: Any) -> list[BidEvidence]:
    """For each bid of ``view``'s round, what ``model`` (an
    :class:`~kayalib.blef.inference.OpponentModel`) learns from it about the bidder's hand.

    A bid tells something exactly when its probability under the model differs between the
    hands the bidder may hold: :func:`~kayalib.blef.inference.infer` leaves the others out.

    >>> from kayalib.blef.game import BlefRules, BlefState
    >>> from kayalib.blef.inference import OpponentModel
    >>> state = BlefState.from_position(BlefRules(players=2), ["AS KH", "9C 9D"], starter=1)
    >>> view = state.apply("high-card K").apply("pair A").apply("big-poker spades").view(0)
    >>> [(str(e.bid), e.kind) for e in bid_evidence(view, OpponentModel.named("odds", 0.2))]
    [('high-card K', 'some'), ('pair A', 'own'), ('big-poker spades', 'never')]
    """
    import numpy as np

    from kayalib.blef.evidence import Bidder, OpponentModel, hand_likelihoods
    from kayalib.blef.inference import HAND_LIMIT
    from kayalib.blef.masks import FULL_DECK, mask_of, subset_masks

    unseen = FULL_DECK & ~mask_of(view.hand)
    pure = OpponentModel(model.bot, 0)  # the bot's own probabilities, without bluffs
    found = []
    for step, (seat, bid) in enumerate(view.bids):
        if seat == view.seat:
            found.append(BidEvidence(step, seat, bid, "own"))
            continue
        if model.bluff == 1:
            found.append(BidEvidence(step, seat, bid, "bluff"))
            continue
        size = view.counts[seat]
        count = comb(24 - len(view.hand), size)
        if count > HAND_LIMIT:
            found.append(BidEvidence(step, seat, bid, "unlisted", hands=count))
            continue
        masks = subset_masks(unseen, size)
        chance = hand_likelihoods(view, Bidder(seat, size, (step,), pure), masks)
        low, high = float(chance.min()), float(chance.max())
        if high - low > 1e-12:
            pure_moves = bool(np.all((chance == 0) | (chance == 1)))
            share = float(np.mean(chance > 0)) if pure_moves else None
            found.append(BidEvidence(step, seat, bid, "some", share, count))
        else:
            kind = "never" if high == 0 else "always" if high == 1 else "random"
            found.append(BidEvidence(step, seat, bid, kind, hands=count))
    return found


@dataclass(frozen=True)
class Hint:
    """Everything the hint shows for one position: the inference (or the reason there is none:
    a string), what each bid tells (:func:`bid_evidence`), the model and bluff rate, and
    ``unchanged``: the setting shown just before, when switching to this one left every chance
    as it was (``("model", name)`` or ``("bluff", rate)``), else ``None``."""

    result: Any
    evidence: tuple[BidEvidence, ...]
    model: str
    bluff: float
    unchanged: tuple[str, Any] | None = None

    @property
    def ok(self) -> bool:
        return not isinstance(self.result, str)


def compute_hint(view: BlefView, model_name: str, bluff: float) -> Hint:
    """The hint for ``view`` with the others modelled as ``model_name`` bluffing at ``bluff``."""
    from kayalib.blef.inference import OpponentModel, infer

    model = OpponentModel.named(model_name, bluff)
    evidence = tuple(bid_evidence(view, model))
    try:
        result: Any = infer(view, model, samples=SAMPLES, exact_limit=EXACT_LIMIT)
    except ArgumentError as error:
        result = str(error)
    return Hint(result, evidence, model_name, bluff)


def likely_bids(view: BlefView, hint: Hint | None) -> list[tuple[Bid, float]]:
    """The bids the viewer may make now that are most likely true *given the bids heard* (the
    posterior column) and at least :data:`LIKELY` so, at most :data:`LIKELY_BIDS` of them, in
    ladder order (ties: the lower bid). Every legal bid is above the last bid."""
    if hint is None or not hint.ok:
        return []
    after = hint.result.true
    possible = [(b, float(after[b.index])) for b in legal_bids(view)]
    likely = [(b, p) for b, p in possible if p >= LIKELY]
    best = sorted(likely, key=lambda item: (-item[1], item[0].index))[:LIKELY_BIDS]
    return sorted(best, key=lambda item: item[0].index)


def _position(view: BlefView) -> tuple[Any, ...]:
    return (view.seat, view.hand, view.counts, view.round, view.bids)


def _same(a: Hint, b: Hint) -> bool:
    if not (a.ok and b.ok):
        return False
    return max(abs(float(x) - float(y)) for x, y in zip(a.result.true, b.result.true,
                                                          strict=True)) < SAME  # fmt: skip


def available(screen: Screen) -> bool:
    """Whether there is a hint now: the viewer's cards face up and the game not over."""
    return bool(screen.hand) and not screen.view.is_terminal


class BlefHintPanel:
    """The hint's two controls and its inferences (remembered per position); ``redraw()`` runs
    when a control changes."""

    def __init__(self, redraw: Callable[[Any], None]) -> None:
        self.model = Choice("hint-model", "kaya-hint-model",
                            options=[(name, name) for name in MODELS], value="odds")  # fmt: skip
        self.bluff = Slider("hint-bluff", "kaya-hint-bluff", low=0.0, high=1.0, step=0.05,
                            value=DEFAULT_BLUFF)  # fmt: skip
        self.shown = False
        self._readout_lang = ""
        self._cache: dict[tuple[Any, ...], Hint] = {}
        self._shown: tuple[tuple[Any, ...], Hint] | None = None
        self._unchanged: tuple[tuple[Any, ...], tuple[str, Any]] | None = None
        self.model.observe(redraw, names="value")
        self.bluff.observe(redraw, names="value")

    def relabel(self, t: Any) -> None:
        self.model.description = t("hint_model")
        self.model.tooltip = t("hint_model_tooltip")
        self.bluff.description = t("hint_bluff")
        if self._readout_lang != t.lang:  # a new readout only for a new language
            self._readout_lang = t.lang
            self.bluff.readout = lambda p: t.percent(p, 0)
        self.model.set_options([(t(f"bot_{name}"), name) for name in MODELS])

    def controls(self) -> Node:
        """The two controls, in a row (hidden while there is no hint)."""
        return h("div.kaya-hint-controls", self.model.node(), self.bluff.node(),
                 hidden=not self.shown)  # fmt: skip

    def hint(self, view: BlefView) -> Hint:
        """The hint for ``view`` with the chosen model (remembered per position); it says so
        when the model or bluff rate just changed and no chance moved."""
        rate = round(self.bluff.value, 4)
        position = _position(view)
        key = (*position, self.model.value, rate)
        found = self._cache.get(key)
        if found is None:
            if len(self._cache) > 64:
                self._cache.clear()
            found = self._cache[key] = compute_hint(view, self.model.value, rate)
        shown = self._shown
        if shown is not None and shown[0] == position and shown[1] is not found:
            before = shown[1]
            changed = ("model", before.model) if before.model != found.model else (
                "bluff", before.bluff)  # fmt: skip
            self._unchanged = (key, changed) if _same(before, found) else None
        self._shown = (position, found)
        if self._unchanged is not None and self._unchanged[0] == key:
            return Hint(found.result, found.evidence, found.model, found.bluff,
                        self._unchanged[1])  # fmt: skip
        return found

    def for_screen(self, screen: Screen) -> Hint | None:
        """The hint the screen shows now, or ``None`` (hint off, cards face down, game over)."""
        view = screen.view
        if not screen.hint or not available(screen) or not isinstance(view, BlefView):
            return None
        return self.hint(view)

    def tree(self, screen: Screen, words: BlefWords, hint: Hint | None = None) -> Node:
        """The hint for the person whose cards are on screen (or why there is none), and the
        controls shown while there is one."""
        self.relabel(words.t)
        self.shown = screen.hint and available(screen)
        if not screen.hint:
            return ""
        shown = hint_tree(screen, words, hint if hint is not None else self.for_screen(screen))
        return h("div.kaya-hint-body", shown, what_if_link(words.t))


def what_if_link(t: Translator) -> Node:
    """The way from the hint to the "what if" table (:mod:`kayalib.ui.what_if`), in ``t``'s
    language: the same reckoning at a table the student chooses."""
    href = "what-if-blef.ipynb" + ("" if t.lang == DEFAULT_LANGUAGE else f"?lang={t.lang}")
    return h("div.kaya-small", h("a.kaya-whatif-link", t("whatif_link"), href=href,
                                 target="_blank"))  # fmt: skip


def hint_tree(screen: Screen, words: BlefWords, hint: Hint | None) -> Node:
    """The hint of ``screen`` (``hint`` is ``None`` while the cards are face down)."""
    t, view = words.t, screen.view
    assert isinstance(view, BlefView)
    if hint is None:
        return h("div.kaya-empty", t("hint_bayes_unavailable"))
    return hint_table(words, view, hint)


def hint_table(words: BlefWords, view: BlefView, hint: Hint) -> Node:
    """The hint's title, what each bid tells, the moved-most sentence and the table of prior and
    posterior for the bid on the table and every bid above it."""
    t = words.t
    result = hint.result
    if not hint.ok:
        return h("div.kaya-error-text", result)
    bids: list[Bid] = [] if view.last_bid is None else [view.last_bid]
    bids += legal_bids(view) if view.current_player == view.seat else _above(view.last_bid)
    notes = _evidence_lines(words, hint)
    notes.append(_moved(words, hint, bids))
    if hint.unchanged is not None:
        notes.append(_unchanged(words, hint))
    rows = [_row(t, words.bid_text(bid), result, bid, bid == view.last_bid) for bid in bids]
    head = h("tr", h("th", t("hint_bid"), scope="col"),
             h("th", t("hint_prior"), scope="col", colspan="2"),
             h("th", t("hint_posterior"), scope="col", colspan="2"))  # fmt: skip
    # the table is as long as its rows: a page scrolls it, never a box of its own (a phone
    # would cut its last row)
    return h(
        "div.kaya-panel.kaya-hint-panel",
        h("div.kaya-bars-title", t("hint_bayes_title", n=view.total_cards)),
        h("ul.kaya-hint-notes", *[h("li", note) for note in notes if note]),
        h("table.kaya-odds-table", h("thead", head), h("tbody", *rows),
          aria_label=t("hint_table_label")),
        h("div.kaya-small", _method(t, result)),
    )  # fmt: skip


def _above(last: Bid | None) -> list[Bid]:
    from kayalib.blef.bids import LADDER

    start = 0 if last is None else last.index + 1
    return list(LADDER[start:])


def _row(t: Translator, label: str, result: Any, bid: Bid, marked: bool) -> Node:
    before = float(result.prior[bid.index])
    after = float(result.true[bid.index])
    star = "\u2605 " if marked else ""  # the bid on the table: not by colour alone
    unsure = None
    if bid in getattr(result, "above_target", ()):  # its error stayed above the target
        note = t("hint_unsure_bid", error=t.percent(float(result.stderr[bid.index])),
                 target=t.percent(result.target_error))  # fmt: skip
        unsure = h("div.kaya-small.kaya-hint-unsure", note)
    return h(
        "tr", h("th", star + label, scope="row"),
        h("td.kaya-bar", h("i", style=f"width:{100 * before:.1f}%"), aria_hidden="true"),
        h("td.kaya-bar-value", t.percent(before)),
        h("td.kaya-bar.kaya-bar-after", h("i", style=f"width:{100 * after:.1f}%"),
          aria_hidden="true"),
        h("td.kaya-bar-value.kaya-hint-after", t.percent(after), unsure),
        cls="kaya-bar-mark" if marked else "",
    )  # fmt: skip


def model_text(t: Translator, name: str) -> str:
    """A model as the hint's sentences name it ("odds")."""
    return t(f"botname_{name}")


def _evidence_lines(words: BlefWords, hint: Hint) -> list[str]:
    """One sentence per bid of another player: what this model learns from it, and why."""
    t = words.t
    model = model_text(t, hint.model)
    others = [e for e in hint.evidence if e.kind != "own"]
    if not others:
        return [t("hint_ev_none")]
    if all(e.kind == "bluff" for e in others):
        return [t("hint_ev_all_bluff")]
    lines = []
    for e in others:
        player, bid = words.seat(e.seat), words.bid_text(e.bid)
        if e.kind == "some" and e.share is not None:
            share = percent(t, e.share)
            lines.append(t("hint_ev_share", player=player, bid=bid, model=model, share=share))
        else:
            lines.append(t(f"hint_ev_{e.kind}", player=player, bid=bid, model=model))
    return lines


def _moved(words: BlefWords, hint: Hint, bids: Sequence[Bid]) -> str:
    """Which bid the bidding moved the most: of the bids shown, or of the whole ladder when
    none of them moved (they may all be impossible); or why nothing moved."""
    t, result = words.t, hint.result
    if not any(e.kind != "own" for e in hint.evidence):
        return ""  # the evidence line has said it: nobody else has bid
    if not any(e.tells for e in hint.evidence):
        return t("hint_not_moved")
    for chosen in (bids, None):
        if chosen is not None and not chosen:
            continue
        bid = result.moved_most(chosen)
        before, after = float(result.prior[bid.index]), float(result.true[bid.index])
        if abs(after - before) >= SAME:
            return t("hint_moved", bid=words.bid_text(bid), before=t.percent(before),
                     after=t.percent(after))  # fmt: skip
    return t("hint_moved_little")


def _unchanged(words: BlefWords, hint: Hint) -> str:
    t = words.t
    assert hint.unchanged is not None
    what, before = hint.unchanged
    if what == "model":
        previous = t("hint_unchanged_model", model=model_text(t, before))
    else:
        previous = t("hint_unchanged_bluff", rate=percent(t, before))
    if not any(e.tells for e in hint.evidence):
        return t("hint_unchanged_nothing", previous=previous)
    return t("hint_unchanged_same", previous=previous)


def _method(t: Translator, result: Any) -> str:
    if result.method == "exact":
        return t("hint_exact")
    deals, error = t.number(result.samples, 0), t.percent(max(result.stderr))
    if not result.target_met:  # the sampler stopped at its cap above the error aimed for
        target = t.percent(result.target_error)
        return t("hint_sampled_short", deals=deals, error=error, target=target)
    return t("hint_sampled", deals=deals, error=error)
