"""Fair play: a bot learns nothing a player could not, and a bad call is a named error.

- The generator a bot draws from holds no seed, whatever the game, seat and step.
- What a sandboxed bot is sent for a move (its JSON line) holds no seed; neither do its argv, its
  environment, nor the files in its directory (a real sandboxed bot prints them all).
- A forged action object changes nothing: the engine goes on with its own legal action.
- Every bad call of the issue's list raises a named kayalib error; a closed standard output is
  one line on stderr and exit status 2.

The attacks on the tournament itself are in ``tests/tournament/test_attacks.py``.
"""

from __future__ import annotations

import importlib
import json
import pickle
import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kayalib.blef.bids import LADDER, Bid
from kayalib.blef.cards import Card as BlefCard
from kayalib.blef.game import BlefRules, BlefState
from kayalib.errors import ArgumentError, KayalibError, ParseError, RulesError, SeedError
from kayalib.kaya.game import KayaState
from kayalib.kaya.rules import KayaRules
from kayalib.registry import GAMES, game
from kayalib.sandbox.client import move_message
from kayalib.seeds import MAX_SEED, bot_rng, game_seed
from kayalib.simulate import play_game
from kayalib.tournament import round_robin
from tests.test_secrecy import everything_in

gambreng = importlib.import_module("kayalib.kaya.gambreng")
SEEDS = st.integers(2**40, MAX_SEED)  # long seeds: their digits cannot turn up by accident


def seed_forms(seed: int) -> list[bytes]:
    """Every way a seed may be written down: decimal, hexadecimal, its 8 bytes either way."""
    return [str(seed).encode(), f"{seed:x}".encode(), f"{seed:X}".encode(),
            seed.to_bytes(8, "big"), seed.to_bytes(8, "little")]  # fmt: skip


def holds_seed(blob: bytes, seed: int) -> bool:
    return any(form in blob for form in seed_forms(seed))


def test_the_seed_search_finds_a_seed_where_there_is_one() -> None:
    seed = 0xC0FFEE_5EED_1234
    assert holds_seed(pickle.dumps(random.Random(seed).__reduce__()) + pickle.dumps(seed), seed)
    assert holds_seed(repr(("kayalib/bot", seed)).encode(), seed)
    assert not holds_seed(pickle.dumps(random.Random(seed)), seed)  # hashed by Mersenne Twister


# ---- the generator -----------------------------------------------------------------------------


@settings(max_examples=200, deadline=None, derandomize=True)
@given(seed=SEEDS, seat=st.integers(0, 5), step=st.integers(0, 2000))
def test_nothing_reachable_from_a_bots_generator_holds_the_seed(seed, seat, step) -> None:
    rng = bot_rng(seed, seat, step)
    reduced = rng.__reduce__()
    blobs = [repr(reduced).encode(), repr(vars(rng)).encode()]
    blobs += [pickle.dumps(rng, protocol) for protocol in range(pickle.HIGHEST_PROTOCOL + 1)]
    copy = pickle.loads(pickle.dumps(rng))
    blobs.append(repr(copy.getstate()).encode())
    for blob in blobs:
        assert not holds_seed(blob, seed)
    assert seed not in {value for value in everything_in(reduced) if type(value) is int}
    # and it is none of the generators the seed alone would make
    draw = copy.random()
    assert draw == bot_rng(seed, seat, step).random()  # the same game, the same chance
    for known in (seed, f"kayalib/bot/{seed}/{step}", f"kayalib/bot/{seed}/{seat}/{step}"):
        assert random.Random(known).random() != draw


# ---- what a sandboxed bot receives ---------------------------------------------------------------


@settings(max_examples=40, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])  # fmt: skip
@given(name=st.sampled_from(sorted(GAMES)), players=st.integers(2, 4), tournament=SEEDS,
       index=st.integers(0, 50), where=st.floats(0, 1))  # fmt: skip
def test_no_json_line_a_sandboxed_bot_is_sent_holds_the_seed(
    name, players, tournament, index, where
) -> None:
    spec = game(name)
    seed = game_seed(tournament, index)  # game ``index`` of a tournament seeded ``tournament``
    final = play_game(name, ["random"] * players, seed, spec.rules_for_players(players))
    state = spec.state.new(spec.rules_for_players(players), seed)
    steps = int(where * (len(final.moves) - 1))
    for seat, action in final.moves[:steps]:
        state = state.apply(action, seat=seat)
    seat = state.current_player
    line = json.dumps(move_message(index, state.view(seat), bot_rng(seed, seat, state.ply)))
    assert '"view"' in line and '"key"' in line
    for secret in (seed, tournament):
        assert not holds_seed(line.encode(), secret)


INSPECTOR = '''
import json, os, sys

GAME = "{game}"


def everything():
    def read(path):
        try:
            with open(path, "rb") as handle:
                return handle.read().decode("utf-8", "replace")
        except OSError as error:
            return str(error)

    here = sorted(os.listdir("."))
    return {{"argv": sys.argv, "orig_argv": getattr(sys, "orig_argv", []),
             "cmdline": read("/proc/self/cmdline"), "init": read("/proc/1/cmdline"),
             "environ": dict(os.environ), "cwd": os.getcwd(),
             "files": {{name: read(name) for name in here}}}}


class Bot:
    told = False

    def choose(self, view, rng):
        if not Bot.told:
            Bot.told = True
            print("INSPECTED", json.dumps(everything()))
        return view.legal_actions()[-1]  # Blef: check (short games); Kaya: any action
'''


@settings(max_examples=4, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture])  # fmt: skip
@given(name=st.sampled_from(sorted(GAMES)), tournament=SEEDS)
def test_a_sandboxed_bots_argv_environment_and_files_hold_no_seed(tmp_path, name, tournament):
    folder = tmp_path / f"{name}-{tournament}"
    folder.mkdir()
    inspector = folder / "inspector.py"
    inspector.write_text(INSPECTOR.format(game=name), "utf-8")
    rival = folder / "rival.py"
    rival.write_text(INSPECTOR.format(game=name), "utf-8")
    result = round_robin(name, [inspector, rival, "random"], games=2, seed=tournament)
    seen = result.standings["inspector"].output
    assert "INSPECTED" in seen and '"environ"' in seen, seen  # it could look: it saw nothing
    record = json.loads(seen.split("INSPECTED ", 1)[1].splitlines()[0])
    assert record["files"].keys() == {"inspector.py"}  # a copy of its own file, and no other
    for secret in (tournament, game_seed(tournament, 1)):
        assert not holds_seed(seen.encode(), secret)
    assert str(folder) not in seen  # no entrant's path (its own nor the rival's)


# ---- a forged action changes nothing ---------------------------------------------------------


def forged(text: str, index: int) -> Bid:
    bid = Bid.parse(text)
    object.__setattr__(bid, "index", index)  # what a bot in the same process could do
    return bid


def test_a_forged_bid_index_is_refused_in_process() -> None:
    start = BlefState.from_position(BlefRules(players=2), ["KS", "9H"])
    honest = start.apply("high-card K")
    assert honest.last_bid is LADDER[4] and len(honest.legal_actions()) == 79
    for state, text in ((start, "high-card K"), (honest, "high-card 9")):
        with pytest.raises(KayalibError, match="not an action"):  # equal to no legal bid
            state.apply(forged(text, 82))


# ---- bad input is a named error ----------------------------------------------------------------

TWO = BlefRules(players=2)
BAD_CALLS = [
    ("BlefState.new(rules='x')", lambda: BlefState.new(rules="x"), RulesError),
    ("from_position(.., None)", lambda: BlefState.from_position(TWO, None), RulesError),
    ("from_position(.., [123, ..])", lambda: BlefState.from_position(TWO, [123, "AS"]),
     RulesError),
    ("from_position(starter=True)",
     lambda: BlefState.from_position(TWO, ["AS", "KS"], starter=True), RulesError),
    ("from_position(last_lost=[None, 'x'])",
     lambda: BlefState.from_position(TWO, ["AS", "KS"], last_lost=[None, "x"]), RulesError),
    ("Bid('pair', (True,))", lambda: Bid("pair", (True,)), ParseError),
    ("Card(True, 0)", lambda: BlefCard(True, 0), ParseError),
    ("KayaRules(coins=None)", lambda: KayaRules(coins=None), RulesError),
    ("KayaRules(coins=5)", lambda: KayaRules(coins=5), RulesError),
    ("KayaState.new(5)", lambda: KayaState.new(5), RulesError),
    ("KayaState.from_position(hands=None)", lambda: KayaState.from_position(hands=None),
     RulesError),
    ("gambreng(2, None)", lambda: gambreng.gambreng(2, None), gambreng.ArgumentError),
    ("gambreng('abc', rng)", lambda: gambreng.gambreng("abc", random.Random(1)),
     gambreng.ArgumentError),
    ("expected_rounds(3000)", lambda: gambreng.expected_rounds(3000), gambreng.ArgumentError),
    ("simulate_gambreng(2, 10, 'x')", lambda: gambreng.simulate_gambreng(2, 10, "x"), SeedError),
    ("round_robin(.., None)", lambda: round_robin("blef", None), ArgumentError),
    ("round_robin(move_time='x')",
     lambda: round_robin("blef", ["odds", "random"], move_time="x"), ArgumentError),
    ("round_robin(move_time=-1)",
     lambda: round_robin("blef", ["odds", "random"], move_time=-1), ArgumentError),
]  # fmt: skip


@pytest.mark.parametrize(("call", "bad", "error"), BAD_CALLS, ids=[c[0] for c in BAD_CALLS])
def test_each_bad_call_raises_a_named_error(call, bad, error) -> None:
    with pytest.raises(error) as raised:
        bad()
    assert isinstance(raised.value, KayalibError) and isinstance(raised.value, ValueError)
    assert type(raised.value).__module__.startswith("kayalib.")


def test_no_module_raises_a_bare_value_error() -> None:
    """Bad input is always one of kayalib's named errors (each a ValueError), never a bare one;
    only the sandbox's runner, which runs beside a student's bot and imports nothing of
    kayalib, raises its own."""
    import ast

    root = Path(__file__).resolve().parents[1] / "kayalib"
    bare = []
    for path in sorted(root.rglob("*.py")):
        if path.name == "runner.py" and path.parent.name == "sandbox":
            continue
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call):
                name = node.exc.func
                if isinstance(name, ast.Name) and name.id == "ValueError":
                    bare.append(f"{path.relative_to(root)}:{node.lineno}")
    assert bare == []


def test_a_closed_standard_output_is_one_line_on_stderr_and_exit_2() -> None:
    root = Path(__file__).resolve().parents[1]
    done = subprocess.run(["sh", "-c", f"'{sys.executable}' -m kayalib blef ladder >&-"],
                          cwd=root, capture_output=True, text=True, timeout=60)  # fmt: skip
    assert done.returncode == 2
    assert done.stderr == "kayalib: error: standard output is closed\n"
