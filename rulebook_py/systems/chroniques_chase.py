"""Chroniques Oubliées chases: exact odds by dynamic programming, and a seeded replay.

Every round both sides make a DEX test (armour's DEF bonus comes off it;
the chase table's modifiers add to it) and compare totals. When one side beats
the other by 10 or more it gains an extra action; otherwise the gap between
them changes by the difference, in metres. The chase ends with a capture when
the gap reaches 0, with an escape when it reaches the loss-of-sight distance.

The extra action of a 10-point lead: this book spends it on a move, so the
winner gains :attr:`ChaseRules.extra_action_metres` (20 m, the move of almost
every creature) and the gap changes by nothing else that round. A pursuer
could instead attack; the attack calculator prices that separately. Ties
change nothing. From :attr:`ChaseRules.endurance_from_round` on (optional) the
tests are CON tests (the table's modifiers still apply; armour no longer does).

Since the gap only takes whole-metre values between 0 and the loss-of-sight
distance, the chase is a Markov chain over the gap, solved exactly round by
round (:func:`chase_odds`); :func:`simulate_chase` plays the same rules with
seeded dice, and :func:`estimate_chase` counts many such chases.

Example:
    >>> dragon = Runner("dragon", 0, frozenset({ChaseTrait.HUGE, ChaseTrait.FLYING}))
    >>> dragon.modifier
    10
    >>> odds = chase_odds(dragon, Runner("thief", 3), distance=20, sight=50)
    >>> odds.capture + odds.escape + odds.unresolved
    Fraction(1, 1)
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction
from operator import add

from ..dice import DiceRoll
from ..distribution import Distribution
from ..errors import RuleValueError, check_int
from .chroniques_core import CheckDie

__all__ = [
    "MAX_ROUNDS",
    "MAX_SIGHT",
    "MAX_TRIALS",
    "ChaseOdds",
    "ChaseReplay",
    "ChaseRound",
    "ChaseRules",
    "ChaseTrait",
    "Runner",
    "chase_modifier",
    "chase_odds",
    "chase_step",
    "estimate_chase",
    "simulate_chase",
]

#: Most rounds a chase is followed (the rest is reported as unresolved).
MAX_ROUNDS = 100
#: Largest loss-of-sight distance, in metres.
MAX_SIGHT = 1000
#: Most chases :func:`estimate_chase` plays.
MAX_TRIALS = 100_000


class ChaseTrait(Enum):
    """A line of the chase modifier table (*modificateurs au test de poursuite*).

    Example:
        >>> ChaseTrait.FLYING.modifier, ChaseTrait.FLYING.label
        (5, 'La créature vole')
    """

    FAST = (10, "moves 30 m per move action", "Parcourt 30 mètres par action de mouvement")
    EXTRA_MOVE = (10, "has an extra move action each turn", "Action de mouvement supplémentaire")
    FLYING = (5, "flies", "La créature vole")
    QUADRUPED = (2, "quadruped (not with flying)", "Quadrupède")
    TINY = (-5, "tiny or smaller", "Taille très petite ou inférieure")
    HUGE = (5, "huge or larger", "Taille énorme ou supérieure")

    def __init__(self, modifier: int, english: str, label: str) -> None:
        self.modifier = modifier
        self.english = english
        self.label = label


def chase_modifier(traits: Iterable[ChaseTrait]) -> int:
    """Sum of the table's modifiers; quadruped does not add to flying.

    Raises:
        RuleValueError: For both "tiny or smaller" and "huge or larger".

    Example:
        >>> chase_modifier({ChaseTrait.FLYING, ChaseTrait.QUADRUPED})
        5
    """
    chosen = set(traits)
    if {ChaseTrait.TINY, ChaseTrait.HUGE} <= chosen:
        raise RuleValueError(
            "a creature cannot be both tiny or smaller and huge or larger", field="traits"
        )
    if ChaseTrait.FLYING in chosen:
        chosen.discard(ChaseTrait.QUADRUPED)
    return sum(t.modifier for t in chosen)


@dataclass(frozen=True)
class Runner:
    """One side of a chase.

    Attributes:
        name: Shown in the replay.
        dexterity: DEX modifier, -5 to 15.
        traits: Lines of the chase modifier table that apply.
        armour: DEF bonus of the armour worn, 0 to 12 (comes off DEX tests).
        die: ``"d20"``, ``"2d20kh1"``, ``"d12"`` or ``"2d12kh1"``.
        constitution: CON modifier, for the endurance rounds.

    Example:
        >>> Runner("knight", 1, armour=5).bonus(endurance=False)
        -4
    """

    name: str
    dexterity: int
    traits: frozenset[ChaseTrait] = field(default_factory=frozenset)
    armour: int = 0
    die: str = "d20"
    constitution: int = 0

    def __post_init__(self) -> None:
        """Check every value now, so errors name the right field."""
        check_int(self.dexterity, "dexterity", -5, 15)
        check_int(self.constitution, "constitution", -5, 15)
        check_int(self.armour, "armour", 0, 12)
        CheckDie.from_text(self.die)
        chase_modifier(self.traits)

    @property
    def modifier(self) -> int:
        """The chase table's modifier."""
        return chase_modifier(self.traits)

    def bonus(self, endurance: bool) -> int:
        """Bonus of this round's test: DEX (minus armour) or CON, plus the table."""
        if endurance:
            return self.constitution + self.modifier
        return self.dexterity - self.armour + self.modifier

    def check(self, endurance: bool) -> Distribution:
        """Exact distribution of this round's test total."""
        return CheckDie.from_text(self.die).dice.distribution + self.bonus(endurance)


@dataclass(frozen=True)
class ChaseRules:
    """The named parameters of the chase rules.

    Attributes:
        extra_action_metres: Metres gained by the extra action of a lead of
            ``lead_for_extra_action`` or more (spent on a move).
        lead_for_extra_action: Lead that gives the extra action (10).
        endurance_from_round: First round of CON tests, or ``None`` (DEX all along).
        max_rounds: Rounds followed before the chase is called unresolved.

    Example:
        >>> ChaseRules().extra_action_metres
        20
    """

    extra_action_metres: int = 20
    lead_for_extra_action: int = 10
    endurance_from_round: int | None = None
    max_rounds: int = 30

    def __post_init__(self) -> None:
        """Check the values."""
        check_int(self.extra_action_metres, "extra_action_metres", 0, 60)
        check_int(self.lead_for_extra_action, "lead_for_extra_action", 1, 40)
        check_int(self.max_rounds, "max_rounds", 1, MAX_ROUNDS)
        if self.endurance_from_round is not None:
            check_int(self.endurance_from_round, "endurance_from_round", 1, MAX_ROUNDS)

    def endurance(self, round_number: int) -> bool:
        """Whether round ``round_number`` uses CON tests."""
        return self.endurance_from_round is not None and round_number >= self.endurance_from_round


def chase_step(difference: int, rules: ChaseRules | None = None) -> int:
    """Change of the gap in metres for quarry total minus pursuer total.

    Example:
        >>> [chase_step(d) for d in (-12, -10, -9, 0, 9, 10)]
        [-20, -20, -9, 0, 9, 20]
    """
    rules = rules or ChaseRules()
    if difference >= rules.lead_for_extra_action:
        return rules.extra_action_metres
    if difference <= -rules.lead_for_extra_action:
        return -rules.extra_action_metres
    return difference


def _check_setup(distance: int, sight: int) -> None:
    check_int(sight, "sight", 2, MAX_SIGHT)
    check_int(distance, "distance", 1, sight - 1)


@dataclass(frozen=True)
class ChaseOdds:
    """Exact outcome of a chase.

    Attributes:
        capture: P(the pursuer reaches the quarry within the rounds followed).
        escape: P(the quarry gets out of sight within them).
        unresolved: P(still going after the last round followed).
        capture_by_round: P(capture in round r), r = 1, 2, ...
        escape_by_round: P(escape in round r).
        step: Distribution of the gap's change in one DEX round (metres).

    Example:
        >>> o = chase_odds(Runner("a", 0), Runner("b", 0), 5, 10, ChaseRules(max_rounds=3))
        >>> len(o.capture_by_round), o.capture == o.escape
        (3, True)
    """

    capture: Fraction
    escape: Fraction
    unresolved: Fraction
    capture_by_round: tuple[Fraction, ...]
    escape_by_round: tuple[Fraction, ...]
    step: Distribution

    @property
    def expected_rounds(self) -> Fraction:
        """Mean number of rounds played (an unresolved chase counts the rounds followed)."""
        played = sum(
            (
                r * (c + e)
                for r, (c, e) in enumerate(zip(self.capture_by_round, self.escape_by_round), 1)
            ),
            Fraction(0),
        )
        return played + len(self.capture_by_round) * self.unresolved


def _step_weights(
    pursuer: Runner, quarry: Runner, endurance: bool, rules: ChaseRules
) -> Distribution:
    diff = quarry.check(endurance) - pursuer.check(endurance)
    return diff.map(lambda d: chase_step(d, rules))


def chase_odds(
    pursuer: Runner, quarry: Runner, distance: int, sight: int, rules: ChaseRules | None = None
) -> ChaseOdds:
    """Exact chances of capture and escape, round by round (a Markov chain over the gap).

    Args:
        pursuer: The side that wants to close in.
        quarry: The side that flees.
        distance: Starting gap in metres, 1 to ``sight - 1``.
        sight: Loss-of-sight distance in metres (50 in a forest to 500 or more
            on a plain), 2 to :data:`MAX_SIGHT`.
        rules: The named parameters (see :class:`ChaseRules`).

    Example:
        >>> o = chase_odds(Runner("a", 0), Runner("b", 0), 1, 2, ChaseRules(max_rounds=1))
        >>> o.capture, o.escape, o.unresolved
        (Fraction(19, 40), Fraction(19, 40), Fraction(1, 20))
    """
    rules = rules or ChaseRules()
    _check_setup(distance, sight)
    n = sight - 1  # live gaps 1 .. sight-1, index gap-1
    steps = {
        e: [(s, w) for s, w in _step_weights(pursuer, quarry, e, rules).items() if w]
        for e in (False, True)
    }
    totals = {e: sum(w for _, w in steps[e]) for e in steps}
    spread = {e: (min(s for s, _ in steps[e]), max(s for s, _ in steps[e])) for e in steps}
    vec = [0] * n
    vec[distance - 1] = 1
    a, b = distance - 1, distance  # indices that may hold weight: [a, b)
    denominator = 1
    captures: list[Fraction] = []
    escapes: list[Fraction] = []
    for r in range(1, rules.max_rounds + 1):
        e = rules.endurance(r)
        new = [0] * n
        caught = escaped = 0
        for s, w in steps[e]:
            # gap index i moves to i + s; below 0 is a capture, n or more an escape
            lo, hi = max(a, -s), min(b, n - s)
            if lo < hi:
                seg = new[lo + s : hi + s]
                new[lo + s : hi + s] = map(add, seg, [x * w for x in vec[lo:hi]])
            if s < 0:
                caught += w * sum(vec[a : min(b, -s)])
            elif s > 0:
                escaped += w * sum(vec[max(a, n - s) : b])
        vec = new
        a, b = max(0, a + spread[e][0]), min(n, b + spread[e][1])
        denominator *= totals[e]
        captures.append(Fraction(caught, denominator))
        escapes.append(Fraction(escaped, denominator))
    remaining = Fraction(sum(vec), denominator)
    return ChaseOdds(
        sum(captures, Fraction(0)),
        sum(escapes, Fraction(0)),
        remaining,
        tuple(captures),
        tuple(escapes),
        _step_weights(pursuer, quarry, False, rules),
    )


@dataclass(frozen=True)
class ChaseRound:
    """One round of a seeded chase.

    Attributes:
        number: Round number, from 1.
        pursuer: The pursuer's dice.
        quarry: The quarry's dice.
        pursuer_total: Pursuer's test total.
        quarry_total: Quarry's test total.
        change: Change of the gap (metres; positive: the quarry pulls away).
        gap: Gap after the round (may pass 0 or the sight distance).
        endurance: Whether it was a CON round.
        extra_action: Whether the lead gave the winner an extra action.

    Example:
        >>> r = simulate_chase(Runner("a", 0), Runner("b", 0), 5, 10, rng=random.Random(2))
        >>> r.rounds[0].number
        1
    """

    number: int
    pursuer: DiceRoll
    quarry: DiceRoll
    pursuer_total: int
    quarry_total: int
    change: int
    gap: int
    endurance: bool
    extra_action: bool = False

    def describe(self, pursuer: str = "pursuer", quarry: str = "quarry") -> str:
        """One line: both rolls, the difference, its effect and the new gap."""
        diff = self.quarry_total - self.pursuer_total
        test = "CON" if self.endurance else "DEX"
        if self.extra_action:
            who = quarry if diff > 0 else pursuer
            effect = f"{who} wins by {abs(diff)}: extra action, a move of {abs(self.change)} m"
        elif diff == 0:
            effect = "tie: the gap does not change"
        else:
            who = quarry if diff > 0 else pursuer
            effect = f"{who} gains {abs(diff)} m"
        return (
            f"Round {self.number} ({test}): {pursuer} {self.pursuer.text} → {self.pursuer_total}, "
            f"{quarry} {self.quarry.text} → {self.quarry_total}; {effect}; gap {max(self.gap, 0)} m"
        )


@dataclass(frozen=True)
class ChaseReplay:
    """A whole seeded chase.

    Attributes:
        rounds: Every round played.
        result: ``"capture"``, ``"escape"`` or ``"unresolved"``.

    Example:
        >>> simulate_chase(Runner("a", 0), Runner("b", 0), 5, 10,
        ...                rng=random.Random(1)).result in ("capture", "escape", "unresolved")
        True
    """

    rounds: tuple[ChaseRound, ...]
    result: str


def simulate_chase(
    pursuer: Runner,
    quarry: Runner,
    distance: int,
    sight: int,
    rules: ChaseRules | None = None,
    *,
    rng: random.Random | None = None,
) -> ChaseReplay:
    """Play one chase with seeded dice, under exactly the rules of :func:`chase_odds`.

    Example:
        >>> a = simulate_chase(Runner("a", 0), Runner("b", 0), 5, 10, rng=random.Random(4))
        >>> a == simulate_chase(Runner("a", 0), Runner("b", 0), 5, 10, rng=random.Random(4))
        True
    """
    rules = rules or ChaseRules()
    _check_setup(distance, sight)
    rng = rng or random.Random()
    gap = distance
    rounds = []
    for r in range(1, rules.max_rounds + 1):
        e = rules.endurance(r)
        p_roll = CheckDie.from_text(pursuer.die).dice.roll(rng)
        q_roll = CheckDie.from_text(quarry.die).dice.roll(rng)
        p_total = p_roll.total + pursuer.bonus(e)
        q_total = q_roll.total + quarry.bonus(e)
        change = chase_step(q_total - p_total, rules)
        gap += change
        extra = abs(q_total - p_total) >= rules.lead_for_extra_action
        rounds.append(ChaseRound(r, p_roll, q_roll, p_total, q_total, change, gap, e, extra))
        if gap <= 0:
            return ChaseReplay(tuple(rounds), "capture")
        if gap >= sight:
            return ChaseReplay(tuple(rounds), "escape")
    return ChaseReplay(tuple(rounds), "unresolved")


def estimate_chase(
    pursuer: Runner,
    quarry: Runner,
    distance: int,
    sight: int,
    rules: ChaseRules | None = None,
    *,
    trials: int = 1000,
    rng: random.Random | None = None,
) -> dict[str, int]:
    """Count the results of ``trials`` seeded chases (the cross-check of :func:`chase_odds`).

    Example:
        >>> counts = estimate_chase(Runner("a", 0), Runner("b", 0), 5, 10, trials=50,
        ...                         rng=random.Random(3))
        >>> sum(counts.values())
        50
    """
    check_int(trials, "trials", 1, MAX_TRIALS)
    rng = rng or random.Random()
    counts = {"capture": 0, "escape": 0, "unresolved": 0}
    for _ in range(trials):
        counts[simulate_chase(pursuer, quarry, distance, sight, rules, rng=rng).result] += 1
    return counts
