"""Every attack a student's bot file may try on ``kayalib tournament``, as a table, and a way to
run each against any checkout of kayalib: the tests run them here (each must fail), and

    python -m tests.tournament.fair_play --root /path/to/an/older/checkout

shows which of them work on older code (the issue's "before").

An attack is a real tournament on the command line (``python -m kayalib tournament``, with
``PYTHONPATH`` at a copy of the checkout's ``kayalib``), with the attack's bot files
(``attacks/``) and the other entrants copied into one fresh folder, as a teacher's folder of
handed-in files; ``worked`` reads
the outcome: the JSON, the exit status, a file written where only the referee could write, a
rival's file changed, a process left running.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ATTACKS = HERE / "attacks"
BOTS = HERE / "bots"
ROOT = HERE.parents[1]
SEED = 4242424242
"""The tournament's seed: long enough that finding it in a text is no accident."""
GRANDCHILD = b"sleep\x00600.4242\x00"
"""The command line of the grandchild that ``attacks/grandchild.py`` leaves behind."""


@dataclass
class Run:
    """What one attack's tournament did: exit status (``None``: it hung and was killed), its
    standard output and error, the folder of its files, and what it left behind."""

    code: int | None
    out: str
    err: str
    seconds: float
    folder: Path
    lingering: int
    victim_before: bytes = b""

    @property
    def result(self) -> dict[str, Any] | None:
        """The ``--json`` output, or ``None`` when it is not one JSON document."""
        try:
            record = json.loads(self.out)
        except ValueError:
            return None
        return record if isinstance(record, dict) else None

    def row(self, name: str) -> dict[str, Any]:
        """The leaderboard row of ``name`` (empty when there is no leaderboard)."""
        rows = (self.result or {}).get("leaderboard", [])
        return next((row for row in rows if row.get("name") == name), {})

    def win_rate(self, name: str) -> float:
        row = self.row(name)
        return row["wins"] / row["games"] if row.get("games") else 0.0

    @property
    def marked(self) -> bool:
        """Whether code wrote the mark file (named only in the referee's environment)."""
        return (self.folder / "mark").exists()

    @property
    def victim_changed(self) -> bool:
        return (self.folder / "victim.py").read_bytes() != self.victim_before


@dataclass(frozen=True)
class Attack:
    """One attack: its bot ``files`` (in ``attacks/``) against ``others`` (built-in bots, and
    ``victim`` for a copy of ``bots/careful.py`` named ``victim.py``); ``worked`` says whether it
    worked; on code where it fails, the attacker forfeits with ``reason`` (if given). ``needs``:
    the sandbox's protections (:data:`kayalib.sandbox.PROTECTIONS`) of which any one stops it,
    when the protections every sandbox gives do not."""

    name: str
    files: tuple[str, ...]
    worked: Callable[[Run], bool]
    others: tuple[str, ...] = ("odds",)
    games: int = 6
    reason: str | None = None
    text: bool = False  # read the text report, not --json (older code's JSON lacks the details)
    hang: float = 60.0  # seconds after which the tournament counts as hung
    needs: tuple[str, ...] = ()


def _first_line_is_fake(run: Run) -> bool:
    first = run.out.splitlines()[0] if run.out.strip() else ""
    try:
        record = json.loads(first)
    except ValueError:
        return False
    return any(row.get("name") == "fake-winner" for row in record.get("leaderboard", []))


ATTACK_LIST = [
    Attack("rebuild the hands from the rng's seed", ("rng_seed.py",),
           lambda run: run.win_rate("rng_seed") >= 0.8, games=10),
    Attack("find the seed in argv or the environment", ("argv_seed.py",),
           lambda run: run.win_rate("argv_seed") >= 0.8, games=10),
    Attack("patch OddsBot.choose and Standing.win_rate at import", ("patch_referee.py",),
           lambda run: run.row("patch_referee").get("win_rate", 0) >= 0.8
           or run.win_rate("patch_referee") >= 0.8),
    Attack("sys.exit(0) at import", ("exit_at_import.py",),
           lambda run: run.code == 0 and run.result is None, reason="startup"),
    Attack("SystemExit(7) at import", ("exit7_at_import.py",),
           lambda run: run.code == 7, reason="startup"),
    Attack("KeyboardInterrupt at import", ("interrupt_at_import.py",),
           lambda run: run.code == 130, reason="startup"),
    Attack("time.sleep at import", ("sleep_at_import.py",),
           lambda run: run.code is None, reason="startup", hang=20.0),
    Attack("print at import", ("print_at_import.py",),
           lambda run: run.code == 0 and run.result is None),
    Attack("a reply whose __reduce__ runs code", ("reduce_reply.py",),
           lambda run: run.marked, reason="unreadable"),
    Attack("a forged Bid index", ("forged_index.py",),
           lambda run: run.win_rate("forged_index") >= 0.8, games=10),
    Attack("a fake leaderboard line on descriptor 1", ("fd1_leaderboard.py",),
           _first_line_is_fake),
    Attack("kill a sibling entrant", ("kill_sibling.py",),
           lambda run: run.row("victim").get("forfeits", {}).get("crash", 0) > 0,
           others=("victim", "random"), games=4, needs=("pid", "user")),
    Attack("rewrite another entrant's file", ("rewrite_rival.py",),
           lambda run: run.victim_changed, others=("victim", "random")),
    Attack("a grandchild that outlives the tournament", ("grandchild.py",),
           lambda run: run.lingering > 0, games=2, needs=("group",)),
    Attack("a memory hog (2 GiB)", ("memory_hog.py",),
           lambda run: sum(run.row("memory_hog").get("forfeits", {"x": 1}).values()) == 0,
           reason="limit", games=2),
    Attack("a fork bomb (100 processes)", ("fork_bomb.py",),
           lambda run: "made 100 processes" in run.out, text=True, games=2,
           needs=("processes",)),
    Attack("a file that hangs at start-up, listed first",
           ("aaa_hang.py", "bbb_honest.py", "ccc_honest.py"),
           lambda run: any(run.row(name).get("forfeits", {}).get("startup", 0) > 0
                           for name in ("bbb_honest", "ccc_honest")),
           reason="startup", games=4, hang=40.0),
    Attack("a bot that uses the referee's user (root)", ("as_root.py",),
           lambda run: any(word in run.row("as_root").get("last_fault", "")
                           for word in ("uid=0 ", "euid=0", "/etc/shadow", "wrote in")),
           reason="crash", games=2),
]
ATTACKS_BY_NAME = {attack.name: attack for attack in ATTACK_LIST}


def _knows(root: Path, option: str) -> bool:
    """Whether the checkout's tournament command has ``option``."""
    command = root / "kayalib" / "commands" / "tournament.py"
    return command.exists() and option in command.read_text("utf-8")


def lingering(kill: bool = True) -> int:
    """How many grandchildren of ``attacks/grandchild.py`` are running (they are then killed)."""
    found = 0
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/cmdline", "rb") as handle:
                command = handle.read()
        except OSError:
            continue
        if command == GRANDCHILD:
            found += 1
            if kill:
                try:
                    os.kill(int(name), signal.SIGKILL)
                except OSError:
                    pass
    return found


def run(attack: Attack, root: Path = ROOT, sandbox: str = "auto") -> Run:
    """Play ``attack``'s tournament with a copy of the kayalib of ``root`` (so that an attack
    that works changes nothing in the checkout)."""
    lingering()  # none left from an earlier run
    folder = Path(tempfile.mkdtemp(prefix="kayalib-attack-"))
    shutil.copytree(root / "kayalib", folder / "lib" / "kayalib",
                    ignore=shutil.ignore_patterns("__pycache__"))  # fmt: skip
    entrants = []
    for name in attack.files:
        shutil.copy(ATTACKS / name, folder / name)
        entrants.append(name)
    victim = b""
    for other in attack.others:
        if other == "victim":
            victim = (BOTS / "careful.py").read_bytes()
            (folder / "victim.py").write_bytes(victim)
            entrants.append("victim.py")
        else:
            entrants.append(other)
    argv = [sys.executable, "-m", "kayalib", "tournament", "blef", *entrants, "--games",
            str(attack.games), "--seed", str(SEED)]  # fmt: skip
    if not attack.text:
        argv.append("--json")
    if _knows(root, "--startup-time"):
        argv += ["--startup-time", "1.5", "--sandbox", sandbox]
    env = {**os.environ, "PYTHONPATH": str(folder / "lib"),
           "KAYALIB_ATTACK_MARK": str(folder / "mark")}  # fmt: skip
    began = time.monotonic()
    proc = subprocess.Popen(argv, cwd=folder, env=env, stdin=subprocess.DEVNULL,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            start_new_session=True)  # fmt: skip
    code: int | None
    try:
        out, err = proc.communicate(timeout=attack.hang)
        code = proc.returncode
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        out, err = proc.communicate()
        code = None
    seconds = time.monotonic() - began
    time.sleep(0.2)  # a grandchild that was just left behind shows up in /proc
    left = lingering()
    return Run(code, out.decode("utf-8", "replace"), err.decode("utf-8", "replace"), seconds,
               folder, left, victim)  # fmt: skip


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=ROOT, help="the kayalib checkout to attack")
    parser.add_argument("--sandbox", default="auto", help="the sandbox kind (newer code)")
    parser.add_argument("names", nargs="*", help="attacks to run (default: all)")
    args = parser.parse_args(argv)
    chosen = [ATTACKS_BY_NAME[name] for name in args.names] if args.names else ATTACK_LIST
    for attack in chosen:
        outcome = run(attack, args.root.resolve(), args.sandbox)
        verdict = "WORKS " if attack.worked(outcome) else "fails "
        status = "hung" if outcome.code is None else f"exit {outcome.code}"
        print(f"{verdict} {attack.name:<48} ({status}, {outcome.seconds:.1f} s)", flush=True)
        shutil.rmtree(outcome.folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
