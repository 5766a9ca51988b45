"""What the basics chapter's calculators show, one public function each.

Each function takes the calculator's controls as its parameters (the same
names) and returns an outcome: the exact answer, the rows of the table shown
(a :class:`~fractions.Fraction` is a chance, a :class:`~rulebook_py.distribution.Mean` an
expected value, text is shown as it is) and ``.roll(rng)``, one seeded
resolution with every die shown.

* :func:`check` -- a task, a simple or difficult test, or an unskilled task;
* :func:`contest_report` -- a contest of the source's kinds (arm wrestling,
  foot chase, sneaking, or any);
* :func:`core_die_comparison` -- the D10 against 2D6 − 2 as the core die.

Example:
    >>> check(CheckKind.TASK, 3, 6, -3).success_chance()  # Marcus
    Fraction(4, 5)
    >>> contest_report(ContestType.GENERIC, 3, 3).one.a_wins
    Fraction(9, 20)
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from fractions import Fraction

from ...distribution import Distribution, Mean
from ...errors import RuleValueError, check_int, quote
from ...messages import Msg, join
from ...systems.unisystem.arguments import check_fields, check_record, check_rng, parse_enum
from ...systems.unisystem.core import (
    BONUS_RANGE,
    MAX_NUMBER,
    Check,
    CheckKind,
    CheckRoll,
    ContestOutcome,
    ContestRoll,
    ContestType,
    CoreDie,
    MatchOutcome,
    MatchRoll,
    chase_adjusted,
    check_bonus,
    contest,
    core_distribution,
    level_name,
    match,
    number_text,
    signed_text,
    task,
    test,
    unskilled,
)
from ...systems.unisystem.words import M

__all__ = [
    "CONTEST_HELP",
    "HEAD_STARTS",
    "ContestReport",
    "CoreDieComparison",
    "CoreDieRoll",
    "bonus_text",
    "check",
    "check_rows",
    "contest_report",
    "core_die_comparison",
]

#: Who started a foot chase first, as the calculator offers it.
HEAD_STARTS = {"nobody": None, "a": "a", "b": "b"}

#: How each kind of contest reads the two bonuses.
CONTEST_HELP = {
    ContestType.GENERIC: M("each bonus is everything that side adds to its die"),
    ContestType.ARM_WRESTLING: M(
        "simple Strength tests: each bonus is Strength × 2; the first to win a majority "
        "of the rolls wins, a tied roll is rolled again"
    ),
    ContestType.FOOT_CHASE: M(
        "each bonus is Dexterity + Constitution; +2 for the head start, and the faster "
        "side adds the difference of the speeds"
    ),
    ContestType.SNEAKING: M(
        "A sneaks (Dexterity + Stealth); B watches (Perception × 2 for a simple test, "
        "or Perception + Notice)"
    ),
}

#: Rows of a table: (label, value); a Fraction is a chance, a Mean an expected value.
CheckRows = tuple[tuple[str, object], ...]


def check(
    kind: CheckKind | str,
    attribute: int,
    skill: int = 0,
    modifier: int = 0,
    complexity: int = 0,
    *,
    core: CoreDie | str = CoreDie.D10,
) -> Check:
    """The check of ``kind``: a task, a simple or difficult test, or an unskilled task.

    ``skill`` counts only for a task, ``complexity`` only for an unskilled task:
    the check's ``unused`` names the one that does not count, which is checked
    for its type only.

    Args:
        kind: A :class:`CheckKind` (or its name).
        attribute: The attribute, 0–30.
        skill: The skill (tasks), 0–30.
        modifier: The circumstance modifier, −30 to +30.
        complexity: The complex-skill penalty of an unskilled task: 0, or 6 to 10.
        core: The core die.

    Example:
        >>> check(CheckKind.UNSKILLED, 4).needed()  # Josh: DEX 4 − 2 needs 7+
        7
        >>> check("simple_test", 4).bonus  # Lilith: Perception doubled
        8
    """
    kind = parse_enum(kind, CheckKind, "kind")  # type: ignore[assignment]
    core = parse_enum(core, CoreDie, "core")  # type: ignore[assignment]
    check_int(attribute, "attribute", -MAX_NUMBER, MAX_NUMBER)
    check_int(skill, "skill", -MAX_NUMBER, MAX_NUMBER)
    check_int(modifier, "modifier", -MAX_NUMBER, MAX_NUMBER)
    check_int(complexity, "complexity", -MAX_NUMBER, MAX_NUMBER)
    skill_only = ("skill", M("only for a task"))
    complex_only = ("complexity", M("only for an unskilled task"))
    if kind is CheckKind.TASK:
        out = task(attribute, skill, modifier, core=core)  # type: ignore[arg-type]
        unused = (complex_only,)
    elif kind is CheckKind.UNSKILLED:
        out = unskilled(attribute, modifier, complexity, core=core)  # type: ignore[arg-type]
        unused = (skill_only,)
    else:
        difficult = kind is CheckKind.DIFFICULT_TEST
        out = test(attribute, difficult, modifier, core=core)  # type: ignore[arg-type]
        unused = (skill_only, complex_only)
    return replace(out, unused=unused)


def _needed_text(c: Check) -> Msg:
    needed = c.needed()
    if needed <= 1:
        return M("any roll (cannot fail)")
    if needed > 10:
        return M("nothing: even a 10 fails")
    return M("{n} or more", n=needed)


def bonus_text(check: Check) -> Msg:
    """A check's bonus explained: ``+4 = +3 (attribute) +2 (skill) −1 (modifier)``.

    Example:
        >>> bonus_text(task(3, 2, -1))
        '+4 = +3 (attribute) +2 (skill) −1 (modifier)'
    """
    check_record(check, Check, "check")
    shown = [M("{value} ({name})", value=signed_text(v), name=name) for name, v in check.parts if v]
    if not shown:
        return M("{bonus} = 0", bonus=signed_text(check.bonus))
    return M("{bonus} = {parts}", bonus=signed_text(check.bonus), parts=join(" ", shown))


def check_rows(c: Check) -> CheckRows:
    """The table of a check: its bonus explained, the roll needed, chances and levels.

    Example:
        >>> check_rows(task(3, 6, -3))[1]
        ('Succeeds on a total of 9+: needs a die roll of', '3 or more')
    """
    check_record(c, Check, "c")
    rows: list[tuple[str, object]] = [
        (M("Bonus added to the die"), bonus_text(c)),
        (M("Succeeds on a total of 9+: needs a die roll of"), _needed_text(c)),
        (M("P(success)"), c.success_chance()),
        (M("Expected success levels"), Mean(c.expected_level())),
    ]
    if c.level_cap is not None:
        rows.append(
            (
                M("Most success levels (unskilled)"),
                M("{n} ({name})", n=c.level_cap, name=level_name(c.level_cap)),
            )
        )
    rows += [
        (M("{level} — {name}", level=lv, name=level_name(lv)), p)
        for lv, p in c.level_distribution().items()
        if p
    ]
    return tuple(rows)


# ------------------------------------------------------------ contests
@dataclass(frozen=True)
class ContestReport:
    """A contest as the calculator shows it.

    Attributes:
        kind: The kind of contest.
        bonus_a: What A adds to each roll (after a foot chase's speeds and head start).
        bonus_b: The same for B.
        one: One roll of the contest.
        match: The best-of-N match (arm wrestling), else None.
        rows: The table shown.
        unused: ``(parameter, why)`` of :func:`contest_report` that do not count
            for this kind of contest.

    Example:
        >>> contest_report(ContestType.ARM_WRESTLING, 6, 4).match.a_wins
        Fraction(9472, 12167)
        >>> ContestReport(ContestType.GENERIC, 3, 3, contest(3, 3), None, ()).a_wins
        Fraction(9, 20)
    """

    kind: ContestType
    bonus_a: int
    bonus_b: int
    one: ContestOutcome
    match: MatchOutcome | None
    rows: tuple[tuple[str, object], ...]
    unused: tuple[tuple[str, str], ...] = ()

    def __post_init__(self) -> None:
        """Refuse a report built by hand with values of the wrong kind."""
        check_fields(self)

    @property
    def a_wins(self) -> Fraction:
        """P(A wins): the match for arm wrestling, else one roll."""
        return (self.match or self.one).a_wins

    def margin(self) -> Distribution:
        """Exact distribution of A's total − B's total on one roll."""
        return self.one.margin_distribution()

    def roll(self, rng: random.Random | None = None) -> ContestRoll | MatchRoll:
        """One roll each (a whole match for arm wrestling), every die shown.

        Example:
            >>> r = contest_report(ContestType.GENERIC, 3, 3)
            >>> r.roll(random.Random(2)) == r.roll(random.Random(2))
            True
        """
        return (self.match or self.one).roll(rng)


def _chase(bonus_a: int, bonus_b: int, speed_a: int, speed_b: int, head: str | None) -> tuple:
    adjusted = chase_adjusted(bonus_a, bonus_b, speed_a, speed_b, head)
    low, high = BONUS_RANGE
    for side, total in zip("ab", adjusted):
        if low <= total <= high:
            continue
        speeds = {"a": speed_a, "b": speed_b}
        bonus = {"a": bonus_a, "b": bonus_b}[side]
        if speeds["a"] != speeds["b"]:
            name = f"speed_{side}"
            message = M(
                "{name} {speed} with a bonus of {bonus} gives side {side} more than the {high} "
                "a roll may add; keep the bonus plus the speed difference (and head start) "
                "within {low} to {high}",
                name=name,
                speed=speeds[side],
                bonus=number_text(bonus),
                side=side.upper(),
                high=high,
                low=number_text(low),
            )
        else:
            name = f"bonus_{side}"
            message = M(
                "{name} {bonus} with the head start gives side {side} more than the {high} "
                "a roll may add; keep the bonus plus the head start within {low} to {high}",
                name=name,
                bonus=number_text(bonus),
                side=side.upper(),
                high=high,
                low=number_text(low),
            )
        raise RuleValueError(message, field=name)
    return adjusted


def contest_report(
    kind: ContestType | str,
    bonus_a: int,
    bonus_b: int,
    *,
    best_of: int = 3,
    head_start: str = "nobody",
    speed_a: int = 0,
    speed_b: int = 0,
    core: CoreDie | str = CoreDie.D10,
) -> ContestReport:
    """A contest of the source's kinds: exact chances of each outcome, and a roll.

    Args:
        kind: A :class:`ContestType` (or its name).
        bonus_a: What side A adds to its die, −100..100 (Strength × 2 in arm
            wrestling, DEX + CON in a foot chase, DEX + Stealth for a sneaker).
        bonus_b: The same for side B.
        best_of: Arm wrestling: N, odd, 1 to 9.
        head_start: Foot chase: who started first, ``"nobody"``, ``"a"`` or ``"b"``.
        speed_a: Foot chase: A's Speed, 0–200 (the faster adds the difference).
        speed_b: Foot chase: B's Speed.
        core: The core die.

    Example:
        >>> r = contest_report(ContestType.FOOT_CHASE, 5, 6, head_start="b", speed_a=15,
        ...                    speed_b=12)
        >>> r.bonus_a, r.bonus_b
        (8, 8)
        >>> contest_report(ContestType.SNEAKING, 7, 4).one.a_wins
        Fraction(18, 25)
    """
    kind = parse_enum(kind, ContestType, "kind")  # type: ignore[assignment]
    core = parse_enum(core, CoreDie, "core")  # type: ignore[assignment]
    check_bonus(bonus_a, "bonus_a")
    check_bonus(bonus_b, "bonus_b")
    check_int(best_of, "best_of", -MAX_NUMBER, MAX_NUMBER)
    check_int(speed_a, "speed_a", -MAX_NUMBER, MAX_NUMBER)
    check_int(speed_b, "speed_b", -MAX_NUMBER, MAX_NUMBER)
    if not isinstance(head_start, str) or head_start.lower() not in HEAD_STARTS:
        raise RuleValueError(
            M(
                "{name} must be 'nobody', 'a' or 'b', got {got}",
                name="head_start",
                got=quote(head_start),
            ),
            field="head_start",
        )
    a, b = bonus_a, bonus_b
    if kind is ContestType.FOOT_CHASE:
        a, b = _chase(a, b, speed_a, speed_b, HEAD_STARTS[head_start.lower()])
    one = contest(a, b, core=core)  # type: ignore[arg-type]
    rows: list[tuple[str, object]] = [
        (M("How the bonuses are read"), CONTEST_HELP[kind]),  # type: ignore[index]
        (M("Bonuses rolled"), M("A {a}, B {b}", a=signed_text(a), b=signed_text(b))),
    ]
    the_match = None
    if kind is ContestType.ARM_WRESTLING:
        the_match = match(a, b, best_of, core=core)  # type: ignore[arg-type]
        rows += [
            (M("One roll: A / tie / B"), (one.a_wins, one.tie, one.b_wins)),
            (M("A wins the best of {n}", n=best_of), the_match.a_wins),
            (M("B wins the best of {n}", n=best_of), the_match.b_wins),
            (M("Expected number of rolls"), Mean(the_match.expected_rolls)),
        ]
    else:
        sneak = kind is ContestType.SNEAKING
        rows += [
            (M("A gets past unnoticed") if sneak else M("A wins"), one.a_wins),
            (M("Tie (equal totals)"), one.tie),
            (M("B notices A") if sneak else M("B wins"), one.b_wins),
        ]
    unused: list[tuple[str, str]] = []
    if kind is not ContestType.ARM_WRESTLING:
        unused.append(("best_of", M("only for arm wrestling")))
    if kind is not ContestType.FOOT_CHASE:
        why = M("only for a foot chase")
        unused += [("head_start", why), ("speed_a", why), ("speed_b", why)]
    return ContestReport(kind, a, b, one, the_match, tuple(rows), tuple(unused))  # type: ignore[arg-type]


# ------------------------------------------------------------ the core die
@dataclass(frozen=True)
class CoreDieRoll:
    """The same check rolled once with each core die.

    Example:
        >>> print(core_die_comparison(6).roll(random.Random(1)).d10.die.core.notation)
        D10
        >>> CoreDieRoll(task(3, 3).resolve(3), task(3, 3).resolve(3).check.with_core(CoreDie.TWO_D6).resolve(3)).lines[1]
        '2D6−2 → 3 + 6 = 9 → success, 1 level (Adequate)'
    """

    d10: CheckRoll
    two_d6: CheckRoll

    def __post_init__(self) -> None:
        """Refuse a roll built by hand with values of the wrong kind."""
        check_fields(self)

    @property
    def lines(self) -> tuple[Msg, ...]:
        """Both rolls, one a line."""
        return (self.d10.message, self.two_d6.message)

    @property
    def message(self) -> Msg:
        """Both rolls, one a line."""
        return join("\n", self.lines)

    def __str__(self) -> str:
        """Both rolls, one a line (English)."""
        return self.message


@dataclass(frozen=True)
class CoreDieComparison:
    """The D10 against 2D6 − 2 for one bonus.

    Attributes:
        bonus: What is added to the die.
        rows: ``(label, P with the D10, P with 2D6 − 2, D10 ÷ 2D6 or None)``.
        d10: The core distribution of the D10.
        two_d6: The core distribution of 2D6 − 2 (0 counts as 1).

    Example:
        >>> core_die_comparison(6).rows[0]
        ('Die shows 10', Fraction(1, 10), Fraction(1, 36), Mean(18, 5))
        >>> CoreDieComparison(6, (), core_distribution(), core_distribution(CoreDie.TWO_D6)).check.bonus
        6
    """

    bonus: int
    rows: tuple[tuple[str, object, object, object], ...]
    d10: Distribution
    two_d6: Distribution

    def __post_init__(self) -> None:
        """Refuse a comparison built by hand with values of the wrong kind."""
        check_fields(self)
        check_bonus(self.bonus)

    @property
    def check(self) -> Check:
        """The task with this bonus, on the D10."""
        return Check(CheckKind.TASK, self.bonus)

    def roll(self, rng: random.Random | None = None) -> CoreDieRoll:
        """The same check rolled once with each core die (the D10 first)."""
        rng = check_rng(rng, none_is_fresh=True)
        c = self.check
        return CoreDieRoll(c.roll(rng), c.with_core(CoreDie.TWO_D6).roll(rng))


def core_die_comparison(bonus: int) -> CoreDieComparison:
    """Chances with the D10 and with 2D6 − 2 side by side, and how rare the extremes become.

    Args:
        bonus: Everything added to the die, −100..100.

    Example:
        >>> core_die_comparison(6).check.with_core(CoreDie.TWO_D6).success_chance()
        Fraction(5, 6)
    """
    check_bonus(bonus)
    d10, two = core_distribution(CoreDie.D10), core_distribution(CoreDie.TWO_D6)
    c10 = Check(CheckKind.TASK, bonus)
    c2 = c10.with_core(CoreDie.TWO_D6)

    def row(name: str, p10: Fraction, p2: Fraction) -> tuple[str, object, object, object]:
        return (name, p10, p2, None if p2 == 0 or p10 == 0 else Mean(p10 / p2))

    def high(c: Check) -> Fraction:
        return sum((p for lv, p in c.level_distribution().items() if lv >= 4), Fraction(0))

    signed = signed_text(bonus)
    rows = (
        row(M("Die shows 10"), d10.probability(10), two.probability(10)),
        row(M("Die shows 1"), d10.probability(1), two.probability(1)),
        row(M("Die shows 9 or 10"), d10.prob_at_least(9), two.prob_at_least(9)),
        row(M("Die shows 1 or 2"), d10.prob_at_most(2), two.prob_at_most(2)),
        row(
            M("Die shows 5 or 6"),
            d10.probability(5) + d10.probability(6),
            two.probability(5) + two.probability(6),
        ),
        row(M("Success with {bonus}", bonus=signed), c10.success_chance(), c2.success_chance()),
        row(M("4+ success levels with {bonus}", bonus=signed), high(c10), high(c2)),
        (M("Expected success levels"), Mean(c10.expected_level()), Mean(c2.expected_level()), ""),
    )
    return CoreDieComparison(bonus, rows, d10, two)
