"""Several attackers, mixed attacks, one dodge roll: the whole round against one target.

The source's central rule of defence is that a character dodges **once** a
round and that one AGILITÉ roll settles every attack aimed at him that round
(*le jet d'Esquive ... sert à déterminer pour chacune des attaques portées si
elles ont fait mouche*). :func:`volley` takes every attack of the round, from
any number of attackers and of any kind that a dodge answers (shots, bursts,
thrown explosives, physical psychic attacks), and gives the exact joint
distribution of how many land **in full** and how many are **half-dodged**.

How each kind of attack ends against the dodge (attack higher / tie / lower):

* a shot or a physical psychic attack: full hit / half-dodge / dodged;
* a thrown explosive: full (primary zone) / full (primary zone, a tie is no
  half-dodge) / dodged (the target takes the secondary zone's damage only,
  which this module does not count as a hit);
* against a target unaware of the attacks, who cannot dodge: full hit /
  misses / misses (an explosive: primary zone / secondary zone only).

Mental attacks (against VOLONTÉ) and psychic counters are not answered by the
dodge, so they are not part of a volley.

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
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import comb

from ...errors import RulebookError, RuleValueError, check_int, quote
from .codes import (
    CodeLike,
    DiceCode,
    LabelledEnum,
    Roll,
    RolledTotal,
    Rounding,
    as_code,
    check_bool,
    check_enum,
    check_rng,
    check_share,
    check_type,
    facade_repr,
)
from .contest import (
    EXPLOSIVE_RULE,
    MAX_ATTACKS,
    SHOT_RULE,
    UNAWARE_EXPLOSIVE_RULE,
    UNAWARE_SHOT_RULE,
    Outcome,
    _cumulative,
)
from .melee import RANGE_BONUS
from .ranged import UNAWARE_DEFENCE, DodgeMode, burst_rolls, dodge_roll

__all__ = [
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
#: Most attack rolls against one dodge roll (a burst counts each of its shots).
MAX_VOLLEY_ROLLS = 16
#: Most units of work (dodge totals times joint states) one volley may take:
#: about 0.1 s in CPython on the reference machine.
MAX_VOLLEY_WORK = 12_000

_FULL = (Outcome.HIT, Outcome.PRIMARY_ZONE)


class AttackKind(LabelledEnum):
    """A kind of attack that the target's dodge answers, with its keyword.

    Attributes:
        label: The source's French name.
        keyword: The word that starts an attack line (:func:`parse_attacks`).
        rolls: Rolls the attack makes (0: a burst, as many as its shots).

    Example:
        >>> AttackKind.UBIQUITY.label, AttackKind.UBIQUITY.keyword, AttackKind.UBIQUITY.rolls
        ('Ubiquité psychique', 'ubiquity', 2)
    """

    SHOT = ("Tir", "shot", 1)
    INSTINCTIVE = ("Tirs instinctifs (divisés par 2)", "instinctive", 2)
    BURST = ("Tir en rafale", "burst", 0)
    TWO_PISTOLS = ("Tir avec 2 armes de poing (−1D chacun)", "pistols", 2)
    EXPLOSIVE = ("Lancer d'explosif", "explosive", 1)
    TWO_EXPLOSIVES = ("Deux explosifs (−1D chacun)", "explosives", 2)
    MELEE = ("Coup au corps à corps (+5 contre l'esquive)", "melee", 1)
    PSYCHIC = ("Attaque psy physique", "psy", 1)
    UBIQUITY = ("Ubiquité psychique", "ubiquity", 2)
    COMPLEMENTARITY = ("Complémentarité psychique (−1D chacune)", "complementarity", 2)

    @property
    def keyword(self) -> str:
        """The line's first word."""
        return self.value[1]

    @property
    def rolls(self) -> int:
        """Rolls made (0 for a burst: its number of shots)."""
        return self.value[2]

    @property
    def explosive(self) -> bool:
        """A thrown explosive: a tie is not a half-dodge."""
        return self in (AttackKind.EXPLOSIVE, AttackKind.TWO_EXPLOSIVES)


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
    """

    attacker: str
    kind: AttackKind
    code: CodeLike
    shots: int = 1
    second: CodeLike | None = None

    __repr__ = facade_repr

    def __post_init__(self) -> None:
        check_type(self.attacker, str, "attacker", "a name")
        check_enum(self.kind, AttackKind, "kind")
        check_type(self.code, (str, DiceCode), "code", "a dice code such as '4D+2'")
        check_int(self.shots, "shots", 1, MAX_ATTACKS)
        if self.second is not None:
            check_type(self.second, (str, DiceCode), "second", "a dice code such as '4D+2'")

    def roll_count(self) -> int:
        """How many rolls the attack makes (checked, nothing computed)."""
        if not isinstance(self.kind, AttackKind):
            raise RuleValueError(
                f"the kind of {self.attacker}'s attack must be an AttackKind, got {self.kind!r}",
                field="attacks",
            )
        if self.kind is AttackKind.BURST:
            return check_int(self.shots, "shots", 1, MAX_ATTACKS)
        if self.shots != 1:
            raise RuleValueError(
                f"only a burst fires several shots: {self.attacker}'s "
                f"{self.kind.keyword} has shots={self.shots!r}",
                field="attacks",
            )
        if self.second is not None and self.kind is not AttackKind.COMPLEMENTARITY:
            raise RuleValueError(
                f"a second code is for complementarity only, not {self.attacker}'s "
                f"{self.kind.keyword}",
                field="attacks",
            )
        return self.kind.rolls

    def rolls(
        self, target_immobile: bool = False, rounding: Rounding = Rounding.DOWN
    ) -> tuple[Roll, ...]:
        """The attack's rolls, each penalty applied (halved, -1D, a burst's -1D a shot)."""
        self.roll_count()
        code = as_code(self.code, "attacks")
        kind = self.kind
        if kind is AttackKind.BURST:
            return tuple(burst_rolls(code, self.shots, target_immobile, rounding))
        if kind in (AttackKind.INSTINCTIVE, AttackKind.UBIQUITY):
            return (Roll(code, halved=True, rounding=rounding, field="attacks"),) * 2
        if kind in (AttackKind.TWO_PISTOLS, AttackKind.TWO_EXPLOSIVES):
            return (Roll(code.with_dice(-1), rounding=rounding, field="attacks"),) * 2
        if kind is AttackKind.COMPLEMENTARITY:
            other = code if self.second is None else as_code(self.second, "attacks")
            return tuple(
                Roll(c.with_dice(-1), rounding=rounding, field="attacks") for c in (code, other)
            )
        if kind is AttackKind.MELEE:
            code = code.with_pips(RANGE_BONUS, "the melee range bonus", "attacks")
        return (Roll(code, rounding=rounding, field="attacks"),)

    def rule(self, dodge_mode: DodgeMode) -> tuple[Outcome, Outcome, Outcome]:
        """Outcome when the roll is higher than the dodge, equal, lower."""
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
    """

    defence: RolledTotal
    names: tuple[str, ...]
    rolls: tuple[RolledTotal, ...]
    outcomes: tuple[Outcome, ...]
    unaware: bool = False

    @property
    def full(self) -> int:
        """Rolls that landed in full."""
        return sum(o in _FULL for o in self.outcomes)

    @property
    def half(self) -> int:
        """Rolls that were half-dodged."""
        return sum(o is Outcome.HALF_DODGE for o in self.outcomes)

    def lines(self) -> list[str]:
        """One line per roll, every die shown, then the tally."""
        out = [
            "no dodge roll (target unaware of the attacks): each roll must beat "
            f"{self.defence.total}"
            if self.unaware
            else f"dodge: {self.defence}"
        ]
        for name, r, o in zip(self.names, self.rolls, self.outcomes):
            out.append(f"{name}: {r} → {o.label} ({o.english})")
        out.append(f"{self.full} in full, {self.half} half-dodged, of {len(self.rolls)} rolls")
        return out


@dataclass(frozen=True)
class Volley:
    """Exact outcome of every attack of a round against one target's one dodge roll.

    Attributes:
        attacks: The attacks, in order.
        names: One name per roll (``"Kira, burst shot 2"``).
        rolls: Every attack roll, penalties applied.
        rules: For each roll, its outcome when higher, tied, lower.
        defence: The one dodge roll (or fixed value) they all face.
        per_roll: For each roll, exact (P(higher), P(tie), P(lower)).
        joint: ``{(full, half): probability}``: how many rolls land in full
            and how many are half-dodged, together.

    Example:
        >>> v = volley([Attack("A", AttackKind.EXPLOSIVE, "1D")], "1D")
        >>> v.joint
        {(0, 0): Fraction(5, 12), (1, 0): Fraction(7, 12)}
    """

    attacks: tuple[Attack, ...]
    names: tuple[str, ...]
    rolls: tuple[Roll, ...]
    rules: tuple[tuple[Outcome, Outcome, Outcome], ...]
    defence: Roll
    per_roll: tuple[tuple[Fraction, Fraction, Fraction], ...]
    joint: Mapping[tuple[int, int], Fraction]

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
    def caption(self) -> str:
        """What every roll faces, in words."""
        if all(rule in (UNAWARE_SHOT_RULE, UNAWARE_EXPLOSIVE_RULE) for rule in self.rules):
            value = self.defence.distribution().min_value
            return (
                "No dodge roll (target unaware of the attacks): each roll must beat "
                f"{value}, else it misses"
            )
        return f"Every roll faces one dodge roll: {self.defence.describe()}"

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
        rng = rng or random.Random()
        d = self.defence.roll(rng)
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


def _class(outcome: Outcome) -> int:
    """0 full, 1 half-dodged, 2 neither."""
    return 0 if outcome in _FULL else 1 if outcome is Outcome.HALF_DODGE else 2


def _roll_names(attack: Attack, n: int) -> list[str]:
    if n == 1:
        return [f"{attack.attacker}, {attack.kind.keyword}"]
    word = "shot" if attack.kind is AttackKind.BURST else "roll"
    return [f"{attack.attacker}, {attack.kind.keyword} {word} {k}" for k in range(1, n + 1)]


def volley(
    attacks: Sequence[Attack] | str,
    dodge: CodeLike,
    *,
    dodge_mode: DodgeMode = DodgeMode.NORMAL,
    rounding: Rounding = Rounding.DOWN,
    target_immobile: bool = False,
    unaware_defence: int = UNAWARE_DEFENCE,
) -> Volley:
    """Exact joint outcome of every attack of the round against the target's one dodge.

    Args:
        attacks: The round's attacks at this target, from one or more
            attackers, or their lines as :func:`parse_attacks` reads them.
        dodge: The target's AGILITÉ code.
        dodge_mode: Normal, total (+2D), fixed, fixed total, or none (unaware).
        rounding: Rounding of halved rolls and of the fixed dodge.
        target_immobile: The target cannot move: bursts take no -1D a shot.
        unaware_defence: What each roll must beat when the target is unaware.

    Raises:
        RuleValueError: For no attack, more than :data:`MAX_VOLLEY_ROLLS`
            rolls, more work than :data:`MAX_VOLLEY_WORK` (both checked before
            anything is computed), a bad code or a roll at 0D.

    Example:
        >>> v = volley([Attack("Kira", AttackKind.BURST, "4D+2", shots=3),
        ...             Attack("Vosk", AttackKind.EXPLOSIVE, "3D+2")], "3D+1")
        >>> len(v.rolls), sum(v.joint.values())
        (4, Fraction(1, 1))
    """
    if isinstance(attacks, str):
        attacks = parse_attacks(attacks)
    if not isinstance(attacks, Sequence):
        raise RuleValueError(
            f"attacks must be attack lines or a list of galaxies.Attack, got {quote(attacks)}",
            field="attacks",
        )
    attacks = tuple(attacks)
    if not attacks:
        raise RuleValueError("attacks: write at least one attack", field="attacks")
    for a in attacks:
        if not isinstance(a, Attack):
            raise RuleValueError(
                f"attacks must be galaxies.Attack values, got {quote(a)}", field="attacks"
            )
    check_enum(dodge_mode, DodgeMode, "dodge_mode")
    check_enum(rounding, Rounding, "rounding")
    check_bool(target_immobile, "target_immobile")
    counts = [a.roll_count() for a in attacks]
    n = sum(counts)
    dodge_code = as_code(dodge, "dodge")
    totals = _dodge_support(dodge_code, dodge_mode)
    if n > MAX_VOLLEY_ROLLS or volley_work(n, totals) > MAX_VOLLEY_WORK:
        allowed = _max_rolls(totals)
        raise RuleValueError(
            f"{n} attack rolls against one dodge is more than this book computes at once: "
            f"with a dodge of {dodge_code} ({dodge_mode.label}) at most {allowed} rolls "
            f"(a burst counts each shot; never more than {MAX_VOLLEY_ROLLS})",
            field="attacks",
        )
    rolls: list[Roll] = []
    rules: list[tuple[Outcome, Outcome, Outcome]] = []
    names: list[str] = []
    for a, k in zip(attacks, counts):
        try:
            made = a.rolls(target_immobile, rounding)
            for r in made:
                r.distribution()  # a roll at 0D is refused here
        except RulebookError as err:
            raise RuleValueError(
                f"{a.attacker}'s {a.kind.keyword} ({a.code}): {err}", field="attacks"
            ) from None
        rolls.extend(made)
        rules.extend([a.rule(dodge_mode)] * k)
        names.extend(_roll_names(a, k))
    defence = dodge_roll(dodge_code, dodge_mode, rounding, unaware_defence=unaware_defence)
    per_roll, joint = _joint(rolls, rules, defence)
    return Volley(attacks, tuple(names), tuple(rolls), tuple(rules), defence, per_roll, joint)


def _joint(
    rolls: Sequence[Roll], rules: Sequence[tuple[Outcome, Outcome, Outcome]], defence: Roll
) -> tuple[tuple[tuple[Fraction, Fraction, Fraction], ...], dict[tuple[int, int], Fraction]]:
    """Per-roll odds and the joint (full, half) counts, conditioning on the dodge total."""
    d_weights = defence.distribution().weights()
    d_total = sum(d_weights.values())
    tables = []
    for r in rolls:
        w = r.distribution().weights()
        tables.append((sum(w.values()), *_cumulative(w)))
    classes = [tuple(_class(o) for o in rule) for rule in rules]
    denominator = d_total
    for t in tables:
        denominator *= t[0]
    joint: dict[tuple[int, int], int] = {}
    per = [[0, 0, 0] for _ in rolls]
    steps = ((1, 0), (0, 1), (0, 0))
    for d, dw in d_weights.items():
        states = {(0, 0): dw}
        for i, (total, lo, hi, cum) in enumerate(tables):
            below = 0 if d <= lo else total if d > hi else cum[d - 1]
            at_most = 0 if d < lo else total if d >= hi else cum[d]
            split = (total - at_most, at_most - below, below)  # higher, tie, lower
            row = per[i]
            moves = [0, 0, 0]  # weight into full, half, neither
            for k in range(3):
                row[k] += dw * split[k]
                moves[classes[i][k]] += split[k]
            live = [(steps[c], m) for c, m in enumerate(moves) if m]
            if len(live) == 1:
                (df, dh), m = live[0]
                states = {(f + df, h + dh): w * m for (f, h), w in states.items()}
                continue
            nxt: dict[tuple[int, int], int] = {}
            for (f, h), w in states.items():
                for (df, dh), m in live:
                    key = (f + df, h + dh)
                    nxt[key] = nxt.get(key, 0) + w * m
            states = nxt
        for key, w in states.items():
            joint[key] = joint.get(key, 0) + w
    per_roll = tuple(
        (Fraction(a, d_total * t[0]), Fraction(b, d_total * t[0]), Fraction(c, d_total * t[0]))
        for (a, b, c), t in zip(per, tables)
    )
    return per_roll, {key: Fraction(w, denominator) for key, w in sorted(joint.items())}


_KINDS = {k.keyword: k for k in AttackKind}
_LINE = re.compile(
    r"\s*(?:(?P<name>[^:]*):)?\s*(?P<kind>[A-Za-z]+)\s*(?P<shots>[0-9]+(?=\s))?\s*(?P<codes>.*)"
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

    The kinds are the :attr:`AttackKind.keyword` words: ``shot``,
    ``instinctive``, ``burst N``, ``pistols``, ``explosive``, ``explosives``,
    ``melee`` (a blow at the dodging target: the range bonus +5 is added),
    ``psy``, ``ubiquity``, ``complementarity`` (which takes one or two codes).
    Write each code with its bonuses added; a code is read as every code box
    reads it (:meth:`DiceCode.parse`: ``4D + 2`` is ``4D+2``). The number of lines is checked
    against :data:`MAX_VOLLEY_LINES` before any line is read; numbers use the
    digits 0-9 only.

    Raises:
        RuleValueError: Naming the line at fault.

    Example:
        >>> [(a.attacker, a.kind.keyword, a.shots) for a in parse_attacks(
        ...     "Kira: burst 3 4D+2\nVosk: explosive 3D+2")]
        [('Kira', 'burst', 3), ('Vosk', 'explosive', 1)]
        >>> [str(a.code) for a in parse_attacks("Kira: shot 4D + 2\nTal: complementarity 4D 3D+1")]
        ['4D+2', '4D']
    """
    if not isinstance(text, str):
        raise RuleValueError(f"{field} must be text, got {quote(text)}", field=field)
    lines = [(n, line) for n, line in enumerate(text.splitlines(), 1) if line.strip()]
    if len(lines) > MAX_VOLLEY_LINES:
        raise RuleValueError(
            f"at most {MAX_VOLLEY_LINES} attacks, one a line: got {len(lines)} lines",
            field=field,
        )
    kinds = ", ".join(k.keyword for k in AttackKind)
    out: list[Attack] = []
    for n, line in lines:
        m = _LINE.fullmatch(line)
        kind = _KINDS.get(m.group("kind").lower()) if m else None
        if m is None or kind is None:
            raise RuleValueError(
                f"line {n} {quote(line.strip(), 40)}: write 'Name: kind code', the kind one of "
                f"{kinds} (e.g. 'Kira: burst 3 4D+2')",
                field=field,
            )
        name = (m.group("name") or "").strip() or f"attack {n}"
        codes = _codes(m.group("codes"))
        shots_text = m.group("shots")
        try:
            if kind is AttackKind.BURST:
                if shots_text is None or len(shots_text) > 2:
                    raise RuleValueError(
                        f"a burst needs its number of shots, 1 to {MAX_ATTACKS}, before the "
                        "code (e.g. 'burst 3 4D+2')",
                        field=field,
                    )
                shots = check_int(int(shots_text), "shots", 1, MAX_ATTACKS)
            elif shots_text is not None:
                raise RuleValueError(
                    f"only a burst takes a number of shots, not {kind.keyword!r}", field=field
                )
            else:
                shots = 1
            most = 2 if kind is AttackKind.COMPLEMENTARITY else 1
            if not 1 <= len(codes) <= most:
                raise RuleValueError(
                    f"{kind.keyword!r} takes {'one or two codes' if most == 2 else 'one code'}, "
                    f"got {quote(' '.join(codes), 40)}",
                    field=field,
                )
            parsed = [DiceCode.parse(c, field) for c in codes]
        except RulebookError as err:
            raise RuleValueError(f"line {n}: {err}", field=field) from None
        second = parsed[1] if len(parsed) == 2 else None
        out.append(Attack(name, kind, parsed[0], shots, second))
    return out
