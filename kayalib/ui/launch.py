"""How a play app starts from its page address (:class:`~kayalib.pages.options.PageOptions`).

``?seed=7&lang=pl&speed=fast&bots=odds,random&size=large&hint=on`` sets the game (and each app's
own choices: ``mode=deck``, ``coins=flat``); ``?seed=7&student=12`` gives the student their own
game, with a badge saying which; ``resume=...`` brings back a game whose kernel was lost
(:mod:`kayalib.ui.resume`); ``table=...&seat=...`` opens a seat of a class table
(:mod:`kayalib.ui.remote`). Every value is checked once by the page layer: a bad value never
stops the app. It starts with the default for that value and a short notice in the student's
language.
"""

from __future__ import annotations

from typing import Any

from kayalib.i18n import Translator
from kayalib.pages.badge import badge_words
from kayalib.pages.kernel import protect_the_page
from kayalib.pages.options import PageOptions
from kayalib.table import PERSON

__all__ = ["launch_app"]


def launch_app(cls: Any, **overrides: Any) -> Any:
    """An app of class ``cls`` (a :class:`~kayalib.ui.framework.GameApp`) set from the page
    address, with notices for refused values.

    A ``resume`` token shows the game it names again (seed, seats, moves); the app then keeps
    its own token up to date in the page, so the page can bring the game back if the kernel is
    lost.
    """
    from kayalib.ui import resume

    protect_the_page()
    known = (*cls.bot_names, PERSON)
    options = PageOptions.from_environment(choices=cls.choices, bots=known)
    t = Translator(options.lang)
    notices = options.notices(t, bots=known)
    kwargs: dict[str, Any] = {
        "seed": options.game_seed, "lang": options.lang, "speed": options.speed,
        "size": options.size, "seed_fixed": options.seed is not None, **options.choices,
    }  # fmt: skip
    if options.hint is not None:
        kwargs["hint"] = options.hint
    if options.bots is not None:
        chosen = [b for b in options.bots if b in known][: cls.max_seats - 1]
        if chosen:  # an address naming no known player keeps the default opponents
            kwargs["opponents"] = chosen
    kwargs.update(overrides)
    if options.table is not None:  # a seat at a class table (kayalib.ui.remote)
        from kayalib.ui.remote import launch_at_table

        if (app := launch_at_table(cls, options, notices)) is not None:
            return app
    table = None
    if options.resume:
        try:
            saved = resume.SavedGame.decode(options.resume).for_app(cls)
            table = saved.table()
            kwargs.update(lang=saved.lang, speed=saved.speed, hint=saved.hint)
        except resume.ResumeError:
            notices.append(t("server_bad_resume"))
    app = cls(table=table, **kwargs)
    if options.seed is not None:
        app.shell.badge = lambda t: badge_words(t, options, options.game_seed)
    if notices:
        app.shell.error.show(" ".join(notices))
    resume.keep_in_page(app)
    return app
