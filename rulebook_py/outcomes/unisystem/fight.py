"""What the whole-fight calculator shows: two fighters written as plain values.

:func:`fight_between` takes each fighter's traits as the calculator's controls
(``first_…``, ``second_…``), builds the two
:class:`~rulebook_py.systems.unisystem.Fighter` records and calls the rule,
:func:`~rulebook_py.systems.unisystem.fight`; the outcome's ``unused`` names
the Dodge of a fighter who never dodges.

Example:
    >>> fight_between(out_at=1).first_wins < fight_between().first_wins
    True
"""

from __future__ import annotations

from dataclasses import replace

from ...errors import RuleValueError, check_int, quote
from ...systems.unisystem.arguments import MAX_WHOLE, parse_enum, renamed
from ...systems.unisystem.combat import CloseSkill, DefenseKind
from ...systems.unisystem.core import CoreDie
from ...systems.unisystem.whole_fight import (
    BEST_DEFENSE,
    Fighter,
    FightOutcome,
    WoundRule,
    fight,
)
from ...systems.unisystem.words import M

__all__ = ["fight_between"]


def fight_between(
    *,
    first_name: str = "Jimmy",
    first_dexterity: int = 4,
    first_skill: int = 4,
    first_kind: CloseSkill = CloseSkill.MARTIAL_ARTS,
    first_dodge: int = 3,
    first_defense: DefenseKind | str = BEST_DEFENSE,
    second_name: str = "Wildling",
    second_dexterity: int = 3,
    second_skill: int = 2,
    second_kind: CloseSkill = CloseSkill.BRAWLING,
    second_dodge: int = 0,
    second_defense: DefenseKind | str = BEST_DEFENSE,
    out_at: int = 2,
    wounds: WoundRule = WoundRule.HITS,
    core: CoreDie = CoreDie.D10,
) -> FightOutcome:
    """:func:`fight` with each fighter's traits as keywords (the calculator's controls).

    The defaults are the chapter's fight: Jimmy (Dexterity 4, Martial Arts 4,
    Dodge 3) against a wildling (Dexterity 3, Brawling 2, no Dodge), each
    defending as well as it can (:data:`BEST_DEFENSE`). The outcome's
    ``unused`` names the Dodge of a fighter who always parries or never
    defends: it does not count, and only its type is checked.

    Example:
        >>> fight_between().first_wins > fight_between(out_at=1).first_wins
        True
        >>> fight_between(second_name="Jimmy")
        Traceback (most recent call last):
        ...
        rulebook_py.errors.RuleValueError: second_name must differ from first_name, got 'Jimmy' twice
    """
    check_int(first_dodge, "first_dodge", -MAX_WHOLE, MAX_WHOLE)
    check_int(second_dodge, "second_dodge", -MAX_WHOLE, MAX_WHOLE)
    fighters = []
    unused: list[tuple[str, str]] = []
    sides = (
        (
            "first",
            (first_name, first_dexterity, first_skill, first_kind, first_dodge, first_defense),
        ),
        (
            "second",
            (
                second_name,
                second_dexterity,
                second_skill,
                second_kind,
                second_dodge,
                second_defense,
            ),
        ),
    )
    for side, (name, dexterity, skill, kind, dodge, defense) in sides:
        names = {k: f"{side}_{k}" for k in ("name", "dexterity", "skill", "kind", "dodge")}
        with renamed({**names, "defense": f"{side}_defense"}):
            fixed = (DefenseKind.PARRY, DefenseKind.NONE)
            if defense != BEST_DEFENSE and parse_enum(defense, DefenseKind, "defense") in fixed:
                unused.append((f"{side}_dodge", M("only for a fighter who may dodge")))
                dodge = 0
            fighters.append(Fighter(name, dexterity, skill, kind, dodge, defense))
    if fighters[0].name == fighters[1].name:
        raise RuleValueError(
            M(
                "second_name must differ from first_name, got {got} twice",
                got=quote(fighters[1].name),
            ),
            field="second_name",
        )
    # A parry the other's attack forbids is shown at the defender's defense.
    with renamed({"first": "first_defense", "second": "second_defense"}):
        out = fight(fighters[0], fighters[1], out_at=out_at, wounds=wounds, core=core)
    return replace(out, unused=tuple(unused))
