"""Galaxies Jumelles: a whole melee fight, round by round, with its exact odds.

Every round the two fighters make the same melee exchange, settled by
:func:`~rulebook_py.systems.galaxies.melee.melee` (the one home of that
rule): a full blow, a half-dodge or a counter deals its share of the
striker's damage. The source speaks of damage (*dommages*, *demi-dommages*)
but gives no damage table and no wound levels, so this book counts damage in
points the game master sets: each fighter deals :attr:`Duellist.damage`
points with a full blow and can take :attr:`Duellist.health` points.

Choices where the source is silent (named parameters of :func:`fight`):

* each fighter keeps his stance every round (the source gives no tactics);
* a share of a blow (a half-dodge, a counter) is rounded with ``rounding``
  (down, as every halving in this book): half of 7 points is 3;
* a fighter whose points left fall to 0 or below is out, and the fight ends;
  it also ends when a fighter gets away by disengaging, and after
  ``max_rounds`` rounds (:data:`MAX_ROUNDS_DEFAULT`, a minute at about two
  seconds a round) it is called off, undecided;
* two blows a round (two weapons, instinctive blows) are refused: the source
  does not say how the second blow is answered (see :mod:`.melee`).

The exact odds come from a Markov chain over the points left of both
fighters, solved round after round by dynamic programming in whole numbers
(every chance of the exchange over one common denominator). The work is
costed from the number of states and rounds before any of it is done
(:data:`MAX_FIGHT_WORK`).

Example:
    >>> from rulebook_py.systems.galaxies import MeleeWeapon
    >>> kira = Duellist("Kira", Fighter("4D+1", weapon=MeleeWeapon.AB2))
    >>> vosk = Duellist("Vosk", Fighter("3D+2", "3D+1", weapon=MeleeWeapon.AB1))
    >>> f = fight(kira, vosk)
    >>> sum(f.table().values())
    Fraction(1, 1)
    >>> f.probability("Kira wins") > f.probability("Vosk wins")
    True
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from math import comb, lcm

from ...errors import RuleValueError, check_int, quote
from .codes import Rounding, check_bool, check_enum, check_rng, check_share, check_type, facade_repr
from .melee import COUNTER_FACTOR, Fighter, MeleeResult, MeleeRoll, Stance, melee
from .ranged import HALF_DODGE_FACTOR

__all__ = [
    "MAX_DAMAGE",
    "MAX_FIGHT_WORK",
    "MAX_HEALTH",
    "MAX_NAME",
    "MAX_ROUNDS",
    "MAX_ROUNDS_DEFAULT",
    "Duellist",
    "FightResult",
    "FightRoll",
    "FightRound",
    "FightStep",
    "fight",
    "fight_work",
]

#: Most points a fighter may take (his *health* in this book's reading).
MAX_HEALTH = 500
#: Most points a full blow may deal.
MAX_DAMAGE = 200
#: Most rounds a fight may be followed for.
MAX_ROUNDS = 200
#: Rounds after which a fight still going is called off (a minute of fighting).
MAX_ROUNDS_DEFAULT = 30
#: Most characters in a fighter's name.
MAX_NAME = 24
#: Most units of work (see :func:`fight_work`; about a microsecond each) computed at once:
#: the slowest accepted fight takes about 0.15 s on the book's machine (2 shared cores).
MAX_FIGHT_WORK = 150_000

#: Bits x bits of weight growth that cost about one more unit of work per step.
_BITS = 150_000

#: The melee rule's label for an exchange that ends the melee (someone got away).
_AWAY = "Disengaged"


@dataclass(frozen=True, repr=False)
class Duellist:
    """One of the two characters of a fight: his melee side, damage and points.

    Attributes:
        name: What the lines and outcomes call him (1 to 24 characters).
        fighter: His melee side (skill, AGILITÉ, stance, weapon), as in :func:`melee`.
        damage: Points a full blow of his deals (the game master's number).
        health: Points he can take before he is out of the fight.

    Example:
        >>> Duellist("Kira", Fighter("4D+1"), damage=8, health=20).health
        20
    """

    name: str
    fighter: Fighter
    damage: int = 8
    health: int = 20

    __repr__ = facade_repr

    def __post_init__(self) -> None:
        check_type(self.name, str, "name", "a name such as 'Kira'")
        check_type(self.fighter, Fighter, "fighter", "a galaxies.Fighter")
        check_type(self.damage, int, "damage", "a whole number of points")
        check_type(self.health, int, "health", "a whole number of points")


@dataclass(frozen=True)
class FightStep:
    """One outcome of the round's exchange, and what it does to the two fighters.

    Attributes:
        label: The exchange's outcome (``"A hits"``, ``"Half-dodge"``...).
        probability: Its exact chance each round.
        a_takes: Points A loses.
        b_takes: Points B loses.
        ends: The melee ends with this outcome (a fighter got away).

    Example:
        >>> FightStep("A hits", Fraction(1, 2), 0, 8, False).b_takes
        8
    """

    label: str
    probability: Fraction
    a_takes: int
    b_takes: int
    ends: bool

    def __post_init__(self) -> None:
        check_type(self.label, str, "label", "an outcome's text")
        check_share(self.probability, "probability")
        check_int(self.a_takes, "a_takes", 0, MAX_DAMAGE)
        check_int(self.b_takes, "b_takes", 0, MAX_DAMAGE)
        check_bool(self.ends, "ends")


@dataclass(frozen=True)
class FightRound:
    """One round of a rolled fight: the exchange, every die, and the state after it.

    Example:
        >>> r = fight(Duellist("A", Fighter("1D")), Duellist("B", Fighter("1D")))
        >>> r.roll(random.Random(1)).rounds[0].b_left
        20
    """

    number: int
    exchange: MeleeRoll
    a_takes: int
    b_takes: int
    a_left: int
    b_left: int


@dataclass(frozen=True)
class FightRoll:
    """One seeded fight from the first round to its end.

    Attributes:
        a_name: A's name.
        b_name: B's name.
        rounds: Every round, in order.
        end: How it ended (one of :meth:`FightResult.table`'s outcomes).

    Example:
        >>> f = fight(Duellist("A", Fighter("1D")), Duellist("B", Fighter("1D")), max_rounds=2)
        >>> f.roll(random.Random(1)).end
        'Undecided after 2 rounds'
    """

    a_name: str
    b_name: str
    rounds: tuple[FightRound, ...]
    end: str

    def lines(self) -> list[str]:
        """One line a round (both rolls, every die, what it did, points left), then the end.

        Example:
            >>> f = fight(Duellist("A", Fighter("1D")), Duellist("B", Fighter("1D")), max_rounds=1)
            >>> f.roll(random.Random(1)).lines()[0]
            'Round 1: A 1D [2] = 2 against B 1D [5] = 5 — B hits: A takes 8 (12 left); B has 20'
        """
        out = []
        for r in self.rounds:
            x = r.exchange
            rolls = (
                f"{self.a_name} {x.a} against {self.b_name} {x.b}"
                if x.a is not None and x.b is not None
                else "no roll"
            )
            hurt = [
                f"{name} takes {took} ({left} left)"
                for name, took, left in (
                    (self.a_name, r.a_takes, r.a_left),
                    (self.b_name, r.b_takes, r.b_left),
                )
                if took
            ]
            whole = [
                f"{name} has {left}"
                for name, took, left in (
                    (self.a_name, r.a_takes, r.a_left),
                    (self.b_name, r.b_takes, r.b_left),
                )
                if not took
            ]
            out.append(f"Round {r.number}: {rolls} — {x.label}: {'; '.join(hurt + whole)}")
        out.append(f"End: {self.end}")
        return out


@dataclass(frozen=True)
class FightResult:
    """Exact odds of a whole fight, and its seeded roll.

    Attributes:
        a: Fighter A.
        b: Fighter B.
        exchange: The exchange made every round (:func:`melee`'s outcome).
        steps: Each outcome of the exchange with the points it costs each side.
        outcomes: How the fight ends, with its exact chance (they add up to 1).
        expected_rounds: The exact average number of rounds fought (a
            called-off fight counts them all).
        max_rounds: Rounds after which a fight still going is called off.

    Example:
        >>> f = fight(Duellist("A", Fighter("1D")), Duellist("B", Fighter("1D"), health=8),
        ...           max_rounds=1)
        >>> f.probability("A wins"), f.expected_rounds
        (Fraction(5, 12), Fraction(1, 1))
    """

    a: Duellist
    b: Duellist
    exchange: MeleeResult
    steps: tuple[FightStep, ...]
    outcomes: tuple[tuple[str, Fraction], ...]
    expected_rounds: Fraction
    max_rounds: int

    def table(self) -> dict[str, Fraction]:
        """``{how the fight ends: exact chance}``.

        Example:
            >>> f = fight(Duellist("A", Fighter("1D")), Duellist("B", Fighter("1D")), max_rounds=1)
            >>> f.table()["Undecided after 1 round"]
            Fraction(1, 1)
        """
        return dict(self.outcomes)

    def probability(self, label: str) -> Fraction:
        """The exact chance that the fight ends as ``label`` says (0 when it cannot).

        Example:
            >>> f = fight(Duellist("A", Fighter("1D")), Duellist("B", Fighter("1D")))
            >>> f.probability("A wins") == f.probability("B wins")
            True
        """
        if not isinstance(label, str):
            raise RuleValueError(
                f"label must be an outcome's text, got {quote(label)}", field="label"
            )
        return self.table().get(label, Fraction(0))

    def roll(self, rng: random.Random) -> FightRoll:
        """One seeded fight, round after round, until it ends (the same for the same seed).

        Example:
            >>> f = fight(Duellist("A", Fighter("1D")), Duellist("B", Fighter("1D")))
            >>> f.roll(random.Random(3)) == f.roll(random.Random(3))
            True
        """
        rng = check_rng(rng)
        by_label = {s.label: s for s in self.steps}
        a_left, b_left = self.a.health, self.b.health
        rounds: list[FightRound] = []
        end = _undecided(self.max_rounds)
        for number in range(1, self.max_rounds + 1):
            x = self.exchange.roll(rng)
            step = by_label[x.label]
            a_left, b_left = a_left - step.a_takes, b_left - step.b_takes
            rounds.append(FightRound(number, x, step.a_takes, step.b_takes, a_left, b_left))
            over = _end(self.a, self.b, a_left, b_left, step.ends)
            if over is not None:
                end = over
                break
        return FightRoll(self.a.name, self.b.name, tuple(rounds), end)


def _undecided(rounds: int) -> str:
    return f"Undecided after {rounds} round{'s' if rounds != 1 else ''}"


def _away(a: Duellist, b: Duellist) -> str:
    """Who gets away when the exchange ends the melee."""
    runners = [d.name for d in (a, b) if d.fighter.stance is Stance.DISENGAGE]
    return f"{runners[0]} gets away" if len(runners) == 1 else "Both break off"


def _end(a: Duellist, b: Duellist, a_left: int, b_left: int, ends: bool) -> str | None:
    """How the fight ends in this state, or None while it goes on."""
    if a_left <= 0 and b_left <= 0:
        return "Both fall"
    if b_left <= 0:
        return f"{a.name} wins"
    if a_left <= 0:
        return f"{b.name} wins"
    return _away(a, b) if ends else None


def _check_duellist(d: Duellist, side: str) -> None:
    p = side.lower()
    if not isinstance(d, Duellist):
        raise RuleValueError(
            f"{p} must be a galaxies.Duellist, e.g. Duellist('Kira', Fighter('4D+1')), "
            f"got {quote(d)}",
            field=p,
        )
    name = d.name.strip()
    if not 1 <= len(name) <= MAX_NAME or name != d.name or not name.isprintable():
        raise RuleValueError(
            f"{p}_name must be a name of 1 to {MAX_NAME} printable characters, "
            f"without spaces around it, got {quote(d.name)}",
            field=f"{p}_name",
        )
    check_int(d.damage, f"{p}_damage", 1, MAX_DAMAGE)
    check_int(d.health, f"{p}_health", 1, MAX_HEALTH)


def _levels(health: int, amounts: Iterable[int]) -> int:
    """How many points-left values (above 0) a fighter can pass through."""
    steps = sorted({x for x in amounts if x > 0})
    seen, todo = {health}, [health]
    while todo:
        x = todo.pop()
        for s in steps:
            if x - s > 0 and x - s not in seen:
                seen.add(x - s)
                todo.append(x - s)
    return len(seen)


def fight_work(steps: Iterable[FightStep], a_health: int, b_health: int, rounds: int) -> int:
    """Units of work (about a microsecond each) of a fight's exact odds, before any is done.

    Each round, every state still open (a pair of points left) meets every
    outcome of the exchange. The open states are at most the points-left
    values both fighters can pass through, and at most the ways the damaging
    outcomes can have fallen so far; the weights grow by the bits of the
    exchange's common denominator every round, and so does their cost.

    Example:
        >>> fight_work([FightStep("A hits", Fraction(1, 2), 0, 8, False),
        ...             FightStep("B hits", Fraction(1, 2), 8, 0, False)], 20, 20, 30)
        506
    """
    steps = tuple(steps)
    if not steps or not all(isinstance(s, FightStep) for s in steps):
        raise RuleValueError(
            f"steps must be galaxies.FightStep values, got {quote(steps)}", field="steps"
        )
    check_int(a_health, "a_health", 1, MAX_HEALTH)
    check_int(b_health, "b_health", 1, MAX_HEALTH)
    check_int(rounds, "rounds", 1, MAX_ROUNDS)
    live = [s for s in steps if s.probability]
    levels = _levels(a_health, (s.a_takes for s in live)) * _levels(
        b_health, (s.b_takes for s in live)
    )
    hurting = sum(1 for s in live if s.a_takes or s.b_takes)
    bits = lcm(*(s.probability.denominator for s in live)).bit_length()
    work = 0
    for n in range(rounds):
        work += min(levels, comb(n + hurting, hurting)) * len(live) * (1 + n * bits * bits // _BITS)
    return work


def _rounds_that_fit(steps: tuple[FightStep, ...], a_health: int, b_health: int, high: int) -> int:
    """The most rounds (below ``high``) whose work fits in :data:`MAX_FIGHT_WORK` (one always does)."""
    low = 1
    while low < high - 1:
        mid = (low + high) // 2
        if fight_work(steps, a_health, b_health, mid) <= MAX_FIGHT_WORK:
            low = mid
        else:
            high = mid
    return low


def fight(
    a: Duellist,
    b: Duellist,
    *,
    max_rounds: int = MAX_ROUNDS_DEFAULT,
    half_dodge_factor: Fraction = HALF_DODGE_FACTOR,
    counter_factor: Fraction = COUNTER_FACTOR,
    guard_tie_lands: bool = False,
    rounding: Rounding = Rounding.DOWN,
    fixed_dodge: bool = False,
    pursuit_tie_holds: bool = True,
) -> FightResult:
    """The exact odds of a whole melee fight between A and B, and its seeded roll.

    Args:
        a: Fighter A, with his damage and points.
        b: Fighter B.
        max_rounds: Rounds after which a fight still going is called off.
        half_dodge_factor: Share of a blow a half-dodge lets through (1/2).
        counter_factor: Share of a blow a successful counter deals (1/2).
        guard_tie_lands: As in :func:`melee`.
        rounding: Rounding of halved rolls, fixed values and shares of a blow.
        fixed_dodge: As in :func:`melee`.
        pursuit_tie_holds: As in :func:`melee`.

    Raises:
        RuleValueError: For a bad name, damage or points, two names alike,
            two blows a round, whatever :func:`melee` refuses, or more work
            than :data:`MAX_FIGHT_WORK` (checked before any is done).

    Example:
        >>> f = fight(Duellist("A", Fighter("1D")), Duellist("B", Fighter("1D")), max_rounds=3)
        >>> f.table()["A wins"]  # three blows in a row: (5/12) ** 3
        Fraction(125, 1728)
    """
    _check_duellist(a, "A")
    _check_duellist(b, "B")
    if a.name == b.name:
        raise RuleValueError(
            f"b_name must differ from A's name {quote(a.name)}: the outcomes are named "
            "after the fighters",
            field="b_name",
        )
    check_int(max_rounds, "max_rounds", 1, MAX_ROUNDS)
    check_enum(rounding, Rounding, "rounding")
    check_share(half_dodge_factor, "half_dodge_factor")
    check_share(counter_factor, "counter_factor")
    x = melee(
        a.fighter,
        b.fighter,
        half_dodge_factor=half_dodge_factor,
        counter_factor=counter_factor,
        guard_tie_lands=guard_tie_lands,
        rounding=rounding,
        fixed_dodge=fixed_dodge,
        pursuit_tie_holds=pursuit_tie_holds,
    )
    for name, blows in (("a", x.a_blows), ("b", x.b_blows)):
        if blows != 1:
            raise RuleValueError(
                f"{name}_blows must give one blow a round in a whole fight, got "
                f"{blows}: the source does not say how a second blow is answered",
                field=f"{name}_blows",
            )
    steps = tuple(
        FightStep(
            row.label,
            row.probability,
            rounding.divide(row.b_deals * b.damage),
            rounding.divide(row.a_deals * a.damage),
            row.label == _AWAY,
        )
        for row in x.rows
    )
    work = fight_work(steps, a.health, b.health, max_rounds)
    if work > MAX_FIGHT_WORK:
        allowed = _rounds_that_fit(steps, a.health, b.health, max_rounds)
        raise RuleValueError(
            f"max_rounds of {max_rounds} is too long to follow exactly with these points "
            f"and damage ({work:,} steps, at most {MAX_FIGHT_WORK:,}): allow fewer rounds "
            f"(at most {allowed} here), or give the fighters fewer points or more damage",
            field="max_rounds",
        )
    outcomes, rounds = _solve(a, b, steps, max_rounds)
    return FightResult(a, b, x, steps, outcomes, rounds, max_rounds)


def _solve(
    a: Duellist, b: Duellist, steps: tuple[FightStep, ...], rounds: int
) -> tuple[tuple[tuple[str, Fraction], ...], Fraction]:
    """The Markov chain over (A's points left, B's points left), round by round.

    Every chance of the exchange is a whole number over one common
    denominator ``d``, so the weight of a state after ``n`` rounds is a whole
    number over ``d**n``; what has ended is kept over the same ``d**n``. No
    fraction is reduced until the end. Returns the outcomes and the exact
    average number of rounds fought.
    """
    d = lcm(*(s.probability.denominator for s in steps))
    moves = [
        (s.probability.numerator * (d // s.probability.denominator), s.a_takes, s.b_takes, s.ends)
        for s in steps
        if s.probability
    ]
    ends = {f"{a.name} wins": 0, f"{b.name} wins": 0}
    states = {(a.health, b.health): 1}
    fought = 0  # sum over rounds n of P(round n is fought), over d**(n-1), then d**n
    n = 0
    while n < rounds and states:
        n += 1
        fought = fought * d + sum(states.values())
        after: dict[tuple[int, int], int] = {}
        for label in ends:
            ends[label] *= d
        for (x, y), w in states.items():
            for weight, da, db, stop in moves:
                nx, ny = x - da, y - db
                over = _end(a, b, nx, ny, stop)
                if over is None:
                    after[(nx, ny)] = after.get((nx, ny), 0) + w * weight
                else:
                    ends[over] = ends.get(over, 0) + w * weight
        states = after
    scale = d**n
    table = {label: Fraction(w, scale) for label, w in ends.items()}
    left = sum(states.values())
    if left:
        table[_undecided(rounds)] = Fraction(left, scale)
    return tuple(table.items()), Fraction(fought, d ** (n - 1))
