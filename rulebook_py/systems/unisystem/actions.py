r"""Unisystem multiple actions: who pays the cumulative −2, and the optional caps.

One action a round is free. Every further action costs a cumulative −2: the
second is at −2, the third at −4, and so on. In close combat one attack *and*
one defence are free; every other action is an extra one, numbered in the
order the actions happen.

The source offers optional caps on attacks (never on defences); each is a
field of :class:`ActionLimits`:

* at most 3 attacks a round;
* at most Dexterity / 2 attacks (rounded down, at least 1);
* no attack at a penalty larger than the character's Constitution (this book's
  reading of the source's "up to a maximum penalty equal to Constitution").

Example:
    >>> jimmy = parse_plan("attack 4+4 punch\ndefence 4+3\ndefence 4+3\ndefence 4+3")
    >>> [step.penalty for step in plan_actions(jimmy)]
    [0, 0, -2, -4]
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction

from ...errors import RuleValueError, check_int
from .core import ATTRIBUTE_RANGE, SKILL_RANGE, Check, task, test

__all__ = [
    "EXTRA_ACTION_PENALTY",
    "MAX_ACTIONS",
    "OPTIONAL_MAX_ATTACKS",
    "ActionKind",
    "ActionLimits",
    "PlannedAction",
    "PlannedStep",
    "action_penalties",
    "parse_plan",
    "plan_actions",
]

#: Cumulative penalty of each extra action.
EXTRA_ACTION_PENALTY = 2
#: The source's optional cap on attacks a round.
OPTIONAL_MAX_ATTACKS = 3
#: Most actions one plan accepts (the twelfth is already at −22).
MAX_ACTIONS = 12


class ActionKind(Enum):
    """What an action is, for the close-combat allowance.

    Example:
        >>> ActionKind.DEFENCE.label
        'Défense'
    """

    ATTACK = ("Attaque", ("attack", "attaque", "a"))
    DEFENCE = ("Défense", ("defence", "defense", "défense", "d", "dodge", "parry"))
    OTHER = ("Autre action", ("other", "autre", "o"))

    def __init__(self, label: str, words: tuple[str, ...]) -> None:
        self.label = label
        self.words = words


@dataclass(frozen=True)
class PlannedAction:
    """One intended action: its kind and the traits it rolls.

    A skill of 0 means the attribute alone (a difficult test).

    Example:
        >>> PlannedAction(ActionKind.ATTACK, 4, 4, "punch").label
        'punch'
    """

    kind: ActionKind
    attribute: int
    skill: int = 0
    label: str = ""

    def __post_init__(self) -> None:
        """Validate every field."""
        if not isinstance(self.kind, ActionKind):
            raise RuleValueError(
                f"kind must be attack, defence or other, got {self.kind!r}", field="kind"
            )
        check_int(self.attribute, "attribute", *ATTRIBUTE_RANGE)
        check_int(self.skill, "skill", *SKILL_RANGE)


@dataclass(frozen=True)
class ActionLimits:
    """The source's optional caps on attacks (``None``: not used).

    Attributes:
        max_attacks: At most this many attacks (the source suggests 3).
        dexterity: If given, at most ``max(1, dexterity // 2)`` attacks.
        constitution: If given, no attack at a penalty larger than this.

    Example:
        >>> ActionLimits(dexterity=5).attack_cap()
        2
    """

    max_attacks: int | None = None
    dexterity: int | None = None
    constitution: int | None = None

    def __post_init__(self) -> None:
        """Validate every field."""
        if self.max_attacks is not None:
            check_int(self.max_attacks, "max_attacks", 1, MAX_ACTIONS)
        if self.dexterity is not None:
            check_int(self.dexterity, "dexterity", *ATTRIBUTE_RANGE)
        if self.constitution is not None:
            check_int(self.constitution, "constitution", *ATTRIBUTE_RANGE)

    def attack_cap(self) -> int | None:
        """Most attacks allowed by the count caps (``None``: no cap).

        Example:
            >>> ActionLimits(max_attacks=3, dexterity=1).attack_cap()
            1
        """
        caps = []
        if self.max_attacks is not None:
            caps.append(self.max_attacks)
        if self.dexterity is not None:
            caps.append(max(1, self.dexterity // 2))
        return min(caps) if caps else None


@dataclass(frozen=True)
class PlannedStep:
    """One action of the plan with its penalty and exact chance.

    Attributes:
        number: Position in the round, from 1.
        action: The action.
        free: Whether it is one of the free actions.
        penalty: Its multiple-action penalty (0, −2, −4…).
        check: The basic check rolled (traits + penalty).

    Example:
        >>> step = plan_actions([PlannedAction(ActionKind.OTHER, 3, 2)], close_combat=False)[0]
        >>> step.free, step.penalty, step.chance
        (True, 0, Fraction(7, 10))
    """

    number: int
    action: PlannedAction
    free: bool
    penalty: int
    check: Check

    @property
    def chance(self) -> Fraction:
        """Exact P(the action's total reaches 9)."""
        return self.check.success_chance()


def action_penalties(
    kinds: list[ActionKind] | tuple[ActionKind, ...], close_combat: bool = True
) -> tuple[int, ...]:
    """The multiple-action penalty of each action, in the order they happen.

    Args:
        kinds: The kinds of the round's actions, in order.
        close_combat: One attack and one defence are free (else only the first action).

    Example:
        >>> A, D = ActionKind.ATTACK, ActionKind.DEFENCE
        >>> action_penalties([A, D, D, D]), action_penalties([A, D, D, D], close_combat=False)
        ((0, 0, -2, -4), (0, -2, -4, -6))
    """
    out = []
    extras = 0
    free_left = {ActionKind.ATTACK: 1, ActionKind.DEFENCE: 1} if close_combat else {}
    first = True
    for kind in kinds:
        if close_combat and free_left.get(kind, 0):
            free_left[kind] -= 1
            out.append(0)
        elif not close_combat and first:
            out.append(0)
        else:
            extras += 1
            out.append(-EXTRA_ACTION_PENALTY * extras)
        first = False
    return tuple(out)


def plan_actions(
    actions: list[PlannedAction] | tuple[PlannedAction, ...],
    *,
    close_combat: bool = True,
    limits: ActionLimits | None = None,
) -> tuple[PlannedStep, ...]:
    """Each planned action with its penalty and its exact chance of reaching 9.

    Raises:
        RuleValueError: No action, more than :data:`MAX_ACTIONS`, or an
            attack an optional cap forbids (``field="actions"``).

    Example:
        >>> plan = [PlannedAction(ActionKind.ATTACK, 4, 4)] * 4
        >>> plan_actions(plan, limits=ActionLimits(max_attacks=3))
        Traceback (most recent call last):
        ...
        rulebook_py.errors.RuleValueError: action 4 is attack number 4, but at most 3 attacks are allowed a round
    """
    actions = tuple(actions)
    if not 1 <= len(actions) <= MAX_ACTIONS:
        raise RuleValueError(
            f"a round holds 1 to {MAX_ACTIONS} actions, got {len(actions)}", field="actions"
        )
    limits = limits or ActionLimits()
    penalties = action_penalties([a.kind for a in actions], close_combat)
    cap = limits.attack_cap()
    attacks = 0
    steps = []
    for number, (action, penalty) in enumerate(zip(actions, penalties), 1):
        if action.kind is ActionKind.ATTACK:
            attacks += 1
            if cap is not None and attacks > cap:
                raise RuleValueError(
                    f"action {number} is attack number {attacks}, but at most {cap} "
                    f"attacks are allowed a round",
                    field="actions",
                )
            if limits.constitution is not None and -penalty > limits.constitution:
                raise RuleValueError(
                    f"action {number} is an attack at {penalty}, beyond the Constitution "
                    f"limit of {limits.constitution}",
                    field="actions",
                )
        if action.skill:
            check = task(action.attribute, action.skill, penalty)
        else:
            check = test(action.attribute, difficult=True, modifier=penalty)
        steps.append(PlannedStep(number, action, penalty == 0, penalty, check))
    return tuple(steps)


_LINE = re.compile(
    r"^\s*(?P<kind>[^\W\d_]+)\s*:?\s+(?P<attr>-?\d+)\s*(?:\+\s*(?P<skill>-?\d+))?\s*(?P<label>.*?)\s*$"
)


def parse_plan(text: str) -> tuple[PlannedAction, ...]:
    r"""Read a plan, one action a line: ``kind attribute[+skill] [label]``.

    Kinds: ``attack``, ``defence`` (or ``dodge``, ``parry``), ``other``
    (French words work too). Empty lines are skipped.

    Raises:
        RuleValueError: On a line that cannot be read (``field="actions"``).

    Example:
        >>> parse_plan("attack 4+4 punch\ndodge 4+3")[1].kind
        <ActionKind.DEFENCE: ('Défense', ('defence', 'defense', 'défense', 'd', 'dodge', 'parry'))>
        >>> parse_plan("jump 3")
        Traceback (most recent call last):
        ...
        rulebook_py.errors.RuleValueError: line 1 'jump 3': the kind must be attack, defence or other, got 'jump'
    """
    if not isinstance(text, str):
        raise RuleValueError(f"the plan must be text, got {text!r}", field="actions")
    out = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        m = _LINE.match(line)
        if not m:
            raise RuleValueError(
                f"line {number} {line.strip()!r}: expected 'kind attribute+skill label', "
                f"e.g. 'attack 4+4 punch'",
                field="actions",
            )
        word = m["kind"].lower()
        kind = next((k for k in ActionKind if word in k.words), None)
        if kind is None:
            raise RuleValueError(
                f"line {number} {line.strip()!r}: the kind must be attack, defence or other, "
                f"got {m['kind']!r}",
                field="actions",
            )
        try:
            action = PlannedAction(kind, int(m["attr"]), int(m["skill"] or 0), m["label"])
        except RuleValueError as err:
            raise RuleValueError(
                f"line {number} {line.strip()!r}: {err}", field="actions"
            ) from None
        out.append(action)
    if not out:
        raise RuleValueError("the plan is empty: write one action a line", field="actions")
    return tuple(out)
