"""What the Galaxies Jumelles calculators share: dice-code boxes, rounding, half-dodge, tables.

Example:
    >>> code_box("4D+2", "Code A").placeholder
    'e.g. 4D+2'
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any, ClassVar

import ipywidgets as widgets

from ..systems import galaxies as g
from .base import Calculator
from .controls import dropdown, text_box
from .phrases import phrases
from .tables import lines_html

__all__ = ["GalaxiesCalculator", "code_box", "half_dodge_control", "rounding_control"]


def code_box(value: str, description: str) -> widgets.Text:
    """A dice-code box (``4D+2``), read when the reader presses Enter or leaves it."""
    return text_box(description, value, tooltip=description, placeholder="e.g. 4D+2")


def rounding_control() -> widgets.Dropdown:
    """The rounding of halved rolls and fixed values."""
    options = [("down (this book)", g.Rounding.DOWN), ("up", g.Rounding.UP)]
    return dropdown("Rounding of halved rolls and fixed values", options, g.Rounding.DOWN)


#: Share of the damage a half-dodge deals: the source does not say; 1/2 is this book's.
_SHARES = [
    ("half the damage (this book)", g.HALF_DODGE_FACTOR),
    ("no damage", Fraction(0)),
    ("a quarter", Fraction(1, 4)),
    ("three quarters", Fraction(3, 4)),
    ("full damage", Fraction(1)),
]


def half_dodge_control() -> widgets.Dropdown:
    """How much of the damage a half-dodge lets through."""
    return dropdown("A half-dodge (demi-esquive) deals", _SHARES, g.HALF_DODGE_FACTOR)


class GalaxiesCalculator(Calculator):
    """The chapter's calculators: every roll shows its lines, every die listed."""

    fields: ClassVar[Mapping[str, str]] = {
        "target_immobile": "immobile",
        "half_dodge_factor": "half_dodge",
        "guard_tie_lands": "guard_tie",
    }

    def show_roll(self, roll: Any) -> str:
        """One line per roll of the outcome."""
        return lines_html(map(phrases, roll.lines()))
