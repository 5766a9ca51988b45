"""Galaxies Jumelles initiative and the action economy of a combat round.

Initiative: every combatant rolls RAPIDITÉ + BDR (the alert bonus); the
highest acts first. Combatants who tie roll again **among themselves only**:
the re-roll orders them inside the places they share and never moves them
past anyone they did not tie with. The source takes the BDR from an alert
table (T11) it does not give: here the BDR is a plain number of points.

Example:
    >>> order = initiative_order([Combatant("Kira", "3D+1", 2), Combatant("Vosk", "2D")],
    ...                          random.Random(4))
    >>> order.lines()
    ['1. Vosk: 2D [6, 4] = 10', '2. Kira: 3D+3 [2, 3, 1] +3 = 9']
    >>> prob_acts_before(Combatant("A", "1D"), Combatant("B", "1D"))
    Fraction(1, 2)
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from ...errors import RulebookError, RuleValueError, check_int, check_type, quote
from ...labels import LabelledEnum
from ...messages import Msg, join
from .codes import (
    CodeLike,
    DiceCode,
    Roll,
    RolledTotal,
    as_code,
    check_field,
    check_points,
    check_rng,
    facade_repr,
    read_lines,
)
from .words import M

__all__ = [
    "MAX_COMBATANTS",
    "MAX_COMBATANT_NAME",
    "MAX_REROLLS",
    "Action",
    "ActionType",
    "Combatant",
    "Initiative",
    "InitiativeEntry",
    "InitiativeOrder",
    "RoundPlan",
    "initiative",
    "initiative_order",
    "parse_combatants",
    "plan_round",
    "prob_acts_before",
]

#: Most combatants in one initiative roll.
MAX_COMBATANTS = 20
#: Most successive re-rolls of one tie before giving up (never reached in practice).
MAX_REROLLS = 100
#: Most characters in a combatant's name.
MAX_COMBATANT_NAME = 40


@dataclass(frozen=True, repr=False)
class Combatant:
    """A combatant's name, RAPIDITÉ code and alert bonus (BDR, points).

    Example:
        >>> str(Combatant("Kira", "3D+1", 2).roll_spec().code)
        '3D+3'
    """

    name: str
    rapidity: CodeLike
    bdr: int = 0

    __repr__ = facade_repr

    def __post_init__(self) -> None:
        check_type(self.name, str, "name", M("a name"))
        name = self.name
        if not name.strip() or len(name) > MAX_COMBATANT_NAME or not name.isprintable():
            raise RuleValueError(
                M(
                    "a combatant needs a name of 1 to {most} printable characters, got {got}",
                    most=MAX_COMBATANT_NAME,
                    got=quote(self.name),
                ),
                field="name",
            )
        check_type(self.rapidity, (str, DiceCode), "rapidity", M("a dice code such as '3D+1'"))
        check_points(self.bdr, "BDR", "bdr")

    def roll_spec(self, field: str = "combatants") -> Roll:
        """The initiative roll: RAPIDITÉ + BDR.

        Example:
            >>> Combatant("Kira", "3D+1", 2).roll_spec().describe()
            '3D+3'
        """
        check_field(field)
        code: DiceCode = as_code(self.rapidity, field).with_pips(self.bdr, M("the BDR"), field)
        return Roll(code, field=field)


@dataclass(frozen=True)
class InitiativeEntry:
    """One combatant's place: rank (1 = acts first) and every roll he made.

    Attributes:
        rank: 1 for the first to act.
        name: The combatant.
        rolls: The first roll, then each tie-breaking re-roll.

    Example:
        >>> e = InitiativeEntry(1, "Kira", ())
        >>> e.totals
        ()
    """

    rank: int
    name: str
    rolls: tuple[RolledTotal, ...]

    def __post_init__(self) -> None:
        check_int(self.rank, "rank", 1, MAX_COMBATANTS)
        check_type(self.name, str, "name", M("a name"))
        if len(self.name) > MAX_COMBATANT_NAME:
            raise RuleValueError(
                M(
                    "a combatant needs a name of 1 to {most} printable characters, got {got}",
                    most=MAX_COMBATANT_NAME,
                    got=quote(self.name),
                ),
                field="name",
            )
        check_type(self.rolls, tuple, "rolls", M("a tuple of rolls"))
        if len(self.rolls) > MAX_REROLLS + 1:
            raise RuleValueError(
                M(
                    "{name} must hold at most {most} rolls, got {got}",
                    name="rolls",
                    most=MAX_REROLLS + 1,
                    got=len(self.rolls),
                ),
                field="rolls",
            )
        for r in self.rolls:
            check_type(r, RolledTotal, "rolls", M("a tuple of rolls"))

    @property
    def totals(self) -> tuple[int, ...]:
        """The totals of the first roll and of each re-roll."""
        return tuple(r.total for r in self.rolls)


@dataclass(frozen=True)
class InitiativeOrder:
    """The order of action of a round, with the rolls that decided it.

    Example:
        >>> o = initiative_order([Combatant("A", "2D")], random.Random(1))
        >>> o.names()
        ('A',)
        >>> InitiativeOrder((InitiativeEntry(1, "A", (RolledTotal((4,), 4, "1D [4] = 4"),)),)).lines()
        ['1. A: 1D [4] = 4']
    """

    entries: tuple[InitiativeEntry, ...]

    def __post_init__(self) -> None:
        check_type(self.entries, tuple, "entries", M("a tuple of galaxies.InitiativeEntry"))
        if len(self.entries) > MAX_COMBATANTS:
            raise RuleValueError(
                M(
                    "{name} must hold at most {most} combatants, got {got}",
                    name="entries",
                    most=MAX_COMBATANTS,
                    got=len(self.entries),
                ),
                field="entries",
            )
        for e in self.entries:
            check_type(e, InitiativeEntry, "entries", M("a tuple of galaxies.InitiativeEntry"))

    def names(self) -> tuple[str, ...]:
        """Names in order of action."""
        return tuple(e.name for e in self.entries)

    def lines(self) -> list[Msg]:
        """One line per combatant: rank, name, first roll, re-rolls."""
        out = []
        for e in self.entries:
            if not e.rolls:
                out.append(M("{rank}. {name}: no roll", rank=e.rank, name=e.name))
                continue
            parts = [M("{rank}. {name}: {roll}", rank=e.rank, name=e.name, roll=e.rolls[0].text)]
            parts += [
                M("re-roll {k}: {roll}", k=k, roll=r.text) for k, r in enumerate(e.rolls[1:], 1)
            ]
            out.append(join("; ", parts))
        return out


def _check(combatants: Sequence[Combatant]) -> list[Roll]:
    if isinstance(combatants, str) or not isinstance(combatants, Sequence):
        raise RuleValueError(
            M(
                "{name} must be a list of galaxies.Combatant, got {got}",
                name="combatants",
                got=quote(combatants),
            ),
            field="combatants",
        )
    if not combatants:
        raise RuleValueError(M("write at least one combatant"), field="combatants")
    if not 1 <= len(combatants) <= MAX_COMBATANTS:
        raise RuleValueError(
            M(
                "initiative needs 1 to {most} combatants, got {got}",
                most=MAX_COMBATANTS,
                got=len(combatants),
            ),
            field="combatants",
        )
    for c in combatants:
        if not isinstance(c, Combatant):
            raise RuleValueError(
                M(
                    "{name} must be galaxies.Combatant values, got {got}",
                    name="combatants",
                    got=quote(c),
                ),
                field="combatants",
            )
    names = [c.name for c in combatants]
    dupes = sorted({n for n in names if names.count(n) > 1})
    if dupes:
        raise RuleValueError(
            M(
                "combatant names must differ, repeated: {names}",
                names=join(", ", [quote(n) for n in dupes]),
            ),
            field="combatants",
        )
    return [c.roll_spec() for c in combatants]


def initiative_order(
    combatants: Sequence[Combatant], rng: random.Random | None = None
) -> InitiativeOrder:
    """Roll initiative and order the combatants, ties re-rolled among the tied only.

    Each combatant rolls his RAPIDITÉ (RA, quickness) code plus his BDR
    (*bonus de rapidité*); the highest total acts first.

    Args:
        combatants: Everyone in the fight.
        rng: The random source (seed it for a reproducible order).

    Raises:
        RuleValueError: For no combatant, too many, repeated names, a bad code.

    Example:
        >>> sorted(initiative_order([Combatant("A", "1D"), Combatant("B", "1D")], random.Random(0)).names())
        ['A', 'B']
    """
    specs = _check(combatants)
    rng = random.Random() if rng is None else check_rng(rng)
    rolls: dict[int, list[RolledTotal]] = {i: [] for i in range(len(combatants))}

    def order(group: list[int], depth: int) -> list[int]:
        if len(group) == 1:
            return group
        if depth > MAX_REROLLS:
            raise RuleValueError(
                M("a tie was re-rolled {n} times without being broken", n=MAX_REROLLS),
                field="combatants",
            )
        by_total: dict[int, list[int]] = {}
        for i in group:
            r = specs[i].roll(rng)
            rolls[i].append(r)
            by_total.setdefault(r.total, []).append(i)
        out: list[int] = []
        for total in sorted(by_total, reverse=True):
            out.extend(order(by_total[total], depth + 1))
        return out

    ranked = order(list(range(len(combatants))), 0)
    if len(ranked) == 1:  # a lone combatant still rolls, for the record
        rolls[0].append(specs[0].roll(rng))
    return InitiativeOrder(
        tuple(
            InitiativeEntry(rank, combatants[i].name, tuple(rolls[i]))
            for rank, i in enumerate(ranked, 1)
        )
    )


@dataclass(frozen=True)
class Initiative:
    r"""Everyone's initiative roll, checked, and the exact chance that each acts before each.

    Attributes:
        combatants: Everyone in the fight, in the order given.
        rolls: Each combatant's roll, RAPIDITÉ + BDR.

    Example:
        >>> i = initiative("Kira: 3D+1, 2\nVosk: 2D")
        >>> [str(r.code) for r in i.rolls], i.chance("Vosk", "Kira")
        (['3D+3', '2D'], Fraction(252, 7571))
        >>> Initiative((Combatant("A", "1D"), Combatant("B", "1D")), (Roll(DiceCode(1)), Roll(DiceCode(1)))).chance("A", "B")
        Fraction(1, 2)
    """

    combatants: tuple[Combatant, ...]
    rolls: tuple[Roll, ...]

    def __post_init__(self) -> None:
        check_type(self.combatants, tuple, "combatants", M("a tuple of galaxies.Combatant"))
        _check(self.combatants)
        check_type(self.rolls, tuple, "rolls", M("a tuple of galaxies.Roll"))
        if len(self.rolls) != len(self.combatants):
            raise RuleValueError(
                M(
                    "{name} must hold one roll a combatant: {n} combatants, got {got} rolls",
                    name="rolls",
                    n=len(self.combatants),
                    got=len(self.rolls),
                ),
                field="rolls",
            )
        for r in self.rolls:
            check_type(r, Roll, "rolls", M("a tuple of galaxies.Roll"))

    def chance(self, first: str, second: str) -> Fraction:
        """Exact P(``first`` acts before ``second``), by name."""
        names = [c.name for c in self.combatants]
        for name in (first, second):
            if not isinstance(name, str) or name not in names:
                raise RuleValueError(
                    M("no combatant is named {name}", name=quote(name)), field="name"
                )
        return prob_acts_before(
            self.combatants[names.index(first)], self.combatants[names.index(second)]
        )

    def table(self) -> dict[tuple[str, str], Fraction]:
        r"""``{(first, second): P(first acts before second)}`` for every ordered pair.

        Example:
            >>> initiative("A: 1D\nB: 1D").table()
            {('A', 'B'): Fraction(1, 2), ('B', 'A'): Fraction(1, 2)}
        """
        # Each distinct roll is counted once, each pair of distinct rolls compared once,
        # in whole numbers (a table of 20 combatants at 60D stays within a calculator's budget).
        specs = {(r.code.dice, r.code.pips) for r in self.rolls}
        tables = {spec: _cumulative_weights(Roll(DiceCode(*spec))) for spec in specs}
        before: dict[tuple[tuple[int, int], tuple[int, int]], Fraction] = {}
        for x in specs:
            for y in specs:
                if (x, y) not in before:
                    gt, lt = _higher_lower(tables[x], tables[y])
                    before[x, y] = Fraction(gt, gt + lt)
                    before[y, x] = Fraction(lt, gt + lt)
        keys = [(r.code.dice, r.code.pips) for r in self.rolls]
        return {
            (a.name, b.name): before[keys[i], keys[j]]
            for i, a in enumerate(self.combatants)
            for j, b in enumerate(self.combatants)
            if i != j
        }

    def roll(self, rng: random.Random) -> InitiativeOrder:
        """One seeded initiative: every roll and re-roll, and the order of action."""
        return initiative_order(self.combatants, check_rng(rng))


def initiative(combatants: Sequence[Combatant] | str) -> Initiative:
    """Check everyone's initiative roll, as the roll itself does, before any chance is given.

    Args:
        combatants: The combatants, or their lines as :func:`parse_combatants` reads them.

    Raises:
        RuleValueError: For no combatant, more than :data:`MAX_COMBATANTS`,
            repeated names, a bad code or BDR, or a roll that falls to 0D
            (a lone combatant included).

    Example:
        >>> initiative("A: 0D+3")
        Traceback (most recent call last):
        ...
        rulebook_py.errors.RuleValueError: A: the RAPIDITÉ is '0D+3': a roll needs at least 1D (an action whose code falls to 0D cannot be attempted)
    """
    people = parse_combatants(combatants) if isinstance(combatants, str) else combatants
    specs = _check(people)
    for c, spec in zip(people, specs):
        try:
            spec.distribution()
        except RulebookError as err:
            raise RuleValueError(
                M("{name}: {err}", name=c.name, err=err.message), field="combatants"
            ) from None
    return Initiative(tuple(people), tuple(specs))


#: A whole number as the reader may type it: a sign, then 1 to 4 ASCII digits.
_WHOLE = re.compile(r"[+-]?[0-9]{1,4}")


def parse_combatants(text: str, field: str = "combatants") -> list[Combatant]:
    r"""Read one combatant a line: ``Name: RAPIDITÉ code, BDR`` (the BDR may be left out).

    The number of lines is checked first, against :data:`MAX_COMBATANTS`,
    before any line is read. Codes are read as everywhere else
    (:meth:`DiceCode.parse`), numbers with the digits 0-9 only; a name may
    hold any letters.

    Raises:
        RuleValueError: Naming the line at fault.

    Example:
        >>> [(c.name, str(c.rapidity), c.bdr) for c in parse_combatants("Kira: 3D + 1, 2\nVosk: 2D")]
        [('Kira', '3D+1', 2), ('Vosk', '2D', 0)]
    """

    def read(n: int, line: str) -> Combatant:
        name, sep, rest = line.partition(":")
        if not sep:
            raise RuleValueError(
                M(
                    "line {n} {line}: write 'Name: RAPIDITÉ code, BDR', e.g. 'Kira: 3D+1, 2'",
                    n=n,
                    line=quote(line.strip(), 40),
                ),
                field=field,
            )
        code_text, _, bdr_text = rest.partition(",")
        bdr_text = bdr_text.strip()
        if bdr_text and not _WHOLE.fullmatch(bdr_text):
            raise RuleValueError(
                M(
                    "line {n}: the BDR must be a whole number written with the digits 0-9, "
                    "got {got}",
                    n=n,
                    got=quote(bdr_text, 20),
                ),
                field=field,
            )
        try:
            bdr = int(bdr_text) if bdr_text else 0
            c = Combatant(name.strip(), DiceCode.parse(code_text.strip(), field), bdr)
            c.roll_spec(field)
        except RulebookError as err:
            raise RuleValueError(M("line {n}: {err}", n=n, err=err.message), field=field) from None
        return c

    def too_many(n: int) -> Msg:
        return M("at most {most} combatants, one a line: got {n} lines", most=MAX_COMBATANTS, n=n)

    return read_lines(text, field, MAX_COMBATANTS, too_many, read)


def _cumulative_weights(roll: Roll) -> tuple[dict[int, int], int, list[int], int]:
    """A roll's weights, its least total, the running sums of weights from it, and the total."""
    weights = roll.distribution().weights()
    low, high = min(weights), max(weights)
    running, acc = [], 0
    for v in range(low, high + 1):
        acc += weights.get(v, 0)
        running.append(acc)
    return weights, low, running, acc


def _higher_lower(
    a: tuple[dict[int, int], int, list[int], int], b: tuple[dict[int, int], int, list[int], int]
) -> tuple[int, int]:
    """Weights of A's total higher than B's, and of it lower (exact, whole numbers)."""
    weights, _low, _running, a_total = a
    _w, b_low, b_running, b_total = b
    gt = eq = 0
    top = len(b_running) - 1
    for v, w in weights.items():
        below = 0 if v - 1 < b_low else b_running[min(v - 1 - b_low, top)]
        at_most = 0 if v < b_low else b_running[min(v - b_low, top)]
        gt += w * below
        eq += w * (at_most - below)
    return gt, a_total * b_total - gt - eq


def prob_acts_before(first: Combatant, second: Combatant) -> Fraction:
    """Exact P(``first`` acts before ``second``), ties re-rolled until broken.

    Each re-roll of the pair is a fresh roll of both, so the answer is
    P(higher) / (P(higher) + P(lower)), whoever else is in the fight.

    Example:
        >>> prob_acts_before(Combatant("A", "2D+1"), Combatant("B", "2D"))
        Fraction(721, 1156)
    """
    for c in (first, second):
        if not isinstance(c, Combatant):
            raise RuleValueError(
                M(
                    "{name} must be galaxies.Combatant values, got {got}",
                    name="combatants",
                    got=quote(c),
                ),
                field="combatants",
            )
    c = first.roll_spec().distribution().compare(second.roll_spec().distribution())
    return c.gt / (c.gt + c.lt)


class ActionType(LabelledEnum):
    """The three kinds of action of a combat round (*Tour de combat*, about 2 s).

    Example:
        >>> ActionType.REACTION.label
        'Action de réaction'
    """

    MAIN = "Action principale"
    COMPLEMENTARY = "Action complémentaire"
    REACTION = "Action de réaction"


class Action(LabelledEnum):
    """The actions the chapter names, with their type.

    The source names the initiative roll among the reactions: it costs no action.
    It lists using objects beside shooting, throwing and psychic powers, the
    main actions a move is added to: using an object is a main action.

    Example:
        >>> Action.DODGE.kind, Action.TOTAL_DODGE.kind, Action.USE_OBJECT.kind
        (galaxies.ActionType.REACTION, galaxies.ActionType.MAIN, galaxies.ActionType.MAIN)
    """

    SHOOT = ("Tir", ActionType.MAIN)
    AIM = ("Viser", ActionType.MAIN)
    THROW_EXPLOSIVE = ("Lancer d'explosif", ActionType.MAIN)
    MELEE = ("Corps à corps", ActionType.MAIN)
    PSYCHIC = ("Pouvoir psy", ActionType.MAIN)
    USE_OBJECT = ("Utilisation d'un objet", ActionType.MAIN)
    TOTAL_DODGE = ("Esquive totale", ActionType.MAIN)
    DISENGAGE = ("Désengagement", ActionType.MAIN)
    MOVE = ("Déplacement", ActionType.COMPLEMENTARY)
    COMMUNICATE = ("Communication", ActionType.COMPLEMENTARY)
    DODGE = ("Esquive", ActionType.REACTION)
    PSYCHIC_COUNTER = ("Contre psychique", ActionType.REACTION)
    INITIATIVE = ("Initiative", ActionType.REACTION)

    @property
    def kind(self) -> ActionType:
        """Main, complementary or reaction."""
        return self.value[1]


@dataclass(frozen=True)
class RoundPlan:
    """A character's actions for one round, checked against the unity of action.

    Example:
        >>> plan_round([Action.SHOOT, Action.MOVE, Action.DODGE]).main
        galaxies.Action.SHOOT
        >>> RoundPlan((Action.MOVE,)).main is None
        True
    """

    actions: tuple[Action, ...]

    def __post_init__(self) -> None:
        _check_actions(self.actions)

    @property
    def main(self) -> Action | None:
        """The round's one main action, if any."""
        return next((a for a in self.actions if a.kind is ActionType.MAIN), None)


def plan_round(actions: Sequence[Action]) -> RoundPlan:
    """Check one combat round's actions: at most one main action and one dodge roll.

    A combat round (*tour de combat*) lasts about two seconds: the unity of
    action (*unité d'action*) allows one main action in it.

    Complementary actions (moving, talking) combine with the main action;
    reactions (dodge, psychic counter) happen even out of turn. A total dodge
    is the round's main action.

    Raises:
        RuleValueError: For two main actions, or two dodges.

    Example:
        >>> plan_round([Action.SHOOT, Action.MELEE])
        Traceback (most recent call last):
        ...
        rulebook_py.errors.RuleValueError: one main action a round (unity of action), got ['Tir', 'Corps à corps']
    """
    actions = _check_actions(actions)
    mains = [a.label for a in actions if a.kind is ActionType.MAIN]
    if len(mains) > 1:
        raise RuleValueError(
            M("one main action a round (unity of action), got {got}", got=repr(mains)),
            field="actions",
        )
    dodges = [a for a in actions if a in (Action.DODGE, Action.TOTAL_DODGE)]
    if len(dodges) > 1:
        raise RuleValueError(
            M("one dodge roll a round answers every attack, got {n} dodges", n=len(dodges)),
            field="actions",
        )
    return RoundPlan(actions)


def _check_actions(actions: object) -> tuple[Action, ...]:
    """The actions as a tuple of :class:`Action`, at most 20, else a message."""
    if isinstance(actions, str) or not isinstance(actions, Sequence) or len(actions) > 20:
        raise RuleValueError(
            M(
                "{name} must be a list of at most 20 galaxies.Action, got {got}",
                name="actions",
                got=quote(actions),
            ),
            field="actions",
        )
    for a in actions:
        if not isinstance(a, Action):
            raise RuleValueError(
                M("{name} must be galaxies.Action values, got {got}", name="actions", got=quote(a)),
                field="actions",
            )
    return tuple(actions)
