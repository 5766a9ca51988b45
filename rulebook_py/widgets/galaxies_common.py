"""What the Galaxies Jumelles calculators share: dice-code boxes, rounding, half-dodge, notes.

Every word is a message of the ``galaxies`` domain
(:mod:`rulebook_py.systems.galaxies.words`), shown in the calculator's language.

Example:
    >>> code_box("4D+2", M("Code A")).placeholder
    'e.g. 4D+2'
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any, ClassVar

import ipywidgets as widgets

from ..messages import Msg
from ..systems import galaxies as g
from ..systems.galaxies.words import M
from .base import Calculator
from .controls import dropdown, int_box, text_box
from .format import escape
from .tables import lines_html

__all__ = [
    "GalaxiesCalculator",
    "code_box",
    "half_dodge_control",
    "paragraph",
    "points_box",
    "rounding_control",
]


def code_box(value: str, description: Msg) -> widgets.Text:
    """A dice-code box (``4D+2``), read when the reader presses Enter or leaves it."""
    return text_box(description, value, tooltip=description, placeholder=M("e.g. 4D+2"))


def points_box(description: Msg, value: int = 0) -> widgets.IntText:
    """A box of points (BDC, BDP, BDT): the rules refuse, beside it, what passes ``g.MAX_BONUS``."""
    return int_box(description, value)


def rounding_control() -> widgets.Dropdown:
    """The rounding of halved rolls and fixed values."""
    options = [(M("down (this book)"), g.Rounding.DOWN), (M("up"), g.Rounding.UP)]
    return dropdown(M("Rounding of halved rolls and fixed values"), options, g.Rounding.DOWN)


#: Share of the damage a half-dodge deals: the source does not say; 1/2 is this book's.
_SHARES = [
    (M("half the damage (this book)"), g.HALF_DODGE_FACTOR),
    (M("no damage"), Fraction(0)),
    (M("a quarter"), Fraction(1, 4)),
    (M("three quarters"), Fraction(3, 4)),
    (M("full damage"), Fraction(1)),
]


def half_dodge_control() -> widgets.Dropdown:
    """How much of the damage a half-dodge lets through."""
    return dropdown(M("A half-dodge (demi-esquive) deals"), _SHARES, g.HALF_DODGE_FACTOR)


def paragraph(message: Msg, strong: bool = False) -> str:
    """A message as a paragraph of HTML, in the calculator's language.

    Example:
        >>> paragraph(M("Outcome"), strong=True)
        '<p><b>Outcome</b></p>'
    """
    text = escape(message.render())
    return f"<p><b>{text}</b></p>" if strong else f"<p>{text}</p>"


class GalaxiesCalculator(Calculator):
    """The chapter's calculators: every roll shows its lines, every die listed."""

    fields: ClassVar[Mapping[str, str]] = {
        "target_immobile": "immobile",
        "half_dodge_factor": "half_dodge",
        "guard_tie_lands": "guard_tie",
        "pursuit_tie_holds": "pursuit_tie",
    }

    def show_roll(self, roll: Any) -> str:
        """One line per roll of the outcome (each a message)."""
        return lines_html(roll.lines())
