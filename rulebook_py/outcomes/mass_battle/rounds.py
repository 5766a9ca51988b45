"""One round between two units, each plan giving its points on offense and its d4.

Example:
    >>> round_of({"offense": 3, "die": 4, "chance_off": 3}, {"vitality": 40}).result.damage_to_defender
    30
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ...errors import (
    RuleValueError,
    check_int,
    check_type,
    quote,
)
from ...messages import Msg, join
from ...systems.mass_battle.actions import (
    MAX_DECLARED_ROUND,
)
from ...systems.mass_battle.round import (
    Allocation,
    Battlefield,
    BattleRound,
    check_pair,
    finish_round,
    free_points,
    steps_before_chance,
)
from ...systems.mass_battle.words import M
from .plans import (
    battlefield_of,
    check_notes,
    full_plan,
    named_at,
)
from .sides import Declared, build_sides, fault_check, slots_named

__all__ = [
    "POOL_LABELS",
    "RoundOutcome",
    "round_of",
]

_POOLS = ("special", "morale", "leadership", "terrain")

#: What each number of points of a plan's round is called (its control's label).
POOL_LABELS: dict[str, Msg] = {
    "special_off": M("Action points on offense"),
    "morale_off": M("Morale points on offense"),
    "leadership_off": M("Leadership points on offense"),
    "terrain_off": M("Terrain points on offense"),
    "die": M("d4 rolled"),
    "chance_off": M("d4 points on offense"),
}


@dataclass(frozen=True)
class RoundOutcome:
    """One round between two units, every total shown.

    Attributes:
        result: The :class:`~.round.BattleRound`.
        notes: What the reader should know (firm ground that changes nothing…).
        clamped: ``(side, key, asked, "at most 2", used)`` of each number of
            points on offense beyond what its pool held this round.
        declared: Both sides as declared.
        battlefield: Where.
        allocations: Both sides' points on offense, as asked, by pool (``special``,
            ``morale``, ``leadership``, ``terrain``, ``chance``; a pool left out: 0).

    Example:
        >>> from rulebook_py.systems.mass_battle import dragon_sides, knights_vs_dragon
        >>> RoundOutcome(knights_vs_dragon(), (), (), Declared(*dragon_sides()), Battlefield()).result.over
        True
    """

    result: BattleRound
    notes: tuple[str, ...]
    clamped: tuple[tuple[str, str, int, str, int], ...]
    declared: Declared = field(repr=False)
    battlefield: Battlefield = field(repr=False)
    allocations: tuple[dict[str, int], dict[str, int]] = field(repr=False, default=({}, {}))

    def __post_init__(self) -> None:
        check_type(self.result, BattleRound, "result", M("a BattleRound"))
        check_notes(self.notes)
        clamped = self.clamped
        if (
            not isinstance(clamped, tuple)
            or len(clamped) > 2 * (len(_POOLS) + 1)
            or not all(isinstance(c, tuple) and len(c) == 5 for c in clamped)
        ):
            raise RuleValueError(
                M(
                    "{name} must be a tuple of (side, key, asked, bound, used), got {got}",
                    name="clamped",
                    got=quote(clamped),
                ),
                field="clamped",
            )
        check_type(self.declared, Declared, "declared", M("a Declared"))
        check_type(self.battlefield, Battlefield, "battlefield", M("a Battlefield"))
        pair = self.allocations
        if not isinstance(pair, tuple) or len(pair) != 2:
            raise RuleValueError(
                M(
                    "{name} must be a pair of dicts of points on offense, got {got}",
                    name="allocations",
                    got=quote(pair),
                ),
                field="allocations",
            )
        for asked in pair:
            if not isinstance(asked, dict) or not set(asked) <= {*_POOLS, "chance"}:
                raise RuleValueError(
                    M(
                        "{name} must be a pair of dicts of points on offense, got {got}",
                        name="allocations",
                        got=quote(pair),
                    ),
                    field="allocations",
                )
            for points in asked.values():
                check_int(points, "allocations", -100, 100)

    @property
    def remarks(self) -> list[Msg]:
        """The notes, then each number of points beyond its pool: what was asked and used.

        Example:
            >>> [str(m) for m in round_of({"die": 2, "chance_off": 3}, {}).remarks]
            ['attacker, “d4 points on offense”: 3 asked, at most 2 possible: 2 used']
        """
        said = [
            M(
                "{who}, “{points}”: {asked} asked, {bound} possible: {used} used",
                who=M("attacker") if who == "attacker" else M("defender"),
                points=POOL_LABELS[key],
                asked=asked,
                bound=bound,
                used=used,
            )
            for who, key, asked, bound, used in self.clamped
        ]
        return [*self.notes, *said]

    @property
    def verdict(self) -> Msg:
        """Who is destroyed, if anyone.

        Example:
            >>> round_of({"offense": 3, "die": 4, "chance_off": 3}, {"vitality": 5}).verdict
            'The defender is destroyed.'
        """
        r = self.result
        return {
            (True, True): M("Both units are destroyed."),
            (False, True): M("The defender is destroyed."),
            (True, False): M("The attacker is destroyed."),
        }.get(
            (r.attacker.vitality == 0, r.defender.vitality == 0),
            M("Both stand: the fight may go on."),
        )

    @property
    def actions_line(self) -> Msg | None:
        """The special actions that count this round, both sides (``None``: none).

        Example:
            >>> round_of({"action1": "war cry"}, {}).actions_line
            'Special actions this round: attacker: Cri de guerre: -2 defense, then +3/+1, then -1/-2.'
        """
        r = self.result
        said = [
            M("{who}: {what}", who=who, what=steps[2].note)
            for who, steps in ((M("attacker"), r.attacker_steps), (M("defender"), r.defender_steps))
            if steps[2].note != "none"
        ]
        return M("Special actions this round: {said}.", said=join("; ", said)) if said else None

    def roll(self, rng: random.Random) -> BattleRound:
        """The same round with both d4 rolled; each side puts at most its chosen points on offense.

        Example:
            >>> r = round_of({"offense": 3}, {"offense": 3}).roll(random.Random(2))
            >>> r.attacker_die, r.defender_die
            (1, 1)
        """
        dice = (rng.randint(1, 4), rng.randint(1, 4))
        rnd = self.result.round_number
        return _round(self.declared, self.battlefield, rnd, self.allocations, dice, False)[0]


def _round(
    declared: Declared,
    field_: Battlefield,
    rnd: int,
    asked: tuple[Mapping[str, int], Mapping[str, int]],
    dice: tuple[int, int],
    check: bool = True,
) -> tuple[BattleRound, list[tuple[str, str, int, str, int]]]:
    """The round with these points and dice, and the numbers clamped (who, box, asked, bound, used).

    ``check``: whether both sides' declarations are checked (:func:`check_pair`);
    a roll of an outcome skips it, the call that made the outcome checked them once.
    """
    notes: list[tuple[str, str, int, str, int]] = []
    allocs = []
    a, d = declared.attacker, declared.defender
    for (side, enemy, who), want, die in zip(((a, d, "attacker"), (d, a, "defender")), asked, dice):
        pools = {**free_points(side, enemy.unit, field_, rnd), "chance": die}
        used = {}
        for pool, amount in pools.items():
            low, high = sorted((0, amount))
            ask = want.get(pool, 0)
            used[pool] = min(max(ask, low), high)
            if used[pool] != ask:
                bound = M("at most {n}", n=high) if ask > high else M("at least {n}", n=low)
                key = "chance_off" if pool == "chance" else f"{pool}_off"
                notes.append((who, key, ask, bound, used[pool]))
        allocs.append(Allocation(**used, die=die))
    if check:
        check_pair(a, d, field_)
    steps = [
        steps_before_chance(s, e.unit, field_, rnd, al)
        for s, e, al in ((a, d, allocs[0]), (d, a, allocs[1]))
    ]
    result = finish_round(a, d, field_, rnd, *steps, *allocs, None)
    return result, notes


def round_of(
    attacker: Mapping[str, Any],
    defender: Mapping[str, Any],
    *,
    holder: str = "d",
    round_number: int = 1,
    terrain: str = "ROAD",
    weather: str = "NORMAL",
    well_placed: bool = True,
    tight_combat: bool = False,
) -> RoundOutcome:
    """One round between two units: each plan gives its points on offense and its d4.

    Each pool (``special_off``, ``morale_off``, ``leadership_off``,
    ``terrain_off``) and the d4 (``die``, ``chance_off``) puts that many
    points on offense, the rest on defense. A number beyond what the pool
    holds this round uses what is possible, with a note (the book's choice:
    the reader's number is kept for when the pool grows again).

    Example:
        >>> round_of({"offense": 3, "die": 4, "chance_off": 3}, {"vitality": 40}).result.damage_to_defender
        30
        >>> r = round_of({"vitality": 100, "offense": 3, "defense": 1, "die": 4, "chance_off": 3},
        ...              {"vitality": 40, "offense": 4, "defense": 3, "die": 2})
        >>> r.result.damage_to_defender, r.result.damage_to_attacker
        (10, 15)
    """
    with named_at("round_number"):
        check_int(round_number, "round_number", 1, MAX_DECLARED_ROUND)
    field_ = battlefield_of(terrain, weather, well_placed, tight_combat)
    declared, where_of = build_sides(attacker, defender, field_, holder, 1)
    fault_check({"attacker": declared.attacker.unit, "defender": declared.defender.unit}, field_)
    asked = []
    dice = []
    for name, spec in (("attacker", attacker), ("defender", defender)):
        p = full_plan(spec, name)
        want = {}
        for pool in (*_POOLS, "chance"):
            key = "chance_off" if pool == "chance" else f"{pool}_off"
            with named_at(f"{name}[{key!r}]"):
                want[pool] = check_int(p[key], key, -100, 100)
        with named_at(f"{name}['die']"):
            dice.append(check_int(p["die"], "die", 1, 4))
        asked.append(want)
    pair = (asked[0], asked[1])
    with slots_named(where_of):
        result, clamped = _round(declared, field_, round_number, pair, (dice[0], dice[1]))
    return RoundOutcome(result, declared.notes, tuple(clamped), declared, field_, pair)
