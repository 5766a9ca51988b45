"""Units, the damage rule and one round of a mass battle, step by step.

The round follows the source's procedure: declared levels (step -1),
attitude (0), special actions (1), morale (2), leadership and terrain (3),
the d4 of chance (4), damage (5), and whether the fight goes on (6).

**The damage rule.** The net of offense over defense *before the d4* counts
as zero when it is negative (the 5 % base damage is all such an attack
does); then the chance points are compared on their own -- the attacker's
d4 points on offense minus the defender's d4 points on defense -- and added,
positive or negative; the result never goes below zero, is read on the table
(at most level 19, 95 %) and the 5 % base is added. This is the one reading
that gives both worked examples of the source (see :func:`damage_percent`).

Example:
    >>> damage_percent(6, 4, chance_offense=3, chance_defense=2)  # brigands
    20
    >>> damage_percent(2, 4, chance_offense=4, chance_defense=3)  # knights vs dragon
    10
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from ...errors import (
    RuleValueError,
    check_bool,
    check_enum,
    check_int,
    check_rng,
    check_type,
    quote,
)
from ...messages import Msg, join
from .actions import ActionKind, Effect, RolledAction, SpecialAction, check_d4, roll_d4
from .declarations import check_declarations
from .tables import (
    BASE_DAMAGE_PERCENT,
    Attitude,
    CommanderClass,
    Cunning,
    Experience,
    Fame,
    LeadershipReading,
    Morale,
    Terrain,
    TerrainEffect,
    Weather,
    leadership,
    table_percent,
    terrain_effect,
)
from .words import M

__all__ = [
    "LEVEL_RANGE",
    "TIGHT_COMBAT_DEFENSE",
    "TIGHT_COMBAT_TERRAINS",
    "Allocation",
    "BattleRound",
    "Battlefield",
    "Commander",
    "Lean",
    "Orders",
    "Side",
    "Step",
    "Unit",
    "check_pair",
    "check_side",
    "damage_percent",
    "finish_round",
    "free_points",
    "percent",
    "resolve_round",
    "split_free",
    "steps_before_chance",
    "strikes_back",
    "totals_before_chance",
]

#: Most rounds an attitude schedule may list (a battle lasts at most 20).
MAX_ROUNDS_DECLARED = 20

#: Allowed range of a unit's declared offense or defense level.
LEVEL_RANGE = (-10, 30)

#: Where a tight combat can be fought (« caverne, failles, conduits étroits seulement »):
#: a cave or a mountain fault entered from the front (a narrow passage is fought as a
#: cave), or a fault attacked from above, but there only by attackers that fly: « pas
#: de combat de mêlée, à moins que l'unité attaquante sache voler » (:func:`_check_pair`).
TIGHT_COMBAT_TERRAINS = frozenset({Terrain.CAVE_FRONT, Terrain.FAULT_FROM_ABOVE})

#: What a tight combat adds to the defense of *both* units, every round.
TIGHT_COMBAT_DEFENSE = 5


def damage_percent(
    offense: int, defense: int, chance_offense: int = 0, chance_defense: int = 0
) -> int:
    """Percentage of vitality the defender loses to the attacker this round.

    ``max(0, offense - defense)`` levels before the dice, plus
    ``chance_offense - chance_defense``, floored at 0, read on the table
    (levels above 19 read as 19) plus the 5 % base damage. So the result is
    never under 5 % and never over 100 %.

    Args:
        offense: The attacker's offense total before the d4.
        defense: The defender's defense total before the d4.
        chance_offense: d4 points the attacker put on offense (0 to 4).
        chance_defense: d4 points the defender put on defense (0 to 4).

    Returns:
        The damage in percent, a multiple of 5 from 5 to 100.

    Raises:
        RuleValueError: For a non-integer, or chance points outside 0..4.

    Example:
        >>> damage_percent(9, 6), damage_percent(4, 4), damage_percent(3, 2)
        (20, 5, 10)
        >>> damage_percent(2, 4, 4, 3), damage_percent(2, 4, 0, 3)
        (10, 5)
        >>> damage_percent(30, 0)
        100
    """
    check_int(offense, "offense", -100, 100)
    check_int(defense, "defense", -100, 100)
    check_int(chance_offense, "chance_offense", 0, 4)
    check_int(chance_defense, "chance_defense", 0, 4)
    net = max(0, max(0, offense - defense) + chance_offense - chance_defense)
    return table_percent(net) + BASE_DAMAGE_PERCENT


class Lean(Enum):
    """Where a unit puts bonuses "to distribute as desired" unless told otherwise.

    A bonus goes to the favoured side, a malus to the other one; ``EVEN``
    splits (offense gets the larger half of a bonus, the smaller of a malus).

    Example:
        >>> split_free(3, Lean.EVEN), split_free(-3, Lean.OFFENSE)
        ((2, 1), (0, -3))
    """

    OFFENSE = "à l'offense"
    DEFENSE = "à la défense"
    EVEN = "partagé"

    @property
    def label(self) -> str:
        """A French label in the source's words."""
        return self.value


def split_free(
    amount: int, lean: Lean, to_offense: int | None = None, name: str = "free"
) -> tuple[int, int]:
    """Split ``amount`` points between offense and defense.

    Args:
        amount: The points (a malus is negative).
        lean: Rule used when ``to_offense`` is ``None``.
        to_offense: Explicit share on offense: between 0 and ``amount``
            (same sign); the rest goes to defense.
        name: The field named in an error.

    Returns:
        ``(offense, defense)``, summing to ``amount``.

    Raises:
        RuleValueError: If ``to_offense`` is more than the points available.

    Example:
        >>> split_free(4, Lean.DEFENSE, to_offense=3)
        (3, 1)
        >>> split_free(2, Lean.OFFENSE, to_offense=3)
        Traceback (most recent call last):
        ...
        rulebook_py.errors.RuleValueError: free: cannot put 3 of 2 points on offense (allowed 0 to 2)
    """
    check_int(amount, "amount", -100, 100)
    check_enum(lean, Lean, "lean")
    if not isinstance(name, str) or len(name) > 100:
        raise RuleValueError(
            M(
                "{name} must be text of at most 100 characters, got {got}",
                got=quote(name),
                name="name",
            ),
            field="name",
        )
    if to_offense is not None:
        check_int(to_offense, name)
        low, high = sorted((0, amount))
        if not low <= to_offense <= high:
            raise RuleValueError(
                M(
                    "{name}: cannot put {n} of {amount} points on offense (allowed {low} to {high})",
                    name=name,
                    n=quote(to_offense),
                    amount=amount,
                    low=low,
                    high=high,
                ),
                field=name,
            )
        return to_offense, amount - to_offense
    if lean is Lean.EVEN:
        off = -((-amount) // 2)  # 3 -> 2 on offense; -3 -> -1 on offense
        return off, amount - off
    favour = (lean is Lean.OFFENSE) == (amount >= 0)
    return (amount, 0) if favour else (0, amount)


@dataclass(frozen=True)
class Commander:
    """A unit's commander.

    Attributes:
        commander_class: Row of the leadership table.
        experience: Column of the leadership table.
        cunning: Cunning (special actions only).
        fame: Notable or legendary commanders add to morale.
        reading: Which leadership list (they differ for a poor commander).

    Example:
        >>> c = Commander(CommanderClass.INTELLIGENT, Experience.VETERAN, Cunning.CLEVER)
        >>> c.leadership, c.cunning.modifier
        (2, 1)
    """

    commander_class: CommanderClass = CommanderClass.AVERAGE
    experience: Experience = Experience.EXPERIENCED
    cunning: Cunning = Cunning.ALERT
    fame: Fame = Fame.ORDINARY
    reading: LeadershipReading = LeadershipReading.CLASS_TABLE

    def __post_init__(self) -> None:
        for name, kind in (("cunning", Cunning), ("fame", Fame), ("reading", LeadershipReading)):
            check_enum(getattr(self, name), kind, name)
        leadership(self.commander_class, self.experience)

    @property
    def leadership(self) -> int:
        """The leadership modifier."""
        return leadership(self.commander_class, self.experience, self.reading)


def _check_vitality(vitality: object) -> None:
    if (
        isinstance(vitality, bool)
        or not isinstance(vitality, int)
        or not 0 <= vitality <= 100
        or vitality % 5
    ):
        raise RuleValueError(
            M(
                "{name} must be a multiple of 5 from 0 to 100 (percent), got {got}",
                got=quote(vitality),
                name="vitality",
            ),
            field="vitality",
        )


@dataclass(frozen=True)
class Unit:
    """A unit: vitality in percent (5 % steps), declared levels, commander, morale.

    Attributes:
        name: What the reader calls it.
        vitality: Percent of a full unit still fighting, 0 to 100 in steps of 5.
        offense: Declared offense level.
        defense: Declared defense level.
        commander: Its commander.
        morale: Its morale.
        defends_ground: Whether it holds the ground attacked (the defender).
        feels_weather: Undead, magical creatures... may not feel the weather.
        missile_weapons: Whether it shoots (fault attacked from above).
        flying: Whether it flies (fault attacked from above).

    Example:
        >>> Unit("Brigands", 100, 3, 1).vitality
        100
        >>> Unit("Ghosts", 102, 1, 1)
        Traceback (most recent call last):
        ...
        rulebook_py.errors.RuleValueError: vitality must be a multiple of 5 from 0 to 100 (percent), got 102
    """

    name: str
    vitality: int
    offense: int
    defense: int
    commander: Commander = field(default_factory=Commander)
    morale: Morale = Morale.UNINSPIRED
    defends_ground: bool = False
    feels_weather: bool = True
    missile_weapons: bool = False
    flying: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or len(self.name) > 200:
            raise RuleValueError(
                M(
                    "{name} must be text of at most 200 characters, got {got}",
                    got=quote(self.name),
                    name="name",
                ),
                field="name",
            )
        for flag in ("defends_ground", "feels_weather", "missile_weapons", "flying"):
            check_bool(getattr(self, flag), flag)
        _check_vitality(self.vitality)
        check_int(self.offense, "offense", *LEVEL_RANGE)
        check_int(self.defense, "defense", *LEVEL_RANGE)
        check_enum(self.morale, Morale, "morale")
        if not isinstance(self.commander, Commander):
            raise RuleValueError(
                M(
                    "{name} must be a Commander, got {got}",
                    got=quote(self.commander),
                    name="commander",
                ),
                field="commander",
            )

    def with_vitality(self, vitality: int) -> Unit:
        """The same unit at another vitality.

        Example:
            >>> Unit("Knights", 40, 4, 3).with_vitality(20).vitality
            20
        """
        _check_vitality(vitality)
        # Every other field was checked when this unit was made: copy it as it is
        # (a battle replayed many times calls this twice a round).
        unit = object.__new__(Unit)
        unit.__dict__.update(self.__dict__)
        object.__setattr__(unit, "vitality", vitality)
        return unit


@dataclass(frozen=True)
class Orders:
    """What a unit's player declares for the battle.

    Attributes:
        attitude: The attitude (step 0), declared every round: one attitude
            for the whole battle, or a schedule ``(round 1, round 2, ...)``
            whose last entry holds for the rounds after it.
        actions: Resolved special actions that benefit this unit (step 1).
        lean: How free bonuses are split unless a round says otherwise.

    Example:
        >>> Orders().attitude.label
        'Équilibrée'
        >>> plan = Orders((Attitude.RATHER_OFFENSIVE, Attitude.RATHER_DEFENSIVE))
        >>> [plan.attitude_in(r).name for r in (1, 2, 5)]
        ['RATHER_OFFENSIVE', 'RATHER_DEFENSIVE', 'RATHER_DEFENSIVE']
    """

    attitude: Attitude | tuple[Attitude, ...] = Attitude.BALANCED
    actions: tuple[SpecialAction, ...] = ()
    lean: Lean = Lean.EVEN

    def __post_init__(self) -> None:
        plan = self.attitude if isinstance(self.attitude, tuple) else (self.attitude,)
        if not 1 <= len(plan) <= MAX_ROUNDS_DECLARED or not all(
            isinstance(a, Attitude) for a in plan
        ):
            raise RuleValueError(
                M(
                    "{name} must be one of {allowed} or a schedule of 1 to {n} of them, got {got}",
                    allowed=[a.name for a in Attitude],
                    n=MAX_ROUNDS_DECLARED,
                    got=quote(self.attitude),
                    name="attitude",
                ),
                field="attitude",
            )
        if not isinstance(self.actions, tuple) or not all(
            isinstance(a, SpecialAction) for a in self.actions
        ):
            raise RuleValueError(
                M(
                    "{name} must be a tuple of SpecialAction, got {got}",
                    got=quote(self.actions),
                    name="actions",
                ),
                field="actions",
            )
        check_enum(self.lean, Lean, "lean")

    def attitude_in(self, round_number: int) -> Attitude:
        """The attitude declared for round ``round_number``, a surprised unit's balanced one.

        A unit an enemy's ambush surprises (an action of its orders with
        ``surprise`` that round) has no time to choose: « La valeur
        Équilibrée (+0) est donc utilisée par défaut ».

        Example:
            >>> from .actions import ambush
            >>> from .tables import Cunning
            >>> caught = ambush(4, 1, Cunning.CLEVER, Cunning.ALERT).surprised
            >>> o = Orders(Attitude.RATHER_DEFENSIVE, (caught,))
            >>> o.attitude_in(1).name, o.attitude_in(2).name
            ('BALANCED', 'RATHER_DEFENSIVE')
        """
        check_int(round_number, "round_number", 1)
        if any(a.surprise == round_number for a in self.actions):
            return Attitude.BALANCED
        if not isinstance(self.attitude, tuple):
            return self.attitude
        return self.attitude[min(round_number, len(self.attitude)) - 1]


@dataclass(frozen=True)
class Side:
    """A unit with its orders.

    Example:
        >>> Side(Unit("A", 100, 3, 1)).orders.lean
        <Lean.EVEN: 'partagé'>
    """

    unit: Unit
    orders: Orders = field(default_factory=Orders)

    def __post_init__(self) -> None:
        if not isinstance(self.unit, Unit):
            raise RuleValueError(
                M("{name} must be a Unit, got {got}", got=quote(self.unit), name="unit"),
                field="unit",
            )
        if not isinstance(self.orders, Orders):
            raise RuleValueError(
                M("{name} must be an Orders, got {got}", got=quote(self.orders), name="orders"),
                field="orders",
            )


@dataclass(frozen=True)
class Battlefield:
    """Where and in what weather the battle is fought.

    Attributes:
        terrain: The terrain.
        weather: The weather.
        well_placed: Marsh / muddy plain: the defenders stand on firm ground
            (ignored when nobody holds the ground).
        tight_combat: The defenders fight a tight combat (*combat serré*):
            both units' defense +5 every round, for the whole battle. Only on
            the terrains of :data:`TIGHT_COMBAT_TERRAINS` (on a fault attacked
            from above, only against attackers that fly), and only when a
            unit holds the ground.

    Example:
        >>> Battlefield().terrain.label
        'Route ordinaire'
        >>> Battlefield(Terrain.FOREST, tight_combat=True)
        Traceback (most recent call last):
        ...
        rulebook_py.errors.RuleValueError: tight_combat is fought only in a cave, a narrow passage or a mountain fault (Caverne ou faille montagneuse (de devant), Faille montagneuse (de dessus)), not on 'Forêt'
    """

    terrain: Terrain = Terrain.ROAD
    weather: Weather = Weather.NORMAL
    well_placed: bool = True
    tight_combat: bool = False

    def __post_init__(self) -> None:
        check_enum(self.terrain, Terrain, "terrain")
        check_enum(self.weather, Weather, "weather")
        for name in ("well_placed", "tight_combat"):
            check_bool(getattr(self, name), name)
        if self.tight_combat and self.terrain not in TIGHT_COMBAT_TERRAINS:
            places = [t.label for t in Terrain if t in TIGHT_COMBAT_TERRAINS]
            raise RuleValueError(
                M(
                    "{name} is fought only in a cave, a narrow passage or a mountain "
                    "fault ({places}), not on {terrain}",
                    places=join(", ", places),
                    terrain=repr(self.terrain.label),
                    name="tight_combat",
                ),
                field="tight_combat",
            )


@dataclass(frozen=True)
class Allocation:
    """One round's explicit choices for the free bonuses and the d4.

    Each ``*_to_offense`` is how many points of that pool go on offense
    (``None``: follow the unit's :class:`Lean`); the rest goes on defense.

    Attributes:
        special: Free points of special actions (ambush) on offense.
        morale: Morale points on offense.
        leadership: Leadership points on offense.
        terrain: Terrain points on offense.
        die: The d4 of chance (``None``: rolled with the round's ``rng``).
        chance: d4 points on offense (``None``: follow the lean).

    Example:
        >>> Allocation(die=4, chance=3).chance
        3
    """

    special: int | None = None
    morale: int | None = None
    leadership: int | None = None
    terrain: int | None = None
    die: int | None = None
    chance: int | None = None

    def __post_init__(self) -> None:
        for name in ("special", "morale", "leadership", "terrain"):
            if getattr(self, name) is not None:
                check_int(getattr(self, name), name, -100, 100)
        if self.die is not None:
            check_int(self.die, "die", -100, 100)
        if self.chance is not None:
            check_int(self.chance, "chance", -100, 100)


@dataclass(frozen=True)
class Step:
    """One line of a unit's running totals in a round.

    Attributes:
        number: The source's step number (-1 to 4).
        name: What the step adds.
        offense_change: Added to offense at this step.
        defense_change: Added to defense at this step.
        offense: Offense after this step.
        defense: Defense after this step.
        note: Detail (the table entry, the roll).

    Example:
        >>> Step(0, "attitude", 1, -1, 4, 0, "Plutôt offensive").result
        '+4/+0'
    """

    number: int
    name: str
    offense_change: int
    defense_change: int
    offense: int
    defense: int
    note: str = ""

    def __post_init__(self) -> None:
        check_int(self.number, "number", -2, 6)
        for name in ("offense_change", "defense_change", "offense", "defense"):
            check_int(getattr(self, name), name, -1000, 1000)
        for name in ("name", "note"):
            if not isinstance(getattr(self, name), str):
                raise RuleValueError(
                    M("{name} must be text, got {got}", name=name, got=quote(getattr(self, name))),
                    field=name,
                )

    @property
    def result(self) -> Msg:
        """The running totals as the source writes them (``+6/+0``).

        Example:
            >>> Step(0, "attitude", 1, -1, 4, -1).result.render("fr")
            '+4/−1'
        """
        return M("{offense:+d}/{defense:+d}", offense=self.offense, defense=self.defense)


def _free(name: str, amount: int, lean: Lean, explicit: int | None) -> tuple[int, int]:
    return split_free(amount, lean, explicit, name)


def _terrain(unit: Unit, enemy: Unit, battlefield: Battlefield) -> TerrainEffect:
    attackers = enemy if unit.defends_ground else unit
    nobody = not unit.defends_ground and not enemy.defends_ground
    # With nobody holding the ground there are no defenders to be well placed:
    # the source's « sinon, -1 à tous » (muddy plain) and « -2 à tous » (marsh).
    return terrain_effect(
        battlefield.terrain,
        unit.defends_ground,
        well_placed=battlefield.well_placed and not nobody,
        missile_weapons=attackers.missile_weapons,
        flying=attackers.flying,
    )


def _check_units(unit: object, enemy: object, battlefield: object, name: str) -> None:
    """A unit, its enemy and a battlefield, each of its type (else refused, named)."""
    if name == "unit":
        check_type(unit, Unit, "unit", M("a Unit"))
    check_type(enemy, Unit, "enemy", M("a Unit"))
    check_type(battlefield, Battlefield, "battlefield", M("a Battlefield"))


def strikes_back(unit: Unit, enemy: Unit, battlefield: Battlefield) -> bool:
    """Whether ``unit`` can deal damage to ``enemy`` at all on this battlefield.

    On a fault attacked from above there is « pas de combat de mêlée, à moins
    que l'unité attaquante sache voler »: defenders that only fight hand to
    hand cannot reach attackers that shoot from the top (they deal nothing,
    not even the base 5 %). Everywhere else every unit strikes.

    Example:
        >>> shooters = Unit("Archers", 100, 3, 1, missile_weapons=True)
        >>> guards = Unit("Guards", 100, 3, 3, defends_ground=True)
        >>> fault = Battlefield(Terrain.FAULT_FROM_ABOVE)
        >>> strikes_back(guards, shooters, fault), strikes_back(shooters, guards, fault)
        (False, True)
        >>> strikes_back(Unit("Guards", 100, 3, 3, defends_ground=True), Unit("Archers", 100, 3, 1, missile_weapons=True), Battlefield(Terrain.FAULT_FROM_ABOVE))
        False
    """
    _check_units(unit, enemy, battlefield, "unit")
    return not (
        battlefield.terrain is Terrain.FAULT_FROM_ABOVE
        and unit.defends_ground
        and not enemy.flying
        and not unit.missile_weapons
    )


def free_points(
    side: Side, enemy: Unit, battlefield: Battlefield, round_number: int = 1
) -> dict[str, int]:
    """The points of each pool a unit places as it likes this round (a malus is negative).

    The keys are the fields of :class:`Allocation`: ``special`` (the free
    points of its actions, the ambush's), ``morale`` (morale, fame and the
    weather), ``leadership`` and ``terrain``. An allocation may put between
    0 and that many points on offense.

    Example:
        >>> brigands, knights, field, _ = __import__(
        ...     "rulebook_py.systems.mass_battle", fromlist=["x"]).brigands_sides()
        >>> free_points(brigands, knights.unit, field)
        {'special': 2, 'morale': 1, 'leadership': 2, 'terrain': 0}
        >>> free_points(brigands, knights.unit, field, 3)["special"]
        0
        >>> free_points(Side(Unit("A", 100, 3, 1)), Unit("B", 40, 4, 3), Battlefield())["leadership"]
        0
    """
    check_type(side, Side, "side", M("a Side"))
    _check_units(side.unit, enemy, battlefield, "side")
    unit = side.unit
    check_int(round_number, "round_number", 1, 2 * MAX_ROUNDS_DECLARED)
    weather = battlefield.weather.modifier if unit.feels_weather else 0
    return {
        "special": sum(a.effect(round_number).free for a in side.orders.actions),
        "morale": unit.morale.modifier + unit.commander.fame.modifier + weather,
        "leadership": unit.commander.leadership,
        "terrain": _terrain(unit, enemy, battlefield).free,
    }


def totals_before_chance(
    side: Side,
    enemy: Unit,
    battlefield: Battlefield,
    round_number: int = 1,
    allocation: Allocation | None = None,
) -> tuple[Step, ...]:
    """Steps -1 to 3 of a round for one unit: its running offense and defense.

    Args:
        side: The unit and its orders.
        enemy: The opposing unit (terrain of a fault depends on its weapons).
        battlefield: Terrain and weather.
        round_number: 1 for the first round (special actions decay).
        allocation: Explicit shares on offense (``None``: the lean).

    Returns:
        The steps, the last one holding the totals before the d4.

    Example:
        >>> steps = totals_before_chance(Side(Unit("A", 100, 3, 1)), Unit("B", 50, 2, 2),
        ...                              Battlefield())
        >>> steps[-1].result
        '+3/+1'
        >>> totals_before_chance(Side(Unit("A", 100, 3, 1)), Unit("B", 50, 2, 2), Battlefield())[-1].result
        '+3/+1'
    """
    if not isinstance(side, Side):
        raise RuleValueError(
            M("{name} must be a Side, got {got}", got=quote(side), name="side"), field="side"
        )
    if not isinstance(enemy, Unit):
        raise RuleValueError(
            M("{name} must be a Unit, got {got}", got=quote(enemy), name="enemy"), field="enemy"
        )
    if not isinstance(battlefield, Battlefield):
        raise RuleValueError(
            M(
                "{name} must be a Battlefield, got {got}",
                got=quote(battlefield),
                name="battlefield",
            ),
            field="battlefield",
        )
    if allocation is not None and not isinstance(allocation, Allocation):
        raise RuleValueError(
            M("{name} must be an Allocation, got {got}", got=quote(allocation), name="allocation"),
            field="allocation",
        )
    check_declarations(side, Side(enemy), "side", battlefield.tight_combat, enemy_orders=False)
    return steps_before_chance(side, enemy, battlefield, round_number, allocation)


def steps_before_chance(
    side: Side,
    enemy: Unit,
    battlefield: Battlefield,
    round_number: int = 1,
    allocation: Allocation | None = None,
) -> tuple[Step, ...]:
    """The steps of :func:`totals_before_chance`, for a side :func:`check_pair` has accepted.

    What every function that fights two sides computes each round, after it
    checked both sides' declarations once (:func:`check_pair`): the
    declarations are not checked again here (each rule check runs once per
    side per call), the arguments' types are.

    Example:
        >>> steps_before_chance(Side(Unit("A", 100, 3, 1)), Unit("B", 50, 2, 2), Battlefield())[-1].result
        '+3/+1'
    """
    check_type(side, Side, "side", M("a Side"))
    check_type(enemy, Unit, "enemy", M("a Unit"))
    check_type(battlefield, Battlefield, "battlefield", M("a Battlefield"))
    if allocation is not None:
        check_type(allocation, Allocation, "allocation", M("an Allocation"))
    unit, orders = side.unit, side.orders
    alloc = allocation or Allocation()
    check_int(round_number, "round_number", 1, 2 * MAX_ROUNDS_DECLARED)
    steps: list[Step] = []
    off, dfn = unit.offense, unit.defense

    def add(number: int, name: Msg, d_off: int, d_def: int, note: str) -> None:
        nonlocal off, dfn
        off += d_off
        dfn += d_def
        steps.append(Step(number, name, d_off, d_def, off, dfn, note))

    add(-1, M("declared levels"), 0, 0, M("offense/defense declared"))
    att = orders.attitude_in(round_number)
    surprised = any(a.surprise == round_number for a in orders.actions)
    how = M("{attitude} (surprised)", attitude=att.label) if surprised else join("", [att.label])
    add(0, M("attitude"), att.offense, att.defense, how)
    effect = Effect()
    for action in orders.actions:
        effect = effect + action.effect(round_number)
    s_off, s_def = _free("special_to_offense", effect.free, orders.lean, alloc.special)
    said = [
        M("{action}: {note}", action=a.kind.label, note=a.note)
        for a in orders.actions
        if a.effect(round_number)
    ]
    if battlefield.tight_combat:
        effect = effect + Effect(defense=TIGHT_COMBAT_DEFENSE)
        tight = M(
            "{action}: both defenses +{n}",
            action=ActionKind.TIGHT_COMBAT.label,
            n=TIGHT_COMBAT_DEFENSE,
        )
        said.insert(0, tight)
    notes = join("; ", said) if said else M("none")
    add(1, M("special actions"), effect.offense + s_off, effect.defense + s_def, notes)
    morale = unit.morale.modifier + unit.commander.fame.modifier
    weather = battlefield.weather.modifier if unit.feels_weather else 0
    m_off, m_def = _free("morale_to_offense", morale + weather, orders.lean, alloc.morale)
    add(
        2,
        M("morale"),
        m_off,
        m_def,
        M(
            "{morale} {m:+d}, commander {c:+d}, weather {w:+d}",
            morale=unit.morale.label,
            m=unit.morale.modifier,
            c=unit.commander.fame.modifier,
            w=weather,
        ),
    )
    lead = unit.commander.leadership
    l_off, l_def = _free("leadership_to_offense", lead, orders.lean, alloc.leadership)
    add(
        3,
        M("leadership"),
        l_off,
        l_def,
        M(
            "{commander}, {experience}: {n:+d}",
            commander=unit.commander.commander_class.label,
            experience=unit.commander.experience.label,
            n=lead,
        ),
    )
    nobody = not unit.defends_ground and not enemy.defends_ground
    terr = _terrain(unit, enemy, battlefield)
    t_off, t_def = _free("terrain_to_offense", terr.free, orders.lean, alloc.terrain)
    role = (
        M("defender")
        if unit.defends_ground
        else M("nobody holds the ground")
        if nobody
        else M("attacker")
    )
    add(
        3,
        M("terrain"),
        terr.offense + t_off,
        t_def,
        M(
            "{terrain} ({role}): {n:+d}",
            terrain=battlefield.terrain.label,
            role=role,
            n=terr.free + terr.offense,
        ),
    )
    return tuple(steps)


@dataclass(frozen=True)
class BattleRound:
    """Everything that happened in one round, step by step.

    Attributes:
        round_number: 1 for the first round.
        attacker_steps: The attacker's running totals, steps -1 to 4.
        defender_steps: The defender's.
        attacker_die: The attacker's d4.
        defender_die: The defender's d4.
        attacker_chance: ``(on offense, on defense)`` of the attacker's d4.
        defender_chance: ``(on offense, on defense)`` of the defender's d4.
        damage_to_defender: Percent the defender loses.
        damage_to_attacker: Percent the attacker loses.
        attacker: The attacker after the round.
        defender: The defender after the round.

    Example:
        >>> r = resolve_round(Side(Unit("A", 10, 3, 4)), Side(Unit("B", 25, 2, 2)),
        ...                   attacker_allocation=Allocation(die=3, chance=0),
        ...                   defender_allocation=Allocation(die=4, chance=4))
        >>> r.damage_to_attacker, r.attacker.vitality, r.over
        (10, 0, True)
        >>> BattleRound(1, (), (), 4, 3, (4, 0), (0, 3), 10, 10, Unit("A", 15, 2, 2), Unit("B", 0, 3, 4)).over
        True
    """

    round_number: int
    attacker_steps: tuple[Step, ...]
    defender_steps: tuple[Step, ...]
    attacker_die: int
    defender_die: int
    attacker_chance: tuple[int, int]
    defender_chance: tuple[int, int]
    damage_to_defender: int
    damage_to_attacker: int
    attacker: Unit
    defender: Unit

    def __post_init__(self) -> None:
        check_int(self.round_number, "round_number", 1, 2 * MAX_ROUNDS_DECLARED)
        for name in ("attacker_steps", "defender_steps"):
            steps = getattr(self, name)
            if (
                not isinstance(steps, tuple)
                or len(steps) > 10
                or not all(isinstance(s, Step) for s in steps)
            ):
                raise RuleValueError(
                    M(
                        "{name} must be a tuple of at most 10 Step, got {got}",
                        name=name,
                        got=quote(steps),
                    ),
                    field=name,
                )
        for name in ("attacker_die", "defender_die"):
            check_int(getattr(self, name), name, 1, 4)
        for name in ("attacker_chance", "defender_chance"):
            pair = getattr(self, name)
            if not isinstance(pair, tuple) or len(pair) != 2:
                raise RuleValueError(
                    M(
                        "{name} must be a pair (on offense, on defense), got {got}",
                        name=name,
                        got=quote(pair),
                    ),
                    field=name,
                )
            for points in pair:
                check_int(points, name, 0, 4)
        for name in ("damage_to_defender", "damage_to_attacker"):
            check_int(getattr(self, name), name, 0, 100)
        for name in ("attacker", "defender"):
            check_type(getattr(self, name), Unit, name, M("a Unit"))

    @property
    def over(self) -> bool:
        """Whether a unit is destroyed (at 0 %)."""
        return self.attacker.vitality == 0 or self.defender.vitality == 0

    @property
    def message(self) -> Msg:
        """Both d4, the points each put on offense, and what each side lost, as one line.

        Example:
            >>> r = resolve_round(Side(Unit("A", 100, 3, 1)), Side(Unit("B", 40, 4, 3)),
            ...                   attacker_allocation=Allocation(die=2, chance=1),
            ...                   defender_allocation=Allocation(die=1, chance=0))
            >>> print(r.message)
            attacker d4 = 2 (1 on offense), defender d4 = 1 (0 on offense): attacker loses 15 % → 85 %, defender loses 5 % → 35 %
        """
        return M(
            "attacker d4 = {a} ({ao} on offense), defender d4 = {d} ({do} on offense): attacker "
            "loses {la} % → {va} %, defender loses {ld} % → {vd} %",
            a=self.attacker_die,
            ao=self.attacker_chance[0],
            d=self.defender_die,
            do=self.defender_chance[0],
            la=self.damage_to_attacker,
            va=self.attacker.vitality,
            ld=self.damage_to_defender,
            vd=self.defender.vitality,
        )

    def rows(self) -> list[tuple[Msg, Msg, Msg, Msg]]:
        """``(step, what, attacker, defender)`` rows for a step-by-step table.

        Example:
            >>> r = resolve_round(Side(Unit("A", 100, 3, 1)), Side(Unit("B", 40, 4, 3)),
            ...                   attacker_allocation=Allocation(die=1, chance=1),
            ...                   defender_allocation=Allocation(die=1, chance=0))
            >>> r.rows()[0]
            ('-1', 'declared levels', '+3/+1', '+4/+3')
        """
        rows = []
        for a, d in zip(self.attacker_steps, self.defender_steps):
            rows.append((join("", [a.number]), a.name, a.result, d.result))
        a0 = self.attacker_steps[-2]
        d0 = self.defender_steps[-2]
        rows.append(
            (
                join("", [5]),
                M("damage dealt"),
                _damage_text(
                    a0.offense - d0.defense,
                    self.attacker_chance[0],
                    self.defender_chance[1],
                    self.damage_to_defender,
                ),
                _damage_text(
                    d0.offense - a0.defense,
                    self.defender_chance[0],
                    self.attacker_chance[1],
                    self.damage_to_attacker,
                ),
            )
        )
        rows.append(
            (
                join("", [6]),
                M("vitality left"),
                percent(self.attacker.vitality),
                percent(self.defender.vitality),
            )
        )
        return rows


def percent(value: int) -> Msg:
    """A vitality or a damage in percent, as the tables write it (``20 %``).

    Example:
        >>> percent(20).render("fr") == "20\N{NO-BREAK SPACE}%"
        True
    """
    return M("{n} %", n=check_int(value, "value", 0, 100))


def _damage_text(net: int, on_offense: int, on_defense: int, damage: int) -> Msg:
    """Step 5 of one side: levels before the dice, plus the dice's difference, → the damage."""
    return M(
        "{before} + ({offense} − {defense}) → {damage} %",
        before=max(0, net),
        offense=on_offense,
        defense=on_defense,
        damage=damage,
    )


def _chance(
    side: Side, alloc: Allocation, rng: random.Random | None, name: str
) -> tuple[int, tuple[int, int]]:
    die = roll_d4(rng) if alloc.die is None else check_d4(alloc.die, f"{name}_die")
    if alloc.chance is None:
        return die, split_free(die, side.orders.lean)
    return die, split_free(die, side.orders.lean, alloc.chance, f"{name}_chance")


def _chance_step(before: Step, die: int, chance: tuple[int, int]) -> Step:
    """Step 4: the d4's points added to the totals of step 3."""
    return Step(
        4,
        M("chance (1d4)"),
        *chance,
        before.offense + chance[0],
        before.defense + chance[1],
        M("rolled {die}", die=die),
    )


def resolve_round(
    attacker: Side,
    defender: Side,
    battlefield: Battlefield | None = None,
    *,
    round_number: int = 1,
    attacker_allocation: Allocation | None = None,
    defender_allocation: Allocation | None = None,
    rng: random.Random | None = None,
) -> BattleRound:
    """Resolve one round in the source's order and keep every intermediate total.

    Args:
        attacker: The attacking unit and its orders.
        defender: The other unit (usually the one holding the ground).
        battlefield: Terrain and weather (default: an ordinary road, normal weather).
        round_number: 1 for the first round.
        attacker_allocation: The attacker's explicit choices this round.
        defender_allocation: The defender's.
        rng: Rolls any d4 not given in the allocations.

    Returns:
        The :class:`BattleRound`, with both units' new vitality.

    Raises:
        RuleValueError: For a destroyed unit, two units holding the ground, or
            an allocation of more points than available.

    Example:
        >>> r = resolve_round(Side(Unit("A", 100, 3, 1)), Side(Unit("B", 40, 4, 3)),
        ...                   rng=random.Random(3))
        >>> r.attacker_die, r.defender_die, r.attacker.vitality, r.defender.vitality
        (2, 2, 80, 35)
        >>> resolve_round(Side(Unit("A", 100, 3, 1)), Side(Unit("B", 40, 4, 3)), rng=random.Random(3)).defender.vitality
        35
    """
    battlefield = Battlefield() if battlefield is None else battlefield
    allocations = []
    pairs = (
        ("attacker_allocation", attacker_allocation),
        ("defender_allocation", defender_allocation),
    )
    for name, given in pairs:
        if given is not None and not isinstance(given, Allocation):
            raise RuleValueError(
                M("{name} must be an Allocation or None, got {got}", name=name, got=quote(given)),
                field=name,
            )
        allocations.append(given or Allocation())
    a_alloc, d_alloc = allocations
    check_int(round_number, "round_number", 1, MAX_ROUNDS_DECLARED)
    if rng is not None:
        check_rng(rng, none_is_fresh=True)
    check_pair(attacker, defender, battlefield)
    a_steps = steps_before_chance(attacker, defender.unit, battlefield, round_number, a_alloc)
    d_steps = steps_before_chance(defender, attacker.unit, battlefield, round_number, d_alloc)
    return finish_round(
        attacker, defender, battlefield, round_number, a_steps, d_steps, a_alloc, d_alloc, rng
    )


def _refuse_round(*given: object) -> None:
    """Refuse the first argument of :func:`finish_round` of the wrong type."""
    names = ("attacker", "defender", "battlefield", "a_steps", "d_steps", "a_alloc", "d_alloc")
    kinds = (Side, Side, Battlefield, tuple, tuple, Allocation, Allocation)
    steps = M("the steps of totals_before_chance (a tuple of Step)")
    what = (M("a Side"), M("a Side"), M("a Battlefield"), steps, steps)
    what += (M("an Allocation"), M("an Allocation"))
    for value, name, kind, words in zip(given, names, kinds, what):
        check_type(value, kind, name, words)
        if kind is tuple and not (value and all(isinstance(s, Step) for s in value)):
            check_type(value, Step, name, words)


def finish_round(
    attacker: Side,
    defender: Side,
    battlefield: Battlefield,
    round_number: int,
    a_steps: tuple[Step, ...],
    d_steps: tuple[Step, ...],
    a_alloc: Allocation,
    d_alloc: Allocation,
    rng: random.Random | None,
) -> BattleRound:
    """Steps 4 to 6 of a round, from both units' totals before the d4 (:func:`totals_before_chance`).

    A simulator fighting many battles computes the totals once a round and
    finishes each round with its own dice here; :func:`resolve_round` is
    the whole round.

    Args:
        attacker: The attacking side.
        defender: The other side.
        battlefield: Terrain and weather.
        round_number: 1 for the first round.
        a_steps: The attacker's totals before the d4.
        d_steps: The defender's.
        a_alloc: The attacker's choices this round.
        d_alloc: The defender's.
        rng: Rolls any d4 not given in the allocations.

    Example:
        >>> finish_round(Side(Unit("A", 100, 3, 1)), Side(Unit("B", 40, 4, 3)), Battlefield(), 1, totals_before_chance(Side(Unit("A", 100, 3, 1)), Unit("B", 40, 4, 3), Battlefield(), 1), totals_before_chance(Side(Unit("B", 40, 4, 3)), Unit("A", 100, 3, 1), Battlefield(), 1), Allocation(die=2), Allocation(die=2), None).defender.vitality
        35
    """
    if not (
        isinstance(attacker, Side)
        and isinstance(defender, Side)
        and isinstance(battlefield, Battlefield)
        and isinstance(a_steps, tuple)
        and isinstance(d_steps, tuple)
        and a_steps
        and d_steps
        and isinstance(a_steps[-1], Step)
        and isinstance(d_steps[-1], Step)
        and isinstance(a_alloc, Allocation)
        and isinstance(d_alloc, Allocation)
    ):
        _refuse_round(attacker, defender, battlefield, a_steps, d_steps, a_alloc, d_alloc)
    check_int(round_number, "round_number", 1, MAX_ROUNDS_DECLARED)
    if rng is not None:
        check_rng(rng)
    a_die, a_chance = _chance(attacker, a_alloc, rng, "attacker")
    d_die, d_chance = _chance(defender, d_alloc, rng, "defender")
    a_pre, d_pre = a_steps[-1], d_steps[-1]
    to_defender = damage_percent(a_pre.offense, d_pre.defense, a_chance[0], d_chance[1])
    to_attacker = damage_percent(d_pre.offense, a_pre.defense, d_chance[0], a_chance[1])
    if not strikes_back(attacker.unit, defender.unit, battlefield):
        to_defender = 0
    if not strikes_back(defender.unit, attacker.unit, battlefield):
        to_attacker = 0
    a_steps += (_chance_step(a_pre, a_die, a_chance),)
    d_steps += (_chance_step(d_pre, d_die, d_chance),)
    return BattleRound(
        round_number,
        a_steps,
        d_steps,
        a_die,
        d_die,
        a_chance,
        d_chance,
        to_defender,
        to_attacker,
        attacker.unit.with_vitality(max(0, attacker.unit.vitality - to_attacker)),
        defender.unit.with_vitality(max(0, defender.unit.vitality - to_defender)),
    )


def check_side(
    side: Side,
    enemy: Side,
    name: str,
    tight_combat: bool,
    rolls: Sequence[RolledAction] = (),
    enemy_rolls: Sequence[RolledAction] = (),
) -> None:
    """Refuse what ``side`` may not declare against ``enemy``: every limit of :mod:`.declarations`.

    The limits on what may be declared together (who declares what, once a
    day, one charge-breaker a unit, one result for a tight combat's d4, no
    action stacking on itself, one surprise attack, the ambush in round 1)
    live there; every function that fights and every calculator apply them,
    so they all refuse the same declarations with the same message.

    Args:
        side: The side checked.
        enemy: The other side.
        name: ``"attacker"`` or ``"defender"``: the parameter named first in a message.
        tight_combat: Whether the battle is a tight combat.
        rolls: This side's actions still to roll.
        enemy_rolls: The enemy's actions still to roll.

    Raises:
        DeclarationError: Naming the action at fault.

    Example:
        >>> check_side(Side(Unit("A", 100, 3, 3)), Side(Unit("B", 100, 3, 3)), "attacker", False)
        >>> from .actions import cautious_retreat
        >>> back = Side(Unit("A", 100, 3, 3), Orders(actions=(cautious_retreat(),)))
        >>> check_side(back, Side(Unit("B", 100, 3, 3, defends_ground=True)), "attacker", False)
        Traceback (most recent call last):
        ...
        rulebook_py.systems.mass_battle.declarations.DeclarationError: attacker “cautious retreat” is an action of the defenders, and this unit does not hold the ground
    """
    check_type(side, Side, "side", M("a Side"))
    check_type(enemy, Side, "enemy", M("a Side"))
    check_declarations(side, enemy, name, tight_combat, rolls, enemy_rolls)


def check_pair(
    attacker: Side,
    defender: Side,
    battlefield: Battlefield,
    attacker_rolls: Sequence[Any] = (),
    defender_rolls: Sequence[Any] = (),
) -> None:
    """Refuse two holders, a destroyed unit, and declarations the source does not allow.

    What every function that fights two sides checks first (a round, a
    battle's odds, a simulation, a replay).

    Args:
        attacker: The attacking side.
        defender: The other side.
        battlefield: Terrain and weather.
        attacker_rolls: The attacker's actions still to roll.
        defender_rolls: The defender's.

    Raises:
        RuleValueError: Naming the side or the declaration at fault.

    Example:
        >>> check_pair(Side(Unit("A", 100, 3, 1)), Side(Unit("B", 40, 4, 3)), Battlefield())
        >>> check_pair(Side(Unit("A", 100, 3, 1)), Side(Unit("B", 0, 4, 3)), Battlefield())
        Traceback (most recent call last):
        ...
        rulebook_py.errors.RuleValueError: defender 'B' is already destroyed (vitality 0); allowed 5 to 100
    """
    for side, name in ((attacker, "attacker"), (defender, "defender")):
        if not isinstance(side, Side):
            raise RuleValueError(
                M("{name} must be a Side, got {got}", name=name, got=quote(side)), field=name
            )
    if not isinstance(battlefield, Battlefield):
        raise RuleValueError(
            M(
                "{name} must be a Battlefield, got {got}",
                name="battlefield",
                got=quote(battlefield),
            ),
            field="battlefield",
        )
    a_unit, d_unit = attacker.unit, defender.unit
    if a_unit.defends_ground and d_unit.defends_ground:
        raise RuleValueError(
            M(
                "{name}: only one unit can hold the ground, got both {one} and {two}",
                name="defends_ground",
                one=quote(a_unit.name),
                two=quote(d_unit.name),
            ),
            field="defends_ground",
        )
    for unit, name in ((a_unit, "attacker"), (d_unit, "defender")):
        if unit.vitality == 0:
            raise RuleValueError(
                M(
                    "{name} {unit} is already destroyed (vitality 0); allowed 5 to 100",
                    name=name,
                    unit=quote(unit.name),
                ),
                field=name,
            )
    check_declarations(
        attacker, defender, "attacker", battlefield.tight_combat, attacker_rolls, defender_rolls
    )
    check_declarations(
        defender, attacker, "defender", battlefield.tight_combat, defender_rolls, attacker_rolls
    )
    if battlefield.tight_combat and not (a_unit.defends_ground or d_unit.defends_ground):
        raise RuleValueError(
            M(
                "{name} is chosen by the defenders: it needs a unit holding the ground",
                name="tight_combat",
            ),
            field="tight_combat",
        )
    if battlefield.tight_combat and battlefield.terrain is Terrain.FAULT_FROM_ABOVE:
        attackers = a_unit if d_unit.defends_ground else d_unit
        if not attackers.flying:
            raise RuleValueError(
                M(
                    "{name} on a mountain fault attacked from above needs a melee, and "
                    "there is none unless the attackers fly (« pas de combat de mêlée, à moins "
                    "que l'unité attaquante sache voler »)",
                    name="tight_combat",
                ),
                field="tight_combat",
            )
