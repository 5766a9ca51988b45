"""What the Chroniques Oubliées calculators offer to choose from: each choice's words and value.

Every list is ``(label, value)`` pairs in the order a calculator shows them,
the label a message of the ``chroniques`` domain (or the die's notation), the
value what the outcome's parameter takes. The game's content sits here (the
four test dice, the critical ranges, the concerted attack's bonuses, each
cover's and chase line's modifier), so a calculator only lays the lists out.

Example:
    >>> [value for _, value in CONCERTED]
    [0, 2, 4, 'helper']
    >>> [str(label) for label, _ in DIES][:2]
    ['d20', 'best of two d20 (2d20kh1)']
"""

from __future__ import annotations

from ...systems.chroniques.attacks import AttackKind, Cover, IntoMelee, Lighting
from ...systems.chroniques.chase import ChaseTrait
from ...systems.chroniques.conditions import Condition
from ...systems.chroniques.words import M

__all__ = ["AMBUSH_SIDES", "CHASE_TRAITS", "CONCERTED", "CONDITIONS", "COVERS", "CRITICAL_FROM"]
__all__ += ["DEFENSE_ACTIONS", "DIES", "INTO_MELEE", "KINDS", "LIGHTS"]

#: The four test dice (*d20, meilleur de deux d20, d12...*).
DIES = [
    ("d20", "d20"),
    (M("best of two d20 (2d20kh1)"), "2d20kh1"),
    ("d12", "d12"),
    (M("best of two d12 (2d12kh1)"), "2d12kh1"),
]
#: Melee, ranged or magic.
KINDS = [(kind.__message__(), kind.english) for kind in AttackKind]
#: The harmful conditions, by heading.
CONDITIONS = [(c.heading, c.name) for c in Condition]
#: The natural faces from which a d20 roll is critical.
CRITICAL_FROM = [(M("20 only"), 20), *((f"{k}–20", k) for k in range(19, 14, -1))]
#: A concerted attack's bonus already rolled, or a helper still to roll.
CONCERTED = [
    (M("none"), 0),
    (M("+2 (helper already rolled)"), 2),
    (M("+4 (helper already rolled)"), 4),
    (M("helper still to roll"), "helper"),
]
#: The target's defense action.
DEFENSE_ACTIONS = [
    (M("none"), "NONE"),
    (M("simple defense, +2 DEF (défense simple)"), "SIMPLE"),
    (M("total defense, +4 DEF (défense totale)"), "TOTAL"),
]
#: Each cover with its modifier.
COVERS = [(M("{cover} ({modifier:+d})", cover=c, modifier=c.modifier), c.name) for c in Cover]
#: Shooting into melee, each case with its modifier.
INTO_MELEE = [
    (M("{situation} ({modifier:+d})", situation=m, modifier=m.modifier), m.name) for m in IntoMelee
]
#: The light.
LIGHTS = [(x.__message__(), x.name) for x in Lighting]
#: The chase table's lines, each with its modifier.
CHASE_TRAITS = [
    (M("{trait} ({modifier:+d})", trait=t, modifier=t.modifier), t.name) for t in ChaseTrait
]
#: Who ambushes whom.
AMBUSH_SIDES = [
    (M("none"), "none"),
    (M("the NPCs ambush the PCs"), "npcs"),
    (M("the PCs ambush the NPCs"), "pcs"),
]
