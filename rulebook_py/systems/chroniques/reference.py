"""Chroniques Oubliées: the quick reference's tables, drawn from the rules when the book is built.

:func:`quick_reference` gives every table of ``book/reference-chroniques-oubliees``:
its caption and headers (messages, shown in the reader's language) and its
cells, each one the answer of the rule it restates (ability modifiers, attack
odds, the situation modifiers of :func:`~.attacks.situation_modifiers`, the
conditions, the defensive actions, temporary damage, the concerted attack, two
weapons, first aid, the chase). Chances stay exact :class:`~fractions.Fraction`
values; the page writes them as percentages.

Example:
    >>> tables = {t.key: t for t in quick_reference()}
    >>> tables["abilities"].rows[0][:3]
    ('modifier', '-4', '-3')
    >>> tables["first_aid"].rows[0][1]  # INT -2 against 10
    Fraction(9, 20)
"""

from __future__ import annotations

from dataclasses import dataclass

from ...errors import RuleValueError, quote
from .attacks import Blow, DefensiveAction, attack_action, situation_modifiers
from .chase import ChaseTrait, chase_step
from .conditions import Condition
from .core import ability_modifier, attack
from .damage import FIRST_AID_DIFFICULTY, care_odds, knock_out, temporary_damage
from .records import check_fields
from .special import CONCERTED_DIFFICULTY, concerted_attack
from .words import M

__all__ = ["QUICK_TABLES", "QuickTable", "quick_reference"]

#: The tables of the quick reference, in the page's order.
QUICK_TABLES = (
    "abilities",
    "odds",
    "modifiers",
    "conditions",
    "defense",
    "two_weapons",
    "concerted",
    "temporary",
    "first_aid",
    "chase_table",
    "chase_step",
)


@dataclass(frozen=True)
class QuickTable:
    """One table of the quick reference.

    Attributes:
        key: Which table (one of :data:`QUICK_TABLES`).
        caption: The table's caption (a message).
        headers: The column headers (messages, numbers or notation).
        rows: The cells, row by row: messages, numbers, chances (``Fraction``),
            or a pair of chances (the d20's and the d12's).

    Example:
        >>> QuickTable("first_aid", "First aid", ("INT", "P"), (("+0", 3),)).key
        'first_aid'
    """

    key: str
    caption: str
    headers: tuple[object, ...]
    rows: tuple[tuple[object, ...], ...]

    def __post_init__(self) -> None:
        """Check every field (a known table, rows no wider than the headers)."""
        check_fields(self)
        if self.key not in QUICK_TABLES:
            raise RuleValueError(
                M(
                    "{name} must be one of {allowed}, got {got}",
                    name="key",
                    allowed=", ".join(QUICK_TABLES),
                    got=quote(self.key),
                ),
                field="key",
            )
        if any(len(row) > len(self.headers) for row in self.rows):
            raise RuleValueError(
                M("{name} must be no wider than the headers", name="rows"), field="rows"
            )


#: Ability scores by the pairs the table of modifiers steps through.
SCORE_PAIRS = ((1, 3), (4, 5), (6, 7), (8, 9), (10, 11), (12, 13), (14, 15), (16, 17), (18, 19))
#: Attack scores and DEF of the table of odds.
ODDS_BONUSES = (0, 2, 4, 6, 8, 10)
ODDS_DEFENSES = (10, 13, 16, 19)
#: The worked knock-outs: (damage rolled, target's STR modifier, hit points left).
KNOCK_OUTS = ((8, 1, 3), (4, -1, 3), (12, 2, 6))
#: Helpers' attack scores, and the DEF of the two-weapon table.
HELPERS = (0, 5, 10)
TWO_WEAPON_DEFENSES = (10, 13, 16)
#: INT modifiers of the first-aid table.
FIRST_AID_INT = (-2, 0, 1, 2, 3, 4, 5)
#: Differences of the chase's table of steps.
CHASE_DIFFERENCES = (-15, -10, -9, -1, 0, 1, 9, 10, 15)


def _abilities() -> QuickTable:
    headers = (M("ability score"), *(f"{lo}–{hi}" for lo, hi in SCORE_PAIRS))
    row = (M("modifier"), *(M("{n:+d}", n=ability_modifier(lo)) for lo, _hi in SCORE_PAIRS))
    return QuickTable("abilities", M("Ability modifiers (Mod.)"), headers, (row,))


def _odds() -> QuickTable:
    headers = (M("attack score"), *(M("DEF {n}", n=d) for d in ODDS_DEFENSES))
    rows = tuple(
        (
            M("{n:+d}", n=b),
            *((attack(b, d).hit, attack(b, d, "d12").hit) for d in ODDS_DEFENSES),
        )
        for b in ODDS_BONUSES
    )
    caption = M(
        "P(hit): d20 / d12 (weakened or immobilised); a natural 1 misses, a natural 20 hits"
    )
    return QuickTable("odds", caption, headers, rows)


def _modifiers() -> QuickTable:
    rows = tuple((m.situation, M("{n:+d}", n=m.modifier), m.applies) for m in situation_modifiers())
    headers = (M("situation"), M("attack"), M("applies to"))
    return QuickTable("modifiers", M("Attack modifiers"), headers, rows)


def _defense() -> QuickTable:
    rows = tuple(
        (action, M("{n:+d}", n=action.bonus), action.action)
        for action in DefensiveAction
        if action.bonus
    )
    headers = (M("defensive action"), M("DEF"), M("action"))
    caption = M("Defensive actions (until the character's next turn)")
    return QuickTable("defense", caption, headers, rows)


def _conditions() -> QuickTable:
    rows = tuple((c.heading, c.summary) for c in Condition)
    headers = (M("condition (état)"), M("effect"))
    caption = M("Harmful conditions (they add up; surprised counts in round 1 only)")
    return QuickTable("conditions", caption, headers, rows)


def _temporary() -> QuickTable:
    rows = []
    for rolled, strength, hit_points in KNOCK_OUTS:
        temp = temporary_damage(rolled, strength)
        state = knock_out(hit_points, temp)
        rows.append((rolled, M("{n:+d}", n=strength), hit_points, temp, state.minutes))
    headers = (
        M("damage rolled"),
        M("target's STR mod."),
        M("hit points left"),
        M("temporary damage"),
        M("minutes knocked out"),
    )
    caption = M(
        "Temporary damage (DM temporaires): damage less the target's STR mod.; out past the hit "
        "points left, a minute a point; a critical failure: lethal, doubled"
    )
    return QuickTable("temporary", caption, headers, tuple(rows))


def _concerted() -> QuickTable:
    rows = tuple(
        (M("{n:+d}", n=helper), odds.none, odds.plus_two, odds.plus_four)
        for helper, odds in ((h, concerted_attack(h)) for h in HELPERS)
    )
    headers = (M("helper's melee attack"), M("no bonus"), M("+2"), M("+4"))
    caption = M(
        "Concerted attack: the helper's melee attack against {n}; +4 on 25 or a critical",
        n=CONCERTED_DIFFICULTY,
    )
    return QuickTable("concerted", caption, headers, rows)


def _two_weapons() -> QuickTable:
    rows = tuple(
        (
            M("DEF {n}", n=d),
            attack_action(5, d).outcome.hit,
            attack_action(5, d, blow=Blow(off_hand="1d6")).outcome.hit,
        )
        for d in TWO_WEAPON_DEFENSES
    )
    headers = (M("attack +5"), M("one weapon, d20"), M("two weapons, each d12"))
    caption = M("Two weapons: a limited action, two attacks on the d12, off hand 1d6 at most")
    return QuickTable("two_weapons", caption, headers, rows)


def _first_aid() -> QuickTable:
    headers = (M("INT mod."), *(M("{n:+d}", n=i) for i in FIRST_AID_INT))
    rows = ((M("P(saved)"), *(care_odds(i) for i in FIRST_AID_INT)),)
    caption = M(
        "First aid at 0 hit points, within the hour: one INT test against {n}",
        n=FIRST_AID_DIFFICULTY,
    )
    return QuickTable("first_aid", caption, headers, rows)


def _chase_table() -> QuickTable:
    rows = tuple((trait, M("{n:+d}", n=trait.modifier)) for trait in ChaseTrait)
    headers = (M("the creature"), M("modifier"))
    caption = M("Chase: DEX test modifiers (they add up; armour's DEF comes off)")
    return QuickTable("chase_table", caption, headers, rows)


def _chase_step() -> QuickTable:
    headers = (M("quarry − pursuer"), *(M("{n:+d}", n=d) for d in CHASE_DIFFERENCES))
    rows = ((M("gap (m)"), *(M("{n:+d}", n=chase_step(d)) for d in CHASE_DIFFERENCES)),)
    caption = M(
        "Chase: the gap's change (a lead of 10: an extra move of 20 m); caught at 0, gone at the "
        "loss-of-sight distance"
    )
    return QuickTable("chase_step", caption, headers, rows)


def quick_reference() -> tuple[QuickTable, ...]:
    """Every table of the quick reference, in the page's order, drawn from the rules.

    Example:
        >>> [t.key for t in quick_reference()][:3]
        ['abilities', 'odds', 'modifiers']
    """
    return (
        _abilities(),
        _odds(),
        _modifiers(),
        _conditions(),
        _defense(),
        _two_weapons(),
        _concerted(),
        _temporary(),
        _first_aid(),
        _chase_table(),
        _chase_step(),
    )
