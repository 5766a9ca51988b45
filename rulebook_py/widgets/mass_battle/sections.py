"""The mass-battle forms in sections that fold, both units side by side in each.

The round resolver has 56 controls, the battle odds 50, the unit builder 26:
laid out as two long columns, a phone showed the answer three screens below
the controls (4,065 px of form). Each form is cut into the same sections (a
unit's vitality and levels, its attitude and morale, its commander, its weapons and
special actions, the round's points, then the battlefield); only the first is
open when the page opens (:mod:`rulebook_py.widgets.folds`). Within a section
each unit's controls stand in its own column under its name; on a phone the
columns follow each other.

Example:
    >>> from rulebook_py.widgets.mass_battle import MassBattleRoundCalculator
    >>> calc = MassBattleRoundCalculator()
    >>> [shown(s.children[0].value.split(">")[1].split("<")[0]) for s in calc.children[1:7]]
    ['Vitality and levels', 'Attitude and morale', 'Commander', 'Weapons and special actions', 'Points and d4 of this round', 'Battlefield']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import ipywidgets as widgets

from ..base import Calculator
from ..folds import fold
from ..format import escape
from ..words import M, shown

__all__ = ["SECTIONS", "sections"]

#: Each section's heading and the unit's controls it holds (by name, after the unit's prefix).
SECTIONS = (
    (M("Vitality and levels"), ("vitality", "offense", "defense")),
    (
        M("Attitude and morale"),
        ("attitude", "attitude2", "attitude2_round", "morale", "lean", "feels_weather"),
    ),
    (M("Commander"), ("fame", "leadership", "reading", "cunning")),
    (
        M("Weapons and special actions"),
        (
            "weapons",
            "action1",
            "action1_round",
            "action2",
            "action2_round",
            "action3",
            "action3_round",
            "policy",
        ),
    ),
    (
        M("Points and d4 of this round"),
        ("special_off", "morale_off", "leadership_off", "terrain_off", "die", "chance_off"),
    ),
)
#: The heading of the controls no unit owns (terrain, weather, the battle's own).
FIELD = M("Battlefield")


def sections(
    rows: Mapping[str, widgets.Widget],
    sides: Sequence[tuple[str, str]],
    calc: Calculator,
) -> list[widgets.Widget]:
    """The rows (by control name) in sections: a column per side ``(prefix, title)``.

    A side's title heads its column in every section (a single unit, whose
    title is ``""``, has no column: its rows stand in the section); the rows no
    side owns make the last section. ``calc``: the calculator, whose layout and
    style every new widget shares.
    """
    shared = {"layout": calc.plain_layout, "style": calc.text_style}
    laid: list[widgets.Widget] = []
    placed: set[str] = set()
    for heading, keys in SECTIONS:
        parts: list[widgets.Widget] = []
        for prefix, title in sides:
            names = [prefix + key for key in keys if prefix + key in rows]
            placed.update(names)
            found = [rows[name] for name in names]
            if found and title:
                head = calc.text(f"<b>{escape(shown(title))}</b>")
                column = widgets.VBox([head, *found], layout=calc.plain_layout)
                column.add_class("rb-fold-column")
                parts.append(column)
            else:
                parts += found
        if parts:
            side_by_side = all(title for _prefix, title in sides)
            section = fold(heading, parts, opened=not laid, side_by_side=side_by_side, **shared)
            laid.append(section)
    rest = [row for name, row in rows.items() if name not in placed]
    if rest:
        laid.append(fold(FIELD, rest, opened=False, **shared))
    return laid
