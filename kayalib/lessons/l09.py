"""Lesson 09, how often should you bluff? Heads-up Blef with one card each, solved: play rounds
against a bot (:class:`RoundPlayer`), the equilibrium as a picture and the "truth dial", and
bots played against the equilibrium in seeded matches (:class:`EquilibriumMatch`). Every number
comes from :mod:`kayalib.blef.exploitation` and :mod:`kayalib.blef.matches` when the page runs;
here they are drawn and told.

Every round is round 1 of a seeded two-player game (one card each), so the same page seed deals
the same cards; the bots draw from the engine's per-step generators.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from html import escape
from typing import Any

import ipywidgets as widgets
from matplotlib.patches import Rectangle

from kayalib.blef.actions import CHECK
from kayalib.blef.equilibrium import HEADS_UP, solved
from kayalib.blef.exploitation import (
    TEN,
    exploitation,
    opening_values,
    safe_range,
    strategy_grid,
    truth_dial,
)
from kayalib.blef.game import BlefState, CheckEvent
from kayalib.blef.lesson_bots import REPLY
from kayalib.blef.matches import MatchResult, first_round, match
from kayalib.draw import blef_card_svg
from kayalib.draw.cards import card_back_svg, row_html
from kayalib.draw.charts import bar_chart_png, figure_to_png, line_chart_png, new_figure, table_html
from kayalib.engine import turns
from kayalib.i18n import Translator
from kayalib.lessons.kit.plots import Chart, LiveChart
from kayalib.pages.banner import ErrorBanner
from kayalib.pages.language import Localized
from kayalib.pages.runbox import Progress, RunBox
from kayalib.registry import make_bot
from kayalib.seeds import game_seed
from kayalib.words import BlefWords

__all__ = [
    "COLOURS",
    "MATCH_BOTS",
    "EquilibriumMatch",
    "RoundPlayer",
    "bot_name",
    "convergence_chart",
    "opening_values_html",
    "signed",
    "strategy_chart",
    "strategy_png",
    "truth_dial_chart",
]


def bot_name(t: Translator, name: str) -> str:
    """A lesson bot's name in the language of ``t``."""
    return t(f"l09.bot_{name.replace('-', '_')}")


def signed(t: Translator, value: float, digits: int = 3) -> str:
    """A result per round with its sign (``+0.130``, ``−0.072``), written per language."""
    text = t.number(abs(value), digits)
    if round(value, digits) == 0:
        return text
    return ("+" if value > 0 else "\u2212") + text


class RoundPlayer(widgets.VBox, Localized):
    """Play heads-up rounds (one card each) against a lesson bot; you bid first in every other
    round. Only the twelve bids two cards can make true are offered. At the check both cards are
    shown, and a table keeps your results against each bot.

    >>> player = RoundPlayer(bots=("honest",), seed=3, lang="en")
    >>> while not player.over:
    ...     player.check_button.click() if player.can_check else player.bid_button.click()
    >>> player.results["honest"][1]
    1
    """

    def __init__(self, bots: Sequence[str] = ("honest", "always-bluffer", "cfr"),
                 bot: str | None = None, seed: int = 9, *, lang: str | None = None,
                 **kwargs: Any) -> None:  # fmt: skip
        self.init_language(lang)
        self.bots = list(bots)
        self.seed = seed
        self.errors = ErrorBanner(lambda: self.t)
        self.opponent = widgets.Dropdown(options=[(n, n) for n in self.bots],
                                         value=bot or self.bots[0],
                                         style={"description_width": "initial"})  # fmt: skip
        self.opponent.add_class("kayalib-h2h-opponent")
        self.new_button = widgets.Button(layout={"width": "auto"})
        self.new_button.add_class("kayalib-h2h-new")
        self.table = widgets.HTML()
        self.table.add_class("kayalib-h2h-table")
        self.choice = widgets.Dropdown(layout={"width": "auto"},
                                       style={"description_width": "initial"})
        self.choice.add_class("kayalib-h2h-choice")
        self.bid_button = widgets.Button(button_style="primary", layout={"width": "auto"})
        self.bid_button.add_class("kayalib-h2h-bid")
        self.check_button = widgets.Button(button_style="warning", layout={"width": "auto"})
        self.check_button.add_class("kayalib-h2h-check")
        self.outcome = widgets.HTML()
        self.outcome.add_class("kayalib-h2h-outcome")
        self.tally = widgets.HTML()
        self.tally.add_class("kayalib-h2h-tally")
        self.results: dict[str, list[int]] = {}
        self.rounds = 0
        self.state: BlefState | None = None
        self.human = 0
        self.check: CheckEvent | None = None
        run = self.errors.guard
        self.new_button.on_click(run(lambda _: self.new_round()))
        self.bid_button.on_click(run(lambda _: self.bid()))
        self.check_button.on_click(run(lambda _: self.sprawdzam()))
        self.opponent.observe(run(lambda _: self.new_round()), "value")
        super().__init__([widgets.HBox([self.opponent, self.new_button]), self.table,
                          widgets.HBox([self.choice, self.bid_button, self.check_button]),
                          self.outcome, self.tally, self.errors], **kwargs)  # fmt: skip
        self.add_class("kayalib-round-player")
        self.new_round()
        self.relabel()

    # -- playing -------------------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.check is not None

    @property
    def can_check(self) -> bool:
        return not self.over and self.state is not None and bool(self.state.bids)

    def new_round(self) -> None:
        """Deal the next round; the bot moves at once if it bids first."""
        self.bot = make_bot("blef", self.opponent.value)
        self.game_seed = game_seed(self.seed, self.rounds)
        self.state = first_round(self.game_seed)
        starter = self.state.starter
        self.human = starter if self.rounds % 2 == 0 else 1 - starter
        self.rounds += 1
        self.check = None
        self._bot_moves()
        self._show()

    def _apply(self, action: Any, seat: int) -> None:
        """The person's ``action`` (the engine checks it)."""
        assert self.state is not None
        self._record(action, self.state.apply(action, seat=seat))

    def _record(self, action: Any, after: BlefState) -> None:
        """A move was made: a check ends the round, and the page keeps showing the round as it
        was at the check (its bids and cards), not the next round the engine has dealt."""
        if action != CHECK:
            self.state = after
            return
        self.check = next(e for e in reversed(after.events) if isinstance(e, CheckEvent))
        record = self.results.setdefault(self.opponent.value, [0, 0])
        record[0] += self.check.loser != self.human
        record[1] += 1

    def _bot_moves(self) -> None:
        """The bot's moves (by the one turn loop) until the person is to act or it checks."""
        if self.over or self.state is None:
            return
        seats: list[Any] = [None, None]
        seats[1 - self.human] = self.bot
        for step in turns(self.state, seats):
            self._record(step.action, step.state)
            if self.over:
                break

    def bid(self) -> None:
        """Make the bid chosen in the list; the bot answers."""
        if self.over or self.choice.value is None:
            return
        self._apply(self.choice.value, self.human)
        self._bot_moves()
        self._show()

    def sprawdzam(self) -> None:
        """Check the bot's last bid."""
        if not self.can_check:
            return
        self._apply(CHECK, self.human)
        self._show()

    # -- showing -------------------------------------------------------------------------------

    def relabel(self) -> None:
        t = self.t
        value = self.opponent.value
        self.opponent.options = [(bot_name(t, n), n) for n in self.bots]
        self.opponent.value = value
        self.opponent.description = t("l09.opponent")
        self.new_button.description = t("l09.new_round")
        self.bid_button.description = t("l09.bid")
        self.check_button.description = t("l09.check")
        self._show()

    def _names(self, t: Translator) -> BlefWords:
        bot = bot_name(t, self.opponent.value)
        return BlefWords(t, lambda seat: t("l09.you") if seat == self.human else bot)

    def _show(self) -> None:
        if self.state is None:
            return
        t = self.t
        words = self._names(t)
        suits = words.suit_names()
        mine = self.state.hands[self.human][0]
        other = self.state.hands[1 - self.human][0]
        faces = [blef_card_svg(mine.rank, mine.suit, width=56, suit_names=suits)]
        theirs = (blef_card_svg(other.rank, other.suit, width=56, suit_names=suits)
                  if self.over else card_back_svg(width=56, label="?"))  # fmt: skip
        bids = [f"<li>{escape(words.seat(seat))}: <b>{escape(words.bid_text(bid))}</b></li>"
                for seat, bid in self.state.bids]  # fmt: skip
        if self.over:
            bids.append(f"<li>{escape(words.seat(self.check.seat))}: <b>sprawdzam!</b></li>")
        first = words.seat(self.state.starter)
        self.table.value = (
            '<div style="display:flex;gap:24px;align-items:flex-start;flex-wrap:wrap">'
            f"<div><b>{escape(t('l09.your_card'))}</b>{row_html(faces)}</div>"
            f"<div><b>{escape(t('l09.their_card'))}</b>{row_html([theirs])}</div>"
            f"<div><b>{escape(t('l09.bids_so_far', first=first))}</b>"
            f"<ol>{''.join(bids)}</ol></div></div>"
        )
        last = self.state.last_bid if self.state.bids else None
        above = -1 if last is None else last.index
        choices = [(words.bid_text(b), b) for b in HEADS_UP.bids if b.index > above]
        self.choice.options = choices
        self.choice.value = choices[0][1] if choices else None
        self.choice.description = t("l09.your_bid")
        playing = not self.over and self.state.current_player == self.human
        self.choice.disabled = self.bid_button.disabled = not (playing and choices)
        self.check_button.disabled = not (playing and self.can_check)
        if self.over:
            check = self.check
            sentence = t("l09.you_checked" if check.seat == self.human else "l09.bot_checked",
                          bid=words.bid_text(check.bid), cards=words.cards_text(check.pool),
                          verdict=t("l09.bid_true" if check.true else "l09.bid_false"))
            won = self.check.loser != self.human
            verdict = t("l09.you_won" if won else "l09.you_lost")
            colour = "#1b7f3b" if won else "#b00020"
            self.outcome.value = (f"<p>{escape(sentence)}</p><p style=\"color:{colour}\"><b>"
                                  f"{'✔' if won else '✘'} {escape(verdict)}</b> "
                                  f"{escape(t('l09.press_new'))}</p>")  # fmt: skip
        else:
            self.outcome.value = f"<i>{escape(t('l09.your_turn'))}</i>" if playing else ""
        rows = [[bot_name(t, name), t.number(played, 0), t.number(won, 0),
                 signed(t, (2 * won - played) / played)]
                for name, (won, played) in self.results.items()]  # fmt: skip
        self.tally.value = "" if not rows else table_html(
            [t("l09.opponent_column"), t("l09.rounds"), t("l09.rounds_won"),
             t("l09.result_per_round")], rows)  # fmt: skip


# ---------------------------------------------------------------------------------------------
# Bots against the equilibrium


MATCH_BOTS = ("honest", "odds", REPLY, "cfr")
"""The bots :class:`EquilibriumMatch` plays against the equilibrium by default."""


class EquilibriumMatch(RunBox):
    """Each bot plays heads-up rounds against the equilibrium (``cfr``), half of them bidding
    first: its average result per round with a 95% interval, beside the exact value; a sentence
    per bot computed from the interval. Runs only when asked, with a progress bar."""

    count_label = staticmethod(lambda t: t("l09.rounds_per_bot"))
    run_label = staticmethod(lambda t: t("l09.run_match"))
    run_class = "kayalib-run-match"
    css_class = "kayalib-equilibrium-match"

    def __init__(self, bots: Sequence[str] = MATCH_BOTS, rounds: int = 2000, seed: int = 4, *,
                 lang: str | None = None, **kwargs: Any) -> None:  # fmt: skip
        self.bots = list(bots)
        self.seed = seed
        self.verdicts = widgets.HTML()
        self.table = widgets.HTML()
        self.chart = Chart()
        super().__init__(rounds, low=100, high=20000, step=100, width="18em",
                         below=[self.verdicts, self.table, self.chart], lang=lang,
                         **kwargs)  # fmt: skip
        self.results: list[MatchResult] = []
        self.relabel()

    def work(self, count: int, progress: Progress) -> list[MatchResult]:
        total = count * len(self.bots)
        return [match(bot, count, self.seed + i, progress.part(i * count, total))
                for i, bot in enumerate(self.bots)]  # fmt: skip

    def sentences(self) -> list[str]:
        """One sentence per bot: is its interval below 0, around 0, or (by luck) above?"""
        t = self.t
        said = []
        for result in self.results:
            low, high = result.interval()
            key = "l09.match_below" if high < 0 else "l09.match_above" if low > 0 else \
                "l09.match_around"  # fmt: skip
            said.append(t(key, bot=bot_name(t, result.bot), mean=signed(t, result.mean),
                          low=signed(t, low), high=signed(t, high),
                          exact=signed(t, -float(exploitation(result.bot).equilibrium_average))))
        return said

    def show(self) -> None:
        t, results = self.t, self.results
        if not results:
            self.verdicts.value = self.table.value = ""
            self.chart.draw(b"", "")
            return
        rows, labels, means, errors = [], [], [], []
        for result in results:
            low, high = result.interval()
            exact = -float(exploitation(result.bot).equilibrium_average)
            name = bot_name(t, result.bot)
            rows.append([name, t.number(result.rounds, 0), t.number(result.won, 0),
                         signed(t, result.mean), f"{signed(t, low)} \u2013 {signed(t, high)}",
                         signed(t, exact)])  # fmt: skip
            labels.append(name.replace(" ", "\n", 2))
            means.append(result.mean)
            errors.append((low, high))
        header = [t("l09.bot"), t("l09.rounds"), t("l09.rounds_won"), t("l09.result_per_round"),
                  t("lesson_interval95"), t("l09.exact_result")]  # fmt: skip
        self.table.value = table_html(header, rows)
        png = bar_chart_png(labels, means, errors=errors, reference=0.0,
                            reference_label=t("l09.zero_line"),
                            title=t("l09.match_title", rounds=t.number(results[0].rounds, 0)),
                            xlabel=t("l09.bot"), ylabel=t("l09.result_per_round"),
                            width=7.5, height=3.8, lang=t.lang)  # fmt: skip
        alt = t("l09.match_alt", results="; ".join(
            f"{bot_name(t, r.bot)} {signed(t, r.mean)}" for r in results))  # fmt: skip
        self.chart.draw(png, alt, table_html(header, rows), t("lesson_chart_as_table"))
        items = "".join(f"<li>{escape(s)}</li>" for s in self.sentences())
        self.verdicts.value = f"<ul>{items}</ul>"


# ---------------------------------------------------------------------------------------------
# The pictures: the equilibrium as a grid, the truth dial, each opening's value, the solver


COLOURS = {"honest": "#2e7d32", "bluff": "#c62828", "check": "#9e9e9e"}
"""Honest raise green, bluff red, check grey (also told apart by the table and the alt text)."""


def _words(t: Translator) -> BlefWords:
    return BlefWords(t, lambda seat: str(seat))


def _bid_label(t: Translator, last) -> str:
    return t("l09.opening") if last is None else _words(t).bid_text(last)


def strategy_png(t: Translator) -> bytes:
    """The equilibrium grid: a row per card (9 at the top), a column per last bid (the opening
    first); each cell a bar split into honest raise, bluff and check; blank where equilibrium
    play never comes."""
    words = _words(t)
    columns = [None, *HEADS_UP.bids]
    figure = new_figure(10.0, 4.2)
    axes = figure.add_subplot()
    for mix in strategy_grid():
        x = columns.index(mix.last)
        y = 5 - mix.card
        left = x + 0.08
        for part in ("honest", "bluff", "check"):
            width = 0.84 * getattr(mix, part)
            if width > 0:
                axes.add_patch(Rectangle((left, y + 0.15), width, 0.7, color=COLOURS[part]))
            left += width
    labels = [t("l09.opening")] + [
        ("\n".join([words.kind(bid.kind), words.rank(bid.params[0])])) for bid in HEADS_UP.bids]
    axes.set_xlim(0, len(columns))
    axes.set_ylim(0, 6)
    axes.set_xticks([i + 0.5 for i in range(len(columns))], labels, fontsize=7)
    axes.set_yticks([5 - r + 0.5 for r in range(6)], [words.rank(r) for r in range(6)])
    for x in range(1, len(columns)):
        axes.axvline(x, color="#dddddd", linewidth=0.5)
    for y in range(1, 6):
        axes.axhline(y, color="#dddddd", linewidth=0.5)
    axes.set_xlabel(t("l09.grid_x"))
    axes.set_ylabel(t("l09.grid_y"))
    axes.set_title(t("l09.grid_title"))
    handles = [Rectangle((0, 0), 1, 1, color=COLOURS[p]) for p in COLOURS]
    axes.legend(handles, [t(f"l09.part_{p}") for p in COLOURS], loc="upper center",
                bbox_to_anchor=(0.5, -0.28), ncol=3, fontsize=8, frameon=False)  # fmt: skip
    return figure_to_png(figure, t.lang)


def strategy_rows(t: Translator) -> tuple[list[str], list[list[str]]]:
    """The grid as a table: card, last bid, honest raise, bluff, check (percentages)."""
    words = _words(t)
    header = [t("l09.grid_y"), t("l09.grid_x")] + [t(f"l09.part_{p}") for p in COLOURS]
    rows = [[words.rank(m.card), _bid_label(t, m.last), t.percent(m.honest), t.percent(m.bluff),
             t.percent(m.check)] for m in strategy_grid()]  # fmt: skip
    return header, rows


def strategy_chart() -> LiveChart:
    """The equilibrium grid with its table, redrawn in the page's language."""

    def draw(t: Translator, chart: Chart) -> None:
        opening = [m for m in strategy_grid() if m.last is None]
        alt = t("l09.grid_alt", bluffs="; ".join(
            f"{_words(t).rank(m.card)}: {t.percent(m.bluff)}" for m in opening))  # fmt: skip
        chart.draw(strategy_png(t), alt, table_html(*strategy_rows(t)), t("lesson_chart_as_table"))

    chart = LiveChart(draw, max_width="900px")
    chart.add_class("kayalib-l09-grid")
    return chart


def truth_dial_chart(card: int = TEN) -> LiveChart:
    """What the best-replying second bidder wins per round, against the first bidder's share of
    honest openings with ``card``; a dashed line at what it wins against the equilibrium."""
    dial = truth_dial(card)
    value = -solved().value
    share = next(s for bid, _v, s in opening_values(card) if bid.params[0] == card
                 and bid.kind == "high-card")  # fmt: skip

    def draw(t: Translator, chart: Chart) -> None:
        rank = _words(t).rank(card)
        xs, ys = [s for s, _ in dial], [w for _, w in dial]
        png = line_chart_png({t("l09.dial_line", rank=rank): (xs, ys)},
                             title=t("l09.dial_title", rank=rank),
                             xlabel=t("l09.dial_x", rank=rank),
                             ylabel=t("l09.dial_y"), hlines={t("l09.dial_eq"): value},
                             ylim=(0.06, 0.09), lang=t.lang)  # fmt: skip
        low, high = safe_range(dial)
        alt = t("l09.dial_alt", rank=rank, low=t.percent(low), high=t.percent(high),
                share=t.percent(share), value=t.number(value, 4))  # fmt: skip
        rows = [[t.percent(s), t.number(w, 4)] for s, w in dial[::5]]
        chart.draw(png, alt, table_html([t("l09.dial_x", rank=rank), t("l09.dial_y")], rows),
                   t("lesson_chart_as_table"))  # fmt: skip

    chart = LiveChart(draw)
    chart.add_class("kayalib-l09-dial")
    return chart


def _value_text(t: Translator, value: Fraction | float) -> str:
    if isinstance(value, Fraction) and value.denominator != 1:
        return f"{value.numerator}/{value.denominator} ({t.number(float(value), 3)})"
    return t.number(float(value), 3)


def opening_values_html(t: Translator, card: int = TEN) -> str:
    """For the first bidder with ``card``: each high-card opening, what it is worth per round
    (both then play the equilibrium) and how often the equilibrium opens with it."""
    words = _words(t)
    rows = [[words.bid_text(bid), _value_text(t, value), t.percent(share)]
            for bid, value, share in opening_values(card) if bid.kind == "high-card"]  # fmt: skip
    return table_html([t("l09.opening_bid"), t("l09.bid_worth"), t("l09.how_often")], rows)


def convergence_chart() -> LiveChart:
    """NashConv of the solver's average strategy after each iteration (log-log)."""
    data = solved().convergence

    def draw(t: Translator, chart: Chart) -> None:
        xs, ys = [i for i, _n, _v in data], [max(n, 1e-12) for _i, n, _v in data]
        figure = new_figure(7.0, 3.2)
        axes = figure.add_subplot()
        axes.loglog(xs, ys)
        axes.set_xlabel(t("l09.conv_x"))
        axes.set_ylabel(t("l09.conv_y"))
        axes.set_title(t("l09.conv_title"))
        axes.grid(True, alpha=0.3)
        marks = [m for m in (1, 10, 100, len(data)) if m <= len(data)]
        rows = [[t.number(data[m - 1][0], 0), t.number(data[m - 1][1], 6)] for m in marks]
        alt = t("l09.conv_alt", first=t.number(data[0][1], 3), n=t.number(len(data), 0),
                last=t.number(data[-1][1], 6))  # fmt: skip
        chart.draw(figure_to_png(figure, t.lang), alt,
                   table_html([t("l09.conv_x"), t("l09.conv_y")], rows),
                   t("lesson_chart_as_table"))  # fmt: skip

    chart = LiveChart(draw)
    chart.add_class("kayalib-l09-convergence")
    return chart
