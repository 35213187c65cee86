"""A class plays each other in real browsers: the class server (``python -m kayalib
class`` with its store), the teacher's dashboard, and students at phone size who join one table
by its code and play a whole game; one drops out and comes back to their seat (a stand-in bot
plays for them meanwhile), and the server is restarted mid-round and the game goes on from the
same position. The same for an Aku Paling Kaya table of three students and a bot.

All traffic is loopback. Screenshots go to ``test-artifacts/``.
"""

from __future__ import annotations

import json
import re
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.server.conftest import ARTIFACTS, KitServer

pytestmark = [pytest.mark.browser, pytest.mark.voila, pytest.mark.slow]

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
LOAD = 120_000  # ms: a page on a busy 2-core machine
STEP = 30_000
#: what a page offers when it is its player's move, by game
ACTIONS = {"blef": "button.kaya-bid:not([disabled]), button.kaya-check:not([disabled])",
           "kaya": "button.kaya-challenge:visible, button.kaya-decline:visible,"
                   " button.kaya-play-card:visible:not([disabled])"}  # fmt: skip


#: each game's play app
APPS = {"blef": "play-blef.ipynb", "kaya": "play-aku-paling-kaya.ipynb"}


def start_class(store: Path, port: int | None = None, game: str = "blef",
                pool: int = 4) -> tuple[KitServer, str]:  # fmt: skip
    """The class server for four students on the store ``store``; and the teacher's key it
    printed. It keeps ``pool`` kernels ready for the play app of ``game``, the one its tables
    play, and none for the other notebooks (a class's server would warm the other game's app
    too: kernels nobody here opens)."""
    pools = {"default": {"pool_size": 0}, APPS[game]: {"pool_size": pool}}
    server = KitServer("tables", "class", "--students=4", "--lesson-pool=0", f"--store={store}",
                       f"--VoilaKernelManager.kernel_pools_config={pools!r}",
                       port=port)  # fmt: skip
    server.wait(pools=(APPS[game],))
    found = re.search(r"Teacher's key: (\S+)", server.log_text())
    assert found, "the class server printed no teacher's key"
    return server, found.group(1)


def dashboard_state(server: KitServer, key: str) -> dict[str, Any]:
    request = urllib.request.Request(f"{server.url}/kayalib/dashboard/state",
                                     headers={"X-Kayalib-Key": key})  # fmt: skip
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read())


class Phone:
    """One student's phone: a browser context with its own cookies."""

    def __init__(self, browser: Any, name: str, which: str = "blef") -> None:
        self.name, self.game = name, which
        self.context = browser.new_context(**PHONE)
        self.problems: list[str] = []
        self.page = self.open()

    def open(self) -> Any:
        page = self.context.new_page()
        page.on("pageerror", lambda error: self.problems.append(f"{self.name}: {error}"))
        return page

    def join(self, server: KitServer, code: str) -> None:
        page = self.page
        page.goto(f"{server.url}/kayalib/join", timeout=LOAD)
        page.fill(".kaya-join-code", code.lower())  # as typed on a phone
        page.fill(".kaya-join-nickname", self.name)
        page.click(".kaya-join-button")
        self.wait_ready()

    def wait_ready(self) -> None:
        self.page.wait_for_selector(".kaya-status", timeout=LOAD)
        self.page.wait_for_function(
            "() => (document.querySelector('.kaya-status') || {}).innerText", timeout=LOAD)

    def status(self) -> str:
        return self.page.inner_text(".kaya-status")

    def may_act(self) -> bool:
        return self.page.locator(ACTIONS[self.game]).count() > 0

    def act(self) -> None:
        """Blef: check if there is a bid to check, else the lowest bid. Aku Paling Kaya:
        challenge, else the first card that may be played, else decline."""
        page = self.page
        if self.game == "kaya":
            for choice in ("button.kaya-challenge:visible",
                           "button.kaya-play-card:visible:not([disabled]) >> nth=0",
                           "button.kaya-decline:visible"):  # fmt: skip
                if page.locator(choice).count():
                    page.click(choice, timeout=5_000)
                    return
            raise PlaywrightTimeout("nothing to click")
        if page.locator("button.kaya-check:not([disabled])").count():
            page.click("button.kaya-check", timeout=5_000)
        else:
            page.click("button.kaya-bid", timeout=5_000)

    def leave(self) -> None:
        self.page.close()

    def come_back(self, server: KitServer, code: str) -> None:
        """The code typed again in the same browser: its cookie brings it back to its seat."""
        self.page = self.open()
        self.page.goto(f"{server.url}/kayalib/join?code={code}", timeout=LOAD)
        self.wait_ready()


def play(server: KitServer, key: str, students: list[Phone], until: Any, limit: int = 80) -> None:
    """The student to move (as the server says) makes their move, until ``until(table)`` holds
    for the dashboard's table, in at most ``limit`` clicks; a seat played by a stand-in, or a
    page not yet back, is waited for (a minute at most while nothing changes)."""
    seen: list[str] = []  # what the looks found (moves:seat:presence), for a failure's message
    clicks, since = 0, time.monotonic()
    while clicks < limit:
        table = dashboard_state(server, key)["tables"][0]
        if until(table):
            return
        seat = table["to_move"]
        assert seat is not None, "the game is over"
        phone = next((s for s in students if s.name == table["seats"][seat]["label"]), None)
        look = f"{table['moves']}:{seat}:{table['seats'][seat]['presence']}"
        if not seen or seen[-1] != look:
            seen.append(look)
            since = time.monotonic()  # a move was made (by a stand-in too) or a page came back
        assert time.monotonic() - since < 2 * STEP / 1000, f"no move for a minute: {seen}"
        if phone is None or phone.page.is_closed() or table["seats"][seat]["presence"] != "here":
            time.sleep(0.2)
            continue
        phone.page.wait_for_selector(ACTIONS[phone.game], timeout=STEP)
        phone.page.wait_for_timeout(150)  # the page has applied the whole update
        clicks += 1
        try:
            phone.act()
        except PlaywrightTimeout:  # the page was redrawn under the click: look again
            seen.append("redrawn")
            continue
        deadline = time.monotonic() + STEP / 1000
        while dashboard_state(server, key)["tables"][0]["moves"] == table["moves"]:
            assert time.monotonic() < deadline, f"{phone.name}'s move did not arrive"
            time.sleep(0.05)
    raise AssertionError(f"the game did not get there in {limit} clicks: {seen}")


def turn_of_a_student(server: KitServer, key: str, students: list[Phone]) -> Phone:
    """The student to move, once the server says a student is to move (not a bot) and their
    page shows their actions."""
    deadline = time.monotonic() + STEP / 1000
    while True:
        table = dashboard_state(server, key)["tables"][0]
        seat = table["to_move"]
        label = None if seat is None else table["seats"][seat]["label"]
        student = next((s for s in students if s.name == label), None)
        if student is not None and student.may_act():
            return student
        assert time.monotonic() < deadline, f"no student's turn came: {label} is to move"
        time.sleep(0.2)


def drop_out_and_come_back(server: KitServer, key: str, students: list[Phone],
                           code: str) -> Phone:  # fmt: skip
    """The student to move (as the server says, once their page shows it) closes their page;
    once a stand-in bot has moved for them, they type the code again in the same browser. That
    student.

    Not the first page that shows actions: a page that has not yet drawn the last move still
    shows its old buttons, and closing it left the game waiting on somebody who was there."""
    waiting = turn_of_a_student(server, key, students)
    waiting.leave()
    deadline = time.monotonic() + 30
    while dashboard_state(server, key)["tables"][0]["stand_in_moves"] == 0:
        assert time.monotonic() < deadline, "no stand-in moved for the absent student"
        time.sleep(0.3)
    waiting.come_back(server, code)
    return waiting


def settled(students: list[Phone]) -> dict[str, str]:
    """Each page's bids once every page shows as many as the others, and no more arrive."""
    last: list[int] = []
    for _ in range(100):
        counts = [s.page.locator(".kaya-bids tr").count() for s in students]
        if len(set(counts)) == 1 and counts == last:
            return {s.name: s.page.inner_text(".kaya-bids") for s in students}
        last = counts
        time.sleep(0.2)
    raise AssertionError(f"the pages show different bids: {last}")


def test_four_phones_play_a_whole_blef_game_through_a_drop_out_and_a_restart(
    chromium: Any, tmp_path: Path,
) -> None:  # fmt: skip
    store = tmp_path / "class.sqlite"
    server, key = start_class(store)
    students: list[Phone] = []
    try:
        teacher = chromium.new_page(viewport={"width": 1100, "height": 900})
        teacher.goto(f"{server.url}/kayalib/dashboard?key={key}", timeout=LOAD)
        teacher.wait_for_selector(".kaya-dash-create")
        assert not teacher.locator(".kaya-dash-coins").is_visible()  # a Blef table's form
        teacher.fill(".kaya-dash-people", "4")
        teacher.fill(".kaya-dash-cards", "2")  # a short game: out past 2 cards
        teacher.fill(".kaya-dash-wait", "3")
        teacher.click(".kaya-dash-create")
        teacher.wait_for_selector(".kaya-dash-code")
        code = teacher.inner_text(".kaya-dash-code").strip()
        students = [Phone(chromium, name) for name in ("Ana", "Budi", "Citra", "Dewi")]
        for student in students:
            student.join(server, code)
        for student in students:
            assert f"{student.name} (you)" in student.page.inner_text(".kaya-players-panel")
            assert student.page.locator(".kaya-hand svg.kaya-card-blef").count() == 1
        assert sum(s.may_act() for s in students) == 1

        # the first round to its check
        play(server, key, students, lambda t: t["rounds"] >= 1)

        # one student drops out while it is their turn: a stand-in bot moves for them
        state = dashboard_state(server, key)["tables"][0]
        waiting = drop_out_and_come_back(server, key, students, code)
        assert f"{waiting.name} (you)" in waiting.page.inner_text(".kaya-players-panel")
        moves_before = dashboard_state(server, key)["tables"][0]["stand_in_moves"]
        teacher.fill(".kaya-dash-table .kaya-dash-buttons input", "60")  # the pages take a
        teacher.click(".kaya-dash-set-wait")  # while to come back after the restart below
        deadline = time.monotonic() + 10
        while dashboard_state(server, key)["tables"][0]["bot_wait"] != 60:
            assert time.monotonic() < deadline, "the dashboard did not set the wait"
            time.sleep(0.2)

        # mid-round: a bid stands, then the server stops and starts again on the same store
        play(server, key, students, lambda t: t["moves"] > state["moves"] + 2 and not t["over"])
        bids_before = settled(students)
        while students[0].page.locator(".kaya-bids tr").count() == 0:  # a round just began
            moves = dashboard_state(server, key)["tables"][0]["moves"]
            play(server, key, students, lambda t, m=moves: t["moves"] > m)
            bids_before = settled(students)
        before = dashboard_state(server, key)["tables"][0]
        hands_before = {s.name: s.page.inner_html(".kaya-hand") for s in students}
        server.stop()
        server, key = start_class(store, port=server.port)
        after = dashboard_state(server, key)["tables"][0]
        assert (after["moves"], after["rounds"], after["code"]) == (
            before["moves"], before["rounds"], code)
        for student in students:  # a reload: the browser's cookie holds its seat, not the address
            assert "seat=" not in student.page.url and "table=" in student.page.url
            student.page.reload(timeout=LOAD)
            student.wait_ready()
        assert settled(students) == bids_before
        for student in students:
            assert student.page.inner_html(".kaya-hand") == hands_before[student.name]
        assert after["stand_in_moves"] == moves_before

        # to the end of the game
        play(server, key, students, lambda t: t["over"])
        end = dashboard_state(server, key)
        table = end["tables"][0]
        assert table["status"] == "ended" and sum(s["ahead"] for s in table["seats"]) == 1
        winner = next(s["label"] for s in table["seats"] if s["ahead"])
        for student in students:
            student.page.wait_for_function(
                "name => document.querySelector('.kaya-status').innerText.includes(name)",
                arg=winner, timeout=STEP)  # fmt: skip
        teacher.goto(f"{server.url}/kayalib/dashboard?key={key}", timeout=LOAD)
        teacher.wait_for_selector(".kaya-dash-play-class")
        figures = teacher.inner_text(".kaya-dash-play-class")
        checked = end["figures"]["play_total"]["checked"]
        assert checked >= table["rounds"] and str(checked) in figures
        teacher.screenshot(path=str(ARTIFACTS / "class-dashboard.png"), full_page=True)
        for i, student in enumerate(students):
            student.page.screenshot(path=str(ARTIFACTS / f"class-phone-{i}.png"), full_page=True)
        assert not [p for s in students for p in s.problems]
    finally:
        for student in students:
            student.context.close()
        server.stop()


def test_three_phones_and_a_bot_play_a_whole_kaya_game_through_a_drop_out_and_a_restart(
    chromium: Any, tmp_path: Path,
) -> None:  # fmt: skip
    store = tmp_path / "class.sqlite"
    server, key = start_class(store, game="kaya")
    students: list[Phone] = []

    def command(**body: Any) -> dict[str, Any]:
        request = urllib.request.Request(
            f"{server.url}/kayalib/dashboard/do", method="POST", headers={"X-Kayalib-Key": key},
            data=json.dumps(body).encode())  # fmt: skip
        with urllib.request.urlopen(request, timeout=30) as answer:
            return json.loads(answer.read())

    try:
        code = command(do="create", game="kaya", people=3, bots=["counter"], wait=3)["code"]
        students = [Phone(chromium, name, "kaya") for name in ("Eka", "Fajar", "Gita")]
        for student in students:
            student.join(server, code)
        for student in students:
            assert f"{student.name} (you)" in student.page.inner_text(".kaya-status, body")
        def a_student_to_move(t: dict[str, Any]) -> bool:  # no bot's move due at the stop
            return t["to_move"] is not None and t["seats"][t["to_move"]]["presence"] == "here"

        # one student drops out while it is their turn: a stand-in bot moves for them
        play(server, key, students, a_student_to_move)
        waiting = drop_out_and_come_back(server, key, students, code)
        assert f"{waiting.name} (you)" in waiting.page.inner_text(".kaya-status, body")
        seat = next(s["seat"] for s in dashboard_state(server, key)["tables"][0]["seats"]
                    if s["label"] == waiting.name)  # fmt: skip
        panel = waiting.page.inner_text(".kaya-class-table")
        assert "Moves a bot made for someone who was away" in panel
        command(do="wait", table=code, seconds=120)  # a while to come back after the restart

        play(server, key, students, lambda t: t["moves"] >= 6 and a_student_to_move(t))
        before = dashboard_state(server, key)["tables"][0]
        assert before["seats"][seat]["presence"] == "here"
        assert not before["over"]
        server.stop()
        server, key = start_class(store, port=server.port, game="kaya")
        after = dashboard_state(server, key)["tables"][0]
        assert (after["moves"], after["code"]) == (before["moves"], code)
        for student in students:
            student.page.reload(timeout=LOAD)
            student.wait_ready()
        play(server, key, students, lambda t: t["over"], limit=200)
        table = dashboard_state(server, key)["tables"][0]
        assert table["status"] == "ended" and any(s["ahead"] for s in table["seats"])
        for student in students:
            student.page.wait_for_selector("table.kaya-score", timeout=LOAD)  # the final score
        for i, student in enumerate(students):
            student.page.screenshot(path=str(ARTIFACTS / f"class-kaya-{i}.png"), full_page=True)
        assert not [p for s in students for p in s.problems]
    finally:
        for student in students:
            student.context.close()
        server.stop()


def test_two_phones_click_a_likely_bid_at_a_class_table(chromium: Any, tmp_path: Path) -> None:
    """With the hint on, a student at a class table clicks one of the likely bids: it goes into
    the bid picker and the Bid button bids it (this click once showed "Something went wrong:
    AttributeError" at a class table). Two phones and a random bot."""
    server, key = start_class(tmp_path / "class.sqlite", pool=2)
    students: list[Phone] = []

    def command(**body: Any) -> dict[str, Any]:
        request = urllib.request.Request(
            f"{server.url}/kayalib/dashboard/do", method="POST", headers={"X-Kayalib-Key": key},
            data=json.dumps(body).encode())  # fmt: skip
        with urllib.request.urlopen(request, timeout=30) as answer:
            return json.loads(answer.read())

    try:
        code = command(do="create", game="blef", people=2, bots=["random"], wait=120)["code"]
        students = [Phone(chromium, name) for name in ("Ana", "Budi")]
        for student in students:
            student.join(server, code)
            student.page.click(".kaya-hint-toggle")
            student.page.wait_for_selector(".kaya-hint-controls", state="visible",
                                           timeout=STEP)  # fmt: skip
        quick = "button.kaya-quick-bid:visible"
        clicked = None
        for _ in range(40):
            student = turn_of_a_student(server, key, students)
            page = student.page
            page.wait_for_timeout(300)  # the whole update drawn, the hint's likely bids too
            if page.locator(quick).count():
                clicked = page.locator(quick).first.inner_text().split("\u00b7")[0].strip()
                page.locator(quick).first.click()
                break
            moves = dashboard_state(server, key)["tables"][0]["moves"]
            student.act()
            play(server, key, students, lambda t, m=moves: t["moves"] > m)
        assert clicked, "no likely bid was offered in 40 turns"
        page.wait_for_function(
            "bid => (document.querySelector('button.kaya-bid') || {}).innerText.includes(bid)",
            arg=clicked, timeout=STEP)  # fmt: skip
        assert "went wrong" not in page.inner_text(".kaya-error, body").lower()
        moves = dashboard_state(server, key)["tables"][0]["moves"]
        page.click("button.kaya-bid")
        deadline = time.monotonic() + STEP / 1000
        while dashboard_state(server, key)["tables"][0]["moves"] == moves:
            assert time.monotonic() < deadline, "the likely bid was not bid"
            time.sleep(0.1)
        page.wait_for_function(
            "bid => document.querySelector('.kaya-log').innerText.includes(bid)",
            arg=clicked, timeout=STEP)  # fmt: skip
        assert "went wrong" not in page.inner_text("body").lower()
        page.screenshot(path=str(ARTIFACTS / "class-likely-bid.png"), full_page=True)
        assert not [p for s in students for p in s.problems]
    finally:
        for student in students:
            student.context.close()
        server.stop()
