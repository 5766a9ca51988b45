"""Unisystem initiative: D10 + Dexterity, individual or by side, and common-sense edges.

Each combatant rolls the core die and adds Dexterity; the highest total acts
first, the others follow in descending order. With *group initiative* each
side rolls once and adds the highest Dexterity among its members (« les
personnages avec la plus haute dextérité fournissent le bonus »).

Common sense overrides the dice (:class:`InitiativeEdge`): an ambusher or a
sniper firing on an unaware target acts first, then a thought-fast magic or
psychic attack, then ranged weapons, then everyone else.

Where the source is silent, this book breaks ties by the higher Dexterity,
then by a roll-off (each tied unit rolls a D10 until the order is settled),
which gives tied equals an even chance. A quality or power that adds to
initiative (``Combatant.bonus``) adds to the combatant's roll; in group
initiative the members with the highest Dexterity give the side its bonus:
that Dexterity plus their initiative bonus (the best one, if several share
the highest Dexterity), as the source's words have it.
In group initiative the whole side acts together: each member's chance of
acting in the first group is the side's chance (:func:`side_first_chances`).

Example:
    >>> fighters = (Combatant("Jimmy", 4), Combatant("Wildling", 3, side="NPC"))
    >>> chances = first_to_act(fighters)
    >>> chances["Jimmy"], chances["Wildling"]
    (Fraction(16, 25), Fraction(9, 25))
"""

from __future__ import annotations

import math
import random
import re
from dataclasses import dataclass
from fractions import Fraction

from ...errors import RuleValueError, check_enum, check_int, quote
from ...labels import LabelledEnum
from ...messages import Msg, join
from .actions import line_error, refuse_other_digits, signed_int
from .arguments import (
    check_bool,
    check_fields,
    check_record,
    check_rng,
    check_text,
    exact_chance,
    renamed,
)
from .core import (
    ATTRIBUTE_RANGE,
    CoreDie,
    CoreRoll,
    core_distribution,
    number_text,
    roll_core,
    signed_text,
    spaced_sign,
)
from .words import M, typed

__all__ = [
    "DEFAULT_SIDE",
    "EDGE_WORDS",
    "MAX_BONUS",
    "MAX_COMBATANTS",
    "MAX_COMBATANT_NAME",
    "Combatant",
    "InitiativeEdge",
    "InitiativeEntry",
    "InitiativeOrder",
    "InitiativeReport",
    "first_to_act",
    "initiative",
    "initiative_order",
    "parse_combatants",
    "side_bonus",
    "side_first_chances",
]

#: Most combatants one initiative calculation accepts.
MAX_COMBATANTS = 20
#: Most roll-off rounds before giving up (never reached in practice).
_MAX_ROLLOFFS = 100
#: Longest name of a combatant or a side.
MAX_COMBATANT_NAME = 40
#: Largest initiative bonus (a quality or power), either way.
MAX_BONUS = 10


class InitiativeEdge(LabelledEnum):
    """Circumstances that decide initiative before the dice (higher rank first).

    Example:
        >>> InitiativeEdge.AMBUSH.rank > InitiativeEdge.MAGIC.rank > InitiativeEdge.RANGED.rank
        True
    """

    NONE = ("Aucun", 0)
    RANGED = ("Arme à distance", 1)
    MAGIC = ("Attaque magique ou psychique", 2)
    AMBUSH = ("Coup en traître ou tireur embusqué", 3)

    def __init__(self, label: str, rank: int) -> None:
        self.label = label
        self.rank = rank


@dataclass(frozen=True)
class Combatant:
    """One character in the initiative order.

    Attributes:
        name: Unique name.
        dexterity: Dexterity, 0–30.
        side: The side (group initiative rolls once per side).
        edge: A common-sense override (:class:`InitiativeEdge`).
        bonus: A quality or power that adds to initiative, −10 to +10 (in group
            initiative the side adds the bonus of its highest-Dexterity members).

    Example:
        >>> Combatant("Sniper", 3, edge=InitiativeEdge.AMBUSH).edge.label
        'Coup en traître ou tireur embusqué'
    """

    name: str
    dexterity: int
    side: str = "PCs"
    edge: InitiativeEdge = InitiativeEdge.NONE
    bonus: int = 0

    def __post_init__(self) -> None:
        """Validate every field."""
        for name in ("name", "side"):
            value = check_text(getattr(self, name), name, limit=MAX_COMBATANT_NAME)
            if not value.strip():
                raise RuleValueError(
                    M(
                        "{name} must be text of 1 to {n} characters, got {got}",
                        name=name,
                        n=MAX_COMBATANT_NAME,
                        got=quote(value),
                    ),
                    field=name,
                )
        check_int(self.dexterity, "dexterity", *ATTRIBUTE_RANGE)
        check_enum(self.edge, InitiativeEdge, "edge")
        check_int(self.bonus, "bonus", -MAX_BONUS, MAX_BONUS)


@dataclass(frozen=True)
class _Unit:
    """Who rolls: one combatant, or a whole side."""

    key: str
    bonus: int
    tie_dex: int


def _check(combatants: tuple[Combatant, ...] | list[Combatant]) -> tuple[Combatant, ...]:
    if not isinstance(combatants, (tuple, list)):
        raise RuleValueError(
            M(
                "{name} must be a list of Combatant, got {got}",
                name="combatants",
                got=quote(combatants),
            ),
            field="combatants",
        )
    if not 1 <= len(combatants) <= MAX_COMBATANTS:
        raise RuleValueError(
            M(
                "initiative needs 1 to {n} combatants, got {got}",
                n=MAX_COMBATANTS,
                got=len(combatants),
            ),
            field="combatants",
        )
    combatants = tuple(combatants)
    for c in combatants:
        check_record(c, Combatant, "combatants")
    names = [c.name for c in combatants]
    dup = sorted({n for n in names if names.count(n) > 1})
    if dup:
        raise RuleValueError(
            M(
                "combatant names must be unique; repeated: {names}",
                names=join(", ", [repr(n) for n in dup]),
            ),
            field="combatants",
        )
    return combatants


def side_bonus(members: tuple[Combatant, ...] | list[Combatant]) -> tuple[int, int]:
    """A side's group initiative roll: ``(what it adds, its highest Dexterity)``.

    With group initiative (*jet d'initiative collectif*) each side rolls once.
    « Les personnages avec la plus haute dextérité fournissent le bonus »: the
    members with the highest Dexterity give it, that Dexterity plus their
    initiative bonus (the best of their bonuses, if several share it). A
    faster member's bonus is not added to a slower member's Dexterity.

    Example:
        >>> side_bonus([Combatant("Jimmy", 4), Combatant("Ann", 2, bonus=3)])
        (4, 4)
        >>> side_bonus([Combatant("Jimmy", 4), Combatant("Ann", 4, bonus=1)])
        (5, 4)
    """
    members = _check(members)
    best = max(m.dexterity for m in members)
    return best + max(m.bonus for m in members if m.dexterity == best), best


def _units(combatants: tuple[Combatant, ...], group: bool) -> dict[str, _Unit]:
    """The rolling units, and which unit each combatant belongs to."""
    if not group:
        return {c.name: _Unit(c.name, c.dexterity + c.bonus, c.dexterity) for c in combatants}
    units: dict[str, _Unit] = {}
    for c in combatants:
        bonus, best = side_bonus([m for m in combatants if m.side == c.side])
        units[c.name] = _Unit(c.side, bonus, best)
    return units


def _unit_first_chances(units: list[_Unit], core: CoreDie = CoreDie.D10) -> dict[str, Fraction]:
    """Exact P(each unit's order comes first): D10 + bonus, ties by tie_dex, then roll-off.

    Integer counts throughout (each rival's D10 counts its faces out of 10);
    units with the same bonus and tie Dexterity share one computation.
    """
    dist = core_distribution(core)
    faces = dist.weights()  # {1: 1, ..., 10: 1}
    cum: dict[int, int] = {}
    running = 0
    for face in range(dist.min_value, dist.max_value + 1):
        running += faces.get(face, 0)
        cum[face] = running

    def at_most(value: int) -> int:
        if value < dist.min_value:
            return 0
        return cum[min(value, dist.max_value)]

    n = len(units)
    lcm = math.lcm(*range(1, n + 1))
    denominator = dist.total**n * lcm
    cache: dict[tuple[int, int], Fraction] = {}
    out: dict[str, Fraction] = {}
    for u in units:
        key = (u.bonus, u.tie_dex)
        if key not in cache:
            total = 0
            rivals = [v for v in units if v is not u]
            for x, wx in faces.items():
                mine = u.bonus + x
                beaten = wx
                poly = [1]  # ways that m equal-Dexterity rivals tie with u, by m
                for v in rivals:
                    below = at_most(mine - 1 - v.bonus)
                    equal = faces.get(mine - v.bonus, 0)
                    if v.tie_dex < u.tie_dex:
                        beaten *= below + equal
                    elif v.tie_dex > u.tie_dex:
                        beaten *= below
                    else:
                        nxt = [0] * (len(poly) + 1)
                        for m, coef in enumerate(poly):
                            nxt[m] += coef * below
                            nxt[m + 1] += coef * equal
                        poly = nxt
                    if beaten == 0:
                        break
                total += beaten * sum(c * (lcm // (m + 1)) for m, c in enumerate(poly))
            cache[key] = Fraction(total, denominator)
        out[u.key] = cache[key]
    return out


def first_to_act(
    combatants: tuple[Combatant, ...] | list[Combatant],
    *,
    group: bool = False,
    core: CoreDie = CoreDie.D10,
) -> dict[str, Fraction]:
    """Exact probability that each combatant acts first this round.

    In group initiative a side acts together: every member gets the side's
    chance of acting first (so the chances of a side's members are not added
    up; :func:`side_first_chances` gives each side's). A member without the
    edge that decides the round (:class:`InitiativeEdge`) acts later: 0.

    Args:
        combatants: The combatants (1 to :data:`MAX_COMBATANTS`).
        group: One roll per side (:func:`side_bonus`).
        core: The core die each rolls (the D10, or 2D6 − 2); ties are still
            settled by a roll-off of D10s.

    Example:
        >>> first_to_act([Combatant("A", 4), Combatant("B", 3)], core=CoreDie.TWO_D6)["A"]
        Fraction(2, 3)
        >>> a, b = Combatant("A", 3), Combatant("B", 3, side="NPC")
        >>> first_to_act([a, b])["A"]
        Fraction(1, 2)
        >>> first_to_act([a, Combatant("S", 1, edge=InitiativeEdge.AMBUSH)])["S"]
        Fraction(1, 1)
        >>> first_to_act([a, Combatant("A2", 1), b], group=True)["A2"]  # acts with A's side
        Fraction(1, 2)
    """
    combatants = _check(combatants)
    check_bool(group, "group")
    core = check_enum(core, CoreDie, "core")
    top = max(c.edge.rank for c in combatants)
    leaders = [c for c in combatants if c.edge.rank == top]
    units = _units(combatants, group)
    # The unit's representative: its leader with the highest Dexterity, listed first.
    reps: dict[str, Combatant] = {}
    for c in leaders:
        key = units[c.name].key
        if key not in reps or c.dexterity > reps[key].dexterity:
            reps[key] = c
    unit_list = [units[c.name] for c in reps.values()]
    chances = _unit_first_chances(unit_list, core)
    firsts = {c.name for c in leaders} if group else {c.name for c in reps.values()}
    return {
        c.name: chances[units[c.name].key] if c.name in firsts else Fraction(0) for c in combatants
    }


def side_first_chances(
    combatants: tuple[Combatant, ...] | list[Combatant],
    *,
    group: bool = False,
    core: CoreDie = CoreDie.D10,
) -> dict[str, Fraction]:
    """Exact probability that each side acts first (one of its members, or the whole side).

    Individually, a side's chance is the sum of its members' chances; in
    group initiative it is the side's roll's chance. The sides' chances add
    up to 1.

    Example:
        >>> fighters = [Combatant("J", 4), Combatant("W1", 3, "NPC"), Combatant("W2", 3, "NPC")]
        >>> side_first_chances(fighters, group=True)
        {'PCs': Fraction(16, 25), 'NPC': Fraction(9, 25)}
        >>> side_first_chances([Combatant("J", 4), Combatant("W", 3, "NPC")])
        {'PCs': Fraction(16, 25), 'NPC': Fraction(9, 25)}
    """
    chances = first_to_act(combatants, group=group, core=core)
    out: dict[str, Fraction] = {}
    for c in _check(combatants):
        out.setdefault(c.side, Fraction(0))
        if not group:
            out[c.side] += chances[c.name]
        elif chances[c.name]:
            out[c.side] = chances[c.name]
    return out


@dataclass(frozen=True)
class InitiativeEntry:
    """One combatant's place in a rolled order.

    Attributes:
        combatant: Who.
        unit: Who rolled (the combatant, or the side in group initiative).
        die: The D10 rolled by the unit.
        bonus: What the unit added.
        total: Die + bonus.
        rolloffs: Tie-break D10s of the unit (empty when it was not tied).

    Example:
        >>> e = InitiativeEntry(Combatant("A", 3), "A", 7, 3, 10, ())
        >>> str(e)
        'A: D10 [7] + 3 = 10'
    """

    combatant: Combatant
    unit: str
    die: int
    bonus: int
    total: int
    rolloffs: tuple[int, ...]
    faces: tuple[int, ...] = ()
    core: CoreDie = CoreDie.D10

    def __post_init__(self) -> None:
        """Refuse an entry built by hand with values of the wrong kind."""
        check_fields(self)
        check_text(self.unit, "unit", limit=MAX_COMBATANT_NAME)
        check_int(self.die, "die", 1, 10)
        check_int(self.bonus, "bonus", -100, 100)
        check_int(self.total, "total", -100, 200)
        if len(self.rolloffs) > _MAX_ROLLOFFS:
            raise RuleValueError(
                M("{name} must hold at most {n} dice", name="rolloffs", n=_MAX_ROLLOFFS),
                field="rolloffs",
            )
        for face in self.rolloffs:
            check_int(face, "rolloffs", 1, 10)
        CoreRoll(self.core, self.faces or (self.die,), self.die)  # checks the faces

    @property
    def message(self) -> Msg:
        """``name: D10 [7] + 3 = 10`` with the side, the roll-offs and the edge when any."""
        die = CoreRoll(self.core, self.faces or (self.die,), self.die)
        name = self.combatant.name
        roll = {"die": str(die), "bonus": spaced_sign(self.bonus), "total": number_text(self.total)}
        if self.unit != name:
            text = M(
                "{name} (side {side}): {die} {bonus} = {total}", name=name, side=self.unit, **roll
            )
        else:
            text = M("{name}: {die} {bonus} = {total}", name=name, **roll)
        if self.rolloffs:
            text = M(
                "{entry}, roll-off {dice}",
                entry=text,
                dice="[" + ", ".join(map(str, self.rolloffs)) + "]",
            )
        if self.combatant.edge is not InitiativeEdge.NONE:
            text = M("{entry} — edge: {edge}", entry=text, edge=self.combatant.edge.label)
        return text

    def __str__(self) -> str:
        """The entry's :attr:`message` (English)."""
        return self.message


@dataclass(frozen=True)
class InitiativeOrder:
    """A rolled initiative order, first to act first.

    Example:
        >>> order = initiative_order([Combatant("A", 3), Combatant("B", 2)], random.Random(1))
        >>> [e.combatant.name for e in order.entries] == order.names
        True
        >>> InitiativeOrder((InitiativeEntry(Combatant("A", 3), "A", 7, 3, 10, ()),), False).names
        ['A']
    """

    entries: tuple[InitiativeEntry, ...]
    group: bool

    def __post_init__(self) -> None:
        """Refuse an order built by hand with values of the wrong kind."""
        check_fields(self)
        if not 1 <= len(self.entries) <= MAX_COMBATANTS:
            raise RuleValueError(
                M(
                    "initiative needs 1 to {n} combatants, got {got}",
                    n=MAX_COMBATANTS,
                    got=len(self.entries),
                ),
                field="entries",
            )

    @property
    def names(self) -> list[str]:
        """The names in acting order."""
        return [e.combatant.name for e in self.entries]

    @property
    def lines(self) -> tuple[Msg, ...]:
        """One line per combatant, in acting order."""
        return tuple(e.message for e in self.entries)

    @property
    def message(self) -> Msg:
        """One numbered line per combatant."""
        return join(
            "\n", [M("{i}. {entry}", i=i, entry=e.message) for i, e in enumerate(self.entries, 1)]
        )

    def __str__(self) -> str:
        """One numbered line per combatant (English)."""
        return self.message


def initiative_order(
    combatants: tuple[Combatant, ...] | list[Combatant],
    rng: random.Random | None = None,
    *,
    group: bool = False,
    core: CoreDie = CoreDie.D10,
) -> InitiativeOrder:
    """Roll initiative once and sort: edge, total, Dexterity, roll-off, listing order.

    Args:
        combatants: The combatants (1 to :data:`MAX_COMBATANTS`).
        rng: The random source (seeded for a reproducible roll).
        group: One roll per side.
        core: The core die each unit rolls (roll-offs are D10s).

    Example:
        >>> fighters = [Combatant("Jimmy", 4), Combatant("W1", 3, "NPC"), Combatant("W2", 2, "NPC")]
        >>> initiative_order(fighters, random.Random(3), group=True).names
        ['W1', 'W2', 'Jimmy']
        >>> initiative_order([Combatant("A", 3), Combatant("B", 3, "NPC")], random.Random(2)).names
        ['B', 'A']
    """
    combatants = _check(combatants)
    check_bool(group, "group")
    core = check_enum(core, CoreDie, "core")
    rng = check_rng(rng, none_is_fresh=True)
    units = _units(combatants, group)
    keys: list[str] = []
    for c in combatants:
        if units[c.name].key not in keys:
            keys.append(units[c.name].key)
    by_key = {units[c.name].key: units[c.name] for c in combatants}
    thrown = {k: roll_core(core, rng) for k in keys}  # type: ignore[arg-type]
    dice = {k: thrown[k].value for k in keys}
    totals = {k: dice[k] + by_key[k].bonus for k in keys}
    rolloffs: dict[str, list[int]] = {k: [] for k in keys}
    pending = {}
    for k in keys:
        pending.setdefault((totals[k], by_key[k].tie_dex), []).append(k)
    groups = [g for g in pending.values() if len(g) > 1]
    for _ in range(_MAX_ROLLOFFS):
        if not groups:
            break
        nxt = []
        for g in groups:
            split: dict[int, list[str]] = {}
            for k in g:
                face = roll_core(rng=rng).value
                rolloffs[k].append(face)
                split.setdefault(face, []).append(k)
            nxt.extend(s for s in split.values() if len(s) > 1)
        groups = nxt
    order = sorted(
        range(len(combatants)),
        key=lambda i: (
            -combatants[i].edge.rank,
            -totals[units[combatants[i].name].key],
            -by_key[units[combatants[i].name].key].tie_dex,
            [-f for f in rolloffs[units[combatants[i].name].key]],
            -combatants[i].dexterity,
            i,
        ),
    )
    entries = []
    for i in order:
        c = combatants[i]
        k = units[c.name].key
        entries.append(
            InitiativeEntry(
                c,
                k,
                dice[k],
                by_key[k].bonus,
                totals[k],
                tuple(rolloffs[k]),
                thrown[k].faces,
                core,  # type: ignore[arg-type]
            )
        )
    return InitiativeOrder(tuple(entries), group)


# ------------------------------------------------------------------ typed lists
#: The words an initiative line may use for an edge (English and French).
EDGE_WORDS = {
    "none": InitiativeEdge.NONE,
    "aucun": InitiativeEdge.NONE,
    "ranged": InitiativeEdge.RANGED,
    "distance": InitiativeEdge.RANGED,
    "magic": InitiativeEdge.MAGIC,
    "magie": InitiativeEdge.MAGIC,
    "magique": InitiativeEdge.MAGIC,
    "psychic": InitiativeEdge.MAGIC,
    "psychique": InitiativeEdge.MAGIC,
    "ambush": InitiativeEdge.AMBUSH,
    "embuscade": InitiativeEdge.AMBUSH,
    "sniper": InitiativeEdge.AMBUSH,
    "tireur": InitiativeEdge.AMBUSH,
}
#: The side of a combatant whose line names none (the French calculator gives « PJ »).
DEFAULT_SIDE = "PCs"
_SIGNED = re.compile(r"[+\-\u2212][0-9]+")
_NUMBER = re.compile(r"[+\-\u2212]?[0-9]+")
_SIGNS = "+-\u2212"
_DIGITS = "0123456789"
_HELP = M(
    "an edge is ranged, magic or ambush; a bonus is a whole number with its sign, such as "
    "+2; anything else is the side"
)


def _read_combatant(number: int, line: str, default_side: str) -> Combatant:
    refuse_other_digits(number, line, "combatants")
    parts = [p.strip() for p in line.split(",")]
    if len(parts) < 2 or not _NUMBER.fullmatch(parts[1]):
        raise line_error(
            number, line, M("expected 'name, Dexterity[, side][, edge][, bonus]'"), "combatants"
        )
    if len(parts) > 5:
        raise line_error(
            number,
            line,
            M("at most five fields (name, Dexterity, side, edge, bonus), got {n}", n=len(parts)),
            "combatants",
        )
    found: dict[str, str] = {}
    for extra in (p for p in parts[2:] if p):
        if _SIGNED.fullmatch(extra):
            what = "bonus"
        elif _NUMBER.fullmatch(extra):
            raise line_error(
                number,
                line,
                M(
                    "{got} could be a bonus or a side: write a bonus with its sign ({signed}) "
                    "and a side with a name",
                    got=quote(extra),
                    signed="+" + extra,
                ),
                "combatants",
            )
        elif extra[0] in _SIGNS or extra[0] in _DIGITS:
            raise line_error(
                number,
                line,
                M(
                    "{got} is neither a bonus nor a side: a bonus is a whole number with its "
                    "sign and no space, such as +2; a side is a name that does not start with a "
                    "sign or a digit; put a comma between two fields",
                    got=quote(extra),
                ),
                "combatants",
            )
        elif extra.lower() in EDGE_WORDS:
            what = "edge"
        else:
            what = "side"
        if what in found:
            twice = {
                "bonus": M(
                    "one initiative bonus a line, got {a} and {b} ({help})",
                    a=quote(found[what]),
                    b=quote(extra),
                    help=_HELP,
                ),
                "edge": M(
                    "one edge a line, got {a} and {b} ({help})",
                    a=quote(found[what]),
                    b=quote(extra),
                    help=_HELP,
                ),
                "side": M(
                    "one side a line, got {a} and {b} ({help})",
                    a=quote(found[what]),
                    b=quote(extra),
                    help=_HELP,
                ),
            }
            raise line_error(number, line, twice[what], "combatants")
        found[what] = extra
    try:
        return Combatant(
            parts[0],
            _whole(parts[1], "dexterity", *ATTRIBUTE_RANGE),
            found.get("side", default_side),
            EDGE_WORDS[found.get("edge", "none").lower()],
            _whole(found["bonus"], "bonus", -MAX_BONUS, MAX_BONUS) if "bonus" in found else 0,
        )
    except RuleValueError as err:
        raise line_error(number, line, err.message, "combatants") from None


def _whole(text: str, name: str, low: int, high: int) -> int:
    """A number of a line, read only when it is short enough to be in range."""
    if len(text.lstrip("+-\u2212").lstrip("0")) > 3:  # refused before it is read
        raise RuleValueError(
            M(
                "{name} must be an integer from {low} to {high}, got {got}",
                name=name,
                low=low,
                high=high,
                got=quote(text),
            ),
            field=name,
        )
    return signed_int(text)


def parse_combatants(text: str, *, default_side: str = DEFAULT_SIDE) -> tuple[Combatant, ...]:
    r"""Read one combatant a line: ``name, Dexterity``, then a side, an edge, a bonus.

    After the name and the Dexterity each field is read for what it is, in
    any order: an edge word (``ranged``, ``magic`` or ``psychic``, ``ambush``
    or ``sniper``, ``none``, or their French :data:`EDGE_WORDS`), a bonus (a
    whole number with its sign and no space: ``+2``, ``-1``), else the side
    (``default_side`` when the line names none). A line that stays ambiguous
    (two sides, a number without a sign) or holds a field that is no bonus and
    starts like a number (``+ 2``, ``+2.5``, ``+2 NPC``) is refused, quoted.
    Numbers use the digits 0 to 9; empty lines are skipped.

    Raises:
        RuleValueError: A line that cannot be read, or more than
            :data:`MAX_COMBATANTS` lines (``field="combatants"``).

    Example:
        >>> [(c.name, c.side, c.edge.name, c.bonus) for c in parse_combatants(
        ...     "Sniper, 2, ambush\nJimmy, 4, +2\nW, 3, NPC, ranged")]
        [('Sniper', 'PCs', 'AMBUSH', 0), ('Jimmy', 'PCs', 'NONE', 2), ('W', 'NPC', 'RANGED', 0)]
        >>> parse_combatants("A, 3, PCs, NPC")
        Traceback (most recent call last):
        ...
        rulebook_py.errors.RuleValueError: line 1 'A, 3, PCs, NPC': one side a line, got 'PCs' and 'NPC' (an edge is ranged, magic or ambush; a bonus is a whole number with its sign, such as +2; anything else is the side)
    """
    check_text(text, "combatants")
    check_text(default_side, "default_side", limit=MAX_COMBATANT_NAME)
    if not default_side.strip():
        raise RuleValueError(
            M(
                "{name} must be text of 1 to {n} characters, got {got}",
                name="default_side",
                n=MAX_COMBATANT_NAME,
                got=quote(default_side),
            ),
            field="default_side",
        )
    lines = [(n, line) for n, line in enumerate(text.splitlines(), 1) if line.strip()]
    if len(lines) > MAX_COMBATANTS:  # refused before any line is read
        raise RuleValueError(
            M(
                "{name}: initiative needs 1 to {n} combatants, got {got} lines",
                name="combatants",
                n=MAX_COMBATANTS,
                got=len(lines),
            ),
            field="combatants",
        )
    if not lines:
        raise RuleValueError(
            M("{name}: none written; write one a line", name="combatants"), field="combatants"
        )
    return tuple(_read_combatant(n, line, default_side) for n, line in lines)


@dataclass(frozen=True)
class InitiativeReport:
    r"""Who acts first, as the initiative calculator shows it.

    Attributes:
        combatants: The combatants read.
        group: Group initiative (one roll per side).
        core: The core die.
        chances: P(each combatant acts first, or in the first group).
        sides: P(each side acts first).

    Example:
        >>> initiative("A, 3\nB, 3, NPC").chances["A"]
        Fraction(1, 2)
        >>> InitiativeReport((Combatant("A", 3),), False, CoreDie.D10, {"A": Fraction(1)},
        ...                  {"PCs": Fraction(1)}).rows[0][-1]
        Fraction(1, 1)
        >>> InitiativeReport((Combatant("A", 3),), False, CoreDie.D10, {"A": Fraction(1)}, {"PCs": Fraction(1)}).rows[0][-1]
        Fraction(1, 1)
    """

    combatants: tuple[Combatant, ...]
    group: bool
    core: CoreDie
    chances: dict[str, Fraction]
    sides: dict[str, Fraction]

    def __post_init__(self) -> None:
        """Refuse a report built by hand with values of the wrong kind."""
        check_fields(self)
        _check(self.combatants)
        for name in ("chances", "sides"):
            for p in getattr(self, name).values():
                exact_chance(p, name)
        if set(self.chances) != {c.name for c in self.combatants} or set(self.sides) != {
            c.side for c in self.combatants
        }:
            raise RuleValueError(
                M("{name} must give a chance to every combatant and every side", name="chances"),
                field="chances",
            )

    @property
    def rows(self) -> tuple[tuple[object, ...], ...]:
        """``(name, side, DEX, bonus, edge, P(first), P(side first))`` per combatant."""
        return tuple(
            (
                typed(c.name),
                typed(c.side),
                c.dexterity,
                signed_text(c.bonus),
                c.edge.label if c.edge.rank else "—",
                self.chances[c.name],
                self.sides[c.side],
            )
            for c in self.combatants
        )

    def roll(self, rng: random.Random | None = None) -> InitiativeOrder:
        r"""One rolled order, every die shown.

        Example:
            >>> initiative("A, 3\nB, 2").roll(random.Random(1)).names
            ['B', 'A']
        """
        return initiative_order(self.combatants, rng, group=self.group, core=self.core)


def initiative(
    combatants: str,
    *,
    group: bool = False,
    core: CoreDie = CoreDie.D10,
    default_side: str = DEFAULT_SIDE,
) -> InitiativeReport:
    r"""Read a list of combatants (:func:`parse_combatants`) and give who acts first.

    Example:
        >>> r = initiative("Jimmy, 4\nSniper, 2, NPC, ambush", core=CoreDie.TWO_D6)
        >>> r.chances
        {'Jimmy': Fraction(0, 1), 'Sniper': Fraction(1, 1)}
        >>> initiative("Jimmy, 4\nSauvageon, 3, PNJ", default_side="PJ").sides
        {'PJ': Fraction(16, 25), 'PNJ': Fraction(9, 25)}
    """
    fighters = parse_combatants(combatants, default_side=default_side)
    with renamed({"name": "combatants", "side": "combatants"}):
        chances = first_to_act(fighters, group=group, core=core)
    sides = side_first_chances(fighters, group=group, core=core)
    return InitiativeReport(fighters, group, core, chances, sides)
