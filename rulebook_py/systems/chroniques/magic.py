"""Chroniques Oubliées: spells on one creature, where the same spell never stacks.

Two castings of the same spell do not add their effects (two mage armours are
not twice the DEF, two weakening rays not twice the penalty); different
spells do add. When two castings of one spell differ (cast by casters of
different strength, say), the source is silent: this book keeps the
strongest one (:data:`KEEP_STRONGEST`).

Example:
    >>> spell_modifiers([SpellEffect("mage armour", "DEF", 4)] * 2)
    {'DEF': 4}
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ...errors import RuleValueError, check_int, quote
from .core import check_bool, check_name
from .words import M

__all__ = ["KEEP_STRONGEST", "SpellEffect", "spell_modifiers"]

#: Named parameter: of several castings of one spell, the strongest applies.
KEEP_STRONGEST = True


@dataclass(frozen=True)
class SpellEffect:
    """One casting's effect on one score of its target.

    A mage armour (*armure de mage*) adds to the target's DEF, a weakening ray
    (*rayon affaiblissant*) takes from its attacks; two castings of one spell
    do not stack (:func:`spell_modifiers`).

    Attributes:
        spell: The spell's name (castings of the same name do not stack).
        score: What it changes (``"DEF"``, ``"attack"``, ``"damage"``...).
        modifier: The change, -20 to 20.

    Example:
        >>> SpellEffect("weakening ray", "attack", -2).modifier
        -2
    """

    spell: str
    score: str
    modifier: int

    def __post_init__(self) -> None:
        """Check the values."""
        check_name(self.spell, "spell")
        check_name(self.score, "score")
        check_int(self.modifier, "modifier", -20, 20)


def spell_modifiers(
    effects: Iterable[SpellEffect], *, keep_strongest: bool = KEEP_STRONGEST
) -> dict[str, int]:
    """The total modifier to each score from the spells on one creature.

    For each spell and score only one casting counts: the strongest (largest
    in size; on a tie, the first), or with ``keep_strongest=False`` the first
    cast. The spells that remain add up.

    Example:
        >>> spell_modifiers([SpellEffect("bless", "attack", 1)], keep_strongest=False)
        {'attack': 1}
        >>> spell_modifiers([
        ...     SpellEffect("weakening ray", "attack", -2),
        ...     SpellEffect("weakening ray", "attack", -2),
        ...     SpellEffect("bless", "attack", 1),
        ... ])
        {'attack': -1}
    """
    check_bool(keep_strongest, "keep_strongest")
    if not isinstance(effects, (list, tuple, set, frozenset)) or not all(
        isinstance(e, SpellEffect) for e in effects
    ):
        raise RuleValueError(
            M(
                "{name} must be a list of SpellEffect, got {got}",
                name="effects",
                got=quote(effects),
            ),
            field="effects",
            value=effects,
        )
    strongest: dict[tuple[str, str], int] = {}
    for effect in effects:
        key = (effect.spell.strip().lower(), effect.score)
        if key not in strongest or (keep_strongest and abs(effect.modifier) > abs(strongest[key])):
            strongest[key] = effect.modifier
    totals: dict[str, int] = {}
    for (_, score), modifier in strongest.items():
        totals[score] = totals.get(score, 0) + modifier
    return totals
