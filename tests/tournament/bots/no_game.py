class Bot:
    name = "no game"
