"""Attack: a fork bomb, bounded so that it harms no machine: 100 processes that sleep 3 s and
end. It says how many it made (as the text of its crash)."""

import os
import time

GAME = "blef"


class Bot:
    name = "bomb"

    def choose(self, view, rng):
        made = 0
        try:
            for _ in range(100):
                if os.fork() == 0:
                    time.sleep(3)
                    os._exit(0)
                made += 1
        except OSError as error:
            raise RuntimeError(f"fork failed after {made} processes: {error}") from None
        raise RuntimeError(f"made {made} processes")
