"""Galaxies Jumelles melee (*corps à corps*): one exchange between two fighters.

Each side picks a stance. Two attackers roll their weapon skill (AB, CC or
AM) + BDC + BDT against each other: the higher total lands a full blow, a tie
means both missed. A guard (parry +2D, counter stance +1D) only answers an
attack; a fighter who dodges, disengages, or has already used his main action
rolls AGILITÉ and the attacker adds the range bonus of +5; then a tie is a
half-dodge. Two guards, or nobody attacking, means no exchange at all.

A fighter who disengages gets away whatever happens, unless the other
follows him: the source gives the other the choice « de tenter de porter un
coup avant que son opposant ne se soit totalement désengagé *ou* de le
poursuivre (sans porter de coup) afin de continuer le corps à corps ». Only
the pursuit continues the melee; a blow struck at him (full, half-dodged or
dodged) is struck as he leaves, and the melee ends after it.

Choices where the source is silent (named parameters of :func:`melee`):

* ``guard_tie_lands=False``: a tie against a parry or a counter follows the
  general melee rule (no blow lands). The literal reading of the parry
  paragraph ("unless he wins, he is hit") is ``True``.
* A feint's -1D applies against an *attack* stance only (the "purely
  offensive" opponent); against a dodge or a disengagement it changes nothing.
* Two-weapon, one-handed and instinctive options change the roll of every
  stance made with the weapon skill (attack, feint, parry, counter). An
  attacker with two weapons or instinctive blows strikes **two** blows
  (:attr:`MeleeResult.a_blows`), each roll with the same penalty, each
  settled like the exchange computed here: the expected damage of the round
  is twice one blow's. Against a fighter who answers with AGILITÉ (a dodge,
  a disengagement, a main action already made) his one roll answers both
  blows, as a dodge answers every attack of the round, so the two blows are
  linked (:func:`~rulebook_py.systems.galaxies.whole_fight.fight` counts them
  together); against one who attacks, parries or counters, the source does
  not say how his one opposed roll answers a second blow.
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
from dataclasses import InitVar, dataclass, replace
from fractions import Fraction

from ...errors import RuleValueError, check_enum, check_int, check_type, quote
from ...labels import LabelledEnum
from ...messages import Msg
from .codes import (
    MAX_BONUS,
    MAX_PIPS,
    CodeLike,
    DiceCode,
    Roll,
    RolledTotal,
    Rounding,
    as_code,
    check_bool,
    check_field,
    check_rng,
    check_share,
    check_side,
    facade_repr,
)
from .words import M

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

    He attacks, feints (*feinte*), parries (*parade*: +2D, no blow), takes the
    counter stance (*posture de contre*: +1D, half damage), dodges or dodges
    totally with AGILITÉ, disengages (*désengagement*), answers with AGILITÉ
    because his main action is spent, or follows a disengaging opponent
    without striking (*poursuivre sans porter de coup*) to keep the melee going.

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
    PURSUE = ("Poursuite (sans porter de coup)", "pursuit")

    @property
    def kind(self) -> str:
        """``"offence"``, ``"guard"``, ``"evasion"`` or ``"pursuit"``."""
        return self.value[1]


class MeleeWeapon(LabelledEnum):
    """What a fighter strikes with: bare hands, a melee weapon, a blade class.

    Any blade may be a proton blade (*arme blanche protonique*):
    :attr:`Fighter.proton` says so.

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
    check_field(field)
    check_enum(weapon, MeleeWeapon, "weapon")
    check_enum(option, BlowOption, "blows")
    if option is BlowOption.SINGLE:
        return 0, False
    if option is BlowOption.TWO_WEAPONS:
        if weapon is MeleeWeapon.UNARMED:
            raise RuleValueError(
                M("two weapons need weapons: bare hands cannot use 'Deux armes'"), field=field
            )
        return (0, True) if weapon is MeleeWeapon.AB3 else (-1, False)
    if option is BlowOption.ONE_HANDED:
        if weapon not in (MeleeWeapon.AB3, MeleeWeapon.AB4):
            raise RuleValueError(
                M("'À une main' is for AB3 or AB4 blades, not '{weapon}'", weapon=weapon.label),
                field=field,
            )
        return -1, False
    if weapon not in (MeleeWeapon.AB1, MeleeWeapon.AB2):
        raise RuleValueError(
            M("instinctive blows need an AB1 or AB2 blade, not '{weapon}'", weapon=weapon.label),
            field=field,
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
        bonus: BDC + BDT of the weapon or technique (points, from
            -:data:`~.codes.MAX_BONUS` to :data:`~.codes.MAX_BONUS`).
        blows: One weapon, two weapons, one-handed, instinctive blows.
        side: ``"a"`` or ``"b"`` when the fighter is a calculator's side A or
            B: a refusal names the side's parameter (``a_bonus``), as its box
            does; ``""`` (the default) names the field (``bonus``). Not kept.

    Example:
        >>> Fighter("4D", "3D", Stance.PARRY).stance.label
        'Parade'
        >>> Fighter("4D", bonus=51, side="a")
        Traceback (most recent call last):
        ...
        rulebook_py.errors.RuleValueError: a_bonus must be an integer from -50 to 50, got 51
    """

    skill: CodeLike
    agility: CodeLike = "3D"
    stance: Stance = Stance.ATTACK
    weapon: MeleeWeapon = MeleeWeapon.CLOSE
    proton: bool = False
    bonus: int = 0
    blows: BlowOption = BlowOption.SINGLE
    side: InitVar[str] = ""

    __repr__ = facade_repr

    def __post_init__(self, side: str) -> None:
        p = check_side(side)
        check_type(self.skill, (str, DiceCode), f"{p}skill", M("a dice code such as '4D+1'"))
        check_type(self.agility, (str, DiceCode), f"{p}agility", M("a dice code such as '3D'"))
        check_enum(self.stance, Stance, f"{p}stance")
        check_enum(self.weapon, MeleeWeapon, f"{p}weapon")
        check_bool(self.proton, f"{p}proton")
        check_int(self.bonus, f"{p}bonus", -MAX_BONUS, MAX_BONUS)
        check_enum(self.blows, BlowOption, f"{p}blows")


@dataclass(frozen=True)
class MeleeRow:
    """One outcome of the exchange, what each side deals (share of its damage), and whether it ends the melee.

    Example:
        >>> MeleeRow("A hits", Fraction(1, 2), Fraction(1), Fraction(0)).a_deals
        Fraction(1, 1)
        >>> MeleeRow("Disengaged", Fraction(1), Fraction(0), Fraction(0), ends=True).ends
        True
    """

    label: str
    probability: Fraction
    a_deals: Fraction
    b_deals: Fraction
    ends: bool = False

    def __post_init__(self) -> None:
        _check_label(self.label, "label")
        for name in ("probability", "a_deals", "b_deals"):
            check_share(getattr(self, name), name)
        check_bool(self.ends, "ends")


def _check_label(label: object, field: str) -> str:
    """An outcome's text (a message, or text of at most 200 characters), else a message."""
    if not isinstance(label, str) or len(label) > 200:
        raise RuleValueError(
            M("{name} must be an outcome's text, got {got}", name=field, got=quote(label)),
            field=field,
        )
    return label


@dataclass(frozen=True)
class MeleeRoll:
    """One seeded exchange: both rolls (or none) and the outcome.

    Example:
        >>> r = melee(Fighter("3D"), Fighter("3D")).resolve(random.Random(5))
        >>> r.label in ("A hits", "B hits", "Both miss")
        True
        >>> MeleeRoll(None, None, "No exchange").lines()
        ['no roll — No exchange']
    """

    a: RolledTotal | None
    b: RolledTotal | None
    label: str

    def __post_init__(self) -> None:
        for name in ("a", "b"):
            if getattr(self, name) is not None:
                check_type(getattr(self, name), RolledTotal, name, M("a galaxies.RolledTotal"))
        _check_label(self.label, "label")

    def lines(self) -> list[Msg]:
        """Both rolls, every die shown, and the outcome (or why no die is thrown).

        Example:
            >>> melee(Fighter("1D"), Fighter("1D")).roll(random.Random(1)).lines()
            ['A: 1D [2] = 2; B: 1D [5] = 5 — B hits']
        """
        if self.a is None or self.b is None:
            return [M("no roll — {label}", label=self.label)]
        return [M("A: {a}; B: {b} — {label}", a=self.a.text, b=self.b.text, label=self.label)]


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
        >>> MeleeResult(None, None, (MeleeRow("No exchange", Fraction(1), Fraction(0), Fraction(0)),), None, "Nobody attacks.").table()
        {'No exchange': Fraction(1, 1)}
    """

    a_roll: Roll | None
    b_roll: Roll | None
    rows: tuple[MeleeRow, ...]
    rule: tuple[str, str, str] | None
    note: str
    a_blows: int = 1
    b_blows: int = 1

    def __post_init__(self) -> None:
        for name in ("a_roll", "b_roll"):
            if getattr(self, name) is not None:
                check_type(getattr(self, name), Roll, name, M("a galaxies.Roll"))
        check_type(self.rows, tuple, "rows", M("a tuple of galaxies.MeleeRow"))
        if not self.rows:
            raise RuleValueError(
                M("{name} must hold at least one outcome", name="rows"), field="rows"
            )
        for row in self.rows:
            check_type(row, MeleeRow, "rows", M("a tuple of galaxies.MeleeRow"))
        if self.rule is not None:
            check_type(self.rule, tuple, "rule", M("three outcomes' texts, or None"))
            if len(self.rule) != 3:
                raise RuleValueError(
                    M(
                        "{name} must be three outcomes' texts (higher, tie, lower), got {got}",
                        name="rule",
                        got=quote(self.rule),
                    ),
                    field="rule",
                )
            for label in self.rule:
                _check_label(label, "rule")
        if not isinstance(self.note, str) or len(self.note) > 1000:
            raise RuleValueError(
                M("{name} must be a sentence, got {got}", name="note", got=quote(self.note)),
                field="note",
            )
        check_int(self.a_blows, "a_blows", 1, 2)
        check_int(self.b_blows, "b_blows", 1, 2)

    def probability(self, label: str) -> Fraction:
        """P(outcome ``label``), 0 when it cannot happen."""
        if not isinstance(label, str):
            raise RuleValueError(
                M("{name} must be an outcome's text, got {got}", name="label", got=quote(label)),
                field="label",
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
        rng = random.Random() if rng is None else check_rng(rng)
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
        raise RuleValueError(
            M(
                "{name} must be a galaxies.Fighter, e.g. Fighter('4D+1'), got {got}",
                name=p,
                got=quote(f),
            ),
            field=p,
        )
    skill = as_code(f.skill, f"{p}_skill")
    agility = as_code(f.agility, f"{p}_agility")
    for value, enum, field in (
        (f.stance, Stance, "stance"),
        (f.weapon, MeleeWeapon, "weapon"),
        (f.blows, BlowOption, "blows"),
    ):
        check_enum(value, enum, f"{p}_{field}")
    check_bool(f.proton, f"{p}_proton")
    check_int(f.bonus, f"{p}_bonus", -MAX_BONUS, MAX_BONUS)
    if f.proton and f.weapon not in _BLADES:
        raise RuleValueError(
            M(
                "only a blade (AB1 to AB4) can be a proton blade, not '{weapon}'",
                weapon=f.weapon.label,
            ),
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
            M(
                "{name} cannot use '{stance}' bare-handed against '{weapon}': "
                "parry and counter need a weapon against a weapon",
                name=me.name,
                stance=me.stance.label,
                weapon=other.weapon.label,
            ),
            field=f"{p}_stance",
        )
    if other.proton and not me.proton:
        raise RuleValueError(
            M(
                "{name} cannot use '{stance}' against a proton blade without a proton blade",
                name=me.name,
                stance=me.stance.label,
            ),
            field=f"{p}_stance",
        )


def _check_pursuit(me: _Side, other: _Side) -> None:
    if me.stance is Stance.PURSUE and other.stance is not Stance.DISENGAGE:
        raise RuleValueError(
            M(
                "{name} can follow without striking only a fighter who disengages: "
                "{other}'s stance is '{stance}', not '{disengage}'",
                name=me.name,
                other=other.name,
                stance=other.stance.label,
                disengage=Stance.DISENGAGE.label,
            ),
            field=f"{me.name.lower()}_stance",
        )


def _weapon_roll(side: _Side, extra_dice: int, extra_points: int, rounding: Rounding) -> Roll:
    if extra_points:
        added = M("{name}'s BDC + BDT and the +{n} range bonus", name=side.name, n=extra_points)
    else:
        added = M("{name}'s BDC + BDT", name=side.name)
    field = f"{side.name.lower()}_skill"
    code = side.skill.with_pips(side.bonus + extra_points, added, field)
    code = code.with_dice(side.dice + extra_dice, M("the stance's and weapons' dice"), field)
    return Roll(code, halved=side.halved, rounding=rounding, field=field)


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
        2 if side.stance is Stance.TOTAL_DODGE else 0, M("a total dodge"), field
    )
    return Roll(code, fixed=fixed, rounding=rounding, field=field).check()


def _agility(side: _Side, roll: Roll, fixed: bool) -> Msg:
    """How a fighter's AGILITÉ answers: rolled, or fixed at its average."""
    if fixed:
        return M(
            "has AGILITÉ {code} fixed at {n} (esquive fixe)",
            code=str(roll.code),
            n=roll.distribution().min_value,
        )
    return M("rolls AGILITÉ {code}", code=str(roll.code))


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

    Each fighter rolls his melee skill plus BDC + BDT: ARMES BLANCHES (AB)
    with a blade, CORPS À CORPS (CC) with a melee weapon or bare hands,
    ARTS MARTIAUX (AM, martial arts) bare-handed. The higher total lands a
    blow; a successful counter stance deals half damage (*demi-dommages*).

    Args:
        a: Fighter A.
        b: Fighter B.
        half_dodge_factor: Damage share of a half-dodge (the source does not say; 1/2).
        counter_factor: Damage share of a successful counter stance: half
            damage (*demi-dommages*), 1/2.
        range_bonus: The range bonus (*bonus de portée*, BDP) added to an
            attacker whose opponent rolls AGILITÉ: always +5 (:data:`RANGE_BONUS`).
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
        >>> away = melee(Fighter("4D"), Fighter("3D", stance=Stance.DISENGAGE))
        >>> [(row.label, row.ends) for row in away.rows]
        [('A hits, then B gets away', True), ('Half-dodge, then B gets away', True), ('Disengaged', True)]
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


#: One outcome of an exchange: its label, A's share, B's share, whether the melee ends.
_Spec = tuple[str, "Fraction | int", "Fraction | int", bool]


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
    away = M("Disengaged")
    if "pursuit" in kinds:
        flip = kinds[1] == "pursuit"
        chaser, runner = (sb, sa) if flip else (sa, sb)
        r_chaser = _weapon_roll(chaser, 0, range_bonus, rounding)
        r_runner = _evasion_roll(runner, rounding, fixed_dodge)
        goes_on = M("Melee goes on")
        tie = (goes_on, False) if pursuit_tie_holds else (away, True)
        spec: tuple[_Spec, ...] = (
            (goes_on, 0, 0, False),
            (tie[0], 0, 0, tie[1]),
            (away, 0, 0, True),
        )
        agility = _agility(runner, r_runner, fixed_dodge)
        if pursuit_tie_holds:
            note = M(
                "{side} disengages and {agility}; {other} follows without striking, his roll with "
                "the range bonus +{n}: higher or equal, he keeps up and the melee goes on; "
                "else {side} gets away.",
                side=runner.name,
                agility=agility,
                other=chaser.name,
                n=range_bonus,
            )
        else:
            note = M(
                "{side} disengages and {agility}; {other} follows without striking, his roll with "
                "the range bonus +{n}: higher, he keeps up and the melee goes on; "
                "else {side} gets away.",
                side=runner.name,
                agility=agility,
                other=chaser.name,
                n=range_bonus,
            )
        if flip:
            return _result(r_runner, r_chaser, tuple(reversed(spec)), note)
        return _result(r_chaser, r_runner, spec, note)
    if Stance.DISENGAGE in (sa.stance, sb.stance) and "offence" not in kinds:
        who = [s.name for s in (sa, sb) if s.stance is Stance.DISENGAGE]
        if len(who) == 1:
            note = M("{who} disengages and nobody strikes or follows: the melee ends.", who=who[0])
        else:
            note = M("A and B disengage and nobody strikes or follows: the melee ends.")
        row = MeleeRow(away, Fraction(1), Fraction(0), Fraction(0), ends=True)
        return MeleeResult(None, None, (row,), None, note)
    if "offence" not in kinds:
        if kinds == ("guard", "guard"):
            note = M("Nobody attacks: both are on guard and circle each other.")
        else:
            note = M("Nobody attacks: no blow is exchanged.")
        row = MeleeRow(M("No exchange"), Fraction(1), Fraction(0), Fraction(0))
        return MeleeResult(None, None, (row,), None, note)
    if kinds == ("offence", "offence"):
        ra = _weapon_roll(sa, _feint_dice(sa, sb), 0, rounding)
        rb = _weapon_roll(sb, _feint_dice(sb, sa), 0, rounding)
        spec = (
            (M("{name} hits", name="A"), 1, 0, False),
            (M("Both miss"), 0, 0, False),
            (M("{name} hits", name="B"), 0, 1, False),
        )
        note = M("Both attack: the higher total lands a blow; a tie, both miss.")
        return _result(ra, rb, spec, note)
    flip = kinds[0] != "offence"
    att, dfn = (sb, sa) if flip else (sa, sb)
    hit = M("{name} hits", name=att.name)
    if dfn.stance.kind == "guard":
        r_att = _weapon_roll(att, _feint_dice(att, dfn), 0, rounding)
        r_dfn = _weapon_roll(dfn, _guard_dice(dfn.stance), 0, rounding)
        tie = (hit, 1) if guard_tie_lands else (M("No blow lands"), 0)
        if dfn.stance is Stance.PARRY:
            lose: _Spec = (M("Parried"), 0, 0, False)
            note = M(
                "{side} parries (+2D): winning means the blow is parried, no damage dealt.",
                side=dfn.name,
            )
        else:
            lose = (M("{name} counters (half damage)", name=dfn.name), 0, counter, False)
            note = M("{side} counters (+1D): winning deals half damage.", side=dfn.name)
        spec = ((hit, 1, 0, False), (tie[0], tie[1], 0, False), lose)
    elif dfn.stance is Stance.DISENGAGE:
        r_att = _weapon_roll(att, _feint_dice(att, dfn), range_bonus, rounding)
        r_dfn = _evasion_roll(dfn, rounding, fixed_dodge)
        spec = (
            (M("{name} hits, then {other} gets away", name=att.name, other=dfn.name), 1, 0, True),
            (M("Half-dodge, then {name} gets away", name=dfn.name), half, 0, True),
            (away, 0, 0, True),
        )
        note = M(
            "{side} disengages and {agility}; {other} strikes before he is away, with the range "
            "bonus +{n}; a tie is a half-dodge. Whatever the blow does, {side} gets away: only "
            "a pursuit keeps the melee going.",
            side=dfn.name,
            agility=_agility(dfn, r_dfn, fixed_dodge),
            other=att.name,
            n=range_bonus,
        )
    else:
        r_att = _weapon_roll(att, _feint_dice(att, dfn), range_bonus, rounding)
        r_dfn = _evasion_roll(dfn, rounding, fixed_dodge)
        spec = ((hit, 1, 0, False), (M("Half-dodge"), half, 0, False), (M("Dodged"), 0, 0, False))
        note = M(
            "{side} ({stance}) {agility}; {other} adds the range bonus +{n}; a tie is a half-dodge.",
            side=dfn.name,
            stance=dfn.stance.label,
            agility=_agility(dfn, r_dfn, fixed_dodge),
            other=att.name,
            n=range_bonus,
        )
    if flip:
        spec = tuple((label, y, x, ends) for label, x, y, ends in reversed(spec))
        return _result(r_dfn, r_att, spec, note)
    return _result(r_att, r_dfn, spec, note)


def _result(ra: Roll, rb: Roll, spec: tuple[_Spec, ...], note: Msg) -> MeleeResult:
    """Build the rows from A's and B's rolls; ``spec`` is for A higher, tie, A lower."""
    c = ra.distribution().compare(rb.distribution())
    merged: dict[str, list[Fraction | bool]] = {}
    for p, (label, x, y, ends) in zip((c.gt, c.eq, c.lt), spec):
        if label in merged:
            merged[label][0] += p  # type: ignore[operator]
        else:
            merged[label] = [p, Fraction(x), Fraction(y), ends]
    rows = tuple(
        MeleeRow(label, p, x, y, ends=e)  # type: ignore[arg-type]
        for label, (p, x, y, e) in merged.items()
    )
    return MeleeResult(ra, rb, rows, (spec[0][0], spec[1][0], spec[2][0]), note)
