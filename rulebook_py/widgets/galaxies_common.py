"""What the Galaxies Jumelles calculators share: dice-code boxes, the fighters' words, the view.

Every word is a message of the ``galaxies`` domain
(:mod:`rulebook_py.systems.galaxies.words`), shown in the calculator's language.
:func:`report_view` renders any report of :mod:`rulebook_py.outcomes.galaxies`:
its tables and notes in order, and its chart.

Example:
    >>> code_box("4D+2", M("Code A")).placeholder
    'e.g. 4D+2'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any, ClassVar

import ipywidgets as widgets

from .. import outcomes
from ..i18n import decimal
from ..messages import Msg
from ..outcomes.galaxies import Average, Chart, Expected, Percent, Report, Table, counted
from ..systems import galaxies as g
from ..systems.galaxies.words import M
from .base import Calculator, Values, View
from .calls import Path, rule_call
from .charts import MAX_BARS, bar_chart, grouped_bar_chart, tail_cut
from .controls import dropdown, int_box, text_box
from .format import escape, number, percent, table_html
from .tables import cell, lines_html
from .words import shown

__all__ = [
    "GalaxiesCalculator",
    "blocks_html",
    "code_box",
    "half_dodge_control",
    "points_box",
    "report_view",
    "rounding_control",
    "side_words",
]


def code_box(value: str, description: Msg) -> widgets.Text:
    """A dice-code box (``4D+2``), read when the reader presses Enter or leaves it."""
    return text_box(description, value, tooltip=description, placeholder=M("e.g. 4D+2"))


def points_box(description: Msg, value: int = 0) -> widgets.IntText:
    """A box of points (BDC, BDP, BDT): the rules refuse, beside it, what passes ``g.MAX_BONUS``."""
    return int_box(description, value)


def rounding_control() -> widgets.Dropdown:
    """The rounding of halved rolls and fixed values."""
    words = M("Rounding of halved rolls and fixed values")
    return dropdown(words, outcomes.galaxies.ROUNDINGS, g.Rounding.DOWN)


def half_dodge_control() -> widgets.Dropdown:
    """How much of the damage a half-dodge lets through."""
    words = M("A half-dodge (demi-esquive) deals")
    return dropdown(words, outcomes.galaxies.HALF_DODGE_SHARES, g.HALF_DODGE_FACTOR)


def _shown(value: object) -> object:
    """A cell or a note's parameter as the reader sees it (:func:`~.tables.cell`'s, and three more).

    A message's chances and values are shown so too.
    """
    if isinstance(value, Msg):
        shown = {k: _shown(v) for k, v in value.params.items() if isinstance(v, Fraction)}
        return value.with_params(**shown) if shown else value
    if isinstance(value, Percent):
        return percent(value)
    if isinstance(value, Average):
        return decimal(float(value), 2)
    if isinstance(value, Expected):
        return number(value)
    return cell(value)


def blocks_html(*blocks: Table | Msg) -> str:
    """Tables of a report (or of the quick reference) and notes as paragraphs, in order.

    The quick reference's hidden cells show its tables so
    (:mod:`rulebook_py.outcomes.galaxies.reference`).

    Example:
        >>> blocks_html(Table(("", "P"), (("hit", Fraction(1, 2)),)))
        '<table class="rb-table"><thead><tr><td></td><th>P</th></tr></thead><tbody><tr><td>hit</td><td>50.00 % (1/2)</td></tr></tbody></table>'
    """
    return "".join(
        table_html(list(b.head), [[_shown(v) for v in row] for row in b.rows], b.caption)
        if isinstance(b, Table)
        else f"<p>{escape(shown(_shown(b)))}</p>"
        for b in blocks
    )


def _kept(chart: Chart) -> list[int]:
    """The indices of the categories shown: each series' far tails (under 1 in 2,000) cut.

    At most :data:`~rulebook_py.widgets.charts.MAX_BARS` in all: past that (two
    wide codes far apart), each series keeps its share of them around its middle.
    """
    if not chart.tails_cut:
        return list(range(len(chart.categories)))
    xs, ranges = chart.categories, []
    for chances in chart.groups.values():
        lo, hi = tail_cut(chances, sum(chances))
        ranges.append((xs[lo], xs[hi - 1]))
    kept = {t for low, high in ranges for t in range(low, high + 1)}
    if len(kept) > MAX_BARS:
        half, kept = MAX_BARS // (2 * len(ranges)), set()
        for low, high in ranges:
            middle = (low + high) // 2
            kept.update(range(max(low, middle - half), min(high, middle + half) + 1))
    return [xs.index(t) for t in sorted(kept)]


def _main_answer(report: Report) -> Path:
    return report.path


def report_view(outcome: Callable[..., Report], values: Values) -> View:
    """The view of one call of ``outcome`` with the values that count: its blocks, its chart.

    The Python line is that call, read along the report's own path to its main answer.
    """
    report, call = rule_call(outcome, path=_main_answer, **counted(outcome, values))
    html = blocks_html(*report.blocks)
    c = report.chart
    if c is None:
        return View(html, "", call, report)
    if c.bars:
        return View(html, bar_chart(dict(c.bars), title=c.title, x_title=c.x_title), call, report)
    kept = _kept(c)
    chart = grouped_bar_chart(
        [str(c.categories[i]) for i in kept],
        {name: [chances[i] for i in kept] for name, chances in c.groups.items()},
        title=c.title,
        x_title=c.x_title,
    )
    return View(html, chart, call, report)


def side_words(side: str) -> Mapping[str, Msg]:
    """The words of a fighter's controls, for side ``"a"`` or ``"b"`` (two stances: the melee's, the fight's).

    Example:
        >>> side_words("b")["health"]
        "B's points he can take"
    """
    s = side.upper()
    return {
        "name": M("{side}'s name", side=s),
        "skill": M("{side}'s skill (AB / CC / AM)", side=s),
        "agility": M("{side}'s AGILITÉ", side=s),
        "stance": M("{side}'s stance (posture)", side=s),
        "every_round": M("{side}'s stance, every round", side=s),
        "weapon": M("{side}'s weapon (arme)", side=s),
        "proton": M("{side}'s blade is a proton blade (protonique)", side=s),
        "bonus": M("{side}'s BDC + BDT", side=s),
        "blows": M("{side}'s weapons", side=s),
        "damage": M("{side}'s damage, a full blow (points)", side=s),
        "health": M("{side}'s points he can take", side=s),
    }


class GalaxiesCalculator(Calculator):
    """The chapter's calculators: every roll shows its lines, every die listed."""

    fields: ClassVar[Mapping[str, str]] = {
        "target_immobile": "immobile",
        "half_dodge_factor": "half_dodge",
        "guard_tie_lands": "guard_tie",
        "pursuit_tie_holds": "pursuit_tie",
    }

    def show_roll(self, roll: Any) -> str:
        """One line per roll of the outcome (each a message)."""
        return lines_html(roll.lines())
