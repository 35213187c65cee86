"""Lesson 07, bots and bluffing: what the bots do, when a bluff pays, and the ladder of bots, each
claim measured with intervals from games played when the student presses Run.

Everything the lesson says about a bot comes from the bot itself: :func:`describe_bot` reads the
parameters of a live bot (and falls back to its docstring for a bot it does not know), so a
retuned bot can never leave the lesson saying something old. The games are
:mod:`kayalib.blef.matches` (seeded, so anybody can check a figure); the lesson bots are
:mod:`kayalib.blef.lesson_bots`, made by name through the registry.

At one table the strongest bot takes nearly every game, which tells nothing about the order of
the others; heads-up, each step of the ladder (``random`` < ``honest`` < ``odds`` < ``bayes``) is
measured on its own, seats swapped half the time, with a 95% interval and a sentence computed
from it (:class:`LadderSteps`).
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Sequence
from html import escape
from typing import Any

import ipywidgets as widgets

from kayalib.blef.bots import BayesBot, HonestBot, OddsBot, RandomBot
from kayalib.blef.lesson_bots import BelieverBot, BluffingBot
from kayalib.blef.matches import bluff_rounds, heads_up_games
from kayalib.draw.charts import table_html
from kayalib.i18n import Translator
from kayalib.lessons.kit.plots import Chart
from kayalib.lessons.kit.predict import Prediction
from kayalib.lessons.kit.tournament import TournamentRunner, WinRates, bot_label, tournament
from kayalib.pages.runbox import Progress, RunBox
from kayalib.registry import bot_names, make_bot
from kayalib.stats import wilson_interval

__all__ = [
    "BOTS",
    "LADDER",
    "LADDER_GAMES",
    "LADDER_STEP_GAMES",
    "BluffRounds",
    "BluffingSweep",
    "LadderSteps",
    "blef_tournament",
    "bots_table_html",
    "compare",
    "describe_bot",
    "kaya_tournament",
    "ladder_choices",
    "ladder_steps",
    "step_sentence",
]

LADDER = ("random", "honest", "odds", "bayes")
"""The engine's Blef bots, weakest first (the order the lesson's ladder tournament tests)."""
LADDER_GAMES = 40
"""The ladder tournament's games to start with (four players; bayes thinks for each bid)."""
BOTS = (*LADDER, "believer", "bluffer 10%", "bluffer 30%", "bluffer 60%")
"""The bots of lesson 07: the engine's ladder and lesson bots built on the odds bot."""

ODDS_PARAMETERS = ("confidence", "caution")
"""The odds bot's settings the lesson describes (a test fails when the bot gains another)."""


def _odds_words(t: Translator, bot: OddsBot) -> str:
    return t("lesson_botdesc_odds", confidence=t.percent(bot.confidence, 0),
             caution=t.number(bot.caution, 1, trim=True))  # fmt: skip


def describe_bot(t: Translator, bot: Any) -> str:
    """What ``bot`` does, from its own parameters (its docstring for a bot this lesson does not
    know, in English)."""
    if isinstance(bot, BluffingBot):
        return t("lesson_botdesc_bluffer", bluff=t.percent(bot.bluff, 0), reach=bot.reach,
                 odds=_odds_words(t, bot))  # fmt: skip
    if isinstance(bot, BelieverBot):
        return t("lesson_botdesc_believer", confidence=t.percent(bot.confidence, 0))
    if type(bot) is OddsBot:
        return _odds_words(t, bot)
    if type(bot) is HonestBot:
        return t("l07.desc_honest")
    if type(bot) is BayesBot:
        odds = t("lesson_botdesc_odds", confidence=t.percent(bot.confidence, 0),
                 caution=t.number(bot.caution, 1, trim=True))  # fmt: skip
        return t("l07.desc_bayes", model=bot_label(t, bot.model.name),
                 bluff=t.percent(float(bot.model.bluff), 0), odds=odds)  # fmt: skip
    if type(bot) is RandomBot:
        return t("lesson_botdesc_random")
    doc = inspect.getdoc(type(bot)) or ""
    return doc.split("\n\n", 1)[0].replace("\n", " ")


def ladder_choices() -> list[tuple[Callable[[Translator], str], str]]:
    """The ladder's bots as the choices of a prediction (names in the page's language)."""
    return [((lambda t, name=name: bot_label(t, name)), name) for name in LADDER]


def bots_table_html(t: Translator, names: Sequence[str] = BOTS) -> str:
    """Every bot of the lesson with what it does."""
    return table_html([t("lesson_bot"), t("lesson_what_it_does")],
                      [[bot_label(t, n), describe_bot(t, make_bot("blef", n))] for n in names])


def blef_tournament(seats: Sequence[str] = LADDER[::-1], games: int = LADDER_GAMES,
                    seed: int = 1, *, lang: str | None = None) -> TournamentRunner:  # fmt: skip
    """A ``TournamentRunner`` for Blef between the lesson's bots."""
    return TournamentRunner(tournament("blef"), list(BOTS), seats=seats, games=games,
                            seed=seed, game_name=lambda t: t("blef_title"), lang=lang)  # fmt: skip


def kaya_tournament(seats: Sequence[str] = ("counter", "random", "random"), games: int = 100,
                    seed: int = 1, *, lang: str | None = None) -> TournamentRunner:  # fmt: skip
    """A ``TournamentRunner`` for Aku Paling Kaya between the engine's bots."""
    return TournamentRunner(tournament("kaya"), sorted(bot_names("kaya")), seats=seats,
                            games=games, seed=seed, game_name=lambda t: t("kaya_title"),
                            lang=lang)  # fmt: skip


def compare(t: Translator, name: str, rate: tuple[float, float, float],
            base_name: str, base: tuple[float, float, float]) -> str:  # fmt: skip
    """One sentence comparing two win rates by their 95% intervals (never by the bare rates)."""
    (r, lo, hi), (br, blo, bhi) = rate, base
    if lo > bhi:
        key = "lesson_cmp_more"
    elif hi < blo:
        key = "lesson_cmp_less"
    else:
        key = "lesson_cmp_cannot_tell"
    return t(key, bot=name, rate=t.percent(r), low=t.percent(lo), high=t.percent(hi),
             base=base_name, base_rate=t.percent(br), base_low=t.percent(blo),
             base_high=t.percent(bhi))  # fmt: skip


class BluffingSweep(RunBox):
    """Heads-up win rates of several bots against one opponent, with 95% intervals and a sentence
    per bot computed from them; runs only when asked, with a progress bar."""

    count_label = staticmethod(lambda t: t("lesson_games_per_side"))
    run_label = staticmethod(lambda t: t("lesson_run_sweep"))
    run_class = "kayalib-run-sweep"
    css_class = "kayalib-bluffing-sweep"

    def __init__(self, bots: Sequence[str] = ("odds", "bluffer 10%", "bluffer 30%", "bluffer 60%"),
                 against: str = "odds", games: int = 100, seed: int = 3, *,
                 prediction: Prediction | None = None, lang: str | None = None,
                 **kwargs: Any) -> None:  # fmt: skip
        self.bots = list(bots)
        self.seed = seed
        self.prediction = prediction
        self.against = widgets.Dropdown(options=[(n, n) for n in ("odds", "believer")],
                                        value=against)  # fmt: skip
        self.table = widgets.HTML()
        self.chart = Chart()
        self.verdicts = widgets.HTML()
        self._against_run = against
        super().__init__(games, low=10, high=2000, step=10, before=[self.against],
                         below=[self.verdicts, self.table, self.chart], lang=lang,
                         **kwargs)  # fmt: skip
        self.relabel()

    def relabel_controls(self) -> None:
        t = self.t
        value = self.against.value
        self.against.options = [(bot_label(t, n), n) for n in ("odds", "believer")]
        self.against.value = value
        self.against.description = t("lesson_against")

    def work(self, count: int, progress: Progress) -> WinRates:
        against = self.against.value
        total = len(self.bots) * 2 * count
        wins = []
        for i, bot in enumerate(self.bots):
            won, _ = heads_up_games(bot, against, count, self.seed, progress.part(i * 2 * count,
                                                                                    total))
            wins.append(won)
        self._against_run = against
        return WinRates(self.bots, wins, 2 * count)

    def sentences(self) -> list[str]:
        """Each bluffer compared with the first bot (the honest one) against the same opponent."""
        t, results = self.t, self.results
        if results is None:
            return []
        base = results.rows[0]
        return [compare(t, bot_label(t, bot), (rate, low, high), bot_label(t, base[0]),
                        base[1:]) for bot, rate, low, high in results.rows[1:]]  # fmt: skip

    def show(self) -> None:
        t, results = self.t, self.results
        if results is None:
            self.table.value = self.verdicts.value = ""
            self.chart.draw(b"", "")
            return
        labels = [bot_label(t, bot) for bot in results.labels]
        shown = WinRates(labels, results.wins, results.played)
        opponent = bot_label(t, self._against_run)
        self.table.value = shown.table(t, t("lesson_bot"))
        shown.draw(self.chart, t, reference=0.5, reference_label=t("lesson_even"),
                   title=t("lesson_sweep_title", against=opponent,
                           games=t.number(results.played, 0)),
                   xlabel=t("lesson_bot"), first_column=t("lesson_bot"))  # fmt: skip
        items = "".join(f"<li>{escape(s)}</li>" for s in self.sentences())
        said = ""
        if self.prediction is not None and self.prediction.committed:
            choice = self.prediction.choice_text(self.prediction.value)  # type: ignore[arg-type]
            said = f"<p>{escape(t('lesson_you_chose', choice=choice))}</p>"
        self.verdicts.value = (
            f"<p><b>{escape(t('lesson_sweep_against', against=opponent))}</b></p>"
            f"<ul>{items}</ul>{said}"
        )


class BluffRounds(RunBox):
    """For a bluffer against ``odds`` and against ``believer``: the share of rounds it won when it
    had bluffed, beside the rounds when it had not, with intervals and a computed verdict."""

    count_label = staticmethod(lambda t: t("lesson_games_per_side"))
    run_label = staticmethod(lambda t: t("lesson_run_rounds"))
    run_class = "kayalib-run-rounds"
    css_class = "kayalib-bluff-rounds"

    def __init__(self, bluff: float = 0.3, games: int = 100, seed: int = 5, *,
                 lang: str | None = None, **kwargs: Any) -> None:  # fmt: skip
        self.bluff, self.seed = bluff, seed
        self.result = widgets.HTML()
        super().__init__(games, low=10, high=2000, step=10, below=[self.result], lang=lang,
                         **kwargs)  # fmt: skip
        self.relabel()

    @property
    def counts(self) -> dict[str, dict[str, int]]:
        """The rounds of the last run, against each opponent (empty before the first)."""
        return self.results or {}

    def work(self, count: int, progress: Progress) -> dict[str, dict[str, int]]:
        return {against: bluff_rounds(self.bluff, against, count, self.seed,
                                      progress.part(2 * count * k, 4 * count))
                for k, against in enumerate(("odds", "believer"))}  # fmt: skip

    def rates(self, against: str) -> tuple[tuple[float, float, float], tuple[float, float, float]]:
        """``((rate, low, high) after a bluff, (rate, low, high) without one)``."""
        c = self.counts[against]
        out = []
        for kind in ("bluff", "plain"):
            won, rounds = c[f"{kind}_won"], c[f"{kind}_rounds"]
            low, high = wilson_interval(won, rounds)
            out.append((won / rounds if rounds else 0.0, low, high))
        return out[0], out[1]

    def sentences(self) -> list[str]:
        t = self.t
        said = []
        for against in self.counts:
            bluffed, plain = self.rates(against)
            said.append(t("lesson_rounds_vs", against=bot_label(t, against)) + " " + compare(
                t, t("lesson_rounds_bluffed"), bluffed, t("lesson_rounds_plain"), plain))
        return said

    def show(self) -> None:
        t = self.t
        if not self.counts:
            self.result.value = ""
            return
        rows = []
        for against, c in self.counts.items():
            bluffed, plain = self.rates(against)
            for kind, (rate, low, high) in (("bluffed", bluffed), ("plain", plain)):
                rows.append([bot_label(t, against), t(f"lesson_rounds_{kind}"),
                             t.number(c["bluff_rounds" if kind == "bluffed"
                                        else "plain_rounds"], 0),
                             t.percent(rate), f"{t.percent(low)} \u2013 {t.percent(high)}"])
        table = table_html([t("lesson_against"), t("lesson_rounds"), t("lesson_count"),
                            t("lesson_won"), t("lesson_interval95")], rows)  # fmt: skip
        items = "".join(f"<li>{escape(s)}</li>" for s in self.sentences())
        self.result.value = f"<ul>{items}</ul>{table}"


# ---------------------------------------------------------------------------------------------
# The ladder of bots, step by step


LADDER_STEP_GAMES = 10
"""Games in each seat for each step, to start with (bayes thinks for each bid)."""


def ladder_steps() -> list[tuple[str, str]]:
    """``(upper, lower)`` for each step of :data:`LADDER`."""
    return [(LADDER[i + 1], LADDER[i]) for i in range(len(LADDER) - 1)]


def step_sentence(t: Translator, upper: str, lower: str,
                  row: tuple[float, float, float]) -> str:  # fmt: skip
    """What one step's result says, judged by its 95% interval against 50%."""
    rate, low, high = row
    key = "l07.step_above" if low > 0.5 else "l07.step_below" if high < 0.5 else "l07.step_unclear"
    return t(key, upper=bot_label(t, upper), lower=bot_label(t, lower), rate=t.percent(rate),
             low=t.percent(low), high=t.percent(high))  # fmt: skip


class LadderSteps(RunBox):
    """Each step of the ladder played heads-up when asked, with a progress bar: the upper bot's
    win rate with its 95% interval, a chart, and a sentence per step."""

    count_label = staticmethod(lambda t: t("lesson_games_per_side"))
    run_label = staticmethod(lambda t: t("l07.run_ladder"))
    run_class = "kayalib-run-ladder"
    css_class = "kayalib-ladder-steps"

    def __init__(self, games: int = LADDER_STEP_GAMES, seed: int = 7, *,
                 lang: str | None = None, **kwargs: Any) -> None:  # fmt: skip
        self.seed = seed
        self.steps = ladder_steps()
        self.verdicts = widgets.HTML()
        self.table = widgets.HTML()
        self.chart = Chart()
        super().__init__(games, low=5, high=500, step=5,
                         below=[self.verdicts, self.table, self.chart], lang=lang,
                         **kwargs)  # fmt: skip
        self.relabel()

    def work(self, count: int, progress: Progress) -> WinRates:
        total = len(self.steps) * 2 * count
        wins = []
        for k, (upper, lower) in enumerate(self.steps):
            won, _ = heads_up_games(upper, lower, count, self.seed + 2 * k,
                                    progress.part(k * 2 * count, total))  # fmt: skip
            wins.append(won)
        return WinRates([f"{u}/{lo}" for u, lo in self.steps], wins, 2 * count)

    def sentences(self) -> list[str]:
        if self.results is None:
            return []
        return [step_sentence(self.t, upper, lower, row[1:])
                for (upper, lower), row in zip(self.steps, self.results.rows, strict=True)]

    def show(self) -> None:
        t, results = self.t, self.results
        if results is None:
            self.table.value = self.verdicts.value = ""
            self.chart.draw(b"", "")
            return
        labels = [t("l07.step_label", upper=bot_label(t, u), lower=bot_label(t, lo))
                  for u, lo in self.steps]  # fmt: skip
        shown = WinRates(labels, results.wins, results.played)
        self.table.value = shown.table(t, t("l07.step_column"))
        shown.draw(self.chart, t, reference=0.5, reference_label=t("lesson_even"),
                   title=t("l07.step_title", games=t.number(results.played, 0)),
                   xlabel=t("l07.step_column"), first_column=t("l07.step_column"))  # fmt: skip
        self.verdicts.value = "<ul>" + "".join(
            f"<li>{escape(s)}</li>" for s in self.sentences()) + "</ul>"
