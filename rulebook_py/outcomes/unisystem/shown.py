"""What each Unisystem calculator shows of its outcome, as data: rows, charts, a note.

:func:`presentation` takes any outcome a Unisystem calculator computes (a
check, a contest, the core-die comparison, a melee exchange, a ranged
attack, an initiative order, an action plan, a whole fight) and returns a
:class:`Presentation`: the table's heading and rows (a
:class:`~fractions.Fraction` is a chance, a :class:`~rulebook_py.distribution.Mean` an expected
value), the charts to draw (:class:`~rulebook_py.outcomes.shown.Bars`,
:class:`~rulebook_py.outcomes.shown.GroupedBars`: their values and their
message titles) and a note. The widget layer renders it and
chooses nothing about the game.

Example:
    >>> from rulebook_py.outcomes.unisystem import check
    >>> shown = presentation(check("task", 3, 6, -3))
    >>> shown.rows[2], shown.charts[0].title
    (('P(success)', Fraction(4, 5)), 'Task: success levels')
"""

from __future__ import annotations

from functools import singledispatch

from ...errors import RuleValueError, quote
from ...systems.unisystem.actions import ActionPlan, PlanRoll
from ...systems.unisystem.core import Check, CheckKind, number_text, signed_text
from ...systems.unisystem.initiative_rolls import InitiativeReport
from ...systems.unisystem.whole_fight import FightOutcome
from ...systems.unisystem.words import MN, M, typed
from ..shown import Bars, GroupedBars, Presentation, refuse_outcome
from .basics import ContestReport, CoreDieComparison, bonus_text, check_rows
from .combat import MeleeReport, RangedReport

__all__ = ["presentation", "roll_lines"]

#: The level chart's title of each kind of check.
_LEVEL_TITLES = {
    CheckKind.TASK: M("Task: success levels"),
    CheckKind.SIMPLE_TEST: M("Simple test: success levels"),
    CheckKind.DIFFICULT_TEST: M("Difficult test: success levels"),
    CheckKind.UNSKILLED: M("Unskilled task: success levels"),
}
_GROUP_NOTE = M(
    "Group initiative: each side rolls once and adds the Dexterity of its fastest members "
    "(with their initiative bonus); the whole side acts together, so every member's chance "
    "is the side's."
)


@singledispatch
def presentation(outcome: object) -> Presentation:
    """What a Unisystem calculator shows of ``outcome``: its rows, its charts, a note.

    Raises:
        RuleValueError: ``outcome`` is not one a Unisystem calculator computes.

    Example:
        >>> from rulebook_py.outcomes.unisystem import contest_report
        >>> presentation(contest_report("generic", 3, 3)).charts[0].bars["0"]
        Fraction(1, 10)
        >>> presentation(3)
        Traceback (most recent call last):
        ...
        rulebook_py.errors.RuleValueError: outcome must be an outcome of a Unisystem calculator, got 3
    """
    refuse_outcome(outcome, "Unisystem")


def _hits(bars: dict, title: str, x_title: str, hit: str, other: str) -> Bars:
    """A chart whose bars above 0 are hits."""
    return Bars(bars, title, x_title, frozenset(k for k in bars if k > 0), hit, other)


@presentation.register
def _(outcome: Check) -> Presentation:
    levels = outcome.level_distribution()
    chart = Bars(
        levels,
        _LEVEL_TITLES[outcome.kind],
        M("success levels (0 = failure)"),
        frozenset(k for k in levels if k >= 1),
        M("success"),
        M("failure"),
    )
    return Presentation(check_rows(outcome), charts=(chart,))


@presentation.register
def _(outcome: ContestReport) -> Presentation:
    bars = {number_text(k): p for k, p in outcome.margin().pmf().items()}
    ahead = frozenset(k for k in bars if not k.startswith("\u2212") and k != "0")
    title = M("One roll: A's total − B's total")
    chart = Bars(bars, title, M("difference"), ahead, M("A higher"), M("tie or B higher"))
    return Presentation(outcome.rows, charts=(chart,))


@presentation.register
def _(outcome: CoreDieComparison) -> Presentation:
    faces = range(1, 11)
    dice = {"D10": outcome.d10, "2D6 − 2": outcome.two_d6}
    chart = GroupedBars(
        tuple(str(v) for v in faces),
        {name: tuple(die.probability(v) for v in faces) for name, die in dice.items()},
        M("The core die: D10 against 2D6 − 2 (0 counts as 1)"),
        M("die result"),
    )
    return Presentation(outcome.rows, ("", "D10", "2D6 − 2", M("D10 ÷ 2D6")), (chart,))


@presentation.register
def _(outcome: MeleeReport) -> Presentation:
    title = M("Damage of the exchange")
    chart = _hits(outcome.damage.pmf(), title, M("damage"), M("hit"), M("no damage"))
    return Presentation(outcome.rows, charts=(chart,))


@presentation.register
def _(outcome: RangedReport) -> Presentation:
    damage = outcome.damage.pmf()
    charts = (_hits(damage, M("Total damage"), M("damage"), M("hit"), M("no damage")),)
    if outcome.attack is not None:
        bullets = _hits(outcome.hits.pmf(), M("Bullets in"), M("hits"), M("hit"), M("miss"))
        charts = (bullets, *charts)
    return Presentation(outcome.rows, charts=charts)


@presentation.register
def _(outcome: InitiativeReport) -> Presentation:
    group = outcome.group
    bars = {typed(name): p for name, p in outcome.chances.items()}
    title = M("Who acts in the first group") if group else M("Who acts first")
    first = M("P(acts in the first group)") if group else M("P(acts first)")
    head = (M("combatant"), M("side"), "DEX", M("bonus"), M("edge"), first, M("side's total"))
    note = _GROUP_NOTE if group else None
    return Presentation(outcome.rows, head, (Bars(bars, title, M("combatant")),), note)


@presentation.register
def _(outcome: ActionPlan) -> Presentation:
    rows = tuple(
        (
            s.number,
            typed(s.action.label) if s.action.label else s.action.kind.label,
            s.action.kind.label,
            M("free") if s.free else M("extra"),
            signed_text(s.penalty) if s.penalty else "0",
            signed_text(s.action.modifier) if s.action.modifier else "0",
            bonus_text(s.check),
            s.chance,
        )
        for s in outcome.steps
    )
    bars = {
        M("{n}. {action}", n=s.number, action=s.action.label or s.action.kind.label): s.chance
        for s in outcome.steps
    }
    chart = Bars(bars, M("Chance of each action (total ≥ 9)"), M("action"))
    head = (
        "#",
        M("action"),
        M("kind"),
        M("free/extra"),
        M("penalty"),
        M("modifier"),
        M("bonus"),
        M("P(total ≥ 9)"),
    )
    return Presentation(rows, head, (chart,))


@presentation.register
def _(outcome: FightOutcome) -> Presentation:
    first = outcome.first.name
    ends = {
        MN("{who} wins, {n} wound taken", "{who} wins, {n} wounds taken", w, who=who, n=w): p
        for (who, w), p in outcome.ends.items()
    }
    chart = Bars(
        ends,
        M("How the fight ends"),
        M("ending"),
        frozenset(k for k in ends if k.params["who"] == first),
        M("{name} wins", name=first),
        M("{name} wins", name=outcome.second.name),
    )
    return Presentation(outcome.rows, charts=(chart,))


@singledispatch
def roll_lines(roll: object) -> tuple[str, ...]:
    """A seeded roll's lines, in order: its ``lines``, else its one ``message``.

    Example:
        >>> import random
        >>> from rulebook_py.outcomes.unisystem import check
        >>> roll_lines(check("task", 3, 6).roll(random.Random(1)))[0][:6]
        'D10 [3'
    """
    lines = getattr(roll, "lines", None)
    if isinstance(lines, (tuple, list)):
        return tuple(lines)
    message = getattr(roll, "message", None)
    if not isinstance(message, str):
        raise RuleValueError(
            M(
                "{name} must be a seeded roll of a Unisystem outcome, got {got}",
                name="roll",
                got=quote(roll),
            ),
            field="roll",
        )
    return (message,)


@roll_lines.register
def _(roll: PlanRoll) -> tuple[str, ...]:
    return tuple(
        M("{action}: {roll}", action=s.action.label or s.action.kind.label, roll=r.message)
        for s, r in roll.steps
    )
