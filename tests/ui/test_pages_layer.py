"""The page layer every page shares: the address read and checked once, the language a page
follows, the error banner, the run box."""

from __future__ import annotations

import logging

import ipywidgets as widgets
import pytest

from kayalib.engine import Refusal
from kayalib.errors import IllegalActionError, SeedError
from kayalib.i18n import Translator
from kayalib.lessons.kit.page import Lesson
from kayalib.pages.banner import ErrorBanner
from kayalib.pages.language import Language, LanguageSwitch, Localized
from kayalib.pages.options import AddressError, PageOptions, parse_seed
from kayalib.pages.runbox import RunBox


@pytest.mark.parametrize(
    ("query", "problems"),
    [
        ("seed=7&lang=pl&student=12&solutions=off&size=large&hint=on&speed=fast", ()),
        ("seed=0042", ()),
        ("seed=" + "9" * 13, ("seed",)),  # one seed rule for every page: 1 to 12 digits
        ("seed=7&student=0", ("student",)),
        ("student=12", ()),  # a student number means nothing without a class seed, and says so
        ("solutions=maybe&size=huge&hint=perhaps", ("size", "hint", "solutions")),
        ("bots=odds,nobody", ("bots",)),
        ("mode=chaos", ("mode",)),
        ("lang=" + "p" * 500, ("lang",)),
    ],
)
def test_every_address_value_is_checked_once(query: str, problems: tuple[str, ...]) -> None:
    options = PageOptions.parse(query, choices={"mode": ("classic", "deck")},
                                bots=("odds", "human"))  # fmt: skip
    assert set(options.problems) == set(problems)
    assert len(options.notices(Translator("pl"), bots=("odds", "human"))) == len(problems)


def test_refused_values_fall_back_to_their_defaults() -> None:
    options = PageOptions.parse("seed=x&lang=xx&speed=warp&size=huge&student=12&hint=maybe")
    assert (options.seed, options.lang, options.speed, options.size) == (None, "en", "normal",
                                                                         "normal")  # fmt: skip
    assert options.student is None and options.hint is None
    assert PageOptions.parse("seed=7&student=12").student == 12


def test_the_checks_raise_named_errors() -> None:
    with pytest.raises(SeedError):
        parse_seed("-1")
    assert issubclass(AddressError, ValueError) and issubclass(SeedError, ValueError)


def test_a_lesson_page_says_what_its_address_got_wrong_in_its_language() -> None:
    lesson = Lesson("03", query="lang=pl&seed=12345678901234567&size=huge")
    header = lesson.header()
    notices = [w.value for w in header.children if "kaya-error" in w._dom_classes]
    assert notices and "Ziarno musi być liczbą całkowitą" in notices[0]
    assert "„size”" in notices[0]
    assert not [w for w in Lesson("03", query="lang=pl").header().children
                if "kaya-error" in w._dom_classes]  # fmt: skip


class Label(widgets.HTML, Localized):
    def __init__(self, page: Language) -> None:
        super().__init__()
        self.init_language(page=page)
        self.relabel()

    def relabel(self) -> None:
        self.value = self.t("new_game")


def test_a_page_language_redraws_whatever_follows_it_and_its_switch() -> None:
    page = Language("en")
    label, switch = Label(page), LanguageSwitch(page)
    switch.value = "pl"
    assert page.lang == "pl" and label.value == "Nowa gra"
    page.set("id")
    assert switch.value == "id" and label.value == "Permainan baru"
    other = Language("en")
    assert Label(other).value == "New game"  # another page keeps its own language


def test_the_banner_says_refusals_in_the_page_language_and_logs_the_unexpected(caplog) -> None:
    banner = ErrorBanner(lambda: Translator("id"))
    refusal = Refusal.of("nothing_to_undo", "there is no earlier decision to go back to")
    banner.guard(lambda: (_ for _ in ()).throw(IllegalActionError(refusal)))()
    assert Translator("id")("refusal_nothing_to_undo") in banner.value
    assert not caplog.records
    banner.guard(lambda: 1 / 0)()
    assert "ZeroDivisionError" in banner.value
    assert [r for r in caplog.records if "Exception in callback" in r.getMessage()]
    caplog.clear()  # this one was on purpose


class Failing(RunBox):
    count_label, run_label = "Games", "Run"

    def work(self, count, progress):
        progress(1, count)
        raise IllegalActionError(Refusal.of("game_over", "the game is over"))


def test_a_run_box_that_fails_says_why_and_gives_its_button_back() -> None:
    box = Failing(10, low=1, high=20, lang="en")
    box.relabel()
    box.run_button.click()
    assert "The game is over." in box.errors.value
    assert not box.run_button.disabled and box.progress.bar_style == "warning"
    assert box.results is None


@pytest.fixture(autouse=True)
def quiet(caplog):
    caplog.set_level(logging.WARNING)
