"""A whole close-combat fight between two fighters, round by round, exactly.

The extract gives no life points: a blow that gets through "does damage",
and the round's damage step may end the fight, but nothing says how much a
fighter can take. This module reads it so (each a named parameter):

* a hit inflicts **wounds** (:class:`WoundRule`): one per hit (the default),
  or as many as the blow's success levels;
* a fighter who has taken ``out_at`` wounds is out of the fight (default 2:
  the source's world is one where « vous pouvez mourir en deux coups »);
* every round, initiative is rolled (D10 + Dexterity, ties to the higher
  Dexterity, then a roll-off: :func:`.initiative_rolls.first_to_act`); the faster
  fighter strikes first and the slower, if still standing, strikes back. Each
  makes one attack and one defense a round, both free in close combat, and a
  blow is the chapter's exchange (:func:`.combat.melee_exchange`: the attack
  must beat the defense, a tie goes to the defender, and reach 9);
* each fighter defends as well as it can (``defense=BEST_DEFENSE``, the
  default): it parries (Dexterity + its close-combat skill) or dodges
  (Dexterity + Dodge), whichever gives the other's blow the lower chance, a
  parry only where the rules allow it, a dodge on a tie. The source leaves the
  choice to the target (« la cible peut tenter une manœuvre défensive, comme
  bloquer l'attaque [...], esquiver »); a fixed dodge, parry or no defense
  is the option.

The fight is a Markov chain over the wounds of both fighters; a round where
nobody is hurt leaves the state as it was, every other round raises it, so
the exact chances follow by dynamic programming in order of total wounds.

Example:
    >>> jimmy = Fighter("Jimmy", 4, 4, CloseSkill.MARTIAL_ARTS, dodge=3)
    >>> wildling = Fighter("Wildling", 3, 2)
    >>> out = fight(jimmy, wildling)
    >>> out.first_wins + out.second_wins
    Fraction(1, 1)
    >>> out.first_guard.kind, out.second_guard.kind  # each parries: its better defense
    (unisystem.DefenseKind.PARRY, unisystem.DefenseKind.PARRY)
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from fractions import Fraction

from ...distribution import Mean
from ...errors import RuleValueError, check_enum, check_int, quote
from ...labels import LabelledEnum
from ...messages import Msg, join
from .arguments import (
    check_fields,
    check_record,
    check_rng,
    check_text,
    exact_chance,
    parse_enum,
    renamed,
)
from .combat import (
    CloseSkill,
    DefenseKind,
    MeleeAttack,
    MeleeDefense,
    MeleeOutcome,
    MeleeRoll,
    can_parry,
    melee_exchange,
)
from .core import CoreDie, check_core
from .initiative_rolls import Combatant, InitiativeOrder, first_to_act, initiative_order
from .words import MN, M

__all__ = [
    "BEST_DEFENSE",
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
]

#: Longest fighter name.
MAX_NAME = 30
#: A seeded fight stops after this many rounds (its exact odds cover every length).
MAX_ROLLED_ROUNDS = 200
#: A fighter's defense chosen against the other's attack: the better of parry and dodge.
BEST_DEFENSE = "best"


class WoundRule(LabelledEnum):
    """What one hit counts towards ``out_at`` (the source gives no damage system).

    Example:
        >>> WoundRule.LEVELS.english
        'each hit deals as many wounds as its success levels'
    """

    HITS = M("each hit is one wound")
    LEVELS = M("each hit deals as many wounds as its success levels")

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
        defense: :data:`BEST_DEFENSE` (the better of parry and dodge against
            the other's attack), or always dodge, parry (Dexterity + ``kind``
            at ``skill``) or none.

    Example:
        >>> jimmy = Fighter("Jimmy", 4, 4, CloseSkill.MARTIAL_ARTS, dodge=3)
        >>> jimmy.guard_against(Fighter("Wildling", 3, 2)).kind
        unisystem.DefenseKind.PARRY
    """

    name: str
    dexterity: int
    skill: int = 0
    kind: CloseSkill = CloseSkill.BRAWLING
    dodge: int = 0
    defense: DefenseKind | str = BEST_DEFENSE

    def __post_init__(self) -> None:
        """Validate every field."""
        check_text(self.name, "name")
        if not 1 <= len(self.name.strip()) <= MAX_NAME:
            raise RuleValueError(
                M(
                    "{name} must be text of 1 to {n} characters, got {got}",
                    name="name",
                    n=MAX_NAME,
                    got=quote(self.name),
                ),
                field="name",
            )
        object.__setattr__(self, "name", self.name.strip())
        check_int(self.dexterity, "dexterity", 0, 30)
        check_int(self.skill, "skill", 0, 30)
        check_int(self.dodge, "dodge", 0, 30)
        object.__setattr__(self, "kind", parse_enum(self.kind, CloseSkill, "kind"))
        if self.defense != BEST_DEFENSE or type(self.defense) is not str:
            object.__setattr__(self, "defense", parse_enum(self.defense, DefenseKind, "defense"))
        check_fields(self)

    def __repr__(self) -> str:
        return (
            f"unisystem.Fighter({self.name!r}, {self.dexterity}, {self.skill}, {self.kind!r}, "
            f"dodge={self.dodge}, defense={self.defense!r})"
        )

    @property
    def attack(self) -> MeleeAttack:
        """The fighter's free attack of the round."""
        return MeleeAttack(self.dexterity, self.skill, self.kind)

    def _guard(self, kind: DefenseKind) -> MeleeDefense:
        level = self.skill if kind is DefenseKind.PARRY else self.dodge
        return MeleeDefense(kind, self.dexterity, level, self.kind)

    def guard_against(self, attacker: Fighter, core: CoreDie = CoreDie.D10) -> MeleeDefense:
        """The fighter's free defense of the round against ``attacker``'s blow.

        With :data:`BEST_DEFENSE`, the parry or the dodge that gives the blow
        the lower chance (a parry only where :func:`.combat.can_parry` allows
        it; a dodge on a tie); else the fixed defense.

        Example:
            >>> wildling = Fighter("Wildling", 3, 2)
            >>> wildling.guard_against(Fighter("Ann", 3, 3, CloseSkill.HAND_WEAPON)).kind
            unisystem.DefenseKind.DODGE
        """
        check_record(attacker, Fighter, "attacker")
        check_core(core)
        if self.defense != BEST_DEFENSE:
            return self._guard(self.defense)  # type: ignore[arg-type]
        dodge = self._guard(DefenseKind.DODGE)
        if not can_parry(self.kind, attacker.kind, self.skill):
            return dodge
        parry = self._guard(DefenseKind.PARRY)
        by_parry = melee_exchange(attacker.attack, parry, core=core).hit_chance
        by_dodge = melee_exchange(attacker.attack, dodge, core=core).hit_chance
        return parry if by_parry < by_dodge else dodge


@dataclass(frozen=True)
class Blow:
    """One rolled blow of a fight: who strikes, the exchange's roll, the wounds dealt.

    Example:
        >>> r = fight(Fighter("A", 4, 4), Fighter("B", 3, 2)).roll(random.Random(1))
        >>> r.rounds[0].blows[0].wounds >= 0
        True
        >>> print(Blow("A", "B", melee_exchange(MeleeAttack(4, 4), MeleeDefense(DefenseKind.NONE)).roll(random.Random(1)), 1))
        A strikes: attack D10 [3] + 8 = 11 → success, 2 levels (Decent) → hit, 1 wound
    """

    striker: str
    target: str
    roll: MeleeRoll
    wounds: int

    def __post_init__(self) -> None:
        """Refuse a blow built by hand with values of the wrong kind."""
        check_fields(self)
        check_int(self.wounds, "wounds", 0, max(MAX_OUT_AT.values()))

    @property
    def message(self) -> Msg:
        """``A strikes: attack …; B defends … → hit, 1 wound``."""
        verdict = (
            MN("hit, {n} wound", "hit, {n} wounds", self.wounds, n=self.wounds)
            if self.roll.hit
            else M("no hit")
        )
        if self.roll.defense is None:
            return M(
                "{striker} strikes: attack {attack} → {verdict}",
                striker=self.striker,
                attack=self.roll.attack.message,
                verdict=verdict,
            )
        return M(
            "{striker} strikes: attack {attack}; {target} defends {defense} → {verdict}",
            striker=self.striker,
            attack=self.roll.attack.message,
            target=self.target,
            defense=self.roll.defense.message,
            verdict=verdict,
        )

    def __str__(self) -> str:
        """The blow's :attr:`message` (English)."""
        return self.message


@dataclass(frozen=True)
class FightRound:
    """One rolled round: initiative, the blows struck, the wounds after it.

    Attributes:
        number: 1 for the first round.
        order: The initiative roll.
        blows: One or two blows (the second is not struck by a fighter already out).
        wounds: ``(first's wounds, second's wounds)`` after the round.

    Example:
        >>> FightRound(1, initiative_order([Combatant("A", 4)], random.Random(1)), (Blow("A", "B", melee_exchange(MeleeAttack(4, 4), MeleeDefense(DefenseKind.NONE)).roll(random.Random(1)), 1),), (0, 1)).wounds
        (0, 1)
    """

    number: int
    order: InitiativeOrder
    blows: tuple[Blow, ...]
    wounds: tuple[int, int]

    def __post_init__(self) -> None:
        """Refuse a round built by hand with values of the wrong kind."""
        check_fields(self)
        check_int(self.number, "number", 1, MAX_ROLLED_ROUNDS)
        if not 1 <= len(self.blows) <= 2:
            raise RuleValueError(
                M("{name} must hold one or two blows, got {n}", name="blows", n=len(self.blows)),
                field="blows",
            )
        for wounds in self.wounds:
            check_int(wounds, "wounds", 0, max(MAX_OUT_AT.values()))


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
        >>> FightRoll(("A", "B"), 1, fight(Fighter("A", 4, 4), Fighter("B", 3, 2), out_at=1).roll(random.Random(1)).rounds, None).lines[-1]
        'Stopped after 2 rounds with nobody out.'
    """

    names: tuple[str, str]
    out_at: int
    rounds: tuple[FightRound, ...]
    winner: str | None

    def __post_init__(self) -> None:
        """Refuse a fight built by hand with values of the wrong kind."""
        check_fields(self)
        check_int(self.out_at, "out_at", 1, max(MAX_OUT_AT.values()))
        if not 1 <= len(self.rounds) <= MAX_ROLLED_ROUNDS:
            raise RuleValueError(
                M(
                    "{name} must hold 1 to {n} rounds, got {got}",
                    name="rounds",
                    n=MAX_ROLLED_ROUNDS,
                    got=len(self.rounds),
                ),
                field="rounds",
            )
        if self.winner is not None and self.winner not in self.names:
            raise RuleValueError(
                M(
                    "{name} must be one of the two names or None, got {got}",
                    name="winner",
                    got=quote(self.winner),
                ),
                field="winner",
            )

    @property
    def lines(self) -> list[Msg]:
        """The fight, one step a line."""
        out: list[Msg] = []
        a, b = self.names
        for r in self.rounds:
            out.append(
                M(
                    "Round {n}: initiative {order}",
                    n=r.number,
                    order=join("; ", [e.message for e in r.order.entries]),
                )
            )
            out += [M("  {blow}", blow=blow.message) for blow in r.blows]
            out.append(
                M(
                    "  after round {n}: {a} {wa}, {b} {wb} wound(s) (out at {out_at})",
                    n=r.number,
                    a=a,
                    wa=r.wounds[0],
                    b=b,
                    wb=r.wounds[1],
                    out_at=self.out_at,
                )
            )
        if self.winner is None:
            out.append(
                MN(
                    "Stopped after {n} round with nobody out.",
                    "Stopped after {n} rounds with nobody out.",
                    len(self.rounds),
                    n=len(self.rounds),
                )
            )
        else:
            loser = b if self.winner == a else a
            out.append(
                M(
                    "{winner} wins in round {n}: {loser} is out.",
                    winner=self.winner,
                    n=len(self.rounds),
                    loser=loser,
                )
            )
        return out

    @property
    def message(self) -> Msg:
        """The whole fight, one step a line."""
        return join("\n", self.lines)

    def __str__(self) -> str:
        """The whole fight (English)."""
        return self.message


_GUARDS = {
    DefenseKind.DODGE: M("dodging (esquiver)"),
    DefenseKind.PARRY: M("parrying (parer)"),
    DefenseKind.NONE: M("no defense"),
}


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
        first_strikes: The first fighter's blow against the second's defense.
        second_strikes: The second fighter's blow against the first's defense.
        first_acts_first: Exact P(the first fighter wins the initiative of a round).
        ends: ``{(winner, winner's wounds): P}`` over every way the fight ends.
        expected_rounds: Exact expected number of rounds.
        core: The core die of every roll.
        first_guard: The first fighter's defense against the second's blow.
        second_guard: The second fighter's defense against the first's blow.
        unused: ``(parameter, why)`` that do not count (the calculator's outcome,
            :func:`rulebook_py.outcomes.unisystem.fight_between`, names them).

    Example:
        >>> out = fight(Fighter("A", 3, 2), Fighter("B", 3, 2))  # mirror match
        >>> out.first_wins == out.second_wins == Fraction(1, 2)
        True
        >>> FightOutcome(out.first, out.second, 2, WoundRule.HITS, out.first_strikes,
        ...              out.second_strikes, Fraction(1, 2), {("A", 0): Fraction(1)},
        ...              Fraction(2)).first_wins
        Fraction(1, 1)
        >>> FightOutcome(Fighter("A", 3, 2), Fighter("B", 3, 2), 1, WoundRule.HITS, melee_exchange(MeleeAttack(3, 2), MeleeDefense()), melee_exchange(MeleeAttack(3, 2), MeleeDefense()), Fraction(1, 2), {("A", 0): Fraction(1, 2), ("B", 0): Fraction(1, 2)}, Fraction(5, 3)).first_wins
        Fraction(1, 2)
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
    first_guard: MeleeDefense | None = None
    second_guard: MeleeDefense | None = None
    unused: tuple[tuple[str, str], ...] = ()

    def __post_init__(self) -> None:
        """Refuse an outcome built by hand with values of the wrong kind."""
        check_fields(self)
        check_int(self.out_at, "out_at", 1, MAX_OUT_AT[self.wounds])
        exact_chance(self.first_acts_first, "first_acts_first")
        names = (self.first.name, self.second.name)
        for (who, taken), p in self.ends.items():
            exact_chance(p, "ends")
            check_int(taken, "ends", 0, self.out_at - 1)
            if who not in names:
                raise RuleValueError(
                    M(
                        "{name} must name one of the two fighters, got {got}",
                        name="ends",
                        got=quote(who),
                    ),
                    field="ends",
                )
        if sum(self.ends.values()) != 1:
            raise RuleValueError(M("{names} must add up to 1", names="ends"), field="ends")
        if self.expected_rounds < 1:
            raise RuleValueError(
                M(
                    "{name} must be at least 1, got {got}",
                    name="expected_rounds",
                    got=quote(self.expected_rounds),
                ),
                field="expected_rounds",
            )

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
        rows: list[tuple[str, object]] = [
            (M("P({name} wins the fight)", name=a), self.first_wins),
            (M("P({name} wins the fight)", name=b), self.second_wins),
            (M("Expected rounds"), Mean(self.expected_rounds)),
            (M("P({name} acts first in a round)", name=a), self.first_acts_first),
            (M("P({a}'s blow hits {b})", a=a, b=b), self.first_strikes.hit_chance),
            (M("P({a}'s blow hits {b})", a=b, b=a), self.second_strikes.hit_chance),
        ]
        for name, guard in ((a, self.first_guard), (b, self.second_guard)):
            if guard is not None:
                rows.append((M("{name} defends by", name=name), _GUARDS[guard.kind]))
        rows.append(
            (
                M("A fighter is out at"),
                MN(
                    "{n} wound: {rule}",
                    "{n} wounds: {rule}",
                    self.out_at,
                    n=self.out_at,
                    rule=self.wounds.english,
                ),
            )
        )
        return tuple(rows)

    def roll(self, rng: random.Random | None = None) -> FightRoll:
        """Fight once: every round's initiative, attack and defense dice, and wounds.

        Example:
            >>> out = fight(Fighter("A", 4, 4), Fighter("B", 3, 2))
            >>> str(out.roll(random.Random(7))) == str(out.roll(random.Random(7)))
            True
        """
        rng = check_rng(rng, none_is_fresh=True)
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
            rounds.append(
                FightRound(len(rounds) + 1, order, tuple(struck), (wounds[a.name], wounds[b.name]))
            )
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
        (Fraction(18, 25), Fraction(21, 100))
        >>> fight(Fighter("A", 3, 2), Fighter("B", 3, 2), out_at=3).first_wins  # a mirror match
        Fraction(1, 2)
    """
    check_record(first, Fighter, "first")
    check_record(second, Fighter, "second")
    wounds = check_enum(wounds, WoundRule, "wounds")
    check_int(out_at, "out_at", 1, MAX_OUT_AT[wounds])
    if first.name == second.name:
        raise RuleValueError(
            M("second must have another name than first, got {got} twice", got=quote(second.name)),
            field="second",
        )
    core = check_enum(core, CoreDie, "core")
    first_guard, second_guard = first.guard_against(second, core), second.guard_against(first, core)
    # A parry that cannot stop the other's attack is the defender's fault.
    with renamed({"parry_with": "second", "skill": "second"}):
        a_hits = melee_exchange(first.attack, second_guard, core=core)
    with renamed({"parry_with": "first", "skill": "first"}):
        b_hits = melee_exchange(second.attack, first_guard, core=core)
    if not a_hits.hit_chance and not b_hits.hit_chance:  # both fighters' fault: no field
        raise RuleValueError(M("neither fighter can ever hit the other: the fight would never end"))
    q = first_to_act(_combatants(first, second), core=core)[first.name]
    da, db = _wounds(a_hits, wounds, out_at), _wounds(b_hits, wounds, out_at)
    ends, rounds = _solve(da, db, q, out_at, (first.name, second.name))
    return FightOutcome(
        first,
        second,
        out_at,
        wounds,
        a_hits,
        b_hits,
        q,
        ends,
        rounds,
        core,
        first_guard,
        second_guard,
    )


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
        (
            first,
            {
                x: (int(p * px * unit), {y: int(p * px * py * unit) for y, py in back.items()})
                for x, px in hit.items()
            },
        )
        for p, hit, back, first in orders
    ]
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
