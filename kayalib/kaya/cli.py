"""`kayalib kaya ...` subcommands: ``simulate`` (bots play many games) and ``gambreng``."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from kayalib.errors import KayalibError
from kayalib.kaya.rules import KayaRules
from kayalib.progress import terminal_progress


class KayaUsageError(KayalibError):
    """A malformed ``kayalib kaya`` option."""


def _int_in(low: int, high: int | None):
    """An argparse type: a whole number in ``low..high`` (argparse names the option)."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
        if value < low or (high is not None and value > high):
            limit = f"{low}-{high}" if high is not None else f"at least {low}"
            raise argparse.ArgumentTypeError(f"must be {limit}, not {value}")
        return value

    return parse


def _names(text: str) -> list[str]:
    names = [part.strip().lower() for part in text.split(",")]
    if not all(names):
        raise argparse.ArgumentTypeError(f"expected comma-separated names, not {text!r}")
    return names


def register(games: argparse._SubParsersAction) -> None:
    parser = games.add_parser("kaya", help="Aku Paling Kaya: simulate bots, hold a gambreng")
    commands = parser.add_subparsers(dest="command", required=True, metavar="{simulate,gambreng}")

    sim = commands.add_parser("simulate", help="bots play many seeded games")
    sim.add_argument("--players", type=_int_in(2, 6), default=None,
                     help="number of players, 2-6 (default: one per bot, or 4)")
    sim.add_argument("--bots", type=_names, default=None,
                     help="comma-separated bot per seat, or one name for every seat "
                     "(default: random)")
    sim.add_argument("--games", type=_int_in(1, None), default=1000,
                     help="number of games (default: 1000)")
    sim.add_argument("--seed", type=_int_in(-(2**63), 2**63), default=0,
                     help="seed of the whole run; game i uses its own seed (default: 0)")
    sim.add_argument("--colors", type=_names, default=None,
                     help="comma-separated colours in seat order (default: seed order)")
    sim.add_argument("--log", metavar="FILE", default=None,
                     help="write every game's log as JSON Lines to FILE ('-' for stdout)")
    sim.add_argument("--json", action="store_true", help="print the result as JSON")
    sim.set_defaults(run=run_simulate)  # fmt: skip

    gam = commands.add_parser("gambreng", help="simulate the draw for the first player")
    gam.add_argument("--players", type=_int_in(2, 6), default=4)
    gam.add_argument("--trials", type=_int_in(1, None), default=20000,
                     help="number of draws (default: 20000)")
    gam.add_argument("--seed", type=_int_in(-(2**63), 2**63), default=0)
    gam.add_argument("--json", action="store_true", help="print the result as JSON")
    gam.set_defaults(run=run_gambreng)


def _rules_and_bots(args: argparse.Namespace) -> tuple[KayaRules, list[str]]:
    from kayalib.kaya.bots import make_bot

    bots = args.bots or ["random"]
    players = args.players
    if players is None:
        players = len(args.colors) if args.colors else (len(bots) if len(bots) > 1 else 4)
    if len(bots) == 1:
        bots = bots * players
    if len(bots) != players:
        raise KayaUsageError(f"--bots names {len(bots)} bots for {players} players")
    for name in set(bots):
        make_bot(name)  # UnknownBotError before any game is played
    if args.colors is not None:
        if len(args.colors) != players:
            raise KayaUsageError(f"--colors names {len(args.colors)} colours for {players} players")
        rules = KayaRules(colors=tuple(args.colors))
    else:
        rules = KayaRules.for_players(players)
    return rules, bots


def run_simulate(args: argparse.Namespace) -> int:
    from kayalib.kaya.simulate import simulate

    rules, bots = _rules_and_bots(args)
    out = sys.stdout
    log_file: Any = None
    if args.log == "-":
        log_file = out
    elif args.log is not None:
        try:
            log_file = open(args.log, "w", encoding="utf-8", newline="\n")  # noqa: SIM115
        except OSError as error:
            raise KayaUsageError(f"cannot write --log {args.log}: {error.strerror}") from None
    update, close = terminal_progress(args.games, "kaya")
    try:
        result = simulate(rules, bots, args.games, args.seed, progress=update, log=log_file)
    finally:
        close()
        if log_file is not None and log_file is not out:
            log_file.close()
    if args.log == "-":
        out = sys.stderr  # stdout carries the log
    if args.json:
        print(json.dumps(result.to_json()), file=out)
        return 0
    print(f"{result.games} games, seed {result.seed}, "
          f"{result.games_per_second:.0f} games/s ({result.seconds:.2f} s)", file=out)
    width = max(len(name) for name in bots)
    for seat, (name, color) in enumerate(zip(bots, rules.colors, strict=True)):
        wins = result.wins[seat]
        print(f"  seat {seat} {color.value:<6} {name:<{width}}  wins {wins:>6} "
              f"({wins / result.games:6.1%})  mean score {result.mean_scores[seat]:6.2f}",
              file=out)  # fmt: skip
    return 0


def run_gambreng(args: argparse.Namespace) -> int:
    from kayalib.kaya.gambreng import simulate_gambreng

    update, close = terminal_progress(args.trials, "gambreng")
    try:
        result = simulate_gambreng(args.players, args.trials, args.seed, progress=update)
    finally:
        close()
    exact = result.expected_rounds
    if args.json:
        print(json.dumps({
            "players": result.players,
            "trials": result.trials,
            "mean_rounds": result.mean_rounds,
            "expected_rounds": float(exact),
            "first_counts": list(result.first_counts),
        }))  # fmt: skip
        return 0
    print(f"gambreng, {result.players} players, {result.trials} trials, seed {args.seed}")
    print(f"  mean rounds     {result.mean_rounds:.4f}")
    print(f"  expected rounds {exact} = {float(exact):.4f} (exact)")
    counts = "  ".join(f"{seat}: {count}" for seat, count in enumerate(result.first_counts))
    print(f"  first player    {counts}")
    return 0
