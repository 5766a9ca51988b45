"""One exchange in each system: the chance that the better side comes out ahead.

An *exchange* is the smallest unit of a fight each source resolves:

* Unisystem: one contest (*épreuve en résistance*), both sides roll a D10,
  the higher total wins (:func:`rulebook_py.unisystem.contest`);
* Galaxies Jumelles: one opposed roll of the two codes
  (:func:`rulebook_py.galaxies.opposed`); a tie is a half dodge, not a full blow;
* Chroniques Oubliées: both fighters attack once (:func:`rulebook_py.chroniques.attack`);
  the better side is ahead when it hits and is not hit;
* mass battles: one round (:func:`rulebook_py.mass_battle.resolve_round`, each
  d4 put on offense); ahead means dealing more damage than received.

The *margin* is what the better side achieves minus what the other achieves,
in the system's own unit: the difference of the totals (Unisystem, Galaxies),
of the two attack rolls' excess over the DEF (Chroniques), of the damage
dealt (mass battles).

Example:
    >>> e = exchange(Engine.UNISYSTEM, 1)
    >>> e.ahead, e.even, e.behind
    (Fraction(16, 25), Fraction(2, 25), Fraction(7, 25))
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
from ..systems import chroniques, galaxies, mass_battle, unisystem
from .engines import DEFAULT_BASELINE, Baseline, Engine, check_engine, check_gap

__all__ = [
    "Exchange",
    "exchange",
    "mass_battle_sides",
    "round_ahead",
    "round_margin",
    "step_shift",
]


@dataclass(frozen=True)
class Exchange:
    """Exact chances of one exchange, from the better side's point of view.

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
    """

    engine: Engine
    gap: int
    ahead: Fraction
    even: Fraction
    behind: Fraction
    margin: Distribution

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


def mass_battle_sides(
    gap: int, baseline: Baseline = DEFAULT_BASELINE
) -> tuple[mass_battle.Side, mass_battle.Side]:
    """The two full units of the comparison: the better one has ``gap`` more of both levels.

    Example:
        >>> better, even = mass_battle_sides(2)
        >>> (better.unit.offense, better.unit.defense), (even.unit.offense, even.unit.defense)
        ((5, 5), (3, 3))
    """
    check_gap(gap)
    up = gap * Engine.MASS_BATTLE.step
    better = mass_battle.Unit("Better", 100, baseline.mass_offense + up, baseline.mass_defense + up)
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
        >>> exchange(Engine.MASS_BATTLE, 1).ahead
        Fraction(5, 8)
    """
    return _exchange(check_engine(engine), check_gap(gap), baseline)


@lru_cache(maxsize=256)
def _exchange(engine: Engine, gap: int, baseline: Baseline) -> Exchange:
    up = gap * engine.step
    if engine is Engine.UNISYSTEM:
        c = unisystem.contest(baseline.unisystem_bonus + up, baseline.unisystem_bonus)
        return Exchange(engine, gap, c.a_wins, c.tie, c.b_wins, c.margin_distribution())
    if engine is Engine.GALAXIES:
        code = galaxies.DiceCode.parse(baseline.galaxies_code, "galaxies_code")
        o = galaxies.opposed(code.with_dice(up), code)
        margin = o.attack.distribution() - o.defence.distribution()
        return Exchange(engine, gap, o.higher, o.tie, o.lower, margin)
    if engine is Engine.CHRONIQUES:
        a_hits = chroniques.attack(baseline.chroniques_attack + up, baseline.chroniques_defense).hit
        b_hits = chroniques.attack(baseline.chroniques_attack, baseline.chroniques_defense + up).hit
        ahead = a_hits * (1 - b_hits)
        behind = b_hits * (1 - a_hits)
        d20 = Distribution.uniform(20)
        margin = (d20 + 2 * up) - d20
        return Exchange(engine, gap, ahead, 1 - ahead - behind, behind, margin)
    better, even = mass_battle_sides(gap, baseline)
    margin = round_margin(better.unit, even.unit)
    ahead = sum((p for m, p in margin.pmf().items() if m > 0), Fraction(0))
    behind = sum((p for m, p in margin.pmf().items() if m < 0), Fraction(0))
    return Exchange(engine, gap, ahead, 1 - ahead - behind, behind, margin)


def round_margin(better: mass_battle.Unit, even: mass_battle.Unit) -> Distribution:
    """Damage dealt minus damage received by ``better`` in one round, every d4 on offense.

    The 16 pairs of d4 are each resolved by :func:`rulebook_py.mass_battle.resolve_round`.

    Example:
        >>> u = mass_battle.Unit("U", 100, 3, 3)
        >>> round_margin(u, u).probability(0)
        Fraction(1, 4)
    """
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
        >>> round_ahead(mass_battle.Unit("A", 100, 4, 3), mass_battle.Unit("B", 100, 3, 3))
        Fraction(5, 8)
    """
    return sum((p for m, p in round_margin(better, even).pmf().items() if m > 0), Fraction(0))


def step_shift(engine: Engine, baseline: Baseline = DEFAULT_BASELINE) -> Fraction:
    """How far one step moves the mean margin, in the system's own unit.

    Dividing a margin's SD by this gives the spread in steps.

    Example:
        >>> [step_shift(e) for e in Engine]
        [Fraction(2, 1), Fraction(7, 2), Fraction(4, 1), Fraction(5, 1)]
    """
    check_engine(engine)
    return exchange(engine, 1, baseline).margin.mean() - exchange(engine, 0, baseline).margin.mean()
