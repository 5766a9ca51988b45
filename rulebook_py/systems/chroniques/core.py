"""Chroniques Oubliées: ability modifiers, the four test dice, and d20 tests.

Every test of the game is a die plus a bonus against a difficulty; an attack
is the test whose difficulty is the target's defense (DEF). The die is a d20,
or the best of two d20 when an ability allows it; a harmful condition turns
either into d12s (see :func:`to_d12`).

Naturals (the face of the kept die): on a d20 a natural 20 always succeeds and
is a critical success; a natural 1 always fails and is a critical failure
(*échec critique*: the temporary-damage rule needs it). On a d12 a natural 12
is neither automatic nor critical (the source says so); a natural 1 on the
d12 is still a critical failure (the source is silent: :data:`D12_ONE_FUMBLES`
keeps the 1's meaning so that a harmful condition can never raise a chance).

Example:
    >>> ability_modifier(14), ability_modifier(3)
    (2, -4)
    >>> attack(5, 15).hit, attack(5, 15).critical
    (Fraction(11, 20), Fraction(1, 20))
    >>> attack(5, 15, die="d12").critical
    Fraction(0, 1)
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from functools import lru_cache

from ...dice import Dice, DiceRoll, parse
from ...errors import RuleValueError, check_bool, check_characters, check_int, check_rng, quote
from ...messages import Msg, join
from .records import check_fields
from .words import M

__all__ = [
    "BONUS_RANGE",
    "CRITICAL_RANGE",
    "D12_ONE_FUMBLES",
    "DEFENSE_RANGE",
    "INITIATIVE_RANGE",
    "MODIFIED_RANGE",
    "MODIFIER_RANGE",
    "NAME_LIMIT",
    "SCORE_RANGE",
    "STRENGTH_RANGE",
    "AttackOutcome",
    "CheckDie",
    "CheckLines",
    "CheckReport",
    "CheckRoll",
    "ability_modifier",
    "attack",
    "check_bool",
    "check_name",
    "check_odds",
    "check_report",
    "check_rng",
    "roll_check",
    "to_d12",
]

#: Ability scores accepted (the published table goes on by steps of two).
SCORE_RANGE = (1, 30)
#: Attack or test bonuses accepted.
BONUS_RANGE = (-30, 40)
#: Defense (DEF) or difficulty accepted.
DEFENSE_RANGE = (1, 60)
#: Bonus or difficulty of a test after every modifier (a blinded target's DEF may
#: fall below 1, a penalised attack far below -30): what :func:`check_odds` and
#: :func:`roll_check` accept.
MODIFIED_RANGE = (-200, 200)
#: Initiative scores accepted, and the initiative a delayed action may move to. The
#: source sets no ceiling: 0 to 60 is this book's choice, far above any character's.
INITIATIVE_RANGE = (0, 60)
#: A DEX or CON modifier accepted (a chase, an ambush, a condition's test). The
#: scores of :data:`SCORE_RANGE` give -4 to +10; -5 to +15 is this book's choice,
#: wider so that a modifier raised by an ability or an item still fits.
MODIFIER_RANGE = (-5, 15)
#: A STR modifier accepted where it comes off temporary damage: the scores of
#: :data:`SCORE_RANGE` give -4 to +10 (this book's choice: one step more below).
STRENGTH_RANGE = (-5, 10)
#: Lowest natural face an ability may make a critical (20: none).
CRITICAL_RANGE = (15, 20)
#: Named parameter: a natural 1 on a d12 is still a critical failure.
D12_ONE_FUMBLES = True


class CheckDie(Enum):
    """The four dice of a Chroniques Oubliées test.

    Example:
        >>> CheckDie.from_text("2d20kh1").label
        'meilleur de 2d20'
        >>> CheckDie.D20_BEST_OF_TWO.under_d12_rule is CheckDie.D12_BEST_OF_TWO
        True
    """

    D20 = ("d20", "d20")
    D20_BEST_OF_TWO = ("2d20kh1", "meilleur de 2d20")
    D12 = ("d12", "d12")
    D12_BEST_OF_TWO = ("2d12kh1", "meilleur de 2d12")

    def __init__(self, notation: str, label: str) -> None:
        self.notation = notation
        self.label = label

    @classmethod
    def from_text(cls, text: str | CheckDie, field: str = "die") -> CheckDie:
        """Read ``"d20"``, ``"2d20kh1"``, ``"d12"`` or ``"2d12kh1"`` (a CheckDie passes)."""
        if isinstance(text, CheckDie):
            return text
        for member in cls:
            if isinstance(text, str) and text.strip().lower() == member.notation:
                return member
        allowed = ", ".join(repr(m.notation) for m in cls)
        raise RuleValueError(
            M(
                "{name} must be one of {allowed}, got {got}",
                name=field,
                allowed=allowed,
                got=quote(text),
            ),
            field=field,
            allowed=allowed,
            value=text,
        )

    @property
    def dice(self) -> Dice:
        """The foundation's dice expression of the kept face."""
        return _dice(self.notation)

    @property
    def sides(self) -> int:
        """Faces of each die (20 or 12)."""
        return 20 if self in (CheckDie.D20, CheckDie.D20_BEST_OF_TWO) else 12

    @property
    def has_natural_20(self) -> bool:
        """Whether a natural 20 is automatic and critical (d20 dice only)."""
        return self.sides == 20

    @property
    def under_d12_rule(self) -> CheckDie:
        """The die used when a condition imposes the d12."""
        return CheckDie.D12_BEST_OF_TWO if self.notation.startswith("2d") else CheckDie.D12


@lru_cache(maxsize=8)
def _dice(notation: str) -> Dice:
    return parse(notation)


def _parameter(name: object) -> str:
    """The name of the parameter a check names (a short text)."""
    if not isinstance(name, str) or not 0 < len(name) <= NAME_LIMIT:
        raise RuleValueError(
            M("{name} must be a parameter's name, got {got}", name="name", got=quote(name)),
            field="name",
        )
    return name


#: Longest name (of a combatant, a runner, a spell) accepted.
NAME_LIMIT = 60


def check_name(value: object, name: str) -> str:
    """Check that a name is text of 1 to :data:`NAME_LIMIT` characters, and return it.

    Example:
        >>> check_name("Krush", "name")
        'Krush'
        >>> check_name(None, "name")
        Traceback (most recent call last):
        ...
        rulebook_py.errors.RuleValueError: name must be text of 1 to 60 characters, got None
    """
    _parameter(name)
    if not isinstance(value, str) or not value.strip() or len(value) > NAME_LIMIT:
        raise RuleValueError(
            M(
                "{name} must be text of 1 to {n} characters, got {got}",
                name=name,
                n=NAME_LIMIT,
                got=quote(value),
            ),
            field=name,
            allowed=M("text of 1 to {n} characters", n=NAME_LIMIT),
            value=value,
        )
    return check_characters(value, name)  # no lone surrogate


def to_d12(die: str | CheckDie) -> CheckDie:
    """The die a weakened or immobilised character rolls instead of ``die``.

    Example:
        >>> to_d12("d20").notation, to_d12("2d20kh1").notation
        ('d12', '2d12kh1')
    """
    return CheckDie.from_text(die).under_d12_rule


def ability_modifier(score: int) -> int:
    """The modifier (*Mod.*) of an ability score, from the published table.

    1-3 give -4, 4-5 give -3, 6-7 -2, 8-9 -1, 10-11 0, 12-13 +1, and so on
    by steps of two.

    Raises:
        RuleValueError: For a score outside 1 to 30.

    Example:
        >>> ability_modifier(14)
        2
        >>> [ability_modifier(s) for s in (1, 4, 8, 10, 13, 18, 21)]
        [-4, -3, -1, 0, 1, 4, 5]
    """
    check_int(score, "score", *SCORE_RANGE)
    return -4 if score <= 3 else (score - 10) // 2


@dataclass(frozen=True)
class AttackOutcome:
    """Exact chances of one test or attack.

    Attributes:
        hit: P(success), criticals included.
        critical: P(critical success) (natural 20, or an automatic critical).
        fumble: P(critical failure) (natural 1).
        die: The die rolled.

    Example:
        >>> o = attack(0, 11)
        >>> o.hit, o.miss, o.normal_hit
        (Fraction(1, 2), Fraction(1, 2), Fraction(9, 20))
        >>> AttackOutcome(Fraction(1, 2), Fraction(1, 20), Fraction(1, 20), CheckDie.D20).miss
        Fraction(1, 2)
    """

    hit: Fraction
    critical: Fraction
    fumble: Fraction
    die: CheckDie

    def __post_init__(self) -> None:
        """Check every field: chances from 0 to 1, a critical part of the hits."""
        check_fields(self)
        for name in ("hit", "critical", "fumble"):
            _chance(getattr(self, name), name)
        if self.critical > self.hit or self.hit + self.fumble > 1:
            raise RuleValueError(
                M(
                    "{name} must not exceed hit, and hit + fumble must not exceed 1, "
                    "got critical {critical}, hit {hit}, fumble {fumble}",
                    name="critical",
                    critical=self.critical,
                    hit=self.hit,
                    fumble=self.fumble,
                ),
                field="critical",
            )

    @property
    def miss(self) -> Fraction:
        """P(failure), critical failures included."""
        return 1 - self.hit

    @property
    def normal_hit(self) -> Fraction:
        """P(success that is not critical)."""
        return self.hit - self.critical


def _chance(value: Fraction, name: str) -> None:
    """Refuse a chance outside 0 to 1."""
    if not 0 <= value <= 1:
        raise RuleValueError(
            M("{name} must be a chance from 0 to 1, got {got}", name=name, got=quote(value)),
            field=name,
            value=value,
        )


def _natural(face: int, die: CheckDie, critical_from: int) -> str | None:
    if die.has_natural_20 and face >= critical_from:
        return "critical"
    if face == 1 and (die.has_natural_20 or D12_ONE_FUMBLES):
        return "fumble"
    return None


def check_odds(
    bonus: int, difficulty: int, die: str | CheckDie = "d20", *, critical_from: int = 20
) -> AttackOutcome:
    """Exact chances of die + bonus >= difficulty, naturals included (wide ranges).

    Used inside the package on already-modified values (a blinded target's
    DEF may drop below 1): bonus and difficulty within :data:`MODIFIED_RANGE`;
    outside code calls :func:`attack`.

    Example:
        >>> check_odds(0, -5).hit  # only the natural 1 fails
        Fraction(19, 20)
    """
    check_int(bonus, "bonus", *MODIFIED_RANGE)
    check_int(difficulty, "difficulty", *MODIFIED_RANGE)
    check_int(critical_from, "critical_from", *CRITICAL_RANGE)
    kind = CheckDie.from_text(die)
    hit = crit = fumble = Fraction(0)
    for face, p in kind.dice.pmf().items():
        natural = _natural(face, kind, critical_from)
        if natural == "critical":
            hit += p
            crit += p
        elif natural == "fumble":
            fumble += p
        elif face + bonus >= difficulty:
            hit += p
    return AttackOutcome(hit, crit, fumble, kind)


def attack(bonus: int, defense: int, die: str = "d20", *, critical_from: int = 20) -> AttackOutcome:
    """Exact P(hit) and P(critical) of an attack test: die + bonus >= DEF.

    Args:
        bonus: Attack score (*score d'attaque*) with every modifier, -30 to 40.
        defense: Target's DEF, 1 to 60.
        die: ``"d20"``, ``"2d20kh1"``, ``"d12"`` or ``"2d12kh1"``.
        critical_from: Lowest natural face that is a critical (20; some
            abilities lower it to 19), 15 to 20. Ignored on the d12.

    Raises:
        RuleValueError: For a value out of range or another die.

    Example:
        >>> attack(5, 15, die="2d20kh1").hit
        Fraction(319, 400)
        >>> attack(5, 15, die="2d20kh1").critical
        Fraction(39, 400)
    """
    check_int(bonus, "bonus", *BONUS_RANGE)
    check_int(defense, "defense", *DEFENSE_RANGE)
    check_int(critical_from, "critical_from", *CRITICAL_RANGE)
    return check_odds(bonus, defense, CheckDie.from_text(die), critical_from=critical_from)


_NATURALS = {"critical", "fumble"}


@dataclass(frozen=True)
class CheckRoll:
    """One seeded test: the dice, the total and the verdict.

    Attributes:
        roll: The dice rolled (the kept face is the total).
        bonus: The bonus added.
        difficulty: The total to reach.
        success: Whether the test succeeds.
        natural: ``"critical"`` (a natural 20), ``"fumble"`` (a natural 1) or None.

    Example:
        >>> r = roll_check(3, 12, rng=random.Random(1))
        >>> r.total == r.roll.total + 3
        True
        >>> CheckRoll(parse("d20").roll(random.Random(1)), 3, 12, False, None).total
        8
    """

    roll: DiceRoll
    bonus: int
    difficulty: int
    success: bool
    natural: str | None

    def __post_init__(self) -> None:
        """Check every field."""
        check_fields(self, bonus=MODIFIED_RANGE, difficulty=MODIFIED_RANGE)
        if self.natural is not None and self.natural not in _NATURALS:
            raise RuleValueError(
                M(
                    "{name} must be 'critical', 'fumble' or None, got {got}",
                    name="natural",
                    got=quote(self.natural),
                ),
                field="natural",
            )
        check_int(self.roll.total, "roll", 1, 20)

    @property
    def total(self) -> int:
        """Kept face plus bonus."""
        return self.roll.total + self.bonus

    @property
    def message(self) -> Msg:
        """``2d20kh1 [4~, 17] + 3 = 20 vs 15: success`` (a message)."""
        verdict = M("success") if self.success else M("failure")
        if self.natural == "critical":
            verdict = M("{verdict} (natural 20: critical)", verdict=verdict)
        elif self.natural == "fumble":
            verdict = M("{verdict} (natural 1: critical failure)", verdict=verdict)
        if self.bonus >= 0:
            return M(
                "{dice} + {bonus} = {total} vs {difficulty}: {verdict}",
                dice=self.roll.text,
                bonus=self.bonus,
                total=self.total,
                difficulty=self.difficulty,
                verdict=verdict,
            )
        return M(
            "{dice} - {bonus} = {total} vs {difficulty}: {verdict}",
            dice=self.roll.text,
            bonus=-self.bonus,
            total=self.total,
            difficulty=self.difficulty,
            verdict=verdict,
        )

    def __str__(self) -> str:
        """``2d20kh1 [4~, 17] + 3 = 20 vs 15: success``."""
        return self.message


def roll_check(
    bonus: int,
    difficulty: int,
    die: str | CheckDie = "d20",
    *,
    rng: random.Random | None = None,
    critical_from: int = 20,
) -> CheckRoll:
    """Roll one test with the same rules as :func:`check_odds`, every die shown.

    Args:
        bonus: The bonus added to the die (within :data:`MODIFIED_RANGE`).
        difficulty: The total to reach (within :data:`MODIFIED_RANGE`).
        die: ``"d20"``, ``"2d20kh1"``, ``"d12"`` or ``"2d12kh1"``.
        rng: The generator (None: a fresh, unseeded one).
        critical_from: Lowest natural face that is a critical, 15 to 20.

    Example:
        >>> str(roll_check(5, 15, "2d20kh1", rng=random.Random(7)))
        '2d20kh1 [11, 5~] + 5 = 16 vs 15: success'
    """
    check_int(bonus, "bonus", *MODIFIED_RANGE)
    check_int(difficulty, "difficulty", *MODIFIED_RANGE)
    check_int(critical_from, "critical_from", *CRITICAL_RANGE)
    kind = CheckDie.from_text(die)
    roll = kind.dice.roll(random.Random() if rng is None else check_rng(rng))
    natural = _natural(roll.total, kind, critical_from)
    success = natural == "critical" or (natural is None and roll.total + bonus >= difficulty)
    return CheckRoll(roll, bonus, difficulty, success, natural)


@dataclass(frozen=True)
class CheckLines:
    """A seeded resolution as lines of text (messages), every die shown.

    Example:
        >>> str(CheckLines(("a", "b"))).splitlines()
        ['a', 'b']
    """

    lines: tuple[str, ...]

    def __post_init__(self) -> None:
        """Check the lines (text, one a line)."""
        check_fields(self)

    @property
    def message(self) -> Msg:
        """The lines, one a line (a message)."""
        return join("\n", self.lines)

    def __str__(self) -> str:
        """The lines, one a line."""
        return "\n".join(self.lines)


@dataclass(frozen=True)
class CheckReport:
    """A test priced exactly, with its own seeded roll (the outcome of a test calculator).

    Attributes:
        bonus: The bonus added to the die.
        difficulty: The total to reach.
        die: The die rolled.
        odds: The exact chances (success, critical, critical failure).

    Example:
        >>> r = check_report(1, 10)
        >>> r.odds.hit, r.roll(random.Random(1)).lines
        (Fraction(3, 5), ('1d20 [5] + 1 = 6 vs 10: failure',))
        >>> CheckReport(1, 10, CheckDie.D20, attack(1, 10)).difficulty
        10
    """

    bonus: int
    difficulty: int
    die: CheckDie
    odds: AttackOutcome

    def __post_init__(self) -> None:
        """Check every field."""
        check_fields(self, bonus=BONUS_RANGE, difficulty=DEFENSE_RANGE)

    def roll(self, rng: random.Random) -> CheckLines:
        """One seeded test, the die shown."""
        return CheckLines((roll_check(self.bonus, self.difficulty, self.die, rng=rng).message,))


def check_report(bonus: int, difficulty: int, die: str | CheckDie = "d20") -> CheckReport:
    """A test of ``die + bonus`` against ``difficulty``, exact and rollable.

    Example:
        >>> check_report(0, 11).odds.hit
        Fraction(1, 2)
    """
    check_int(bonus, "bonus", *BONUS_RANGE)
    check_int(difficulty, "difficulty", *DEFENSE_RANGE)
    kind = CheckDie.from_text(die)
    return CheckReport(bonus, difficulty, kind, check_odds(bonus, difficulty, kind))
