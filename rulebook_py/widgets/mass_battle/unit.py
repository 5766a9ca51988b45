"""The unit builder: one unit's totals before the d4, step by step.

Example:
    >>> "+6/+3" in UnitBuilderCalculator().result.value  # the brigands before the d4
    True
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import ipywidgets as widgets

from ...systems.mass_battle import (
    Attitude,
    Battlefield,
    CommanderClass,
    Cunning,
    Experience,
    Lean,
    Morale,
    Orders,
    Side,
    Terrain,
    Unit,
    split_free,
    totals_before_chance,
)
from ..base import Calculator, PythonCall
from ..controls import dropdown, int_box
from ..format import escape, table_html
from ..registry import register
from .form import (
    _EXAMPLE_UNITS,
    _WEAPONS,
    _WIDE,
    ACTION_OPTIONS,
    _battlefield,
    _check_round,
    _check_slot,
    _fail,
    _field_controls,
    _resolved,
    _slots,
    source,
    unit_form,
    unit_from,
)

__all__ = ["UnitBuilderCalculator"]


@register
class UnitBuilderCalculator(Calculator):
    """One unit's offense and defense after every table of the source, step by step.

    Example:
        >>> calc = UnitBuilderCalculator()
        >>> "+6/+3" in calc.result.value  # the brigands before the d4
        True
    """

    title = "Unit builder (unité)"
    bench_changes = (
        ("attitude", Attitude.SUICIDAL_OFFENSIVE),
        ("morale", Morale.RADIANT),
        ("leadership", (CommanderClass.BRILLIANT, Experience.VETERAN)),
        ("terrain", Terrain.WOODED_MOUNTAINTOP),
        ("holds", "defender"),
        ("action2", "retreat"),
        ("round", 3),
        ("terrain", Terrain.MARSH),
        ("well_placed", False),
        ("cunning", Cunning.MACHIAVELLIAN),
        ("lean", Lean.EVEN),
        ("terrain", Terrain.CAVE_FRONT),
        ("tight", True),
        ("action3", "tight luck 4"),
    )

    def build_controls(self) -> Mapping[str, widgets.Widget]:
        """The unit form, the round, and what the unit stands on; the brigands by default."""
        controls = dict(
            unit_form("", _EXAMPLE_UNITS["a_"], ACTION_OPTIONS, "ambush offense", vitality=False)
        )
        controls["lean"].value = Lean.DEFENSE
        controls.update(
            {
                "round": int_box(
                    "Round (ronde)", 1, tooltip="special actions change from round to round"
                ),
                "holds": dropdown(
                    "This unit",
                    [
                        ("attacks", "attacker"),
                        ("holds the ground (défenseur)", "defender"),
                        ("nobody holds the ground", "nobody"),
                    ],
                    "attacker",
                    width="30em",
                ),
                "enemy_weapons": dropdown("The enemy fights with", _WEAPONS, "melee", width=_WIDE),
            }
        )
        controls.update(_field_controls())
        return controls

    def _steps(self, values: Mapping[str, Any]) -> tuple[Side, Unit, Battlefield, int]:
        rnd = _check_round(values, self.controls)
        holds = values["holds"]
        unit = unit_from(values, "", holds == "defender", "Unit")
        enemy = Unit(
            "Enemy",
            100,
            0,
            0,
            defends_ground=holds == "attacker",
            missile_weapons=values["enemy_weapons"] == "missile",
            flying=values["enemy_weapons"] == "flying",
        )
        field = _battlefield(values)
        if field.terrain is Terrain.FAULT_FROM_ABOVE:
            attacker = "enemy_weapons" if holds == "defender" else "weapons"
            if values[attacker] == "melee":
                raise _fail(
                    "no melee is possible on a mountain fault attacked from above: the attacking "
                    "unit must fight with missile weapons or wings",
                    attacker,
                )
        if field.tight_combat and holds == "nobody":
            raise _fail(
                "a tight combat is chosen by the defenders: it needs a unit holding the ground "
                "(see “This unit”)",
                "tight",
            )
        actions = []
        for key, start, name in _slots(values, "", self.controls):
            _check_slot(key, holds == "defender", holds == "attacker", field.tight_combat, name)
            actions.append(_resolved(key, start))
        side = Side(unit, Orders(values["attitude"], tuple(actions), values["lean"]))
        return side, enemy, field, rnd

    def compute(self, values: Mapping[str, Any]) -> tuple[str, str]:
        """The step-by-step totals before the d4."""
        side, enemy, field, rnd = self._steps(values)
        steps = totals_before_chance(side, enemy, field, rnd)
        self._call = PythonCall(
            "mass_battle",
            f"mass_battle.totals_before_chance({source(side)}, {source(enemy)}, "
            f"{source(field)}, {rnd})[-1].result",
            steps[-1].result,
        )
        rows = [
            (s.number, s.name, f"{s.offense_change:+d}/{s.defense_change:+d}", s.result, s.note)
            for s in steps
        ]
        last = steps[-1]
        cunning = values["cunning"]
        summary = (
            f"<p><b>Before the d4 (round {rnd}): offense {last.offense:+d}, "
            f"defense {last.defense:+d}.</b> The commander's cunning "
            f"({escape(cunning.label)}, {cunning.modifier:+d}) counts only in the rolls of "
            "special actions.</p>"
        )
        return summary + table_html(["step", "what", "change", "total", "detail"], rows), ""

    def python_call(self, values: Mapping[str, Any]) -> PythonCall | None:
        """The call kept by the last :meth:`compute`."""
        return getattr(self, "_call", None)

    def resolve(self, values: Mapping[str, Any], rng: random.Random) -> str:
        """Roll the d4 of chance and place it by the lean."""
        side, enemy, field, rnd = self._steps(values)
        last = totals_before_chance(side, enemy, field, rnd)[-1]
        die = rng.randint(1, 4)
        off, dfn = split_free(die, values["lean"])
        return (
            f"d4 = {die}: {off} on offense, {dfn} on defense → "
            f"{last.offense + off:+d}/{last.defense + dfn:+d}"
        )
