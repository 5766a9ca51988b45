"""Unisystem basics (*Sorcellerie*): the core roll, tasks, tests and contests.

Every action is resolved the same way: roll the core die (a D10), add the
traits that apply and the circumstance modifier; a total of :data:`TARGET`
(9) or more succeeds, and the higher the total, the more success levels.

* a **task** (*épreuve*) adds an attribute and a skill;
* a **simple test** (*test simple*) adds an attribute doubled, a **difficult
  test** (*test difficile*) adds it once;
* an **unskilled task** (*épreuve sans compétence*) adds the attribute once,
  −2, and can never reach more than 2 success levels ("decent");
* a **contest** (*test / épreuve en résistance*): both sides roll, the higher
  total wins.

The success-level table is not printed in the source; it is the published
Unisystem table (:func:`success_levels`). The core die may be replaced by
2D6 − 2 (a 0 counts as 1): :class:`CoreDie`.

Example:
    >>> marcus = task(attribute=3, skill=6, modifier=-3)  # Perception + Occultism, dark
    >>> marcus.bonus, marcus.success_chance()
    (6, Fraction(4, 5))
    >>> print(marcus.resolve(6))
    D10 [6] + 6 = 12 → success, 2 levels (Decent)
    >>> contest(8, 5).a_wins
    Fraction(18, 25)
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from ...distribution import Distribution
from ...errors import RuleValueError, check_enum, check_int, quote
from ...labels import LabelledEnum, NamedEnum
from ...messages import Msg, join
from .arguments import check_bool, check_fields, check_rng, check_text, renamed
from .words import MN, M

__all__ = [
    "ATTRIBUTE_RANGE",
    "BONUS_RANGE",
    "COMPLEXITY_RANGE",
    "DAMAGE_DICE",
    "HEAD_START_BONUS",
    "LEVEL_NAMES",
    "MAX_BEST_OF",
    "MAX_MATCH_ROLLS",
    "MAX_NUMBER",
    "MINUS",
    "MODIFIER_RANGE",
    "SKILL_RANGE",
    "SPEED_RANGE",
    "TARGET",
    "UNSKILLED_LEVEL_CAP",
    "UNSKILLED_PENALTY",
    "Attribute",
    "Check",
    "CheckKind",
    "CheckRoll",
    "ContestOutcome",
    "ContestRoll",
    "ContestType",
    "CoreDie",
    "CoreRoll",
    "MatchOutcome",
    "MatchRoll",
    "arm_wrestling",
    "average_roll",
    "chase_adjusted",
    "chase_bonuses",
    "check_bonus",
    "contest",
    "core_distribution",
    "damage_distribution",
    "foot_chase",
    "level_name",
    "match",
    "number_text",
    "overlap_attribute",
    "roll_core",
    "signed_text",
    "sneaking",
    "spaced_sign",
    "success_levels",
    "task",
    "test",
    "unskilled",
]

#: A total of this or more succeeds (the basic rule).
TARGET = 9
#: Penalty of an unskilled task (added to every other modifier).
UNSKILLED_PENALTY = 2
#: Most success levels an unskilled task can reach ("decent").
UNSKILLED_LEVEL_CAP = 2

#: Attributes accepted: 0 (absent) to 30. Humans have 1 to 6; the range
#: leaves room for supernatural beings while refusing nonsense.
ATTRIBUTE_RANGE = (0, 30)
#: Skills accepted: 0 to 30 (human skills rarely pass 10).
SKILL_RANGE = (0, 30)
#: Circumstance modifiers accepted: −30 to +30. Past ±20 the D10 no longer
#: matters (the result is certain), so larger values are surely typos.
MODIFIER_RANGE = (-30, 30)
#: A whole bonus (traits + modifiers) added to one side's roll in a contest.
BONUS_RANGE = (-100, 100)
#: The complex-skill penalty of an unskilled task: the source's −6 to −10
#: (surgery from manuals is −10), or 0 for none; 1 to 5 is refused on its own.
COMPLEXITY_RANGE = (0, 10)
#: Dice sides Unisystem uses for damage (D4, D6, D8, D10).
DAMAGE_DICE = (4, 6, 8, 10)

#: Names of the success levels in the published Unisystem table (English
#: edition). The source names only level 2, *décent*.
LEVEL_NAMES = {
    0: M("Failure"),
    1: M("Adequate"),
    2: M("Decent"),
    3: M("Good"),
    4: M("Very good"),
    5: M("Excellent"),
    6: M("Extraordinary"),
    7: M("Mind-boggling"),
    8: M("Outrageous"),
    9: M("Superheroic"),
}
#: Largest number :func:`number_text` writes (the rules never come near it).
MAX_NUMBER = 10**18


# ------------------------------------------------------------ vocabulary


class CoreDie(LabelledEnum):
    """The die rolled for every task and test.

    Example:
        >>> CoreDie.TWO_D6.label, CoreDie.TWO_D6.notation
        ('2D6 − 2 (un 0 compte comme 1)', '2D6−2')
    """

    D10 = ("D10", "D10")
    TWO_D6 = ("2D6−2", "2D6 − 2 (un 0 compte comme 1)")

    def __init__(self, notation: str, label: str) -> None:
        self.notation = notation
        self.label = label


class CheckKind(NamedEnum):
    """What is added to the die: the four kinds of check of the basic rule.

    Example:
        >>> CheckKind.TASK.label, CheckKind.SIMPLE_TEST.english
        ('Épreuve', 'simple test')
    """

    TASK = (M("task"), "Épreuve")
    SIMPLE_TEST = (M("simple test"), "Test simple")
    DIFFICULT_TEST = (M("difficult test"), "Test difficile")
    UNSKILLED = (M("unskilled task"), "Épreuve sans compétence")


class Attribute(LabelledEnum):
    """The six attributes of a Unisystem character, French label kept.

    Example:
        >>> Attribute.WILLPOWER.label
        'Volonté'
    """

    STRENGTH = "Force"
    DEXTERITY = "Dextérité"
    CONSTITUTION = "Constitution"
    INTELLIGENCE = "Intelligence"
    PERCEPTION = "Perception"
    WILLPOWER = "Volonté"

    @property
    def label(self) -> str:
        """The French name of the source."""
        return self.value


# ------------------------------------------------------------ text
#: The minus sign every Unisystem text uses for a negative number.
MINUS = "\u2212"


def number_text(value: int) -> str:
    """An integer as the book writes it: negative numbers with the minus sign (−).

    Example:
        >>> number_text(-98), number_text(7)
        ('−98', '7')
    """
    check_int(value, "value", -MAX_NUMBER, MAX_NUMBER)
    return f"{MINUS}{-value}" if value < 0 else str(value)


def signed_text(value: int) -> str:
    """A signed integer as the book writes it: ``+6``, ``−3``.

    Example:
        >>> signed_text(6), signed_text(-3), signed_text(0)
        ('+6', '−3', '+0')
    """
    check_int(value, "value", -MAX_NUMBER, MAX_NUMBER)
    return f"+{value}" if value >= 0 else f"{MINUS}{-value}"


def spaced_sign(value: int) -> str:
    """An integer added to a roll, as a roll line writes it: ``+ 6``, ``− 3``.

    Example:
        >>> spaced_sign(6), spaced_sign(-3)
        ('+ 6', '− 3')
    """
    check_int(value, "value", -MAX_NUMBER, MAX_NUMBER)
    return f"+ {value}" if value >= 0 else f"{MINUS} {-value}"


def check_core(core: object, name: str = "core") -> CoreDie:
    """``core`` if it is a :class:`CoreDie`, else a refusal naming ``name``.

    Example:
        >>> check_core(CoreDie.TWO_D6).notation
        '2D6−2'
    """
    return check_enum(core, CoreDie, name)


# ------------------------------------------------------------ the core roll
def core_distribution(core: CoreDie = CoreDie.D10) -> Distribution:
    """The exact distribution of the core roll (before any trait is added).

    With :attr:`CoreDie.TWO_D6` the result is 2D6 − 2 and a 0 counts as 1.

    Example:
        >>> core_distribution().weights() == {v: 1 for v in range(1, 11)}
        True
        >>> core_distribution(CoreDie.TWO_D6).weights()[1]  # 0 or 1: 3 ways in 36
        3
    """
    return _core_distribution(check_core(core))


@lru_cache(maxsize=4)
def _core_distribution(core: CoreDie) -> Distribution:
    if core is CoreDie.D10:
        return Distribution.uniform(10)
    two_d6 = Distribution.uniform(6).repeat_sum(2) - 2
    return two_d6.map(lambda v: max(v, 1))


@dataclass(frozen=True)
class CoreRoll:
    """One throw of the core die, every die shown.

    Attributes:
        core: Which core die was thrown.
        faces: The physical dice (one D10, or two D6).
        value: The result used (a D10 face, or 2D6 − 2 with 0 counted as 1).

    Example:
        >>> str(CoreRoll(CoreDie.TWO_D6, (1, 1), 1))
        '2D6−2 [1, 1] → 1'
    """

    core: CoreDie
    faces: tuple[int, ...]
    value: int

    def __post_init__(self) -> None:
        """Refuse a roll built by hand with a bad die, faces or value."""
        check_fields(self)
        if len(self.faces) > 2:
            raise RuleValueError(
                M(
                    "{name} must hold one D10 or two D6, got {n} dice",
                    name="faces",
                    n=len(self.faces),
                ),
                field="faces",
            )
        for face in self.faces:
            check_int(face, "faces", 1, 10 if self.core is CoreDie.D10 else 6)
        check_int(self.value, "value", 1, 10)

    def __str__(self) -> str:
        """``D10 [7]`` or ``2D6−2 [3, 5] → 6``."""
        shown = ", ".join(str(f) for f in self.faces)
        if not self.faces:  # a known result (a worked example): no dice shown
            return f"{self.core.notation} → {self.value}"
        if self.core is CoreDie.D10:
            return f"D10 [{shown}]"
        return f"2D6−2 [{shown}] → {self.value}"


def roll_core(core: CoreDie = CoreDie.D10, rng: random.Random | None = None) -> CoreRoll:
    """Throw the core die once (seeded when ``rng`` is).

    Example:
        >>> a = roll_core(rng=random.Random(5))
        >>> a == roll_core(rng=random.Random(5)), 1 <= a.value <= 10
        (True, True)
    """
    check_core(core)
    rng = check_rng(rng, none_is_fresh=True)
    if core is CoreDie.D10:
        face = rng.randint(1, 10)
        return CoreRoll(core, (face,), face)
    faces = (rng.randint(1, 6), rng.randint(1, 6))
    return CoreRoll(core, faces, max(sum(faces) - 2, 1))


def _core_from_value(core: CoreDie, value: int) -> CoreRoll:
    """A core roll with a known result (for the source's worked examples)."""
    check_int(value, "die", 1, 10)
    if core is CoreDie.D10:
        return CoreRoll(core, (value,), value)
    return CoreRoll(core, (), value)


# ------------------------------------------------------------ success levels
def success_levels(total: int) -> int:
    """Success levels of a final total (published Unisystem table).

    Below 9: 0 (a failure). 9–10 → 1, 11–12 → 2, 13–14 → 3, 15–16 → 4,
    17–20 → 5, 21–23 → 6, then one more level every 3 points
    (24–26 → 7, 27–29 → 8, …).

    Args:
        total: The final total (die + traits + modifiers).

    Raises:
        RuleValueError: If ``total`` is not an integer.

    Example:
        >>> [success_levels(t) for t in (8, 9, 12, 15, 20, 21, 24, 27)]
        [0, 1, 2, 4, 5, 6, 7, 8]
        >>> success_levels(13)
        3
    """
    check_int(total, "total", -MAX_NUMBER, MAX_NUMBER)
    return _levels(total)


def _levels(total: int) -> int:
    if total < TARGET:
        return 0
    if total <= 16:
        return (total - TARGET) // 2 + 1
    if total <= 20:
        return 5
    return 6 + (total - 21) // 3


def level_name(level: int) -> Msg:
    """The published name of a success level ("Decent" for 2).

    Example:
        >>> level_name(0), level_name(2), level_name(12)
        ('Failure', 'Decent', 'Beyond superheroic')
    """
    check_int(level, "level", 0, MAX_NUMBER)
    return LEVEL_NAMES.get(level, M("Beyond superheroic"))


# ------------------------------------------------------------ checks
@dataclass(frozen=True)
class CheckRoll:
    """One resolved check: the die, the total, the success level.

    Attributes:
        check: The check that was rolled.
        die: The core roll (every die shown).
        total: Die result + bonus.
        level: Success levels (0 on a failure; capped for unskilled tasks).
        success: Whether the total reached :data:`TARGET`.

    Example:
        >>> r = test(4).resolve(7)  # Lilith: Perception 4 doubled, roll 7
        >>> r.total, r.level, r.success
        (15, 4, True)
        >>> CheckRoll(task(3, 6), CoreRoll(CoreDie.D10, (7,), 7), 16, 5, True).verdict
        'success, 5 levels (Excellent)'
    """

    check: Check
    die: CoreRoll
    total: int
    level: int
    success: bool

    def __post_init__(self) -> None:
        """Refuse a roll built by hand with values of the wrong kind."""
        check_fields(self)

    @property
    def verdict(self) -> Msg:
        """``success, 4 levels (Very good)`` or ``failure``."""
        if not self.success:
            return M("failure")
        return MN(
            "success, {n} level ({name})",
            "success, {n} levels ({name})",
            self.level,
            n=self.level,
            name=level_name(self.level),
        )

    @property
    def message(self) -> Msg:
        """``D10 [7] + 8 = 15 → success, 4 levels (Very good)``."""
        return M(
            "{die} {bonus} = {total} → {verdict}",
            die=str(self.die),
            bonus=spaced_sign(self.check.bonus),
            total=number_text(self.total),
            verdict=self.verdict,
        )

    def __str__(self) -> str:
        """The roll's :attr:`message`, in English."""
        return self.message


@dataclass(frozen=True)
class Check:
    """A task or test: what is added to the core die, and how it is read.

    Build one with :func:`task`, :func:`test` or :func:`unskilled`.

    Attributes:
        kind: Task, simple or difficult test, or unskilled task.
        bonus: Everything added to the die (traits and modifiers).
        parts: The bonus explained, ``(label, value)`` pairs.
        level_cap: Most success levels this check can reach (``None``: no cap).
        core: The core die.
        unused: ``(parameter, why)`` of the call that built it (:func:`.reports.check`)
            that do not count for this kind of check.

    Example:
        >>> c = unskilled(4)  # Josh: DEX 4 − 2
        >>> c.bonus, c.needed(), c.success_chance()
        (2, 7, Fraction(2, 5))
        >>> Check(CheckKind.TASK, 6, (("attribute", 6),)).success_chance()
        Fraction(4, 5)
    """

    kind: CheckKind
    bonus: int
    parts: tuple[tuple[str, int], ...] = ()
    level_cap: int | None = None
    core: CoreDie = CoreDie.D10
    unused: tuple[tuple[str, str], ...] = ()

    def __post_init__(self) -> None:
        """Refuse a check built by hand with a bad kind, bonus, parts, cap or core die."""
        check_fields(self)
        check_bonus(self.bonus)
        if len(self.parts) > 20:
            raise RuleValueError(
                M("{name} must hold at most 20 parts, got {n}", name="parts", n=len(self.parts)),
                field="parts",
            )
        for _, value in self.parts:
            check_int(value, "parts", *BONUS_RANGE)
        if self.level_cap is not None:
            check_int(self.level_cap, "level_cap", 1, 20)

    def total_distribution(self) -> Distribution:
        """The exact distribution of the total (core die + bonus).

        Example:
            >>> task(3, 6).total_distribution().min_value
            10
        """
        return core_distribution(self.core) + self.bonus

    def level_of(self, total: int) -> int:
        """Success levels of ``total`` for this check (the cap applied).

        Example:
            >>> unskilled(6).level_of(20), task(6, 0).level_of(20)
            (2, 5)
        """
        check_int(total, "total", -MAX_NUMBER, MAX_NUMBER)
        return self._level(total)

    def _level(self, total: int) -> int:
        level = _levels(total)
        return level if self.level_cap is None else min(level, self.level_cap)

    def needed(self) -> int:
        """The smallest core-die result that succeeds (``9 − bonus``).

        At most 1: the check cannot fail; more than 10: it cannot succeed.

        Example:
            >>> unskilled(4).needed()
            7
        """
        return TARGET - self.bonus

    def success_chance(self) -> Fraction:
        """Exact P(total >= 9).

        Example:
            >>> test(2, difficult=True).success_chance()  # needs 7+
            Fraction(2, 5)
        """
        return self.total_distribution().prob_at_least(TARGET)

    def level_distribution(self) -> dict[int, Fraction]:
        """``{success levels: exact probability}``, 0 for a failure.

        Every level from 0 to the highest reachable is a key (some may
        have probability 0), ascending.

        Example:
            >>> unskilled(4).level_distribution()
            {0: Fraction(3, 5), 1: Fraction(1, 5), 2: Fraction(1, 5)}
        """
        dist = self.total_distribution()
        counts: dict[int, int] = {}
        for total, weight in dist.items():
            level = self._level(total)
            counts[level] = counts.get(level, 0) + weight
        top = max(counts)
        return {lv: Fraction(counts.get(lv, 0), dist.total) for lv in range(top + 1)}

    def expected_level(self) -> Fraction:
        """Exact expected number of success levels (a failure counts 0).

        Example:
            >>> task(3, 6, -3).expected_level()
            Fraction(2, 1)
        """
        return sum((lv * p for lv, p in self.level_distribution().items()), Fraction(0))

    def resolve(self, die: int) -> CheckRoll:
        """Read the check for a known core-die result (a worked example).

        Example:
            >>> print(test(4).resolve(7))
            D10 [7] + 8 = 15 → success, 4 levels (Very good)
        """
        return self._read(_core_from_value(self.core, die))

    def roll(self, rng: random.Random | None = None) -> CheckRoll:
        """Throw the core die once and read the result (seeded when ``rng`` is).

        Example:
            >>> task(3, 6, -3).roll(random.Random(2)) == task(3, 6, -3).roll(random.Random(2))
            True
        """
        return self._read(roll_core(self.core, rng))

    def _read(self, die: CoreRoll) -> CheckRoll:
        total = die.value + self.bonus
        return CheckRoll(self, die, total, self._level(total), total >= TARGET)

    def with_core(self, core: CoreDie) -> Check:
        """The same check rolled with another core die.

        Example:
            >>> task(3, 6, -3).with_core(CoreDie.TWO_D6).success_chance()
            Fraction(5, 6)
        """
        check_core(core)
        return Check(self.kind, self.bonus, self.parts, self.level_cap, core, self.unused)


def _check_core(core: object) -> CoreDie:
    return check_core(core)


def task(attribute: int, skill: int, modifier: int = 0, *, core: CoreDie = CoreDie.D10) -> Check:
    """A task (*épreuve*): D10 + attribute + skill + modifier.

    Args:
        attribute: The attribute the GM chose, 0–30.
        skill: The skill level, 0–30.
        modifier: Circumstance modifier, −30 to +30.
        core: The core die.

    Raises:
        RuleValueError: If a value is not an integer or is out of range.

    Example:
        >>> task(attribute=3, skill=6, modifier=-3).resolve(6).total  # Marcus
        12
    """
    check_int(attribute, "attribute", *ATTRIBUTE_RANGE)
    check_int(skill, "skill", *SKILL_RANGE)
    check_int(modifier, "modifier", *MODIFIER_RANGE)
    parts = ((M("attribute"), attribute), (M("skill"), skill), (M("modifier"), modifier))
    return Check(CheckKind.TASK, attribute + skill + modifier, parts, None, _check_core(core))


def test(
    attribute: int, difficult: bool = False, modifier: int = 0, *, core: CoreDie = CoreDie.D10
) -> Check:
    """An attribute test: simple adds the attribute doubled, difficult adds it once.

    Args:
        attribute: The attribute, 0–30.
        difficult: ``True`` for a difficult test (*test difficile*).
        modifier: Circumstance modifier, −30 to +30.
        core: The core die.

    Raises:
        RuleValueError: If a value is out of range or ``difficult`` is not a bool.

    Example:
        >>> test(2).bonus, test(2, difficult=True).bonus  # INT 2: +4 simple, +2 difficult
        (4, 2)
    """
    check_int(attribute, "attribute", *ATTRIBUTE_RANGE)
    check_bool(difficult, "difficult")
    check_int(modifier, "modifier", *MODIFIER_RANGE)
    if difficult:
        kind, parts = CheckKind.DIFFICULT_TEST, ((M("attribute"), attribute),)
        bonus = attribute + modifier
    else:
        kind, parts = CheckKind.SIMPLE_TEST, ((M("attribute × 2"), 2 * attribute),)
        bonus = 2 * attribute + modifier
    return Check(kind, bonus, (*parts, (M("modifier"), modifier)), None, _check_core(core))


# ``test`` is a rule, not a pytest test: keep pytest from collecting it (here
# and in any test module that imports it).
test.__test__ = False  # type: ignore[attr-defined]


def unskilled(
    attribute: int,
    modifier: int = 0,
    complexity: int = 0,
    *,
    level_cap: int = UNSKILLED_LEVEL_CAP,
    core: CoreDie = CoreDie.D10,
) -> Check:
    """An unskilled task: attribute (not doubled) − 2 + modifier, at most 2 levels.

    Success is still a total of 9 or more (the source's example: DEX 4 − 2
    needs a roll of 7+); only the *level* is capped, at "decent".

    Args:
        attribute: The attribute, 0–30.
        modifier: Circumstance modifier, −30 to +30.
        complexity: Extra penalty for a very complex skill, 0 (none) or
            6 to 10 (the source: −6 to −10; surgery from manuals is −10).
        level_cap: Most success levels the attempt can reach (default 2).
        core: The core die.

    Raises:
        RuleValueError: If a value is out of range.

    Example:
        >>> unskilled(4).roll(random.Random(1)).level <= 2
        True
        >>> unskilled(4, complexity=10).success_chance()  # surgery from manuals
        Fraction(0, 1)
    """
    check_int(attribute, "attribute", *ATTRIBUTE_RANGE)
    check_int(modifier, "modifier", *MODIFIER_RANGE)
    check_int(complexity, "complexity", *COMPLEXITY_RANGE)
    if 0 < complexity < 6:
        raise RuleValueError(
            M(
                "{name} must be 0 (none) or from 6 to 10, got {got}",
                name="complexity",
                got=complexity,
            ),
            field="complexity",
        )
    check_int(level_cap, "level_cap", 1, 20)
    parts = (
        (M("attribute"), attribute),
        (M("unskilled"), -UNSKILLED_PENALTY),
        (M("complex skill"), -complexity),
        (M("modifier"), modifier),
    )
    bonus = attribute - UNSKILLED_PENALTY - complexity + modifier
    return Check(CheckKind.UNSKILLED, bonus, parts, level_cap, _check_core(core))


def _check_chances(record: object, names: tuple[str, ...]) -> None:
    """Refuse chances of a record that are not chances, or do not add up to 1."""
    for name in names:
        value = getattr(record, name)
        if not 0 <= value <= 1:
            raise RuleValueError(
                M("{name} must be a chance from 0 to 1, got {got}", name=name, got=quote(value)),
                field=name,
            )
    if sum(getattr(record, name) for name in names) != 1:
        raise RuleValueError(M("{names} must add up to 1", names=join(", ", names)), field=names[0])


def check_bonus(bonus: int, name: str = "bonus") -> int:
    """Check a whole bonus (traits + modifiers) added to the die: an integer in −100..100.

    Example:
        >>> check_bonus(6)
        6
    """
    check_text(name, "name", limit=100)
    return check_int(bonus, name, *BONUS_RANGE)


def overlap_attribute(perception: int, intelligence: int, difficult: bool = False) -> int:
    """Perception or Intelligence, when both could apply: the higher, or the lower if difficult.

    Example:
        >>> overlap_attribute(3, 5), overlap_attribute(3, 5, difficult=True)
        (5, 3)
    """
    check_int(perception, "perception", *ATTRIBUTE_RANGE)
    check_int(intelligence, "intelligence", *ATTRIBUTE_RANGE)
    check_bool(difficult, "difficult")
    return min(perception, intelligence) if difficult else max(perception, intelligence)


# ------------------------------------------------------------ contests
@dataclass(frozen=True)
class ContestRoll:
    """One resolved contest: both dice and totals, and who won.

    Attributes:
        die_a: Side A's core roll.
        die_b: Side B's core roll.
        total_a: A's total.
        total_b: B's total.
        winner: ``"a"``, ``"b"``, or ``None`` on a tie.

    Example:
        >>> r = contest(8, 5).roll(random.Random(3))
        >>> r.winner == ("a" if r.total_a > r.total_b else "b" if r.total_b > r.total_a else None)
        True
        >>> print(ContestRoll(CoreRoll(CoreDie.D10, (4,), 4), CoreRoll(CoreDie.D10, (9,), 9), 12, 14, "b"))
        A: D10 [4] + 8 = 12; B: D10 [9] + 5 = 14 → B wins
    """

    die_a: CoreRoll
    die_b: CoreRoll
    total_a: int
    total_b: int
    winner: str | None

    def __post_init__(self) -> None:
        """Refuse a roll built by hand with values of the wrong kind."""
        check_fields(self)
        _check_winner(self.winner, "winner", (None, "a", "b"))
        for name in ("total_a", "total_b"):
            check_int(getattr(self, name), name, -1000, 1000)

    @property
    def message(self) -> Msg:
        """``A: D10 [4] + 8 = 12; B: D10 [9] + 5 = 14 → B wins``."""
        verdict = {None: M("tie"), "a": M("A wins"), "b": M("B wins")}[self.winner]
        return M(
            "A: {die_a} {bonus_a} = {total_a}; B: {die_b} {bonus_b} = {total_b} → {verdict}",
            die_a=str(self.die_a),
            bonus_a=spaced_sign(self.total_a - self.die_a.value),
            total_a=number_text(self.total_a),
            die_b=str(self.die_b),
            bonus_b=spaced_sign(self.total_b - self.die_b.value),
            total_b=number_text(self.total_b),
            verdict=verdict,
        )

    def __str__(self) -> str:
        """The roll's :attr:`message`, in English."""
        return self.message


def _check_winner(value: object, name: str, allowed: tuple[str | None, ...]) -> None:
    if value not in allowed or not (value is None or type(value) is str):
        raise RuleValueError(
            M(
                "{name} must be one of {allowed}, got {got}",
                name=name,
                allowed=join(", ", [repr(a) for a in allowed]),
                got=quote(value),
            ),
            field=name,
            value=value,
        )


@dataclass(frozen=True)
class ContestOutcome:
    """Exact chances of a contest: both sides roll, the higher total wins.

    Attributes:
        bonus_a: Everything side A adds to its die.
        bonus_b: Everything side B adds to its die.
        a_wins: P(A's total > B's total).
        tie: P(equal totals).
        b_wins: P(B's total > A's total).
        core: The core die both sides roll.

    Example:
        >>> c = contest(3, 3)
        >>> c.a_wins, c.tie, c.b_wins
        (Fraction(9, 20), Fraction(1, 10), Fraction(9, 20))
        >>> ContestOutcome(3, 3, Fraction(9, 20), Fraction(1, 10), Fraction(9, 20)).swapped().b_wins
        Fraction(9, 20)
    """

    bonus_a: int
    bonus_b: int
    a_wins: Fraction
    tie: Fraction
    b_wins: Fraction
    core: CoreDie = CoreDie.D10

    def __post_init__(self) -> None:
        """Refuse an outcome built by hand whose chances are not chances adding up to 1."""
        check_fields(self)
        check_bonus(self.bonus_a, "bonus_a")
        check_bonus(self.bonus_b, "bonus_b")
        _check_chances(self, ("a_wins", "tie", "b_wins"))

    def swapped(self) -> ContestOutcome:
        """The same contest seen from B's side.

        Example:
            >>> contest(8, 5).swapped() == contest(5, 8)
            True
        """
        return ContestOutcome(
            self.bonus_b, self.bonus_a, self.b_wins, self.tie, self.a_wins, self.core
        )

    def margin_distribution(self) -> Distribution:
        """Exact distribution of A's total − B's total.

        Example:
            >>> contest(0, 0).margin_distribution().probability(0)
            Fraction(1, 10)
        """
        core = core_distribution(self.core)
        return (core + self.bonus_a) - (core + self.bonus_b)

    def roll(self, rng: random.Random | None = None) -> ContestRoll:
        """Both sides roll once, A first (seeded when ``rng`` is).

        Example:
            >>> contest(0, 0).roll(random.Random(4)) == contest(0, 0).roll(random.Random(4))
            True
        """
        rng = check_rng(rng, none_is_fresh=True)
        da, db = roll_core(self.core, rng), roll_core(self.core, rng)
        ta, tb = da.value + self.bonus_a, db.value + self.bonus_b
        winner = "a" if ta > tb else "b" if tb > ta else None
        return ContestRoll(da, db, ta, tb, winner)


def contest(bonus_a: int, bonus_b: int, *, core: CoreDie = CoreDie.D10) -> ContestOutcome:
    """A contest (*test / épreuve en résistance*): exact chances of each outcome.

    Args:
        bonus_a: Everything side A adds to its die (traits and modifiers), −100..100.
        bonus_b: The same for side B.
        core: The core die both sides roll.

    Raises:
        RuleValueError: If a bonus is not an integer or out of range.

    Example:
        >>> c = contest(8, 5)
        >>> c.a_wins + c.tie + c.b_wins
        Fraction(1, 1)
    """
    check_bonus(bonus_a, "bonus_a")
    check_bonus(bonus_b, "bonus_b")
    dist = core_distribution(core)
    c = (dist + bonus_a).compare(dist + bonus_b)
    return ContestOutcome(bonus_a, bonus_b, c.gt, c.eq, c.lt, core)


# ------------------------------------------------------------ damage averaging
def average_roll(sides: int) -> int:
    """The averaged value used instead of rolling a die: half its sides.

    A little below the true mean (D4 → 2 where the mean is 2.5).

    Example:
        >>> [average_roll(s) for s in DAMAGE_DICE]
        [2, 3, 4, 5]
        >>> average_roll(10)
        5
    """
    check_int(sides, "sides", -MAX_NUMBER, MAX_NUMBER)
    if sides not in DAMAGE_DICE:
        raise RuleValueError(
            M(
                "{name} must be one of 4, 6, 8, 10 (D4, D6, D8, D10), got {got}",
                name="sides",
                got=quote(sides),
            ),
            field="sides",
            value=sides,
        )
    return sides // 2


def damage_distribution(sides: int, multiplier: int, averaged: bool = False) -> Distribution:
    """Damage of a weapon: one die times a multiplier (usually Strength).

    Args:
        sides: The damage die (4, 6, 8 or 10).
        multiplier: What the die is multiplied by, 0–30 (e.g. Strength).
        averaged: Use :func:`average_roll` instead of rolling.

    Example:
        >>> damage_distribution(4, 3, averaged=True).weights()  # knife, STR 3
        {6: 1}
        >>> damage_distribution(10, 2).mean()  # axe, STR 2
        Fraction(11, 1)
    """
    value = average_roll(sides)
    check_int(multiplier, "multiplier", 0, 30)
    check_bool(averaged, "averaged")
    if averaged:
        return Distribution.constant(value * multiplier)
    return Distribution.uniform(sides) * multiplier


# ------------------------------------------------------------ the source's contests
class ContestType(NamedEnum):
    """The contests the source gives as examples, plus the generic one.

    Example:
        >>> ContestType.FOOT_CHASE.label
        'Poursuite à pied'
    """

    GENERIC = (M("generic contest"), "Test / épreuve en résistance")
    ARM_WRESTLING = (M("arm wrestling"), "Bras de fer")
    FOOT_CHASE = (M("foot chase"), "Poursuite à pied")
    SNEAKING = (M("sneaking"), "Se faufiler")


#: Head start bonus of a foot chase (whoever starts running first).
HEAD_START_BONUS = 2
#: Most rounds of a best-of-N match (N odd, 1 to 9).
MAX_BEST_OF = 9
#: Most rolls a seeded match may take before giving up (ties are rerolled).
MAX_MATCH_ROLLS = 1_000
#: Speeds accepted in a foot chase.
SPEED_RANGE = (0, 200)


@dataclass(frozen=True)
class MatchRoll:
    """A seeded best-of-N match: every roll, the score, the winner.

    Attributes:
        rolls: Every contest roll, tied ones included.
        wins_a: Rounds A won.
        wins_b: Rounds B won.
        winner: ``"a"`` or ``"b"``.

    Example:
        >>> m = match(6, 4, best_of=3).roll(random.Random(1))
        >>> max(m.wins_a, m.wins_b)
        2
        >>> MatchRoll((ContestRoll(CoreRoll(CoreDie.D10, (9,), 9), CoreRoll(CoreDie.D10, (2,), 2), 15, 6, "a"),), 1, 0, "a").lines[-1]
        'A wins 1–0'
    """

    rolls: tuple[ContestRoll, ...]
    wins_a: int
    wins_b: int
    winner: str

    def __post_init__(self) -> None:
        """Refuse a match built by hand with values of the wrong kind."""
        check_fields(self)
        _check_winner(self.winner, "winner", ("a", "b"))
        for name in ("wins_a", "wins_b"):
            check_int(getattr(self, name), name, 0, MAX_MATCH_ROLLS)

    @property
    def lines(self) -> tuple[Msg, ...]:
        """One line per roll, then the score."""
        lines = [M("roll {i}: {roll}", i=i, roll=r.message) for i, r in enumerate(self.rolls, 1)]
        high, low = max(self.wins_a, self.wins_b), min(self.wins_a, self.wins_b)
        score = (
            M("A wins {high}–{low}", high=high, low=low)
            if self.winner == "a"
            else M("B wins {high}–{low}", high=high, low=low)
        )
        return (*lines, score)

    @property
    def message(self) -> Msg:
        """The whole match, one line a roll."""
        return join("\n", self.lines)

    def __str__(self) -> str:
        """The match's :attr:`message`, in English."""
        return self.message


@dataclass(frozen=True)
class MatchOutcome:
    """Exact chances of a best-of-N match of contested rolls (tied rolls rerolled).

    Attributes:
        round: One roll of the contest.
        best_of: N, odd: the first to win ``N // 2 + 1`` rolls wins.
        a_wins: P(A wins the match).
        b_wins: P(B wins the match).
        tie: Always 0: a tied roll is rolled again.
        expected_rolls: Exact expected number of rolls, tied ones included.

    Example:
        >>> m = match(6, 6, best_of=3)
        >>> m.a_wins, m.expected_rolls
        (Fraction(1, 2), Fraction(25, 9))
        >>> MatchOutcome(contest(6, 6), 1, Fraction(1, 2), Fraction(1, 2), Fraction(0), Fraction(10, 9)).best_of
        1
    """

    round: ContestOutcome
    best_of: int
    a_wins: Fraction
    b_wins: Fraction
    tie: Fraction
    expected_rolls: Fraction

    def __post_init__(self) -> None:
        """Refuse a match built by hand with values of the wrong kind."""
        check_fields(self)
        check_int(self.best_of, "best_of", 1, MAX_BEST_OF)
        _check_chances(self, ("a_wins", "b_wins", "tie"))
        if self.expected_rolls < 1:
            raise RuleValueError(
                M(
                    "{name} must be at least 1, got {got}",
                    name="expected_rolls",
                    got=quote(self.expected_rolls),
                ),
                field="expected_rolls",
            )

    def roll(self, rng: random.Random | None = None) -> MatchRoll:
        """Roll until one side has ``N // 2 + 1`` wins (seeded when ``rng`` is).

        Raises:
            RuleValueError: After :data:`MAX_MATCH_ROLLS` rolls without a
                winner (practically impossible: a tie has at most 1 chance in 10).

        Example:
            >>> a = match(6, 4, best_of=5).roll(random.Random(9))
            >>> a == match(6, 4, best_of=5).roll(random.Random(9))
            True
        """
        rng = check_rng(rng, none_is_fresh=True)
        need = self.best_of // 2 + 1
        rolls: list[ContestRoll] = []
        wins = {"a": 0, "b": 0}
        while max(wins.values()) < need:
            if len(rolls) >= MAX_MATCH_ROLLS:
                raise RuleValueError(
                    M("no winner after {n} rolls (every roll tied)", n=MAX_MATCH_ROLLS),
                    field="best_of",
                )
            r = self.round.roll(rng)
            rolls.append(r)
            if r.winner is not None:
                wins[r.winner] += 1
        winner = "a" if wins["a"] == need else "b"
        return MatchRoll(tuple(rolls), wins["a"], wins["b"], winner)


def match(
    bonus_a: int, bonus_b: int, best_of: int = 3, *, core: CoreDie = CoreDie.D10
) -> MatchOutcome:
    """A best-of-N contest: first to win a majority of N rolls; tied rolls are rerolled.

    The source asks for "a number of wins (two out of three, say)" and does
    not say what a tied roll does; this book rerolls it (it counts for
    nobody).

    Args:
        bonus_a: Everything A adds to each roll.
        bonus_b: Everything B adds to each roll.
        best_of: N, an odd number from 1 to 9.
        core: The core die.

    Example:
        >>> match(6, 4, best_of=1).a_wins == contest(6, 4).a_wins / (1 - contest(6, 4).tie)
        True
    """
    one = contest(bonus_a, bonus_b, core=core)
    check_int(best_of, "best_of", 1, MAX_BEST_OF)
    if best_of % 2 == 0:
        raise RuleValueError(
            M("{name} must be odd (1, 3, 5, 7 or 9), got {got}", name="best_of", got=best_of),
            field="best_of",
        )
    need = best_of // 2 + 1
    p = one.a_wins / (one.a_wins + one.b_wins)
    q = 1 - p
    a_wins = Fraction(0)
    decisive = Fraction(0)  # expected number of decisive rolls
    for j in range(need):  # the loser's wins
        ways = math.comb(need - 1 + j, j)
        pa, pb = ways * p**need * q**j, ways * q**need * p**j
        a_wins += pa
        decisive += (pa + pb) * (need + j)
    return MatchOutcome(one, best_of, a_wins, 1 - a_wins, Fraction(0), decisive / (1 - one.tie))


def arm_wrestling(
    strength_a: int, strength_b: int, best_of: int = 3, *, core: CoreDie = CoreDie.D10
) -> MatchOutcome:
    """Arm wrestling (*bras de fer*): simple Strength tests, best of N.

    Example:
        >>> arm_wrestling(3, 2).round.bonus_a, arm_wrestling(3, 2).round.bonus_b
        (6, 4)
    """
    a = test(_attr(strength_a, "strength_a"), core=core).bonus
    b = test(_attr(strength_b, "strength_b"), core=core).bonus
    return match(a, b, best_of, core=core)


def _attr(value: int, name: str) -> int:
    return check_int(value, name, *ATTRIBUTE_RANGE)


def chase_bonuses(
    dexterity_a: int,
    constitution_a: int,
    speed_a: int,
    dexterity_b: int,
    constitution_b: int,
    speed_b: int,
    head_start: str | None = None,
) -> tuple[int, int]:
    """The two bonuses of a foot chase: DEX + CON, head start, speed difference.

    Each side adds Dexterity + Constitution; whoever started running first
    adds +2; the faster adds the difference of the two speeds.

    Args:
        dexterity_a: A's Dexterity (0–30); the other traits likewise.
        constitution_a: A's Constitution.
        speed_a: A's Speed (0–200).
        dexterity_b: B's Dexterity.
        constitution_b: B's Constitution.
        speed_b: B's Speed.
        head_start: ``"a"`` or ``"b"`` for whoever started running first,
            ``None`` if they started together.

    Example:
        >>> chase_bonuses(3, 2, 15, 2, 4, 12, head_start="b")
        (8, 8)
    """
    for value, name in (
        (dexterity_a, "dexterity_a"),
        (constitution_a, "constitution_a"),
        (dexterity_b, "dexterity_b"),
        (constitution_b, "constitution_b"),
    ):
        _attr(value, name)
    return chase_adjusted(
        dexterity_a + constitution_a, dexterity_b + constitution_b, speed_a, speed_b, head_start
    )


def chase_adjusted(
    base_a: int, base_b: int, speed_a: int, speed_b: int, head_start: str | None = None
) -> tuple[int, int]:
    """Add a foot chase's head start and speed difference to two bonuses.

    Args:
        base_a: A's bonus before the chase rules (usually DEX + CON), −100..100.
        base_b: B's bonus likewise.
        speed_a: A's Speed (0–200).
        speed_b: B's Speed (0–200).
        head_start: ``"a"``, ``"b"`` or ``None`` (started together).

    Example:
        >>> chase_adjusted(5, 6, 15, 12, head_start="b")  # A faster by 3, B first
        (8, 8)
    """
    check_int(base_a, "bonus_a", *BONUS_RANGE)
    check_int(base_b, "bonus_b", *BONUS_RANGE)
    check_int(speed_a, "speed_a", *SPEED_RANGE)
    check_int(speed_b, "speed_b", *SPEED_RANGE)
    _check_winner(head_start, "head_start", (None, "a", "b"))
    a = base_a + max(speed_a - speed_b, 0) + (HEAD_START_BONUS if head_start == "a" else 0)
    b = base_b + max(speed_b - speed_a, 0) + (HEAD_START_BONUS if head_start == "b" else 0)
    return a, b


def foot_chase(
    dexterity_a: int,
    constitution_a: int,
    speed_a: int,
    dexterity_b: int,
    constitution_b: int,
    speed_b: int,
    head_start: str | None = None,
    *,
    core: CoreDie = CoreDie.D10,
) -> ContestOutcome:
    """A foot chase (*poursuite à pied*): one contest of the :func:`chase_bonuses`.

    The winner catches the other, or gets away, as they intended.

    Example:
        >>> c = foot_chase(3, 2, 15, 2, 4, 12, head_start="b")
        >>> c.a_wins == c.b_wins
        True
    """
    a, b = chase_bonuses(
        dexterity_a, constitution_a, speed_a, dexterity_b, constitution_b, speed_b, head_start
    )
    return contest(a, b, core=core)


def sneaking(
    dexterity: int,
    stealth: int,
    perception: int,
    notice: int | None = None,
    *,
    core: CoreDie = CoreDie.D10,
) -> ContestOutcome:
    """Sneaking (*se faufiler*): DEX + Stealth against the target's Perception.

    The target makes a simple Perception test (Perception doubled) or, with
    ``notice`` given, a Perception + Notice task. Side A is the sneaker.

    Example:
        >>> sneaking(4, 3, 2).bonus_b, sneaking(4, 3, 2, notice=1).bonus_b
        (4, 3)
    """
    with renamed({"skill": "stealth", "attribute": "dexterity"}):
        a = task(dexterity, stealth, core=core).bonus
    if notice is None:
        with renamed({"attribute": "perception"}):
            b = test(perception, core=core).bonus
    else:
        with renamed({"attribute": "perception", "skill": "notice"}):
            b = task(perception, notice, core=core).bonus
    return contest(a, b, core=core)
