"""Aku Paling Kaya bots: speed of whole games between ``counter`` bots, and its win rate.

Target: 10,000 four-player games between counter bots in under 20 s on one core (CPU time is
reported beside wall time: the machine may be shared). Then one counter seat against three
random ones over 2,000 games, rotating the counter's seat (shared wins count). Last, how the
default bots fare against a simple human-like strategy (always play the highest card, always take
green 3 back, never challenge): 1,000 games, the strategy in each seat in turn, its win share
beside the fair share with its 95% Wilson interval; and a player who plays green 3 whenever it
holds it and always takes it back, in the green seat against three counter bots.
"""

from __future__ import annotations

import time

from kayalib.bots import DeterministicBot
from kayalib.kaya.actions import Action, Decline, Give, Keep, Pass, Play, TakeBack
from kayalib.kaya.cards import Color
from kayalib.kaya.events import ChallengeEvent, PlayEvent, PowerEvent
from kayalib.kaya.rules import KayaRules
from kayalib.kaya.view import KayaView
from kayalib.simulate import play_game, simulate
from kayalib.stats import wilson_interval


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


class HighestCard(DeterministicBot):
    """A simple human-like strategy: play the highest card, never challenge, always take green 3
    back, keep a winning orange 4, give a pink winner the lowest card allowed."""

    name = "highest-card"

    def decide(self, view: KayaView) -> Action:
        legal = view.legal_actions()
        plays = [a for a in legal if type(a) is Play]
        if plays:
            return max(plays, key=lambda a: (a.card.number, a.card.color.index))
        for kind in (TakeBack, Keep, Pass, Decline):
            for action in legal:
                if type(action) is kind:
                    return action
        gives = [a for a in legal if type(a) is Give]
        if gives:
            return min(gives, key=lambda a: (a.card.number, a.card.color.index))
        return legal[0]


def against_human_like(opponent: str = "counter", games: int = 1000, seed: int = 19) -> float:
    """The win share of :class:`HighestCard` against three ``opponent`` bots over ``games``
    four-player games, the strategy in each seat for a quarter of them."""
    won = played = 0
    for seat in range(4):
        bots = [HighestCard() if s == seat else opponent for s in range(4)]
        result = simulate("kaya", bots, games // 4, seed + seat, KayaRules())
        won += result.wins[seat]
        played += result.games
    share = won / played
    low, high = wilson_interval(round(won), played)
    print(
        f"highest-card vs 3 {opponent}, {played} games: highest-card wins {share:.1%} "
        f"(95% interval {low:.1%} to {high:.1%}; fair share 25%)"
    )
    return share


class GreenThreeAgain(HighestCard):
    """:class:`HighestCard`, but green 3 first whenever it is in hand (taken back every time)."""

    name = "green-3-again"

    def decide(self, view: KayaView) -> Action:
        for action in view.legal_actions():
            if type(action) is Play and action.card.number == 3:
                return action
        return super().decide(view)


def against_green_three_again(games: int = 1000, seed: int = 5000) -> float:
    """The win share of :class:`GreenThreeAgain` in the green seat against three counter bots,
    and how often a card it played right after taking its 3 back was challenged."""
    rules = KayaRules()
    green = rules.colors.index(Color.GREEN)
    bots = [GreenThreeAgain() if s == green else "counter" for s in range(4)]
    won = again = challenged = 0
    for game in range(games):
        final = play_game("kaya", bots, seed + game, rules)
        won += green in final.outcome.winners
        watching = took_back = False
        for event in final.events:
            if isinstance(event, PowerEvent) and event.seat == green:
                took_back = event.power == "green-return"
            elif isinstance(event, PlayEvent):
                watching = event.seat == green and took_back
                again += watching
                took_back = took_back and event.seat != green
            elif isinstance(event, ChallengeEvent) and watching:
                challenged += green in event.targets
                watching = False
    share = won / games
    low, high = wilson_interval(won, games)
    print(
        f"green-3-again vs 3 counter, {games} games: it wins {share:.1%} (95% interval "
        f"{low:.1%} to {high:.1%}; fair share 25%); {challenged} of its {again} plays right "
        f"after a take-back were challenged ({challenged / max(again, 1):.0%})"
    )
    return share


def main(games: int = 10_000, matchup_games: int = 2000) -> dict[str, float]:
    """Print and return the speed and win-rate figures."""
    figures = speed(games)
    figures["one_counter_vs_three_random"] = win_rate(matchup_games)
    figures["one_counter_vs_one_random"] = win_rate(matchup_games, players=2)
    figures["highest_card_vs_three_counter"] = against_human_like("counter")
    figures["highest_card_vs_three_random"] = against_human_like("random")
    figures["green_three_again_vs_three_counter"] = against_green_three_again()
    return figures


if __name__ == "__main__":
    main()
