"""Calculators of the Chroniques Oubliées combat chapter: attacks, conditions, damage, magic.

Attack, conditions, knock-out, first aid and opposed magic (initiative and
the chase are in :mod:`.chroniques_chase`, re-exported here; the whole fight
in :mod:`.chroniques_fight`): each maps its controls to one report of
:mod:`rulebook_py.systems.chroniques` (which holds the exact answer and rolls
itself) and formats it. A rules error is shown next to its control, worded
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
from ..systems import chroniques as co
from ..systems.chroniques.words import M
from .base import Controls
from .calls import changes
from .chroniques_chase import ChroniquesChaseCalculator, ChroniquesInitiativeCalculator
from .chroniques_common import (
    BOX,
    CONDITION_OPTIONS,
    DIE_OPTIONS,
    KIND_OPTIONS,
    ChroniquesCalculator,
)
from .controls import checkbox, dropdown, int_box, multi_select, text_box
from .registry import register

__all__ = ["ChroniquesAttackCalculator", "ChroniquesChaseCalculator"]
__all__ += ["ChroniquesConditionsCalculator", "ChroniquesFirstAidCalculator"]
__all__ += ["ChroniquesInitiativeCalculator", "ChroniquesKnockOutCalculator"]
__all__ += ["ChroniquesOpposedMagicCalculator"]

_CRITICAL_OPTIONS = [(M("20 only"), 20), *((f"{k}–20", k) for k in range(19, 14, -1))]
_CONCERTED_OPTIONS = [
    (M("none"), 0),
    (M("+2 (helper already rolled)"), 2),
    (M("+4 (helper already rolled)"), 4),
    (M("helper still to roll"), "helper"),
]
_DEFENSE_OPTIONS = [
    (M("none"), "NONE"),
    (M("simple defense, +2 DEF (défense simple)"), "SIMPLE"),
    (M("total defense, +4 DEF (défense totale)"), "TOTAL"),
]


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

    def build_controls(self) -> Controls:
        """Attack score, DEF, die, situation, conditions and damage."""
        cover = [
            (M("{cover} ({modifier:+d})", cover=c, modifier=c.modifier), c.name) for c in co.Cover
        ]
        into = [
            (M("{situation} ({modifier:+d})", situation=m, modifier=m.modifier), m.name)
            for m in co.IntoMelee
        ]
        light = [(x.__message__(), x.name) for x in co.Lighting]
        return {
            "bonus": int_box(M("Attack score (ATQ)"), 4, bounds=BOX),
            "defense": int_box(M("Target's DEF"), 14, bounds=BOX),
            "die": dropdown(M("Die"), DIE_OPTIONS, "d20"),
            "critical_from": dropdown(M("Critical on a natural"), _CRITICAL_OPTIONS, 20),
            "kind": dropdown(M("Attack"), KIND_OPTIONS, "melee"),
            "damage": text_box(M("Damage dice (DM)"), "1d8"),
            "damage_modifier": int_box(M("Damage modifier"), 3, bounds=BOX),
            "cover": dropdown(M("Cover (couvert)"), cover, "NONE"),
            "into_melee": dropdown(M("Shooting into melee"), into, "NONE"),
            "lighting": dropdown(M("Light (luminosité)"), light, "DAY"),
            "needs_sight": checkbox(M("The spell needs to see its target (magic)"), True),
            "long_range": checkbox(M("Long range, up to ×2 (portée longue, −5)"), False),
            "repeated": int_box(M("Repeated ability (−5 each)"), 0, bounds=BOX),
            "untrained_weapon": checkbox(M("Untrained weapon (−3)"), False),
            "untrained_shield": checkbox(M("Untrained shield (−3)"), False),
            "untrained_armour": checkbox(M("Untrained armour (−3)"), False),
            "forbidden_equipment": checkbox(
                M("That equipment is forbidden to the profile (no abilities)"), False
            ),
            "concerted": dropdown(
                M("Concerted attack bonus, melee (attaque concertée)"), _CONCERTED_OPTIONS, 0
            ),
            "helper_bonus": int_box(M("Helper's attack score (if still to roll)"), 5, bounds=BOX),
            "defensive_action": dropdown(M("Target's defense action"), _DEFENSE_OPTIONS, "NONE"),
            "attacker_conditions": multi_select(M("Attacker's conditions"), CONDITION_OPTIONS, ()),
            "stand_up_first": checkbox(
                M("Knocked down: stands up first (move), then attacks"), False
            ),
            "defender_conditions": multi_select(M("Target's conditions"), CONDITION_OPTIONS, ()),
            "first_round": checkbox(M("First round of the fight (surprise counts)"), True),
            "temporary": checkbox(M("Temporary damage (DM temporaires)"), False),
            "suitable_weapon": checkbox(M("Weapon suited to knocking out (no −2)"), False),
            "target_strength": int_box(M("Target's STR modifier"), 0, bounds=BOX),
            "two_weapons": checkbox(M("Two weapons (combat à deux armes)"), False),
            "off_hand": text_box(M("Off-hand damage"), "1d6"),
        }


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

    def build_controls(self) -> Controls:
        """Both sides' conditions, the round, and an attack to price."""
        return {
            "attacker_conditions": multi_select(
                M("Attacker's conditions"), CONDITION_OPTIONS, ("BLINDED",)
            ),
            "defender_conditions": multi_select(
                M("Defender's conditions"), CONDITION_OPTIONS, ("SURPRISED",)
            ),
            "first_round": checkbox(M("First round of the fight (surprise counts)"), True),
            "bonus": int_box(M("Attack score (ATQ)"), 5, bounds=BOX),
            "defense": int_box(M("Defender's DEF"), 15, bounds=BOX),
            "die": dropdown(M("Attacker's usual die"), DIE_OPTIONS, "d20"),
            "kind": dropdown(M("Attack"), KIND_OPTIONS, "melee"),
            "turn": text_box(M("Attacker's turn (L, M, A, G)"), "M A"),
        }


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

    def build_controls(self) -> Controls:
        """The blow (damage rolled, or the dice for the exact odds) and the target."""
        return {
            "rolled": int_box(M("Damage rolled"), 8, bounds=BOX),
            "target_strength": int_box(M("Target's STR modifier"), 1, bounds=BOX),
            "hit_points": int_box(M("Target's hit points left (PV)"), 3, bounds=BOX),
            "already": int_box(M("Temporary damage already taken"), 0, bounds=BOX),
            "damage": text_box(M("Damage dice of a hit"), "1d8+3"),
        }


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

    def build_controls(self) -> Controls:
        """The helper's INT modifier and die."""
        return {
            "intelligence": int_box(M("Helper's INT mod."), 1, bounds=BOX),
            "die": dropdown(M("Helper's die"), DIE_OPTIONS, "d20"),
        }


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

    def build_controls(self) -> Controls:
        """Both magic attack scores and dice."""
        return {
            "caster_bonus": int_box(M("Caster's magic attack score"), 5, bounds=BOX),
            "caster_die": dropdown(M("Caster's die"), DIE_OPTIONS, "d20"),
            "target_bonus": int_box(M("Target's magic attack score"), 5, bounds=BOX),
            "target_die": dropdown(M("Target's die"), DIE_OPTIONS, "d20"),
        }
