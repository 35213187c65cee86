"""Lesson 08's part "your class's bids": the counts and the Beta posterior are kayalib.stats on
the data (counted here again from the raw bids), the class's share goes into the lesson's model
as the quantity the model means, the sentences follow the data, and the page says whose bids
these are (outside class mode: bots)."""

from __future__ import annotations

import copy
from fractions import Fraction
from html import escape
from typing import Any

import pytest

from kayalib.blef.odds import bid_probability
from kayalib.blef.view import legal_after
from kayalib.i18n import Translator, languages
from kayalib.lessons import l08
from kayalib.lessons.classdata import ClassData, shipped_sample
from kayalib.lessons.maths.bayes_tables import KING, small_posterior, small_view
from kayalib.lessons.maths.bluff_rate import (
    bot_counts,
    class_count,
    king_given_share,
    model_bluff_share,
    model_rate,
)
from kayalib.pages.language import fill
from kayalib.stats import BetaPosterior

LANGS = list(languages())


def sample() -> ClassData:
    return shipped_sample("play")


def a_class(bids: list[tuple[int, bool]], people: list[int] | None = None,
            games: int = 2) -> ClassData:  # fmt: skip
    """A class's play data (as the class service answers) with ``bids`` (seat, bluff) in each of
    ``games`` games of four seats."""
    rows = [{"round": 1, "seat": seat, "bid": "pair A", "chance": "1/4" if bluff else "1/1",
             "bluff": bluff, "checked": False, "true": None} for seat, bluff in bids]  # fmt: skip
    return ClassData("play", {"definition": {"bluff_below": "1/2"}, "games": [
        {"table": f"T{i}", "players": 4, "people": people if people is not None else [0, 1],
         "bids": copy.deepcopy(rows)} for i in range(games)]}, sample=False)  # fmt: skip


def said(key: str, figures: dict[str, Any], lang: str = "en") -> str:
    t = Translator(lang)
    return fill(t, t(f"l08.{key}"), **l08.class_words(figures))


def test_the_counts_are_the_raw_bids_counted_again_by_the_datas_own_definition() -> None:
    data = sample().data
    below = Fraction(data["definition"]["bluff_below"])
    bids = [bid for game in data["games"] for bid in game["bids"]]
    bluffs = sum(Fraction(bid["chance"]) < below for bid in bids)
    figures = l08.class_figures(sample())
    assert (figures["bids"], figures["bluffs"], figures["below"]) == (len(bids), bluffs, below)
    assert figures["share"] == Fraction(bluffs, len(bids))
    per_bot: dict[str, list[int]] = {}
    for game in data["games"]:
        for bid in game["bids"]:
            row = per_bot.setdefault(game["bots"][bid["seat"]], [0, 0])
            row[0] += 1
            row[1] += Fraction(bid["chance"]) < below
    assert {name: [c.bids, c.bluffs] for name, c in bot_counts(data).items()} == per_bot


def worth(games: list[tuple[int, int]]) -> BetaPosterior:
    """The Beta posterior of bids counted game by game, computed here from ``(bids, bluffs)``
    per game: the variance of the share between games (a ratio estimate's) over a binomial's
    is how many bids one independent bid is worth."""
    n, b, k = sum(g[0] for g in games), sum(g[1] for g in games), len(games)
    p = b / n
    between = k / (k - 1) * sum((bluffs - p * bids) ** 2 for bids, bluffs in games) / n**2
    effect = 1.0 if p in (0, 1) else max(1.0, between / (p * (1 - p) / n))
    bids = round(n / effect)
    return BetaPosterior.of(min(bids, round(b / effect)), bids)


def test_the_posterior_figures_are_kayalib_stats_on_the_data_counted_game_by_game() -> None:
    data = sample().data
    figures = l08.class_figures(sample())
    games = [(len(g["bids"]), sum(1 for bid in g["bids"] if bid["bluff"])) for g in data["games"]
             if g["bids"]]  # fmt: skip
    post = worth(games)
    assert (figures["a"], figures["b"]) == (post.a, post.b)
    assert figures["mean"] == post.mean
    assert (figures["low"], figures["high"]) == post.interval()
    low, high = post.interval()  # wider than bids taken as independent: 24% to 42%
    naive = BetaPosterior.of(figures["bluffs"], figures["bids"])
    assert (figures["naive_low"], figures["naive_high"]) == naive.interval()
    assert round(low, 2) == 0.25 and round(high, 2) == 0.42 and figures["deff"] > 5
    for row in figures["bots"]:
        per_game = [(sum(1 for bid in g["bids"] if g["bots"][bid["seat"]] == row["name"]),
                     sum(1 for bid in g["bids"]
                         if g["bots"][bid["seat"]] == row["name"] and bid["bluff"]))
                    for g in data["games"]]  # fmt: skip
        bot = worth([g for g in per_game if g[0]]) if sum(1 for g in per_game if g[0]) > 1 \
            else BetaPosterior.of(row["bluffs"], row["bids"])  # fmt: skip
        assert row["interval"] == bot.interval() and row["mean"] == bot.mean
        assert row["p_above"] == post.prob_above(bot)
        assert row["verdict"] == l08.verdict(row["p_above"])
    odds = next(row for row in figures["bots"] if row["name"] == "odds")
    assert figures["p_odds"] == odds["p_above"]
    assert figures["compare_key"] == "class_compare_sample"  # bots, odds among them: no verdict


def test_the_models_bluff_rate_is_the_share_of_bluffs_its_own_likelihood_gives() -> None:
    """Under lesson 08's model (honest, bluffing at rate ε by a random opening bid), the chance
    that the opponent's opening is a bluff by the data's definition, summed from the engine's
    likelihood of every opening with every card, is ε × model_bluff_share()."""
    from kayalib.blef.cards import DECK
    from kayalib.blef.evidence import OpponentModel, likelihood

    cards = [card for card in DECK if card not in small_view().hand]
    openings = legal_after(None)
    heard = {bid: small_view(bid) for bid in openings}
    for eps in (Fraction(1, 5), Fraction(1, 2)):
        model = OpponentModel.named("honest", eps)
        share = sum((likelihood(heard[bid], 0, (card,), model, exact=True)
                     for card in cards for bid in openings
                     if Fraction(bid_probability(bid, (card,), 2, exact=True)) < Fraction(1, 2)),
                    Fraction(0)) / len(cards)  # fmt: skip
        assert share == eps * model_bluff_share()
    assert model_bluff_share() == Fraction(82, 83)
    assert model_rate(Fraction(82, 83) / 5) == Fraction(1, 5)
    assert model_rate(Fraction(99, 100)) == 1


def test_the_class_rate_fed_into_the_small_case_is_the_lessons_own_posterior() -> None:
    figures = l08.class_figures(sample())
    mean = Fraction(figures["a"], figures["a"] + figures["b"])
    assert figures["eps"] == float(mean * 83 / 82)
    assert figures["king"] == float(small_posterior(model_rate(mean)).table()[KING])
    assert figures["king_low"] <= figures["king"] <= figures["king_high"]
    assert figures["king_low"] == float(king_given_share(figures["high"]))
    assert figures["fixed_king"] == float(small_posterior(Fraction(1, 5)).table()[KING])


def test_the_sentences_follow_the_data() -> None:
    honest_class = l08.class_figures(a_class([(0, False)] * 40 + [(1, True)]))
    wild_class = l08.class_figures(a_class([(0, True)] * 40 + [(1, False)] * 5))
    close = l08.class_figures(a_class([(0, True)] * 2 + [(1, False)] * 8))
    assert honest_class["compare_key"] == "class_compare_less"
    assert wild_class["compare_key"] == "class_compare_more"
    assert close["compare_key"] == "class_compare_unclear"
    for one, other in ((honest_class, wild_class), (wild_class, close)):
        for key in ("class_posterior", "class_feed", "class_caveat"):
            assert said(key, one) != said(key, other)
    assert "less often" in said(honest_class["compare_key"], honest_class)
    assert "more often" in said(wild_class["compare_key"], wild_class)
    assert "cannot tell" in said(close["compare_key"], close)
    one_game = l08.class_figures(a_class([(0, True), (1, False)], games=1))
    assert one_game["caveat_key"] == "class_caveat_one_game"
    assert "one game" in said(one_game["caveat_key"], one_game)


def test_only_the_peoples_seats_are_the_class() -> None:
    found = a_class([(0, True), (1, False), (2, True), (3, True)], people=[0, 1])
    assert class_count(found.data).bids == 4  # two games, two people's bids each
    figures = l08.class_figures(found)
    assert (figures["bids"], figures["bluffs"], figures["source"]) == (4, 2, "class")


def test_a_class_without_an_ended_round_says_so_and_shows_the_bots() -> None:
    empty = ClassData("play", {"definition": {"bluff_below": "1/2"}, "games": []}, sample=False)
    figures = l08.class_figures(empty)
    assert figures["source"] == "empty"
    assert figures["bids"] == l08.class_figures(sample())["bids"]
    for lang in LANGS:
        t = Translator(lang)
        text = said(figures["source_key"], figures, lang)
        assert fill(t, t("l08.class_source_empty").split("**")[1]) in text
        assert t("l08.ct_class_sample") in l08.class_table_html(t, figures)


@pytest.mark.parametrize("lang", LANGS)
def test_the_counted_words_take_each_languages_plural_forms(lang: str) -> None:
    t = Translator(lang)
    for n in (1, 2, 5, 12, 22):
        figures = l08.class_figures(a_class([(0, True)] * n, games=1))
        words = l08.class_words(figures)
        assert words["n_bids"](t) == t.count("l08.n_bids", n, n=t.number(n, 0))
    pl = Translator("pl")
    assert [pl.count("l08.n_bids", n, n=n) for n in (1, 2, 5, 22)] == [
        "1 zgłoszenie", "2 zgłoszenia", "5 zgłoszeń", "22 zgłoszenia"]  # fmt: skip
    assert [pl.count("l08.n_bluffs", n, n=n) for n in (1, 3, 5)] == [
        "w tym 1 blef", "w tym 3 blefy", "w tym 5 blefów"]  # fmt: skip


def test_a_probability_is_never_rounded_to_a_certainty() -> None:
    t = Translator("en")
    assert l08.probability_text(t, 0.99985) == "more than 99.9%"
    assert l08.probability_text(t, 3e-13) == "less than 0.1%"
    assert l08.probability_text(t, 0.5451) == "54.5%"
    table = l08.class_table_html(t, l08.class_figures(sample()))
    assert "100.0%" not in table and "more than 99.9%" in table


@pytest.mark.parametrize("lang", LANGS)
def test_the_chart_has_its_text_equivalent(lang: str) -> None:
    t = Translator(lang)
    figures = l08.class_figures(sample())
    chart = l08.ClassChart(figures, guess=Fraction(3, 10), lang=lang)
    assert t.percent(figures["low"]) in chart.alt and t.percent(figures["high"]) in chart.alt
    assert 'src="data:image/png;base64,' in chart.value
    assert t.percent(figures["mean"]) in chart.value  # the table under the chart


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGS)
def test_the_page_outside_class_mode_says_the_bids_are_bots_and_states_stats_figures(
    lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:  # fmt: skip
    from kayalib.pages.classroom import URL_ENV

    monkeypatch.delenv(URL_ENV, raising=False)
    text = page_text(lang)
    t = Translator(lang)
    figures = l08.class_figures(sample())
    assert fill(t, t("l08.class_source_sample").split("**")[1]) in text
    assert t("l08.ct_class_sample") in text
    for value in (figures["mean"], figures["low"], figures["high"], figures["naive_low"],
                  figures["naive_high"]):  # fmt: skip
        assert t.percent(value) in text
    assert fill(t, t("l08.class_compare_sample").split(":")[0]) in text
    assert t.percent(figures["king"]) in text and t.percent(figures["fixed_king"]) in text


def page_text(lang: str) -> str:
    """Every word of lesson 08 run in this process (the teacher's view: every part built)."""
    import ipywidgets as widgets

    from kayalib.teachers.record import run_lesson
    from tests.lessons.pages import visible_text

    lesson = run_lesson("08", f"lang={lang}&solutions=key")
    found, stack = [], list(lesson.parts)
    while stack:
        item = stack.pop(0)
        if isinstance(item, widgets.HTML):
            found.append(visible_text(item.value))
        stack.extend(getattr(item, "children", ()))
    return " ".join(found)


@pytest.mark.parametrize("lang", LANGS)
def test_the_worksheet_has_a_box_for_the_classs_bids_with_figures_only_on_the_key(lang) -> None:
    from kayalib.teachers.record import LessonRecord
    from kayalib.teachers.worksheets import worksheet_html

    t = Translator(lang)
    figures = l08.class_figures(sample())
    sheet = worksheet_html(LessonRecord("08", ()), lang)
    key = worksheet_html(LessonRecord("08", ()), lang, key=True)
    title = escape(t("l08.ws_title"))
    assert title in sheet and title in key
    posterior = f"Beta({figures['a']}, {figures['b']})"
    assert posterior in key and posterior not in sheet
    assert t.percent(figures["low"]) in key and t.percent(figures["low"]) not in sheet
    assert title not in worksheet_html(LessonRecord("05", ()), lang)


def test_a_class_whose_bluffs_sit_in_one_game_gets_no_verdict_from_its_bid_count() -> None:
    """Forty bids, half of them bluffs, taken as independent, would say the class bluffs more
    often than odds; counted game by game (one game all bluffs, the other none) they are worth
    about one bid, and the page cannot tell."""
    rows = [[{"round": 1, "seat": 0, "bid": "pair A", "chance": "1/4" if bluff else "1/1",
              "bluff": bluff, "checked": False, "true": None}] * 20 for bluff in (True, False)]
    data = ClassData("play", {"definition": {"bluff_below": "1/2"}, "games": [
        {"table": f"T{i}", "players": 4, "people": [0], "bids": bids}
        for i, bids in enumerate(rows)]}, sample=False)  # fmt: skip
    figures = l08.class_figures(data)
    naive = BetaPosterior.of(20, 40)
    odds = BetaPosterior.of(*(lambda c: (c.bluffs, c.bids))(bot_counts(sample().data)["odds"]))
    assert l08.verdict(naive.prob_above(odds)) == "more"
    assert figures["n_eff"] <= 2 and figures["compare_key"] == "class_compare_unclear"
    assert figures["low"] < 0.2 and figures["high"] > 0.8
