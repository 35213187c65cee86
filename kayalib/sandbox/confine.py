"""The operating system's sandbox around a bot's process: bubblewrap, else ``unshare``, else none.

:func:`confinement` finds the strongest one that really works on this machine (it tries each
once, with a small Python program, and remembers), and says which protections it gives:

- ``bubblewrap`` (Debian's ``bubblewrap``): its own PID, network, IPC and mount namespaces; a
  filesystem of its own that holds only the system's programs, Python and kayalib (read-only) and
  the bot's directory (the only place it may write): no other entrant's file, no referee's file;
- ``unshare`` (util-linux): the same namespaces, but the filesystem is the machine's;
- ``none``: a plain process.

No bot ever runs as root. Run by root, each bot gets a user id of its own (its own count of
processes, no signal to any other process, no access to another entrant's directory, nor to
root's files), in each kind where Python can run as that user; a kind where it cannot is
refused with the reason (``auto`` takes the next). The limits (:mod:`kayalib.sandbox.limits`),
the clean environment and the captured output come with every kind; the limit on processes
holds for a user other than root (so for every bot a root referee starts), and everything a
bot starts is killed at the end where it has a PID namespace or a user of its own.
"""

from __future__ import annotations

import functools
import json
import os
import secrets
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

__all__ = ["KINDS", "PROTECTIONS", "Confinement", "confinement", "free_uid"]

KINDS = ("bubblewrap", "unshare", "none")
"""The sandboxes, strongest first."""

PROTECTIONS = {
    "process": "its own process, spoken to in JSON (the referee never imports the file)",
    "environment": "a clean argv and environment, and a directory holding only its file",
    "output": "its output captured",
    "limits": "limits on CPU time, memory, open files and file size",
    "processes": "a limit on its number of processes",
    "group": "everything it starts killed at the end",
    "pid": "its own PID namespace (it sees and signals no other process)",
    "network": "no network",
    "filesystem": "a filesystem of its own: the system, Python and kayalib read-only, and its "
                  "own directory (no other entrant's file)",
    "user": "a user id of its own",
}
"""Every protection a bot's process may run with, in words for the report."""

_GIVES = {"bubblewrap": ("pid", "network", "filesystem"), "unshare": ("pid", "network"),
          "none": ()}  # fmt: skip

BOT_DIR = "/bot"
"""Where the bot's own directory is inside bubblewrap."""
LIB_DIR = "/sandbox/lib"
"""Where kayalib is inside bubblewrap (``LIB_DIR/kayalib``, read-only)."""
KAYALIB = Path(__file__).resolve().parents[1]


def free_uid() -> int:
    """A user id that no account of this machine has (for one bot's process)."""
    import pwd

    while True:
        uid = 100_000 + secrets.randbelow(1_000_000_000)
        try:
            pwd.getpwuid(uid)
        except KeyError:
            return uid


@dataclass(frozen=True)
class Confinement:
    """One kind of sandbox (``bubblewrap``, ``unshare`` or ``none``), the ``protections`` it gives
    here, whether each bot runs as a user of its own (``own_user``), and ``why`` a stronger kind
    was not used."""

    kind: str
    own_user: bool
    why: str = ""
    unset: tuple[str, ...] = ()
    """The limits this system would not set (none on Linux)."""

    @property
    def protections(self) -> tuple[str, ...]:
        limited = ("limits",) if not {"cpu", "memory", "file size"} & set(self.unset) else ()
        # root's processes are not counted against a limit: only a user of its own is
        counted = (("processes",) if (self.own_user or not _is_root())
                   and "processes" not in self.unset else ())  # fmt: skip
        group = ("group",) if self.pid_namespace or self.own_user else ()
        return ("process", "environment", "output", *limited, *counted, *group,
                *_GIVES[self.kind], *(("user",) if self.own_user else ()))  # fmt: skip

    @property
    def pid_namespace(self) -> bool:
        return self.kind != "none"

    def bot_dir(self, host_dir: Path) -> str:
        """The bot's directory as the bot sees it."""
        return BOT_DIR if self.kind == "bubblewrap" else str(host_dir)

    def lib_dir(self) -> str:
        """Where the bot's Python finds kayalib."""
        return LIB_DIR if self.kind == "bubblewrap" else str(KAYALIB.parent)

    def command(self, host_dir: Path, program: list[str]) -> list[str]:
        """The command that runs ``program`` (Python and its arguments) in this sandbox, with
        ``host_dir`` as the bot's working directory."""
        if self.kind == "bubblewrap":
            return [*_bubblewrap(host_dir), *program]
        if self.kind == "unshare":
            user = [] if os.geteuid() == 0 else ["--user", "--map-root-user"]
            return [_program("unshare"), *user, "--pid", "--net", "--ipc", "--uts", "--mount",
                    "--fork", "--kill-child", "--mount-proc", "--", *program]  # fmt: skip
        return list(program)

    def to_json(self) -> dict[str, object]:
        return {"kind": self.kind, "protections": list(self.protections), "why": self.why,
                "limits_not_set": list(self.unset)}  # fmt: skip

    def describe(self) -> str:
        """The sandbox in a sentence (for the tournament's report)."""
        gives = "; ".join(PROTECTIONS[name] for name in self.protections)
        if self.unset:
            gives += f"; limits this system does not set: {', '.join(self.unset)}"
        if self.kind == "none":
            missing = "no OS sandbox" + (f" ({self.why})" if self.why else "")
            return f"{missing}: {gives}; a bot can see other processes and read what its user may"
        return f"{self.kind}: {gives}"


def _program(name: str) -> str:
    """``name``'s full path, found where the referee finds programs (a bot's PATH is short)."""
    return shutil.which(name) or name


def _is_root() -> bool:
    return os.name == "posix" and os.geteuid() == 0


def _ancestors(path: str) -> list[str]:
    parts = Path(path).parts[1:-1]
    return ["/" + "/".join(parts[: i + 1]) for i in range(len(parts))]


def _bubblewrap(host_dir: Path) -> list[str]:
    root = os.geteuid() == 0
    args = [_program("bwrap"), "--unshare-pid", "--unshare-net", "--unshare-ipc", "--unshare-uts",
            "--unshare-cgroup-try", "--die-with-parent"]  # fmt: skip
    if root:  # root keeps only what it needs to become the bot's own user
        args += ["--cap-drop", "ALL", "--cap-add", "CAP_SETUID", "--cap-add", "CAP_SETGID"]
    else:
        args += ["--unshare-user", "--disable-userns"]
    args += ["--ro-bind", "/usr", "/usr"]
    for top in ("/bin", "/sbin", "/lib", "/lib32", "/lib64"):
        if os.path.islink(top):
            args += ["--symlink", os.readlink(top), top]
        elif os.path.isdir(top):
            args += ["--ro-bind", top, top]
    args += ["--proc", "/proc", "--dev", "/dev", "--tmpfs", "/tmp"]
    python = {os.path.realpath(p) for p in (sys.prefix, sys.base_prefix, sys.exec_prefix,
                                            os.path.dirname(os.path.dirname(sys.executable)))}
    binds = sorted(p for p in python if not p.startswith("/usr/") and p != "/usr")
    binds = [p for p in binds if not any(p.startswith(q + "/") for q in binds)]
    args += ["--perms", "0755", "--dir", "/etc"]
    made = {"/usr", "/tmp", "/proc", "/dev", "/etc"}
    for directory in sorted({a for p in [*binds, LIB_DIR + "/kayalib"] for a in _ancestors(p)},
                            key=lambda p: p.count("/")):  # fmt: skip
        if directory not in made:
            args += ["--perms", "0755", "--dir", directory]
            made.add(directory)
    for path in binds:
        args += ["--ro-bind", path, path]
    for name in ("/etc/ld.so.cache", "/etc/localtime"):
        args += ["--ro-bind-try", name, name]
    args += ["--ro-bind", str(KAYALIB), LIB_DIR + "/kayalib"]
    args += ["--bind", str(host_dir), BOT_DIR, "--chdir", "/", "--hostname", "bot", "--"]
    return args


_PROBE = (
    "import json, os, sys\n"
    "sys.path.insert(0, sys.argv[2])\n"
    "from kayalib.sandbox.limits import Limits\n"
    "unset = Limits().apply()\n"
    "uid = int(sys.argv[1])\n"
    "if uid >= 0:\n"
    "    os.setgroups([]); os.setgid(uid); os.setuid(uid)\n"
    "os.chdir(sys.argv[3])\n"
    "import kayalib.sandbox.runner, kayalib.registry\n"
    "kayalib.registry.game('blef')\n"
    "print(json.dumps(unset))\n"
)


def _works(kind: str, own_user: bool) -> tuple[str, ...] | None:
    """The limits not set, when a bot's Python really runs in ``kind`` (as a user of its own, if
    asked) as the runner starts it; ``None`` when it does not run."""
    with tempfile.TemporaryDirectory(prefix="kayalib-probe-") as folder:
        uid = free_uid() if own_user else -1
        if own_user:
            os.chown(folder, uid, uid)
        box = Confinement(kind, own_user)
        program = [sys.executable, "-I", "-B", "-c", _PROBE, str(uid), box.lib_dir(),
                   box.bot_dir(Path(folder))]
        try:
            done = subprocess.run(box.command(Path(folder), program), cwd=folder,
                                  env=clean_environment(box.bot_dir(Path(folder))),
                                  stdin=subprocess.DEVNULL, capture_output=True, timeout=30,
                                  start_new_session=True)  # fmt: skip
        except (OSError, subprocess.SubprocessError):
            return None
        if done.returncode != 0:
            return None
        try:
            return tuple(json.loads(done.stdout))
        except ValueError:
            return None


def clean_environment(home: str) -> dict[str, str]:
    """The whole environment of a bot's process: no seed, no path of the referee's."""
    return {"PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": home, "TMPDIR": home,
            "LANG": "C.UTF-8", "PYTHONIOENCODING": "utf-8", "OPENBLAS_NUM_THREADS": "1",
            "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1"}  # fmt: skip


@functools.cache
def confinement(kind: str = "auto") -> Confinement:
    """The sandbox bots run in: ``kind`` itself (``bubblewrap``, ``unshare`` or ``none``), or for
    ``auto`` the strongest that works here. Each is tried once.

    No bot ever runs as root: when this process is root, a kind works only if a bot runs in it
    as a user of its own (:func:`free_uid`), so that file permissions and the process limit
    hold for it; a kind where it cannot (its Python or kayalib not readable by another user,
    say) is refused with the reason (ArgumentError), and ``auto`` goes on to the next."""
    from kayalib.errors import ArgumentError

    if kind not in ("auto", *KINDS):
        raise ArgumentError(f"a sandbox is auto, {', '.join(KINDS)}, not {kind!r}")
    posix = os.name == "posix" and hasattr(os, "setuid")
    root = posix and os.geteuid() == 0
    tried = []
    for candidate in KINDS if kind == "auto" else (kind,):
        program = {"bubblewrap": "bwrap", "unshare": "unshare"}.get(candidate)
        if program is not None and (not posix or shutil.which(program) is None):
            tried.append(f"no {program}")
            continue
        if candidate == "none" and kind == "auto" and not root:
            return Confinement("none", False, "; ".join(tried))  # the plain process always runs
        unset = _works(candidate, own_user=root)
        if unset is not None:
            return Confinement(candidate, root, "; ".join(tried), unset)
        tried.append(f"{candidate} cannot run a bot as a user other than root here (its Python "
                     "or kayalib is not readable by other users)" if root
                     else f"{candidate} does not run here")  # fmt: skip
    if kind != "auto":
        raise ArgumentError(f"the {kind} sandbox does not work here ({'; '.join(tried)})"
                            + ("; a bot never runs as root: use bubblewrap, or run the "
                               "tournament as a user other than root" if root else ""))
    raise ArgumentError(f"no sandbox here can run a bot file as a user other than root "
                        f"({'; '.join(tried)}); run the tournament as a user other than root")
