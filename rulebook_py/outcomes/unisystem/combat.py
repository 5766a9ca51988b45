"""What the combat chapter's melee and ranged calculators show, one public function each.

:func:`melee` and :func:`ranged` take the calculator's controls as their
parameters (the same names) and return an outcome holding the exact answer,
the rows of the table (a :class:`~fractions.Fraction` is a chance, a
:class:`~rulebook_py.distribution.Mean` an expected value), ``unused`` -- ``(parameter, why)``
for every parameter that does not count in the situation (it is checked for
its type only, left out of the calculator's Python line, and its control is
hidden) -- and ``.roll(rng)``, one seeded resolution with every die shown.

Example:
    >>> melee(attacker_dexterity=3, attack_skill=2, defender_dexterity=4, defense_skill=3,
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

from ...distribution import Distribution, Mean
from ...errors import RuleValueError, check_int, quote
from ...messages import Msg, join
from ...systems.unisystem.arguments import (
    MAX_WHOLE,
    check_bool,
    check_fields,
    check_record,
    check_rng,
    parse_enum,
    renamed,
)
from ...systems.unisystem.combat import (
    CloseSkill,
    DefenseKind,
    FeintedExchange,
    ImprovisedWeapon,
    Lighting,
    MeleeAttack,
    MeleeDefense,
    MeleeOutcome,
    RangeBand,
    Stance,
    UntrainedAttack,
    feint,
    feinted_exchange,
    melee_exchange,
)
from ...systems.unisystem.core import CoreDie, average_roll, check_core
from ...systems.unisystem.ranged_combat import (
    MAX_AUTO_ROUNDS,
    MAX_MULTIPLIER,
    Aim,
    Dive,
    FiringMode,
    RangedDefense,
    RangedOutcome,
    ShotgunAmmo,
    Volley,
    effective_multiplier,
    hits_damage,
    ranged_attack,
    suppressive_fire_hits,
)
from ...systems.unisystem.words import MN, M
from .basics import bonus_text

__all__ = [
    "SUPPRESSIVE",
    "MeleeReport",
    "RangedReport",
    "SuppressiveRoll",
    "melee",
    "ranged",
    "ranged_answer",
]

#: The ranged calculator's extra firing mode: suppressive fire (no roll).
SUPPRESSIVE = "suppressive"

_DARK_ONLY = M("counts only in total darkness")
_DARK = M("total darkness: every roll is the plain die, plus the Perception levels")
#: Rows of a table: (label, value); a Fraction is a chance, a Mean an expected value.
Rows = tuple[tuple[str, object], ...]
#: ``(parameter, why)`` for every parameter that does not count.
Unused = tuple[tuple[str, str], ...]


def _whole(**values: object) -> None:
    """Each value is a whole number (its range is checked where it counts)."""
    for name, value in values.items():
        check_int(value, name, -MAX_WHOLE, MAX_WHOLE)


def _flags(**flags: object) -> None:
    for name, value in flags.items():
        check_bool(value, name)


def _check_report(record: Any) -> None:
    check_fields(record)
    for name, _why in record.unused:
        if not name.isidentifier():
            raise RuleValueError(
                M("{name} must name parameters, got {got}", name="unused", got=quote(name)),
                field="unused",
            )
    check_int(record.sides, "sides", 4, 10)
    average_roll(record.sides)


# ------------------------------------------------------------------ melee
@dataclass(frozen=True)
class MeleeReport:
    """One close-combat exchange as the calculator shows it.

    Attributes:
        exchange: The rules' exchange (a :class:`FeintedExchange` after a feint).
        damage: Exact distribution of the damage (0 on a miss).
        rows: The table shown.
        unused: ``(parameter, why)`` for every parameter that does not count here.
        sides: The damage die rolled.
        multiplier: The damage multiplier.
        averaged: Damage averaged instead of rolled.

    Example:
        >>> MeleeReport(melee_exchange(MeleeAttack(3, 2), MeleeDefense(DefenseKind.NONE)), suppressive_fire_hits(), (), (), 4, 2, False).hit_chance
        Fraction(7, 10)
    """

    exchange: MeleeOutcome | FeintedExchange
    damage: Distribution
    rows: tuple[tuple[str, object], ...]
    unused: tuple[tuple[str, str], ...]
    sides: int
    multiplier: int
    averaged: bool

    def __post_init__(self) -> None:
        """Refuse a report built by hand with values of the wrong kind."""
        _check_report(self)
        check_int(self.multiplier, "multiplier", 0, 30)

    @property
    def hit_chance(self) -> Fraction:
        """Exact P(the blow hits)."""
        return self.exchange.hit_chance

    def roll(self, rng: random.Random | None = None) -> Any:
        """Feint (if any), attack roll, defense roll, damage die.

        Example:
            >>> r = melee(attacker_dexterity=3, attack_skill=2, defense="none")
            >>> r.roll(random.Random(1)).hit == (r.roll(random.Random(1)).attack.total >= 9)
            True
        """
        return self.exchange.roll(
            check_rng(rng, none_is_fresh=True),
            sides=self.sides,
            multiplier=self.multiplier,
            averaged=self.averaged,
        )


def _melee_unused(
    values: dict[str, Any], dark: bool, defends: bool, improvised: bool, chair: bool
) -> Unused:
    """Every parameter of :func:`melee` that does not count in this situation."""
    out: list[tuple[str, str]] = []
    if dark:
        out += [
            (n, _DARK)
            for n in (
                "feint",
                "feint_intelligence",
                "feint_skill",
                "feint_perception",
                "feint_defender_skill",
            )
        ]
    elif not values["feint"]:
        why = M("only for a feint")
        out += [
            (n, why)
            for n in (
                "feint_intelligence",
                "feint_skill",
                "feint_perception",
                "feint_defender_skill",
            )
        ]
    if improvised:
        out.append(("attack_kind", M("an improvised weapon is wielded with Hand weapon")))
    if values["defender_stance"] is Stance.AGGRESSIVE:
        out.append(("defense", M("an aggressive defender does not defend")))
    if not defends:
        why = M("the defender does not defend")
        out += [
            (n, why)
            for n in (
                "defender_dexterity",
                "defense_skill",
                "parry_with",
                "defense_chair",
                "defender_penalty",
                "defense_modifier",
                "defender_darkness_bonus",
            )
        ]
    elif values["defense"] is not DefenseKind.PARRY:
        why = M("only for a parry")
        out += [("parry_with", why), ("defense_chair", why)]
    elif chair:
        out.append(("parry_with", M("a chair held like a shield parries any attack")))
    if dark:
        out += [(n, _DARK) for n in ("attacker_dexterity", "attacker_penalty", "attack_modifier")]
        if defends:
            out += [
                (n, _DARK) for n in ("defender_dexterity", "defender_penalty", "defense_modifier")
            ]
    else:
        out += [("darkness_bonus", _DARK_ONLY)]
        if defends:
            out.append(("defender_darkness_bonus", _DARK_ONLY))
    if values["attack_skill"] or improvised or dark:
        out.append(("untrained", M("only for an attack without the skill")))
    seen: dict[str, str] = {}
    for name, why in out:
        seen.setdefault(name, why)
    return tuple(seen.items())


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
    defense: DefenseKind = DefenseKind.DODGE,
    defender_dexterity: int = 0,
    defense_skill: int = 0,
    parry_with: CloseSkill = CloseSkill.BRAWLING,
    defense_chair: int = 0,
    defender_stance: Stance = Stance.NORMAL,
    defender_penalty: int = 0,
    defense_modifier: int = 0,
    lighting: Lighting = Lighting.NORMAL,
    darkness_bonus: int = 0,
    defender_darkness_bonus: int = 0,
    untrained: UntrainedAttack = UntrainedAttack.DIFFICULT_TEST,
    core: CoreDie = CoreDie.D10,
    damage_die: int = 4,
    multiplier: int = 1,
    averaged: bool = False,
) -> MeleeReport:
    """One close-combat attack against one defense, with the calculator's options.

    An improvised weapon (``attack_weapon=(weapon, modifier)``) is wielded
    with the Hand weapon skill; an aggressive defender does not defend; a
    chair (``defense_chair``, +1 or +2) counts only for a parry. After a
    feint (``feint=True``: INT + skill against PER + skill) the blow gets +1
    per success level of a won feint, except in total darkness, where every
    combat roll is the plain die plus the Perception levels. A parameter
    that does not count in the situation is listed in ``unused`` and only its
    type is checked.

    Example:
        >>> r = melee(attacker_dexterity=3, attack_skill=2, feint=True, feint_intelligence=3,
        ...           feint_skill=2, feint_perception=2, feint_defender_skill=2,
        ...           defender_dexterity=4, defense_skill=3, defender_penalty=-4)
        >>> r.hit_chance
        Fraction(671, 1000)
        >>> [name for name, _ in melee(defense="none").unused][:3]
        ['feint_intelligence', 'feint_skill', 'feint_perception']
    """
    _flags(feint=feint, averaged=averaged)
    _whole(
        attacker_dexterity=attacker_dexterity,
        attack_skill=attack_skill,
        attacker_penalty=attacker_penalty,
        attack_modifier=attack_modifier,
        feint_intelligence=feint_intelligence,
        feint_skill=feint_skill,
        feint_perception=feint_perception,
        feint_defender_skill=feint_defender_skill,
        defender_dexterity=defender_dexterity,
        defense_skill=defense_skill,
        defense_chair=defense_chair,
        defender_penalty=defender_penalty,
        defense_modifier=defense_modifier,
        darkness_bonus=darkness_bonus,
        defender_darkness_bonus=defender_darkness_bonus,
        damage_die=damage_die,
        multiplier=multiplier,
    )
    light = parse_enum(lighting, Lighting, "lighting")
    dark = light is Lighting.TOTAL_DARKNESS
    attack_kind = parse_enum(attack_kind, CloseSkill, "attack_kind")
    attacker_stance = parse_enum(attacker_stance, Stance, "attacker_stance")
    defense = parse_enum(defense, DefenseKind, "defense")
    parry_with = parse_enum(parry_with, CloseSkill, "parry_with")
    defender_stance = parse_enum(defender_stance, Stance, "defender_stance")
    untrained = parse_enum(untrained, UntrainedAttack, "untrained")
    check_core(core)
    improvised, pick = (None, None)
    if attack_weapon is not None:
        if not isinstance(attack_weapon, tuple) or len(attack_weapon) != 2:
            raise RuleValueError(
                M(
                    "{name} must be None or (ImprovisedWeapon, modifier), got {got}",
                    name="attack_weapon",
                    got=quote(attack_weapon),
                ),
                field="attack_weapon",
            )
        improvised, pick = attack_weapon
    kind_d = DefenseKind.NONE if defender_stance is Stance.AGGRESSIVE else defense
    defends = kind_d is not DefenseKind.NONE
    if kind_d is DefenseKind.PARRY:
        check_int(defense_chair, "defense_chair", 0, 2)
    chair = defense_chair if kind_d is DefenseKind.PARRY else 0
    values = {
        "feint": feint,
        "defender_stance": defender_stance,
        "defense": kind_d,
        "attack_skill": attack_skill,
    }
    unused = _melee_unused(values, dark, defends, improvised is not None, bool(chair))
    ignored = {name for name, _ in unused}

    def counted(name: str, value: Any, default: Any = 0) -> Any:
        return default if name in ignored else value

    with renamed(
        {
            "dexterity": "attacker_dexterity",
            "skill": "attack_skill",
            "kind": "attack_kind",
            "stance": "attacker_stance",
            "penalty": "attacker_penalty",
            "modifier": "attack_modifier",
            "improvised": "attack_weapon",
            "improvised_modifier": "attack_weapon",
        }
    ):
        kind = CloseSkill.HAND_WEAPON if improvised else attack_kind
        attack = MeleeAttack(
            counted("attacker_dexterity", attacker_dexterity),
            attack_skill,
            kind,
            attacker_stance,
            counted("attacker_penalty", attacker_penalty),
            counted("attack_modifier", attack_modifier),
            improvised=improvised,
            improvised_modifier=pick,
        )
    with renamed(
        {
            "kind": "defense",
            "dexterity": "defender_dexterity",
            "skill": "defense_skill",
            "stance": "defender_stance",
            "penalty": "defender_penalty",
            "modifier": "defense_modifier",
            "improvised": "defense_chair",
            "improvised_modifier": "defense_chair",
            "parry_with": "parry_with",
            "darkness_bonus": "defender_darkness_bonus",
        }
    ):
        guard = MeleeDefense(
            kind_d,
            counted("defender_dexterity", defender_dexterity),
            counted("defense_skill", defense_skill),
            counted("parry_with", parry_with, CloseSkill.BRAWLING),
            defender_stance,
            counted("defender_penalty", defender_penalty),
            counted("defense_modifier", defense_modifier),
            improvised=ImprovisedWeapon.CHAIR if chair else None,
            improvised_modifier=chair or None,
            darkness_bonus=counted("defender_darkness_bonus", defender_darkness_bonus),
        )
    options = {
        "darkness_bonus": counted("darkness_bonus", darkness_bonus),
        "untrained": counted("untrained", untrained, UntrainedAttack.DIFFICULT_TEST),
        "core": core,
    }
    with renamed({"skill": "defense_skill"}):
        out: MeleeOutcome | FeintedExchange = melee_exchange(attack, guard, light, **options)
        if feint and not dark:
            with renamed(
                {
                    "intelligence": "feint_intelligence",
                    "attacker_skill": "feint_skill",
                    "perception": "feint_perception",
                    "defender_skill": "feint_defender_skill",
                }
            ):
                the_feint = _feint(
                    feint_intelligence, feint_skill, feint_perception, feint_defender_skill, core
                )
            out = feinted_exchange(attack, guard, the_feint, light, **options)
    with renamed({"sides": "damage_die"}):
        damage = out.damage_distribution(damage_die, multiplier, averaged)
    return MeleeReport(
        out,
        damage,
        _melee_rows(out, damage, improvised is not None, dark),
        unused,
        damage_die,
        multiplier,
        averaged,
    )


def _melee_rows(
    out: MeleeOutcome | FeintedExchange, damage: Distribution, improvised: bool, dark: bool
) -> Rows:
    rows: list[tuple[str, object]] = []
    if dark:
        rows.append((M("Total darkness"), _DARK))
    if improvised:
        rows.append(
            (M("Attack skill"), M("Hand weapon (arme blanche), as for any improvised weapon"))
        )
    rows.append((M("Attack bonus"), bonus_text(out.attack)))
    if out.defense is None:
        rows.append((M("Defense"), M("none: the attack only needs a total of 9")))
    else:
        rows.append((M("Defense bonus"), bonus_text(out.defense)))
    if isinstance(out, FeintedExchange):
        rows += [
            (
                M("Feint: INT + skill against PER + skill"),
                {M("+{bonus}", bonus=b): p for b, p, _ in out.branches},
            ),
            (M("P(feint wins the contest)"), out.feint.win_chance),
            (M("P(hit) without the feint"), out.plain.hit_chance if out.plain else None),
        ]
    feinted = isinstance(out, FeintedExchange)
    rows += [
        (M("P(hit) after the feint") if feinted else M("P(hit)"), out.hit_chance),
        (M("P(no damage)"), 1 - out.hit_chance),
        (M("Expected success levels of the blow"), Mean(out.expected_levels())),
        (M("Expected damage"), Mean(damage.mean())),
    ]
    rows += [
        (MN("hit with {n} success level", "hit with {n} success levels", lv, n=lv), p)
        for lv, p in out.level_distribution().items()
        if lv and p
    ]
    return tuple(rows)


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

    Example:
        >>> print(SuppressiveRoll(2, (3, 5), 3, False))
        suppressive fire: D4 [2] bullets; damage [3, 5] × 3 = 24
    """

    hits: int
    faces: tuple[int, ...]
    multiplier: int
    averaged: bool

    def __post_init__(self) -> None:
        """Refuse a roll built by hand with values of the wrong kind."""
        check_fields(self)
        check_int(self.hits, "hits", 1, 4)
        check_int(self.multiplier, "multiplier", 0, MAX_MULTIPLIER)
        if len(self.faces) != self.hits:
            raise RuleValueError(
                M(
                    "{name} must hold one die a bullet, got {got}",
                    name="faces",
                    got=quote(self.faces),
                ),
                field="faces",
            )
        for face in self.faces:
            check_int(face, "faces", 1, 10)

    @property
    def lines(self) -> tuple[Msg, ...]:
        """The bullets, then the damage."""
        dice = "[" + ", ".join(map(str, self.faces)) + "]"
        total = sum(self.faces) * self.multiplier
        bullets = (
            M("suppressive fire: 2 bullets (average)")
            if self.averaged
            else M("suppressive fire: D4 [{n}] bullets", n=self.hits)
        )
        damage = M(
            "damage {faces} × {multiplier} = {total}",
            faces=dice,
            multiplier=self.multiplier,
            total=total,
        )
        return (bullets, damage)

    @property
    def message(self) -> Msg:
        """``suppressive fire: D4 [3] bullets; damage [2, 5, 1] × 3 = 24``."""
        return join("; ", self.lines)

    def __str__(self) -> str:
        """The roll's :attr:`message` (English)."""
        return self.message


@dataclass(frozen=True)
class RangedReport:
    """One shooter's round as the calculator shows it.

    Attributes:
        attack: The rules' ranged attack (None for suppressive fire).
        hits: Exact distribution of the bullets in.
        damage: Exact distribution of the total damage.
        multiplier: The multiplier after range.
        rows: The table shown.
        unused: ``(parameter, why)`` for every parameter that does not count here.
        sides: The damage die.
        base_multiplier: The multiplier before range.
        averaged: Damage averaged instead of rolled.

    Example:
        >>> RangedReport(None, suppressive_fire_hits(), suppressive_fire_hits(), 1, (), (), 6, 1, False).hit_chance
        Fraction(1, 1)
    """

    attack: RangedOutcome | None
    hits: Distribution
    damage: Distribution
    multiplier: int
    rows: tuple[tuple[str, object], ...]
    unused: tuple[tuple[str, str], ...]
    sides: int
    base_multiplier: int
    averaged: bool

    def __post_init__(self) -> None:
        """Refuse a report built by hand with values of the wrong kind."""
        _check_report(self)
        check_int(self.multiplier, "multiplier", 1, MAX_MULTIPLIER)
        check_int(self.base_multiplier, "base_multiplier", 1, 30)
        if self.hits.min_value < 0 or self.hits.max_value > MAX_AUTO_ROUNDS:
            raise RuleValueError(
                M("{name} must count 0 to {n} bullets", name="hits", n=MAX_AUTO_ROUNDS),
                field="hits",
            )

    @property
    def hit_chance(self) -> Fraction:
        """P(at least one bullet in)."""
        return self.hits.prob_at_least(1)

    def roll(self, rng: random.Random | None = None) -> Any:
        """Cool, aim, dive, every roll of the volley, damage dice (or the suppressive fire).

        Example:
            >>> ranged(mode="suppressive").roll(random.Random(2)).hits
            1
        """
        rng = check_rng(rng, none_is_fresh=True)
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


_RANGED_NAMES = (
    "dexterity",
    "skill",
    "lighting",
    "darkness_bonus",
    "ammo",
    "modifier",
    "count",
    "burst_size",
    "heavy_recoil",
    "cumulative_group_penalty",
    "aim",
    "aim_perception",
    "aim_skill",
    "scope",
    "defense",
    "defender_dexterity",
    "defender_dodge",
    "defender_darkness_bonus",
    "under_fire",
    "willpower",
    "untrained",
    "core",
)


def _ranged_unused(values: dict[str, Any], mode: FiringMode | str, dark: bool) -> Unused:
    """Every parameter of :func:`ranged` that does not count in this situation."""
    if mode == SUPPRESSIVE:
        why = M("suppressive fire makes no roll: only range, damage die and multiplier count")
        return tuple((name, why) for name in _RANGED_NAMES)
    out: list[tuple[str, str]] = []
    only = {
        "count": (FiringMode.SEMI_AUTO, FiringMode.BURST, FiringMode.FULL_AUTO),
        "burst_size": (FiringMode.BURST,),
        "heavy_recoil": (FiringMode.SEMI_AUTO,),
        "cumulative_group_penalty": (FiringMode.FULL_AUTO,),
    }
    out += [(n, M("not for this firing mode")) for n, modes in only.items() if mode not in modes]
    if dark:
        out += [(n, _DARK) for n in ("dexterity", "skill", "ammo", "modifier", "aim")]
    if dark or not values["aim"]:
        out += [(n, M("only when aiming")) for n in ("aim_perception", "aim_skill", "scope")]
    if values["defense"] is RangedDefense.STAND_STILL:
        why = M("only for a target who dives for cover")
        out += [
            (n, why) for n in ("defender_dexterity", "defender_dodge", "defender_darkness_bonus")
        ]
    if not dark:
        out += [(n, _DARK_ONLY) for n in ("darkness_bonus", "defender_darkness_bonus")]
    if not values["under_fire"]:
        out.append(("willpower", M("only for a shooter under fire")))
    if values["skill"] or dark:
        out.append(("untrained", M("only for a shot without the skill")))
    seen: dict[str, str] = {}
    for name, why in out:
        seen.setdefault(name, why)
    return tuple(seen.items())


def ranged_answer(report: RangedReport) -> tuple[object, ...]:
    """Where the ranged calculator's answer is in ``report``: the chance of a hit.

    Suppressive fire rolls no attack: its answer is the mean damage.

    Example:
        >>> ranged_answer(ranged()), ranged_answer(ranged(mode="suppressive"))
        (('hit_chance',), ('damage', ('mean',)))
    """
    check_record(report, RangedReport, "report")
    return ("hit_chance",) if report.attack is not None else ("damage", ("mean",))


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
    defense: RangedDefense = RangedDefense.STAND_STILL,
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
    fire (no roll: anyone in the zone takes D4 bullets, 2 when averaged). A
    parameter that does not count in the situation (the burst size of a single
    shot, the aiming traits without aiming...) is listed in ``unused`` and
    only its type is checked.

    Example:
        >>> r = ranged(dexterity=3, skill=3, mode=FiringMode.BURST, damage_die=6, multiplier=3)
        >>> r.hits.pmf()[3], r.multiplier
        (Fraction(2, 5), 3)
        >>> ranged(mode="suppressive", multiplier=3).damage.mean()
        Fraction(105, 4)
        >>> ranged(dexterity=3, skill=3, burst_size=200).hit_chance  # no burst: not read
        Fraction(4, 5)
    """
    _flags(
        aim=aim,
        under_fire=under_fire,
        averaged=averaged,
        heavy_recoil=heavy_recoil,
        cumulative_group_penalty=cumulative_group_penalty,
    )
    _whole(
        dexterity=dexterity,
        skill=skill,
        darkness_bonus=darkness_bonus,
        modifier=modifier,
        count=count,
        burst_size=burst_size,
        aim_perception=aim_perception,
        aim_skill=aim_skill,
        scope=scope,
        defender_dexterity=defender_dexterity,
        defender_dodge=defender_dodge,
        defender_darkness_bonus=defender_darkness_bonus,
        willpower=willpower,
        damage_die=damage_die,
        multiplier=multiplier,
    )
    band = parse_enum(range_band, RangeBand, "range_band")
    light = parse_enum(lighting, Lighting, "lighting")
    ammo = parse_enum(ammo, ShotgunAmmo, "ammo")
    defense = parse_enum(defense, RangedDefense, "defense")
    untrained = parse_enum(untrained, UntrainedAttack, "untrained")
    check_core(core)
    if mode != SUPPRESSIVE:
        mode = parse_enum(mode, FiringMode, "mode")
    dark = light is Lighting.TOTAL_DARKNESS
    values = {"aim": aim, "defense": defense, "under_fire": under_fire, "skill": skill}
    unused = _ranged_unused(values, mode, dark)
    ignored = {name for name, _ in unused}
    with renamed({"sides": "damage_die"}):
        mult = effective_multiplier(multiplier, band)
        average_roll(damage_die)
    if mode == SUPPRESSIVE:
        hits = suppressive_fire_hits(averaged)
        damage = hits_damage(hits, damage_die, mult, averaged)
        rows: list[tuple[str, object]] = [
            (M("Suppressive fire"), M("no roll: anyone in the zone is hit")),
            (M("Bullets in"), M("2 (average)") if averaged else "D4"),
            (
                M("Damage per bullet"),
                M("D{sides} × {multiplier} (range applied)", sides=damage_die, multiplier=mult),
            ),
            (M("Expected damage"), Mean(damage.mean())),
        ]
        rows += [(MN("{n} hit", "{n} hits", k, n=k), p) for k, p in hits.pmf().items()]
        return RangedReport(
            None, hits, damage, mult, tuple(rows), unused, damage_die, multiplier, averaged
        )

    def counted(name: str, value: Any, default: Any = 0) -> Any:
        return default if name in ignored else value

    volley = Volley(
        mode,
        counted("count", count, 1),
        counted("burst_size", burst_size, 3),  # type: ignore[arg-type]
        counted("heavy_recoil", heavy_recoil, False),
        counted("cumulative_group_penalty", cumulative_group_penalty, False),
    )
    the_aim = None
    if aim and not dark:
        with renamed({"perception": "aim_perception", "skill": "aim_skill"}):
            the_aim = Aim(aim_perception, aim_skill, scope)
    the_dive = None
    if defense is RangedDefense.DIVE_FOR_COVER:
        diver = {"dexterity": "defender_dexterity", "dodge": "defender_dodge"}
        with renamed({**diver, "darkness_bonus": "defender_darkness_bonus"}):
            the_dive = Dive(
                defender_dexterity,
                defender_dodge,
                counted("defender_darkness_bonus", defender_darkness_bonus),
            )
    with renamed({"keep_cool_willpower": "willpower"}):
        out = ranged_attack(
            counted("dexterity", dexterity),
            counted("skill", skill),
            volley=volley,
            range_band=band,
            lighting=light,
            ammo=counted("ammo", ammo, ShotgunAmmo.NONE),
            aim=the_aim,
            modifier=counted("modifier", modifier),
            darkness_bonus=counted("darkness_bonus", darkness_bonus),
            dive=the_dive,
            keep_cool_willpower=willpower if under_fire else None,
            untrained=counted("untrained", untrained, UntrainedAttack.DIFFICULT_TEST),
            core=core,
        )
    damage = out.damage(damage_die, multiplier, averaged)
    return RangedReport(
        out,
        out.hits,
        damage,
        mult,
        _ranged_rows(out, damage, damage_die, mult, dark),
        unused,
        damage_die,
        multiplier,
        averaged,
    )


def _ranged_rows(
    out: RangedOutcome, damage: Distribution, sides: int, mult: int, dark: bool
) -> Rows:
    rows: list[tuple[str, object]] = []
    if dark:
        rows.append(
            (
                M("Total darkness"),
                M(
                    "every roll is the plain die, plus the Perception levels "
                    "(the shooter's on the first roll only); no aiming"
                ),
            )
        )
    for i, (check, cap) in enumerate(zip(out.attacks, out.caps), 1):
        label = (
            M("Roll {i} (1 bullet)", i=i)
            if cap == 1
            else M("Roll {i} (up to {n} bullets)", i=i, n=cap)
        )
        rows.append((label, bonus_text(check)))
    if out.aim is not None:
        rows.append((M("Aim (its levels add to every roll)"), bonus_text(out.aim)))
    if out.dive is not None:
        rows.append((M("Target dives for cover"), bonus_text(out.dive)))
    if out.cool is not None:
        rows.append((M("P(shooter keeps cool)"), out.cool.success_chance()))
    rows += [
        (M("Rounds fired"), str(out.volley.rounds_fired)),
        (M("P(at least one hit)"), out.hit_chance),
        (M("Expected hits"), Mean(out.expected_hits)),
        (
            M("Damage per bullet"),
            M("D{sides} × {multiplier} (range applied)", sides=sides, multiplier=mult),
        ),
        (M("Expected damage"), Mean(damage.mean())),
    ]
    rows += [(MN("{n} hit", "{n} hits", k, n=k), p) for k, p in out.hits.pmf().items() if p]
    return tuple(rows)
