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
from collections.abc import Callable, Iterable
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

__all__ = ["EFFECT_ROWS", "ConditionsReport", "conditions_report"]


def _signed(n: int) -> Msg:
    return M("{n:+d}", n=n)


def _yes(flag: bool) -> Msg:
    return M("yes") if flag else M("no")


#: The effects the calculator shows, in order: (label, the effect read off a side's effects).
EFFECT_ROWS: tuple[tuple[Msg, Callable[[ConditionEffects], object]], ...] = (
    (M("Initiative"), lambda fx: _signed(fx.initiative)),
    (M("Melee / magic attack"), lambda fx: _signed(fx.melee_attack)),
    (M("Ranged attack"), lambda fx: _signed(fx.ranged_attack)),
    (M("DEF"), lambda fx: _signed(fx.defense)),
    (M("Die for every test"), lambda fx: "d12" if fx.uses_d12 else "d20"),
    (M("Can act"), lambda fx: _yes(fx.can_act)),
    (M("Can travel (a move of 20 m)"), lambda fx: _yes(fx.can_move)),
    (M("Actions a turn"), lambda fx: str(fx.max_actions)),
    (M("Limited action possible"), lambda fx: _yes(fx.limited_allowed and fx.can_act)),
    (M("Attacks against it hit as criticals"), lambda fx: _yes(fx.auto_critical_against)),
    (M("Must spend a move to stand up"), lambda fx: _yes(fx.must_stand)),
)


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

    @property
    def rows(self) -> tuple[tuple[object, ...], ...]:
        """Each effect: (label, the attacker's, the defender's), then the declared turn's verdict.

        Example:
            >>> conditions_report(5, 15, attacker_conditions=["blinded"]).rows[1][1:]
            ('-5', '+0')
        """
        rows = [(name, f(self.attacker), f(self.defender)) for name, f in EFFECT_ROWS]
        return (*rows, (M("Declared turn"), self.verdict, ""))

    @property
    def odds_rows(self) -> tuple[tuple[object, ...], ...]:
        """The attack: (label, without the conditions, with them); chances as fractions.

        Example:
            >>> conditions_report(5, 15, defender_conditions=["paralysed"]).odds_rows[3]
            ('P(hit)', Fraction(11, 20), Fraction(1, 1))
        """
        free, hurt = self.free, self.hurt
        return (
            (M("Die"), free.die.notation, hurt.die.notation),
            (M("Attack score"), _signed(free.bonus), _signed(hurt.bonus)),
            (M("DEF"), free.defense, hurt.defense),
            (M("P(hit)"), free.outcome.hit, hurt.outcome.hit),
            (M("P(critical)"), free.outcome.critical, hurt.outcome.critical),
        )

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
