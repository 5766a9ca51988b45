"""One exchange in each system: the chance that the better side comes out ahead.

An *exchange* is the smallest unit of a fight each source resolves:

* Unisystem close combat: each fighter makes an attack test and a defense
  test every turn without penalty (« une épreuve d'attaque et une de défense à
  chaque tour sans pénalité »): A attacks against B's dodge and B against A's,
  each with :func:`rulebook_py.unisystem.melee_exchange`, where a tie goes to
  the defender (« Si le défenseur égalise… il réussit à éviter ») and the
  attack must also reach 9; the better side is ahead when it hits and is not hit;
* Galaxies Jumelles melee: one opposed roll of the two codes
  (:func:`rulebook_py.galaxies.opposed`): the higher total lands a blow; on a
  tie neither does (each fighter dodged the other's blows);
* Chroniques Oubliées: both fighters attack once (:func:`rulebook_py.chroniques.attack`);
  the better side is ahead when it hits and is not hit;
* mass battles: one round (:func:`rulebook_py.mass_battle.resolve_round`, each
  d4 put on offense); ahead means dealing more damage than received.

The *margin* measures the better side's own roll, in the system's unit: how
far its attack total beats the other's defense total (Unisystem), its total
the other's (Galaxies), its attack roll the DEF (Chroniques: d20 + attack
score − DEF, the number the attack rules compare); in mass battles, the damage
dealt minus the damage received in the round.

Example:
    >>> e = exchange(Engine.UNISYSTEM, 1)
    >>> e.ahead, e.even, e.behind
    (Fraction(288, 625), Fraction(274, 625), Fraction(63, 625))
    >>> exchange(Engine.GALAXIES, 0).ahead == exchange(Engine.GALAXIES, 0).behind
    True
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from ..distribution import Distribution
from ..errors import RuleValueError, quote
from ..systems import chroniques, galaxies, mass_battle, unisystem
from .engines import (
    DEFAULT_BASELINE,
    Baseline,
    Engine,
    check_baseline,
    check_chance,
    check_engine,
    check_gap,
)
from .words import M

__all__ = [
    "Exchange",
    "exchange",
    "mass_battle_sides",
    "round_ahead",
    "round_margin",
    "step_shift",
    "unisystem_attacks",
]


@dataclass(frozen=True)
class Exchange:
    """Exact chances of one exchange, from the better side's point of view.

    Its margin's spread is given as a standard deviation (:attr:`margin_sd`).

    Attributes:
        engine: The system.
        gap: The better side's advantage, in steps.
        ahead: P(the better side comes out ahead).
        even: P(neither does: a tie, both hit, both miss).
        behind: P(the other side comes out ahead).
        margin: Distribution of the margin, in the system's own unit.

    Example:
        >>> e = exchange(Engine.CHRONIQUES, 0)
        >>> e.ahead + e.even + e.behind
        Fraction(1, 1)
        >>> Exchange(Engine.GALAXIES, 0, Fraction(5, 12), Fraction(1, 6), Fraction(5, 12), exchange(Engine.GALAXIES, 0).margin).decisive_share
        Fraction(1, 2)
    """

    engine: Engine
    gap: int
    ahead: Fraction
    even: Fraction
    behind: Fraction
    margin: Distribution

    def __post_init__(self) -> None:
        """Check every field: the system, the gap, three chances adding up to 1, a distribution."""
        check_engine(self.engine)
        check_gap(self.gap)
        for name in ("ahead", "even", "behind"):
            check_chance(getattr(self, name), name)
        if self.ahead + self.even + self.behind != 1:
            raise RuleValueError(
                M("ahead, even and behind must add up to 1 (one of the three happens)"),
                field="behind",
            )
        _check_distribution(self.margin, "margin")

    @property
    def margin_sd(self) -> float:
        """Standard deviation of the margin, in the system's own unit."""
        return math.sqrt(self.margin.variance())

    @property
    def decisive_share(self) -> Fraction:
        """P(better side ahead | someone is ahead); 1/2 when nobody ever is.

        Example:
            >>> exchange(Engine.UNISYSTEM, 0).decisive_share
            Fraction(1, 2)
        """
        decided = self.ahead + self.behind
        return self.ahead / decided if decided else Fraction(1, 2)


def _check_distribution(value: object, name: str) -> Distribution:
    if not isinstance(value, Distribution):
        raise RuleValueError(
            M(
                "{name} must be a Distribution, got {got} ({kind})",
                name=name,
                got=quote(value),
                kind=type(value).__name__,
            ),
            field=name,
        )
    return value


def _check_unit(value: object, name: str) -> mass_battle.Unit:
    if not isinstance(value, mass_battle.Unit):
        raise RuleValueError(
            M(
                "{name} must be a mass-battle Unit (e.g. mass_battle.Unit('A', 100, 4, 3)), "
                "got {got} ({kind})",
                name=name,
                got=quote(value),
                kind=type(value).__name__,
            ),
            field=name,
        )
    return value


def mass_battle_sides(
    gap: int, baseline: Baseline = DEFAULT_BASELINE
) -> tuple[mass_battle.Side, mass_battle.Side]:
    """The two full units of the comparison: the better one has ``gap`` more offense levels.

    Only offense: the even unit's offense does not exceed the better unit's
    defense, and a negative offense − defense is removed before the d4 is
    added, so more defense would change nothing (see :mod:`.engines`).

    Example:
        >>> better, even = mass_battle_sides(2)
        >>> (better.unit.offense, better.unit.defense), (even.unit.offense, even.unit.defense)
        ((5, 3), (3, 3))
    """
    check_gap(gap)
    check_baseline(baseline)
    up = gap * Engine.MASS_BATTLE.step
    better = mass_battle.Unit("Better", 100, baseline.mass_offense + up, baseline.mass_defense)
    even = mass_battle.Unit("Even", 100, baseline.mass_offense, baseline.mass_defense)
    orders = mass_battle.Orders(lean=mass_battle.Lean.OFFENSE)  # every d4 on offense
    return mass_battle.Side(better, orders), mass_battle.Side(even, orders)


def exchange(engine: Engine, gap: int, baseline: Baseline = DEFAULT_BASELINE) -> Exchange:
    """Exact chances of one exchange when the better side is ``gap`` steps ahead.

    Args:
        engine: The system.
        gap: The advantage in steps, 0 to :data:`~.engines.MAX_GAP`.
        baseline: The even fighter of each system.

    Raises:
        RuleValueError: For an unknown engine or a gap out of range.

    Example:
        >>> exchange(Engine.CHRONIQUES, 1).ahead
        Fraction(143, 400)
        >>> exchange(Engine.CHRONIQUES, 0).margin.mean()  # d20 + 4 − 14
        Fraction(1, 2)
        >>> exchange(Engine.MASS_BATTLE, 1).ahead
        Fraction(5, 8)
    """
    return _exchange(check_engine(engine), check_gap(gap), check_baseline(baseline))


@lru_cache(maxsize=256)
def _exchange(engine: Engine, gap: int, baseline: Baseline) -> Exchange:
    up = gap * engine.step
    if engine is Engine.UNISYSTEM:
        by_a, by_b = unisystem_attacks(gap, baseline)
        a_hits, b_hits = by_a.hit_chance, by_b.hit_chance
        margin = by_a.attack.total_distribution() - by_a.defense.total_distribution()
        return _both_strike(engine, gap, a_hits, b_hits, margin)
    if engine is Engine.GALAXIES:
        code = galaxies.DiceCode.parse(baseline.galaxies_code, "galaxies_code")
        o = galaxies.opposed(code.with_dice(up), code)
        margin = o.attack.distribution() - o.defense.distribution()
        return Exchange(engine, gap, o.higher, o.tie, o.lower, margin)
    if engine is Engine.CHRONIQUES:
        attack, defense = baseline.chroniques_attack, baseline.chroniques_defense
        a_hits = chroniques.attack(attack + up, defense).hit
        b_hits = chroniques.attack(attack, defense + up).hit
        margin = Distribution.uniform(20) + (attack + up - defense)
        return _both_strike(engine, gap, a_hits, b_hits, margin)
    better, even = mass_battle_sides(gap, baseline)
    margin = round_margin(better.unit, even.unit)
    ahead = sum((p for m, p in margin.pmf().items() if m > 0), Fraction(0))
    behind = sum((p for m, p in margin.pmf().items() if m < 0), Fraction(0))
    return Exchange(engine, gap, ahead, 1 - ahead - behind, behind, margin)


def _both_strike(
    engine: Engine, gap: int, a_hits: Fraction, b_hits: Fraction, margin: Distribution
) -> Exchange:
    """Both fighters strike once: the better one is ahead when it hits and is not hit."""
    ahead = a_hits * (1 - b_hits)
    behind = b_hits * (1 - a_hits)
    return Exchange(engine, gap, ahead, 1 - ahead - behind, behind, margin)


def unisystem_attacks(
    gap: int, baseline: Baseline = DEFAULT_BASELINE
) -> tuple[unisystem.MeleeOutcome, unisystem.MeleeOutcome]:
    """One Unisystem turn of close combat: A's attack on B, and B's attack on A.

    Each is :func:`rulebook_py.unisystem.melee_exchange` of DEX + Hand weapon
    against the target's dodge (DEX + Dodge): the attack must beat the dodge
    (a tie goes to the defender) and reach 9. A, ``gap`` steps better, adds
    the gap to both its attack and its dodge.

    Example:
        >>> by_a, by_b = unisystem_attacks(0)
        >>> by_a.hit_chance, by_a.attack.bonus, by_a.defense.bonus
        (Fraction(11, 25), 6, 6)
        >>> unisystem_attacks(1)[0].hit_chance, unisystem_attacks(1)[1].hit_chance
        (Fraction(16, 25), Fraction(7, 25))
    """
    up = check_gap(gap) * Engine.UNISYSTEM.step
    check_baseline(baseline)
    dex, skill = baseline.unisystem_dexterity, baseline.unisystem_skill
    weapon, dodge = unisystem.CloseSkill.HAND_WEAPON, unisystem.DefenseKind.DODGE
    by_a = unisystem.melee_exchange(
        unisystem.MeleeAttack(dex, skill, weapon, modifier=up),
        unisystem.MeleeDefense(dodge, dex, skill),
    )
    by_b = unisystem.melee_exchange(
        unisystem.MeleeAttack(dex, skill, weapon),
        unisystem.MeleeDefense(dodge, dex, skill, modifier=up),
    )
    return by_a, by_b


def round_margin(better: mass_battle.Unit, even: mass_battle.Unit) -> Distribution:
    """Damage dealt minus damage received by ``better`` in one round, every d4 on offense.

    The 16 pairs of d4 are each resolved by :func:`rulebook_py.mass_battle.resolve_round`.

    Example:
        >>> round_margin(mass_battle_sides(0)[0].unit, mass_battle_sides(0)[1].unit).probability(0)
        Fraction(1, 4)
    """
    _check_unit(better, "better")
    _check_unit(even, "even")
    orders = mass_battle.Orders(lean=mass_battle.Lean.OFFENSE)
    counts: Counter[int] = Counter()
    for die_a in range(1, 5):
        for die_b in range(1, 5):
            r = mass_battle.resolve_round(
                mass_battle.Side(better, orders),
                mass_battle.Side(even, orders),
                attacker_allocation=mass_battle.Allocation(die=die_a, chance=die_a),
                defender_allocation=mass_battle.Allocation(die=die_b, chance=die_b),
            )
            counts[r.damage_to_defender - r.damage_to_attacker] += 1
    return Distribution.from_weights(counts)


def round_ahead(better: mass_battle.Unit, even: mass_battle.Unit) -> Fraction:
    """P(``better`` deals more damage than it receives in one round).

    Example:
        >>> round_ahead(mass_battle_sides(1)[0].unit, mass_battle_sides(1)[1].unit)
        Fraction(5, 8)
    """
    return sum((p for m, p in round_margin(better, even).pmf().items() if m > 0), Fraction(0))


def step_shift(engine: Engine, baseline: Baseline = DEFAULT_BASELINE) -> Fraction:
    """How far one step moves the mean margin, in the system's own unit.

    Dividing a margin's SD by this gives the spread in steps.

    Example:
        >>> [step_shift(e) for e in Engine]
        [Fraction(2, 1), Fraction(7, 2), Fraction(2, 1), Fraction(5, 1)]
        >>> step_shift(Engine.GALAXIES, Baseline(galaxies_code="4D+1"))
        Fraction(7, 2)
    """
    check_engine(engine)
    check_baseline(baseline)
    return exchange(engine, 1, baseline).margin.mean() - exchange(engine, 0, baseline).margin.mean()
