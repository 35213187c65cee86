"""A student's own server on JupyterHub: the kit's pages, and nothing a student could change.

The hub starts a Jupyter server for each student (``jupyterhub-singleuser``) that serves the
kit with Voila. A Jupyter server lets its owner do anything (JupyterLab, a terminal, any code in
a kernel, writing the notebooks it serves), so the student's server runs with the settings
of ``deploy/jupyterhub/student/jupyter_server_config.json`` (also in ``z2jh-values.yaml``):

- :class:`StudentAuthorizer`: the student may read (the pages, their kernels' models) and use
  their pages' kernels (the websocket), and nothing else: no terminal, no kernel, session or
  file made, changed or deleted through the server's API (the shared ``notebooks/`` folder is
  read-only for them), no shutting the server down;
- over the websocket, widget messages only (:data:`kayalib.server.frames.PAGE_MESSAGES`): no
  code runs from a page;
- no JupyterLab, no terminals, kernels culled as under ``make app``, and the whole server
  stopped after an hour without use.

>>> StudentAuthorizer.allows("read", "contents"), StudentAuthorizer.allows("write", "contents")
(True, False)
>>> StudentAuthorizer.allows("execute", "kernels"), StudentAuthorizer.allows("read", "terminals")
(True, False)
"""

from __future__ import annotations

from typing import Any

try:
    from jupyterhub.singleuser.extension import JupyterHubAuthorizer as _HubAuthorizer
except ImportError:  # pragma: no cover - outside a hub install: only the rules are read
    from jupyter_server.auth import Authorizer as _HubAuthorizer


class StudentAuthorizer(_HubAuthorizer):
    """The hub's check (the user may use this server), then the student's rules."""

    #: resource -> the actions a student may take on it; everything else is refused.
    RULES: dict[str, tuple[str, ...]] = {
        "contents": ("read",), "files": ("read",), "kernels": ("read", "execute"),
        "kernelspecs": ("read",), "api": ("read",), "config": ("read",), "server": ("read",),
        "sessions": ("read",), "events": ("read",), "lab": ("read",), "csp": ("read",),
    }  # fmt: skip

    @classmethod
    def allows(cls, action: str, resource: str) -> bool:
        return action in cls.RULES.get(resource, ())

    def is_authorized(self, handler: Any, user: Any, action: str, resource: str) -> bool:
        if not self.allows(action, resource):
            self.log.warning("kayalib: a student may not %s %s (%s)", action, resource,
                             handler.request.path)  # fmt: skip
            return False
        return super().is_authorized(handler, user, action, resource)
