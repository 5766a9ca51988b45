"""Calculators that render an outcome's presentation: one rules call, what to show as data.

A subclass of :class:`PresentedCalculator` names its :attr:`~PresentedCalculator.rule`
(called with the controls' values, by name), the path into its outcome of the
answer its Python line shows, and :attr:`~PresentedCalculator.present`, the
outcome layer's function that says what to show of the outcome
(a :class:`~rulebook_py.outcomes.shown.Presentation`: tables, notes, charts).
This module renders it and chooses nothing about the game. A rule's outcome
may name (``unused``) the parameters that do not count in the situation: the
base hides their controls, the Python line leaves them out.

Example:
    >>> from fractions import Fraction
    >>> from rulebook_py.outcomes.shown import Bars
    >>> "<svg" in chart_html(Bars({1: Fraction(1)}, "t", "x"))
    True
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, ClassVar

from ..outcomes.shown import Bars, GroupedBars, Presentation
from .base import Calculator, Controls, Values, View
from .calls import rule_call
from .charts import bar_chart, grouped_bar_chart
from .controls import checkbox, dropdown, int_box, multi_select, text_box
from .format import escape
from .tables import notes_html, rows_html
from .words import shown as tr

__all__ = ["Declared", "PresentedCalculator", "chart_html", "declared", "presentation_html"]

#: A control declared as data: ``(name, label, value)`` or ``(name, label, value, options)``.
Declared = tuple[Any, ...]


def declared(controls: Iterable[Declared], bounds: tuple[int, int]) -> dict[str, Any]:
    """The controls declared as data, by name, each built by its kind of value.

    With options, a dropdown (a multiple choice for a tuple value); else a
    checkbox for ``True`` or ``False``, a whole-number box within ``bounds`` for
    an integer, a text box for a text.

    Example:
        >>> made = declared([("n", "Dice", 3), ("die", "Die", "d6", ["d6", "d8"])], (0, 9))
        >>> [type(c).__name__ for c in made.values()], made["n"].max
        (['BoundedIntText', 'Dropdown'], 9)
    """
    made = {}
    for name, label, value, *options in controls:
        if options:
            kind = multi_select if isinstance(value, tuple) else dropdown
            made[name] = kind(label, options[0], value)
        elif isinstance(value, bool):
            made[name] = checkbox(label, value)
        elif isinstance(value, int):
            made[name] = int_box(label, value, bounds=bounds)
        else:
            made[name] = text_box(label, value)
    return made


def chart_html(chart: Bars | GroupedBars) -> str:
    """An outcome's chart (:mod:`rulebook_py.outcomes.shown`) as SVG.

    Example:
        >>> from fractions import Fraction
        >>> from rulebook_py.outcomes.shown import GroupedBars
        >>> "<svg" in chart_html(GroupedBars(("1",), {"a": (Fraction(1),)}, "t"))
        True
    """
    if isinstance(chart, GroupedBars):
        return grouped_bar_chart(
            chart.labels,
            chart.series,
            title=chart.title,
            x_title=chart.x_title,
            running_total=chart.running_total,
        )
    if not chart.highlight_label:
        return bar_chart(chart.bars, title=chart.title, x_title=chart.x_title)
    return bar_chart(
        chart.bars,
        title=chart.title,
        x_title=chart.x_title,
        highlight=chart.highlight.__contains__,
        highlight_label=chart.highlight_label,
        other_label=chart.other_label,
    )


def presentation_html(shown: Presentation) -> str:
    """A presentation's answer as HTML: its note, its tables, then its notes.

    Example:
        >>> from fractions import Fraction
        >>> html = presentation_html(Presentation((("P", Fraction(1, 2)),), notes=("n",)))
        >>> html.endswith("<p class='rb-note'>n</p>"), "<td>50.00 % (1/2)</td>" in html
        (True, True)
    """
    note = f"<p>{escape(tr(shown.note))}</p>" if shown.note else ""
    tables = [(shown.head, shown.rows), *shown.tables]
    return note + "".join(rows_html(rows, head) for head, rows in tables) + notes_html(shown.notes)


class PresentedCalculator(Calculator):
    """A calculator of one call of :attr:`rule`, shown as its outcome's presentation."""

    #: The rule called with the controls' values, by name (a ``staticmethod``).
    rule: ClassVar[Callable[..., Any]]
    #: The path into its outcome of the answer the Python line shows.
    path: ClassVar[Any] = ()
    #: What to show of the outcome (a ``staticmethod`` of the outcome layer).
    present: ClassVar[Callable[[Any], Presentation]]
    #: The controls declared as data (:func:`declared`), in order.
    declare: ClassVar[tuple[Declared, ...]] = ()
    #: Bounds of every whole-number box declared: wider than any rule's range,
    #: so that the rule itself says what it allows, next to the box.
    bounds: ClassVar[tuple[int, int]] = (-999, 999)

    def build_controls(self) -> Controls:
        """The controls :attr:`declare` declares."""
        return declared(self.declare, self.bounds)

    def arguments(self, values: Values) -> Mapping[str, Any]:
        """The rule's keyword arguments: the controls' values, by name."""
        return values

    def compute(self, values: Values) -> View:
        """One call of the rule; its presentation's tables, notes and charts."""
        outcome, call = rule_call(self.rule, path=self.path, **self.arguments(values))
        shown = self.present(outcome)
        charts = "".join(map(chart_html, shown.charts))
        return View(presentation_html(shown), charts, call, outcome)
