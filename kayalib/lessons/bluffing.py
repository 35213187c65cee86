"""Lesson 07 (Blef): what the bots do, and when a bluff pays, measured with intervals.

Everything the lesson says about a bot comes from the bot itself: :func:`describe_bot` reads the
parameters of a live bot (and falls back to its docstring for a bot it does not know), so a
retuned bot can never leave the lesson saying something old. Every figure comes from games
played when the student presses Run, with seeds, so anybody can check it.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as widgets

from kayalib.blef.bots import BayesBot, HonestBot, OddsBot, RandomBot
from kayalib.blef.game import BlefRules, CheckEvent
from kayalib.draw.charts import table_html
from kayalib.i18n import Translator
from kayalib.lessons._widgets import ErrorBox, escape, guarded
from kayalib.lessons.bots import BelieverBot, BluffingBot, odds_action
from kayalib.lessons.language import Localized
from kayalib.lessons.plots import Chart
from kayalib.lessons.predict import Prediction
from kayalib.lessons.stats import wilson_interval
from kayalib.lessons.tournament import TournamentRunner, WinRates, bot_label
from kayalib.progress import ProgressCallback
from kayalib.seeds import game_seed
from kayalib.simulate import play_game, simulate

__all__ = [
    "LADDER",
    "LADDER_GAMES",
    "LESSON_BOTS",
    "BluffRounds",
    "BluffingSweep",
    "blef_tournament",
    "bluff_rounds",
    "bots_table_html",
    "compare",
    "describe_bot",
    "heads_up",
    "ladder_choices",
    "run_blef_tournament",
]

LADDER = ("random", "honest", "odds", "bayes")
"""The engine's Blef bots, weakest first (the order the lesson's ladder tournament tests)."""
LADDER_GAMES = 40
"""The ladder tournament's games to start with (four players; bayes thinks for each bid)."""

LESSON_BOTS: dict[str, Callable[[], Any]] = {
    "random": RandomBot,
    "honest": HonestBot,
    "odds": OddsBot,
    "bayes": BayesBot,
    "believer": BelieverBot,
    "bluffer 10%": lambda: BluffingBot(0.1),
    "bluffer 30%": lambda: BluffingBot(0.3),
    "bluffer 60%": lambda: BluffingBot(0.6),
}
"""The bots of lesson 07 by name: the engine's ladder (:data:`LADDER`), and lesson bots built on
the odds bot."""

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


def bots_table_html(t: Translator, names: Sequence[str] = tuple(LESSON_BOTS)) -> str:
    """Every lesson bot with what it does."""
    return table_html([t("lesson_bot"), t("lesson_what_it_does")],
                      [[bot_label(t, n), describe_bot(t, LESSON_BOTS[n]())] for n in names])


def run_blef_tournament(bots: list[str], games: int, seed: int,
                        progress: ProgressCallback | None = None) -> tuple[int, ...]:  # fmt: skip
    """Wins by seat of ``games`` classic games between ``LESSON_BOTS`` (names)."""
    rules = BlefRules(players=len(bots))
    return simulate("blef", [LESSON_BOTS[name]() for name in bots], games, seed, rules,
                    progress=progress).wins  # fmt: skip


def blef_tournament(seats: Sequence[str] = LADDER[::-1], games: int = LADDER_GAMES,
                    seed: int = 1, *, lang: str | None = None) -> TournamentRunner:  # fmt: skip
    """A ``TournamentRunner`` for Blef between the lesson bots."""
    return TournamentRunner(run_blef_tournament, list(LESSON_BOTS), seats=seats, games=games,
                            seed=seed, game_name=lambda t: t("blef_title"), lang=lang)  # fmt: skip


def heads_up(bot: str, against: str, games: int, seed: int,
             progress: ProgressCallback | None = None) -> tuple[int, int]:  # fmt: skip
    """``(wins of bot, games played)`` over ``2 * games`` two-player games against ``against``,
    half with ``bot`` in seat 1 and half in seat 2 (so neither always starts)."""

    def part(offset: int) -> ProgressCallback | None:
        if progress is None:
            return None
        return lambda done, _total: progress(offset + done, 2 * games)

    first = run_blef_tournament([bot, against], games, seed, part(0))
    second = run_blef_tournament([against, bot], games, seed + 1, part(games))
    return first[0] + second[1], 2 * games


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


class BluffingSweep(widgets.VBox, Localized):
    """Heads-up win rates of several bots against one opponent, with 95% intervals and a sentence
    per bot computed from them; runs only when asked, with a progress bar."""

    def __init__(self, bots: Sequence[str] = ("odds", "bluffer 10%", "bluffer 30%", "bluffer 60%"),
                 against: str = "odds", games: int = 100, seed: int = 3, *,
                 prediction: Prediction | None = None, lang: str | None = None,
                 **kwargs: Any) -> None:  # fmt: skip
        self.init_language(lang)
        self.bots = list(bots)
        self.seed = seed
        self.prediction = prediction
        self.errors = ErrorBox()
        self.against = widgets.Dropdown(options=[(n, n) for n in ("odds", "believer")],
                                        value=against)  # fmt: skip
        self.games = widgets.BoundedIntText(value=games, min=10, max=2000, step=10,
                                            style={"description_width": "initial"},
                                            layout={"width": "16em"})  # fmt: skip
        self.run_button = widgets.Button(button_style="primary", layout={"width": "auto"})
        self.run_button.add_class("kayalib-run-sweep")
        self.progress = widgets.IntProgress(value=0, min=0, max=1)
        self.table = widgets.HTML()
        self.chart = Chart()
        self.verdicts = widgets.HTML()
        self.results: WinRates | None = None
        self._against_run = against
        self.run_button.on_click(guarded(self.errors)(lambda _: self.run()))
        super().__init__([widgets.HBox([self.against, self.games, self.run_button]),
                          self.progress, self.verdicts, self.table, self.chart, self.errors],
                         **kwargs)  # fmt: skip
        self.add_class("kayalib-bluffing-sweep")
        self.relabel()

    def relabel(self) -> None:
        t = self.t
        value = self.against.value
        self.against.options = [(bot_label(t, n), n) for n in ("odds", "believer")]
        self.against.value = value
        self.against.description = t("lesson_against")
        self.games.description = t("lesson_games_per_side")
        self.run_button.description = t("lesson_run_sweep")
        self.progress.description = t("lesson_progress")
        self._show()

    def run(self) -> WinRates:
        games = int(self.games.value)
        against = self.against.value
        total = len(self.bots) * 2 * games
        self.progress.max, self.progress.value, self.progress.bar_style = total, 0, ""
        step = max(1, total // 100)
        wins = []
        self.run_button.disabled = True
        try:
            for i, bot in enumerate(self.bots):
                def progress(done: int, _total: int, base: int = i * 2 * games) -> None:
                    if done % step == 0 or done == 2 * games:
                        self.progress.value = base + done

                won, _ = heads_up(bot, against, games, self.seed, progress)
                wins.append(won)
        finally:
            self.run_button.disabled = False
        self.progress.bar_style = "success"
        self._against_run = against
        self.results = WinRates(self.bots, wins, 2 * games)
        self._show()
        return self.results

    def sentences(self) -> list[str]:
        """Each bluffer compared with the first bot (the honest one) against the same opponent."""
        t, results = self.t, self.results
        if results is None:
            return []
        base = results.rows[0]
        return [compare(t, bot_label(t, bot), (rate, low, high), bot_label(t, base[0]),
                        base[1:]) for bot, rate, low, high in results.rows[1:]]  # fmt: skip

    def _show(self) -> None:
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


def bluff_rounds(bluff: float, against: str, games: int, seed: int,
                 progress: ProgressCallback | None = None) -> dict[str, int]:  # fmt: skip
    """Heads-up games of a bluffer against ``against`` (seats swapped half the time), counting
    the rounds in which the bluffer bluffed at least once and those it did not, and how many of
    each it won (a round is won when the other player loses it)."""
    counts = {"bluff_rounds": 0, "bluff_won": 0, "plain_rounds": 0, "plain_won": 0}

    class Recorder:
        def __init__(self) -> None:
            self.bot = BluffingBot(bluff)
            self.name = self.bot.name
            self.bluffed: set[int] = set()

        def choose(self, view: Any, rng: Any) -> Any:
            action = self.bot.choose(view, rng)
            if action != odds_action(self.bot, view):
                self.bluffed.add(view.round)
            return action

    done = 0
    for index in range(games):
        for seat in (0, 1):
            recorder = Recorder()
            bots = [recorder, LESSON_BOTS[against]()]
            if seat == 1:
                bots.reverse()
            state = play_game("blef", bots, game_seed(seed + seat, index), BlefRules(players=2))
            for event in state.events:
                if isinstance(event, CheckEvent):
                    kind = "bluff" if event.round in recorder.bluffed else "plain"
                    counts[f"{kind}_rounds"] += 1
                    counts[f"{kind}_won"] += event.loser != seat
            done += 1
            if progress is not None:
                progress(done, 2 * games)
    return counts


class BluffRounds(widgets.VBox, Localized):
    """For a bluffer against ``odds`` and against ``believer``: the share of rounds it won when it
    had bluffed, beside the rounds when it had not, with intervals and a computed verdict."""

    def __init__(self, bluff: float = 0.3, games: int = 100, seed: int = 5, *,
                 lang: str | None = None, **kwargs: Any) -> None:  # fmt: skip
        self.init_language(lang)
        self.bluff, self.seed = bluff, seed
        self.errors = ErrorBox()
        self.games = widgets.BoundedIntText(value=games, min=10, max=2000, step=10,
                                            style={"description_width": "initial"},
                                            layout={"width": "16em"})  # fmt: skip
        self.run_button = widgets.Button(button_style="primary", layout={"width": "auto"})
        self.run_button.add_class("kayalib-run-rounds")
        self.progress = widgets.IntProgress(value=0, min=0, max=1)
        self.result = widgets.HTML()
        self.counts: dict[str, dict[str, int]] = {}
        self.run_button.on_click(guarded(self.errors)(lambda _: self.run()))
        super().__init__([widgets.HBox([self.games, self.run_button]), self.progress,
                          self.result, self.errors], **kwargs)  # fmt: skip
        self.add_class("kayalib-bluff-rounds")
        self.relabel()

    def relabel(self) -> None:
        t = self.t
        self.games.description = t("lesson_games_per_side")
        self.run_button.description = t("lesson_run_rounds")
        self.progress.description = t("lesson_progress")
        self._show()

    def run(self) -> dict[str, dict[str, int]]:
        games = int(self.games.value)
        self.progress.max, self.progress.value, self.progress.bar_style = 4 * games, 0, ""
        self.counts = {}
        for k, against in enumerate(("odds", "believer")):
            def progress(done: int, _total: int, base: int = 2 * games * k) -> None:
                self.progress.value = base + done

            self.counts[against] = bluff_rounds(self.bluff, against, games, self.seed, progress)
        self.progress.bar_style = "success"
        self._show()
        return self.counts

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

    def _show(self) -> None:
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
