"""Chroniques Oubliées: the attack calculator's outcome, every modifier as a plain value.

:func:`attack_report` takes the attack calculator's controls (29 plain values:
the situation's modifiers, the conditions, the weapons and their damage), builds
the rules' :class:`~rulebook_py.systems.chroniques.Situation` and
:class:`~rulebook_py.systems.chroniques.Blow`, and returns
:func:`~rulebook_py.systems.chroniques.attack_action`'s
:class:`~rulebook_py.systems.chroniques.AttackReport`: the exact answer, which
rolls itself.

Example:
    >>> r = attack_report(4, 14, damage="1d8", damage_modifier=3)
    >>> r.outcome.hit, r.expected_lethal
    (Fraction(11, 20), Fraction(9, 2))
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from ...dice import Dice
from ...distribution import Mean
from ...errors import RuleValueError, check_bool, check_int, check_type, quote
from ...messages import Msg
from ...systems.chroniques.attacks import (
    AttackKind,
    AttackReport,
    Blow,
    Cover,
    DefensiveAction,
    IntoMelee,
    Lighting,
    Situation,
    attack_action,
)
from ...systems.chroniques.conditions import Condition
from ...systems.chroniques.core import BONUS_RANGE, DEFENSE_RANGE, AttackOutcome, CheckDie
from ...systems.chroniques.words import M

__all__ = ["STR_TIP", "attack_notes", "attack_report", "attack_rows"]

#: The source's tip beside a blow that knocks out.
STR_TIP = M("As a rule, a creature's STR modifier is its damage bonus (the source's tip).")


def attack_report(
    bonus: int,
    defense: int,
    die: str | CheckDie = "d20",
    *,
    kind: AttackKind | str = AttackKind.MELEE,
    cover: Cover | str = Cover.NONE,
    into_melee: IntoMelee | str = IntoMelee.NONE,
    lighting: Lighting | str = Lighting.DAY,
    long_range: bool = False,
    repeated: int = 0,
    untrained_weapon: bool = False,
    untrained_shield: bool = False,
    untrained_armour: bool = False,
    forbidden_equipment: bool = False,
    temporary: bool = False,
    suitable_weapon: bool = False,
    concerted: int | str = 0,
    defensive_action: DefensiveAction | str = DefensiveAction.NONE,
    attacker_conditions: Iterable[str | Condition] = (),
    defender_conditions: Iterable[str | Condition] = (),
    first_round: bool = True,
    two_weapons: bool = False,
    damage: str | Dice = "1d8",
    off_hand: str | Dice = "1d6",
    damage_modifier: int = 0,
    target_strength: int = 0,
    critical_from: int = 20,
    stand_up_first: bool = False,
    helper_bonus: int | None = None,
    needs_sight: bool = True,
) -> AttackReport:
    """One attack action with every modifier of the chapter, exact, its parameters flat.

    The attack calculator's one call: builds the :class:`~rulebook_py.systems.chroniques.Situation`
    and the :class:`~rulebook_py.systems.chroniques.Blow` from plain values and
    returns :func:`~rulebook_py.systems.chroniques.attack_action`'s report.

    Args:
        bonus: Attack score before the modifiers below, -30 to 40.
        defense: Target's DEF before the modifiers below, 1 to 60.
        die: ``"d20"``, ``"2d20kh1"``, ``"d12"`` or ``"2d12kh1"``.
        kind: Melee, ranged or magic.
        cover: Target's cover (shots only).
        into_melee: Shooting at a target engaged in melee. Cover and shooting
            into melee describe the same obstacle (the source gives -5 when an
            ally masks the target, -2 otherwise, under both headings), so the
            worse of the two applies, not both.
        lighting: Heavy rain gives -2 to every attack; dim light -5 to attacks
            at range; total darkness makes the attacker blinded and forbids
            the magic attacks that need to see the target.
        long_range: Up to twice the range, -5 (shots and spells only).
        repeated: Earlier uses of the same limited ability on the same target
            this fight, -5 each (0 to 10).
        untrained_weapon: An untrained character (*PJ incompétent*) using a
            weapon he is not trained in: -3.
        untrained_shield: -3 (also to initiative, STR and DEX tests).
        untrained_armour: -3 (also to initiative, STR and DEX tests).
        forbidden_equipment: The untrained piece is also forbidden to
            the character's profile: the untrained -3 applies, and the
            character can use none of its abilities (no best of two d20, no
            wider critical range).
        temporary: Strike to knock out (temporary damage): -2 unless
            ``suitable_weapon``.
        suitable_weapon: Bare hands, a club...: no -2 for temporary damage.
        concerted: Bonus from a helper's concerted attack already rolled: 0,
            2 or 4 (melee attacks only). It goes to the next attack test only
            (with two weapons, the main hand's). ``"helper"``: the helper's
            concerted attack is still to be rolled, with ``helper_bonus``.
        helper_bonus: The helper's melee attack score, when ``concerted`` is
            ``"helper"``: the next attack's chances are then the exact mixture
            over the helper's +0, +2 and +4 (the helper rolls a d20, once).
            Melee attacks only.
        defensive_action: The target's simple (+2 DEF) or total (+4) defense
            (none for a target surprised in round 1: it takes no action).
        attacker_conditions: Harmful conditions of the attacker.
        defender_conditions: Harmful conditions of the target.
        first_round: Round 1 of the fight: *surprised* counts only then.
        two_weapons: Two-weapon fighting: two attacks on the d12 (melee only).
        damage: Weapon damage dice (main hand).
        off_hand: Off-hand weapon dice, at most 1d6 (read with two weapons only).
        damage_modifier: Added to each hit's damage (STR in melee...).
        target_strength: Target's STR modifier (comes off temporary damage).
        critical_from: Natural face from which a d20 roll is critical.
        stand_up_first: A knocked-down attacker spends the move action of
            the turn standing up, then attacks standing (no knocked-down -5).
        needs_sight: A magic attack's spell needs to see its target: in total
            darkness it is impossible (the source: only such spells). False:
            the spell is cast blind (the attacker blinded, -5). Magic only.

    The report's ``unused`` names the parameters that do not count in the
    situation (the off hand without two weapons, the knock-out's without a
    temporary blow, the helper's score unless the helper is still to roll,
    the spell's sight outside magic): they are left at their defaults.

    Raises:
        RuleValueError: With ``field`` set to the argument at fault.

    Example:
        >>> r = attack_report(4, 14, kind="ranged", cover="masked_by_ally", into_melee="engaged")
        >>> r.bonus, r.outcome.hit
        (-1, Fraction(3, 10))
        >>> [name for name, _why in r.unused]
        ['helper_bonus', 'off_hand', 'suitable_weapon', 'target_strength', 'needs_sight']
    """
    check_int(bonus, "bonus", *BONUS_RANGE)
    check_int(defense, "defense", *DEFENSE_RANGE)
    check_bool(two_weapons, "two_weapons")
    check_bool(temporary, "temporary")
    unused: list[tuple[str, Msg]] = []  # (only their types checked)
    if concerted == "helper":
        concerted = 0
    else:
        unused.append(("helper_bonus", M("only for a helper still to roll")))
        if helper_bonus is not None:
            check_int(helper_bonus, "helper_bonus")
        helper_bonus = None
    if not two_weapons:
        unused.append(("off_hand", M("only with two weapons")))
    if not temporary:
        why = M("only for temporary damage")
        unused += [("suitable_weapon", why), ("target_strength", why)]
        check_bool(suitable_weapon, "suitable_weapon")
        check_int(target_strength, "target_strength")
        suitable_weapon, target_strength = False, 0
    if kind not in (AttackKind.MAGIC, AttackKind.MAGIC.english, AttackKind.MAGIC.name):
        unused.append(("needs_sight", M("only for a magic attack")))
        check_bool(needs_sight, "needs_sight")
        needs_sight = True
    situation = Situation(
        kind,
        cover,
        into_melee,
        lighting,
        long_range,
        repeated,
        untrained_weapon,
        untrained_shield,
        untrained_armour,
        forbidden_equipment,
        defensive_action,
        first_round,
        stand_up_first,
        needs_sight,
    )
    if not isinstance(off_hand, (str, Dice)):  # read with two weapons only, its type always
        raise RuleValueError(
            M(
                "{name} must be dice notation such as '1d6', got {got}",
                name="off_hand",
                got=quote(off_hand),
            ),
            field="off_hand",
            value=off_hand,
        )
    blow = Blow(
        damage,
        damage_modifier,
        off_hand if two_weapons else None,
        temporary,
        suitable_weapon,
        critical_from,
    )
    report = attack_action(
        bonus,
        defense,
        die,
        situation,
        blow,
        attacker_conditions=attacker_conditions,
        defender_conditions=defender_conditions,
        target_strength=target_strength,
        concerted=concerted,
        helper_bonus=helper_bonus,
    )
    return replace(report, unused=tuple(unused))


def _hand(hand: str, what: Msg) -> Msg:
    """A row's label for one hand of a two-weapon attack ("" for a single attack)."""
    if hand == "each":
        return M("{what} (each attack)", what=what)
    if hand == "main":
        return M("{what} (main hand)", what=what)
    if hand == "off":
        return M("{what} (off hand)", what=what)
    return what


def attack_rows(report: AttackReport) -> tuple[tuple[Msg, object], ...]:
    """The attack calculator's rows: the die, the scores and each modifier, each hand's chances.

    Chances are fractions; the expected damages (:class:`Mean`, the temporary
    one for a blow that knocks out) are the report's
    (:attr:`~rulebook_py.systems.chroniques.AttackReport.expected_lethal`...).

    Example:
        >>> [label for label, _ in attack_rows(attack_report(4, 14, two_weapons=True))][-4:]
        ['P(hit) (each attack)', 'P(critical: damage doubled) (each attack)', \
'P(critical failure, natural 1) (each attack)', 'Expected lethal damage']
        >>> attack_rows(attack_report(4, 14, temporary=True))[-1]
        ('Expected temporary damage', Mean(9, 4))
    """
    check_type(report, AttackReport, "report", M("an AttackReport (from attack_report)"))
    r = report
    rows: list[tuple[Msg, object]] = [
        (M("Die rolled"), r.die.notation),
        (M("Attack score after modifiers"), M("{n:+d}", n=r.bonus)),
        (M("DEF after modifiers"), str(r.defense)),
    ]
    rows += [(M("  {what}", what=what), M("{n:+d}", n=n)) for what, n in r.modifiers]
    hands: list[tuple[str, AttackOutcome]] = [("", r.outcome)]
    if r.attacks == 2 and r.off_outcome is not None:
        same = r.off_outcome == r.outcome
        hands = [("each", r.outcome)] if same else [("main", r.outcome), ("off", r.off_outcome)]
    for hand, o in hands:
        for what, p in (
            (M("P(hit)"), o.hit),
            (M("P(critical: damage doubled)"), o.critical),
            (M("P(critical failure, natural 1)"), o.fumble),
        ):
            rows.append((_hand(hand, what), p))
    rows.append((M("Expected lethal damage"), Mean(r.expected_lethal)))
    if r.temporary_blow:
        rows.append((M("Expected temporary damage"), Mean(r.expected_temporary)))
    return tuple(rows)


def attack_notes(report: AttackReport) -> tuple[Msg, ...]:
    """The report's notes, then the source's STR tip beside a blow that knocks out.

    Example:
        >>> [str(n) for n in attack_notes(attack_report(4, 14, temporary=True))]
        ["As a rule, a creature's STR modifier is its damage bonus (the source's tip)."]
    """
    check_type(report, AttackReport, "report", M("an AttackReport (from attack_report)"))
    notes = [M("{note}.", note=n) for n in report.notes]
    return (*notes, STR_TIP) if report.temporary_blow else tuple(notes)
