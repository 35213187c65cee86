"""Lesson 09, how often should you bluff? (part 1). Heads-up Blef with one card each, solved:
play rounds against a bot (:class:`RoundPlayer`), the best replies that beat fixed rules, bots
played against the equilibrium in seeded matches (:class:`EquilibriumMatch`), and what *every*
equilibrium of the round shares (:func:`opening_ranges_chart`, :func:`card_values_html`, from
:func:`kayalib.blef.equilibrium_set.shipped`). Part 2 (:mod:`kayalib.lessons.l10`) is about
mixing, indifference and many equilibria with one value. Every number comes from
:mod:`kayalib.lessons.maths.exploitation`, :mod:`kayalib.blef.equilibrium_set` and
:mod:`kayalib.lessons.maths.matches` when the page runs; here they are drawn and told.

Every round is round 1 of a seeded two-player game (one card each), so the same page seed deals
the same cards; the bots draw from the engine's per-step generators.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape
from typing import Any

import ipywidgets as widgets

from kayalib.blef.actions import CHECK
from kayalib.blef.equilibrium import HEADS_UP
from kayalib.blef.equilibrium_set import shipped
from kayalib.blef.game import BlefState, CheckEvent
from kayalib.draw import blef_card_svg
from kayalib.draw.cards import card_back_svg, row_html
from kayalib.engine import SomeState, Step
from kayalib.i18n import MINUS, Translator
from kayalib.lessons.kit.gate import Gate, GatedRunBox
from kayalib.lessons.kit.plots import Chart, LiveChart
from kayalib.lessons.maths.exploitation import exploitation
from kayalib.lessons.maths.lesson_bots import REPLY
from kayalib.lessons.maths.matches import first_round, match
from kayalib.pages.banner import ErrorBanner
from kayalib.pages.language import Localized
from kayalib.pages.runbox import Progress
from kayalib.seeds import game_seed
from kayalib.stats import WinRate
from kayalib.table import PERSON, Table
from kayalib.words import BlefWords

__all__ = [
    "MATCH_BOTS",
    "EquilibriumMatch",
    "RoundPlayer",
    "bot_name",
    "card_values_html",
    "every_equilibrium",
    "opening_ranges_chart",
    "ranks",
    "signed",
]


def bot_name(t: Translator, name: str) -> str:
    """A lesson bot's name in the language of ``t``."""
    return t(f"l09.bot_{name.replace('-', '_')}")


def signed(t: Translator, value: float, digits: int = 3) -> str:
    """A result per round with its sign (``+0.130``, ``−0.072``), written per language."""
    text = t.number(abs(value), digits)
    if round(value, digits) == 0:
        return text
    return ("+" if value > 0 else MINUS) + text


class RoundPlayer(widgets.VBox, Localized):
    """Play heads-up rounds (one card each) against a lesson bot; you bid first in every other
    round. Only the twelve bids two cards can make true are offered. At the check both cards are
    shown, and a table keeps your results against each bot. Its :attr:`gate` opens after
    ``enough`` rounds (one in each seat at least), when the page shows what the rounds were
    about.

    >>> player = RoundPlayer(bots=("honest",), seed=3, lang="en")
    >>> while not player.over:
    ...     player.check_button.click() if player.can_check else player.bid_button.click()
    >>> player.results["honest"][1]
    1
    """

    def __init__(self, bots: Sequence[str] = ("honest", "always-bluffer", "cfr"),
                 bot: str | None = None, seed: int = 9, *, enough: int = 2,
                 lang: str | None = None, **kwargs: Any) -> None:  # fmt: skip
        self.init_language(lang)
        self.gate = Gate()
        self.enough = enough
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
        self.game: Table | None = None
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
        """Deal the next round at a table of the person and the bot; the bot moves at once if
        it bids first."""
        self.game_seed = game_seed(self.seed, self.rounds)
        start = first_round(self.game_seed)
        self.human = start.starter if self.rounds % 2 == 0 else 1 - start.starter
        seats = [PERSON, PERSON]
        seats[1 - self.human] = self.opponent.value
        self.rounds += 1
        self.check = None
        self.state = start
        self.game = Table("blef", seats, start=start)
        self.game.listeners.append(self._heard)
        self._bot_moves()
        self._show()

    def _heard(self, _table: Table, steps: Sequence[Step[SomeState]]) -> None:
        """The table's moves: a check ends the round, and the page keeps showing the round as
        it was at the check (its bids and cards), not the next round the engine has dealt."""
        for step in steps:
            if self.over:
                return
            if step.action != CHECK:
                assert isinstance(step.state, BlefState)  # the table plays Blef
                self.state = step.state
                continue
            self.check = next(e for e in reversed(step.state.events) if isinstance(e, CheckEvent))
            record = self.results.setdefault(self.opponent.value, [0, 0])
            record[0] += self.check.loser != self.human
            record[1] += 1
            if sum(played for _won, played in self.results.values()) >= self.enough:
                self.gate.open()

    def _bot_moves(self) -> None:
        """The bot's moves until the person is to act or the round is checked."""
        while self.game is not None and not self.over and self.game.bot_due:
            self.game.advance()

    def bid(self) -> None:
        """Make the bid chosen in the list; the bot answers."""
        if self.over or self.choice.value is None or self.game is None:
            return
        self.game.act(self.human, self.choice.value)
        self._bot_moves()
        self._show()

    def sprawdzam(self) -> None:
        """Check the bot's last bid."""
        if not self.can_check or self.game is None:
            return
        self.game.act(self.human, CHECK)
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
        back = card_back_svg(width=56, label="?", title=t("card_face_down"))
        theirs = (blef_card_svg(other.rank, other.suit, width=56, suit_names=suits)
                  if self.over else back)  # fmt: skip
        bids = [f"<li>{escape(words.seat(seat))}: <b>{escape(words.bid_text(bid))}</b></li>"
                for seat, bid in self.state.bids]  # fmt: skip
        if self.check is not None:  # over
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
        check = self.check
        if check is not None:  # over
            sentence = t("l09.you_checked" if check.seat == self.human else "l09.bot_checked",
                          bid=words.bid_text(check.bid), cards=words.cards_text(check.pool),
                          verdict=t("l09.bid_true" if check.true else "l09.bid_false"))
            won = check.loser != self.human
            verdict = t("l09.you_won" if won else "l09.you_lost")
            colour = "#1b7f3b" if won else "#b00020"
            self.outcome.value = (f"<p>{escape(sentence)}</p><p style=\"color:{colour}\"><b>"
                                  f"{'✔' if won else '✘'} {escape(verdict)}</b> "
                                  f"{escape(t('l09.press_new'))}</p>")  # fmt: skip
        else:
            self.outcome.value = f"<i>{escape(t('l09.your_turn'))}</i>" if playing else ""
        played = sum(n for _won, n in self.results.values())
        if played < self.enough:
            left = self.enough - played
            self.outcome.value += (f"<p><small>{escape(t.count('l09.rounds_left', left, n=left))}"
                                   "</small></p>")  # fmt: skip
        rows = [[bot_name(t, name), t.number(played, 0), t.number(won, 0),
                 signed(t, (2 * won - played) / played)]
                for name, (won, played) in self.results.items()]  # fmt: skip
        from kayalib.draw.charts import table_html  # matplotlib only when a table is drawn

        self.tally.value = "" if not rows else table_html(
            [t("l09.opponent_column"), t("l09.rounds"), t("l09.rounds_won"),
             t("l09.result_per_round")], rows)  # fmt: skip


# ---------------------------------------------------------------------------------------------
# Bots against the equilibrium


MATCH_BOTS = ("honest", "odds", REPLY, "cfr")
"""The bots :class:`EquilibriumMatch` plays against the equilibrium by default."""


class EquilibriumMatch(GatedRunBox):
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
        self.results: list[tuple[str, WinRate]] = []
        self.relabel()

    def work(self, count: int, progress: Progress) -> list[tuple[str, WinRate]]:
        total = count * len(self.bots)
        return [(bot, match(bot, count, self.seed + i, progress.part(i * count, total)))
                for i, bot in enumerate(self.bots)]  # fmt: skip

    def sentences(self) -> list[str]:
        """One sentence per bot: is its interval below 0, around 0, or (by luck) above?"""
        t = self.t
        said = []
        for bot, result in self.results:
            low, high = result.result_interval()
            key = "l09.match_below" if high < 0 else "l09.match_above" if low > 0 else \
                "l09.match_around"  # fmt: skip
            exact = -float(exploitation(bot).equilibrium_average)
            sentence = t(key, bot=bot_name(t, bot), mean=signed(t, result.mean_result),
                         low=signed(t, low), high=signed(t, high), exact=signed(t, exact))
            if not low <= exact <= high:
                sentence += " " + t("l09.match_missed")
            said.append(sentence)
        return said

    def show(self) -> None:
        from kayalib.draw.charts import bar_chart_png, table_html

        t, results = self.t, self.results
        if not results:
            self.verdicts.value = self.table.value = ""
            self.chart.draw(b"", "")
            return
        rows, labels, means, errors = [], [], [], []
        for bot, result in results:
            low, high = result.result_interval()
            exact = -float(exploitation(bot).equilibrium_average)
            name = bot_name(t, bot)
            rows.append([name, t.number(result.games, 0), t.number(result.wins, 0),
                         signed(t, result.mean_result),
                         f"{signed(t, low)} \u2013 {signed(t, high)}",
                         signed(t, exact)])  # fmt: skip
            labels.append(name.replace(" ", "\n", 2))
            means.append(result.mean_result)
            errors.append((low, high))
        header = [t("l09.bot"), t("l09.rounds"), t("l09.rounds_won"), t("l09.result_per_round"),
                  t("lesson_interval95"), t("l09.exact_result")]  # fmt: skip
        self.table.value = table_html(header, rows)
        png = bar_chart_png(labels, means, errors=errors, reference=0.0,
                            reference_label=t("l09.zero_line"),
                            title=t("l09.match_title", rounds=t.number(results[0][1].games, 0)),
                            xlabel=t("l09.bot"), ylabel=t("l09.result_per_round"),
                            width=7.5, height=3.8, lang=t.lang)  # fmt: skip
        alt = t("l09.match_alt", results="; ".join(
            f"{bot_name(t, bot)} {signed(t, r.mean_result)}" for bot, r in results))  # fmt: skip
        self.chart.draw(png, alt, table_html(header, rows), t("lesson_chart_as_table"))
        items = "".join(f"<li>{escape(s)}</li>" for s in self.sentences())
        self.verdicts.value = f"<ul>{items}</ul>"

# ---------------------------------------------------------------------------------------------
# What every equilibrium shares


def every_equilibrium() -> dict[str, Any]:
    """What holds in every equilibrium of the one-card round (:func:`shipped`): the value, each
    card's value, and for each card the least and most of its openings that are bluffs."""
    eq_set = shipped()
    ranges = [eq_set.frequency(0, "9TJQKA"[card], (), "bluff").span for card in range(6)]
    fixed = [card for card, (low, high) in enumerate(ranges) if low == high]
    return {"value": eq_set.value, "card_values": [low for low, _ in eq_set.card_values],
            "same_values": all(low == high for low, high in eq_set.card_values),
            "ranges": ranges, "always_bluff": [c for c in fixed if ranges[c][0] == 1],
            "never_bluff": [c for c in fixed if ranges[c][0] == 0],
            "free": [c for c in range(6) if c not in fixed]}  # fmt: skip


def _rank(t: Translator, card: int) -> str:
    return BlefWords(t).rank(card)


def ranks(cards: Sequence[int]) -> Callable[[Translator], str]:
    """Rank names as words for a page: ``J, Q, K and A`` in the page's language."""

    def words(t: Translator) -> str:
        names = [_rank(t, card) for card in cards]
        if len(names) < 2:
            return "".join(names)
        return t("lesson_and", first=", ".join(names[:-1]), last=names[-1])

    return words


def card_values_html(t: Translator) -> str:
    """Each card's value per round for the first bidder: the same in every equilibrium."""
    from kayalib.draw.charts import table_html

    figures = every_equilibrium()
    rows = [[_rank(t, card), _fraction(t, value)]
            for card, value in enumerate(figures["card_values"])]  # fmt: skip
    return table_html([t("l09.your_card"), t("l09.card_value")], rows)


def _fraction(t: Translator, value: Any) -> str:
    from kayalib.pages.language import fill

    return fill(t, "{v} ≈ {d}", v=value, d=signed(t, float(value)))


def opening_ranges_chart() -> LiveChart:
    """For each card of the first bidder: the share of its openings that are bluffs, from the
    least to the most any equilibrium uses (a bar from low to high), the shipped equilibrium's
    share marked."""
    from kayalib.lessons.maths.exploitation import opening_bluff_shares

    figures = every_equilibrium()
    shipped_shares = opening_bluff_shares("cfr")

    def draw(t: Translator, chart: Chart) -> None:
        from kayalib.draw.charts import figure_to_png, new_figure, table_html

        figure = new_figure(7.0, 3.2)
        axes = figure.add_subplot()
        for card, (low, high) in enumerate(figures["ranges"]):
            low, high = float(low), float(high)
            if high - low > 1e-9:
                axes.bar(card, high - low, bottom=low, width=0.6, color="#f4a582",
                         edgecolor="#c62828", hatch="//")  # fmt: skip
            else:
                axes.plot([card - 0.3, card + 0.3], [low, low], color="#2e7d32", linewidth=4)
            axes.plot(card, shipped_shares[card], marker="o", color="black", markersize=5)
        axes.bar([], [], color="#f4a582", edgecolor="#c62828", hatch="//",
                 label=t("l09.range_free"))  # fmt: skip
        axes.plot([], [], color="#2e7d32", linewidth=4, label=t("l09.range_fixed"))
        axes.plot([], [], marker="o", color="black", linestyle="none", label=t("l09.range_cfr"))
        axes.set_xticks(range(6), [_rank(t, c) for c in range(6)])
        axes.set_ylim(-0.05, 1.05)
        axes.yaxis.set_major_formatter(_percent_axis(t))
        axes.set_xlabel(t("l09.your_card"))
        axes.set_ylabel(t("l09.range_y"))
        axes.set_title(t("l09.range_title"))
        axes.legend(loc="center right", fontsize=8)
        axes.grid(True, axis="y", alpha=0.3)
        rows = [[_rank(t, c), t.percent(float(low), 0), t.percent(float(high), 0),
                 t.percent(shipped_shares[c], 1)] for c, (low, high) in
                enumerate(figures["ranges"])]  # fmt: skip
        table = table_html([t("l09.your_card"), t("l09.range_low"), t("l09.range_high"),
                            t("l09.range_cfr")], rows)  # fmt: skip
        alt = t("l09.range_alt", free=", ".join(_rank(t, c) for c in figures["free"]))
        chart.draw(figure_to_png(figure, t.lang), alt, table, t("lesson_chart_as_table"))

    chart = LiveChart(draw)
    chart.add_class("kayalib-l09-ranges")
    return chart


def _percent_axis(t: Translator) -> Any:
    from matplotlib.ticker import FuncFormatter

    return FuncFormatter(lambda value, _position: t.percent(value, 0))
