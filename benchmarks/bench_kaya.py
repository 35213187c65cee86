"""Aku Paling Kaya: engine and bot speed, and the gambreng figures.

Target: 10,000 four-player games between ``counter`` bots in under 20 s on one core, with the
engine (deal, views, legal actions, apply) taking a small share of it. Times are CPU seconds of
this process (``time.process_time``) next to wall seconds: the machine may be shared.
"""

from __future__ import annotations

import random
import time

from kayalib.kaya.gambreng import expected_rounds, simulate_gambreng
from kayalib.kaya.game import KayaState
from kayalib.kaya.rules import KayaRules
from kayalib.seeds import game_seed
from kayalib.simulate import play_game, simulate


def games_speed(bot: str, games: int, seed: int = 3) -> dict[str, float]:
    """Time ``games`` four-player games with ``bot`` in every seat."""
    cpu = time.process_time()
    result = simulate("kaya", [bot] * 4, games, seed, KayaRules())
    cpu = time.process_time() - cpu
    print(
        f"{games} four-player {bot} games: {cpu:.2f} s CPU ({result.seconds:.2f} s wall), "
        f"{games / cpu:.0f} games/s; wins by seat {list(result.wins)}, mean scores "
        f"{[round(m, 2) for m in result.mean_scores]}"
    )
    return {"games": games, "cpu_seconds": cpu, "wall_seconds": result.seconds}


def engine_share(bot: str, games: int = 500, seed: int = 3, repeats: int = 3) -> float:
    """CPU seconds per game spent in the engine alone: the bots' decisions are recorded first,
    then replayed (new game, one view and its legal actions per decision, apply)."""
    from kayalib.registry import make_bot

    rules = KayaRules()
    bots = [make_bot("kaya", bot) for _ in range(4)]
    recorded = []
    for index in range(games):
        final = play_game("kaya", bots, game_seed(seed, index), rules)
        recorded.append([action for _seat, action in final.moves])
    best = float("inf")
    for _ in range(repeats):
        cpu = time.process_time()
        for index, actions in enumerate(recorded):
            state = KayaState.new(rules, game_seed(seed, index))
            for action in actions:
                state.view(state.current_player).legal_actions()
                state = state.apply(action)
        best = min(best, time.process_time() - cpu)
    decisions = sum(map(len, recorded)) / games
    per_game = best / games
    print(
        f"engine alone ({bot} decisions replayed): {per_game * 1e3:.3f} ms CPU a game, "
        f"{per_game / decisions * 1e6:.1f} us a decision ({decisions:.1f} decisions a game) "
        f"-> {per_game * 10_000:.1f} s for 10,000 games"
    )
    return per_game


def gambreng_figures(trials: int = 20_000, seed: int = 1) -> None:
    """Simulated mean rounds against the exact value for 2-6 players."""
    for players in range(2, 7):
        result = simulate_gambreng(players, trials, seed)
        exact = expected_rounds(players)
        print(
            f"gambreng {players} players: mean rounds {result.mean_rounds:.3f} "
            f"(exact {exact} = {float(exact):.3f}), first seats {list(result.first_counts)}, "
            f"{trials / result.seconds:,.0f} draws/s"
        )


def main() -> None:
    random.seed()  # the global generator must not matter; the engine never touches it
    games_speed("random", 2_000)
    engine_share("random")
    engine_share("counter")
    games_speed("counter", 10_000)
    gambreng_figures()


if __name__ == "__main__":
    main()
