"""Calculators of the Galaxies Jumelles chapter: codes, shots, melee, psy, volley, initiative.

The melee resolver is in :mod:`.galaxies_melee`; the volley (several attackers,
one dodge) closes this module.

Each maps its controls to one call of :mod:`rulebook_py.systems.galaxies`
and formats the outcome; the roll shown is the outcome's own ``.roll(rng)``.
Every word is a message of the ``galaxies`` domain.

Example:
    >>> calc = GalaxiesCodeCalculator(code="1D", other="1D")
    >>> "41.67 % (5/12)" in calc.result.value
    True
"""

from __future__ import annotations

from fractions import Fraction

from .. import outcomes
from ..messages import join
from ..systems import galaxies as g
from ..systems.galaxies.words import M
from . import galaxies_common as gc
from .base import Controls, Values, View
from .calls import changes
from .controls import checkbox, dropdown, enum_dropdown, int_box, text_box
from .galaxies_melee import GalaxiesMeleeCalculator
from .registry import register

__all__ = ["GalaxiesCodeCalculator", "GalaxiesInitiativeCalculator", "GalaxiesMeleeCalculator"]
__all__ += ["GalaxiesPsychicCalculator", "GalaxiesShotCalculator", "GalaxiesVolleyCalculator"]


# --------------------------------------------------------------- dice codes
@register
class GalaxiesCodeCalculator(gc.GalaxiesCalculator):
    """A dice code: distribution, average, fixed value; two codes compared.

    Example:
        >>> calc = GalaxiesCodeCalculator(code="4D+2", other="3D+1")
        >>> "<td>Average</td><td>16.00</td>" in calc.result.value
        True
    """

    title = M("Dice code (code-dé)")
    bench_changes = changes(code="5D+1", other="4D", halved=True) + changes(
        code="12D+2", halved=False, rounding=g.Rounding.UP
    )

    def build_controls(self) -> Controls:
        """Two codes, a halving switch and the rounding."""
        return {
            "code": gc.code_box("4D+2", M("Code A")),
            "other": gc.code_box("3D+1", M("Code B")),
            "halved": checkbox(M("Halve A's roll (divisé par 2)"), False),
            "rounding": gc.rounding_control(),
        }

    def compute(self, values: Values) -> View:
        """Mantisse, average, fixed value, range, and A against B."""
        return gc.report_view(outcomes.galaxies.code, values)


# ------------------------------------------------------- shots, explosives, psy
@register
class GalaxiesShotCalculator(gc.GalaxiesCalculator):
    """Shooting or throwing an explosive at a character who dodges.

    Example:
        >>> calc = GalaxiesShotCalculator(attack="1D", dodge="1D")
        >>> "41.67 % (5/12)" in calc.result.value
        True
    """

    title = M("Shot resolver (tir, lancer d'explosif)")
    bench_changes = (
        changes(mode="instinctive")
        + changes(mode="burst", shots=4, dodge_mode=g.DodgeMode.TOTAL)
        + changes(mode="explosive", dodge_mode=g.DodgeMode.FIXED, attack="6D+1")
        + changes(half_dodge=Fraction(1, 4), mode="single", dodge_mode=g.DodgeMode.UNAWARE)
        + changes(mode="burst", immobile=True, rounding=g.Rounding.UP)
    )

    def build_controls(self) -> Controls:
        """Shooter, options, target."""
        return {
            "attack": gc.code_box("4D+2", M("Weapon skill / DX / FO (code)")),
            "weapon": enum_dropdown(M("Weapon (arme)"), g.Weapon, g.Weapon.PISTOL),
            "bdc": gc.points_box(M("BDC (combat bonus)")),
            "bdp": gc.points_box(M("BDP (range bonus)")),
            "bdt": gc.points_box(M("BDT")),
            "mode": dropdown(M("Option"), outcomes.galaxies.SHOT_OPTIONS, "single"),
            "shots": int_box(M("Shots in the burst (rafale)"), 3),
            "aimed": checkbox(M("Aimed last round (viser: + mantisse of VOLONTÉ)"), False),
            "sustained": int_box(M("Successive round at this target (feu nourri)"), 1),
            "willpower": gc.code_box("3D", M("Shooter's VOLONTÉ (VO)")),
            "dodge": gc.code_box("3D+1", M("Target's AGILITÉ (esquive)")),
            "dodge_mode": enum_dropdown(M("Dodge (esquive)"), g.DodgeMode, g.DodgeMode.NORMAL),
            "immobile": checkbox(M("Target immobile (a burst takes no −1D a shot)"), False),
            "rounding": gc.rounding_control(),
            "half_dodge": gc.half_dodge_control(),
        }

    def compute(self, values: Values) -> View:
        """The shot(s) or throw(s) against the target's one dodge roll, and the expected damage."""
        return gc.report_view(outcomes.galaxies.shot, values)

    def hidden(self, values: Values) -> frozenset[str]:
        """The number of shots counts in a burst only."""
        return frozenset() if values["mode"] == "burst" else frozenset({"shots"})


@register
class GalaxiesPsychicCalculator(gc.GalaxiesCalculator):
    """A psychic technique (or two at once) against a dodge, a psychic counter or VOLONTÉ.

    Example:
        >>> calc = GalaxiesPsychicCalculator(skill="1D", defense="1D", bdc=0)
        >>> "41.67 % (5/12)" in calc.result.value
        True
    """

    title = M("Psychic duel (pouvoirs psy)")
    bench_changes = (
        changes(attack=g.PsyAttack.PHYSICAL_VS_COUNTER, option=g.PsyOption.UBIQUITY)
        + changes(attack=g.PsyAttack.MENTAL, option=g.PsyOption.COMPLEMENTARITY)
        + changes(second_skill="3D+1", attack=g.PsyAttack.PHYSICAL)
        + changes(dodge_mode=g.DodgeMode.TOTAL, half_dodge=Fraction(1), rounding=g.Rounding.UP)
    )

    def build_controls(self) -> Controls:
        """Psychic skill, bonuses, kind of attack, option, the target's code."""
        return {
            "skill": gc.code_box("5D", M("PSY RUDRAH / PSY VALKEN (code)")),
            "attack": enum_dropdown(M("Attack"), g.PsyAttack, g.PsyAttack.PHYSICAL),
            "option": enum_dropdown(M("Techniques"), g.PsyOption, g.PsyOption.SINGLE),
            "second_skill": gc.code_box("4D", M("Other PSY skill (complémentarité only)")),
            "bdc": gc.points_box(M("BDC (technique)"), 2),
            "bdp": gc.points_box(M("BDP (range bonus)")),
            "bdt": gc.points_box(M("BDT (not for mental attacks)")),
            "defense": gc.code_box("3D+2", M("Target: AGILITÉ / same PSY skill / VOLONTÉ")),
            "dodge_mode": enum_dropdown(M("Dodge (esquive)"), g.DodgeMode, g.DodgeMode.NORMAL),
            "rounding": gc.rounding_control(),
            "half_dodge": gc.half_dodge_control(),
        }

    def compute(self, values: Values) -> View:
        """The technique(s) against the target's one roll, with a physical attack's damage."""
        return gc.report_view(outcomes.galaxies.psychic, values)


# --------------------------------------------------------------- initiative
@register
class GalaxiesInitiativeCalculator(gc.GalaxiesCalculator):
    r"""Initiative order: exact chance that each acts before each, and a seeded order.

    Example:
        >>> calc = GalaxiesInitiativeCalculator(combatants="A: 1D\nB: 1D")
        >>> "50.00 % (1/2)" in calc.result.value
        True
    """

    title = M("Initiative (RAPIDITÉ + BDR)")
    #: A table of every pair's exact chance (380 of them for 20 combatants): the budget of a
    #: calculator of many outcomes, as the volley's, not of a single roll.
    kind = "fight"
    default_seed = 3
    bench_changes = (
        ("combatants", "Kira: 3D+1, 2\nVosk: 3D+1, 2\nTal: 2D+2, 1"),
        ("combatants", "Kira: 4D\nVosk: 3D+2, 1\nTal: 3D\nOrn: 5D, 0"),
        ("combatants", "Kira: 3D+1, 2\nVosk: 2D+2, 1\nTal: 3D+1\nOrn: 3D"),
    )

    def build_controls(self) -> Controls:
        """One combatant a line."""
        return {
            "combatants": text_box(
                M("Name: RAPIDITÉ, BDR"),
                "Kira: 3D+1, 2\nVosk: 2D+2, 1\nTal: 3D+1\nOrn: 3D",
                rows=5,
                tooltip=M("one combatant a line, e.g. 'Kira: 3D+1, 2'"),
                width="30em",
            )
        }

    def compute(self, values: Values) -> View:
        """Exact P(row acts before column), ties re-rolled until broken."""
        return gc.report_view(outcomes.galaxies.initiative, values)


# ------------------------------------------------------------------- volley
_EXAMPLE = "Kira: burst 3 4D+2\nVosk: explosive 3D+2\nTal: psy 5D+2"


@register
class GalaxiesVolleyCalculator(gc.GalaxiesCalculator):
    """Every attack of a round, from several attackers, against one target's one dodge."""

    title = M("Several attackers, one dodge (un seul jet d'esquive)")
    kind = "fight"
    bench_changes = (
        changes(dodge_mode=g.DodgeMode.TOTAL, immobile=True, dodge="4D")
        + changes(attacks=_EXAMPLE + "\nOrn: instinctive 4D+1\nZed: melee 4D")
        + changes(attacks=_EXAMPLE + "\nOrn : coups 4D+1\nZed : armes 4D")
        + changes(dodge_mode=g.DodgeMode.FIXED, rounding=g.Rounding.UP)
        + changes(dodge_mode=g.DodgeMode.UNAWARE, half_dodge=Fraction(1))
    )

    def build_controls(self) -> Controls:
        """The attack lines, the target's AGILITÉ and dodge, the shared options."""
        kinds = join(
            ", ", [M("{kind} N", kind=k) if k is g.AttackKind.BURST else k for k in g.AttackKind]
        )
        return {
            "attacks": text_box(
                M("Attacks: Name: kind code"),
                _EXAMPLE,
                rows=5,
                tooltip=M(
                    "one attack a line, its code with every bonus added; kinds: {kinds}",
                    kinds=kinds,
                ),
                width="30em",
            ),
            "dodge": gc.code_box("3D+1", M("Target's AGILITÉ (esquive)")),
            "dodge_mode": enum_dropdown(M("Dodge (esquive)"), g.DodgeMode, g.DodgeMode.NORMAL),
            "immobile": checkbox(M("Target immobile (a burst takes no −1D a shot)"), False),
            "rounding": gc.rounding_control(),
            "half_dodge": gc.half_dodge_control(),
        }

    def compute(self, values: Values) -> View:
        """Each roll's chances, the joint law of full hits and half-dodges, the chart."""
        return gc.report_view(outcomes.galaxies.volley, values)
