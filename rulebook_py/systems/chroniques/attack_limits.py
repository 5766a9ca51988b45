"""Chroniques Oubliées: what an attack action may combine (one home for each limit).

Two-weapon fighting is a limited action in melee, not for a character already
on the d12, with a light off-hand weapon; standing up first needs a
knocked-down attacker with an attack left; forbidden equipment takes the
untrained -3 and forbids every ability (the best of two dice, a wider
critical range). :func:`~.attacks.attack_action` calls these checks, so the
API refuses exactly what the attack calculator refuses.

Example:
    >>> check_stand_up({Condition.KNOCKED_DOWN}, two_weapons=False) is None
    True
"""

from __future__ import annotations

from collections.abc import Iterable

from ...dice import Dice
from ...errors import RuleValueError, check_int, quote
from .conditions import Condition, ConditionEffects, condition_set
from .core import CRITICAL_RANGE, CheckDie, check_bool
from .words import M

__all__ = ["check_forbidden", "check_stand_up", "check_two_weapons"]


def check_forbidden(untrained: bool, die: str | CheckDie, critical_from: int) -> None:
    """Forbidden equipment: an untrained piece, and no ability in use.

    Example:
        >>> check_forbidden(True, "d20", 19)
        Traceback (most recent call last):
        ...
        rulebook_py.errors.RuleValueError: critical_from must be 20: a character using \
forbidden equipment can use none of its abilities (no wider critical range)
    """
    die = CheckDie.from_text(die)
    check_int(critical_from, "critical_from", *CRITICAL_RANGE)
    if not check_bool(untrained, "untrained"):
        raise RuleValueError(
            M(
                "{name} needs an untrained weapon, shield or armour "
                "(the forbidden piece is untrained too: its -3 applies)",
                name="forbidden_equipment",
            ),
            field="forbidden_equipment",
        )
    if die.notation.startswith("2d"):
        raise RuleValueError(
            M(
                "{name} must be a single die: a character using forbidden equipment can use "
                "none of its abilities (no best of two dice)",
                name="die",
            ),
            field="die",
        )
    if critical_from != 20:
        raise RuleValueError(
            M(
                "{name} must be 20: a character using forbidden equipment can use none "
                "of its abilities (no wider critical range)",
                name="critical_from",
            ),
            field="critical_from",
        )


def check_two_weapons(att: ConditionEffects, melee: bool, off: Dice) -> Dice:
    """Two-weapon fighting: a limited action in melee, not under the d12, a light off hand.

    Example:
        >>> from rulebook_py import parse
        >>> check_two_weapons(ConditionEffects(), True, parse("1d8"))
        Traceback (most recent call last):
        ...
        rulebook_py.errors.RuleValueError: the off-hand weapon must be a light weapon of \
at most 1d6 damage, got '1d8'
    """
    if not isinstance(att, ConditionEffects):
        raise RuleValueError(
            M("{name} must be ConditionEffects, got {got}", name="att", got=quote(att)),
            field="att",
        )
    check_bool(melee, "melee")
    if not isinstance(off, Dice):
        raise RuleValueError(
            M("{name} must be dice, got {got}", name="off_hand", got=quote(off)), field="off_hand"
        )
    if not att.limited_allowed:
        raise RuleValueError(
            M(
                "two-weapon fighting is a limited action, and a slowed attacker's one "
                "action is an attack or a move"
            ),
            field="two_weapons",
        )
    if att.uses_d12:
        raise RuleValueError(
            M(
                "two-weapon fighting trades the d20 for the d12: a character already "
                "forced onto the d12 by a condition cannot use it"
            ),
            field="two_weapons",
        )
    if not melee:
        raise RuleValueError(M("two-weapon fighting is a melee attack"), field="two_weapons")
    if off.max_value - off.min_value + 1 > 6 or off.min_value < 1 or off.max_value > 6:
        raise RuleValueError(
            M(
                "the off-hand weapon must be a light weapon of at most 1d6 damage, got {got}",
                got=quote(str(off)),
            ),
            field="off_hand",
        )
    return off


def check_stand_up(attackers: Iterable[str | Condition], two_weapons: bool) -> None:
    """Standing up first needs a knocked-down attacker with an attack left afterwards.

    Example:
        >>> check_stand_up(set(), two_weapons=False)
        Traceback (most recent call last):
        ...
        rulebook_py.errors.RuleValueError: only a knocked-down attacker needs a move action \
to stand up first
    """
    attackers = condition_set(attackers, "attacker_conditions")
    check_bool(two_weapons, "two_weapons")
    if Condition.KNOCKED_DOWN not in attackers:
        raise RuleValueError(
            M("only a knocked-down attacker needs a move action to stand up first"),
            field="stand_up_first",
        )
    if two_weapons:
        raise RuleValueError(
            M(
                "standing up takes the move action, and two-weapon fighting is a limited "
                "action that takes the whole turn"
            ),
            field="stand_up_first",
        )
    if Condition.SLOWED in attackers:
        raise RuleValueError(
            M("a slowed attacker has one action: standing up uses it, leaving no attack"),
            field="stand_up_first",
        )
