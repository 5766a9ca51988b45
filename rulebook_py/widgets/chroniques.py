"""Calculators of the Chroniques Oubliées combat chapter: attacks, conditions, damage, magic.

Attack, conditions, knock-out, first aid and opposed magic (initiative and
the chase are in :mod:`.chroniques_chase`, re-exported here; the whole fight
in :mod:`.chroniques_fight`): each declares its controls as data and maps
them, by name, to one call of :mod:`rulebook_py.outcomes.chroniques` or the
rules (whose outcome holds the exact answer and rolls itself), and renders what
:func:`rulebook_py.outcomes.chroniques.presentation` says to show. A rules error is shown next to its control, worded
with the control's label. Every word is a message of the ``chroniques``
domain, shown in the calculator's language; a control that does not count in
the current situation (the off-hand dice without two weapons), which the
outcome names in its ``unused``, is hidden and left out of the Python line.

Example:
    >>> calc = ChroniquesAttackCalculator(bonus=5, defense=15)
    >>> "55.00 % (11/20)" in calc.result.value
    True
"""

from __future__ import annotations

from .. import outcomes
from ..outcomes.chroniques import choices
from ..systems import chroniques as co
from ..systems.chroniques.words import M
from .calls import changes
from .chroniques_chase import ChroniquesChaseCalculator, ChroniquesInitiativeCalculator
from .chroniques_common import ChroniquesCalculator
from .registry import register

__all__ = ["ChroniquesAttackCalculator", "ChroniquesChaseCalculator"]
__all__ += ["ChroniquesConditionsCalculator", "ChroniquesFirstAidCalculator"]
__all__ += ["ChroniquesInitiativeCalculator", "ChroniquesKnockOutCalculator"]
__all__ += ["ChroniquesOpposedMagicCalculator"]


# --------------------------------------------------------------- 1. attack
@register
class ChroniquesAttackCalculator(ChroniquesCalculator):
    """One attack with every modifier and condition: exact P(hit), P(critical), damage.

    Example:
        >>> calc = ChroniquesAttackCalculator(attacker_conditions=("WEAKENED",))
        >>> "d12" in calc.result.value
        True
    """

    title = M("Attack (test d'attaque)")
    rule = staticmethod(outcomes.chroniques.attack_report)
    path = ("outcome", "hit")
    bench_changes = (
        changes(bonus=7, defense=18, die="2d20kh1", attacker_conditions=("BLINDED",))
        + changes(kind="ranged", cover="PARTIAL", defender_conditions=("KNOCKED_DOWN",))
        + changes(cover="NONE", kind="melee")
        + changes(temporary=True, damage="2d6", concerted="helper", critical_from=19)
    )

    #: Attack score, DEF, die, situation, conditions and damage.
    declare = (
        ("bonus", M("Attack score (ATQ)"), 4),
        ("defense", M("Target's DEF"), 14),
        ("die", M("Die"), "d20", choices.DIES),
        ("critical_from", M("Critical on a natural"), 20, choices.CRITICAL_FROM),
        ("kind", M("Attack"), "melee", choices.KINDS),
        ("damage", M("Damage dice (DM)"), "1d8"),
        ("damage_modifier", M("Damage modifier"), 3),
        ("cover", M("Cover (couvert)"), "NONE", choices.COVERS),
        ("into_melee", M("Shooting into melee"), "NONE", choices.INTO_MELEE),
        ("lighting", M("Light (luminosité)"), "DAY", choices.LIGHTS),
        ("needs_sight", M("The spell needs to see its target (magic)"), True),
        ("long_range", M("Long range, up to ×2 (portée longue, −5)"), False),
        ("repeated", M("Repeated ability (−5 each)"), 0),
        ("untrained_weapon", M("Untrained weapon (−3)"), False),
        ("untrained_shield", M("Untrained shield (−3)"), False),
        ("untrained_armour", M("Untrained armour (−3)"), False),
        (
            "forbidden_equipment",
            M("That equipment is forbidden to the profile (no abilities)"),
            False,
        ),
        ("concerted", M("Concerted attack bonus, melee (attaque concertée)"), 0, choices.CONCERTED),
        ("helper_bonus", M("Helper's attack score (if still to roll)"), 5),
        ("defensive_action", M("Target's defense action"), "NONE", choices.DEFENSE_ACTIONS),
        ("attacker_conditions", M("Attacker's conditions"), (), choices.CONDITIONS),
        ("stand_up_first", M("Knocked down: stands up first (move), then attacks"), False),
        ("defender_conditions", M("Target's conditions"), (), choices.CONDITIONS),
        ("first_round", M("First round of the fight (surprise counts)"), True),
        ("temporary", M("Temporary damage (DM temporaires)"), False),
        ("suitable_weapon", M("Weapon suited to knocking out (no −2)"), False),
        ("target_strength", M("Target's STR modifier"), 0),
        ("two_weapons", M("Two weapons (combat à deux armes)"), False),
        ("off_hand", M("Off-hand damage"), "1d6"),
    )


# ----------------------------------------------------------- 2. conditions
@register
class ChroniquesConditionsCalculator(ChroniquesCalculator):
    """Pick conditions on each side and see every resulting modifier and the attack's odds.

    Example:
        >>> calc = ChroniquesConditionsCalculator(defender_conditions=("PARALYSED",))
        >>> "100 %" in calc.result.value
        True
    """

    title = M("Harmful conditions (états préjudiciables)")
    rule = staticmethod(outcomes.chroniques.conditions_report)
    path = ("hurt", "outcome", "hit")
    bench_changes = (
        changes(attacker_conditions=("WEAKENED", "KNOCKED_DOWN"))
        + changes(defender_conditions=("STUNNED",), kind="ranged", die="2d20kh1")
        + changes(first_round=False, turn="L")
    )

    #: Both sides' conditions, the round, and an attack to price.
    declare = (
        ("attacker_conditions", M("Attacker's conditions"), ("BLINDED",), choices.CONDITIONS),
        ("defender_conditions", M("Defender's conditions"), ("SURPRISED",), choices.CONDITIONS),
        ("first_round", M("First round of the fight (surprise counts)"), True),
        ("bonus", M("Attack score (ATQ)"), 5),
        ("defense", M("Defender's DEF"), 15),
        ("die", M("Attacker's usual die"), "d20", choices.DIES),
        ("kind", M("Attack"), "melee", choices.KINDS),
        ("turn", M("Attacker's turn (L, M, A, G)"), "M A"),
    )


# ------------------------------------------------------------ 3. knock-out
@register
class ChroniquesKnockOutCalculator(ChroniquesCalculator):
    """Temporary damage and knock-outs; opens on Krush and the goblin.

    Example:
        >>> calc = ChroniquesKnockOutCalculator()
        >>> "at least 4 minutes" in calc.result.value
        True
    """

    title = M("Knocking out (DM temporaires)")
    rule = staticmethod(co.knock_out_report)
    path = ("minutes",)
    bench_changes = changes(rolled=5, target_strength=0, hit_points=6, already=2, damage="1d4+2")

    #: The blow (damage rolled, or the dice for the exact odds) and the target.
    declare = (
        ("rolled", M("Damage rolled"), 8),
        ("target_strength", M("Target's STR modifier"), 1),
        ("hit_points", M("Target's hit points left (PV)"), 3),
        ("already", M("Temporary damage already taken"), 0),
        ("damage", M("Damage dice of a hit"), "1d8+3"),
    )


# ------------------------------------------------------------ 4. first aid
@register
class ChroniquesFirstAidCalculator(ChroniquesCalculator):
    """First aid to a character at 0 hit points: an INT test of difficulty 10 within the hour.

    Example:
        >>> "60.00 % (3/5)" in ChroniquesFirstAidCalculator().result.value
        True
    """

    title = M("First aid (aide médicale)")
    rule = staticmethod(co.first_aid)
    path = ("odds", "hit")
    bench_changes = changes(intelligence=3, die="2d20kh1") + changes(intelligence=-4)

    #: The helper's INT modifier and die.
    declare = (
        ("intelligence", M("Helper's INT mod."), 1),
        ("die", M("Helper's die"), "d20", choices.DIES),
    )


# -------------------------------------------------------- 5. opposed magic
@register
class ChroniquesOpposedMagicCalculator(ChroniquesCalculator):
    """An opposed magic attack, beside the GM's shortcut of a magic DEF of 10 + score.

    Example:
        >>> calc = ChroniquesOpposedMagicCalculator()
        >>> "52.25 % (209/400)" in calc.result.value
        True
    """

    title = M("Opposed magic attack (attaque magique opposée)")
    rule = staticmethod(outcomes.chroniques.opposed_magic_report)
    path = ("opposed", "hit")
    bench_changes = changes(caster_bonus=8, target_bonus=3, caster_die="2d20kh1", target_die="d12")

    #: Both magic attack scores and dice.
    declare = (
        ("caster_bonus", M("Caster's magic attack score"), 5),
        ("caster_die", M("Caster's die"), "d20", choices.DIES),
        ("target_bonus", M("Target's magic attack score"), 5),
        ("target_die", M("Target's die"), "d20", choices.DIES),
    )
