"""`kayalib blef ...` subcommands: ``ladder``, ``odds`` and ``simulate``."""

from __future__ import annotations

import argparse
import json
from fractions import Fraction
from typing import Any

from kayalib.commands import add_run_options, run_simulation, seat_bots, whole_number
from kayalib.errors import RulesError


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
    sim.add_argument("--players", type=whole_number(2, 23), default=None,
                     help="2 to 23 (default: one per bot, or 4)")  # fmt: skip
    add_run_options(sim, default_bot="odds")
    sim.add_argument("--mode", choices=("classic", "deck"), default="classic",
                     help="classic: a card limit; deck: play while cards stay undealt")
    sim.add_argument("--max-cards", type=whole_number(1, 24), default=None,
                     help="classic mode card limit (default 23 // players)")  # fmt: skip
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


def _fraction_text(value: Fraction | float) -> str:
    value = Fraction(value)
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
    from kayalib.blef.rules import BlefRules

    players = args.players or (len(args.bots) if len(args.bots) > 1 else 4)
    if args.mode == "deck" and args.max_cards is not None:
        raise RulesError("--max-cards is an option of classic mode only")
    rules = BlefRules(players=players, mode=args.mode, max_cards=args.max_cards)
    limit = f", at most {rules.max_cards} cards" if rules.mode == "classic" else ""
    text = f"{players} players, {rules.mode} mode{limit}"
    return run_simulation(args, "blef", rules, seat_bots(args.bots, players), text)
