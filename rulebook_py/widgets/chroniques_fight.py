"""The Chroniques Oubliées chapter's whole fight: two fighters to the finish, round by round.

The calculator maps its controls (named as the rule's parameters) to one call,
:func:`rulebook_py.outcomes.chroniques.fight_between`, and formats the outcome:
the exact chance of each ending, and a seeded replay of every round. A
fighter's "suitable weapon" box counts only when that fighter strikes to knock
out; otherwise the outcome names it ``unused``: it is hidden and left out of
the Python line.

Example:
    >>> calc = ChroniquesFightCalculator()  # Krush, to knock out, against the goblin
    >>> "P(Krush wins: Goblin knocked out)" in calc.result.value
    True
"""

from __future__ import annotations

import inspect
from typing import Any

import ipywidgets as widgets

from .. import outcomes
from ..messages import Msg
from ..outcomes.chroniques import choices
from ..systems.chroniques.words import MC, M
from .base import Controls
from .chroniques_common import BOX, ChroniquesCalculator, french
from .controls import checkbox, dropdown, int_box, text_box
from .registry import register

__all__ = ["ChroniquesFightCalculator"]

#: One fighter's controls, named as :func:`~rulebook_py.outcomes.chroniques.fight_between`'s
#: parameters after the side (``first_``, ``second_``): the label and the kind of control.
_FIGHTER = (
    ("name", MC("fighter", "name"), text_box),
    ("hit_points", MC("fighter", "hit points (PV)"), int_box),
    ("attack", MC("fighter", "melee attack score"), int_box),
    ("defense", MC("fighter", "DEF"), int_box),
    ("damage", MC("fighter", "weapon dice (DM)"), text_box),
    ("strength", MC("fighter", "STR mod. (damage bonus)"), int_box),
    ("initiative", MC("fighter", "initiative (Init.)"), int_box),
    ("player", MC("fighter", "player character (PJ)"), checkbox),
    ("wisdom", MC("fighter", "WIS score (ties)"), int_box),
    ("die", MC("fighter", "die"), dropdown),
    ("knock_out", MC("fighter", "strikes to knock out (DM temporaires)"), checkbox),
    ("suitable_weapon", MC("fighter", "weapon suited to knocking out (no −2)"), checkbox),
)
_SIDES = {"first": M("First fighter"), "second": M("Second fighter")}


def _control(side: str, field: str, label: Msg, make: Any) -> widgets.Widget:
    """One fighter's control, opening on the rule's default (the goblin's French name)."""
    name = f"{side}_{field}"
    default = inspect.signature(outcomes.chroniques.fight_between).parameters[name].default
    if name == "second_name" and french():
        default = "Gobelin"
    label = M("{fighter}: {control}", fighter=_SIDES[side], control=label)
    if make is int_box:
        return int_box(label, default, bounds=BOX)
    if make is dropdown:
        return dropdown(label, choices.DIES, default)
    return make(label, default)


@register
class ChroniquesFightCalculator(ChroniquesCalculator):
    """A whole melee fight: the exact chance of each ending, and a seeded replay.

    Example:
        >>> calc = ChroniquesFightCalculator(second_hit_points=12)
        >>> "at most 10 hit points" in calc.error_for("second_hit_points")
        True
    """

    title = M("A whole fight, round by round")
    rule = staticmethod(outcomes.chroniques.fight_between)
    path = ("first_wins",)
    kind = "fight"
    default_seed = 3  # the chapter's worked fight
    bench_changes = (
        ("second_hit_points", 8),
        ("second_attack", 5),
        ("first_knock_out", False),
        ("first_hit_points", 30),
        ("second_hit_points", 30),
        ("second_die", "2d20kh1"),
        ("second_damage", "2d6"),
        ("first_hit_points", 10),
        ("second_knock_out", True),
        ("second_suitable_weapon", True),
        ("first_initiative", 10),
        ("second_name", "Orc"),
    )

    def build_controls(self) -> Controls:
        """Both fighters; Krush (to knock out) against the goblin (the gobelin in French)."""
        return {
            f"{side}_{field}": _control(side, field, label, make)
            for side in _SIDES
            for field, label, make in _FIGHTER
        }
