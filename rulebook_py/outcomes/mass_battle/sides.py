"""Both sides of a battle declared from two plans: their actions built, then checked once.

:func:`declare` turns the choices of both sides into actions (a
charge-breaker answers the enemy's first charge in time) and checks them
with the rules (:func:`~rulebook_py.systems.mass_battle.round.check_pair`).
The calculators' outcomes build the sides (:func:`build_sides`) and leave the
check to the rule that fights, once a side a call; :func:`slots_named` names the
slot a refusal is about (``attacker['action2']``).

Example:
    >>> declare({"action1": "retreat"}, {})
    Traceback (most recent call last):
    ...
    rulebook_py.errors.RuleValueError: attacker['action1'] “cautious retreat” is an action of the defenders, and this unit does not hold the ground
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from ...errors import (
    RulebookError,
    RuleValueError,
    check_int,
    check_type,
    quote,
)
from ...systems.mass_battle.actions import (
    CHARGE_DELAY,
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
)
from ...systems.mass_battle.round import (
    Battlefield,
    Side,
    Unit,
    check_pair,
)
from ...systems.mass_battle.tables import (
    Cunning,
    Terrain,
)
from ...systems.mass_battle.words import M
from .plans import (
    Choice,
    check_notes,
    full_plan,
    named_at,
    orders_of,
    refused,
    renamed,
    slots_of,
    unit_of,
)

__all__ = [
    "Declared",
    "declare",
]

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
        check_notes(self.notes)


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
        raise refused(first[2], NO_CHARGE_TO_BREAK)
    in_time = [c for c in charges if c[1] + CHARGE_DELAY >= first[1]]
    if not in_time:
        raise refused(
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
        raise refused("battlefield", M("must be a Battlefield, got {got}", got=quote(battlefield)))
    declared, where_of = build_sides(attacker, defender, field_, holder, cover)
    with slots_named(where_of):
        check_pair(
            declared.attacker,
            declared.defender,
            field_,
            declared.attacker_rolls,
            declared.defender_rolls,
        )
    return declared


def build_sides(
    attacker: Mapping[str, Any],
    defender: Mapping[str, Any],
    field_: Battlefield,
    holder: str,
    cover: int,
) -> tuple[Declared, dict[int, str]]:
    """Both sides built, not yet checked, and the slot of each action (by its ``id``).

    The rule that fights checks them (once a side); :func:`slots_named` then names
    the slot of a refused action.

    Example:
        >>> declared, where_of = build_sides({"action1": "charge"}, {}, Battlefield(), "d", 1)
        >>> sorted(where_of.values())
        ["attacker['action1']"]
    """
    if not isinstance(holder, str) or holder not in ("a", "d", ""):
        raise refused("holder", M("must be 'a', 'd' or '' (nobody), got {got}", got=quote(holder)))
    with named_at("cover"):
        check_int(cover, "cover", 0, MAX_HIDING_HELP)
    plans = {
        "attacker": full_plan(attacker, "attacker"),
        "defender": full_plan(defender, "defender"),
    }
    units = {n: unit_of(plans[n], n, holder == n[0]) for n in plans}
    slots = {n: slots_of(plans[n], n) for n in plans}
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
                with named_at(where):
                    mine = _rolled(choice, units[n], units[other], cover).from_round(rnd)
            else:
                mine = _RESOLVED[choice].from_round(rnd)
                if choice in (Choice.AMBUSH_FREE, Choice.AMBUSH_OFFENSE, Choice.AMBUSH_OFFENSE_4):
                    made[other].append(_SURPRISED.from_round(rnd))
            where_of[id(mine)] = where
            (rolls if isinstance(mine, RolledAction) else made)[n].append(mine)
    sides = {n: Side(units[n], orders_of(plans[n], n, tuple(made[n]))) for n in plans}
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
def slots_named(where_of: Mapping[int, str], otherwise: str | None = None) -> Iterator[None]:
    """Name the slot (``attacker['action2']``) of a declaration the rules refuse inside.

    The rules check each side once, in the call that fights (:func:`~.round.check_pair`);
    a refusal names the action, and ``where_of`` its slot. Two holders name ``holder``,
    a tight combat ``tight_combat``; any other refusal names ``otherwise`` if given.

    Example:
        >>> declared, where_of = build_sides({"action1": "retreat"}, {}, Battlefield(), "d", 1)
        >>> with slots_named(where_of):
        ...     check_pair(declared.attacker, declared.defender, Battlefield())
        Traceback (most recent call last):
        ...
        rulebook_py.errors.RuleValueError: attacker['action1'] “cautious retreat” is an action of the defenders, and this unit does not hold the ground
    """
    try:
        yield
    except DeclarationError as err:
        raise refused(where_of.get(id(err.action), err.field or ""), err.reason, err) from err
    except RulebookError as err:
        named = {"tight_combat": "tight_combat", "defends_ground": "holder"}.get(err.field or "")
        if named is None and otherwise is None:
            raise
        raise renamed(err, named or otherwise or "") from err


def fault_check(units: Mapping[str, Unit], field_: Battlefield) -> None:
    """A fault attacked from above: an attacking unit must shoot or fly (at its control).

    Example:
        >>> fault_check({"attacker": unit_of({}, "attacker")}, Battlefield(Terrain.FAULT_FROM_ABOVE))
        Traceback (most recent call last):
        ...
        rulebook_py.errors.RuleValueError: attacker['weapons'] “hand weapons”: no melee is possible on a mountain fault attacked from above; the attacking unit must shoot (missile weapons) or fly
    """
    if field_.terrain is not Terrain.FAULT_FROM_ABOVE:
        return
    for n, unit in units.items():
        if not unit.defends_ground and not unit.missile_weapons and not unit.flying:
            raise refused(
                f"{n}['weapons']",
                M(
                    "“hand weapons”: no melee is possible on a mountain fault attacked from "
                    "above; the attacking unit must shoot (missile weapons) or fly"
                ),
            )
