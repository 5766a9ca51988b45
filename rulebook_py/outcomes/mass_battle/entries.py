"""Each value of a plan that names an entry of the source's tables, and its entries in words.

The calculators' menus offer these entries, in this order: each is ``(the
entry in the reader's words, its value in a plan)`` (:mod:`.plans`); the
brigands and the knights of the source's first example open the two-unit
calculators (:data:`EXAMPLE_UNITS`).

Example:
    >>> ENTRIES["weapons"][2]
    ('wings (it flies)', 'flying')
    >>> [v for _, v in ENTRIES["leadership"]][:3]
    ['NOT_NEEDED/LITTLE', 'NONE/LITTLE', 'NON_COMMANDER/LITTLE']
"""

from __future__ import annotations

from typing import Any

from ...messages import Msg
from ...systems import mass_battle as mb
from ...systems.mass_battle.words import M
from .plans import Choice

__all__ = [
    "ACTIONS",
    "BREAKERS",
    "ENTRIES",
    "EXAMPLE_UNITS",
    "HOLDERS",
    "ROLLED",
]

Entries = list[tuple[Msg | str, Any]]


def _named(enum: Any) -> Entries:
    """A table's entries with their modifiers: ``Confident (+1)``, ``Balanced (+0/+0)``."""

    def text(m: Any) -> Msg:
        if hasattr(m, "defense"):
            return M(
                "{label} ({offense:+d}/{defense:+d})",
                label=m.label,
                offense=m.offense,
                defense=m.defense,
            )
        return M("{label} ({n:+d})", label=m.label, n=m.modifier)

    return [(text(m), m.name) for m in enum]


_SHORT = ["Sans commandant requis", "Pas de commandant", "Non-commandant", "Inexpérimenté"]
_SHORT += ["Mauvais", "Moyen", "Intelligent", "Brillant"]
_EXPERIENCE = ("LITTLE", "EXPERIENCED", "VETERAN")
_EXP_TEXT = ("peu expérimenté", "expérimenté", "vétéran")
#: Leadership: every (class, experience) cell of the source's table.
_LEADERSHIP = [
    (M("{label} ({n:+d})", label=short, n=cls.by_experience[0]), f"{cls.name}/LITTLE")
    if len(set(cls.by_experience)) == 1
    else (
        M("{label}, {experience} ({n:+d})", label=short, experience=text, n=value),
        f"{cls.name}/{exp}",
    )
    for cls, short in zip(mb.CommanderClass, _SHORT)
    for exp, text, value in zip(_EXPERIENCE, _EXP_TEXT, cls.by_experience)
    if len(set(cls.by_experience)) > 1 or exp == "LITTLE"
]

#: Resolved special actions.
ACTIONS: Entries = [(c.label, c.value) for c in Choice if not c.rolled and not c.breaker]
#: Charge-breakers: they answer the enemy's first charge (two units only).
BREAKERS: Entries = [(c.label, c.value) for c in Choice if c.breaker and not c.rolled]
#: Actions whose dice the battle odds average over exactly (battle odds only).
ROLLED: Entries = [(c.label, c.value) for c in Choice if c.rolled]
#: Who holds the ground in a two-unit call (``holder``).
HOLDERS: Entries = [
    (M("the defender"), "d"),
    (M("the attacker"), "a"),
    (M("nobody (a pitched melee)"), ""),
]

_ATTITUDES = _named(mb.Attitude)
#: The entries of each key of a plan (and of the battlefield, the battle, the one unit) that
#: names a table's entry or a choice of the call.
ENTRIES: dict[str, Entries] = {
    "attitude": _ATTITUDES,
    "attitude2": [(M("the same every round"), "same"), *_ATTITUDES],
    "morale": _named(mb.Morale),
    "fame": _named(mb.Fame),
    "leadership": _LEADERSHIP,
    "reading": [
        (M("class table (poor, experienced: −1)"), "CLASS_TABLE"),
        (M("ranked list (poor, experienced: −2)"), "RANKED_LIST"),
    ],
    "cunning": _named(mb.Cunning),
    "weapons": [
        (M("hand weapons"), "melee"),
        (M("missile weapons"), "missile"),
        (M("wings (it flies)"), "flying"),
    ],
    "lean": [
        (M("to offense (malus to defense)"), "OFFENSE"),
        (M("to defense (malus to offense)"), "DEFENSE"),
        (M("half and half"), "EVEN"),
    ],
    "policy": [(p.description, p.name) for p in mb.ChancePolicy],
    "terrain": [(t.label, t.name) for t in mb.Terrain],
    "weather": _named(mb.Weather),
    "timing": [
        (M("before the roll (rules text)"), "BEFORE_ROLL"),
        (M("after the roll (brigands' example)"), "AFTER_ROLL"),
    ],
    "holds": [
        (M("attacks"), "attacker"),
        (M("holds the ground (défenseur)"), "defender"),
        (M("nobody holds the ground"), "nobody"),
    ],
}

#: The brigands and the knights of the first example, as plans.
EXAMPLE_UNITS: dict[str, dict[str, Any]] = {
    "a_": {"vitality": 100, "offense": 3, "defense": 1, "attitude": "RATHER_OFFENSIVE"}
    | {"morale": "CONFIDENT", "leadership": "INTELLIGENT/VETERAN", "cunning": "CLEVER"}
    | {"lean": "DEFENSE"},
    "d_": {"vitality": 40, "offense": 4, "defense": 3, "leadership": "INTELLIGENT/EXPERIENCED"}
    | {"lean": "DEFENSE"},
}
