"""A broken bot: it crashes on its first move."""

GAME = "blef"


class Bot:
    name = "crasher"

    def choose(self, view, rng):
        raise ZeroDivisionError("oops, I divided by zero")
