"""The Chroniques Oubliées chapter's whole fight: two fighters to the finish, round by round.

The calculator maps its controls (named as the rule's parameters) to one call,
:func:`rulebook_py.systems.chroniques.fight_between`, and formats the outcome:
the exact chance of each ending, and a seeded replay of every round.

Example:
    >>> calc = ChroniquesFightCalculator()  # Krush, to knock out, against the goblin
    >>> "P(Krush wins: Goblin knocked out)" in calc.result.value
    True
"""

from __future__ import annotations

import ipywidgets as widgets

from ..systems import chroniques as co
from .base import Controls, Values, View
from .calls import rule_call
from .charts import bar_chart
from .chroniques import _DIE_OPTIONS, _Chroniques
from .controls import checkbox, dropdown, int_box, text_box
from .format import number, probability, table_html
from .phrases import _, phrases
from .registry import register

__all__ = ["ChroniquesFightCalculator"]


def _side(side: str, name: str, hp: int, atk: int, dfn: int, dice: str, st: int,
          pc: bool, ko: bool) -> dict[str, widgets.Widget]:  # fmt: skip
    """The controls of one fighter, labelled with the side."""
    who = f"{side.capitalize()} fighter"
    return {
        f"{side}_name": text_box(f"{who}: name", name),
        f"{side}_hit_points": int_box(f"{who}: hit points (PV)", hp),
        f"{side}_attack": int_box(f"{who}: melee attack score", atk),
        f"{side}_defense": int_box(f"{who}: DEF", dfn),
        f"{side}_damage": text_box(f"{who}: weapon dice (DM)", dice),
        f"{side}_strength": int_box(f"{who}: STR mod. (damage bonus)", st),
        f"{side}_initiative": int_box(f"{who}: initiative (Init.)", 12),
        f"{side}_player": checkbox(f"{who}: player character (PJ)", pc),
        f"{side}_wisdom": int_box(f"{who}: WIS score (ties)", 10),
        f"{side}_die": dropdown(f"{who}: die", _DIE_OPTIONS, "d20"),
        f"{side}_knock_out": checkbox(f"{who}: strikes to knock out (DM temporaires, −2)", ko),
    }


@register
class ChroniquesFightCalculator(_Chroniques):
    """A whole melee fight: the exact chance of each ending, and a seeded replay.

    Example:
        >>> calc = ChroniquesFightCalculator(second_hit_points=12)
        >>> "at most 10 hit points" in calc.error_for("second_hit_points")
        True
    """

    title = "A whole fight, round by round"
    kind = "fight"
    default_seed = 3  # the chapter's worked fight
    bench_changes = (("second_hit_points", 8), ("second_attack", 5), ("first_knock_out", False),
                     ("first_hit_points", 30), ("second_hit_points", 30),
                     ("second_die", "2d20kh1"), ("second_damage", "2d6"),
                     ("first_hit_points", 10), ("second_knock_out", True),
                     ("first_initiative", 10), ("second_name", "Orc"))  # fmt: skip

    def build_controls(self) -> Controls:
        """Both fighters; Krush (to knock out) against the goblin."""
        return {**_side("first", "Krush", 12, 4, 15, "1d8", 3, True, True),
                **_side("second", "Goblin", 3, 2, 14, "1d6", 1, False, False)}  # fmt: skip

    def compute(self, values: Values) -> View:
        """The chance of each ending and of each blow, a chart of the endings."""
        out, call = rule_call(co.fight_between, then=".first_wins", **values)
        rows = [(phrases(label), probability(p)) for label, p in out.rows]
        rows.insert(len(out.ends), (_("Expected rounds"), number(out.expected_rounds)))
        won = _("{name} wins").format(name=out.first.name)
        chart = bar_chart({phrases(k): p for k, p in out.endings.items()}, title="How the fight ends",
                          x_title="ending", highlight=lambda k: str(k).startswith(won), highlight_label=won,
                          other_label=_("{name} wins").format(name=out.second.name))  # fmt: skip
        return View(table_html(["", "exact answer"], rows), chart, call, out)
