"""Galaxies Jumelles: dodging, shooting, thrown explosives and psychic powers.

Every roll here is compared with the target's one defense roll of the round
through :func:`~rulebook_py.systems.galaxies.contests.contest`. The source
gives no table of combat bonuses (BDC), range bonuses (BDP) or the third
bonus BDT: they are plain point inputs. It does not say what a half-dodge
(*demi-esquive*) does either: :data:`HALF_DODGE_FACTOR` (half damage) is this
book's assumption, a parameter the reader can change.

Example:
    >>> shot = shoot("4D+2", "3D+1")
    >>> shot.probability(Outcome.HIT), shot.probability(Outcome.HALF_DODGE)
    (Fraction(2357, 2916), Fraction(5089, 93312))
"""

from __future__ import annotations

from fractions import Fraction

from ...errors import RuleValueError, check_enum, check_int, quote
from ...labels import LabelledEnum
from ...messages import Msg
from .codes import (
    MAX_BONUS,
    MAX_PIPS,
    CodeLike,
    DiceCode,
    Roll,
    Rounding,
    as_code,
    check_bool,
    check_share,
)
from .contests import (
    COUNTER_RULE,
    EXPLOSIVE_RULE,
    MAX_ATTACKS,
    MENTAL_RULE,
    SHOT_RULE,
    UNAWARE_EXPLOSIVE_RULE,
    UNAWARE_SHOT_RULE,
    Contest,
    Outcome,
    contest,
)
from .words import MN, M

__all__ = [
    "EXPLOSIVE_RANGE_M",
    "HALF_DODGE_FACTOR",
    "MAX_SUSTAINED",
    "UNAWARE_DEFENSE",
    "DodgeMode",
    "FireMode",
    "PsyAttack",
    "PsyOption",
    "Weapon",
    "aim_bonus",
    "burst_rolls",
    "dodge_roll",
    "psychic_attack",
    "shoot",
    "shot_damage_factors",
    "sustained_fire_bonus",
    "throw_explosive",
]

#: Damage factor of a half-dodge: the source names it but does not define it.
HALF_DODGE_FACTOR = Fraction(1, 2)
#: A thrown explosive within this range uses DEXTÉRITÉ, beyond it FORCE.
EXPLOSIVE_RANGE_M = 20
#: What an attack is compared with when the target cannot dodge (he does not
#: know he is attacked): the source gives no number; 0 means every attack whose
#: total is 1 or more lands in full, and one totalling 0 or less misses
#: (:attr:`Outcome.MISSED`, never a dodge).
UNAWARE_DEFENSE = 0
#: Most successive rounds of sustained fire (*feu nourri*) at one target.
#:
#: A choice of this book: the source caps the bonus (at the mantisse of VOLONTÉ),
#: not the count of rounds; past the cap each further round changes nothing, and
#: a hundred rounds (several minutes of shooting) is far beyond any fight.
MAX_SUSTAINED = 100


class DodgeMode(LabelledEnum):
    """How the target dodges (*Esquive*): rolled, total (+2D), fixed (average), or not at all.

    ``UNAWARE`` is a target who does not know he is attacked: the source
    allows a dodge only to a character aware of the attack.

    Example:
        >>> DodgeMode.TOTAL.label
        'Esquive totale'
    """

    NORMAL = "Esquive normale"
    TOTAL = "Esquive totale"
    FIXED = "Esquive fixe"
    FIXED_TOTAL = "Esquive fixe et totale"
    UNAWARE = "Pas d'esquive (cible non avertie)"


class Weapon(LabelledEnum):
    """The weapon skill used to shoot.

    Example:
        >>> Weapon.PISTOL.skill
        'AP'
    """

    PISTOL = ("AP", "Armes de poing")
    HEAVY = ("AL", "Armes lourdes")
    THROWN_BLADE = ("AB", "Armes blanches de jet ou de trait")

    @property
    def skill(self) -> str:
        """The skill's abbreviation."""
        return self.value[0]

    @property
    def label(self) -> str:
        """The French label."""
        return f"{self.value[1]} ({self.value[0]})"


class FireMode(LabelledEnum):
    """The shooting options of the round.

    Example:
        >>> FireMode.INSTINCTIVE.label
        'Tirs instinctifs'
    """

    SINGLE = "Tir simple"
    INSTINCTIVE = "Tirs instinctifs"
    BURST = "Tir en rafale"
    TWO_PISTOLS = "Tir avec 2 armes"


class PsyAttack(LabelledEnum):
    """The kind of psychic attack and what resists it.

    Example:
        >>> PsyAttack.MENTAL.label
        'Attaque mentale (contre VOLONTÉ)'
    """

    PHYSICAL = "Attaque physique (contre esquive)"
    PHYSICAL_VS_COUNTER = "Attaque physique (contre psychique)"
    MENTAL = "Attaque mentale (contre VOLONTÉ)"


class PsyOption(LabelledEnum):
    """Using one psychic technique, or two at once.

    Example:
        >>> PsyOption.UBIQUITY.label
        'Ubiquité psychique'
    """

    SINGLE = "Une technique"
    UBIQUITY = "Ubiquité psychique"
    COMPLEMENTARITY = "Complémentarité psychique"


def shot_damage_factors(half_dodge_factor: Fraction = HALF_DODGE_FACTOR) -> dict[Outcome, Fraction]:
    """Share of the damage each outcome deals (hit 1, half-dodge assumed 1/2).

    Example:
        >>> shot_damage_factors()[Outcome.HALF_DODGE]
        Fraction(1, 2)
    """
    factor = check_share(half_dodge_factor, "half_dodge_factor")
    return {Outcome.HIT: Fraction(1), Outcome.HALF_DODGE: factor, Outcome.DODGED: Fraction(0)}


def dodge_roll(
    agility: CodeLike,
    mode: DodgeMode = DodgeMode.NORMAL,
    rounding: Rounding = Rounding.DOWN,
    field: str = "dodge",
    unaware_defense: int = UNAWARE_DEFENSE,
) -> Roll:
    """The target's dodge roll: AGILITÉ, +2D when total, its average when fixed.

    A target unaware of the attack rolls nothing: the attack is compared with
    the fixed number ``unaware_defense`` (:data:`UNAWARE_DEFENSE`, 0). A 0D
    AGILITÉ cannot dodge, rolled or fixed (a fixed value stands for a roll);
    a total dodge adds its 2D first.

    Example:
        >>> dodge_roll("3D+1", DodgeMode.FIXED).distribution().weights()
        {11: 1}
        >>> str(dodge_roll("3D+1", DodgeMode.TOTAL).code)
        '5D+1'
        >>> dodge_roll("3D+1", DodgeMode.UNAWARE).distribution().weights()
        {0: 1}
    """
    code = as_code(agility, field)
    check_enum(mode, DodgeMode, "dodge_mode")
    check_enum(rounding, Rounding, "rounding")
    check_int(unaware_defense, "unaware_defense", -MAX_PIPS, MAX_PIPS)
    if mode is DodgeMode.UNAWARE:
        return Roll(DiceCode(0, unaware_defense), fixed=True, rounding=rounding, field=field)
    if mode in (DodgeMode.TOTAL, DodgeMode.FIXED_TOTAL):
        code = code.with_dice(2, M("a total dodge"), field)
    fixed = mode in (DodgeMode.FIXED, DodgeMode.FIXED_TOTAL)
    return Roll(code, fixed=fixed, rounding=rounding, field=field).check()


def _rule(
    rule: tuple[Outcome, Outcome, Outcome], dodge_mode: DodgeMode
) -> tuple[Outcome, Outcome, Outcome]:
    """The rule against this dodge: an unaware target never dodges nor half-dodges."""
    if dodge_mode is not DodgeMode.UNAWARE:
        return rule
    return UNAWARE_EXPLOSIVE_RULE if rule == EXPLOSIVE_RULE else UNAWARE_SHOT_RULE


def _points(bdc: int, bdp: int, bdt: int) -> int:
    """BDC + BDP + BDT, each from -:data:`MAX_BONUS` to :data:`MAX_BONUS`, else a message.

    Example:
        >>> _points(2, 1, 0)
        3
        >>> _points(0, 10**15, 0)
        Traceback (most recent call last):
        ...
        rulebook_py.errors.RuleValueError: bdp must be an integer from -50 to 50, got 1000000000000000
    """
    bonuses = ((bdc, "bdc"), (bdp, "bdp"), (bdt, "bdt"))
    return sum(check_int(v, n, -MAX_BONUS, MAX_BONUS) for v, n in bonuses)


def _added(aimed: bool = False, sustained: int = 1) -> Msg:
    """The reader's words for the points added to a shot."""
    if aimed and sustained > 1:
        return M("the BDC + BDP + BDT, aiming and sustained fire")
    if aimed:
        return M("the BDC + BDP + BDT and aiming")
    if sustained > 1:
        return M("the BDC + BDP + BDT and sustained fire")
    return M("the BDC + BDP + BDT")


def aim_bonus(willpower: CodeLike) -> int:
    """Combat bonus for a round spent aiming: the mantisse of VOLONTÉ.

    Example:
        >>> aim_bonus("3D+2")
        3
    """
    return as_code(willpower, "willpower").mantisse


def sustained_fire_bonus(shot_number: int, willpower: CodeLike) -> int:
    """Bonus of the n-th successive round firing at one target: n-1, capped by VOLONTÉ's mantisse.

    Example:
        >>> [sustained_fire_bonus(n, "3D") for n in range(1, 7)]
        [0, 1, 2, 3, 3, 3]
        >>> sustained_fire_bonus(3, "3D+2")
        2
    """
    check_int(shot_number, "sustained", 1, MAX_SUSTAINED)
    return min(shot_number - 1, as_code(willpower, "willpower").mantisse)


def burst_rolls(
    code: DiceCode, shots: int, target_immobile: bool = False, rounding: Rounding = Rounding.DOWN
) -> list[Roll]:
    """The rolls of a burst (*tir en rafale*): the code, then -1D a further shot.

    At a target that cannot move (*cible immobile*, ``target_immobile``)
    every shot rolls the full code.

    Raises:
        RuleValueError: When a shot would fall to 0D, naming that shot and the
            longest burst the code allows.

    Example:
        >>> [r.describe() for r in burst_rolls(DiceCode(3, 2), 3)]
        ['3D+2', '2D+2', '1D+2']
        >>> burst_rolls(DiceCode(2, 2), 3)
        Traceback (most recent call last):
        ...
        rulebook_py.errors.RuleValueError: shot 3 of the burst would roll 0D+2 (2D+2 less 2D): with 2D+2 a burst at a target that may move fires at most 2 shots
    """
    check_int(shots, "shots", 1, MAX_ATTACKS)
    code = as_code(code, "attack")
    check_bool(target_immobile, "target_immobile")
    check_enum(rounding, Rounding, "rounding")
    if not target_immobile and code.dice < shots:
        raise RuleValueError(
            MN(
                "shot {n} of the burst would roll {dice} ({code} less {less}D): with {code} "
                "a burst at a target that may move fires at most {most} shot",
                "shot {n} of the burst would roll {dice} ({code} less {less}D): with {code} "
                "a burst at a target that may move fires at most {most} shots",
                code.dice,
                n=code.dice + 1,
                dice=str(code.with_dice(-code.dice)),
                code=str(code),
                less=code.dice,
                most=code.dice,
            ),
            field="shots",
        )
    step = 0 if target_immobile else 1
    return [
        Roll(code.with_dice(-k * step), rounding=rounding, field="attack") for k in range(shots)
    ]


def shoot(
    attack: CodeLike,
    dodge: CodeLike,
    *,
    weapon: Weapon = Weapon.PISTOL,
    bdc: int = 0,
    bdp: int = 0,
    bdt: int = 0,
    mode: FireMode = FireMode.SINGLE,
    shots: int = 2,
    aimed: bool = False,
    sustained: int = 1,
    willpower: CodeLike | None = None,
    dodge_mode: DodgeMode = DodgeMode.NORMAL,
    rounding: Rounding = Rounding.DOWN,
    unaware_defense: int = UNAWARE_DEFENSE,
    target_immobile: bool = False,
) -> Contest:
    """Shooting at a character: weapon skill + BDC + BDP + BDT against his dodge.

    Attack higher: hit; lower: dodged; tie: half-dodge. All the shots of the
    round face the target's one dodge roll.

    Args:
        attack: The weapon skill code (AP, AL or AB).
        dodge: The target's AGILITÉ code.
        weapon: Which weapon skill (two-pistol fire needs AP).
        bdc: Combat bonus (points), BDP and BDT likewise (the source gives no tables);
            each from -:data:`MAX_BONUS` to :data:`MAX_BONUS`.
        bdp: Range bonus (*bonus de portée*, BDP), in points.
        bdt: The third bonus (points).
        mode: Single shot, two instinctive shots (each halved), a burst of
            ``shots`` shots (-1D per further shot), two pistols (-1D each).
        shots: Number of shots of a burst (1 to :data:`MAX_ATTACKS`).
        aimed: The previous round was spent aiming: + mantisse of VOLONTÉ.
        sustained: This is the n-th successive round firing at this target
            (1 to :data:`MAX_SUSTAINED`):
            +(n-1) points, capped by the mantisse of VOLONTÉ.
        willpower: The shooter's VOLONTÉ code (needed to aim or for sustained fire).
        dodge_mode: Normal, total (+2D), fixed (average), fixed total, or
            none (a target unaware of the attack).
        rounding: Rounding of halved rolls and of the fixed dodge.
        unaware_defense: What the shot must beat when the target cannot dodge.
        target_immobile: The target cannot move: a burst's later shots take no -1D.

    Raises:
        RuleValueError: For a burst longer than the dice allow (each shot
            needs at least 1D: a 3D weapon skill fires at most 3 shots at a
            target that may move), an option the weapon does not allow, a bad code.

    Example:
        >>> burst = shoot("5D", "3D", mode=FireMode.BURST, shots=3)
        >>> [str(a.code) for a in burst.attacks]
        ['5D', '4D', '3D']
        >>> [str(a.code) for a in shoot("5D", "3D", mode=FireMode.BURST, shots=3,
        ...                             target_immobile=True).attacks]
        ['5D', '5D', '5D']
    """
    code = as_code(attack, "attack")
    points = _points(bdc, bdp, bdt)
    check_int(shots, "shots", 1, MAX_ATTACKS)
    check_int(sustained, "sustained", 1, MAX_SUSTAINED)
    check_enum(weapon, Weapon, "weapon")
    check_enum(mode, FireMode, "mode")
    check_bool(aimed, "aimed")
    check_bool(target_immobile, "target_immobile")
    check_enum(rounding, Rounding, "rounding")
    if willpower is not None:
        as_code(willpower, "willpower")
    if (aimed or sustained > 1) and willpower is None:
        raise RuleValueError(
            M("aiming and sustained fire need the shooter's VOLONTÉ (willpower) code"),
            field="willpower",
        )
    if aimed:
        points += aim_bonus(willpower)  # type: ignore[arg-type]
    if sustained > 1:
        points += sustained_fire_bonus(sustained, willpower)  # type: ignore[arg-type]
    code = code.with_pips(points, _added(aimed, sustained), "attack")
    if mode is FireMode.SINGLE:
        rolls = [Roll(code, rounding=rounding, field="attack")]
    elif mode is FireMode.INSTINCTIVE:
        rolls = [Roll(code, halved=True, rounding=rounding, field="attack")] * 2
    elif mode is FireMode.BURST:
        if weapon is Weapon.THROWN_BLADE:
            raise RuleValueError(
                M("a burst needs an automatic firearm, not '{weapon}'", weapon=weapon.label),
                field="mode",
            )
        rolls = burst_rolls(code, shots, target_immobile, rounding)
    else:
        if weapon is not Weapon.PISTOL:
            raise RuleValueError(
                M(
                    "two weapons at once are allowed with pistols (AP) only, not '{weapon}'",
                    weapon=weapon.label,
                ),
                field="mode",
            )
        rolls = [Roll(code.with_dice(-1), rounding=rounding, field="attack")] * 2
    defense = dodge_roll(dodge, dodge_mode, rounding, unaware_defense=unaware_defense)
    return contest(rolls, defense, _rule(SHOT_RULE, dodge_mode))


def throw_explosive(
    skill: CodeLike,
    dodge: CodeLike,
    *,
    bdc: int = 0,
    bdp: int = 0,
    bdt: int = 0,
    two_at_once: bool = False,
    explosive_type: int = 1,
    dodge_mode: DodgeMode = DodgeMode.NORMAL,
    rounding: Rounding = Rounding.DOWN,
    unaware_defense: int = UNAWARE_DEFENSE,
) -> Contest:
    """Throwing an explosive: DEXTÉRITÉ (FORCE beyond 20 m) + BDC + BDP + BDT against dodge.

    Higher *or equal*: primary-zone damage (a tie is not a half-dodge);
    lower: the target only takes the secondary zone's damage.

    Args:
        skill: DEXTÉRITÉ within :data:`EXPLOSIVE_RANGE_M` m, FORCE beyond.
        dodge: The target's AGILITÉ code.
        bdc: Combat bonus of the explosive (points).
        bdp: Range bonus (points).
        bdt: The third bonus (points).
        two_at_once: One explosive in each hand: two throws at -1D each.
        explosive_type: Only type 1 explosives can be thrown.
        dodge_mode: Normal, total, fixed, fixed total, or none (unaware target).
        rounding: Rounding of the fixed dodge.
        unaware_defense: What the throw must beat when the target cannot dodge.

    Example:
        >>> boom = throw_explosive("3D", "3D")
        >>> boom.probability(Outcome.PRIMARY_ZONE) == 1 - boom.probability(Outcome.SECONDARY_ZONE)
        True
    """
    check_int(explosive_type, "explosive_type", 1, 99)
    check_bool(two_at_once, "two_at_once")
    check_enum(rounding, Rounding, "rounding")
    if explosive_type != 1:
        raise RuleValueError(
            M("only type 1 explosives can be thrown, got type {got}", got=explosive_type),
            field="explosive_type",
        )
    code = as_code(skill, "attack").with_pips(_points(bdc, bdp, bdt), _added(), "attack")
    if two_at_once:
        rolls = [Roll(code.with_dice(-1), rounding=rounding, field="attack")] * 2
    else:
        rolls = [Roll(code, rounding=rounding, field="attack")]
    dodge = dodge_roll(dodge, dodge_mode, rounding, unaware_defense=unaware_defense)
    return contest(rolls, dodge, _rule(EXPLOSIVE_RULE, dodge_mode))


def psychic_attack(
    skill: CodeLike,
    defense: CodeLike,
    *,
    attack: PsyAttack = PsyAttack.PHYSICAL,
    option: PsyOption = PsyOption.SINGLE,
    second_skill: CodeLike | None = None,
    bdc: int = 0,
    bdp: int = 0,
    bdt: int = 0,
    dodge_mode: DodgeMode = DodgeMode.NORMAL,
    rounding: Rounding = Rounding.DOWN,
    unaware_defense: int = UNAWARE_DEFENSE,
) -> Contest:
    """A psychic technique (PSY RUDRAH or PSY VALKEN) against its target.

    * Physical attack: skill + BDC + BDP + BDT against the dodge; a tie is a
      half-dodge.
    * Against a psychic counter: the defender rolls the same psychic skill
      and must strictly beat the attack, else it lands in full.
    * Mental attack: skill + BDC + BDP (no BDT) against VOLONTÉ; a tie has
      no effect.
    * Ubiquity (two techniques of one skill): two rolls, each halved;
      complementarity (two techniques of different skills): two rolls, -1D on
      each. Both techniques are taken here as aimed at the same target, who
      answers both with his one roll of the round (as a dodge does), and with
      the same bonuses.

    Args:
        skill: The psychic skill code.
        defense: The target's AGILITÉ, psychic skill or VOLONTÉ, as ``attack`` says.
        attack: Which attack, and so what resists it.
        option: One technique, ubiquity or complementarity.
        second_skill: Complementarity only: the code of the other psychic
            skill (``None``: the same code as ``skill``).
        bdc: Combat bonus of the technique (points).
        bdp: Range bonus (points).
        bdt: The third bonus (points; not used by mental attacks).
        dodge_mode: For a physical attack against a dodge only.
        rounding: Rounding of halved rolls and of the fixed dodge.
        unaware_defense: What the attack must beat when the target cannot dodge.

    Example:
        >>> psychic_attack("4D", "4D", attack=PsyAttack.MENTAL).table()[Outcome.AFFECTED]
        Fraction(85759, 186624)
        >>> two = psychic_attack("4D", "3D", option=PsyOption.UBIQUITY)
        >>> [a.describe() for a in two.attacks]
        ['(4D)/2', '(4D)/2']
    """
    check_enum(attack, PsyAttack, "attack")
    check_enum(option, PsyOption, "option")
    check_enum(dodge_mode, DodgeMode, "dodge_mode")
    check_enum(rounding, Rounding, "rounding")
    check_int(unaware_defense, "unaware_defense", -MAX_PIPS, MAX_PIPS)
    points = _points(bdc, bdp, bdt)
    if attack is PsyAttack.MENTAL and bdt:
        raise RuleValueError(
            M(
                "a mental attack adds BDC and BDP only: {name} must be 0, got {got}",
                name="bdt",
                got=bdt,
            ),
            field="bdt",
        )
    if attack is not PsyAttack.PHYSICAL and dodge_mode is not DodgeMode.NORMAL:
        raise RuleValueError(
            M("'{mode}' only answers a physical attack met by a dodge", mode=dodge_mode.label),
            field="dodge_mode",
        )
    if second_skill is not None and option is not PsyOption.COMPLEMENTARITY:
        raise RuleValueError(
            M(
                "a second skill is for '{option}' only, got {got}",
                option=PsyOption.COMPLEMENTARITY.label,
                got=quote(second_skill),
            ),
            field="second_skill",
        )
    code = as_code(skill, "skill").with_pips(points, _added(), "skill")
    if option is PsyOption.SINGLE:
        rolls = [Roll(code, rounding=rounding, field="skill")]
    elif option is PsyOption.UBIQUITY:
        rolls = [Roll(code, halved=True, rounding=rounding, field="skill")] * 2
    else:
        field2 = "skill" if second_skill is None else "second_skill"
        other = as_code(skill if second_skill is None else second_skill, field2)
        other = other.with_pips(points, _added(), field2)
        rolls = [
            Roll(code.with_dice(-1), rounding=rounding, field="skill"),
            Roll(other.with_dice(-1), rounding=rounding, field=field2),
        ]
    if attack is PsyAttack.PHYSICAL:
        target = dodge_roll(defense, dodge_mode, rounding, "defense", unaware_defense)
        return contest(rolls, target, _rule(SHOT_RULE, dodge_mode))
    target = Roll(as_code(defense, "defense"), rounding=rounding, field="defense")
    rule = COUNTER_RULE if attack is PsyAttack.PHYSICAL_VS_COUNTER else MENTAL_RULE
    return contest(rolls, target, rule)
