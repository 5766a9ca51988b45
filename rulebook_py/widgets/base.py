"""The shape every calculator shares: controls, answer, chart, seeded roll.

A calculator subclasses :class:`Calculator` and writes three methods:

* :meth:`Calculator.build_controls` -- the labelled controls, by name;
* :meth:`Calculator.compute` -- call the rules layer with the control values
  and format the exact answer (HTML) and chart (SVG);
* :meth:`Calculator.resolve` -- one seeded roll, every die shown (HTML).

The base class lays them out, wires every control with
``observe(..., names="value")``, shows a :class:`~rulebook_py.errors.RulebookError`
as a readable message next to the control at fault (never a traceback), and
provides the **Roll** button with a seed the reader can see and set.

Example:
    >>> from rulebook_py.widgets.dice import DiceCalculator
    >>> calc = DiceCalculator()
    >>> calc.controls["expression"].value = "2d6"
    >>> "<td>7</td>" in calc.result.value  # the mean of 2d6
    True
    >>> calc.controls["expression"].value = "2d6+"
    >>> "position 4" in calc.error_for("expression")
    True
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, ClassVar

import ipywidgets as widgets

from ..errors import RulebookError
from .controls import LABEL_STYLE
from .format import error_html, escape

__all__ = ["LABEL_STYLE", "Calculator", "PythonCall", "control_for"]


@dataclass(frozen=True)
class PythonCall:
    """The one-line package call that reproduces a calculator's exact answer.

    Shown under the calculator, ready to copy, as an interactive session: the
    import of ``module``, the ``expression``, and the ``repr`` of ``value``.

    Attributes:
        module: The name imported from ``rulebook_py`` (``"chroniques"``, ``"parse"``).
        expression: One Python expression that uses only that name.
        value: What the expression gives for the current controls (its ``repr``
            is shown; a generic test checks that the expression gives it).

    Example:
        >>> from fractions import Fraction
        >>> call = PythonCall("parse", 'parse("2d6").prob_at_least(7)', Fraction(7, 12))
        >>> call.text().splitlines()[1:]
        ['>>> parse("2d6").prob_at_least(7)', 'Fraction(7, 12)']
    """

    module: str
    expression: str
    value: Any

    def text(self) -> str:
        """The call as an interactive-session transcript (import, expression, value)."""
        return f">>> from rulebook_py import {self.module}\n>>> {self.expression}\n{self.value!r}"


@contextmanager
def control_for(target: str | Mapping[str, str]) -> Iterator[None]:
    """Point a :class:`RulebookError` raised inside at a calculator control.

    The rules layer names its parameters (``sides``, ``dexterity``); a
    calculator's controls may be named otherwise. With a string, every error
    raised inside is shown next to that control; with a mapping, an error whose
    ``field`` is a key is moved to the mapped control and any other is left as
    it is.

    Example:
        >>> from rulebook_py.errors import RuleValueError
        >>> try:
        ...     with control_for({"sides": "damage_die"}):
        ...         raise RuleValueError("bad", field="sides")
        ... except RuleValueError as err:
        ...     err.field
        'damage_die'
    """
    try:
        yield
    except RulebookError as err:
        if isinstance(target, str):
            err.field = target
        elif err.field in target:
            err.field = target[err.field]
        raise


class Calculator(widgets.VBox):
    """Base class of every calculator (an ipywidgets ``VBox``).

    Class attributes a subclass sets:
        title: Heading shown above the controls.
        kind: ``"roll"`` (budget 16 ms an update) or ``"fight"`` (100 ms).
        bench_changes: ``(control, value)`` pairs the benchmark and the
            generic tests apply one after another; every value must be valid.
        default_seed: Seed of the roll shown when the calculator opens.

    Attributes:
        controls: The input widgets, by name.
        result: HTML widget holding the exact answer.
        chart: HTML widget holding the SVG chart (empty when none).
        seed: The seed the next roll will use (the reader can set it).
        roll_button: The **Roll** button.
        roll_output: HTML widget holding the last roll, every die shown.
        message: HTML widget for an error that belongs to no single control.
    """

    title: ClassVar[str] = ""
    kind: ClassVar[str] = "roll"
    bench_changes: ClassVar[tuple[tuple[str, Any], ...]] = ()
    default_seed: ClassVar[int] = 1

    def __init__(self, **values: Any) -> None:
        """Build the controls, apply ``values`` over the defaults, compute once."""
        self.controls: dict[str, widgets.Widget] = dict(self.build_controls())
        unknown = set(values) - set(self.controls)
        if unknown:
            raise TypeError(f"{type(self).__name__} has no control {sorted(unknown)!r}")
        for name, value in values.items():
            self.controls[name].value = value
        self._errors = {name: widgets.HTML() for name in self.controls}
        self.message = widgets.HTML()
        self.result = widgets.HTML()
        self.chart = widgets.HTML()
        self.code = widgets.HTML()
        self.seed = widgets.BoundedIntText(
            value=self.default_seed,
            min=0,
            max=2**31 - 1,
            description="Seed",
            style=LABEL_STYLE,
            layout=widgets.Layout(width="11em"),
        )
        self.roll_button = widgets.Button(
            description="Roll", button_style="primary", tooltip="Resolve once with this seed"
        )
        self.roll_output = widgets.HTML()
        self.last_update_seconds = 0.0
        self._shown_seed: int | None = None
        rows = [
            widgets.HBox([control, self._errors[name]], layout=widgets.Layout(align_items="center"))
            for name, control in self.controls.items()
        ]
        heading = (
            [widgets.HTML(f"<h4 class='rb-title'>{escape(self.title)}</h4>")] if self.title else []
        )
        super().__init__(
            children=[
                *heading,
                *rows,
                self.message,
                self.result,
                self.chart,
                self.code,
                widgets.HBox([self.seed, self.roll_button]),
                self.roll_output,
            ]
        )
        self.add_class("rb-calculator")
        for control in self.controls.values():
            control.observe(self._changed, names="value")
        self.roll_button.on_click(lambda _button: self.roll())
        self.update()
        self.roll()

    # ------------------------------------------------------------ subclass API
    def build_controls(self) -> Mapping[str, widgets.Widget]:
        """Return the input widgets by name, set to the chapter's worked example."""
        raise NotImplementedError

    def compute(self, values: Mapping[str, Any]) -> tuple[str, str]:
        """Return ``(answer HTML, chart SVG or "")`` for these control values."""
        raise NotImplementedError

    def resolve(self, values: Mapping[str, Any], rng: random.Random) -> str:
        """Return the HTML of one seeded roll, every die shown."""
        raise NotImplementedError

    def python_call(self, values: Mapping[str, Any]) -> PythonCall | None:
        """The package call that gives this calculator's main exact answer (None: none yet).

        Called after a successful :meth:`compute` with the same values; it
        should be cheap (no second computation when the answer can be kept
        from ``compute``).
        """
        return None

    # ---------------------------------------------------------------- behaviour
    def values(self) -> dict[str, Any]:
        """The current value of every control, by name."""
        return {name: control.value for name, control in self.controls.items()}

    def error_for(self, name: str) -> str:
        """The error text shown next to control ``name`` ("" when none)."""
        return self._errors[name].value

    @property
    def error(self) -> str:
        """Every error currently shown, next to a control or below them."""
        return "".join(e.value for e in self._errors.values()) + self.message.value

    def _changed(self, _change: Any) -> None:
        self.update()

    def _clear_errors(self) -> None:
        for html in self._errors.values():
            if html.value:
                html.value = ""
        if self.message.value:
            self.message.value = ""

    def _show_error(self, err: RulebookError) -> None:
        target = self._errors.get(err.field or "", self.message)
        target.value = error_html(str(err))

    def update(self) -> None:
        """Recompute the answer and chart from the controls (wired to every control).

        The roll on show is resolved again with its own seed, so that it always
        matches the controls; after an error it is cleared.
        """
        start = time.perf_counter()
        self._clear_errors()
        values = self.values()
        try:
            result, chart = self.compute(values)
            call = self.python_call(values)
        except RulebookError as err:
            self._show_error(err)
            self.result.value = ""
            self.chart.value = ""
            self.code.value = ""
            self.roll_output.value = ""
        else:
            self.result.value = result
            self.chart.value = chart
            self.code.value = (
                ""
                if call is None
                else "<details class='rb-code'><summary>The same answer in Python</summary>"
                f"<pre>{escape(call.text())}</pre></details>"
            )
            if self._shown_seed is not None:
                self._show_roll(values, self._shown_seed)
        self.last_update_seconds = time.perf_counter() - start

    def _show_roll(self, values: Mapping[str, Any], seed: int) -> bool:
        """Show the roll of ``values`` with ``seed``; False (and the error shown) if refused."""
        try:
            shown = self.resolve(values, random.Random(seed))
        except RulebookError as err:
            self._show_error(err)
            self.roll_output.value = ""
            self._shown_seed = None
            return False
        self.roll_output.value = f"<div class='rb-roll'><b>Roll (seed {seed}):</b> {shown}</div>"
        self._shown_seed = seed
        return True

    def roll(self) -> None:
        """Resolve once with the seed shown, then move the seed on by one."""
        seed = self.seed.value
        if self._show_roll(self.values(), seed):
            self.seed.value = seed + 1 if seed < self.seed.max else 0
