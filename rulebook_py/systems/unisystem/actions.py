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
  reading of the source's "up to a maximum penalty equal to or greater than
  Constitution": an attack at a penalty equal to CON is still allowed, the
  next one is not).

Massive creatures (the source's example: the shaitans) may attack several
times a round without the cumulative penalty and without those caps
(``massive=True``); their other actions still pay it, counted among the
non-attack actions only. A stance (:class:`~.combat.Stance`) adds +2 to every
attack (aggressive, no defence allowed) or +3 to every defence (defensive,
no attack allowed); each action may carry its own modifier.

Example:
    >>> jimmy = parse_plan("attack 4+4 punch\ndefence 4+3\ndefence 4+3\ndefence 4+3")
    >>> [step.penalty for step in plan_actions(jimmy)]
    [0, 0, -2, -4]
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from fractions import Fraction

from ...errors import RuleValueError, check_int, quote
from .combat import Stance, parse_enum
from .core import (
    ATTRIBUTE_RANGE,
    MODIFIER_RANGE,
    SKILL_RANGE,
    Check,
    CheckKind,
    CheckRoll,
    CoreDie,
    UnisystemEnum,
    core_distribution,
    task,
    test,
)

__all__ = [
    "EXTRA_ACTION_PENALTY",
    "MAX_ACTIONS",
    "OPTIONAL_MAX_ATTACKS",
    "SIGNED_NUMBER",
    "ActionKind",
    "ActionLimits",
    "ActionPlan",
    "PlanRoll",
    "PlannedAction",
    "PlannedStep",
    "action_penalties",
    "action_plan",
    "non_ascii_digit",
    "parse_plan",
    "plan_actions",
    "quoted_line",
    "refuse_other_digits",
    "signed_int",
]

#: Cumulative penalty of each extra action.
EXTRA_ACTION_PENALTY = 2
#: The source's optional cap on attacks a round.
OPTIONAL_MAX_ATTACKS = 3
#: Most actions one plan accepts (the twelfth is already at −22).
MAX_ACTIONS = 12


class ActionKind(UnisystemEnum):
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
    """One intended action: its kind, the traits it rolls, its own modifier.

    A skill of 0 means the attribute alone (a difficult test).

    Example:
        >>> PlannedAction(ActionKind.ATTACK, 4, 4, "punch", modifier=1).modifier
        1
    """

    kind: ActionKind
    attribute: int
    skill: int = 0
    label: str = ""
    modifier: int = 0

    def __post_init__(self) -> None:
        """Validate every field."""
        if not isinstance(self.kind, ActionKind):
            raise RuleValueError(
                f"kind must be attack, defence or other, got {self.kind!r}", field="kind"
            )
        check_int(self.attribute, "attribute", *ATTRIBUTE_RANGE)
        check_int(self.skill, "skill", *SKILL_RANGE)
        check_int(self.modifier, "modifier", *MODIFIER_RANGE)
        _text(self.label, "label")


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
    kinds: list[ActionKind] | tuple[ActionKind, ...],
    close_combat: bool = True,
    *,
    massive: bool = False,
) -> tuple[int, ...]:
    """The multiple-action penalty of each action, in the order they happen.

    Args:
        kinds: The kinds of the round's actions, in order.
        close_combat: One attack and one defence are free (else only the first action).
        massive: A massive creature: every attack is free and is not counted
            among the extra actions.

    Example:
        >>> A, D = ActionKind.ATTACK, ActionKind.DEFENCE
        >>> action_penalties([A, D, D, D]), action_penalties([A, D, D, D], close_combat=False)
        ((0, 0, -2, -4), (0, -2, -4, -6))
        >>> action_penalties([A, A, A, D, D], massive=True)
        (0, 0, 0, 0, -2)
    """
    out = []
    extras = 0
    free_left = {ActionKind.ATTACK: 1, ActionKind.DEFENCE: 1} if close_combat else {}
    first = True
    for kind in kinds:
        if massive and kind is ActionKind.ATTACK:
            out.append(0)
            continue
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
    stance: Stance = Stance.NORMAL,
    massive: bool = False,
    core: CoreDie = CoreDie.D10,
) -> tuple[PlannedStep, ...]:
    """Each planned action with its penalty and its exact chance of reaching 9.

    Args:
        actions: The round's actions, in order.
        close_combat: One attack and one defence are free (else only the first).
        limits: The optional caps on attacks.
        stance: Aggressive (+2 to every attack, no defence) or defensive (+3 to
            every defence, no attack).
        massive: A massive creature: attacks without penalty and without caps.
        core: The core die.

    Raises:
        RuleValueError: No action, more than :data:`MAX_ACTIONS`, an attack an
            optional cap forbids, or an action the stance gives up
            (``field="actions"``).

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
    stance = parse_enum(stance, Stance, "stance")  # type: ignore[assignment]
    if not isinstance(massive, bool):
        raise RuleValueError(f"massive must be True or False, got {massive!r}", field="massive")
    core_distribution(core)
    penalties = action_penalties([a.kind for a in actions], close_combat, massive=massive)
    cap = None if massive else limits.attack_cap()
    attacks = 0
    steps = []
    for number, (action, penalty) in enumerate(zip(actions, penalties), 1):
        stance_bonus = 0
        if action.kind is ActionKind.ATTACK:
            attacks += 1
            if not stance.may_attack:
                raise RuleValueError(
                    f"action {number} is an attack, but a fighter in {stance.label!r} "
                    f"gives up attacking this round",
                    field="stance",
                )
            stance_bonus = stance.attack_bonus
            if cap is not None and attacks > cap:
                allowed = "1 attack is" if cap == 1 else f"{cap} attacks are"
                raise RuleValueError(
                    f"action {number} is attack number {attacks}, but at most {allowed} "
                    f"allowed a round",
                    field="actions",
                )
            if not massive and limits.constitution is not None and -penalty > limits.constitution:
                raise RuleValueError(
                    f"action {number} is an attack at \u2212{-penalty}, beyond the "
                    f"Constitution limit of {limits.constitution}",
                    field="actions",
                )
        elif action.kind is ActionKind.DEFENCE:
            if not stance.may_defend:
                raise RuleValueError(
                    f"action {number} is a defence, but a fighter in {stance.label!r} "
                    f"gives up every defence this round",
                    field="stance",
                )
            stance_bonus = stance.defence_bonus
        steps.append(
            PlannedStep(
                number,
                action,
                penalty == 0,
                penalty,
                _step_check(action, penalty, stance_bonus, core),
            )
        )
    return tuple(steps)


def _step_check(action: PlannedAction, penalty: int, stance_bonus: int, core: CoreDie) -> Check:
    """The check of one action: its traits, the penalty, the stance and its own modifier."""
    modifier = penalty + stance_bonus + action.modifier
    kind = CheckKind.TASK if action.skill else CheckKind.DIFFICULT_TEST
    if not MODIFIER_RANGE[0] <= modifier <= MODIFIER_RANGE[1]:
        check = Check(kind, action.attribute + action.skill + modifier, core=core)
    elif action.skill:
        check = task(action.attribute, action.skill, modifier, core=core)
    else:
        check = test(action.attribute, difficult=True, modifier=modifier, core=core)
    parts = (
        ("attribute", action.attribute),
        ("skill", action.skill),
        ("extra actions", penalty),
        ("stance", stance_bonus),
        ("modifier", action.modifier),
    )
    return Check(check.kind, check.bonus, tuple(p for p in parts if p[1]), core=core)


_DIGITS = "0123456789"
_SIGNS = "+-\u2212"
#: A signed whole number as typed: ``+2``, ``-1`` or ``−1``, ASCII digits only.
SIGNED_NUMBER = re.compile(r"[+\-\u2212]?[0-9]+")


#: Longest part of a typed line quoted in a message.
QUOTE_WIDTH = 40


def quoted_line(line: str) -> str:
    """A typed line as a message quotes it: stripped, and cut to :data:`QUOTE_WIDTH` characters.

    Example:
        >>> quoted_line("  attack 4+4  "), quoted_line("x" * 50)[-4:]
        ('attack 4+4', 'xxx…')
    """
    _text(line, "line")
    shown = line.strip()
    return shown if len(shown) <= QUOTE_WIDTH else shown[: QUOTE_WIDTH - 1] + "…"


def non_ascii_digit(text: str) -> str | None:
    """The first digit-like character of ``text`` that is not an ASCII digit, if any.

    Numbers in typed text are read with the digits 0–9 only: ``²``, ``①``
    or an Arabic-Indic digit are refused with a clear message.

    Example:
        >>> non_ascii_digit("attack 4+²"), non_ascii_digit("attack 4+4") is None
        ('²', True)
    """
    _text(text, "text")
    for ch in text:
        if ch.isnumeric() and ch not in _DIGITS:
            return ch
    return None


def refuse_other_digits(number: int, line: str, field: str) -> None:
    """Refuse typed line ``number`` if it writes a number with other digits than 0–9.

    Raises:
        RuleValueError: Naming the line, quoted, and the first such digit.

    Example:
        >>> refuse_other_digits(1, "attack 4+4", "actions")
        >>> refuse_other_digits(2, "attack 4+²", "actions")
        Traceback (most recent call last):
        ...
        rulebook_py.errors.RuleValueError: line 2 'attack 4+²': write numbers with the digits 0 to 9, got '²'
    """
    check_int(number, "number", 1)
    _text(field, "field")
    bad = non_ascii_digit(line)
    if bad is not None:
        raise RuleValueError(
            f"line {number} {quoted_line(line)!r}: write numbers with the digits 0 to 9, "
            f"got {bad!r}",
            field=field,
        )


def signed_int(text: str) -> int:
    """A number matched by :data:`SIGNED_NUMBER` (``-`` or ``−`` for minus).

    Example:
        >>> signed_int("+2"), signed_int("\u22121"), signed_int("3")
        (2, -1, 3)
    """
    if not isinstance(text, str) or not SIGNED_NUMBER.fullmatch(text):
        raise RuleValueError(
            f"text must be a whole number such as +2 or −1, got {quote(text)}", field="text"
        )
    return -int(text[1:]) if text[0] in "-\u2212" else int(text.lstrip("+"))


def _text(value: object, name: str) -> str:
    if not isinstance(value, str):
        raise RuleValueError(f"{name} must be text, got {quote(value)}", field=name)
    return value


def _parse_line(number: int, line: str) -> PlannedAction:
    shown = quoted_line(line)
    refuse_other_digits(number, line, "actions")
    example = "e.g. 'attack 4+4 punch' or 'attack 4+4 (+1) punch'"
    words = shown.split(None, 1)
    kind_word = words[0].rstrip(":").lower()
    kind = next((k for k in ActionKind if kind_word in k.words), None)
    if kind is None:
        raise RuleValueError(
            f"line {number} {shown!r}: the kind must be attack, defence or other, "
            f"got {words[0].rstrip(':')!r}",
            field="actions",
        )
    rest = words[1].strip() if len(words) > 1 else ""
    m = re.match(r"(?P<attr>[+\-\u2212]?[0-9]+)\s*(?:\+\s*(?P<skill>[+\-\u2212]?[0-9]+))?", rest)
    if not m:
        raise RuleValueError(
            f"line {number} {shown!r}: expected 'kind attribute+skill label', {example}",
            field="actions",
        )
    rest = rest[m.end() :].strip()
    if rest and (rest[0] in _SIGNS or rest[0] in _DIGITS):
        raise RuleValueError(
            f"line {number} {shown!r}: only attribute+skill come before the label; "
            f"write a modifier in brackets, {example}",
            field="actions",
        )
    modifier = 0
    mod = re.match(r"\(\s*(?P<mod>[+\-\u2212][0-9]+)\s*\)", rest)
    if rest.startswith("("):
        if not mod:
            raise RuleValueError(
                f"line {number} {shown!r}: a modifier in brackets is a signed number, "
                f"e.g. (+1) or (−2)",
                field="actions",
            )
        modifier = signed_int(mod["mod"])
        rest = rest[mod.end() :].strip()
    try:
        return PlannedAction(
            kind, signed_int(m["attr"]), signed_int(m["skill"]) if m["skill"] else 0, rest, modifier
        )
    except RuleValueError as err:
        raise RuleValueError(f"line {number} {shown!r}: {err}", field="actions") from None


def parse_plan(text: str) -> tuple[PlannedAction, ...]:
    r"""Read a plan, one action a line: ``kind attribute[+skill] [(modifier)] [label]``.

    Kinds: ``attack``, ``defence`` (or ``dodge``, ``parry``), ``other``
    (French words work too). A modifier of the action alone is a signed
    number in brackets, ``(+1)``. Numbers use the digits 0 to 9. Empty lines
    are skipped.

    Raises:
        RuleValueError: On a line that cannot be read (``field="actions"``).

    Example:
        >>> parse_plan("attack 4+4 punch\ndodge 4+3")[1].kind
        unisystem.ActionKind.DEFENCE
        >>> parse_plan("attack 4+4 (+1) kick")[0].modifier
        1
        >>> parse_plan("jump 3")
        Traceback (most recent call last):
        ...
        rulebook_py.errors.RuleValueError: line 1 'jump 3': the kind must be attack, defence or other, got 'jump'
    """
    if not isinstance(text, str):
        raise RuleValueError(f"the plan must be text, got {text!r}", field="actions")
    lines = [(number, line) for number, line in enumerate(text.splitlines(), 1) if line.strip()]
    if len(lines) > MAX_ACTIONS:  # refused before any line is read
        raise RuleValueError(
            f"a round holds 1 to {MAX_ACTIONS} actions, got {len(lines)}", field="actions"
        )
    out = [_parse_line(number, line) for number, line in lines]
    if not out:
        raise RuleValueError("the plan is empty: write one action a line", field="actions")
    return tuple(out)


# ------------------------------------------------------------------ the planner
@dataclass(frozen=True)
class PlanRoll:
    """Every action of a plan rolled once, in order.

    Attributes:
        steps: ``(the step, its roll)`` in order.
    """

    steps: tuple[tuple[PlannedStep, CheckRoll], ...]

    def __str__(self) -> str:
        """One numbered line per action."""
        return "\n".join(
            f"{s.number}. {s.action.label or s.action.kind.label}: {r}" for s, r in self.steps
        )


@dataclass(frozen=True)
class ActionPlan:
    r"""A round's plan as the planner shows it: each action's penalty and chance.

    Attributes:
        steps: The planned steps.
        unused: ``(parameter, why)`` for each option set that does not count here.

    Example:
        >>> plan = action_plan("attack 4+4\ndodge 4+3\ndodge 4+3")
        >>> plan.chances
        [Fraction(1, 1), Fraction(9, 10), Fraction(7, 10)]
    """

    steps: tuple[PlannedStep, ...]
    unused: tuple[tuple[str, str], ...] = ()

    @property
    def chances(self) -> list[Fraction]:
        """Exact P(total ≥ 9) of each action, in order."""
        return [s.chance for s in self.steps]

    def roll(self, rng: random.Random | None = None) -> PlanRoll:
        """Roll every action once, in order."""
        rng = rng or random.Random()
        return PlanRoll(tuple((s, s.check.roll(rng)) for s in self.steps))


def _flag(value: object, name: str) -> bool:
    if not isinstance(value, bool):
        raise RuleValueError(f"{name} must be True or False, got {quote(value)}", field=name)
    return value


def action_plan(
    actions: str,
    *,
    close_combat: bool = True,
    stance: Stance = Stance.NORMAL,
    massive: bool = False,
    max_attacks: bool = False,
    dexterity_cap: bool = False,
    dexterity: int = 0,
    constitution_cap: bool = False,
    constitution: int = 0,
    core: CoreDie = CoreDie.D10,
) -> ActionPlan:
    r"""A typed plan (:func:`parse_plan`) with the options the planner offers.

    Args:
        actions: One action a line (see :func:`parse_plan`).
        close_combat: One attack and one defence are free (else only the first action).
        stance: The stance of the round (it applies to every attack or defence).
        massive: A massive creature: attacks without penalty or cap.
        max_attacks: The option of at most 3 attacks a round.
        dexterity_cap: The option of at most DEX / 2 attacks.
        dexterity: The Dexterity of that option (0–30).
        constitution_cap: The option of no attack beyond a penalty of CON.
        constitution: The Constitution of that option (0–30).
        core: The core die.

    Example:
        >>> action_plan("attack 5+3\n" * 4, massive=True, max_attacks=True).unused
        (('max_attacks', 'a massive creature attacks without penalty or cap'),)
    """
    for name, value in (
        ("close_combat", close_combat),
        ("massive", massive),
        ("max_attacks", max_attacks),
        ("dexterity_cap", dexterity_cap),
        ("constitution_cap", constitution_cap),
    ):
        _flag(value, name)
    check_int(dexterity, "dexterity")  # its range only matters when its option is ticked
    check_int(constitution, "constitution")
    limits = ActionLimits(
        OPTIONAL_MAX_ATTACKS if max_attacks else None,
        dexterity if dexterity_cap else None,
        constitution if constitution_cap else None,
    )
    steps = plan_actions(
        parse_plan(actions),
        close_combat=close_combat,
        limits=limits,
        stance=stance,
        massive=massive,
        core=core,
    )
    ticked = [("max_attacks", max_attacks), ("dexterity_cap", dexterity_cap),
              ("constitution_cap", constitution_cap)]  # fmt: skip
    why = "a massive creature attacks without penalty or cap"
    unused = tuple((name, why) for name, on in ticked if on and massive)
    return ActionPlan(steps, unused)
