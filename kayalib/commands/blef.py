"""``kayalib blef ...``: ``ladder``, ``odds`` and ``simulate``."""

from __future__ import annotations

import argparse
import json
from fractions import Fraction

from kayalib.commands import add_run_options, run_simulation, seat_bots, whole_number
from kayalib.errors import RulesError


def register(games: argparse._SubParsersAction) -> None:
    parser = games.add_parser(
        "blef",
        help="Blef, Polish liar's poker: its ladder of bids, their exact odds, and bots.",
        description="Blef is Polish liar's poker with a 24-card deck and a ladder of 83 poker "
        "bids. These commands list the ladder, give the exact chance of every bid from your "
        "cards, and play many games between bots.",
        examples=[
            ("kayalib blef ladder", "List the 83 bids, lowest first, in English and Polish."),
            ('kayalib blef odds --hand "AS KH" --cards 8', "Show the exact chance of every bid "
             "when you hold the ace of spades and the king of hearts and 8 cards are dealt."),
            ("kayalib blef simulate --bots odds,random --games 1000 --seed 7", "Play 1000 "
             "games between two bots and count their wins."),
        ],
    )  # fmt: skip
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND",
                                     title="commands")  # fmt: skip

    ladder = commands.add_parser(
        "ladder", help="List the 83 bids, lowest first.",
        description="List the 83 bids of the ladder, lowest first: each bid's number, its "
        "name in English and its name in Polish.",
        examples=[("kayalib blef ladder", "Print the ladder as a table."),
                  ("kayalib blef ladder --json", "Print the bids as a JSON list.")],
    )  # fmt: skip
    ladder.add_argument("--json", action="store_true",
                        help="Print a JSON list of the bids' names instead.")  # fmt: skip
    ladder.set_defaults(run=run_ladder)

    odds = commands.add_parser(
        "odds", help="Show the exact chance of every bid, given your cards.",
        description="Show the exact chance that each bid of the ladder is true, given your "
        "cards and how many cards are dealt in all this round, counted over every way the "
        "other cards can be dealt.",
        examples=[('kayalib blef odds --hand "AS KH" --cards 8', "The chances when you hold "
                   "two cards and 8 are dealt in all."),
                  ('kayalib blef odds --hand "" --cards 6 --fractions', "The chances before "
                   "you see a card, as exact fractions too.")],
    )  # fmt: skip
    odds.add_argument("--hand", required=True,
                      help='Your cards, such as "AS KH" (an empty "" for none).')  # fmt: skip
    odds.add_argument("--cards", required=True, type=int, metavar="N",
                      help="How many cards are dealt this round in all, yours included.")
    odds.add_argument("--json", action="store_true",
                      help="Print a JSON object of each bid's chance instead.")  # fmt: skip
    odds.add_argument("--fractions", action="store_true",
                      help="Show each chance as an exact fraction too.")  # fmt: skip
    odds.set_defaults(run=run_odds)

    sim = commands.add_parser(
        "simulate", help="Play many games of Blef between bots.",
        description="Play many seeded games of Blef between bots and print each bot's wins. "
        "The same seed plays the same games, move for move, as an app opened with ?seed=.",
        examples=[("kayalib blef simulate --players 4 --bots odds,odds,random,random "
                   "--games 1000 --seed 7", "Two odds bots against two random ones."),
                  ("kayalib blef simulate --games 1 --seed 7 --log game.jsonl", "Play one "
                   "game and write its log as JSON Lines.")],
    )  # fmt: skip
    sim.add_argument("--players", type=whole_number(2, 23), default=None, metavar="N",
                     help="How many players, from 2 to 23 (default: one per bot, or 4).")
    add_run_options(sim, default_bot="odds")
    sim.add_argument("--mode", choices=("classic", "deck"), default="classic",
                     help="Classic mode ends a player past a card limit; deck mode plays while "
                     "the deck has cards to deal (default: classic).")  # fmt: skip
    sim.add_argument("--max-cards", type=whole_number(1, 24), default=None, metavar="N",
                     help="The card limit of classic mode (default: 23 divided by the "
                     "players, rounded down).")  # fmt: skip
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
        record: dict[str, str | float] = {
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
