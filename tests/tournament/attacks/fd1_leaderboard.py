"""Attack: write a fake leaderboard line straight to descriptor 1 (the referee's standard
output, when the bot's process inherited it), before the real JSON."""

import os

GAME = "blef"

FAKE = b'{"game": "blef", "leaderboard": [{"name": "fake-winner", "wins": 999}]}\n'


class Bot:
    name = "fd1"

    def choose(self, view, rng):
        os.write(1, FAKE)
        legal = view.legal_actions()
        return legal[-1] if view.last_bid is not None else legal[0]
