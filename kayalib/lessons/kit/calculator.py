"""A small exact calculator for the lesson pages (Voila shows no code cell to type in).

It understands numbers (``0,25`` too), ``+ - * /``, powers, brackets, ``C(n, k)`` (also
``comb``) and ``n!``, and answers with an exact fraction and a decimal:

>>> calculate("1 - C(20, 2) / C(24, 2)")
Fraction(43, 138)
>>> calculate("5! / (2! * 3!)"), calculate("2 ** 10")
(Fraction(10, 1), Fraction(1024, 1))
>>> calculate("__import__('os')")
Traceback (most recent call last):
kayalib.lessons.kit.calculator.CalculatorError: ...
"""

from __future__ import annotations

import ast
import math
import re
from collections.abc import Callable
from fractions import Fraction
from html import escape
from typing import Any

import ipywidgets as widgets

from kayalib.errors import KayalibError
from kayalib.lessons.kit.exercise import answer_text
from kayalib.pages.banner import ErrorBanner
from kayalib.pages.language import Localized

__all__ = ["Calculator", "CalculatorError", "calculate"]

LIMIT = 10**60


class CalculatorError(KayalibError):
    """An expression the calculator cannot work out (its message names the problem)."""


def _binomial(n: Fraction, k: Fraction) -> Fraction:
    if n.denominator != 1 or k.denominator != 1 or not 0 <= n <= 10_000:
        raise CalculatorError("C(n, k) needs whole numbers with 0 <= n <= 10000")
    return Fraction(math.comb(int(n), int(k)) if k >= 0 else 0)


def _factorial(n: Fraction) -> Fraction:
    if n.denominator != 1 or not 0 <= n <= 500:
        raise CalculatorError("n! needs a whole number from 0 to 500")
    return Fraction(math.factorial(int(n)))


#: the functions an expression may call, by name (``fact`` takes one number, the others two)
_FUNCTIONS: dict[str, Callable[..., Fraction]] = {
    "C": _binomial, "comb": _binomial, "fact": _factorial,
}  # fmt: skip


def _value(node: ast.AST) -> Fraction:
    if isinstance(node, ast.Expression):
        return _value(node.body)
    if isinstance(node, ast.Constant) and isinstance(node.value, (int, float)):
        return Fraction(str(node.value))
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.UAdd, ast.USub)):
        inner = _value(node.operand)
        return inner if isinstance(node.op, ast.UAdd) else -inner
    if isinstance(node, ast.BinOp):
        left, right = _value(node.left), _value(node.right)
        if isinstance(node.op, ast.Add):
            result = left + right
        elif isinstance(node.op, ast.Sub):
            result = left - right
        elif isinstance(node.op, ast.Mult):
            result = left * right
        elif isinstance(node.op, ast.Div):
            if right == 0:
                raise CalculatorError("division by zero")
            result = left / right
        elif isinstance(node.op, ast.Pow):
            if right.denominator != 1 or abs(right) > 200:
                raise CalculatorError("powers must be whole numbers up to 200")
            result = left ** int(right)
        else:
            raise CalculatorError("only + - * / and ** are allowed")
        if abs(result.numerator) > LIMIT or result.denominator > LIMIT:
            raise CalculatorError("the number is too large")
        return result
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
        function = _FUNCTIONS.get(node.func.id)
        if function is None or node.keywords:
            raise CalculatorError(f"unknown function {node.func.id!r}; use C(n, k) or n!")
        args = [_value(a) for a in node.args]
        if len(args) != (1 if node.func.id == "fact" else 2):
            raise CalculatorError(f"{node.func.id} takes {'1' if node.func.id == 'fact' else '2'}"
                                  " numbers")  # fmt: skip
        return function(*args)
    raise CalculatorError("use numbers, + - * / ( ), C(n, k) and n!")


def calculate(expression: str) -> Fraction:
    """The exact value of ``expression`` (see the module doc for what it may contain)."""
    text = expression.strip()
    if not text:
        raise CalculatorError("nothing to calculate")
    text = re.sub(r"(\d),(\d)", r"\1.\2", text.replace(";", ","))  # decimal commas
    text = text.replace("×", "*").replace("÷", "/").replace("^", "**").replace("\u2212", "-")
    text = re.sub(r"(\d+|\))\s*!", lambda m: f"fact({m.group(1)})" if m.group(1) != ")" else
                  "!", text)  # fmt: skip
    if "!" in text:
        raise CalculatorError("write n! after a number, e.g. 5!")
    try:
        tree = ast.parse(text, mode="eval")
    except SyntaxError:
        raise CalculatorError(f"cannot read {expression.strip()!r}") from None
    return _value(tree)


class Calculator(widgets.VBox, Localized):
    """A text box for an expression such as ``1 - C(20, 2)/C(24, 2)`` and its exact value;
    ``placeholder`` is the example the empty box shows (never an exercise's answer)."""

    def __init__(self, expression: str = "", *, placeholder: str = "C(24, 6)",
                 lang: str | None = None, **kwargs: Any) -> None:  # fmt: skip
        self.init_language(lang)
        self.placeholder = placeholder
        self.errors = ErrorBanner(lambda: self.t)
        self.title = widgets.HTML()
        self.box = widgets.Text(value=expression, layout={"width": "22em"})
        self.button = widgets.Button(button_style="info")
        self.button.add_class("kayalib-calculate")
        self.result = widgets.HTML()
        self.value: Fraction | None = None
        self._problem = ""
        self.button.on_click(self.errors.guard(lambda _: self.calculate()))
        super().__init__([self.title, widgets.HBox([self.box, self.button]), self.result,
                          self.errors], **kwargs)  # fmt: skip
        self.add_class("kayalib-calculator")
        self.relabel()

    def calculate(self) -> Fraction | None:
        """Work out the expression in the box (an unreadable one clears the old result)."""
        try:
            self.value, self._problem = calculate(self.box.value), ""
        except CalculatorError as error:
            self.value, self._problem = None, str(error)
        self._show()
        return self.value

    def relabel(self) -> None:
        t = self.t
        help_text = escape(t("lesson_calc_help"))
        self.title.value = f"<b>{escape(t('lesson_calculator'))}</b> {help_text}"
        self.box.placeholder = self.placeholder
        self.button.description = t("lesson_calculate")
        self._show()

    def _show(self) -> None:
        t = self.t
        if self._problem:
            self.result.value = (
                f'<span style="color:#b00020">{escape(t("lesson_calc_problem"))}</span>'
            )
        elif self.value is None:
            self.result.value = ""
        else:
            self.result.value = f"= <b>{escape(answer_text(self.value, t))}</b>"
