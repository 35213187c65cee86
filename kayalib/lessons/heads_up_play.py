"""Lesson 09's round player: the student against a bot, heads-up with one card each.

Every round is round 1 of a seeded two-player game (one card each), so the same page seed deals
the same cards; the bots draw from the engine's per-step generators.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import ipywidgets as widgets

from kayalib.blef.actions import CHECK
from kayalib.blef.equilibrium import HEADS_UP
from kayalib.blef.game import BlefState, CheckEvent
from kayalib.draw import blef_card_svg
from kayalib.draw.cards import card_back_svg, row_html
from kayalib.draw.charts import table_html
from kayalib.engine import turns
from kayalib.i18n import Translator
from kayalib.lessons._widgets import ErrorBox, escape, guarded
from kayalib.lessons.heads_up_bots import make_lesson_bot
from kayalib.lessons.heads_up_rounds import first_round
from kayalib.lessons.language import Localized
from kayalib.seeds import game_seed
from kayalib.words import BlefWords

__all__ = ["RoundPlayer", "bot_name", "signed"]


def bot_name(t: Translator, name: str) -> str:
    """A lesson bot's name in the language of ``t``."""
    return t(f"l09.bot_{name.replace('-', '_')}")


def signed(t: Translator, value: float, digits: int = 3) -> str:
    """A result per round with its sign (``+0.130``, ``−0.072``), written per language."""
    text = t.number(abs(value), digits)
    if round(value, digits) == 0:
        return text
    return ("+" if value > 0 else "\u2212") + text


class RoundPlayer(widgets.VBox, Localized):
    """Play heads-up rounds (one card each) against a lesson bot; you bid first in every other
    round. Only the twelve bids two cards can make true are offered. At the check both cards are
    shown, and a table keeps your results against each bot.

    >>> player = RoundPlayer(bots=("honest",), seed=3, lang="en")
    >>> while not player.over:
    ...     player.check_button.click() if player.can_check else player.bid_button.click()
    >>> player.results["honest"][1]
    1
    """

    def __init__(self, bots: Sequence[str] = ("honest", "always-bluffer", "cfr"),
                 bot: str | None = None, seed: int = 9, *, lang: str | None = None,
                 **kwargs: Any) -> None:  # fmt: skip
        self.init_language(lang)
        self.bots = list(bots)
        self.seed = seed
        self.errors = ErrorBox()
        self.opponent = widgets.Dropdown(options=[(n, n) for n in self.bots],
                                         value=bot or self.bots[0],
                                         style={"description_width": "initial"})  # fmt: skip
        self.opponent.add_class("kayalib-h2h-opponent")
        self.new_button = widgets.Button(layout={"width": "auto"})
        self.new_button.add_class("kayalib-h2h-new")
        self.table = widgets.HTML()
        self.table.add_class("kayalib-h2h-table")
        self.choice = widgets.Dropdown(layout={"width": "auto"},
                                       style={"description_width": "initial"})
        self.choice.add_class("kayalib-h2h-choice")
        self.bid_button = widgets.Button(button_style="primary", layout={"width": "auto"})
        self.bid_button.add_class("kayalib-h2h-bid")
        self.check_button = widgets.Button(button_style="warning", layout={"width": "auto"})
        self.check_button.add_class("kayalib-h2h-check")
        self.outcome = widgets.HTML()
        self.outcome.add_class("kayalib-h2h-outcome")
        self.tally = widgets.HTML()
        self.tally.add_class("kayalib-h2h-tally")
        self.results: dict[str, list[int]] = {}
        self.rounds = 0
        self.state: BlefState | None = None
        self.human = 0
        self.check: CheckEvent | None = None
        run = guarded(self.errors)
        self.new_button.on_click(run(lambda _: self.new_round()))
        self.bid_button.on_click(run(lambda _: self.bid()))
        self.check_button.on_click(run(lambda _: self.sprawdzam()))
        self.opponent.observe(run(lambda _: self.new_round()), "value")
        super().__init__([widgets.HBox([self.opponent, self.new_button]), self.table,
                          widgets.HBox([self.choice, self.bid_button, self.check_button]),
                          self.outcome, self.tally, self.errors], **kwargs)  # fmt: skip
        self.add_class("kayalib-round-player")
        self.new_round()
        self.relabel()

    # -- playing -------------------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.check is not None

    @property
    def can_check(self) -> bool:
        return not self.over and self.state is not None and bool(self.state.bids)

    def new_round(self) -> None:
        """Deal the next round; the bot moves at once if it bids first."""
        self.bot = make_lesson_bot(self.opponent.value)
        self.game_seed = game_seed(self.seed, self.rounds)
        self.state = first_round(self.game_seed)
        starter = self.state.starter
        self.human = starter if self.rounds % 2 == 0 else 1 - starter
        self.rounds += 1
        self.check = None
        self._bot_moves()
        self._show()

    def _apply(self, action: Any, seat: int) -> None:
        """The person's ``action`` (the engine checks it)."""
        assert self.state is not None
        self._record(action, self.state.apply(action, seat=seat))

    def _record(self, action: Any, after: BlefState) -> None:
        """A move was made: a check ends the round, and the page keeps showing the round as it
        was at the check (its bids and cards), not the next round the engine has dealt."""
        if action != CHECK:
            self.state = after
            return
        self.check = next(e for e in reversed(after.events) if isinstance(e, CheckEvent))
        record = self.results.setdefault(self.opponent.value, [0, 0])
        record[0] += self.check.loser != self.human
        record[1] += 1

    def _bot_moves(self) -> None:
        """The bot's moves (by the one turn loop) until the person is to act or it checks."""
        if self.over or self.state is None:
            return
        seats: list[Any] = [None, None]
        seats[1 - self.human] = self.bot
        for step in turns(self.state, seats):
            self._record(step.action, step.state)
            if self.over:
                break

    def bid(self) -> None:
        """Make the bid chosen in the list; the bot answers."""
        if self.over or self.choice.value is None:
            return
        self._apply(self.choice.value, self.human)
        self._bot_moves()
        self._show()

    def sprawdzam(self) -> None:
        """Check the bot's last bid."""
        if not self.can_check:
            return
        self._apply(CHECK, self.human)
        self._show()

    # -- showing -------------------------------------------------------------------------------

    def relabel(self) -> None:
        t = self.t
        value = self.opponent.value
        self.opponent.options = [(bot_name(t, n), n) for n in self.bots]
        self.opponent.value = value
        self.opponent.description = t("l09.opponent")
        self.new_button.description = t("l09.new_round")
        self.bid_button.description = t("l09.bid")
        self.check_button.description = t("l09.check")
        self._show()

    def _names(self, t: Translator) -> BlefWords:
        bot = bot_name(t, self.opponent.value)
        return BlefWords(t, lambda seat: t("l09.you") if seat == self.human else bot)

    def _show(self) -> None:
        if self.state is None:
            return
        t = self.t
        words = self._names(t)
        suits = words.suit_names()
        mine = self.state.hands[self.human][0]
        other = self.state.hands[1 - self.human][0]
        faces = [blef_card_svg(mine.rank, mine.suit, width=56, suit_names=suits)]
        theirs = (blef_card_svg(other.rank, other.suit, width=56, suit_names=suits)
                  if self.over else card_back_svg(width=56, label="?"))  # fmt: skip
        bids = [f"<li>{escape(words.seat(seat))}: <b>{escape(words.bid_text(bid))}</b></li>"
                for seat, bid in self.state.bids]  # fmt: skip
        if self.over:
            bids.append(f"<li>{escape(words.seat(self.check.seat))}: <b>sprawdzam!</b></li>")
        first = words.seat(self.state.starter)
        self.table.value = (
            '<div style="display:flex;gap:24px;align-items:flex-start;flex-wrap:wrap">'
            f"<div><b>{escape(t('l09.your_card'))}</b>{row_html(faces)}</div>"
            f"<div><b>{escape(t('l09.their_card'))}</b>{row_html([theirs])}</div>"
            f"<div><b>{escape(t('l09.bids_so_far', first=first))}</b>"
            f"<ol>{''.join(bids)}</ol></div></div>"
        )
        last = self.state.last_bid if self.state.bids else None
        above = -1 if last is None else last.index
        choices = [(words.bid_text(b), b) for b in HEADS_UP.bids if b.index > above]
        self.choice.options = choices
        self.choice.value = choices[0][1] if choices else None
        self.choice.description = t("l09.your_bid")
        playing = not self.over and self.state.current_player == self.human
        self.choice.disabled = self.bid_button.disabled = not (playing and choices)
        self.check_button.disabled = not (playing and self.can_check)
        if self.over:
            check = self.check
            sentence = t("l09.you_checked" if check.seat == self.human else "l09.bot_checked",
                          bid=words.bid_text(check.bid), cards=words.cards_text(check.pool),
                          verdict=t("l09.bid_true" if check.true else "l09.bid_false"))
            won = self.check.loser != self.human
            verdict = t("l09.you_won" if won else "l09.you_lost")
            colour = "#1b7f3b" if won else "#b00020"
            self.outcome.value = (f"<p>{escape(sentence)}</p><p style=\"color:{colour}\"><b>"
                                  f"{'✔' if won else '✘'} {escape(verdict)}</b> "
                                  f"{escape(t('l09.press_new'))}</p>")  # fmt: skip
        else:
            self.outcome.value = f"<i>{escape(t('l09.your_turn'))}</i>" if playing else ""
        rows = [[bot_name(t, name), t.number(played, 0), t.number(won, 0),
                 signed(t, (2 * won - played) / played)]
                for name, (won, played) in self.results.items()]  # fmt: skip
        self.tally.value = "" if not rows else table_html(
            [t("l09.opponent_column"), t("l09.rounds"), t("l09.rounds_won"),
             t("l09.result_per_round")], rows)  # fmt: skip
