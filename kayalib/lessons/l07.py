"""Lesson 07, bots and bluffing: what the bots do, when a bluff pays, and the ladder of bots.

Every conclusion the page draws comes from a controlled experiment of whole games, seats
balanced, a thousand games a seat, played once and shipped with the kit
(:mod:`kayalib.lessons.maths.experiments`; a test plays a sample of them again). The student
first plays a smaller run of the same experiment (:class:`BluffingSweep`, :class:`LadderSteps`, a
tournament), sees how noisy it is, and then reads the big one. Every sentence is computed from
the numbers it follows, by the right comparison:

- the shipped experiments deal the same games to every bluffer and to ``odds`` against the same
  opponent, so they are compared deal by deal (:func:`kayalib.stats.PairedDifference`), and one
  test is declared before the games were played (:data:`DECLARED`: the heaviest bluffer against
  ``odds``); its p-value says how strong the evidence is, and every bluffer's difference is shown
  with a simultaneous 95% interval (three at once), never judged by overlapping intervals;
- the student's own short run compares each bluffer with ``odds`` by the interval for the
  *difference* of their win rates (:func:`kayalib.stats.difference_interval`), as a first look;
- rounds in which a bluffer bluffed are *not* compared with rounds in which it did not: that is
  the page's exercise about selection bias.

What the lesson says about a bot comes from the bot itself (:func:`describe_bot` reads its
parameters), so a retuned bot can never leave the lesson saying something old.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Sequence
from html import escape
from typing import Any, NamedTuple

import ipywidgets as widgets

from kayalib.blef.bots import BayesBot, HonestBot, OddsBot, RandomBot
from kayalib.draw.charts import table_html
from kayalib.i18n import Translator
from kayalib.lessons.kit.gate import GatedRunBox
from kayalib.lessons.kit.plots import Chart, LiveChart
from kayalib.lessons.kit.tournament import (
    TournamentRunner,
    draw_win_rates,
    tournament,
    win_rate_table,
)
from kayalib.lessons.maths.experiments import Result, RoundCount, paired, shipped
from kayalib.lessons.maths.lesson_bots import BelieverBot, BluffingBot
from kayalib.lessons.maths.matches import heads_up_games
from kayalib.pages.runbox import Progress
from kayalib.registry import bot_names, make_bot
from kayalib.stats import WinRate, share_difference_interval
from kayalib.words.rates import bot_label, difference_sentence, points

__all__ = [
    "BOTS",
    "DECLARED",
    "LADDER",
    "LADDER_GAMES",
    "STEPS",
    "SWEEP",
    "BluffingSweep",
    "LadderSteps",
    "Matchup",
    "blef_tournament",
    "bots_table_html",
    "compare_sentences",
    "conclusion",
    "describe_bot",
    "kaya_tournament",
    "ladder_choices",
    "policy_html",
    "rounds_figures",
    "rounds_table_html",
    "shipped_rates",
    "shipped_view",
    "step_sentence",
    "steps_view",
    "table_figures",
    "table_view",
]

LADDER = ("random", "honest", "odds", "bayes")
"""The engine's Blef bots, weakest first (the order the lesson's ladder tests)."""
LADDER_GAMES = 40
"""The games of the student's own one-table tournament, to start with."""
SWEEP = ("odds", "bluffer 10%", "bluffer 30%", "bluffer 60%")
"""The bots of the bluffing experiment: the plain odds bot first (it makes no random bluffs)."""
STEPS = (("honest", "random"), ("odds", "honest"), ("bayes", "odds"), ("cfr", "bayes"))
"""Each step up the ladder, heads-up: the upper bot first (and ``cfr``, lesson 09's equilibrium
bot, against ``bayes``)."""
BOTS = (*LADDER, "cfr", "believer", "bluffer 10%", "bluffer 30%", "bluffer 60%")
"""The bots of lesson 07: the engine's own and the lesson bots built on the odds bot."""
DECLARED = "bluffer 60%"
"""The one test the lesson declared before its shipped games were played: the heaviest bluffer
against ``odds``, on the same deals, against each opponent."""
SWEEP_GAMES = 100
"""Games a seat in the student's own runs (the shipped experiments play a thousand)."""

ODDS_PARAMETERS = ("confidence", "caution")
"""The odds bot's settings the lesson describes (a test fails when the bot gains another)."""


# ---------------------------------------------------------------------------------------------
# The bots, in words


def _odds_words(t: Translator, bot: OddsBot) -> str:
    return t("lesson_botdesc_odds", confidence=t.percent(bot.confidence, 0),
             caution=t.number(bot.caution, 1, trim=True))  # fmt: skip


def _settings(t: Translator, bot: OddsBot) -> str:
    """The odds settings of a bot built on the odds bot, in words, when they are not the plain
    odds bot's (so the table says what the odds bot does once)."""
    plain = OddsBot()
    if (bot.confidence, bot.caution) == (plain.confidence, plain.caution):
        return ""
    return " " + t("lesson_botdesc_settings", confidence=t.percent(bot.confidence, 0),
                   caution=t.number(bot.caution, 1, trim=True))  # fmt: skip


def describe_bot(t: Translator, bot: Any) -> str:
    """What ``bot`` does, from its own parameters (its docstring for a bot this lesson does not
    know, in English). A bot built on the odds bot names it without repeating what it does, and
    states its own odds settings only where they differ."""
    if isinstance(bot, BluffingBot):
        return t("lesson_botdesc_bluffer", bluff=t.percent(bot.bluff, 0),
                 reach=bot.reach) + _settings(t, bot)  # fmt: skip
    if isinstance(bot, BelieverBot):
        return t("lesson_botdesc_believer", confidence=t.percent(bot.confidence, 0))
    if type(bot) is OddsBot:
        return _odds_words(t, bot)
    if type(bot) is HonestBot:
        return t("l07.desc_honest")
    if type(bot) is BayesBot:
        return t("l07.desc_bayes", model=bot_label(t, bot.model.name),
                 bluff=t.percent(float(bot.model.bluff), 0)) + _settings(t, bot)  # fmt: skip
    if type(bot) is RandomBot:
        return t("lesson_botdesc_random")
    if getattr(bot, "name", "") == "cfr":
        return t("l07.desc_cfr")
    doc = inspect.getdoc(type(bot)) or ""
    return doc.split("\n\n", 1)[0].replace("\n", " ")


def ladder_choices() -> list[tuple[Callable[[Translator], str], str]]:
    """The ladder's bots as the choices of a prediction (names in the page's language)."""
    return [((lambda t, name=name: bot_label(t, name)), name) for name in LADDER]


def bots_table_html(t: Translator, names: Sequence[str] = BOTS) -> str:
    """Every bot of the lesson with what it does."""
    return table_html([t("lesson_bot"), t("lesson_what_it_does")],
                      [[bot_label(t, n), describe_bot(t, make_bot("blef", n))] for n in names])


def _example_view() -> Any:
    """A heads-up position: you hold K♠ and 10♥ (four cards in play), the other opened
    "high card J"."""
    from kayalib.blef.game import BlefRules, BlefState

    state = BlefState.from_position(BlefRules(players=2), ["QD 9C", "KS TH"], starter=0)
    return state.apply("high-card J").view(1)


def policy_html(t: Translator, names: Sequence[str] = ("odds", "bluffer 30%", "believer")) -> str:
    """Each bot's policy in one position (:func:`_example_view`): the chance of every move it
    may make there, as a table (the bot then draws its move with these chances)."""
    from kayalib.blef.actions import CHECK
    from kayalib.words import BlefWords

    view = _example_view()
    policies = [make_bot("blef", name).policy(view) for name in names]
    words = BlefWords(t)
    order = [a for a in view.legal_actions() if any(a in policy for policy in policies)]
    rows = [[t("l07.policy_check") if a == CHECK else words.bid_text(a)]
            + [t.percent(policy[a], 0) if a in policy else "\u2014" for policy in policies]
            for a in order]  # fmt: skip
    head = [t("lesson_move")] + [bot_label(t, name) for name in names]
    said = t("l07.policy_position", hand=words.cards_text(view.hand), cards=view.total_cards,
             bid=words.bid_text(view.last_bid))  # fmt: skip
    return f"<p>{escape(said)}</p>" + table_html(head, rows)


# ---------------------------------------------------------------------------------------------
# Win rates and the sentences they support


class Matchup(NamedTuple):
    """``bot`` against ``against``: its wins of the games (``record``)."""

    bot: str
    against: str
    record: WinRate


def shipped_rates(against: str, bots: Sequence[str] = SWEEP) -> list[Matchup]:
    """The shipped experiment of ``bots`` against ``against`` (a thousand games a seat)."""
    results = shipped()
    return [_rate(results[f"{bot} v {against}"]) for bot in bots]


def _evidence(p: float) -> str:
    """How strong the evidence of a p-value is, in the lesson's words."""
    return "strong" if p < 0.001 else "moderate" if p < 0.01 else "weak" if p < 0.05 else "none"


def bluff_test(against: str, bots: Sequence[str] = SWEEP) -> dict[str, Any]:
    """The shipped bluffers against ``against``, each compared with ``bots[0]`` (``odds``) on the
    same deals: ``rows`` (bot, the difference, its simultaneous 95% interval over the bluffers),
    the declared test's p-value (``p``), ``evidence`` (strong, moderate, weak or none),
    ``direction`` (more or less) and which bluffers' intervals lie ``below``, ``above`` or
    ``around`` 0."""
    results = shipped()
    base = results[f"{bots[0]} v {against}"]
    level = 1 - 0.05 / (len(bots) - 1)
    rows, groups = [], {"below": [], "above": [], "around": []}
    for bot in bots[1:]:
        pair = paired(results[f"{bot} v {against}"], base)
        low, high = pair.interval(level)
        rows.append((bot, pair.diff, low, high))
        groups["below" if high < 0 else "above" if low > 0 else "around"].append(bot)
    declared = paired(results[f"{DECLARED} v {against}"], base)
    return {"against": against, "rows": rows, "p": declared.p, "diff": declared.diff,
            "evidence": _evidence(declared.p), "direction": "more" if declared.diff > 0 else
            "less", "games": base.played, **groups}  # fmt: skip


def verdict_of(test: dict[str, Any]) -> str:
    """The answer to "does bluffing win more or less often?" that the declared test gives:
    ``more`` or ``less`` when p < 0.05, else ``same`` (no evidence either way)."""
    return "same" if test["evidence"] == "none" else test["direction"]


def _p_text(t: Translator, p: float) -> str:
    return t("l07.p_below", p=t.number(0.001, 3)) if p < 0.001 else t("l07.p_value",
                                                                      p=t.number(p, 3))


def _names(t: Translator, bots: Sequence[str]) -> str:
    names = [bot_label(t, bot) for bot in bots]
    return names[0] if len(names) == 1 else t("w_and_list", first=", ".join(names[:-1]),
                                                 last=names[-1])  # fmt: skip


def test_sentence(t: Translator, test: dict[str, Any]) -> str:
    """What the declared test shows, worded as strongly as its p-value allows, then what the
    other bluffers' intervals say."""
    values = {"bot": bot_label(t, DECLARED), "against": bot_label(t, test["against"]),
              "diff": t.number(abs(test["diff"]) * 100, 1), "p": _p_text(t, test["p"])}
    if test["evidence"] == "none":
        said = [t("l07.test_none", **values)]
    else:
        said = [t(f"l07.test_{test['direction']}", evidence=t(f"l07.evidence_{test['evidence']}"),
                  **values)]  # fmt: skip
    for group in ("below", "above", "around"):  # the others, by their simultaneous intervals
        others = [bot for bot in test[group] if bot != DECLARED]
        if others:
            said.append(t.count(f"l07.paired_{group}", len(others), bots=_names(t, others)))
    return " ".join(said)


def paired_rows_html(t: Translator, test: dict[str, Any]) -> str:
    """Each bluffer's difference from ``odds`` on the same deals, with its interval."""
    rows = [[bot_label(t, bot), points(t, diff), f"{points(t, low)} \u2013 {points(t, high)}"]
            for bot, diff, low, high in test["rows"]]  # fmt: skip
    return table_html([t("lesson_bot"), t("l07.paired_diff", base=bot_label(t, SWEEP[0])),
                       t("l07.paired_interval")], rows)  # fmt: skip


def _rate(result: Result) -> Matchup:
    bots = result.experiment.bots
    return Matchup(bots[0], bots[1], result.win_rate(0))


def _percents(t: Translator, **values: float) -> dict[str, str]:
    return {name: t.percent(value) for name, value in values.items()}


def against_even(t: Translator, row: Matchup, base: str) -> str:
    """``row`` compared with the exact 50% that ``base`` wins against itself."""
    low, high = row.record.interval()
    key = "l07.even_more" if low > 0.5 else "l07.even_less" if high < 0.5 else "l07.even_unclear"
    return t(key, bot=bot_label(t, row.bot), base=bot_label(t, base),
             against=bot_label(t, row.against),
             **_percents(t, rate=row.record.rate, low=low, high=high))  # fmt: skip


def against_base(t: Translator, row: Matchup, base: Matchup) -> str:
    """``row`` compared with ``base`` (the same opponent) by the interval for the difference."""
    return difference_sentence(t, row.bot, row.record.wins, row.record.games, base.bot,
                               base.record.wins, base.record.games)  # fmt: skip


def compare_sentences(t: Translator, rows: Sequence[Matchup]) -> list[str]:
    """A sentence per bluffer, comparing it with the first row (the odds bot, no random bluffs)
    against the same opponent: with the exact 50% when that is the opponent itself, else by the
    interval for the difference."""
    base, *others = rows
    if base.bot == base.against:
        said = [t("l07.itself", bot=bot_label(t, base.bot), rate=t.percent(base.record.rate))]
        return said + [against_even(t, row, base.bot) for row in others]
    return [against_base(t, row, base) for row in others]


def verdict(rows: Sequence[Matchup]) -> str | None:
    """``"less"``, ``"more"`` or ``"same"`` when every bluffer's comparison says so, else
    ``None`` (the data do not settle the question for all of them)."""
    base, *others = rows
    found = set()
    for row in others:
        if base.bot == base.against:
            low, high = row.record.interval()
            centre = 0.5
        else:
            low, high = row.record.difference_interval(base.record)
            centre = 0.0
        found.add("more" if low > centre else "less" if high < centre else "same")
    return found.pop() if len(found) == 1 else None


def _draw_rates(t: Translator, rows: Sequence[Matchup], table: widgets.HTML, chart: Chart,
                verdicts: widgets.HTML, heading: str) -> None:  # fmt: skip
    """A sweep's table, chart (with the exact 50% line when the first row is a bot against
    itself) and computed sentences."""
    labels = [bot_label(t, row.bot) for row in rows]
    records = [row.record for row in rows]
    table.value = win_rate_table(t, labels, records, t("lesson_bot"))
    itself = rows[0].bot == rows[0].against
    draw_win_rates(chart, t, labels, records, reference=0.5 if itself else None,
               reference_label=t("l07.exact_half", bot=bot_label(t, rows[0].bot)),
               title=t.count("lesson_sweep_title", rows[0].record.games,
                             against=bot_label(t, rows[0].against),
                             games=t.number(rows[0].record.games, 0)),
               xlabel=t("lesson_bot"), first_column=t("lesson_bot"))  # fmt: skip
    items = "".join(f"<li>{escape(s)}</li>" for s in compare_sentences(t, rows))
    verdicts.value = f"<p><b>{escape(heading)}</b></p><ul>{items}</ul>"


class BluffingSweep(GatedRunBox):
    """The student's own run of the bluffing experiment: each bot of :data:`SWEEP` against one
    opponent, ``games`` games a seat, seats balanced, with a progress bar; then the table, the
    chart and the sentences, computed exactly as for the shipped experiment."""

    count_label = staticmethod(lambda t: t("lesson_games_per_side"))
    run_label = staticmethod(lambda t: t("lesson_run_sweep"))
    run_class = "kayalib-run-sweep"
    css_class = "kayalib-bluffing-sweep"

    def __init__(self, against: str = "odds", games: int = SWEEP_GAMES, seed: int = 3,
                 bots: Sequence[str] = SWEEP, *, lang: str | None = None,
                 **kwargs: Any) -> None:  # fmt: skip
        self.bots = list(bots)
        self.against = against
        self.seed = seed
        self.table = widgets.HTML()
        self.chart = Chart()
        self.verdicts = widgets.HTML()
        super().__init__(games, low=10, high=1000, step=10,
                         below=[self.verdicts, self.table, self.chart], lang=lang,
                         **kwargs)  # fmt: skip
        self.relabel()

    def work(self, count: int, progress: Progress) -> list[Matchup]:
        total = len(self.bots) * 2 * count
        rows = []
        for i, bot in enumerate(self.bots):
            won, played = heads_up_games(bot, self.against, count, self.seed,
                                         progress.part(i * 2 * count, total))  # fmt: skip
            rows.append(Matchup(bot, self.against, WinRate(won, played)))
        return rows

    def sentences(self) -> list[str]:
        return [] if self.results is None else compare_sentences(self.t, self.results)

    def show(self) -> None:
        t, rows = self.t, self.results
        if rows is None:
            self.table.value = self.verdicts.value = ""
            self.chart.draw(b"", "")
            return
        _draw_rates(t, rows, self.table, self.chart, self.verdicts,
                    t("l07.your_run", games=t.number(rows[0].record.games // 2, 0)))  # fmt: skip


def shipped_view(against: str) -> widgets.VBox:
    """The shipped bluffing experiment against ``against``: the win rates (table and chart),
    then the comparison on the same deals and the declared test's sentence."""
    rows = shipped_rates(against)
    test = bluff_test(against)
    table, verdicts = widgets.HTML(), widgets.HTML()

    def draw(t: Translator, chart: Chart) -> None:
        labels = [bot_label(t, row.bot) for row in rows]
        records = [row.record for row in rows]
        table.value = win_rate_table(t, labels, records, t("lesson_bot"))
        draw_win_rates(chart, t, labels, records, reference=None, reference_label="",
                       title=t.count("lesson_sweep_title", rows[0].record.games,
                                     against=bot_label(t, against),
                                     games=t.number(rows[0].record.games, 0)),
                       xlabel=t("lesson_bot"), first_column=t("lesson_bot"))  # fmt: skip
        games = t.number(rows[0].record.games // 2, 0)
        verdicts.value = (f"<p><b>{escape(t('l07.shipped_run', games=games))}</b></p>"
                          f"<p>{escape(t('l07.test_declared', bot=bot_label(t, DECLARED)))}</p>"
                          + paired_rows_html(t, test)
                          + f"<p>{escape(test_sentence(t, test))}</p>")  # fmt: skip

    chart = LiveChart(draw)
    box = widgets.VBox([chart, verdicts])  # the chart's own table states every win rate
    box.add_class("kayalib-shipped-sweep")
    return box


# ---------------------------------------------------------------------------------------------
# Rounds with a bluff: the exercise about selection bias


def rounds_figures(bluffer: str = "bluffer 30%") -> dict[str, Any]:
    """The rounds of the shipped games of ``bluffer``: against each opponent, the share of the
    rounds with a bluff it won and of the rounds without one; ``games``: the games a seat."""
    figures: dict[str, Any] = {}
    for against in ("odds", "believer"):
        result = shipped()[f"{bluffer} v {against}"]
        figures["games"] = result.experiment.games  # games a seat, the same in both
        count: RoundCount = result.round_count()
        figures[against] = count
        figures[f"{against}_bluff"] = count.bluff_won / count.bluff_rounds
        figures[f"{against}_plain"] = count.plain_won / count.plain_rounds
    return figures


def rounds_table_html(t: Translator, bluffer: str = "bluffer 30%") -> str:
    """The round table: rounds with and without a bluff, and the share of each that was won."""
    figures = rounds_figures(bluffer)
    rows = []
    for against in ("odds", "believer"):
        count = figures[against]
        for kind, rounds, won in (("bluffed", count.bluff_rounds, count.bluff_won),
                                  ("plain", count.plain_rounds, count.plain_won)):  # fmt: skip
            rows.append([bot_label(t, against), t(f"lesson_rounds_{kind}"), t.number(rounds, 0),
                         t.number(won, 0), t.percent(won / rounds)])  # fmt: skip
    return table_html([t("lesson_against"), t("lesson_rounds"), t("lesson_count"),
                       t("lesson_won"), t("l07.share_won")], rows)  # fmt: skip


# ---------------------------------------------------------------------------------------------
# The conclusion, from the controlled experiments


def conclusion() -> dict[str, Any]:
    """The conclusion's two sentences, from the declared test against each opponent
    (``odds``: what ``l07.conclusion_odds`` says, ``believer``: ``l07.conclusion_believer``),
    and ``odds_bluffs``: the share of ``odds``'s own bids that lesson 08 counts as bluffs."""
    return {"odds": lambda t: test_sentence(t, bluff_test("odds")),
            "believer": lambda t: test_sentence(t, bluff_test("believer")),
            "odds_bluffs": odds_bluff_share()}  # fmt: skip


def odds_bluff_share() -> float:
    """The share of the ``odds`` bot's bids in the sample class that lesson 08 counts as bluffs
    (a bid its own cards make less than 50% likely): it adds no random bluffs, yet some of its
    raises are bluffs by that count."""
    from kayalib.lessons.classdata import shipped_sample
    from kayalib.lessons.maths.bluff_rate import bot_counts

    count = bot_counts(shipped_sample("play").data)["odds"]
    return count.bluffs / count.bids


# ---------------------------------------------------------------------------------------------
# The ladder: one table, then each step heads-up


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


def table_figures() -> dict[str, Any]:
    """The shipped one-table experiment (the four ladder bots, every seating a thousand games):
    each bot's wins, the most winning bot, and the interval for the difference between its share
    and the next one's (the same games, so :func:`share_difference_interval`)."""
    result = shipped()[" v ".join(LADDER)]
    played = len(result.winners)
    wins = {bot: result.wins(k) for k, bot in enumerate(result.experiment.bots)}
    first, second = sorted(wins, key=wins.get, reverse=True)[:2]  # type: ignore[arg-type]
    low, high = share_difference_interval(wins[first], wins[second], played)
    return {"wins": wins, "games": played, "first": first, "second": second,
            "low": low, "high": high, "clear": low > 0}  # fmt: skip


def table_view() -> widgets.Widget:
    """The shipped one-table results: each bot's share of the games, with intervals and the
    equal share dashed, and the sentence its numbers support."""
    figures = table_figures()
    sentence = widgets.HTML()

    def draw(t: Translator, chart: Chart) -> None:
        bots = list(figures["wins"])
        draw_win_rates(chart, t, [bot_label(t, b) for b in bots],
                       [WinRate(figures["wins"][b], figures["games"]) for b in bots],
                       reference=1 / len(bots), reference_label=t("lesson_equal_strength"),
                   title=t("l07.table_title", games=t.number(figures["games"], 0)),
                   xlabel=t("lesson_bot"), first_column=t("lesson_bot"))  # fmt: skip
        first, second = figures["first"], figures["second"]
        key = "l07.table_first" if figures["clear"] else "l07.table_unclear"
        wins, games = figures["wins"], figures["games"]
        sentence.value = "<p>" + escape(t(key, first=bot_label(t, first),
                                          second=bot_label(t, second),
                                          rate=t.percent(wins[first] / games),
                                          second_rate=t.percent(wins[second] / games),
                                          low=points(t, figures["low"]),
                                          high=points(t, figures["high"]))) + "</p>"  # fmt: skip

    chart = LiveChart(draw)
    return widgets.VBox([sentence, chart])


def step_sentence(t: Translator, upper: str, lower: str, record: WinRate) -> str:
    """What one step's result says, judged by its 95% confidence interval against 50% (two
    equally strong bots, seats balanced, win exactly half)."""
    rate, (low, high) = record.rate, record.interval()
    key = "l07.step_above" if low > 0.5 else "l07.step_below" if high < 0.5 else "l07.step_unclear"
    return t(key, upper=bot_label(t, upper), lower=bot_label(t, lower), rate=t.percent(rate),
             low=t.percent(low), high=t.percent(high))  # fmt: skip


def _draw_steps(t: Translator, steps: Sequence[tuple[str, str]], wins: Sequence[int],
                played: int, table: widgets.HTML, chart: Chart,
                verdicts: widgets.HTML) -> None:  # fmt: skip
    labels = [t("l07.step_label", upper=bot_label(t, u), lower=bot_label(t, lo))
              for u, lo in steps]  # fmt: skip
    records = [WinRate(won, played) for won in wins]
    table.value = win_rate_table(t, labels, records, t("l07.step_column"))
    draw_win_rates(chart, t, labels, records, reference=0.5, reference_label=t("l07.step_even"),
               title=t("l07.step_title", games=t.number(played // 2, 0)),
               xlabel=t("l07.step_column"), first_column=t("l07.step_column"))  # fmt: skip
    verdicts.value = "<ul>" + "".join(
        f"<li>{escape(step_sentence(t, upper, lower, record))}</li>"
        for (upper, lower), record in zip(steps, records, strict=True)) + "</ul>"


def steps_view() -> widgets.Widget:
    """The shipped steps of the ladder, heads-up, a thousand games a seat each."""
    results = shipped()
    wins = [results[f"{u} v {lo}"].wins(0) for u, lo in STEPS]
    played = results[f"{STEPS[0][0]} v {STEPS[0][1]}"].played
    table, verdicts = widgets.HTML(), widgets.HTML()
    chart = LiveChart(lambda t, c: _draw_steps(t, STEPS, wins, played, table, c, verdicts))
    return widgets.VBox([verdicts, chart])  # the chart's own table states every figure


class LadderSteps(GatedRunBox):
    """Each step of the ladder played heads-up when asked, with a progress bar: the upper bot's
    win rate with its 95% confidence interval, a chart, and a sentence per step."""

    count_label = staticmethod(lambda t: t("lesson_games_per_side"))
    run_label = staticmethod(lambda t: t("l07.run_ladder"))
    run_class = "kayalib-run-ladder"
    css_class = "kayalib-ladder-steps"

    def __init__(self, games: int = 10, seed: int = 7, *, lang: str | None = None,
                 **kwargs: Any) -> None:  # fmt: skip
        self.seed = seed
        self.steps = STEPS
        self.verdicts = widgets.HTML()
        self.table = widgets.HTML()
        self.chart = Chart()
        super().__init__(games, low=5, high=500, step=5,
                         below=[self.verdicts, self.table, self.chart], lang=lang,
                         **kwargs)  # fmt: skip
        self.relabel()

    def work(self, count: int, progress: Progress) -> tuple[list[int], int]:
        total = len(self.steps) * 2 * count
        wins = []
        for k, (upper, lower) in enumerate(self.steps):
            won, _ = heads_up_games(upper, lower, count, self.seed + 2 * k,
                                    progress.part(k * 2 * count, total))  # fmt: skip
            wins.append(won)
        return wins, 2 * count

    def sentences(self) -> list[str]:
        if self.results is None:
            return []
        wins, played = self.results
        return [step_sentence(self.t, u, lo, WinRate(w, played))
                for (u, lo), w in zip(self.steps, wins, strict=True)]  # fmt: skip

    def show(self) -> None:
        if self.results is None:
            self.table.value = self.verdicts.value = ""
            self.chart.draw(b"", "")
            return
        wins, played = self.results
        _draw_steps(self.t, self.steps, wins, played, self.table, self.chart, self.verdicts)
