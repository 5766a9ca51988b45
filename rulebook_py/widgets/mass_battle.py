"""Calculators of the mass-battle chapter: a unit's totals, one round, a whole battle.

Example:
    >>> calc = MassBattleRoundCalculator()
    >>> "20 %" in calc.result.value and "95 %" in calc.result.value
    True
    >>> calc.controls["a_chance_off"].value = 5
    >>> "cannot put 5 of 4 points" in calc.error_for("a_chance_off")
    True
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import ipywidgets as widgets

from ..errors import RulebookError
from ..systems.mass_battle import (
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
    ambush_rolls,
    battle_odds,
    brigands_sides,
    cautious_retreat,
    charge,
    charge_rolls,
    dragon_sides,
    replay_battle,
    resolve_round,
    roll_actions,
    split_free,
    surprise_attack,
    surprise_attack_rolls,
    tight_combat,
    tight_combat_rolls,
    totals_before_chance,
    war_cry,
)
from .base import Calculator
from .charts import bar_chart, grouped_bar_chart
from .controls import checkbox, dropdown, int_box
from .format import escape, number, probability, table_html
from .registry import register

__all__ = [
    "EXAMPLE_STEPS",
    "LEADERSHIP_OPTIONS",
    "NO_ACTION",
    "ROLLED_OPTIONS",
    "SPECIAL_OPTIONS",
    "MassBattleOddsCalculator",
    "MassBattleRoundCalculator",
    "UnitBuilderCalculator",
    "WorkedExampleCalculator",
    "round_table_html",
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


#: The "no special action" entry (a ``Dropdown`` shows ``None`` as no selection).
NO_ACTION = "none"

#: Special-action dropdown: resolved examples of every action that helps one side.
SPECIAL_OPTIONS: list[tuple[str, SpecialAction | str]] = [
    ("none", NO_ACTION),
    ("ambush +2 free, −1/round", ambush(4, 4, Cunning.CLEVER, Cunning.ALERT, 1).action),
    (
        "ambush +2 offense, −1/round",
        ambush(4, 4, Cunning.CLEVER, Cunning.ALERT, 1).action.on_offense(),
    ),
    (
        "ambush +4 offense, −1/round",
        ambush(4, 1, Cunning.CLEVER, Cunning.CLEVER, 1).action.on_offense(),
    ),
    ("war cry", war_cry()),
    ("charge +2/+2 in round 2", charge(4, 0)),
    ("surprise attack, won", surprise_attack(4, 1, 0, 0).for_self),
    ("surprise attack, seen through", surprise_attack(1, 4, 0, 0).for_enemy),
    ("cautious retreat −2/+2", cautious_retreat()),
    ("tight combat: +5 defense", tight_combat()[1]),
    ("tight combat, luck 4: +4/+5", tight_combat(TightCombatRoute.LUCK, 4)[0]),
]

#: Special actions whose dice the battle odds average over exactly (battle odds only).
ROLLED_OPTIONS: list[tuple[str, str]] = [
    ("ambush, dice rolled, on offense", "rolled ambush offense"),
    ("ambush, dice rolled, free", "rolled ambush"),
    ("charge, dice rolled", "rolled charge"),
    ("surprise attack, dice rolled", "rolled surprise"),
    ("tight combat by luck, dice rolled", "rolled tight luck"),
    ("tight combat by planning, dice rolled", "rolled tight planning"),
]

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


def _enum_options(enum: Any, show: bool = True) -> list[tuple[str, Any]]:
    out = []
    for m in enum:
        if hasattr(m, "offense") and hasattr(m, "defense"):
            out.append((f"{m.label} ({m.offense:+d}/{m.defense:+d})", m))
        elif show and hasattr(m, "modifier"):
            out.append((f"{m.label} ({m.modifier:+d})", m))
        else:
            out.append((m.label, m))
    return out


def _retarget(err: RulebookError, prefix: str, names: Mapping[str, str], known: Any) -> None:
    """Point an error's field at this calculator's control name."""
    for field in (names.get(err.field or ""), f"{prefix}{err.field}", err.field):
        if field in known:
            err.field = field
            return
    err.field = None


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
        tail = list(self.children[-5:])
        self.children = [*heading, grid, *shared, *tail]


def _unit(values: Mapping[str, Any], p: str, holds: bool, known: Any) -> Unit:
    """The unit of the ``p`` (``"a_"`` or ``"d_"``) controls; errors point at them."""
    try:
        commander = Commander(
            *values[f"{p}leadership"], cunning=values.get(f"{p}cunning", Cunning.ALERT)
        )
        return Unit(
            "Attacker" if p == "a_" else "Defender",
            values[f"{p}vitality"],
            values[f"{p}offense"],
            values[f"{p}defense"],
            commander,
            values[f"{p}morale"],
            defends_ground=holds,
        )
    except RulebookError as err:
        _retarget(err, p, {}, known)
        raise


def _actions(special: SpecialAction | str | None) -> tuple[SpecialAction, ...]:
    return (special,) if isinstance(special, SpecialAction) else ()


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
        ("defends_ground", True),
        ("special", SPECIAL_OPTIONS[3][1]),
        ("round", 3),
        ("terrain", Terrain.MARSH),
        ("well_placed", False),
        ("cunning", Cunning.MACHIAVELLIAN),
        ("lean", Lean.EVEN),
    )

    def build_controls(self) -> Mapping[str, widgets.Widget]:
        """Levels, every table entry as a dropdown, and the lean; the brigands by default."""
        return {
            "offense": int_box("Offense level", 3),
            "defense": int_box("Defense level", 1),
            "attitude": dropdown(
                "Attitude", _enum_options(Attitude), Attitude.RATHER_OFFENSIVE, width=_WIDE
            ),
            "special": dropdown(
                "Special action", SPECIAL_OPTIONS, SPECIAL_OPTIONS[2][1], width=_WIDE
            ),
            "round": int_box(
                "Round (ronde)", 1, tooltip="special actions change from round to round"
            ),
            "morale": dropdown(
                "Morale (moral)", _enum_options(Morale), Morale.CONFIDENT, width=_WIDE
            ),
            "fame": dropdown("Commander is", _enum_options(Fame), Fame.ORDINARY, width=_WIDE),
            "weather": dropdown(
                "Weather (température)", _enum_options(Weather), Weather.NORMAL, width="30em"
            ),
            "feels_weather": checkbox("Feels the weather (not undead or magical)", True),
            "leadership": dropdown(
                "Leadership",
                LEADERSHIP_OPTIONS,
                (CommanderClass.INTELLIGENT, Experience.VETERAN),
                width=_WIDE,
            ),
            "reading": dropdown(
                "Leadership list",
                [
                    ("class table (poor, experienced: −1)", LeadershipReading.CLASS_TABLE),
                    ("ranked list (poor, experienced: −2)", LeadershipReading.RANKED_LIST),
                ],
                LeadershipReading.CLASS_TABLE,
                width="30em",
            ),
            "cunning": dropdown(
                "Cunning (ruse)", _enum_options(Cunning), Cunning.CLEVER, width=_WIDE
            ),
            "terrain": dropdown(
                "Terrain", [(t.label, t) for t in Terrain], Terrain.ROAD, width="30em"
            ),
            "defends_ground": checkbox("Holds the ground (défenseur)", False),
            "well_placed": checkbox("Marsh, muddy plain: defenders on firm ground", True),
            "attackers": dropdown(
                "Fault from above: attackers",
                [("shoot (missile weapons)", "shoot"), ("fly", "fly"), ("neither", "neither")],
                "shoot",
                width="30em",
            ),
            "lean": dropdown("Free points go", _LEANS, Lean.DEFENSE, width=_WIDE),
        }

    def _steps(self, values: Mapping[str, Any]) -> tuple[Any, ...]:
        flags = {
            "missile_weapons": values["attackers"] == "shoot",
            "flying": values["attackers"] == "fly",
        }
        try:
            commander = Commander(
                *values["leadership"],
                cunning=values["cunning"],
                fame=values["fame"],
                reading=values["reading"],
            )
            unit = Unit(
                "Unit",
                100,
                values["offense"],
                values["defense"],
                commander,
                values["morale"],
                defends_ground=values["defends_ground"],
                feels_weather=values["feels_weather"],
                **flags,
            )
            side = Side(
                unit, Orders(values["attitude"], _actions(values["special"]), values["lean"])
            )
            enemy = Unit("Enemy", 100, 0, 0, defends_ground=not values["defends_ground"], **flags)
            field = Battlefield(values["terrain"], values["weather"], values["well_placed"])
            return totals_before_chance(side, enemy, field, values["round"])
        except RulebookError as err:
            names = {"round_number": "round"}
            if "no melee is possible" in str(err):
                names["terrain"] = "attackers"
            _retarget(err, "", names, self.controls)
            raise

    def compute(self, values: Mapping[str, Any]) -> tuple[str, str]:
        """The step-by-step totals before the d4."""
        steps = self._steps(values)
        rows = [
            (s.number, s.name, f"{s.offense_change:+d}/{s.defense_change:+d}", s.result, s.note)
            for s in steps
        ]
        last = steps[-1]
        cunning = values["cunning"]
        summary = (
            f"<p><b>Before the d4 (round {values['round']}): offense {last.offense:+d}, "
            f"defense {last.defense:+d}.</b> The commander's cunning "
            f"({escape(cunning.label)}, {cunning.modifier:+d}) counts only in the rolls of "
            "special actions.</p>"
        )
        return summary + table_html(["step", "what", "change", "total", "detail"], rows), ""

    def resolve(self, values: Mapping[str, Any], rng: random.Random) -> str:
        """Roll the d4 of chance and place it by the lean."""
        last = self._steps(values)[-1]
        die = rng.randint(1, 4)
        off, dfn = split_free(die, values["lean"])
        return (
            f"d4 = {die}: {off} on offense, {dfn} on defense → "
            f"{last.offense + off:+d}/{last.defense + dfn:+d}"
        )


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
    },
    "d_": {
        "vitality": 40,
        "offense": 4,
        "defense": 3,
        "attitude": Attitude.BALANCED,
        "morale": Morale.UNINSPIRED,
        "leadership": (CommanderClass.INTELLIGENT, Experience.EXPERIENCED),
        "cunning": Cunning.ALERT,
    },
}


def _unit_controls(p: str, cunning: bool = False) -> dict[str, widgets.Widget]:
    """A unit's vitality, levels, attitude, morale and commander (``p``: ``a_`` or ``d_``)."""
    start = _EXAMPLE_UNITS[p]
    controls = {
        f"{p}vitality": int_box("Vitality %", start["vitality"]),
        f"{p}offense": int_box("Offense level", start["offense"]),
        f"{p}defense": int_box("Defense level", start["defense"]),
        f"{p}attitude": dropdown(
            "Attitude", _enum_options(Attitude), start["attitude"], width=_WIDE
        ),
        f"{p}morale": dropdown(
            "Morale (moral)", _enum_options(Morale), start["morale"], width=_WIDE
        ),
        f"{p}leadership": dropdown(
            "Leadership", LEADERSHIP_OPTIONS, start["leadership"], width=_WIDE
        ),
    }
    if cunning:
        controls[f"{p}cunning"] = dropdown(
            "Cunning (ruse)", _enum_options(Cunning), start["cunning"], width=_WIDE
        )
    return controls


def _field_controls() -> dict[str, widgets.Widget]:
    """The terrain and the weather, shared by both units."""
    return {
        "terrain": dropdown("Terrain", [(t.label, t) for t in Terrain], Terrain.ROAD, width="30em"),
        "weather": dropdown("Weather", _enum_options(Weather), Weather.NORMAL, width="30em"),
    }


_HOLDERS = [("the defender", "d"), ("the attacker", "a"), ("nobody (a pitched melee)", "")]


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
        ("a_special_off", 1),
        ("round", 2),
    )

    def build_controls(self) -> Mapping[str, widgets.Widget]:
        """Per unit: levels, attitude, bonuses and where they go, the d4; then the field."""
        controls: dict[str, widgets.Widget] = {}
        for p, special, sp_off, die, ch_off in (
            ("a_", SPECIAL_OPTIONS[1][1], 2, 4, 3),
            ("d_", NO_ACTION, 0, 2, 0),
        ):
            controls.update(_unit_controls(p))
            controls.update(
                {
                    f"{p}special": dropdown(
                        "Special action", SPECIAL_OPTIONS, special, width=_WIDE
                    ),
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
        return controls

    def _sides(self, values: Mapping[str, Any]) -> tuple[Side, Side, Battlefield]:
        built = []
        for p in ("a_", "d_"):
            unit = _unit(values, p, values["holder"] == p[0], self.controls)
            built.append(
                Side(unit, Orders(values[f"{p}attitude"], _actions(values[f"{p}special"])))
            )
        try:
            field = Battlefield(values["terrain"], values["weather"])
        except RulebookError as err:
            _retarget(err, "", {}, self.controls)
            raise
        return built[0], built[1], field

    def _allocation(
        self, values: Mapping[str, Any], p: str, die: int | None = None, chance: int | None = None
    ) -> Allocation:
        return Allocation(
            special=values[f"{p}special_off"],
            morale=values[f"{p}morale_off"],
            leadership=values[f"{p}leadership_off"],
            terrain=values[f"{p}terrain_off"],
            die=values[f"{p}die"] if die is None else die,
            chance=values[f"{p}chance_off"] if chance is None else chance,
        )

    def _round(self, values: Mapping[str, Any], dice: tuple[int, int] | None = None) -> BattleRound:
        a, d, field = self._sides(values)
        allocs = []
        for p, side, enemy, k in (("a_", a, d, 0), ("d_", d, a, 1)):
            die = chance = None
            if dice is not None:
                die = dice[k]
                chance = min(max(values[f"{p}chance_off"], 0), die)
            alloc = self._allocation(values, p, die, chance)
            try:
                totals_before_chance(side, enemy.unit, field, values["round"], alloc)
            except RulebookError as err:
                _retarget(
                    err,
                    p,
                    {
                        "special_to_offense": f"{p}special_off",
                        "morale_to_offense": f"{p}morale_off",
                        "leadership_to_offense": f"{p}leadership_off",
                        "terrain_to_offense": f"{p}terrain_off",
                        "round_number": "round",
                    },
                    self.controls,
                )
                raise
            allocs.append(alloc)
        try:
            return resolve_round(
                a,
                d,
                field,
                round_number=values["round"],
                attacker_allocation=allocs[0],
                defender_allocation=allocs[1],
            )
        except RulebookError as err:
            _retarget(
                err,
                "",
                {
                    "attacker_die": "a_die",
                    "attacker_chance": "a_chance_off",
                    "defender_die": "d_die",
                    "defender_chance": "d_chance_off",
                    "defends_ground": "holder",
                    "vitality": "a_vitality",
                },
                self.controls,
            )
            raise

    def compute(self, values: Mapping[str, Any]) -> tuple[str, str]:
        """The round's table and the vitality left."""
        r = self._round(values)
        verdict = (
            "Both units are destroyed."
            if r.attacker.vitality == r.defender.vitality == 0
            else "The defender is destroyed."
            if r.defender.vitality == 0
            else "The attacker is destroyed."
            if r.attacker.vitality == 0
            else "Both stand: the fight may go on."
        )
        return round_table_html(r) + f"<p><b>{verdict}</b></p>", ""

    def resolve(self, values: Mapping[str, Any], rng: random.Random) -> str:
        """Roll both d4; each side puts at most its chosen points on offense."""
        dice = (rng.randint(1, 4), rng.randint(1, 4))
        r = self._round(values, dice)
        return (
            f"attacker d4 = {dice[0]} ({r.attacker_chance[0]} on offense), defender d4 = "
            f"{dice[1]} ({r.defender_chance[0]} on offense): attacker loses "
            f"{r.damage_to_attacker} % → {r.attacker.vitality} %, defender loses "
            f"{r.damage_to_defender} % → {r.defender.vitality} %"
        )


def _rolled(choice: Any, own: Unit, enemy: Unit, cover: int) -> RolledAction | None:
    """The :class:`RolledAction` of a "dice rolled" option, from both commanders."""
    if choice not in dict((v, k) for k, v in ROLLED_OPTIONS):
        return None
    mine, theirs = own.commander, enemy.commander
    if choice == "rolled charge":
        return charge_rolls(mine.leadership)
    if choice in ("rolled tight luck", "rolled tight planning"):
        route = TightCombatRoute.LUCK if choice.endswith("luck") else TightCombatRoute.PLANNING
        return tight_combat_rolls(route, mine.cunning.modifier)
    if choice == "rolled surprise":
        return surprise_attack_rolls(
            mine.cunning.modifier + mine.leadership, theirs.cunning.modifier + theirs.leadership
        )
    return ambush_rolls(
        mine.cunning, theirs.cunning, cover, on_offense=choice == "rolled ambush offense"
    )


def _action_name(kind: ActionKind) -> str:
    """The action's English name, the source's French one after it (escaped HTML).

    Example:
        >>> _action_name(ActionKind.AMBUSH), _action_name(ActionKind.CHARGE)
        ('ambush (embuscade)', 'charge')
    """
    english = kind.name.lower().replace("_", " ")
    french = kind.label.lower()
    return escape(english if english == french else f"{english} ({french})")


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
        ("a_special", SPECIAL_OPTIONS[3][1]),
        ("d_vitality", 100),
        ("terrain", Terrain.WOODED_HILLSIDE),
        ("a_special", ROLLED_OPTIONS[0][1]),
        ("timing", Timing.AFTER_ROLL),
        ("a_policy", ChancePolicy.SPLIT),
        ("a_vitality", 100),
    )

    def build_controls(self) -> Mapping[str, widgets.Widget]:
        """Per unit: levels, attitude, morale, commander, lean, action, d4 policy."""
        controls: dict[str, widgets.Widget] = {}
        actions = SPECIAL_OPTIONS + ROLLED_OPTIONS
        for p, special, policy in (
            ("a_", SPECIAL_OPTIONS[2][1], ChancePolicy.ALL_OFFENSE),
            ("d_", NO_ACTION, ChancePolicy.ALL_DEFENSE),
        ):
            controls.update(_unit_controls(p, cunning=True))
            controls.update(
                {
                    f"{p}lean": dropdown("Free bonuses go", _LEANS, Lean.DEFENSE, width=_WIDE),
                    f"{p}special": dropdown("Special action", actions, special, width=_WIDE),
                    f"{p}policy": dropdown("d4 policy", _POLICIES, policy, width=_WIDE),
                }
            )
        controls.update(_field_controls())
        controls["cover"] = int_box(
            "Cover for a rolled ambush (+0 to +3)",
            1,
            tooltip="added to the hiding roll (forest: +1)",
        )
        controls["timing"] = dropdown(
            "d4 allotted",
            [
                ("before the roll (rules text)", Timing.BEFORE_ROLL),
                ("after the roll (brigands' example)", Timing.AFTER_ROLL),
            ],
            Timing.BEFORE_ROLL,
            width=_WIDE,
        )
        controls["max_rounds"] = int_box("Stop after rounds", 20, tooltip="1 to 20")
        return controls

    def _setup(self, values: Mapping[str, Any]) -> tuple[Side, Side, Battlefield, dict[str, Any]]:
        units = {p: _unit(values, p, p == "d_", self.controls) for p in ("a_", "d_")}
        sides = []
        rolls: dict[str, Any] = {}
        for p, q, key in (("a_", "d_", "attacker_rolls"), ("d_", "a_", "defender_rolls")):
            if units[p].vitality == 0:
                raise RulebookError(
                    f"vitality 0: this unit is already destroyed (allowed 5 to "
                    f"100), got {units[p].vitality!r}",
                    field=f"{p}vitality",
                )
            try:
                rolled = _rolled(values[f"{p}special"], units[p], units[q], values["cover"])
            except RulebookError as err:
                _retarget(err, p, {"help_bonus": "cover"}, self.controls)
                raise
            rolls[key] = (rolled,) if rolled else ()
            orders = Orders(
                values[f"{p}attitude"], _actions(values[f"{p}special"]), values[f"{p}lean"]
            )
            sides.append(Side(units[p], orders))
        rolls.update(timing=values["timing"], max_rounds=values["max_rounds"])
        return sides[0], sides[1], Battlefield(values["terrain"], values["weather"]), rolls

    def compute(self, values: Mapping[str, Any]) -> tuple[str, str]:
        """Exact chances, rounds and expected vitality, with two charts."""
        a, d, field, kwargs = self._setup(values)
        policy = (values["a_policy"], values["d_policy"])
        try:
            odds = battle_odds(a, d, policy, field, **kwargs)
        except RulebookError as err:
            _retarget(
                err,
                "",
                {"policy": "a_policy" if values["a_policy"] is ChancePolicy.SPLIT else "d_policy"},
                self.controls,
            )
            raise
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
        rolled = [r for key in ("attacker_rolls", "defender_rolls") for r in kwargs[key]]
        note = (
            "<p>Averaged exactly over the dice of "
            + "; ".join(f"the {_action_name(r.kind)}: {', '.join(r.dice)}" for r in rolled)
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
        return note + table_html(["outcome", "exact chance"], rows), rounds + finals

    def resolve(self, values: Mapping[str, Any], rng: random.Random) -> str:
        """Replay one battle: the action dice first, then every round's d4 and losses."""
        a, d, field, kwargs = self._setup(values)
        a_rolls, d_rolls = kwargs.pop("attacker_rolls"), kwargs.pop("defender_rolls")
        a, d, dice = roll_actions(a, d, a_rolls, d_rolls, rng)
        policy = (values["a_policy"], values["d_policy"])
        fought = replay_battle(a, d, policy, field, rng=rng, **kwargs)
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
            f"{_action_name(rolled.kind)}: "
            + ", ".join(f"{escape(name)} {face}" for name, face in zip(rolled.dice, faces))
            + f" → {escape(rolled.resolver(*faces)[0].note)}"
            for i, (rolled, faces) in enumerate(dice)
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
