"""Galaxies Jumelles melee (*corps à corps*): one exchange between two fighters.

Each side picks a stance. Two attackers roll their weapon skill (AB, CC or
AM) + BDC + BDT against each other: the higher total lands a full blow, a tie
means both missed. A guard (parry +2D, counter stance +1D) only answers an
attack; a fighter who dodges, disengages, or has already used his main action
rolls AGILITÉ and the attacker adds the range bonus of +5; then a tie is a
half-dodge. Two guards, or nobody attacking, means no exchange at all.

Choices where the source is silent (named parameters of :func:`melee`):

* ``guard_tie_lands=False``: a tie against a parry or a counter follows the
  general melee rule (no blow lands). The literal reading of the parry
  paragraph ("unless he wins, he is hit") is ``True``.
* A feint's -1D applies against an *attack* stance only (the "purely
  offensive" opponent); against a dodge or a disengagement it changes nothing.
* Two-weapon, one-handed and instinctive options change the roll of every
  stance made with the weapon skill (attack, feint, parry, counter). An
  attacker with two weapons or instinctive blows strikes **two** blows
  (:attr:`MeleeResult.a_blows`), each roll with the same penalty; each blow
  is settled like the exchange computed here. The source does not say how
  the opponent answers the second blow, so the two are not modelled jointly:
  the expected damage of the round is twice one blow's.
* A fighter who disengages while nobody strikes at him or follows him gets
  away: the melee ends. One who follows without striking (:attr:`Stance.PURSUE`)
  rolls his melee skill + the +5 range bonus against the disengaging
  fighter's AGILITÉ (the source's « dans ce cas particulier » read as
  covering both of the follower's choices): higher, the melee goes on; lower,
  the fighter gets away; a tie keeps the melee going
  (``pursuit_tie_holds=True``), since a dodge must be strictly higher.

Example:
    >>> r = melee(Fighter("4D+1", "3D"), Fighter("3D+2", "3D"))
    >>> r.probability("A hits") + r.probability("B hits") + r.probability("Both miss")
    Fraction(1, 1)
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from fractions import Fraction

from ...errors import RuleValueError, check_int, quote
from .codes import (
    MAX_PIPS,
    CodeLike,
    DiceCode,
    LabelledEnum,
    Roll,
    RolledTotal,
    Rounding,
    as_code,
    check_bool,
    check_enum,
    check_points,
    check_rng,
    check_share,
    check_type,
    facade_repr,
)

__all__ = [
    "COUNTER_FACTOR",
    "RANGE_BONUS",
    "BlowOption",
    "Fighter",
    "MeleeResult",
    "MeleeRoll",
    "MeleeRow",
    "MeleeWeapon",
    "Stance",
    "blow_modifier",
    "melee",
]

#: The range bonus an attacker adds when the defender rolls AGILITÉ (always +5).
RANGE_BONUS = 5
#: Damage share of a successful counter stance (half damage).
COUNTER_FACTOR = Fraction(1, 2)


class Stance(LabelledEnum):
    """What a fighter does this round in melee.

    Example:
        >>> Stance.COUNTER.label, Stance.COUNTER.kind
        ('Posture de contre', 'guard')
    """

    ATTACK = ("Attaque", "offence")
    FEINT = ("Feinte", "offence")
    PARRY = ("Parade", "guard")
    COUNTER = ("Posture de contre", "guard")
    DODGE = ("Esquive", "evasion")
    TOTAL_DODGE = ("Esquive totale", "evasion")
    DISENGAGE = ("Désengagement", "evasion")
    ALREADY_ACTED = ("Action principale déjà faite (AGILITÉ)", "evasion")
    PURSUE = ("Poursuite sans frapper (après un désengagement)", "pursuit")

    @property
    def kind(self) -> str:
        """``"offence"``, ``"guard"``, ``"evasion"`` or ``"pursuit"``."""
        return self.value[1]


class MeleeWeapon(LabelledEnum):
    """What a fighter strikes with: bare hands, a melee weapon, a blade class.

    Example:
        >>> MeleeWeapon.AB3.label
        'Arme blanche AB3'
    """

    UNARMED = "Mains nues (CC/AM)"
    CLOSE = "Arme de corps à corps (CC)"
    AB1 = "Arme blanche AB1"
    AB2 = "Arme blanche AB2"
    AB3 = "Arme blanche AB3"
    AB4 = "Arme blanche AB4"


class BlowOption(LabelledEnum):
    """One weapon, two weapons, a large blade in one hand, or two instinctive blows.

    Example:
        >>> BlowOption.INSTINCTIVE.label
        'Coups instinctifs'
    """

    SINGLE = "Une arme"
    TWO_WEAPONS = "Deux armes"
    ONE_HANDED = "À une main"
    INSTINCTIVE = "Coups instinctifs"


_BLADES = (MeleeWeapon.AB1, MeleeWeapon.AB2, MeleeWeapon.AB3, MeleeWeapon.AB4)


def blow_modifier(
    weapon: MeleeWeapon, option: BlowOption, field: str = "blows"
) -> tuple[int, bool]:
    """``(dice added, halved)`` for a weapon used with an option.

    Two AB1/AB2 or two CC: -1D each; two AB3: each roll halved; an AB3 (or an
    AB4 that allows it) in one hand, or two AB4: -1D; instinctive blows
    (AB1/AB2 only): each roll halved.

    Example:
        >>> blow_modifier(MeleeWeapon.AB3, BlowOption.TWO_WEAPONS)
        (0, True)
        >>> blow_modifier(MeleeWeapon.CLOSE, BlowOption.TWO_WEAPONS)
        (-1, False)
    """
    check_enum(weapon, MeleeWeapon, "weapon")
    check_enum(option, BlowOption, "blows")
    if option is BlowOption.SINGLE:
        return 0, False
    if option is BlowOption.TWO_WEAPONS:
        if weapon is MeleeWeapon.UNARMED:
            raise RuleValueError(
                "two weapons need weapons: bare hands cannot use 'Deux armes'", field=field
            )
        return (0, True) if weapon is MeleeWeapon.AB3 else (-1, False)
    if option is BlowOption.ONE_HANDED:
        if weapon not in (MeleeWeapon.AB3, MeleeWeapon.AB4):
            raise RuleValueError(
                f"'À une main' is for AB3 or AB4 blades, not {weapon.label!r}", field=field
            )
        return -1, False
    if weapon not in (MeleeWeapon.AB1, MeleeWeapon.AB2):
        raise RuleValueError(
            f"instinctive blows need an AB1 or AB2 blade, not {weapon.label!r}", field=field
        )
    return 0, True


@dataclass(frozen=True, repr=False)
class Fighter:
    """One side of a melee exchange.

    Attributes:
        skill: The weapon or bare-hand skill (AB, CC or AM), e.g. ``"4D+1"``.
        agility: AGILITÉ, rolled to dodge, disengage, or after a main action.
        stance: What the fighter does this round.
        weapon: What he strikes with.
        proton: His blade is a proton blade (*arme blanche protonique*).
        bonus: BDC + BDT of the weapon or technique (points).
        blows: One weapon, two weapons, one-handed, instinctive blows.

    Example:
        >>> Fighter("4D", "3D", Stance.PARRY).stance.label
        'Parade'
    """

    skill: CodeLike
    agility: CodeLike = "3D"
    stance: Stance = Stance.ATTACK
    weapon: MeleeWeapon = MeleeWeapon.CLOSE
    proton: bool = False
    bonus: int = 0
    blows: BlowOption = BlowOption.SINGLE

    __repr__ = facade_repr

    def __post_init__(self) -> None:
        check_type(self.skill, (str, DiceCode), "skill", "a dice code such as '4D+1'")
        check_type(self.agility, (str, DiceCode), "agility", "a dice code such as '3D'")
        check_enum(self.stance, Stance, "stance")
        check_enum(self.weapon, MeleeWeapon, "weapon")
        check_bool(self.proton, "proton")
        check_type(self.bonus, int, "bonus", "a whole number of points")
        check_enum(self.blows, BlowOption, "blows")


@dataclass(frozen=True)
class MeleeRow:
    """One outcome of the exchange and what each side deals (share of its damage).

    Example:
        >>> MeleeRow("A hits", Fraction(1, 2), Fraction(1), Fraction(0)).a_deals
        Fraction(1, 1)
    """

    label: str
    probability: Fraction
    a_deals: Fraction
    b_deals: Fraction

    def __post_init__(self) -> None:
        check_type(self.label, str, "label", "an outcome's text")
        for name in ("probability", "a_deals", "b_deals"):
            check_share(getattr(self, name), name)


@dataclass(frozen=True)
class MeleeRoll:
    """One seeded exchange: both rolls (or none) and the outcome.

    Example:
        >>> r = melee(Fighter("3D"), Fighter("3D")).resolve(random.Random(5))
        >>> r.label in ("A hits", "B hits", "Both miss")
        True
    """

    a: RolledTotal | None
    b: RolledTotal | None
    label: str

    def lines(self) -> list[str]:
        """Both rolls, every die shown, and the outcome (or why no die is thrown).

        Example:
            >>> melee(Fighter("1D"), Fighter("1D")).roll(random.Random(1)).lines()
            ['A: 1D [2] = 2; B: 1D [5] = 5 — B hits']
        """
        if self.a is None or self.b is None:
            return [f"no roll — {self.label}"]
        return [f"A: {self.a}; B: {self.b} — {self.label}"]


@dataclass(frozen=True)
class MeleeResult:
    """Exact outcome of one melee exchange.

    Attributes:
        a_roll: A's roll, or ``None`` when no roll is made.
        b_roll: B's roll, or ``None``.
        rows: Each outcome with its probability and damage shares.
        rule: Outcome labels for A higher, tie, A lower (when rolls are made).
        note: One sentence that says which rule applies.
        a_blows: Blows A strikes this round: 2 when attacking with two weapons
            or instinctive blows, each settled like this exchange; else 1.
        b_blows: The same for B.

    Example:
        >>> r = melee(Fighter("3D", stance=Stance.PARRY), Fighter("3D", stance=Stance.COUNTER))
        >>> r.rows[0].label, r.rows[0].probability
        ('No exchange', Fraction(1, 1))
    """

    a_roll: Roll | None
    b_roll: Roll | None
    rows: tuple[MeleeRow, ...]
    rule: tuple[str, str, str] | None
    note: str
    a_blows: int = 1
    b_blows: int = 1

    def probability(self, label: str) -> Fraction:
        """P(outcome ``label``), 0 when it cannot happen."""
        if not isinstance(label, str):
            raise RuleValueError(
                f"label must be an outcome's text, got {quote(label)}", field="label"
            )
        return sum((r.probability for r in self.rows if r.label == label), Fraction(0))

    def table(self) -> dict[str, Fraction]:
        """``{outcome: probability}``, every outcome of the exchange.

        Example:
            >>> melee(Fighter("1D"), Fighter("1D")).table()["Both miss"]
            Fraction(1, 6)
        """
        return {r.label: r.probability for r in self.rows}

    @property
    def expected_a_deals(self) -> Fraction:
        """Expected share of A's damage that lands on B, for one exchange."""
        return sum((r.probability * r.a_deals for r in self.rows), Fraction(0))

    @property
    def expected_b_deals(self) -> Fraction:
        """Expected share of B's damage that lands on A, for one exchange."""
        return sum((r.probability * r.b_deals for r in self.rows), Fraction(0))

    @property
    def round_a_deals(self) -> Fraction:
        """Expected share of A's damage over the round: each of A's blows counts.

        Example:
            >>> two = Fighter("4D", weapon=MeleeWeapon.AB1, blows=BlowOption.INSTINCTIVE)
            >>> r = melee(two, Fighter("2D", stance=Stance.DODGE))
            >>> r.a_blows, r.round_a_deals == 2 * r.expected_a_deals
            (2, True)
        """
        return self.a_blows * self.expected_a_deals

    @property
    def round_b_deals(self) -> Fraction:
        """Expected share of B's damage over the round: each of B's blows counts."""
        return self.b_blows * self.expected_b_deals

    def resolve(self, rng: random.Random | None = None) -> MeleeRoll:
        """Roll A then B once (no dice when there is no exchange)."""
        if self.a_roll is None or self.b_roll is None or self.rule is None:
            return MeleeRoll(None, None, self.rows[0].label)
        rng = rng or random.Random()
        a = self.a_roll.roll(rng)
        b = self.b_roll.roll(rng)
        k = 0 if a.total > b.total else 1 if a.total == b.total else 2
        return MeleeRoll(a, b, self.rule[k])

    def roll(self, rng: random.Random) -> MeleeRoll:
        """One seeded exchange (:meth:`resolve` with a required seed)."""
        return self.resolve(check_rng(rng))


@dataclass(frozen=True)
class _Side:
    name: str
    skill: DiceCode
    agility: DiceCode
    stance: Stance
    weapon: MeleeWeapon
    proton: bool
    bonus: int
    dice: int
    halved: bool
    blows: BlowOption

    @property
    def strikes(self) -> int:
        """Blows struck this round: two weapons or instinctive blows give two."""
        two = self.blows in (BlowOption.TWO_WEAPONS, BlowOption.INSTINCTIVE)
        return 2 if two and self.stance.kind == "offence" else 1


def _side(f: Fighter, name: str) -> _Side:
    p = name.lower()
    if not isinstance(f, Fighter):
        raise RuleValueError(f"fighter {name} must be a Fighter, got {f!r}", field=p)
    skill = as_code(f.skill, f"{p}_skill")
    agility = as_code(f.agility, f"{p}_agility")
    for value, enum, field in (
        (f.stance, Stance, "stance"),
        (f.weapon, MeleeWeapon, "weapon"),
        (f.blows, BlowOption, "blows"),
    ):
        check_enum(value, enum, f"{p}_{field}")
    check_bool(f.proton, f"{p}_proton")
    check_points(f.bonus, f"{name}'s BDC + BDT", f"{p}_bonus")
    if f.proton and f.weapon not in _BLADES:
        raise RuleValueError(
            f"only a blade (AB1 to AB4) can be a proton blade, not {f.weapon.label!r}",
            field=f"{p}_proton",
        )
    dice, halved = blow_modifier(f.weapon, f.blows, f"{p}_blows")
    return _Side(name, skill, agility, f.stance, f.weapon, f.proton, f.bonus, dice, halved, f.blows)


def _check_guard(me: _Side, other: _Side) -> None:
    if me.stance.kind != "guard":
        return
    p = me.name.lower()
    if me.weapon is MeleeWeapon.UNARMED and other.weapon is not MeleeWeapon.UNARMED:
        raise RuleValueError(
            f"{me.name} cannot use {me.stance.label!r} bare-handed against "
            f"{other.weapon.label!r}: parry and counter need a weapon against a weapon",
            field=f"{p}_stance",
        )
    if other.proton and not me.proton:
        raise RuleValueError(
            f"{me.name} cannot use {me.stance.label!r} against a proton blade "
            "without a proton blade",
            field=f"{p}_stance",
        )


def _check_pursuit(me: _Side, other: _Side) -> None:
    if me.stance is Stance.PURSUE and other.stance is not Stance.DISENGAGE:
        raise RuleValueError(
            f"{me.name} can follow without striking only a fighter who disengages: "
            f"{other.name}'s stance is {other.stance.label!r}, not "
            f"{Stance.DISENGAGE.label!r}",
            field=f"{me.name.lower()}_stance",
        )


def _weapon_roll(side: _Side, extra_dice: int, extra_points: int, rounding: Rounding) -> Roll:
    added = f"{side.name}'s BDC + BDT" + (
        f" and the +{extra_points} range bonus" if extra_points else ""
    )
    field = f"{side.name.lower()}_skill"
    code = side.skill.with_pips(side.bonus + extra_points, added, field)
    code = code.with_dice(side.dice + extra_dice, "the stance's and weapons' dice", field)
    return Roll(code, halved=side.halved, rounding=rounding, field=f"{side.name.lower()}_skill")


def _guard_dice(stance: Stance) -> int:
    return 2 if stance is Stance.PARRY else 1


def _feint_dice(attacker: _Side, defender: _Side) -> int:
    if attacker.stance is not Stance.FEINT:
        return 0
    if defender.stance is Stance.COUNTER:
        return 1
    if defender.stance is Stance.ATTACK:
        return -1
    return 0


def _evasion_roll(side: _Side, rounding: Rounding, fixed: bool = False) -> Roll:
    field = f"{side.name.lower()}_agility"
    code = side.agility.with_dice(
        2 if side.stance is Stance.TOTAL_DODGE else 0, "a total dodge", field
    )
    return Roll(code, fixed=fixed, rounding=rounding, field=field).check()


def _agility(side: _Side, roll: Roll, fixed: bool) -> str:
    """How a fighter's AGILITÉ answers: rolled, or fixed at its average."""
    if fixed:
        return f"has AGILITÉ {roll.code} fixed at {roll.distribution().min_value} (esquive fixe)"
    return f"rolls AGILITÉ {roll.code}"


def melee(
    a: Fighter,
    b: Fighter,
    *,
    half_dodge_factor: Fraction = Fraction(1, 2),
    counter_factor: Fraction = COUNTER_FACTOR,
    range_bonus: int = RANGE_BONUS,
    guard_tie_lands: bool = False,
    rounding: Rounding = Rounding.DOWN,
    fixed_dodge: bool = False,
    pursuit_tie_holds: bool = True,
) -> MeleeResult:
    """Exact outcome of one melee exchange between fighters A and B.

    Args:
        a: Fighter A.
        b: Fighter B.
        half_dodge_factor: Damage share of a half-dodge (the source does not say; 1/2).
        counter_factor: Damage share of a successful counter stance (1/2).
        range_bonus: Added to an attacker whose opponent rolls AGILITÉ (+5).
        guard_tie_lands: Whether a tie against a parry or counter lets the blow land.
        rounding: Rounding of halved rolls and of the fixed dodge.
        fixed_dodge: The fight uses the fixed dodge (*esquive fixe*): every
            AGILITÉ roll (dodge, total dodge, disengaging, already acted) is
            replaced by the code's average, rounded by ``rounding``.
        pursuit_tie_holds: When one fighter disengages and the other follows
            without striking, a tie of the follower's roll (+5) with the
            AGILITÉ keeps the melee going (``False``: the fighter gets away).

    Raises:
        RuleValueError: For a parry or counter bare-handed against a weapon (or
            without a proton blade against one), an option the weapon does not
            allow, a roll that falls to 0D, or a pursuit of someone who
            does not disengage.

    Example:
        >>> r = melee(Fighter("4D"), Fighter("4D", stance=Stance.PARRY))
        >>> [row.label for row in r.rows]
        ['A hits', 'No blow lands', 'Parried']
    """
    sa, sb = _side(a, "A"), _side(b, "B")
    _check_guard(sa, sb)
    _check_guard(sb, sa)
    half = check_share(half_dodge_factor, "half_dodge_factor")
    counter = check_share(counter_factor, "counter_factor")
    check_int(range_bonus, "range_bonus", 0, MAX_PIPS)
    check_bool(guard_tie_lands, "guard_tie_lands")
    check_bool(fixed_dodge, "fixed_dodge")
    check_bool(pursuit_tie_holds, "pursuit_tie_holds")
    check_enum(rounding, Rounding, "rounding")
    _check_pursuit(sa, sb)
    _check_pursuit(sb, sa)
    result = _exchange(
        sa,
        sb,
        half,
        counter,
        range_bonus,
        guard_tie_lands,
        rounding,
        fixed_dodge,
        pursuit_tie_holds,
    )
    return replace(result, a_blows=sa.strikes, b_blows=sb.strikes)


def _exchange(
    sa: _Side,
    sb: _Side,
    half: Fraction,
    counter: Fraction,
    range_bonus: int,
    guard_tie_lands: bool,
    rounding: Rounding,
    fixed_dodge: bool = False,
    pursuit_tie_holds: bool = True,
) -> MeleeResult:
    """One exchange between two checked sides (see :func:`melee`)."""
    kinds = (sa.stance.kind, sb.stance.kind)
    if "pursuit" in kinds:
        flip = kinds[1] == "pursuit"
        chaser, runner = (sb, sa) if flip else (sa, sb)
        r_chaser = _weapon_roll(chaser, 0, range_bonus, rounding)
        r_runner = _evasion_roll(runner, rounding, fixed_dodge)
        tie = "Melee goes on" if pursuit_tie_holds else "Disengaged"
        spec = (("Melee goes on", 0, 0), (tie, 0, 0), ("Disengaged", 0, 0))
        note = (
            f"{runner.name} disengages and {_agility(runner, r_runner, fixed_dodge)}; "
            f"{chaser.name} follows without striking, his roll with the range bonus "
            f"+{range_bonus}: higher{' or equal' if pursuit_tie_holds else ''}, he keeps up "
            f"and the melee goes on; else {runner.name} gets away."
        )
        if flip:
            spec = tuple(reversed(spec))  # type: ignore[assignment]
            return _result(r_runner, r_chaser, spec, note)
        return _result(r_chaser, r_runner, spec, note)
    if Stance.DISENGAGE in (sa.stance, sb.stance) and "offence" not in kinds:
        who = [s.name for s in (sa, sb) if s.stance is Stance.DISENGAGE]
        note = (
            f"{' and '.join(who)} disengage{'s' if len(who) == 1 else ''} and nobody strikes "
            "or follows: the melee ends."
        )
        row = MeleeRow("Disengaged", Fraction(1), Fraction(0), Fraction(0))
        return MeleeResult(None, None, (row,), None, note)
    if "offence" not in kinds:
        note = "Nobody attacks: " + (
            "both are on guard and circle each other."
            if kinds == ("guard", "guard")
            else "no blow is exchanged."
        )
        row = MeleeRow("No exchange", Fraction(1), Fraction(0), Fraction(0))
        return MeleeResult(None, None, (row,), None, note)
    if kinds == ("offence", "offence"):
        ra = _weapon_roll(sa, _feint_dice(sa, sb), 0, rounding)
        rb = _weapon_roll(sb, _feint_dice(sb, sa), 0, rounding)
        spec = (("A hits", 1, 0), ("Both miss", 0, 0), ("B hits", 0, 1))
        note = "Both attack: the higher total lands a blow; a tie, both miss."
        return _result(ra, rb, spec, note)
    flip = kinds[0] != "offence"
    att, dfn = (sb, sa) if flip else (sa, sb)
    hit = f"{att.name} hits"
    if dfn.stance.kind == "guard":
        r_att = _weapon_roll(att, _feint_dice(att, dfn), 0, rounding)
        r_dfn = _weapon_roll(dfn, _guard_dice(dfn.stance), 0, rounding)
        tie = (hit, 1) if guard_tie_lands else ("No blow lands", 0)
        if dfn.stance is Stance.PARRY:
            lose = ("Parried", 0, 0)
            note = f"{dfn.name} parries (+2D): winning means the blow is parried, no damage dealt."
        else:
            lose = (f"{dfn.name} counters (half damage)", 0, counter)
            note = f"{dfn.name} counters (+1D): winning deals half damage."
        spec = ((hit, 1, 0), (tie[0], tie[1], 0), lose)
    else:
        r_att = _weapon_roll(att, _feint_dice(att, dfn), range_bonus, rounding)
        r_dfn = _evasion_roll(dfn, rounding, fixed_dodge)
        away = "Disengaged" if dfn.stance is Stance.DISENGAGE else "Dodged"
        spec = ((hit, 1, 0), ("Half-dodge", half, 0), (away, 0, 0))
        note = (
            f"{dfn.name} ({dfn.stance.label}) {_agility(dfn, r_dfn, fixed_dodge)}; "
            f"{att.name} adds the range bonus +{range_bonus}; a tie is a half-dodge."
        )
    if flip:
        spec = tuple((label, x, y) for label, y, x in reversed(spec))  # type: ignore[assignment]
        return _result(r_dfn, r_att, spec, note)
    return _result(r_att, r_dfn, spec, note)


def _result(
    ra: Roll, rb: Roll, spec: tuple[tuple[str, Fraction | int, Fraction | int], ...], note: str
) -> MeleeResult:
    """Build the rows from A's and B's rolls; ``spec`` is for A higher, tie, A lower."""
    c = ra.distribution().compare(rb.distribution())
    merged: dict[str, list[Fraction]] = {}
    for p, (label, x, y) in zip((c.gt, c.eq, c.lt), spec):
        if label in merged:
            merged[label][0] += p
        else:
            merged[label] = [p, Fraction(x), Fraction(y)]
    rows = tuple(MeleeRow(label, *v) for label, v in merged.items())
    return MeleeResult(ra, rb, rows, (spec[0][0], spec[1][0], spec[2][0]), note)
