"""Unisystem ranged combat: range, aiming, firing modes, diving for cover, damage.

A shot is a check, DEX + a ranged skill, with the range band, lighting,
shotgun ammunition and aiming modifiers. The target either stands still (no
roll: the shot needs 9) or dives for cover (DEX + Dodge, a difficult DEX test
without the skill), which stops every shot whose total it equals or beats.

Firing modes (:class:`FiringMode`), each roll a separate check:

* single shot: one roll, one bullet;
* semi-automatic, N shots: each further shot −1 (−2 with heavy recoil), one
  bullet each;
* bursts of 3 to 5 rounds: no penalty for the first, −3 cumulative for each
  further burst; each success level is one bullet in, up to the burst size;
* full automatic ("rock 'n roll"): one roll per group of ten rounds, each
  success level one bullet in (at most the group's rounds); each group after
  the first at −4.

Choices where the source is silent (named parameters):

* the one dive for cover is compared with every roll of the attacker's volley;
* the −4 of full automatic fire is read as it is written, the same −4 for
  every group after the first (``cumulative_group_penalty=False``);
* aiming adds its success levels to every roll of the round;
* total darkness makes every roll a plain D10 (+ ``darkness_bonus`` for the
  shooter's first roll only, the source's « au prochain jet »; the diver's own
  ``Dive.darkness_bonus`` for a dive): no traits, range, aim or volley
  modifiers, and no unskilled level cap;
* a shot without the skill is a difficult DEX test (``untrained``; the
  basics' unskilled task, DEX − 2 and at most two success levels, hence at
  most two bullets a roll, is the option);
* a range band never brings the damage multiplier below 1
  (``minimum_multiplier=1``).

Example:
    >>> burst = Volley(FiringMode.BURST, count=1, burst_size=3)
    >>> out = ranged_attack(3, 3, volley=burst)
    >>> out.hits.pmf()
    {0: Fraction(1, 5), 1: Fraction(1, 5), 2: Fraction(1, 5), 3: Fraction(2, 5)}
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction
from itertools import accumulate
from operator import sub

from ...distribution import Distribution
from ...errors import RuleValueError, check_int, quote
from ...labels import LabelledEnum
from ...messages import Msg, join
from .arguments import (
    check_bool,
    check_distribution,
    check_fields,
    check_record,
    check_rng,
    parse_enum,
    renamed,
)
from .combat import (
    DARKNESS_BONUS_RANGE,
    Lighting,
    RangeBand,
    UntrainedAttack,
    combat_check,
    keep_cool,
    scope_bonus,
)
from .core import (
    ATTRIBUTE_RANGE,
    SKILL_RANGE,
    TARGET,
    Check,
    CheckRoll,
    CoreDie,
    average_roll,
    check_core,
    number_text,
    spaced_sign,
    success_levels,
    task,
)
from .words import MN, M

__all__ = [
    "BURST_PENALTY",
    "BURST_SIZES",
    "GROUP_PENALTY",
    "GROUP_SIZE",
    "HEAVY_RECOIL_PENALTY",
    "MAX_AUTO_ROUNDS",
    "MAX_BURSTS",
    "MAX_MULTIPLIER",
    "MAX_SHOTS",
    "SEMI_AUTO_PENALTY",
    "Aim",
    "Dive",
    "FiringMode",
    "RangedDefense",
    "RangedOutcome",
    "RangedRoll",
    "ShotgunAmmo",
    "Volley",
    "effective_multiplier",
    "hits_damage",
    "ranged_attack",
    "suppressive_fire_hits",
]

#: Penalty of each further semi-automatic shot (cumulative).
SEMI_AUTO_PENALTY = 1
#: The same with a heavy-recoil weapon (a .44 Magnum).
HEAVY_RECOIL_PENALTY = 2
#: Penalty of each further burst (cumulative).
BURST_PENALTY = 3
#: Penalty of each group of full automatic fire after the first.
GROUP_PENALTY = 4
#: Rounds in one group of full automatic fire.
GROUP_SIZE = 10
#: Smallest and largest burst.
BURST_SIZES = (3, 5)
#: Most semi-automatic shots one round accepts.
MAX_SHOTS = 20
#: Most bursts one round accepts.
MAX_BURSTS = 10
#: Most rounds of full automatic fire one round accepts (ten groups).
MAX_AUTO_ROUNDS = 100
#: Largest damage multiplier after the range shift (30 + point blank).
MAX_MULTIPLIER = 31


class FiringMode(LabelledEnum):
    """How the weapon is fired this round.

    Example:
        >>> FiringMode.FULL_AUTO.label
        "Tir automatique – rock 'n roll"
    """

    SINGLE = "Coup unique"
    SEMI_AUTO = "Tirs multiples avec semi-automatique"
    BURST = "Tir automatique – salve"
    FULL_AUTO = "Tir automatique – rock 'n roll"

    @property
    def label(self) -> str:
        """The French name."""
        return self.value


class ShotgunAmmo(LabelledEnum):
    """Shotgun ammunition and its bonus to hit, at any range.

    Example:
        >>> ShotgunAmmo.BIRDSHOT.bonus, ShotgunAmmo.BUCKSHOT.bonus
        (2, 1)
    """

    NONE = ("Pas un fusil à pompe", 0)
    BIRDSHOT = ("Plomb fin", 2)
    BUCKSHOT = ("Chevrotine", 1)
    SLUG = ("Balle pleine", 0)

    def __init__(self, label: str, bonus: int) -> None:
        self.label = label
        self.bonus = bonus


class RangedDefense(LabelledEnum):
    """The target's choice: stay put (no roll) or dive for cover (DEX + Dodge).

    Example:
        >>> RangedDefense.DIVE_FOR_COVER.label
        'Plonger à couvert'
    """

    STAND_STILL = "Rester sur place"
    DIVE_FOR_COVER = "Plonger à couvert"

    @property
    def label(self) -> str:
        """The French name."""
        return self.value


@dataclass(frozen=True)
class Volley:
    """What the shooter fires this round.

    Attributes:
        mode: The firing mode.
        count: Shots (semi-automatic), bursts, or rounds (full automatic);
            1 for a single shot.
        burst_size: Rounds in each burst (3 to 5).
        heavy_recoil: Semi-automatic shots cost −2 each instead of −1.
        cumulative_group_penalty: Full automatic groups at −4, −8, −12…
            instead of −4 each.

    Example:
        >>> Volley(FiringMode.SEMI_AUTO, 3, heavy_recoil=True).rolls()
        ((0, 1), (-2, 1), (-4, 1))
        >>> Volley(FiringMode.FULL_AUTO, 25).rolls()
        ((0, 10), (-4, 10), (-4, 5))
    """

    mode: FiringMode = FiringMode.SINGLE
    count: int = 1
    burst_size: int = 3
    heavy_recoil: bool = False
    cumulative_group_penalty: bool = False

    def __post_init__(self) -> None:
        """Validate the volley against the mode's limits."""
        object.__setattr__(self, "mode", parse_enum(self.mode, FiringMode, "mode"))
        check_fields(self)
        if not BURST_SIZES[0] <= self.burst_size <= BURST_SIZES[1]:
            raise RuleValueError(
                M(
                    "a burst is {low} to {high} rounds, got {got}",
                    low=BURST_SIZES[0],
                    high=BURST_SIZES[1],
                    got=quote(self.burst_size),
                ),
                field="burst_size",
            )
        top = {
            FiringMode.SINGLE: 1,
            FiringMode.SEMI_AUTO: MAX_SHOTS,
            FiringMode.BURST: MAX_BURSTS,
            FiringMode.FULL_AUTO: MAX_AUTO_ROUNDS,
        }[self.mode]
        got = quote(self.count)
        what = {
            FiringMode.SINGLE: M("a single shot fires 1 round, got {got}", got=got),
            FiringMode.SEMI_AUTO: M(
                "semi-automatic fire is 1 to {n} shots, got {got}", n=top, got=got
            ),
            FiringMode.BURST: M("burst fire is 1 to {n} bursts, got {got}", n=top, got=got),
            FiringMode.FULL_AUTO: M(
                "full automatic fire is 1 to {n} rounds, got {got}", n=top, got=got
            ),
        }[self.mode]
        if not 1 <= self.count <= top:
            raise RuleValueError(what, field="count")

    def rolls(self) -> tuple[tuple[int, int], ...]:
        """``(penalty, most bullets it can put in)`` for each roll, in order.

        Example:
            >>> Volley(FiringMode.BURST, 3, burst_size=5).rolls()
            ((0, 5), (-3, 5), (-6, 5))
        """
        if self.mode is FiringMode.SINGLE:
            return ((0, 1),)
        if self.mode is FiringMode.SEMI_AUTO:
            step = HEAVY_RECOIL_PENALTY if self.heavy_recoil else SEMI_AUTO_PENALTY
            return tuple((-step * i, 1) for i in range(self.count))
        if self.mode is FiringMode.BURST:
            return tuple((-BURST_PENALTY * i, self.burst_size) for i in range(self.count))
        groups = -(-self.count // GROUP_SIZE)
        out = []
        for i in range(groups):
            penalty = 0 if i == 0 else -GROUP_PENALTY * (i if self.cumulative_group_penalty else 1)
            out.append((penalty, min(GROUP_SIZE, self.count - GROUP_SIZE * i)))
        return tuple(out)

    @property
    def rounds_fired(self) -> int:
        """Bullets that leave the gun.

        Example:
            >>> Volley(FiringMode.BURST, 2, burst_size=4).rounds_fired
            8
        """
        return sum(cap for _, cap in self.rolls())


@dataclass(frozen=True)
class Aim:
    """Taking aim: a PER + skill task (+ a scope's 2 to 5); each level is +1 to hit.

    The attack is then delayed to the end of the round.

    Example:
        >>> Aim(3, 3, scope=2).check().bonus
        8
    """

    perception: int
    skill: int
    scope: int = 0

    def __post_init__(self) -> None:
        """Validate the traits and the scope."""
        check_fields(self)
        check_int(self.perception, "perception", *ATTRIBUTE_RANGE)
        check_int(self.skill, "skill", *SKILL_RANGE)
        scope_bonus(self.scope)

    def check(self, core: CoreDie = CoreDie.D10) -> Check:
        """The aiming task: D10 (or 2D6 − 2) + Perception + skill + scope.

        Example:
            >>> Aim(3, 3).check(CoreDie.TWO_D6).core
            unisystem.CoreDie.TWO_D6
        """
        check_core(core)
        check = task(self.perception, self.skill, self.scope, core=core)
        parts = (
            (M("Perception"), self.perception),
            (M("skill"), self.skill),
            (M("scope"), self.scope),
        )
        return Check(check.kind, check.bonus, tuple(p for p in parts if p[1]), core=core)


@dataclass(frozen=True)
class Dive:
    """A target who dives for cover (*plonger à couvert*): DEX + Dodge.

    Without Dodge it is a difficult DEX test. The dive stops every shot whose
    total it equals or beats.

    Attributes:
        dexterity: The target's Dexterity.
        dodge: The target's Dodge (0: a difficult DEX test).
        darkness_bonus: In total darkness, the levels of the target's
            difficult Perception test, added to its dive (0–10).

    Example:
        >>> Dive(3, 2).check().bonus
        5
        >>> Dive(3, 0).check().kind.label  # no Dodge: a difficult DEX test
        'Test difficile'
    """

    dexterity: int
    dodge: int = 0
    darkness_bonus: int = 0

    def __post_init__(self) -> None:
        """Validate the traits and the darkness bonus."""
        check_fields(self)
        check_int(self.dexterity, "dexterity", *ATTRIBUTE_RANGE)
        check_int(self.dodge, "dodge", *SKILL_RANGE)
        check_int(self.darkness_bonus, "darkness_bonus", *DARKNESS_BONUS_RANGE)

    def check(self, lighting: Lighting = Lighting.NORMAL, core: CoreDie = CoreDie.D10) -> Check:
        """The dive as a combat check in that light.

        Example:
            >>> Dive(3, 2, darkness_bonus=3).check(Lighting.TOTAL_DARKNESS).bonus
            3
        """
        lighting = parse_enum(lighting, Lighting, "lighting")
        check_core(core)
        return combat_check(
            self.dexterity, self.dodge, (), lighting, self.darkness_bonus, M("Dodge"), core=core
        )


def effective_multiplier(multiplier: int, band: RangeBand, minimum_multiplier: int = 1) -> int:
    """The damage multiplier after the range band's shift (never below ``minimum_multiplier``).

    Raises:
        RuleValueError: If ``multiplier`` is not 1 to 30.

    Example:
        >>> [effective_multiplier(3, b) for b in RangeBand]
        [4, 3, 3, 2, 1]
        >>> effective_multiplier(1, RangeBand.EXTREME)
        1
    """
    check_int(multiplier, "multiplier", 1, 30)
    band = parse_enum(band, RangeBand, "range_band")
    check_int(minimum_multiplier, "minimum_multiplier", 0, 30)
    return max(minimum_multiplier, multiplier + band.multiplier_shift)


def suppressive_fire_hits(averaged: bool = False) -> Distribution:
    """Bullets that hit anyone in a zone of suppressive fire: D4, or the average 2.

    Example:
        >>> suppressive_fire_hits().mean(), suppressive_fire_hits(averaged=True).mean()
        (Fraction(5, 2), Fraction(2, 1))
    """
    check_bool(averaged, "averaged")
    if averaged:
        return Distribution.constant(average_roll(4))
    return Distribution.uniform(4)


def hits_damage(
    hits: Distribution, sides: int, multiplier: int, averaged: bool = False
) -> Distribution:
    """Total damage of a number of hits, each a separate weapon die × multiplier.

    Args:
        hits: Distribution of the number of bullets in.
        sides: The damage die (4, 6, 8 or 10).
        multiplier: The multiplier (after range).
        averaged: Use the average value instead of rolling.

    Example:
        >>> hits_damage(Distribution.uniform(2), 4, 2).pmf()[16]  # 2 hits, both 4s
        Fraction(1, 32)
        >>> hits_damage(suppressive_fire_hits(averaged=True), 6, 3).mean()
        Fraction(21, 1)
    """
    check_distribution(hits, "hits")
    average = average_roll(sides)  # validates the die
    check_int(multiplier, "multiplier", 0, MAX_MULTIPLIER)
    check_bool(averaged, "averaged")
    if hits.min_value < 0 or hits.max_value > MAX_AUTO_ROUNDS:
        raise RuleValueError(
            M(
                "{name} must count 0 to {n} bullets, got {low} to {high}",
                name="hits",
                n=MAX_AUTO_ROUNDS,
                low=quote(hits.min_value),
                high=quote(hits.max_value),
            ),
            field="hits",
        )
    if averaged:
        return hits * (average * multiplier)
    weights = hits.weights()
    top = hits.max_value
    # Horner's scheme on the dice sum: G = h_top; G = h_k * s**(top-k) + D * G,
    # where D * G (adding one die) is a sliding window over prefix sums.
    acc = [weights.get(top, 0)]
    for k in range(top - 1, -1, -1):
        pre = [0, *accumulate(acc)]
        size = len(acc)
        high = pre + [pre[size]] * (sides - 1)  # pre[min(i, size)]
        low = [0] * sides + pre[:size]  # pre[max(i - sides, 0)]
        acc = list(map(sub, high, low))
        acc[0] += weights.get(k, 0) * sides ** (top - k)
    return Distribution(0, tuple(acc)) * multiplier


def _convolve(a: list[int], b: list[int]) -> list[int]:
    out = [0] * (len(a) + len(b) - 1)
    for j, wb in enumerate(b):
        if wb:
            for i, wa in enumerate(a):
                if wa:
                    out[i + j] += wa * wb
    return out


def _hits_of(
    total: int, dive: int | None, cap: int, must_succeed: bool, level_cap: int | None = None
) -> int:
    """Bullets in for one roll's total against a dive total (``None``: no dive).

    ``level_cap`` is the check's own cap on success levels (an unskilled shot: 2).
    """
    if dive is not None and total <= dive:
        return 0
    if total < TARGET and (dive is None or must_succeed):
        return 0
    if cap == 1:
        return 1
    levels = success_levels(total)
    if level_cap is not None:
        levels = min(levels, level_cap)
    return min(levels, cap)


@dataclass(frozen=True)
class RangedRoll:
    """One seeded ranged attack, every die shown.

    Attributes:
        lines: The rolls, one line each.
        hits: Bullets in.
        damage: Total damage.

    Example:
        >>> r = ranged_attack(3, 3).roll(random.Random(2), sides=6, multiplier=3)
        >>> r.hits <= 1
        True
        >>> print(RangedRoll(("roll 1: D10 [5] + 6 = 11",), 1, 9))
        roll 1: D10 [5] + 6 = 11 → 1 hit, 9 damage
    """

    lines: tuple[str, ...]
    hits: int
    damage: int

    def __post_init__(self) -> None:
        """Refuse a roll built by hand with values of the wrong kind."""
        check_fields(self)
        check_int(self.hits, "hits", 0, MAX_AUTO_ROUNDS)
        check_int(self.damage, "damage", 0, MAX_AUTO_ROUNDS * 10 * MAX_MULTIPLIER)

    @property
    def verdict(self) -> Msg:
        """``2 hits, 12 damage``."""
        return MN(
            "{n} hit, {damage} damage",
            "{n} hits, {damage} damage",
            self.hits,
            n=self.hits,
            damage=self.damage,
        )

    @property
    def message(self) -> Msg:
        """Every line, then the verdict, on one line."""
        return M("{lines} → {verdict}", lines=join("; ", self.lines), verdict=self.verdict)

    def __str__(self) -> str:
        """Every line, then the verdict (English)."""
        return self.message


@dataclass(frozen=True)
class RangedOutcome:
    """The exact answer of one ranged attack (one shooter's round against one target).

    Attributes:
        volley: What was fired.
        range_band: The range band.
        attacks: One check per roll of the volley (without the aim bonus).
        aim: The aiming check, or ``None``.
        dive: The target's dive for cover, or ``None``.
        cool: The shooter's Willpower test under fire, or ``None``.
        hits: Exact distribution of the number of bullets in.

    Example:
        >>> ranged_attack(3, 3).hit_chance
        Fraction(4, 5)
        >>> RangedOutcome(Volley(), RangeBand.SHORT, (task(3, 3),), (1,), None, None, None, suppressive_fire_hits()).expected_hits
        Fraction(5, 2)
    """

    volley: Volley
    range_band: RangeBand
    attacks: tuple[Check, ...]
    caps: tuple[int, ...]
    aim: Check | None
    dive: Check | None
    cool: Check | None
    hits: Distribution
    must_succeed: bool = True

    def __post_init__(self) -> None:
        """Refuse an outcome built by hand with values of the wrong kind."""
        check_fields(self)
        if not 1 <= len(self.attacks) == len(self.caps) <= MAX_SHOTS:
            raise RuleValueError(
                M(
                    "{name} must hold 1 to {n} checks, one for each cap",
                    name="attacks",
                    n=MAX_SHOTS,
                ),
                field="attacks",
            )
        for cap in self.caps:
            check_int(cap, "caps", 1, GROUP_SIZE)
        if self.hits.min_value < 0 or self.hits.max_value > MAX_AUTO_ROUNDS:
            raise RuleValueError(
                M("{name} must count 0 to {n} bullets", name="hits", n=MAX_AUTO_ROUNDS),
                field="hits",
            )

    @property
    def hit_chance(self) -> Fraction:
        """P(at least one bullet in)."""
        return self.hits.prob_at_least(1)

    @property
    def expected_hits(self) -> Fraction:
        """Exact expected number of bullets in."""
        return self.hits.mean()

    def damage(
        self, sides: int, multiplier: int, averaged: bool = False, minimum_multiplier: int = 1
    ) -> Distribution:
        """Total damage: every bullet does weapon die × (multiplier shifted by range).

        Example:
            >>> ranged_attack(3, 3).damage(6, 3).mean()  # 4/5 × 3.5 × 3
            Fraction(42, 5)
        """
        mult = effective_multiplier(multiplier, self.range_band, minimum_multiplier)
        return hits_damage(self.hits, sides, mult, averaged)

    def roll(
        self,
        rng: random.Random | None = None,
        *,
        sides: int = 6,
        multiplier: int = 1,
        averaged: bool = False,
        minimum_multiplier: int = 1,
    ) -> RangedRoll:
        """Resolve the attack once: cool, aim, dive, each roll of the volley, damage dice.

        Example:
            >>> out = ranged_attack(3, 3, volley=Volley(FiringMode.BURST, 2))
            >>> out.roll(random.Random(4), sides=6, multiplier=3) == out.roll(
            ...     random.Random(4), sides=6, multiplier=3)
            True
        """
        mult = effective_multiplier(multiplier, self.range_band, minimum_multiplier)
        average_roll(sides)  # validates the die
        check_bool(averaged, "averaged")
        rng = check_rng(rng, none_is_fresh=True)
        lines: list[Msg] = []
        if self.cool is not None:
            c = self.cool.roll(rng)
            lines.append(M("keep cool {roll}", roll=c.message))
            if not c.success:
                lines.append(M("frozen under fire: no shot"))
                return RangedRoll(tuple(lines), 0, 0)
        aim_level = 0
        if self.aim is not None:
            a = self.aim.roll(rng)
            aim_level = a.level
            lines.append(M("aim {roll} (+{level})", roll=a.message, level=aim_level))
        dive_total: int | None = None
        if self.dive is not None:
            d = self.dive.roll(rng)
            dive_total = d.total
            lines.append(M("dive for cover {roll}", roll=d.message))
        hits = 0
        for i, (check, cap) in enumerate(zip(self.attacks, self.caps), 1):
            r: CheckRoll = check.roll(rng)
            total = r.total + aim_level
            got = _hits_of(total, dive_total, cap, self.must_succeed, check.level_cap)
            hits += got
            if aim_level:
                shown = M(
                    "{die} {bonus} + {aim} (aim) = {total}",
                    die=str(r.die),
                    bonus=spaced_sign(check.bonus),
                    aim=aim_level,
                    total=number_text(total),
                )
            else:
                shown = r.message
            lines.append(M("roll {i}: {roll} → {n} in", i=i, roll=shown, n=got))
        if averaged:
            faces = [average_roll(sides)] * hits
        else:
            faces = [rng.randint(1, sides) for _ in range(hits)]
        damage = sum(faces) * mult
        if hits:
            dice = "[" + ", ".join(map(str, faces)) + "]"
            if averaged:
                lines.append(
                    M(
                        "damage average {faces} × {multiplier} = {damage}",
                        faces=dice,
                        multiplier=mult,
                        damage=damage,
                    )
                )
            else:
                lines.append(
                    M(
                        "damage {n}D{sides} {faces} × {multiplier} = {damage}",
                        n=hits,
                        sides=sides,
                        faces=dice,
                        multiplier=mult,
                        damage=damage,
                    )
                )
        return RangedRoll(tuple(lines), hits, damage)


def ranged_attack(
    dexterity: int,
    skill: int,
    *,
    volley: Volley | None = None,
    range_band: RangeBand | str = RangeBand.SHORT,
    lighting: Lighting | str = Lighting.NORMAL,
    ammo: ShotgunAmmo | str = ShotgunAmmo.NONE,
    aim: Aim | None = None,
    modifier: int = 0,
    darkness_bonus: int = 0,
    dive: Dive | None = None,
    keep_cool_willpower: int | None = None,
    attack_must_succeed: bool = True,
    lighting_on_defense: bool = True,
    untrained: UntrainedAttack = UntrainedAttack.DIFFICULT_TEST,
    core: CoreDie = CoreDie.D10,
) -> RangedOutcome:
    """One shooter's attack this round, exactly: distribution of bullets in.

    Ranged combat (*combat à distance*) is a task of Dexterity + a ranged
    skill, with the range, lighting and other modifiers, against a target who
    stands still or dives for cover.

    Args:
        dexterity: Shooter's Dexterity.
        skill: Ranged skill (0: a difficult DEX test).
        volley: What is fired (default: one single shot).
        range_band: Range band of the table.
        lighting: Lighting of the table.
        ammo: Shotgun ammunition (bird shot +2, buckshot +1).
        aim: Taking aim first (its levels add to every roll), or ``None``.
        modifier: Any other modifier (cover, GM's call), −30 to +30.
        darkness_bonus: In total darkness, levels of a difficult Perception test.
        dive: The target dives for cover (:class:`Dive`), or ``None``: it
            stands still.
        keep_cool_willpower: If the shooter is under fire, their Willpower:
            a failed simple test loses the action.
        attack_must_succeed: A roll must reach 9 even when it beats the dive.
        lighting_on_defense: The lighting modifier also applies to the dive.
        untrained: How a shot without the skill is rolled (:class:`UntrainedAttack`).
        core: The core die of every roll (D10, or 2D6 − 2).

    Raises:
        RuleValueError: For any value out of range (``field`` names the input).

    Example:
        >>> ranged_attack(3, 3, range_band="long", dive=Dive(3, 2)).hit_chance
        Fraction(1, 4)
        >>> ranged_attack(3, 3, range_band=RangeBand.LONG).hit_chance  # standing still
        Fraction(1, 2)
    """
    check_int(dexterity, "dexterity", *ATTRIBUTE_RANGE)
    check_int(skill, "skill", *SKILL_RANGE)
    volley = Volley() if volley is None else check_record(volley, Volley, "volley")
    band = parse_enum(range_band, RangeBand, "range_band")
    light = parse_enum(lighting, Lighting, "lighting")
    ammo = parse_enum(ammo, ShotgunAmmo, "ammo")
    check_int(modifier, "modifier", -30, 30)
    check_int(darkness_bonus, "darkness_bonus", *DARKNESS_BONUS_RANGE)
    untrained = parse_enum(untrained, UntrainedAttack, "untrained")  # type: ignore[assignment]
    check_core(core)
    check_bool(attack_must_succeed, "attack_must_succeed")
    check_bool(lighting_on_defense, "lighting_on_defense")
    if aim is not None:
        check_record(aim, Aim, "aim")
    if dive is not None:
        check_record(dive, Dive, "dive")
    cool = None
    if keep_cool_willpower is not None:
        with renamed({"willpower": "keep_cool_willpower"}):
            cool = keep_cool(keep_cool_willpower, core=core)
    dark = light is Lighting.TOTAL_DARKNESS
    base = (
        (M("range ({label})", label=band.label), band.modifier),
        (M("ammunition ({label})", label=ammo.label), ammo.bonus),
        (M("modifier"), modifier),
    )
    rolls = volley.rolls()
    # The Perception levels sensed in total darkness count for the next roll
    # only (« au prochain jet »): the first of the volley.
    attacks = tuple(
        combat_check(
            dexterity,
            skill,
            (*base, (M("volley"), penalty)),
            light,
            darkness_bonus if i == 0 else 0,
            untrained=untrained,  # type: ignore[arg-type]
            core=core,
        )
        for i, (penalty, _) in enumerate(rolls)
    )
    caps = tuple(cap for _, cap in rolls)
    aim_check = None if aim is None or dark else aim.check(core)
    dive_check = None
    if dive is not None:
        dive_check = dive.check(light if lighting_on_defense else Lighting.NORMAL, core)
    hits = _hits_distribution(attacks, caps, aim_check, dive_check, attack_must_succeed)
    if cool is not None:
        p = cool.success_chance()
        w = {k: v * p.numerator for k, v in hits.items()}
        w[0] = w.get(0, 0) + (p.denominator - p.numerator) * hits.total
        hits = Distribution.from_weights(w)
    return RangedOutcome(
        volley, band, attacks, caps, aim_check, dive_check, cool, hits, attack_must_succeed
    )


def _hits_distribution(
    attacks: tuple[Check, ...],
    caps: tuple[int, ...],
    aim: Check | None,
    dive: Check | None,
    must_succeed: bool,
) -> Distribution:
    """Mix over the aim levels and the dive total; the rolls are independent given both."""
    aim_levels: dict[int, int] = {0: 1}
    if aim is not None:
        aim_levels = {}
        for total, w in aim.total_distribution().items():
            lv = aim.level_of(total)
            aim_levels[lv] = aim_levels.get(lv, 0) + w
    dives: dict[int | None, int] = {None: 1}
    if dive is not None:
        dives = dict(dive.total_distribution().items())
    faces = [
        (check.total_distribution(), cap, check.level_cap) for check, cap in zip(attacks, caps)
    ]
    acc: list[int] = [0]
    cache: dict[tuple[int, int | None, int, int, int | None], list[int]] = {}
    for level, wl in aim_levels.items():
        for d, wd in dives.items():
            vec = [1]
            for dist, cap, level_cap in faces:
                key = (dist.min_value + level, d, cap, dist.max_value - dist.min_value, level_cap)
                one = cache.get(key)
                if one is None:
                    one = [0] * (cap + 1)
                    for total, w in dist.items():
                        one[_hits_of(total + level, d, cap, must_succeed, level_cap)] += w
                    while len(one) > 1 and one[-1] == 0:
                        one.pop()
                    cache[key] = one
                vec = _convolve(vec, one)
            scale = wl * wd
            if len(vec) > len(acc):
                acc.extend([0] * (len(vec) - len(acc)))
            for i, w in enumerate(vec):
                acc[i] += w * scale
    return Distribution(0, tuple(acc))
