"""What may be declared together: the source's limits on special actions, in one place.

Every function that fights (:func:`~.round.resolve_round`,
:func:`~.round.totals_before_chance`, :func:`~.odds.battle_odds`,
:func:`~.odds.simulate_battle`, :func:`~.odds.replay_battle`) and every
calculator calls :func:`check_side` on each side, so they all refuse the same
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
* an ambush only in round 1: it opens the fight (« servir d'amorce à l'entrée
  au combat »).

Example:
    >>> from .actions import war_cry
    >>> from .round import Orders, Side, Unit
    >>> twice = Side(Unit("Clan", 100, 3, 3), Orders(actions=(war_cry(), war_cry().from_round(9))))
    >>> check_side(twice, Side(Unit("B", 100, 3, 3)), "attacker", False)
    Traceback (most recent call last):
    ...
    rulebook_py.systems.mass_battle.declarations.DeclarationError: attacker “war cry” is shouted once a day (« une fois par jour »): declared 2 times
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...errors import RuleValueError, quote
from .actions import DEFENDERS_ACTIONS, ActionKind, RolledAction, SpecialAction

__all__ = ["DeclarationError", "action_name", "check_side"]

_LAST = 20


def action_name(kind: ActionKind) -> str:
    """The action's English name, as the messages write it.

    Example:
        >>> action_name(ActionKind.CHARGE_BREAKER)
        'charge-breaker'
    """
    if not isinstance(kind, ActionKind):
        raise RuleValueError(
            f"kind must be one of {[k.name for k in ActionKind]}, got {quote(kind)}", field="kind"
        )
    return kind.name.lower().replace("_", " ").replace("charge breaker", "charge-breaker")


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
        if not isinstance(side, str) or not isinstance(reason, str):
            raise RuleValueError(
                f"side and reason must be text, got {quote(side)} and {quote(reason)}",
                field="side",
            )
        super().__init__(f"{side} {reason}", field=side)
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


def check_side(
    side: Any,
    enemy: Any,
    name: str,
    tight_combat: bool,
    rolls: Sequence[RolledAction] = (),
    enemy_rolls: Sequence[RolledAction] = (),
) -> None:
    """Refuse what ``side`` may not declare (see the module's list of limits).

    Args:
        side: The :class:`~.round.Side` checked.
        enemy: The other :class:`~.round.Side`.
        name: ``"attacker"`` or ``"defender"``: the parameter named first in a message.
        tight_combat: Whether the battle is a tight combat.
        rolls: This side's actions still to roll.
        enemy_rolls: The enemy's actions still to roll.

    Raises:
        DeclarationError: Naming the action at fault.

    Example:
        >>> from .actions import cautious_retreat
        >>> from .round import Orders, Side, Unit
        >>> back = Side(Unit("A", 100, 3, 3), Orders(actions=(cautious_retreat(),)))
        >>> check_side(back, Side(Unit("B", 100, 3, 3, defends_ground=True)), "attacker", False)
        Traceback (most recent call last):
        ...
        rulebook_py.systems.mass_battle.declarations.DeclarationError: attacker “cautious retreat” is an action of the defenders, and this unit does not hold the ground
    """
    holds, enemy_holds = side.unit.defends_ground, enemy.unit.defends_ground
    declared = _declared(side, rolls)
    for action in declared:
        label = f"“{action_name(action.kind)}”"
        if action.kind in DEFENDERS_ACTIONS and not holds:
            raise DeclarationError(
                name,
                f"{label} is an action of the defenders, and this unit does not hold the ground",
                action,
            )
        if action.kind is ActionKind.TIGHT_COMBAT and _rounds(action) and not tight_combat:
            raise DeclarationError(
                name,
                f"{label}: its luck or planning needs the battle to be a tight combat "
                "(a state of the whole battle)",
                action,
            )
        if action.kind is ActionKind.AMBUSH and _rounds(action) and min(_rounds(action)) > 1:
            raise DeclarationError(
                name,
                f"{label} opens the fight (« servir d'amorce à l'entrée au combat »): "
                "declare it in round 1",
                action,
            )
    for action in side.orders.actions:
        if action.answer and action.kind is ActionKind.SURPRISE_ATTACK and _rounds(action):
            if not enemy_holds:
                raise DeclarationError(
                    name,
                    "“surprise attack seen through”: a surprise attack is the defenders' "
                    "action, and the enemy does not hold the ground",
                    action,
                )
    cries = [a for a in declared if a.kind is ActionKind.WAR_CRY]
    if len(cries) > 1:
        raise DeclarationError(
            name,
            f"“war cry” is shouted once a day (« une fois par jour »): declared {len(cries)} times",
            cries[1],
        )
    for i, first in enumerate(declared):
        for second in declared[i + 1 :]:
            if first.kind is not second.kind or not (_rounds(first) & _rounds(second)):
                continue
            if first.kind is ActionKind.TIGHT_COMBAT:
                reason = "is one d4 and one result, by luck or by planning: it is already declared"
            else:
                reason = "is already declared for the same rounds: the same action does not stack"
            raise DeclarationError(name, f"“{action_name(second.kind)}” {reason}", second)
    _check_surprise(side, enemy, name, rolls, enemy_rolls)


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
                    "“surprise attack seen through”: the enemy's surprise attack of the same "
                    "rounds is already declared; one surprise attack is either won by the "
                    "defenders or seen through by the attackers, not both",
                    action,
                )
