"""Attack: hang while the file loads, listed first (its name sorts first). The referee waited
for start-ups one after another, each against its own deadline counted from the launch: while
it waited for this file, every later entrant's deadline passed, and each forfeited its games
without being read (its "ready" was in the pipe)."""

import time

time.sleep(600)

GAME = "blef"


class Bot:
    name = "aaa_hang"

    def choose(self, view, rng):
        return view.legal_actions()[0]
