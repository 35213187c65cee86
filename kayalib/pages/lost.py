"""The words of the "connection lost" banner every play page carries: what a page shows when
its kernel is gone (the server restarted, the kernel died), in the page's language, and the
button that brings its game back (:mod:`kayalib.ui.resume`). The server puts them in every page
it serves (so a page whose kernel never started can say so), and the apps in their own pages;
no widget is needed for either.

>>> banner_words("pl")["button"]
'Przywróć moją grę'
"""

from __future__ import annotations

from kayalib.i18n import Translator, languages

__all__ = ["BANNER_KEYS", "all_banner_words", "banner_words"]

#: the words the banner shows (catalogue file ``server.json``)
BANNER_KEYS = (
    "resume_lost", "resume_explain", "resume_explain_page", "resume_button", "resume_reload"
)


def banner_words(lang: str) -> dict[str, str]:
    """The banner's words in ``lang``, by what they are (``lost``, ``button``...)."""
    t = Translator(lang)
    return {key.removeprefix("resume_"): t(key) for key in BANNER_KEYS}


def all_banner_words() -> dict[str, dict[str, str]]:
    """``{lang: banner words}`` for every language (the server puts them in every page)."""
    return {lang: banner_words(lang) for lang in languages()}
