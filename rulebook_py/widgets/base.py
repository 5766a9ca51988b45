"""The shape every calculator shares: controls, answer, chart, seeded roll.

A calculator subclasses :class:`Calculator` and writes two methods:

* :meth:`Calculator.build_controls` -- the labelled controls, by name;
* :meth:`Calculator.compute` -- map the control values to **one** rules call
  and format what comes back as a :class:`View`: the exact answer (HTML), the
  chart (SVG), the :class:`PythonCall` that gives the same answer in Python,
  and the rules' outcome, whose own ``.roll(rng)`` is the seeded roll shown.

The base class lays them out, wires every control with
``observe(..., names="value")``, writes the "same answer in Python" line,
shows a :class:`~rulebook_py.errors.RulebookError` as a readable message next
to the control at fault, in the reader's words (the rules name a parameter;
:attr:`Calculator.fields` maps it to a control, whose label replaces it), and
provides the **Roll** button with a seed the reader can see and set. The roll
shown is always ``calculator.show_roll(view.outcome.roll(random.Random(seed)))``.

A calculator speaks one language, ``Calculator(language="fr")`` (by default
the reader's language when it is built, :func:`rulebook_py.i18n.current_language`):
it is built, updated and rolled inside ``with language(calculator.language)``,
so every word that passes a choke point (the control builders, the charts,
the tables, the messages, this module) is looked up in the catalog by its
English text, and every number is written the language's way.

Example:
    >>> from rulebook_py.widgets.dice import DiceCalculator
    >>> calc = DiceCalculator()
    >>> calc.controls["expression"].value = "2d6"
    >>> "<td>7.00</td>" in calc.result.value  # the mean of 2d6
    True
    >>> calc.controls["expression"].value = "2d6+"
    >>> "position 4" in calc.error_for("expression")
    True
"""

from __future__ import annotations

import random
import time
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

import ipywidgets as widgets
from ipywidgets.widgets.widget_string import HTMLStyle

from .. import i18n
from ..errors import RulebookError
from .calls import PythonCall, value_text
from .controls import LABEL_STYLE, label_style
from .format import error_html, escape, session_html
from .summary import summary_html
from .tables import lines_html
from .words import M, shown

__all__ = ["LABEL_STYLE", "Calculator", "Controls", "PythonCall", "Values", "View"]

#: The "same answer in Python" block, around the session of the call.
_CODE = "<details class='rb-code'><summary>{}</summary>{}</details>"
#: The roll shown, its seed kept in the page.
_ROLL = "<div class='rb-roll' data-rb-seed='{}'><b>{}</b> {}</div>"
#: What :meth:`Calculator.build_controls` returns: the input widgets, by name.
Controls = Mapping[str, widgets.Widget]
#: What :meth:`Calculator.compute` reads: the value of every control, by name.
Values = Mapping[str, Any]


def _code_html(call: PythonCall) -> str:
    """The "same answer in Python" block of ``call``: a session of its lines and value."""
    session = session_html(call.lines, value_text(call.value))
    return _CODE.format(shown(M("The same answer in Python")), session)


@dataclass(frozen=True)
class View:
    """What :meth:`Calculator.compute` returns: everything the calculator shows.

    Attributes:
        answer: The exact answer, as HTML (tables, notes).
        chart: The SVG chart, or "" when there is none.
        call: The package call that gives the main exact answer, or None.
        outcome: The rules' outcome; its ``.roll(rng)`` is the roll the
            calculator shows (None: the calculator has no roll to show).
        summary: The answer's compact summary (HTML, a part of the answer:
            :mod:`~rulebook_py.widgets.summary`), kept in view while the
            answer is not; "" gives :func:`~rulebook_py.widgets.summary.summary_html`.

    Example:
        >>> View("<p>50 %</p>").chart
        ''
    """

    answer: str
    chart: str = ""
    call: PythonCall | None = None
    outcome: Any = field(default=None, compare=False)
    summary: str = ""


class Calculator(widgets.VBox):
    """Base class of every calculator (an ipywidgets ``VBox``).

    Class attributes a subclass sets:
        title: Heading shown above the controls.
        kind: ``"roll"`` (budget 16 ms an update) or ``"fight"`` (100 ms).
        bench_changes: ``(control, value)`` pairs the benchmark and the
            generic tests apply one after another; every value must be valid.
        default_seed: Seed of the roll shown when the calculator opens.
        fields: Rules parameter -> control name, where they differ.

    Attributes:
        controls: The input widgets, by name.
        result: HTML widget holding the exact answer.
        summary: HTML widget holding the answer's compact summary (class
            ``rb-summary``; the website shows it at the bottom of the screen
            while the answer is out of view).
        plain_layout: The layout every box and text of the calculator's own
            shares (:meth:`text`, the sections of :mod:`.folds`).
        text_style: The style every text of the calculator shares.
        rows: Each control beside its error, by name (an ``HBox``).
        row_layout: The layout every shown row shares.
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
    #: Rules parameter -> control, where their names differ: an error naming
    #: the parameter is shown at that control, worded with the control's label.
    fields: ClassVar[Mapping[str, str]] = {}
    #: Headed groups of controls, ``(name prefix, heading)``, in this order; the
    #: prefix "" takes the controls no other group takes. None: no headings.
    groups: ClassVar[tuple[tuple[str, str], ...]] = ()

    def __init__(self, language: str | None = None, **values: Any) -> None:
        """Build the controls in ``language``, apply ``values`` over the defaults, compute once."""
        #: The language this calculator speaks (``"en"`` or ``"fr"``).
        self.language = language or i18n.current_language()
        with i18n.language(self.language):
            self._build(values)

    def _build(self, values: dict[str, Any]) -> None:
        self.controls: dict[str, widgets.Widget] = dict(self.build_controls())
        unknown = set(values) - set(self.controls)
        if unknown:
            raise TypeError(f"{type(self).__name__} has no control {sorted(unknown)!r}")
        for name, value in values.items():
            self.controls[name].value = value
        # One layout and one style for every box and text of the calculator's own (none is
        # changed alone): the page stores, and its Python holds, a model for each, not
        # three (the mass-battle page held 2,000 models, a third of them such defaults).
        self.plain_layout = widgets.Layout()
        self.text_style = HTMLStyle()
        self._errors = {name: self.text() for name in self.controls}
        self.message, self.result, self.summary, self.chart, self.code, self.roll_output = (
            self.text() for _ in range(6)
        )
        self.result.add_class("rb-answer")
        self.summary.add_class("rb-summary")
        self.seed = widgets.BoundedIntText(
            value=self.default_seed,
            min=0,
            max=2**31 - 1,
            description=shown(M("Seed")),
            style=label_style(widgets.BoundedIntText),
            layout=widgets.Layout(width="11em"),
        )
        self.roll_button = widgets.Button(
            description=shown(M("Roll")),
            button_style="primary",
            tooltip=shown(M("Resolve once with this seed")),
        )
        self.last_update_seconds = 0.0
        self._shown_seed: int | None = None
        self.view: View | None = None
        self._unused: set[str] = set()
        self.row_layout = widgets.Layout(align_items="center")
        self.rows = {
            name: widgets.HBox([control, self._errors[name]], layout=self.row_layout)
            for name, control in self.controls.items()
        }
        title = f"<h3 class='rb-title'>{escape(shown(self.title))}</h3>"
        heading = [self.text(title)] if self.title else []
        tools = widgets.HBox([self.seed, self.roll_button], layout=self.plain_layout)
        shown_parts = [self.message, self.result, self.summary, self.chart, self.code]
        laid = [*heading, *self.arrange(self.rows), *shown_parts, tools, self.roll_output]
        super().__init__(children=laid)
        self.add_class("rb-calculator")
        # Which class this is, for the website's live mode (_static/live.js).
        self.add_class(f"rb-calc-{type(self).__name__}")
        for control in self.controls.values():
            control.observe(lambda _change: self.update(), names="value")
        self.roll_button.on_click(lambda _button: self.roll())
        self.update()
        self.roll()

    def text(self, value: str = "") -> widgets.HTML:
        """An HTML widget of this calculator: its own value, the calculator's layout and style."""
        return widgets.HTML(value, layout=self.plain_layout, style=self.text_style)

    # ------------------------------------------------------------ subclass API
    def build_controls(self) -> Controls:
        """Return the input widgets by name, set to the chapter's worked example."""
        raise NotImplementedError

    def compute(self, values: Values) -> View:
        """Return the :class:`View` of these control values (one rules call, formatted)."""
        raise NotImplementedError

    def hidden(self, values: Values) -> frozenset[str]:
        """The controls that do not count for these values (their rows are hidden): none here."""
        return frozenset()

    def disabled(self, values: Values) -> frozenset[str]:
        """The controls shown but inactive for these values: none here."""
        return frozenset()

    def show_roll(self, roll: Any) -> str:
        """The HTML of one roll: its ``html()``, else its ``lines`` one a line, else its text.

        (``lines`` may be a method: ``roll.lines()``.)
        """
        html, lines = getattr(roll, "html", None), getattr(roll, "lines", None)
        if callable(html):
            return html()
        if lines is not None:
            return lines_html(lines() if callable(lines) else lines)
        return escape(shown(getattr(roll, "message", None) or str(roll)))

    def arrange(self, rows: Controls) -> list[widgets.Widget]:
        """The rows of controls (by name) as laid out: under the :attr:`groups`, or in order."""
        if not self.groups:
            return list(rows.values())
        taken = [prefix for prefix, _ in self.groups if prefix]
        group = {name: next((p for p in taken if name.startswith(p)), "") for name in rows}
        laid: list[widgets.Widget] = []
        for prefix, heading in self.groups:
            laid.append(self.text(f"<b>{escape(shown(heading))}</b>"))
            laid += [row for name, row in rows.items() if group[name] == prefix]
        return laid

    def python_call(self, values: Values) -> PythonCall | None:
        """The package call that gives this calculator's main exact answer (None: none)."""
        return self.view.call if self.view is not None else None

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

    def _clear_errors(self) -> None:
        for html in [*self._errors.values(), self.message]:
            if html.value:
                html.value = ""

    def label_of(self, name: str) -> str:
        """The label a reader sees on control ``name``."""
        control = self.controls[name]
        return getattr(control, "description", "") or getattr(control, "tooltip", "") or name

    def _show_error(self, err: RulebookError) -> None:
        """Show ``err`` next to its control, in the reader's words (the control's label)."""
        param = err.field or ""
        control = self.fields.get(param, param)
        if control in self.controls:
            label = self.label_of(control).rstrip(": \xa0")
            message = err.relabelled(label)
            if label not in message:  # name the control at fault
                message = M("{label}: {message}", label=label, message=message).render()
            err.field = control
            self._errors[control].value = error_html(message)
        else:
            self.message.value = error_html(err.message)

    def update(self) -> None:
        """Recompute the answer and chart from the controls (wired to every control).

        The roll on show is resolved again with its own seed, so that it always
        matches the controls; after an error it is cleared.
        """
        with i18n.language(self.language):
            self._update()

    def _update(self) -> None:
        start = time.perf_counter()
        self._clear_errors()
        values = self.values()
        self.view = None
        try:
            self.view = view = self.compute(values)
        except RulebookError as err:
            self._unused.discard(err.field or "")  # a control at fault is shown, never hidden
            self._show_error(err)
            view, self.roll_output.value = View(""), ""  # nothing shown but the error
        else:
            self._unused = {n for n, _why in getattr(view.outcome, "unused", ())}
        self.result.value, self.chart.value = view.answer, view.chart
        self.summary.value = view.summary or summary_html(view.answer)
        self.code.value = "" if view.call is None else _code_html(view.call)
        if self.view is not None and self._shown_seed is not None:
            self._show_roll(values, self._shown_seed)
        self._show_state(values)
        self.last_update_seconds = time.perf_counter() - start

    def _show_state(self, values: Values) -> None:
        """Hide the controls that do not count, disable those :meth:`disabled` names.

        What does not count: :meth:`hidden`'s, and the parameters the last
        outcome named ``unused`` (kept while the values are refused). A hidden
        control's row, no empty line left, wears the control's own layout (display
        none): a model the page stores whatever is hidden when it is built, so
        that a later update never needs one the live page has never heard of
        ("widget model not found"), and none is made for it.
        """
        self.show_hidden(self.hidden(values) | {self.fields.get(n, n) for n in self._unused})
        disabled = self.disabled(values)
        for name, control in self.controls.items():
            if getattr(control, "disabled", False) != (name in disabled):
                control.disabled = name in disabled

    def show_hidden(self, hidden: Collection[str]) -> None:
        """Hide the rows of the controls named in ``hidden``, show every other row.

        (The live page's bridge calls it too, to match the page it takes over.)

        Example:
            >>> from rulebook_py.widgets.dice import DiceCalculator
            >>> calc = DiceCalculator()
            >>> calc.show_hidden({"target"})
            >>> calc.rows["target"].layout is calc.controls["target"].layout
            True
            >>> calc.show_hidden(())
            >>> calc.rows["target"].layout is calc.row_layout
            True
        """
        for name, control in self.controls.items():
            display = "none" if name in hidden else ""
            if control.layout.display != display:
                control.layout.display = display
                self.rows[name].layout = control.layout if display else self.row_layout

    def _show_roll(self, values: Values, seed: int) -> bool:
        """Show the roll of ``values`` with ``seed``; False (and the error shown) if refused."""
        try:
            view = self.view if self.view is not None else self.compute(values)
            if view.outcome is None:
                raise NotImplementedError(f"{type(self).__name__} has no outcome to roll")
            shown = self.show_roll(view.outcome.roll(random.Random(seed)))
        except RulebookError as err:
            self._unused.discard(err.field or "")  # a control at fault is shown, never hidden
            self._show_error(err)
            self.roll_output.value = ""
            self._shown_seed = None
            return False
        head = escape(M("Roll (seed {seed}):", seed=seed).render())
        # (The seed is kept in the page too: the website's Python, rebuilt on the
        # page as it was built, resolves that roll again after a change.)
        self.roll_output.value = _ROLL.format(seed, head, shown)
        self._shown_seed = seed
        return True

    def roll(self) -> None:
        """Resolve once with the seed shown, then move the seed on by one."""
        seed = self.seed.value
        with i18n.language(self.language):
            if self._show_roll(self.values(), seed):
                self.seed.value = seed + 1 if seed < self.seed.max else 0
