"""JupyterHub for a school: every student logs in and lands in the kit's index, in Voila.

Run it on a school server where this repository is checked out and installed
(``pip install -c binder/requirements.txt ".[app,hub]"``, plus ``npm install -g
configurable-http-proxy``)::

    jupyterhub -f deploy/jupyterhub/jupyterhub_config.py

Each student gets a single-user server of their own (a process here; a pod on Kubernetes, see
``z2jh-values.yaml``), so students never share a kernel or a server: the class-mode guards
of ``make class`` are not needed here, the hub's login does that work. The single-user server
runs Voila as a server extension with the kit's settings (``notebooks/voila.json``: no code or
tracebacks on the pages) and its offline template.

Choose the login for your school (``c.JupyterHub.authenticator_class``): the school's accounts
through OAuth (``oauthenticator``), LDAP (``ldapauthenticator``), or ``nativeauthenticator``
for a class with no accounts. The hub's own tests use a test login instead
(``tests/server/test_jupyterhub.py``).
"""

import os
from pathlib import Path

c = get_config()  # noqa: F821 - provided by JupyterHub when it loads this file

KIT = Path(os.environ.get("KAYALIB_DIR", Path(__file__).resolve().parents[2]))
NOTEBOOKS = KIT / "notebooks"

# Students land in the kit's index, rendered by Voila (links lead to the apps and lessons).
c.Spawner.notebook_dir = str(NOTEBOOKS)
c.Spawner.default_url = "/voila/render/index.ipynb"
c.Spawner.environment = {
    "JUPYTER_PATH": str(NOTEBOOKS / ".jupyter"),  # the kit's offline Voila template
    "JUPYTER_CONFIG_PATH": str(NOTEBOOKS),  # notebooks/voila.json, as for `make app`
}
# Keep each student's server small: a kernel per open page, stopped when its page is gone.
c.Spawner.args = [
    "--MappingKernelManager.cull_idle_timeout=600",
    "--MappingKernelManager.cull_interval=60",
    "--MappingKernelManager.cull_connected=False",
]
c.Spawner.mem_limit = "1G"  # honoured by container spawners (Kubernetes, Docker)
c.Spawner.start_timeout = 120
c.Spawner.http_timeout = 90

# Stop a student's whole server after an hour without use (the jupyterhub-idle-culler service
# does this on Zero to JupyterHub; here the hub asks each server to shut itself down).
c.Spawner.args += ["--ServerApp.shutdown_no_activity_timeout=3600"]

c.JupyterHub.bind_url = os.environ.get("KAYALIB_HUB_URL", "http://:8000")
c.JupyterHub.cleanup_servers = True
