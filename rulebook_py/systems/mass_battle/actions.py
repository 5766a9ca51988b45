"""Special actions of the mass-battle system: their rolls, durations and decay.

Each action is resolved once, before or at the start of the fight, from the
commanders' d4 rolls; what it gives each unit is then a fixed schedule of
modifiers by round (:class:`SpecialAction`), which the round procedure and
the exact battle odds read with :meth:`SpecialAction.effect`.

Example:
    >>> from rulebook_py.systems.mass_battle.tables import Cunning
    >>> result = ambush(hide_die=4, detect_die=4, hider_cunning=Cunning.CLEVER,
    ...                 detector_cunning=Cunning.ALERT, help_bonus=1)
    >>> result.hide_total, result.detect_total, result.bonus
    (6, 4, 2)
    >>> [result.action.effect(r).free for r in (1, 2, 3)]
    [2, 1, 0]
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from enum import Enum
from fractions import Fraction
from typing import Any

from ...errors import RuleValueError, check_enum, check_int, check_rng, check_type, quote
from ...messages import Msg, join
from .tables import Cunning
from .words import M

__all__ = [
    "CHARGE_DELAY",
    "DEFENDERS_ACTIONS",
    "MAX_ACTION_DICE",
    "MAX_DECLARED_ROUND",
    "MAX_HIDING_HELP",
    "WAR_CRY_FRENZY_ROUNDS",
    "ActionKind",
    "AmbushResult",
    "ChargeBreakResult",
    "ContestResult",
    "Effect",
    "RolledAction",
    "SpecialAction",
    "TightCombatRoute",
    "ambush",
    "ambush_odds",
    "ambush_rolls",
    "cautious_retreat",
    "charge",
    "charge_breaker",
    "charge_breaker_rolls",
    "charge_odds",
    "charge_rolls",
    "check_d4",
    "contest_odds",
    "roll_d4",
    "surprise_attack",
    "surprise_attack_rolls",
    "tight_combat",
    "tight_combat_rolls",
    "war_cry",
]

#: Rounds of preparation before a charge strikes: declared in round 1, it
#: strikes in round ``1 + CHARGE_DELAY`` (the source: "two rounds to prepare,
#: which leaves the enemy one round of combat").
CHARGE_DELAY = 1

#: Rounds of frenzy after a war cry (+3 offense / +1 defense each).
WAR_CRY_FRENZY_ROUNDS = 4

#: Latest round in which a special action may be declared (a battle lasts at most 20).
MAX_DECLARED_ROUND = 20

#: Most d4 one action still to roll holds (a charge-breaker against a charge still to roll).
MAX_ACTION_DICE = 4

#: Most help a place gives to an ambush's hiding roll. The source gives one value, the
#: forest's +1; the bound of 0 to 3 is this book's choice (the game master's call).
MAX_HIDING_HELP = 3


def check_d4(value: object, name: str) -> int:
    """Check a d4 result (1 to 4) and return it.

    Example:
        >>> check_d4(4, "die")
        4
    """
    if not isinstance(name, str):
        raise RuleValueError(
            M("{name} must be text, got {got}", got=quote(name), name="name"), field="name"
        )
    return check_int(value, name, 1, 4)


def roll_d4(rng: random.Random | None = None) -> int:
    """Roll one d4.

    Example:
        >>> roll_d4(random.Random(1)) in (1, 2, 3, 4)
        True
    """
    return check_rng(rng, none_is_fresh=True).randint(1, 4)


@dataclass(frozen=True)
class Effect:
    """What a special action gives a unit in one round.

    Attributes:
        offense: Points on offense.
        defense: Points on defense.
        free: Points the unit distributes as it likes (ambush bonus).

    Example:
        >>> Effect(1, 2) + Effect(free=3)
        Effect(offense=1, defense=2, free=3)
    """

    offense: int = 0
    defense: int = 0
    free: int = 0

    def __post_init__(self) -> None:
        for name in ("offense", "defense", "free"):
            check_int(getattr(self, name), name, -100, 100)

    def __add__(self, other: Effect) -> Effect:
        return Effect(
            self.offense + other.offense, self.defense + other.defense, self.free + other.free
        )

    def __bool__(self) -> bool:
        return bool(self.offense or self.defense or self.free)

    def __message__(self) -> Msg:
        """The effect as the notes write it: ``+2 offense, +1 defense``.

        Example:
            >>> Effect(2, -1).__message__().render("fr")
            '+2 en offense, −1 en défense'
        """
        parts = [
            text
            for amount, text in (
                (self.offense, M("{n:+d} offense", n=self.offense)),
                (self.defense, M("{n:+d} defense", n=self.defense)),
                (self.free, M("{n:+d} to place", n=self.free)),
            )
            if amount
        ]
        return join(", ", parts) if parts else M("no change")


class ActionKind(Enum):
    """The special actions of the source (*actions spéciales*).

    Example:
        >>> ActionKind.WAR_CRY.label
        'Cri de guerre'
    """

    SURPRISE_ATTACK = "Attaque surprise"
    CHARGE_BREAKER = "Brise-charge"
    TIGHT_COMBAT = "Combat serré"
    CAUTIOUS_RETREAT = "Retraite prudente"
    CHARGE = "Charge"
    WAR_CRY = "Cri de guerre"
    AMBUSH = "Embuscade"

    @property
    def label(self) -> str:
        """The French name of the source."""
        return self.value

    def __message__(self) -> Msg:
        """The action's name in the reader's words (``war cry``, « cri de guerre »)."""
        return _ACTION_NAMES[self]


_ACTION_NAMES = {
    ActionKind.SURPRISE_ATTACK: M("surprise attack"),
    ActionKind.CHARGE_BREAKER: M("charge-breaker"),
    ActionKind.TIGHT_COMBAT: M("tight combat"),
    ActionKind.CAUTIOUS_RETREAT: M("cautious retreat"),
    ActionKind.CHARGE: M("charge"),
    ActionKind.WAR_CRY: M("war cry"),
    ActionKind.AMBUSH: M("ambush"),
}

#: The actions the source lists "in defense": only the unit holding the ground declares them.
DEFENDERS_ACTIONS = frozenset(
    {
        ActionKind.SURPRISE_ATTACK,
        ActionKind.CHARGE_BREAKER,
        ActionKind.TIGHT_COMBAT,
        ActionKind.CAUTIOUS_RETREAT,
    }
)


@dataclass(frozen=True)
class SpecialAction:
    """A resolved special action: the effect it gives one unit, round by round.

    Attributes:
        kind: Which action.
        schedule: Effects of rounds 1, 2, ... in order.
        after: Effect of every round after the schedule (default nothing).
        note: How it was resolved, for the reader.
        answer: What this unit gains in answer to the *enemy's* action (a
            surprise attack seen through, nothing), not an action it declared.
        surprise: The round in which this unit is surprised (an enemy's
            ambush sprung on it: the source's balanced attitude), 0 for none.

    Example:
        >>> act = SpecialAction(ActionKind.CAUTIOUS_RETREAT, (), Effect(-2, 2))
        >>> act.effect(1), act.effect(9)
        (Effect(offense=-2, defense=2, free=0), Effect(offense=-2, defense=2, free=0))
    """

    kind: ActionKind
    schedule: tuple[Effect, ...] = ()
    after: Effect = field(default_factory=Effect)
    note: str = ""
    answer: bool = False
    surprise: int = 0

    def __post_init__(self) -> None:
        check_enum(self.kind, ActionKind, "kind")
        if (
            not isinstance(self.schedule, tuple)
            or len(self.schedule) > 2 * MAX_DECLARED_ROUND
            or not all(isinstance(e, Effect) for e in self.schedule)
        ):
            raise RuleValueError(
                M(
                    "{name} must be a tuple of at most {n} Effect, got {got}",
                    n=2 * MAX_DECLARED_ROUND,
                    got=quote(self.schedule),
                    name="schedule",
                ),
                field="schedule",
            )
        if not isinstance(self.after, Effect):
            raise RuleValueError(
                M("{name} must be an Effect, got {got}", got=quote(self.after), name="after"),
                field="after",
            )
        if not isinstance(self.note, str) or len(self.note) > 1000:
            raise RuleValueError(
                M(
                    "{name} must be text of at most 1000 characters, got {got}",
                    got=quote(self.note),
                    name="note",
                ),
                field="note",
            )
        if not isinstance(self.answer, bool):
            raise RuleValueError(
                M("{name} must be True or False, got {got}", got=quote(self.answer), name="answer"),
                field="answer",
            )
        check_int(self.surprise, "surprise", 0, 2 * MAX_DECLARED_ROUND)

    def active_rounds(self, last: int = 20) -> frozenset[int]:
        """The rounds, up to ``last``, in which this action changes anything.

        Example:
            >>> sorted(charge(4, 0).active_rounds()), len(cautious_retreat().active_rounds())
            ([2], 20)
        """
        rounds = {r for r in range(1, last + 1) if self.effect(r)}
        return frozenset(rounds | ({self.surprise} if self.surprise else set()))

    def effect(self, round_number: int) -> Effect:
        """The effect in round ``round_number`` (1 is the first round).

        Example:
            >>> war_cry().effect(1)
            Effect(offense=0, defense=-2, free=0)
        """
        check_int(round_number, "round_number", 1)
        if round_number <= len(self.schedule):
            return self.schedule[round_number - 1]
        return self.after

    def on_offense(self) -> SpecialAction:
        """The same action with its free points always placed on offense.

        Example:
            >>> hidden = ambush(4, 4, Cunning.CLEVER, Cunning.ALERT, help_bonus=1).action
            >>> hidden.effect(1), hidden.on_offense().effect(1), hidden.on_offense().effect(2)
            (Effect(offense=0, defense=0, free=2), Effect(offense=2, defense=0, free=0), Effect(offense=1, defense=0, free=0))
        """

        def move(e: Effect) -> Effect:
            return Effect(e.offense + e.free, e.defense, 0)

        return replace(
            self,
            schedule=tuple(move(e) for e in self.schedule),
            after=move(self.after),
            note=M("{note}; free points on offense", note=self.note),
        )

    def from_round(self, round_number: int) -> SpecialAction:
        """The same action declared in round ``round_number`` instead of round 1.

        Its schedule starts that round: the rounds before get nothing.

        Example:
            >>> late = charge(4, 0).from_round(3)  # declared in round 3, strikes in round 4
            >>> [late.effect(r).offense for r in range(1, 6)]
            [0, 0, 0, 2, 0]
            >>> cautious_retreat().from_round(2).effect(1), cautious_retreat().from_round(2).effect(7)
            (Effect(offense=0, defense=0, free=0), Effect(offense=-2, defense=2, free=0))
        """
        check_int(round_number, "round_number", 1, MAX_DECLARED_ROUND)
        if round_number == 1:
            return self
        return replace(
            self,
            schedule=(Effect(),) * (round_number - 1) + self.schedule,
            note=M("{note} (from round {n})", note=self.note, n=round_number),
            surprise=self.surprise + round_number - 1 if self.surprise else 0,
        )


@dataclass(frozen=True)
class ContestResult:
    """A contest of two commanders: 1d4 + cunning + leadership each.

    Attributes:
        own_total: This side's total.
        enemy_total: The other side's total.
        for_self: The action this side gains (maybe empty).
        for_enemy: The action the other side gains (maybe empty).

    Example:
        >>> r = surprise_attack(3, 1, 0, 0)
        >>> r.own_total, r.enemy_total, r.for_self.effect(1)
        (3, 1, Effect(offense=2, defense=0, free=0))
        >>> ContestResult(3, 1, SpecialAction(ActionKind.SURPRISE_ATTACK), SpecialAction(ActionKind.SURPRISE_ATTACK)).own_total
        3
    """

    own_total: int
    enemy_total: int
    for_self: SpecialAction
    for_enemy: SpecialAction

    def __post_init__(self) -> None:
        check_int(self.own_total, "own_total", -20, 20)
        check_int(self.enemy_total, "enemy_total", -20, 20)
        for name in ("for_self", "for_enemy"):
            check_type(getattr(self, name), SpecialAction, name, M("a SpecialAction"))


def surprise_attack(
    defender_die: int, attacker_die: int, defender_bonus: int, attacker_bonus: int
) -> ContestResult:
    """Surprise attack (*attaque surprise*), a defenders' action.

    Both commanders roll 1d4 + cunning + leadership. A higher defender
    gets +2 offense this round and +1 the next; a higher attacker sees
    through it and gets +2 defense, then +1. A tie gives nothing (the source
    needs one side to beat the other).

    Args:
        defender_die: The defender's d4.
        attacker_die: The attacker's d4.
        defender_bonus: The defending commander's cunning + leadership.
        attacker_bonus: The attacking commander's cunning + leadership.

    Example:
        >>> r = surprise_attack(1, 2, 0, 0)
        >>> r.for_enemy.effect(1), r.for_enemy.effect(2), r.for_enemy.effect(3)
        (Effect(offense=0, defense=2, free=0), Effect(offense=0, defense=1, free=0), Effect(offense=0, defense=0, free=0))
    """
    own = check_d4(defender_die, "defender_die") + check_int(
        defender_bonus, "defender_bonus", -10, 10
    )
    enemy = check_d4(attacker_die, "attacker_die") + check_int(
        attacker_bonus, "attacker_bonus", -10, 10
    )
    nothing_seen = SpecialAction(ActionKind.SURPRISE_ATTACK, note=M("no effect"), answer=True)
    contest = M("defender {own} vs attacker {enemy}", own=own, enemy=enemy)
    if own > enemy:
        won = SpecialAction(
            ActionKind.SURPRISE_ATTACK,
            (Effect(offense=2), Effect(offense=1)),
            note=M("{contest}: won, +2 offense, then +1", contest=contest),
        )
        return ContestResult(own, enemy, won, nothing_seen)
    if enemy > own:
        seen = SpecialAction(
            ActionKind.SURPRISE_ATTACK,
            (Effect(defense=2), Effect(defense=1)),
            note=M("{contest}: seen through, +2 defense, then +1", contest=contest),
            answer=True,
        )
        lost = SpecialAction(
            ActionKind.SURPRISE_ATTACK,
            note=M(
                "{contest}: seen through, the attackers get +2 defense, then +1", contest=contest
            ),
        )
        return ContestResult(own, enemy, lost, seen)
    tie = SpecialAction(
        ActionKind.SURPRISE_ATTACK, note=M("{contest}: a tie, no effect", contest=contest)
    )
    return ContestResult(own, enemy, tie, nothing_seen)


def charge(
    die: int, leadership_bonus: int, *, delay: int = CHARGE_DELAY, duration: int = 1
) -> SpecialAction:
    """Charge: leadership roll 1d4 + leadership, 3 or more succeeds.

    The charging unit gets +1 offense / +1 defense per point above 2. It
    takes time to prepare: the bonus applies from round ``1 + delay`` for
    ``duration`` rounds (the source gives no duration: this book assumes
    the charge strikes once, ``duration=1``).

    Args:
        die: The commander's d4.
        leadership_bonus: The commander's leadership modifier.
        delay: Rounds of preparation before the charge strikes.
        duration: Rounds the bonus lasts once the charge strikes.

    Returns:
        The action (empty when the roll fails).

    Example:
        >>> c = charge(4, 0)
        >>> c.effect(1), c.effect(2), c.effect(3)
        (Effect(offense=0, defense=0, free=0), Effect(offense=2, defense=2, free=0), Effect(offense=0, defense=0, free=0))
    """
    total = check_d4(die, "die") + check_int(leadership_bonus, "leadership_bonus", -5, 3)
    check_int(delay, "delay", 0, 10)
    check_int(duration, "duration", 1, 10)
    bonus = max(0, total - 2)
    if bonus == 0:
        return SpecialAction(
            ActionKind.CHARGE, note=M("leadership roll {total}: failed", total=total)
        )
    schedule = (Effect(),) * delay + (Effect(bonus, bonus),) * duration
    return SpecialAction(
        ActionKind.CHARGE,
        schedule,
        note=M("leadership roll {total}: +{bonus}/+{bonus}", total=total, bonus=bonus),
    )


@dataclass(frozen=True)
class ChargeBreakResult:
    """Charge-breaker outcome.

    Attributes:
        prepared: The preparation roll (1d4 + cunning) reached 3.
        preparation_total: That roll's total.
        defender_total: The field contest, defender (1d4 + cunning + leadership).
        attacker_total: The field contest, attacker.
        defender_action: What the defender gains.
        charge: The attacker's charge after the contest (broken, kept or improved).

    Example:
        >>> r = charge_breaker(3, 4, 1, 0, 0, charge(4, 0))
        >>> r.prepared, r.charge.effect(2), r.defender_action.effect(2)
        (True, Effect(offense=0, defense=0, free=0), Effect(offense=2, defense=0, free=0))
        >>> ChargeBreakResult(True, 3, 4, 1, SpecialAction(ActionKind.CHARGE_BREAKER), SpecialAction(ActionKind.CHARGE)).prepared
        True
    """

    prepared: bool
    preparation_total: int
    defender_total: int
    attacker_total: int
    defender_action: SpecialAction
    charge: SpecialAction

    def __post_init__(self) -> None:
        if not isinstance(self.prepared, bool):
            raise RuleValueError(
                M(
                    "{name} must be True or False, got {got}",
                    name="prepared",
                    got=quote(self.prepared),
                ),
                field="prepared",
            )
        for name in ("preparation_total", "defender_total", "attacker_total"):
            check_int(getattr(self, name), name, -20, 20)
        for name in ("defender_action", "charge"):
            check_type(getattr(self, name), SpecialAction, name, M("a SpecialAction"))


def charge_breaker(
    preparation_die: int,
    defender_die: int,
    attacker_die: int,
    defender_cunning: int,
    defender_leadership: int,
    enemy_charge: SpecialAction,
    *,
    attacker_bonus: int = 0,
) -> ChargeBreakResult:
    """Charge-breaker (*brise-charge*), a defenders' action against a charge.

    Before the battle the defending commander rolls 1d4 + cunning and must
    reach 3 to have prepared it. On the field, both commanders roll 1d4 +
    cunning + leadership: if the defender beats the attacker, the charge is
    broken (its bonuses are lost) and the defenders get +2 offense on the
    rounds the charge would have struck; otherwise the charge strikes with +2
    more offense. An unprepared defender cannot try.

    Args:
        preparation_die: The d4 of the preparation roll.
        defender_die: The defender's d4 on the field.
        attacker_die: The attacker's d4 on the field.
        defender_cunning: The defending commander's cunning.
        defender_leadership: The defending commander's leadership.
        enemy_charge: The attacker's resolved :func:`charge`.
        attacker_bonus: The attacking commander's cunning + leadership.

    Example:
        >>> r = charge_breaker(3, 1, 4, 0, 0, charge(3, 0))
        >>> r.charge.effect(2)
        Effect(offense=3, defense=1, free=0)
    """
    if not isinstance(enemy_charge, SpecialAction) or enemy_charge.kind is not ActionKind.CHARGE:
        raise RuleValueError(
            M(
                "{name} must be a charge: a charge-breaker answers a charge, got {got}",
                got=quote(enemy_charge),
                name="enemy_charge",
            ),
            field="enemy_charge",
        )
    prep = check_d4(preparation_die, "preparation_die") + check_int(
        defender_cunning, "defender_cunning", -3, 3
    )
    own = (
        check_d4(defender_die, "defender_die")
        + defender_cunning
        + check_int(defender_leadership, "defender_leadership", -5, 3)
    )
    enemy = check_d4(attacker_die, "attacker_die") + check_int(
        attacker_bonus, "attacker_bonus", -10, 10
    )
    if prep < 3:
        nothing = SpecialAction(
            ActionKind.CHARGE_BREAKER, note=M("preparation {n} < 3: not prepared", n=prep)
        )
        return ChargeBreakResult(False, prep, own, enemy, nothing, enemy_charge)
    if not any(enemy_charge.schedule):
        nothing = SpecialAction(ActionKind.CHARGE_BREAKER, note=M("no charge to break"))
        return ChargeBreakResult(True, prep, own, enemy, nothing, enemy_charge)
    if own > enemy:
        broken = SpecialAction(ActionKind.CHARGE, note=M("broken by a charge-breaker"))
        bonus = tuple(Effect(offense=2) if e else Effect() for e in enemy_charge.schedule)
        mine = SpecialAction(
            ActionKind.CHARGE_BREAKER,
            bonus,
            note=M("{own} beats {enemy}: the charge is broken, +2 offense", own=own, enemy=enemy),
        )
        return ChargeBreakResult(True, prep, own, enemy, mine, broken)
    better = tuple(e + Effect(offense=2) if e else e for e in enemy_charge.schedule)
    improved = SpecialAction(
        ActionKind.CHARGE, better, note=M("{note}; +2 offense", note=enemy_charge.note)
    )
    failed = SpecialAction(
        ActionKind.CHARGE_BREAKER,
        note=M(
            "{own} does not beat {enemy}: the charge goes through with +2 offense",
            own=own,
            enemy=enemy,
        ),
    )
    return ChargeBreakResult(True, prep, own, enemy, failed, improved)


class TightCombatRoute(Enum):
    """How defenders may fight several against one in a tight combat.

    Example:
        >>> TightCombatRoute.PLANNING.label
        'La planification'
    """

    NONE = "Aucune"
    LUCK = "La chance"
    PLANNING = "La planification"

    @property
    def label(self) -> str:
        """The French name of the source."""
        return self.value


def _planning_bonus(total: int) -> int:
    if total < 3:
        return 0
    return {3: 2, 4: 4, 5: 4, 6: 6}.get(total, 8)


def tight_combat(
    route: TightCombatRoute = TightCombatRoute.NONE, die: int = 1, cunning: int = 0
) -> SpecialAction:
    """Tight combat (*combat serré*): what luck or planning adds for the defenders.

    The tight combat itself is a state of the battle, not of one side: both
    defenses +5 every round, given by ``Battlefield(tight_combat=True)``. By
    luck (a d4 of 3 gives the defenders +2 offense, a 4 gives +4) or by
    planning (1d4 + cunning: 3 gives +2, 4 or 5 gives +4, 6 gives +6, 7 or
    more +8), the defenders may also fight several against one: this
    function gives that extra offense, every round.

    Args:
        route: The route tried, if any.
        die: The d4 of that route.
        cunning: The defending commander's cunning modifier (planning only).

    Returns:
        The defenders' action (no effect when the route gives nothing).

    Example:
        >>> tight_combat(TightCombatRoute.PLANNING, 4, 2).effect(5)
        Effect(offense=6, defense=0, free=0)
        >>> tight_combat(TightCombatRoute.LUCK, 2).effect(1)
        Effect(offense=0, defense=0, free=0)
    """
    check_enum(route, TightCombatRoute, "route")
    check_d4(die, "die")
    check_int(cunning, "cunning", -3, 3)
    if route is TightCombatRoute.LUCK:
        extra = {3: 2, 4: 4}.get(die, 0)
        note = M("luck: d4 {die} → +{extra} offense", die=die, extra=extra)
    elif route is TightCombatRoute.PLANNING:
        extra = _planning_bonus(die + cunning)
        note = M(
            "planning: {die}{cunning:+d} = {total} → +{extra} offense",
            die=die,
            cunning=cunning,
            total=die + cunning,
            extra=extra,
        )
    else:
        extra = 0
        note = M("no route tried")
    return SpecialAction(ActionKind.TIGHT_COMBAT, after=Effect(offense=extra), note=note)


def cautious_retreat() -> SpecialAction:
    """Cautious retreat (*retraite prudente*): +2 defense, -2 offense, every round.

    Example:
        >>> cautious_retreat().effect(3)
        Effect(offense=-2, defense=2, free=0)
    """
    return SpecialAction(
        ActionKind.CAUTIOUS_RETREAT, after=Effect(-2, 2), note=M("{o:+d}/{d:+d}", o=-2, d=2)
    )


def war_cry(frenzy_rounds: int = WAR_CRY_FRENZY_ROUNDS) -> SpecialAction:
    """War cry (*cri de guerre*), once a day, shouted in round 1.

    Round 1: -2 defense. The next four rounds: +3 offense, +1 defense.
    Then -1 offense, -2 defense for the rest of the battle (the source says
    the bonuses "become" -1/-2 and gives no end; this book keeps them).

    Example:
        >>> [tuple(vars(war_cry().effect(r)).values())[:2] for r in (1, 2, 5, 6, 9)]
        [(0, -2), (3, 1), (3, 1), (-1, -2), (-1, -2)]
    """
    check_int(frenzy_rounds, "frenzy_rounds", 0, 20)
    return SpecialAction(
        ActionKind.WAR_CRY,
        (Effect(defense=-2),) + (Effect(3, 1),) * frenzy_rounds,
        after=Effect(-1, -2),
        note=M(
            "{cry:+d} defense, then {o:+d}/{d:+d}, then {lo:+d}/{ld:+d}",
            cry=-2,
            o=3,
            d=1,
            lo=-1,
            ld=-2,
        ),
    )


@dataclass(frozen=True)
class AmbushResult:
    """Ambush (*embuscade*) outcome.

    Attributes:
        hide_total: The hider's 1d4 + cunning + help (3 or more hides the unit).
        detect_total: The enemy commander's 1d4 + cunning.
        bonus: Points to distribute in round 1.
        action: The decaying schedule (bonus, bonus - 1, ..., 0).
        surprised: What the enemy gets: surprised in round 1 when the ambush
            is sprung (its attitude is then the source's balanced one).

    Example:
        >>> ambush(2, 1, Cunning.ALERT, Cunning.ALERT).bonus  # hide 2 < 3: not hidden
        0
        >>> ambush(4, 4, Cunning.CLEVER, Cunning.ALERT, 1).surprised.surprise
        1
        >>> AmbushResult(6, 4, 2, SpecialAction(ActionKind.AMBUSH)).bonus
        2
    """

    hide_total: int
    detect_total: int
    bonus: int
    action: SpecialAction
    surprised: SpecialAction = field(
        default_factory=lambda: SpecialAction(ActionKind.AMBUSH, answer=True)
    )

    def __post_init__(self) -> None:
        check_int(self.hide_total, "hide_total", -20, 20)
        check_int(self.detect_total, "detect_total", -20, 20)
        check_int(self.bonus, "bonus", 0, 20)
        for name in ("action", "surprised"):
            check_type(getattr(self, name), SpecialAction, name, M("a SpecialAction"))


def ambush(
    hide_die: int,
    detect_die: int,
    hider_cunning: Cunning,
    detector_cunning: Cunning,
    help_bonus: int = 0,
) -> AmbushResult:
    """Resolve an ambush from the hiding roll and the enemy's detection roll.

    The hiding commander rolls 1d4 + cunning (+ any help from the place, the
    +1 of the forest in the source's example) and must reach 3. The enemy
    commander then rolls 1d4 + cunning: equal or higher, the trap is seen and
    there is no bonus. Otherwise the hidden unit gets +1 per point of its roll
    above 2, less the detection's points above 2, that is
    ``hide - max(2, detect)``: the source's 6 against 4 gives +2. The bonus is
    free (offense or defense) and loses 1 each following round.

    Args:
        hide_die: The hider's d4.
        detect_die: The detecting commander's d4.
        hider_cunning: The hider's cunning.
        detector_cunning: The detecting commander's cunning.
        help_bonus: A bonus of the place to the hiding roll (0 to 3).

    Example:
        >>> ambush(4, 1, Cunning.CLEVER, Cunning.ALERT).bonus
        3
    """
    check_enum(hider_cunning, Cunning, "hider_cunning")
    check_enum(detector_cunning, Cunning, "detector_cunning")
    hide = (
        check_d4(hide_die, "hide_die")
        + hider_cunning.modifier
        + check_int(help_bonus, "help_bonus", 0, MAX_HIDING_HELP)
    )
    detect = check_d4(detect_die, "detect_die") + detector_cunning.modifier
    if hide < 3:
        note = M("hiding roll {hide} < 3: not hidden", hide=hide)
        bonus = 0
    elif detect >= hide:
        note = M("detection {detect} ≥ hiding {hide}: trap seen", detect=detect, hide=hide)
        bonus = 0
    else:
        bonus = hide - max(2, detect)
        note = M(
            "hiding {hide} vs detection {detect}: +{bonus}", hide=hide, detect=detect, bonus=bonus
        )
    schedule = tuple(Effect(free=bonus - r) for r in range(bonus))
    surprised = SpecialAction(
        ActionKind.AMBUSH,
        note=M("surprised: balanced attitude") if bonus else M("not surprised"),
        answer=True,
        surprise=1 if bonus else 0,
    )
    return AmbushResult(
        hide, detect, bonus, SpecialAction(ActionKind.AMBUSH, schedule, note=note), surprised
    )


def ambush_odds(
    hider_cunning: Cunning, detector_cunning: Cunning, help_bonus: int = 0
) -> dict[int, Fraction]:
    """Exact distribution of the ambush bonus over both d4 (0 = no ambush).

    Example:
        >>> odds = ambush_odds(Cunning.CLEVER, Cunning.ALERT, help_bonus=1)
        >>> odds[0], odds[2], sum(odds.values())
        (Fraction(3, 16), Fraction(1, 4), Fraction(1, 1))
    """
    counts: dict[int, int] = {}
    for hide in range(1, 5):
        for detect in range(1, 5):
            bonus = ambush(hide, detect, hider_cunning, detector_cunning, help_bonus).bonus
            counts[bonus] = counts.get(bonus, 0) + 1
    return {b: Fraction(n, 16) for b, n in sorted(counts.items())}


def charge_odds(leadership_bonus: int) -> dict[int, Fraction]:
    """Exact distribution of a charge's +N/+N bonus (0 = the roll failed).

    Example:
        >>> charge_odds(0)
        {0: Fraction(1, 2), 1: Fraction(1, 4), 2: Fraction(1, 4)}
    """
    check_int(leadership_bonus, "leadership_bonus", -5, 3)
    counts: dict[int, int] = {}
    for die in range(1, 5):
        bonus = max(0, die + leadership_bonus - 2)
        counts[bonus] = counts.get(bonus, 0) + 1
    return {b: Fraction(n, 4) for b, n in sorted(counts.items())}


def contest_odds(own_bonus: int, enemy_bonus: int) -> tuple[Fraction, Fraction, Fraction]:
    """Chances to beat, tie and lose a contest of 1d4 + bonus each.

    Surprise attacks and charge-breakers are such contests (the bonus is
    cunning + leadership); a tie helps no one.

    Example:
        >>> contest_odds(0, 0)
        (Fraction(3, 8), Fraction(1, 4), Fraction(3, 8))
    """
    check_int(own_bonus, "own_bonus", -10, 10)
    check_int(enemy_bonus, "enemy_bonus", -10, 10)
    win = tie = 0
    for own in range(1, 5):
        for enemy in range(1, 5):
            win += own + own_bonus > enemy + enemy_bonus
            tie += own + own_bonus == enemy + enemy_bonus
    return Fraction(win, 16), Fraction(tie, 16), Fraction(16 - win - tie, 16)


@dataclass(frozen=True)
class RolledAction:
    """A special action declared but not yet rolled: every outcome of its dice.

    ``resolver`` takes one value per d4 (named in ``dice``) and returns
    ``(what the declaring unit gains, what its enemy gains)``. The exact
    battle odds mix over :meth:`outcomes`; a seeded replay calls :meth:`roll`.

    Attributes:
        kind: Which action.
        dice: What each d4 is for, in the resolver's order.
        resolver: The dice → ``(declarer's action, enemy's action)``.

    Example:
        >>> rolled = charge_rolls(leadership_bonus=0)
        >>> [(p, own.effect(2).offense) for p, own, _ in rolled.outcomes()]
        [(Fraction(1, 2), 0), (Fraction(1, 4), 1), (Fraction(1, 4), 2)]
        >>> RolledAction(ActionKind.WAR_CRY, (), lambda: (war_cry(), SpecialAction(ActionKind.WAR_CRY, answer=True))).outcomes()[0][0]
        Fraction(1, 1)
    """

    kind: ActionKind
    dice: tuple[str, ...]
    resolver: Callable[..., tuple[SpecialAction, SpecialAction]] = field(compare=False, repr=False)

    def __post_init__(self) -> None:
        check_enum(self.kind, ActionKind, "kind")
        dice = self.dice
        if (
            not isinstance(dice, tuple)
            or len(dice) > MAX_ACTION_DICE
            or not all(isinstance(d, str) and len(d) <= 100 for d in dice)
        ):
            raise RuleValueError(
                M(
                    "{name} must be a tuple of at most {n} names of d4, got {got}",
                    name="dice",
                    n=MAX_ACTION_DICE,
                    got=quote(dice),
                ),
                field="dice",
            )
        if not callable(self.resolver):
            raise RuleValueError(
                M(
                    "{name} must be a function of the dice, got {got}",
                    name="resolver",
                    got=quote(self.resolver),
                ),
                field="resolver",
            )

    def resolve(self, *faces: int) -> tuple[SpecialAction, SpecialAction]:
        """What these dice give: ``(declarer's action, enemy's action)``.

        Example:
            >>> [a.note for a in charge_rolls(0).resolve(4)]
            ['leadership roll 4: +2/+2', 'nothing for this side']
        """
        if len(faces) != len(self.dice):
            raise RuleValueError(
                M(
                    "{name} must be {n} d4, got {got}",
                    name="faces",
                    n=len(self.dice),
                    got=quote(faces),
                ),
                field="faces",
            )
        for face in faces:
            check_d4(face, "faces")
        try:
            got = self.resolver(*faces)
        except TypeError:
            got = None
        if (
            not isinstance(got, tuple)
            or len(got) != 2
            or not all(isinstance(a, SpecialAction) for a in got)
        ):
            raise RuleValueError(
                M(
                    "{name} must give a pair of SpecialAction for {n} d4, got {got}",
                    name="resolver",
                    n=len(self.dice),
                    got=quote(got),
                ),
                field="resolver",
            )
        return got

    def outcomes(self) -> tuple[tuple[Fraction, SpecialAction, SpecialAction], ...]:
        """``(probability, declarer's action, enemy's action)``, equal effects merged.

        The probabilities are exact and sum to 1 (every die face counted once).

        Example:
            >>> len(ambush_rolls(Cunning.CLEVER, Cunning.ALERT, help_bonus=1).outcomes())
            5
        """
        merged: dict[tuple[object, ...], list[Any]] = {}
        for faces in itertools.product(range(1, 5), repeat=len(self.dice)):
            own, enemy = self.resolve(*faces)
            key = (
                own.schedule,
                own.after,
                own.surprise,
                enemy.schedule,
                enemy.after,
                enemy.surprise,
            )
            if key in merged:
                merged[key][0] += 1
            else:
                merged[key] = [1, own, enemy]
        total = 4 ** len(self.dice)
        return tuple((Fraction(n, total), own, enemy) for n, own, enemy in merged.values())

    def roll(
        self, rng: random.Random | None = None
    ) -> tuple[tuple[int, ...], SpecialAction, SpecialAction]:
        """Roll the action's dice once: ``(dice, declarer's action, enemy's action)``.

        Example:
            >>> faces, own, _ = charge_rolls(0).roll(random.Random(2))
            >>> faces, own.note
            ((1,), 'leadership roll 1: failed')
        """
        rng = check_rng(rng, none_is_fresh=True)
        faces = tuple(roll_d4(rng) for _ in self.dice)
        return (faces, *self.resolve(*faces))

    def from_round(self, round_number: int) -> RolledAction:
        """The same action declared in round ``round_number`` (both outcomes shifted).

        Example:
            >>> late = charge_rolls(2).from_round(2)
            >>> sorted((own.effect(3).offense, p) for p, own, _ in late.outcomes())
            [(1, Fraction(1, 4)), (2, Fraction(1, 4)), (3, Fraction(1, 4)), (4, Fraction(1, 4))]
        """
        check_int(round_number, "round_number", 1, MAX_DECLARED_ROUND)
        if round_number == 1:
            return self
        inner = self.resolver

        def resolve(*faces: int) -> tuple[SpecialAction, SpecialAction]:
            own, enemy = inner(*faces)
            return own.from_round(round_number), enemy.from_round(round_number)

        return RolledAction(self.kind, self.dice, resolve)


def _nothing(kind: ActionKind) -> SpecialAction:
    return SpecialAction(kind, note=M("nothing for this side"), answer=True)


def ambush_rolls(
    hider_cunning: Cunning,
    detector_cunning: Cunning,
    help_bonus: int = 0,
    *,
    on_offense: bool = False,
) -> RolledAction:
    """An ambush still to roll: the hiding d4, then the enemy's detection d4.

    Args:
        hider_cunning: The hiding commander's cunning.
        detector_cunning: The enemy commander's cunning.
        help_bonus: The place's help to the hiding roll (0 to 3).
        on_offense: Put the bonus on offense (as the brigands do) instead of
            leaving it free.

    Example:
        >>> rolled = ambush_rolls(Cunning.CLEVER, Cunning.ALERT, 1, on_offense=True)
        >>> sorted((own.effect(1).offense, p) for p, own, _ in rolled.outcomes())
        [(0, Fraction(3, 16)), (1, Fraction(1, 4)), (2, Fraction(1, 4)), (3, Fraction(3, 16)), (4, Fraction(1, 8))]
    """
    ambush(1, 1, hider_cunning, detector_cunning, help_bonus)  # validates the inputs
    if not isinstance(on_offense, bool):
        raise RuleValueError(
            M("{name} must be True or False, got {got}", got=quote(on_offense), name="on_offense"),
            field="on_offense",
        )

    def resolve(hide: int, detect: int) -> tuple[SpecialAction, SpecialAction]:
        result = ambush(hide, detect, hider_cunning, detector_cunning, help_bonus)
        action = result.action
        return (action.on_offense() if on_offense else action), result.surprised

    return RolledAction(ActionKind.AMBUSH, (M("hiding d4"), M("detection d4")), resolve)


def charge_rolls(
    leadership_bonus: int, *, delay: int = CHARGE_DELAY, duration: int = 1
) -> RolledAction:
    """A charge still to roll: the commander's leadership d4.

    Example:
        >>> [p for p, _, _ in charge_rolls(1).outcomes()]
        [Fraction(1, 4), Fraction(1, 4), Fraction(1, 4), Fraction(1, 4)]
    """
    charge(1, leadership_bonus, delay=delay, duration=duration)  # validates the inputs

    def resolve(die: int) -> tuple[SpecialAction, SpecialAction]:
        own = charge(die, leadership_bonus, delay=delay, duration=duration)
        return own, _nothing(ActionKind.CHARGE)

    return RolledAction(ActionKind.CHARGE, (M("leadership d4"),), resolve)


def surprise_attack_rolls(defender_bonus: int, attacker_bonus: int) -> RolledAction:
    """A surprise attack still to roll: the defender's d4 against the attacker's.

    The declarer is the defending unit; a higher attacker gains the defense.

    Example:
        >>> len(surprise_attack_rolls(0, 0).outcomes())
        3
        >>> [(p, own.effect(1), enemy.effect(1)) for p, own, enemy
        ...  in surprise_attack_rolls(0, 0).outcomes()][0]
        (Fraction(1, 4), Effect(offense=0, defense=0, free=0), Effect(offense=0, defense=0, free=0))
    """
    surprise_attack(1, 1, defender_bonus, attacker_bonus)  # validates the inputs

    def resolve(own: int, enemy: int) -> tuple[SpecialAction, SpecialAction]:
        result = surprise_attack(own, enemy, defender_bonus, attacker_bonus)
        return result.for_self, result.for_enemy

    return RolledAction(ActionKind.SURPRISE_ATTACK, (M("defender d4"), M("attacker d4")), resolve)


def tight_combat_rolls(route: TightCombatRoute, cunning: int = 0) -> RolledAction:
    """A tight combat whose luck or planning d4 is still to roll (declared by the defenders).

    Example:
        >>> rolled = tight_combat_rolls(TightCombatRoute.LUCK)
        >>> [(p, own.effect(1).offense) for p, own, _ in rolled.outcomes()]
        [(Fraction(1, 2), 0), (Fraction(1, 4), 2), (Fraction(1, 4), 4)]
    """
    tight_combat(route, 1, cunning)  # validates the inputs

    def resolve(die: int) -> tuple[SpecialAction, SpecialAction]:
        return tight_combat(route, die, cunning), _nothing(ActionKind.TIGHT_COMBAT)

    die = M("luck d4") if route is TightCombatRoute.LUCK else M("planning d4")
    return RolledAction(ActionKind.TIGHT_COMBAT, (die,), resolve)


def charge_breaker_rolls(
    enemy_charge: SpecialAction | RolledAction,
    defender_cunning: int,
    defender_leadership: int,
    attacker_bonus: int,
    *,
    dice: tuple[int, int, int] | None = None,
) -> RolledAction:
    """A charge-breaker still to roll, against a charge resolved or still to roll.

    The dice are the preparation d4, the defender's and the attacker's d4 of
    the field contest, then the charge's own d4 when it is still to roll.
    The declarer is the defender; what the enemy gains is its charge after
    the breaker (broken, kept, or improved by +2 offense), so the charge must
    not be given a second time.

    Args:
        enemy_charge: The attacker's :func:`charge` or :func:`charge_rolls`.
        defender_cunning: The defending commander's cunning modifier.
        defender_leadership: The defending commander's leadership modifier.
        attacker_bonus: The attacking commander's cunning + leadership.
        dice: The breaker's own three d4 when they are known (preparation,
            defender, attacker): then only the charge's dice are still to roll.

    Example:
        >>> known = charge_breaker_rolls(charge_rolls(0), 0, 0, 0, dice=(4, 4, 1))
        >>> known.dice, sorted(mine.effect(2).offense for _, mine, _ in known.outcomes())
        (('leadership d4',), [0, 2])
        >>> rolled = charge_breaker_rolls(charge(4, 0), 0, 0, 0)
        >>> rolled.dice
        ('preparation d4', 'defender d4', 'attacker d4')
        >>> sorted((mine.effect(2).offense, theirs.effect(2).offense, p)
        ...        for p, mine, theirs in rolled.outcomes())
        [(0, 2, Fraction(1, 2)), (0, 4, Fraction(5, 16)), (2, 0, Fraction(3, 16))]
    """
    if isinstance(enemy_charge, RolledAction):
        if enemy_charge.kind is not ActionKind.CHARGE:
            raise RuleValueError(
                M(
                    "{name} must be a charge: a charge-breaker answers a charge, got {got}",
                    got=enemy_charge.kind,
                    name="enemy_charge",
                ),
                field="enemy_charge",
            )
        extra = enemy_charge.dice
        charge_of = enemy_charge.resolver
    elif isinstance(enemy_charge, SpecialAction):
        extra = ()
        fixed = enemy_charge

        def charge_of(*_faces: int) -> tuple[SpecialAction, SpecialAction]:
            return fixed, fixed

    else:
        raise RuleValueError(
            M(
                "{name} must be a charge: a charge-breaker answers a charge, got {got}",
                got=quote(enemy_charge),
                name="enemy_charge",
            ),
            field="enemy_charge",
        )
    check_int(defender_cunning, "defender_cunning", -3, 3)
    check_int(defender_leadership, "defender_leadership", -5, 3)
    check_int(attacker_bonus, "attacker_bonus", -10, 10)

    def resolve(
        prep: int, own: int, enemy: int, *faces: int
    ) -> tuple[SpecialAction, SpecialAction]:
        their_charge = charge_of(*faces)[0]
        result = charge_breaker(
            prep,
            own,
            enemy,
            defender_cunning,
            defender_leadership,
            their_charge,
            attacker_bonus=attacker_bonus,
        )
        return result.defender_action, result.charge

    if dice is not None:
        if not isinstance(dice, tuple) or len(dice) != 3:
            raise RuleValueError(
                M("{name} must be a tuple of three d4, got {got}", got=quote(dice), name="dice"),
                field="dice",
            )
        known_dice = tuple(check_d4(d, "dice") for d in dice)

        def known(*faces: int) -> tuple[SpecialAction, SpecialAction]:
            return resolve(*known_dice, *faces)

        return RolledAction(ActionKind.CHARGE_BREAKER, extra, known)
    return RolledAction(
        ActionKind.CHARGE_BREAKER,
        (M("preparation d4"), M("defender d4"), M("attacker d4"), *extra),
        resolve,
    )
