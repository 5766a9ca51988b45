"""The duel to the end in each system, exact, and its seeded cross-check.

* Chroniques Oubliées: both fighters strike once a round, at the same time
  (this book's choice: equal initiative); a hit deals the weapon's damage,
  doubled on a critical, and a fighter at 0 hit points (PV) falls. Both can
  fall in the same round (a draw).
* Mass battles: the source's own battle to the end,
  :func:`rulebook_py.mass_battle.battle_odds` (vitality, 5 % base damage, every
  d4 on offense).
* Unisystem and Galaxies Jumelles: the extracts give no life or wound table
  (Unisystem: no strict damage system), so the duel is "first to land N full
  blows" (``blows``, default 3). In Unisystem both fighters attack and dodge
  every turn (:func:`.exchanges.unisystem_attacks`), so both may land a blow in
  the same turn, at the same time (equal initiative, as in Chroniques): both
  reaching N together is a draw. In Galaxies the opposed roll's winner lands
  the blow; on a tie neither does.

Example:
    >>> even = duel(Engine.UNISYSTEM, 0)
    >>> even.a_wins == even.b_wins, even.draw > 0  # both may land the last blow at once
    (True, True)
    >>> duel(Engine.MASS_BATTLE, 3).upset
    Fraction(0, 1)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from fractions import Fraction
from functools import lru_cache

from ..dice import check_rng, parse
from ..errors import RuleValueError, check_int
from ..systems import chroniques, galaxies, mass_battle
from .chain import (
    DuelOdds,
    RoundsDistribution,
    duel_chain,
    duel_rounds,
    independent_duel,
    independent_kernel,
    independent_rounds,
)
from .engines import (
    DEFAULT_BASELINE,
    DEFAULT_BLOWS,
    MAX_BLOWS,
    MAX_HIT_POINTS,
    Baseline,
    Engine,
    check_baseline,
    check_engine,
    check_gap,
)
from .exchanges import exchange, mass_battle_sides, unisystem_attacks
from .words import M

__all__ = [
    "DEFAULT_HIT_POINTS",
    "MAX_SIMULATED_ROUNDS",
    "MAX_TRIALS",
    "DuelSimulation",
    "check_duel",
    "chroniques_damage",
    "duel",
    "duel_kernel",
    "duel_length",
    "simulate_duel",
]

#: Hit points (PV) of both Chroniques fighters by default (this book's choice).
DEFAULT_HIT_POINTS = 12
#: Most duels a seeded simulation may fight.
MAX_TRIALS = 20_000
#: Most rounds a seeded simulation may roll, per system (about half a second in
#: CPython each: a mass-battle round resolves two units step by step, a D10
#: contest is two dice). Costed from the exact mean length before rolling.
MAX_SIMULATED_ROUNDS = {
    Engine.UNISYSTEM: 60_000,
    Engine.GALAXIES: 15_000,
    Engine.CHRONIQUES: 20_000,
    Engine.MASS_BATTLE: 6_000,
}


def check_duel(
    engine: Engine, gap: int, blows: int, hit_points: int, baseline: Baseline = DEFAULT_BASELINE
) -> None:
    """Refuse a duel the comparison cannot fight: every argument a duel shares, checked.

    Args:
        engine: The system whose roll decides each exchange.
        gap: Steps between the two fighters (0 to :data:`~.engines.MAX_GAP`).
        blows: Hits that take a fighter down (1 to :data:`~.engines.MAX_BLOWS`).
        hit_points: Chroniques' hit points (1 to :data:`~.engines.MAX_HIT_POINTS`).
        baseline: The even opponent.

    Raises:
        RuleValueError: Naming the first argument at fault.

    Example:
        >>> check_duel(Engine.UNISYSTEM, 2, 3, 10)
        >>> check_duel(Engine.UNISYSTEM, 2, 0, 10)
        Traceback (most recent call last):
        ...
        rulebook_py.errors.RuleValueError: blows must be an integer from 1 to 10, got 0
    """
    check_engine(engine)
    check_gap(gap)
    check_int(blows, "blows", 1, MAX_BLOWS)
    check_int(hit_points, "hit_points", 1, MAX_HIT_POINTS)
    check_baseline(baseline)


def chroniques_damage(
    attack_bonus: int, defense: int, baseline: Baseline = DEFAULT_BASELINE
) -> dict[int, Fraction]:
    """Damage one Chroniques attack deals: 0 on a miss, the weapon's, doubled on a critical.

    Example:
        >>> d = chroniques_damage(4, 14)
        >>> d[0], max(d)
        (Fraction(9, 20), 22)
    """
    check_baseline(baseline)
    odds = chroniques.attack(attack_bonus, defense)
    out: dict[int, Fraction] = {0: odds.miss}
    for critical, p in ((False, odds.normal_hit), (True, odds.critical)):
        dist = chroniques.damage_distribution(
            baseline.chroniques_damage, baseline.chroniques_damage_modifier, critical=critical
        )
        for v, q in dist.pmf().items():
            out[v] = out.get(v, Fraction(0)) + p * q
    return out


def duel_kernel(
    engine: Engine,
    gap: int,
    *,
    blows: int = DEFAULT_BLOWS,
    hit_points: int = DEFAULT_HIT_POINTS,
    baseline: Baseline = DEFAULT_BASELINE,
) -> tuple[dict[tuple[int, int], Fraction], int]:
    """The round kernel ``{(damage to A, damage to B): p}`` and the endurance of both.

    Where the source has no wounds (Unisystem, Galaxies), the damage is one
    full blow (*coup plein*): a blow that lands outright, never a tie or a
    half dodge; the endurance is then the number of full blows to win.

    A is the better fighter (``gap`` steps ahead). Not for mass battles, whose
    chain is the source's own (:func:`rulebook_py.mass_battle.battle_odds`).

    Example:
        >>> kernel, endurance = duel_kernel(Engine.UNISYSTEM, 1, blows=2)
        >>> kernel[(0, 1)], kernel[(1, 1)], endurance  # A hits alone; both hit
        (Fraction(288, 625), Fraction(112, 625), 2)
    """
    check_duel(engine, gap, blows, hit_points, baseline)
    if engine is Engine.MASS_BATTLE:
        raise RuleValueError(
            M("the mass battle's duel is the source's own battle: use duel()"), field="engine"
        )
    if engine is not Engine.GALAXIES:
        by_a, by_b, endurance = _blows(engine, gap, blows, hit_points, baseline)
        return independent_kernel(by_b, by_a, endurance, endurance), endurance
    e = exchange(engine, gap, baseline)
    kernel = {(0, 1): e.ahead, (1, 0): e.behind, (0, 0): e.even}
    return {k: p for k, p in kernel.items() if p}, blows


def duel(
    engine: Engine,
    gap: int,
    *,
    blows: int = DEFAULT_BLOWS,
    hit_points: int = DEFAULT_HIT_POINTS,
    baseline: Baseline = DEFAULT_BASELINE,
) -> DuelOdds:
    """The exact ending of a duel to the end; A is ``gap`` steps better.

    Args:
        engine: The system.
        gap: A's advantage in steps, 0 to 6.
        blows: N of "first to land N full blows" (Unisystem, Galaxies), 1 to 10.
        hit_points: Both Chroniques fighters' hit points (PV), 1 to 30.
        baseline: The even fighter of each system.

    Raises:
        RuleValueError: For a value out of range.

    Example:
        >>> d = duel(Engine.GALAXIES, 1)
        >>> d.a_wins + d.b_wins + d.draw
        Fraction(1, 1)
        >>> duel(Engine.GALAXIES, 1, blows=1).a_wins  # one opposed roll, ties replayed
        Fraction(69315, 87203)
    """
    check_duel(engine, gap, blows, hit_points, baseline)
    return _duel(engine, gap, blows, hit_points, baseline)


@lru_cache(maxsize=512)
def _duel(engine: Engine, gap: int, blows: int, hit_points: int, baseline: Baseline) -> DuelOdds:
    if engine is Engine.MASS_BATTLE:
        better, even = mass_battle_sides(gap, baseline)
        odds = mass_battle.battle_odds(better, even)
        return DuelOdds(
            odds.attacker_wins,
            odds.defender_wins,
            odds.both_fall,
            odds.expected_rounds,
            odds.unfinished,
        )
    if engine is not Engine.GALAXIES:
        by_a, by_b, endurance = _blows(engine, gap, blows, hit_points, baseline)
        return independent_duel(by_b, by_a, endurance, endurance)
    kernel, endurance = duel_kernel(
        engine, gap, blows=blows, hit_points=hit_points, baseline=baseline
    )
    return duel_chain(kernel, endurance, endurance)


def _blows(
    engine: Engine, gap: int, blows: int, hit_points: int, baseline: Baseline
) -> tuple[dict[int, Fraction], dict[int, Fraction], int]:
    """What A's blow and B's blow deal in one round, and the endurance (both strike at once)."""
    if engine is Engine.CHRONIQUES:
        by_a, by_b = _chroniques_blows(gap, baseline)
        return by_a, by_b, hit_points
    a_hits, b_hits = (o.hit_chance for o in unisystem_attacks(gap, baseline))
    return _one_blow(a_hits), _one_blow(b_hits), blows


def _one_blow(p: Fraction) -> dict[int, Fraction]:
    return {k: q for k, q in ((1, p), (0, 1 - p)) if q}


def _chroniques_blows(
    gap: int, baseline: Baseline
) -> tuple[dict[int, Fraction], dict[int, Fraction]]:
    """Damage of the better fighter's blow and of the other's, one round."""
    up = gap * Engine.CHRONIQUES.step
    by_a = chroniques_damage(baseline.chroniques_attack + up, baseline.chroniques_defense, baseline)
    by_b = chroniques_damage(baseline.chroniques_attack, baseline.chroniques_defense + up, baseline)
    return by_a, by_b


def duel_length(
    engine: Engine,
    gap: int,
    *,
    blows: int = DEFAULT_BLOWS,
    hit_points: int = DEFAULT_HIT_POINTS,
    horizon: int = 20,
    baseline: Baseline = DEFAULT_BASELINE,
) -> RoundsDistribution:
    """Exact distribution of the duel's number of rounds, up to ``horizon`` rounds.

    Example:
        >>> r = duel_length(Engine.UNISYSTEM, 0, blows=1, horizon=2)
        >>> r.ends, r.longer  # a turn ends it unless both attacks fail: (14/25)² of them
        ({1: Fraction(429, 625), 2: Fraction(84084, 390625)}, Fraction(38416, 390625))
    """
    check_duel(engine, gap, blows, hit_points, baseline)
    check_int(horizon, "horizon", 1, 60)
    if engine is Engine.MASS_BATTLE:
        better, even = mass_battle_sides(gap, baseline)
        odds = mass_battle.battle_odds(better, even)
        ends = {r: p for r, p in odds.rounds.items() if r <= horizon}
        longer = 1 - sum(ends.values(), Fraction(0))
        return RoundsDistribution(ends, longer, horizon)
    if engine is not Engine.GALAXIES:
        by_a, by_b, endurance = _blows(engine, gap, blows, hit_points, baseline)
        return independent_rounds(by_b, by_a, endurance, endurance, horizon)
    kernel, endurance = duel_kernel(
        engine, gap, blows=blows, hit_points=hit_points, baseline=baseline
    )
    return duel_rounds(kernel, endurance, endurance, horizon)


class DuelSimulation:
    """Counts of a seeded simulation of many duels (the cross-check of :func:`duel`).

    Attributes:
        trials: Duels fought.
        a_wins: Duels A won.
        b_wins: Duels B won.
        draws: Duels in which both fell together.
        rounds: Rounds fought in all, for the mean.

    Example:
        >>> s = simulate_duel(Engine.UNISYSTEM, 2, trials=10, rng=random.Random(1))
        >>> s.a_wins + s.b_wins + s.draws == s.trials
        True
        >>> DuelSimulation(10, 6, 3, 1, 25).mean_rounds
        Fraction(5, 2)
    """

    def __init__(self, trials: int, a_wins: int, b_wins: int, draws: int, rounds: int) -> None:
        """Check the counts: wins and draws add up to the duels, each duel a round at least."""
        check_int(trials, "trials", 1, MAX_TRIALS)
        for name, count in (("a_wins", a_wins), ("b_wins", b_wins), ("draws", draws)):
            check_int(count, name, 0, trials)
        if a_wins + b_wins + draws != trials:
            raise RuleValueError(
                M("a_wins, b_wins and draws must add up to trials ({trials})", trials=trials),
                field="draws",
            )
        check_int(rounds, "rounds", trials, trials * max(MAX_SIMULATED_ROUNDS.values()))
        self.trials = trials
        self.a_wins = a_wins
        self.b_wins = b_wins
        self.draws = draws
        self.rounds = rounds

    @property
    def mean_rounds(self) -> Fraction:
        """Mean rounds per duel."""
        return Fraction(self.rounds, self.trials)

    def __repr__(self) -> str:
        """``DuelSimulation(trials, a_wins, b_wins, draws, rounds)``."""
        return (
            f"DuelSimulation({self.trials}, {self.a_wins}, {self.b_wins}, {self.draws}, "
            f"{self.rounds})"
        )


def simulate_duel(
    engine: Engine,
    gap: int,
    *,
    trials: int = 1000,
    blows: int = DEFAULT_BLOWS,
    hit_points: int = DEFAULT_HIT_POINTS,
    rng: random.Random | None = None,
    baseline: Baseline = DEFAULT_BASELINE,
) -> DuelSimulation:
    """Fight ``trials`` duels with the systems' own seeded rolls, round by round.

    Every roll goes through the system's rolling functions
    (``unisystem.melee_exchange(...).roll``, ``galaxies.opposed(...).resolve``,
    ``chroniques.roll_check`` and the damage dice, ``mass_battle.resolve_round``),
    not through the chain, so it checks :func:`duel` independently.

    Raises:
        RuleValueError: For a value out of range, more than 20 000 trials, or
            more rounds than :data:`MAX_SIMULATED_ROUNDS` allows (costed from
            the exact mean length before any roll).

    Example:
        >>> a = simulate_duel(Engine.CHRONIQUES, 1, trials=5, rng=random.Random(3))
        >>> b = simulate_duel(Engine.CHRONIQUES, 1, trials=5, rng=random.Random(3))
        >>> (a.a_wins, a.rounds) == (b.a_wins, b.rounds)
        True
    """
    check_duel(engine, gap, blows, hit_points, baseline)
    check_int(trials, "trials", 1, MAX_TRIALS)
    if rng is not None:
        check_rng(rng)
    mean = duel(engine, gap, blows=blows, hit_points=hit_points, baseline=baseline).mean_rounds
    expected = trials * mean
    budget = MAX_SIMULATED_ROUNDS[engine]
    if expected > budget:
        raise RuleValueError(
            M(
                "{trials} duels of {system} would roll about {count} rounds; at most {budget} "
                "are allowed (about half a second): fight fewer duels",
                trials=trials,
                system=engine,
                count=round(expected),
                budget=budget,
            ),
            field="trials",
        )
    rng = rng or random.Random()
    up = gap * engine.step
    wins = [0, 0, 0]
    rounds = 0
    for _ in range(trials):
        n = 0
        if engine is Engine.MASS_BATTLE:
            better, even = mass_battle_sides(gap, baseline)
            while better.unit.vitality > 0 and even.unit.vitality > 0:
                n += 1
                r = mass_battle.resolve_round(better, even, round_number=n, rng=rng)
                better = mass_battle.Side(r.attacker, better.orders)
                even = mass_battle.Side(r.defender, even.orders)
            a_left, b_left = better.unit.vitality, even.unit.vitality
        elif engine is Engine.CHRONIQUES:
            a_left = b_left = hit_points
            atk, dfn = baseline.chroniques_attack, baseline.chroniques_defense
            while a_left > 0 and b_left > 0:
                n += 1
                b_left -= _strike(atk + up, dfn, baseline, rng)
                a_left -= _strike(atk, dfn + up, baseline, rng)
        elif engine is Engine.UNISYSTEM:
            a_left = b_left = blows
            by_a, by_b = unisystem_attacks(gap, baseline)
            while a_left > 0 and b_left > 0:
                n += 1
                b_left -= by_a.roll(rng).hit
                a_left -= by_b.roll(rng).hit
        else:
            a_left = b_left = blows
            winner_of = _galaxies_roller(up, baseline)
            while a_left > 0 and b_left > 0:
                n += 1
                winner = winner_of(rng)
                if winner == "a":
                    b_left -= 1
                elif winner == "b":
                    a_left -= 1
        rounds += n
        wins[0 if b_left <= 0 < a_left else 1 if a_left <= 0 < b_left else 2] += 1
    return DuelSimulation(trials, wins[0], wins[1], wins[2], rounds)


def _galaxies_roller(up: int, baseline: Baseline) -> Callable[[random.Random], str | None]:
    """Who wins one rolled Galaxies opposed roll (``None``: a tie, nobody)."""
    code = galaxies.DiceCode.parse(baseline.galaxies_code, "galaxies_code")
    o = galaxies.opposed(code.with_dice(up), code)
    names = {"higher": "a", "lower": "b", "tie": None}
    return lambda rng: names[o.resolve(rng).result]


def _strike(bonus: int, defense: int, baseline: Baseline, rng: random.Random) -> int:
    check = chroniques.roll_check(bonus, defense, rng=rng)
    if not check.success:
        return 0
    damage = parse(baseline.chroniques_damage).roll(rng).total
    damage = max(0, damage + baseline.chroniques_damage_modifier)
    return damage * (2 if check.natural == "critical" else 1)
