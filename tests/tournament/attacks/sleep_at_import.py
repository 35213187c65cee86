"""Attack: sleep while the file loads (the tournament hung, with no time limit)."""

import time

time.sleep(600)

GAME = "blef"


class Bot:
    name = "sleep_at_import"

    def choose(self, view, rng):
        return view.legal_actions()[0]
