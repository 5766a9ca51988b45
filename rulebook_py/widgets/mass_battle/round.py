"""The round resolver: one round between two units, every total shown.

Example:
    >>> calc = MassBattleRoundCalculator()
    >>> calc.controls["a_chance_off"].value = 5  # more than the d4 of 4: clamped, with a note
    >>> "5 asked, at most 4 possible: 4 used" in calc.result.value
    True
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import ipywidgets as widgets

from ...errors import RulebookError
from ...systems.mass_battle import (
    Allocation,
    Attitude,
    BattleRound,
    Terrain,
    free_points,
    resolve_round,
)
from ..base import PythonCall
from ..controls import dropdown, int_box
from ..format import escape
from ..registry import register
from .form import (
    _EXAMPLE_UNITS,
    _HOLDERS,
    _WIDE,
    ACTION_OPTIONS,
    BREAKER_OPTIONS,
    NO_ACTION,
    _battlefield,
    _check_round,
    _fail,
    _field_controls,
    _label,
    _notes,
    _retarget_tight,
    _two_sides,
    _TwoColumns,
    round_table_html,
    source,
    unit_form,
)

__all__ = ["MassBattleRoundCalculator"]

_POOLS = (
    ("special", "special_off"),
    ("morale", "morale_off"),
    ("leadership", "leadership_off"),
    ("terrain", "terrain_off"),
)


@register
class MassBattleRoundCalculator(_TwoColumns):
    """One round between two units, every total shown; the brigands' ambush by default.

    Example:
        >>> calc = MassBattleRoundCalculator()
        >>> calc.controls["d_vitality"].value = 101
        >>> "multiple of 5" in calc.error_for("d_vitality")
        True
    """

    title = "Round resolver (ronde de combat)"
    side_titles = ("Attacker (brigands)", "Defender (princess's guard)")
    bench_changes = (
        ("a_chance_off", 1),
        ("a_die", 2),
        ("d_attitude", Attitude.EXTREMELY_DEFENSIVE),
        ("terrain", Terrain.FOREST),
        ("d_die", 4),
        ("a_action2", "charge"),
        ("a_special_off", 1),
        ("round", 2),
        ("d_action1", "retreat"),
        ("terrain", Terrain.CAVE_FRONT),
        ("tight", True),
    )

    def build_controls(self) -> Mapping[str, widgets.Widget]:
        """Per unit: the unit form, where its bonuses go, the d4; then the field."""
        controls: dict[str, widgets.Widget] = {}
        options = ACTION_OPTIONS + BREAKER_OPTIONS
        for p, first, sp_off, die, ch_off in (
            ("a_", "ambush free", 2, 4, 3),
            ("d_", NO_ACTION, 0, 2, 0),
        ):
            controls.update(unit_form(p, _EXAMPLE_UNITS[p], options, first))
            controls.update(
                {
                    f"{p}special_off": int_box("Action points on offense", sp_off),
                    f"{p}morale_off": int_box("Morale points on offense", 0),
                    f"{p}leadership_off": int_box("Leadership points on offense", 0),
                    f"{p}terrain_off": int_box("Terrain points on offense", 0),
                    f"{p}die": int_box("d4 rolled", die),
                    f"{p}chance_off": int_box("d4 points on offense", ch_off),
                }
            )
        controls.update(_field_controls())
        controls["holder"] = dropdown("Holds the ground", _HOLDERS, "d", width=_WIDE)
        controls["round"] = int_box(
            "Round (ronde)", 1, tooltip="special actions decay with the rounds"
        )
        for p in ("a_", "d_"):  # every pool is placed by the boxes "... points on offense"
            controls[f"{p}lean"].disabled = True
        return controls

    def _round(
        self, values: Mapping[str, Any], dice: tuple[int, int] | None = None
    ) -> tuple[BattleRound, list[str], str]:
        rnd = _check_round(values, self.controls)
        field = _battlefield(values)
        a, d, _, notes = _two_sides(values, self.controls, field)
        allocs = []
        for p, side, enemy, k in (("a_", a, d, 0), ("d_", d, a, 1)):
            die = values[f"{p}die"] if dice is None else dice[k]
            if not 1 <= die <= 4:
                raise _fail(f"“d4 rolled” must be 1, 2, 3 or 4, got {die!r}", f"{p}die")
            try:
                pools = free_points(side, enemy.unit, field, rnd)
            except RulebookError as err:
                _retarget_tight(err)
                raise
            pools["chance"] = die
            chosen = {}
            for pool, name in (*_POOLS, ("chance", "chance_off")):
                asked = values[f"{p}{name}"]
                low, high = sorted((0, pools[pool]))
                used = min(max(asked, low), high)
                if used != asked and dice is None:
                    who = self.side_titles[k].split(" (")[0].lower()
                    notes.append(
                        f"{who}, “{_label(self.controls, p + name)}”: {asked} asked, "
                        f"{'at most' if asked > high else 'at least'} "
                        f"{high if asked > high else low} possible: {used} used"
                    )
                chosen[pool] = used
            allocs.append(Allocation(**chosen, die=die))
        try:
            result = resolve_round(
                a,
                d,
                field,
                round_number=rnd,
                attacker_allocation=allocs[0],
                defender_allocation=allocs[1],
            )
        except RulebookError as err:
            _retarget_tight(err)
            if err.field == "vitality":
                err.field = "a_vitality" if a.unit.vitality == 0 else "d_vitality"
            raise
        src = (
            f"mass_battle.resolve_round({source(a)}, {source(d)}, {source(field)}, "
            f"round_number={rnd}, attacker_allocation={source(allocs[0])}, "
            f"defender_allocation={source(allocs[1])}).rows()[-2:]"
        )
        return result, notes, src

    def compute(self, values: Mapping[str, Any]) -> tuple[str, str]:
        """The round's table and the vitality left."""
        r, notes, src = self._round(values)
        self._call = PythonCall("mass_battle", src, r.rows()[-2:])
        verdict = (
            "Both units are destroyed."
            if r.attacker.vitality == r.defender.vitality == 0
            else "The defender is destroyed."
            if r.defender.vitality == 0
            else "The attacker is destroyed."
            if r.attacker.vitality == 0
            else "Both stand: the fight may go on."
        )
        notes.append(
            "“Free points go” is not used here: the boxes “… points on offense” place every "
            "bonus of this round"
        )
        said = "; ".join(
            f"{who}: {escape(steps[2].note)}"
            for who, steps in (("attacker", r.attacker_steps), ("defender", r.defender_steps))
            if steps[2].note != "none"
        )
        actions = f"<p>Special actions this round: {said}.</p>" if said else ""
        return (
            _notes(notes) + round_table_html(r) + actions + f"<p><b>{verdict}</b></p>",
            "",
        )

    def resolve(self, values: Mapping[str, Any], rng: random.Random) -> str:
        """Roll both d4; each side puts at most its chosen points on offense."""
        dice = (rng.randint(1, 4), rng.randint(1, 4))
        r, _, _ = self._round(values, dice)
        return (
            f"attacker d4 = {dice[0]} ({r.attacker_chance[0]} on offense), defender d4 = "
            f"{dice[1]} ({r.defender_chance[0]} on offense): attacker loses "
            f"{r.damage_to_attacker} % → {r.attacker.vitality} %, defender loses "
            f"{r.damage_to_defender} % → {r.defender.vitality} %"
        )
