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

from collections.abc import Callable, Mapping
from typing import Any, ClassVar

from ..outcomes.shown import Bars, GroupedBars, Presentation
from .base import Calculator, Values, View
from .calls import rule_call
from .charts import bar_chart, grouped_bar_chart
from .format import escape
from .tables import notes_html, rows_html
from .words import shown as tr

__all__ = ["PresentedCalculator", "chart_html", "presentation_html"]


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

    def arguments(self, values: Values) -> Mapping[str, Any]:
        """The rule's keyword arguments: the controls' values, by name."""
        return values

    def compute(self, values: Values) -> View:
        """One call of the rule; its presentation's tables, notes and charts."""
        outcome, call = rule_call(self.rule, path=self.path, **self.arguments(values))
        shown = self.present(outcome)
        charts = "".join(map(chart_html, shown.charts))
        return View(presentation_html(shown), charts, call, outcome)
