"""The one unit form of the mass-battle calculators, and their two-column layout.

Every unit of the unit builder, the round resolver and the battle-odds
calculator is built from :func:`unit_form`; its controls hold the plain
values of a plan of :mod:`rulebook_py.systems.mass_battle.plans` (short,
stable names), and :func:`plan_of` reads them back, keeping only what differs
from :data:`~rulebook_py.systems.mass_battle.UNIT_DEFAULTS`.

Example:
    >>> form = unit_form("a_", EXAMPLE_UNITS["a_"], ACTION_OPTIONS, "ambush offense")
    >>> plan_of({n: c.value for n, c in form.items()}, "a_")["action1"]
    'ambush offense'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import ipywidgets as widgets

from ...i18n import percent_sign
from ...systems import mass_battle as mb
from ..base import Calculator, Controls, Values
from ..controls import checkbox, dropdown, int_box
from ..format import table_html
from .sections import sections

__all__ = ["ACTION_OPTIONS", "BREAKER_OPTIONS", "EXAMPLE_UNITS", "ROLLED_OPTIONS", "TwoColumns"]
__all__ += ["field_controls", "fields_of", "percent_rows", "plan_of", "round_table_html"]
__all__ += ["unit_form"]

_WIDE = "22em"


def _named(enum: Any) -> list[tuple[str, str]]:
    def text(m: Any) -> str:
        if hasattr(m, "defense"):
            return f"{m.label} ({m.offense:+d}/{m.defense:+d})"
        return f"{m.label} ({m.modifier:+d})" if hasattr(m, "modifier") else m.label

    return [(text(m), m.name) for m in enum]


_SHORT = ["Sans commandant requis", "Pas de commandant", "Non-commandant", "Inexpérimenté"]
_SHORT += ["Mauvais", "Moyen", "Intelligent", "Brillant"]
_EXPERIENCE = ("LITTLE", "EXPERIENCED", "VETERAN")
_EXP_TEXT = ("peu expérimenté", "expérimenté", "vétéran")
#: Leadership: every (class, experience) cell of the source's table.
_LEADERSHIP = [
    (f"{short} ({cls.by_experience[0]:+d})", f"{cls.name}/LITTLE")
    if len(set(cls.by_experience)) == 1
    else (f"{short}, {text} ({value:+d})", f"{cls.name}/{exp}")
    for cls, short in zip(mb.CommanderClass, _SHORT)
    for exp, text, value in zip(_EXPERIENCE, _EXP_TEXT, cls.by_experience)
    if len(set(cls.by_experience)) > 1 or exp == "LITTLE"
]

_ENTRIES = [(c.label, c.value) for c in mb.Choice]
#: Resolved entries of the action lists, in the reader's words.
ACTION_OPTIONS = [e for e, c in zip(_ENTRIES, mb.Choice) if not c.rolled and not c.breaker]
#: Charge-breakers: they answer the enemy's first charge (two-unit calculators only).
BREAKER_OPTIONS = [e for e, c in zip(_ENTRIES, mb.Choice) if c.breaker and not c.rolled]
#: Actions whose dice the battle odds average over exactly (battle odds only).
ROLLED_OPTIONS = [e for e, c in zip(_ENTRIES, mb.Choice) if c.rolled]
POLICIES = [(p.description, p.name) for p in mb.ChancePolicy]
WEAPONS = [
    ("hand weapons", "melee"),
    ("missile weapons", "missile"),
    ("wings (it flies)", "flying"),
]
HOLDERS = [("the defender", "d"), ("the attacker", "a"), ("nobody (a pitched melee)", "")]
_LEANS = [
    ("to offense (malus to defense)", "OFFENSE"),
    ("to defense (malus to offense)", "DEFENSE"),
    ("half and half", "EVEN"),
]
_READINGS = [
    ("class table (poor, experienced: −1)", "CLASS_TABLE"),
    ("ranked list (poor, experienced: −2)", "RANKED_LIST"),
]

#: The brigands and the knights of the first example: the two-unit calculators open on them.
EXAMPLE_UNITS: dict[str, dict[str, Any]] = {
    "a_": {"vitality": 100, "offense": 3, "defense": 1, "attitude": "RATHER_OFFENSIVE"}
    | {"morale": "CONFIDENT", "leadership": "INTELLIGENT/VETERAN", "cunning": "CLEVER"}
    | {"lean": "DEFENSE"},
    "d_": {"vitality": 40, "offense": 4, "defense": 3, "leadership": "INTELLIGENT/EXPERIENCED"}
    | {"lean": "DEFENSE"},
}


def unit_form(
    p: str,
    start: Mapping[str, Any],
    actions: Sequence[tuple[str, str]],
    first_action: str = "none",
    vitality: bool = True,
) -> dict[str, widgets.Widget]:
    """The controls of one unit, each name ``p`` + a key of the plan.

    Example:
        >>> form = unit_form("a_", EXAMPLE_UNITS["a_"], ACTION_OPTIONS, "ambush offense")
        >>> form["a_offense"].value, form["a_action1"].value, form["a_attitude2"].value
        (3, 'ambush offense', 'same')
    """
    v = {**mb.UNIT_DEFAULTS, **start, "action1": first_action}
    attitudes = _named(mb.Attitude)
    boxes = {"vitality": "Vitality %", "offense": "Offense level", "defense": "Defense level"}
    controls = {
        p + k: int_box(text, v[k]) for k, text in boxes.items() if vitality or k != "vitality"
    }
    menus = [
        ("attitude", "Attitude", attitudes),
        ("attitude2", "Then the attitude", [("the same every round", "same"), *attitudes]),
        ("morale", "Morale (moral)", _named(mb.Morale)),
        ("fame", "Commander is", _named(mb.Fame)),
        ("leadership", "Leadership", _LEADERSHIP),
        ("reading", "Leadership list", _READINGS),
        ("cunning", "Cunning (ruse)", _named(mb.Cunning)),
        ("weapons", "Fights with", WEAPONS),
        ("lean", "Free points go", _LEANS),
    ]
    for key, text, options in menus:
        controls[p + key] = dropdown(text, options, v[key], width=_WIDE)
        if key == "attitude2":
            controls[p + "attitude2_round"] = int_box("from round", v["attitude2_round"])
    controls[p + "feels_weather"] = checkbox("Feels the weather (not undead)", True)
    for k in range(1, mb.SLOTS + 1):
        slot = f"action{k}"
        controls[p + slot] = dropdown(f"Special action {k}", actions, v[slot], width=_WIDE)
        controls[f"{p}{slot}_round"] = int_box(f"Action {k} declared in round", 1)
    return controls


def field_controls() -> dict[str, widgets.Widget]:
    """The terrain, the weather, firm ground and tight combat, shared by both units."""
    terrains = [(t.label, t.name) for t in mb.Terrain]
    return {
        "terrain": dropdown("Terrain", terrains, "ROAD", width="30em"),
        "weather": dropdown("Weather", _named(mb.Weather), "NORMAL", width="30em"),
        "well_placed": checkbox("Marsh, muddy plain: defenders on firm ground", True),
        "tight": checkbox("Tight combat (combat serré): both defenses +5, every round", False),
    }


def battlefield_values(values: Values) -> dict[str, Any]:
    """The battlefield keywords of the rules' calls."""
    return {
        "terrain": values["terrain"],
        "weather": values["weather"],
        "well_placed": values["well_placed"],
        "tight_combat": values["tight"],
    }


def plan_of(values: Values, p: str) -> dict[str, Any]:
    """The plan of the ``p`` controls: every value that differs from its default."""
    keys = [n[len(p) :] for n in values if n.startswith(p) and n[len(p) :] in mb.UNIT_DEFAULTS]
    return {k: values[p + k] for k in keys if values[p + k] != mb.UNIT_DEFAULTS[k]}


def fields_of(*sides: tuple[str, str], **shared: str) -> dict[str, str]:
    """The rules' names of the plans' values (``attacker['offense']``) -> their controls."""
    named = {f"{side}[{key!r}]": p + key for side, p in sides for key in mb.UNIT_DEFAULTS}
    return {**named, "tight_combat": "tight", **shared}


def round_table_html(
    result: mb.BattleRound, attacker: str = "Attacker", defender: str = "Defender"
) -> str:
    """A round's steps as an HTML table (one column per unit).

    Example:
        >>> from rulebook_py.systems.mass_battle import knights_vs_dragon
        >>> "10 %" in round_table_html(knights_vs_dragon())
        True
    """
    return table_html(["step", "what", attacker, defender], percent_rows(result.rows()))


def percent_rows(rows: Sequence[Sequence[object]]) -> list[list[str]]:
    """The rules' rows with the language's percent sign (``95 %``: a no-break space in French).

    Example:
        >>> percent_rows([("6", "95 %")])
        [['6', '95 %']]
    """
    return [[str(c).replace(" %", percent_sign("")) for c in row] for row in rows]


class TwoColumns(Calculator):
    """Lays the ``a_*`` and ``d_*`` controls out in sections, a column per unit in each.

    Every control keeps its own description (its accessible name); the
    shared controls make the last section (:mod:`.sections`).
    """

    side_titles: tuple[str, str] = ("Attacker", "Defender")

    def arrange(self, rows: Controls) -> list[widgets.Widget]:
        """The sections that fold, both units side by side in each, then the field."""
        return sections(rows, list(zip(("a_", "d_"), self.side_titles)), self)
