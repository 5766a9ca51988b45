"""Chroniques Oubliées: a whole melee fight between two fighters, round by round, exactly.

Every rule comes from the chapter's own functions: the fixed initiative order
(:func:`.conditions.initiative_order`: no die, the same order every round),
one melee attack a turn priced and rolled by :func:`.attacks.attack_action`
(naturals, doubled criticals, a knock-out blow's −2 and its critical failure
that turns lethal and doubled), lethal damage off the hit points
(:func:`.damage.apply_damage`) and temporary damage counted apart until it
exceeds them (:func:`.damage.knock_out`). A fighter at 0 hit points or
knocked out is out of the fight.

Where the source is silent, this module reads it so:

* each turn, each fighter makes one melee attack (no defense action, no
  second weapon); the slower fighter strikes back only if still standing;
* temporary damage is not recovered during the fight (one point a minute
  is six rounds; the fight is worked out as if it never lasted that long);
* a knock-out blow takes the −2 of a weapon not made for it, unless the
  fighter's weapon suits the purpose (``suitable_weapon``: bare hands, a club).

The fight is a Markov chain over both fighters' hit points and temporary
damage. A round in which nobody is hurt leaves the state as it was; any
other blow moves it forward, so the exact chances follow by dynamic
programming in order of damage taken. The work grows with the hit points
(a fighter struck to knock out is tracked by hit points *and* temporary
damage), so both are capped before any work: :data:`MAX_HIT_POINTS`, and
:data:`MAX_KNOCK_OUT_HIT_POINTS` for a fighter the other strikes to knock out.
It grows too with the size of the exact chances, which many dice make long
(``1000d20ro1kh1`` has more than 20^1000 equally likely rolls): a fighter's
damage dice may have at most :data:`MAX_FIGHT_ROLLS` equally likely rolls.

Example:
    >>> out = fight(KRUSH, GOBLIN)  # Krush, striking to knock out, against the goblin
    >>> out.order, sum(out.ends.values())
    (('Krush', 'Goblin'), Fraction(1, 1))
"""

from __future__ import annotations

import dataclasses
import math
import random
import re
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ...dice import Dice
from ...errors import RuleValueError, check_int, check_type, quote
from ...messages import Msg, join
from .attack_roll import AttackRoll
from .attacks import AttackReport, Blow, attack_action
from .conditions import Combatant, initiative_order
from .core import (
    BONUS_RANGE,
    DEFENSE_RANGE,
    INITIATIVE_RANGE,
    STRENGTH_RANGE,
    CheckDie,
    check_bool,
    check_name,
    check_rng,
)
from .damage import apply_damage, knock_out
from .records import check_fields
from .typed_damage import damage_dice
from .words import M

__all__ = [
    "GOBLIN",
    "KNOCKED_OUT",
    "KRUSH",
    "MAX_FIGHT_ROLLS",
    "MAX_FIGHT_ROUNDS",
    "MAX_HIT_POINTS",
    "MAX_KNOCK_OUT_HIT_POINTS",
    "ZERO_HIT_POINTS",
    "FightOutcome",
    "FightRoll",
    "FightRound",
    "Fighter",
    "check_fighter",
    "check_knock_out_cap",
    "fight",
]

#: Most hit points a fighter may start the fight with (the work grows with them).
MAX_HIT_POINTS = 30
#: Most hit points of a fighter the other strikes to knock out: it is tracked by
#: hit points and temporary damage together. At these caps the slowest fight
#: measured takes about 0.2 s, under the half second allowed.
MAX_KNOCK_OUT_HIT_POINTS = 10
#: A seeded fight stops after this many rounds (its exact odds cover every length).
MAX_FIGHT_ROUNDS = 200
#: Most equally likely rolls of a fighter's damage dice (2^64: 14d20 or 24d6 fit):
#: the exact chances are fractions over their product, to the power of the hit
#: points; at this cap the slowest fight measured takes about 0.07 s.
MAX_FIGHT_ROLLS = 2**64
#: Most rounds a whole fight may last on average (a check of a record built by hand:
#: at 30 hit points, 1 damage a hit and hits on a natural 20 only, it is 1,200).
MAX_EXPECTED_ROUNDS = 10**9
#: How a fighter is out: knocked out by temporary damage, or down to 0 hit points.
KNOCKED_OUT = "knocked out"
ZERO_HIT_POINTS = "at 0 hit points"
#: How a fighter is out, in words.
HOW_OUT = {KNOCKED_OUT: M("knocked out"), ZERO_HIT_POINTS: M("at 0 hit points")}


@dataclass(frozen=True)
class Fighter:
    """One fighter of a melee fight.

    Attributes:
        name: Shown in the roll (1 to 60 characters).
        hit_points: Hit points (PV) at the start, 1 to :data:`MAX_HIT_POINTS`.
        attack: Melee attack score, -30 to 40.
        defense: DEF, 1 to 60.
        damage: Weapon dice (the STR modifier is added in melee).
        strength: STR modifier, -5 to 10: the damage modifier of its blows,
            and what comes off the temporary damage it takes.
        initiative: Fixed initiative score, 0 to 60.
        player: A player character (wins initiative ties).
        wisdom: WIS score, 1 to 30 (breaks the remaining ties).
        die: ``"d20"`` or ``"2d20kh1"`` (an ability), or a d12 die.
        knock_out: Strikes with the flat of the weapon: temporary damage.
        suitable_weapon: Its weapon suits knocking out (bare hands, a club):
            its knock-out blows take no −2.

    Example:
        >>> Fighter("Krush", 12, 4, 15, "1d8", 3, knock_out=True).combatant.initiative
        10
    """

    name: str
    hit_points: int
    attack: int
    defense: int
    damage: str | Dice = "1d6"
    strength: int = 0
    initiative: int = 10
    player: bool = False
    wisdom: int = 10
    die: str = "d20"
    knock_out: bool = False
    suitable_weapon: bool = False

    def __post_init__(self) -> None:
        """Check every field (an error names it)."""
        check_fighter(vars(self))

    @property
    def combatant(self) -> Combatant:
        """The fighter as the initiative rules see it."""
        return Combatant(self.name, self.initiative, self.player, self.wisdom)


_FIGHTER_FIELDS = tuple(f.name for f in dataclasses.fields(Fighter))


def _check_names(names: object, field: str, count: int = 1) -> None:
    """Refuse anything but ``count`` short names (lowercase letters and underscores)."""
    if not (
        isinstance(names, tuple)
        and len(names) == count
        and all(isinstance(n, str) and re.fullmatch("[a-z_]{0,20}", n) for n in names)
    ):
        raise RuleValueError(
            M(
                "{name} must be {n} short name(s) of lowercase letters and underscores, got {got}",
                name=field,
                n=count,
                got=quote(names if count > 1 else names[0] if isinstance(names, tuple) else names),
            ),
            field=field,
            value=names,
        )


def check_fighter(f: Mapping[str, Any], side: str = "") -> None:
    """Check a fighter's values (a :class:`Fighter`'s fields), an error naming ``side`` + the field.

    Args:
        f: Every field of a :class:`Fighter`, by name.
        side: What the error puts before the field's name (such as ``"first_"``):
            at most 20 lowercase letters and underscores.

    Raises:
        RuleValueError: With ``field`` set to ``side`` + the field at fault.

    Example:
        >>> check_fighter(vars(KRUSH) | {"wisdom": 0}, "first_")
        Traceback (most recent call last):
        ...
        rulebook_py.errors.RuleValueError: first_wisdom must be an integer from 1 to 30, got 0
    """
    _check_names((side,), "side")
    check_type(f, Mapping, "f", M("a mapping of a Fighter's fields"))
    for name in _FIGHTER_FIELDS:
        if name not in f:
            raise RuleValueError(
                M(
                    "{name} must hold every field of a Fighter, without {field}",
                    name="f",
                    field=name,
                ),
                field="f",
            )
    check_name(f["name"], side + "name")
    check_int(f["hit_points"], side + "hit_points", 1, MAX_HIT_POINTS)
    check_int(f["attack"], side + "attack", *BONUS_RANGE)
    check_int(f["defense"], side + "defense", *DEFENSE_RANGE)
    _fight_dice(f["damage"], side + "damage")
    check_int(f["strength"], side + "strength", *STRENGTH_RANGE)
    check_int(f["initiative"], side + "initiative", *INITIATIVE_RANGE)
    check_bool(f["player"], side + "player")
    check_int(f["wisdom"], side + "wisdom", 1, 30)
    CheckDie.from_text(f["die"], side + "die")
    check_bool(f["knock_out"], side + "knock_out")
    check_bool(f["suitable_weapon"], side + "suitable_weapon")


def _fight_dice(text: object, field: str) -> Dice:
    """Damage dice a whole fight can follow exactly: at most :data:`MAX_FIGHT_ROLLS` rolls."""
    dice = damage_dice(text, field, field)  # type: ignore[arg-type]
    rolls = sum(dice.distribution.weights().values())
    if rolls > MAX_FIGHT_ROLLS:
        raise RuleValueError(
            M(
                "{name} {dice}: a whole fight is worked out exactly only for damage dice of at "
                "most 2^64 equally likely rolls (such as 14d20 or 24d6); these have {n}",
                name=field,
                dice=quote(str(dice)),
                n=rolls,
            ),
            field=field,
            value=text,
        )
    return dice


#: The chapter's fight: Krush (attack +4, 1d8 + STR 3, initiative 12) strikes the
#: goblin with the flat of his sword to question it; Krush's DEF 15 and 12 hit
#: points and the goblin's attack +2 and 1d6 are this book's.
KRUSH = Fighter("Krush", 12, 4, 15, "1d8", 3, 12, True, knock_out=True)
#: The goblin of the chapter's fight: 3 hit points left, STR +1, DEF 14, initiative 12.
GOBLIN = Fighter("Goblin", 3, 2, 14, "1d6", 1, 12)


def _report(striker: Fighter, target: Fighter) -> AttackReport:
    """The striker's one melee attack of a turn against the target."""
    blow = Blow(
        striker.damage,
        striker.strength,
        temporary=striker.knock_out,
        suitable_weapon=striker.knock_out and striker.suitable_weapon,
    )
    return attack_action(
        striker.attack, target.defense, striker.die, blow=blow, target_strength=target.strength
    )


def _blow(report: AttackReport, hit_points: int) -> dict[tuple[int, int], Fraction]:
    """``{(lethal, temporary): P}`` of one attack, capped where more changes nothing.

    One attack never deals both kinds: a knock-out blow deals lethal damage
    only on a critical failure and temporary damage only on a hit, so the
    report's two distributions give the joint one. Lethal damage from the
    target's hit points up, and temporary damage past them, all end the same.
    """
    out: dict[tuple[int, int], Fraction] = {}
    for kind, dist in ((0, report.lethal), (1, report.temporary)):
        for v, p in dist.pmf().items():
            if v and p:
                key = (min(v, hit_points), 0) if kind == 0 else (0, min(v, hit_points + 1))
                out[key] = out.get(key, Fraction(0)) + p
    out[(0, 0)] = 1 - sum(out.values(), Fraction(0))
    return out


def _after(hit_points: int, temporary: int, blow: tuple[int, int]) -> tuple[int, int] | str:
    """The target's state after a blow, or how it is out."""
    hp = apply_damage(hit_points, blow[0])
    if hp == 0:
        return ZERO_HIT_POINTS
    if knock_out(hp, temporary + blow[1]).knocked_out:
        return KNOCKED_OUT
    return hp, temporary + blow[1]


@dataclass(frozen=True)
class FightRound:
    """One rolled combat round (*tour de combat*, 10 seconds) of a whole fight.

    Each blow struck in the round, and both fighters' state after it.

    Attributes:
        number: 1 for the first round.
        blows: ``(striker's name, the attack rolled)``, one or two.
        state: ``{name: (hit points, temporary damage)}`` after the round.

    Example:
        >>> FightRound(1, (("Krush", AttackRoll(("a miss",))),), {"Krush": (12, 0)}).number
        1
    """

    number: int
    blows: tuple[tuple[str, AttackRoll], ...]
    state: dict[str, tuple[int, int]]

    def __post_init__(self) -> None:
        """Check every field."""
        check_fields(self, number=(1, MAX_FIGHT_ROUNDS))


@dataclass(frozen=True)
class FightRoll:
    """A whole seeded fight, every die shown.

    Attributes:
        order: The two names, the one who acts first first.
        initiative: The two fighters as the initiative rules see them, in order.
        start: ``{name: hit points}`` at the start.
        rounds: Every round, in order.
        winner: Who is left standing (``None``: stopped after :data:`MAX_FIGHT_ROUNDS`).
        how: How the loser is out (:data:`KNOCKED_OUT` or :data:`ZERO_HIT_POINTS`).
        minutes: Minutes a knocked-out loser stays out (at least).

    Example:
        >>> r = fight(KRUSH, GOBLIN).roll(random.Random(3))
        >>> r.lines[0]
        'Initiative (fixed, the same every round): Krush 12 (PC, WIS 10), then Goblin 12 (NPC, WIS 10)'
        >>> FightRoll(("A", "B"), (Combatant("A", 12), Combatant("B", 10)), {"A": 5, "B": 5}, (), None).lines[-1]
        'Stopped after 0 rounds with both still standing.'
    """

    order: tuple[str, str]
    initiative: tuple[Combatant, Combatant]
    start: dict[str, int]
    rounds: tuple[FightRound, ...]
    winner: str | None
    how: str = ""
    minutes: int = 0

    def __post_init__(self) -> None:
        """Check every field (a winner among the two, an ending the fight knows)."""
        check_fields(self, minutes=(0, 10_000))
        if self.winner is not None and self.winner not in self.order:
            raise RuleValueError(
                M(
                    "{name} must be one of the two fighters or None, got {got}",
                    name="winner",
                    got=quote(self.winner),
                ),
                field="winner",
            )
        if self.how not in ("", *HOW_OUT):
            raise RuleValueError(
                M(
                    "{name} must be {first} or {second}, got {got}",
                    name="how",
                    first=KNOCKED_OUT,
                    second=ZERO_HIT_POINTS,
                    got=quote(self.how),
                ),
                field="how",
            )
        if set(self.start) != set(self.order):
            raise RuleValueError(
                M("{name} must give the hit points of the two fighters", name="start"),
                field="start",
            )

    @property
    def lines(self) -> tuple[Msg, ...]:
        """The fight, one step a line (messages)."""
        who = [
            M(
                "{name} {initiative} ({side}, WIS {wisdom})",
                name=c.name,
                initiative=c.initiative,
                side=M("PC") if c.player else M("NPC"),
                wisdom=c.wisdom,
            )
            for c in self.initiative
        ]
        out = [
            M(
                "Initiative (fixed, the same every round): {first}, then {second}",
                first=who[0],
                second=who[1],
            )
        ]
        for r in self.rounds:
            out.append(M("Round {n}:", n=r.number))
            out += [
                M("  {name}: {blows}", name=name, blows=join("; ", roll.lines))
                for name, roll in r.blows
            ]
            state = join(
                "; ",
                [
                    M(
                        "{name} {hp}/{start} HP, {t} temporary",
                        name=n,
                        hp=hp,
                        start=self.start[n],
                        t=t,
                    )
                    if t
                    else M("{name} {hp}/{start} HP", name=n, hp=hp, start=self.start[n])
                    for n, (hp, t) in r.state.items()
                ],
            )
            out.append(M("  after round {n}: {state}", n=r.number, state=state))
        if self.winner is None:
            out.append(M("Stopped after {n} rounds with both still standing.", n=len(self.rounds)))
        else:
            loser = self.order[self.order[0] == self.winner]
            how = HOW_OUT.get(self.how, self.how)
            if self.minutes:
                how = M("{how} (for at least {n} min)", how=how, n=self.minutes)
            out.append(
                M(
                    "{winner} wins in round {n}: {loser} is {how}.",
                    winner=self.winner,
                    n=len(self.rounds),
                    loser=loser,
                    how=how,
                )
            )
        return tuple(out)

    @property
    def message(self) -> Msg:
        """The fight, one step a line (a message)."""
        return join("\n", self.lines)

    def __str__(self) -> str:
        """The lines, one a line."""
        return "\n".join(self.lines)


@dataclass(frozen=True)
class FightOutcome:
    """The exact odds of a whole fight, and its seeded replay.

    Attributes:
        first: The first fighter given; ``second``: the other.
        order: The two names in acting order (fixed: initiative is no roll).
        reports: ``{striker's name: its attack report against the other}``.
        ends: ``{(winner, how the loser is out): P}`` over every ending.
        expected_rounds: Exact expected number of rounds.
        unused: ``(parameter, why)`` of the call that built it that do not
            count here (its calculator hides their controls).

    Example:
        >>> out = fight(KRUSH, GOBLIN)
        >>> out.wins("Krush") + out.wins("Goblin")
        Fraction(1, 1)
        >>> FightOutcome(KRUSH, GOBLIN, ("Krush", "Goblin"), fight(KRUSH, GOBLIN).reports, fight(KRUSH, GOBLIN).ends, fight(KRUSH, GOBLIN).expected_rounds).first_wins == out.first_wins
        True
    """

    first: Fighter
    second: Fighter
    order: tuple[str, str]
    reports: dict[str, AttackReport]
    ends: dict[tuple[str, str], Fraction]
    expected_rounds: Fraction
    unused: tuple[tuple[str, str], ...] = ()

    def __post_init__(self) -> None:
        """Check every field: the two fighters' names, endings that add up to 1."""
        check_fields(self)
        names = {self.first.name, self.second.name}
        if set(self.order) != names or set(self.reports) != names:
            raise RuleValueError(
                M("{name} must name the two fighters", name="order"), field="order"
            )
        if not 1 <= self.expected_rounds <= MAX_EXPECTED_ROUNDS:
            raise RuleValueError(
                M(
                    "{name} must be from 1 to {most}, got {got}",
                    name="expected_rounds",
                    most=MAX_EXPECTED_ROUNDS,
                    got=quote(self.expected_rounds),
                ),
                field="expected_rounds",
            )
        if any(w not in names or how not in HOW_OUT for w, how in self.ends) or (
            sum(self.ends.values()) != 1 or min(self.ends.values(), default=0) < 0
        ):
            raise RuleValueError(
                M(
                    "{name} must give chances that add up to 1, each to a winner and how the "
                    "other is out",
                    name="ends",
                ),
                field="ends",
            )

    def wins(self, name: str) -> Fraction:
        """Exact P(``name`` is the one left standing).

        Example:
            >>> fight(KRUSH, GOBLIN).wins("Orc")
            Traceback (most recent call last):
            ...
            rulebook_py.errors.RuleValueError: name must be 'Krush' or 'Goblin', got 'Orc'
        """
        if name not in self.order:
            raise RuleValueError(
                M(
                    "{name} must be {first} or {second}, got {got}",
                    name="name",
                    first=quote(self.order[0]),
                    second=quote(self.order[1]),
                    got=quote(name),
                ),
                field="name",
                value=name,
            )
        return sum((p for (w, _), p in self.ends.items() if w == name), Fraction(0))

    @property
    def first_wins(self) -> Fraction:
        """Exact P(the first fighter given wins)."""
        return self.wins(self.first.name)

    @property
    def endings(self) -> dict[Msg, Fraction]:
        """``{"Krush wins: Goblin knocked out": P, ...}``: :attr:`ends` in words (messages)."""
        return {
            M("{winner} wins: {loser} {how}", winner=w, loser=self._other(w), how=HOW_OUT[how]): p
            for (w, how), p in self.ends.items()
        }

    @property
    def rows(self) -> tuple[tuple[Msg, Fraction], ...]:
        """The chances a calculator shows: each ending, then each blow's."""
        rows = [(M("P({ending})", ending=end), p) for end, p in self.endings.items()]
        for name in self.order:
            o = self.reports[name].outcome
            rows += [
                (M("P({name}'s blow hits)", name=name), o.hit),
                (M("P({name}'s blow is a critical)", name=name), o.critical),
            ]
        return tuple(rows)

    def _other(self, name: str) -> str:
        return self.order[self.order[0] == name]

    def roll(self, rng: random.Random) -> FightRoll:
        """Fight once with ``rng``: every attack and damage die, the state after each round.

        Example:
            >>> out = fight(KRUSH, GOBLIN)
            >>> str(out.roll(random.Random(7))) == str(out.roll(random.Random(7)))
            True
        """
        check_rng(rng)
        by_name = {f.name: f for f in (self.first, self.second)}
        state = {n: (by_name[n].hit_points, 0) for n in self.order}
        rounds: list[FightRound] = []
        winner, how, minutes = None, "", 0
        while winner is None and len(rounds) < MAX_FIGHT_ROUNDS:
            blows = []
            for name in self.order:
                target = self._other(name)
                roll = self.reports[name].roll(rng)
                blows.append((name, roll))
                hp, temp = state[target]
                hp = apply_damage(hp, roll.lethal)
                temp += roll.temporary
                state[target] = (hp, temp)
                ko = knock_out(hp, temp)
                if hp == 0 or ko.knocked_out:
                    winner = name
                    how, minutes = (ZERO_HIT_POINTS, 0) if hp == 0 else (KNOCKED_OUT, ko.minutes)
                    break
            rounds.append(FightRound(len(rounds) + 1, tuple(blows), dict(state)))
        people = tuple(by_name[n].combatant for n in self.order)
        start = {n: by_name[n].hit_points for n in self.order}
        return FightRoll(self.order, people, start, tuple(rounds), winner, how, minutes)  # type: ignore[arg-type]


def fight(first: Fighter, second: Fighter) -> FightOutcome:
    """The exact odds of a melee fight to the finish (see the module's description).

    Raises:
        RuleValueError: A fighter that is not a :class:`Fighter`, two of one
            name, too many hit points for the exact work, or two fighters who
            can never hurt each other.

    Example:
        >>> fight(KRUSH, GOBLIN).order
        ('Krush', 'Goblin')
        >>> fight(Fighter("A", 5, 3, 14), Fighter("B", 5, 3, 14)).first_wins  # A strikes first
        Fraction(24144670502557, 41990400000000)
    """
    for name, value in (("first", first), ("second", second)):
        if not isinstance(value, Fighter):
            raise RuleValueError(
                M("{name} must be a Fighter, got {got}", name=name, got=quote(value)),
                field=name,
                value=value,
            )
    if first.name == second.name:
        raise RuleValueError(
            M(
                "{name} must have another name than first, got {got} twice",
                name="second",
                got=quote(second.name),
            ),
            field="second",
        )
    check_knock_out_cap(first, second)
    a, b = (
        (first, second)
        if initiative_order([first.combatant, second.combatant])[0].name == (first.name)
        else (second, first)
    )
    ra, rb = _report(a, b), _report(b, a)
    da, db = _blow(ra, b.hit_points), _blow(rb, a.hit_points)
    if da[(0, 0)] == 1 and db[(0, 0)] == 1:
        raise RuleValueError(
            M("neither fighter can ever hurt the other: the fight would never end")
        )
    ends, rounds = _solve(a, b, da, db)
    return FightOutcome(first, second, (a.name, b.name), {a.name: ra, b.name: rb}, ends, rounds)


def check_knock_out_cap(
    first: Fighter, second: Fighter, fields: tuple[str, str] = ("first", "second")
) -> None:
    """Refuse, before any work, a fighter struck to knock out with too many hit points.

    Raises:
        RuleValueError: Naming the fighter at fault with its one of ``fields``.

    Example:
        >>> check_knock_out_cap(KRUSH, GOBLIN)  # the goblin has 3 hit points
        >>> check_knock_out_cap(KRUSH, Fighter("Orc", 11, 2, 14), ("a", "b"))
        Traceback (most recent call last):
        ...
        rulebook_py.errors.RuleValueError: b must be at most 10 hit points when the other \
fighter strikes to knock out (its hit points and temporary damage are tracked together), got 11
    """
    check_type(first, Fighter, "first", M("a Fighter"))
    check_type(second, Fighter, "second", M("a Fighter"))
    _check_names(fields, "fields", 2)
    for field, f, other in zip(fields, (first, second), (second, first)):
        if other.knock_out and f.hit_points > MAX_KNOCK_OUT_HIT_POINTS:
            raise RuleValueError(
                M(
                    "{name} must be at most {most} hit points when the other fighter strikes "
                    "to knock out (its hit points and temporary damage are tracked together), "
                    "got {got}",
                    name=field,
                    most=MAX_KNOCK_OUT_HIT_POINTS,
                    got=f.hit_points,
                ),
                field=field,
            )


def _states(f: Fighter, blow: dict[tuple[int, int], Fraction]) -> dict[tuple[int, int], dict]:
    """Every state of ``f`` the other's blows can reach: ``{state: {blow: next or how out}}``."""
    table: dict[tuple[int, int], dict] = {}
    todo = [(f.hit_points, 0)]
    while todo:
        s = todo.pop()
        if s in table:
            continue
        table[s] = {x: _after(*s, x) for x in blow if x != (0, 0)}
        todo += [n for n in table[s].values() if isinstance(n, tuple) and n not in table]
    return table


def _solve(
    a: Fighter, b: Fighter, da: dict[tuple[int, int], Fraction], db: dict[tuple[int, int], Fraction]
) -> tuple[dict[tuple[str, str], Fraction], Fraction]:
    """Push the chance of each state forward in order of damage taken (``a`` acts first).

    A state is both fighters' (hit points, temporary damage), at one of two
    moments of the round: ``a`` to strike, or ``b`` to strike back. A blow
    that changes nothing keeps the state, so each state's two moments form a
    little loop, solved once: with ``s`` = P(neither blow changes anything)
    and ``g = 1 / (1 − s)``, the visits of the two moments are
    ``V0 = g·m0 + g·p0b·m1`` and ``V1 = g·p0a·m0 + g·m1`` for the mass ``m0``
    arriving before ``a``'s blow and ``m1`` arriving before ``b``'s. Every
    coefficient is an integer over one ``unit``, and a state ``t`` points of
    damage in is reached in at most ``t`` moves, so chances are integers
    over ``unit`` to the power of the most damage a state can hold (exact,
    and without a gcd at every step).
    """
    sa, sb = _states(a, db), _states(b, da)
    p0a, p0b = da[(0, 0)], db[(0, 0)]
    g = 1 / (1 - p0a * p0b)
    hits_a = {x: p for x, p in da.items() if x != (0, 0) and p}
    hits_b = {y: p for y, p in db.items() if y != (0, 0) and p}
    coefs = {
        "v": (g, g * p0b),
        "a": {x: (g * p, g * p0b * p) for x, p in hits_a.items()},
        "b": {y: (g * p0a * p, g * p) for y, p in hits_b.items()},
    }
    flat = [*coefs["v"], *(c for d in ("a", "b") for pair in coefs[d].values() for c in pair)]
    unit = math.lcm(*(c.denominator for c in flat))

    def ints(pair: tuple[Fraction, Fraction]) -> tuple[int, int]:
        return int(pair[0] * unit), int(pair[1] * unit)

    va = ints(coefs["v"])
    wa = {x: ints(c) for x, c in coefs["a"].items()}
    wb = {y: ints(c) for y, c in coefs["b"].items()}

    def depth(f: Fighter, s: tuple[int, int]) -> int:
        return f.hit_points - s[0] + s[1]

    scale = unit ** (a.hit_points + b.hit_points + 1)
    order = sorted(((x, y) for x in sa for y in sb), key=lambda s: depth(a, s[0]) + depth(b, s[1]))
    m0: dict = {((a.hit_points, 0), (b.hit_points, 0)): scale}
    m1: dict = {}
    ends: dict[tuple[str, str], int] = {}
    visits = 0
    for key in order:
        x0, x1 = m0.pop(key, 0) // unit, m1.pop(key, 0) // unit  # exact: see ``scale``
        if not (x0 or x1):
            continue
        visits += x0 * va[0] + x1 * va[1]
        sta, stb = key
        for x, (c0, c1) in wa.items():  # a's blow lands on b
            nxt, w = sb[stb][x], x0 * c0 + x1 * c1
            if isinstance(nxt, str):
                ends[(a.name, nxt)] = ends.get((a.name, nxt), 0) + w
            else:
                m1[(sta, nxt)] = m1.get((sta, nxt), 0) + w
        for y, (c0, c1) in wb.items():  # b strikes back at a
            nxt, w = sa[sta][y], x0 * c0 + x1 * c1
            if isinstance(nxt, str):
                ends[(b.name, nxt)] = ends.get((b.name, nxt), 0) + w
            else:
                m0[(nxt, stb)] = m0.get((nxt, stb), 0) + w
    first = sorted(ends, key=lambda k: (k[0] != a.name, k[1] != KNOCKED_OUT))  # a wins first
    return {k: Fraction(ends[k], scale) for k in first}, Fraction(visits, scale)
