"""Several attack rolls against one defense roll: the engine of shots, explosives, psy.

In *Galaxies Jumelles* a character dodges **once** a round and that one roll
answers every attack made against him that round. Two shots at the same
target are therefore not independent: both are compared with the same dodge
total. :func:`contest` computes the exact joint outcome by conditioning on
the defense total (the shots are independent given it).

Each comparison (attack higher / tie / attack lower) is turned into an
:class:`Outcome` by a *rule*, a triple such as ``(HIT, HALF_DODGE, DODGED)``
for a shot or ``(PRIMARY_ZONE, PRIMARY_ZONE, SECONDARY_ZONE)`` for a thrown
explosive.

Example:
    >>> from rulebook_py.systems.galaxies.codes import Roll, DiceCode
    >>> c = contest([Roll(DiceCode(1))], Roll(DiceCode(1)), SHOT_RULE)
    >>> c.probability(Outcome.HIT), c.probability(Outcome.HALF_DODGE)
    (Fraction(5, 12), Fraction(1, 6))
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from ...errors import RuleValueError, check_enum, check_int, check_type, quote
from ...labels import LabelledEnum
from ...messages import Msg
from .codes import Roll, RolledTotal, check_rng, check_share
from .words import M

__all__ = [
    "COUNTER_RULE",
    "EXPLOSIVE_RULE",
    "MAX_ATTACKS",
    "MENTAL_RULE",
    "SHOT_RULE",
    "UNAWARE_EXPLOSIVE_RULE",
    "UNAWARE_SHOT_RULE",
    "Contest",
    "ContestRoll",
    "Outcome",
    "contest",
]

#: Most attack rolls against one defense roll (a burst of fire is capped here).
MAX_ATTACKS = 8


class Outcome(LabelledEnum):
    """What one attack did, with the source's French label.

    Example:
        >>> Outcome.HALF_DODGE.label, Outcome.HALF_DODGE.english
        ('Demi-esquive', 'half-dodge')
    """

    HIT = ("Touché", "hit")
    HALF_DODGE = ("Demi-esquive", "half-dodge")
    DODGED = ("Esquivé", "dodged")
    PRIMARY_ZONE = ("Zone primaire", "primary-zone damage")
    SECONDARY_ZONE = ("Zone secondaire", "secondary-zone damage only")
    COUNTERED = ("Contre psychique réussi", "countered and turned back")
    AFFECTED = ("Attaque mentale réussie", "mental attack succeeds")
    NO_EFFECT = ("Sans effet", "no effect")
    MISSED = ("Manqué", "misses: no dodge, the attack simply fails")

    @property
    def english(self) -> str:
        """The English gloss."""
        return self.value[1]

    @property
    def text(self) -> Msg:
        """The French label with its English gloss, as the reader's language shows it.

        Example:
            >>> Outcome.HIT.text, Outcome.HIT.text.render("fr")
            ('Touché (hit)', 'Touché')
        """
        return _OUTCOME_TEXTS[self]

    def __message__(self) -> Msg:
        """The outcome in a message: :attr:`text`."""
        return self.text


_OUTCOME_TEXTS = {
    Outcome.HIT: M("Touché (hit)"),
    Outcome.HALF_DODGE: M("Demi-esquive (half-dodge)"),
    Outcome.DODGED: M("Esquivé (dodged)"),
    Outcome.PRIMARY_ZONE: M("Zone primaire (primary-zone damage)"),
    Outcome.SECONDARY_ZONE: M("Zone secondaire (secondary-zone damage only)"),
    Outcome.COUNTERED: M("Contre psychique réussi (countered and turned back)"),
    Outcome.AFFECTED: M("Attaque mentale réussie (mental attack succeeds)"),
    Outcome.NO_EFFECT: M("Sans effet (no effect)"),
    Outcome.MISSED: M("Manqué (misses: no dodge, the attack simply fails)"),
}


#: Shot, psychic physical attack, melee against AGILITÉ: a tie is a half-dodge.
SHOT_RULE = (Outcome.HIT, Outcome.HALF_DODGE, Outcome.DODGED)
#: Thrown explosive: a tie is NOT a half-dodge (full primary-zone damage).
EXPLOSIVE_RULE = (Outcome.PRIMARY_ZONE, Outcome.PRIMARY_ZONE, Outcome.SECONDARY_ZONE)
#: Psychic counter: it must strictly beat the attack, else the attack lands in full.
COUNTER_RULE = (Outcome.HIT, Outcome.HIT, Outcome.COUNTERED)
#: Shot or psychic attack at a target unaware of it: he cannot dodge, so an
#: attack that does not beat the threshold simply misses (never a dodge).
UNAWARE_SHOT_RULE = (Outcome.HIT, Outcome.MISSED, Outcome.MISSED)
#: Explosive thrown at an unaware target: a throw that does not beat the
#: threshold misses its spot, and the target is only in the secondary zone.
UNAWARE_EXPLOSIVE_RULE = (Outcome.PRIMARY_ZONE, Outcome.SECONDARY_ZONE, Outcome.SECONDARY_ZONE)
#: Mental attack against VOLONTÉ: a tie has no effect.
MENTAL_RULE = (Outcome.AFFECTED, Outcome.NO_EFFECT, Outcome.NO_EFFECT)


@dataclass(frozen=True)
class ContestRoll:
    """One seeded resolution: the defense roll, each attack roll and its outcome.

    Example:
        >>> from rulebook_py.systems.galaxies.codes import Roll, DiceCode
        >>> c = contest([Roll(DiceCode(2))], Roll(DiceCode(2)), SHOT_RULE)
        >>> len(c.resolve(random.Random(3)).attacks)
        1
        >>> ContestRoll(RolledTotal((2,), 2, "1D [2] = 2"), (RolledTotal((5,), 5, "1D [5] = 5"),), (Outcome.HIT,)).lines()[1]
        'attack 1: 1D [5] = 5 → Touché (hit)'
    """

    defense: RolledTotal
    attacks: tuple[RolledTotal, ...]
    outcomes: tuple[Outcome, ...]
    unaware: bool = False

    def __post_init__(self) -> None:
        check_type(self.defense, RolledTotal, "defense", M("a galaxies.RolledTotal"))
        _check_items(self.attacks, RolledTotal, "attacks", M("a tuple of galaxies.RolledTotal"))
        _check_items(self.outcomes, Outcome, "outcomes", M("a tuple of galaxies.Outcome"))
        if len(self.outcomes) != len(self.attacks):
            raise RuleValueError(
                M(
                    "{name} must hold one outcome a roll: {n} rolls, got {got} outcomes",
                    name="outcomes",
                    n=len(self.attacks),
                    got=len(self.outcomes),
                ),
                field="outcomes",
            )
        check_type(self.unaware, bool, "unaware", M("True or False"))

    def lines(self) -> list[Msg]:
        """One line per roll, every die shown (an unaware target rolls no dodge)."""
        out = [
            M(
                "No dodge roll (target unaware of the attack): each roll must beat {n}",
                n=self.defense.total,
            )
            if self.unaware
            else M("defense: {roll}", roll=self.defense.text)
        ]
        for i, (a, o) in enumerate(zip(self.attacks, self.outcomes), 1):
            out.append(M("attack {i}: {roll} → {outcome}", i=i, roll=a.text, outcome=o.text))
        return out


@dataclass(frozen=True)
class Contest:
    """Exact outcome of one or more attack rolls against one defense roll.

    Attributes:
        attacks: The attack rolls, in order.
        defense: The one defense roll they all face.
        rule: Outcome when an attack is higher, ties, is lower.
        per_attack: For each attack, exact (P(higher), P(tie), P(lower)).
        counts: ``{(n1, n2, ...): probability}`` where ``n_k`` is how many
            attacks ended in ``outcomes[k]``.

    Example:
        >>> from rulebook_py.systems.galaxies.codes import Roll, DiceCode
        >>> two = contest([Roll(DiceCode(1))] * 2, Roll(DiceCode(1)), SHOT_RULE)
        >>> two.probability_count(Outcome.HIT, 2)  # both beat the same dodge
        Fraction(55, 216)
        >>> Contest((Roll(DiceCode(1)),), Roll(DiceCode(1)), SHOT_RULE, ((1, 0, 0),), {(1, 0, 0): 1}).probability(Outcome.HIT)
        Fraction(1, 1)
    """

    attacks: tuple[Roll, ...]
    defense: Roll
    rule: tuple[Outcome, Outcome, Outcome]
    per_attack: tuple[tuple[Fraction, Fraction, Fraction], ...]
    counts: Mapping[tuple[int, ...], Fraction]

    def __post_init__(self) -> None:
        _check_attacks(self.attacks)
        check_type(self.defense, Roll, "defense", M("a galaxies.Roll"))
        _check_rule(self.rule)
        n = len(self.attacks)
        _check_items(self.per_attack, tuple, "per_attack", M("one (higher, tie, lower) a roll"))
        if len(self.per_attack) != n or any(len(odds) != 3 for odds in self.per_attack):
            raise RuleValueError(
                M(
                    "{name} must hold one (higher, tie, lower) a roll, got {got}",
                    name="per_attack",
                    got=quote(self.per_attack),
                ),
                field="per_attack",
            )
        for odds in self.per_attack:
            for p in odds:
                check_share(p, "per_attack")
        if not isinstance(self.counts, Mapping) or not self.counts:
            raise RuleValueError(
                M(
                    "{name} must map each count of outcomes to its chance, got {got}",
                    name="counts",
                    got=quote(self.counts),
                ),
                field="counts",
            )
        width = len(dict.fromkeys(self.rule))
        for key, p in self.counts.items():
            ok = isinstance(key, tuple) and len(key) == width
            if not ok or not all(isinstance(k, int) and 0 <= k <= n for k in key):
                raise RuleValueError(
                    M(
                        "{name} must map each count of outcomes to its chance, got {got}",
                        name="counts",
                        got=quote(key),
                    ),
                    field="counts",
                )
            check_share(p, "counts")

    @property
    def outcomes(self) -> tuple[Outcome, ...]:
        """The distinct outcomes of the rule, in order (higher, tie, lower)."""
        return tuple(dict.fromkeys(self.rule))

    def _check(self, outcome: object, attack: object = 0) -> int | None:
        """The index of ``outcome`` among this contest's (None: it cannot happen here)."""
        check_int(attack, "attack", 0, len(self.attacks) - 1)
        check_enum(outcome, Outcome, "outcome")
        return self.outcomes.index(outcome) if outcome in self.outcomes else None  # type: ignore[arg-type]

    def probability(self, outcome: Outcome, attack: int = 0) -> Fraction:
        """P(attack number ``attack`` (0-based) ends in ``outcome``).

        Example:
            >>> from rulebook_py.systems.galaxies.codes import Roll, DiceCode
            >>> contest([Roll(DiceCode(1))], Roll(DiceCode(1)), EXPLOSIVE_RULE).probability(
            ...     Outcome.PRIMARY_ZONE)
            Fraction(7, 12)
        """
        self._check(outcome, attack)
        odds = self.per_attack[attack]
        return sum((p for p, o in zip(odds, self.rule) if o is outcome), Fraction(0))

    def table(self, attack: int = 0) -> dict[Outcome, Fraction]:
        """``{outcome: probability}`` for one attack.

        Example:
            >>> from rulebook_py.systems.galaxies.codes import Roll, DiceCode
            >>> c = contest([Roll(DiceCode(1))], Roll(DiceCode(1)), MENTAL_RULE)
            >>> c.table()[Outcome.NO_EFFECT]
            Fraction(7, 12)
        """
        check_int(attack, "attack", 0, len(self.attacks) - 1)
        return {o: self.probability(o, attack) for o in self.outcomes}

    def count_distribution(self, outcome: Outcome) -> dict[int, Fraction]:
        """``{n: P(exactly n attacks end in outcome)}``.

        Example:
            >>> from rulebook_py.systems.galaxies.codes import Roll, DiceCode
            >>> c = contest([Roll(DiceCode(1))], Roll(DiceCode(1)), SHOT_RULE)
            >>> c.count_distribution(Outcome.HIT)
            {0: Fraction(7, 12), 1: Fraction(5, 12)}
        """
        k = self._check(outcome)
        if k is None:
            return {0: Fraction(1)}
        out: dict[int, Fraction] = {}
        for key, p in self.counts.items():
            out[key[k]] = out.get(key[k], Fraction(0)) + p
        return dict(sorted(out.items()))

    def probability_count(self, outcome: Outcome, n: int) -> Fraction:
        """P(exactly ``n`` attacks end in ``outcome``)."""
        check_int(n, "n", 0, len(self.attacks))
        return self.count_distribution(outcome).get(n, Fraction(0))

    def expected(self, outcome: Outcome) -> Fraction:
        """Expected number of attacks ending in ``outcome``.

        Example:
            >>> from rulebook_py.systems.galaxies.codes import Roll, DiceCode
            >>> contest([Roll(DiceCode(1))] * 2, Roll(DiceCode(1)), SHOT_RULE).expected(Outcome.HIT)
            Fraction(5, 6)
        """
        self._check(outcome)
        return sum(self.probability(outcome, i) for i in range(len(self.attacks)))

    def expected_damage(self, factors: Mapping[Outcome, Fraction]) -> Fraction:
        """Expected damage in units of one full hit, given a factor per outcome.

        Example:
            >>> from rulebook_py.systems.galaxies.codes import Roll, DiceCode
            >>> c = contest([Roll(DiceCode(1))], Roll(DiceCode(1)), SHOT_RULE)
            >>> c.expected_damage({Outcome.HIT: Fraction(1), Outcome.HALF_DODGE: Fraction(1, 2)})
            Fraction(1, 2)
        """
        if not isinstance(factors, Mapping):
            raise RuleValueError(
                M(
                    "{name} must map each outcome to its share of the damage, got {got}",
                    name="factors",
                    got=quote(factors),
                ),
                field="factors",
            )
        shares = {o: check_share(factors.get(o, 0), "factors") for o in self.outcomes}
        return sum((self.expected(o) * shares[o] for o in self.outcomes), Fraction(0))

    @property
    def caption(self) -> Msg:
        """What every roll faces, in words.

        Example:
            >>> from rulebook_py.systems.galaxies.codes import Roll, DiceCode
            >>> contest([Roll(DiceCode(1))], Roll(DiceCode(2)), SHOT_RULE).caption
            'Against one defense roll: 2D'
        """
        if self.unaware:
            value = self.defense.distribution().min_value
            return M(
                "No dodge roll (target unaware of the attack): each roll must beat {n}", n=value
            )
        return M("Against one defense roll: {code}", code=self.defense.describe())

    def rows(self) -> list[tuple[object, ...]]:
        """The table of each roll: its code, then its chance of each outcome.

        Example:
            >>> from rulebook_py.systems.galaxies.codes import Roll, DiceCode
            >>> contest([Roll(DiceCode(1))], Roll(DiceCode(1)), EXPLOSIVE_RULE).rows()
            [('1: 1D', Fraction(7, 12), Fraction(5, 12))]
        """
        return [
            (
                M("{i}: {roll}", i=i + 1, roll=a.describe()),
                *(self.probability(o, i) for o in self.outcomes),
            )
            for i, a in enumerate(self.attacks)
        ]

    def count_rows(self) -> list[tuple[object, ...]]:
        """The table of counts: ``n``, then P(exactly ``n`` rolls end in each outcome).

        Example:
            >>> from rulebook_py.systems.galaxies.codes import Roll, DiceCode
            >>> contest([Roll(DiceCode(1))] * 2, Roll(DiceCode(1)), EXPLOSIVE_RULE).count_rows()[2]
            (2, Fraction(91, 216), Fraction(55, 216))
        """
        dists = [self.count_distribution(o) for o in self.outcomes]
        return [(k, *(d.get(k, Fraction(0)) for d in dists)) for k in range(len(self.attacks) + 1)]

    @property
    def unaware(self) -> bool:
        """The target does not know he is attacked: he rolls no dodge."""
        return self.rule in (UNAWARE_SHOT_RULE, UNAWARE_EXPLOSIVE_RULE)

    def resolve(self, rng: random.Random | None = None) -> ContestRoll:
        """Roll the defense once, then every attack; same seed, same dice."""
        rng = random.Random() if rng is None else check_rng(rng)
        d = self.defense.roll(rng)
        rolls = tuple(a.roll(rng) for a in self.attacks)
        outs = tuple(
            self.rule[0 if r.total > d.total else 1 if r.total == d.total else 2] for r in rolls
        )
        return ContestRoll(d, rolls, outs, self.unaware)

    def roll(self, rng: random.Random) -> ContestRoll:
        """One seeded resolution (:meth:`resolve` with a required seed).

        Example:
            >>> from rulebook_py.systems.galaxies.codes import Roll, DiceCode
            >>> c = contest([Roll(DiceCode(1))], Roll(DiceCode(1)), SHOT_RULE)
            >>> c.roll(random.Random(1)).lines()
            ['defense: 1D [2] = 2', 'attack 1: 1D [5] = 5 → Touché (hit)']
        """
        return self.resolve(check_rng(rng))

    def python_value(self) -> tuple[str, object]:
        """What the "same answer in Python" line shows: one roll's table, else the count of the first outcome.

        Example:
            >>> from rulebook_py.systems.galaxies.codes import Roll, DiceCode
            >>> contest([Roll(DiceCode(1))] * 2, Roll(DiceCode(1)), SHOT_RULE).python_value()[0]
            '.count_distribution(galaxies.Outcome.HIT)'
        """
        if len(self.attacks) == 1:
            return ".table()", self.table()
        first = self.outcomes[0]
        return f".count_distribution({first!r})", self.count_distribution(first)


def _check_items(items: object, kind: type, field: str, what: str) -> tuple:
    """``items`` if it is a tuple of ``kind`` values, else a message naming ``field``."""
    check_type(items, tuple, field, what)
    for item in items:  # type: ignore[attr-defined]
        check_type(item, kind, field, what)
    return items  # type: ignore[return-value]


def _check_attacks(attacks: object) -> tuple[Roll, ...]:
    """1 to :data:`MAX_ATTACKS` attack rolls, as a tuple, else a message."""
    if isinstance(attacks, (str, Roll)) or not isinstance(attacks, Sequence):
        raise RuleValueError(
            M(
                "{name} must be a list of galaxies.Roll, got {got}",
                name="attacks",
                got=quote(attacks),
            ),
            field="attacks",
        )
    for a in attacks:
        check_type(a, Roll, "attacks", M("galaxies.Roll values"))
    if not 1 <= len(attacks) <= MAX_ATTACKS:
        raise RuleValueError(
            M(
                "between 1 and {most} attacks may face one defense roll, got {got}",
                most=MAX_ATTACKS,
                got=len(attacks),
            ),
            field="shots",
        )
    return tuple(attacks)


def _check_rule(rule: object) -> None:
    """A rule is three outcomes: when the attack is higher, ties, is lower."""
    ok = isinstance(rule, tuple) and len(rule) == 3 and all(isinstance(o, Outcome) for o in rule)
    if not ok:
        raise RuleValueError(
            M(
                "{name} must be three galaxies.Outcome values (higher, tie, lower), got {got}",
                name="rule",
                got=quote(rule),
            ),
            field="rule",
        )


def contest(
    attacks: Sequence[Roll], defense: Roll, rule: tuple[Outcome, Outcome, Outcome]
) -> Contest:
    """Exact joint outcome of ``attacks`` all facing the one roll ``defense``.

    Args:
        attacks: 1 to :data:`MAX_ATTACKS` attack rolls.
        defense: The defense roll (one roll for the whole round).
        rule: Outcome for attack higher, tie, attack lower.

    Raises:
        RuleValueError: For no attack, too many, or a 0D roll.

    Example:
        >>> from rulebook_py.systems.galaxies.codes import Roll, DiceCode
        >>> c = contest([Roll(DiceCode(4, 2))], Roll(DiceCode(3, 1)), SHOT_RULE)
        >>> sum(c.table().values())
        Fraction(1, 1)
    """
    attacks = _check_attacks(attacks)
    check_type(defense, Roll, "defense", M("a galaxies.Roll"))
    _check_rule(rule)
    outcomes = tuple(dict.fromkeys(rule))
    slot = tuple(outcomes.index(o) for o in rule)
    per_attack, counts = joint_counts(attacks, defense, [slot] * len(attacks), len(outcomes))
    return Contest(attacks, defense, rule, per_attack, counts)  # type: ignore[arg-type]


#: Three odds, for the attack higher, a tie and the attack lower.
Odds = tuple[Fraction, Fraction, Fraction]


def joint_counts(
    rolls: Sequence[Roll], defense: Roll, slots: Sequence[tuple[int | None, ...]], size: int
) -> tuple[tuple[Odds, ...], dict[tuple[int, ...], Fraction]]:
    """Each roll's odds against one defense roll, and the joint law of what they count.

    The walk both :func:`contest` and :func:`~.volleys.volley` make: for each
    defense total, each roll splits into higher, tie and lower, and the
    ``size`` counters move by ``slots[i]`` (the counter each of roll ``i``'s
    three cases adds one to, ``None`` for none).

    Example:
        >>> from rulebook_py.systems.galaxies.codes import Roll, DiceCode
        >>> per, joint = joint_counts([Roll(DiceCode(1))] * 2, Roll(DiceCode(1)), [(0, None, None)] * 2, 1)
        >>> per[0], joint
        ((Fraction(5, 12), Fraction(1, 6), Fraction(5, 12)), {(0,): Fraction(91, 216), (1,): Fraction(35, 108), (2,): Fraction(55, 216)})
    """
    d_weights = defense.distribution().weights()
    d_total = sum(d_weights.values())
    tables = [r.cumulative_weights() for r in rolls]
    denominator = d_total
    for t in tables:
        denominator *= t[0]
    joint: dict[tuple[int, ...], int] = {}
    per = [[0, 0, 0] for _ in rolls]
    for d, dw in d_weights.items():
        states = {(0,) * size: dw}
        for i, (total, lo, hi, cum) in enumerate(tables):
            below = 0 if d <= lo else total if d > hi else cum[d - 1]
            at_most = 0 if d < lo else total if d >= hi else cum[d]
            split = (total - at_most, at_most - below, below)  # higher, tie, lower
            moves: dict[int | None, int] = {}
            for k in range(3):
                per[i][k] += dw * split[k]
                if split[k]:
                    moves[slots[i][k]] = moves.get(slots[i][k], 0) + split[k]
            if len(moves) == 1:  # every case moves alike: no state splits
                ((s, m),) = moves.items()
                if s is None:
                    states = {key: w * m for key, w in states.items()}
                else:
                    states = {(*k[:s], k[s] + 1, *k[s + 1 :]): w * m for k, w in states.items()}
                continue
            nxt: dict[tuple[int, ...], int] = {}
            for key, w in states.items():
                for s, m in moves.items():
                    new = key if s is None else (*key[:s], key[s] + 1, *key[s + 1 :])
                    nxt[new] = nxt.get(new, 0) + w * m
            states = nxt
        for key, w in states.items():
            joint[key] = joint.get(key, 0) + w
    odds = tuple(
        (Fraction(a, d_total * t[0]), Fraction(b, d_total * t[0]), Fraction(c, d_total * t[0]))
        for (a, b, c), t in zip(per, tables)
    )
    return odds, {key: Fraction(w, denominator) for key, w in sorted(joint.items())}
