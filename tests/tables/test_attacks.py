"""Attacks on the class tables' routes, served by Tornado on loopback as the class server mounts
them (:class:`~tests.tables.served.TablesThread`).

The attacker is a student's code that reached a kernel route (on a hub a student's own server
holds the hub token those routes take), or a browser on the classroom network. Each attack is
written against the routes as they answer over HTTP and the websocket; each one succeeds on a
naive service (the naive version each test stands for is named in its docstring).
"""

from __future__ import annotations

import http.client
import json
import secrets
import time
from contextlib import ExitStack
from typing import Any

import pytest

from kayalib.server.store import digest
from kayalib.server.table_web import KEY_HEADER, MAX_BODY
from kayalib.server.tables import SeatKey
from tests.tables.served import TablesThread

from .conftest import Kernel, refused

pytestmark = [pytest.mark.voila]


def blef_pair(tables: TablesThread, seed: int = 7) -> tuple[str, list[SeatKey]]:
    """A Blef table of two students, both seated: its code and their keys."""
    table = tables.call(lambda s: s.create_table("blef", people=2, seed=seed))
    keys = [tables.call(lambda s, n=n: s.join(table.code, n)) for n in ("Ana", "Budi")]
    return table.code, keys


def position(tables: TablesThread, code: str) -> tuple[int, Any]:
    return tables.call(lambda s: (s.tables[code].version, s.tables[code].table.state))


def mover(tables: TablesThread, code: str, keys: list[SeatKey]) -> tuple[SeatKey, SeatKey]:
    """(the key of the seat to move, the other's)."""
    seat = tables.call(lambda s: s.tables[code].table.state.current_player)
    return keys[seat], keys[1 - seat]


def legal(kernel: Kernel, key: SeatKey) -> list[str]:
    from kayalib.registry import game

    update = kernel.seat(key)[1]
    return [str(a) for a in game(update["game"]).view.from_json(update["view"]).legal_actions()]


def test_a_guessed_token_holds_no_seat(tables: TablesThread) -> None:
    """Naive: a seat found by anything but its full secret token (its number, the nickname,
    the digest the store keeps, a prefix)."""
    code, (ana, _budi) = blef_pair(tables)
    kernel = Kernel(tables)
    stored = tables.call(lambda s: s.tables[code].seats[0].token)
    assert stored == digest(ana.token)
    guesses = ["0", "1", "Ana", code, stored, stored[:43], ana.token[:-1], ana.token[:16],
               ana.token[:-1] + ("A" if ana.token[-1] != "A" else "B"), ana.token.upper(),
               secrets.token_urlsafe(24), "", "*", "%", "Ana" + ana.token]  # fmt: skip
    before = position(tables, code)
    for guess in guesses:
        key = SeatKey(code, guess)
        assert refused(kernel.seat(key)) == "table_unknown_seat", guess
        assert refused(kernel.act(key, 0, "high-card 9")) == "table_unknown_seat", guess
        with pytest.raises(Exception, match="404"):
            kernel.socket(key)
    assert position(tables, code) == before
    assert kernel.seat(ana)[1]["seat"] == 0  # the real token does hold the seat


def test_a_token_works_at_its_own_table_only(tables: TablesThread) -> None:
    """Naive: the table found by the code sent, the seat by the token's seat number."""
    code, keys = blef_pair(tables, seed=7)
    other, other_keys = blef_pair(tables, seed=8)
    kernel = Kernel(tables)
    theirs, _ = mover(tables, other, other_keys)
    seat = tables.call(lambda s: s.seat_of(theirs.token)[1].index)
    mine = keys[seat]  # my seat has the number of the seat to move at the other table
    before, mine_before = position(tables, other), position(tables, code)
    for action in legal(kernel, theirs):
        answer = kernel.act(SeatKey(other, mine.token), before[0], action)
        assert refused(answer) == "table_unknown_seat"
    status, update = kernel.seat(SeatKey(other, mine.token))
    assert status != 200 or update["table"] == code  # never the other table's view
    assert position(tables, other) == before and position(tables, code) == mine_before


def test_replayed_and_forged_actions_are_refused(tables: TablesThread) -> None:
    """Naive: no move count checked (a replay lands in a later round), the seat to act taken
    from the game instead of the token, the text trusted without the legal actions."""
    code, keys = blef_pair(tables, seed=8)
    kernel = Kernel(tables)
    first, second = mover(tables, code, keys)
    bid = legal(kernel, first)[0]
    assert kernel.act(first, 0, bid)[0] == 200
    assert kernel.act(second, 1, "check")[0] == 200  # a new round: `first` bids first again
    assert mover(tables, code, keys)[0] == first and bid in legal(kernel, first)
    before = position(tables, code)
    assert refused(kernel.act(first, 0, bid)) == "table_stale"  # the same message again
    version = before[0]
    for forged in (version - 1, str(version), float(version), None, True, [version]):
        assert refused(kernel.act(first, forged, bid)) == "table_stale", forged
    # the seat not to move sends a move the seat to move could make
    assert refused(kernel.act(second, version, bid)) == "not_your_turn"
    forged_texts = ["check", "high-card 8", "pair 9 9", "high-card 9\n", "x" * 60, "flush A",
                    17, None, {"bid": "high-card 9"}, ["high-card 9"], "\u0000"]  # fmt: skip
    codes = {repr(text): refused(kernel.act(first, version, text)) for text in forged_texts}
    assert "table_too_fast" not in codes.values() and "table_stale" not in codes.values(), codes
    # a seat named in the body is not the seat acting: the token is
    assert refused(kernel.act(second, version, bid, seat_index=0, player=first.token)) == (
        "not_your_turn")
    assert position(tables, code) == before


def test_a_well_formed_bid_that_is_not_legal_is_refused(tables: TablesThread) -> None:
    """Naive: a bid taken because it parses (the engine's legal actions decide)."""
    code, keys = blef_pair(tables, seed=13)
    kernel = Kernel(tables)
    first, second = mover(tables, code, keys)
    lowest, higher = legal(kernel, first)[0], legal(kernel, first)[5]
    assert kernel.act(first, 0, higher)[0] == 200
    assert lowest not in legal(kernel, second)
    assert refused(kernel.act(second, 1, lowest)) not in ("table_stale", "table_too_fast")
    assert refused(kernel.act(first, 1, "check")) not in ("table_stale", "table_too_fast")
    assert position(tables, code)[0] == 1


def test_a_flood_of_actions_is_cut_off_and_the_table_plays_on(tables: TablesThread) -> None:
    """Naive: every message of a seat read and handed to the engine."""
    code, keys = blef_pair(tables, seed=9)
    kernel = Kernel(tables)
    first, second = mover(tables, code, keys)
    codes = [refused(kernel.act(second, 0, "check")) for _ in range(60)]
    assert codes.count("table_too_fast") >= 30  # most of the flood never reaches the game
    assert kernel.act(first, 0, legal(kernel, first)[0])[0] == 200  # the others play on


def test_the_join_form_is_rate_limited(tables: TablesThread) -> None:
    """Naive: codes may be tried as fast as a script sends them (4 letters: guessable)."""
    statuses = []
    for _ in range(80):
        connection = http.client.HTTPConnection("127.0.0.1", tables.port, timeout=10)
        connection.request("POST", "/kayalib/join", body=b"code=AAAA&nickname=x",
                           headers={"Content-Type": "application/x-www-form-urlencoded"})
        statuses.append(connection.getresponse().status)
        connection.close()
    assert 403 in statuses  # no form token: refused before any code is looked up
    assert all(s in (403, 429) for s in statuses)


def test_an_oversized_message_is_refused_before_it_is_read(tables: TablesThread) -> None:
    """Naive: the body read whole (a memory bomb), the socket's messages unbounded."""
    code, keys = blef_pair(tables, seed=10)
    kernel = Kernel(tables)
    first, _ = mover(tables, code, keys)
    big = {"table": code, "seat": first.token, "version": 0, "action": "high-card 9",
           "pad": "x" * (MAX_BODY + 1)}  # fmt: skip
    assert kernel.request("kayalib/act", big)[0] == 413
    assert kernel.request("kayalib/class/entry", big)[0] == 413
    # a declared length far past the limit: refused without waiting for the body
    connection = http.client.HTTPConnection("127.0.0.1", tables.port, timeout=10)
    connection.putrequest("POST", "/kayalib/act")
    for name, value in kernel.headers().items():
        connection.putheader(name, value)
    connection.putheader("Content-Length", str(512 * 1024 * 1024))
    connection.endheaders()
    connection.send(b"{" * 100)
    assert connection.getresponse().status == 413
    connection.close()
    deep = ("[" * 5000 + "]" * 5000).encode()
    assert kernel.request("kayalib/act", deep[:MAX_BODY])[0] == 400
    with kernel.socket(first) as socket:
        socket.recv(10)  # the seat's update as it connects
        socket.send("x" * 5000)
        with pytest.raises(Exception):  # noqa: B017 - the socket is closed, any way it says so
            for _ in range(5):
                socket.recv(5)
    assert position(tables, code)[0] == 0


TEACHER_ROUTES = ["kayalib/dashboard", "kayalib/dashboard/state", "kayalib/dashboard/export.jsonl",
                  "kayalib/dashboard/export.csv",
                  "kayalib/dashboard/answers.jsonl", "kayalib/dashboard/answers.csv"]  # fmt: skip


def test_the_teachers_routes_answer_only_the_teachers_key(tables: TablesThread) -> None:
    """Naive: the dashboard open to anyone who finds its address, or to the kernels' secret;
    or the key, once given, good in any address (where logs and history keep it)."""
    code, keys = blef_pair(tables, seed=11)
    kernel = Kernel(tables)
    key = tables.key
    wrong = [None, "", key[:-1], key + "x", key.upper(), tables.secret, keys[0].token, code]
    for given in wrong:
        for route in TEACHER_ROUTES:
            query = "" if given is None else f"?key={given}"
            assert kernel.request(route + query)[0] == 404, (route, given)
            headers = kernel.headers(keys[0]) | ({} if given is None else {KEY_HEADER: given})
            assert kernel.request(route, headers=headers)[0] == 404, (route, given)
        answer = kernel.request(f"kayalib/dashboard/do?key={given}", {"do": "end", "table": code})
        assert answer[0] == 404
    for route in TEACHER_ROUTES[1:]:  # the key in an address opens only the dashboard's page
        assert kernel.request(f"{route}?key={key}")[0] == 404, route
        assert kernel.request(route, headers={KEY_HEADER: key})[0] == 200, route
    assert kernel.request(f"kayalib/dashboard/do?key={key}", {"do": "end", "table": code},
                          headers={"Content-Type": "application/json"})[0] == 404  # fmt: skip
    assert tables.call(lambda s: s.tables[code].status) == "playing"
    assert kernel.request("kayalib/dashboard/do", {"do": "end", "table": code},
                          headers={KEY_HEADER: key})[0] == 200  # fmt: skip
    assert tables.call(lambda s: s.tables[code].status) == "ended"


def test_the_kernel_routes_answer_only_the_servers_kernels(tables: TablesThread) -> None:
    """Naive: a browser on the classroom network calls the seats' routes itself."""
    code, keys = blef_pair(tables, seed=12)
    browser = Kernel(tables, secret="")
    forger = Kernel(tables, secret=tables.secret[:-1] + "x")
    for caller in (browser, forger):
        assert caller.seat(keys[0])[0] == 404
        assert caller.act(keys[0], 0, "high-card 9")[0] == 404
        assert caller.request("kayalib/class/data?kind=play")[0] == 404
        with pytest.raises(Exception, match="404"):
            caller.socket(keys[0])


def hidden_cards(tables: TablesThread, code: str, seat: int) -> list[str]:
    """The cards of every seat but ``seat`` now."""
    hands = tables.call(lambda s: s.tables[code].table.state.hands)
    return [str(card) for i, hand in enumerate(hands) if i != seat for card in hand]


def test_no_route_gives_a_seat_anything_of_another_seat_during_play(tables: TablesThread) -> None:
    """Naive: the full log, the other views or the seed in any answer while a round is on."""
    seed = 2**62 + 2026  # a seed no other number in the answers could contain by chance
    table = tables.call(lambda s: s.create_table("blef", people=3, seed=seed,
                                                 options={"cards": "3"}))  # fmt: skip
    code = table.code
    keys = [tables.call(lambda s, n=n: s.join(code, n)) for n in ("Ana", "Budi", "Citra")]
    kernel = Kernel(tables)
    answers: list[list[str]] = [[], [], []]
    with ExitStack() as stack:
        sockets = [stack.enter_context(kernel.socket(key)) for key in keys]
        for _ in range(4):  # bids of the first round, no check: every hand still hidden
            turn = tables.call(lambda s: s.tables[code].table.state.current_player)
            key = keys[turn]
            bids = [a for a in legal(kernel, key) if a != "check"]
            answers[turn].append(json.dumps(kernel.act(key, kernel.seat(key)[1]["version"],
                                                       bids[len(bids) // 3])[1]))  # fmt: skip
            for seat, key in enumerate(keys):
                answers[seat].append(json.dumps(kernel.seat(key)[1]))
                for route in ("kayalib/class/data?kind=play", "kayalib/class/data?kind=show",
                              "kayalib/join", f"kayalib/join?code={code}"):  # fmt: skip
                    answers[seat].append(json.dumps(kernel.request(route, headers=kernel.headers(
                        key))[1]))  # fmt: skip
        time.sleep(0.2)
        for seat, socket in enumerate(sockets):
            while True:
                try:
                    answers[seat].append(socket.recv(0.2))
                except TimeoutError:
                    break
    assert tables.call(lambda s: s.tables[code].table.state.round) == 1
    for seat in range(3):
        text = "\n".join(answers[seat])
        assert len(answers[seat]) > 20
        for card in hidden_cards(tables, code, seat):
            assert f'"{card}"' not in text, (seat, card)
        assert str(seed) not in text and tables.key not in text
    state = kernel.request(f"kayalib/dashboard/state?key={tables.key}")[1]
    text = json.dumps(state)  # the teacher sees no hidden card in play either
    for card in hidden_cards(tables, code, -1):
        assert f'"{card}"' not in text, card


def test_after_a_restart_the_same_tokens_play_on_from_the_same_position(tmp_path) -> None:
    """Naive: the tables kept in memory only (a restart loses the class's games)."""
    path = str(tmp_path / "class.sqlite")
    with TablesThread(path) as tables:
        code, keys = blef_pair(tables, seed=14)
        kernel = Kernel(tables)
        for _ in range(3):
            key = mover(tables, code, keys)[0]
            assert kernel.act(key, kernel.seat(key)[1]["version"], legal(kernel, key)[-2])[0] == 200
        before = [kernel.seat(key)[1] for key in keys]
    with TablesThread(path) as again:  # a new process would read the same file
        kernel = Kernel(again)
        assert [kernel.seat(key)[1] for key in keys] == before
        key = mover(again, code, keys)[0]
        assert kernel.act(key, before[0]["version"], "check")[0] == 200
