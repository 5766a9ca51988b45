"""A whole close-combat fight between two fighters, round by round, exactly.

The extract gives no life points: a blow that gets through "does damage",
and the round's damage step may end the fight, but nothing says how much a
fighter can take. This module reads it so (each a named parameter):

* a hit inflicts **wounds** (:class:`WoundRule`): one per hit (the default),
  or as many as the blow's success levels;
* a fighter who has taken ``out_at`` wounds is out of the fight (default 2:
  the source's world is one where « vous pouvez mourir en deux coups »);
* every round, initiative is rolled (D10 + Dexterity, ties to the higher
  Dexterity, then a roll-off: :func:`.initiative.first_to_act`); the faster
  fighter strikes first and the slower, if still standing, strikes back. Each
  makes one attack and one defence a round, both free in close combat, and a
  blow is the chapter's exchange (:func:`.combat.melee_exchange`: the attack
  must beat the defence, a tie goes to the defender, and reach 9).

The fight is a Markov chain over the wounds of both fighters; a round where
nobody is hurt leaves the state as it was, every other round raises it, so
the exact chances follow by dynamic programming in order of total wounds.

Example:
    >>> jimmy = Fighter("Jimmy", 4, 4, CloseSkill.MARTIAL_ARTS, dodge=3)
    >>> wildling = Fighter("Wildling", 3, 2)
    >>> out = fight(jimmy, wildling)
    >>> out.first_wins + out.second_wins
    Fraction(1, 1)
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from fractions import Fraction

from ...errors import RuleValueError, check_int, quote
from .combat import (
    CloseSkill,
    DefenceKind,
    MeleeAttack,
    MeleeDefence,
    MeleeOutcome,
    MeleeRoll,
    melee_exchange,
    parse_enum,
)
from .core import CoreDie, Mean, UnisystemEnum, renamed
from .initiative import Combatant, InitiativeOrder, first_to_act, initiative_order

__all__ = [
    "MAX_NAME",
    "MAX_OUT_AT",
    "MAX_ROLLED_ROUNDS",
    "Blow",
    "FightOutcome",
    "FightRoll",
    "FightRound",
    "Fighter",
    "WoundRule",
    "fight",
    "fight_between",
]

#: Longest fighter name.
MAX_NAME = 30
#: A seeded fight stops after this many rounds (its exact odds cover every length).
MAX_ROLLED_ROUNDS = 200


class WoundRule(UnisystemEnum):
    """What one hit counts towards ``out_at`` (the source gives no damage system).

    Example:
        >>> WoundRule.LEVELS.english
        'each hit deals as many wounds as its success levels'
    """

    HITS = "each hit is one wound"
    LEVELS = "each hit deals as many wounds as its success levels"

    @property
    def english(self) -> str:
        """The reading, in this book's words."""
        return self.value


#: Most wounds ``out_at`` may ask for, by :class:`WoundRule`. The work grows as
#: out_at² × (the wounds one blow can deal)²; at these caps the slowest fight
#: measured takes about 0.05 s, far under the half second allowed.
MAX_OUT_AT = {WoundRule.HITS: 40, WoundRule.LEVELS: 20}


@dataclass(frozen=True)
class Fighter:
    """One fighter: Dexterity, a close-combat skill, and a dodge or a parry.

    Attributes:
        name: Shown in the roll (1 to :data:`MAX_NAME` characters).
        dexterity: Dexterity (0–30).
        skill: Level of the close-combat skill (0: a difficult DEX test).
        kind: That skill (Brawling, Martial Arts, Hand weapon).
        dodge: Dodge level (0: a difficult DEX test).
        defence: Dodge, parry (Dexterity + ``kind`` at ``skill``) or none.

    Example:
        >>> Fighter("Jimmy", 4, 4, CloseSkill.MARTIAL_ARTS, dodge=3).guard.skill
        3
    """

    name: str
    dexterity: int
    skill: int = 0
    kind: CloseSkill = CloseSkill.BRAWLING
    dodge: int = 0
    defence: DefenceKind = DefenceKind.DODGE

    def __post_init__(self) -> None:
        """Validate every field."""
        if not isinstance(self.name, str) or not 1 <= len(self.name.strip()) <= MAX_NAME:
            raise RuleValueError(
                f"name must be text of 1 to {MAX_NAME} characters, got {quote(self.name)}",
                field="name",
            )
        object.__setattr__(self, "name", self.name.strip())
        check_int(self.dexterity, "dexterity", 0, 30)
        check_int(self.skill, "skill", 0, 30)
        check_int(self.dodge, "dodge", 0, 30)
        object.__setattr__(self, "kind", parse_enum(self.kind, CloseSkill, "kind"))
        object.__setattr__(self, "defence", parse_enum(self.defence, DefenceKind, "defence"))

    def __repr__(self) -> str:
        return (
            f"unisystem.Fighter({self.name!r}, {self.dexterity}, {self.skill}, {self.kind!r}, "
            f"dodge={self.dodge}, defence={self.defence!r})"
        )

    @property
    def attack(self) -> MeleeAttack:
        """The fighter's free attack of the round."""
        return MeleeAttack(self.dexterity, self.skill, self.kind)

    @property
    def guard(self) -> MeleeDefence:
        """The fighter's free defence of the round."""
        level = self.skill if self.defence is DefenceKind.PARRY else self.dodge
        return MeleeDefence(self.defence, self.dexterity, level, self.kind)


@dataclass(frozen=True)
class Blow:
    """One rolled blow of a fight: who strikes, the exchange's roll, the wounds dealt.

    Example:
        >>> r = fight(Fighter("A", 4, 4), Fighter("B", 3, 2)).roll(random.Random(1))
        >>> r.rounds[0].blows[0].wounds >= 0
        True
    """

    striker: str
    target: str
    roll: MeleeRoll
    wounds: int

    def __str__(self) -> str:
        """``A strikes: attack …; B defends … → hit, 1 wound``."""
        d = "" if self.roll.defence is None else f"; {self.target} defends {self.roll.defence}"
        verdict = f"hit, {self.wounds} wound{'s' * (self.wounds != 1)}" if self.roll.hit else (
            "no hit")  # fmt: skip
        return f"{self.striker} strikes: attack {self.roll.attack}{d} → {verdict}"


@dataclass(frozen=True)
class FightRound:
    """One rolled round: initiative, the blows struck, the wounds after it.

    Attributes:
        number: 1 for the first round.
        order: The initiative roll.
        blows: One or two blows (the second is not struck by a fighter already out).
        wounds: ``(first's wounds, second's wounds)`` after the round.
    """

    number: int
    order: InitiativeOrder
    blows: tuple[Blow, ...]
    wounds: tuple[int, int]


@dataclass(frozen=True)
class FightRoll:
    """A whole seeded fight, every die shown.

    Attributes:
        names: The two fighters' names, first then second.
        out_at: Wounds that take a fighter out.
        rounds: Every round, in order.
        winner: The winner's name (``None``: stopped after :data:`MAX_ROLLED_ROUNDS`).

    Example:
        >>> r = fight(Fighter("A", 4, 4), Fighter("B", 3, 2)).roll(random.Random(2))
        >>> r.winner in ("A", "B"), str(r).startswith("Round 1")
        (True, True)
    """

    names: tuple[str, str]
    out_at: int
    rounds: tuple[FightRound, ...]
    winner: str | None

    @property
    def lines(self) -> list[str]:
        """The fight, one step a line."""
        out = []
        a, b = self.names
        for r in self.rounds:
            out.append(f"Round {r.number}: initiative " + "; ".join(map(str, r.order.entries)))
            out += [f"  {blow}" for blow in r.blows]
            out.append(f"  after round {r.number}: {a} {r.wounds[0]}, {b} {r.wounds[1]} "
                       f"wound(s) (out at {self.out_at})")  # fmt: skip
        if self.winner is None:
            out.append(f"Stopped after {len(self.rounds)} rounds with nobody out.")
        else:
            loser = b if self.winner == a else a
            out.append(f"{self.winner} wins in round {len(self.rounds)}: {loser} is out.")
        return out

    def __str__(self) -> str:
        return "\n".join(self.lines)


def _combatants(a: Fighter, b: Fighter) -> list[Combatant]:
    """The two fighters as the initiative rules see them."""
    return [Combatant(a.name, a.dexterity), Combatant(b.name, b.dexterity, side="other")]


def _wounds(exchange: MeleeOutcome, rule: WoundRule, out_at: int) -> dict[int, Fraction]:
    """``{wounds one blow deals: P}``, anything from ``out_at`` up counted as ``out_at``."""
    if rule is WoundRule.HITS:
        table = {0: 1 - exchange.hit_chance, 1: exchange.hit_chance}
    else:
        table = exchange.level_distribution()
    out: dict[int, Fraction] = {}
    for k, p in table.items():
        if p:
            out[min(k, out_at)] = out.get(min(k, out_at), Fraction(0)) + p
    return out


@dataclass(frozen=True)
class FightOutcome:
    """The exact odds of a whole fight, and its seeded replay.

    Attributes:
        first: The first fighter.
        second: The second fighter.
        out_at: Wounds that take a fighter out.
        wounds: What a hit counts (:class:`WoundRule`).
        first_strikes: The first fighter's blow against the second's defence.
        second_strikes: The second fighter's blow against the first's defence.
        first_acts_first: Exact P(the first fighter wins the initiative of a round).
        ends: ``{(winner, winner's wounds): P}`` over every way the fight ends.
        expected_rounds: Exact expected number of rounds.
        core: The core die of every roll.

    Example:
        >>> out = fight(Fighter("A", 3, 2), Fighter("B", 3, 2))  # mirror match
        >>> out.first_wins == out.second_wins == Fraction(1, 2)
        True
    """

    first: Fighter
    second: Fighter
    out_at: int
    wounds: WoundRule
    first_strikes: MeleeOutcome
    second_strikes: MeleeOutcome
    first_acts_first: Fraction
    ends: dict[tuple[str, int], Fraction]
    expected_rounds: Fraction
    core: CoreDie = CoreDie.D10

    @property
    def first_wins(self) -> Fraction:
        """Exact P(the first fighter is the one left standing)."""
        return sum((p for (w, _), p in self.ends.items() if w == self.first.name), Fraction(0))

    @property
    def second_wins(self) -> Fraction:
        """Exact P(the second fighter is the one left standing)."""
        return 1 - self.first_wins

    @property
    def rows(self) -> tuple[tuple[str, object], ...]:
        """The table a calculator shows (a :class:`Fraction` is a chance)."""
        a, b = self.first.name, self.second.name
        return (
            (f"P({a} wins the fight)", self.first_wins),
            (f"P({b} wins the fight)", self.second_wins),
            ("Expected rounds", Mean(self.expected_rounds)),
            (f"P({a} acts first in a round)", self.first_acts_first),
            (f"P({a}'s blow hits {b})", self.first_strikes.hit_chance),
            (f"P({b}'s blow hits {a})", self.second_strikes.hit_chance),
            ("A fighter is out at", f"{self.out_at} wound(s): {self.wounds.english}"),
        )

    def roll(self, rng: random.Random | None = None) -> FightRoll:
        """Fight once: every round's initiative, attack and defence dice, and wounds.

        Example:
            >>> out = fight(Fighter("A", 4, 4), Fighter("B", 3, 2))
            >>> str(out.roll(random.Random(7))) == str(out.roll(random.Random(7)))
            True
        """
        if rng is not None and not isinstance(rng, random.Random):
            raise RuleValueError(f"rng must be a random.Random, got {quote(rng)}", field="rng")
        rng = rng or random.Random()
        a, b = self.first, self.second
        who = _combatants(a, b)
        blows = {a.name: (self.first_strikes, b.name), b.name: (self.second_strikes, a.name)}
        wounds = {a.name: 0, b.name: 0}
        rounds: list[FightRound] = []
        winner = None
        while winner is None and len(rounds) < MAX_ROLLED_ROUNDS:
            order = initiative_order(who, rng, core=self.core)
            struck = []
            for striker in order.names:
                exchange, target = blows[striker]
                r = exchange.roll(rng, averaged=True)  # the fight counts wounds, not damage
                dealt = (1 if self.wounds is WoundRule.HITS else r.attack.level) if r.hit else 0
                struck.append(Blow(striker, target, r, dealt))
                wounds[target] += dealt
                if wounds[target] >= self.out_at:
                    winner = striker
                    break
            rounds.append(FightRound(len(rounds) + 1, order, tuple(struck),
                                     (wounds[a.name], wounds[b.name])))  # fmt: skip
        return FightRoll((a.name, b.name), self.out_at, tuple(rounds), winner)


def fight(
    first: Fighter,
    second: Fighter,
    *,
    out_at: int = 2,
    wounds: WoundRule = WoundRule.HITS,
    core: CoreDie = CoreDie.D10,
) -> FightOutcome:
    """The exact odds of a fight to the finish between two fighters.

    Args:
        first: One fighter.
        second: The other (another name).
        out_at: Wounds that take a fighter out (1 to ``MAX_OUT_AT[wounds]``).
        wounds: What one hit counts (:class:`WoundRule`).
        core: The core die of every roll (the D10, or 2D6 − 2).

    Raises:
        RuleValueError: A bad value, a parry the skills do not allow, two
            fighters of the same name, or two fighters who can never hit.

    Example:
        >>> out = fight(Fighter("Jimmy", 4, 4, CloseSkill.MARTIAL_ARTS, dodge=3),
        ...             Fighter("Wildling", 3, 2))
        >>> out.first_strikes.hit_chance, out.second_strikes.hit_chance
        (Fraction(17, 20), Fraction(7, 25))
        >>> fight(Fighter("A", 3, 2), Fighter("B", 3, 2), out_at=3).first_wins  # a mirror match
        Fraction(1, 2)
    """
    for name, value in (("first", first), ("second", second)):
        if not isinstance(value, Fighter):
            raise RuleValueError(f"{name} must be a Fighter, got {quote(value)}", field=name)
    wounds = parse_enum(wounds, WoundRule, "wounds")  # type: ignore[assignment]
    check_int(out_at, "out_at", 1, MAX_OUT_AT[wounds])
    if first.name == second.name:
        raise RuleValueError(
            f"second must have another name than first, got {quote(second.name)} twice",
            field="second",
        )
    core = parse_enum(core, CoreDie, "core")  # type: ignore[assignment]
    # A parry that cannot stop the other's attack is the defender's fault.
    with renamed({"parry_with": "second", "skill": "second"}):
        a_hits = melee_exchange(first.attack, second.guard, core=core)
    with renamed({"parry_with": "first", "skill": "first"}):
        b_hits = melee_exchange(second.attack, first.guard, core=core)
    if not a_hits.hit_chance and not b_hits.hit_chance:  # both fighters' fault: no field
        raise RuleValueError("neither fighter can ever hit the other: the fight would never end")
    q = first_to_act(_combatants(first, second), core=core)[first.name]
    da, db = _wounds(a_hits, wounds, out_at), _wounds(b_hits, wounds, out_at)
    ends, rounds = _solve(da, db, q, out_at, (first.name, second.name))
    return FightOutcome(first, second, out_at, wounds, a_hits, b_hits, q, ends, rounds, core)


def _solve(
    da: dict[int, Fraction], db: dict[int, Fraction], q: Fraction, n: int, names: tuple[str, str]
) -> tuple[dict[tuple[str, int], Fraction], Fraction]:
    """Push the chance of each state (wounds of both) forward, in order of total wounds.

    ``da`` is what the first fighter's blow deals, ``db`` the second's; ``q``
    is P(the first strikes first). A round that wounds nobody leaves the state
    as it was: each state's other moves are divided by 1 − P(stay) (the same
    in every state), and the rounds spent in a state, on average, are its
    chance divided by the same. Every move's chance is an integer over one
    ``unit``, so the chances are integers over ``unit`` to the power of the
    longest path (exact, and without a gcd at every step).
    """
    go = 1 / (1 - da.get(0, Fraction(0)) * db.get(0, Fraction(0)))
    # Each order of the round: (P(it) / (1 − P(stay)), striker's wounds, reply's, first strikes).
    orders = ((q * go, da, db, True), ((1 - q) * go, db, da, False))
    coefs = [
        p * px * py for p, hit, back, _ in orders for px in hit.values() for py in back.values()
    ]
    unit = math.lcm(*(c.denominator for c in coefs), *(p.denominator for p, *_ in orders))
    # Per order, per wounds x struck: (weight of x alone, {wounds y back: weight of x then y}).
    weights = [
        (first, {x: (int(p * px * unit), {y: int(p * px * py * unit) for y, py in back.items()})
                 for x, px in hit.items()})
        for p, hit, back, first in orders
    ]  # fmt: skip
    scale = unit ** (2 * n - 1)  # a state of total t is reached in at most t moves
    mass = {(0, 0): scale}
    ends: dict[tuple[str, int], int] = {}
    visits = 0
    for total in range(2 * n - 1):
        for wa in range(max(0, total - n + 1), min(total, n - 1) + 1):
            m = mass.pop((wa, total - wa), 0)
            if not m:
                continue
            visits += m
            m //= unit  # exact: see ``scale``
            for first, table in weights:
                me, them = (wa, total - wa) if first else (total - wa, wa)
                for x, (alone, replies) in table.items():
                    if them + x >= n:  # the striker's blow ends it
                        key = (names[not first], me)
                        ends[key] = ends.get(key, 0) + m * alone
                        continue
                    for y, w in replies.items():
                        if me + y >= n:  # the reply ends it
                            key = (names[first], them + x)
                            ends[key] = ends.get(key, 0) + m * w
                        elif x or y:
                            nxt = (me + y, them + x) if first else (them + x, me + y)
                            mass[nxt] = mass.get(nxt, 0) + m * w
    return {k: Fraction(v, scale) for k, v in sorted(ends.items())}, Fraction(visits, scale) * go


def fight_between(
    *,
    first_name: str = "Jimmy",
    first_dexterity: int = 4,
    first_skill: int = 4,
    first_kind: CloseSkill = CloseSkill.MARTIAL_ARTS,
    first_dodge: int = 3,
    first_defence: DefenceKind = DefenceKind.DODGE,
    second_name: str = "Wildling",
    second_dexterity: int = 3,
    second_skill: int = 2,
    second_kind: CloseSkill = CloseSkill.BRAWLING,
    second_dodge: int = 0,
    second_defence: DefenceKind = DefenceKind.DODGE,
    out_at: int = 2,
    wounds: WoundRule = WoundRule.HITS,
    core: CoreDie = CoreDie.D10,
) -> FightOutcome:
    """:func:`fight` with each fighter's traits as keywords (the calculator's controls).

    The defaults are the chapter's fight: Jimmy (Dexterity 4, Martial Arts 4,
    Dodge 3) against a wildling (Dexterity 3, Brawling 2, no Dodge).

    Example:
        >>> fight_between().first_wins > fight_between(out_at=1).first_wins
        True
        >>> fight_between(second_name="Jimmy")
        Traceback (most recent call last):
        ...
        rulebook_py.errors.RuleValueError: second_name must differ from first_name, got 'Jimmy' twice
    """
    fighters = []
    for side, traits in (("first", (first_name, first_dexterity, first_skill, first_kind,
                                    first_dodge, first_defence)),
                         ("second", (second_name, second_dexterity, second_skill, second_kind,
                                     second_dodge, second_defence))):  # fmt: skip
        names = {k: f"{side}_{k}" for k in ("name", "dexterity", "skill", "kind", "dodge")}
        with renamed({**names, "defence": f"{side}_defence"}):
            fighters.append(Fighter(*traits))
    if fighters[0].name == fighters[1].name:
        raise RuleValueError(
            f"second_name must differ from first_name, got {quote(fighters[1].name)} twice",
            field="second_name",
        )
    # A parry the other's attack forbids is shown at the defender's defence.
    with renamed({"first": "first_defence", "second": "second_defence"}):
        return fight(fighters[0], fighters[1], out_at=out_at, wounds=wounds, core=core)
