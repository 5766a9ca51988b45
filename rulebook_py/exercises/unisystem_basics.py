"""The exercises of the Unisystem basics chapter (``book/unisystem-basics``).

Example:
    >>> EXERCISES[0].answer()
    Fraction(3, 5)
"""

from __future__ import annotations

from .model import Exercise
from .prediction import Kind
from .words import M

__all__ = ["EXERCISES"]

EXERCISES = (
    Exercise(
        number=1,
        label=M("Your prediction: Lilith's chance on a difficult Perception test"),
        expression="outcomes.unisystem.check(unisystem.CheckKind.DIFFICULT_TEST, 4).success_chance()",
    ),
    Exercise(
        number=2,
        label=M("Your prediction: Marcus's chance of success with 2D6 − 2"),
        expression="outcomes.unisystem.check(unisystem.CheckKind.TASK, 3, 6, -3, core=unisystem.CoreDie.TWO_D6).success_chance()",
    ),
    Exercise(
        number=3,
        label=M("Your prediction: Josh's success levels on a 10"),
        expression="outcomes.unisystem.check(unisystem.CheckKind.UNSKILLED, 4).resolve(10).level",
        kind=Kind.NUMBER,
        places=0,
    ),
    Exercise(
        number=4,
        label=M("Your prediction: the stronger side's chance in a best of five"),
        expression="outcomes.unisystem.contest_report(unisystem.ContestType.ARM_WRESTLING, 6, 4, best_of=5).a_wins",
    ),
    Exercise(
        number=5,
        label=M("Your prediction: the pursuer's chance to win the chase"),
        expression="outcomes.unisystem.contest_report(unisystem.ContestType.FOOT_CHASE, 5, 6, head_start='b', speed_a=15, speed_b=12).a_wins",
    ),
)
