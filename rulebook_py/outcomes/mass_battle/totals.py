"""One unit's totals before the d4, step by step (the unit builder's outcome).

Example:
    >>> brigands = {"offense": 3, "defense": 1, "attitude": "RATHER_OFFENSIVE",
    ...             "morale": "CONFIDENT", "leadership": "INTELLIGENT/VETERAN",
    ...             "cunning": "CLEVER", "lean": "DEFENSE", "action1": "ambush offense"}
    >>> unit_totals(brigands).steps[-1].result
    '+6/+3'
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from ...errors import (
    RulebookError,
    RuleValueError,
    check_enum,
    check_int,
    check_rng,
    quote,
)
from ...messages import Msg
from ...systems.mass_battle.odds import (
    MAX_ROUNDS,
)
from ...systems.mass_battle.round import (
    Lean,
    Side,
    Step,
    check_pair,
    split_free,
    steps_before_chance,
)
from ...systems.mass_battle.tables import Cunning
from ...systems.mass_battle.words import M
from .plans import (
    WEAPONS,
    battlefield_of,
    named_at,
    refused,
    renamed,
)
from .sides import build_sides, fault_check, slots_named

__all__ = [
    "UnitRoll",
    "UnitTotals",
    "unit_totals",
]


@dataclass(frozen=True)
class UnitRoll:
    """One d4 of chance placed by the lean on a unit's totals.

    Attributes:
        die: The d4.
        on_offense: Its points on offense.
        on_defense: Its points on defense.
        offense: The offense after the d4.
        defense: The defense after the d4.

    Example:
        >>> UnitRoll(3, 2, 1, 5, -1).message
        'd4 = 3: 2 on offense, 1 on defense → +5/-1'
    """

    die: int
    on_offense: int
    on_defense: int
    offense: int
    defense: int

    def __post_init__(self) -> None:
        check_int(self.die, "die", 1, 4)
        for name in ("on_offense", "on_defense"):
            check_int(getattr(self, name), name, 0, 4)
        for name in ("offense", "defense"):
            check_int(getattr(self, name), name, -1000, 1000)

    @property
    def message(self) -> Msg:
        """The d4 and where it went, as one line."""
        return M(
            "d4 = {die}: {o} on offense, {d} on defense → {offense:+d}/{defense:+d}",
            die=self.die,
            o=self.on_offense,
            d=self.on_defense,
            offense=self.offense,
            defense=self.defense,
        )

    def __str__(self) -> str:
        return str.__str__(self.message)


@dataclass(frozen=True)
class UnitTotals:
    """A unit's totals before the d4, steps −1 to 3, and its lean for the d4.

    Attributes:
        steps: The steps, the last holding the totals before the d4.
        lean: How the unit places the d4 when it rolls.
        round_number: The round.
        cunning: Its commander's cunning (None: not said), which counts in no step.

    Example:
        >>> UnitTotals(unit_totals({"offense": 3}).steps, Lean.EVEN, 1).steps[-1].result
        '+3/+0'
    """

    steps: tuple[Step, ...]
    lean: Lean
    round_number: int
    cunning: Cunning | None = None
    #: The heading of each column of :attr:`rows`.
    head: ClassVar[tuple[Msg, ...]] = (M("step"), M("what"), M("change"), M("total"), M("detail"))

    def __post_init__(self) -> None:
        steps = self.steps
        if (
            not isinstance(steps, tuple)
            or not 1 <= len(steps) <= 10
            or not all(isinstance(s, Step) for s in steps)
        ):
            raise RuleValueError(
                M(
                    "{name} must be a tuple of 1 to 10 Step, got {got}",
                    name="steps",
                    got=quote(steps),
                ),
                field="steps",
            )
        check_enum(self.lean, Lean, "lean")
        check_int(self.round_number, "round_number", 1, MAX_ROUNDS)
        if self.cunning is not None:
            check_enum(self.cunning, Cunning, "cunning")

    @property
    def rows(self) -> list[tuple[int, Msg, Msg, str, str]]:
        """``(step, what, change, total, detail)`` of every step.

        Example:
            >>> unit_totals({"offense": 3}).rows[0][1:4]
            ('declared levels', '+0/+0', '+3/+0')
        """
        return [
            (
                s.number,
                s.name,
                M("{offense:+d}/{defense:+d}", offense=s.offense_change, defense=s.defense_change),
                s.result,
                s.note,
            )
            for s in self.steps
        ]

    @property
    def summary(self) -> Msg:
        """The totals before the d4, as one sentence.

        Example:
            >>> unit_totals({"offense": 3}).summary
            'Before the d4 (round 1): offense +3, defense +0.'
        """
        last = self.steps[-1]
        return M(
            "Before the d4 (round {n}): offense {offense:+d}, defense {defense:+d}.",
            n=self.round_number,
            offense=last.offense,
            defense=last.defense,
        )

    @property
    def aside(self) -> Msg | None:
        """Where the commander's cunning counts, since no step shows it (None: not said).

        Example:
            >>> print(unit_totals({"cunning": "CLEVER"}).aside)
            The commander's cunning (Futé, +1) counts only in the rolls of special actions.
        """
        if self.cunning is None:
            return None
        return M(
            "The commander's cunning ({label}, {modifier:+d}) counts only in the rolls of "
            "special actions.",
            label=self.cunning.label,
            modifier=self.cunning.modifier,
        )

    def roll(self, rng: random.Random) -> UnitRoll:
        """Roll the d4 of chance and place it by the lean.

        Example:
            >>> str(unit_totals({"offense": 3}).roll(random.Random(1)))
            'd4 = 2: 1 on offense, 1 on defense → +4/+1'
        """
        die = check_rng(rng, none_is_fresh=True).randint(1, 4)
        off, dfn = split_free(die, self.lean)
        last = self.steps[-1]
        return UnitRoll(die, off, dfn, last.offense + off, last.defense + dfn)


def unit_totals(
    unit: Mapping[str, Any],
    *,
    holds: str = "attacker",
    enemy_weapons: str = "melee",
    round_number: int = 1,
    terrain: str = "ROAD",
    weather: str = "NORMAL",
    well_placed: bool = True,
    tight_combat: bool = False,
) -> UnitTotals:
    """One unit's offense and defense after every table of the source (steps −1 to 3).

    Args:
        unit: The unit's plan.
        holds: ``"attacker"`` (it attacks), ``"defender"`` (it holds the ground) or ``"nobody"``.
        enemy_weapons: What the enemy fights with (``"melee"``, ``"missile"``, ``"flying"``).
        round_number: The round (special actions decay).
        terrain: The terrain's name.
        weather: The weather's name.
        well_placed: Marsh, muddy plain: the defenders stand on firm ground.
        tight_combat: The battle is a tight combat.

    Example:
        >>> unit_totals({"action1": "war cry"}, round_number=2).steps[2].result
        '+3/+1'
    """
    if not isinstance(holds, str) or holds not in ("attacker", "defender", "nobody"):
        raise refused(
            "holds",
            M("must be 'attacker', 'defender' or 'nobody', got {got}", got=quote(holds)),
        )
    if not isinstance(enemy_weapons, str) or enemy_weapons not in WEAPONS:
        raise refused(
            "enemy_weapons",
            M(
                "must be one of {allowed}, got {got}",
                allowed=list(WEAPONS),
                got=quote(enemy_weapons),
            ),
        )
    with named_at("round_number"):
        check_int(round_number, "round_number", 1, MAX_ROUNDS)
    field_ = battlefield_of(terrain, weather, well_placed, tight_combat)
    mine, theirs = ("defender", "attacker") if holds == "defender" else ("attacker", "defender")
    plans = {mine: unit, theirs: {"weapons": enemy_weapons}}
    try:
        declared, where_of = build_sides(
            plans["attacker"], plans["defender"], field_, "" if holds == "nobody" else "d", 1
        )
        sides = {"attacker": declared.attacker, "defender": declared.defender}
        with slots_named(where_of):
            check_pair(declared.attacker, declared.defender, field_)
        fault_check({mine: sides[mine].unit, theirs: sides[theirs].unit}, field_)
    except RulebookError as err:
        where = err.field or ""
        moves = (
            (mine + "[", "unit["),
            (f"{theirs}['weapons']", "enemy_weapons"),
            ("holder", "holds"),
        )
        for old, new in moves:
            if where.startswith(old):
                where = where.replace(old, new, 1)
                break
        raise renamed(err, where) from err
    side = Side(replace(sides[mine].unit, name="unit"), sides[mine].orders)
    steps = steps_before_chance(side, sides[theirs].unit, field_, round_number)
    return UnitTotals(steps, side.orders.lean, round_number, side.unit.commander.cunning)
