"""The one unit form of the mass-battle calculators, and what they share.

Every unit of the unit builder, the round resolver and the battle-odds
calculator is built from :func:`unit_form` (its controls) and :func:`unit_from`
(its :class:`~rulebook_py.systems.mass_battle.Unit`): levels, attitude,
morale, fame, weather, commander, weapons, the lean, and up to three special
actions, each declared in its own round. :func:`source` writes what a
calculator computed as one line of Python.

Example:
    >>> form = unit_form("a_", _EXAMPLE_UNITS["a_"], ACTION_OPTIONS, "ambush offense")
    >>> sorted(form)[:3]
    ['a_action1', 'a_action1_round', 'a_action2']
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from enum import Enum
from typing import Any

import ipywidgets as widgets

from ... import mass_battle as mb
from ...errors import RulebookError
from ...systems.mass_battle import (
    MAX_DECLARED_ROUND,
    ActionKind,
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
    cautious_retreat,
    charge,
    charge_breaker,
    surprise_attack,
    tight_combat,
    war_cry,
)
from ...systems.mass_battle.round import LEVEL_RANGE
from ..base import Calculator, PythonCall
from ..controls import checkbox, dropdown, int_box
from ..format import escape, table_html

__all__ = [
    "ACTION_OPTIONS",
    "BREAKER_OPTIONS",
    "LEADERSHIP_OPTIONS",
    "NO_ACTION",
    "ROLLED_OPTIONS",
    "SLOTS",
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
    for key, label in (("offense", "Offense level"), ("defense", "Defense level")):
        level = values[f"{p}{key}"]
        if not LEVEL_RANGE[0] <= level <= LEVEL_RANGE[1]:
            raise _fail(
                f"“{label}” must be a level from {LEVEL_RANGE[0]} to {LEVEL_RANGE[1]}, "
                f"got {level!r}",
                f"{p}{key}",
            )
    alive = values.get(f"{p}vitality", vitality)
    if not 0 < alive <= 100 or alive % 5:
        raise _fail(
            f"“Vitality %” must be a multiple of 5 from 5 to 100 (0 is a destroyed unit), "
            f"got {alive!r}",
            f"{p}vitality",
        )
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
            f"“{label}” is an action of the defenders, and this unit does not hold the ground",
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


#: The terrains whose entry depends on the defenders standing on firm ground.
_FIRM_GROUND = (Terrain.MARSH, Terrain.MUDDY_PLAIN)

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
    if not holder and not values["well_placed"] and field.terrain in _FIRM_GROUND:
        notes.append(
            "nobody holds the ground, so “Marsh, muddy plain: defenders on firm ground” "
            "changes nothing (both units read the terrain as attackers)"
        )
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
