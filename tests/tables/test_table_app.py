"""The play apps in table mode, in this process against the class tables' routes (served on
loopback as the class server mounts them): a student's page opens at its seat, shows the
table's panel and plays, in the student's language."""

from __future__ import annotations

from html import escape

import pytest

from kayalib.pages.classroom import URL_ENV
from kayalib.pages.kernel import SECRET_ENV
from kayalib.ui import BlefApp, KayaApp
from kayalib.ui.remote import table_app
from tests.tables.served import TablesThread
from tests.ui.page import inner, shown, words

pytestmark = [pytest.mark.voila]  # it serves the tables' routes


@pytest.mark.parametrize(
    ("cls", "name", "lang"), [(BlefApp, "blef", "pl"), (KayaApp, "kaya", "id")]
)
def test_a_students_page_opens_at_its_seat_and_shows_the_table(
    tables: TablesThread, monkeypatch, cls, name: str, lang: str
) -> None:
    monkeypatch.setenv(URL_ENV, tables.url)
    monkeypatch.setenv(SECRET_ENV, tables.secret)
    bot = {"blef": "odds", "kaya": "counter"}[name]
    table = tables.call(lambda s: s.create_table(name, people=2, bots=[bot], seed=7))
    keys = [tables.call(lambda s, n=n: s.join(table.code, n)) for n in ("Ana", "Budi")]
    app = table_app(cls, table.code, keys[0].token, lang=lang)
    assert words(app, "kaya-status")  # the page drew its status line
    panel = class_panel(app)
    assert table.code in panel and "Ana" in panel
    seats = panel.split('class="kaya-table-seats"')[1].split("</ul>")[0]
    assert seats.count("<li>") == 3  # the bot sits at the table too, named as a bot once
    assert f"<li>{escape(app.seat_name(2))}</li>" in seats
    assert not app.settings_pending  # the teacher's players and rules: nothing waits


def class_panel(app) -> str:
    """The class table's own panel of a page at a class seat (above the app's columns)."""
    assert shown(app, "kaya-table-panel")
    return inner(app, "kaya-table-panel")
