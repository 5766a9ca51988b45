"""The exact odds of a whole battle between two plans, and a replay with real dice.

Example:
    >>> battle_of({"vitality": 10}, {"vitality": 10, "policy": "ALL_DEFENSE"}, holder="").attacker_wins
    Fraction(3, 8)
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, ClassVar

from ...errors import (
    RulebookError,
    RuleValueError,
    check_enum,
    check_int,
    check_type,
    quote,
)
from ...messages import Msg, join
from ...systems.mass_battle.actions import (
    ActionKind,
    RolledAction,
)
from ...systems.mass_battle.odds import (
    MAX_ROLLED_ACTIONS,
    MAX_ROUNDS,
    BattleOdds,
    ChancePolicy,
    Timing,
    battle_odds,
    replay_accepted,
    roll_actions,
)
from ...systems.mass_battle.round import (
    Battlefield,
    BattleRound,
    percent,
)
from ...systems.mass_battle.words import MC, MN, M
from .plans import (
    SLOTS,
    battlefield_of,
    check_notes,
    full_plan,
    member_of,
    named_at,
    refused,
    renamed,
)
from .sides import Declared, build_sides, fault_check, slots_named

__all__ = [
    "ACTION_NAMES",
    "BattleOutcome",
    "BattleReplay",
    "battle_of",
]


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
    #: The heading of each column of :meth:`rows`.
    head: ClassVar[tuple[Msg, ...]] = (
        MC("mass battle", "round"),
        M("attacker d4 (off/def)"),
        M("defender d4 (off/def)"),
        M("attacker loses"),
        M("defender loses"),
        M("attacker left"),
        M("defender left"),
    )

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
    def lines(self) -> list[Msg]:
        """The actions' dice, one line each: whose action, its dice, what it gave.

        Example:
            >>> battle_of({"action1": "rolled charge"}, {"vitality": 10}).roll(random.Random(1)).lines[0]
            "attacker's charge: leadership d4 2 → leadership roll 2: failed"
        """
        lines = []
        for side, one, faces, note in self.actions:
            dice = join(
                ", ", [M("{die} {face}", die=die, face=face) for die, face in zip(one.dice, faces)]
            )
            name = ACTION_NAMES[one.kind]
            who = (
                M("attacker's {action}", action=name)
                if side == "attacker"
                else M("defender's {action}", action=name)
            )
            lines.append(M("{who}: {dice} → {note}", who=who, dice=dice, note=note))
        return lines

    @property
    def heading(self) -> Msg:
        """Who is left, and after how many rounds.

        Example:
            >>> battle_of({"offense": 3}, {"vitality": 10}).roll(random.Random(1)).heading
            'the attacker wins after 1 round'
        """
        n = len(self.rounds)
        return MN("{end} after {n} round", "{end} after {n} rounds", n, end=self.end, n=n)

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


#: Each action's name, the source's French one after it in the English edition.
ACTION_NAMES: dict[ActionKind, Msg] = {
    ActionKind.SURPRISE_ATTACK: M("surprise attack (attaque surprise)"),
    ActionKind.CHARGE_BREAKER: M("charge-breaker (brise-charge)"),
    ActionKind.TIGHT_COMBAT: M("tight combat (combat serré)"),
    ActionKind.CAUTIOUS_RETREAT: M("cautious retreat (retraite prudente)"),
    ActionKind.CHARGE: M("charge"),
    ActionKind.WAR_CRY: M("war cry (cri de guerre)"),
    ActionKind.AMBUSH: M("ambush (embuscade)"),
}


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
        >>> from rulebook_py.systems.mass_battle import Side, Unit
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
        check_notes(self.notes)

    @property
    def attacker_wins(self) -> Fraction:
        """P(the attacker wins): the main answer."""
        return self.odds.attacker_wins

    def rows(self) -> list[tuple[Msg, str, Fraction]]:
        """The answer's rows, ``(label, kind, value)``.

        The kind says how the value reads: ``"chance"``, ``"number"`` (a mean) or
        ``"percent"`` (a mean vitality, in percent).

        Example:
            >>> battle_of({"vitality": 10}, {"vitality": 10}).rows()[4]
            ('Expected rounds', 'number', Fraction(1, 1))
        """
        o = self.odds
        return [
            (M("Attacker wins"), "chance", o.attacker_wins),
            (M("Defender wins"), "chance", o.defender_wins),
            (M("Both fall in the same round"), "chance", o.both_fall),
            (M("Still fighting after {n} rounds", n=o.max_rounds), "chance", o.unfinished),
            (MC("mass battle", "Expected rounds"), "number", o.expected_rounds),
            (M("Expected attacker vitality at the end"), "percent", o.expected_attacker_vitality),
            (M("Expected defender vitality at the end"), "percent", o.expected_defender_vitality),
        ]

    @property
    def remarks(self) -> list[Msg]:
        """The notes, and that the d4's timing changes nothing unless a side splits its d4.

        Example:
            >>> battle_of({"vitality": 10}, {"vitality": 10}).remarks
            ['“d4 allotted” changes nothing unless a d4 policy is “split after the roll”']
        """
        notes: list[Msg] = list(self.notes)  # type: ignore[arg-type]
        if ChancePolicy.SPLIT not in self.policy:
            notes.append(
                M("“d4 allotted” changes nothing unless a d4 policy is “split after the roll”")
            )
        return notes

    @property
    def rolled_line(self) -> Msg | None:
        """The dice the odds average over exactly (``None``: no action still to roll).

        Example:
            >>> battle_of({"action1": "rolled charge"}, {"vitality": 10}).rolled_line
            'Averaged exactly over the dice of the charge: leadership d4.'
        """
        rolled = self.declared.attacker_rolls + self.declared.defender_rolls
        if not rolled:
            return None
        dice = join(
            "; ",
            [
                M("the {action}: {dice}", action=ACTION_NAMES[r.kind], dice=join(", ", r.dice))
                for r in rolled
            ],
        )
        return M("Averaged exactly over the dice of {dice}.", dice=dice)

    def roll(self, rng: random.Random) -> BattleReplay:
        """Replay one battle with ``rng``: the actions' dice first, then every round.

        Example:
            >>> len(battle_of({"offense": 3}, {"vitality": 10}).roll(random.Random(1)).rounds)
            1
        """
        d = self.declared
        a, b, dice = roll_actions(d.attacker, d.defender, d.attacker_rolls, d.defender_rolls, rng)
        # Both sides were checked once, by the call that made this outcome (battle_odds).
        fought = replay_accepted(
            a, b, self.policy, self.battlefield, rng, self.timing, self.odds.max_rounds
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
    declared, where_of = build_sides(attacker, defender, field_, holder, cover)
    fault_check({"attacker": declared.attacker.unit, "defender": declared.defender.unit}, field_)
    policies = tuple(
        member_of(ChancePolicy, full_plan(spec, n)["policy"], f"{n}['policy']")
        for n, spec in (("attacker", attacker), ("defender", defender))
    )
    when = member_of(Timing, timing, "timing")
    notes = list(declared.notes)
    split = [n for n, p in zip(("attacker", "defender"), policies) if p is ChancePolicy.SPLIT]
    if not split:
        when = Timing.BEFORE_ROLL
    elif when is not Timing.AFTER_ROLL:
        raise refused(
            f"{split[0]}['policy']",
            M(
                "“split after the roll” needs to see the die: allot the d4 after the roll, "
                "or choose another policy"
            ),
        )
    with named_at("max_rounds"):
        check_int(max_rounds, "max_rounds", 1, MAX_ROUNDS)
    pair = (policies[0], policies[1])
    try:
        with slots_named(where_of):
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
                    full_plan(attacker if side == "attacker" else defender, side)[f"action{k}"]
                ).startswith("rolled")
            ),
            f"{side}['action1']",
        )
        raise renamed(err, slot) from err
    return BattleOutcome(odds, declared, field_, pair, when, tuple(notes))
