"""The quick reference's tables, drawn from the rules' own data and functions.

Every number of ``book/reference-unisystem.ipynb`` comes from here: the
constants, the enumerations' tables (stances, lighting, range) and the same
functions the chapters call (:func:`.core.success_levels`, :func:`.core.task`,
:func:`.combat.hit_chance`, :func:`.actions.action_penalties`). Every word is
a message of the ``unisystem`` domain, so the French edition shows the same
tables in French; a chance is an exact :class:`~fractions.Fraction` (the page
writes it as a percentage), a signed number is written with the minus sign.

Example:
    >>> t = success_level_table()
    >>> t.rows[0]
    ('9–10', 1, 'Adequate')
    >>> [t.caption for t in tables()][:2]
    ['What is added to the D10', 'Success levels (a total under 9 fails)']
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ...errors import RuleValueError, quote
from .actions import ActionKind, action_penalties
from .arguments import check_fields, fits
from .combat import Lighting, RangeBand, Stance, hit_chance
from .core import (
    TARGET,
    UNSKILLED_LEVEL_CAP,
    UNSKILLED_PENALTY,
    core_distribution,
    level_name,
    number_text,
    signed_text,
    success_levels,
    task,
)
from .words import M

__all__ = [
    "ATTACKS",
    "BONUSES",
    "DODGES",
    "Table",
    "actions_table",
    "close_combat_table",
    "core_roll_table",
    "lighting_table",
    "odds_table",
    "range_table",
    "stance_table",
    "success_level_table",
    "tables",
]

#: The bonuses of the table of one roll against 9.
BONUSES = tuple(range(0, 13, 2))
#: The attacks and dodges of the close-combat table (D10 + each).
ATTACKS = tuple(range(4, 13, 2))
DODGES = tuple(range(2, 11, 2))
#: Highest total of the success-level table.
_TOP_TOTAL = 29


@dataclass(frozen=True)
class Table:
    """One table of the quick reference: its caption, headers and rows.

    A cell is a message, a text, a number, or an exact chance (a ``Fraction``).

    Example:
        >>> Table("c", ("a",), ((1,),)).rows
        ((1,),)
    """

    caption: str
    headers: tuple[str, ...]
    rows: tuple[tuple[object, ...], ...]

    def __post_init__(self) -> None:
        """Every row as long as the headers."""
        check_fields(self)
        if len(self.rows) > 100 or len(self.headers) > 20:
            raise RuleValueError(
                M("{name} must hold at most 100 rows of at most 20 cells", name="rows"),
                field="rows",
            )
        for row in self.rows:
            if len(row) != len(self.headers):
                raise RuleValueError(
                    M("{name} must hold one cell a header", name="rows"), field="rows"
                )
            for value in row:
                if not fits(value, str | int | Fraction):
                    raise RuleValueError(
                        M(
                            "{name} must hold text, whole numbers or chances, got {got}",
                            name="rows",
                            got=quote(value),
                        ),
                        field="rows",
                    )


def core_roll_table() -> Table:
    """What each kind of roll adds to the D10, and what it needs.

    Example:
        >>> core_roll_table().rows[3][1]
        'attribute − 2, at most 2 success levels'
    """
    needs = M("{n} or more", n=TARGET)
    return Table(
        M("What is added to the D10"),
        (M("roll"), M("what is added to the D10"), M("succeeds on")),
        (
            (M("task (épreuve)"), M("attribute + skill"), needs),
            (M("simple test (test simple)"), M("attribute × 2"), needs),
            (M("difficult test (test difficile)"), M("attribute"), needs),
            (
                M("unskilled task (épreuve sans compétence)"),
                M(
                    "attribute − {penalty}, at most {cap} success levels",
                    penalty=UNSKILLED_PENALTY,
                    cap=UNSKILLED_LEVEL_CAP,
                ),
                needs,
            ),
            (
                M("contest (épreuve en résistance)"),
                M("each side rolls its own"),
                M("the higher total"),
            ),
        ),
    )


def success_level_table() -> Table:
    """The totals of each success level (:func:`.core.success_levels`) and its name.

    Example:
        >>> success_level_table().rows[-1]
        ('27–29', 8, 'Outrageous')
    """
    levels: dict[int, list[int]] = {}
    for total in range(TARGET, _TOP_TOTAL + 1):
        levels.setdefault(success_levels(total), []).append(total)
    rows = tuple(
        (f"{t[0]}–{t[-1]}" if len(t) > 1 else str(t[0]), n, level_name(n))
        for n, t in levels.items()
    )
    caption = M("Success levels (a total under {n} fails)", n=TARGET)
    return Table(caption, (M("total"), M("success levels"), M("name")), rows)


def odds_table() -> Table:
    """One roll against 9: the chance to succeed, and of two levels or more, by bonus.

    Example:
        >>> odds_table().rows[3]
        ('+6', Fraction(4, 5), Fraction(3, 5))
    """
    rows = []
    for bonus in BONUSES:
        check = task(0, 0, modifier=bonus)
        two = sum((p for n, p in check.level_distribution().items() if n >= 2), Fraction(0))
        rows.append((signed_text(bonus), check.success_chance(), two))
    caption = M("One roll against {n}", n=TARGET)
    return Table(caption, (M("D10 +"), M("succeeds"), M("2 levels or more")), tuple(rows))


def close_combat_table() -> Table:
    """An attack against a dodge: the blow lands when it beats the dodge and reaches 9.

    Example:
        >>> close_combat_table().rows[0][:3]
        ('+4', Fraction(1, 2), Fraction(39, 100))
    """
    d10 = core_distribution()
    headers = (M("attack D10 +"), *(M("dodge D10 + {n}", n=d) for d in DODGES))
    rows = tuple(
        (signed_text(a), *(hit_chance(d10 + a, d10 + d, must_succeed=True) for d in DODGES))
        for a in ATTACKS
    )
    caption = M(
        "Close combat: the attack lands when it beats the dodge (a tie to the defender) "
        "and reaches {n}",
        n=TARGET,
    )
    return Table(caption, headers, rows)


def stance_table() -> Table:
    """The stances (:class:`.combat.Stance`): their bonuses and what they give up.

    Example:
        >>> stance_table().rows[1]
        ('Attitude défensive', '+0', '+3', 'no attack')
    """
    rows = []
    for s in Stance:
        gives_up = (
            ""
            if s.may_attack and s.may_defend
            else (M("no attack") if s.may_defend else M("no defense"))
        )
        rows.append((s.label, signed_text(s.attack_bonus), signed_text(s.defense_bonus), gives_up))
    headers = (M("stance"), M("attack"), M("defense"), "")
    return Table(M("Stances (attitudes)"), headers, tuple(rows))


def actions_table() -> Table:
    """The multiple-action penalty of a close-combat round: one attack, then defenses.

    Example:
        >>> actions_table().rows[0]
        ('penalty (close combat: one attack + one defense free)', '0', '0', '−2', '−4')
    """
    penalties = action_penalties([ActionKind.ATTACK] + [ActionKind.DEFENSE] * 3)
    headers = (M("action in the round"), *(str(n) for n in range(1, len(penalties) + 1)))
    label = M("penalty (close combat: one attack + one defense free)")
    row = (label, *(number_text(p) for p in penalties))
    return Table(M("Several actions in a round"), headers, (row,))


def lighting_table() -> Table:
    """The lighting table (:class:`.combat.Lighting`), close and ranged combat.

    Example:
        >>> lighting_table().rows[2]
        ('Mauvais', '−4')
    """
    rows = tuple(
        (
            light.label,
            M("plain D10, only a natural 9 or 10 hits")
            if light.modifier is None
            else signed_text(light.modifier),
        )
        for light in Lighting
    )
    headers = (M("lighting (éclairage)"), M("combat rolls"))
    return Table(M("Lighting, close and ranged combat"), headers, rows)


def range_table() -> Table:
    """The range bands (:class:`.combat.RangeBand`): combat rolls and damage multiplier.

    Example:
        >>> range_table().rows[-1]
        ('Extrême', '−6', '−2')
    """
    rows = tuple(
        (band.label, signed_text(band.modifier), signed_text(band.multiplier_shift))
        for band in RangeBand
    )
    headers = (M("range (portée)"), M("combat rolls"), M("damage multiplier"))
    return Table(M("Range, ranged combat"), headers, rows)


def tables() -> tuple[Table, ...]:
    """Every table of the quick reference, in the page's order.

    Example:
        >>> len(tables())
        8
    """
    return (
        core_roll_table(),
        success_level_table(),
        odds_table(),
        close_combat_table(),
        stance_table(),
        actions_table(),
        lighting_table(),
        range_table(),
    )
