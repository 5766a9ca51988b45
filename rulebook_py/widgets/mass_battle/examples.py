"""The source's two worked examples, replayed one step at a time.

Example:
    >>> len(EXAMPLE_STEPS["brigands"]) == len(EXAMPLE_STEPS["dragon"]) == 9
    True
"""

from __future__ import annotations

from ...systems import mass_battle
from ...systems.mass_battle import EXAMPLE_STEPS, STEP_NAMES
from ..base import Calculator, Controls, Values, View
from ..calls import changes, rule_call
from ..controls import dropdown
from ..format import escape, table_html
from ..phrases import phrases
from ..registry import register
from . import form

__all__ = ["EXAMPLE_STEPS", "WorkedExampleCalculator"]


@register
class WorkedExampleCalculator(Calculator):
    """The source's two worked examples, replayed one step at a time.

    Example:
        >>> calc = WorkedExampleCalculator()
        >>> calc.controls["step"].value = 7
        >>> "20 %" in calc.result.value and "9 against 6" in calc.result.value
        True
    """

    title = "The worked examples, step by step"
    bench_changes = changes(step=3, example="dragon") + changes(step=8, example="brigands")

    def build_controls(self) -> Controls:
        """Which example, and up to which step."""
        examples = [("the brigands' ambush", "brigands"), ("the knights and the dragon", "dragon")]
        steps = [(n, i) for i, n in enumerate(STEP_NAMES)]
        return {
            "example": dropdown("Example", examples, "brigands", width="22em"),
            "step": dropdown("Show up to step", steps, len(STEP_NAMES) - 1, width="22em"),
        }

    def compute(self, values: Values) -> View:
        """The rows up to the chosen step, and what that step does."""
        step = values["step"]
        then = f".result.rows()[:{step + 1}]"
        outcome, call = rule_call(mass_battle.worked_example, values["example"], then=then)
        said = EXAMPLE_STEPS[values["example"]][step]
        html = f"<p><b>{escape(phrases(f'Step {STEP_NAMES[step]}.'))}</b> {escape(phrases(said))}</p>"  # fmt: skip
        html += table_html(["step", "what", *outcome.names], form.percent_rows(call.value))
        return View(html, "", call, outcome)
