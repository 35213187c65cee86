"""Attack: kill every other process with the same parent as this one (the other entrants'
processes, when the referee started them all itself)."""

import os
import signal

GAME = "blef"


def parent_of(pid):
    with open(f"/proc/{pid}/stat") as stat:
        return int(stat.read().rsplit(")", 1)[1].split()[1])


class Bot:
    name = "killer"

    def choose(self, view, rng):
        me, parent = os.getpid(), os.getppid()
        for name in os.listdir("/proc"):
            if name.isdigit() and int(name) != me:
                try:
                    if parent_of(name) == parent:
                        os.kill(int(name), signal.SIGKILL)
                except (OSError, ValueError, IndexError):
                    pass
        legal = view.legal_actions()
        return legal[-1] if view.last_bid is not None else legal[0]
