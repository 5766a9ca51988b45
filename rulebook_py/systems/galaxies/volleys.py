"""Several attackers, mixed attacks, one dodge roll: the whole round against one target.

The source's central rule of defense is that a character dodges **once** a
round and that one AGILITÉ roll settles every attack aimed at him that round
(*le jet d'Esquive ... sert à déterminer pour chacune des attaques portées si
elles ont fait mouche*). :func:`volley` takes every attack of the round, from
any number of attackers and of any kind that a dodge answers (shots, bursts,
thrown explosives, physical psychic attacks), and gives the exact joint
distribution of how many land **in full** and how many are **half-dodged**.

How each kind of attack ends against the dodge (attack higher / tie / lower):

* a shot, a melee blow or a physical psychic attack: full hit / half-dodge / dodged;
* a thrown explosive: full (primary zone) / full (primary zone, a tie is no
  half-dodge) / dodged (the target takes the secondary zone's damage only,
  which this module does not count as a hit);
* against a target unaware of the attacks, who cannot dodge: full hit /
  misses / misses (an explosive: primary zone / secondary zone only).

Mental attacks (against VOLONTÉ) and psychic counters are not answered by the
dodge, so they are not part of a volley. A melee blow at a target who rolls
AGILITÉ gets the range bonus of +5 (:data:`~.melee_combat.RANGE_BONUS`); a target
unaware of the attacks rolls no AGILITÉ, so a blow at him gets no bonus.

Bounded work: the rolls are counted and the work is costed from the codes
(:func:`volley_work`) before any distribution is computed; at most
:data:`MAX_VOLLEY_ROLLS` rolls and :data:`MAX_VOLLEY_WORK` units of work.

Example:
    >>> v = volley([Attack("Kira", AttackKind.SHOT, "1D"), Attack("Vosk", AttackKind.SHOT, "1D")],
    ...            "1D")
    >>> v.joint[(2, 0)], v.at_least_one_full
    (Fraction(55, 216), Fraction(125, 216))
"""

from __future__ import annotations

import random
import re
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import comb

from ...errors import RulebookError, RuleValueError, check_enum, check_int, check_type, quote
from ...labels import LabelledEnum
from ...messages import Msg, join
from .codes import (
    MAX_PIPS,
    CodeLike,
    DiceCode,
    Roll,
    RolledTotal,
    Rounding,
    as_code,
    check_bool,
    check_rng,
    check_share,
    facade_repr,
    read_lines,
)
from .contests import (
    EXPLOSIVE_RULE,
    MAX_ATTACKS,
    SHOT_RULE,
    UNAWARE_EXPLOSIVE_RULE,
    UNAWARE_SHOT_RULE,
    Outcome,
    joint_counts,
)
from .melee_combat import RANGE_BONUS
from .ranged import UNAWARE_DEFENSE, DodgeMode, burst_rolls, dodge_roll
from .words import MN, M

__all__ = [
    "MAX_ATTACKER_NAME",
    "MAX_VOLLEY_LINES",
    "MAX_VOLLEY_ROLLS",
    "MAX_VOLLEY_WORK",
    "Attack",
    "AttackKind",
    "Volley",
    "VolleyRoll",
    "parse_attacks",
    "volley",
    "volley_work",
]

#: Most attack lines in one volley.
MAX_VOLLEY_LINES = 16
#: Most characters in an attacker's name.
MAX_ATTACKER_NAME = 40
#: Most attack rolls against one dodge roll (a burst counts each of its shots).
MAX_VOLLEY_ROLLS = 16
#: Most units of work (dodge totals times joint states) one volley may take:
#: about 0.1 s in CPython on the reference machine.
MAX_VOLLEY_WORK = 12_000

_FULL = (Outcome.HIT, Outcome.PRIMARY_ZONE)


class AttackKind(LabelledEnum):
    """A kind of attack that the target's dodge answers, with its keywords.

    Attributes:
        label: The source's French name.
        keyword: The word that starts an attack line (:func:`parse_attacks`).
        french: The same word in French, which the lines accept as well.
        rolls: Rolls the attack makes (0: a burst, as many as its shots).

    Example:
        >>> AttackKind.UBIQUITY.label, AttackKind.UBIQUITY.keyword, AttackKind.UBIQUITY.rolls
        ('Ubiquité psychique', 'ubiquity', 2)
        >>> AttackKind.BURST.french, AttackKind.HALVED_BLOWS.keyword
        ('rafale', 'blows')
    """

    SHOT = ("Tir", "shot", 1, "tir")
    INSTINCTIVE = ("Tirs instinctifs (divisés par 2)", "instinctive", 2, "instinctifs")
    BURST = ("Tir en rafale", "burst", 0, "rafale")
    TWO_PISTOLS = ("Tir avec 2 armes de poing (−1D chacun)", "pistols", 2, "pistolets")
    EXPLOSIVE = ("Lancer d'explosif", "explosive", 1, "explosif")
    TWO_EXPLOSIVES = ("Deux explosifs (−1D chacun)", "explosives", 2, "explosifs")
    MELEE = ("Coup au corps à corps (+5 contre l'esquive)", "melee", 1, "coup")
    HALVED_BLOWS = (
        "Coups instinctifs, ou deux AB3 (+5 contre l'esquive, divisés par 2)",
        "blows",
        2,
        "coups",
    )
    TWO_WEAPONS = (
        "Deux armes au corps à corps (+5 contre l'esquive, −1D chacune)",
        "weapons",
        2,
        "armes",
    )
    PSYCHIC = ("Attaque psy physique", "psy", 1, "psy")
    UBIQUITY = ("Ubiquité psychique", "ubiquity", 2, "ubiquité")
    COMPLEMENTARITY = (
        "Complémentarité psychique (−1D chacune)",
        "complementarity",
        2,
        "complémentarité",
    )

    @property
    def keyword(self) -> str:
        """The line's first word."""
        return self.value[1]

    @property
    def french(self) -> str:
        """The line's first word in French."""
        return self.value[3]

    @property
    def rolls(self) -> int:
        """Rolls made (0 for a burst: its number of shots)."""
        return self.value[2]

    @property
    def explosive(self) -> bool:
        """A thrown explosive: a tie is not a half-dodge."""
        return self in (AttackKind.EXPLOSIVE, AttackKind.TWO_EXPLOSIVES)

    @property
    def melee(self) -> bool:
        """A blow in melee: the range bonus +5 against a target who rolls AGILITÉ."""
        return self in (AttackKind.MELEE, AttackKind.HALVED_BLOWS, AttackKind.TWO_WEAPONS)

    @property
    def word(self) -> Msg:
        """The keyword in the reader's language (:attr:`keyword`, or :attr:`french` in French).

        Example:
            >>> AttackKind.BURST.word
            'burst'
        """
        return _WORDS[self]

    def __message__(self) -> Msg:
        """The kind in a message: its keyword in the reader's language."""
        return self.word


#: Each kind's keyword as a message: its French is the kind's French keyword.
_WORDS = {
    AttackKind.SHOT: M("shot"),
    AttackKind.INSTINCTIVE: M("instinctive"),
    AttackKind.BURST: M("burst"),
    AttackKind.TWO_PISTOLS: M("pistols"),
    AttackKind.EXPLOSIVE: M("explosive"),
    AttackKind.TWO_EXPLOSIVES: M("explosives"),
    AttackKind.MELEE: M("melee"),
    AttackKind.HALVED_BLOWS: M("blows"),
    AttackKind.TWO_WEAPONS: M("weapons"),
    AttackKind.PSYCHIC: M("psy"),
    AttackKind.UBIQUITY: M("ubiquity"),
    AttackKind.COMPLEMENTARITY: M("complementarity"),
}


@dataclass(frozen=True, repr=False)
class Attack:
    """One attacker's attack of the round, its code written with every bonus added.

    Attributes:
        attacker: Who attacks (a name, for the tables and the roll).
        kind: Shot, burst, explosive, psychic attack, ...
        code: The attack code with BDC, BDP, BDT, aiming... already added.
        shots: Shots of a burst (1 to 8); 1 for any other kind.
        second: Complementarity only: the other psychic skill's code (``None``:
            the same code).

    Example:
        >>> [r.describe() for r in Attack("Kira", AttackKind.BURST, "4D+2", shots=3).rolls()]
        ['4D+2', '3D+2', '2D+2']
        >>> [str(r.code) for r in Attack("Zed", AttackKind.TWO_WEAPONS, "4D").rolls()]
        ['3D+5', '3D+5']
    """

    attacker: str
    kind: AttackKind
    code: CodeLike
    shots: int = 1
    second: CodeLike | None = None

    __repr__ = facade_repr

    def __post_init__(self) -> None:
        check_type(self.attacker, str, "attacker", M("a name"))
        name = self.attacker
        if not 1 <= len(name) <= MAX_ATTACKER_NAME or not name.strip() or not name.isprintable():
            raise RuleValueError(
                M(
                    "{name} must be a name of 1 to {most} printable characters, got {got}",
                    name="attacker",
                    most=MAX_ATTACKER_NAME,
                    got=quote(self.attacker),
                ),
                field="attacker",
            )
        check_enum(self.kind, AttackKind, "kind")
        check_type(self.code, (str, DiceCode), "code", M("a dice code such as '4D+2'"))
        check_int(self.shots, "shots", 1, MAX_ATTACKS)
        if self.second is not None:
            check_type(self.second, (str, DiceCode), "second", M("a dice code such as '4D+2'"))

    def roll_count(self) -> int:
        """How many rolls the attack makes (checked, nothing computed)."""
        if self.kind is AttackKind.BURST:
            return check_int(self.shots, "shots", 1, MAX_ATTACKS)
        if self.shots != 1:
            raise RuleValueError(
                M(
                    "only a burst fires several shots: {name}'s {kind} has shots={n}",
                    name=self.attacker,
                    kind=self.kind,
                    n=self.shots,
                ),
                field="attacks",
            )
        if self.second is not None and self.kind is not AttackKind.COMPLEMENTARITY:
            raise RuleValueError(
                M(
                    "a second code is for complementarity only, not {name}'s {kind}",
                    name=self.attacker,
                    kind=self.kind,
                ),
                field="attacks",
            )
        return self.kind.rolls

    def rolls(
        self,
        target_immobile: bool = False,
        rounding: Rounding = Rounding.DOWN,
        dodge_mode: DodgeMode = DodgeMode.NORMAL,
    ) -> tuple[Roll, ...]:
        """The attack's rolls, each penalty applied (halved, -1D, a burst's -1D a shot).

        A melee blow gets the range bonus +5 when the target rolls AGILITÉ,
        not when he is unaware of the attack (``dodge_mode`` UNAWARE).

        Example:
            >>> [str(r.code) for r in Attack("Zed", AttackKind.MELEE, "4D").rolls()]
            ['4D+5']
            >>> [str(r.code) for r in Attack("Zed", AttackKind.MELEE, "4D").rolls(
            ...     dodge_mode=DodgeMode.UNAWARE)]
            ['4D']
        """
        check_bool(target_immobile, "target_immobile")
        check_enum(rounding, Rounding, "rounding")
        check_enum(dodge_mode, DodgeMode, "dodge_mode")
        self.roll_count()
        code = as_code(self.code, "attacks")
        kind = self.kind
        if kind.melee and dodge_mode is not DodgeMode.UNAWARE:
            code = code.with_pips(RANGE_BONUS, M("the melee range bonus"), "attacks")
        if kind is AttackKind.BURST:
            return tuple(burst_rolls(code, self.shots, target_immobile, rounding))
        if kind in (AttackKind.INSTINCTIVE, AttackKind.UBIQUITY, AttackKind.HALVED_BLOWS):
            return (Roll(code, halved=True, rounding=rounding, field="attacks"),) * 2
        if kind in (AttackKind.TWO_PISTOLS, AttackKind.TWO_EXPLOSIVES, AttackKind.TWO_WEAPONS):
            return (Roll(code.with_dice(-1), rounding=rounding, field="attacks"),) * 2
        if kind is AttackKind.COMPLEMENTARITY:
            other = code if self.second is None else as_code(self.second, "attacks")
            return tuple(
                Roll(c.with_dice(-1), rounding=rounding, field="attacks") for c in (code, other)
            )
        return (Roll(code, rounding=rounding, field="attacks"),)

    def rule(self, dodge_mode: DodgeMode) -> tuple[Outcome, Outcome, Outcome]:
        """Outcome when the roll is higher than the dodge, equal, lower."""
        check_enum(dodge_mode, DodgeMode, "dodge_mode")
        if dodge_mode is DodgeMode.UNAWARE:
            return UNAWARE_EXPLOSIVE_RULE if self.kind.explosive else UNAWARE_SHOT_RULE
        return EXPLOSIVE_RULE if self.kind.explosive else SHOT_RULE


def _dodge_support(dodge: DiceCode, dodge_mode: DodgeMode) -> int:
    """How many totals the dodge can show (1 for a fixed value), from the code alone."""
    if dodge_mode in (DodgeMode.FIXED, DodgeMode.FIXED_TOTAL, DodgeMode.UNAWARE):
        return 1
    dice = dodge.dice + (2 if dodge_mode is DodgeMode.TOTAL else 0)
    return 5 * dice + 1


def volley_work(rolls: int, dodge_totals: int) -> int:
    """Units of work of a volley: dodge totals times the joint states built, roll by roll.

    After ``i`` rolls the joint state (full hits, half-dodges) takes at most
    ``(i + 1)(i + 2) / 2`` values.

    Example:
        >>> volley_work(3, 16), volley_work(16, 1)
        (304, 968)
    """
    check_int(rolls, "rolls", 0, 10_000)
    check_int(dodge_totals, "dodge_totals", 1, 10_000)
    return dodge_totals * (comb(rolls + 3, 3) - 1)


def _max_rolls(dodge_totals: int) -> int:
    n = 0
    while n < MAX_VOLLEY_ROLLS and volley_work(n + 1, dodge_totals) <= MAX_VOLLEY_WORK:
        n += 1
    return n


@dataclass(frozen=True)
class VolleyRoll:
    """One seeded round: the one dodge roll, then each attack roll and how it ended.

    Example:
        >>> v = volley([Attack("Kira", AttackKind.SHOT, "2D")], "2D")
        >>> r = v.resolve(random.Random(3))
        >>> r.full + r.half <= 1
        True
        >>> VolleyRoll(RolledTotal((2,), 2, "1D [2] = 2"), ("A, shot",), (RolledTotal((5,), 5, "1D [5] = 5"),), (Outcome.HIT,)).full
        1
    """

    defense: RolledTotal
    names: tuple[str, ...]
    rolls: tuple[RolledTotal, ...]
    outcomes: tuple[Outcome, ...]
    unaware: bool = False

    def __post_init__(self) -> None:
        check_type(self.defense, RolledTotal, "defense", M("a galaxies.RolledTotal"))
        n = _check_tuple(self.rolls, RolledTotal, "rolls", None)
        _check_tuple(self.names, str, "names", n)
        _check_tuple(self.outcomes, Outcome, "outcomes", n)
        check_bool(self.unaware, "unaware")

    @property
    def full(self) -> int:
        """Rolls that landed in full."""
        return sum(o in _FULL for o in self.outcomes)

    @property
    def half(self) -> int:
        """Rolls that were half-dodged."""
        return sum(o is Outcome.HALF_DODGE for o in self.outcomes)

    def lines(self) -> list[Msg]:
        """One line per roll, every die shown, then the tally."""
        out = [
            M(
                "no dodge roll (target unaware of the attacks): each roll must beat {n}",
                n=self.defense.total,
            )
            if self.unaware
            else M("dodge: {roll}", roll=self.defense.text)
        ]
        for name, r, o in zip(self.names, self.rolls, self.outcomes):
            out.append(M("{who}: {roll} → {outcome}", who=name, roll=r.text, outcome=o.text))
        n = len(self.rolls)
        out.append(
            MN(
                "{a} in full, {b} half-dodged, of {n} roll",
                "{a} in full, {b} half-dodged, of {n} rolls",
                n,
                a=self.full,
                b=self.half,
                n=n,
            )
        )
        return out


@dataclass(frozen=True)
class Volley:
    """Exact outcome of every attack of a round against one target's one dodge roll.

    Attributes:
        attacks: The attacks, in order.
        names: One name per roll (``"Kira, burst shot 2"``).
        rolls: Every attack roll, penalties applied.
        rules: For each roll, its outcome when higher, tied, lower.
        defense: The one dodge roll (or fixed value) they all face.
        per_roll: For each roll, exact (P(higher), P(tie), P(lower)).
        joint: ``{(full, half): probability}``: how many rolls land in full
            and how many are half-dodged, together.

    Example:
        >>> v = volley([Attack("A", AttackKind.EXPLOSIVE, "1D")], "1D")
        >>> v.joint
        {(0, 0): Fraction(5, 12), (1, 0): Fraction(7, 12)}
        >>> Volley((Attack("A", AttackKind.SHOT, "1D"),), ("A, shot",), (Roll(DiceCode(1)),), (SHOT_RULE,), Roll(DiceCode(1)), ((1, 0, 0),), {(1, 0): 1}).at_least_one_full
        Fraction(1, 1)
    """

    attacks: tuple[Attack, ...]
    names: tuple[str, ...]
    rolls: tuple[Roll, ...]
    rules: tuple[tuple[Outcome, Outcome, Outcome], ...]
    defense: Roll
    per_roll: tuple[tuple[Fraction, Fraction, Fraction], ...]
    joint: Mapping[tuple[int, int], Fraction]

    def __post_init__(self) -> None:
        _check_tuple(self.attacks, Attack, "attacks", None)
        n = _check_tuple(self.rolls, Roll, "rolls", None)
        if not 1 <= n <= MAX_VOLLEY_ROLLS:
            raise RuleValueError(
                M(
                    "{name} must hold 1 to {most} rolls, got {got}",
                    name="rolls",
                    most=MAX_VOLLEY_ROLLS,
                    got=n,
                ),
                field="rolls",
            )
        _check_tuple(self.names, str, "names", n)
        _check_tuple(self.rules, tuple, "rules", n)
        for rule in self.rules:
            if len(rule) != 3 or not all(isinstance(o, Outcome) for o in rule):
                raise RuleValueError(
                    M(
                        "{name} must hold three galaxies.Outcome a roll, got {got}",
                        name="rules",
                        got=quote(rule),
                    ),
                    field="rules",
                )
        check_type(self.defense, Roll, "defense", M("a galaxies.Roll"))
        _check_tuple(self.per_roll, tuple, "per_roll", n)
        for odds in self.per_roll:
            if len(odds) != 3:
                raise RuleValueError(
                    M(
                        "{name} must hold (higher, tie, lower) a roll, got {got}",
                        name="per_roll",
                        got=quote(odds),
                    ),
                    field="per_roll",
                )
            for p in odds:
                check_share(p, "per_roll")
        if not isinstance(self.joint, Mapping) or not self.joint:
            raise RuleValueError(
                M(
                    "{name} must map (full, half) counts to their chances, got {got}",
                    name="joint",
                    got=quote(self.joint),
                ),
                field="joint",
            )
        for key, p in self.joint.items():
            ok = isinstance(key, tuple) and len(key) == 2
            if not ok or not all(isinstance(k, int) and 0 <= k <= n for k in key):
                raise RuleValueError(
                    M(
                        "{name} must map (full, half) counts to their chances, got {got}",
                        name="joint",
                        got=quote(key),
                    ),
                    field="joint",
                )
            check_share(p, "joint")

    def table(self, roll: int) -> dict[Outcome, Fraction]:
        """``{outcome: probability}`` for one roll (0-based).

        Example:
            >>> volley([Attack("A", AttackKind.SHOT, "1D")], "1D").table(0)[Outcome.HALF_DODGE]
            Fraction(1, 6)
        """
        check_int(roll, "roll", 0, len(self.rolls) - 1)
        out: dict[Outcome, Fraction] = {}
        for p, o in zip(self.per_roll[roll], self.rules[roll]):
            out[o] = out.get(o, Fraction(0)) + p
        return out

    @property
    def caption(self) -> Msg:
        """What every roll faces, in words."""
        if all(rule in (UNAWARE_SHOT_RULE, UNAWARE_EXPLOSIVE_RULE) for rule in self.rules):
            value = self.defense.distribution().min_value
            return M(
                "No dodge roll (target unaware of the attacks): each roll must beat {n}, "
                "else it misses",
                n=value,
            )
        return M("Every roll faces one dodge roll: {code}", code=self.defense.describe())

    def rows(self) -> list[tuple[object, ...]]:
        """Each roll: its name, its code, P(lands in full), P(half-dodged), P(neither).

        Example:
            >>> volley("A: shot 1D", "1D").rows()
            [('A, shot', '1D', Fraction(5, 12), Fraction(1, 6), Fraction(5, 12))]
        """
        out: list[tuple[object, ...]] = []
        for i, (name, r) in enumerate(zip(self.names, self.rolls)):
            full, half = self.p_full(i), self.table(i).get(Outcome.HALF_DODGE, Fraction(0))
            out.append((name, r.describe(), full, half, 1 - full - half))
        return out

    def grid(self) -> list[tuple[object, ...]]:
        """The joint table: for ``f`` full hits, P(``f`` in full and ``h`` half-dodged) for each ``h``.

        A cell that cannot happen (more than the rolls) is ``""``.

        Example:
            >>> volley("A: shot 1D", "1D").grid()
            [(0, Fraction(5, 12), Fraction(1, 6)), (1, Fraction(5, 12), '')]
        """
        n = len(self.rolls)
        top = max(f + h for f, h in self.joint)
        return [
            (
                f,
                *(
                    self.joint.get((f, h), Fraction(0)) if f + h <= n else ""
                    for h in range(top + 1)
                ),
            )
            for f in range(n + 1)
        ]

    def p_full(self, roll: int) -> Fraction:
        """P(roll number ``roll`` lands in full)."""
        return sum((p for o, p in self.table(roll).items() if o in _FULL), Fraction(0))

    def full_distribution(self) -> dict[int, Fraction]:
        """``{n: P(exactly n rolls land in full)}``.

        Example:
            >>> volley([Attack("A", AttackKind.SHOT, "1D")], "1D").full_distribution()
            {0: Fraction(7, 12), 1: Fraction(5, 12)}
        """
        out = {n: Fraction(0) for n in range(len(self.rolls) + 1)}
        for (f, _h), p in self.joint.items():
            out[f] += p
        return out

    def half_distribution(self) -> dict[int, Fraction]:
        """``{n: P(exactly n rolls are half-dodged)}``."""
        out = {n: Fraction(0) for n in range(len(self.rolls) + 1)}
        for (_f, h), p in self.joint.items():
            out[h] += p
        return out

    @property
    def at_least_one_full(self) -> Fraction:
        """P(at least one roll lands in full)."""
        return 1 - self.full_distribution()[0]

    @property
    def expected_full(self) -> Fraction:
        """Expected number of rolls landing in full."""
        return sum((f * p for (f, _h), p in self.joint.items()), Fraction(0))

    @property
    def expected_half(self) -> Fraction:
        """Expected number of half-dodged rolls."""
        return sum((h * p for (_f, h), p in self.joint.items()), Fraction(0))

    def expected_damage(self, half_dodge_factor: Fraction = Fraction(1, 2)) -> Fraction:
        """Expected damage in full hits, a half-dodge counted as ``half_dodge_factor``.

        Example:
            >>> volley([Attack("A", AttackKind.SHOT, "1D")], "1D").expected_damage()
            Fraction(1, 2)
        """
        factor = check_share(half_dodge_factor, "half_dodge_factor")
        return self.expected_full + factor * self.expected_half

    def resolve(self, rng: random.Random | None = None) -> VolleyRoll:
        """Roll the dodge once, then every attack roll in order; same seed, same dice."""
        rng = random.Random() if rng is None else check_rng(rng)
        d = self.defense.roll(rng)
        rolled = tuple(r.roll(rng) for r in self.rolls)
        outs = tuple(
            rule[0 if r.total > d.total else 1 if r.total == d.total else 2]
            for r, rule in zip(rolled, self.rules)
        )
        unaware = all(rule in (UNAWARE_SHOT_RULE, UNAWARE_EXPLOSIVE_RULE) for rule in self.rules)
        return VolleyRoll(d, self.names, rolled, outs, unaware)

    def roll(self, rng: random.Random) -> VolleyRoll:
        """One seeded round (:meth:`resolve` with a required seed)."""
        return self.resolve(check_rng(rng))


#: The counter (full, half-dodged) an outcome adds one to; neither, none.
_SLOT = {o: 0 if o in _FULL else 1 if o is Outcome.HALF_DODGE else None for o in Outcome}


def _check_tuple(items: object, kind: type, field: str, size: int | None) -> int:
    """The length of ``items``, a tuple of ``kind`` values (of ``size`` items if given)."""
    check_type(items, tuple, field, M("a tuple"))
    for item in items:  # type: ignore[attr-defined]
        check_type(item, kind, field, M("a tuple"))
        if isinstance(item, str) and len(item) > 200:
            raise RuleValueError(
                M("{name} must hold short texts, got {got}", name=field, got=quote(item)),
                field=field,
            )
    n = len(items)  # type: ignore[arg-type]
    if size is not None and n != size:
        raise RuleValueError(
            M("{name} must hold one item a roll: {n} rolls, got {got}", name=field, n=size, got=n),
            field=field,
        )
    return n


def _roll_names(attack: Attack, n: int) -> list[Msg]:
    if n == 1:
        return [M("{name}, {kind}", name=attack.attacker, kind=attack.kind)]
    if attack.kind is AttackKind.BURST:
        return [
            M("{name}, {kind} shot {n}", name=attack.attacker, kind=attack.kind, n=k)
            for k in range(1, n + 1)
        ]
    return [
        M("{name}, {kind} roll {n}", name=attack.attacker, kind=attack.kind, n=k)
        for k in range(1, n + 1)
    ]


def volley(
    attacks: Sequence[Attack] | str,
    dodge: CodeLike,
    *,
    dodge_mode: DodgeMode = DodgeMode.NORMAL,
    rounding: Rounding = Rounding.DOWN,
    target_immobile: bool = False,
    unaware_defense: int = UNAWARE_DEFENSE,
) -> Volley:
    r"""Exact joint outcome of every attack of the round against the target's one dodge.

    Args:
        attacks: The round's attacks at this target, from one or more
            attackers, or their lines as :func:`parse_attacks` reads them.
        dodge: The target's AGILITÉ code.
        dodge_mode: Normal, total (+2D), fixed, fixed total, or none (unaware).
        rounding: Rounding of halved rolls and of the fixed dodge.
        target_immobile: The target cannot move: bursts take no -1D a shot.
        unaware_defense: What each roll must beat when the target is unaware.

    Raises:
        RuleValueError: For no attack, more than :data:`MAX_VOLLEY_ROLLS`
            rolls, more work than :data:`MAX_VOLLEY_WORK` (both checked before
            anything is computed), a bad code or a roll at 0D.

    Example:
        >>> volley("Kira: burst 3 4D+2\nVosk: explosive 3D+2", "3D+1").rows()[3][0]
        'Vosk, explosive'
        >>> v = volley([Attack("Kira", AttackKind.BURST, "4D+2", shots=3),
        ...             Attack("Vosk", AttackKind.EXPLOSIVE, "3D+2")], "3D+1")
        >>> len(v.rolls), sum(v.joint.values())
        (4, Fraction(1, 1))
    """
    if isinstance(attacks, str):
        attacks = parse_attacks(attacks)
    if not isinstance(attacks, Sequence) or len(attacks) > MAX_VOLLEY_LINES:
        raise RuleValueError(
            M(
                "{name} must be attack lines or a list of at most {most} galaxies.Attack, "
                "got {got}",
                name="attacks",
                most=MAX_VOLLEY_LINES,
                got=quote(attacks),
            ),
            field="attacks",
        )
    attacks = tuple(attacks)
    if not attacks:
        raise RuleValueError(M("attacks: write at least one attack"), field="attacks")
    for a in attacks:
        if not isinstance(a, Attack):
            raise RuleValueError(
                M("{name} must be galaxies.Attack values, got {got}", name="attacks", got=quote(a)),
                field="attacks",
            )
    check_enum(dodge_mode, DodgeMode, "dodge_mode")
    check_enum(rounding, Rounding, "rounding")
    check_bool(target_immobile, "target_immobile")
    check_int(unaware_defense, "unaware_defense", -MAX_PIPS, MAX_PIPS)
    counts = [a.roll_count() for a in attacks]
    n = sum(counts)
    dodge_code = as_code(dodge, "dodge")
    totals = _dodge_support(dodge_code, dodge_mode)
    if n > MAX_VOLLEY_ROLLS or volley_work(n, totals) > MAX_VOLLEY_WORK:
        allowed = _max_rolls(totals)
        raise RuleValueError(
            M(
                "{n} attack rolls against one dodge is more than this book computes at once: "
                "with a dodge of {code} ({mode}) at most {allowed} rolls "
                "(a burst counts each shot; never more than {most})",
                n=n,
                code=str(dodge_code),
                mode=dodge_mode.label,
                allowed=allowed,
                most=MAX_VOLLEY_ROLLS,
            ),
            field="attacks",
        )
    rolls: list[Roll] = []
    rules: list[tuple[Outcome, Outcome, Outcome]] = []
    names: list[str] = []
    for a, k in zip(attacks, counts):
        try:
            made = a.rolls(target_immobile, rounding, dodge_mode)
            for r in made:
                r.distribution()  # a roll at 0D is refused here
        except RulebookError as err:
            raise RuleValueError(
                M(
                    "{name}'s {kind} ({code}): {err}",
                    name=a.attacker,
                    kind=a.kind,
                    code=str(a.code) if len(str(a.code)) <= 40 else quote(str(a.code), 40),
                    err=err.message,
                ),
                field="attacks",
            ) from None
        rolls.extend(made)
        rules.extend([a.rule(dodge_mode)] * k)
        names.extend(_roll_names(a, k))
    defense = dodge_roll(dodge_code, dodge_mode, rounding, unaware_defense=unaware_defense)
    slots = [tuple(_SLOT[o] for o in rule) for rule in rules]
    per_roll, joint = joint_counts(rolls, defense, slots, 2)
    return Volley(attacks, tuple(names), tuple(rolls), tuple(rules), defense, per_roll, joint)


def _plain(word: str) -> str:
    """A keyword as the lines compare it: lower case, accents left out."""
    decomposed = unicodedata.normalize("NFD", word.lower())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


_KINDS = {_plain(w): k for k in AttackKind for w in (k.keyword, k.french)}
_LINE = re.compile(
    r"\s*(?:(?P<name>[^:]*):)?\s*(?P<kind>[^\W\d_]+)\s*(?P<shots>[0-9]+(?=\s))?\s*(?P<codes>.*)"
)
#: A word that starts a code: a number of dice and its D.
_CODE_START = re.compile(r"[0-9]+[dD]")


def _codes(text: str) -> list[str]:
    """The codes of a line, spaces allowed inside one: a new code starts at a word like ``3D``."""
    codes: list[list[str]] = []
    for word in text.split():
        if not codes or _CODE_START.match(word):
            codes.append([word])
        else:
            codes[-1].append(word)
    return [" ".join(words) for words in codes]


def parse_attacks(text: str, field: str = "attacks") -> list[Attack]:
    r"""Read one attack a line: ``Name: kind code`` (a burst: ``Name: burst 3 code``).

    The kinds are the :attr:`AttackKind.keyword` words, or their French
    (:attr:`AttackKind.french`, accents optional): ``shot`` (``tir``),
    ``instinctive`` (``instinctifs``), ``burst N`` (``rafale N``), ``pistols``
    (``pistolets``), ``explosive`` (``explosif``), ``explosives``
    (``explosifs``), ``melee`` (``coup``: a blow at the dodging target, the
    range bonus +5 added), ``blows`` (``coups``: two halved blows, +5 each),
    ``weapons`` (``armes``: two weapons, −1D each, +5 each), ``psy``,
    ``ubiquity`` (``ubiquité``), ``complementarity`` (``complémentarité``,
    which takes one or two codes). Write each code with its bonuses added; a
    code is read as every code box reads it (:meth:`DiceCode.parse`: ``4D + 2``
    is ``4D+2``). The number of lines is checked against
    :data:`MAX_VOLLEY_LINES` before any line is read, and each line's length;
    numbers use the digits 0-9 only.

    Raises:
        RuleValueError: Naming the line at fault.

    Example:
        >>> [(a.attacker, a.kind.keyword, a.shots) for a in parse_attacks("Kira: burst 3 4D+2\nVosk: explosive 3D+2")]
        [('Kira', 'burst', 3), ('Vosk', 'explosive', 1)]
        >>> [str(a.code) for a in parse_attacks("Kira: shot 4D + 2\nTal: complementarity 4D 3D+1")]
        ['4D+2', '4D']
        >>> [a.kind.keyword for a in parse_attacks("Kira : rafale 3 4D+2\nZed : coups 4D")]
        ['burst', 'blows']
    """
    kinds = join(", ", list(AttackKind))

    def read(n: int, line: str) -> Attack:
        m = _LINE.fullmatch(line)
        kind = _KINDS.get(_plain(m.group("kind"))) if m else None
        if m is None or kind is None:
            raise RuleValueError(
                M(
                    "line {n} {line}: write 'Name: kind code', the kind one of {kinds} "
                    "(e.g. 'Kira: burst 3 4D+2')",
                    n=n,
                    line=quote(line.strip(), 40),
                    kinds=kinds,
                ),
                field=field,
            )
        name = (m.group("name") or "").strip() or M("attack {n}", n=n)
        shots_text = m.group("shots")
        rest = m.group("codes")
        if shots_text is not None and kind is not AttackKind.BURST:
            rest = f"{shots_text} {rest}"  # "shot 4 D+2": the number is the code's
        codes = _codes(rest)
        try:
            if kind is AttackKind.BURST:
                if shots_text is None or len(shots_text) > 2:
                    raise RuleValueError(
                        M(
                            "a burst needs its number of shots, 1 to {most}, before the code "
                            "(e.g. 'burst 3 4D+2')",
                            most=MAX_ATTACKS,
                        ),
                        field=field,
                    )
                shots = check_int(int(shots_text), "shots", 1, MAX_ATTACKS)
            else:
                shots = 1
            if kind is AttackKind.COMPLEMENTARITY and not 1 <= len(codes) <= 2:
                raise RuleValueError(
                    M(
                        "'{kind}' takes one or two codes, got {codes}",
                        kind=kind,
                        codes=quote(" ".join(codes), 40),
                    ),
                    field=field,
                )
            if kind is not AttackKind.COMPLEMENTARITY and len(codes) != 1:
                raise RuleValueError(
                    M(
                        "'{kind}' takes one code, got {codes}",
                        kind=kind,
                        codes=quote(" ".join(codes), 40),
                    ),
                    field=field,
                )
            parsed = [DiceCode.parse(c, field) for c in codes]
            second = parsed[1] if len(parsed) == 2 else None
            attack = Attack(name, kind, parsed[0], shots, second)
        except RulebookError as err:
            raise RuleValueError(M("line {n}: {err}", n=n, err=err.message), field=field) from None
        return attack

    def too_many(n: int) -> Msg:
        return M("at most {most} attacks, one a line: got {n} lines", most=MAX_VOLLEY_LINES, n=n)

    return read_lines(text, field, MAX_VOLLEY_LINES, too_many, read)
