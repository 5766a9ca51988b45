"""Chroniques Oubliées chases: exact odds by dynamic programming, and a seeded replay.

Every round both sides make a DEX test (armour's DEF bonus comes off it;
the chase table's modifiers add to it) and compare totals. When one side beats
the other by 10 or more it gains an extra action; otherwise the gap between
them changes by the difference, in metres. The chase ends with a capture when
the gap reaches 0, with an escape when it reaches the loss-of-sight distance.

The extra action of a 10-point lead: this book spends it on a move, so the
winner gains :attr:`ChaseRules.extra_action_metres` (20 m, the move of almost
every creature; half as far again, 30 m, for a creature of the table's first
line, which covers 30 m a move action) and the gap changes by nothing else that round. A pursuer
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

import math
import random
from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction

from ...dice import DiceRoll
from ...distribution import Distribution
from ...errors import RuleValueError, check_int, quote
from ...messages import Msg
from .core import MODIFIER_RANGE, CheckDie, check_bool, check_name, check_rng
from .records import check_fields
from .words import M

__all__ = [
    "MAX_ROUNDS",
    "MAX_SIGHT",
    "MAX_TRIALS",
    "MAX_TRIAL_ROUNDS",
    "PURSUER",
    "QUARRY",
    "RESULTS",
    "ChaseOdds",
    "ChaseReplay",
    "ChaseRound",
    "ChaseRules",
    "ChaseTrait",
    "Runner",
    "chase_modifier",
    "chase_odds",
    "chase_step",
    "check_chase",
    "estimate_chase",
    "simulate_chase",
]

#: Most rounds a chase is followed (the rest is reported as unresolved): over
#: eight minutes of chase, and the exact odds stay within a tenth of a second.
MAX_ROUNDS = 50
#: Largest loss-of-sight distance, in metres: the source's open plain.
MAX_SIGHT = 500
#: Most chases :func:`estimate_chase` plays.
MAX_TRIALS = 100_000
#: How a chase's line names each side when no name is given.
PURSUER = M("pursuer")
QUARRY = M("quarry")
#: A chase's ending, in words.
RESULTS = {"capture": M("capture"), "escape": M("escape"), "unresolved": M("unresolved")}
#: Most chase rounds :func:`estimate_chase` plays in all (trials times rounds
#: followed): about half a second in CPython.
MAX_TRIAL_ROUNDS = 200_000


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

    def __message__(self) -> Msg:
        """The line of the table in the reader's words."""
        return {
            ChaseTrait.FAST: M("moves 30 m per move action"),
            ChaseTrait.EXTRA_MOVE: M("has an extra move action each turn"),
            ChaseTrait.FLYING: M("flies"),
            ChaseTrait.QUADRUPED: M("quadruped (not with flying)"),
            ChaseTrait.TINY: M("tiny or smaller"),
            ChaseTrait.HUGE: M("huge or larger"),
        }[self]


def chase_modifier(traits: Iterable[ChaseTrait]) -> int:
    """A creature's modifier to its chase tests: the sum of its lines of the table.

    The table is the source's chase test modifiers (*modificateurs au test de
    poursuite*, :class:`ChaseTrait`); they stack, except that quadruped does
    not add to flying.

    Raises:
        RuleValueError: For both "tiny or smaller" and "huge or larger".

    Example:
        >>> chase_modifier({ChaseTrait.FLYING, ChaseTrait.QUADRUPED})
        5
    """
    if not isinstance(traits, (list, tuple, set, frozenset)) or not all(
        isinstance(t, ChaseTrait) for t in traits
    ):
        raise RuleValueError(
            M(
                "{name} must be ChaseTrait members such as ChaseTrait.HUGE, got {got}",
                name="traits",
                got=quote(traits),
            ),
            field="traits",
            value=traits,
        )
    chosen = set(traits)
    if {ChaseTrait.TINY, ChaseTrait.HUGE} <= chosen:
        raise RuleValueError(
            M("a creature cannot be both tiny or smaller and huge or larger"), field="traits"
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
        untrained: Pieces of shield or armour worn without training (or
            forbidden to the character), 0 to 2: -3 each to DEX tests (the
            untrained-character rule).
        acts_otherwise: Rounds in which this side does something other than
            move (throws a spear, drinks a potion): it loses
            :attr:`ChaseRules.other_action_metres` on its opponent that round.
        every_round: This side acts otherwise in every round.

    Example:
        >>> Runner("knight", 1, armour=5).bonus(endurance=False)
        -4
        >>> Runner("squire", 1, armour=5, untrained=1).bonus(endurance=False)
        -7
    """

    name: str
    dexterity: int
    traits: frozenset[ChaseTrait] = field(default_factory=frozenset)
    armour: int = 0
    die: str = "d20"
    constitution: int = 0
    untrained: int = 0
    acts_otherwise: frozenset[int] = frozenset()
    every_round: bool = False

    def __post_init__(self) -> None:
        """Check every value now, so errors name the right field."""
        check_name(self.name, "name")
        check_bool(self.every_round, "every_round")
        if not isinstance(self.acts_otherwise, (set, frozenset)) or len(self.acts_otherwise) > 50:
            raise RuleValueError(
                M(
                    "{name} must be a set of round numbers, got {got}",
                    name="acts_otherwise",
                    got=quote(self.acts_otherwise),
                ),
                field="acts_otherwise",
                value=self.acts_otherwise,
            )
        for r in self.acts_otherwise:
            check_int(r, "acts_otherwise", 1, MAX_ROUNDS)
        check_int(self.dexterity, "dexterity", *MODIFIER_RANGE)
        check_int(self.constitution, "constitution", *MODIFIER_RANGE)
        check_int(self.armour, "armour", 0, 12)
        check_int(self.untrained, "untrained", 0, 2)
        CheckDie.from_text(self.die)
        chase_modifier(self.traits)

    @property
    def modifier(self) -> int:
        """The chase table's modifier."""
        return chase_modifier(self.traits)

    def bonus(self, endurance: bool, heavy_rain: bool = False) -> int:
        """Bonus of this round's test: DEX (minus armour and untrained gear) or CON, plus the table.

        Heavy rain gives -2 to every physical test, DEX and CON alike.

        Example:
            >>> Runner("elf", 4, constitution=1).bonus(True, heavy_rain=True)
            -1
        """
        check_bool(endurance, "endurance")
        check_bool(heavy_rain, "heavy_rain")
        rain = -2 if heavy_rain else 0
        if endurance:
            return self.constitution + self.modifier + rain
        return self.dexterity - self.armour - 3 * self.untrained + self.modifier + rain

    def check(self, endurance: bool, heavy_rain: bool = False) -> Distribution:
        """Exact distribution of this round's test total."""
        return CheckDie.from_text(self.die).dice.distribution + self.bonus(endurance, heavy_rain)

    def move_metres(self, rules: ChaseRules) -> int:
        """Metres of this side's extra move: half as far again for a 30-m creature.

        Example:
            >>> Runner("horse", 2, frozenset({ChaseTrait.FAST})).move_metres(ChaseRules())
            30
        """
        metres = rules.extra_action_metres
        return metres * 3 // 2 if ChaseTrait.FAST in self.traits else metres

    def loses_ground(self, round_number: int) -> bool:
        """Whether this side does something other than move in round ``round_number``."""
        check_int(round_number, "round_number", 1, None)
        return self.every_round or round_number in self.acts_otherwise


@dataclass(frozen=True)
class ChaseRules:
    """The named parameters of the chase rules.

    Attributes:
        extra_action_metres: Metres gained by the extra action of a lead of
            ``lead_for_extra_action`` or more (spent on a move).
        lead_for_extra_action: Lead that gives the extra action (10).
        endurance_from_round: First round of CON tests, or ``None`` (DEX all along).
        max_rounds: Rounds followed before the chase is called unresolved.
        heavy_rain: Heavy rain: -2 to both sides' tests (it cancels out in
            the comparison, so the odds do not change).
        other_action_metres: Metres a side loses in a round where it does
            something other than move (20, a move action).

    Example:
        >>> ChaseRules().extra_action_metres
        20
    """

    extra_action_metres: int = 20
    lead_for_extra_action: int = 10
    endurance_from_round: int | None = None
    max_rounds: int = 30
    heavy_rain: bool = False
    other_action_metres: int = 20

    def __post_init__(self) -> None:
        """Check the values."""
        check_int(self.extra_action_metres, "extra_action_metres", 0, 60)
        check_int(self.lead_for_extra_action, "lead_for_extra_action", 1, 40)
        check_int(self.other_action_metres, "other_action_metres", 0, 60)
        check_int(self.max_rounds, "max_rounds", 1, None)
        check_bool(self.heavy_rain, "heavy_rain")
        if self.max_rounds > MAX_ROUNDS:
            raise RuleValueError(
                M(
                    "{name} must be an integer from 1 to {most} (over eight minutes of chase; "
                    "the exact odds would be too slow beyond), got {got}",
                    name="max_rounds",
                    most=MAX_ROUNDS,
                    got=quote(self.max_rounds),
                ),
                field="max_rounds",
                value=self.max_rounds,
            )
        if self.endurance_from_round is not None:
            check_int(self.endurance_from_round, "endurance_from_round", 1, MAX_ROUNDS)

    def endurance(self, round_number: int) -> bool:
        """Whether round ``round_number`` uses CON tests."""
        check_int(round_number, "round_number", 1, None)
        return self.endurance_from_round is not None and round_number >= self.endurance_from_round


def chase_step(
    difference: int,
    rules: ChaseRules | None = None,
    *,
    quarry_metres: int | None = None,
    pursuer_metres: int | None = None,
) -> int:
    """Change of the gap in metres for quarry total minus pursuer total.

    A lead of 10 or more gives the winner an extra action, spent on a move of
    its own length (:meth:`Runner.move_metres`; ``rules.extra_action_metres``
    when not given).

    Example:
        >>> [chase_step(d) for d in (-12, -10, -9, 0, 9, 10)]
        [-20, -20, -9, 0, 9, 20]
        >>> chase_step(12, quarry_metres=30)
        30
    """
    rules = _rules(rules)
    check_int(difference, "difference")
    for name, metres in (("quarry_metres", quarry_metres), ("pursuer_metres", pursuer_metres)):
        if metres is not None:
            check_int(metres, name, 0, 90)
    if difference >= rules.lead_for_extra_action:
        return rules.extra_action_metres if quarry_metres is None else quarry_metres
    if difference <= -rules.lead_for_extra_action:
        return -(rules.extra_action_metres if pursuer_metres is None else pursuer_metres)
    return difference


def _rules(rules: object) -> ChaseRules:
    if rules is None:
        return ChaseRules()
    if not isinstance(rules, ChaseRules):
        raise RuleValueError(
            M("{name} must be ChaseRules or None, got {got}", name="rules", got=quote(rules)),
            field="rules",
            value=rules,
        )
    return rules


def _sides(pursuer: object, quarry: object) -> None:
    for name, side in (("pursuer", pursuer), ("quarry", quarry)):
        if not isinstance(side, Runner):
            raise RuleValueError(
                M("{name} must be a Runner, got {got}", name=name, got=quote(side)),
                field=name,
                value=side,
            )


def check_chase(distance: int, sight: int) -> None:
    """Refuse a chase the rules cannot run: a loss-of-sight distance and a start inside it.

    Args:
        distance: Metres between pursuer and quarry at the start (1 to ``sight - 1``).
        sight: Metres at which the quarry is lost from sight (2 to :data:`MAX_SIGHT`).

    Raises:
        RuleValueError: Naming the argument at fault.

    Example:
        >>> check_chase(5, 10)
        >>> check_chase(10, 10)
        Traceback (most recent call last):
        ...
        rulebook_py.errors.RuleValueError: distance must be an integer from 1 to 9, got 10
    """
    check_int(sight, "sight", 2, None)
    if sight > MAX_SIGHT:
        raise RuleValueError(
            M(
                "{name} must be an integer from 2 to {most} m (the source's open plain; "
                "the exact odds would be too slow beyond), got {got}",
                name="sight",
                most=MAX_SIGHT,
                got=quote(sight),
            ),
            field="sight",
            value=sight,
        )
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
        step: Distribution of the gap's change in one DEX round where both
            sides only move (metres).

    Example:
        >>> o = chase_odds(Runner("a", 0), Runner("b", 0), 5, 10, ChaseRules(max_rounds=3))
        >>> len(o.capture_by_round), o.capture == o.escape
        (3, True)
        >>> ChaseOdds(Fraction(1, 2), Fraction(1, 2), Fraction(0), (Fraction(1, 2),), (Fraction(1, 2),), chase_odds(Runner("a", 0), Runner("b", 0), 1, 2).step).expected_rounds
        Fraction(1, 1)
    """

    capture: Fraction
    escape: Fraction
    unresolved: Fraction
    capture_by_round: tuple[Fraction, ...]
    escape_by_round: tuple[Fraction, ...]
    step: Distribution

    def __post_init__(self) -> None:
        """Check every field: chances that add up to 1, one a round on each side."""
        check_fields(self)
        chances = (self.capture, self.escape, self.unresolved)
        rounds = len(self.capture_by_round)
        if (
            min(chances) < 0
            or sum(chances) != 1
            or not 1 <= rounds <= MAX_ROUNDS
            or len(self.escape_by_round) != rounds
        ):
            raise RuleValueError(
                M(
                    "{name} must be chances that add up to 1, with as many rounds of captures "
                    "as of escapes (1 to {most})",
                    name="capture",
                    most=MAX_ROUNDS,
                ),
                field="capture",
            )

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
    pursuer: Runner, quarry: Runner, endurance: bool, rules: ChaseRules, shift: int = 0
) -> Distribution:
    diff = quarry.check(endurance, rules.heavy_rain) - pursuer.check(endurance, rules.heavy_rain)
    metres = {
        "quarry_metres": quarry.move_metres(rules),
        "pursuer_metres": pursuer.move_metres(rules),
    }
    return diff.map(lambda d: chase_step(d, rules, **metres) + shift)


def _round_kind(pursuer: Runner, quarry: Runner, rules: ChaseRules, r: int) -> tuple[bool, int]:
    """``(CON test?, metres added to the gap)`` of round ``r``: who loses ground acting otherwise."""
    shift = rules.other_action_metres * (pursuer.loses_ground(r) - quarry.loses_ground(r))
    return rules.endurance(r), shift


def _kernel(step: Distribution) -> tuple[tuple[tuple[int, int], ...], int]:
    """One round's ``(change, weight)`` pairs, weights divided by their gcd, and their sum."""
    pairs = [(s, w) for s, w in step.items() if w]
    g = math.gcd(*(w for _, w in pairs))
    return tuple((s, w // g) for s, w in pairs), sum(w for _, w in pairs) // g


def _slot_sum(packed: int, width: int) -> int:
    """Sum of the ``width``-bit slots of ``packed`` (each slot one gap's weight)."""
    mask = (1 << width) - 1
    total = 0
    while packed:
        total += packed & mask
        packed >>= width
    return total


def _widen(packed: int, slots: int, old: int, new: int) -> int:
    """Re-pack ``slots`` slots of ``old`` bytes each into slots of ``new`` bytes."""
    data = packed.to_bytes(slots * old, "little")
    wide = bytearray(slots * new)
    for k in range(old):  # byte k of every slot at once
        wide[k::new] = data[k::old]
    return int.from_bytes(wide, "little")


#: Rounds between two choices of the slot width of the packed gap vector.
_WIDTH_BLOCK = 8
#: Slot widths are multiples of 15 bytes = 120 bits, a whole number of both
#: bytes (for :func:`_widen`) and CPython's 30-bit digits (shifts by whole
#: digits are about a fifth faster).
_SLOT_UNIT = 15


def chase_odds(
    pursuer: Runner, quarry: Runner, distance: int, sight: int, rules: ChaseRules | None = None
) -> ChaseOdds:
    """Exact chances of capture and escape, round by round (a Markov chain over the gap).

    The weight of every live gap (1 to ``sight - 1`` metres) is an integer
    over the common denominator ``total ** round``. All those integers are
    packed side by side in one Python integer, one fixed-width slot per gap
    (wide enough that no slot ever carries into the next), so that a round
    -- adding each possible change of the gap, times its weight -- is a few
    whole-integer multiplications and shifts done in C rather than a Python
    loop over every gap. Only the gaps the chase can have reached are kept.

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
    rules = _rules(rules)
    _sides(pursuer, quarry)
    check_chase(distance, sight)
    n = sight - 1  # live gaps 1 .. sight-1, index gap-1
    flags = [_round_kind(pursuer, quarry, rules, r) for r in range(1, rules.max_rounds + 1)]
    steps = {e: _step_weights(pursuer, quarry, e[0], rules, e[1]) for e in set(flags)}
    kernels = {e: _kernel(steps[e]) for e in steps}
    reach = max(abs(s) for steps, _ in kernels.values() for s, _ in steps)
    denominators = [1]
    for e in flags:
        denominators.append(denominators[-1] * kernels[e][1])
    packed, lo, hi = 1, distance - 1, distance  # slot j holds gap index lo + j
    size = 0  # bytes a slot
    captured = escaped = 0  # running sums over the current denominator
    captures: list[Fraction] = []
    escapes: list[Fraction] = []
    for r, e in enumerate(flags, 1):
        if (r - 1) % _WIDTH_BLOCK == 0:
            # Every weight of the next block of rounds stays below the block's
            # last denominator, so that many bits a slot never overflow.
            last = denominators[min(len(flags), r - 1 + _WIDTH_BLOCK)]
            wider = _SLOT_UNIT * (last.bit_length() // (8 * _SLOT_UNIT) + 1)
            packed = _widen(packed, hi - lo, size, wider) if size else packed
            size = wider
        width = 8 * size
        moved = 0  # slot j: gap index lo - reach + j
        for s, w in kernels[e][0]:
            moved += (packed * w) << (width * (s + reach))
        below = reach - lo  # slots under gap index 0: captures
        caught = _slot_sum(moved & ((1 << (width * below)) - 1), width) if below > 0 else 0
        gone = _slot_sum(moved >> (width * (n - lo + reach)), width)
        new_lo, new_hi = max(0, lo - reach), min(n, hi + reach)
        packed = (moved >> (width * (new_lo - lo + reach))) & (
            (1 << (width * (new_hi - new_lo))) - 1
        )
        lo, hi = new_lo, new_hi
        total = kernels[e][1]
        captured, escaped = captured * total + caught, escaped * total + gone
        captures.append(Fraction(caught, denominators[r]))
        escapes.append(Fraction(gone, denominators[r]))
    capture = Fraction(captured, denominators[-1])
    escape = Fraction(escaped, denominators[-1])
    return ChaseOdds(
        capture,
        escape,
        1 - capture - escape,
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
        shift: Metres added to the gap because a side acted otherwise
            (positive: the pursuer lost ground; negative: the quarry did).

    Example:
        >>> r = simulate_chase(Runner("a", 0), Runner("b", 0), 5, 10, rng=random.Random(2))
        >>> r.rounds[0].number
        1
        >>> ChaseRound(1, CheckDie.D20.dice.roll(random.Random(1)), CheckDie.D20.dice.roll(random.Random(2)), 5, 2, -3, 2, False).describe()
        'Round 1 (DEX): pursuer 1d20 [5] → 5, quarry 1d20 [2] → 2; pursuer gains 3 m; gap 2 m'
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
    shift: int = 0

    def __post_init__(self) -> None:
        """Check every field (a round of at most :data:`MAX_ROUNDS`, gaps within 1000 m)."""
        gap = (-1000, 1000)
        check_fields(
            self,
            number=(1, MAX_ROUNDS),
            pursuer_total=(-100, 100),
            quarry_total=(-100, 100),
            change=gap,
            gap=gap,
            shift=gap,
        )

    def describe(self, pursuer: str = PURSUER, quarry: str = QUARRY) -> Msg:
        """One line: both rolls, the difference, its effect and the new gap (a message).

        Args:
            pursuer: How the line names the pursuer (a name, or a message).
            quarry: How the line names the quarry.
        """
        check_name(pursuer, "pursuer")
        check_name(quarry, "quarry")
        diff = self.quarry_total - self.pursuer_total
        test = M("CON") if self.endurance else M("DEX")
        moved = self.change - self.shift
        effect: Msg
        if self.extra_action:
            who = quarry if diff > 0 else pursuer
            effect = M(
                "{who} wins by {n}: extra action, a move of {m} m",
                who=who,
                n=abs(diff),
                m=abs(moved),
            )
        elif diff == 0:
            effect = M("tie: the gap does not change")
        else:
            who = quarry if diff > 0 else pursuer
            effect = M("{who} gains {n} m", who=who, n=abs(diff))
        if self.shift:
            who = pursuer if self.shift > 0 else quarry
            effect = M(
                "{effect}; {who} acts otherwise and loses {n} m",
                effect=effect,
                who=who,
                n=abs(self.shift),
            )
        elif self.change != moved:  # both acted otherwise: the losses cancel
            effect = M("{effect}; both act otherwise", effect=effect)
        return M(
            "Round {n} ({test}): {pursuer} {pursuer_dice} → {pursuer_total}, {quarry} "
            "{quarry_dice} → {quarry_total}; {effect}; gap {gap} m",
            n=self.number,
            test=test,
            pursuer=pursuer,
            pursuer_dice=self.pursuer.text,
            pursuer_total=self.pursuer_total,
            quarry=quarry,
            quarry_dice=self.quarry.text,
            quarry_total=self.quarry_total,
            effect=effect,
            gap=max(self.gap, 0),
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
        >>> ChaseReplay((), "unresolved").result
        'unresolved'
    """

    rounds: tuple[ChaseRound, ...]
    result: str

    def __post_init__(self) -> None:
        """Check every field."""
        check_fields(self)
        if self.result not in RESULTS:
            allowed = ", ".join(RESULTS)
            raise RuleValueError(
                M(
                    "{name} must be one of {allowed}, got {got}",
                    name="result",
                    allowed=allowed,
                    got=quote(self.result),
                ),
                field="result",
                allowed=allowed,
            )


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
    rules = _rules(rules)
    _sides(pursuer, quarry)
    check_chase(distance, sight)
    rng = random.Random() if rng is None else check_rng(rng)
    gap = distance
    rounds = []
    metres = {
        "quarry_metres": quarry.move_metres(rules),
        "pursuer_metres": pursuer.move_metres(rules),
    }
    for r in range(1, rules.max_rounds + 1):
        e, shift = _round_kind(pursuer, quarry, rules, r)
        p_roll = CheckDie.from_text(pursuer.die).dice.roll(rng)
        q_roll = CheckDie.from_text(quarry.die).dice.roll(rng)
        p_total = p_roll.total + pursuer.bonus(e, rules.heavy_rain)
        q_total = q_roll.total + quarry.bonus(e, rules.heavy_rain)
        change = chase_step(q_total - p_total, rules, **metres) + shift
        gap += change
        extra = abs(q_total - p_total) >= rules.lead_for_extra_action
        rounds.append(ChaseRound(r, p_roll, q_roll, p_total, q_total, change, gap, e, extra, shift))
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

    Each chase is played with the same dice, in the same order, as
    :func:`simulate_chase` (so the same seed gives the same results), without
    keeping the rounds. At most :data:`MAX_TRIAL_ROUNDS` rounds are played in
    all (trials times the rounds followed), about half a second.

    Raises:
        RuleValueError: ``field="trials"`` for more trials than that allows.

    Example:
        >>> counts = estimate_chase(Runner("a", 0), Runner("b", 0), 5, 10, trials=50,
        ...                         rng=random.Random(3))
        >>> sum(counts.values())
        50
        >>> sum(estimate_chase(Runner("a", 0), Runner("b", 0), 5, 10, trials=20).values())
        20
    """
    rules = _rules(rules)
    _sides(pursuer, quarry)
    most = min(MAX_TRIALS, MAX_TRIAL_ROUNDS // rules.max_rounds)
    check_int(trials, "trials", 1, None)
    if trials > most:
        raise RuleValueError(
            M(
                "{name} must be an integer from 1 to {most:,} when {rounds} rounds are followed "
                "(at most {all:,} chase rounds in all, about half a second; the exact odds come "
                "from chase_odds), got {got}",
                name="trials",
                most=most,
                rounds=rules.max_rounds,
                all=MAX_TRIAL_ROUNDS,
                got=quote(trials),
            ),
            field="trials",
            value=trials,
        )
    check_chase(distance, sight)
    rng = random.Random() if rng is None else check_rng(rng)
    plan = [_round_kind(pursuer, quarry, rules, r) for r in range(1, rules.max_rounds + 1)]
    rolls = []
    for runner in (pursuer, quarry):
        kind = CheckDie.from_text(runner.die)
        count = 2 if kind.notation.startswith("2d") else 1
        rolls.append((count, kind.sides))
    bonuses = {
        e: (pursuer.bonus(e, rules.heavy_rain), quarry.bonus(e, rules.heavy_rain))
        for e in (False, True)
    }
    randint = rng.randint
    metres = {
        "quarry_metres": quarry.move_metres(rules),
        "pursuer_metres": pursuer.move_metres(rules),
    }
    counts = {"capture": 0, "escape": 0, "unresolved": 0}
    (pc, ps), (qc, qs) = rolls
    for _ in range(trials):
        gap = distance
        result = "unresolved"
        for e, shift in plan:
            p_face = randint(1, ps) if pc == 1 else max(randint(1, ps), randint(1, ps))
            q_face = randint(1, qs) if qc == 1 else max(randint(1, qs), randint(1, qs))
            pb, qb = bonuses[e]
            gap += chase_step(q_face + qb - p_face - pb, rules, **metres) + shift
            if gap <= 0:
                result = "capture"
                break
            if gap >= sight:
                result = "escape"
                break
        counts[result] += 1
    return counts
