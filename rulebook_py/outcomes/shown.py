"""What a calculator shows of an outcome, as data: tables, charts, notes (every system's).

An outcome function of :mod:`rulebook_py.outcomes` says what its calculator
shows as a :class:`Presentation`: the tables' headings and rows (a
:class:`~fractions.Fraction` is a chance, a ``Mean`` an expected value), the
charts to draw (:class:`Bars`, :class:`GroupedBars`: their values and their
message titles) and the notes. The widget layer renders it and chooses
nothing about the game.

Example:
    >>> shown = Presentation((("P(hit)", Fraction(1, 2)),), charts=(Bars({0: Fraction(1)}, "t", "x"),))
    >>> shown.head == EXACT_HEAD, shown.charts[0].highlight
    (True, frozenset())
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import NoReturn

from ..errors import RuleValueError, check_type, quote
from ..messages import M
from ..systems.unisystem.arguments import check_fields

__all__ = ["EXACT_HEAD", "Bars", "GroupedBars", "Presentation", "refuse_outcome"]

#: The heading of a two-column table: the row's label, its exact answer.
EXACT_HEAD = ("", M("exact answer"))


@dataclass(frozen=True)
class Bars:
    """One bar chart: ``{bar: chance}`` in order, its titles, the bars that stand out.

    Attributes:
        bars: ``{outcome or name: chance}``, in display order.
        title: The chart's title.
        x_title: The horizontal axis's title.
        highlight: The bars drawn in the second colour (empty: none).
        highlight_label: The legend of the highlighted bars.
        other_label: The legend of the others.

    Example:
        >>> Bars({0: Fraction(1, 2), 1: Fraction(1, 2)}, "t", "x", frozenset({1})).highlight
        frozenset({1})
    """

    bars: dict[object, Fraction]
    title: str
    x_title: str
    highlight: frozenset[object] = frozenset()
    highlight_label: str = ""
    other_label: str = ""

    def __post_init__(self) -> None:
        """Refuse a chart built by hand with values of the wrong kind."""
        check_fields(self)
        what = M("a frozenset of the chart's bars")
        check_type(self.highlight, frozenset, "highlight", what)
        if not self.highlight <= self.bars.keys():
            raise RuleValueError(
                M(
                    "{name} must be {what}, got {got}",
                    name="highlight",
                    what=what,
                    got=quote(self.highlight),
                ),
                field="highlight",
            )


@dataclass(frozen=True)
class GroupedBars:
    """Several series side by side: ``labels`` on the axis, ``{legend: chances}``.

    ``running_total``: the chart also offers each series' running total.

    Example:
        >>> GroupedBars(("1",), {"D10": (Fraction(1, 10),)}, "t", "x").series["D10"]
        (Fraction(1, 10),)
    """

    labels: tuple[str, ...]
    series: dict[str, tuple[Fraction, ...]]
    title: str
    x_title: str = ""
    running_total: bool = False

    def __post_init__(self) -> None:
        """Refuse a chart built by hand with values of the wrong kind."""
        check_fields(self)


@dataclass(frozen=True)
class Presentation:
    """What a calculator shows of an outcome: tables, charts, notes.

    Attributes:
        rows: The table's rows.
        head: The table's heading.
        charts: The charts, in order.
        note: A note shown above the table, or None.
        tables: Further tables after the first, ``(heading, rows)`` each.
        notes: Notes shown after the tables, in order.

    Example:
        >>> Presentation((("P", Fraction(1, 2)),)).head == EXACT_HEAD
        True
    """

    rows: tuple[tuple[object, ...], ...]
    head: tuple[str, ...] = EXACT_HEAD
    charts: tuple[Bars | GroupedBars, ...] = ()
    note: str | None = None
    tables: tuple[tuple[tuple[str, ...], tuple[tuple[object, ...], ...]], ...] = ()
    notes: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        """Refuse a presentation built by hand with values of the wrong kind."""
        check_fields(self)


def refuse_outcome(outcome: object, system: object) -> NoReturn:
    """Refuse ``outcome``: it is not one a calculator of ``system`` computes.

    The fallback of every system's ``presentation``: one message, the system's
    name (a message of its own domain) as its parameter.

    Raises:
        RuleValueError: always, naming ``outcome`` and quoting what it got.

    Example:
        >>> refuse_outcome(3, "Unisystem")
        Traceback (most recent call last):
        ...
        rulebook_py.errors.RuleValueError: outcome must be an outcome of a Unisystem calculator, got 3
    """
    raise RuleValueError(
        M(
            "{name} must be an outcome of a {system} calculator, got {got}",
            name="outcome",
            system=system,
            got=quote(outcome),
        ),
        field="outcome",
        value=outcome,
    )
