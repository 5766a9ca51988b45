"""The comparison chapter's tables and charts, written in the reader's language.

What each table or chart shows -- its columns, rows and captions, computed
with the rules -- is data in :mod:`rulebook_py.comparison.chapter`; each
function here writes one as HTML (:func:`~.format.table_html`) or SVG
(:func:`~.charts.grouped_bar_chart`), or the lines it prints: the chapter's code
cells call them, the words coming from the ``comparison`` catalog (the French
edition reads them in French).

Example:
    >>> "Galaxies Jumelles" in engines_table()
    True
    >>> plus_one_chart().startswith("<svg")
    True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..comparison import PlusOneRule, chapter
from ..comparison.chapter import Chart, Kind, Table
from ..comparison.words import M
from ..messages import Msg, join
from .charts import grouped_bar_chart
from .format import number, percent, probability, table_html
from .words import shown

__all__ = [
    "blows_table",
    "chart_svg",
    "duel_table",
    "engines_table",
    "exchange_chart",
    "exchange_table",
    "gains_table",
    "levels_table",
    "longer_than",
    "plus_one_chart",
    "plus_one_table",
    "rounds_chart",
    "simulation_lines",
    "spread_by_code_table",
    "spread_table",
    "tables_html",
    "unisystem_turn_table",
    "upset_chart",
]

#: How each kind of cell reads.
_WRITE: dict[Kind, Callable[[Any], object]] = {
    Kind.TEXT: lambda value: _numbers_in(value),
    Kind.PERCENT: percent,
    Kind.PROBABILITY: probability,
    Kind.NUMBER: number,
    Kind.PERCENTS: lambda values: join(" / ", [percent(v) for v in values]),
}


def _numbers_in(value: object) -> object:
    """A text cell as it is; a message's numbers with decimals written as means are.

    Example:
        >>> str(_numbers_in(M("{sd} points", sd=1.70782))), _numbers_in("+1D")
        ('1.71 points', '+1D')
    """
    if not isinstance(value, Msg):
        return value
    return value.with_params(
        **{k: number(v) for k, v in value.params.items() if isinstance(v, float)}
    )


def tables_html(*tables: Table) -> str:
    """The tables as HTML, one after the other; a cell of ``None`` reads "—".

    Example:
        >>> tables_html(chapter.Table((chapter.Column("p", Kind.PERCENT),), ((None,),)))
        '<table class="rb-table"><thead><tr><th>p</th></tr></thead><tbody><tr><td>—</td></tr></tbody></table>'
    """
    return "".join(
        table_html(
            [c.header for c in t.columns],
            [
                ["—" if v is None else _WRITE[c.kind](v) for c, v in zip(t.columns, row)]
                for row in t.rows
            ],
            caption=t.caption,
        )
        for t in tables
    )


def chart_svg(chart: Chart) -> str:
    """The chart as SVG, with its views, table and CSV.

    Example:
        >>> chart_svg(chapter.rounds_chart(3)).startswith("<svg")
        True
    """
    return grouped_bar_chart(chart.labels, chart.series, title=chart.title, x_title=chart.x_title)


def engines_table() -> str:
    """Each system's step, the unit of its margin and its even fighter.

    Example:
        >>> "+1 offense level" in engines_table()
        True
    """
    return tables_html(chapter.engines_table())


def levels_table() -> str:
    """Mass battles: the chance of being ahead after a round, one level up on each side.

    Example:
        >>> "offense 6, defense 3" in levels_table()
        True
    """
    return tables_html(chapter.levels_table())


def exchange_chart() -> str:
    """The chance that the better side comes out ahead of one exchange, gap by gap.

    Example:
        >>> exchange_chart().startswith("<svg")
        True
    """
    return chart_svg(chapter.exchange_chart())


def exchange_table() -> str:
    """The same chances, as a table.

    Example:
        >>> "P(the better side comes out ahead of one exchange)" in exchange_table()
        True
    """
    return tables_html(chapter.exchange_table())


def unisystem_turn_table() -> str:
    """Unisystem: each fighter's attack against the other's dodge, gap by gap.

    Example:
        >>> "64.00 % (16/25)" in unisystem_turn_table()
        True
    """
    return tables_html(chapter.unisystem_turn_table())


def spread_table() -> str:
    """The spread of one exchange between even fighters, in each system's unit and in steps.

    Example:
        >>> "35/12" in spread_table() or "variance" in spread_table()
        True
    """
    return tables_html(chapter.spread_table())


def spread_by_code_table() -> str:
    """Galaxies: the spread by even code; Chroniques: by the size of the step.

    Example:
        >>> "6D+1" in spread_by_code_table()
        True
    """
    return tables_html(*chapter.spread_by_code_table())


def gains_table(rule: PlusOneRule) -> str:
    """What +1 adds at each starting point of one rule.

    Example:
        >>> "gain (points)" in gains_table(PlusOneRule.UNISYSTEM_TASK)
        True
    """
    return tables_html(chapter.gains_table(rule))


def plus_one_chart() -> str:
    """Chroniques: what +1 adds to the chance of hitting, a d20 against the best of two.

    Example:
        >>> "best of two d20" in plus_one_chart()
        True
    """
    return chart_svg(chapter.plus_one_chart())


def plus_one_table() -> str:
    """Chroniques: the chance of hitting and what +1 adds, d20, d12 rule and best of two.

    Example:
        >>> "d12 rule" in plus_one_table()
        True
    """
    return tables_html(chapter.plus_one_table())


def duel_table() -> str:
    """The duel to the end at every gap: the better side wins, an upset, a draw.

    Example:
        >>> "better wins / upset / draw" in duel_table()
        True
    """
    return tables_html(chapter.duel_table())


def upset_chart() -> str:
    """The upset rate (the weaker side wins the duel), gap by gap.

    Example:
        >>> upset_chart().startswith("<svg")
        True
    """
    return chart_svg(chapter.upset_chart())


def longer_than(horizon: int = 15) -> str:
    """The chance that a duel one step apart lasts more than ``horizon`` rounds, per system.

    Example:
        >>> longer_than(15).startswith("P(more than 15 rounds): Unisystem")
        True
    """
    parts = [
        M("{system} {chance}", system=e, chance=percent(p))
        for e, p in chapter.longer_than(horizon).items()
    ]
    return shown(M("P(more than {count} rounds): {parts}", count=horizon, parts=join("; ", parts)))


def rounds_chart(horizon: int = 15) -> str:
    """How many rounds a duel one step apart lasts, per system, up to ``horizon``.

    Example:
        >>> rounds_chart(3).startswith("<svg")
        True
    """
    return chart_svg(chapter.rounds_chart(horizon))


def blows_table() -> str:
    """One step ahead: the better side's chance by N full blows and by hit points.

    Example:
        >>> "N full blows" in blows_table()
        True
    """
    return tables_html(chapter.blows_table())


def simulation_lines(trials: int = 1000, seed: int = 19) -> str:
    """The exact duel beside a seeded simulation of ``trials`` duels, one line per system.

    Example:
        >>> simulation_lines(20, 1).count("simulated") == 2 * 4
        True
    """
    lines = chapter.simulation_lines(trials, seed)
    padded = [m.with_params(system=f"{shown(m.params['system']):20}") for m in lines]
    return shown(join("\n", padded))
