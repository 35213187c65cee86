"""The language of a page the class server writes itself (not a notebook's: those read their
own address)."""

from __future__ import annotations

from tornado import web

from kayalib.i18n import DEFAULT_LANGUAGE, languages


def page_language(handler: web.RequestHandler) -> str:
    """The language of a page this server writes itself: ``?lang=``, else the browser's."""
    known = languages()
    wanted = handler.get_query_argument("lang", "")[:8]
    if wanted in known:
        return wanted
    for part in handler.request.headers.get("Accept-Language", "").split(","):
        code = part.split(";")[0].strip().lower()[:2]
        if code in known:
            return code
    return DEFAULT_LANGUAGE
