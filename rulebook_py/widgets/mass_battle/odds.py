"""The battle-odds calculator: the exact chances of a whole battle, and a replay.

Example:
    >>> "Attacker wins" in MassBattleOddsCalculator().result.value
    True
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

import ipywidgets as widgets

from ... import outcomes
from ...messages import Msg
from ...outcomes.mass_battle import ACTIONS, BREAKERS, ENTRIES, EXAMPLE_UNITS, HOLDERS, ROLLED
from ...systems.mass_battle.words import M
from ..base import Controls, Values, View
from ..calls import changes
from ..charts import bar_chart, grouped_bar_chart
from ..controls import dropdown, int_box
from ..format import escape, number, probability, table_html
from ..registry import register
from ..tables import notes_html
from . import form

__all__ = ["MassBattleOddsCalculator"]


def _percent(value: Fraction) -> Msg:
    return M("{n} %", n=number(value))


#: How each kind of row of :meth:`~rulebook_py.outcomes.mass_battle.BattleOutcome.rows` reads.
_WRITE: dict[str, Callable[[Fraction], object]] = {
    "chance": probability,
    "number": number,
    "percent": _percent,
}


@register
class MassBattleOddsCalculator(form.TwoColumns):
    """Exact odds of a whole battle and a seeded replay; the brigands' battle by default.

    Example:
        >>> calc = MassBattleOddsCalculator()
        >>> "Attacker wins" in calc.result.value and calc.chart.value.startswith("<svg")
        True
    """

    title = M("Battle odds (bataille)")
    kind = "fight"
    side_titles = (M("Attacker (brigands)"), M("Defender (knights)"))
    fields = form.fields_of(("attacker", "a_"), ("defender", "d_"))
    bench_changes = (
        changes(a_vitality=60, d_policy="CAUTIOUS", a_action1="ambush offense 4")
        + changes(d_vitality=100, terrain="WOODED_HILLSIDE", holder="")
        + changes(holder="d", a_action1="rolled ambush offense", a_action2="charge")
        + changes(a_action2_round=3, d_action1="rolled breaker", timing="AFTER_ROLL")
        + changes(a_policy="SPLIT", a_vitality=100)
    )

    def build_controls(self) -> Controls:
        """Per unit: the unit form and its d4 policy; then the field and the battle."""
        controls: dict[str, widgets.Widget] = {}
        options = ACTIONS + BREAKERS + ROLLED
        for p, first, policy in (
            ("a_", "ambush offense", "ALL_OFFENSE"),
            ("d_", "none", "ALL_DEFENSE"),
        ):
            controls |= form.unit_form(p, EXAMPLE_UNITS[p], options, first)
            controls[f"{p}policy"] = dropdown(
                M("d4 policy"), ENTRIES["policy"], policy, width="22em"
            )
        controls |= form.field_controls()
        controls["holder"] = dropdown(M("Holds the ground"), HOLDERS, "d", width="22em")
        controls["cover"] = int_box(
            M("Cover for a rolled ambush (+0 to +3)"), 1, bounds=form.BOX_BOUNDS
        )
        controls["timing"] = dropdown(
            M("d4 allotted"), ENTRIES["timing"], "BEFORE_ROLL", width="22em"
        )
        controls["max_rounds"] = int_box(M("Stop after rounds"), 20, bounds=form.BOX_BOUNDS)
        return controls

    def compute(self, values: Values) -> View:
        """Exact chances, rounds and expected vitality, with two charts."""
        battle = outcomes.mass_battle.battle_of
        outcome, call = form.plans_call(self, battle, ("a_", "d_"), ("attacker_wins",), values)
        odds = outcome.odds
        rows = [(label, _WRITE[kind](value)) for label, kind, value in outcome.rows()]
        line = outcome.rolled_line
        note = f"<p>{escape(line.render())}</p>" if line else ""
        rounds = bar_chart(odds.rounds, title=M("Rounds until a unit falls"), x_title=M("rounds"))
        levels = list(range(0, 105, 5))
        ends = {M("attacker"): odds.attacker_final, M("defender"): odds.defender_final}
        finals = grouped_bar_chart(
            [str(v) for v in levels],
            {side: [final.get(v, 0) for v in levels] for side, final in ends.items()},
            title=M("Vitality at the end (0 = destroyed)"),
            x_title=M("vitality %"),
        )
        html = (
            notes_html(outcome.remarks, f"<i>{escape(M('Note:').render())}</i> ")
            + note
            + table_html([M("outcome"), M("exact chance")], rows)
        )
        return View(html, rounds + finals, call, outcome)

    def disabled(self, values: Values) -> frozenset[str]:
        """The d4 timing counts only where a side splits its d4 after the roll."""
        split = "SPLIT" in (values["a_policy"], values["d_policy"])
        return frozenset() if split else frozenset({"timing"})

    def show_roll(self, roll: outcomes.mass_battle.BattleReplay) -> str:
        """The actions' dice, then every round's d4 and losses."""
        text = "".join(f"<br>{escape(line.render())}" for line in roll.lines)
        return escape(roll.heading.render()) + text + table_html(roll.head, roll.rows())
