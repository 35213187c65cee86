"""A lesson page: its prose from the catalogue, a language switch, navigation and gates.

One source per lesson: the notebook says *what* comes in which order (``lesson.say("key")``,
widgets), every word is in ``kayalib/i18n/<lang>/lessons/lNN.json``. Adding a language means
adding those files, never copying a notebook. The page opens in the language of ``?lang=`` (Voila
passes the address as ``QUERY_STRING``) and the switch at the top redraws everything in place.

The order a student meets things in is the page's order, and each step waits for the one
before it (:mod:`~kayalib.lessons.kit.gate`): after ``lesson.predict(...)`` everything stays
hidden (not even built) until the student commits a prediction, which shows only the guess;
after ``lesson.simulate(...)`` everything waits until the student has simulated, and only then
does the prediction show the exact value, followed by its derivation; after exercises, what
depends on their answers waits until they are answered (or their solutions shown). Lesson pages
show sentences and pictures, never code.
"""

from __future__ import annotations

import inspect
import random
import textwrap
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from html import escape
from typing import TYPE_CHECKING, Any
from urllib.parse import urlencode

import ipywidgets as widgets

from kayalib.errors import KayalibError, UnknownNameError
from kayalib.i18n import Translator
from kayalib.lessons.kit.gate import Gate
from kayalib.lessons.kit.predict import Prediction
from kayalib.pages.badge import SeedBadge
from kayalib.pages.banner import banner_html
from kayalib.pages.language import PAGE, LanguageSwitch, Localized, Text, fill, set_language
from kayalib.pages.options import PageOptions
from kayalib.pages.widgets import page_script

if TYPE_CHECKING:
    from kayalib.lessons.kit.exit_ticket import ExitQuestion

__all__ = [
    "LESSONS",
    "PREREQUISITES",
    "Code",
    "Gated",
    "Lesson",
    "LessonOrderError",
    "LiveHTML",
    "Prose",
    "Segment",
    "markdown",
]

LESSONS: tuple[tuple[str, str], ...] = (
    ("index", "index"),
    ("01", "01-aku-paling-kaya-step-by-step"),
    ("02", "02-blef-step-by-step"),
    ("03", "03-how-likely-is-my-bid"),
    ("04", "04-is-the-ladder-fair"),
    ("05", "05-gambreng"),
    ("06", "06-card-counting"),
    ("07", "07-bots-and-bluffing"),
    ("08", "08-a-bid-is-evidence"),
    ("09", "09-how-often-should-you-bluff"),
    ("10", "10-many-equilibria-one-value"),
)
"""``(number, notebook name without .ipynb)`` in reading order; keys are ``l<number>.<name>``."""

PREREQUISITES: dict[str, tuple[str, ...]] = {
    "01": (),
    "02": (),
    "03": ("02",),
    "04": ("03",),
    "05": (),
    "06": ("01",),
    "07": ("03", "05"),
    "08": ("03",),
    "09": ("07", "08"),
    "10": ("09",),
}
"""The lessons each lesson builds on (shown on the index and in each lesson's header): 03 and 04
count Blef bids, 05 explains gambreng itself and the 95% interval that 07 reads, 06 counts the
cards of Aku Paling Kaya, 08 listens to bids counted in 03, 09 plays 07's bots with 08's
reading of bids, and 10 is the second part of 09."""


class LessonOrderError(KayalibError):
    """A lesson page built in an order the kit does not allow (a prediction that no simulation
    settles, a simulation with nothing to wait for)."""

STYLE = """<style>
.kayalib-table{border-collapse:collapse;margin:4px 0}
.kayalib-table td,.kayalib-table th{border:1px solid #ccc;padding:2px 8px;text-align:left}
.kayalib-prose{max-width:52em;line-height:1.5}
figure details,.widget-html-content{max-width:100%;overflow-x:auto}
.kayalib-scroll{max-width:100%;overflow-x:auto;
 background-image:linear-gradient(to right,#fff 30%,rgba(255,255,255,0)),
  linear-gradient(to left,#fff 30%,rgba(255,255,255,0)),
  radial-gradient(farthest-side at 0 50%,rgba(0,0,0,.3),rgba(0,0,0,0)),
  radial-gradient(farthest-side at 100% 50%,rgba(0,0,0,.3),rgba(0,0,0,0));
 background-position:left center,right center,left center,right center;
 background-size:40px 100%,40px 100%,14px 100%,14px 100%;background-repeat:no-repeat;
 background-attachment:local,local,scroll,scroll}
.kayalib-prose table{border-collapse:collapse}
.kayalib-prose td,.kayalib-prose th{border:1px solid #ccc;padding:2px 8px}
.kayalib-code pre{background:#f6f8fa;padding:8px 12px;border-radius:4px;max-width:52em;
 overflow-x:auto;font-size:13px}
.kayalib-nav{font-size:15px}
.kaya-error-text{color:#b00020}
.widget-html a,.widget-htmlmath a{color:#0b5cad;text-decoration:underline}
.widget-html a:visited{color:#5b2c91}
.widget-radio-box label{height:auto;min-height:var(--jp-widgets-radio-item-height);
 line-height:1.35;white-space:normal;display:flex;flex-direction:row-reverse;
 justify-content:flex-end;align-items:flex-start;gap:4px;margin:3px 0}
.widget-radio-box input{flex:none;margin-top:3px}
.widget-select-multiple select{min-width:4em}
.widget-button.jupyter-button{width:auto;min-width:var(--jp-widgets-inline-width-short);
 padding:0 12px}
@media (max-width:700px){.widget-hbox{flex-wrap:wrap;gap:4px 0}}
.jupyter-button.mod-warning{background-color:#b45309}
.jupyter-button.mod-warning:hover:enabled,.jupyter-button.mod-warning:active:enabled
 {background-color:#92400e}
</style>"""


def canonical(values: dict[str, Any]) -> str:
    """The figures of a page part as language-neutral text (what nbval compares in every
    language): fractions as ``a/b``, floats with 6 significant digits.

    >>> from fractions import Fraction
    >>> canonical({"p": Fraction(445, 1771), "x": 0.251270468661773, "n": 134596})
    'n = 134596; p = 445/1771; x = 0.25127'
    """

    def one(value: Any) -> str:
        if isinstance(value, float):
            return f"{value:.6g}"
        if isinstance(value, (list, tuple)):
            return "[" + ", ".join(one(v) for v in value) + "]"
        return str(value)

    return "; ".join(f"{key} = {one(values[key])}" for key in sorted(values)
                     if not callable(values[key]))  # fmt: skip


class _Checked(widgets.Widget):
    """A widget whose plain-text form (hidden behind the widget on a page) states its figures."""

    plain: str | None = None

    def _repr_mimebundle_(self, **kwargs: object) -> object:
        data = super()._repr_mimebundle_(**kwargs)
        if self.plain is not None and isinstance(data, dict):
            data["text/plain"] = self.plain
        return data


def markdown(text: str) -> str:
    """Catalogue prose (Markdown) as HTML."""
    import mistune

    html = mistune.html(text)
    if not isinstance(html, str):  # the HTML renderer gives text (a syntax tree needs none)
        raise TypeError(f"mistune gave {type(html).__name__}, not HTML")
    return html


def inline_markdown(text: str) -> str:
    """One paragraph of Markdown as HTML without the ``<p>`` around it."""
    html = markdown(text).strip()
    if html.startswith("<p>") and html.endswith("</p>") and html.count("<p>") == 1:
        html = html[3:-4]
    return html


class Prose(_Checked, widgets.HTML, Localized):
    """A block of catalogue prose (Markdown), its figures filled in and written per language.

    ``values`` are numbers (formatted by :func:`~kayalib.pages.language.fill`) or functions
    of the translator (words that follow the language switch).
    """

    def __init__(self, key: str, *, lang: str | None = None, **values: Any) -> None:
        super().__init__(value="")
        self.init_language(lang)
        self.key = key
        self.values = values
        self.add_class("kayalib-prose")
        self.relabel()

    def text(self) -> str:
        """The prose as plain Markdown, in the current language, figures filled in."""
        return fill(self.t, self.t(self.key), **self.values)

    def relabel(self) -> None:
        self.value = markdown(self.text())


class Code(widgets.HTML):
    """Python source shown as highlighted text (the code a Voila reader cannot otherwise see)."""

    def __init__(self, source: str | Callable[..., Any]) -> None:
        from pygments import highlight
        from pygments.formatters import HtmlFormatter
        from pygments.lexers import PythonLexer

        text = source if isinstance(source, str) else _without_docstring(source)
        self.source = textwrap.dedent(text).strip() + "\n"
        formatter = HtmlFormatter(noclasses=True, nobackground=True)
        html = highlight(self.source, PythonLexer(), formatter)
        super().__init__(value=html)
        self.add_class("kayalib-code")


def _without_docstring(function: Callable[..., Any]) -> str:
    """A function's source without its docstring (the page explains it in the reader's language)."""
    import ast

    lines = textwrap.dedent(inspect.getsource(function)).splitlines()
    tree = ast.parse("\n".join(lines))
    body = tree.body[0].body if tree.body and hasattr(tree.body[0], "body") else []
    if body and isinstance(body[0], ast.Expr) and isinstance(getattr(body[0], "value", None),
                                                              ast.Constant):  # fmt: skip
        first, last = body[0].lineno - 1, body[0].end_lineno or body[0].lineno
        lines = lines[:first] + lines[last:]
    return "\n".join(lines)


class Gated(_Checked, widgets.VBox):
    """Empty until :meth:`reveal`; then it builds its content (nothing hidden sits in the page)."""

    def __init__(self, build: Callable[[], widgets.Widget]) -> None:
        super().__init__([])
        self.build = build
        self.content: widgets.Widget | None = None
        self.add_class("kayalib-gated")

    @property
    def revealed(self) -> bool:
        return self.content is not None

    def reveal(self) -> None:
        """Build the content and show it (once)."""
        if self.content is None:
            self.content = self.build()
            self.children = (self.content,)


class LiveHTML(widgets.HTML, Localized):
    """HTML drawn by ``render(t)``, drawn again when the language changes."""

    def __init__(self, render: Callable[[Translator], str], *, lang: str | None = None) -> None:
        super().__init__(value="")
        self.render = render
        self.init_language(lang)
        self.relabel()

    def relabel(self) -> None:
        self.value = self.render(self.t)


@dataclass(frozen=True)
class Segment:
    """A stretch of a lesson in class, declared on the page (``lesson.segment(...)``) so the
    plan's timing table and the worksheets follow the page: ``name`` (the plan's words are
    ``p<NN>.seg_<name>``), its ``minutes`` in a one-period lesson (0: left out of it, for
    homework or a second period), its minutes in the two-period variant (``two_periods``, when
    the lesson has one), and ``start``, the index of the page's first part in it."""

    name: str
    minutes: int
    two_periods: int | None
    start: int


ROLES = ("say", "show", "predict", "simulate", "exercise", "exit")
"""What a page part is: prose, a widget or table, a prediction (a gate until committed), a
simulation (a gate until simulated), an exercise (a gate until answered), a question of the
exit ticket (an exercise that keeps the first answer; in class mode, handed in)."""


class Lesson:
    """One lesson page. ``Lesson("03")`` reads ``?lang=`` / ``?seed=`` / ``?solutions=``.

    >>> page = Lesson("03", query="lang=pl&seed=5")
    >>> page.t.lang, page.seed(1) == page.seed(1), page.seed(1) != page.seed(2)
    ('pl', True, True)
    """

    def __init__(self, number: str, *, query: str | None = None) -> None:
        numbers = [n for n, _ in LESSONS]
        if number not in numbers:
            raise UnknownNameError(f"no lesson {number!r}; the lessons are {', '.join(numbers)}")
        self.number = number
        self.position = numbers.index(number)
        self.options = PageOptions.from_environment() if query is None else PageOptions.parse(
            query)  # fmt: skip
        set_language(self.options.lang)
        self.start_parts()

    def start_parts(self) -> None:
        """An empty page: no part, no gate, no prediction waiting (a page that is not a
        numbered lesson, such as the bot lab, starts here too)."""
        self.gate: Gate | None = None
        self._exercises: list[Gate] = []
        self._unsettled: list[Prediction] = []
        self.parts: list[widgets.Widget] = []
        self.roles: list[str] = []
        """What each part is (:data:`ROLES`), beside :attr:`parts`."""
        self.segments: list[Segment] = []
        self.sheet_questions: dict[int, Text] = {}
        """Part index -> an exercise's question as the student's worksheet prints it, where it
        differs from the page's (an exercise that states an earlier one's answer)."""
        self.predictions: list[Prediction] = []
        self.exit_questions: list[ExitQuestion] = []
        """The exit ticket's questions built so far, in page order."""
        self._exit_names: list[str] = []
        self._paired = False

    @property
    def t(self) -> Translator:
        return PAGE.t

    def key(self, name: str) -> str:
        return f"l{self.number}.{name}"

    def text(self, name: str, *, html: bool = False, **values: Any) -> Text:
        """Words of this lesson as :data:`Text` (for widgets' labels; ``html=True``: the inline
        Markdown of a question or a working made HTML)."""
        key = self.key(name)
        if html:
            return lambda t: inline_markdown(fill(t, t(key), **values))
        return lambda t: fill(t, t(key), **values)

    def seed(self, default: int) -> int:
        """The seed for one simulator: ``default``, or derived from the class seed ``?seed=``
        (from the student's own seed with ``&student=``: see :class:`PageOptions`)."""
        seed = self.options.seed_in_use
        if seed is None:
            return default
        return random.Random(f"kayalib-lesson:{seed}:{default}").getrandbits(31)

    # ------------------------------------------------------------------ page parts

    def _gate(self, *, exercise: bool = False) -> Gate | None:
        """The gate a new part waits for: exercises in a row wait for the same gate, and what
        comes after them waits for all of them."""
        if self._exercises and not exercise:
            self.gate, self._exercises = Gate.all(self._exercises), []
        return self.gate

    def segment(self, name: str, minutes: int, *, two_periods: int | None = None) -> None:
        """Start the stretch of the lesson called ``name``: ``minutes`` of a 45-minute period
        (see :class:`Segment`). Nothing shows on the page; the plan's timing table and the
        worksheets are read from these."""
        for value in (minutes, two_periods):
            if value is not None and (isinstance(value, bool) or not isinstance(value, int)
                                      or value < 0):  # fmt: skip
                raise LessonOrderError(f"a segment lasts a whole number of minutes, not {value!r}")
        if any(segment.name == name for segment in self.segments):
            raise LessonOrderError(f"lesson {self.number} has two segments called {name!r}")
        self.segments.append(Segment(name, minutes, two_periods, len(self.parts)))

    def _add(self, build: Callable[[], widgets.Widget],
             check: dict[str, Any] | None = None, *, relay: Gate | None = None,
             exercise: bool = False, role: str = "show") -> widgets.Widget:  # fmt: skip
        """Add a part built by ``build`` now or when its gate opens; ``relay`` opens when the
        built widget's own ``gate`` does (a simulation, an exercise)."""
        gate = self._gate(exercise=exercise)
        teacher = self.options.teacher

        def linked() -> widgets.Widget:
            widget = build()
            if relay is not None:
                own: Gate = widget.gate
                if teacher:  # the teacher's screen: a simulator shows its exact value at once
                    own.open()
                relay.follow(own)
            return widget

        if gate is None or gate.opened or teacher:
            part = linked()
            if check is not None and not isinstance(part, _Checked):
                built = part
                part = Gated(lambda: built)
                part.reveal()
        else:
            part = Gated(linked)
            gate.on_open(part.reveal)
        if check is not None:
            part.plain = canonical(check)
        self.parts.append(part)
        self.roles.append(role)
        return part

    def say(self, name: str, *, check: bool = False, **values: Any) -> widgets.Widget:
        """The prose block ``l<number>.<name>`` (hidden until the last prediction is in).

        ``check=True``: the cell's plain-text output states the figures (for nbval)."""
        return self._add(lambda: Prose(self.key(name), **values), values if check else None,
                         role="say")  # fmt: skip

    def show(self, build: Callable[[], widgets.Widget],
             check: dict[str, Any] | None = None) -> widgets.Widget:  # fmt: skip
        """A widget built by ``build`` now, or when the last prediction is committed;
        ``check``: figures its plain-text output states (for nbval)."""
        return self._add(build, check)

    def html(self, render: Callable[[Translator], str],
             check: dict[str, Any] | None = None) -> widgets.Widget:  # fmt: skip
        """HTML drawn by ``render(t)`` in the current language (a table, a list)."""
        return self._add(lambda: LiveHTML(render), check)

    def code(self, source: str | Callable[..., Any]) -> widgets.Widget:
        """Code shown as highlighted text (for the write-a-bot lab: lesson pages show none)."""
        return self._add(lambda: Code(source))

    def predict(self, name: str, *, figures: dict[str, Any] | None = None,
                reveal_at_commit: bool = False, **options: Any) -> widgets.Widget:  # fmt: skip
        """A prediction (question ``l<number>.<name>``, ``figures`` filled into its
        placeholders); what follows waits for it. In class mode the locked guess goes to the
        teacher's dashboard as ``(number, name)``. Its answer is shown when the next
        :meth:`simulate` is done (``reveal_at_commit=True``: at the commit, for a question that
        no simulation settles)."""
        question = self.text(name, html=True, **(figures or {}))
        options.setdefault("share_as", (self.number, name))  # in class mode, to the dashboard
        prediction = Prediction(question, key=self.options.teacher,
                                reveal_at_commit=reveal_at_commit, **options)  # fmt: skip
        self.predictions.append(prediction)
        part = self._add(lambda: prediction, role="predict")
        self.gate = prediction.gate
        if not reveal_at_commit:
            self._unsettled.append(prediction)
        return part

    def _check_settled(self) -> None:
        if self._unsettled:
            question = self._unsettled[0].say(self._unsettled[0].question_text)
            raise LessonOrderError(f"lesson {self.number}: no simulation settles the prediction "
                                   f"{question[:60]!r} (add lesson.simulate, or predict with "
                                   "reveal_at_commit=True)")  # fmt: skip

    def simulate(self, build: Callable[[], widgets.Widget],
                 check: dict[str, Any] | None = None) -> widgets.Widget:  # fmt: skip
        """A simulation (or rounds to play) built by ``build``, a widget with a ``gate`` that
        opens when the student has simulated enough: what follows waits for it, and the last
        predictions before it then show their answers."""
        relay = Gate()
        number = sum(role == "simulate" for role in self.roles) + 1

        def named() -> widgets.Widget:  # its deals' estimate goes to the class as (lesson, name)
            from kayalib.lessons.kit.simulator import DealSimulator

            widget = build()
            for inner in [widget, *getattr(widget, "children", ()),
                          getattr(widget, "simulator", None)]:  # fmt: skip
                if isinstance(inner, DealSimulator) and inner.share_as is None:
                    inner.share_as = (self.number, f"simulation_{number}")
            return widget

        part = self._add(named, check, relay=relay, role="simulate")
        self.gate = relay
        for prediction in self._unsettled:
            relay.on_open(prediction.reveal)
        self._unsettled = []
        return part

    def exercise(self, name: str, answer: Any, *, figures: dict[str, Any] | None = None,
                 builds_on: bool = False, given: tuple[str, ...] = (),
                 **options: Any) -> widgets.Widget:  # fmt: skip
        """An exercise: question ``l<number>.<name>``, working ``…_working``, hint ``…_hint``.

        ``figures`` fill the placeholders of all three (``{p}`` is the answer). Exercises in a
        row are shown together; what comes after them waits until each is answered right (or
        its solution shown). ``builds_on=True``: this one states what an earlier one asks, so it
        waits for the exercises before it, and a student's worksheet (which shows every
        exercise at once) prints its figures as blanks to fill in, but those named in
        ``given``."""
        from kayalib.lessons.kit.exercise import Exercise

        values = {"p": answer, **(figures or {})}
        key = self.key(name)
        hint = (self.text(f"{name}_hint", html=True, **values)
                if Translator("en").has(f"{key}_hint") else "")  # fmt: skip
        if builds_on:
            self._gate()
            blanked = {figure: (lambda t: "_____") for figure in values if figure not in given}
            self.sheet_questions[len(self.parts)] = self.text(name, html=True,
                                                              **{**values, **blanked})
        relay = Gate()
        part = self._add(lambda: Exercise(
            self.text(name, html=True, **values), answer,
            working=self.text(f"{name}_working", html=True, **values),
            hint=hint, solutions=self.options.solutions, key=self.options.teacher,
            **options), relay=relay, exercise=True, role="exercise")  # fmt: skip
        self._exercises.append(relay)
        return part

    def exit_question(self, name: str, answer: Fraction | int | str, *,
                      figures: dict[str, Any] | None = None, paired: bool = False,
                      **options: Any) -> widgets.Widget:  # fmt: skip
        """A question of the lesson's exit ticket: question ``l<number>.<name>``, working
        ``…_working`` (``figures`` fill both; ``{p}`` is the answer), ``choices`` as for
        :meth:`exercise`; a number's answer is exact (a whole number or a fraction). The exit
        ticket waits for everything before it, its questions show together, and the plan and the
        worksheets print them (:mod:`kayalib.teachers.record`). ``paired=True``: this question
        asks again what the lesson's opening prediction asked, about a new case and answered
        the same way (a number, or one of a few choices), so a student's first guess and last
        answer can be put side by side (:class:`~kayalib.lessons.kit.exit_ticket.
        BeforeAndAfter`, and the class's dashboard). In class mode the first answer is handed
        in and sent to the class (:class:`~kayalib.lessons.kit.exit_ticket.ExitQuestion`)."""
        from kayalib.lessons.kit.exit_ticket import ExitQuestion
        from kayalib.pages.classroom import in_class_mode

        if "choices" not in options and (isinstance(answer, bool)
                                         or not isinstance(answer, (int, Fraction))):  # fmt: skip
            raise LessonOrderError(f"lesson {self.number}: the exit question {name!r} needs an "
                                   f"exact answer (a whole number or a fraction), not {answer!r}")
        if name in self._exit_names:
            raise LessonOrderError(f"lesson {self.number} has two exit questions called {name!r}")
        opening = self._check_pair(name, answer, options.get("choices")) if paired else None
        if self.roles and self.roles[-1] != "exit":
            self._gate()  # the exit ticket waits for every exercise before it
        self._exit_names.append(name)
        values = {"p": answer, **(figures or {})}
        key = self.key(name)
        hint = (self.text(f"{name}_hint", html=True, **values)
                if Translator("en").has(f"{key}_hint") else "")  # fmt: skip
        hand_in = in_class_mode() and not self.options.teacher

        def build() -> widgets.Widget:
            question = ExitQuestion(
                self.text(name, html=True, **values), answer,
                working=self.text(f"{name}_working", html=True, **values), hint=hint,
                share_as=(self.number, name), opening=opening, hand_in=hand_in,
                markdown=(self.text(name, **values), self.text(f"{name}_working", **values)),
                solutions=self.options.solutions, key=self.options.teacher, **options)
            self.exit_questions.append(question)
            return question

        relay = Gate()
        part = self._add(build, relay=relay, exercise=True, role="exit")
        self._exercises.append(relay)
        return part

    def _check_pair(self, name: str, answer: object, choices: object) -> str:
        """The name of the opening prediction the paired question ``name`` asks again;
        LessonOrderError when there is none to pair, or the two are answered differently."""
        if self._paired:
            raise LessonOrderError(f"lesson {self.number}: one exit question may be paired, "
                                   f"and {name!r} is a second")  # fmt: skip
        if not self.predictions:
            raise LessonOrderError(f"lesson {self.number} has no opening prediction to pair "
                                   f"{name!r} with")  # fmt: skip
        opening = self.predictions[0]
        if (opening.choices is None) != (choices is None):
            raise LessonOrderError(f"lesson {self.number}: {name!r} and the opening prediction "
                                   "are not answered the same way (a number, or a choice)")
        truth = opening.exact if opening.choices is None else opening.answer
        if truth is None or (choices is None and (truth == 0 or answer == 0)):
            raise LessonOrderError(f"lesson {self.number}: the opening prediction and {name!r} "
                                   "need true values (not 0) to compare answers with")
        self._paired = True
        assert opening.share_as is not None
        return opening.share_as[1]

    def before_and_after(self) -> widgets.Widget:
        """The student's own opening prediction beside their last answer, once the exit ticket
        is done (:class:`~kayalib.lessons.kit.exit_ticket.BeforeAndAfter`); on the teacher's
        screen a note of what the student will see there."""
        from kayalib.lessons.kit.exit_ticket import BeforeAndAfter

        if self.options.teacher:
            return self._add(lambda: LiveHTML(lambda t: f"<i>{escape(t('lesson_own_teacher'))}"
                                                        "</i>"))  # fmt: skip
        opening = self.predictions[0] if self.predictions else None
        return self._add(lambda: BeforeAndAfter(opening, self.exit_questions))

    def open_all(self) -> None:
        """Open every gate (as if every prediction were in): for teachers and tests."""
        for part in self.parts:
            if isinstance(part, Gated):
                part.reveal()

    # ------------------------------------------------------------------ header and footer

    def link(self, number: str, lang: str) -> str:
        return f"{dict(LESSONS)[number]}.ipynb?{urlencode(self.options.carried(lang))}"

    def navigation_html(self, t: Translator) -> str:
        links = [f'<a href="{self.link("index", t.lang)}">{escape(t("lesson_index"))}</a>']
        numbers = [n for n, _ in LESSONS]
        if self.position > 1:
            back = numbers[self.position - 1]
            words = escape(t("lesson_nav_back", title=self.title(back, t)))
            links.append(f'<a href="{self.link(back, t.lang)}">\u2190 {words}</a>')
        if 0 < self.position < len(numbers) - 1:
            ahead = numbers[self.position + 1]
            words = escape(t("lesson_nav_next", title=self.title(ahead, t)))
            links.append(f'<a href="{self.link(ahead, t.lang)}">{words} \u2192</a>')
        return " \u00b7 ".join(links)

    @classmethod
    def prerequisites_text(cls, number: str, t: Translator) -> str:
        """The same words as plain text (a lesson plan's first line on what comes before)."""
        needed = PREREQUISITES.get(number, ())
        if not needed:
            return t("lesson_needs_none")
        return f"{t('lesson_needs')} {'; '.join(cls.title(n, t) for n in needed)}"

    def prerequisites_html(self, t: Translator) -> str:
        """"Before this lesson: …" with a link to each lesson this one builds on."""
        needed = PREREQUISITES.get(self.number, ())
        if not needed:
            return f"<p><i>{escape(t('lesson_needs_none'))}</i></p>"
        links = ", ".join(f'<a href="{self.link(n, t.lang)}">{escape(self.title(n, t))}</a>'
                          for n in needed)  # fmt: skip
        return f"<p><b>{escape(t('lesson_needs'))}</b> {links}</p>"

    @staticmethod
    def title(number: str, t: Translator) -> str:
        prefix = "" if number == "index" else f"{number} "
        return prefix + t(f"l{number}.title")

    def language_switch(self) -> widgets.Widget:
        """The page's language switch (the page layer's one)."""
        switch = LanguageSwitch(PAGE)
        switch.add_class("kayalib-lang")
        switch.layout.width = "12em"
        return switch

    def header(self) -> widgets.Widget:
        """Navigation, the language switch, the title and "You will learn", with the page helper
        (the title carries the page's language, which the helper gives the document)."""
        from IPython.display import Javascript, display

        display(Javascript(page_script()))
        title = LiveHTML(lambda t: f'<h1 lang="{escape(t.lang)}">'
                                   f"{escape(self.title(self.number, t))}</h1>")  # fmt: skip
        nav = LiveHTML(self.navigation_html)
        nav.add_class("kayalib-nav")
        parts: list[widgets.Widget] = [widgets.HTML(STYLE), widgets.HBox(
            [nav, self.language_switch()],
            layout={"justify_content": "space-between", "align_items": "center"})]  # fmt: skip
        parts.append(title)
        if self.options.problems:  # the address had values the page cannot take
            notices = LiveHTML(lambda t: banner_html(" ".join(self.options.notices(t))))
            notices.add_class("kaya-error")
            parts.append(notices)
        if self.options.seed is not None:
            parts.append(self.seed_badge())
        if self.number != "index":
            before = LiveHTML(self.prerequisites_html)
            before.add_class("kayalib-prerequisites")
            parts += [Prose(self.key("learn")), before]
        box = widgets.VBox(parts)
        box.add_class("kayalib-lesson-header")
        return box

    def seed_badge(self) -> widgets.Widget:
        """Which seed the page's numbers come from: the class seed, or the student's number and
        own seed (so the teacher can open the same address and see the same numbers)."""
        return SeedBadge(self.options, self.options.seed_in_use, PAGE)

    def footer(self) -> widgets.Widget:
        """The navigation again, at the bottom of the page (never gated)."""
        self._check_settled()
        nav = LiveHTML(self.navigation_html)
        nav.add_class("kayalib-nav")
        box = widgets.VBox([widgets.HTML("<hr>"), nav])
        box.add_class("kayalib-lesson-footer")
        return box


def lesson_list_html(t: Translator, lang: str | None = None, page: Lesson | None = None) -> str:
    """Every lesson with its title, what it is about (``l<number>.about``) and the lessons to
    take before it (:data:`PREREQUISITES`), linked (with the address options of ``page``, such
    as a class seed, carried along)."""
    lang = lang or t.lang
    rows = []
    for number, name in LESSONS[1:]:
        href = page.link(number, lang) if page is not None else f"{name}.ipynb?lang={lang}"
        needs = ", ".join(PREREQUISITES.get(number, ())) or "\u2014"
        rows.append(f'<tr><td><a href="{escape(href)}">{escape(number)} '
                    f'{escape(t(f"l{number}.title"))}</a></td>'
                    f'<td>{escape(t(f"l{number}.about"))}</td><td>{escape(needs)}</td></tr>')
    head = (f"<tr><th>{escape(t('lesson_lesson'))}</th><th>{escape(t('lesson_about'))}</th>"
            f"<th>{escape(t('lesson_needs_column'))}</th></tr>")  # fmt: skip
    return f'<table class="kayalib-table">{head}{"".join(rows)}</table>'

