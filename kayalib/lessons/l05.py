"""Lesson 05, gambreng: how many rounds of hompimpa and suit it takes, simulated and then exact
(a recursion), why an even number of players wastes shows, what a 95% confidence interval means
(many intervals at once, the misses marked) and whether the draw is fair (one test for every
player at once); then the class's own hompimpa shows, entered by the students
(:class:`ShowEntry`) and tested with an exact binomial test (:class:`ClassShows`: what the test
can and cannot say, and whether an uneven palm share makes gambreng unfair). The numbers are
:mod:`kayalib.lessons.maths.gambreng_stats` and :mod:`kayalib.stats`; here they are drawn and
told."""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from fractions import Fraction
from html import escape
from typing import Any, TypedDict

import ipywidgets as widgets

from kayalib.draw.charts import figure_to_png, new_figure, table_html
from kayalib.i18n import Translator
from kayalib.kaya.gambreng import Gambreng, expected_rounds, gambreng, simulate_gambreng
from kayalib.lessons.cards import gambreng_html
from kayalib.lessons.classdata import ClassData, class_or_sample, shipped_sample
from kayalib.lessons.kit.page import markdown
from kayalib.lessons.kit.plots import Chart
from kayalib.lessons.kit.simulator import DealSimulator
from kayalib.lessons.maths.gambreng_stats import biased_draw, mean_rounds, repeat_chance
from kayalib.pages.banner import ErrorBanner
from kayalib.pages.language import Localized, fill
from kayalib.stats import (
    binomial_range,
    binomial_test,
    chi_square_uniform,
    detectable_share,
    wilson_interval,
)

__all__ = [
    "ClassShows",
    "ShowEntry",
    "coverage_chart",
    "coverage_figures",
    "draw_html",
    "fairness_figures",
    "first_counts_html",
    "gambreng_simulator",
    "mean_table_html",
    "repeat_table_html",
    "show_choices",
    "show_figures",
    "shows_chart",
]


def draw_html(t: Translator, players: int = 4, seed: int = 7) -> str:
    """One seeded draw, show by show, in the narrator's words, and how many rounds it took."""
    draw = gambreng(players, random.Random(seed))
    names = [t("seat_name", n=seat + 1) for seat in range(players)]
    rounds = t.count("lesson_after_rounds", len(draw.rounds), n=len(draw.rounds))
    return gambreng_html(draw, names, t) + f"<p>{escape(rounds)}</p>"


def _describe(draw: Gambreng) -> Callable[[Translator], str]:
    def text(t: Translator) -> str:
        kinds = ", ".join(t(f"gambreng_{show.kind}") for show in draw.rounds)
        return t("lesson_draw_shows", shows=kinds)

    return text


def gambreng_simulator(players: int = 4, seed: int = 5, *,
                       lang: str | None = None) -> DealSimulator:  # fmt: skip
    """Hold 1 / Hold 1000 draws of ``players`` players; the running mean, and E(n) after 1000."""

    def trial(rng: random.Random) -> tuple[int, Callable[[Translator], str]]:
        draw = gambreng(players, rng)
        return len(draw.rounds), _describe(draw)

    return DealSimulator(trial, expected_rounds(players), measure="mean", verb="hold",
                         event=lambda t: t("lesson_rounds_for", n=players), seed=seed,
                         lang=lang)  # fmt: skip


def mean_table_html(t: Translator, players: range = range(2, 9)) -> str:
    """E(n) from the recursion shown on the page, beside kayalib's ``expected_rounds``."""
    rows = [[n, f"{mean_rounds(n)}", t.number(float(mean_rounds(n)), 4),
             t.number(float(expected_rounds(n)), 4)] for n in players]  # fmt: skip
    return table_html([t("lesson_players"), "E(n)", "\u2248", t("lesson_kayalib_says")], rows)


def coverage_chart(t: Translator, chart: Chart, intervals: list[tuple[float, float]],
                   players: int = 4, draws: int = 100) -> None:
    """Many 95% confidence intervals, one per sample, stacked; the exact mean as a line; the
    intervals that miss it drawn red, thick and with × at both ends (and listed in the table)."""
    exact = float(expected_rounds(players))
    figure = new_figure(7.0, 5.0)
    axes = figure.add_subplot()
    misses = []
    for k, (low, high) in enumerate(intervals, 1):
        holds = low <= exact <= high
        if not holds:
            misses.append(k)
        axes.plot([low, high], [k, k], color="#1f77b4" if holds else "#c62828",
                  linewidth=1.2 if holds else 2.6, marker=None if holds else "x",
                  markersize=6)  # fmt: skip
    axes.axvline(exact, linestyle="--", color="black", linewidth=1,
                 label=t("l05.coverage_exact", exact=t.number(exact, 3)))  # fmt: skip
    axes.plot([], [], color="#c62828", linewidth=2.6, marker="x", label=t("l05.coverage_miss"))
    axes.set_xlabel(t("l05.coverage_x"))
    axes.set_ylabel(t("l05.coverage_y", draws=t.number(draws, 0)))
    axes.set_title(t.count("l05.coverage_title", len(intervals), n=len(intervals)))
    axes.set_ylim(0, len(intervals) + 1)
    axes.legend(loc="upper right", fontsize=8)
    axes.grid(True, axis="x", alpha=0.3)
    rows = [[k, t.number(low, 2), t.number(high, 2),
             t("l05.coverage_missed") if k in misses else t("l05.coverage_held")]
            for k, (low, high) in enumerate(intervals, 1)]  # fmt: skip
    table = table_html([t("l05.coverage_sample"), t("l05.coverage_low"), t("l05.coverage_high"),
                        t("l05.coverage_holds")], rows)  # fmt: skip
    alt = t.count("l05.coverage_alt", len(misses), misses=len(misses), n=len(intervals),
                  exact=t.number(exact, 3))  # fmt: skip
    chart.draw(figure_to_png(figure, t.lang), alt, table, t("lesson_chart_as_table"))


class Coverage(TypedDict):
    """What a picture of many intervals shows (:func:`coverage_figures`)."""

    hits: int
    misses: int
    repeats: int
    share: float
    exact: Fraction
    sentence: str


class Fairness(TypedDict):
    """Who went first in many draws, and the test of it (:func:`fairness_figures`)."""

    counts: list[int]
    statistic: float
    p: float
    fair_share: float
    players: int
    draws: int
    miss: float
    sentence: str


def coverage_figures(intervals: list[tuple[float, float]], players: int = 4) -> Coverage:
    """What the picture of many intervals shows: how many hold the exact mean, how many miss it,
    and the sentence that fits (``interval_read`` when the misses are as usual, 1 to 10 of 100,
    else ``interval_read_unusual``)."""
    exact = expected_rounds(players)
    hits = sum(low <= float(exact) <= high for low, high in intervals)
    misses = len(intervals) - hits
    usual = 0.01 * len(intervals) <= misses <= 0.10 * len(intervals)
    return {"hits": hits, "misses": misses, "repeats": len(intervals),
            "share": hits / len(intervals), "exact": exact,
            "sentence": "interval_read" if usual else "interval_read_unusual"}  # fmt: skip


def repeat_table_html(t: Translator, players: range = range(3, 9)) -> str:
    """P(a show is repeated) for ``players`` players: unanimous or an even split."""
    rows = []
    for n in players:
        repeat = repeat_chance(n)
        rows.append([n, f"{repeat.numerator}/{repeat.denominator}", t.percent(float(repeat))])
    return table_html([t("lesson_players"), t("lesson_p_repeat"), "%"], rows)


def fairness_figures(players: int = 5, draws: int = 10_000, seed: int = 1) -> Fairness:
    """How often each seat went first in ``draws`` seeded draws, and one chi-square test of all
    of them at once (``counts``, ``statistic``, ``p``, ``fair_share``; ``miss``: the chance
    that at least one of the ``players`` intervals misses a fair share; ``sentence``: the page's
    sentence for this ``p``)."""
    counts = list(simulate_gambreng(players, draws, seed=seed).first_counts)
    statistic, p = chi_square_uniform(counts)
    return {"counts": counts, "statistic": statistic, "p": p, "fair_share": 1 / players,
            "players": players, "draws": draws, "miss": 1 - 0.95**players,
            "sentence": "fair_test_low" if p < 0.05 else "fair_test"}  # fmt: skip


def first_counts_html(t: Translator, figures: Fairness) -> str:
    """How often each seat went first, with 95% confidence intervals (:func:`fairness_figures`)."""
    draws = int(figures["draws"])
    rows = []
    for seat, count in enumerate(figures["counts"]):
        low, high = wilson_interval(count, draws)
        rows.append([t("seat_name", n=seat + 1), t.number(count, 0), t.percent(count / draws),
                     f"{t.percent(low)} \u2013 {t.percent(high)}"])  # fmt: skip
    return table_html([t("lesson_player"), t("lesson_first"), t("lesson_share"),
                       t("lesson_interval95")], rows)  # fmt: skip


# ---- the class's own shows: entered by the students, tested for a fair coin ---------------------

#: the lesson whose shows these are (the class store's name for them)
SHOWS_LESSON = "05"
#: the most rounds one student enters (a lesson's hompimpa, with room to spare)
MAX_SHOWS = 30
GESTURES = ("palm", "back")


class ShowEntry(widgets.VBox, Localized):
    """A student's own hompimpa shows, one a round: two big buttons (palm, back of hand) that a
    thumb on a phone and the keyboard reach, the round they are for, and an undo of the last one.

    In class mode each show goes to the class as it is entered
    (:func:`~kayalib.pages.classroom.share_show`) and the undo takes it back there too; anywhere
    else the shows stay on this page, and the page says they are not sent.

    >>> entry = ShowEntry(lang="en")
    >>> entry.palm_button.click(); entry.back_button.click(); entry.shows
    ['palm', 'back']
    >>> entry.undo_button.click(); entry.shows, entry.round_label.value
    (['palm'], '<b>Round 2: what did you show?</b>')
    >>> "not sent" in entry.mode.value
    True
    """

    def __init__(self, *, lang: str | None = None) -> None:
        from kayalib.pages.classroom import ClassLink

        self.init_language(lang)
        self.in_class = ClassLink.from_environment() is not None
        self.shows: list[str] = []
        self.sent: list[bool] = []
        self.last: tuple[str, int, str] | None = None  # the status line's key, round, gesture
        self.errors = ErrorBanner(lambda: self.t)
        self.mode = widgets.HTML()
        self.round_label = widgets.HTML()
        self.round_label.add_class("kayalib-show-round")
        big = {"height": "3.6em", "flex": "1 1 9em", "min_width": "8em", "max_width": "16em",
               "margin": "0 8px 0 0"}
        self.palm_button = widgets.Button(button_style="primary", layout=big,
                                          style={"font_size": "1.15em", "font_weight": "bold"})
        self.back_button = widgets.Button(button_style="primary", layout=big,
                                          style={"font_size": "1.15em", "font_weight": "bold"})
        self.undo_button = widgets.Button(layout={"width": "auto", "height": "2.6em",
                                                  "align_self": "flex-start"})  # fmt: skip
        for button, css in ((self.palm_button, "kayalib-show-palm"),
                            (self.back_button, "kayalib-show-back"),
                            (self.undo_button, "kayalib-show-undo")):  # fmt: skip
            button.add_class(css)
        self.palm_button.on_click(self.errors.guard(lambda _: self.enter("palm")))
        self.back_button.on_click(self.errors.guard(lambda _: self.enter("back")))
        self.undo_button.on_click(self.errors.guard(lambda _: self.undo()))
        self.status = widgets.HTML()
        self.status.add_class("kaya-status")
        self.mine = widgets.HTML()
        buttons = widgets.HBox([self.palm_button, self.back_button],
                               layout={"flex_flow": "row wrap"})  # fmt: skip
        super().__init__([self.mode, self.round_label, buttons, self.undo_button, self.status,
                          self.mine, self.errors])  # fmt: skip
        self.add_class("kayalib-show-entry")
        self.relabel()

    @property
    def round(self) -> int:
        """The round the next show is for (from 1)."""
        return len(self.shows) + 1

    def enter(self, gesture: str) -> None:
        """The student showed ``gesture`` (``"palm"`` or ``"back"``) in the next round."""
        from kayalib.pages.classroom import share_show

        if gesture not in GESTURES or len(self.shows) >= MAX_SHOWS:
            return
        sent = share_show(SHOWS_LESSON, self.round, gesture) if self.in_class else False
        self.shows.append(gesture)
        self.sent.append(sent)
        said = "sent" if sent else ("failed" if self.in_class else "kept")
        self.last = (f"l05.shows_{said}", len(self.shows), gesture)
        self.relabel()

    def undo(self) -> None:
        """Take the last show back (from the class too, if it was sent)."""
        from kayalib.pages.classroom import share_show

        if not self.shows:
            return
        round_, gesture, sent = len(self.shows), self.shows.pop(), self.sent.pop()
        if sent and not share_show(SHOWS_LESSON, round_, None):
            self.last = ("l05.shows_undo_failed", round_, gesture)
        else:
            self.last = ("l05.shows_undone", round_, gesture)
        self.relabel()

    def relabel(self) -> None:
        t = self.t
        self.mode.value = escape(t("l05.shows_in_class" if self.in_class else "l05.shows_local"))
        full = len(self.shows) >= MAX_SHOWS
        heading = (t.count("l05.shows_full", MAX_SHOWS, n=MAX_SHOWS) if full
                   else t("l05.shows_round", n=self.round))  # fmt: skip
        self.round_label.value = f"<b>{escape(heading)}</b>"
        for button, gesture in ((self.palm_button, "palm"), (self.back_button, "back")):
            button.description = t(f"l05.shows_{gesture}")
            button.tooltip = t(f"l05.shows_{gesture}_tip", n=self.round)
            button.disabled = full
        self.undo_button.description = t("l05.shows_undo")
        self.undo_button.tooltip = (t("l05.shows_undo_tip", n=len(self.shows)) if self.shows
                                    else t("l05.shows_undo"))  # fmt: skip
        self.undo_button.disabled = not self.shows
        if self.last is None:
            self.status.value = ""
        else:
            key, round_, gesture = self.last
            self.status.value = escape(t(key, n=round_, gesture=t(f"l05.shows_{gesture}_word")))
        if not self.shows:
            self.mine.value = f"<i>{escape(t('l05.shows_none_yet'))}</i>"
            return
        listed = ", ".join(t(f"l05.shows_{g}_word") for g in self.shows)
        self.mine.value = escape(t.count("l05.shows_mine", len(self.shows), n=len(self.shows),
                                         shows=listed))  # fmt: skip


def show_choices() -> list[tuple[Callable[[Translator], str], str]]:
    """The choices of the prediction "do people show palm half the time?" (no right one: the
    class's shows settle it)."""
    return [(_shows_label(choice), choice) for choice in ("half", "palm", "back")]


def _shows_label(choice: str) -> Callable[[Translator], str]:
    return lambda t: t(f"l05.shows_pred_{choice}")


def show_figures(shows: Sequence[dict[str, Any]], players: int = 4) -> dict[str, Any]:
    """What the class's hompimpa ``shows`` (``{"round", "gesture"}`` each) say about "each show
    is a fair coin", every figure the page states (:mod:`kayalib.stats`): the counts, the exact
    binomial test's ``p``, the counts a fair coin gives at least 95% of the time (``low``..
    ``high``), the palm share's 95% interval, the share the test notices 80 times in 100
    (``detect``, ``None`` if no count of ``n`` could give p < 0.05), and for a gambreng of
    ``players`` at the class's palm share
    (:func:`kayalib.lessons.maths.gambreng_stats.biased_draw`): the mean rounds when everyone
    shares it, and the chance to go first of one player who always shows the more common side
    (``follow``) or the other (``against``) against players who share it.
    ``sentences``: the catalogue keys that fit these figures.

    >>> even = show_figures([{"gesture": "palm"}] * 120 + [{"gesture": "back"}] * 120)
    >>> even["p"], even["low"], even["high"], even["sentences"][:2]
    (1.0, 105, 135, ['l05.shows_no_evidence', 'l05.shows_limit_detect'])
    >>> show_figures([{"gesture": "palm"}] * 170 + [{"gesture": "back"}] * 70)["sentences"][:2]
    ['l05.shows_evidence', 'l05.shows_limit_evidence']
    """
    palm = sum(1 for show in shows if show.get("gesture") == "palm")
    back = sum(1 for show in shows if show.get("gesture") == "back")
    n = palm + back
    if n == 0:
        return {"n": 0, "palm": 0, "back": 0, "sentences": []}
    p = binomial_test(palm, n)
    low, high = binomial_range(n)
    share = Fraction(palm, n)
    share_low, share_high = wilson_interval(palm, n)
    detect = detectable_share(n)
    figures: dict[str, Any] = {
        "n": n, "palm": palm, "back": back, "share": share, "half": n / 2, "p": p,
        "low": low, "high": high, "inside": low <= palm <= high,
        "share_low": share_low, "share_high": share_high, "detect": detect,
        "detect_low": None if detect is None else 1 - detect, "players": players,
        "others": players - 1, "exact_rounds": expected_rounds(players),
        "more": "palm" if palm >= back else "back",
        "less": "back" if palm >= back else "palm"}  # fmt: skip
    verdict = "shows_evidence" if p < 0.05 else "shows_no_evidence"
    if p < 0.05:
        limit = "shows_limit_evidence"
    else:
        limit = "shows_limit_powerless" if detect is None else "shows_limit_detect"
    same = biased_draw([share] * players)
    figures["rounds"] = same.rounds
    if same.rounds is None:
        fairness = "shows_players_one_side"
    elif share == Fraction(1, 2):
        fairness = "shows_players_even"
    else:
        more = 1 if share > Fraction(1, 2) else 0
        rest = [share] * (players - 1)
        follow, against = biased_draw([more, *rest]), biased_draw([1 - more, *rest])
        assert follow.first is not None and against.first is not None
        figures |= {"follow": follow.first[0], "against": against.first[0]}
        fairness = "shows_players"
    figures["sentences"] = [f"l05.{key}" for key in (verdict, limit, "shows_independence",
                                                     fairness)]  # fmt: skip
    return figures


def shows_chart(t: Translator, chart: Chart, figures: dict[str, Any]) -> None:
    """The number of palms a fair coin gives in the class's ``n`` shows (every count's chance
    C(n, k) / 2ⁿ, as the page writes it), the counts it gives at least 95% of the time dark and
    shaded, the class's count marked; the key figures as alt text and a table."""
    n, palm, low, high = figures["n"], figures["palm"], figures["low"], figures["high"]
    chances = [math.comb(n, k) / 2**n for k in range(n + 1)]
    figure = new_figure(7.0, 3.6)
    axes = figure.add_subplot()
    colours = ["#1f77b4" if low <= k <= high else "#9ecae1" for k in range(n + 1)]
    axes.bar(range(n + 1), chances, width=1.0, color=colours, edgecolor="none")
    axes.axvspan(low - 0.5, high + 0.5, color="#1f77b4", alpha=0.08,
                 label=fill(t, t("l05.shows_chart_band"), low=low, high=high))  # fmt: skip
    axes.axvline(palm, color="#c62828", linewidth=2.4, linestyle="--",
                 label=fill(t, t("l05.shows_chart_class"), palm=palm))  # fmt: skip
    spread = max(4.0, 4.5 * math.sqrt(n) / 2)
    axes.set_xlim(max(-0.5, min(palm, n / 2 - spread) - 1),
                  min(n + 0.5, max(palm, n / 2 + spread) + 1))  # fmt: skip
    axes.set_xlabel(t("l05.shows_chart_x"))
    axes.set_ylabel(t("l05.shows_chart_y"))
    axes.set_title(fill(t, t.count("l05.shows_chart_title", n), n=n), fontsize=11)
    axes.set_ylim(0, max(chances) * 1.45)  # room for the legend above the bars
    axes.legend(loc="upper left", fontsize=8)
    axes.grid(True, axis="y", alpha=0.3)
    p = _p_text(figures["p"])
    rows = [[t("l05.shows_row_palm"), t.number(palm, 0)],
            [t("l05.shows_row_back"), t.number(figures["back"], 0)],
            [t("l05.shows_row_band"), f"{t.number(low, 0)} \u2013 {t.number(high, 0)}"],
            [t("l05.shows_row_p"), p(t)]]  # fmt: skip
    table = table_html([t("l05.shows_row_what"), t("l05.shows_row_value")], rows)
    alt = fill(t, t.count("l05.shows_alt_inside" if figures["inside"] else "l05.shows_alt_outside",
                          n), n=n, palm=palm, low=low, high=high, p=p)  # fmt: skip
    chart.draw(figure_to_png(figure, t.lang), alt, table, t("lesson_chart_as_table"))


def _p_text(p: float) -> Callable[[Translator], str]:
    """``p = 0.372`` or ``p < 0.001``, written in the reader's language."""
    return lambda t: (f"p < {t.number(0.001, 3)}" if p < 0.001 else f"p = {t.number(p, 3)}")


class ClassShows(widgets.VBox, Localized):
    """The class's own shows, tested: where they come from (this class, or the kit's sample
    class of bots, labelled, while the class has entered none), the counts, the picture
    (:func:`shows_chart`) and the sentences :func:`show_figures` picks, computed from the data.
    In class mode, "Read the class's shows again" reads the shows entered since."""

    empty: bool
    data: ClassData
    figures: dict[str, Any]

    def __init__(self, read: Callable[[], ClassData] | None = None, *,
                 lang: str | None = None) -> None:  # fmt: skip
        self.init_language(lang)
        self.read = read or (lambda: class_or_sample("show", SHOWS_LESSON))
        self.errors = ErrorBanner(lambda: self.t)
        self.source = widgets.HTML()
        self.source.add_class("kayalib-shows-source")
        self.source.add_class("kayalib-prose")
        self.again = widgets.Button(layout={"width": "auto"})
        self.again.add_class("kayalib-shows-again")
        self.again.on_click(self.errors.guard(lambda _: self.load()))
        self.chart = Chart()
        self.prose = widgets.HTML()
        self.prose.add_class("kayalib-prose")
        super().__init__([self.source, self.again, self.chart, self.prose, self.errors])
        self.add_class("kayalib-class-shows")
        self.load()

    def load(self) -> None:
        """Read the shows (again) and redraw everything from them."""
        data = self.read()
        self.empty = not data.sample and not show_figures(data.data["shows"])["n"]
        if self.empty:  # the class has entered nothing yet: the sample meanwhile, labelled
            data = shipped_sample("show")
        self.data = data
        self.figures = show_figures(data.data["shows"])
        self.relabel()

    def relabel(self) -> None:
        t, figures = self.t, self.figures
        source = ("shows_source_empty" if self.empty else
                  "shows_source_sample" if self.data.sample else "shows_source_class")
        self.source.value = markdown(fill(t, t.count(f"l05.{source}", figures["n"]),
                                          n=figures["n"]))  # fmt: skip
        self.again.description = t("l05.shows_again")
        self.again.layout.display = None if (self.empty or not self.data.sample) else "none"
        shows_chart(t, self.chart, figures)
        values = dict(figures, p=_p_text(figures["p"]),
                      more=lambda t: t(f"l05.shows_{figures['more']}_word"),
                      less=lambda t: t(f"l05.shows_{figures['less']}_word"))
        for key in ("detect", "detect_low", "rounds", "follow", "against"):
            if values.get(key) is None:  # a figure that only a sentence not shown states
                values[key] = 0.0
        values["in_shows"] = fill(t, t.count("l05.shows_in", figures["n"]), n=figures["n"])
        paragraphs = [t("l05.shows_counts")]
        paragraphs += [t(key) for key in figures["sentences"]]
        self.prose.value = "".join(markdown(fill(t, text, **values)) for text in paragraphs)
        if self.data.sample:
            self.prose.value += markdown(t("l05.shows_sample_note"))
