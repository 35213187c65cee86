"""The sandbox of bot files, piece by piece: reading a file runs none of it, each kind of sandbox
runs a bot and says what it protects, each limit stops a bot as a forfeit with its reason, and
a bot sees no network, no file but its own, and runs only while it thinks about its move."""

from __future__ import annotations

import json
import os
import socket
import textwrap
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kayalib.errors import ArgumentError, BotFileError
from kayalib.registry import GAMES, game
from kayalib.sandbox import Limits, confinement, read_bot_file
from kayalib.sandbox.client import move_message
from kayalib.sandbox.confine import KINDS
from kayalib.sandbox.runner import ViewReader
from kayalib.seeds import bot_rng
from kayalib.simulate import play_game
from kayalib.tournament import Entrant, TournamentResult, load_bot_file, round_robin

PLAY = """
    legal = view.legal_actions()
    return legal[-1] if view.last_bid is not None else legal[0]
"""


def bot_file(folder: Path, name: str, body: str, top: str = "", game: str = "blef") -> Path:
    """A bot file whose ``choose`` runs ``body`` (then plays like ``bots/careful.py``)."""
    source = (f"{textwrap.dedent(top)}\nGAME = {game!r}\n\n\nclass Bot:\n"
              f"    def choose(self, view, rng):\n{textwrap.indent(textwrap.dedent(body), ' ' * 8)}"
              f"{textwrap.indent(textwrap.dedent(PLAY), ' ' * 8)}")  # fmt: skip
    path = folder / f"{name}.py"
    path.write_text(source, "utf-8")
    return path


def play(path: Path, games: int = 1, **options: object) -> TournamentResult:
    return round_robin("blef", [path, "random"], games=games, seed=5, **options)  # type: ignore[arg-type]


def faults(result: TournamentResult, name: str) -> dict[str, int]:
    return {why: n for why, n in result.standings[name].forfeits.items() if n}


# ---- the referee reads a bot file, it never runs it ----------------------------------------------


def test_reading_a_bot_file_runs_none_of_it(tmp_path) -> None:
    mark = tmp_path / "ran"
    path = bot_file(tmp_path, "eager", "", top=f"open({str(mark)!r}, 'w').write('ran')")
    assert Entrant.parse("blef", path).bot.game == "blef"
    assert load_bot_file(path)[0] == "blef"
    assert read_bot_file(path).source == path.read_bytes()
    assert not mark.exists()


@pytest.mark.parametrize(
    ("source", "message"),
    [("GAME = 'blef'\nclass Bot(:\n", "does not load: SyntaxError"),
     ("import os\nGAME = os.environ['G']\nclass Bot: pass\n", "must say which game"),
     ("GAME = 'chess'\nclass Bot: pass\n", "must say which game"),
     ("GAME = 'blef'\ndef choose(view, rng): pass\n", "has no class Bot")],
)  # fmt: skip
def test_a_bot_file_that_cannot_play_is_a_named_error(tmp_path, source, message) -> None:
    path = tmp_path / "bad.py"
    path.write_text(source, "utf-8")
    with pytest.raises(BotFileError, match=message):
        read_bot_file(path)


def test_what_plays_is_the_file_as_it_was_handed_in(tmp_path) -> None:
    path = bot_file(tmp_path, "steady", "")
    entrant = Entrant.parse("blef", path)
    path.write_text("GAME = 'blef'\nclass Bot:\n    def choose(self, view, rng):\n"
                    "        raise SystemError('changed later')\n", "utf-8")  # fmt: skip
    result = round_robin("blef", [entrant, "random"], games=2, seed=1)
    assert faults(result, "steady") == {}


@pytest.mark.parametrize(
    ("options", "message"),
    [({"cpu_seconds": 0}, "CPU time"), ({"memory_bytes": 10}, "memory"),
     ({"processes": True}, "processes"), ({"startup_seconds": float("nan")}, "to start"),
     ({"move_seconds": "2"}, "for a move")],
)  # fmt: skip
def test_bad_limits_are_named_errors(options, message) -> None:
    with pytest.raises(ArgumentError, match=message):
        Limits(**options)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="limits must be"):
        round_robin("blef", ["odds", "random"], limits={"cpu_seconds": 1})  # type: ignore[arg-type]


# ---- each kind of sandbox -----------------------------------------------------------------------


@pytest.mark.parametrize("kind", KINDS)
def test_each_kind_that_works_here_plays_and_says_what_it_protects(tmp_path, kind) -> None:
    try:
        box = confinement(kind)
    except ArgumentError as error:
        pytest.skip(str(error))
    path = bot_file(tmp_path, "who", "print('uid', os.getuid(), 'pids', len(os.listdir('/proc')))",
                    top="import os")  # fmt: skip
    result = play(path, games=2, sandbox=kind)
    assert faults(result, "who") == {}, result.standings["who"].last_fault
    assert result.sandbox is not None and result.sandbox["kind"] == kind
    assert result.sandbox["protections"] == list(box.protections)
    said = result.standings["who"].output.split()
    uid = int(said[said.index("uid") + 1])
    assert (uid != 0) == box.own_user or os.geteuid() != 0
    assert ("pid" in box.protections) == (kind != "none")
    assert box.describe().startswith(kind if kind != "none" else "no OS sandbox")


def test_an_unknown_kind_is_a_named_error() -> None:
    with pytest.raises(ArgumentError, match="a sandbox is auto"):
        confinement("docker")


def test_continuous_integration_has_the_real_sandbox() -> None:
    if os.environ.get("CI") != "true":
        pytest.skip("only CI must have bubblewrap (.ci/run installs it)")
    assert confinement().kind == "bubblewrap", confinement().why


# ---- limits: each stops the bot as a forfeit with its reason -----------------------------------


def test_cpu_time_is_limited(tmp_path) -> None:
    path = bot_file(tmp_path, "spinner", "while True:\n    pass\n")
    result = play(path, limits=Limits(cpu_seconds=1), move_time=10)
    assert faults(result, "spinner") == {"limit": 1}
    assert "SIGXCPU" in result.standings["spinner"].last_fault


@pytest.mark.slow
def test_cpu_time_is_limited_even_for_a_bot_that_ignores_the_warning(tmp_path) -> None:
    path = bot_file(tmp_path, "stubborn", "while True:\n    pass\n",
                    top="import signal\nsignal.signal(signal.SIGXCPU, signal.SIG_IGN)")  # fmt: skip
    result = play(path, limits=Limits(cpu_seconds=1), move_time=10)
    assert faults(result, "stubborn") == {"limit": 1}
    assert "SIGKILL: " in result.standings["stubborn"].last_fault
    assert "CPU time" in result.standings["stubborn"].last_fault


def test_file_size_is_limited(tmp_path) -> None:
    path = bot_file(tmp_path, "writer", "open('big', 'wb').write(b'x' * (1 << 20))\n")
    result = play(path, limits=Limits(file_bytes=1 << 16))
    assert faults(result, "writer") == {"limit": 1}
    assert "File too large" in result.standings["writer"].last_fault


def test_an_answer_that_is_no_action_is_unreadable(tmp_path) -> None:
    path = bot_file(tmp_path, "garbage", "return 42\n")
    result = play(path, games=2)
    assert faults(result, "garbage") == {"unreadable": 2}
    assert "'42'" in result.standings["garbage"].last_fault


# ---- what a bot cannot reach ---------------------------------------------------------------------


def test_a_bot_has_no_network(tmp_path) -> None:
    if "network" not in confinement().protections:
        pytest.skip("no network namespace here")
    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen()
        server.settimeout(0.5)
        port = server.getsockname()[1]
        path = bot_file(tmp_path, "caller", f"""
            try:
                socket.create_connection(("127.0.0.1", {port}), timeout=1)
                print("connected")
            except OSError as error:
                print("no network:", error)
            """, top="import socket")  # fmt: skip
        result = play(path)
        with pytest.raises(TimeoutError):
            server.accept()
    assert "no network:" in result.standings["caller"].output


def test_a_bot_reads_no_file_but_its_own_and_writes_only_in_its_directory(tmp_path) -> None:
    if "filesystem" not in confinement().protections:
        pytest.skip("no filesystem of its own here")
    secret = tmp_path / "answers.txt"
    secret.write_text("the other entrant's code", "utf-8")
    lib = Path(__import__("kayalib").__file__).parent
    path = bot_file(tmp_path, "reader", f"""
        for what, act in (("read", lambda: open({str(secret)!r}).read()),
                          ("write-lib", lambda: open({str(lib / "x.py")!r}, "w")),
                          ("write-own", lambda: open("notes.txt", "w").write("mine"))):
            try:
                act()
                print(what, "ok")
            except OSError as error:
                print(what, "refused", type(error).__name__)
        """)  # fmt: skip
    said = play(path).standings["reader"].output
    assert "read refused" in said and "write-lib refused" in said and "write-own ok" in said
    assert not (lib / "x.py").exists()


@pytest.mark.slow
def test_a_bot_runs_only_while_it_thinks_about_its_own_move(tmp_path) -> None:
    """A thread the bot leaves running does not run on the other bot's time (it is paused)."""
    slow = bot_file(tmp_path, "slow", "time.sleep(0.15)\n", top="import time")
    ticker = bot_file(tmp_path, "ticker", """
        if not ticks:
            threading.Thread(target=tick, daemon=True).start()
        gaps.append(max((b - a for a, b in zip(ticks, ticks[1:])), default=0.0))
        print("gap", round(gaps[-1], 3))
        """, top="""
        import threading, time
        ticks, gaps = [], []
        def tick():
            while True:
                ticks.append(time.monotonic())
                time.sleep(0.01)
        """)  # fmt: skip
    result = round_robin("blef", [ticker, slow], games=1, seed=3)
    gaps = [float(word) for word in result.standings["ticker"].output.split()[1::2]]
    assert len(gaps) >= 2 and max(gaps) >= 0.12, gaps  # stopped while "slow" slept


# ---- the protocol: each move carries only the events not sent before ---------------------------


@settings(max_examples=30, deadline=None, derandomize=True)
@given(name=st.sampled_from(sorted(GAMES)), players=st.integers(2, 4), seed=st.integers(0, 10**9))
def test_views_read_back_from_the_moves_equal_the_views_sent(name, players, seed) -> None:
    spec = game(name)
    final = play_game(name, ["random"] * players, seed, spec.rules_for_players(players))
    state = spec.state.new(spec.rules_for_players(players), seed)
    readers = {seat: ViewReader(spec) for seat in range(players)}
    sent = dict.fromkeys(range(players), 0)
    checked = 0
    for seat, action in final.moves:
        view = state.view(seat)
        move = move_message(0, view, bot_rng(seed, seat, state.ply), sent[seat])
        assert readers[seat].read(json.loads(json.dumps(move))["move"]) == view
        sent[seat], checked = len(view.events), checked + 1
        state = state.apply(action, seat=seat)
    assert checked == len(final.moves) > 5


@pytest.mark.slow
def test_nothing_a_bot_starts_while_it_loads_runs_before_its_first_move(tmp_path) -> None:
    slow = [bot_file(tmp_path, name, "time.sleep(0.05)\n", top="import time")
            for name in ("slow_a", "slow_b")]  # fmt: skip
    early = bot_file(tmp_path, "early", "print('ticks', len(ticks))\n", top="""
        import threading, time
        ticks = []
        def tick():
            while True:
                ticks.append(time.monotonic())
                time.sleep(0.01)
        threading.Thread(target=tick, daemon=True).start()
        """)  # fmt: skip
    result = round_robin("blef", [*slow, early], games=1, seed=3)  # slow_a plays slow_b first
    said = result.standings["early"].output.split()
    assert result.standings["slow_a"].games == 2 and said[0] == "ticks"
    assert int(said[1]) < 20, said  # the first game took seconds: it was stopped all along


# ---- start-ups: each against its own time, none waiting on another -----------------------------


def test_a_ready_already_in_the_pipe_is_read_even_after_its_deadline(tmp_path) -> None:
    """Naive: the deadline checked before the pipe is read, so a bot that was ready in time but
    looked at late (after another entrant's start-up) forfeited."""
    import time

    from kayalib.sandbox import BotProcess

    bot = read_bot_file(bot_file(tmp_path, "prompt", ""))
    process = BotProcess(bot, Limits(startup_seconds=0.5), confinement())
    process.launch()
    try:
        time.sleep(2.0)  # its "ready" came long ago; the referee looks only now
        process.ready()
        assert process.is_ready
    finally:
        process.stop()


def test_a_file_that_hangs_at_start_up_costs_only_itself(tmp_path) -> None:
    """Naive: start-ups waited for one after another, so a file that hangs while it loads,
    listed first, made every entrant after it forfeit its games."""
    import time

    hang = bot_file(tmp_path, "aaa_hang", "", top="import time\ntime.sleep(600)")
    honest = [bot_file(tmp_path, name, "") for name in ("bbb_honest", "ccc_honest")]
    began = time.monotonic()
    result = round_robin("blef", [hang, *honest, "odds"], games=2, seed=3,
                         limits=Limits(startup_seconds=1.5))  # fmt: skip
    assert time.monotonic() - began < 20
    assert faults(result, "aaa_hang") == {"startup": 6}
    assert "did not start within 1.5 s" in result.standings["aaa_hang"].last_fault
    for name in ("bbb_honest", "ccc_honest"):
        assert faults(result, name) == {}, result.standings[name].last_fault
        assert result.standings[name].games == 6


# ---- no bot ever runs as root --------------------------------------------------------------------


@pytest.mark.parametrize("kind", KINDS)
def test_no_bot_runs_as_root_and_a_fork_bomb_is_stopped(tmp_path, kind) -> None:
    """Naive (``--sandbox unshare`` run as root): the bot ran as uid 0, read /etc/shadow and
    wrote into /usr and /root; root ignores the process limit, so a fork bomb went on. Here a
    root referee's bot runs as a user of its own in every kind that can do it, and a kind that
    cannot refuses to run at all (the reason said)."""
    try:
        box = confinement(kind)
    except ArgumentError as error:
        if os.geteuid() == 0:
            assert "never runs as root" in str(error) or "does not work here" in str(error)
        pytest.skip(str(error))
    who = bot_file(tmp_path, "who", "print('uid', os.getuid(), os.geteuid())", top="import os")
    bomb = bot_file(tmp_path, "bomb", """
        made = 0
        try:
            for _ in range(100):
                if os.fork() == 0:
                    time.sleep(3)
                    os._exit(0)
                made += 1
        except OSError:
            pass
        print('made', made)
        """, top="import os, time")  # fmt: skip
    result = round_robin("blef", [who, bomb], games=1, seed=2, sandbox=kind)
    said = result.standings["who"].output.split()
    assert said[0] == "uid" and said[1] != "0" and said[2] != "0", said
    if os.geteuid() == 0:
        assert box.own_user and "processes" in box.protections
    made = result.standings["bomb"].output.split()
    assert made[0] == "made" and int(made[1]) < Limits().processes, made
