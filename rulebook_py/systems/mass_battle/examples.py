"""The source's two worked examples, set up as the source gives them.

* the brigands' ambush on the princess's guard (:func:`brigands_ambush`);
* the knights against the dragon (:func:`knights_vs_dragon`).

Example:
    >>> brigands_ambush().damage_to_defender
    20
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ...errors import RuleValueError, check_rng, quote
from ...messages import Msg
from .actions import AmbushResult, ambush
from .round import (
    Allocation,
    Battlefield,
    BattleRound,
    Commander,
    Lean,
    Orders,
    Side,
    Unit,
    resolve_round,
)
from .tables import Attitude, CommanderClass, Cunning, Experience, Morale, Terrain, Weather
from .words import M

__all__ = [
    "EXAMPLE_STEPS",
    "STEP_NAMES",
    "ExampleRoll",
    "WorkedExample",
    "brigands_ambush",
    "brigands_sides",
    "dragon_sides",
    "knights_vs_dragon",
    "worked_example",
]


def brigands_sides() -> tuple[Side, Side, Battlefield, AmbushResult]:
    """The brigands' ambush on the princess's guard, set up as in the source.

    The brigands' chief is an intelligent veteran (+2 leadership), clever
    (+1 cunning); he hides in the forest (+1 to the hiding roll) and rolls a
    4, for 6. The knights' young commander detects with a 4 (cunning 0). The
    source calls him "-1 in leadership" but adds +1 to the knights' defense
    in step 3; only +1 gives the example's final 20 %, so he is modelled as
    an intelligent, experienced commander (+1).

    Returns:
        ``(brigands, knights, battlefield, ambush result)``.

    Example:
        >>> brigands, knights, field, hidden = brigands_sides()
        >>> hidden.hide_total, hidden.detect_total, hidden.bonus
        (6, 4, 2)
    """
    chief = Commander(CommanderClass.INTELLIGENT, Experience.VETERAN, Cunning.CLEVER)
    knight = Commander(CommanderClass.INTELLIGENT, Experience.EXPERIENCED, Cunning.ALERT)
    hidden = ambush(4, 4, chief.cunning, knight.cunning, help_bonus=1)
    brigands = Side(
        Unit(M("Brigands"), 100, 3, 1, chief, Morale.CONFIDENT),
        Orders(Attitude.RATHER_OFFENSIVE, (hidden.action,), Lean.DEFENSE),
    )
    knights = Side(
        Unit(M("Knights"), 40, 4, 3, knight, Morale.UNINSPIRED, defends_ground=True),
        Orders(Attitude.BALANCED, (hidden.surprised,), Lean.DEFENSE),
    )
    return brigands, knights, Battlefield(Terrain.ROAD, Weather.NORMAL), hidden


def brigands_ambush() -> BattleRound:
    """The first round of the brigands' ambush, with the source's rolls and choices.

    Ambush +2 on offense, morale and leadership on defense, d4 of 4 split
    3 on offense + 1 on defense; the knights' d4 of 2 on defense.

    Example:
        >>> [s.result for s in brigands_ambush().attacker_steps]
        ['+3/+1', '+4/+0', '+6/+0', '+6/+1', '+6/+3', '+6/+3', '+9/+4']
        >>> [s.result for s in brigands_ambush().defender_steps]
        ['+4/+3', '+4/+3', '+4/+3', '+4/+3', '+4/+4', '+4/+4', '+4/+6']
    """
    brigands, knights, field, _ = brigands_sides()
    return resolve_round(
        brigands,
        knights,
        field,
        attacker_allocation=Allocation(special=2, die=4, chance=3),
        defender_allocation=Allocation(die=2, chance=0),
    )


def dragon_sides() -> tuple[Side, Side]:
    """Seven wounded knights (25 %, 2/2) against the dying black dragon (10 %, 3/4).

    The levels are given with every modifier already counted, so neither
    side has further modifiers (the dragon needs no commander).

    Example:
        >>> knights, dragon = dragon_sides()
        >>> knights.unit.vitality, dragon.unit.vitality
        (25, 10)
    """
    knights = Side(Unit(M("Seven knights"), 25, 2, 2))
    dragon = Side(
        Unit(M("Black dragon"), 10, 3, 4, Commander(CommanderClass.NOT_NEEDED), defends_ground=True)
    )
    return knights, dragon


def knights_vs_dragon() -> BattleRound:
    """The dragon example: knights' d4 of 4 on offense, dragon's 3 on defense.

    Both choices are made before the roll, as the rules text asks.

    Example:
        >>> knights_vs_dragon().rows()[-2][2:]
        ('0 + (4 − 3) → 10 %', '1 + (0 − 0) → 10 %')
    """
    knights, dragon = dragon_sides()
    return resolve_round(
        knights,
        dragon,
        attacker_allocation=Allocation(die=4, chance=4),
        defender_allocation=Allocation(die=3, chance=0),
    )


#: The steps of a round, as the worked examples show them.
STEP_NAMES: tuple[Msg, ...] = (
    M("−1: declared levels"),
    M("0: attitude"),
    M("1: special actions"),
    M("2: morale"),
    M("3: leadership"),
    M("3: terrain"),
    M("4: chance (1d4)"),
    M("5: damage"),
    M("6: vitality left"),
)

#: What happens at each step of the two worked examples, in the book's words.
EXAMPLE_STEPS: dict[str, tuple[Msg, ...]] = {
    "brigands": (
        M("The brigands declare offense 3 and defense 1; the princess's knights 4 and 3."),
        M(
            "The chief orders a rather offensive attitude (+1/−1). The surprised knights "
            "have no time to choose: balanced, no change."
        ),
        M(
            "Ambush: the chief's hiding roll of 6 (4 on the die, +1 cunning, +1 forest) "
            "against the knight's detection roll of 4 leaves +2, which he puts on offense."
        ),
        M(
            "The brigands are confident (+1) and put it on defense; the knights' ordinary "
            "morale gives nothing."
        ),
        M("The chief's leadership (+2) goes to defense; so does the young knight's (+1)."),
        M("A plain forest road: no terrain bonus for either side."),
        M(
            "The brigands roll 4 and split it, 3 on offense and 1 on defense; the knights "
            "roll 2 and put both on defense."
        ),
        M(
            "Brigands: 9 against 6 is 3 levels, plus the base, 20 %. Knights: 4 against 4 "
            "is nothing, plus the base, 5 %."
        ),
        M(
            "95 % of the brigands and 20 % of the knights fight on; next round the ambush "
            "is worth only +1."
        ),
    ),
    "dragon": (
        M(
            "The seven knights (25 %) have offense 2 and defense 2, the dying dragon (10 %) "
            "3 and 4: every modifier is already counted in these levels."
        ),
        M("Already counted in the levels: no change."),
        M("No special action."),
        M("Already counted in the levels: no change."),
        M("The dragon needs no commander; the knights' leadership is already counted."),
        M("Already counted in the levels: no change."),
        M(
            "Before rolling, the knights' player puts the die on offense and the dragon's "
            "on defense. The knights roll 4, the dragon 3."
        ),
        M(
            "Knights: 2 against 4 is nothing before the dice, the dice add 4 − 3 = 1 level, "
            "plus the base: 10 %. Dragon: 3 against 2 is 1 level, plus the base: 10 %."
        ),
        M(
            "The dragon falls from 10 % to 0 %; the knights from 25 % to 15 %: four of the "
            "seven are left standing."
        ),
    ),
}


@dataclass(frozen=True)
class ExampleRoll:
    """The example's round with two fresh d4.

    Attributes:
        names: The two units' names.
        result: The round with those dice.

    Example:
        >>> ExampleRoll(("A", "B"), knights_vs_dragon()).message
        'A roll 4 (4 on offense), B roll 3 (on defense): A lose 10 % → 15 %, B lose 10 % → 0 %'
    """

    names: tuple[str, str]
    result: BattleRound

    def __post_init__(self) -> None:
        names = self.names
        if (
            not isinstance(names, tuple)
            or len(names) != 2
            or not all(isinstance(n, str) and len(n) <= 200 for n in names)
        ):
            raise RuleValueError(
                M("{name} must be a pair of texts, got {got}", got=quote(names), name="names"),
                field="names",
            )
        if not isinstance(self.result, BattleRound):
            raise RuleValueError(
                M("{name} must be a BattleRound, got {got}", got=quote(self.result), name="result"),
                field="result",
            )

    @property
    def message(self) -> Msg:
        """Both dice and what each side lost, as one line."""
        (a, d), r = self.names, self.result
        return M(
            "{a} roll {a_die} ({a_off} on offense), {d} roll {d_die} (on defense): {a} lose "
            "{a_loss} % → {a_left} %, {d} lose {d_loss} % → {d_left} %",
            a=a,
            d=d,
            a_die=r.attacker_die,
            a_off=r.attacker_chance[0],
            d_die=r.defender_die,
            a_loss=r.damage_to_attacker,
            a_left=r.attacker.vitality,
            d_loss=r.damage_to_defender,
            d_left=r.defender.vitality,
        )

    def __str__(self) -> str:
        return str.__str__(self.message)


@dataclass(frozen=True)
class WorkedExample:
    """One of the source's worked examples (``"brigands"`` or ``"dragon"``) and its round.

    Attributes:
        name: Which example.
        names: The two units' names.
        result: The round as the source plays it.

    Example:
        >>> WorkedExample("dragon", ("Knights", "Dragon"), knights_vs_dragon()).result.over
        True
    """

    name: str
    names: tuple[str, str]
    result: BattleRound

    def __post_init__(self) -> None:
        _check_name(self.name)
        ExampleRoll(self.names, self.result)  # the same checks of the names and the round

    def roll(self, rng: random.Random) -> ExampleRoll:
        """The same round with two fresh d4, placed as the example's players place them.

        Example:
            >>> str(worked_example("dragon").roll(random.Random(1)))[:40]
            'Seven knights roll 2 (2 on offense), Bla'
        """
        rng = check_rng(rng, none_is_fresh=True)
        return ExampleRoll(self.names, _example(self.name, (rng.randint(1, 4), rng.randint(1, 4))))


def _example(name: str, dice: tuple[int, int] | None = None) -> BattleRound:
    if name == "brigands":
        a, d, field, _ = brigands_sides()
        a_die, d_die = dice or (4, 2)
        allocs = (
            Allocation(special=2, die=a_die, chance=min(3, a_die)),
            Allocation(die=d_die, chance=0),
        )
    else:
        a, d = dragon_sides()
        field = Battlefield()
        a_die, d_die = dice or (4, 3)
        allocs = (Allocation(die=a_die, chance=a_die), Allocation(die=d_die, chance=0))
    return resolve_round(a, d, field, attacker_allocation=allocs[0], defender_allocation=allocs[1])


def worked_example(name: str) -> WorkedExample:
    """The worked example ``"brigands"`` (the ambush) or ``"dragon"``, as the source plays it.

    Example:
        >>> worked_example("brigands").result.damage_to_defender
        20
    """
    _check_name(name)
    a, d = (brigands_sides() if name == "brigands" else dragon_sides())[:2]
    return WorkedExample(name, (a.unit.name, d.unit.name), _example(name))


def _check_name(name: object) -> str:
    if not isinstance(name, str) or name not in EXAMPLE_STEPS:
        raise RuleValueError(
            M(
                "{name} must be one of {allowed}, got {got}",
                allowed=sorted(EXAMPLE_STEPS),
                got=quote(name),
                name="name",
            ),
            field="name",
        )
    return name
