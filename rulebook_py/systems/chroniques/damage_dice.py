"""Chroniques Oubliées: reading a damage expression a reader typed, costed before any work.

A damage box accepts any dice notation, but damage is a number of hit points:
it never goes below 0 and, in this book, never above :data:`MAX_DAMAGE` (a
hit that doubles on a critical then stays within 1000). The span and the cost
of building the exact distribution are worked out from the expression's
shape alone, so ``1000d39`` or ``(d10000+d10000)/40`` is refused at once
instead of being computed for half a minute.

Example:
    >>> damage_dice("1d8+3").max_value
    11
    >>> damage_dice("1000d39")
    Traceback (most recent call last):
    ...
    rulebook_py.errors.RuleValueError: damage '1000d39' can reach 39000: damage dice \
may give at most 500
"""

from __future__ import annotations

from ...dice import DEFAULT_EXPLODE_DEPTH, Dice, _Parser, parse
from ...errors import NotationError, RulebookError, RuleValueError

__all__ = ["MAX_DAMAGE", "MAX_DAMAGE_WORK", "damage_dice", "dice_span"]

#: Highest total a damage expression may reach (before a critical doubles it).
MAX_DAMAGE = 500
#: Most elementary steps spent building one damage distribution (about 50 ms).
MAX_DAMAGE_WORK = 300_000


def _span(node: object) -> tuple[int, int, int]:
    """``(lowest, highest, work)`` of an expression tree, from its shape alone."""
    if hasattr(node, "sides"):  # a pool of dice
        count, sides, keep = node.count, node.sides, node.keep
        kept = count if keep is None or keep >= count else keep
        if kept == count:
            work = count * count * sides // 2 + 1
        elif kept == 1:
            work = count * sides
        else:
            work = sides * sides * count * count * kept
        return kept, kept * sides, work
    if hasattr(node, "value"):  # a constant
        return node.value, node.value, 0
    if hasattr(node, "left"):  # a sum or a difference
        ll, lh, lw = _span(node.left)
        rl, rh, rw = _span(node.right)
        work = lw + rw + (lh - ll + 1) * (rh - rl + 1)
        if node.sign > 0:
            return ll + rl, lh + rh, work
        return ll - rh, lh - rl, work
    lo, hi, work = _span(node.node)  # a product or a division
    by = node.factor if hasattr(node, "factor") else None
    ends = (lo * by, hi * by) if by is not None else (lo // node.divisor, hi // node.divisor)
    return min(ends), max(ends), work + hi - lo + 1


def dice_span(dice: Dice) -> tuple[int, int, int]:
    """Lowest total, highest total and cost of an expression, without computing it.

    Example:
        >>> dice_span(parse("2d6-1"))
        (1, 11, 24)
    """
    # The shape of the package's own expression tree (no public accessor yet).
    return _span(dice._node)


def damage_dice(text: str | Dice, field: str = "damage", label: str = "damage") -> Dice:
    """Parse damage dice, refusing a negative, too large or too costly expression.

    Args:
        text: The notation typed (or already parsed dice).
        field: The control or parameter at fault in an error.
        label: How the message names the box (its label, in the reader's words).

    Raises:
        NotationError: For text that is not dice notation.
        RuleValueError: For dice that can give less than 0, more than
            :data:`MAX_DAMAGE`, or that cost more than :data:`MAX_DAMAGE_WORK`.

    Example:
        >>> damage_dice("-1d8", label="Damage dice")
        Traceback (most recent call last):
        ...
        rulebook_py.errors.RuleValueError: Damage dice '-1d8' can give -8: damage is never \
negative (write a penalty in the damage modifier)
    """
    try:
        dice = text if isinstance(text, Dice) else parse(text)
    except NotationError as err:
        err.field = field
        if not err.expected.startswith("a smaller expression"):
            raise
        # Too costly for the engine: when the dice also go past the damage range,
        # that is the limit to tell the reader (the one a damage box really has).
        lo, hi, _work = _span(_Parser(str(text), DEFAULT_EXPLODE_DEPTH).parse())
        _check_range(str(text), lo, hi, field, label)
        raise
    except RulebookError as err:
        err.field = field
        raise
    except (TypeError, AttributeError):
        raise NotationError(str(text), 0, "dice notation such as 1d8+2", field=field) from None
    shown = text if isinstance(text, str) else str(dice)
    lo, hi, work = dice_span(dice)
    _check_range(shown, lo, hi, field, label)
    if work > MAX_DAMAGE_WORK:
        raise RuleValueError(
            f"{label} {shown!r} would take too long to compute exactly: use fewer dice, "
            "or keep fewer of them",
            field=field,
        )
    return dice


def _check_range(shown: str, lo: int, hi: int, field: str, label: str) -> None:
    """Refuse damage dice that can give less than 0 or more than :data:`MAX_DAMAGE`."""
    if lo < 0:
        raise RuleValueError(
            f"{label} {shown!r} can give {lo}: damage is never negative "
            "(write a penalty in the damage modifier)",
            field=field,
        )
    if hi > MAX_DAMAGE:
        raise RuleValueError(
            f"{label} {shown!r} can reach {hi}: damage dice may give at most {MAX_DAMAGE}",
            field=field,
        )
