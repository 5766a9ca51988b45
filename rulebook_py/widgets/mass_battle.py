"""Calculators of the mass-battle chapter: a unit's totals, one round, a whole battle.

Every unit of the three unit calculators is built from one form
(:func:`unit_form` and :func:`unit_from`): levels, attitude, morale, fame,
weather, commander, weapons, the lean, and up to three special actions,
each declared in its own round.

Example:
    >>> calc = MassBattleRoundCalculator()
    >>> "20 %" in calc.result.value and "95 %" in calc.result.value
    True
    >>> calc.controls["a_chance_off"].value = 5  # more than the d4 of 4: clamped, with a note
    >>> "5 asked, at most 4 possible: 4 used" in calc.result.value
    True
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping, Sequence
from enum import Enum
from typing import Any

import ipywidgets as widgets

from .. import mass_battle as mb
from ..errors import RulebookError
from ..systems.mass_battle import (
    MAX_DECLARED_ROUND,
    ActionKind,
    Allocation,
    Attitude,
    Battlefield,
    BattleRound,
    ChancePolicy,
    Commander,
    CommanderClass,
    Cunning,
    Experience,
    Fame,
    LeadershipReading,
    Lean,
    Morale,
    Orders,
    RolledAction,
    Side,
    SpecialAction,
    Terrain,
    TightCombatRoute,
    Timing,
    Unit,
    Weather,
    ambush,
    battle_odds,
    brigands_sides,
    cautious_retreat,
    charge,
    charge_breaker,
    dragon_sides,
    free_points,
    replay_battle,
    resolve_round,
    roll_actions,
    split_free,
    surprise_attack,
    tight_combat,
    totals_before_chance,
    war_cry,
)
from .base import Calculator, PythonCall
from .charts import bar_chart, grouped_bar_chart
from .controls import checkbox, dropdown, int_box
from .format import escape, number, probability, table_html
from .registry import register

__all__ = [
    "ACTION_OPTIONS",
    "EXAMPLE_STEPS",
    "LEADERSHIP_OPTIONS",
    "NO_ACTION",
    "ROLLED_OPTIONS",
    "SLOTS",
    "MassBattleOddsCalculator",
    "MassBattleRoundCalculator",
    "UnitBuilderCalculator",
    "WorkedExampleCalculator",
    "round_table_html",
    "source",
    "unit_form",
    "unit_from",
]

_WIDE = "23em"

_SHORT_CLASS = {
    CommanderClass.NOT_NEEDED: "Sans commandant requis",
    CommanderClass.NONE: "Pas de commandant",
    CommanderClass.NON_COMMANDER: "Non-commandant",
    CommanderClass.INEXPERIENCED: "Inexpérimenté",
    CommanderClass.POOR: "Mauvais",
    CommanderClass.AVERAGE: "Moyen",
    CommanderClass.INTELLIGENT: "Intelligent",
    CommanderClass.BRILLIANT: "Brillant",
}


def _leadership_options() -> list[tuple[str, tuple[CommanderClass, Experience]]]:
    options = []
    for cls in CommanderClass:
        name = _SHORT_CLASS[cls]
        if len(set(cls.by_experience)) == 1:
            options.append((f"{name} ({cls.by_experience[0]:+d})", (cls, Experience.LITTLE)))
            continue
        for exp, value in zip(Experience, cls.by_experience):
            options.append((f"{name}, {exp.label.lower()} ({value:+d})", (cls, exp)))
    return options


#: Leadership dropdown: every (class, experience) cell of the source's table.
LEADERSHIP_OPTIONS = _leadership_options()

#: The "no special action" entry.
NO_ACTION = "none"

#: Action slots of a unit: each an action and the round it is declared in.
SLOTS = 3

#: Resolved actions (their dice known), by the key the dropdowns hold.
_RESOLVED: dict[str, SpecialAction] = {
    "ambush free": ambush(4, 4, Cunning.CLEVER, Cunning.ALERT, 1).action,
    "ambush offense": ambush(4, 4, Cunning.CLEVER, Cunning.ALERT, 1).action.on_offense(),
    "ambush offense 4": ambush(4, 1, Cunning.CLEVER, Cunning.CLEVER, 1).action.on_offense(),
    "war cry": war_cry(),
    "charge": charge(4, 0),
    "surprise won": surprise_attack(4, 1, 0, 0).for_self,
    "surprise seen": surprise_attack(1, 4, 0, 0).for_enemy,
    "retreat": cautious_retreat(),
    "tight luck 3": tight_combat(TightCombatRoute.LUCK, 3),
    "tight luck 4": tight_combat(TightCombatRoute.LUCK, 4),
}

#: Every resolved entry of the action dropdowns, in the reader's words.
ACTION_OPTIONS: list[tuple[str, str]] = [
    ("none", NO_ACTION),
    ("ambush +2 free, −1/round", "ambush free"),
    ("ambush +2 offense, −1/round", "ambush offense"),
    ("ambush +4 offense, −1/round", "ambush offense 4"),
    ("war cry", "war cry"),
    ("charge +2/+2, strikes the next round", "charge"),
    ("surprise attack, won (defenders)", "surprise won"),
    ("enemy's surprise attack seen through", "surprise seen"),
    ("cautious retreat −2/+2 (defenders)", "retreat"),
    ("tight combat, luck 3: +2 offense (defenders)", "tight luck 3"),
    ("tight combat, luck 4: +4 offense (defenders)", "tight luck 4"),
]

#: Charge-breaker entries (they answer the enemy's charge: two-unit calculators only).
BREAKER_OPTIONS: list[tuple[str, str]] = [
    ("charge-breaker, won: charge broken (defenders)", "breaker won"),
    ("charge-breaker, lost: charge +2 offense (defenders)", "breaker lost"),
]

#: Actions whose dice the battle odds average over exactly (battle odds only).
ROLLED_OPTIONS: list[tuple[str, str]] = [
    ("ambush, dice rolled, on offense", "rolled ambush offense"),
    ("ambush, dice rolled, free", "rolled ambush"),
    ("charge, dice rolled", "rolled charge"),
    ("surprise attack, dice rolled (defenders)", "rolled surprise"),
    ("tight combat by luck, dice rolled (defenders)", "rolled tight luck"),
    ("tight combat by planning, dice rolled (defenders)", "rolled tight planning"),
    ("charge-breaker, dice rolled (defenders)", "rolled breaker"),
]

_LABELS = dict((k, v) for v, k in ACTION_OPTIONS + BREAKER_OPTIONS + ROLLED_OPTIONS)
_DEFENDERS = {
    "surprise won",
    "retreat",
    "tight luck 3",
    "tight luck 4",
    "breaker won",
    "breaker lost",
    "rolled surprise",
    "rolled tight luck",
    "rolled tight planning",
    "rolled breaker",
}
_TIGHT = {"tight luck 3", "tight luck 4", "rolled tight luck", "rolled tight planning"}
_BREAKERS = {"breaker won", "breaker lost", "rolled breaker"}
_CHARGES = {"charge", "rolled charge"}

_POLICIES = [
    ("all to offense (reckless)", ChancePolicy.ALL_OFFENSE),
    ("all to defense", ChancePolicy.ALL_DEFENSE),
    ("split after the roll", ChancePolicy.SPLIT),
    ("cautious: attack only if ahead", ChancePolicy.CAUTIOUS),
]
_LEANS = [
    ("to offense (malus to defense)", Lean.OFFENSE),
    ("to defense (malus to offense)", Lean.DEFENSE),
    ("half and half", Lean.EVEN),
]
_WEAPONS = [
    ("hand weapons", "melee"),
    ("missile weapons", "missile"),
    ("wings (it flies)", "flying"),
]
_TIMINGS = [
    ("before the roll (rules text)", Timing.BEFORE_ROLL),
    ("after the roll (brigands' example)", Timing.AFTER_ROLL),
]


def _enum_options(enum: Any) -> list[tuple[str, Any]]:
    out = []
    for m in enum:
        if hasattr(m, "offense") and hasattr(m, "defense"):
            out.append((f"{m.label} ({m.offense:+d}/{m.defense:+d})", m))
        elif hasattr(m, "modifier"):
            out.append((f"{m.label} ({m.modifier:+d})", m))
        else:
            out.append((m.label, m))
    return out


def _label(controls: Mapping[str, widgets.Widget], name: str) -> str:
    """A control's label as the reader sees it (its row label in a two-column table)."""
    control = controls[name]
    text = control.description or control.tooltip or name
    return text.split(": ", 1)[-1] if not control.description else text


def _fail(message: str, field: str) -> RulebookError:
    return RulebookError(message, field=field)


# ----------------------------------------------------------------- python source


def source(value: Any) -> str:
    """The Python source that rebuilds ``value`` with the ``mass_battle`` module.

    Dataclasses are written with their non-default fields, enumerations by
    name; a rolled action is written by the call that made it (see
    :class:`_Rolled`).

    Example:
        >>> source(Unit("A", 50, 3, 1, defends_ground=True))
        "mass_battle.Unit(name='A', vitality=50, offense=3, defense=1, defends_ground=True)"
        >>> source((Lean.EVEN, [1, "x"]))
        "(mass_battle.Lean.EVEN, [1, 'x'])"
    """
    if isinstance(value, _Rolled):
        return value.src
    if isinstance(value, Enum):
        return f"mass_battle.{type(value).__name__}.{value.name}"
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        parts = []
        for f in dataclasses.fields(value):
            v = getattr(value, f.name)
            if f.default is not dataclasses.MISSING and v == f.default:
                continue
            if f.default_factory is not dataclasses.MISSING and v == f.default_factory():
                continue
            parts.append(f"{f.name}={source(v)}")
        return f"mass_battle.{type(value).__name__}({', '.join(parts)})"
    if isinstance(value, tuple):
        inner = ", ".join(source(v) for v in value)
        return f"({inner},)" if len(value) == 1 else f"({inner})"
    if isinstance(value, list):
        return f"[{', '.join(source(v) for v in value)}]"
    return repr(value)


@dataclasses.dataclass(frozen=True)
class _Rolled:
    """A rolled action and the call that makes it (for "The same answer in Python")."""

    action: RolledAction
    src: str
    by: str  # "a_" or "d_": the side that declared it


def _rolled_call(name: str, *args: Any, start: int = 1, **kwargs: Any) -> tuple[RolledAction, str]:
    action = getattr(mb, name)(*[a[0] if isinstance(a, tuple) else a for a in args], **kwargs)
    texts = [a[1] if isinstance(a, tuple) else source(a) for a in args]
    texts += [f"{k}={source(v)}" for k, v in kwargs.items()]
    src = f"mass_battle.{name}({', '.join(texts)})"
    if start != 1:
        action, src = action.from_round(start), f"{src}.from_round({start})"
    return action, src


# --------------------------------------------------------------------- unit form

#: The brigands and the knights of the first example: the two-unit calculators open on them.
_EXAMPLE_UNITS: dict[str, dict[str, Any]] = {
    "a_": {
        "vitality": 100,
        "offense": 3,
        "defense": 1,
        "attitude": Attitude.RATHER_OFFENSIVE,
        "morale": Morale.CONFIDENT,
        "leadership": (CommanderClass.INTELLIGENT, Experience.VETERAN),
        "cunning": Cunning.CLEVER,
        "lean": Lean.DEFENSE,
    },
    "d_": {
        "vitality": 40,
        "offense": 4,
        "defense": 3,
        "attitude": Attitude.BALANCED,
        "morale": Morale.UNINSPIRED,
        "leadership": (CommanderClass.INTELLIGENT, Experience.EXPERIENCED),
        "cunning": Cunning.ALERT,
        "lean": Lean.DEFENSE,
    },
}


def unit_form(
    p: str,
    start: Mapping[str, Any],
    actions: Sequence[tuple[str, str]],
    first_action: str = NO_ACTION,
    vitality: bool = True,
) -> dict[str, widgets.Widget]:
    """The controls of one unit, each name prefixed by ``p`` (``""``, ``"a_"`` or ``"d_"``).

    Example:
        >>> form = unit_form("a_", _EXAMPLE_UNITS["a_"], ACTION_OPTIONS, "ambush offense")
        >>> form["a_offense"].value, form["a_action1"].value, form["a_action1_round"].value
        (3, 'ambush offense', 1)
    """
    controls: dict[str, widgets.Widget] = {}
    if vitality:
        controls[f"{p}vitality"] = int_box("Vitality %", start["vitality"])
    controls.update(
        {
            f"{p}offense": int_box("Offense level", start["offense"]),
            f"{p}defense": int_box("Defense level", start["defense"]),
            f"{p}attitude": dropdown(
                "Attitude", _enum_options(Attitude), start["attitude"], width=_WIDE
            ),
            f"{p}morale": dropdown(
                "Morale (moral)", _enum_options(Morale), start["morale"], width=_WIDE
            ),
            f"{p}fame": dropdown("Commander is", _enum_options(Fame), Fame.ORDINARY, width=_WIDE),
            f"{p}feels_weather": checkbox("Feels the weather (not undead or magical)", True),
            f"{p}leadership": dropdown(
                "Leadership", LEADERSHIP_OPTIONS, start["leadership"], width=_WIDE
            ),
            f"{p}reading": dropdown(
                "Leadership list",
                [
                    ("class table (poor, experienced: −1)", LeadershipReading.CLASS_TABLE),
                    ("ranked list (poor, experienced: −2)", LeadershipReading.RANKED_LIST),
                ],
                LeadershipReading.CLASS_TABLE,
                width=_WIDE,
            ),
            f"{p}cunning": dropdown(
                "Cunning (ruse)", _enum_options(Cunning), start["cunning"], width=_WIDE
            ),
            f"{p}weapons": dropdown("Fights with", _WEAPONS, "melee", width=_WIDE),
            f"{p}lean": dropdown("Free points go", _LEANS, start["lean"], width=_WIDE),
        }
    )
    for k in range(1, SLOTS + 1):
        controls[f"{p}action{k}"] = dropdown(
            f"Special action {k}", actions, first_action if k == 1 else NO_ACTION, width=_WIDE
        )
        controls[f"{p}action{k}_round"] = int_box(
            f"Action {k} declared in round", 1, tooltip="its schedule starts that round"
        )
    return controls


def unit_from(
    values: Mapping[str, Any], p: str, holds: bool, name: str, vitality: int = 100
) -> Unit:
    """The unit of the ``p`` controls; an error names the control at fault.

    Example:
        >>> values = {n: c.value for n, c in unit_form("", _EXAMPLE_UNITS["a_"],
        ...                                            ACTION_OPTIONS).items()}
        >>> unit_from(values, "", False, "Brigands").commander.leadership
        2
    """
    fields = {"vitality", "offense", "defense", "morale", "fame", "cunning", "reading"}
    try:
        commander = Commander(
            *values[f"{p}leadership"],
            cunning=values[f"{p}cunning"],
            fame=values[f"{p}fame"],
            reading=values[f"{p}reading"],
        )
        return Unit(
            name,
            values.get(f"{p}vitality", vitality),
            values[f"{p}offense"],
            values[f"{p}defense"],
            commander,
            values[f"{p}morale"],
            defends_ground=holds,
            feels_weather=values[f"{p}feels_weather"],
            missile_weapons=values[f"{p}weapons"] == "missile",
            flying=values[f"{p}weapons"] == "flying",
        )
    except RulebookError as err:
        err.field = f"{p}{err.field}" if err.field in fields else f"{p}leadership"
        raise


def _slots(
    values: Mapping[str, Any], p: str, controls: Mapping[str, Any]
) -> list[tuple[str, int, str]]:
    """``(action key, round declared, control name)`` of the slots in use; rounds checked."""
    used = []
    for k in range(1, SLOTS + 1):
        key, rnd = values[f"{p}action{k}"], values[f"{p}action{k}_round"]
        if key == NO_ACTION:
            continue
        if not 1 <= rnd <= MAX_DECLARED_ROUND:
            raise _fail(
                f"“{_label(controls, f'{p}action{k}_round')}” must be a round from 1 to "
                f"{MAX_DECLARED_ROUND}, got {rnd!r}",
                f"{p}action{k}_round",
            )
        used.append((key, rnd, f"{p}action{k}"))
    return used


def _check_slot(key: str, holder: bool, enemy_holds: bool, tight: bool, name: str) -> None:
    """The conditions of the source that the reader's choice must meet (message at the slot)."""
    label = _LABELS[key]
    if key in _DEFENDERS and not holder:
        raise _fail(
            f"“{label}” is an action of the defenders, and this unit does not hold the "
            "ground (see “Holds the ground”)",
            name,
        )
    if key == "surprise seen" and not enemy_holds:
        raise _fail(
            f"“{label}”: a surprise attack is the defenders' action, and the enemy does not "
            "hold the ground",
            name,
        )
    if key in _TIGHT and not tight:
        raise _fail(f"“{label}” needs “Tight combat” ticked (a state of the whole battle)", name)


def _resolved(key: str, rnd: int) -> SpecialAction:
    return _RESOLVED[key].from_round(rnd)


# ------------------------------------------------------------------ shared pieces


def _field_controls() -> dict[str, widgets.Widget]:
    """The terrain, the weather, firm ground and tight combat, shared by both units."""
    return {
        "terrain": dropdown("Terrain", [(t.label, t) for t in Terrain], Terrain.ROAD, width="30em"),
        "weather": dropdown("Weather", _enum_options(Weather), Weather.NORMAL, width="30em"),
        "well_placed": checkbox("Marsh, muddy plain: defenders on firm ground", True),
        "tight": checkbox("Tight combat (combat serré): both defenses +5, every round", False),
    }


def _battlefield(values: Mapping[str, Any]) -> Battlefield:
    try:
        return Battlefield(
            values["terrain"], values["weather"], values["well_placed"], values["tight"]
        )
    except RulebookError as err:
        err.field = "tight" if err.field == "tight_combat" else "terrain"
        raise


def _fault_check(values: Mapping[str, Any], attackers: Sequence[str], controls: Any) -> None:
    """A fault attacked from above: the attacking units must shoot or fly (at their control)."""
    if values["terrain"] is not Terrain.FAULT_FROM_ABOVE:
        return
    for p in attackers:
        if values[f"{p}weapons"] == "melee":
            raise _fail(
                "no melee is possible on a mountain fault attacked from above: the attacking "
                f"unit must fight with missile weapons or wings, got “{_label(controls, f'{p}weapons')}”"
                " set to hand weapons",
                f"{p}weapons",
            )


def _retarget_tight(err: RulebookError) -> None:
    if err.field == "tight_combat":
        err.field = "tight"


def round_table_html(
    result: BattleRound, attacker: str = "Attacker", defender: str = "Defender"
) -> str:
    """A round's steps as an HTML table (one column per unit).

    Example:
        >>> from rulebook_py.systems.mass_battle import knights_vs_dragon
        >>> "10 %" in round_table_html(knights_vs_dragon())
        True
    """
    return table_html(["step", "what", attacker, defender], result.rows())


def _notes(notes: Sequence[str]) -> str:
    return "".join(f"<p class='rb-note'><i>Note:</i> {escape(n)}</p>" for n in notes)


class _TwoColumns(Calculator):
    """Lays the ``a_*`` and ``d_*`` controls out as a table: one row per rule, one column per unit.

    Each pair of controls loses its own description to a shared row label
    (kept as the control's tooltip), so both units fit side by side in the
    width of the page; the shared controls follow below.
    """

    side_titles: tuple[str, str] = ("Attacker", "Defender")

    def __init__(self, **values: Any) -> None:
        super().__init__(**values)
        cells: list[widgets.Widget] = [widgets.HTML("")]
        cells += [widgets.HTML(f"<b>{escape(t)}</b>") for t in self.side_titles]
        for name in [n for n in self.controls if n.startswith("a_")]:
            pair = (name, f"d_{name[2:]}")
            label = self.controls[name].description
            cells.append(widgets.HTML(escape(label), layout=widgets.Layout(min_width="0")))
            for n, side in zip(pair, self.side_titles):
                control = self.controls[n]
                control.description = ""
                control.tooltip = f"{side}: {label}"
                control.layout.width = "calc(100% - 4px)"
                cells.append(
                    widgets.VBox([control, self._errors[n]], layout=widgets.Layout(min_width="0"))
                )
        grid = widgets.GridBox(
            cells,
            layout=widgets.Layout(
                grid_template_columns="minmax(8em, max-content) minmax(0, 1fr) minmax(0, 1fr)",
                grid_gap="2px 10px",
                align_items="center",
                width="100%",
                max_width="44em",
            ),
        )
        shared = [
            widgets.HBox([self.controls[n], self._errors[n]])
            for n in self.controls
            if not n.startswith(("a_", "d_"))
        ]
        heading = list(self.children[:1]) if self.title else []
        tail = list(self.children[-6:])  # message, result, chart, code, seed and roll
        self.children = [*heading, grid, *shared, *tail]

    def python_call(self, values: Mapping[str, Any]) -> PythonCall | None:
        """The call kept by the last :meth:`compute`."""
        return getattr(self, "_call", None)


_HOLDERS = [("the defender", "d"), ("the attacker", "a"), ("nobody (a pitched melee)", "")]


def _two_sides(
    values: Mapping[str, Any], controls: Mapping[str, Any], field: Battlefield
) -> tuple[Side, Side, list[_Rolled], list[str]]:
    """Both units and their actions: resolved ones in the orders, rolled ones apart."""
    holder = values["holder"]
    units = {
        p: unit_from(values, p, holder == p[0], "Attacker" if p == "a_" else "Defender")
        for p in ("a_", "d_")
    }
    _fault_check(values, [p for p in ("a_", "d_") if holder != p[0]], controls)
    slots = {p: _slots(values, p, controls) for p in ("a_", "d_")}
    rolled: list[_Rolled] = []
    actions: dict[str, list[SpecialAction]] = {"a_": [], "d_": []}
    notes: list[str] = []
    for p, q in (("a_", "d_"), ("d_", "a_")):
        seen_rolled = 0
        for key, _rnd, name in slots[p]:
            _check_slot(key, holder == p[0], holder == q[0], field.tight_combat, name)
            if key.startswith("rolled"):
                seen_rolled += 1
                if seen_rolled > 1:
                    raise _fail(
                        f"“{_LABELS[key]}”: at most one action a side with its dice rolled "
                        "(the exact odds must stay quick); choose a resolved entry here",
                        name,
                    )
    breakers = {p: [x for x in slots[p] if x[0] in _BREAKERS] for p in ("a_", "d_")}
    answered: dict[str, tuple[str, int, str] | None] = {"a_": None, "d_": None}
    for p, q in (("a_", "d_"), ("d_", "a_")):
        if len(breakers[p]) > 1:
            raise _fail("one charge-breaker a unit: it answers one charge", breakers[p][1][2])
        charges = [x for x in slots[q] if x[0] in _CHARGES]
        if breakers[p] and not charges:
            key, _, name = breakers[p][0]
            raise _fail(f"“{_LABELS[key]}” answers a charge: give the enemy a charge first", name)
        if breakers[p]:
            answered[q] = charges[0]
            if len(charges) > 1:
                notes.append("the charge-breaker answers the enemy's first charge only")
    for p, q in (("a_", "d_"), ("d_", "a_")):
        own, enemy = units[p], units[q]
        for slot in slots[p]:
            key, rnd, name = slot
            if slot is answered[p]:
                continue  # the enemy's charge-breaker answers it
            if key in _BREAKERS:
                c_key, c_rnd, _ = answered[q]  # type: ignore[misc]
                _breaker(key, own, enemy, c_key, c_rnd, p, q, actions, rolled)
            elif key.startswith("rolled"):
                rolled.append(_rolled(key, rnd, own, enemy, values.get("cover", 0), p))
            else:
                actions[p].append(_resolved(key, rnd))
    sides = []
    for p in ("a_", "d_"):
        sides.append(
            Side(units[p], Orders(values[f"{p}attitude"], tuple(actions[p]), values[f"{p}lean"]))
        )
    return sides[0], sides[1], rolled, notes


def _charge_call(c_key: str, c_rnd: int, charger: Unit) -> tuple[Any, str]:
    if c_key == "rolled charge":
        return _rolled_call("charge_rolls", charger.commander.leadership, start=c_rnd)
    action = _resolved("charge", c_rnd)
    return action, source(action)


def _breaker(
    key: str,
    own: Unit,
    enemy: Unit,
    c_key: str,
    c_rnd: int,
    p: str,
    q: str,
    actions: dict[str, list[SpecialAction]],
    rolled: list[_Rolled],
) -> None:
    """Add a charge-breaker and the enemy's charge it answers (resolved or rolled)."""
    mine, theirs = own.commander, enemy.commander
    their_bonus = theirs.cunning.modifier + theirs.leadership
    if key == "rolled breaker" or c_key == "rolled charge":
        charge_arg = _charge_call(c_key, c_rnd, enemy)
        if key == "rolled breaker":
            action, src = _rolled_call(
                "charge_breaker_rolls",
                charge_arg,
                mine.cunning.modifier,
                mine.leadership,
                their_bonus,
            )
        else:
            dice = (4, 4, 1) if key == "breaker won" else (4, 1, 4)
            action, src = _rolled_call("charge_breaker_rolls", charge_arg, 0, 0, 0, dice=dice)
        rolled.append(_Rolled(action, src, p))
        return
    enemy_charge = _resolved("charge", c_rnd)
    dice = (4, 4, 1) if key == "breaker won" else (4, 1, 4)
    result = charge_breaker(*dice, 0, 0, enemy_charge)
    actions[p].append(result.defender_action)
    actions[q].append(result.charge)


def _rolled(key: str, rnd: int, own: Unit, enemy: Unit, cover: int, p: str) -> _Rolled:
    """The :class:`RolledAction` of a "dice rolled" entry, from both commanders."""
    mine, theirs = own.commander, enemy.commander
    if key == "rolled charge":
        action, src = _rolled_call("charge_rolls", mine.leadership, start=rnd)
    elif key in ("rolled tight luck", "rolled tight planning"):
        route = TightCombatRoute.LUCK if key.endswith("luck") else TightCombatRoute.PLANNING
        action, src = _rolled_call("tight_combat_rolls", route, mine.cunning.modifier, start=rnd)
    elif key == "rolled surprise":
        action, src = _rolled_call(
            "surprise_attack_rolls",
            mine.cunning.modifier + mine.leadership,
            theirs.cunning.modifier + theirs.leadership,
            start=rnd,
        )
    else:
        if not 0 <= cover <= 3:
            raise _fail(
                f"“Cover for a rolled ambush” must be from +0 to +3, got {cover!r}", "cover"
            )
        action, src = _rolled_call(
            "ambush_rolls",
            mine.cunning,
            theirs.cunning,
            cover,
            on_offense=key == "rolled ambush offense",
            start=rnd,
        )
    return _Rolled(action, src, p)


def _action_name(kind: ActionKind) -> str:
    """The action's English name, the source's French one after it (escaped HTML).

    Example:
        >>> _action_name(ActionKind.AMBUSH), _action_name(ActionKind.CHARGE)
        ('ambush (embuscade)', 'charge')
    """
    english = kind.name.lower().replace("_", " ")
    french = kind.label.lower()
    return escape(english if english == french else f"{english} ({french})")


def _check_round(values: Mapping[str, Any], controls: Any, name: str = "round") -> int:
    rnd = values[name]
    if not 1 <= rnd <= MAX_DECLARED_ROUND:
        raise _fail(
            f"“{_label(controls, name)}” must be a round from 1 to {MAX_DECLARED_ROUND}, "
            f"got {rnd!r}",
            name,
        )
    return rnd


# -------------------------------------------------------------------- unit builder


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
        controls = dict(unit_form("", _EXAMPLE_UNITS["a_"], ACTION_OPTIONS, "ambush offense"))
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


# ----------------------------------------------------------------- round resolver

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


# ------------------------------------------------------------------- battle odds

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
        for p, side in (("a_", a), ("d_", d)):
            if side.unit.vitality == 0:
                raise _fail(
                    "“Vitality %” 0: this unit is already destroyed (allowed 5 to 100)",
                    f"{p}vitality",
                )
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


# --------------------------------------------------------------- worked examples

_STEP_NAMES = (
    "−1: declared levels",
    "0: attitude",
    "1: special actions",
    "2: morale",
    "3: leadership",
    "3: terrain",
    "4: chance (1d4)",
    "5: damage",
    "6: vitality left",
)

#: What happens at each step of the two worked examples, in the book's words.
EXAMPLE_STEPS: dict[str, tuple[str, ...]] = {
    "brigands": (
        "The brigands declare offense 3 and defense 1; the princess's knights 4 and 3.",
        "The chief orders a rather offensive attitude (+1/−1). The surprised knights "
        "have no time to choose: balanced, no change.",
        "Ambush: the chief's hiding roll of 6 (4 on the die, +1 cunning, +1 forest) "
        "against the knight's detection roll of 4 leaves +2, which he puts on offense.",
        "The brigands are confident (+1) and put it on defense; the knights' ordinary "
        "morale gives nothing.",
        "The chief's leadership (+2) goes to defense; so does the young knight's (+1).",
        "A plain forest road: no terrain bonus for either side.",
        "The brigands roll 4 and split it, 3 on offense and 1 on defense; the knights "
        "roll 2 and put both on defense.",
        "Brigands: 9 against 6 is 3 levels, plus the base, 20 %. Knights: 4 against 4 "
        "is nothing, plus the base, 5 %.",
        "95 % of the brigands and 20 % of the knights fight on; next round the ambush "
        "is worth only +1.",
    ),
    "dragon": (
        "The seven knights (25 %) have offense 2 and defense 2, the dying dragon (10 %) "
        "3 and 4: every modifier is already counted in these levels.",
        "Already counted in the levels: no change.",
        "No special action.",
        "Already counted in the levels: no change.",
        "The dragon needs no commander; the knights' leadership is already counted.",
        "Already counted in the levels: no change.",
        "Before rolling, the knights' player puts the die on offense and the dragon's "
        "on defense. The knights roll 4, the dragon 3.",
        "Knights: 2 against 4 is nothing before the dice, the dice add 4 − 3 = 1 level, "
        "plus the base: 10 %. Dragon: 3 against 2 is 1 level, plus the base: 10 %.",
        "The dragon falls from 10 % to 0 %; the knights from 25 % to 15 %: four of the "
        "seven are left standing.",
    ),
}


def _example(name: str, dice: tuple[int, int] | None = None) -> tuple[BattleRound, str, str]:
    """The worked example ``name`` (with other dice if given) and its units' names."""
    if name == "brigands":
        a, d, field, _ = brigands_sides()
        names = ("Brigands", "Knights")
        a_die, d_die = dice or (4, 2)
        allocs = (
            Allocation(special=2, die=a_die, chance=min(3, a_die)),
            Allocation(die=d_die, chance=0),
        )
    else:
        a, d = dragon_sides()
        field = Battlefield()
        names = ("Seven knights", "Black dragon")
        a_die, d_die = dice or (4, 3)
        allocs = (Allocation(die=a_die, chance=a_die), Allocation(die=d_die, chance=0))
    result = resolve_round(
        a, d, field, attacker_allocation=allocs[0], defender_allocation=allocs[1]
    )
    return result, *names


@register
class WorkedExampleCalculator(Calculator):
    """The source's two worked examples, replayed one step at a time.

    Example:
        >>> calc = WorkedExampleCalculator()
        >>> calc.controls["step"].value = 7
        >>> "20 %" in calc.result.value and "9 against 6" in calc.result.value
        True
    """

    title = "The worked examples, step by step"
    bench_changes = (("step", 3), ("example", "dragon"), ("step", 8), ("example", "brigands"))

    def build_controls(self) -> Mapping[str, widgets.Widget]:
        """Which example, and up to which step."""
        return {
            "example": dropdown(
                "Example",
                [("the brigands' ambush", "brigands"), ("the knights and the dragon", "dragon")],
                "brigands",
                width=_WIDE,
            ),
            "step": dropdown(
                "Show up to step",
                [(n, i) for i, n in enumerate(_STEP_NAMES)],
                len(_STEP_NAMES) - 1,
                width=_WIDE,
            ),
        }

    def compute(self, values: Mapping[str, Any]) -> tuple[str, str]:
        """The rows up to the chosen step, and what that step does."""
        result, a_name, d_name = _example(values["example"])
        step = values["step"]
        rows = result.rows()[: step + 1]
        said = EXAMPLE_STEPS[values["example"]][step]
        return (
            f"<p><b>Step {escape(_STEP_NAMES[step])}.</b> {escape(said)}</p>"
            + table_html(["step", "what", a_name, d_name], rows)
        ), ""

    def python_call(self, values: Mapping[str, Any]) -> PythonCall | None:
        """The example's rows up to the step shown."""
        example = "brigands_ambush" if values["example"] == "brigands" else "knights_vs_dragon"
        step = values["step"]
        rows = _example(values["example"])[0].rows()[: step + 1]
        return PythonCall("mass_battle", f"mass_battle.{example}().rows()[:{step + 1}]", rows)

    def resolve(self, values: Mapping[str, Any], rng: random.Random) -> str:
        """The same round with two fresh d4, placed as the example's players place them."""
        dice = (rng.randint(1, 4), rng.randint(1, 4))
        r, a_name, d_name = _example(values["example"], dice)
        return (
            f"{escape(a_name)} roll {dice[0]} ({r.attacker_chance[0]} on offense), "
            f"{escape(d_name)} roll {dice[1]} (on defense): {escape(a_name)} lose "
            f"{r.damage_to_attacker} % → {r.attacker.vitality} %, {escape(d_name)} lose "
            f"{r.damage_to_defender} % → {r.defender.vitality} %"
        )
