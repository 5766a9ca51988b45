"""The Chroniques Oubliées calculators' shared pieces: the boxes' bounds, the language, the roll.

Every word is a message of the ``chroniques`` domain, shown in the
calculator's language.

Example:
    >>> french(), BOX
    (False, (-9999, 9999))
"""

from __future__ import annotations

from .. import i18n, outcomes
from .presented import PresentedCalculator

__all__ = ["BOX", "ChroniquesCalculator", "french"]

#: Bounds of every whole-number box: wider than any rule's range, so that the
#: rule itself says what it allows, next to the box.
BOX = (-9999, 9999)


def french() -> bool:
    """Whether the calculator being built speaks French (its examples use French names)."""
    return i18n.current_language() == "fr"


class ChroniquesCalculator(PresentedCalculator):
    """A Chroniques calculator: one call of its rule, shown as its outcome's presentation.

    What is shown (tables, notes, charts) is data of the outcome
    (:func:`rulebook_py.outcomes.chroniques.presentation`); the roll is a
    report's lines, one a line (the base's :meth:`~.base.Calculator.show_roll`).
    """

    present = staticmethod(outcomes.chroniques.presentation)
    bounds = BOX
