r"""Unisystem multiple actions: who pays the cumulative −2, and the optional caps.

One action a round is free. Every further action costs a cumulative −2: the
second is at −2, the third at −4, and so on. In close combat one attack *and*
one defense are free; every other action is an extra one, numbered in the
order the actions happen.

The source offers optional caps on attacks (never on defenses); each is a
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
attack (aggressive, no defense allowed) or +3 to every defense (defensive,
no attack allowed); each action may carry its own modifier.

Example:
    >>> jimmy = parse_plan("attack 4+4 punch\ndefense 4+3\ndefense 4+3\ndefense 4+3")
    >>> [step.penalty for step in plan_actions(jimmy)]
    [0, 0, -2, -4]
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from fractions import Fraction

from ...errors import RuleValueError, check_int, quote
from ...labels import LabelledEnum
from ...messages import Msg, join
from .arguments import check_bool, check_fields, check_record, check_rng, check_text, parse_enum
from .combat import Stance
from .core import (
    ATTRIBUTE_RANGE,
    MAX_NUMBER,
    MODIFIER_RANGE,
    SKILL_RANGE,
    Check,
    CheckKind,
    CheckRoll,
    CoreDie,
    check_core,
    number_text,
    task,
    test,
)
from .words import MN, M

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


class ActionKind(LabelledEnum):
    """What an action is, for the close-combat allowance.

    Example:
        >>> ActionKind.DEFENSE.label
        'Défense'
    """

    ATTACK = ("Attaque", ("attack", "attaque", "a"))
    DEFENSE = (
        "Défense",
        (
            "defense",
            "defence",  # (the British spelling, typed, is read too)
            "défense",
            "d",
            "dodge",
            "parry",
            "esquive",
            "esquiver",
            "parade",
            "parer",
        ),
    )
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
        check_fields(self)
        check_int(self.attribute, "attribute", *ATTRIBUTE_RANGE)
        check_int(self.skill, "skill", *SKILL_RANGE)
        check_int(self.modifier, "modifier", *MODIFIER_RANGE)
        check_text(self.label, "label", limit=QUOTE_WIDTH * 4)


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
        check_fields(self)
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
        >>> PlannedStep(2, PlannedAction(ActionKind.DEFENSE, 4, 3), False, -2, task(4, 3, -2)).chance
        Fraction(7, 10)
    """

    number: int
    action: PlannedAction
    free: bool
    penalty: int
    check: Check

    def __post_init__(self) -> None:
        """Validate every field."""
        check_fields(self)
        check_int(self.number, "number", 1, MAX_ACTIONS)
        check_int(self.penalty, "penalty", -EXTRA_ACTION_PENALTY * MAX_ACTIONS, 0)

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
        close_combat: One attack and one defense are free (else only the first action).
        massive: A massive creature: every attack is free and is not counted
            among the extra actions.

    Example:
        >>> A, D = ActionKind.ATTACK, ActionKind.DEFENSE
        >>> action_penalties([A, D, D, D]), action_penalties([A, D, D, D], close_combat=False)
        ((0, 0, -2, -4), (0, -2, -4, -6))
        >>> action_penalties([A, A, A, D, D], massive=True)
        (0, 0, 0, 0, -2)
        >>> action_penalties([ActionKind.ATTACK, ActionKind.DEFENSE, ActionKind.OTHER])
        (0, 0, -2)
    """
    if not isinstance(kinds, (list, tuple)) or len(kinds) > MAX_ACTIONS:
        raise RuleValueError(
            M(
                "{name} must be a list of 1 to {n} ActionKind, got {got}",
                name="kinds",
                n=MAX_ACTIONS,
                got=quote(kinds),
            ),
            field="kinds",
        )
    for kind in kinds:
        if not isinstance(kind, ActionKind):
            raise RuleValueError(
                M(
                    "{name} must hold ActionKind members only, got {got}",
                    name="kinds",
                    got=quote(kind),
                ),
                field="kinds",
            )
    check_bool(close_combat, "close_combat")
    check_bool(massive, "massive")
    out = []
    extras = 0
    free_left = {ActionKind.ATTACK: 1, ActionKind.DEFENSE: 1} if close_combat else {}
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
        close_combat: One attack and one defense are free (else only the first).
        limits: The optional caps on attacks.
        stance: Aggressive (+2 to every attack, no defense) or defensive (+3 to
            every defense, no attack).
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
        >>> [s.penalty for s in plan_actions([PlannedAction(ActionKind.OTHER, 3, 2)] * 3, close_combat=False)]
        [0, -2, -4]
    """
    if not isinstance(actions, (list, tuple)):
        raise RuleValueError(
            M(
                "{name} must be a list of PlannedAction, got {got}",
                name="actions",
                got=quote(actions),
            ),
            field="actions",
        )
    actions = tuple(actions)
    if not 1 <= len(actions) <= MAX_ACTIONS:
        raise RuleValueError(
            M("a round holds 1 to {n} actions, got {got}", n=MAX_ACTIONS, got=len(actions)),
            field="actions",
        )
    for action in actions:
        check_record(action, PlannedAction, "actions")
    check_bool(close_combat, "close_combat")
    limits = ActionLimits() if limits is None else check_record(limits, ActionLimits, "limits")
    stance = parse_enum(stance, Stance, "stance")  # type: ignore[assignment]
    check_bool(massive, "massive")
    check_core(core)
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
                    M(
                        "action {number} is an attack, but a fighter in {stance} gives up "
                        "attacking this round",
                        number=number,
                        stance=repr(stance.label),
                    ),
                    field="stance",
                )
            stance_bonus = stance.attack_bonus
            if cap is not None and attacks > cap:
                raise RuleValueError(
                    MN(
                        "action {number} is attack number {attacks}, but at most {cap} attack is "
                        "allowed a round",
                        "action {number} is attack number {attacks}, but at most {cap} attacks "
                        "are allowed a round",
                        cap,
                        number=number,
                        attacks=attacks,
                        cap=cap,
                    ),
                    field="actions",
                )
            if not massive and limits.constitution is not None and -penalty > limits.constitution:
                raise RuleValueError(
                    M(
                        "action {number} is an attack at {penalty}, beyond the Constitution "
                        "limit of {limit}",
                        number=number,
                        penalty=number_text(penalty),
                        limit=limits.constitution,
                    ),
                    field="actions",
                )
        elif action.kind is ActionKind.DEFENSE:
            if not stance.may_defend:
                raise RuleValueError(
                    M(
                        "action {number} is a defense, but a fighter in {stance} gives up every "
                        "defense this round",
                        number=number,
                        stance=repr(stance.label),
                    ),
                    field="stance",
                )
            stance_bonus = stance.defense_bonus
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
        (M("attribute"), action.attribute),
        (M("skill"), action.skill),
        (M("extra actions"), penalty),
        (M("stance"), stance_bonus),
        (M("modifier"), action.modifier),
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
    check_text(line, "line")
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
    check_text(text, "text")
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
    check_int(number, "number", 1, MAX_NUMBER)
    check_text(line, "line")
    check_text(field, "field", limit=100)
    bad = non_ascii_digit(line)
    if bad is not None:
        raise line_error(
            number, line, M("write numbers with the digits 0 to 9, got {got}", got=repr(bad)), field
        )


def line_error(number: int, line: str, what: Msg, field: str) -> RuleValueError:
    """The refusal of typed line ``number``: ``line 2 'attack 4+²': <what>``, quoted short.

    Example:
        >>> print(line_error(3, "jump 3", M("no such kind"), "actions"))
        line 3 'jump 3': no such kind
    """
    check_int(number, "number", 1, MAX_NUMBER)
    check_text(line, "line")
    check_text(what, "what")
    check_text(field, "field", limit=100)
    return RuleValueError(
        M("line {number} {line}: {what}", number=number, line=repr(quoted_line(line)), what=what),
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
            M(
                "{name} must be a whole number such as +2 or −1, got {got}",
                name="text",
                got=quote(text),
            ),
            field="text",
        )
    if len(text) > 20:
        raise RuleValueError(
            M(
                "{name} must be a whole number of at most 19 digits, got {got}",
                name="text",
                got=quote(text),
            ),
            field="text",
        )
    return -int(text[1:]) if text[0] in "-\u2212" else int(text.lstrip("+"))


def _parse_line(number: int, line: str) -> PlannedAction:
    refuse_other_digits(number, line, "actions")
    words = line.strip().split(None, 1)
    kind_word = words[0].rstrip(":").lower()
    kind = next((k for k in ActionKind if kind_word in k.words), None)
    if kind is None:
        raise line_error(
            number,
            line,
            M(
                "the kind must be attack, defense or other, got {got}",
                got=quote(words[0].rstrip(":")),
            ),
            "actions",
        )
    rest = words[1].strip() if len(words) > 1 else ""
    m = re.match(r"(?P<attr>[+\-\u2212]?[0-9]+)\s*(?:\+\s*(?P<skill>[+\-\u2212]?[0-9]+))?", rest)
    if not m:
        raise line_error(
            number,
            line,
            M(
                "expected 'kind attribute+skill label', e.g. 'attack 4+4 punch' or "
                "'attack 4+4 (+1) punch'"
            ),
            "actions",
        )
    rest = rest[m.end() :].strip()
    if rest and (rest[0] in _SIGNS or rest[0] in _DIGITS):
        raise line_error(
            number,
            line,
            M(
                "only attribute+skill come before the label; write a modifier in brackets, "
                "e.g. 'attack 4+4 punch' or 'attack 4+4 (+1) punch'"
            ),
            "actions",
        )
    modifier = 0
    mod = re.match(r"\(\s*(?P<mod>[+\-\u2212][0-9]+)\s*\)", rest)
    if rest.startswith("("):
        if not mod:
            raise line_error(
                number,
                line,
                M("a modifier in brackets is a signed number, e.g. (+1) or (−2)"),
                "actions",
            )
        rest = rest[mod.end() :].strip()
    if len(rest) > QUOTE_WIDTH * 4:
        raise line_error(
            number, line, M("a label of at most {n} characters", n=QUOTE_WIDTH * 4), "actions"
        )
    try:
        if mod:
            modifier = signed_int(mod["mod"])
        attribute = signed_int(m["attr"])
        skill = signed_int(m["skill"]) if m["skill"] else 0
        return PlannedAction(kind, attribute, skill, rest, modifier)
    except RuleValueError as err:
        raise line_error(number, line, err.message, "actions") from None


def parse_plan(text: str) -> tuple[PlannedAction, ...]:
    r"""Read a plan, one action a line: ``kind attribute[+skill] [(modifier)] [label]``.

    Kinds: ``attack``, ``defense`` (or ``dodge``, ``parry``), ``other``
    (French words work too). A modifier of the action alone is a signed
    number in brackets, ``(+1)``. Numbers use the digits 0 to 9. Empty lines
    are skipped.

    Raises:
        RuleValueError: On a line that cannot be read (``field="actions"``).

    Example:
        >>> parse_plan("attack 4+4 punch\ndodge 4+3")[1].kind
        unisystem.ActionKind.DEFENSE
        >>> parse_plan("attack 4+4 (+1) kick")[0].modifier
        1
        >>> parse_plan("jump 3")
        Traceback (most recent call last):
        ...
        rulebook_py.errors.RuleValueError: line 1 'jump 3': the kind must be attack, defense or other, got 'jump'
    """
    check_text(text, "actions")
    lines = [(number, line) for number, line in enumerate(text.splitlines(), 1) if line.strip()]
    if len(lines) > MAX_ACTIONS:  # refused before any line is read
        raise RuleValueError(
            M("a round holds 1 to {n} actions, got {got}", n=MAX_ACTIONS, got=len(lines)),
            field="actions",
        )
    out = [_parse_line(number, line) for number, line in lines]
    if not out:
        raise RuleValueError(M("the plan is empty: write one action a line"), field="actions")
    return tuple(out)


# ------------------------------------------------------------------ the planner
@dataclass(frozen=True)
class PlanRoll:
    """Every action of a plan rolled once, in order.

    Attributes:
        steps: ``(the step, its roll)`` in order.

    Example:
        >>> print(PlanRoll(((plan_actions([PlannedAction(ActionKind.ATTACK, 4, 4, "punch")])[0], task(4, 4).resolve(3)),)))
        1. punch: D10 [3] + 8 = 11 → success, 2 levels (Decent)
    """

    steps: tuple[tuple[PlannedStep, CheckRoll], ...]

    def __post_init__(self) -> None:
        """Validate every field."""
        check_fields(self)

    @property
    def lines(self) -> tuple[Msg, ...]:
        """One numbered line per action."""
        return tuple(
            M(
                "{number}. {action}: {roll}",
                number=s.number,
                action=s.action.label or s.action.kind.label,
                roll=r.message,
            )
            for s, r in self.steps
        )

    @property
    def message(self) -> Msg:
        """Every action rolled, one a line."""
        return join("\n", self.lines)

    def __str__(self) -> str:
        """One numbered line per action (English)."""
        return self.message


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
        >>> ActionPlan(plan_actions([PlannedAction(ActionKind.ATTACK, 4, 4)])).chances
        [Fraction(1, 1)]
    """

    steps: tuple[PlannedStep, ...]
    unused: tuple[tuple[str, str], ...] = ()

    def __post_init__(self) -> None:
        """Validate every field."""
        check_fields(self)
        if not 1 <= len(self.steps) <= MAX_ACTIONS:
            raise RuleValueError(
                M("a round holds 1 to {n} actions, got {got}", n=MAX_ACTIONS, got=len(self.steps)),
                field="steps",
            )

    @property
    def chances(self) -> list[Fraction]:
        """Exact P(total ≥ 9) of each action, in order."""
        return [s.chance for s in self.steps]

    def roll(self, rng: random.Random | None = None) -> PlanRoll:
        """Roll every action once, in order.

        Example:
            >>> action_plan("attack 4+4").roll(random.Random(1)).steps[0][1].die.value
            3
        """
        rng = check_rng(rng, none_is_fresh=True)
        return PlanRoll(tuple((s, s.check.roll(rng)) for s in self.steps))


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
        close_combat: One attack and one defense are free (else only the first action).
        stance: The stance of the round (it applies to every attack or defense).
        massive: A massive creature: attacks without penalty or cap.
        max_attacks: The option of at most 3 attacks a round.
        dexterity_cap: The option of at most DEX / 2 attacks.
        dexterity: The Dexterity of that option (0–30).
        constitution_cap: The option of no attack beyond a penalty of CON.
        constitution: The Constitution of that option (0–30).
        core: The core die.

    ``unused`` names every option that does not count in this situation, with
    the reason: the caps of a massive creature, and the Dexterity or
    Constitution of a cap that is not ticked. Those are not checked.

    Example:
        >>> [name for name, _ in action_plan("attack 5+3\n" * 4, massive=True).unused]
        ['max_attacks', 'dexterity_cap', 'dexterity', 'constitution_cap', 'constitution']
    """
    check_text(actions, "actions")
    for name, value in (
        ("close_combat", close_combat),
        ("massive", massive),
        ("max_attacks", max_attacks),
        ("dexterity_cap", dexterity_cap),
        ("constitution_cap", constitution_cap),
    ):
        check_bool(value, name)
    # A number counts only when its option is ticked (and the creature is not massive).
    check_int(dexterity, "dexterity", -MAX_NUMBER, MAX_NUMBER)
    check_int(constitution, "constitution", -MAX_NUMBER, MAX_NUMBER)
    uncapped = M("a massive creature attacks without penalty or cap")
    unused: list[tuple[str, str]] = []
    if massive:
        unused += [
            (name, uncapped)
            for name in (
                "max_attacks",
                "dexterity_cap",
                "dexterity",
                "constitution_cap",
                "constitution",
            )
        ]
    else:
        if not dexterity_cap:
            unused.append(("dexterity", M("only for the option of at most DEX/2 attacks")))
        if not constitution_cap:
            unused.append(("constitution", M("only for the option of no attack beyond CON")))
    limits = ActionLimits(
        OPTIONAL_MAX_ATTACKS if max_attacks else None,
        dexterity if dexterity_cap and not massive else None,
        constitution if constitution_cap and not massive else None,
    )
    steps = plan_actions(
        parse_plan(actions),
        close_combat=close_combat,
        limits=limits,
        stance=stance,
        massive=massive,
        core=core,
    )
    return ActionPlan(steps, tuple(unused))
