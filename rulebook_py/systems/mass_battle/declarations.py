"""What may be declared together: the source's limits on special actions, in one place.

Every function that fights (:func:`~.round.resolve_round`,
:func:`~.round.totals_before_chance`, :func:`~.odds.battle_odds`,
:func:`~.odds.simulate_battle`, :func:`~.odds.replay_battle`) and every
calculator checks each side here once a call (:func:`~.round.check_pair`,
:func:`~.round.check_side`; the rounds after the check use
:func:`~.round.steps_before_chance`), so they all refuse the same
declarations with the same message. The limits:

* the defenders' four actions only by the unit holding the ground, and what a
  unit gains from the enemy's surprise attack only if the enemy holds it;
* a tight combat's luck or planning only in a tight combat, and one of them
  only: one d4, one result (« Sur un jet de 3… +2… Sur un jet de 4, +4 »);
* the war cry once (« une fois par jour »);
* the same action twice on one unit only when their rounds do not overlap
  (two cautious retreats or two ambushes do not stack);
* one surprise attack is either won by the defenders or seen through by the
  attackers, never both in the same round;
* one charge-breaker a unit (« un jet à réussir par type »: it answers one
  charge), and a charge-breaker already resolved only against an enemy that
  charges;
* an ambush only in round 1: it opens the fight (« servir d'amorce à l'entrée
  au combat »).

Example:
    >>> from .actions import war_cry
    >>> from .round import Orders, Side, Unit
    >>> twice = Side(Unit("Clan", 100, 3, 3), Orders(actions=(war_cry(), war_cry().from_round(9))))
    >>> check_declarations(twice, Side(Unit("B", 100, 3, 3)), "attacker", False)
    Traceback (most recent call last):
    ...
    rulebook_py.systems.mass_battle.declarations.DeclarationError: attacker “war cry” is shouted once a day (« une fois par jour »): declared 2 times
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...errors import RuleValueError, check_enum, quote
from ...messages import Msg
from .actions import DEFENDERS_ACTIONS, ActionKind, RolledAction, SpecialAction
from .words import M

__all__ = [
    "NO_CHARGE_TO_BREAK",
    "ONE_CHARGE_BREAKER",
    "DeclarationError",
    "action_name",
    "check_declarations",
]

_LAST = 20


#: Why a second charge-breaker is refused: it answers one charge (« un jet à réussir par type »).
ONE_CHARGE_BREAKER: Msg = M("“charge-breaker”: one a unit, it answers one charge")

#: Why a charge-breaker is refused when the enemy does not charge.
NO_CHARGE_TO_BREAK: Msg = M("“charge-breaker” answers a charge: give the enemy a charge first")


def action_name(kind: ActionKind) -> Msg:
    """The action's name in the reader's words, as the messages write it.

    Example:
        >>> action_name(ActionKind.CHARGE_BREAKER), action_name(ActionKind.WAR_CRY).render("fr")
        ('charge-breaker', 'cri de guerre')
    """
    return check_enum(kind, ActionKind, "kind").__message__()


class DeclarationError(RuleValueError):
    """A declaration the source does not allow, naming the action at fault.

    Attributes:
        action: The :class:`SpecialAction` or :class:`RolledAction` refused.
        reason: The message without the side's name (it reads after a label).

    Example:
        >>> err = DeclarationError("attacker", "“x” is refused", object())
        >>> str(err), err.reason, err.field
        ('attacker “x” is refused', '“x” is refused', 'attacker')
    """

    def __init__(self, side: str, reason: str, action: Any) -> None:
        for name, value in (("side", side), ("reason", reason)):
            if not isinstance(value, str) or len(value) > 1000:
                raise RuleValueError(
                    M(
                        "{name} must be text of at most 1000 characters, got {got}",
                        name=name,
                        got=quote(value),
                    ),
                    field=name,
                )
        super().__init__(M("{side} {reason}", side=side, reason=reason), field=side)
        self.reason = reason
        self.action = action


def _rounds(action: SpecialAction | RolledAction, mine: bool = True) -> frozenset[int]:
    """Rounds in which the action changes anything for this side (any outcome of its dice)."""
    if isinstance(action, SpecialAction):
        return action.active_rounds(_LAST)
    found: set[int] = set()
    for _, own, enemy in action.outcomes():
        found |= (own if mine else enemy).active_rounds(_LAST)
    return frozenset(found)


def _declared(side: Any, rolls: Sequence[RolledAction]) -> list[Any]:
    return [a for a in side.orders.actions if not a.answer] + list(rolls)


def check_declarations(
    side: Any,
    enemy: Any,
    name: str,
    tight_combat: bool,
    rolls: Sequence[RolledAction] = (),
    enemy_rolls: Sequence[RolledAction] = (),
    *,
    enemy_orders: bool = True,
) -> None:
    """Refuse what ``side`` may not declare (see the module's list of limits).

    Args:
        side: The :class:`~.round.Side` checked.
        enemy: The other :class:`~.round.Side`.
        name: ``"attacker"`` or ``"defender"``: the parameter named first in a message.
        tight_combat: Whether the battle is a tight combat.
        rolls: This side's actions still to roll.
        enemy_rolls: The enemy's actions still to roll.
        enemy_orders: Whether ``enemy`` holds the enemy's declarations (False
            when only its unit is known, as for one unit's totals): the
            limits that read them are then left to the check of the pair.

    Raises:
        DeclarationError: Naming the action at fault.
        RuleValueError: For a side that is not a :class:`~.round.Side`, or a bad argument.

    Example:
        >>> from .actions import cautious_retreat
        >>> from .round import Orders, Side, Unit
        >>> check_declarations(Side(Unit("A", 100, 3, 3)), Side(Unit("B", 100, 3, 3)), "attacker", False)
        >>> back = Side(Unit("A", 100, 3, 3), Orders(actions=(cautious_retreat(),)))
        >>> check_declarations(back, Side(Unit("B", 100, 3, 3, defends_ground=True)), "attacker", False)
        Traceback (most recent call last):
        ...
        rulebook_py.systems.mass_battle.declarations.DeclarationError: attacker “cautious retreat” is an action of the defenders, and this unit does not hold the ground
    """
    for given, label in ((side, "side"), (enemy, "enemy")):
        if type(given).__name__ != "Side" or not hasattr(given, "orders"):
            raise RuleValueError(
                M("{name} must be a Side, got {got}", name=label, got=quote(given)), field=label
            )
    if not isinstance(name, str) or not name or len(name) > 100:
        raise RuleValueError(
            M(
                "{name} must be text of at most 100 characters, got {got}",
                name="name",
                got=quote(name),
            ),
            field="name",
        )
    for flag, label in ((tight_combat, "tight_combat"), (enemy_orders, "enemy_orders")):
        if not isinstance(flag, bool):
            raise RuleValueError(
                M("{name} must be True or False, got {got}", name=label, got=quote(flag)),
                field=label,
            )
    for given, label in ((rolls, "rolls"), (enemy_rolls, "enemy_rolls")):
        if not isinstance(given, (list, tuple)) or not all(
            isinstance(r, RolledAction) for r in given
        ):
            raise RuleValueError(
                M("{name} must be a list of RolledAction, got {got}", name=label, got=quote(given)),
                field=label,
            )
    holds, enemy_holds = side.unit.defends_ground, enemy.unit.defends_ground
    declared = _declared(side, rolls)
    for action in declared:
        kind = action.kind
        if kind in DEFENDERS_ACTIONS and not holds:
            raise DeclarationError(
                name,
                M(
                    "“{action}” is an action of the defenders, and this unit does not hold "
                    "the ground",
                    action=kind,
                ),
                action,
            )
        if kind is ActionKind.TIGHT_COMBAT and _rounds(action) and not tight_combat:
            raise DeclarationError(
                name,
                M(
                    "“{action}”: its luck or planning needs the battle to be a tight combat "
                    "(a state of the whole battle)",
                    action=kind,
                ),
                action,
            )
        if kind is ActionKind.AMBUSH and _rounds(action) and min(_rounds(action)) > 1:
            raise DeclarationError(
                name,
                M(
                    "“{action}” opens the fight (« servir d'amorce à l'entrée au combat »): "
                    "declare it in round 1",
                    action=kind,
                ),
                action,
            )
    for action in side.orders.actions:
        if action.answer and action.kind is ActionKind.SURPRISE_ATTACK and _rounds(action):
            if not enemy_holds:
                raise DeclarationError(
                    name,
                    M(
                        "“surprise attack seen through”: a surprise attack is the defenders' "
                        "action, and the enemy does not hold the ground"
                    ),
                    action,
                )
    cries = [a for a in declared if a.kind is ActionKind.WAR_CRY]
    if len(cries) > 1:
        raise DeclarationError(
            name,
            M(
                "“war cry” is shouted once a day (« une fois par jour »): declared {n} times",
                n=len(cries),
            ),
            cries[1],
        )
    breakers = [a for a in declared if a.kind is ActionKind.CHARGE_BREAKER]
    if len(breakers) > 1:
        raise DeclarationError(name, ONE_CHARGE_BREAKER, breakers[1])
    for i, first in enumerate(declared):
        for second in declared[i + 1 :]:
            if first.kind is not second.kind or not (_rounds(first) & _rounds(second)):
                continue
            if first.kind is ActionKind.TIGHT_COMBAT:
                reason = M(
                    "“{action}” is one d4 and one result, by luck or by planning: it is "
                    "already declared",
                    action=second.kind,
                )
            else:
                reason = M(
                    "“{action}” is already declared for the same rounds: the same action "
                    "does not stack",
                    action=second.kind,
                )
            raise DeclarationError(name, reason, second)
    if enemy_orders:
        _check_breaker(enemy, name, breakers, enemy_rolls)
        _check_surprise(side, enemy, name, rolls, enemy_rolls)


def _check_breaker(
    enemy: Any, name: str, breakers: Sequence[Any], enemy_rolls: Sequence[RolledAction]
) -> None:
    """A charge-breaker already resolved answers the enemy's charge: the enemy must charge.

    (A charge-breaker still to roll holds the charge it answers, among its outcomes.)
    """
    resolved = [b for b in breakers if isinstance(b, SpecialAction)]
    if not resolved:
        return
    if not any(a.kind is ActionKind.CHARGE for a in _declared(enemy, enemy_rolls)):
        raise DeclarationError(name, NO_CHARGE_TO_BREAK, resolved[0])


def _check_surprise(
    side: Any, enemy: Any, name: str, rolls: Sequence[RolledAction], enemy_rolls: Sequence[Any]
) -> None:
    """One surprise attack: won by the defenders or seen through by the attackers, not both."""
    seen = [
        (a, _rounds(a))
        for a in side.orders.actions
        if a.answer and a.kind is ActionKind.SURPRISE_ATTACK
    ]
    if not seen:
        return
    theirs = [a for a in _declared(enemy, enemy_rolls) if a.kind is ActionKind.SURPRISE_ATTACK]
    for action, rounds in seen:
        for other in theirs:
            if rounds & (_rounds(other) | _rounds(other, mine=False)):
                raise DeclarationError(
                    name,
                    M(
                        "“surprise attack seen through”: the enemy's surprise attack of the "
                        "same rounds is already declared; one surprise attack is either won "
                        "by the defenders or seen through by the attackers, not both"
                    ),
                    action,
                )
