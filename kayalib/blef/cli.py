"""`kayalib blef ...` subcommands: ``ladder``, ``odds`` and ``simulate``."""

from __future__ import annotations

import argparse
import json
from fractions import Fraction
from typing import Any

from kayalib.errors import KayalibError


class OutputError(KayalibError):
    """A file the command line cannot write."""


def register(games: argparse._SubParsersAction) -> None:
    parser = games.add_parser("blef", help="Blef (Polish liar's poker) commands")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    ladder = commands.add_parser("ladder", help="the 83 bids, lowest first")
    ladder.add_argument("--json", action="store_true", help="a JSON list of canonical bids")
    ladder.set_defaults(run=run_ladder)

    odds = commands.add_parser("odds", help="exact probability of every bid, given your hand")
    odds.add_argument("--hand", required=True, help='your cards, e.g. "AS KH" ("" for none)')
    odds.add_argument(
        "--cards", required=True, type=int, help="cards dealt this round in all (incl. yours)"
    )
    odds.add_argument("--json", action="store_true", help="a JSON object {bid: probability}")
    odds.add_argument("--fractions", action="store_true", help="exact fractions as well")
    odds.set_defaults(run=run_odds)

    sim = commands.add_parser("simulate", help="play many games between bots")
    sim.add_argument("--players", type=int, default=4, help="2 to 23 (default 4)")
    sim.add_argument(
        "--bots",
        default="odds",
        help="bot names by seat, comma-separated, or one name for every seat (default odds)",
    )
    sim.add_argument("--games", type=int, default=1000, help="number of games (default 1000)")
    sim.add_argument("--seed", type=int, default=0, help="simulation seed (default 0)")
    sim.add_argument("--mode", choices=("classic", "deck"), default="classic")
    sim.add_argument(
        "--max-cards",
        type=int,
        default=None,
        help="classic mode card limit (default 23 // players)",
    )
    sim.add_argument("--log", metavar="FILE", help="write every game's events as JSON Lines")
    sim.add_argument("--json", action="store_true", help="print one JSON object")
    sim.set_defaults(run=run_simulate)


def run_ladder(args: argparse.Namespace) -> int:
    from kayalib.blef.bids import LADDER

    if args.json:
        print(json.dumps([str(bid) for bid in LADDER]))
        return 0
    width = max(len(str(bid)) for bid in LADDER)
    for number, bid in enumerate(LADDER, 1):
        print(f"{number:2d}  {str(bid):<{width}}  {bid.polish()}")
    return 0


def _fraction_text(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else str(value)


def run_odds(args: argparse.Namespace) -> int:
    from kayalib.blef.cards import parse_cards
    from kayalib.blef.odds import exact_table

    hand = parse_cards(args.hand)
    table = exact_table(hand, args.cards, exact=True)
    if args.json:
        record: dict[str, Any] = {
            str(bid): _fraction_text(value) if args.fractions else float(value)
            for bid, value in table.items()
        }
        print(json.dumps(record))
        return 0
    shown = " ".join(map(str, hand)) or "no cards"
    print(f"Your hand: {shown}; {args.cards} cards dealt in all")
    width = max(len(str(bid)) for bid in table)
    polish_width = max(len(bid.polish()) for bid in table)
    for number, (bid, value) in enumerate(table.items(), 1):
        line = f"{number:2d}  {str(bid):<{width}}  {bid.polish():<{polish_width}}  "
        line += f"{float(value) * 100:8.3f}%"
        if args.fractions:
            line += f"  {_fraction_text(value)}"
        print(line.rstrip())
    return 0


def run_simulate(args: argparse.Namespace) -> int:
    from kayalib.blef.bots import make_bot
    from kayalib.blef.game import BlefRules
    from kayalib.blef.simulate import simulate
    from kayalib.progress import terminal_progress

    rules = BlefRules(players=args.players, mode=args.mode, max_cards=args.max_cards)
    names = [name.strip() for name in args.bots.split(",")]
    if len(names) == 1:
        names *= rules.players
    if len(names) != rules.players:
        raise KayalibError(
            f"--bots names {len(names)} bots for {rules.players} players "
            "(give one name per seat, or one name for all)"
        )
    bots = [make_bot(name) for name in names]
    log = None
    if args.log:
        try:
            log = open(args.log, "w", encoding="utf-8", newline="\n")
        except OSError as error:
            raise OutputError(f"cannot write the log {args.log}: {error.strerror}") from None
    progress, close = terminal_progress(args.games, "blef")
    try:
        result = simulate(rules, bots, args.games, args.seed, progress=progress, log=log)
    finally:
        close()
        if log is not None:
            log.close()
    if args.json:
        print(json.dumps(result.to_json()))
        return 0
    limit = f", at most {rules.max_cards} cards" if rules.mode == "classic" else ""
    print(
        f"{result.games} games, {rules.players} players, {rules.mode} mode{limit}, seed {args.seed}"
    )
    width = max(len(bot.name) for bot in bots)
    for seat, (bot, wins) in enumerate(zip(bots, result.wins, strict=True)):
        share = wins / result.games * 100 if result.games else 0.0
        print(f"seat {seat:2d}  {bot.name:<{width}}  {wins:7d} wins  {share:5.1f}%")
    print(f"rounds per game: {result.mean_rounds:.2f}")
    rate = result.games_per_second if result.seconds > 0 else 0.0
    print(f"{rate:.1f} games per second ({result.seconds:.2f} s)")
    return 0
