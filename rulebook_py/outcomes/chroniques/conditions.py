"""Chroniques Oubliées: harmful conditions on both sides, a declared turn, and the attack.

:func:`conditions_report` is the conditions calculator's one call: every effect
of the attacker's and the defender's conditions this round, the verdict on the
attacker's declared turn under them, and the attack priced with and without
the conditions (a knocked-down attacker whose turn stands up before attacking
attacks standing).

Example:
    >>> r = conditions_report(5, 15, attacker_conditions=["knocked down"], turn="M A")
    >>> r.verdict[:7], r.hurt.outcome.hit
    ('allowed', Fraction(11, 20))
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass

from ...messages import Msg, join
from ...systems.chroniques.attack_roll import AttackRoll
from ...systems.chroniques.attacks import AttackKind, AttackReport, Situation, attack_action
from ...systems.chroniques.conditions import (
    Condition,
    ConditionEffects,
    combine_conditions,
    condition_set,
    parse_turn,
    turn_problem,
    validate_turn,
)
from ...systems.chroniques.core import CheckDie, check_bool
from ...systems.chroniques.records import check_fields
from ...systems.chroniques.words import M

__all__ = ["ConditionsReport", "conditions_report"]


@dataclass(frozen=True)
class ConditionsReport:
    """The conditions calculator's answer.

    Attributes:
        attacker: The attacker's combined effects this round.
        defender: The defender's combined effects this round.
        verdict: ``"allowed"`` (with notes) or why the turn is not allowed
            under the conditions (a message).
        free: The attack without any condition.
        hurt: The attack under the conditions.

    Example:
        >>> conditions_report(5, 15, defender_conditions=["paralysed"]).hurt.outcome.critical
        Fraction(1, 1)
        >>> ConditionsReport(ConditionEffects(), ConditionEffects(), "allowed", attack_action(5, 15), attack_action(5, 15)).verdict
        'allowed'
    """

    attacker: ConditionEffects
    defender: ConditionEffects
    verdict: str
    free: AttackReport
    hurt: AttackReport

    def __post_init__(self) -> None:
        """Check every field."""
        check_fields(self)

    def roll(self, rng: random.Random) -> AttackRoll:
        """The attack under the conditions, rolled once (no damage)."""
        if not self.hurt.possible:
            return AttackRoll((M("the attacker cannot act this round"),))
        if self.hurt.outcome.critical == 1:
            return AttackRoll((M("the defender is paralysed: automatic hit, critical"),))
        return self.hurt.roll(rng, with_damage=False)


def conditions_report(
    bonus: int,
    defense: int,
    die: str | CheckDie = "d20",
    *,
    kind: AttackKind | str = AttackKind.MELEE,
    attacker_conditions: Iterable[str | Condition] = (),
    defender_conditions: Iterable[str | Condition] = (),
    first_round: bool = True,
    turn: str = "M A",
) -> ConditionsReport:
    """Both sides' conditions, the declared turn, and the attack with and without them.

    Args:
        bonus: The attack score, -30 to 40.
        defense: The defender's DEF, 1 to 60.
        die: The attacker's usual die.
        kind: Melee, ranged or magic.
        attacker_conditions: The attacker's harmful conditions.
        defender_conditions: The defender's harmful conditions.
        first_round: Round 1 of the fight (*surprised* counts only then).
        turn: The attacker's declared turn, such as ``"M A"`` (see
            :func:`~.conditions.parse_turn`); a turn no character may take is
            an error, one the conditions forbid is the verdict.

    Example:
        >>> conditions_report(5, 15, attacker_conditions=["stunned"], turn="A").verdict
        'not allowed under these conditions: the character can take no action \
(stunned, paralysed, or surprised in round 1)'
    """
    actions = parse_turn(turn, "turn")
    validate_turn(actions, field="turn")
    check_bool(first_round, "first_round")
    attackers = condition_set(attacker_conditions, "attacker_conditions")
    defenders = condition_set(defender_conditions, "defender_conditions")
    att = combine_conditions(attackers, first_round=first_round, field="attacker_conditions")
    dfn = combine_conditions(defenders, first_round=first_round, field="defender_conditions")
    why = turn_problem(actions, attackers, first_round=first_round, field="turn")
    verdict: Msg
    if why is not None:
        verdict, stands = M("not allowed under these conditions: {why}", why=why), False
    else:
        declared = validate_turn(actions, attackers, first_round=first_round, field="turn")
        verdict, stands = M("allowed"), declared.stands_before_attack
        if declared.notes:
            verdict = M("allowed ({notes})", notes=join("; ", declared.notes))
    free = attack_action(bonus, defense, die, Situation(kind))
    hurt = attack_action(
        bonus,
        defense,
        die,
        Situation(kind, first_round=first_round, stand_up_first=stands),
        attacker_conditions=attackers,
        defender_conditions=defenders,
    )
    return ConditionsReport(att, dfn, verdict, free, hurt)
