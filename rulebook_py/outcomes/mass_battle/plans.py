"""A unit written as plain values, its declared actions, and the three things the book computes.

The calculators (and a reader at a prompt) describe a unit by a small
dictionary of plain, stable values -- numbers, ``True``/``False`` and the
names of the tables' entries (``"RATHER_OFFENSIVE"``, ``"INTELLIGENT/VETERAN"``)
-- plus up to three special actions, each a :class:`Choice` declared in its
own round. This module reads such a plan (:func:`unit_of`), turns the
choices of both sides into actions (:func:`declare`: a charge-breaker answers
the enemy's first charge in time) and checks them with the rules'
:func:`~.declarations.check_side`; then one call gives each outcome a
calculator shows, with its exact answer and its own seeded ``.roll(rng)``:

* :func:`unit_totals` -- one unit's totals before the d4, step by step;
* :func:`round_of` -- one round between two units;
* :func:`battle_of` -- the exact odds of a whole battle, and a replay.

A key left out takes its value in :data:`UNIT_DEFAULTS`. An error names the
value at fault as ``attacker['offense']`` (the calculators show it at that
control).

Example:
    >>> brigands = {"offense": 3, "defense": 1, "attitude": "RATHER_OFFENSIVE",
    ...             "morale": "CONFIDENT", "leadership": "INTELLIGENT/VETERAN",
    ...             "cunning": "CLEVER", "lean": "DEFENSE", "action1": "ambush offense"}
    >>> unit_totals(brigands).steps[-1].result
    '+6/+3'
    >>> unit_of({"offense": 40}, "attacker")
    Traceback (most recent call last):
    ...
    rulebook_py.errors.RuleValueError: attacker['offense'] must be an integer from -10 to 30, got 40
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from enum import Enum
from fractions import Fraction
from typing import Any

from ...errors import (
    RulebookError,
    RuleValueError,
    check_enum,
    check_int,
    check_rng,
    check_type,
    quote,
)
from ...messages import Msg
from ...systems.mass_battle.actions import (
    CHARGE_DELAY,
    MAX_DECLARED_ROUND,
    MAX_HIDING_HELP,
    RolledAction,
    SpecialAction,
    TightCombatRoute,
    ambush,
    ambush_rolls,
    cautious_retreat,
    charge,
    charge_breaker,
    charge_breaker_rolls,
    charge_rolls,
    surprise_attack,
    surprise_attack_rolls,
    tight_combat,
    tight_combat_rolls,
    war_cry,
)
from ...systems.mass_battle.declarations import NO_CHARGE_TO_BREAK, DeclarationError
from ...systems.mass_battle.odds import (
    MAX_ROLLED_ACTIONS,
    MAX_ROUNDS,
    BattleOdds,
    ChancePolicy,
    Timing,
    battle_odds,
    replay_battle,
    roll_actions,
)
from ...systems.mass_battle.round import (
    LEVEL_RANGE,
    Allocation,
    Battlefield,
    BattleRound,
    Commander,
    Lean,
    Orders,
    Side,
    Step,
    Unit,
    check_pair,
    free_points,
    percent,
    resolve_round,
    split_free,
    steps_before_chance,
)
from ...systems.mass_battle.tables import (
    Attitude,
    CommanderClass,
    Cunning,
    Experience,
    Fame,
    LeadershipReading,
    Morale,
    Terrain,
    Weather,
)
from ...systems.mass_battle.words import M

__all__ = [
    "SLOTS",
    "UNIT_DEFAULTS",
    "BattleOutcome",
    "BattleReplay",
    "Choice",
    "Declared",
    "RoundOutcome",
    "UnitRoll",
    "UnitTotals",
    "battle_of",
    "battlefield_of",
    "declare",
    "round_of",
    "unit_of",
    "unit_totals",
    "what_counts",
]

#: Special-action slots of a unit: each a :class:`Choice` and the round it is declared in.
SLOTS = 3

#: Every key of a unit's plan and its value when left out.
UNIT_DEFAULTS: dict[str, Any] = {
    "vitality": 100,
    "offense": 0,
    "defense": 0,
    "attitude": "BALANCED",
    "attitude2": "same",
    "attitude2_round": 2,
    "morale": "UNINSPIRED",
    "fame": "ORDINARY",
    "feels_weather": True,
    "leadership": "AVERAGE/EXPERIENCED",
    "reading": "CLASS_TABLE",
    "cunning": "ALERT",
    "weapons": "melee",
    "lean": "EVEN",
    **{f"action{k}": "none" for k in range(1, SLOTS + 1)},
    **{f"action{k}_round": 1 for k in range(1, SLOTS + 1)},
    # one round (round_of): the points each pool puts on offense, the d4 and its points
    "special_off": 0,
    "morale_off": 0,
    "leadership_off": 0,
    "terrain_off": 0,
    "die": 1,
    "chance_off": 0,
    # a whole battle (battle_of): how the commander allots the d4 each round
    "policy": "ALL_OFFENSE",
}

#: The whole numbers of a plan that count only with another choice, and their bounds:
#: a special action is declared in round 1 to :data:`~.actions.MAX_DECLARED_ROUND`, a
#: second attitude takes over from round 2 to :data:`~.odds.MAX_ROUNDS` (the battle's
#: rounds). Each is refused out of its bounds even when it does not count (an action
#: left at ``"none"``, an attitude ``"same"``), so a box beside it is never silent.
_ROUND_BOUNDS: dict[str, tuple[int, int]] = {
    "attitude2_round": (2, MAX_ROUNDS),
    **{f"action{k}_round": (1, MAX_DECLARED_ROUND) for k in range(1, SLOTS + 1)},
}

WEAPONS = ("melee", "missile", "flying")


class Choice(Enum):
    """A special action as the calculators offer it: resolved, or its dice still to roll.

    The resolved entries are the book's fixed examples (an ambush worth +2,
    a charge worth +2/+2…); the ``rolled`` ones roll the action from the two
    commanders' cunning and leadership.

    Example:
        >>> Choice("rolled charge").rolled, Choice.RETREAT.value
        (True, 'retreat')
    """

    NONE = "none"
    AMBUSH_FREE = "ambush free"
    AMBUSH_OFFENSE = "ambush offense"
    AMBUSH_OFFENSE_4 = "ambush offense 4"
    WAR_CRY = "war cry"
    CHARGE = "charge"
    SURPRISE_WON = "surprise won"
    SURPRISE_SEEN = "surprise seen"
    RETREAT = "retreat"
    TIGHT_LUCK_3 = "tight luck 3"
    TIGHT_LUCK_4 = "tight luck 4"
    BREAKER_WON = "breaker won"
    BREAKER_LOST = "breaker lost"
    ROLLED_AMBUSH_OFFENSE = "rolled ambush offense"
    ROLLED_AMBUSH = "rolled ambush"
    ROLLED_CHARGE = "rolled charge"
    ROLLED_SURPRISE = "rolled surprise"
    ROLLED_TIGHT_LUCK = "rolled tight luck"
    ROLLED_TIGHT_PLANNING = "rolled tight planning"
    ROLLED_BREAKER = "rolled breaker"

    @classmethod
    def _missing_(cls, value: object) -> Choice:
        raise RuleValueError(
            M(
                "{name} must be one of {allowed}, got {got}",
                name="choice",
                allowed=[c.value for c in cls],
                got=quote(value),
            ),
            field="choice",
        )

    @property
    def label(self) -> Msg:
        """The entry in the reader's words.

        Example:
            >>> Choice.AMBUSH_FREE.label
            'ambush +2 free, −1/round'
        """
        return _CHOICE_LABELS[self]

    @property
    def rolled(self) -> bool:
        """Whether its dice are still to roll."""
        return self.value.startswith("rolled")

    @property
    def breaker(self) -> bool:
        """Whether it is a charge-breaker (it answers the enemy's charge)."""
        return "breaker" in self.value


_CHOICE_LABELS = {
    Choice.NONE: M("none"),
    Choice.AMBUSH_FREE: M("ambush +2 free, −1/round"),
    Choice.AMBUSH_OFFENSE: M("ambush +2 offense, −1/round"),
    Choice.AMBUSH_OFFENSE_4: M("ambush +4 offense, −1/round"),
    Choice.WAR_CRY: M("war cry"),
    Choice.CHARGE: M("charge +2/+2, strikes the next round"),
    Choice.SURPRISE_WON: M("surprise attack, won (defenders)"),
    Choice.SURPRISE_SEEN: M("enemy's surprise attack seen through"),
    Choice.RETREAT: M("cautious retreat −2/+2 (defenders)"),
    Choice.TIGHT_LUCK_3: M("tight combat, luck 3: +2 offense (defenders)"),
    Choice.TIGHT_LUCK_4: M("tight combat, luck 4: +4 offense (defenders)"),
    Choice.BREAKER_WON: M("charge-breaker, won: charge broken (defenders)"),
    Choice.BREAKER_LOST: M("charge-breaker, lost: charge +2 offense (defenders)"),
    Choice.ROLLED_AMBUSH_OFFENSE: M("ambush, dice rolled, on offense"),
    Choice.ROLLED_AMBUSH: M("ambush, dice rolled, free"),
    Choice.ROLLED_CHARGE: M("charge, dice rolled"),
    Choice.ROLLED_SURPRISE: M("surprise attack, dice rolled (defenders)"),
    Choice.ROLLED_TIGHT_LUCK: M("tight combat by luck, dice rolled (defenders)"),
    Choice.ROLLED_TIGHT_PLANNING: M("tight combat by planning, dice rolled (defenders)"),
    Choice.ROLLED_BREAKER: M("charge-breaker, dice rolled (defenders)"),
}

_RESOLVED: dict[Choice, SpecialAction] = {
    Choice.AMBUSH_FREE: ambush(4, 4, Cunning.CLEVER, Cunning.ALERT, 1).action,
    Choice.AMBUSH_OFFENSE: ambush(4, 4, Cunning.CLEVER, Cunning.ALERT, 1).action.on_offense(),
    Choice.AMBUSH_OFFENSE_4: ambush(4, 1, Cunning.CLEVER, Cunning.CLEVER, 1).action.on_offense(),
    Choice.WAR_CRY: war_cry(),
    Choice.CHARGE: charge(4, 0),
    Choice.SURPRISE_WON: surprise_attack(4, 1, 0, 0).for_self,
    Choice.SURPRISE_SEEN: surprise_attack(1, 4, 0, 0).for_enemy,
    Choice.RETREAT: cautious_retreat(),
    Choice.TIGHT_LUCK_3: tight_combat(TightCombatRoute.LUCK, 3),
    Choice.TIGHT_LUCK_4: tight_combat(TightCombatRoute.LUCK, 4),
}
#: The enemy surprised by a resolved ambush entry (it was sprung: the trap not seen).
_SURPRISED = ambush(4, 1, Cunning.CLEVER, Cunning.ALERT).surprised


def _refused(where: str, reason: Msg, cause: BaseException | None = None) -> RuleValueError:
    """A refusal of the value ``where`` (``attacker['offense']``): ``where`` then the reason."""
    err = RuleValueError(M("{where} {reason}", where=where, reason=reason), field=where)
    err.__cause__ = cause
    return err


def _renamed(err: RulebookError, where: str) -> RuleValueError:
    """``err`` naming ``where`` (``attacker['offense']``) where it named its parameter."""
    message = err.message
    if isinstance(message, Msg) and err.field:
        names = [k for k, v in message.params.items() if v == err.field and type(v) is str]
        if names:
            new = RuleValueError(message.with_params(**dict.fromkeys(names, where)), field=where)
            new.__cause__ = err
            return new
    new = RuleValueError(M("{where}: {reason}", where=where, reason=message), field=where)
    new.__cause__ = err
    return new


@contextmanager
def _at(where: str) -> Iterator[None]:
    """Name ``where`` (``attacker['offense']``) in any rules error raised inside."""
    try:
        yield
    except DeclarationError:
        raise
    except RulebookError as err:
        raise _renamed(err, where) from err


def _member(enum: Any, value: object, where: str) -> Any:
    names = [m.name for m in enum]
    if not isinstance(value, str) or value not in names:
        raise _refused(
            where, M("must be one of {allowed}, got {got}", allowed=names, got=quote(value))
        )
    return enum[value]


def _plan(spec: object, name: str) -> dict[str, Any]:
    if not isinstance(spec, Mapping):
        raise _refused(name, M("must be a dict of a unit's values, got {got}", got=quote(spec)))
    unknown = [k for k in spec if not isinstance(k, str) or k not in UNIT_DEFAULTS]
    if unknown:
        raise _refused(
            name,
            M(
                "has no key {key}; the keys are {keys}",
                key=quote(unknown[0]),
                keys=sorted(UNIT_DEFAULTS),
            ),
        )
    return {**UNIT_DEFAULTS, **spec}


def _flag(value: object, where: str) -> bool:
    if not isinstance(value, bool):
        raise _refused(where, M("must be True or False, got {got}", got=quote(value)))
    return value


def _side_name(name: object) -> str:
    """The name of a unit's argument, as errors write it (``attacker``)."""
    if not isinstance(name, str) or not name.isidentifier() or len(name) > 40:
        raise RuleValueError(
            M(
                "{name} must be a Python name of at most 40 characters, such as 'attacker', "
                "got {got}",
                name="name",
                got=quote(name),
            ),
            field="name",
        )
    return name


def unit_of(spec: Mapping[str, Any], name: str = "unit", holds: bool = False) -> Unit:
    """The :class:`~.round.Unit` of a plan (see :data:`UNIT_DEFAULTS` for its keys).

    Args:
        spec: The unit's values; a key left out takes its default.
        name: The unit's name, also the name of the argument in an error.
        holds: Whether it holds the ground.

    Example:
        >>> unit_of({"leadership": "BRILLIANT/VETERAN", "weapons": "flying"}).flying
        True
    """
    p = _plan(spec, _side_name(name))
    _flag(holds, "holds")
    w = f"{name}[{{!r}}]".format
    with _at(w("vitality")):
        check_int(p["vitality"], "vitality", 5, 100)
    if p["weapons"] not in WEAPONS:
        raise _refused(
            w("weapons"),
            M(
                "must be one of {allowed}, got {got}",
                allowed=list(WEAPONS),
                got=quote(p["weapons"]),
            ),
        )
    lead = p["leadership"]
    cls_name, _, exp_name = lead.partition("/") if isinstance(lead, str) else (None, "", "")
    if cls_name not in [c.name for c in CommanderClass] or exp_name not in [
        "",
        *(e.name for e in Experience),
    ]:
        raise _refused(
            w("leadership"),
            M(
                "must be a commander class and an experience, such as {example}, got {got}",
                example=repr("INTELLIGENT/VETERAN"),
                got=quote(lead),
            ),
        )
    commander = Commander(
        CommanderClass[cls_name],
        Experience[exp_name or "EXPERIENCED"],
        _member(Cunning, p["cunning"], w("cunning")),
        _member(Fame, p["fame"], w("fame")),
        _member(LeadershipReading, p["reading"], w("reading")),
    )
    for key in ("offense", "defense"):
        with _at(w(key)):
            check_int(p[key], key, *LEVEL_RANGE)
    with _at(w("vitality")):
        return Unit(
            name,
            p["vitality"],
            p["offense"],
            p["defense"],
            commander,
            _member(Morale, p["morale"], w("morale")),
            defends_ground=holds,
            feels_weather=_flag(p["feels_weather"], w("feels_weather")),
            missile_weapons=p["weapons"] == "missile",
            flying=p["weapons"] == "flying",
        )


def _orders(spec: Mapping[str, Any], name: str, actions: tuple[SpecialAction, ...]) -> Orders:
    """The attitude of every round (the first, then another from a round on) and the lean."""
    p = _plan(spec, name)
    w = f"{name}[{{!r}}]".format
    first = _member(Attitude, p["attitude"], w("attitude"))
    attitude: Attitude | tuple[Attitude, ...] = first
    with _at(w("attitude2_round")):  # (checked even when the attitude stays the same)
        start = check_int(
            p["attitude2_round"], "attitude2_round", *_ROUND_BOUNDS["attitude2_round"]
        )
    if p["attitude2"] != "same":
        then = _member(Attitude, p["attitude2"], w("attitude2"))
        attitude = (first,) * (start - 1) + (then,)
    return Orders(attitude, actions, _member(Lean, p["lean"], w("lean")))


def battlefield_of(
    terrain: str = "ROAD",
    weather: str = "NORMAL",
    well_placed: bool = True,
    tight_combat: bool = False,
) -> Battlefield:
    """The :class:`~.round.Battlefield` of these names.

    Example:
        >>> battlefield_of("CAVE_FRONT", tight_combat=True).tight_combat
        True
    """
    with _at("tight_combat"):
        return Battlefield(
            _member(Terrain, terrain, "terrain"),
            _member(Weather, weather, "weather"),
            _flag(well_placed, "well_placed"),
            _flag(tight_combat, "tight_combat"),
        )


@dataclass(frozen=True)
class Declared:
    """Both sides with their declared actions: resolved ones in the orders, rolled ones apart.

    Attributes:
        attacker: The attacking side.
        defender: The other side.
        attacker_rolls: The attacker's actions still to roll.
        defender_rolls: The defender's.
        notes: What the reader should know (a choice that changes nothing…).

    Example:
        >>> Declared(Side(Unit("A", 100, 3, 1)), Side(Unit("B", 40, 4, 3))).attacker_rolls
        ()
    """

    attacker: Side
    defender: Side
    attacker_rolls: tuple[RolledAction, ...] = ()
    defender_rolls: tuple[RolledAction, ...] = ()
    notes: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        for name in ("attacker", "defender"):
            check_type(getattr(self, name), Side, name, M("a Side"))
        for name in ("attacker_rolls", "defender_rolls"):
            rolls = getattr(self, name)
            if (
                not isinstance(rolls, tuple)
                or len(rolls) > MAX_ROLLED_ACTIONS
                or not all(isinstance(r, RolledAction) for r in rolls)
            ):
                raise RuleValueError(
                    M(
                        "{name} must be a tuple of at most {n} RolledAction, got {got}",
                        name=name,
                        n=MAX_ROLLED_ACTIONS,
                        got=quote(rolls),
                    ),
                    field=name,
                )
        _check_notes(self.notes)


def _check_notes(notes: object) -> tuple[str, ...]:
    """A record's notes: a tuple of at most 20 short texts."""
    if (
        not isinstance(notes, tuple)
        or len(notes) > 20
        or not all(isinstance(n, str) and len(n) <= 1000 for n in notes)
    ):
        raise RuleValueError(
            M(
                "{name} must be a tuple of at most 20 texts, got {got}",
                name="notes",
                got=quote(notes),
            ),
            field="notes",
        )
    return notes


def _slots(p: Mapping[str, Any], name: str) -> list[tuple[Choice, int, str]]:
    used = []
    for k in range(1, SLOTS + 1):
        where = f"{name}['action{k}']"
        value = p[f"action{k}"]
        if not isinstance(value, str) or value not in {c.value for c in Choice}:
            raise _refused(
                where,
                M(
                    "must be one of {allowed}, got {got}",
                    allowed=[c.value for c in Choice],
                    got=quote(value),
                ),
            )
        with _at(f"{name}['action{k}_round']"):
            rnd = check_int(p[f"action{k}_round"], "round", *_ROUND_BOUNDS[f"action{k}_round"])
        if value != "none":
            used.append((Choice(value), rnd, where))
    return used


def _rolled(choice: Choice, own: Unit, enemy: Unit, cover: int) -> RolledAction:
    mine, theirs = own.commander, enemy.commander
    if choice is Choice.ROLLED_CHARGE:
        return charge_rolls(mine.leadership)
    if choice in (Choice.ROLLED_TIGHT_LUCK, Choice.ROLLED_TIGHT_PLANNING):
        route = (
            TightCombatRoute.LUCK if choice.value.endswith("luck") else TightCombatRoute.PLANNING
        )
        return tight_combat_rolls(route, mine.cunning.modifier)
    if choice is Choice.ROLLED_SURPRISE:
        return surprise_attack_rolls(
            mine.cunning.modifier + mine.leadership, theirs.cunning.modifier + theirs.leadership
        )
    return ambush_rolls(
        mine.cunning, theirs.cunning, cover, on_offense=choice is Choice.ROLLED_AMBUSH_OFFENSE
    )


def _breaker(
    choice: Choice, rnd: int, own: Unit, enemy: Unit, their: Choice
) -> tuple[SpecialAction | RolledAction, SpecialAction | None]:
    """A charge-breaker against the enemy's charge of round ``rnd``: (mine, their charge)."""
    dice = (4, 4, 1) if choice is Choice.BREAKER_WON else (4, 1, 4)
    if choice is Choice.ROLLED_BREAKER or their.rolled:
        enemy_charge: Any = (
            charge_rolls(enemy.commander.leadership) if their.rolled else charge(4, 0)
        )
        if choice is Choice.ROLLED_BREAKER:
            mine, theirs = own.commander, enemy.commander
            return charge_breaker_rolls(
                enemy_charge.from_round(rnd),
                mine.cunning.modifier,
                mine.leadership,
                theirs.cunning.modifier + theirs.leadership,
            ), None
        return charge_breaker_rolls(enemy_charge.from_round(rnd), 0, 0, 0, dice=dice), None
    result = charge_breaker(*dice, 0, 0, charge(4, 0).from_round(rnd))
    return result.defender_action, result.charge


_PAIRS = (("attacker", "defender"), ("defender", "attacker"))


def _answered(
    mine: list[tuple[Choice, int, str]], theirs: list[tuple[Choice, int, str]]
) -> tuple[Choice, int, str] | None:
    """The enemy's charge this side's charge-breaker answers: its first one that strikes in time.

    A charge declared in round ``c`` strikes in round ``c + CHARGE_DELAY``; the
    charge-breaker declared in round ``r`` is ready from that round, so it
    answers the first charge that strikes in round ``r`` or later (« peu avant
    la charge d'une unité ennemie »). A second charge-breaker is left to the
    rules (:func:`~.declarations.check_side`: one a unit).
    """
    breakers = [s for s in mine if s[0].breaker]
    if not breakers:
        return None
    first = breakers[0]
    charges = sorted(
        (s for s in theirs if s[0] in (Choice.CHARGE, Choice.ROLLED_CHARGE)), key=lambda s: s[1]
    )
    if not charges:
        raise _refused(first[2], NO_CHARGE_TO_BREAK)
    in_time = [c for c in charges if c[1] + CHARGE_DELAY >= first[1]]
    if not in_time:
        raise _refused(
            first[2],
            M(
                "“charge-breaker” declared in round {round} comes too late: a charge strikes "
                "the round after it is declared, and the enemy's last charge strikes in "
                "round {strikes}",
                round=first[1],
                strikes=charges[-1][1] + CHARGE_DELAY,
            ),
        )
    return in_time[0]


def declare(
    attacker: Mapping[str, Any],
    defender: Mapping[str, Any],
    battlefield: Battlefield | None = None,
    *,
    holder: str = "d",
    cover: int = 1,
) -> Declared:
    """Both units of two plans, their actions built and checked by the rules.

    A charge-breaker answers the enemy's first charge in time (the earliest
    round); that charge is then the breaker's to resolve. Every limit of
    :mod:`.declarations` applies; the error names the slot at fault.

    Args:
        attacker: The attacking unit's plan.
        defender: The other unit's plan.
        battlefield: The battlefield (tight combat or not).
        holder: Who holds the ground: ``"d"`` (the defender), ``"a"`` or ``""`` (nobody).
        cover: The place's help to a rolled ambush's hiding roll (0 to
            :data:`~.actions.MAX_HIDING_HELP`), checked even without a rolled ambush.

    Example:
        >>> two = declare({"action1": "charge", "action2": "charge", "action2_round": 4},
        ...               {"action1": "breaker won"})
        >>> [a.effect(2).offense for a in two.attacker.orders.actions], two.defender.orders.actions[0].effect(2)
        ([0, 0], Effect(offense=2, defense=0, free=0))
        >>> declare({"action1": "retreat"}, {})
        Traceback (most recent call last):
        ...
        rulebook_py.errors.RuleValueError: attacker['action1'] “cautious retreat” is an action of the defenders, and this unit does not hold the ground
    """
    field_ = battlefield if battlefield is not None else Battlefield()
    if not isinstance(field_, Battlefield):
        raise _refused("battlefield", M("must be a Battlefield, got {got}", got=quote(battlefield)))
    declared, where_of = _declare(attacker, defender, field_, holder, cover)
    with _slots_named(where_of):
        check_pair(
            declared.attacker,
            declared.defender,
            field_,
            declared.attacker_rolls,
            declared.defender_rolls,
        )
    return declared


def _declare(
    attacker: Mapping[str, Any],
    defender: Mapping[str, Any],
    field_: Battlefield,
    holder: str,
    cover: int,
) -> tuple[Declared, dict[int, str]]:
    """Both sides built, not yet checked, and the slot of each action (by its ``id``)."""
    if not isinstance(holder, str) or holder not in ("a", "d", ""):
        raise _refused("holder", M("must be 'a', 'd' or '' (nobody), got {got}", got=quote(holder)))
    with _at("cover"):
        check_int(cover, "cover", 0, MAX_HIDING_HELP)
    plans = {"attacker": _plan(attacker, "attacker"), "defender": _plan(defender, "defender")}
    units = {n: unit_of(plans[n], n, holder == n[0]) for n in plans}
    slots = {n: _slots(plans[n], n) for n in plans}
    made: dict[str, list[Any]] = {"attacker": [], "defender": []}
    rolls: dict[str, list[RolledAction]] = {"attacker": [], "defender": []}
    where_of: dict[int, str] = {}
    answered = {n: _answered(slots[n], slots[other]) for n, other in _PAIRS}
    charged = {"attacker": False, "defender": False}
    for n, other in _PAIRS:
        for slot in slots[n]:
            choice, rnd, where = slot
            if slot is answered[other]:
                continue  # the enemy's charge-breaker resolves it
            if choice.breaker:
                their = answered[n]
                assert their is not None
                mine, their_charge = _breaker(choice, their[1], units[n], units[other], their[0])
                if their_charge is not None and not charged[other]:
                    # (a second charge-breaker is refused by the rules: one a unit)
                    charged[other] = True
                    made[other].append(their_charge)
                    where_of[id(their_charge)] = their[2]
            elif choice.rolled:
                with _at(where):
                    mine = _rolled(choice, units[n], units[other], cover).from_round(rnd)
            else:
                mine = _RESOLVED[choice].from_round(rnd)
                if choice in (Choice.AMBUSH_FREE, Choice.AMBUSH_OFFENSE, Choice.AMBUSH_OFFENSE_4):
                    made[other].append(_SURPRISED.from_round(rnd))
            where_of[id(mine)] = where
            (rolls if isinstance(mine, RolledAction) else made)[n].append(mine)
    sides = {n: Side(units[n], _orders(plans[n], n, tuple(made[n]))) for n in plans}
    notes = []
    if (
        not holder
        and not field_.well_placed
        and field_.terrain in (Terrain.MARSH, Terrain.MUDDY_PLAIN)
    ):
        notes.append(
            M(
                "nobody holds the ground, so firm ground changes nothing: there are no "
                "defenders to be well placed (« sinon, −1 à tous » on a muddy plain, −2 in a "
                "marsh)"
            )
        )
    declared = Declared(
        sides["attacker"],
        sides["defender"],
        tuple(rolls["attacker"]),
        tuple(rolls["defender"]),
        tuple(notes),
    )
    return declared, where_of


@contextmanager
def _slots_named(where_of: Mapping[int, str], otherwise: str | None = None) -> Iterator[None]:
    """Name the slot (``attacker['action2']``) of a declaration the rules refuse inside.

    The rules check each side once, in the call that fights (:func:`~.round.check_pair`);
    a refusal names the action, and ``where_of`` its slot. Two holders name ``holder``,
    a tight combat ``tight_combat``; any other refusal names ``otherwise`` if given.
    """
    try:
        yield
    except DeclarationError as err:
        raise _refused(where_of.get(id(err.action), err.field or ""), err.reason, err) from err
    except RulebookError as err:
        named = {"tight_combat": "tight_combat", "defends_ground": "holder"}.get(err.field or "")
        if named is None and otherwise is None:
            raise
        raise _renamed(err, named or otherwise or "") from err


def _fault_check(units: Mapping[str, Unit], field_: Battlefield) -> None:
    """A fault attacked from above: an attacking unit must shoot or fly (at its control)."""
    if field_.terrain is not Terrain.FAULT_FROM_ABOVE:
        return
    for n, unit in units.items():
        if not unit.defends_ground and not unit.missile_weapons and not unit.flying:
            raise _refused(
                f"{n}['weapons']",
                M(
                    "“hand weapons”: no melee is possible on a mountain fault attacked from "
                    "above; the attacking unit must shoot (missile weapons) or fly"
                ),
            )


def what_counts(
    plans: Sequence[Mapping[str, Any]], keywords: Mapping[str, Any]
) -> tuple[tuple[dict[str, Any], ...], dict[str, Any]]:
    """The plans and keywords without the values that change nothing (an option switched off).

    The round of an action left at ``"none"``, the round of a second attitude
    left ``"same"``, the leadership list away from its one disputed cell, what
    a unit fights with away from a fault attacked from above, feeling the
    weather in normal weather; and, among the keywords, firm ground away from
    a marsh or a muddy plain, when the d4 is allotted unless a policy splits it,
    the cover of an ambush that is not rolled. The answer is the same without
    them, so a calculator leaves them out of its Python line. A round or a cover
    out of its bounds is kept even so: the rules' call refuses it, naming it
    (every whole-number box has a bound, whether it counts or not).

    Args:
        plans: The units' plans.
        keywords: The keywords of the call (``terrain``, ``timing``...).

    Returns:
        The plans and the keywords, each without what does not count.

    Example:
        >>> what_counts([{"action1": "none", "action1_round": 3, "offense": 2}], {"well_placed": False})
        (({'action1': 'none', 'offense': 2},), {})
        >>> what_counts([{"action2_round": 999}], {"cover": -1})  # out of bounds: kept, refused
        (({'action2_round': 999},), {'cover': -1})
    """
    if not isinstance(plans, (list, tuple)) or not 1 <= len(plans) <= 2:
        raise RuleValueError(
            M(
                "{name} must be a list of one or two plans, got {got}",
                name="plans",
                got=quote(plans),
            ),
            field="plans",
        )
    if not isinstance(keywords, Mapping):
        raise RuleValueError(
            M("{name} must be a dict of keywords, got {got}", name="keywords", got=quote(keywords)),
            field="keywords",
        )
    for i, spec in enumerate(plans):
        _plan(spec, f"plans[{i}]")
    terrain = keywords.get("terrain", "ROAD")
    weather = keywords.get("weather", "NORMAL")
    kept = []
    for spec in plans:
        full = {**UNIT_DEFAULTS, **spec}
        drop = {f"action{k}_round" for k in range(1, SLOTS + 1) if full[f"action{k}"] == "none"}
        if full["attitude2"] == "same":
            drop.add("attitude2_round")
        if full["leadership"] != "POOR/EXPERIENCED":
            drop.add("reading")
        if terrain != "FAULT_FROM_ABOVE":
            drop.add("weapons")
        if weather == "NORMAL":
            drop.add("feels_weather")
        kept.append({k: v for k, v in spec.items() if k not in drop or not _within(v, k)})
    fulls = [{**UNIT_DEFAULTS, **spec} for spec in plans]
    drop = set()
    if terrain not in ("MARSH", "MUDDY_PLAIN"):
        drop.add("well_placed")
    if terrain != "FAULT_FROM_ABOVE":
        drop.add("enemy_weapons")
    if not any(f["policy"] == "SPLIT" for f in fulls):
        drop.add("timing")
    rolled_ambush = ("rolled ambush", "rolled ambush offense")
    if not any(f[f"action{k}"] in rolled_ambush for f in fulls for k in range(1, SLOTS + 1)):
        if _within(keywords.get("cover", 1), "cover"):
            drop.add("cover")
    return tuple(kept), {k: v for k, v in keywords.items() if k not in drop}


def _within(value: object, key: str) -> bool:
    """Whether a round or the cover is within its bounds (any other value: True)."""
    bounds = {**_ROUND_BOUNDS, "cover": (0, MAX_HIDING_HELP)}.get(key)
    if bounds is None:
        return True
    return (
        isinstance(value, int) and not isinstance(value, bool) and bounds[0] <= value <= bounds[1]
    )


# ------------------------------------------------------------------ one unit


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

    Example:
        >>> UnitTotals(unit_totals({"offense": 3}).steps, Lean.EVEN, 1).steps[-1].result
        '+3/+0'
    """

    steps: tuple[Step, ...]
    lean: Lean
    round_number: int

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
        raise _refused(
            "holds",
            M("must be 'attacker', 'defender' or 'nobody', got {got}", got=quote(holds)),
        )
    if not isinstance(enemy_weapons, str) or enemy_weapons not in WEAPONS:
        raise _refused(
            "enemy_weapons",
            M(
                "must be one of {allowed}, got {got}",
                allowed=list(WEAPONS),
                got=quote(enemy_weapons),
            ),
        )
    with _at("round_number"):
        check_int(round_number, "round_number", 1, MAX_ROUNDS)
    field_ = battlefield_of(terrain, weather, well_placed, tight_combat)
    mine, theirs = ("defender", "attacker") if holds == "defender" else ("attacker", "defender")
    plans = {mine: unit, theirs: {"weapons": enemy_weapons}}
    try:
        declared, where_of = _declare(
            plans["attacker"], plans["defender"], field_, "" if holds == "nobody" else "d", 1
        )
        sides = {"attacker": declared.attacker, "defender": declared.defender}
        with _slots_named(where_of):
            check_pair(declared.attacker, declared.defender, field_)
        _fault_check({mine: sides[mine].unit, theirs: sides[theirs].unit}, field_)
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
        raise _renamed(err, where) from err
    side = Side(replace(sides[mine].unit, name="unit"), sides[mine].orders)
    steps = steps_before_chance(side, sides[theirs].unit, field_, round_number)
    return UnitTotals(steps, side.orders.lean, round_number)


# ----------------------------------------------------------------- one round

_POOLS = ("special", "morale", "leadership", "terrain")


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
        _check_notes(self.notes)
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

    def roll(self, rng: random.Random) -> BattleRound:
        """The same round with both d4 rolled; each side puts at most its chosen points on offense.

        Example:
            >>> r = round_of({"offense": 3}, {"offense": 3}).roll(random.Random(2))
            >>> r.attacker_die, r.defender_die
            (1, 1)
        """
        dice = (rng.randint(1, 4), rng.randint(1, 4))
        return _round(
            self.declared, self.battlefield, self.result.round_number, self.allocations, dice
        )[0]


def _round(
    declared: Declared,
    field_: Battlefield,
    rnd: int,
    asked: tuple[Mapping[str, int], Mapping[str, int]],
    dice: tuple[int, int],
) -> tuple[BattleRound, list[tuple[str, str, int, str, int]]]:
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
    result = resolve_round(
        a, d, field_, round_number=rnd, attacker_allocation=allocs[0], defender_allocation=allocs[1]
    )
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
    with _at("round_number"):
        check_int(round_number, "round_number", 1, MAX_DECLARED_ROUND)
    field_ = battlefield_of(terrain, weather, well_placed, tight_combat)
    declared, where_of = _declare(attacker, defender, field_, holder, 1)
    _fault_check({"attacker": declared.attacker.unit, "defender": declared.defender.unit}, field_)
    asked = []
    dice = []
    for name, spec in (("attacker", attacker), ("defender", defender)):
        p = _plan(spec, name)
        want = {}
        for pool in (*_POOLS, "chance"):
            key = "chance_off" if pool == "chance" else f"{pool}_off"
            with _at(f"{name}[{key!r}]"):
                want[pool] = check_int(p[key], key, -100, 100)
        with _at(f"{name}['die']"):
            dice.append(check_int(p["die"], "die", 1, 4))
        asked.append(want)
    pair = (asked[0], asked[1])
    with _slots_named(where_of):
        result, clamped = _round(declared, field_, round_number, pair, (dice[0], dice[1]))
    return RoundOutcome(result, declared.notes, tuple(clamped), declared, field_, pair)


# --------------------------------------------------------------- a whole battle


@dataclass(frozen=True)
class BattleReplay:
    """One battle fought with real dice: the actions' dice first, then every round.

    Attributes:
        rounds: Every round fought.
        actions: ``(side, action, dice, what it gave)`` of each action rolled.

    Example:
        >>> from rulebook_py.systems.mass_battle import knights_vs_dragon
        >>> BattleReplay((knights_vs_dragon(),), ()).end
        'the attacker wins'
    """

    rounds: tuple[BattleRound, ...]
    actions: tuple[tuple[str, RolledAction, tuple[int, ...], str], ...]

    def __post_init__(self) -> None:
        if (
            not isinstance(self.rounds, tuple)
            or not 1 <= len(self.rounds) <= MAX_ROUNDS
            or not all(isinstance(r, BattleRound) for r in self.rounds)
        ):
            raise RuleValueError(
                M(
                    "{name} must be a tuple of 1 to {n} BattleRound, got {got}",
                    name="rounds",
                    n=MAX_ROUNDS,
                    got=quote(self.rounds),
                ),
                field="rounds",
            )
        if not isinstance(self.actions, tuple) or len(self.actions) > 2 * MAX_ROLLED_ACTIONS:
            raise RuleValueError(
                M(
                    "{name} must be a tuple of at most {n} rolled actions, got {got}",
                    name="actions",
                    n=2 * MAX_ROLLED_ACTIONS,
                    got=quote(self.actions),
                ),
                field="actions",
            )

    def rows(self) -> list[tuple[int, Msg, Msg, Msg, Msg, Msg, Msg]]:
        """``(round, attacker d4 (off/def), defender d4, losses, vitality left)`` of every round.

        Example:
            >>> battle_of({"offense": 3}, {"vitality": 10}).roll(random.Random(1)).rows()[0][:2]
            (1, '2 (2/0)')
        """
        return [
            (
                r.round_number,
                _die_text(r.attacker_die, r.attacker_chance),
                _die_text(r.defender_die, r.defender_chance),
                percent(r.damage_to_attacker),
                percent(r.damage_to_defender),
                percent(r.attacker.vitality),
                percent(r.defender.vitality),
            )
            for r in self.rounds
        ]

    @property
    def end(self) -> Msg:
        """Who is left: ``"both fall"``, ``"the attacker wins"`` and so on."""
        last = self.rounds[-1]
        fallen = (last.attacker.vitality == 0, last.defender.vitality == 0)
        return {
            (True, True): M("both fall"),
            (False, True): M("the attacker wins"),
            (True, False): M("the defender wins"),
            (False, False): M("no one has fallen"),
        }[fallen]


def _die_text(die: int, chance: tuple[int, int]) -> Msg:
    """A d4 and its points on offense and defense: ``4 (3/1)``."""
    return M("{die} ({offense}/{defense})", die=die, offense=chance[0], defense=chance[1])


@dataclass(frozen=True)
class BattleOutcome:
    """The exact odds of a whole battle and what a replay needs.

    Attributes:
        odds: The :class:`~.odds.BattleOdds`.
        declared: Both sides and their actions still to roll.
        battlefield: Where.
        policy: Both sides' d4 policies.
        timing: When the d4 is allotted.
        notes: What the reader should know.

    Example:
        >>> from fractions import Fraction
        >>> odds = BattleOdds(Fraction(1), Fraction(0), Fraction(0), Fraction(0), {1: Fraction(1)}, {100: Fraction(1)}, {0: Fraction(1)}, 1)
        >>> BattleOutcome(odds, Declared(Side(Unit("A", 100, 3, 1)), Side(Unit("B", 5, 0, 0))), Battlefield(), (ChancePolicy.ALL_OFFENSE, ChancePolicy.ALL_OFFENSE), Timing.BEFORE_ROLL).attacker_wins
        Fraction(1, 1)
    """

    odds: BattleOdds
    declared: Declared = field(repr=False)
    battlefield: Battlefield = field(repr=False)
    policy: tuple[ChancePolicy, ChancePolicy] = field(repr=False)
    timing: Timing = field(repr=False)
    notes: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        check_type(self.odds, BattleOdds, "odds", M("a BattleOdds"))
        check_type(self.declared, Declared, "declared", M("a Declared"))
        check_type(self.battlefield, Battlefield, "battlefield", M("a Battlefield"))
        pair = self.policy
        if not isinstance(pair, tuple) or len(pair) != 2:
            raise RuleValueError(
                M(
                    "{name} must be a pair of ChancePolicy, got {got}",
                    name="policy",
                    got=quote(pair),
                ),
                field="policy",
            )
        for one in pair:
            check_enum(one, ChancePolicy, "policy")
        check_enum(self.timing, Timing, "timing")
        _check_notes(self.notes)

    @property
    def attacker_wins(self) -> Fraction:
        """P(the attacker wins): the main answer."""
        return self.odds.attacker_wins

    def roll(self, rng: random.Random) -> BattleReplay:
        """Replay one battle with ``rng``: the actions' dice first, then every round.

        Example:
            >>> len(battle_of({"offense": 3}, {"vitality": 10}).roll(random.Random(1)).rounds)
            1
        """
        d = self.declared
        a, b, dice = roll_actions(d.attacker, d.defender, d.attacker_rolls, d.defender_rolls, rng)
        fought = replay_battle(
            a,
            b,
            self.policy,
            self.battlefield,
            rng=rng,
            timing=self.timing,
            max_rounds=self.odds.max_rounds,
        )
        shown = tuple(
            (
                "attacker" if i < len(d.attacker_rolls) else "defender",
                one,
                faces,
                one.resolve(*faces)[0].note,
            )
            for i, (one, faces) in enumerate(dice)
        )
        return BattleReplay(fought, shown)


def battle_of(
    attacker: Mapping[str, Any],
    defender: Mapping[str, Any],
    *,
    holder: str = "d",
    cover: int = 1,
    timing: str = "BEFORE_ROLL",
    max_rounds: int = MAX_ROUNDS,
    terrain: str = "ROAD",
    weather: str = "NORMAL",
    well_placed: bool = True,
    tight_combat: bool = False,
) -> BattleOutcome:
    """The exact odds of a battle between two plans, each with its d4 ``policy``.

    ``timing`` matters only to the policy ``"SPLIT"`` (it needs ``"AFTER_ROLL"``).

    Example:
        >>> battle_of({"vitality": 10}, {"vitality": 10, "policy": "ALL_DEFENSE"}, holder="").attacker_wins
        Fraction(3, 8)
        >>> odds = battle_of({"vitality": 10, "policy": "ALL_OFFENSE"},
        ...                  {"vitality": 10, "policy": "ALL_DEFENSE"}, holder="")
        >>> odds.attacker_wins, odds.odds.both_fall
        (Fraction(3, 8), Fraction(5, 8))
    """
    field_ = battlefield_of(terrain, weather, well_placed, tight_combat)
    declared, where_of = _declare(attacker, defender, field_, holder, cover)
    _fault_check({"attacker": declared.attacker.unit, "defender": declared.defender.unit}, field_)
    policies = tuple(
        _member(ChancePolicy, _plan(spec, n)["policy"], f"{n}['policy']")
        for n, spec in (("attacker", attacker), ("defender", defender))
    )
    when = _member(Timing, timing, "timing")
    notes = list(declared.notes)
    split = [n for n, p in zip(("attacker", "defender"), policies) if p is ChancePolicy.SPLIT]
    if not split:
        when = Timing.BEFORE_ROLL
    elif when is not Timing.AFTER_ROLL:
        raise _refused(
            f"{split[0]}['policy']",
            M(
                "“split after the roll” needs to see the die: allot the d4 after the roll, "
                "or choose another policy"
            ),
        )
    with _at("max_rounds"):
        check_int(max_rounds, "max_rounds", 1, MAX_ROUNDS)
    pair = (policies[0], policies[1])
    try:
        with _slots_named(where_of):
            odds = battle_odds(
                declared.attacker,
                declared.defender,
                pair,
                field_,
                timing=when,
                max_rounds=max_rounds,
                attacker_rolls=declared.attacker_rolls,
                defender_rolls=declared.defender_rolls,
            )
    except RulebookError as err:  # too many outcomes of the actions still to roll
        if err.field not in ("attacker_rolls", "defender_rolls"):
            raise
        side = "defender" if err.field == "defender_rolls" else "attacker"
        slot = next(
            (
                f"{side}['action{k}']"
                for k in range(1, SLOTS + 1)
                if str(
                    _plan(attacker if side == "attacker" else defender, side)[f"action{k}"]
                ).startswith("rolled")
            ),
            f"{side}['action1']",
        )
        raise _renamed(err, slot) from err
    return BattleOutcome(odds, declared, field_, pair, when, tuple(notes))
