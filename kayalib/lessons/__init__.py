"""The lesson pages, one module per lesson.

A lesson page is a :class:`~kayalib.lessons.kit.page.Lesson` (the generic page kit
:mod:`kayalib.lessons.kit`: prose from the catalogue, a language switch, navigation, predictions
that keep what follows hidden until the student commits a guess, exercises, steppers, charts,
simulators, tournaments). Each lesson's own drawings and widgets are in its module, named as its
catalogue file ``kayalib/i18n/<lang>/lessons/lNN.json``: :mod:`~kayalib.lessons.l01` ...
:mod:`~kayalib.lessons.l09`; :mod:`~kayalib.lessons.cards` draws the cards and tables several
lessons show. Their numbers come from the engine packages (``kayalib.lessons.maths.ladder``,
``.bayes_tables``, ``.exploitation``, ``.matches``, ``.lesson_bots``;
``kayalib.lessons.maths.gambreng_stats``, ``.counting``, ``.advice``).

Nothing is imported here: a page loads the modules it shows (and matplotlib only with a chart).
"""
