"""The tables of the Galaxies Jumelles quick reference, as data drawn from the rules.

Each function calls the rules the chapter calls (codes, opposed rolls, the
outcome rules, :func:`~rulebook_py.systems.galaxies.melee`,
:func:`~rulebook_py.systems.galaxies.dodge_roll`, the shooting and psychic
options, :func:`~rulebook_py.systems.galaxies.blow_modifier`) and returns the
table as a :class:`~.calculators.Table` (cells as in a calculator's report:
:class:`~.calculators.Percent`, :class:`~.calculators.Expected`, messages);
:func:`rulebook_py.widgets.galaxies_common.blocks_html` renders them.

Example:
    >>> dodge_table().rows[2]
    ('Esquive fixe', '3D+1 fixed at 11')
"""

from __future__ import annotations

from ...errors import RulebookError
from ...messages import Msg, join
from ...systems import galaxies as g
from ...systems.galaxies.words import M
from .calculators import Expected, Percent, Table

__all__ = [
    "MELEE_PAIRS",
    "blows_table",
    "code_table",
    "dodge_table",
    "each_roll",
    "melee_table",
    "odds_table",
    "options_table",
    "rules_table",
    "tie_table",
]


def code_table() -> Table:
    """What 1D to 6D roll: lowest, average, highest and fixed value (*esquive fixe*)."""
    rows = []
    for n in range(1, 7):
        code = g.DiceCode(n)
        dist = code.distribution()
        average = Expected(code.average)
        rows.append((str(code), dist.min_value, average, dist.max_value, code.fixed_value()))
    heads = (M("code"), M("lowest"), M("average"), M("highest"), M("fixed value (esquive fixe)"))
    return Table(heads, tuple(rows), M("What a code rolls"))


def odds_table() -> Table:
    """P(higher) / P(tie) of 2D to 7D against 2D to 6D."""
    attack, defense = range(2, 8), range(2, 7)
    heads = (M("attack"), *(M("against {code}", code=f"{d}D") for d in defense))
    rows = []
    for a in attack:
        cells = []
        for d in defense:
            odds = g.opposed(f"{a}D", f"{d}D")
            cells.append(M("{higher} / {tie}", higher=Percent(odds.higher), tie=Percent(odds.tie)))
        rows.append((f"{a}D", *cells))
    return Table(heads, tuple(rows), M("P(the attack's total is higher) / P(a tie)"))


#: The attacks met by one defense roll, and the rule that settles each.
_RANGED = (
    (M("shot, melee blow or physical psychic attack, against a dodge"), g.SHOT_RULE),
    (M("thrown explosive, against a dodge"), g.EXPLOSIVE_RULE),
    (M("physical psychic attack, against a psychic counter"), g.COUNTER_RULE),
    (M("mental attack, against VOLONTÉ"), g.MENTAL_RULE),
    (M("shot or blow at a target unaware of it (must beat 0)"), g.UNAWARE_SHOT_RULE),
    (M("explosive at a target unaware of it"), g.UNAWARE_EXPLOSIVE_RULE),
)


def tie_table() -> Table:
    """Each attack against one defense roll: what higher, a tie and lower do."""
    rows = tuple((what, *(o.label for o in rule)) for what, rule in _RANGED)
    heads = (M("attack"), M("attack higher"), M("a tie"), M("attack lower"))
    return Table(heads, rows, M("Shots, explosives, psychic powers: one roll against the defense"))


_S = g.Stance
#: The melee table's pairs of stances (A, B).
MELEE_PAIRS = (
    (_S.ATTACK, _S.ATTACK),
    (_S.FEINT, _S.ATTACK),
    (_S.ATTACK, _S.PARRY),
    (_S.ATTACK, _S.COUNTER),
    (_S.FEINT, _S.COUNTER),
    (_S.ATTACK, _S.DODGE),
    (_S.ATTACK, _S.TOTAL_DODGE),
    (_S.ATTACK, _S.ALREADY_ACTED),
    (_S.ATTACK, _S.DISENGAGE),
    (_S.PURSUE, _S.DISENGAGE),
)


def melee_table() -> Table:
    """Each pair of stances: what A and B roll, and what higher, a tie and lower do."""
    rows = []
    for a, b in MELEE_PAIRS:
        x = g.melee(g.Fighter("4D", "3D", a), g.Fighter("4D", "3D", b))
        rolls = M("{a} against {b}", a=x.a_roll.describe(), b=x.b_roll.describe())  # type: ignore[union-attr]
        rows.append((a.label, b.label, rolls, *x.rule))
    heads = (
        M("A's stance"),
        M("B's stance"),
        M("A rolls, B rolls"),
        M("A higher"),
        M("a tie"),
        M("A lower"),
    )
    return Table(heads, tuple(rows), M("Melee: two fighters with a 4D skill and a 3D AGILITÉ"))


def dodge_table() -> Table:
    """Each dodge of an AGILITÉ of 3D+1: what is rolled, or the fixed value."""
    base = g.DiceCode(3, 1)
    rows = tuple((m.label, g.dodge_roll(base, m).describe()) for m in g.DodgeMode)
    return Table((M("dodge (AGILITÉ 3D+1)"), M("rolled as, or fixed at")), rows, M("Dodging"))


def _rolls(contest: g.Contest) -> str:
    shown = [a.describe() for a in contest.attacks]
    if len(shown) == 1:
        return shown[0]
    if len(set(shown)) == 1:
        return M("{n} × {roll}", n=len(shown), roll=shown[0])
    return join(" / ", shown)


def options_table() -> Table:
    """The rolls of each shooting, throwing and psychic option of a 4D+2 code, and aiming."""
    fire, psy = g.FireMode, g.PsyOption
    options: list[tuple[str, g.Contest]] = [
        (fire.SINGLE.label, g.shoot("4D+2", "3D")),
        (fire.INSTINCTIVE.label, g.shoot("4D+2", "3D", mode=fire.INSTINCTIVE)),
        (fire.BURST.label, g.shoot("4D+2", "3D", mode=fire.BURST, shots=3)),
        (fire.TWO_PISTOLS.label, g.shoot("4D+2", "3D", mode=fire.TWO_PISTOLS)),
        (M("two explosives, one in each hand"), g.throw_explosive("4D+2", "3D", two_at_once=True)),
        (psy.UBIQUITY.label, g.psychic_attack("4D+2", "3D", option=psy.UBIQUITY)),
        (psy.COMPLEMENTARITY.label, g.psychic_attack("4D+2", "3D", option=psy.COMPLEMENTARITY)),
    ]
    rows: list[tuple[str, str]] = [(what, _rolls(c)) for what, c in options]
    rows.append((M("aimed the round before (viser), VOLONTÉ 3D+2"), f"+{g.aim_bonus('3D+2')}"))
    sustained = join(", ", [f"+{g.sustained_fire_bonus(n, '3D+2')}" for n in range(2, 6)])
    rows.append((M("sustained fire (feu nourri), rounds 2 to 5, VOLONTÉ 3D+2"), sustained))
    heads = (M("option (a 4D+2 code)"), M("the rolls, or the bonus"))
    return Table(heads, tuple(rows), M("Shooting, throwing and psychic options"))


def each_roll(weapon: g.MeleeWeapon, option: g.BlowOption) -> Msg | str:
    """What a melee option does to each roll with a weapon, "—" where it is not allowed.

    Example:
        >>> each_roll(g.MeleeWeapon.AB3, g.BlowOption.TWO_WEAPONS), each_roll(g.MeleeWeapon.AB1, g.BlowOption.TWO_WEAPONS)
        ('halved', '-1D')
    """
    try:
        dice, halved = g.blow_modifier(weapon, option)
    except RulebookError:
        return "—"
    if halved:
        return M("halved") if dice == 0 else M("{dice:+d}D, halved", dice=dice)
    return M("{dice:+d}D", dice=dice)


def blows_table() -> Table:
    """Two weapons, one hand, instinctive blows with each weapon."""
    weapons = list(g.MeleeWeapon)
    options = [o for o in g.BlowOption if o is not g.BlowOption.SINGLE]
    heads = (M("each roll"), *(w.label for w in weapons))
    rows = tuple((o.label, *(each_roll(w, o) for w in weapons)) for o in options)
    return Table(heads, rows, M("Melee weapons: two weapons, one hand, instinctive blows"))


def rules_table() -> Table:
    """The fixed values: range bonus, shares of the damage, the longest burst."""
    values = (
        (M("range bonus (BDP) against an AGILITÉ roll in melee"), f"+{g.RANGE_BONUS}"),
        (M("share of the damage a half dodge deals (this book)"), str(g.HALF_DODGE_FACTOR)),
        (M("share of the damage a counter deals"), str(g.COUNTER_FACTOR)),
        (M("longest burst (this book)"), g.MAX_ATTACKS),
    )
    return Table((M("rule"), M("value")), values)
