"""Chroniques Oubliées: the whole-fight calculator's outcome, two fighters as plain values.

:func:`fight_between` takes each fighter's values as keywords named like the
calculator's controls (``first_hit_points``, ``second_damage``...), checks
each under that name, builds the two
:class:`~rulebook_py.systems.chroniques.Fighter` records and returns
:func:`~rulebook_py.systems.chroniques.fight`'s outcome: the exact chance of
each ending and a seeded replay. :func:`fight_rows` gives the rows the
calculator shows of it.

Example:
    >>> out = fight_between()  # Krush, striking to knock out, against the goblin
    >>> out.order, sum(out.ends.values())
    (('Krush', 'Goblin'), Fraction(1, 1))
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from ...distribution import Mean
from ...errors import RuleValueError, check_bool, check_type, quote
from ...messages import Msg
from ...systems.chroniques.whole_fight import (
    Fighter,
    FightOutcome,
    check_fighter,
    check_knock_out_cap,
    fight,
)
from ...systems.chroniques.words import M

__all__ = ["fight_between", "fight_rows"]


def fight_between(
    *,
    first_name: str = "Krush",
    first_hit_points: int = 12,
    first_attack: int = 4,
    first_defense: int = 15,
    first_damage: str = "1d8",
    first_strength: int = 3,
    first_initiative: int = 12,
    first_player: bool = True,
    first_wisdom: int = 10,
    first_die: str = "d20",
    first_knock_out: bool = True,
    first_suitable_weapon: bool = False,
    second_name: str = "Goblin",
    second_hit_points: int = 3,
    second_attack: int = 2,
    second_defense: int = 14,
    second_damage: str = "1d6",
    second_strength: int = 1,
    second_initiative: int = 12,
    second_player: bool = False,
    second_wisdom: int = 10,
    second_die: str = "d20",
    second_knock_out: bool = False,
    second_suitable_weapon: bool = False,
) -> FightOutcome:
    """:func:`~rulebook_py.systems.chroniques.fight` with each fighter's values as keywords.

    The defaults are the chapter's fight: Krush (attack +4, 1d8 + STR 3,
    initiative 12) strikes the goblin (3 hit points left, STR +1, DEF 14,
    initiative 12) with the flat of his sword to question it; Krush's DEF 15
    and 12 hit points and the goblin's attack +2 and 1d6 are this book's.
    ``first_suitable_weapon`` (``second_…``): the fighter's weapon suits
    knocking out (bare hands, a club), so its knock-out blows take no −2; it
    counts only for a fighter who strikes to knock out (else the outcome's
    ``unused`` names it).

    Example:
        >>> fight_between(first_suitable_weapon=True).reports["Krush"].bonus  # no -2
        4
        >>> fight_between(second_hit_points=11)
        Traceback (most recent call last):
        ...
        rulebook_py.errors.RuleValueError: second_hit_points must be at most 10 hit points when the \
other fighter strikes to knock out (its hit points and temporary damage are tracked together), got 11
    """
    local = dict(locals())
    fields = (
        "name",
        "hit_points",
        "attack",
        "defense",
        "damage",
        "strength",
        "initiative",
        "player",
        "wisdom",
        "die",
        "knock_out",
        "suitable_weapon",
    )
    sides = []
    unused = []
    for side in ("first", "second"):
        values = {k: local[f"{side}_{k}"] for k in fields}
        if values["knock_out"] is False:
            unused.append((f"{side}_suitable_weapon", M("only for a fighter who knocks out")))
            check_bool(values["suitable_weapon"], f"{side}_suitable_weapon")  # (only its type)
            values["suitable_weapon"] = False
        check_fighter(values, side + "_")  # an error names the prefixed parameter
        sides.append(Fighter(**values))
    if sides[0].name == sides[1].name:
        raise RuleValueError(
            M(
                "{name} must differ from first_name, got {got} twice",
                name="second_name",
                got=quote(sides[1].name),
            ),
            field="second_name",
        )
    check_knock_out_cap(sides[0], sides[1], ("first_hit_points", "second_hit_points"))
    return replace(fight(sides[0], sides[1]), unused=tuple(unused))


def fight_rows(outcome: FightOutcome) -> tuple[tuple[Msg, Fraction], ...]:
    """The chance of each ending, the expected rounds (a :class:`Mean`), then each blow's chances.

    Example:
        >>> [str(label) for label, _ in fight_rows(fight_between())][3:5]
        ['Expected rounds', "P(Krush's blow hits)"]
        >>> fight_rows(fight_between())[3][1]  # shown as a number, not a chance
        Mean(734137279, 354041856)
    """
    check_type(outcome, FightOutcome, "outcome", M("a FightOutcome (from fight_between)"))
    rows = list(outcome.rows)
    rows.insert(len(outcome.ends), (M("Expected rounds"), Mean(outcome.expected_rounds)))
    return tuple(rows)
