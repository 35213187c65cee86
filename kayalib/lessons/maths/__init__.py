"""The lessons' numbers, without a widget: what the pages state, computed here so a test can
check each one without drawing a page.

The games' packages (:mod:`kayalib.blef`, :mod:`kayalib.kaya`) are the games, their odds,
inference and solvers; what only a lesson asks of them lives here, above the turn loop:

- :mod:`~kayalib.lessons.maths.ladder`: the ladder's odds and how fair it is (lessons 02-04);
- :mod:`~kayalib.lessons.maths.gambreng_stats`: the gambreng's rounds and shows (lesson 05);
- :mod:`~kayalib.lessons.maths.lesson_bots`: the lesson bots (``LESSON_BOTS``, which
  :mod:`kayalib.registry` makes by name);
- :mod:`~kayalib.lessons.maths.experiments` (its results shipped in ``lesson_experiments.json``)
  and :mod:`~kayalib.lessons.maths.matches`: controlled games and heads-up matches (07, 09);
- :mod:`~kayalib.lessons.maths.bayes_tables`, :mod:`~kayalib.lessons.maths.bluff_rate`: a bid
  as evidence, a class's bluff rate (08);
- :mod:`~kayalib.lessons.maths.exploitation`: best replies and the strategy grid (09, 10).
- :mod:`~kayalib.lessons.maths.uneven_round` (its figures shipped in ``uneven_round.json``):
  the round of two cards against one (10).

Nothing is imported here and nothing here imports ipywidgets.
"""
