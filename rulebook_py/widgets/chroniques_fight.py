"""The Chroniques Oubliées chapter's whole fight: two fighters to the finish, round by round.

The calculator maps its controls (named as the rule's parameters) to one call,
:func:`rulebook_py.outcomes.chroniques.fight_between`, and formats the outcome:
the exact chance of each ending, and a seeded replay of every round. A
fighter's "suitable weapon" box counts only when that fighter strikes to knock
out; otherwise it is left out of the call and of its Python line.

Example:
    >>> calc = ChroniquesFightCalculator()  # Krush, to knock out, against the goblin
    >>> "P(Krush wins: Goblin knocked out)" in calc.result.value
    True
"""

from __future__ import annotations

from fractions import Fraction

import ipywidgets as widgets

from .. import outcomes
from ..messages import Msg
from ..systems.chroniques.words import M
from .base import Controls, Values, View
from .calls import rule_call
from .charts import bar_chart
from .chroniques_common import BOX, DIE_OPTIONS, HEAD, ChroniquesCalculator, french
from .controls import checkbox, dropdown, int_box, text_box
from .format import number, probability, table_html
from .registry import register
from .tables import notes_html

__all__ = ["ChroniquesFightCalculator"]

#: The labels of each fighter's controls, by side.
_LABELS = {
    "first": {
        "name": M("First fighter: name"),
        "hit_points": M("First fighter: hit points (PV)"),
        "attack": M("First fighter: melee attack score"),
        "defense": M("First fighter: DEF"),
        "damage": M("First fighter: weapon dice (DM)"),
        "strength": M("First fighter: STR mod. (damage bonus)"),
        "initiative": M("First fighter: initiative (Init.)"),
        "player": M("First fighter: player character (PJ)"),
        "wisdom": M("First fighter: WIS score (ties)"),
        "die": M("First fighter: die"),
        "knock_out": M("First fighter: strikes to knock out (DM temporaires)"),
        "suitable_weapon": M("First fighter: weapon suited to knocking out (no −2)"),
    },
    "second": {
        "name": M("Second fighter: name"),
        "hit_points": M("Second fighter: hit points (PV)"),
        "attack": M("Second fighter: melee attack score"),
        "defense": M("Second fighter: DEF"),
        "damage": M("Second fighter: weapon dice (DM)"),
        "strength": M("Second fighter: STR mod. (damage bonus)"),
        "initiative": M("Second fighter: initiative (Init.)"),
        "player": M("Second fighter: player character (PJ)"),
        "wisdom": M("Second fighter: WIS score (ties)"),
        "die": M("Second fighter: die"),
        "knock_out": M("Second fighter: strikes to knock out (DM temporaires)"),
        "suitable_weapon": M("Second fighter: weapon suited to knocking out (no −2)"),
    },
}
#: A probability whose exact fraction is longer than this is shown as a percentage only.
_SHORT_FRACTION = 23


def _side(
    side: str, name: str, hp: int, atk: int, dfn: int, dice: str, st: int, pc: bool, ko: bool
) -> dict[str, widgets.Widget]:
    """The controls of one fighter, labelled with the side."""
    label = _LABELS[side]
    return {
        f"{side}_name": text_box(label["name"], name),
        f"{side}_hit_points": int_box(label["hit_points"], hp, bounds=BOX),
        f"{side}_attack": int_box(label["attack"], atk, bounds=BOX),
        f"{side}_defense": int_box(label["defense"], dfn, bounds=BOX),
        f"{side}_damage": text_box(label["damage"], dice),
        f"{side}_strength": int_box(label["strength"], st, bounds=BOX),
        f"{side}_initiative": int_box(label["initiative"], 12, bounds=BOX),
        f"{side}_player": checkbox(label["player"], pc),
        f"{side}_wisdom": int_box(label["wisdom"], 10, bounds=BOX),
        f"{side}_die": dropdown(label["die"], DIE_OPTIONS, "d20"),
        f"{side}_knock_out": checkbox(label["knock_out"], ko),
        f"{side}_suitable_weapon": checkbox(label["suitable_weapon"], False),
    }


def _long(p: Fraction) -> bool:
    """Whether the exact fraction of ``p`` is too long to show beside its percentage."""
    return p not in (0, 1) and len(f"{p.numerator}/{p.denominator}") > _SHORT_FRACTION


@register
class ChroniquesFightCalculator(ChroniquesCalculator):
    """A whole melee fight: the exact chance of each ending, and a seeded replay.

    Example:
        >>> calc = ChroniquesFightCalculator(second_hit_points=12)
        >>> "at most 10 hit points" in calc.error_for("second_hit_points")
        True
    """

    title = M("A whole fight, round by round")
    kind = "fight"
    default_seed = 3  # the chapter's worked fight
    bench_changes = (
        ("second_hit_points", 8),
        ("second_attack", 5),
        ("first_knock_out", False),
        ("first_hit_points", 30),
        ("second_hit_points", 30),
        ("second_die", "2d20kh1"),
        ("second_damage", "2d6"),
        ("first_hit_points", 10),
        ("second_knock_out", True),
        ("second_suitable_weapon", True),
        ("first_initiative", 10),
        ("second_name", "Orc"),
    )

    def build_controls(self) -> Controls:
        """Both fighters; Krush (to knock out) against the goblin (the gobelin in French)."""
        goblin = "Gobelin" if french() else "Goblin"
        return {
            **_side("first", "Krush", 12, 4, 15, "1d8", 3, True, True),
            **_side("second", goblin, 3, 2, 14, "1d6", 1, False, False),
        }

    def compute(self, values: Values) -> View:
        """The chance of each ending and of each blow, a chart of the endings."""
        v = dict(values)
        for side in ("first", "second"):
            if not v[f"{side}_knock_out"]:
                del v[f"{side}_suitable_weapon"]
        out, call = rule_call(outcomes.chroniques.fight_between, path=("first_wins",), **v)
        rows: list[tuple[Msg, str]] = [(label, probability(p)) for label, p in out.rows]
        rows.insert(len(out.ends), (M("Expected rounds"), number(out.expected_rounds)))
        notes = []
        if any(_long(p) for _label, p in out.rows):
            notes.append(
                M(
                    "A chance whose exact fraction is too long to print shows its percentage "
                    "only; the Python line below gives the fraction."
                )
            )
        won = M("{name} wins", name=out.first.name)
        firsts = {
            end for end, (winner, _how) in zip(out.endings, out.ends) if winner == out.first.name
        }
        chart = bar_chart(
            dict(out.endings),
            title=M("How the fight ends"),
            x_title=M("ending"),
            highlight=lambda k: k in firsts,
            highlight_label=won,
            other_label=M("{name} wins", name=out.second.name),
        )
        return View(table_html(HEAD, rows) + notes_html(notes), chart, call, out)
