"""Calculators of the Unisystem basics chapter: checks, contests, D10 against 2D6.

Example:
    >>> calc = UnisystemCheckCalculator()  # Marcus: Perception 3 + Occultism 6 − 3
    >>> "80.00 % (4/5)" in calc.result.value
    True
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping
from enum import Enum
from fractions import Fraction
from typing import Any

import ipywidgets as widgets

from ..errors import RulebookError, RuleValueError
from ..systems import unisystem as uni
from ..systems.unisystem import CheckKind, ContestType, CoreDie
from .base import Calculator, PythonCall, control_for
from .charts import bar_chart, grouped_bar_chart
from .controls import LABEL_STYLE, int_box
from .format import escape, number, probability, table_html
from .registry import register

__all__ = [
    "UnisystemCalculator",
    "UnisystemCheckCalculator",
    "UnisystemContestCalculator",
    "UnisystemCoreDieCalculator",
    "py_args",
    "with_minus",
]

_ASCII_MINUS = re.compile(r"(?<![\w\u2212])-(?=\d)")


def with_minus(text: str) -> str:
    """Write every negative number of ``text`` with the minus sign (−), as the book does.

    Example:
        >>> with_minus("D10 [2] - 100 = -98, from -100 to 100, 2D6-2")
        'D10 [2] - 100 = −98, from −100 to 100, 2D6-2'
    """
    return _ASCII_MINUS.sub("\u2212", text)


def _py(value: Any) -> str:
    if isinstance(value, Enum):
        return f"unisystem.{type(value).__name__}.{value.name}"
    if isinstance(value, (list, tuple)):
        inner = ", ".join(_py(v) for v in value)
        return f"[{inner}]"
    return repr(value)


def py_args(*args: Any, **kwargs: Any) -> str:
    """Arguments as Python source, enumeration members named through ``unisystem``.

    Keyword arguments equal to ``None`` are left out.

    Example:
        >>> py_args(3, 6, -3, core=CoreDie.TWO_D6, cap=None)
        '3, 6, -3, core=unisystem.CoreDie.TWO_D6'
    """
    parts = [_py(a) for a in args]
    parts += [f"{k}={_py(v)}" for k, v in kwargs.items() if v is not None]
    return ", ".join(parts)


_MUST_BE = re.compile(r"^[a-z_]+ (must be .*), got (.*)$", re.DOTALL)


class UnisystemCalculator(Calculator):
    """A calculator whose messages speak the reader's words.

    A rules-layer message names a parameter (``bonus must be …``); shown next
    to a control, it is reworded to name the control by its label and to
    quote the value typed, every negative number written with the minus sign.

    Example:
        >>> calc = UnisystemCoreDieCalculator(bonus=500)
        >>> "Bonus added to the die: must be an integer from −100 to 100, got 500" in calc.error
        True
    """

    _call: PythonCall | None = None

    def _show_error(self, err: RulebookError) -> None:
        control = self.controls.get(err.field or "")
        message = str(err)
        if control is not None:
            label = getattr(control, "description", "") or err.field or ""
            typed = control.value
            m = _MUST_BE.match(message)
            if m and isinstance(typed, int) and m[2].split(" ")[0] == str(typed):
                message = f"{label}: {m[1]}, got {typed}"
        super()._show_error(RuleValueError(with_minus(message), field=err.field))

    def python_call(self, values: Mapping[str, Any]) -> PythonCall | None:
        """The call kept by the last :meth:`compute`."""
        return self._call


#: Wide enough for the longest description and a usable input box.
_NARROW = widgets.Layout(width="30em")


def core_dropdown() -> widgets.Dropdown:
    """The core-die control: the D10, or 2D6 − 2 (the basics' substitute for any roll)."""
    return widgets.Dropdown(
        options=[("D10", CoreDie.D10), ("2D6 − 2 (0 counts as 1)", CoreDie.TWO_D6)],
        value=CoreDie.D10,
        description="Core die (dé)",
        style=LABEL_STYLE,
    )


def core_kw(values: Mapping[str, Any]) -> CoreDie | None:
    """The ``core`` keyword for a Python call: left out for the usual D10."""
    return None if values["core"] is CoreDie.D10 else values["core"]


def _needed_text(check: uni.Check) -> str:
    needed = check.needed()
    if needed <= 1:
        return "any roll (cannot fail)"
    if needed > 10:
        return "nothing: even a 10 fails"
    return f"{needed} or more"


def _signed(value: int) -> str:
    return f"+{value}" if value >= 0 else f"−{-value}"


def _level_chart(pmf: Mapping[int, Fraction], title: str) -> str:
    return bar_chart(
        pmf,
        title=title,
        x_title="success levels (0 = failure)",
        highlight=lambda k: k >= 1,  # type: ignore[operator]
        highlight_label="success",
        other_label="failure",
    )


@register
class UnisystemCheckCalculator(UnisystemCalculator):
    """A task, a simple or difficult test, or an unskilled task: chance and levels.

    Example:
        >>> calc = UnisystemCheckCalculator(kind=CheckKind.UNSKILLED, attribute=4, modifier=0)
        >>> "needs a die roll of" in calc.result.value and "7 or more" in calc.result.value
        True
    """

    title = "Task or test (épreuve ou test)"
    bench_changes = (
        ("attribute", 4),
        ("kind", CheckKind.SIMPLE_TEST),
        ("modifier", 0),
        ("kind", CheckKind.UNSKILLED),
        ("complexity", 10),
        ("core", CoreDie.TWO_D6),
        ("kind", CheckKind.TASK),
        ("skill", 2),
    )

    def build_controls(self) -> Mapping[str, widgets.Widget]:
        """Kind of check, attribute, skill, modifier, complex-skill penalty, core die."""
        return {
            "kind": widgets.Dropdown(
                options=[(f"{k.english} ({k.label})", k) for k in CheckKind],
                value=CheckKind.TASK,
                description="Check",
                style=LABEL_STYLE,
            ),
            "attribute": int_box("Attribute (attribut)", 3),
            "skill": int_box("Skill (compétence), tasks only", 6),
            "modifier": int_box("Modifier (modificateur)", -3),
            "complexity": int_box("Complex skill penalty, unskilled: 0 or 6–10", 0),
            "core": core_dropdown(),
        }

    @staticmethod
    def check(values: Mapping[str, Any]) -> uni.Check:
        """The rules-layer check for these control values."""
        kind = values["kind"]
        core = values["core"]
        if kind is CheckKind.TASK:
            return uni.task(values["attribute"], values["skill"], values["modifier"], core=core)
        if kind is CheckKind.UNSKILLED:
            return uni.unskilled(
                values["attribute"], values["modifier"], values["complexity"], core=core
            )
        return uni.test(
            values["attribute"], kind is CheckKind.DIFFICULT_TEST, values["modifier"], core=core
        )

    def compute(self, values: Mapping[str, Any]) -> tuple[str, str]:
        """P(success), the roll needed, expected levels, and the level chart."""
        check = self.check(values)
        kind, core = values["kind"], core_kw(values)
        if kind is CheckKind.TASK:
            args = py_args(values["attribute"], values["skill"], values["modifier"], core=core)
            call = f"unisystem.task({args})"
        elif kind is CheckKind.UNSKILLED:
            args = py_args(values["attribute"], values["modifier"], values["complexity"], core=core)
            call = f"unisystem.unskilled({args})"
        else:
            difficult = kind is CheckKind.DIFFICULT_TEST
            args = py_args(values["attribute"], difficult, values["modifier"], core=core)
            call = f"unisystem.test({args})"
        self._call = PythonCall("unisystem", f"{call}.success_chance()", check.success_chance())
        parts = " ".join(f"{_signed(v)} ({name})" for name, v in check.parts if v)
        levels = check.level_distribution()
        rows: list[tuple[str, str]] = [
            ("Bonus added to the die", f"{_signed(check.bonus)}  = {parts or '0'}"),
            ("Succeeds on a total of 9+: needs a die roll of", _needed_text(check)),
            ("P(success)", probability(check.success_chance())),
            ("Expected success levels", number(check.expected_level())),
        ]
        if check.level_cap is not None:
            rows.append(("Most success levels (unskilled)", f"{check.level_cap} (Decent)"))
        rows += [(f"{lv} — {uni.level_name(lv)}", probability(p)) for lv, p in levels.items() if p]
        chart = _level_chart(levels, f"{check.kind.english.capitalize()}: success levels")
        return table_html(["", "exact answer"], rows), chart

    def resolve(self, values: Mapping[str, Any], rng: random.Random) -> str:
        """Roll the core die once: die, total, success level."""
        return escape(with_minus(str(self.check(values).roll(rng))))


_HEAD_START = {"nobody": None, "A": "a", "B": "b"}

_CONTEST_HELP = {
    ContestType.GENERIC: "each bonus is everything that side adds to its die",
    ContestType.ARM_WRESTLING: (
        "simple Strength tests: each bonus is Strength × 2; the first to win a majority "
        "of the rolls wins, a tied roll is rolled again"
    ),
    ContestType.FOOT_CHASE: (
        "each bonus is Dexterity + Constitution; +2 for the head start, and the faster "
        "side adds the difference of the speeds"
    ),
    ContestType.SNEAKING: (
        "A sneaks (Dexterity + Stealth); B watches (Perception × 2 for a simple test, "
        "or Perception + Notice)"
    ),
}


@register
class UnisystemContestCalculator(UnisystemCalculator):
    """A contest between two sides: exact chance of each outcome, one seeded resolution.

    Example:
        >>> calc = UnisystemContestCalculator(kind=ContestType.GENERIC, bonus_a=3, bonus_b=3)
        >>> "45.00 % (9/20)" in calc.result.value
        True
    """

    title = "Contest (test ou épreuve en résistance)"
    bench_changes = (
        ("best_of", 5),
        ("bonus_a", 8),
        ("kind", ContestType.FOOT_CHASE),
        ("head_start", "B"),
        ("speed_a", 18),
        ("kind", ContestType.SNEAKING),
        ("kind", ContestType.GENERIC),
        ("bonus_b", 2),
        ("core", CoreDie.TWO_D6),
    )

    def build_controls(self) -> Mapping[str, widgets.Widget]:
        """Contest type, both bonuses, best of N, head start and speeds."""
        return {
            "kind": widgets.Dropdown(
                options=[(f"{k.english} ({k.label})", k) for k in ContestType],
                value=ContestType.ARM_WRESTLING,
                description="Contest",
                style=LABEL_STYLE,
            ),
            "bonus_a": int_box("Side A bonus", 6),
            "bonus_b": int_box("Side B bonus", 4),
            "best_of": widgets.Dropdown(
                options=[1, 3, 5, 7, 9],
                value=3,
                description="Best of (arm wrestling)",
                style=LABEL_STYLE,
            ),
            "head_start": widgets.Dropdown(
                options=list(_HEAD_START),
                value="nobody",
                description="Started first (foot chase)",
                style=LABEL_STYLE,
            ),
            "speed_a": int_box("Speed A (foot chase)", 15),
            "speed_b": int_box("Speed B (foot chase)", 12),
            "core": core_dropdown(),
        }

    def bonuses(self, values: Mapping[str, Any]) -> tuple[int, int]:
        """The two bonuses after the contest type's own rules (each checked as typed first)."""
        a, b = values["bonus_a"], values["bonus_b"]
        with control_for({"bonus_a": "bonus_a", "bonus_b": "bonus_b"}):
            uni.check_bonus(a, "bonus_a")
            uni.check_bonus(b, "bonus_b")
        if values["kind"] is not ContestType.FOOT_CHASE:
            return a, b
        sa, sb = values["speed_a"], values["speed_b"]
        adjusted = uni.chase_adjusted(a, b, sa, sb, _HEAD_START[values["head_start"]])
        low, high = uni.BONUS_RANGE
        for side, total in zip("ab", adjusted):
            if not low <= total <= high:
                other = "b" if side == "a" else "a"
                field = (
                    f"speed_{side}"
                    if values[f"speed_{side}"] != values[f"speed_{other}"]
                    else f"bonus_{side}"
                )
                raise RuleValueError(
                    f"{self.controls[f'bonus_{side}'].description} {values[f'bonus_{side}']} with "
                    f"Speed A (foot chase) {sa} against Speed B (foot chase) {sb} gives side "
                    f"{side.upper()} more than the {high} a roll may add; keep the bonus plus "
                    f"the speed difference (and head start) within {low} to {high}",
                    field=field,
                )
        return adjusted

    def compute(self, values: Mapping[str, Any]) -> tuple[str, str]:
        """Exact P(A wins), P(tie), P(B wins), and the chart of A − B."""
        kind = values["kind"]
        a, b = self.bonuses(values)
        core = values["core"]
        one = uni.contest(a, b, core=core)
        if kind is ContestType.FOOT_CHASE:
            head = _HEAD_START[values["head_start"]]
            args = py_args(values["bonus_a"], values["bonus_b"], values["speed_a"],
                           values["speed_b"], head)  # fmt: skip
            contest_args = f"*unisystem.chase_adjusted({args})"
            if core_kw(values):
                contest_args += f", core={_py(core)}"
        else:
            contest_args = py_args(a, b, core=core_kw(values))
        call = PythonCall("unisystem", f"unisystem.contest({contest_args}).a_wins", one.a_wins)
        rows: list[tuple[str, str]] = [
            ("How the bonuses are read", _CONTEST_HELP[kind]),
            ("Bonuses rolled", f"A {_signed(a)}, B {_signed(b)}"),
        ]
        if kind is ContestType.ARM_WRESTLING:
            m = uni.match(a, b, values["best_of"], core=core)
            call = PythonCall(
                "unisystem",
                f"unisystem.match({py_args(a, b, values['best_of'], core=core_kw(values))}).a_wins",
                m.a_wins,
            )
            rows += [
                (
                    "One roll: A / tie / B",
                    " / ".join(probability(p) for p in (one.a_wins, one.tie, one.b_wins)),
                ),
                (f"A wins the best of {m.best_of}", probability(m.a_wins)),
                (f"B wins the best of {m.best_of}", probability(m.b_wins)),
                ("Expected number of rolls", number(m.expected_rolls)),
            ]
        else:
            a_name, b_name = (
                ("A gets past unnoticed", "B notices A")
                if (kind is ContestType.SNEAKING)
                else ("A wins", "B wins")
            )
            rows += [
                (a_name, probability(one.a_wins)),
                ("Tie (equal totals)", probability(one.tie)),
                (b_name, probability(one.b_wins)),
            ]
        margin = one.margin_distribution().pmf()
        higher = {uni.number_text(k) for k in margin if k > 0}
        chart = bar_chart(
            {uni.number_text(k): p for k, p in margin.items()},
            title="One roll: A's total − B's total",
            x_title="difference",
            highlight=lambda k: k in higher,
            highlight_label="A higher",
            other_label="tie or B higher",
        )
        self._call = call
        return table_html(["", "exact answer"], rows), chart

    def resolve(self, values: Mapping[str, Any], rng: random.Random) -> str:
        """One roll each (a whole match for arm wrestling)."""
        a, b = self.bonuses(values)
        core = values["core"]
        if values["kind"] is ContestType.ARM_WRESTLING:
            text = str(uni.match(a, b, values["best_of"], core=core).roll(rng))
            return "<br>".join(escape(with_minus(line)) for line in text.splitlines())
        return escape(with_minus(str(uni.contest(a, b, core=core).roll(rng))))


@register
class UnisystemCoreDieCalculator(UnisystemCalculator):
    """D10 against 2D6 − 2 as the core die: both shapes, and how rare the extremes become.

    Example:
        >>> calc = UnisystemCoreDieCalculator(bonus=6)
        >>> "3.60" in calc.result.value  # a 10 is 3.6 times rarer on 2D6 − 2
        True
    """

    title = "D10 or 2D6 − 2 as the core die"
    bench_changes = (("bonus", 2), ("bonus", 8), ("bonus", -1), ("bonus", 6))

    def build_controls(self) -> Mapping[str, widgets.Widget]:
        """The bonus added to the core die."""
        return {"bonus": int_box("Bonus added to the die", 6)}

    def compute(self, values: Mapping[str, Any]) -> tuple[str, str]:
        """Side-by-side chances and the two distributions of the core die."""
        bonus = values["bonus"]
        uni.check_bonus(bonus)
        d10 = uni.core_distribution(CoreDie.D10)
        two = uni.core_distribution(CoreDie.TWO_D6)
        check10 = uni.Check(CheckKind.TASK, bonus)
        check2 = check10.with_core(CoreDie.TWO_D6)

        def row(name: str, p10: Fraction, p2: Fraction) -> tuple[str, str, str, str]:
            ratio = "—" if p2 == 0 or p10 == 0 else number(Fraction(p10, p2))
            return (name, probability(p10), probability(p2), ratio)

        rows = [
            row("Die shows 10", d10.probability(10), two.probability(10)),
            row("Die shows 1", d10.probability(1), two.probability(1)),
            row("Die shows 9 or 10", d10.prob_at_least(9), two.prob_at_least(9)),
            row("Die shows 1 or 2", d10.prob_at_most(2), two.prob_at_most(2)),
            row(
                "Die shows 5 or 6",
                d10.probability(5) + d10.probability(6),
                two.probability(5) + two.probability(6),
            ),
            row(
                f"Success with {_signed(bonus)}", check10.success_chance(), check2.success_chance()
            ),
            row(
                f"4+ success levels with {_signed(bonus)}",
                sum((p for lv, p in check10.level_distribution().items() if lv >= 4), Fraction(0)),
                sum((p for lv, p in check2.level_distribution().items() if lv >= 4), Fraction(0)),
            ),
        ]
        rows.append(
            (
                "Expected success levels",
                number(check10.expected_level()),
                number(check2.expected_level()),
                "",
            )
        )
        chart = grouped_bar_chart(
            [str(v) for v in range(1, 11)],
            {
                "D10": [d10.probability(v) for v in range(1, 11)],
                "2D6 − 2": [two.probability(v) for v in range(1, 11)],
            },
            title="The core die: D10 against 2D6 − 2 (0 counts as 1)",
            x_title="die result",
        )
        self._call = PythonCall(
            "unisystem",
            f"unisystem.Check(unisystem.CheckKind.TASK, {bonus!r}).with_core("
            f"unisystem.CoreDie.TWO_D6).success_chance()",
            check2.success_chance(),
        )
        return table_html(["", "D10", "2D6 − 2", "D10 ÷ 2D6"], rows), chart

    def resolve(self, values: Mapping[str, Any], rng: random.Random) -> str:
        """The same check rolled once with each core die."""
        bonus = values["bonus"]
        uni.check_bonus(bonus)
        check = uni.Check(CheckKind.TASK, bonus)
        r10 = check.roll(rng)
        r2 = check.with_core(CoreDie.TWO_D6).roll(rng)
        return f"{escape(with_minus(str(r10)))}<br>{escape(with_minus(str(r2)))}"
