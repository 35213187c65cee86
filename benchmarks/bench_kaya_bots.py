"""Aku Paling Kaya bots: speed of whole games between ``counter`` bots, and its win rate.

Target: 10,000 four-player games between counter bots in under 20 s on one core (CPU time is
reported beside wall time: the machine may be shared). Then one counter seat against three
random ones over 2,000 games, rotating the counter's seat (shared wins count).
"""

from __future__ import annotations

import time

from kayalib.kaya.rules import KayaRules
from kayalib.simulate import simulate


def speed(games: int = 10_000, seed: int = 7) -> dict[str, float]:
    """Time ``games`` four-player games between counter bots."""
    cpu = time.process_time()
    result = simulate("kaya", ["counter"] * 4, games, seed, KayaRules())
    cpu = time.process_time() - cpu
    print(
        f"{games} four-player counter games: {result.seconds:.2f} s wall, {cpu:.2f} s CPU, "
        f"{games / cpu:.0f} games/s on one core (target: 10,000 games < 20 s)"
    )
    return {
        "games": float(games),
        "seconds": result.seconds,
        "cpu_seconds": cpu,
        "games_per_second": games / cpu,
    }


def win_rate(games: int = 2000, seed: int = 11, players: int = 4) -> float:
    """The fraction of ``games`` won by one counter seat against random seats, the games split
    evenly over the counter's seats."""
    won = played = 0
    per_seat = games // players
    rules = KayaRules.for_players(players)
    for seat in range(players):
        bots = ["counter" if s == seat else "random" for s in range(players)]
        result = simulate("kaya", bots, per_seat, seed + seat, rules)
        won += result.wins[seat]
        played += result.games
    share = won / played
    print(
        f"1 counter vs {players - 1} random, {played} games: the counter wins {share:.1%} "
        f"(fair share {1 / players:.0%})"
    )
    return share


def main(games: int = 10_000, matchup_games: int = 2000) -> dict[str, float]:
    """Print and return the speed and win-rate figures."""
    figures = speed(games)
    figures["one_counter_vs_three_random"] = win_rate(matchup_games)
    figures["one_counter_vs_one_random"] = win_rate(matchup_games, players=2)
    return figures


if __name__ == "__main__":
    main()
