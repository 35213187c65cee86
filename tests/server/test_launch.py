"""The page address a student's browser sends: every bad value gives the normal app and a short
notice in the student's language, never a dead page or a traceback (issue 15, "Bad input")."""

from __future__ import annotations

import io
import logging
import sys

import pytest

from kayalib.errors import SeedError
from kayalib.pages.kernel import protect_the_page, query_string
from kayalib.pages.options import SEED_DIGITS, PageOptions, parse_seed
from kayalib.ui.blef_app import BlefApp
from kayalib.ui.kaya_app import KayaApp
from tests.ui.page import inner

HUNDRED_DIGITS = "1" * 100


@pytest.fixture(autouse=True)
def clean_address(monkeypatch):
    for name in ("QUERY_STRING", "VOILA_PREHEAT", "SERVER_SOFTWARE"):
        monkeypatch.delenv(name, raising=False)


@pytest.mark.parametrize("text", ["7", " 0042 ", "999999999999", "0"])
def test_a_seed_is_ascii_digits(text: str) -> None:
    assert parse_seed(text) == int(text)


@pytest.mark.parametrize(
    "text", ["", "abc", "-1", "+7", "²", "٣", "1e3", "7.0", "1_000", HUNDRED_DIGITS, "9" * 5000]
)
def test_anything_else_is_refused_with_a_short_message(text: str) -> None:
    with pytest.raises(SeedError) as refused:
        parse_seed(text)
    expected = f"The seed must be a whole number of 1 to {SEED_DIGITS} digits, such as 7."
    assert str(refused.value) == expected


@pytest.mark.parametrize(
    ("query", "problems"),
    [
        ("seed=abc", ("seed",)),
        ("seed=-1", ("seed",)),
        (f"seed={HUNDRED_DIGITS}", ("seed",)),
        ("seed=%C2%B2", ("seed",)),
        ("lang=xx", ("lang",)),
        ("speed=warp", ("speed",)),
        ("lang=" + "p" * 5000, ("lang",)),
        ("bots=" + "odds," * 1000, ("bots",)),
        ("seed=7&lang=pl&speed=fast&bots=odds", ()),
    ],
)
def test_address_values_are_checked(query: str, problems: tuple[str, ...]) -> None:
    assert PageOptions.parse(query).problems == problems


def app_from(monkeypatch, cls, query: str, **overrides):
    monkeypatch.setenv("QUERY_STRING", query)
    return cls.from_query_string(delay=0, **overrides)


@pytest.mark.parametrize(
    ("query", "notice"),
    [
        ("seed=abc&lang=pl", "Ziarno musi być liczbą całkowitą"),
        ("seed=-1&lang=id", "Seed harus bilangan bulat"),
        (f"seed={HUNDRED_DIGITS}", "The seed must be a whole number of 1 to 12 digits"),
        ("lang=xx", "is not one of the kit's languages"),
        ("bots=evil&lang=pl", "Niektórzy gracze w adresie są nieznani"),
        ("speed=" + "x" * 3000, "The bot speed in the address is not one of the choices"),
    ],
)
def test_a_bad_address_gives_the_normal_app_and_a_notice(monkeypatch, query, notice) -> None:
    for cls in (BlefApp, KayaApp):
        app = app_from(monkeypatch, cls, query)
        assert app.owner.state is not None and app.owner.state.legal_actions()  # a playable game
        assert notice in inner(app, "kaya-error")
        said = inner(app, "kaya-error")
        assert "Traceback" not in said and "Error" not in said


def test_a_good_address_gives_no_notice(monkeypatch) -> None:
    app = app_from(monkeypatch, BlefApp, "seed=7&lang=pl&speed=fast&bots=odds,random")
    assert app.seed == 7 and app.shell.lang.value == "pl"
    assert app.seats == ["human", "odds", "random"]
    assert inner(app, "kaya-error") == ""


@pytest.mark.parametrize("typed", ["²", "9" * 5000, "-5", "seven"])
def test_a_bad_seed_typed_in_the_app_is_refused_in_the_students_language(typed) -> None:
    app = BlefApp(seed=3, delay=0, lang="pl", opponents=["odds"])
    state = app.owner.state
    app.shell.seed_field.value = typed
    app.shell.new_game.click()
    assert "Ziarno musi być liczbą całkowitą o długości od 1 do 12 cyfr" in inner(app, "kaya-error")
    said = inner(app, "kaya-error")
    assert "ValueError" not in said and "went wrong" not in said
    assert app.owner.state is state and app.seed == 3  # nothing changed


def test_a_seed_typed_in_the_app_starts_that_game() -> None:
    app = BlefApp(seed=3, delay=0, opponents=["odds"])
    app.shell.seed_field.value = " 42 "
    app.shell.new_game.click()
    assert app.seed == 42 and app.owner.state.seed == 42 and inner(app, "kaya-error") == ""


def test_outside_a_preheated_kernel_the_address_is_read_at_once(monkeypatch) -> None:
    monkeypatch.setenv("QUERY_STRING", "seed=7")
    assert query_string() == "seed=7"
    monkeypatch.setenv("VOILA_PREHEAT", "False")
    monkeypatch.delenv("QUERY_STRING")
    assert query_string() == ""


def test_in_a_voila_kernel_log_records_go_to_the_terminal_not_the_page(monkeypatch, capfd):
    """In a kernel, ``sys.stderr`` is the page (it travels over the websocket)."""
    page = io.StringIO()
    monkeypatch.setattr(sys, "stderr", page)
    monkeypatch.setenv("VOILA_PREHEAT", "False")
    root = logging.getLogger()
    before = list(root.handlers)
    try:
        protect_the_page()
        logging.getLogger("Comm").error("Exception in comm_msg", exc_info=ValueError("boom"))
    finally:
        root.handlers[:] = before
    assert page.getvalue() == ""
    assert "Exception in comm_msg" in capfd.readouterr().err


def test_an_address_with_many_fields_still_gives_the_app(monkeypatch) -> None:
    """More than 50 fields once made parse_qs refuse the address: a page without the app."""
    query = "seed=7&lang=pl&" + "&".join(f"x{i}=1" for i in range(80))
    app = app_from(monkeypatch, BlefApp, query)
    assert app.seed == 7 and app.shell.lang.value == "pl" and app.owner.state.legal_actions()


def test_a_long_bots_value_names_the_choices(monkeypatch) -> None:
    app = app_from(monkeypatch, BlefApp, "bots=" + "x" * 250)
    assert "{names}" not in inner(app, "kaya-error")
    assert "the choices are: " in inner(app, "kaya-error") and "odds" in inner(app, "kaya-error")


@pytest.mark.parametrize(
    ("cls", "query", "name"),
    [(BlefApp, "size=huge", "size"), (BlefApp, "mode=chaos", "mode"),
     (KayaApp, "hint=maybe", "hint"), (KayaApp, "coins=gold", "coins"),
     (BlefApp, "seed=7&student=-1", "student"), (KayaApp, "seed=7&student=10000", "student")],
)  # fmt: skip
def test_every_refused_value_is_said(monkeypatch, cls, query: str, name: str) -> None:
    app = app_from(monkeypatch, cls, query + "&lang=pl")
    assert f"Adres nadaje „{name}” wartość spoza dostępnych wyborów" in inner(app, "kaya-error")
    assert app.owner.state.legal_actions()


def test_good_extra_values_say_nothing(monkeypatch) -> None:
    app = app_from(monkeypatch, BlefApp, "size=large&mode=deck&hint=on&seed=7&student=12")
    assert inner(app, "kaya-error") == ""
