"""The one unit form of the mass-battle calculators, and their two-column layout.

Every unit of the unit builder, the round resolver and the battle-odds
calculator is built from :func:`unit_form`; its controls hold the plain
values of a plan of :mod:`rulebook_py.outcomes.mass_battle.plans` (short,
stable names), and :func:`plan_of` reads them back, keeping only what differs
from :data:`~rulebook_py.outcomes.mass_battle.UNIT_DEFAULTS`.

Example:
    >>> from rulebook_py.outcomes.mass_battle import ACTIONS, EXAMPLE_UNITS
    >>> form = unit_form("a_", EXAMPLE_UNITS["a_"], ACTIONS, "ambush offense")
    >>> plan_of({n: c.value for n, c in form.items()}, "a_")["action1"]
    'ambush offense'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import ipywidgets as widgets

from ... import outcomes
from ...messages import Msg
from ...outcomes.mass_battle.entries import ENTRIES
from ...systems import mass_battle as mb
from ...systems.mass_battle.words import M
from ..base import Calculator, Controls, PythonCall, Values
from ..calls import Path, by_name, rule_call
from ..controls import checkbox, dropdown, int_box
from ..format import table_html
from .sections import sections

__all__ = ["BOX_BOUNDS", "TwoColumns", "field_controls", "fields_of", "plan_of", "plans_call"]
__all__ += ["round_table_html", "unit_form"]

_WIDE = "22em"

#: What a whole-number box of these forms holds: far beyond every rule's range, so the
#: rules refuse a wrong number with their own message, yet a number a link can carry.
BOX_BOUNDS = (-999, 999)


def unit_form(
    p: str,
    start: Mapping[str, Any],
    actions: Sequence[tuple[str, str]],
    first_action: str = "none",
    vitality: bool = True,
) -> dict[str, widgets.Widget]:
    """The controls of one unit, each name ``p`` + a key of the plan.

    Example:
        >>> from rulebook_py.outcomes.mass_battle import ACTIONS, EXAMPLE_UNITS
        >>> form = unit_form("a_", EXAMPLE_UNITS["a_"], ACTIONS, "ambush offense")
        >>> form["a_offense"].value, form["a_action1"].value, form["a_attitude2"].value
        (3, 'ambush offense', 'same')
    """
    v = {**outcomes.mass_battle.UNIT_DEFAULTS, **start, "action1": first_action}
    boxes = {
        "vitality": M("Vitality %"),
        "offense": M("Offense level"),
        "defense": M("Defense level"),
    }
    controls = {
        p + k: int_box(text, v[k], bounds=BOX_BOUNDS)
        for k, text in boxes.items()
        if vitality or k != "vitality"
    }
    menus = {
        "attitude": M("Attitude"),
        "attitude2": M("Then the attitude"),
        "morale": M("Morale (moral)"),
        "fame": M("Commander is"),
        "leadership": M("Leadership"),
        "reading": M("Leadership list"),
        "cunning": M("Cunning (ruse)"),
        "weapons": M("Fights with"),
        "lean": M("Free points go"),
    }
    for key, text in menus.items():
        controls[p + key] = dropdown(text, ENTRIES[key], v[key], width=_WIDE)
        if key == "attitude2":
            controls[p + "attitude2_round"] = int_box(
                M("from round"), v["attitude2_round"], bounds=BOX_BOUNDS
            )
    controls[p + "feels_weather"] = checkbox(M("Feels the weather (not undead)"), True)
    for k in range(1, outcomes.mass_battle.SLOTS + 1):
        slot = f"action{k}"
        controls[p + slot] = dropdown(M("Special action {k}", k=k), actions, v[slot], width=_WIDE)
        controls[f"{p}{slot}_round"] = int_box(
            M("Action {k} declared in round", k=k), 1, bounds=BOX_BOUNDS
        )
    return controls


def field_controls() -> dict[str, widgets.Widget]:
    """The terrain, the weather, firm ground and tight combat, shared by both units."""
    menus = ENTRIES
    return {
        "terrain": dropdown(M("Terrain"), menus["terrain"], "ROAD", width="30em"),
        "weather": dropdown(M("Weather"), menus["weather"], "NORMAL", width="30em"),
        "well_placed": checkbox(M("Marsh, muddy plain: defenders on firm ground"), True),
        "tight": checkbox(M("Tight combat (combat serré): both defenses +5, every round"), False),
    }


def plans_call(
    calc: Calculator, outcome: Callable[..., Any], sides: Sequence[str], path: Path, values: Values
) -> tuple[Any, PythonCall]:
    """One call of ``outcome``: the plan of each side's controls, every other keyword by name.

    A keyword takes the control of its name, or the one :attr:`~.base.Calculator.fields`
    names (``round_number``: ``round``); what does not count for these values is left
    out of the call (:func:`~rulebook_py.outcomes.mass_battle.what_counts`).
    """
    plans = [plan_of(values, p) for p in sides]
    keywords = by_name(outcome, values, fields=calc.fields)
    plans, keywords = outcomes.mass_battle.what_counts(plans, keywords)
    return rule_call(outcome, *plans, path=path, **keywords)


def plan_of(values: Values, p: str) -> dict[str, Any]:
    """The plan of the ``p`` controls: every value that differs from its default, in their order."""
    defaults, n = outcomes.mass_battle.UNIT_DEFAULTS, len(p)
    return {
        k[n:]: v
        for k, v in values.items()
        if k.startswith(p) and k[n:] in defaults and v != defaults[k[n:]]
    }


def fields_of(*sides: tuple[str, str], **shared: str) -> dict[str, str]:
    """The rules' names of the plans' values (``attacker['offense']``) -> their controls."""
    named = {
        f"{side}[{key!r}]": p + key
        for side, p in sides
        for key in outcomes.mass_battle.UNIT_DEFAULTS
    }
    return {**named, "tight_combat": "tight", **shared}


def round_table_html(
    result: mb.BattleRound, attacker: str | None = None, defender: str | None = None
) -> str:
    """A round's steps as an HTML table (one column per unit, headed by its name).

    Example:
        >>> from rulebook_py.systems.mass_battle import knights_vs_dragon
        >>> html = round_table_html(knights_vs_dragon())
        >>> "10 %" in html and "<th>Black dragon</th>" in html
        True
    """
    names = (attacker or result.attacker.name, defender or result.defender.name)
    return table_html([M("step"), M("what"), *names], result.rows())


class TwoColumns(Calculator):
    """Lays the ``a_*`` and ``d_*`` controls out in sections, a column per unit in each.

    Every control keeps its own description (its accessible name); the
    shared controls make the last section (:mod:`.sections`).
    """

    side_titles: tuple[Msg, Msg] = (M("Attacker"), M("Defender"))

    def arrange(self, rows: Controls) -> list[widgets.Widget]:
        """The sections that fold, both units side by side in each, then the field."""
        return sections(rows, list(zip(("a_", "d_"), self.side_titles)), self)
