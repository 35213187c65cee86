"""A simple Aku Paling Kaya bot: always the first legal action."""

GAME = "kaya"


def make_bot():
    class First:
        name = "first"

        def choose(self, view, rng):
            return view.legal_actions()[0]

    return First()
