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
import math
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import Enum
from fractions import Fraction

from ...errors import RuleValueError, check_enum, check_int, check_rng, check_type, quote
from .actions import ActionKind, Effect, RolledAction, SpecialAction
from .round import (
    Allocation,
    Battlefield,
    BattleRound,
    Lean,
    Orders,
    Side,
    Step,
    Unit,
    check_pair,
    finish_round,
    split_free,
    steps_before_chance,
    strikes_back,
)
from .tables import MAX_TABLE_LEVEL, Attitude
from .words import M

__all__ = [
    "MAX_ROLLED_ACTIONS",
    "MAX_ROLLED_COMBINATIONS",
    "MAX_ROLLED_DICE",
    "MAX_ROUNDS",
    "MAX_SIMULATED_ROUNDS",
    "MAX_SIMULATIONS",
    "BattleOdds",
    "ChancePolicy",
    "SimulationResult",
    "Timing",
    "battle_odds",
    "chance_split",
    "replay_accepted",
    "replay_battle",
    "roll_actions",
    "simulate_battle",
]

#: Most rounds a battle can last (each unit loses at least 5 % a round).
MAX_ROUNDS = 20

#: Most actions still to roll that one side may declare (each multiplies the chains).
MAX_ROLLED_ACTIONS = 3

#: Most d4 still to roll one side's declared actions may hold (a charge-breaker
#: against a charge still to roll holds 4).
MAX_ROLLED_DICE = 8

#: Most combinations of the outcomes of the actions still to roll (the product of
#: each action's distinct outcomes) that :func:`battle_odds` averages over: the
#: slowest accepted case takes about half a second on the book's machine.
MAX_ROLLED_COMBINATIONS = 1296

#: Most battles :func:`simulate_battle` replays in one call.
MAX_SIMULATIONS = 40_000

#: Most rounds :func:`simulate_battle` may fight in one call (battles times
#: ``max_rounds``): about 1.3 s on the book's machine.
MAX_SIMULATED_ROUNDS = 40_000


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

    ALL_OFFENSE = (M("all to offense (reckless)"), "tout à l'offense")
    ALL_DEFENSE = (M("all to defense"), "tout à la défense")
    SPLIT = (M("split in half after the roll"), "partagé")
    CAUTIOUS = (M("defend when not ahead in vitality, attack when ahead"), "prudent")

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
    check_enum(policy, ChancePolicy, "policy")
    check_int(die, "die", 1, 4)
    check_int(own, "own", 0, 100)
    check_int(enemy, "enemy", 0, 100)
    check_enum(timing, Timing, "timing")
    if policy is ChancePolicy.ALL_OFFENSE:
        return die, 0
    if policy is ChancePolicy.ALL_DEFENSE:
        return 0, die
    if policy is ChancePolicy.CAUTIOUS:
        return (die, 0) if own > enemy else (0, die)
    if policy is ChancePolicy.SPLIT:
        if timing is not Timing.AFTER_ROLL:
            raise RuleValueError(
                M(
                    "policy 'split' needs to see the roll: allowed only with timing AFTER_ROLL "
                    "(after the roll), got {got}",
                    got=repr(timing.name),
                ),
                field="policy",
            )
    return split_free(die, Lean.EVEN)


def _policies(
    policy: ChancePolicy | tuple[ChancePolicy, ChancePolicy], timing: Timing
) -> tuple[ChancePolicy, ChancePolicy]:
    pair = policy if isinstance(policy, tuple) else (policy, policy)
    if len(pair) != 2 or not all(isinstance(p, ChancePolicy) for p in pair):
        raise RuleValueError(
            M(
                "{name} must be a ChancePolicy or a pair of them, got {got}",
                got=quote(policy),
                name="policy",
            ),
            field="policy",
        )
    check_enum(timing, Timing, "timing")
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
        >>> BattleOdds(Fraction(1), Fraction(0), Fraction(0), Fraction(0), {1: Fraction(1)}, {100: Fraction(1)}, {0: Fraction(1)}, 1).expected_rounds
        Fraction(1, 1)
    """

    attacker_wins: Fraction
    defender_wins: Fraction
    both_fall: Fraction
    unfinished: Fraction
    rounds: dict[int, Fraction]
    attacker_final: dict[int, Fraction]
    defender_final: dict[int, Fraction]
    max_rounds: int

    def __post_init__(self) -> None:
        for name in ("attacker_wins", "defender_wins", "both_fall", "unfinished"):
            _check_chance(getattr(self, name), name)
        check_int(self.max_rounds, "max_rounds", 1, MAX_ROUNDS)
        for name, low, high in (
            ("rounds", 1, MAX_ROUNDS),
            ("attacker_final", 0, 100),
            ("defender_final", 0, 100),
        ):
            table = getattr(self, name)
            if not isinstance(table, dict) or len(table) > 101:
                raise RuleValueError(
                    M("{name} must be a dict of chances, got {got}", name=name, got=quote(table)),
                    field=name,
                )
            for key, chance in table.items():
                check_int(key, name, low, high)
                _check_chance(chance, name)

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


def _check_chance(value: object, name: str) -> Fraction:
    """A chance: a ``Fraction`` (or a whole 0 or 1) from 0 to 1."""
    if isinstance(value, bool) or not isinstance(value, (Fraction, int)) or not 0 <= value <= 1:
        raise RuleValueError(
            M("{name} must be a Fraction from 0 to 1, got {got}", name=name, got=quote(value)),
            field=name,
        )
    return Fraction(value)


@functools.lru_cache(maxsize=4096)
def _tables_for(
    a_off: int,
    a_def: int,
    d_off: int,
    d_def: int,
    policies: tuple[ChancePolicy, ChancePolicy],
    timing: Timing,
    strikes: tuple[bool, bool] = (True, True),
) -> dict[tuple[bool, bool], tuple[tuple[int, int, int], ...]]:
    """The round's transitions for these totals before the d4 (the same for many rounds).

    The loss of each unit, in 5 % steps, is :func:`damage_percent` // 5,
    written out here because it runs for every pair of dice.
    """
    top = MAX_TABLE_LEVEL
    before_d = max(0, a_off - d_def)  # the attacker's levels before the dice
    before_a = max(0, d_off - a_def)
    tables = {}
    for a_ahead in (False, True):
        a_split = [chance_split(policies[0], die, int(a_ahead), 0, timing) for die in range(1, 5)]
        for d_ahead in (False, True):
            if a_ahead and d_ahead:
                continue
            d_split = [
                chance_split(policies[1], die, int(d_ahead), 0, timing) for die in range(1, 5)
            ]
            ways: Counter[tuple[int, int]] = Counter()
            for a_co, a_cd in a_split:
                for d_co, d_cd in d_split:
                    to_d = min(top, max(0, before_d + a_co - d_cd)) + 1 if strikes[0] else 0
                    to_a = min(top, max(0, before_a + d_co - a_cd)) + 1 if strikes[1] else 0
                    ways[(to_a, to_d)] += 1
            tables[(a_ahead, d_ahead)] = tuple((x, y, n) for (x, y), n in sorted(ways.items()))
    return tables


def _check_rolls(rolls: Sequence[RolledAction], name: str) -> tuple[RolledAction, ...]:
    if not isinstance(rolls, (list, tuple)):
        raise RuleValueError(
            M("{name} must be a list of RolledAction, got {got}", name=name, got=quote(rolls)),
            field=name,
        )
    rolls = tuple(rolls)
    if len(rolls) > MAX_ROLLED_ACTIONS or not all(isinstance(r, RolledAction) for r in rolls):
        raise RuleValueError(
            M(
                "{name} must be at most {n} RolledAction, got {got}",
                name=name,
                n=MAX_ROLLED_ACTIONS,
                got=quote(rolls),
            ),
            field=name,
        )
    if sum(len(r.dice) for r in rolls) > MAX_ROLLED_DICE:
        raise RuleValueError(
            M(
                "{name}: at most {n} d4 still to roll a side, got {got}",
                name=name,
                n=MAX_ROLLED_DICE,
                got=sum(len(r.dice) for r in rolls),
            ),
            field=name,
        )
    return rolls


#: One side's summed action effects from the current round on: ``(schedule, after)``,
#: each effect an ``(offense, defense, free)`` triple; ``schedule[0]`` is this
#: round's. Trailing entries equal to ``after`` are dropped, so two plans with
#: the same future are equal and their chains merge.
_PlanT = tuple[tuple[tuple[int, int, int], ...], tuple[int, int, int]]

_NO_PLAN: _PlanT = ((), (0, 0, 0))


def _triple(e: Effect) -> tuple[int, int, int]:
    return (e.offense, e.defense, e.free)


def _plan_plus(plan: _PlanT, actions: Sequence[SpecialAction]) -> _PlanT:
    """``plan`` with ``actions`` added (every action's effect summed round by round)."""
    if not actions:
        return plan
    schedule, after = plan
    length = max(len(schedule), *(len(a.schedule) for a in actions))
    sched = []
    for i in range(length):
        o, d, f = schedule[i] if i < len(schedule) else after
        for a in actions:
            e = a.schedule[i] if i < len(a.schedule) else a.after
            o, d, f = o + e.offense, d + e.defense, f + e.free
        sched.append((o, d, f))
    o, d, f = after
    for a in actions:
        o, d, f = o + a.after.offense, d + a.after.defense, f + a.after.free
    end = (o, d, f)
    while sched and sched[-1] == end:
        sched.pop()
    return (tuple(sched), end)


def _plan_sum(one: _PlanT, two: _PlanT) -> _PlanT:
    """The sum of two plans, round by round."""
    (s1, a1), (s2, a2) = one, two
    sched = []
    for i in range(max(len(s1), len(s2))):
        o1, d1, f1 = s1[i] if i < len(s1) else a1
        o2, d2, f2 = s2[i] if i < len(s2) else a2
        sched.append((o1 + o2, d1 + d2, f1 + f2))
    end = (a1[0] + a2[0], a1[1] + a2[1], a1[2] + a2[2])
    while sched and sched[-1] == end:
        sched.pop()
    return (tuple(sched), end)


def _attitudes(orders: Orders) -> SpecialAction:
    """The attitude of every round as an effect (the chain then needs no attitude of its own)."""
    effects = [
        Effect(a.offense, a.defense) for a in map(orders.attitude_in, range(1, MAX_ROUNDS + 1))
    ]
    return SpecialAction(ActionKind.AMBUSH, tuple(effects[:-1]), effects[-1], answer=True)


def _unsurprised(action: SpecialAction, orders: Orders) -> SpecialAction:
    """A rolled outcome that surprises this side: its attitude that round undone (balanced)."""
    if not action.surprise:
        return action
    r = action.surprise
    att = orders.attitude_in(r)
    schedule = (Effect(),) * (r - 1) + (Effect(-att.offense, -att.defense),)
    return replace(action, schedule=schedule, after=Effect(), surprise=0)


def _scenarios(
    attacker: Side,
    defender: Side,
    attacker_rolls: Sequence[RolledAction],
    defender_rolls: Sequence[RolledAction],
) -> tuple[dict[tuple[_PlanT, _PlanT], int], int]:
    """Every distinct future of the declared actions, with its count of dice faces.

    The actions' outcomes are folded in one at a time and outcomes with the
    same summed effects merge at once, so the work grows with the number of
    distinct futures, not with the product of every die.
    """
    declared = [(r, True) for r in _check_rolls(attacker_rolls, "attacker_rolls")]
    declared += [(r, False) for r in _check_rolls(defender_rolls, "defender_rolls")]
    outcomes_of = [r.outcomes() for r, _ in declared]
    combinations = math.prod(len(o) for o in outcomes_of)
    if combinations > MAX_ROLLED_COMBINATIONS:
        raise RuleValueError(
            M(
                "the actions still to roll have {n:,} combinations of outcomes; at most "
                "{most:,} can be averaged exactly in about half a second: give some of them "
                "resolved (their dice known) instead",
                n=combinations,
                most=MAX_ROLLED_COMBINATIONS,
            ),
            field="attacker_rolls" if attacker_rolls else "defender_rolls",
        )
    start = (
        _plan_plus(_NO_PLAN, (*attacker.orders.actions, _attitudes(attacker.orders))),
        _plan_plus(_NO_PLAN, (*defender.orders.actions, _attitudes(defender.orders))),
    )
    plans = {start: 1}
    faces = 1
    sums: dict[tuple[_PlanT, _PlanT], _PlanT] = {}

    def add(plan: _PlanT, extra: _PlanT) -> _PlanT:
        if extra == _NO_PLAN:
            return plan
        found = sums.get((plan, extra))
        if found is None:
            found = sums[(plan, extra)] = _plan_sum(plan, extra)
        return found

    for (rolled, by_attacker), rolled_outcomes in zip(declared, outcomes_of):
        size = 4 ** len(rolled.dice)
        faces *= size
        folded: Counter[tuple[_PlanT, _PlanT]] = Counter()
        outcomes = []
        for p, own, enemy in rolled_outcomes:
            mine, theirs = (own, enemy) if by_attacker else (enemy, own)
            mine = _unsurprised(mine, attacker.orders)
            theirs = _unsurprised(theirs, defender.orders)
            outcomes.append(
                (int(p * size), _plan_plus(_NO_PLAN, (mine,)), _plan_plus(_NO_PLAN, (theirs,)))
            )
        for (pa, pd), ways in plans.items():
            for n, mine_plan, theirs_plan in outcomes:
                folded[(add(pa, mine_plan), add(pd, theirs_plan))] += ways * n
        plans = dict(folded)
    return plans, faces


def _normalised(
    futures: dict[tuple[int, int], int], states: dict[tuple[int, int], int]
) -> tuple[frozenset[tuple[tuple[int, int], int]], dict[tuple[int, int], int]]:
    """The group's key (its futures, weights without a common factor) and its states.

    The common factor of the weights moves to the states, so two groups with
    the same futures in the same proportions have the same key.
    """
    share = math.gcd(*futures.values())
    if share != 1:
        futures = {f: w // share for f, w in futures.items()}
        states = {x: v * share for x, v in states.items()}
    return frozenset(futures.items()), states


def _factored(
    joint: tuple[tuple[int, int, int], ...],
) -> tuple[
    tuple[tuple[int, int, int], ...], tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]
]:
    """``(joint, attacker's losses, defender's losses)``; the last two only when independent.

    When each unit's loss depends on one die only (both dice all on offense,
    say), the 16 pairs are the product of two lists of 4 faces, and a round
    can be taken in two steps of 4 instead of one of 16.
    """
    a_marg: Counter[int] = Counter()
    d_marg: Counter[int] = Counter()
    for lost_a, lost_d, n in joint:
        a_marg[lost_a] += n
        d_marg[lost_d] += n
    if any(v % 4 for v in (*a_marg.values(), *d_marg.values())):
        return joint, (), ()
    pairs = {(x, y): n for x, y, n in joint}
    for x, nx in a_marg.items():
        for y, ny in d_marg.items():
            if pairs.get((x, y), 0) * 16 != nx * ny:
                return joint, (), ()
    return (
        joint,
        tuple((x, n // 4) for x, n in sorted(a_marg.items())),
        tuple((y, n // 4) for y, n in sorted(d_marg.items())),
    )


def _round(
    states: dict[tuple[int, int], int],
    table: tuple[tuple[tuple[int, int, int], ...], ...],
    share: int,
    mass: int,
    r: int,
    ends: Counter[tuple[int, int, int]],
    futures: dict[tuple[int, int], int],
    nxt: dict[frozenset[tuple[tuple[int, int], int]], dict[tuple[int, int], int]],
) -> None:
    """One round for the part of a group whose effects this round are ``table``'s.

    ``futures`` are that part's next futures; ``share`` their common factor
    and ``mass`` their sum (a fallen unit's weight counts every future).
    """
    after: dict[tuple[int, int], int] = {}
    mid: dict[tuple[int, int, int], int] = {}  # (lead, attacker left, defender) -> weight
    for (va, vd), w in states.items():
        lead = 0 if va == vd else 1 if va > vd else 2
        joint, a_losses, _ = table[lead]
        if a_losses:  # the losses are independent: the attacker's first, then the defender's
            for lost_a, n in a_losses:
                k = (lead, va - lost_a, vd)
                mid[k] = mid.get(k, 0) + w * n
            continue
        for lost_a, lost_d, n in joint:
            na, nd = va - lost_a, vd - lost_d
            if na <= 0 or nd <= 0:
                ends[(r, na if na > 0 else 0, nd if nd > 0 else 0)] += w * n * mass
            else:
                after[(na, nd)] = after.get((na, nd), 0) + w * n
    for (lead, na, vd), w in mid.items():
        for lost_d, n in table[lead][2]:
            nd = vd - lost_d
            if na <= 0 or nd <= 0:
                ends[(r, na if na > 0 else 0, nd if nd > 0 else 0)] += w * n * mass
            else:
                after[(na, nd)] = after.get((na, nd), 0) + w * n
    if not after:
        return
    merged: dict[tuple[int, int], int] = {}
    for f, w in futures.items():
        merged[f] = merged.get(f, 0) + w // share
    key, after = _normalised(
        merged, {x: v * share for x, v in after.items()} if share != 1 else after
    )
    into = nxt.get(key)
    if into is None:
        nxt[key] = after
    else:
        for x, v in after.items():
            into[x] = into.get(x, 0) + v


class _Interned:
    """Plans of one side as small integers, with this round's effect and the next plan."""

    def __init__(self) -> None:
        self.ids: dict[_PlanT, int] = {}
        self.now: list[Effect] = []
        self.next: list[int] = []

    def id(self, plan: _PlanT) -> int:
        found = self.ids.get(plan)
        if found is not None:
            return found
        number = self.ids[plan] = len(self.now)
        schedule, after = plan
        self.now.append(Effect(*(schedule[0] if schedule else after)))
        self.next.append(-1)
        self.next[number] = self.id((schedule[1:], after)) if schedule else number
        return number


def _adding(side: Side, actions: Sequence[SpecialAction]) -> Side:
    if not actions:
        return side
    return Side(side.unit, replace(side.orders, actions=side.orders.actions + tuple(actions)))


@functools.lru_cache(maxsize=8192)
def _levels(side: Side, enemy: Unit, battlefield: Battlefield, effect: Effect) -> tuple[int, int]:
    """Offense and defense before the d4 of ``side`` (its actions replaced by ``effect``)."""
    summed = SpecialAction(ActionKind.AMBUSH, after=effect)
    plain = Side(side.unit, replace(side.orders, actions=(summed,) if effect else ()))
    last = steps_before_chance(plain, enemy, battlefield)[-1]
    return last.offense, last.defense


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
        >>> battle_odds(Side(Unit("A", 10, 0, 0)), Side(Unit("B", 10, 0, 0)), ChancePolicy.ALL_DEFENSE).both_fall
        Fraction(1, 1)
        >>> battle_odds(Side(Unit("A", 10, 0, 0)), Side(Unit("B", 10, 0, 0)),
        ...             ChancePolicy.ALL_DEFENSE, attacker_rolls=[charge_rolls(0)]).both_fall
        Fraction(1, 1)
    """
    battlefield = Battlefield() if battlefield is None else battlefield
    policies = _policies(policy, timing)
    check_int(max_rounds, "max_rounds", 1, MAX_ROUNDS)
    check_pair(
        attacker,
        defender,
        battlefield,
        _check_rolls(attacker_rolls, "attacker_rolls"),
        _check_rolls(defender_rolls, "defender_rolls"),
    )
    plans, faces = _scenarios(attacker, defender, attacker_rolls, defender_rolls)
    balanced = Attitude.BALANCED
    a_base = Side(attacker.unit, replace(attacker.orders, attitude=balanced, actions=()))
    d_base = Side(defender.unit, replace(defender.orders, attitude=balanced, actions=()))
    strikes = (
        strikes_back(attacker.unit, defender.unit, battlefield),
        strikes_back(defender.unit, attacker.unit, battlefield),
    )
    a_plans, d_plans = _Interned(), _Interned()
    futures = {(a_plans.id(pa), d_plans.id(pd)): ways for (pa, pd), ways in plans.items()}
    start = (attacker.unit.vitality // 5, defender.unit.vitality // 5)
    # A group is the battles that share their past effects: one distribution of the two
    # vitalities (states) and the futures still possible, with their weights. The weight
    # of one future at one state is the product of the two, out of faces * 16**r after r
    # rounds. Groups whose futures are the same merge (their states add up).
    group_of = _normalised(futures, {start: 1})
    live = {group_of[0]: group_of[1]}
    tables: dict[tuple[Effect, Effect], tuple[tuple[tuple[int, int, int], ...], ...]] = {}
    ends: Counter[tuple[int, int, int]] = Counter()  # (round, a, d) -> weight
    for r in range(1, max_rounds + 1):
        nxt: dict[frozenset[tuple[tuple[int, int], int]], dict[tuple[int, int], int]] = {}
        for key, states in live.items():
            by_now: dict[tuple[Effect, Effect], dict[tuple[int, int], int]] = {}
            for (ia, id_), w in key:
                now = (a_plans.now[ia], d_plans.now[id_])
                part = by_now.setdefault(now, {})
                nk = (a_plans.next[ia], d_plans.next[id_])
                part[nk] = part.get(nk, 0) + w
            for now, part in by_now.items():
                table = tables.get(now)
                if table is None:
                    a_off, a_def = _levels(a_base, defender.unit, battlefield, now[0])
                    d_off, d_def = _levels(d_base, attacker.unit, battlefield, now[1])
                    by_lead = _tables_for(a_off, a_def, d_off, d_def, policies, timing, strikes)
                    table = tables[now] = tuple(
                        _factored(by_lead[lead])
                        for lead in ((False, False), (True, False), (False, True))
                    )
                share = math.gcd(*part.values())
                mass = sum(part.values())
                _round(states, table, share, mass, r, ends, part, nxt)
        live = nxt
        if not live:
            break
    still: Counter[tuple[int, int]] = Counter()
    for key, states in live.items():
        mass = sum(w for _, w in key)
        for x, v in states.items():
            still[x] += v * mass
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
        >>> len(replay_battle(Side(Unit("A", 100, 3, 1)), Side(Unit("B", 40, 4, 3)), rng=random.Random(5)))
        3
        >>> [(r.attacker.vitality, r.defender.vitality) for r in rounds]
        [(65, 20), (25, 10), (0, 0)]
    """
    battlefield = Battlefield() if battlefield is None else battlefield
    policies = _policies(policy, timing)
    check_int(max_rounds, "max_rounds", 1, MAX_ROUNDS)
    check_pair(
        attacker,
        defender,
        battlefield,
        _check_rolls(attacker_rolls, "attacker_rolls"),
        _check_rolls(defender_rolls, "defender_rolls"),
    )
    return _replay(
        attacker,
        defender,
        policies,
        battlefield,
        check_rng(rng, none_is_fresh=True),
        timing,
        max_rounds,
        attacker_rolls,
        defender_rolls,
        {},
    )


def replay_accepted(
    attacker: Side,
    defender: Side,
    policies: tuple[ChancePolicy, ChancePolicy],
    battlefield: Battlefield,
    rng: random.Random,
    timing: Timing = Timing.BEFORE_ROLL,
    max_rounds: int = MAX_ROUNDS,
) -> tuple[BattleRound, ...]:
    """:func:`replay_battle` of two sides :func:`check_pair` has accepted, their actions rolled.

    What an outcome that checked both sides once (:func:`battle_odds`) replays
    with: the declarations are not checked again (each rule check runs once
    per side per call), the arguments' types and ranges are.

    Example:
        >>> from rulebook_py.systems.mass_battle.round import Side, Unit
        >>> len(replay_accepted(Side(Unit("A", 100, 3, 1)), Side(Unit("B", 40, 4, 3)), (ChancePolicy.ALL_OFFENSE, ChancePolicy.ALL_OFFENSE), Battlefield(), random.Random(5)))
        3
        >>> pair = (ChancePolicy.ALL_OFFENSE, ChancePolicy.ALL_OFFENSE)
        >>> rounds = replay_accepted(Side(Unit("A", 100, 3, 1)), Side(Unit("B", 40, 4, 3)), pair,
        ...                          Battlefield(), random.Random(5))
        >>> [(r.attacker.vitality, r.defender.vitality) for r in rounds]
        [(65, 20), (25, 10), (0, 0)]
    """
    for side, name in ((attacker, "attacker"), (defender, "defender")):
        check_type(side, Side, name, M("a Side"))
    check_type(battlefield, Battlefield, "battlefield", M("a Battlefield"))
    pair = _policies(policies, timing)
    check_int(max_rounds, "max_rounds", 1, MAX_ROUNDS)
    rng = check_rng(rng)
    return _replay(attacker, defender, pair, battlefield, rng, timing, max_rounds, (), (), {})


def _replay(
    attacker: Side,
    defender: Side,
    policies: tuple[ChancePolicy, ChancePolicy],
    battlefield: Battlefield,
    rng: random.Random,
    timing: Timing,
    max_rounds: int,
    attacker_rolls: Sequence[RolledAction],
    defender_rolls: Sequence[RolledAction],
    totals: dict[tuple[int, tuple[tuple[int, ...], ...]], tuple[tuple[Step, ...], ...]],
) -> tuple[BattleRound, ...]:
    """One battle; ``totals`` keeps each round's totals before the d4 across battles.

    The totals depend only on the round and on the dice of the declared
    actions (never on the vitalities), so a simulator fighting many battles
    computes them once.
    """
    a, d, dice = roll_actions(attacker, defender, attacker_rolls, defender_rolls, rng)
    faces = tuple(f for _, f in dice)
    rounds: list[BattleRound] = []
    for r in range(1, max_rounds + 1):
        a_die, d_die = rng.randint(1, 4), rng.randint(1, 4)
        va, vd = a.unit.vitality, d.unit.vitality
        a_off, _ = chance_split(policies[0], a_die, va, vd, timing)
        d_off, _ = chance_split(policies[1], d_die, vd, va, timing)
        steps = totals.get((r, faces))
        if steps is None:
            steps = totals[(r, faces)] = (
                steps_before_chance(a, d.unit, battlefield, r),
                steps_before_chance(d, a.unit, battlefield, r),
            )
        result = finish_round(
            a,
            d,
            battlefield,
            r,
            steps[0],
            steps[1],
            Allocation(die=a_die, chance=a_off),
            Allocation(die=d_die, chance=d_off),
            None,
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
        >>> len(roll_actions(Side(Unit("A", 100, 3, 1)), Side(Unit("B", 40, 4, 3)), [charge_rolls(1)], rng=random.Random(1))[2])
        1
        >>> a.orders.actions[0].note, len(d.orders.actions), dice[0][1]
        ('leadership roll 3: +1/+1', 1, (2,))
    """
    for side, name in ((attacker, "attacker"), (defender, "defender")):
        check_type(side, Side, name, M("a Side"))
    rng = check_rng(rng, none_is_fresh=True)
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

    def __post_init__(self) -> None:
        check_int(self.n, "n", 1, MAX_SIMULATIONS)
        for name in ("attacker_wins", "defender_wins", "both_fall", "unfinished"):
            check_int(getattr(self, name), name, 0, self.n)
        if not isinstance(self.rounds, dict):
            raise RuleValueError(
                M("{name} must be a dict, got {got}", got=quote(self.rounds), name="rounds"),
                field="rounds",
            )

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
        n: Number of battles (1 to 40,000, and at most 40,000 rounds in all:
            ``n * max_rounds <= MAX_SIMULATED_ROUNDS``).
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
    battlefield = Battlefield() if battlefield is None else battlefield
    policies = _policies(policy, timing)
    check_int(max_rounds, "max_rounds", 1, MAX_ROUNDS)
    if n * max_rounds > MAX_SIMULATED_ROUNDS:
        raise RuleValueError(
            M(
                "n: {n} battles of up to {rounds} rounds is more than the {most:,} rounds one "
                "call may fight (a few seconds); allowed n up to {allowed:,} with "
                "max_rounds={rounds}. battle_odds gives the exact chances at once",
                n=n,
                rounds=max_rounds,
                most=MAX_SIMULATED_ROUNDS,
                allowed=MAX_SIMULATED_ROUNDS // max_rounds,
            ),
            field="n",
        )
    check_pair(
        attacker,
        defender,
        battlefield,
        _check_rolls(attacker_rolls, "attacker_rolls"),
        _check_rolls(defender_rolls, "defender_rolls"),
    )
    rng = random.Random(seed)
    outcome: Counter[str] = Counter()
    rounds: Counter[int] = Counter()
    totals: dict[tuple[int, tuple[tuple[int, ...], ...]], tuple[tuple[Step, ...], ...]] = {}
    for _ in range(n):
        fought = _replay(
            attacker,
            defender,
            policies,
            battlefield,
            rng,
            timing,
            max_rounds,
            attacker_rolls,
            defender_rolls,
            totals,
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
