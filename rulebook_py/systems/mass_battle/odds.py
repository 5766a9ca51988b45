"""Exact odds of a whole mass battle, and the seeded simulator that checks them.

A battle is a Markov chain: its state is (round, vitality of each unit), the
vitalities moving in 5 % steps; each round both d4 are rolled (16 equally
likely pairs) and both units deal their damage at once. Special actions
change the totals from round to round, so the transition depends on the
round. :func:`battle_odds` walks the chain round by round with integer
weights (the weight of a state after ``r`` rounds is out of ``16**r``) and
returns exact fractions.

Every round each unit loses at least 5 %, so two units of at most 100 % are
done within :data:`MAX_ROUNDS` = 20 rounds: the chain always ends, and a
smaller ``max_rounds`` stops it early (the players break off the fight).

Example:
    >>> from rulebook_py.systems.mass_battle.round import Side, Unit
    >>> odds = battle_odds(Side(Unit("A", 10, 3, 4)), Side(Unit("B", 10, 3, 4)),
    ...                    ChancePolicy.ALL_OFFENSE)
    >>> odds.both_fall
    Fraction(1, 1)
"""

from __future__ import annotations

import functools
import itertools
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import Enum
from fractions import Fraction

from ...errors import RuleValueError, check_int
from .actions import RolledAction, SpecialAction
from .round import (
    Allocation,
    Battlefield,
    BattleRound,
    Lean,
    Side,
    _check_pair,
    damage_percent,
    resolve_round,
    split_free,
    totals_before_chance,
)

__all__ = [
    "MAX_ROLLED_ACTIONS",
    "MAX_ROUNDS",
    "MAX_SIMULATIONS",
    "BattleOdds",
    "ChancePolicy",
    "SimulationResult",
    "Timing",
    "battle_odds",
    "chance_split",
    "replay_battle",
    "roll_actions",
    "simulate_battle",
]

#: Most rounds a battle can last (each unit loses at least 5 % a round).
MAX_ROUNDS = 20

#: Most actions still to roll that one side may declare (each multiplies the chains).
MAX_ROLLED_ACTIONS = 2

#: Most battles :func:`simulate_battle` replays in one call.
MAX_SIMULATIONS = 100_000


class Timing(Enum):
    """When the d4 of chance is allotted to offense or defense.

    ``BEFORE_ROLL`` is the rules text (and the dragon example): the side is
    chosen before the die is thrown, so the whole die goes to one side.
    ``AFTER_ROLL`` is what the brigands' example does (a 4 split 3 + 1).

    Example:
        >>> Timing.AFTER_ROLL.label
        'après le jet'
    """

    BEFORE_ROLL = "avant le jet"
    AFTER_ROLL = "après le jet"

    @property
    def label(self) -> str:
        """A French label."""
        return self.value


class ChancePolicy(Enum):
    """How a commander allots the d4 of chance each round.

    Example:
        >>> ChancePolicy.CAUTIOUS.description
        'defend when not ahead in vitality, attack when ahead'
    """

    ALL_OFFENSE = ("all to offense (reckless)", "tout à l'offense")
    ALL_DEFENSE = ("all to defense", "tout à la défense")
    SPLIT = ("split in half after the roll", "partagé")
    CAUTIOUS = ("defend when not ahead in vitality, attack when ahead", "prudent")

    def __init__(self, description: str, label: str) -> None:
        self.description = description
        self.label = label


def chance_split(
    policy: ChancePolicy, die: int, own: int, enemy: int, timing: Timing = Timing.BEFORE_ROLL
) -> tuple[int, int]:
    """``(on offense, on defense)`` for a d4 of ``die`` under ``policy``.

    Args:
        policy: The policy.
        die: The d4 (1 to 4).
        own: This unit's vitality.
        enemy: The enemy's vitality.
        timing: ``SPLIT`` needs the roll, so it needs ``AFTER_ROLL``.

    Example:
        >>> chance_split(ChancePolicy.CAUTIOUS, 4, 25, 10), chance_split(ChancePolicy.CAUTIOUS, 3, 10, 25)
        ((4, 0), (0, 3))
    """
    if policy is ChancePolicy.ALL_OFFENSE:
        return die, 0
    if policy is ChancePolicy.ALL_DEFENSE:
        return 0, die
    if policy is ChancePolicy.CAUTIOUS:
        return (die, 0) if own > enemy else (0, die)
    if policy is ChancePolicy.SPLIT:
        if timing is not Timing.AFTER_ROLL:
            raise RuleValueError(
                "policy 'split' needs to see the roll: allowed only with timing AFTER_ROLL "
                f"(after the roll), got {timing.name!r}",
                field="policy",
            )
        return split_free(die, Lean.EVEN)
    raise RuleValueError(
        f"policy must be one of {[p.name for p in ChancePolicy]}, got {policy!r}", field="policy"
    )


def _policies(
    policy: ChancePolicy | tuple[ChancePolicy, ChancePolicy], timing: Timing
) -> tuple[ChancePolicy, ChancePolicy]:
    pair = policy if isinstance(policy, tuple) else (policy, policy)
    if len(pair) != 2 or not all(isinstance(p, ChancePolicy) for p in pair):
        raise RuleValueError(
            f"policy must be a ChancePolicy or a pair of them, got {policy!r}", field="policy"
        )
    if not isinstance(timing, Timing):
        raise RuleValueError(f"timing must be a Timing, got {timing!r}", field="timing")
    for p in pair:
        chance_split(p, 1, 0, 0, timing)  # validates SPLIT vs timing
    return pair


@dataclass(frozen=True)
class BattleOdds:
    """The exact outcome of a battle.

    Attributes:
        attacker_wins: P(the defender falls and the attacker stands).
        defender_wins: P(the attacker falls and the defender stands).
        both_fall: P(both fall in the same round).
        unfinished: P(both stand after ``max_rounds``).
        rounds: ``{rounds fought: probability}`` of the battles that end.
        attacker_final: ``{vitality at the end: probability}`` (0 = destroyed).
        defender_final: The same for the defender.
        max_rounds: The cap used.

    Example:
        >>> BattleOdds.__dataclass_fields__.keys() >= {"rounds", "both_fall"}
        True
    """

    attacker_wins: Fraction
    defender_wins: Fraction
    both_fall: Fraction
    unfinished: Fraction
    rounds: dict[int, Fraction]
    attacker_final: dict[int, Fraction]
    defender_final: dict[int, Fraction]
    max_rounds: int

    @property
    def expected_attacker_vitality(self) -> Fraction:
        """Expected vitality of the attacker at the end (0 counted for a rout)."""
        return sum((v * p for v, p in self.attacker_final.items()), Fraction(0))

    @property
    def expected_defender_vitality(self) -> Fraction:
        """Expected vitality of the defender at the end."""
        return sum((v * p for v, p in self.defender_final.items()), Fraction(0))

    @property
    def expected_rounds(self) -> Fraction:
        """Expected number of rounds fought (an unfinished battle counts ``max_rounds``)."""
        done = sum((r * p for r, p in self.rounds.items()), Fraction(0))
        return done + self.unfinished * self.max_rounds


def _round_tables(
    attacker: Side,
    defender: Side,
    battlefield: Battlefield,
    policies: tuple[ChancePolicy, ChancePolicy],
    timing: Timing,
    round_number: int,
) -> dict[tuple[bool, bool], tuple[tuple[int, int, int], ...]]:
    """For (attacker ahead, defender ahead): ``[(steps lost by A, by D, ways)]``."""
    a = totals_before_chance(attacker, defender.unit, battlefield, round_number)[-1]
    d = totals_before_chance(defender, attacker.unit, battlefield, round_number)[-1]
    return _tables_for(a.offense, a.defense, d.offense, d.defense, policies, timing)


@functools.lru_cache(maxsize=4096)
def _tables_for(
    a_off: int,
    a_def: int,
    d_off: int,
    d_def: int,
    policies: tuple[ChancePolicy, ChancePolicy],
    timing: Timing,
) -> dict[tuple[bool, bool], tuple[tuple[int, int, int], ...]]:
    """The round's transitions for these totals before the d4 (the same for many rounds)."""
    tables = {}
    for a_ahead in (False, True):
        for d_ahead in (False, True):
            if a_ahead and d_ahead:
                continue
            ways: Counter[tuple[int, int]] = Counter()
            for a_die in range(1, 5):
                a_co, a_cd = chance_split(policies[0], a_die, int(a_ahead), 0, timing)
                for d_die in range(1, 5):
                    d_co, d_cd = chance_split(policies[1], d_die, int(d_ahead), 0, timing)
                    to_d = damage_percent(a_off, d_def, a_co, d_cd) // 5
                    to_a = damage_percent(d_off, a_def, d_co, a_cd) // 5
                    ways[(to_a, to_d)] += 1
            tables[(a_ahead, d_ahead)] = tuple((x, y, n) for (x, y), n in sorted(ways.items()))
    return tables


def _check_rolls(rolls: Sequence[RolledAction], name: str) -> tuple[RolledAction, ...]:
    rolls = tuple(rolls)
    if len(rolls) > MAX_ROLLED_ACTIONS or not all(isinstance(r, RolledAction) for r in rolls):
        raise RuleValueError(
            f"{name} must be at most {MAX_ROLLED_ACTIONS} RolledAction, got {rolls!r}", field=name
        )
    return rolls


@dataclass(frozen=True)
class _Scenario:
    """One outcome of the declared actions' dice: its count of dice faces and the sides."""

    ways: int
    attacker: Side
    defender: Side
    added: tuple[tuple[SpecialAction, ...], tuple[SpecialAction, ...]]

    def future(self, round_number: int) -> tuple[object, ...]:
        """What the added actions still give from ``round_number`` on (equal: same future)."""
        return tuple(
            tuple((act.schedule[round_number - 1 :], act.after) for act in side)
            for side in self.added
        )


def _scenarios(
    attacker: Side,
    defender: Side,
    attacker_rolls: Sequence[RolledAction],
    defender_rolls: Sequence[RolledAction],
) -> tuple[list[_Scenario], int]:
    """Every combination of the declared actions' outcomes, and the number of dice faces."""
    declared = [(r, True) for r in _check_rolls(attacker_rolls, "attacker_rolls")]
    declared += [(r, False) for r in _check_rolls(defender_rolls, "defender_rolls")]
    faces = 4 ** sum(len(r.dice) for r, _ in declared)
    out = []
    for combo in itertools.product(*(r.outcomes() for r, _ in declared)):
        chance = Fraction(1)
        for_a: list[SpecialAction] = []
        for_d: list[SpecialAction] = []
        for (p, own, enemy), (_, by_attacker) in zip(combo, declared):
            chance *= p
            (for_a if by_attacker else for_d).append(own)
            (for_d if by_attacker else for_a).append(enemy)
        a, d = _adding(attacker, for_a), _adding(defender, for_d)
        out.append(_Scenario(int(chance * faces), a, d, (tuple(for_a), tuple(for_d))))
    return out, faces


def _adding(side: Side, actions: Sequence[SpecialAction]) -> Side:
    if not actions:
        return side
    return Side(side.unit, replace(side.orders, actions=side.orders.actions + tuple(actions)))


def battle_odds(
    attacker: Side,
    defender: Side,
    policy: ChancePolicy | tuple[ChancePolicy, ChancePolicy] = ChancePolicy.ALL_OFFENSE,
    battlefield: Battlefield | None = None,
    *,
    timing: Timing = Timing.BEFORE_ROLL,
    max_rounds: int = MAX_ROUNDS,
    attacker_rolls: Sequence[RolledAction] = (),
    defender_rolls: Sequence[RolledAction] = (),
) -> BattleOdds:
    """The exact chances of a battle fought to the end, by dynamic programming.

    The special actions in the sides' :class:`Orders` are already resolved
    (their dice are known). Actions still to roll go in ``attacker_rolls``
    and ``defender_rolls``: the odds are then the exact mixture over every
    outcome of their dice (the ambush's hiding and detection rolls, the
    charge's leadership roll, the surprise attack's contest): the chain's
    state then also holds what the actions will still give, and outcomes
    whose effects are over merge into one state.

    Args:
        attacker: The attacking unit and its orders.
        defender: The other unit.
        policy: The d4 policy of both sides, or ``(attacker's, defender's)``.
        battlefield: Terrain and weather.
        timing: When the d4 is allotted (see :class:`Timing`).
        max_rounds: Stop after this many rounds (1 to 20).
        attacker_rolls: Actions the attacker declared, still to roll.
        defender_rolls: Actions the defender declared, still to roll.

    Returns:
        The :class:`BattleOdds`.

    Raises:
        RuleValueError: For a destroyed unit, a bad policy or ``max_rounds``.

    Example:
        >>> from rulebook_py.systems.mass_battle.round import Side, Unit
        >>> odds = battle_odds(Side(Unit("A", 10, 0, 0)), Side(Unit("B", 10, 0, 0)),
        ...                    (ChancePolicy.ALL_OFFENSE, ChancePolicy.ALL_DEFENSE))
        >>> odds.attacker_wins, odds.both_fall, odds.rounds
        (Fraction(3, 8), Fraction(5, 8), {1: Fraction(3, 8), 2: Fraction(5, 8)})
        >>> from rulebook_py.systems.mass_battle.actions import charge_rolls
        >>> battle_odds(Side(Unit("A", 10, 0, 0)), Side(Unit("B", 10, 0, 0)),
        ...             ChancePolicy.ALL_DEFENSE, attacker_rolls=[charge_rolls(0)]).both_fall
        Fraction(1, 1)
    """
    battlefield = battlefield or Battlefield()
    policies = _policies(policy, timing)
    check_int(max_rounds, "max_rounds", 1, MAX_ROUNDS)
    _check_pair(attacker.unit, defender.unit)
    scenarios, faces = _scenarios(attacker, defender, attacker_rolls, defender_rolls)
    start = (attacker.unit.vitality // 5, defender.unit.vitality // 5)
    # future of the actions -> (a scenario with that future, {(va, vd): weight}); the
    # weight of a state after r rounds is out of faces * 16**r.
    live: dict[tuple[object, ...], tuple[_Scenario, Counter[tuple[int, int]]]] = {}
    for sc in scenarios:
        live.setdefault(sc.future(1), (sc, Counter()))[1][start] += sc.ways
    ends: Counter[tuple[int, int, int]] = Counter()  # (round, a, d) -> weight
    for r in range(1, max_rounds + 1):
        nxt: dict[tuple[object, ...], tuple[_Scenario, Counter[tuple[int, int]]]] = {}
        for sc, states in live.values():
            tables = _round_tables(sc.attacker, sc.defender, battlefield, policies, timing, r)
            after = nxt.setdefault(sc.future(r + 1), (sc, Counter()))[1]
            for (va, vd), w in states.items():
                for lost_a, lost_d, n in tables[(va > vd, vd > va)]:
                    na, nd = va - lost_a, vd - lost_d
                    if na <= 0 or nd <= 0:
                        ends[(r, max(na, 0), max(nd, 0))] += w * n
                    else:
                        after[(na, nd)] += w * n
        live = {k: v for k, v in nxt.items() if v[1]}
        if not live:
            break
    still: Counter[tuple[int, int]] = Counter()
    for _, states in live.values():
        still.update(states)
    return _odds(ends, still, max_rounds, faces)


def _odds(
    ends: Counter[tuple[int, int, int]],
    live: Counter[tuple[int, int]],
    max_rounds: int,
    faces: int = 1,
) -> BattleOdds:
    a_win = d_win = both = 0
    last = max_rounds
    scale = faces * 16**last
    rounds: Counter[int] = Counter()
    a_final: Counter[int] = Counter()
    d_final: Counter[int] = Counter()
    for (r, a, d), w in ends.items():
        w *= 16 ** (last - r)
        rounds[r] += w
        a_final[a * 5] += w
        d_final[d * 5] += w
        if a and not d:
            a_win += w
        elif d and not a:
            d_win += w
        else:
            both += w
    open_w = sum(live.values())
    for (a, d), w in live.items():
        a_final[a * 5] += w
        d_final[d * 5] += w
    return BattleOdds(
        Fraction(a_win, scale),
        Fraction(d_win, scale),
        Fraction(both, scale),
        Fraction(open_w, scale),
        {r: Fraction(w, scale) for r, w in sorted(rounds.items())},
        {v: Fraction(w, scale) for v, w in sorted(a_final.items())},
        {v: Fraction(w, scale) for v, w in sorted(d_final.items())},
        max_rounds,
    )


def replay_battle(
    attacker: Side,
    defender: Side,
    policy: ChancePolicy | tuple[ChancePolicy, ChancePolicy] = ChancePolicy.ALL_OFFENSE,
    battlefield: Battlefield | None = None,
    *,
    rng: random.Random | None = None,
    timing: Timing = Timing.BEFORE_ROLL,
    max_rounds: int = MAX_ROUNDS,
    attacker_rolls: Sequence[RolledAction] = (),
    defender_rolls: Sequence[RolledAction] = (),
) -> tuple[BattleRound, ...]:
    """Fight one battle round by round with real d4 rolls.

    Args:
        attacker: The attacking unit and its orders.
        defender: The other unit.
        policy: As for :func:`battle_odds`.
        battlefield: Terrain and weather.
        rng: The random generator (seed it to replay the same battle).
        timing: As for :func:`battle_odds`.
        max_rounds: As for :func:`battle_odds`.
        attacker_rolls: Actions the attacker declared, rolled first with ``rng``
            (their totals show in the notes of step 1).
        defender_rolls: The same for the defender, rolled next.

    Returns:
        Every round, each with its steps and dice.

    Example:
        >>> from rulebook_py.systems.mass_battle.round import Side, Unit
        >>> rounds = replay_battle(Side(Unit("A", 100, 3, 1)), Side(Unit("B", 40, 4, 3)),
        ...                        rng=random.Random(5))
        >>> [(r.attacker.vitality, r.defender.vitality) for r in rounds]
        [(65, 20), (25, 10), (0, 0)]
    """
    battlefield = battlefield or Battlefield()
    policies = _policies(policy, timing)
    check_int(max_rounds, "max_rounds", 1, MAX_ROUNDS)
    rng = rng or random.Random()
    a, d, _ = roll_actions(attacker, defender, attacker_rolls, defender_rolls, rng)
    rounds: list[BattleRound] = []
    for r in range(1, max_rounds + 1):
        a_die, d_die = rng.randint(1, 4), rng.randint(1, 4)
        va, vd = a.unit.vitality, d.unit.vitality
        a_off, _ = chance_split(policies[0], a_die, va, vd, timing)
        d_off, _ = chance_split(policies[1], d_die, vd, va, timing)
        result = resolve_round(
            a,
            d,
            battlefield,
            round_number=r,
            attacker_allocation=Allocation(die=a_die, chance=a_off),
            defender_allocation=Allocation(die=d_die, chance=d_off),
        )
        rounds.append(result)
        if result.over:
            break
        a = Side(result.attacker, a.orders)
        d = Side(result.defender, d.orders)
    return tuple(rounds)


def roll_actions(
    attacker: Side,
    defender: Side,
    attacker_rolls: Sequence[RolledAction] = (),
    defender_rolls: Sequence[RolledAction] = (),
    rng: random.Random | None = None,
) -> tuple[Side, Side, tuple[tuple[RolledAction, tuple[int, ...]], ...]]:
    """Roll the declared actions (attacker's first) and add what each side gains.

    Returns:
        Both sides with the resolved actions added, and every action's dice
        in the order rolled.

    Example:
        >>> from rulebook_py.systems.mass_battle.round import Side, Unit
        >>> from rulebook_py.systems.mass_battle.actions import charge_rolls
        >>> a, d, dice = roll_actions(Side(Unit("A", 100, 3, 1)), Side(Unit("B", 40, 4, 3)),
        ...                           [charge_rolls(1)], rng=random.Random(1))
        >>> a.orders.actions[0].note, len(d.orders.actions), dice[0][1]
        ('leadership roll 3: +1/+1', 1, (2,))
    """
    rng = rng or random.Random()
    for_a: list[SpecialAction] = []
    for_d: list[SpecialAction] = []
    dice = []
    for rolls, own, other in (
        (_check_rolls(attacker_rolls, "attacker_rolls"), for_a, for_d),
        (_check_rolls(defender_rolls, "defender_rolls"), for_d, for_a),
    ):
        for rolled in rolls:
            faces, mine, theirs = rolled.roll(rng)
            dice.append((rolled, faces))
            own.append(mine)
            other.append(theirs)
    return _adding(attacker, for_a), _adding(defender, for_d), tuple(dice)


@dataclass(frozen=True)
class SimulationResult:
    """Counts of ``n`` simulated battles.

    Attributes:
        n: Battles fought.
        attacker_wins: Battles the attacker won.
        defender_wins: Battles the defender won.
        both_fall: Battles where both fell in the same round.
        unfinished: Battles stopped at ``max_rounds``.
        rounds: ``{rounds fought: count}`` of the battles that ended.

    Example:
        >>> SimulationResult(2, 1, 1, 0, 0, {1: 2}).frequency("attacker_wins")
        Fraction(1, 2)
    """

    n: int
    attacker_wins: int
    defender_wins: int
    both_fall: int
    unfinished: int
    rounds: dict[int, int]

    def frequency(self, outcome: str) -> Fraction:
        """The share of battles with ``outcome`` (an attribute name)."""
        return Fraction(getattr(self, outcome), self.n)


def simulate_battle(
    attacker: Side,
    defender: Side,
    policy: ChancePolicy | tuple[ChancePolicy, ChancePolicy] = ChancePolicy.ALL_OFFENSE,
    seed: int = 0,
    n: int = 1000,
    battlefield: Battlefield | None = None,
    *,
    timing: Timing = Timing.BEFORE_ROLL,
    max_rounds: int = MAX_ROUNDS,
    attacker_rolls: Sequence[RolledAction] = (),
    defender_rolls: Sequence[RolledAction] = (),
) -> SimulationResult:
    """Replay ``n`` seeded battles with :func:`replay_battle` and count the outcomes.

    It shares no code with :func:`battle_odds` beyond the round itself, so
    its frequencies are an independent check of the exact odds.

    Args:
        attacker: The attacking unit and its orders.
        defender: The other unit.
        policy: As for :func:`battle_odds`.
        seed: Seed of the random generator (same seed, same battles).
        n: Number of battles (1 to 100,000).
        battlefield: Terrain and weather.
        timing: As for :func:`battle_odds`.
        max_rounds: As for :func:`battle_odds`.
        attacker_rolls: As for :func:`replay_battle` (rolled anew each battle).
        defender_rolls: As for :func:`replay_battle`.

    Example:
        >>> from rulebook_py.systems.mass_battle.round import Side, Unit
        >>> sim = simulate_battle(Side(Unit("A", 5, 3, 4)), Side(Unit("B", 10, 3, 4)), n=200)
        >>> sim.defender_wins + sim.both_fall, sim.attacker_wins
        (200, 0)
    """
    check_int(n, "n", 1, MAX_SIMULATIONS)
    check_int(seed, "seed", 0)
    rng = random.Random(seed)
    outcome: Counter[str] = Counter()
    rounds: Counter[int] = Counter()
    for _ in range(n):
        fought = replay_battle(
            attacker,
            defender,
            policy,
            battlefield,
            rng=rng,
            timing=timing,
            max_rounds=max_rounds,
            attacker_rolls=attacker_rolls,
            defender_rolls=defender_rolls,
        )
        last = fought[-1]
        a, d = last.attacker.vitality, last.defender.vitality
        if a and d:
            outcome["unfinished"] += 1
            continue
        rounds[len(fought)] += 1
        outcome["attacker_wins" if a else "defender_wins" if d else "both_fall"] += 1
    return SimulationResult(
        n,
        outcome["attacker_wins"],
        outcome["defender_wins"],
        outcome["both_fall"],
        outcome["unfinished"],
        dict(sorted(rounds.items())),
    )
