"""Chroniques Oubliées: reading a damage expression a reader typed, costed before any work.

A damage box accepts any dice notation, but damage is a number of hit points:
it never goes below 0 and, in this book, never above :data:`MAX_DAMAGE` (a
hit that doubles on a critical then stays within 1000). Both limits are
decided by the dice engine's own public answers about an expression, before
any distribution is built: :meth:`~rulebook_py.dice.Dice.bounds` (its least
and greatest total: an exploding die counts every explosion it may chain, a
count of successes at most the number of dice) and
:meth:`~rulebook_py.dice.Dice.cost` (the engine's estimate of the seconds
it takes). What the engine itself refuses as too costly is refused with its
own message, shown at the box the reader typed in.

Example:
    >>> damage_dice("1d8+3").max_value
    11
    >>> damage_dice("d60!")
    Traceback (most recent call last):
    ...
    rulebook_py.errors.RuleValueError: damage 'd60!' can reach 600: damage dice may give \
at most 500
    >>> damage_dice("60d10>=5").bounds()  # a count of successes: at most 60
    (0, 60)
"""

from __future__ import annotations

from ...dice import Dice, parse
from ...errors import RulebookError, RuleValueError, quote
from .core import check_name
from .words import M

__all__ = ["MAX_DAMAGE", "MAX_DAMAGE_SECONDS", "damage_dice"]

#: Highest total a damage expression may reach (before a critical doubles it).
MAX_DAMAGE = 500
#: Most seconds (the engine's estimate) one damage distribution may cost: an
#: attack builds a few of them (plain and critical, each hand).
MAX_DAMAGE_SECONDS = 0.03


def damage_dice(text: str | Dice, field: str = "damage", label: str = "damage") -> Dice:
    """Parse damage dice, refusing a negative, too large or too costly expression.

    Args:
        text: The notation typed (or already parsed dice).
        field: The control or parameter at fault in an error.
        label: How the message names the box (the parameter; a calculator
            shows its control's label in its place).

    Raises:
        NotationError: For text that is not dice notation, or that the
            engine refuses as too costly (a ``WorkLimitError``).
        RuleValueError: For a value that is no text nor dice.
        RuleValueError: For dice that can give less than 0, more than
            :data:`MAX_DAMAGE`, or that cost more than :data:`MAX_DAMAGE_SECONDS`.

    Example:
        >>> damage_dice("-1d8", label="Damage dice")
        Traceback (most recent call last):
        ...
        rulebook_py.errors.RuleValueError: Damage dice '-1d8' can give -8: damage is never \
negative (write a penalty in the damage modifier)
    """
    check_name(field, "field")
    check_name(label, "label")
    if isinstance(text, Dice):
        dice, shown = text, str(text)
    elif isinstance(text, str):
        try:
            dice = parse(text)
        except RulebookError as err:
            err.field = field
            raise
        shown = text
    else:
        raise RuleValueError(
            M("{name} must be dice notation such as 1d8+2, got {got}", name=label, got=quote(text)),
            field=field,
            value=text,
        )
    lo, hi = dice.bounds()
    if lo < 0:
        raise RuleValueError(
            M(
                "{name} {dice} can give {least}: damage is never negative "
                "(write a penalty in the damage modifier)",
                name=label,
                dice=quote(shown),
                least=lo,
            ),
            field=field,
            value=text,
        )
    if hi > MAX_DAMAGE:
        raise RuleValueError(
            M(
                "{name} {dice} can reach {greatest}: damage dice may give at most {most}",
                name=label,
                dice=quote(shown),
                greatest=hi,
                most=MAX_DAMAGE,
            ),
            field=field,
            value=text,
        )
    if dice.cost() > MAX_DAMAGE_SECONDS:
        raise RuleValueError(
            M(
                "{name} {dice} would take too long to compute exactly: use fewer dice, "
                "or keep fewer of them",
                name=label,
                dice=quote(shown),
            ),
            field=field,
            value=text,
        )
    return dice
