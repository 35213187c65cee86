"""Whole Blef games between bots: speed of the engine and the odds bot, and its win rates.

Target: 1,000 four-player games between ``odds`` bots in under 20 s on one core, and no
slower than before (issue "Performance"). The same run shows how often the odds bot's exact
table was found remembered (:func:`kayalib.blef.odds.table_cache_info`).
Then the odds bot against random bots over 2,000 games each, rotating the seats:
two odds seats against two random ones, and one odds seat against three random ones.
"""

from __future__ import annotations

from kayalib.blef.game import BlefRules
from kayalib.blef.odds import clear_table_cache, table_cache_info
from kayalib.simulate import simulate


def speed(games: int = 1000, seed: int = 7) -> dict[str, float]:
    """Time ``games`` four-player games between odds bots, and the tables' hit rate."""
    clear_table_cache()
    result = simulate("blef", ["odds"] * 4, games, seed, BlefRules(players=4))
    info = table_cache_info()
    hit_rate = info.hits / max(1, info.hits + info.misses)
    figures = {
        "games": float(games),
        "seconds": result.seconds,
        "games_per_second": result.games_per_second,
        "mean_rounds": result.mean_length,
        "table_hit_rate": hit_rate,
    }
    print(
        f"{games} four-player odds games: {result.seconds:.2f} s, "
        f"{result.games_per_second:.1f} games/s, {result.mean_length:.1f} rounds a game "
        "(target: 1,000 games < 20 s)"
    )
    print(
        f"odds tables: {info.hits + info.misses:,} asked, {hit_rate:.1%} found remembered, "
        f"{info.currsize:,} kept (at most {info.maxsize:,})"
    )
    return figures


def odds_share(odds_seats_by_rotation: list[set[int]], games: int, seed: int) -> float:
    """The fraction of ``games`` won by an odds seat, the games split over the seat rotations."""
    won = played = 0
    per_rotation = games // len(odds_seats_by_rotation)
    for rotation, odds_seats in enumerate(odds_seats_by_rotation):
        bots = ["odds" if seat in odds_seats else "random" for seat in range(4)]
        result = simulate("blef", bots, per_rotation, seed + rotation, BlefRules(players=4))
        won += sum(result.wins[seat] for seat in odds_seats)
        played += result.games
    return won / played


def win_rates(games: int = 2000, seed: int = 11) -> dict[str, float]:
    """Odds against random, four players, classic mode, rotating the seats."""
    two = odds_share([{0, 1}, {1, 2}, {2, 3}, {3, 0}], games, seed)
    one = odds_share([{0}, {1}, {2}, {3}], games, seed + 100)
    print(f"2 odds vs 2 random, {games} games: the odds seats win {two:.1%} (fair share 50%)")
    print(f"1 odds vs 3 random, {games} games: the odds seat wins {one:.1%} (fair share 25%)")
    return {"two_odds_vs_two_random": two, "one_odds_vs_three_random": one}


def main(games: int = 1000, matchup_games: int = 2000) -> dict[str, float]:
    """Print and return the speed and win-rate figures."""
    return {**speed(games), **win_rates(matchup_games)}


if __name__ == "__main__":
    main()
