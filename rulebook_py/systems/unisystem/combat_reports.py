"""What the combat chapter's melee and ranged calculators show, one public function each.

:func:`melee` and :func:`ranged` take the calculator's controls as their
parameters (the same names) and return an outcome holding the exact answer,
the rows of the table (a :class:`~fractions.Fraction` is a chance, a
:class:`~.core.Mean` an expected value), ``unused`` -- ``(parameter or
controls, why)`` for every setting that does not count in the situation --
and ``.roll(rng)``, one seeded resolution with every die shown.

Example:
    >>> melee(attacker_dexterity=3, attack_skill=2, defender_dexterity=4, defence_skill=3,
    ...       defender_penalty=-4).hit_chance
    Fraction(11, 20)
    >>> ranged(dexterity=3, skill=3).hit_chance
    Fraction(4, 5)
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ...distribution import Distribution
from ...errors import RuleValueError, check_int, quote
from .combat import (
    CloseSkill,
    DefenceKind,
    FeintedExchange,
    ImprovisedWeapon,
    Lighting,
    MeleeAttack,
    MeleeDefence,
    MeleeOutcome,
    RangeBand,
    Stance,
    UntrainedAttack,
    feint,
    feinted_exchange,
    melee_exchange,
    parse_enum,
)
from .core import Check, CoreDie, Mean, average_roll, renamed
from .ranged import (
    Aim,
    FiringMode,
    RangedDefence,
    RangedOutcome,
    ShotgunAmmo,
    Volley,
    effective_multiplier,
    hits_damage,
    ranged_attack,
    suppressive_fire_hits,
)
from .reports import CheckRows, signed_text

__all__ = [
    "SUPPRESSIVE",
    "MeleeReport",
    "RangedReport",
    "SuppressiveRoll",
    "bonus_text",
    "melee",
    "ranged",
]

#: The ranged calculator's extra firing mode: suppressive fire (no roll).
SUPPRESSIVE = "suppressive"
_DARK_ONLY = "counts only in total darkness"


def bonus_text(check: Check) -> str:
    """A check's bonus explained: ``+3 = +3 (Dextérité) +2 (skill) −2 (pointed object)``.

    Example:
        >>> from .core import task
        >>> bonus_text(task(3, 2, -1))
        '+4 = +3 (attribute) +2 (skill) −1 (modifier)'
    """
    if not isinstance(check, Check):
        raise RuleValueError(f"check must be a Check, got {quote(check)}", field="check")
    shown = " ".join(f"{signed_text(v)} ({name})" for name, v in check.parts if v)
    return f"{signed_text(check.bonus)} = {shown or '0'}"


def _flags(**flags: object) -> None:
    for name, value in flags.items():
        if not isinstance(value, bool):
            raise RuleValueError(f"{name} must be True or False, got {quote(value)}", field=name)


# ------------------------------------------------------------------ melee
@dataclass(frozen=True)
class MeleeReport:
    """One close-combat exchange as the calculator shows it.

    Attributes:
        exchange: The rules' exchange (a :class:`FeintedExchange` after a feint).
        damage: Exact distribution of the damage (0 on a miss).
        rows: The table shown.
        unused: ``(parameter or controls, why)`` for what does not count here.
        sides: The damage die rolled.
        multiplier: The damage multiplier.
        averaged: Damage averaged instead of rolled.
    """

    exchange: MeleeOutcome | FeintedExchange
    damage: Distribution
    rows: CheckRows
    unused: tuple[tuple[str, str], ...]
    sides: int
    multiplier: int
    averaged: bool

    @property
    def hit_chance(self) -> Fraction:
        """Exact P(the blow hits)."""
        return self.exchange.hit_chance

    def roll(self, rng: random.Random | None = None) -> Any:
        """Feint (if any), attack roll, defence roll, damage die."""
        return self.exchange.roll(
            rng, sides=self.sides, multiplier=self.multiplier, averaged=self.averaged
        )


def melee(
    *,
    attacker_dexterity: int = 0,
    attack_kind: CloseSkill = CloseSkill.BRAWLING,
    attack_skill: int = 0,
    attack_weapon: tuple[ImprovisedWeapon, int] | None = None,
    attacker_stance: Stance = Stance.NORMAL,
    attacker_penalty: int = 0,
    attack_modifier: int = 0,
    feint: bool = False,
    feint_intelligence: int = 0,
    feint_skill: int = 0,
    feint_perception: int = 0,
    feint_defender_skill: int = 0,
    defence: DefenceKind = DefenceKind.DODGE,
    defender_dexterity: int = 0,
    defence_skill: int = 0,
    parry_with: CloseSkill = CloseSkill.BRAWLING,
    defence_chair: int = 0,
    defender_stance: Stance = Stance.NORMAL,
    defender_penalty: int = 0,
    defence_modifier: int = 0,
    lighting: Lighting = Lighting.NORMAL,
    darkness_bonus: int = 0,
    defender_darkness_bonus: int = 0,
    untrained: UntrainedAttack = UntrainedAttack.DIFFICULT_TEST,
    core: CoreDie = CoreDie.D10,
    damage_die: int = 4,
    multiplier: int = 1,
    averaged: bool = False,
) -> MeleeReport:
    """One close-combat attack against one defence, with the calculator's options.

    An improvised weapon (``attack_weapon=(weapon, modifier)``) is wielded
    with the Hand weapon skill; an aggressive defender does not defend; a
    chair (``defence_chair``, +1 or +2) counts only for a parry. After a
    feint (``feint=True``: INT + skill against PER + skill) the blow gets +1
    per success level of a won feint, except in total darkness, where every
    combat roll is the plain die plus the Perception levels.

    Example:
        >>> r = melee(attacker_dexterity=3, attack_skill=2, feint=True, feint_intelligence=3,
        ...           feint_skill=2, feint_perception=2, feint_defender_skill=2,
        ...           defender_dexterity=4, defence_skill=3, defender_penalty=-4)
        >>> r.hit_chance
        Fraction(671, 1000)
    """
    _flags(feint=feint, averaged=averaged)
    for name, value in (("feint_intelligence", feint_intelligence), ("feint_skill", feint_skill),
                        ("feint_perception", feint_perception),
                        ("feint_defender_skill", feint_defender_skill),
                        ("defence_chair", defence_chair)):  # fmt: skip
        check_int(value, name)
    check_int(defence_chair, "defence_chair", 0, 2)
    improvised, pick = (None, None)
    if attack_weapon is not None:
        if not isinstance(attack_weapon, tuple) or len(attack_weapon) != 2:
            raise RuleValueError(
                f"attack_weapon must be None or (ImprovisedWeapon, modifier), got "
                f"{quote(attack_weapon)}",
                field="attack_weapon",
            )
        improvised, pick = attack_weapon
    with renamed({"dexterity": "attacker_dexterity", "skill": "attack_skill",
                  "kind": "attack_kind", "stance": "attacker_stance",
                  "penalty": "attacker_penalty", "modifier": "attack_modifier",
                  "improvised": "attack_weapon", "improvised_modifier": "attack_weapon"}):  # fmt: skip
        kind = CloseSkill.HAND_WEAPON if improvised else attack_kind
        attack = MeleeAttack(attacker_dexterity, attack_skill, kind, attacker_stance,
                             attacker_penalty, attack_modifier, improvised=improvised,
                             improvised_modifier=pick)  # fmt: skip
    defender_stance = parse_enum(defender_stance, Stance, "defender_stance")  # type: ignore[assignment]
    kind_d = parse_enum(defence, DefenceKind, "defence")
    if defender_stance is Stance.AGGRESSIVE:
        kind_d = DefenceKind.NONE
    chair = defence_chair if kind_d is DefenceKind.PARRY else 0
    with renamed({"kind": "defence", "dexterity": "defender_dexterity", "skill": "defence_skill",
                  "stance": "defender_stance", "penalty": "defender_penalty",
                  "modifier": "defence_modifier", "improvised": "defence_chair",
                  "improvised_modifier": "defence_chair"}):  # fmt: skip
        guard = MeleeDefence(kind_d, defender_dexterity, defence_skill, parry_with,  # type: ignore[arg-type]
                             defender_stance, defender_penalty, defence_modifier,
                             improvised=ImprovisedWeapon.CHAIR if chair else None,
                             improvised_modifier=chair or None)  # fmt: skip
    options = {"darkness_bonus": darkness_bonus, "defender_darkness_bonus": defender_darkness_bonus,
               "untrained": untrained, "core": core}  # fmt: skip
    with renamed({"skill": "defence_skill"}):
        out: MeleeOutcome | FeintedExchange = melee_exchange(attack, guard, lighting, **options)
        if feint:
            with renamed({"intelligence": "feint_intelligence", "attacker_skill": "feint_skill",
                          "perception": "feint_perception",
                          "defender_skill": "feint_defender_skill"}):  # fmt: skip
                the_feint = _feint(feint_intelligence, feint_skill, feint_perception,
                                   feint_defender_skill, core)  # fmt: skip
            out = feinted_exchange(attack, guard, the_feint, lighting, **options)
    with renamed({"sides": "damage_die"}):
        damage = out.damage_distribution(damage_die, multiplier, averaged)
    light = parse_enum(lighting, Lighting, "lighting")
    dark = light is Lighting.TOTAL_DARKNESS
    rows: list[tuple[str, object]] = []
    if improvised:
        rows.append(("Attack skill", "Hand weapon (arme blanche), as for any improvised weapon"))
    rows.append(("Attack bonus", bonus_text(out.attack)))
    if out.defence is None:
        rows.append(("Defence", "none: the attack only needs a total of 9"))
    else:
        rows.append(("Defence bonus", bonus_text(out.defence)))
    if isinstance(out, FeintedExchange):
        rows += [
            ("Feint: INT + skill against PER + skill",
             {f"+{b}": p for b, p, _ in out.branches}),
            ("P(feint wins the contest)", out.feint.win_chance),
            ("P(hit) without the feint", out.plain.hit_chance if out.plain else None),
        ]  # fmt: skip
    after = " after the feint" if isinstance(out, FeintedExchange) else ""
    rows += [
        ("P(hit)" + after, out.hit_chance),
        ("P(no damage)", 1 - out.hit_chance),
        ("Expected success levels of the blow", Mean(out.expected_levels())),
        ("Expected damage", Mean(damage.mean())),
    ]
    rows += [(f"hit with {lv} success level(s)", p)
             for lv, p in out.level_distribution().items() if lv and p]  # fmt: skip
    unused: list[tuple[str, str]] = []
    if not dark:
        unused += [(name, _DARK_ONLY) for name, v in
                   (("darkness_bonus", darkness_bonus),
                    ("defender_darkness_bonus", defender_darkness_bonus)) if v]  # fmt: skip
    else:
        unused.append(("Dexterity, skills, stances, multiple actions and modifiers",
                       "total darkness: both roll the plain die, plus their Perception levels"))  # fmt: skip
        if defender_darkness_bonus and out.defence is None:
            unused.append(("defender_darkness_bonus", "the defender does not defend"))
        if feint:
            unused.append(("feint", "total darkness: the blow is the plain die plus the "
                                    "Perception levels, so the feint's bonuses do not count"))  # fmt: skip
    if parse_enum(untrained, UntrainedAttack, "untrained") is not UntrainedAttack.DIFFICULT_TEST:
        if attack_skill or improvised or dark:
            unused.append(("untrained", "the attacker has the skill, wields an improvised "
                           "weapon (always a difficult DEX test) or fights in total darkness"))  # fmt: skip
    if defence_chair and not chair:
        unused.append(("defence_chair", "the defender does not parry"))
    return MeleeReport(out, damage, tuple(rows), tuple(unused), damage_die, multiplier, averaged)


def _feint(intelligence: int, skill: int, perception: int, defender: int, core: CoreDie) -> Any:
    return feint(intelligence, skill, perception, defender, core=core)


# ------------------------------------------------------------------ ranged
@dataclass(frozen=True)
class SuppressiveRoll:
    """A seeded burst of suppressive fire on someone in the zone.

    Attributes:
        hits: Bullets in.
        faces: The damage dice (or their averages).
        multiplier: The multiplier after range.
        averaged: Averaged instead of rolled.
    """

    hits: int
    faces: tuple[int, ...]
    multiplier: int
    averaged: bool

    def __str__(self) -> str:
        """``suppressive fire: D4 [3] bullets; damage [2, 5, 1] × 3 = 24``."""
        shown = "2 bullets (average)" if self.averaged else f"D4 [{self.hits}] bullets"
        total = sum(self.faces) * self.multiplier
        return f"suppressive fire: {shown}; damage {list(self.faces)} × {self.multiplier} = {total}"


@dataclass(frozen=True)
class RangedReport:
    """One shooter's round as the calculator shows it.

    Attributes:
        attack: The rules' ranged attack (None for suppressive fire).
        hits: Exact distribution of the bullets in.
        damage: Exact distribution of the total damage.
        multiplier: The multiplier after range.
        rows: The table shown.
        unused: ``(parameter or controls, why)`` for what does not count here.
        sides: The damage die.
        averaged: Damage averaged instead of rolled.
    """

    attack: RangedOutcome | None
    hits: Distribution
    damage: Distribution
    multiplier: int
    rows: CheckRows
    unused: tuple[tuple[str, str], ...]
    sides: int
    base_multiplier: int
    averaged: bool

    @property
    def hit_chance(self) -> Fraction:
        """P(at least one bullet in)."""
        return self.hits.prob_at_least(1)

    def roll(self, rng: random.Random | None = None) -> Any:
        """Cool, aim, dive, every roll of the volley, damage dice (or the suppressive fire)."""
        rng = rng or random.Random()
        if self.attack is not None:
            return self.attack.roll(
                rng, sides=self.sides, multiplier=self.base_multiplier, averaged=self.averaged
            )
        if self.averaged:
            hits = average_roll(4)
            faces = (average_roll(self.sides),) * hits
        else:
            hits = rng.randint(1, 4)
            faces = tuple(rng.randint(1, self.sides) for _ in range(hits))
        return SuppressiveRoll(hits, faces, self.multiplier, self.averaged)


def ranged(
    *,
    dexterity: int = 0,
    skill: int = 0,
    range_band: RangeBand = RangeBand.SHORT,
    lighting: Lighting = Lighting.NORMAL,
    darkness_bonus: int = 0,
    ammo: ShotgunAmmo = ShotgunAmmo.NONE,
    modifier: int = 0,
    mode: FiringMode | str = FiringMode.SINGLE,
    count: int = 1,
    burst_size: int = 3,
    heavy_recoil: bool = False,
    cumulative_group_penalty: bool = False,
    aim: bool = False,
    aim_perception: int = 0,
    aim_skill: int = 0,
    scope: int = 0,
    defence: RangedDefence = RangedDefence.STAND_STILL,
    defender_dexterity: int = 0,
    defender_dodge: int = 0,
    defender_darkness_bonus: int = 0,
    under_fire: bool = False,
    willpower: int = 0,
    damage_die: int = 6,
    multiplier: int = 1,
    averaged: bool = False,
    untrained: UntrainedAttack = UntrainedAttack.DIFFICULT_TEST,
    core: CoreDie = CoreDie.D10,
) -> RangedReport:
    """One shooter's round with the calculator's options: bullets in and damage.

    ``mode`` is a :class:`FiringMode`, or :data:`SUPPRESSIVE` for suppressive
    fire (no roll: anyone in the zone takes D4 bullets, 2 when averaged).

    Example:
        >>> r = ranged(dexterity=3, skill=3, mode=FiringMode.BURST, damage_die=6, multiplier=3)
        >>> r.hits.pmf()[3], r.multiplier
        (Fraction(2, 5), 3)
        >>> ranged(mode="suppressive", multiplier=3).damage.mean()
        Fraction(105, 4)
    """
    _flags(aim=aim, under_fire=under_fire, averaged=averaged)
    band = parse_enum(range_band, RangeBand, "range_band")
    suppressive = mode == SUPPRESSIVE
    with renamed({"sides": "damage_die"}):
        mult = effective_multiplier(multiplier, band)  # type: ignore[arg-type]
        average_roll(damage_die)
    if suppressive:
        hits = suppressive_fire_hits(averaged)
        damage = hits_damage(hits, damage_die, mult, averaged)
        rows: list[tuple[str, object]] = [
            ("Suppressive fire", "no roll: anyone in the zone is hit"),
            ("Bullets in", "2 (average)" if averaged else "D4"),
            ("Damage per bullet", f"D{damage_die} × {mult} (range applied)"),
            ("Expected damage", Mean(damage.mean())),
        ]
        rows += [(f"{k} hit(s)", p) for k, p in hits.pmf().items()]
        unused = (("the shooter's, target's and aiming controls",
                   "suppressive fire makes no roll: only range, damage die and multiplier count"),)  # fmt: skip
        return RangedReport(None, hits, damage, mult, tuple(rows), unused, damage_die,
                            multiplier, averaged)  # fmt: skip
    volley = Volley(mode, count, burst_size, heavy_recoil, cumulative_group_penalty)  # type: ignore[arg-type]
    check_int(aim_perception, "aim_perception")
    check_int(aim_skill, "aim_skill")
    check_int(scope, "scope")
    check_int(willpower, "willpower")
    the_aim = None
    if aim:
        with renamed({"perception": "aim_perception"}):
            the_aim = Aim(aim_perception, aim_skill, scope)
    out = ranged_attack(
        dexterity, skill, volley=volley, range_band=band, lighting=lighting, ammo=ammo,
        aim=the_aim, modifier=modifier, darkness_bonus=darkness_bonus, defence=defence,
        defender_dexterity=defender_dexterity, defender_dodge=defender_dodge,
        defender_darkness_bonus=defender_darkness_bonus,
        keep_cool_willpower=willpower if under_fire else None, untrained=untrained, core=core,
    )  # fmt: skip
    damage = out.damage(damage_die, multiplier, averaged)
    rows = []
    for i, (check, cap) in enumerate(zip(out.attacks, out.caps), 1):
        what = "1 bullet" if cap == 1 else f"up to {cap} bullets"
        rows.append((f"Roll {i} ({what})", bonus_text(check)))
    if out.aim is not None:
        rows.append(("Aim (its levels add to every roll)", bonus_text(out.aim)))
    if out.dive is not None:
        rows.append(("Target dives for cover", bonus_text(out.dive)))
    if out.cool is not None:
        rows.append(("P(shooter keeps cool)", out.cool.success_chance()))
    rows += [
        ("Rounds fired", str(out.volley.rounds_fired)),
        ("P(at least one hit)", out.hit_chance),
        ("Expected hits", Mean(out.expected_hits)),
        ("Damage per bullet", f"D{damage_die} × {mult} (range applied)"),
        ("Expected damage", Mean(damage.mean())),
    ]
    rows += [(f"{k} hit(s)", p) for k, p in out.hits.pmf().items() if p]
    dark = parse_enum(lighting, Lighting, "lighting") is Lighting.TOTAL_DARKNESS
    unused: list[tuple[str, str]] = []  # type: ignore[no-redef]
    if dark:
        if aim:
            unused.append(("aim", "no aiming in total darkness: plain die"))
        unused.append(("Dexterity, skill, range, ammunition, volley and other modifiers",
                       "total darkness: every roll is the plain die, plus Perception levels "
                       "(the shooter's on the first roll only)"))  # fmt: skip
        if defender_darkness_bonus and out.dive is None:
            unused.append(("defender_darkness_bonus", "the target does not dive"))
    else:
        unused += [(name, _DARK_ONLY) for name, v in
                   (("darkness_bonus", darkness_bonus),
                    ("defender_darkness_bonus", defender_darkness_bonus)) if v]  # fmt: skip
    if parse_enum(untrained, UntrainedAttack, "untrained") is not UntrainedAttack.DIFFICULT_TEST:
        if skill or dark:
            unused.append(("untrained", "the shooter has the skill, or it is totally dark"))
    if volley.mode is not FiringMode.BURST and burst_size != 3:
        unused.append(("burst_size", "only for burst fire"))
    if volley.mode is not FiringMode.SEMI_AUTO and heavy_recoil:
        unused.append(("heavy_recoil", "only for semi-automatic fire"))
    if volley.mode is not FiringMode.FULL_AUTO and cumulative_group_penalty:
        unused.append(("cumulative_group_penalty", "only for full automatic fire"))
    return RangedReport(out, out.hits, damage, mult, tuple(rows), tuple(unused), damage_die,
                        multiplier, averaged)  # fmt: skip
