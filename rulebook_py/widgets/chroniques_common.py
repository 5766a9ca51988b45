"""The Chroniques Oubliées calculators' shared pieces: the dice, the boxes' bounds, the roll.

Every word is a message of the ``chroniques`` domain, shown in the
calculator's language.

Example:
    >>> french(), [str(label) for label, _ in DIE_OPTIONS][:2]
    (False, ['d20', 'best of two d20 (2d20kh1)'])
"""

from __future__ import annotations

from typing import Any

from .. import i18n, outcomes
from ..systems import chroniques as co
from ..systems.chroniques.words import M
from .presented import PresentedCalculator
from .tables import lines_html

__all__ = ["BOX", "CONDITION_OPTIONS", "DIE_OPTIONS", "HEAD", "KIND_OPTIONS"]
__all__ += ["ChroniquesCalculator", "french"]

#: Bounds of every whole-number box: wider than any rule's range, so that the
#: rule itself says what it allows, next to the box.
BOX = (-9999, 9999)

DIE_OPTIONS = [
    ("d20", "d20"),
    (M("best of two d20 (2d20kh1)"), "2d20kh1"),
    ("d12", "d12"),
    (M("best of two d12 (2d12kh1)"), "2d12kh1"),
]
KIND_OPTIONS = [(kind.__message__(), kind.english) for kind in co.AttackKind]
CONDITION_OPTIONS = [(c.heading, c.name) for c in co.Condition]
HEAD = ["", M("exact answer")]


def french() -> bool:
    """Whether the calculator being built speaks French (its examples use French names)."""
    return i18n.current_language() == "fr"


class ChroniquesCalculator(PresentedCalculator):
    """A Chroniques calculator: one call of its rule, shown as its outcome's presentation.

    What is shown (tables, notes, charts) is data of the outcome
    (:func:`rulebook_py.outcomes.chroniques.presentation`); the roll is a
    report's lines, one a line.
    """

    present = staticmethod(outcomes.chroniques.presentation)

    def show_roll(self, roll: Any) -> str:
        """The roll's lines (messages), every die shown."""
        return lines_html(roll.lines)
