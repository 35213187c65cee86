"""The controlled experiments lesson 07 and 08 draw their conclusions from are shipped with the
kit (:data:`kayalib.lessons.maths.experiments.DATA_FILE`): every recorded game must be the game
its seed plays today. A sample of each experiment is played again here, and every experiment has the
thousand games a seat the lessons say."""

from __future__ import annotations

import random

import pytest

from kayalib.lessons.maths.experiments import EXPERIMENTS, GAMES, Experiment, Result, play, shipped

SAMPLE = 4
"""Games of each experiment played again (spread over its seatings, the same every run)."""


def sample(experiment: Experiment) -> list[int]:
    total = experiment.games * experiment.seatings
    rng = random.Random(experiment.name)
    per_seating = [rng.randrange(s * experiment.games, (s + 1) * experiment.games)
                   for s in range(experiment.seatings)]  # fmt: skip
    extra = rng.sample(range(total), max(0, SAMPLE - len(per_seating)))
    return sorted(set(per_seating + extra))


def mismatches(result: Result, games: list[int]) -> list[str]:
    """The sampled games whose recorded winner (or a bluffer's rounds) differ from a replay."""
    found = []
    for index in games:
        winner, rounds = play(result.experiment, index)
        if str(winner) != result.winners[index]:
            found.append(f"{result.experiment.name} game {index}: winner {winner}, recorded "
                         f"{result.winners[index]}")  # fmt: skip
        if rounds is not None and rounds != result.rounds[index]:
            found.append(f"{result.experiment.name} game {index}: rounds {rounds.row()}, "
                         f"recorded {result.rounds[index].row()}")  # fmt: skip
    return found


def test_every_experiment_is_shipped_with_a_thousand_games_a_seat() -> None:
    results = shipped()
    for experiment in EXPERIMENTS:
        result = results[experiment.name]
        assert result.experiment.games == GAMES >= 1000
        assert result.played == GAMES * experiment.seatings
        assert len(result.rounds) == (result.played if experiment.bots[0].startswith("bluffer")
                                      else 0)  # fmt: skip


FAST = [e for e in EXPERIMENTS if "cfr" not in e.bots]


@pytest.mark.parametrize("experiment", FAST, ids=lambda e: e.name)
def test_a_sample_of_the_shipped_games_plays_again_the_same(experiment: Experiment) -> None:
    result = shipped()[experiment.name]
    assert mismatches(result, sample(experiment)) == []


@pytest.mark.slow
@pytest.mark.parametrize("experiment", [e for e in EXPERIMENTS if e not in FAST],
                         ids=lambda e: e.name)  # fmt: skip
def test_a_sample_of_the_equilibrium_bots_games_plays_again_the_same(
    experiment: Experiment,
) -> None:
    result = shipped()[experiment.name]
    assert mismatches(result, sample(experiment)) == []


def test_a_changed_record_is_caught() -> None:
    result = shipped()["odds v honest"]
    index = sample(result.experiment)[0]
    flipped = "1" if result.winners[index] == "0" else "0"
    changed = Result(result.experiment,
                     result.winners[:index] + flipped + result.winners[index + 1 :])  # fmt: skip
    assert len(mismatches(changed, [index])) == 1
