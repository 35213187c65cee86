"""Win rates in words: a bot's name in the reader's language, and two win rates compared by the
interval for their difference (lesson 07's rule, the bot lab's, the tournament's verdict).

>>> from kayalib.i18n import Translator
>>> bot_label(Translator("pl"), "bluffer 30%")  # a name, quoted where Polish declines nouns
'„blefujący 30%”'
>>> points(Translator("pl"), 0.125), points(Translator("en"), -0.125)
('+12,5', '−12.5')
"""

from __future__ import annotations

from kayalib.i18n import Translator
from kayalib.stats import difference_interval

__all__ = ["bot_label", "difference_sentence", "points"]


def bot_label(t: Translator, name: str) -> str:
    """A bot's name in the language of ``t``: ``bluffer 30%`` -> ``blefujący 30%``."""
    head, _, rest = name.partition(" ")
    if rest.endswith("%") and t.has(f"botname_{head}"):
        share = float(rest[:-1]) / 100
        return t(f"botname_{head}", p=t.percent(share, 0))
    return t(f"botname_{name}") if t.has(f"botname_{name}") else name


def points(t: Translator, value: float) -> str:
    """A difference of two rates in percentage points, with its sign."""
    text = t.number(abs(value) * 100, 1)
    return ("+" if value > 0 else "\u2212" if value < 0 else "") + text


def difference_sentence(t: Translator, bot: str, won: int, played: int, base: str,
                        base_won: int, base_played: int) -> str:  # fmt: skip
    """``bot`` (``won`` of ``played`` games) compared with ``base`` against the same opponent,
    by the 95% interval for the difference of their win rates (separate games)."""
    low, high = difference_interval(won, played, base_won, base_played)
    key = "lesson_diff_more" if low > 0 else "lesson_diff_less" if high < 0 else \
        "lesson_diff_unclear"  # fmt: skip
    rate = won / played if played else 0.0
    base_rate = base_won / base_played if base_played else 0.0
    return t(key, bot=bot_label(t, bot), base=bot_label(t, base), rate=t.percent(rate),
             base_rate=t.percent(base_rate), diff=points(t, rate - base_rate),
             low=points(t, low), high=points(t, high))  # fmt: skip
