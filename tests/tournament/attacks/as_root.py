"""Attack: use the referee's user. Run by a referee that is root, a bot of the ``unshare`` or
``none`` sandbox ran as root: it read ``/etc/shadow`` and wrote into ``/usr`` and ``/root``.
This bot says which user it is and what it could do (as the text of its crash, which the
report shows), touching nothing that matters: it writes only a file of its own name, and
removes it."""

import os

GAME = "blef"


def tried():
    found = [f"uid={os.getuid()}", f"euid={os.geteuid()}"]
    try:
        with open("/etc/shadow", "rb") as handle:
            handle.read(1)
        found.append("read /etc/shadow")
    except OSError:
        pass
    for folder in ("/usr", "/root", "/etc"):
        mark = os.path.join(folder, f"kayalib-as-root-{os.getpid()}")
        try:
            with open(mark, "w") as handle:
                handle.write("x")
            os.remove(mark)
            found.append(f"wrote in {folder}")
        except OSError:
            pass
    return found


class Bot:
    name = "as_root"

    def choose(self, view, rng):
        raise RuntimeError("as_root: " + " ".join(tried()))
