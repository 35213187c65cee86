"""The class tables' edge (issue 40): a class behind one address, seats held by cookies and never by
an address, the teacher's tools against squatters, a dashboard key that leaves the address bar,
exports that are data, nicknames that cannot pass for another's.

The service is tried alone (a :class:`~kayalib.server.tables.TableService` on a manual clock) and
through its routes on loopback (:class:`~kayalib.server.table_alone.TablesThread`, as the class
server mounts them). Each test names the naive code it stands against; each failed on it.
"""

from __future__ import annotations

import csv
import http.client
import io
import random
import threading
import time
import urllib.error
import urllib.parse
from collections.abc import Iterator
from pathlib import Path

import pytest

from kayalib.errors import IllegalActionError
from kayalib.i18n import Translator
from kayalib.server.table_web import BROWSER_TRIES, KEY_HEADER, TEACHER_COOKIE
from kayalib.server.tables import SEATS_PER_BROWSER, ManualClock, SeatKey, TableService
from kayalib.words import Words
from tests.server.flood import Browser, Endpoint, dashboard_state, teacher
from tests.tables.conftest import Kernel, make_service, play_out, seat_people
from tests.tables.served import TablesThread


def refusal_of(call) -> IllegalActionError:
    with pytest.raises(IllegalActionError) as refused:
        call()
    return refused.value


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


@pytest.fixture
def service(tmp_path: Path, clock: ManualClock) -> TableService:
    return make_service(tmp_path / "class.sqlite", clock)


@pytest.fixture
def tables(tmp_path: Path) -> Iterator[TablesThread]:
    with TablesThread(str(tmp_path / "class.sqlite")) as server:
        yield server


def endpoint(tables: TablesThread) -> Endpoint:
    return Endpoint(tables.port, tables.key)


def new_tables(tables: TablesThread, count: int, people: int = 4) -> list[str]:
    return [teacher(endpoint(tables), {"do": "create", "game": "blef", "people": people,
                                       "bots": [], "options": {}, "wait": 600})["code"]
            for _ in range(count)]  # fmt: skip


# ---- nicknames: one script, one form -------------------------------------------------------------


def test_a_nickname_that_looks_like_another_is_refused_in_every_language(
    service: TableService,
) -> None:  # fmt: skip
    """Naive: "Аna" (a Cyrillic А) sat beside "Ana", and "ＡＮＡ" was a third name."""
    table = service.create_table("blef", people=4, seed=3)
    service.join(table.code, "Ana")
    mixed = refusal_of(lambda: service.join(table.code, "\u0410na"))
    assert mixed.refusal.code == "table_mixed_scripts"
    wide = refusal_of(lambda: service.join(table.code, "ＡＮＡ"))  # NFKC: "ANA", taken
    assert wide.refusal.code == "table_nickname_taken"
    for lang in ("en", "id", "pl"):
        said = Words(Translator(lang)).refusal(mixed.refusal)
        assert "\u0410na" in said and "refusal_" not in said, said
    for name in ("Łukasz", "Zoë", "Ана", "山田", "やまだ Taro", "Budi 2"):  # one script each
        service.join(service.create_table("blef", people=2, seed=4).code, name)


# ---- exports are data, never code ----------------------------------------------------------------

FORMULAS = ['=HYPERLINK("a.io")', "=cmd|' /C calc'!A0", "@SUM(1+1)", "+1+1", "-1+1"]


def test_a_csv_cell_never_starts_a_formula(service: TableService, clock: ManualClock) -> None:
    """Naive: nicknames such as =HYPERLINK("a.io") reached the CSV as live formulas."""
    from kayalib.server.dashboard import export_csv

    rng = random.Random(8)
    ended = []
    for i in range(0, len(FORMULAS), 2):
        table = service.create_table("blef", people=2, seed=40 + i, options={"cards": "2"})
        names = FORMULAS[i : i + 2] if i + 1 < len(FORMULAS) else [FORMULAS[i], "Ana"]
        seats = seat_people(service, table, names)
        for _ in play_out(table, seats, rng, clock):
            pass
        ended.append(table)
    rows = list(csv.reader(io.StringIO(export_csv(service))))
    cells = [cell for row in rows[1:] for cell in row]
    assert not [cell for cell in cells if cell.startswith(("=", "+", "-", "@", "\t", "\r"))]
    for name in FORMULAS:
        assert "'" + name in cells, name  # the nickname is there, as text


# ---- a class behind one address ------------------------------------------------------------------


@pytest.mark.voila
def test_a_class_behind_one_address_joins_while_one_browser_floods(tables: TablesThread) -> None:
    """Naive: the join form counted tries per address, so one student posting about three times
    a second locked every classmate behind the school's one address out (0 of 15 got in)."""
    codes = new_tables(tables, 3)
    flooder = Browser(endpoint(tables))
    answers: list[int] = []
    stop = threading.Event()

    def flood() -> None:
        while not stop.is_set():
            answers.append(flooder.join(codes[0], "Flooder" * 5)[0])

    worker = threading.Thread(target=flood)
    worker.start()
    try:
        while len(answers) < 80:  # more than a minute of three tries a second
            stop.wait(0.01)
        joined = [Browser(endpoint(tables)).join(codes[i // 4], f"Classmate{i}")[1]
                  for i in range(10)]  # fmt: skip
    finally:
        stop.set()
        worker.join()
    assert sum(1 for token in joined if token) >= 9, joined
    assert answers.count(429) >= len(answers) // 2, answers  # the flooder waits, alone


@pytest.mark.voila
def test_a_loop_that_drops_the_browser_cookie_counts_as_one_browser(tables: TablesThread) -> None:
    """Naive: a script that keeps the form's token but drops the browser's cookie would get a
    fresh allowance with every try."""
    code = new_tables(tables, 1)[0]
    script = Browser(endpoint(tables))
    script.open_join_page()
    statuses = []
    for _ in range(3 * BROWSER_TRIES[0]):
        for cookie in [c for c in script.jar if c.name == "kayalib_browser"]:
            script.jar.clear(cookie.domain, cookie.path, cookie.name)
        statuses.append(script.join(code, "x" * 30)[0])
    assert statuses.count(429) >= BROWSER_TRIES[0], statuses
    assert Browser(endpoint(tables)).join(code, "Ana")[1]  # a browser with its cookie sits down


@pytest.mark.voila
def test_a_browser_holds_at_most_its_seats(tables: TablesThread) -> None:
    """Naive: one script took all 32 seats of 8 tables in a tenth of a second."""
    codes = new_tables(tables, SEATS_PER_BROWSER + 2)
    greedy = Browser(endpoint(tables), "127.0.0.2")
    answers = [greedy.join(code, f"Greedy{i}") for i, code in enumerate(codes)]
    assert [bool(token) for _, token in answers] == [True] * SEATS_PER_BROWSER + [False] * 2
    assert [status for status, _ in answers[SEATS_PER_BROWSER:]] == [409, 409]
    free = sum(s["presence"] == "empty" for t in dashboard_state(endpoint(tables))["tables"]
               for s in t["seats"])  # fmt: skip
    assert free == 4 * len(codes) - SEATS_PER_BROWSER


# ---- the teacher against squatters -------------------------------------------------------------


@pytest.mark.voila
def test_the_teacher_sees_who_holds_each_seat_frees_one_and_locks_a_table(
    tables: TablesThread,
) -> None:  # fmt: skip
    """Naive: the dashboard had no command to free a seat or lock a table, and did not say
    which browser held a seat."""
    code = new_tables(tables, 1)[0]
    squatters = [Browser(endpoint(tables), "127.0.0.2") for _ in range(4)]  # no cookie kept
    tokens = [b.join(code, f"Squat{i}")[1] for i, b in enumerate(squatters)]
    assert all(tokens)
    seats = dashboard_state(endpoint(tables))["tables"][0]["seats"]
    holders = [s["holder"] for s in seats]
    assert all(h.startswith("browser ") for h in holders) and len(set(holders)) == 4
    assert Browser(endpoint(tables)).join(code, "Ana")[0] == 409  # full
    kernel = Kernel(tables)
    key = tables.call(lambda s: s.seat_of(tokens[0]))[1]
    assert teacher(endpoint(tables), {"do": "free", "table": code, "seat": key.index}) == {
        "ok": True}
    freed = dashboard_state(endpoint(tables))["tables"][0]["seats"][key.index]
    assert freed["presence"] == "empty" and freed["holder"] == ""
    assert kernel.seat(SeatKey(code, tokens[0]))[0] == 409  # the squatter's key holds nothing
    assert teacher(endpoint(tables), {"do": "lock", "table": code}) == {"ok": True}
    status, _ = Browser(endpoint(tables)).join(code, "Ana")
    assert status == 409
    state = dashboard_state(endpoint(tables))["tables"][0]
    assert state["locked"] and state["seats"][key.index]["presence"] == "empty"
    teacher(endpoint(tables), {"do": "unlock", "table": code})
    assert Browser(endpoint(tables)).join(code, "Ana")[1]


def test_a_locked_table_and_a_full_browser_say_so_in_every_language(
    service: TableService,
) -> None:  # fmt: skip
    table = service.create_table("blef", people=4, seed=5)
    service.set_locked(table.code, True)
    locked = refusal_of(lambda: service.join(table.code, "Ana")).refusal
    _token, member = service.new_member("Budi")
    service.set_locked(table.code, False)
    for i in range(SEATS_PER_BROWSER):
        service.join(service.create_table("blef", people=2, seed=6 + i).code, "Budi", member)
    held = refusal_of(lambda: service.join(table.code, "Budi", member)).refusal
    assert (locked.code, held.code) == ("table_locked", "table_seats_held")
    for lang in ("en", "id", "pl"):
        for why in (locked, held):
            said = Words(Translator(lang)).refusal(why)
            assert "refusal_" not in said and "{" not in said, said
    assert table.code in Words(Translator("pl")).refusal(locked)


# ---- a seat is never in an address ---------------------------------------------------------------


@pytest.mark.voila
def test_the_join_page_sends_a_student_to_an_address_without_a_token(tables: TablesThread) -> None:
    """Naive: the join page sent a student to ``play-blef.ipynb?table=K7Q4&seat=TOKEN``, and
    the token stayed in the browser's history on a shared computer."""
    code = new_tables(tables, 1)[0]
    student = Browser(endpoint(tables))
    student.open_join_page()
    body = urllib.parse.urlencode({"code": code, "nickname": "Ana",
                                   "_xsrf": student.cookie("_xsrf")})  # fmt: skip
    connection = http.client.HTTPConnection("127.0.0.1", tables.port, timeout=10)
    cookies = "; ".join(f"{c.name}={c.value}" for c in student.jar)
    connection.request("POST", "/kayalib/join", body, {
        "Content-Type": "application/x-www-form-urlencoded", "Cookie": cookies})
    answer = connection.getresponse()
    answer.read()
    assert answer.status == 302
    location = answer.getheader("Location")
    assert urllib.parse.parse_qs(urllib.parse.urlsplit(location).query) == {
        "table": [code], "lang": ["en"]}
    cookie = next(h for h in answer.headers.get_all("Set-Cookie") if "kayalib_table_" in h)
    token = cookie.split("=", 1)[1].split(";", 1)[0]
    assert len(token) >= 32 and token not in location
    assert "httponly" in cookie.lower() and "samesite=strict" in cookie.lower()
    assert tables.call(lambda s: s.seat_of(token))[0].code == code


@pytest.mark.voila
def test_another_device_gets_a_pass_that_works_once(tables: TablesThread) -> None:
    """Naive: the "play on another device" link was the seat's token itself, in an address."""
    code = new_tables(tables, 1)[0]
    phone = Browser(endpoint(tables))
    token = phone.join(code, "Ana")[1]
    page = phone.opener.open(f"{tables.url}kayalib/join?code={code}&device=another").read()
    text = page.decode()
    assert token not in text
    address = text.split('class="kaya-join-pass-link" href="', 1)[1].split('"', 1)[0]
    address = address.replace("&amp;", "&")
    laptop = Browser(endpoint(tables))
    try:
        laptop.opener.open(address)
    except urllib.error.HTTPError as answer:  # the redirect to the play page
        assert answer.code == 302 and "table=" + code in answer.headers["Location"]
        assert token not in answer.headers["Location"]
    assert laptop.cookie(f"kayalib_table_{code}") == token  # the laptop holds the seat too
    again = Browser(endpoint(tables))
    with pytest.raises(urllib.error.HTTPError) as used:
        again.opener.open(address)
    assert used.value.code == 410 and not again.cookie(f"kayalib_table_{code}")


# ---- the dashboard's key leaves the address bar --------------------------------------------------


@pytest.mark.voila
def test_the_dashboards_key_is_traded_for_a_cookie_and_a_clean_address(
    tables: TablesThread,
) -> None:  # fmt: skip
    """Naive: the key stayed in the dashboard's address bar (a projected dashboard showed it)
    and in every request the page made."""
    connection = http.client.HTTPConnection("127.0.0.1", tables.port, timeout=10)
    connection.request("GET", f"/kayalib/dashboard?key={tables.key}&lang=pl")
    answer = connection.getresponse()
    answer.read()
    assert answer.status == 302 and answer.getheader("Location") == "/kayalib/dashboard?lang=pl"
    cookie = answer.getheader("Set-Cookie")
    assert cookie.startswith(TEACHER_COOKIE + "=") and tables.key not in cookie
    assert "httponly" in cookie.lower() and "samesite=strict" in cookie.lower()
    proof = cookie.split(";", 1)[0]
    for path in ("/kayalib/dashboard?lang=pl", "/kayalib/dashboard/state",
                 "/kayalib/dashboard/export.csv"):  # fmt: skip
        connection.request("GET", path, headers={"Cookie": proof})
        page = connection.getresponse()
        assert page.status == 200, path
        assert tables.key not in page.read().decode()
    connection.request("POST", "/kayalib/dashboard/do", body="do=forget",
                       headers={"Cookie": proof,
                                "Content-Type": "application/x-www-form-urlencoded"})
    answer = connection.getresponse()
    answer.read()
    assert answer.status == 404  # a form (what a foreign page could send): refused
    connection.request("POST", "/kayalib/dashboard/do", body='{"do": "names", "names": "x"}',
                       headers={"Cookie": proof, "Content-Type": "application/json"})
    answer = connection.getresponse()
    assert answer.status == 400 and b"error" in answer.read()  # the teacher's, refused as such
    connection.request("GET", f"/kayalib/dashboard/state?key={tables.key}")
    answer = connection.getresponse()
    answer.read()
    assert answer.status == 404  # the key in any other address opens nothing
    connection.request("GET", "/kayalib/dashboard/state", headers={KEY_HEADER: tables.key})
    assert connection.getresponse().status == 200  # the page's header, for scripts


# ---- a page that went away is no traceback -------------------------------------------------------


@pytest.mark.voila
def test_a_push_to_a_socket_that_closed_is_no_traceback(tables: TablesThread, caplog) -> None:
    """Naive: a kernel's socket that died (its connection reset) was still attached until its
    close was handled, and a move pushed to it meanwhile logged a WebSocketClosedError
    traceback. Here the socket's stream closes and the table moves in the same turn of the
    server's loop, before the socket's own close is handled."""
    table = tables.call(lambda s: s.create_table("blef", people=2, seed=21))
    keys = [tables.call(lambda s, n=n: s.join(table.code, n)) for n in ("Ana", "Budi")]
    with Kernel(tables).socket(keys[0]) as page:
        page.recv(10)  # attached, and told where the game is

        def die_then_move(service: TableService) -> None:
            seat = service.seat_of(keys[0].token)[1]
            socket_handler = seat.attachments[0].push.__self__  # the page's UpdatesSocket
            socket_handler.ws_connection.stream.close()  # the connection is gone
            klass = service.tables[table.code]
            mover = klass.table.state.current_player
            legal = klass.table.view(mover).legal_actions()
            klass.act(mover, str(legal[0]))
            service.changed(klass)

        tables.call(die_then_move)
        time.sleep(0.3)
    noisy = [r for r in caplog.records if r.exc_info or "Traceback" in r.getMessage()]
    assert not noisy, [r.getMessage() for r in noisy]
    assert "WebSocketClosedError" not in caplog.text
