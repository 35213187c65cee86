"""The page layer: what every page of the kit shares, the play apps and the lessons alike.

- :mod:`~kayalib.pages.kernel`: where the page's kernel runs (its address, waited for in a
  pooled kernel; no tracebacks on the page);
- :mod:`~kayalib.pages.options`: :class:`PageOptions`, every address value read and checked once;
- :mod:`~kayalib.pages.language`: the page's :class:`Language`, its switch, widgets that follow it;
- :mod:`~kayalib.pages.banner`: the one error banner;
- :mod:`~kayalib.pages.runbox`: the run box (count, Run, progress bar, result);
- :mod:`~kayalib.pages.badge`: the seed badge;
- :mod:`~kayalib.pages.widgets`: small widget helpers.

Nothing here knows a game; the apps (:mod:`kayalib.ui`) and the lessons
(:mod:`kayalib.lessons`) build on it, and it imports neither.
"""
