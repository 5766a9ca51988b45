"""The quick reference's tables, drawn from the rules' own tables and functions.

Each function gives one table of ``book/reference-mass-battle.ipynb`` as a
:class:`ReferenceTable`: its caption, its headers and its rows, every word a
message (the page is printed in both editions) and every number read from
the rule it restates (:func:`~.tables.table_percent`, the enumerations,
:func:`~.tables.leadership`, :func:`~.tables.terrain_cases`). Nothing here
is typed by hand: a changed rule changes the page.

Example:
    >>> t = leadership_table()
    >>> t.headers[1:], t.rows[-1][1:]
    (('Peu expérimenté', 'Expérimenté', 'Vétéran'), ('+0', '+2', '+3'))
"""

from __future__ import annotations

from dataclasses import dataclass

from ...errors import RuleValueError, check_int, quote
from ...messages import Msg, join
from .tables import (
    BASE_DAMAGE_PERCENT,
    MAX_TABLE_LEVEL,
    Attitude,
    CommanderClass,
    Cunning,
    Experience,
    Fame,
    LeadershipReading,
    Morale,
    Terrain,
    Weather,
    leadership,
    table_percent,
    terrain_cases,
)
from .words import M

__all__ = [
    "ReferenceTable",
    "attitude_table",
    "damage_tables",
    "leadership_table",
    "modifier_table",
    "round_odds_table",
    "terrain_table",
]


@dataclass(frozen=True)
class ReferenceTable:
    """One table of the quick reference: caption, headers and rows.

    Attributes:
        caption: The table's caption (a message; empty for none).
        headers: The column headers.
        rows: The rows, one value a cell (messages, numbers, the source's labels).

    Example:
        >>> ReferenceTable("", ("a",), ((1,),)).rows
        ((1,),)
    """

    caption: str
    headers: tuple[object, ...]
    rows: tuple[tuple[object, ...], ...]

    def __post_init__(self) -> None:
        if not isinstance(self.caption, str) or len(self.caption) > 300:
            raise RuleValueError(
                M("{name} must be text, got {got}", name="caption", got=quote(self.caption)),
                field="caption",
            )
        for name in ("headers", "rows"):
            value = getattr(self, name)
            if not isinstance(value, tuple) or len(value) > 100:
                raise RuleValueError(
                    M(
                        "{name} must be a tuple of at most 100 items, got {got}",
                        name=name,
                        got=quote(value),
                    ),
                    field=name,
                )
        width = len(self.headers)
        if not all(isinstance(row, tuple) and len(row) == width for row in self.rows):
            raise RuleValueError(
                M(
                    "{name} must be tuples as wide as the headers ({n}), got {got}",
                    name="rows",
                    n=width,
                    got=quote(self.rows),
                ),
                field="rows",
            )


def _signed(value: int) -> Msg:
    """A modifier with its sign, as the tables write it: ``+2``, ``−1``.

    Example:
        >>> _signed(-1), _signed(-1).render("fr")
        ('-1', '−1')
    """
    return M("{n:+d}", n=check_int(value, "value", -100, 100))


def damage_tables() -> tuple[ReferenceTable, ReferenceTable]:
    """The offense and defense level table, in two halves (levels 0 to 10, then 11 on).

    The last column is the first level past the table's end, read as its last
    level (:func:`~.tables.table_percent`).

    Example:
        >>> first, second = damage_tables()
        >>> first.rows[0][:4], second.headers[-1], second.rows[0][-1]
        (('damage (%)', 0, 5, 10), 20, 95)
    """
    top = MAX_TABLE_LEVEL + 1
    halves = (range(0, top // 2 + 1), range(top // 2 + 1, top + 1))
    caption = M("The damage table (plus {n} % base damage every round)", n=BASE_DAMAGE_PERCENT)
    tables = tuple(
        ReferenceTable(
            caption if levels.start == 0 else "",
            (M("net level"), *levels),
            ((M("damage (%)"), *(table_percent(n) for n in levels)),),
        )
        for levels in halves
    )
    return tables[0], tables[1]


def round_odds_table(largest: int = 6) -> ReferenceTable:
    """The table's damage of one round for each net level and each d4 put on offense.

    Example:
        >>> round_odds_table(1).rows[1]
        (1, '10 %', '15 %', '20 %', '25 %')
    """
    check_int(largest, "largest", 0, MAX_TABLE_LEVEL)
    return ReferenceTable(
        M("Table damage of one round, every d4 on offense (each d4 face 25 %)"),
        (M("offense − defense"), *(M("d4 = {n}", n=d) for d in range(1, 5))),
        tuple(
            (net, *(M("{n} %", n=table_percent(net + d)) for d in range(1, 5)))
            for net in range(0, largest + 1)
        ),
    )


def attitude_table() -> ReferenceTable:
    """The attitudes and their offense and defense modifiers.

    Example:
        >>> attitude_table().rows[0]
        ('Offensive suicidaire', '+3', '-5')
    """
    return ReferenceTable(
        M("Attitude"),
        (M("attitude"), M("offense"), M("defense")),
        tuple((a.label, _signed(a.offense), _signed(a.defense)) for a in Attitude),
    )


def modifier_table() -> ReferenceTable:
    """Morale, cunning, weather and the commander's fame, by modifier.

    Example:
        >>> modifier_table().rows[4]
        ('+1', 'Confiant', 'Futé', 'Température radieuse', 'Personnage notoire et respecté')
    """
    values = sorted({m.modifier for m in Morale})
    kinds = (Morale, Cunning, Weather, Fame)

    def entries(kind: type, value: int) -> object:
        found = [m.label for m in kind if m.modifier == value]  # type: ignore[attr-defined]
        return join(", ", found) if found else "—"

    return ReferenceTable(
        M("Morale, cunning (special actions only), weather and the commander (added to morale)"),
        (M("modifier"), M("morale"), M("cunning (ruse)"), M("weather"), M("commander")),
        tuple((_signed(v), *(entries(kind, v) for kind in kinds)) for v in values),
    )


def leadership_table() -> ReferenceTable:
    """The class of commander by experience (:func:`~.tables.leadership`).

    The one cell where the source's two lists differ gives both: the class
    table's value, then the ranked list's.

    Example:
        >>> leadership_table().rows[4]
        ('Mauvais commandant', '-2', '-1 (ranked list: -2)', '-1')
    """

    def cell(cls: CommanderClass, exp: Experience) -> Msg:
        table = leadership(cls, exp)
        ranked = leadership(cls, exp, LeadershipReading.RANKED_LIST)
        if ranked == table:
            return _signed(table)
        return M("{table:+d} (ranked list: {ranked:+d})", table=table, ranked=ranked)

    return ReferenceTable(
        M("Leadership: the class of commander by experience (to place on offense or defense)"),
        (M("class of commander"), *(e.label for e in Experience)),
        tuple((cls.label, *(cell(cls, e) for e in Experience)) for cls in CommanderClass),
    )


def terrain_table() -> ReferenceTable:
    """Every terrain entry, each of its cases, what the defenders and the attackers get.

    Example:
        >>> [row for row in terrain_table().rows if row[0] == "Marécage"]
        [('Marécage', 'defenders on firm ground', '+2', '-2')]
        >>> terrain_table().rows[10][1:]
        ('otherwise', '-2', '-2')
    """
    rows = []
    for terrain in Terrain:
        for i, case in enumerate(terrain_cases(terrain)):
            cells = []
            for effect in (case.defenders, case.attackers):
                cells.append(M("no melee") if effect is None else effect.__message__())
            if case.attackers is not None and case.attackers.offense:
                # the attackers shoot from above: hand-to-hand defenders cannot reach them
                cells[0] = M("{effect}, no melee", effect=cells[0])
            rows.append((terrain.label if i == 0 else "", case.situation or "—", *cells))
    return ReferenceTable(
        M(
            "Terrain: points placed on offense or defense as the unit likes, unless marked on offense"
        ),
        (M("terrain"), M("when"), M("defenders"), M("attackers")),
        tuple(rows),
    )
