"""A broken bot: it never answers."""

import time

GAME = "blef"


class Bot:
    name = "staller"

    def choose(self, view, rng):
        while True:
            time.sleep(1)
