"""Attack: leave a grandchild behind (a new session, "sleep 600.4242") to outlive the
tournament."""

import os

GAME = "blef"
MARK = "600.4242"


def leave_a_grandchild():
    child = os.fork()
    if child == 0:
        try:
            os.setsid()
            if os.fork() == 0:
                null = os.open(os.devnull, os.O_RDWR)
                for fd in (0, 1, 2):
                    os.dup2(null, fd)
                os.closerange(3, 4096)
                os.execv("/bin/sleep", ["sleep", MARK])
        finally:
            os._exit(0)
    os.waitpid(child, 0)


class Bot:
    name = "grandparent"
    left = False

    def choose(self, view, rng):
        if not Bot.left:
            Bot.left = True
            leave_a_grandchild()
        legal = view.legal_actions()
        return legal[-1] if view.last_bid is not None else legal[0]
