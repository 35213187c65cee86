"""Attack: answer with an object whose __reduce__ runs code where it is unpickled (in the
referee, when replies were pickled): it writes the file named by KAYALIB_ATTACK_MARK there."""

GAME = "blef"

PAYLOAD = ("import os; open(os.environ['KAYALIB_ATTACK_MARK'], 'w')"
           ".write('this ran in the referee')")


class Payload:
    def __reduce__(self):
        return (exec, (PAYLOAD,))

    def __str__(self):
        return "pwned"


class Bot:
    name = "reduce"

    def choose(self, view, rng):
        return Payload()
