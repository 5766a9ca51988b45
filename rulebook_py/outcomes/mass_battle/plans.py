"""A unit written as plain values: what a plan holds and how it is read.

The calculators (and a reader at a prompt) describe a unit by a small
dictionary of plain, stable values -- numbers, ``True``/``False`` and the
names of the tables' entries (``"RATHER_OFFENSIVE"``, ``"INTELLIGENT/VETERAN"``)
-- plus up to three special actions, each a :class:`Choice` declared in its
own round. A key left out takes its value in :data:`UNIT_DEFAULTS`. An error
names the value at fault as ``attacker['offense']`` (the calculators show it
at that control). Both sides declared: :mod:`.sides`; what one call computes:
:mod:`.totals`, :mod:`.rounds`, :mod:`.battles`.

The helpers the package's modules share (:func:`full_plan`, :func:`refused`,
:func:`named_at`...) are public in this module but left out of its ``__all__``:
they are the package's tools, not what a reader calls.

Example:
    >>> unit_of({"leadership": "BRILLIANT/VETERAN", "weapons": "flying"}).flying
    True
    >>> unit_of({"offense": 40}, "attacker")
    Traceback (most recent call last):
    ...
    rulebook_py.errors.RuleValueError: attacker['offense'] must be an integer from -10 to 30, got 40
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from enum import Enum
from typing import Any

from ...errors import (
    RulebookError,
    RuleValueError,
    check_int,
    quote,
)
from ...messages import Msg
from ...systems.mass_battle.actions import (
    MAX_DECLARED_ROUND,
    MAX_HIDING_HELP,
    SpecialAction,
)
from ...systems.mass_battle.declarations import DeclarationError
from ...systems.mass_battle.odds import (
    MAX_ROUNDS,
)
from ...systems.mass_battle.round import (
    LEVEL_RANGE,
    Battlefield,
    Commander,
    Lean,
    Orders,
    Unit,
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
    "WEAPONS",
    "Choice",
    "battlefield_of",
    "unit_of",
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


def refused(where: str, reason: Msg, cause: BaseException | None = None) -> RuleValueError:
    """A refusal of the value ``where`` (``attacker['offense']``): ``where`` then the reason.

    Example:
        >>> refused("holder", M("must be 'a', 'd' or '' (nobody), got {got}", got="'x'")).field
        'holder'
    """
    err = RuleValueError(M("{where} {reason}", where=where, reason=reason), field=where)
    err.__cause__ = cause
    return err


def renamed(err: RulebookError, where: str) -> RuleValueError:
    """``err`` naming ``where`` (``attacker['offense']``) where it named its parameter.

    Example:
        >>> renamed(RuleValueError(M("{name} must be an integer from 5 to 100, got {got}", name="vitality", got=1), field="vitality"), "a['vitality']")
        RuleValueError("a['vitality'] must be an integer from 5 to 100, got 1")
    """
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
def named_at(where: str) -> Iterator[None]:
    """Name ``where`` (``attacker['offense']``) in any rules error raised inside.

    Example:
        >>> with named_at("a['die']"):
        ...     check_int(5, "die", 1, 4)
        Traceback (most recent call last):
        ...
        rulebook_py.errors.RuleValueError: a['die'] must be an integer from 1 to 4, got 5
    """
    try:
        yield
    except DeclarationError:
        raise
    except RulebookError as err:
        raise renamed(err, where) from err


def member_of(enum: Any, value: object, where: str) -> Any:
    """The member of ``enum`` named ``value``, else a refusal of ``where``.

    Example:
        >>> member_of(Terrain, "MARSH", "terrain").name
        'MARSH'
    """
    names = [m.name for m in enum]
    if not isinstance(value, str) or value not in names:
        raise refused(
            where, M("must be one of {allowed}, got {got}", allowed=names, got=quote(value))
        )
    return enum[value]


def full_plan(spec: object, name: str) -> dict[str, Any]:
    """The plan ``spec`` with every key (:data:`UNIT_DEFAULTS`); an unknown key is refused.

    Example:
        >>> full_plan({"offense": 3}, "attacker")["defense"]
        0
    """
    if not isinstance(spec, Mapping):
        raise refused(name, M("must be a dict of a unit's values, got {got}", got=quote(spec)))
    unknown = [k for k in spec if not isinstance(k, str) or k not in UNIT_DEFAULTS]
    if unknown:
        raise refused(
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
        raise refused(where, M("must be True or False, got {got}", got=quote(value)))
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
    p = full_plan(spec, _side_name(name))
    _flag(holds, "holds")
    w = f"{name}[{{!r}}]".format
    with named_at(w("vitality")):
        check_int(p["vitality"], "vitality", 5, 100)
    if p["weapons"] not in WEAPONS:
        raise refused(
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
        raise refused(
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
        member_of(Cunning, p["cunning"], w("cunning")),
        member_of(Fame, p["fame"], w("fame")),
        member_of(LeadershipReading, p["reading"], w("reading")),
    )
    for key in ("offense", "defense"):
        with named_at(w(key)):
            check_int(p[key], key, *LEVEL_RANGE)
    with named_at(w("vitality")):
        return Unit(
            name,
            p["vitality"],
            p["offense"],
            p["defense"],
            commander,
            member_of(Morale, p["morale"], w("morale")),
            defends_ground=holds,
            feels_weather=_flag(p["feels_weather"], w("feels_weather")),
            missile_weapons=p["weapons"] == "missile",
            flying=p["weapons"] == "flying",
        )


def orders_of(spec: Mapping[str, Any], name: str, actions: tuple[SpecialAction, ...]) -> Orders:
    """The attitude of every round (the first, then another from a round on) and the lean.

    Example:
        >>> orders_of({"attitude2": "RATHER_DEFENSIVE", "attitude2_round": 3}, "a", ()).attitude_in(3).name
        'RATHER_DEFENSIVE'
    """
    p = full_plan(spec, name)
    w = f"{name}[{{!r}}]".format
    first = member_of(Attitude, p["attitude"], w("attitude"))
    attitude: Attitude | tuple[Attitude, ...] = first
    with named_at(w("attitude2_round")):  # (checked even when the attitude stays the same)
        start = check_int(
            p["attitude2_round"], "attitude2_round", *_ROUND_BOUNDS["attitude2_round"]
        )
    if p["attitude2"] != "same":
        then = member_of(Attitude, p["attitude2"], w("attitude2"))
        attitude = (first,) * (start - 1) + (then,)
    return Orders(attitude, actions, member_of(Lean, p["lean"], w("lean")))


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
    with named_at("tight_combat"):
        return Battlefield(
            member_of(Terrain, terrain, "terrain"),
            member_of(Weather, weather, "weather"),
            _flag(well_placed, "well_placed"),
            _flag(tight_combat, "tight_combat"),
        )


def check_notes(notes: object) -> tuple[str, ...]:
    """A record's notes: a tuple of at most 20 short texts.

    Example:
        >>> check_notes(("firm ground changes nothing",))
        ('firm ground changes nothing',)
    """
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


def slots_of(p: Mapping[str, Any], name: str) -> list[tuple[Choice, int, str]]:
    """``(choice, round, slot)`` of each special action of a full plan, none left out.

    Example:
        >>> slots_of(full_plan({"action2": "charge", "action2_round": 3}, "a"), "a")
        [(<Choice.CHARGE: 'charge'>, 3, "a['action2']")]
    """
    used = []
    for k in range(1, SLOTS + 1):
        where = f"{name}['action{k}']"
        value = p[f"action{k}"]
        if not isinstance(value, str) or value not in {c.value for c in Choice}:
            raise refused(
                where,
                M(
                    "must be one of {allowed}, got {got}",
                    allowed=[c.value for c in Choice],
                    got=quote(value),
                ),
            )
        with named_at(f"{name}['action{k}_round']"):
            rnd = check_int(p[f"action{k}_round"], "round", *_ROUND_BOUNDS[f"action{k}_round"])
        if value != "none":
            used.append((Choice(value), rnd, where))
    return used


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
        full_plan(spec, f"plans[{i}]")
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
