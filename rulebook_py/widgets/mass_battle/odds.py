"""The battle-odds calculator: the exact chances of a whole battle, and a replay.

Example:
    >>> "Attacker wins" in MassBattleOddsCalculator().result.value
    True
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import ipywidgets as widgets

from ...errors import RulebookError
from ...systems.mass_battle import (
    Battlefield,
    ChancePolicy,
    Side,
    Terrain,
    Timing,
    battle_odds,
    replay_battle,
    roll_actions,
)
from ..base import PythonCall
from ..charts import bar_chart, grouped_bar_chart
from ..controls import dropdown, int_box
from ..format import escape, number, probability, table_html
from ..registry import register
from .form import (
    _EXAMPLE_UNITS,
    _HOLDERS,
    _POLICIES,
    _TIMINGS,
    _WIDE,
    ACTION_OPTIONS,
    BREAKER_OPTIONS,
    NO_ACTION,
    ROLLED_OPTIONS,
    _action_name,
    _battlefield,
    _fail,
    _field_controls,
    _notes,
    _retarget_tight,
    _Rolled,
    _two_sides,
    _TwoColumns,
    source,
    unit_form,
)

__all__ = ["MassBattleOddsCalculator"]

_END = {
    (True, True): "both fall",
    (False, True): "the attacker wins",
    (True, False): "the defender wins",
    (False, False): "no one has fallen",
}


@register
class MassBattleOddsCalculator(_TwoColumns):
    """Exact odds of a whole battle and a seeded replay; the brigands' battle by default.

    Example:
        >>> calc = MassBattleOddsCalculator()
        >>> "Attacker wins" in calc.result.value and calc.chart.value.startswith("<svg")
        True
    """

    title = "Battle odds (bataille)"
    kind = "fight"
    side_titles = ("Attacker (brigands)", "Defender (knights)")
    bench_changes = (
        ("a_vitality", 60),
        ("d_policy", ChancePolicy.CAUTIOUS),
        ("a_action1", "ambush offense 4"),
        ("d_vitality", 100),
        ("terrain", Terrain.WOODED_HILLSIDE),
        ("holder", ""),
        ("holder", "d"),
        ("a_action1", "rolled ambush offense"),
        ("a_action2", "charge"),
        ("a_action2_round", 3),
        ("d_action1", "rolled breaker"),
        ("timing", Timing.AFTER_ROLL),
        ("a_policy", ChancePolicy.SPLIT),
        ("a_vitality", 100),
    )

    def build_controls(self) -> Mapping[str, widgets.Widget]:
        """Per unit: the unit form and its d4 policy; then the field and the battle."""
        controls: dict[str, widgets.Widget] = {}
        options = ACTION_OPTIONS + BREAKER_OPTIONS + ROLLED_OPTIONS
        for p, first, policy in (
            ("a_", "ambush offense", ChancePolicy.ALL_OFFENSE),
            ("d_", NO_ACTION, ChancePolicy.ALL_DEFENSE),
        ):
            controls.update(unit_form(p, _EXAMPLE_UNITS[p], options, first))
            controls[f"{p}policy"] = dropdown("d4 policy", _POLICIES, policy, width=_WIDE)
        controls.update(_field_controls())
        controls["holder"] = dropdown("Holds the ground", _HOLDERS, "d", width=_WIDE)
        controls["cover"] = int_box(
            "Cover for a rolled ambush (+0 to +3)",
            1,
            tooltip="added to the hiding roll (forest: +1)",
        )
        controls["timing"] = dropdown("d4 allotted", _TIMINGS, Timing.BEFORE_ROLL, width=_WIDE)
        controls["max_rounds"] = int_box("Stop after rounds", 20, tooltip="1 to 20")
        return controls

    def _setup(
        self, values: Mapping[str, Any]
    ) -> tuple[Side, Side, Battlefield, list[_Rolled], list[str], dict[str, Any]]:
        field = _battlefield(values)
        a, d, rolled, notes = _two_sides(values, self.controls, field)
        if not 1 <= values["max_rounds"] <= 20:
            raise _fail(
                f"“Stop after rounds” must be from 1 to 20, got {values['max_rounds']!r}",
                "max_rounds",
            )
        split = [p for p in ("a_", "d_") if values[f"{p}policy"] is ChancePolicy.SPLIT]
        self.controls["timing"].disabled = not split
        if not split:
            notes.append(
                "“d4 allotted” changes nothing unless a d4 policy is “split after the roll”"
            )
        elif values["timing"] is not Timing.AFTER_ROLL:
            raise _fail(
                "“split after the roll” needs to see the die: set “d4 allotted” to after the "
                "roll, or choose another d4 policy",
                f"{split[0]}policy",
            )
        timing = values["timing"] if split else Timing.BEFORE_ROLL
        kwargs = {
            "timing": timing,
            "max_rounds": values["max_rounds"],
            "attacker_rolls": [r.action for r in rolled if r.by == "a_"],
            "defender_rolls": [r.action for r in rolled if r.by == "d_"],
        }
        return a, d, field, rolled, notes, kwargs

    def compute(self, values: Mapping[str, Any]) -> tuple[str, str]:
        """Exact chances, rounds and expected vitality, with two charts."""
        a, d, field, rolled, notes, kwargs = self._setup(values)
        policy = (values["a_policy"], values["d_policy"])
        try:
            odds = battle_odds(a, d, policy, field, **kwargs)
        except RulebookError as err:
            _retarget_tight(err)
            raise
        a_src = [r.src for r in rolled if r.by == "a_"]
        d_src = [r.src for r in rolled if r.by == "d_"]
        extra = "".join(
            f", {k}={source(kwargs[k])}"
            for k, default in (("timing", Timing.BEFORE_ROLL), ("max_rounds", 20))
            if kwargs[k] != default
        )
        extra += f", attacker_rolls=[{', '.join(a_src)}]" if a_src else ""
        extra += f", defender_rolls=[{', '.join(d_src)}]" if d_src else ""
        self._call = PythonCall(
            "mass_battle",
            f"mass_battle.battle_odds({source(a)}, {source(d)}, {source(policy)}, "
            f"{source(field)}{extra}).attacker_wins",
            odds.attacker_wins,
        )
        rows = [
            ("Attacker wins", probability(odds.attacker_wins)),
            ("Defender wins", probability(odds.defender_wins)),
            ("Both fall in the same round", probability(odds.both_fall)),
            (f"Still fighting after {odds.max_rounds} rounds", probability(odds.unfinished)),
            ("Expected rounds", number(odds.expected_rounds)),
            (
                "Expected attacker vitality at the end",
                f"{number(odds.expected_attacker_vitality)} %",
            ),
            (
                "Expected defender vitality at the end",
                f"{number(odds.expected_defender_vitality)} %",
            ),
        ]
        note = (
            "<p>Averaged exactly over the dice of "
            + "; ".join(
                f"the {_action_name(r.action.kind)}: {', '.join(r.action.dice)}" for r in rolled
            )
            + ".</p>"
            if rolled
            else ""
        )
        rounds = bar_chart(odds.rounds, title="Rounds until a unit falls", x_title="rounds")
        levels = list(range(0, 105, 5))
        finals = grouped_bar_chart(
            [str(v) for v in levels],
            {
                "attacker": [odds.attacker_final.get(v, 0) for v in levels],
                "defender": [odds.defender_final.get(v, 0) for v in levels],
            },
            title="Vitality at the end (0 = destroyed)",
            x_title="vitality %",
        )
        html = _notes(notes) + note + table_html(["outcome", "exact chance"], rows)
        return html, rounds + finals

    def resolve(self, values: Mapping[str, Any], rng: random.Random) -> str:
        """Replay one battle: the action dice first, then every round's d4 and losses."""
        a, d, field, _, _, kwargs = self._setup(values)
        a_rolls, d_rolls = kwargs.pop("attacker_rolls"), kwargs.pop("defender_rolls")
        a, d, dice = roll_actions(a, d, a_rolls, d_rolls, rng)
        policy = (values["a_policy"], values["d_policy"])
        try:
            fought = replay_battle(a, d, policy, field, rng=rng, **kwargs)
        except RulebookError as err:
            _retarget_tight(err)
            raise
        rows = [
            (
                r.round_number,
                f"{r.attacker_die} ({r.attacker_chance[0]}/{r.attacker_chance[1]})",
                f"{r.defender_die} ({r.defender_chance[0]}/{r.defender_chance[1]})",
                f"{r.damage_to_attacker} %",
                f"{r.damage_to_defender} %",
                f"{r.attacker.vitality} %",
                f"{r.defender.vitality} %",
            )
            for r in fought
        ]
        last = fought[-1]
        end = _END[(last.attacker.vitality == 0, last.defender.vitality == 0)]
        actions = "".join(
            f"<br>{'attacker' if i < len(a_rolls) else 'defender'}'s "
            f"{_action_name(one.kind)}: "
            + ", ".join(f"{escape(name)} {face}" for name, face in zip(one.dice, faces))
            + f" → {escape(one.resolver(*faces)[0].note)}"
            for i, (one, faces) in enumerate(dice)
        )
        return f"{escape(end)} after {len(fought)} round(s){actions}" + table_html(
            [
                "round",
                "attacker d4 (off/def)",
                "defender d4 (off/def)",
                "attacker loses",
                "defender loses",
                "attacker left",
                "defender left",
            ],
            rows,
        )
