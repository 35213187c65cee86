"""`kayalib kaya ...` subcommands: ``simulate`` (bots play many games) and ``gambreng``."""

from __future__ import annotations

import argparse
import json

from kayalib.commands import (
    UsageError,
    add_run_options,
    names,
    run_simulation,
    seat_bots,
    whole_number,
)
from kayalib.kaya.rules import KayaRules
from kayalib.progress import terminal_progress
from kayalib.seeds import MAX_SEED


def register(games: argparse._SubParsersAction) -> None:
    parser = games.add_parser("kaya", help="Aku Paling Kaya: simulate bots, hold a gambreng")
    commands = parser.add_subparsers(dest="command", required=True, metavar="{simulate,gambreng}")

    sim = commands.add_parser("simulate", help="bots play many seeded games")
    sim.add_argument("--players", type=whole_number(2, 6), default=None,
                     help="number of players, 2-6 (default: one per bot, or 4)")
    add_run_options(sim, default_bot="random")
    sim.add_argument("--colors", type=names, default=None,
                     help="comma-separated colours in seat order (default: seed order)")
    sim.set_defaults(run=run_simulate)  # fmt: skip

    gam = commands.add_parser("gambreng", help="simulate the draw for the first player")
    gam.add_argument("--players", type=whole_number(2, 6), default=4)
    gam.add_argument("--trials", type=whole_number(1, 10_000_000), default=20000,
                     help="number of draws (default: 20000)")
    gam.add_argument("--seed", type=whole_number(0, MAX_SEED), default=0)
    gam.add_argument("--json", action="store_true", help="print the result as JSON")
    gam.set_defaults(run=run_gambreng)


def run_simulate(args: argparse.Namespace) -> int:
    players = args.players
    if players is None:
        players = len(args.colors) if args.colors else (len(args.bots) if len(args.bots) > 1 else 4)
    if args.colors is not None:
        if len(args.colors) != players:
            raise UsageError(f"--colors names {len(args.colors)} colours for {players} players")
        rules = KayaRules(colors=tuple(args.colors))
    else:
        rules = KayaRules.for_players(players)
    text = f"{players} players ({', '.join(c.value for c in rules.colors)})"
    return run_simulation(args, "kaya", rules, seat_bots(args.bots, players), text)


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
