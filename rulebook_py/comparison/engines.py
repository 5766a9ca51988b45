"""The four dice engines compared, what "one step" of advantage is in each, and the baselines.

A skill gap is counted in **steps**. One step is the size of the ordinary
modifier each source hands out for a modest edge or handicap, so that "one
step better" means the same kind of thing in every system:

* Unisystem: **2 points** on the D10 total -- each action beyond the first in
  a turn costs −2 (the worked example's second defense at −2, the third at
  −4), and an unskilled task is at −2;
* Galaxies Jumelles: **1D** (one more die in the code) -- each extra shot of
  a burst, each of two weapons, a feint or a counter posture is ±1D;
* Chroniques Oubliées: **2 points** -- partial cover, heavy rain, the flat of
  the blade and shooting into a melee are each −2;
* mass battles: **1 offense level** -- a "rather offensive" or "rather defensive"
  attitude moves one level, a confident morale gives +1.

Where the gap goes follows each system's own way of fighting:

* Unisystem close combat: each fighter makes an attack test and a defense
  test every turn without penalty, so the better side adds the gap to both
  (its attack against the other's dodge, and its dodge against the other's
  attack), as in Chroniques (attack score and DEF);
* Galaxies Jumelles melee: one opposed roll decides who strikes, so the gap
  goes on that roll;
* mass battles: the gap goes on **offense** only. A negative offense −
  defense is removed before the d4 is added (the dragon example), and the even
  unit's offense (3) never exceeds the better unit's defense (3 or more), so
  extra defense would change nothing: the step is one offense level, where
  the source makes a level count.

Example:
    >>> [e.step for e in Engine]
    [2, 1, 2, 1]
    >>> Engine.GALAXIES.step_text
    '1D'
    >>> DEFAULT_BASELINE.galaxies_code
    '3D+1'
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from fractions import Fraction

from ..dice import check_name
from ..distribution import ratio_parts
from ..errors import RuleValueError, check_enum, check_int, quote
from ..messages import Msg
from ..systems import chroniques, galaxies
from .words import M

__all__ = [
    "DEFAULT_BASELINE",
    "DEFAULT_BLOWS",
    "MAX_BLOWS",
    "MAX_GAP",
    "MAX_HIT_POINTS",
    "Baseline",
    "Engine",
    "check_baseline",
    "check_chance",
    "check_engine",
    "check_gap",
]

#: Largest skill gap accepted, in steps (past 6 every system is all but certain).
MAX_GAP = 6
#: "First to land N full blows": the default N (this book's choice).
DEFAULT_BLOWS = 3
#: Largest N accepted for "first to land N full blows".
MAX_BLOWS = 10
#: Largest Chroniques hit points accepted (the duel's chain has HP × HP states).
MAX_HIT_POINTS = 30


class Engine(Enum):
    """One of the four dice engines compared, with its step: a skill gap is counted in steps.

    Attributes:
        label: The system's name (a message: *Combats de masse* in French).
        step: One step of advantage, in the system's own unit.
        step_text: One step as the system writes it.
        unit: The unit of the system's margin.

    Example:
        >>> Engine.MASS_BATTLE.label, Engine.MASS_BATTLE.unit
        ('Mass battles', 'percent of vitality')
        >>> Engine.MASS_BATTLE.unit.render("fr")
        'pour cent de vitalité'
    """

    UNISYSTEM = (M("Unisystem"), 2, "+2", M("points of D10 total"))
    GALAXIES = (M("Galaxies Jumelles"), 1, "1D", M("pips of d6 total"))
    CHRONIQUES = (M("Chroniques Oubliées"), 2, "+2", M("points of d20 total"))
    MASS_BATTLE = (M("Mass battles"), 1, M("+1 offense level"), M("percent of vitality"))

    def __init__(self, label: Msg, step: int, step_text: str, unit: Msg) -> None:
        self.label = label
        self.step = step
        self.step_text = step_text
        self.unit = unit

    def __message__(self) -> Msg:
        """The system's name, as a reader sees it."""
        return self.label


def check_engine(engine: object) -> Engine:
    """Return ``engine`` if it is an :class:`Engine`, else raise a clear error.

    Example:
        >>> check_engine(Engine.UNISYSTEM).label
        'Unisystem'
    """
    return check_enum(engine, Engine, "engine")


def check_gap(gap: object) -> int:
    """Return ``gap`` if it is a whole number of steps from 0 to :data:`MAX_GAP`.

    Example:
        >>> check_gap(7)
        Traceback (most recent call last):
        ...
        rulebook_py.errors.RuleValueError: gap must be an integer from 0 to 6, got 7
    """
    return check_int(gap, "gap", 0, MAX_GAP)


@dataclass(frozen=True)
class Baseline:
    """The even fighter of each system, to which the better side adds its gap.

    None of the sources pits two standard fighters against each other; these
    are the book's choices, from the chapters' own worked examples.

    Attributes:
        unisystem_dexterity: The even Unisystem fighter's Dexterity.
        unisystem_skill: Its Hand weapon and Dodge levels (attack: DEX + Hand
            weapon; defense: a dodge, DEX + Dodge).
        galaxies_code: The even fighter's code (the source's defender, 3D+1).
        chroniques_attack: The even fighter's attack score (ATQ).
        chroniques_defense: The even fighter's DEF.
        chroniques_damage: The weapon's damage dice.
        chroniques_damage_modifier: Added to the damage dice.
        mass_offense: The even unit's offense level.
        mass_defense: The even unit's defense level.

    Every field is checked when the baseline is built, with room for the
    better side's largest gap (:data:`MAX_GAP` steps): a Unisystem attribute
    and skill from 1 and 0 to 10, a Galaxies code of 1 to 10 dice, a
    Chroniques attack score from -10 to 20 and DEF from 5 to 40, damage dice
    the Chroniques rules read (:func:`rulebook_py.chroniques.damage_dice`) and
    a modifier from -5 to 10, mass-battle levels from 0 to 10.

    Example:
        >>> Baseline().chroniques_attack, Baseline().chroniques_defense
        (4, 14)
        >>> Baseline(galaxies_code="4D+2").galaxies_code
        '4D+2'
    """

    unisystem_dexterity: int = 3
    unisystem_skill: int = 3
    galaxies_code: str = "3D+1"
    chroniques_attack: int = 4
    chroniques_defense: int = 14
    chroniques_damage: str = "1d8"
    chroniques_damage_modifier: int = 3
    mass_offense: int = 3
    mass_defense: int = 3

    def __post_init__(self) -> None:
        """Check every field (see the class)."""
        check_int(self.unisystem_dexterity, "unisystem_dexterity", 1, 10)
        check_int(self.unisystem_skill, "unisystem_skill", 0, 10)
        if not isinstance(self.galaxies_code, str):
            raise RuleValueError(
                M(
                    "galaxies_code must be a dice code such as '3D+1', got {got} ({kind})",
                    got=quote(self.galaxies_code),
                    kind=type(self.galaxies_code).__name__,
                ),
                field="galaxies_code",
            )
        code = galaxies.DiceCode.parse(self.galaxies_code, "galaxies_code")
        check_int(code.dice, "galaxies_code", 1, 10)
        check_int(self.chroniques_attack, "chroniques_attack", -10, 20)
        check_int(self.chroniques_defense, "chroniques_defense", 5, 40)
        if not isinstance(self.chroniques_damage, str):
            raise RuleValueError(
                M(
                    "chroniques_damage must be dice notation such as '1d8', got {got} ({kind})",
                    got=quote(self.chroniques_damage),
                    kind=type(self.chroniques_damage).__name__,
                ),
                field="chroniques_damage",
            )
        chroniques.damage_dice(self.chroniques_damage, "chroniques_damage", "chroniques_damage")
        check_int(self.chroniques_damage_modifier, "chroniques_damage_modifier", -5, 10)
        check_int(self.mass_offense, "mass_offense", 0, 10)
        check_int(self.mass_defense, "mass_defense", 0, 10)


def check_baseline(baseline: object) -> Baseline:
    """Return ``baseline`` if it is a :class:`Baseline`, else raise a clear error.

    Example:
        >>> check_baseline(Baseline()).galaxies_code
        '3D+1'
        >>> check_baseline("3D+1")
        Traceback (most recent call last):
        ...
        rulebook_py.errors.RuleValueError: baseline must be a Baseline (e.g. Baseline(galaxies_code='4D+2')), got '3D+1' (str)
    """
    if not isinstance(baseline, Baseline):
        raise RuleValueError(
            M(
                "baseline must be a Baseline (e.g. Baseline(galaxies_code='4D+2')), "
                "got {got} ({kind})",
                got=quote(baseline),
                kind=type(baseline).__name__,
            ),
            field="baseline",
        )
    return baseline


#: The baseline the chapter and the calculator use.
DEFAULT_BASELINE = Baseline()


def check_chance(value: object, name: str) -> Fraction:
    """Return ``value`` if it is a chance: a ``Fraction`` (or 0, 1) from 0 to 1.

    Example:
        >>> check_chance(Fraction(1, 3), "ahead")
        Fraction(1, 3)
        >>> check_chance(1.5, "ahead")
        Traceback (most recent call last):
        ...
        rulebook_py.errors.RuleValueError: ahead must be a chance (a Fraction from 0 to 1), got 1.5 (float)
    """
    check_name(name)
    fits = isinstance(value, (int, Fraction)) and not isinstance(value, bool)
    if fits:
        n, d = ratio_parts(value) if isinstance(value, Fraction) else (value, 1)
        fits = 0 <= n <= d
    if not fits:
        raise RuleValueError(
            M(
                "{name} must be a chance (a Fraction from 0 to 1), got {got} ({kind})",
                name=name,
                got=quote(value),
                kind=type(value).__name__,
            ),
            field=name,
        )
    return value  # type: ignore[return-value]
