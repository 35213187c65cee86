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
    parser = games.add_parser(
        "kaya",
        help="Aku Paling Kaya: bots playing many games, and the gambreng draw.",
        description="Aku Paling Kaya (\"I am the richest\") is an Indonesian game of secret "
        "cards, challenges, coins and colour powers. These commands play many games between "
        "bots and simulate the gambreng, the draw for the first player.",
        examples=[
            ("kayalib kaya simulate --bots counter,random,random --games 500", "Play 500 "
             "games of three players and count each bot's wins."),
            ("kayalib kaya gambreng --players 5 --trials 20000 --seed 1", "Simulate the draw "
             "for five players and compare it with the exact expected number of rounds."),
        ],
    )  # fmt: skip
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND",
                                     title="commands")  # fmt: skip

    sim = commands.add_parser(
        "simulate", help="Play many games of Aku Paling Kaya between bots.",
        description="Play many seeded games of Aku Paling Kaya between bots and print each "
        "bot's wins and mean score. The same seed plays the same games.",
        examples=[("kayalib kaya simulate --players 4 --games 1000 --seed 3", "Four random "
                   "bots play 1000 games."),
                  ("kayalib kaya simulate --bots counter,random --colors green,red", "Two "
                   "bots, with the colours given in seat order.")],
    )  # fmt: skip
    sim.add_argument("--players", type=whole_number(2, 6), default=None, metavar="N",
                     help="How many players, from 2 to 6 (default: one per bot, or 4).")
    add_run_options(sim, default_bot="random")
    sim.add_argument("--colors", type=names, default=None, metavar="COLOURS",
                     help="The colours in seat order, separated by commas (default: drawn "
                     "from the seed).")  # fmt: skip
    sim.set_defaults(run=run_simulate)

    gam = commands.add_parser(
        "gambreng", help="Simulate the gambreng, the draw for the first player.",
        description="Simulate the gambreng: hompimpa rounds until one player is left, or "
        "suit between the last two. It prints the mean number of rounds beside the exact "
        "expected number, and how often each seat went first.",
        examples=[("kayalib kaya gambreng --players 5 --trials 20000 --seed 1", "Twenty "
                   "thousand draws of five players."),
                  ("kayalib kaya gambreng --players 3 --json", "Print the result as JSON.")],
    )  # fmt: skip
    gam.add_argument("--players", type=whole_number(2, 6), default=4, metavar="N",
                     help="How many players, from 2 to 6 (default: 4).")  # fmt: skip
    gam.add_argument("--trials", type=whole_number(1, 10_000_000), default=20000, metavar="N",
                     help="How many draws to simulate (default: 20000).")  # fmt: skip
    gam.add_argument("--seed", type=whole_number(0, MAX_SEED), default=0, metavar="N",
                     help="The seed of the draws (default: 0).")  # fmt: skip
    gam.add_argument("--json", action="store_true", help="Print the result as JSON.")
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
