"""The dice chapter's exercises (``book/dice``): chances and a mean, from ``parse``.

Example:
    >>> [e.answer() for e in EXERCISES][:2]
    [Fraction(1, 6), Fraction(39, 400)]
"""

from __future__ import annotations

from .model import Exercise
from .prediction import Kind
from .words import M

__all__ = ["EXERCISES"]

EXERCISES = (
    Exercise(
        number=1,
        label=M("Your prediction: the chance of at least 10 on 2d6"),
        expression="parse('2d6').prob_at_least(10)",
    ),
    Exercise(
        number=2,
        label=M("Your prediction: the chance of a natural 20 with the best of two d20"),
        expression="parse('2d20kh1').prob_at_least(20)",
    ),
    Exercise(
        number=3,
        label=M("Your prediction: the chance of a tie between 4D+2 and 3D+1"),
        expression="parse('4d6 + 2').compare(parse('3d6 + 1')).eq",
    ),
    Exercise(
        number=4,
        label=M("Your prediction: the chance of at least 10 with the best of two d12"),
        expression="parse('2d12kh1').prob_at_least(10)",
    ),
    Exercise(
        number=5,
        label=M("Your prediction: the mean of 4d6ro1kh3"),
        expression="parse('4d6ro1kh3').mean()",
        kind=Kind.NUMBER,
        places=2,
    ),
)
