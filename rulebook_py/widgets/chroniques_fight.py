"""The Chroniques Oubliées chapter's whole fight: two fighters to the finish, round by round.

The calculator maps its controls (named as the rule's parameters) to one call,
:func:`rulebook_py.outcomes.chroniques.fight_between`, and renders its
presentation: the exact chance of each ending, and a seeded replay of every round. A
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

from .. import outcomes
from ..outcomes.chroniques import choices
from ..systems.chroniques.words import MC, M
from .base import Controls
from .calls import changes
from .chroniques_common import BOX, ChroniquesCalculator, french
from .presented import Declared, declared
from .registry import register

__all__ = ["ChroniquesFightCalculator"]

#: One fighter's controls, named as :func:`~rulebook_py.outcomes.chroniques.fight_between`'s
#: parameters after the side (``first_``, ``second_``): the label (and the options).
_FIGHTER = (
    ("name", MC("fighter", "name")),
    ("hit_points", MC("fighter", "hit points (PV)")),
    ("attack", MC("fighter", "melee attack score")),
    ("defense", MC("fighter", "DEF")),
    ("damage", MC("fighter", "weapon dice (DM)")),
    ("strength", MC("fighter", "STR mod. (damage bonus)")),
    ("initiative", MC("fighter", "initiative (Init.)")),
    ("player", MC("fighter", "player character (PJ)")),
    ("wisdom", MC("fighter", "WIS score (ties)")),
    ("die", MC("fighter", "die"), choices.DIES),
    ("knock_out", MC("fighter", "strikes to knock out (DM temporaires)")),
    ("suitable_weapon", MC("fighter", "weapon suited to knocking out (no −2)")),
)
_SIDES = {"first": M("First fighter"), "second": M("Second fighter")}


def _fighter(side: str) -> tuple[Declared, ...]:
    """One fighter's controls, opening on the rule's defaults (the goblin's French name)."""
    defaults = inspect.signature(outcomes.chroniques.fight_between).parameters
    controls = []
    for field, label, *options in _FIGHTER:
        name = f"{side}_{field}"
        default = "Gobelin" if name == "second_name" and french() else defaults[name].default
        label = M("{fighter}: {control}", fighter=_SIDES[side], control=label)
        controls.append((name, label, default, *options))
    return tuple(controls)


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
        changes(second_hit_points=8, second_attack=5, first_knock_out=False, first_hit_points=30)
        + changes(second_hit_points=30, second_die="2d20kh1", second_damage="2d6")
        + changes(first_hit_points=10, second_knock_out=True, second_suitable_weapon=True)
        + changes(first_initiative=10, second_name="Orc")
    )

    def build_controls(self) -> Controls:
        """Both fighters; Krush (to knock out) against the goblin (the gobelin in French)."""
        return declared((*_fighter("first"), *_fighter("second")), BOX)
