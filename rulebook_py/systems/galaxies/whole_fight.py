"""Galaxies Jumelles: a whole melee fight, round by round, with its exact odds.

Every round the two fighters make the same melee exchange, settled by
:func:`~rulebook_py.systems.galaxies.melee_combat.melee` (the one home of that
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
  it also ends when a fighter gets away by disengaging (after a blow struck
  at him as he leaves, if any: only a pursuit keeps the melee going), and
  after ``max_rounds`` rounds (:data:`MAX_ROUNDS_DEFAULT`, a minute at about
  two seconds a round) it is called off, undecided;
* two blows a round (two weapons, instinctive blows) against a fighter who
  answers with AGILITÉ (a dodge, a total dodge, a disengagement, a main
  action already made): his one roll answers both blows, as a dodge answers
  every attack of the round, so the round's outcome is the joint outcome of
  the two blows against that one roll (:func:`~.contests.contest`). Against a
  fighter who attacks, parries or counters they are refused: the source does
  not say how his one opposed roll answers a second blow (see :mod:`.melee_combat`).

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
from dataclasses import InitVar, dataclass
from fractions import Fraction
from math import comb, lcm

from ...errors import RuleValueError, check_enum, check_int, check_type, quote
from ...messages import Msg, join
from .codes import Rounding, check_bool, check_rng, check_share, check_side, facade_repr
from .contests import SHOT_RULE, Contest, ContestRoll, Outcome, contest
from .melee_combat import COUNTER_FACTOR, Fighter, MeleeResult, MeleeRoll, Stance, melee
from .ranged import HALF_DODGE_FACTOR
from .words import MN, M

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
#:
#: A choice of this book: the source gives no scale of points; 500 keeps the
#: exact odds within :data:`MAX_FIGHT_WORK` for the fights a reader asks about.
MAX_HEALTH = 500
#: Most points a full blow may deal.
#:
#: A choice of this book (the source leaves damage to the game master): a blow
#: of 200 points ends any fight of :data:`MAX_HEALTH` points in three blows.
MAX_DAMAGE = 200
#: Most rounds a fight may be followed for.
#:
#: A choice of this book (the source sets no limit): 200 rounds, twenty minutes
#: at about six seconds a round, far beyond a melee that is still undecided.
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


@dataclass(frozen=True, repr=False)
class Duellist:
    """One of the two characters of a fight: his melee side, damage and points.

    Attributes:
        name: What the lines and outcomes call him (1 to 24 characters).
        fighter: His melee side (skill, AGILITÉ, stance, weapon), as in :func:`melee`.
        damage: Points a full blow of his deals (the game master's number).
        health: Points he can take before he is out of the fight.
        side: ``"a"`` or ``"b"`` when he is a calculator's fighter A or B: a
            refusal names the side's parameter (``a_damage``), as its box does;
            ``""`` (the default) names the field (``damage``). Not kept.

    Example:
        >>> Duellist("Kira", Fighter("4D+1"), damage=8, health=20).health
        20
        >>> Duellist("Kira", Fighter("4D+1"), health=10**15, side="b")
        Traceback (most recent call last):
        ...
        rulebook_py.errors.RuleValueError: b_health must be an integer from 1 to 500, got 1000000000000000
    """

    name: str
    fighter: Fighter
    damage: int = 8
    health: int = 20
    side: InitVar[str] = ""

    __repr__ = facade_repr

    def __post_init__(self, side: str) -> None:
        p = check_side(side)
        check_type(self.name, str, f"{p}name", M("a name such as 'Kira'"))
        check_type(self.fighter, Fighter, "fighter", M("a galaxies.Fighter"))
        check_int(self.damage, f"{p}damage", 1, MAX_DAMAGE)
        check_int(self.health, f"{p}health", 1, MAX_HEALTH)


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
        _check_text(self.label, "label")
        check_share(self.probability, "probability")
        check_int(self.a_takes, "a_takes", 0, 2 * MAX_DAMAGE)
        check_int(self.b_takes, "b_takes", 0, 2 * MAX_DAMAGE)
        check_bool(self.ends, "ends")


def _check_text(text: object, field: str, longest: int = 200) -> str:
    """A short text (an outcome, a name), else a message naming ``field``."""
    if not isinstance(text, str) or len(text) > longest:
        raise RuleValueError(
            M(
                "{name} must be a text of at most {most} characters, got {got}",
                name=field,
                most=longest,
                got=quote(text),
            ),
            field=field,
        )
    return text


@dataclass(frozen=True)
class FightRound:
    """One round of a rolled fight: the exchange, every die, and the state after it.

    ``exchange`` is the melee exchange, or, when a fighter strikes two blows
    at one who answers with AGILITÉ, the one AGILITÉ roll against both blows.

    Example:
        >>> r = fight(Duellist("A", Fighter("1D")), Duellist("B", Fighter("1D")))
        >>> r.roll(random.Random(1)).rounds[0].b_left
        20
        >>> FightRound(1, MeleeRoll(None, None, "No exchange"), 0, 0, 20, 20).a_left
        20
    """

    number: int
    exchange: MeleeRoll | ContestRoll
    a_takes: int
    b_takes: int
    a_left: int
    b_left: int

    def __post_init__(self) -> None:
        check_int(self.number, "number", 1, MAX_ROUNDS)
        check_type(
            self.exchange,
            (MeleeRoll, ContestRoll),
            "exchange",
            M("a galaxies.MeleeRoll or galaxies.ContestRoll"),
        )
        for name in ("a_takes", "b_takes"):
            check_int(getattr(self, name), name, 0, 2 * MAX_DAMAGE)
        for name in ("a_left", "b_left"):
            check_int(getattr(self, name), name, -2 * MAX_DAMAGE, MAX_HEALTH)


@dataclass(frozen=True)
class FightRoll:
    """One seeded fight from the first round to its end.

    Attributes:
        a_name: A's name.
        b_name: B's name.
        rounds: Every round, in order.
        end: How it ended (one of :meth:`FightResult.table`'s outcomes).
        striker: When one fighter strikes two blows a round at the other's one
            AGILITÉ roll, ``"a"`` or ``"b"``; else ``""``.

    Example:
        >>> f = fight(Duellist("A", Fighter("1D")), Duellist("B", Fighter("1D")), max_rounds=2)
        >>> f.roll(random.Random(1)).end
        'Undecided after 2 rounds'
        >>> FightRoll("A", "B", (), "Both break off").lines()
        ['End: Both break off']
    """

    a_name: str
    b_name: str
    rounds: tuple[FightRound, ...]
    end: str
    striker: str = ""

    def __post_init__(self) -> None:
        _check_text(self.a_name, "a_name", MAX_NAME)
        _check_text(self.b_name, "b_name", MAX_NAME)
        check_type(self.rounds, tuple, "rounds", M("a tuple of galaxies.FightRound"))
        if len(self.rounds) > MAX_ROUNDS:
            raise RuleValueError(
                M(
                    "{name} must hold at most {most} rounds, got {got}",
                    name="rounds",
                    most=MAX_ROUNDS,
                    got=len(self.rounds),
                ),
                field="rounds",
            )
        for r in self.rounds:
            check_type(r, FightRound, "rounds", M("a tuple of galaxies.FightRound"))
        _check_text(self.end, "end")
        if self.striker not in ("", "a", "b"):
            raise RuleValueError(
                M(
                    "{name} must be '', 'a' or 'b', got {got}",
                    name="striker",
                    got=quote(self.striker),
                ),
                field="striker",
            )

    def _rolls(self, x: MeleeRoll | ContestRoll) -> Msg:
        """The dice of one round's exchange, every die shown."""
        if isinstance(x, ContestRoll):
            striker, dodger = (
                (self.a_name, self.b_name) if self.striker == "a" else (self.b_name, self.a_name)
            )
            return M(
                "{striker} {first} and {second} against {dodger} {dodge}",
                striker=striker,
                first=x.attacks[0].text,
                second=x.attacks[1].text,
                dodger=dodger,
                dodge=x.defense.text,
            )
        if x.a is None or x.b is None:
            return M("no roll")
        return M(
            "{a} {a_roll} against {b} {b_roll}",
            a=self.a_name,
            a_roll=x.a.text,
            b=self.b_name,
            b_roll=x.b.text,
        )

    def lines(self) -> list[Msg]:
        """One line a round (both rolls, every die, what it did, points left), then the end.

        Example:
            >>> f = fight(Duellist("A", Fighter("1D")), Duellist("B", Fighter("1D")), max_rounds=1)
            >>> f.roll(random.Random(1)).lines()[0]
            'Round 1: A 1D [2] = 2 against B 1D [5] = 5 — B hits: A takes 8 (12 left); B has 20'
        """
        out = []
        for r in self.rounds:
            hurt, whole = [], []
            for name, took, left in (
                (self.a_name, r.a_takes, r.a_left),
                (self.b_name, r.b_takes, r.b_left),
            ):
                if not took:
                    whole.append(M("{name} has {n}", name=name, n=left))
                elif left > 0:
                    hurt.append(M("{name} takes {n} ({left} left)", name=name, n=took, left=left))
                else:
                    hurt.append(M("{name} takes {n} and is out", name=name, n=took))
            out.append(
                M(
                    "Round {n}: {rolls} — {label}: {state}",
                    n=r.number,
                    rolls=self._rolls(r.exchange),
                    label=_label(r.exchange),
                    state=join("; ", hurt + whole),
                )
            )
        out.append(M("End: {end}", end=self.end))
        return out


def _label(x: MeleeRoll | ContestRoll) -> str:
    """The outcome of one round's exchange, as the fight's steps name it."""
    if isinstance(x, MeleeRoll):
        return x.label
    return getattr(x, "label", None) or join(", ", x.outcomes)


@dataclass(frozen=True)
class _BlowsRoll(ContestRoll):
    """Two blows against one AGILITÉ roll, rolled once, with the step they lead to."""

    label: str = ""


@dataclass(frozen=True)
class FightResult:
    """Exact odds of a whole fight, and its seeded roll.

    Attributes:
        a: Fighter A.
        b: Fighter B.
        exchange: The exchange made every round (:func:`melee`'s outcome).
        steps: Each outcome of the round with the points it costs each side.
        outcomes: How the fight ends, with its exact chance (they add up to 1).
        expected_rounds: The exact average number of rounds fought (a
            called-off fight counts them all).
        max_rounds: Rounds after which a fight still going is called off.
        blows: When a fighter strikes two blows a round at the other's one
            AGILITÉ roll, the two blows against that roll (else None).

    Example:
        >>> f = fight(Duellist("A", Fighter("1D")), Duellist("B", Fighter("1D"), health=8),
        ...           max_rounds=1)
        >>> f.probability("A wins"), f.expected_rounds
        (Fraction(5, 12), Fraction(1, 1))
        >>> FightResult(Duellist("A", Fighter("1D")), Duellist("B", Fighter("1D")), melee(Fighter("1D"), Fighter("1D")), (FightStep("Both miss", Fraction(1), 0, 0, False),), (("Undecided after 1 round", Fraction(1)),), Fraction(1), 1).table()
        {'Undecided after 1 round': Fraction(1, 1)}
    """

    a: Duellist
    b: Duellist
    exchange: MeleeResult
    steps: tuple[FightStep, ...]
    outcomes: tuple[tuple[str, Fraction], ...]
    expected_rounds: Fraction
    max_rounds: int
    blows: Contest | None = None

    def __post_init__(self) -> None:
        check_type(self.a, Duellist, "a", M("a galaxies.Duellist"))
        check_type(self.b, Duellist, "b", M("a galaxies.Duellist"))
        check_type(self.exchange, MeleeResult, "exchange", M("a galaxies.MeleeResult"))
        check_type(self.steps, tuple, "steps", M("a tuple of galaxies.FightStep"))
        if not self.steps:
            raise RuleValueError(
                M("{name} must hold at least one step", name="steps"), field="steps"
            )
        for s in self.steps:
            check_type(s, FightStep, "steps", M("a tuple of galaxies.FightStep"))
        check_type(self.outcomes, tuple, "outcomes", M("a tuple of (end, chance) pairs"))
        for pair in self.outcomes:
            if not (isinstance(pair, tuple) and len(pair) == 2):
                raise RuleValueError(
                    M(
                        "{name} must be (end, chance) pairs, got {got}",
                        name="outcomes",
                        got=quote(pair),
                    ),
                    field="outcomes",
                )
            _check_text(pair[0], "outcomes")
            check_share(pair[1], "outcomes")
        check_type(self.expected_rounds, (int, Fraction), "expected_rounds", M("a Fraction"))
        if not 0 <= self.expected_rounds <= MAX_ROUNDS:
            raise RuleValueError(
                M(
                    "{name} must be from 0 to {most}, got {got}",
                    name="expected_rounds",
                    most=MAX_ROUNDS,
                    got=quote(self.expected_rounds),
                ),
                field="expected_rounds",
            )
        check_int(self.max_rounds, "max_rounds", 1, MAX_ROUNDS)
        if self.blows is not None:
            check_type(self.blows, Contest, "blows", M("a galaxies.Contest or None"))

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
                M("{name} must be an outcome's text, got {got}", name="label", got=quote(label)),
                field="label",
            )
        return self.table().get(label, Fraction(0))

    def _exchange_roll(self, rng: random.Random) -> MeleeRoll | ContestRoll:
        """One round's dice: the melee exchange, or both blows against the one AGILITÉ roll."""
        if self.blows is None:
            return self.exchange.roll(rng)
        x = self.blows.roll(rng)
        label = _blows_label(self.a, self.b, self.exchange.a_blows == 2, _counts(x.outcomes))
        return _BlowsRoll(x.defense, x.attacks, x.outcomes, x.unaware, label)

    def roll(self, rng: random.Random) -> FightRoll:
        """One seeded fight, round after round, until it ends (the same for the same seed).

        Example:
            >>> f = fight(Duellist("A", Fighter("1D")), Duellist("B", Fighter("1D")))
            >>> f.roll(random.Random(3)) == f.roll(random.Random(3))
            True
        """
        rng = check_rng(rng)
        by_label = {s.label: s for s in self.steps}
        labels = _ends(self.a, self.b)
        a_left, b_left = self.a.health, self.b.health
        rounds: list[FightRound] = []
        end = _undecided(self.max_rounds)
        for number in range(1, self.max_rounds + 1):
            x = self._exchange_roll(rng)
            step = by_label[_label(x)]
            a_left, b_left = a_left - step.a_takes, b_left - step.b_takes
            rounds.append(FightRound(number, x, step.a_takes, step.b_takes, a_left, b_left))
            over = _end(labels, a_left, b_left, step.ends)
            if over is not None:
                end = over
                break
        striker = "" if self.blows is None else "a" if self.exchange.a_blows == 2 else "b"
        return FightRoll(self.a.name, self.b.name, tuple(rounds), end, striker)


def _undecided(rounds: int) -> Msg:
    return MN("Undecided after {n} round", "Undecided after {n} rounds", rounds, n=rounds)


def _away(a: Duellist, b: Duellist) -> Msg:
    """Who gets away when the exchange ends the melee."""
    runners = [d.name for d in (a, b) if d.fighter.stance is Stance.DISENGAGE]
    if len(runners) == 1:
        return M("{name} gets away", name=runners[0])
    return M("Both break off")


def _ends(a: Duellist, b: Duellist) -> tuple[Msg, Msg, Msg, Msg]:
    """The four ways a fight between A and B ends: both fall, A wins, B wins, one gets away."""
    return (
        M("Both fall"),
        M("{name} wins", name=a.name),
        M("{name} wins", name=b.name),
        _away(a, b),
    )


def _end(labels: tuple[Msg, Msg, Msg, Msg], a_left: int, b_left: int, ends: bool) -> Msg | None:
    """How the fight ends in this state (one of ``labels``), or None while it goes on."""
    if a_left <= 0 and b_left <= 0:
        return labels[0]
    if b_left <= 0:
        return labels[1]
    if a_left <= 0:
        return labels[2]
    return labels[3] if ends else None


def _check_duellist(d: Duellist, side: str) -> None:
    p = side.lower()
    if not isinstance(d, Duellist):
        raise RuleValueError(
            M(
                "{name} must be a galaxies.Duellist, e.g. Duellist('Kira', Fighter('4D+1')), "
                "got {got}",
                name=p,
                got=quote(d),
            ),
            field=p,
        )
    name = d.name.strip()
    if not 1 <= len(name) <= MAX_NAME or name != d.name or not name.isprintable():
        raise RuleValueError(
            M(
                "{name} must be a name of 1 to {most} printable characters, without spaces "
                "around it, got {got}",
                name=f"{p}_name",
                most=MAX_NAME,
                got=quote(d.name),
            ),
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


def fight_work(steps: Iterable[FightStep], health: tuple[int, int], rounds: int) -> int:
    """Units of work (about a microsecond each) of a fight's exact odds, before any is done.

    Each round, every state still open (a pair of points left) meets every
    outcome of the exchange. The open states are at most the points-left
    values both fighters can pass through, and at most the ways the damaging
    outcomes can have fallen so far; the weights grow by the bits of the
    exchange's common denominator every round, and so does their cost.

    Args:
        steps: The outcomes of one round's exchange.
        health: The points each fighter can take, A's then B's.
        rounds: The rounds followed.

    Example:
        >>> fight_work([FightStep("A hits", Fraction(1, 2), 0, 8, False), FightStep("B hits", Fraction(1, 2), 8, 0, False)], (20, 20), 30)
        506
    """
    if isinstance(steps, (str, bytes)) or not isinstance(steps, Iterable):
        raise RuleValueError(
            M(
                "{name} must be galaxies.FightStep values, got {got}",
                name="steps",
                got=quote(steps),
            ),
            field="steps",
        )
    steps = tuple(steps)
    if not steps or len(steps) > 16 or not all(isinstance(s, FightStep) for s in steps):
        raise RuleValueError(
            M(
                "{name} must be galaxies.FightStep values, got {got}",
                name="steps",
                got=quote(steps),
            ),
            field="steps",
        )
    check_type(health, tuple, "health", M("a pair of whole numbers"))
    if len(health) != 2:
        raise RuleValueError(
            M(
                "{name} must be a pair of whole numbers, got {got}",
                name="health",
                got=quote(health),
            ),
            field="health",
        )
    a_health, b_health = (check_int(h, "health", 1, MAX_HEALTH) for h in health)
    check_int(rounds, "rounds", 1, MAX_ROUNDS)
    live = [s for s in steps if s.probability]
    if not live:
        raise RuleValueError(
            M("{name} must hold a step that can happen", name="steps"), field="steps"
        )
    levels = _levels(a_health, (s.a_takes for s in live)) * _levels(
        b_health, (s.b_takes for s in live)
    )
    hurting = sum(1 for s in live if s.a_takes or s.b_takes)
    bits = lcm(*(s.probability.denominator for s in live)).bit_length()
    work = 0
    for n in range(rounds):
        work += min(levels, comb(n + hurting, hurting)) * len(live) * (1 + n * bits * bits // _BITS)
    return work


def _rounds_that_fit(steps: tuple[FightStep, ...], health: tuple[int, int], high: int) -> int:
    """The most rounds (below ``high``) whose work fits in :data:`MAX_FIGHT_WORK` (one always does)."""
    low = 1
    while low < high - 1:
        mid = (low + high) // 2
        if fight_work(steps, health, mid) <= MAX_FIGHT_WORK:
            low = mid
        else:
            high = mid
    return low


def _counts(outcomes: Iterable[Outcome]) -> tuple[int, int, int]:
    """How many of the blows landed in full, were half-dodged, were dodged."""
    outcomes = tuple(outcomes)
    return (
        outcomes.count(Outcome.HIT),
        outcomes.count(Outcome.HALF_DODGE),
        outcomes.count(Outcome.DODGED),
    )


def _blows_label(a: Duellist, b: Duellist, a_strikes: bool, counts: tuple[int, int, int]) -> Msg:
    """The round's outcome when one fighter strikes two blows at the other's one AGILITÉ roll."""
    striker, dodger = (a, b) if a_strikes else (b, a)
    full, half, _dodged = counts
    if full == 2:
        what = M("{name} hits twice", name=striker.name)
    elif full == 1 and half == 1:
        what = M("{name} hits once, the other blow half-dodged", name=striker.name)
    elif full == 1:
        what = M("{name} hits once, the other blow dodged", name=striker.name)
    elif half == 2:
        what = M("Both blows half-dodged")
    elif half == 1:
        what = M("One blow half-dodged, the other dodged")
    else:
        what = M("Both blows dodged")
    if dodger.fighter.stance is not Stance.DISENGAGE:
        return what
    if full == half == 0:
        return M("Disengaged")
    return M("{what}, then {name} gets away", what=what, name=dodger.name)


def _two_blows(
    a: Duellist, b: Duellist, x: MeleeResult, half: Fraction, rounding: Rounding
) -> tuple[Contest | None, tuple[FightStep, ...] | None]:
    """Both blows of a fighter who strikes twice, against the other's one AGILITÉ roll.

    Returns the contest of the two blows and the round's steps, or ``(None,
    None)`` when each fighter strikes once. Refuses two blows against a
    fighter who attacks, parries or counters.
    """
    if x.a_blows == 1 and x.b_blows == 1:
        return None, None
    a_strikes = x.a_blows == 2
    striker, dodger = (a, b) if a_strikes else (b, a)
    side = "a" if a_strikes else "b"
    if dodger.fighter.stance.kind != "evasion":
        raise RuleValueError(
            M(
                "{name} must give one blow a round in a whole fight against a fighter who "
                "attacks, parries or counters, got {n}: the source does not say how his one "
                "opposed roll answers a second blow (against a dodge, a disengagement or a "
                "fighter who has already acted, his one AGILITÉ roll answers both)",
                name=f"{side}_blows",
                n=2,
            ),
            field=f"{side}_blows",
        )
    blow, answer = (x.a_roll, x.b_roll) if a_strikes else (x.b_roll, x.a_roll)
    both = contest([blow, blow], answer, SHOT_RULE)  # type: ignore[list-item, arg-type]
    full, share = striker.damage, rounding.divide(half * striker.damage)
    away = dodger.fighter.stance is Stance.DISENGAGE
    steps = []
    for (hits, halves, dodged), p in both.counts.items():
        took = hits * full + halves * share
        label = _blows_label(a, b, a_strikes, (hits, halves, dodged))
        a_takes, b_takes = (0, took) if a_strikes else (took, 0)
        steps.append(FightStep(label, p, a_takes, b_takes, away))
    return both, tuple(steps)


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
            two blows a round against a fighter who attacks, parries or
            counters, whatever :func:`melee` refuses, or more work than
            :data:`MAX_FIGHT_WORK` (checked before any is done).

    Example:
        >>> f = fight(Duellist("A", Fighter("1D")), Duellist("B", Fighter("1D")), max_rounds=3)
        >>> f.table()["A wins"]  # three blows in a row: (5/12) ** 3
        Fraction(125, 1728)
    """
    _check_duellist(a, "A")
    _check_duellist(b, "B")
    if a.name == b.name:
        raise RuleValueError(
            M(
                "{name} must differ from A's name {got}: the outcomes are named after the fighters",
                name="b_name",
                got=quote(a.name),
            ),
            field="b_name",
        )
    check_int(max_rounds, "max_rounds", 1, MAX_ROUNDS)
    check_enum(rounding, Rounding, "rounding")
    half = check_share(half_dodge_factor, "half_dodge_factor")
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
    blows, steps = _two_blows(a, b, x, half, rounding)
    if steps is None:
        steps = tuple(
            FightStep(
                row.label,
                row.probability,
                rounding.divide(row.b_deals * b.damage),
                rounding.divide(row.a_deals * a.damage),
                row.ends,
            )
            for row in x.rows
        )
    work = fight_work(steps, (a.health, b.health), max_rounds)
    if work > MAX_FIGHT_WORK:
        allowed = _rounds_that_fit(steps, (a.health, b.health), max_rounds)
        raise RuleValueError(
            M(
                "{name}: {n} rounds are too many to follow exactly with these points and "
                "damage ({work} steps, at most {most}): allow at most {allowed} rounds here, "
                "or give the fighters fewer points or more damage",
                name="max_rounds",
                n=max_rounds,
                work=work,
                most=MAX_FIGHT_WORK,
                allowed=allowed,
            ),
            field="max_rounds",
        )
    outcomes, rounds = _solve(a, b, steps, max_rounds)
    return FightResult(a, b, x, steps, outcomes, rounds, max_rounds, blows)


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
    labels = _ends(a, b)
    ends: dict[str, int] = {labels[1]: 0, labels[2]: 0}
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
                over = _end(labels, nx, ny, stop)
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
