"""JupyterHub for a school: every student logs in and lands in the kit's index, in Voila.

Run it on a school server where kayalib is installed with the hub's extra (``pip install
"kayalib[class,hub]"``, from its wheel or the package index, plus ``npm install -g
configurable-http-proxy``), as an ordinary user, not root::

    export KAYALIB_HUB_PASSWORD='the class password, 8 characters or more'
    export KAYALIB_HUB_ADMIN_PASSWORD='the teacher password, 32 characters or more'
    jupyterhub -f deploy/jupyterhub/jupyterhub_config.py

Who may log in (JupyterHub's ``SharedPasswordAuthenticator``):

- the students named in ``deploy/jupyterhub/roster.txt`` (one name a line;
  ``KAYALIB_HUB_ROSTER`` names another file), each with the class password;
- the teacher (``KAYALIB_HUB_ADMIN``, default ``teacher``) with the teacher password, as the
  hub's admin: ``/hub/admin`` lists the students and starts and stops their servers.

Anyone who knows the class password can log in under any name of the roster: this login keeps
out everyone else, not one student from another's page. For a password per student use the
school's accounts (``oauthenticator``, ``ldapauthenticator``) or ``nativeauthenticator`` as
``z2jh-values.yaml`` does.

Each student gets a server of their own (here a process running as the hub's user; on
Kubernetes a pod, see ``z2jh-values.yaml``) that opens the kit's index in Voila, with the rules
of :mod:`kayalib.server.hub` (``student/jupyter_server_config.json``): no JupyterLab, no
terminal, no code from a page, and the class's shared notebooks read-only: the notebooks, the
Voila settings and the template the installed package ships (:mod:`kayalib.package_data`),
never a path into a checkout. The kit's tests run this file as it is
(``tests/server/test_jupyterhub.py``).

The class tables run as the hub service ``tables`` (``kayalib.server.table_alone``): students
join at ``/services/tables/kayalib/join`` (through the hub's login: their login is their
nickname) and play at one table from their own servers. The service prints the teacher's
dashboard address in the hub's log (``KAYALIB_TABLES_KEY`` sets its key; new at every start
otherwise). Its store is ``KAYALIB_TABLES_STORE`` (default ``./class-tables.sqlite``), kept
across restarts; ``KAYALIB_TABLES_URL`` is where it listens (default
``http://127.0.0.1:10101``).
"""

import os
import sys
from pathlib import Path

from kayalib.package_data import jupyter_data_folder, notebooks_folder

c = get_config()  # noqa: F821 - provided by JupyterHub when it loads this file

HERE = Path(__file__).resolve().parent
NOTEBOOKS = notebooks_folder()  # the installed package's, with its voila.json
ROSTER = Path(os.environ.get("KAYALIB_HUB_ROSTER", HERE / "roster.txt"))
TEACHER = os.environ.get("KAYALIB_HUB_ADMIN", "teacher")


def roster(path: Path) -> set[str]:
    lines = (line.strip() for line in path.read_text("utf-8").splitlines())
    return {line.lower() for line in lines if line and not line.startswith("#")}


for name in ("KAYALIB_HUB_PASSWORD", "KAYALIB_HUB_ADMIN_PASSWORD"):
    if not os.environ.get(name):
        sys.exit(f"kayalib: set {name} before starting the hub (see {__file__})")

# The login: the roster with the class password, the teacher with the teacher password.
c.JupyterHub.authenticator_class = "shared-password"
c.SharedPasswordAuthenticator.user_password = os.environ["KAYALIB_HUB_PASSWORD"]
c.SharedPasswordAuthenticator.admin_password = os.environ["KAYALIB_HUB_ADMIN_PASSWORD"]
c.Authenticator.allowed_users = roster(ROSTER)
c.Authenticator.admin_users = {TEACHER}

# A server per student, as a process of the hub's user, its home folder under ./homes.
c.JupyterHub.spawner_class = "simple"
c.SimpleLocalProcessSpawner.home_dir_template = str(Path.cwd() / "homes" / "{username}")
c.Spawner.notebook_dir = str(NOTEBOOKS)  # shared by the class, read-only for the students
c.Spawner.default_url = "/voila/render/index.ipynb"  # the kit's index, in Voila
c.Spawner.environment = {
    "JUPYTER_PATH": str(jupyter_data_folder()),  # the kit's offline Voila template
    # the package's voila.json (as for `kayalib app`) and the student's rules (kayalib.server.hub)
    "JUPYTER_CONFIG_PATH": os.pathsep.join([str(NOTEBOOKS), str(HERE / "student")]),
}
c.Spawner.mem_limit = "1G"  # honoured by container spawners (Kubernetes, Docker)
c.Spawner.start_timeout = 120
c.Spawner.http_timeout = 90
# A class logs in at once: the hub starts up to this many servers at the same time.
c.JupyterHub.concurrent_spawn_limit = 100

c.JupyterHub.bind_url = os.environ.get("KAYALIB_HUB_URL", "http://:8000")

# The class tables: a hub service; the students' kernels reach it directly (with their
# server's hub token), their browsers through the hub's proxy and login.
TABLES_URL = os.environ.get("KAYALIB_TABLES_URL", "http://127.0.0.1:10101")
tables_env = {"KAYALIB_TABLES_KEY": os.environ.get("KAYALIB_TABLES_KEY", "")}
c.JupyterHub.services = [{
    "name": "tables",
    "url": TABLES_URL,
    "command": [sys.executable, "-m", "kayalib.server.table_alone", "--store",
                os.environ.get("KAYALIB_TABLES_STORE", str(Path.cwd() / "class-tables.sqlite"))],
    "environment": {k: v for k, v in tables_env.items() if v},
    "oauth_no_confirm": True,
}]
c.Spawner.environment["KAYALIB_CLASS_URL"] = TABLES_URL + "/services/tables/"
# every user may log in to the tables' join page (the hub's own "user" role, plus the service)
c.JupyterHub.load_roles = [{"name": "user", "scopes": ["self", "access:services!service=tables"]}]
c.JupyterHub.cleanup_servers = True
