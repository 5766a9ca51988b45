"""The battle-odds calculator: the exact chances of a whole battle, and a replay.

Example:
    >>> "Attacker wins" in MassBattleOddsCalculator().result.value
    True
"""

from __future__ import annotations

import ipywidgets as widgets

from ...i18n import percent_sign
from ...systems import mass_battle
from ...systems.mass_battle import action_name
from ..base import Controls, Values, View
from ..calls import changes, rule_call
from ..charts import bar_chart, grouped_bar_chart
from ..controls import dropdown, int_box
from ..format import escape, number, probability, table_html
from ..phrases import _, pgettext, phrases
from ..registry import register
from ..tables import notes_html
from . import form

__all__ = ["MassBattleOddsCalculator"]

_TIMINGS = [
    ("before the roll (rules text)", "BEFORE_ROLL"),
    ("after the roll (brigands' example)", "AFTER_ROLL"),
]
_REPLAY = ["round", "attacker d4 (off/def)", "defender d4 (off/def)", "attacker loses"]
_REPLAY += ["defender loses", "attacker left", "defender left"]


@register
class MassBattleOddsCalculator(form.TwoColumns):
    """Exact odds of a whole battle and a seeded replay; the brigands' battle by default.

    Example:
        >>> calc = MassBattleOddsCalculator()
        >>> "Attacker wins" in calc.result.value and calc.chart.value.startswith("<svg")
        True
    """

    title = "Battle odds (bataille)"
    kind = "fight"
    side_titles = ("Attacker (brigands)", "Defender (knights)")
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
        options = form.ACTION_OPTIONS + form.BREAKER_OPTIONS + form.ROLLED_OPTIONS
        for p, first, policy in (
            ("a_", "ambush offense", "ALL_OFFENSE"),
            ("d_", "none", "ALL_DEFENSE"),
        ):
            controls |= form.unit_form(p, form.EXAMPLE_UNITS[p], options, first)
            controls[f"{p}policy"] = dropdown("d4 policy", form.POLICIES, policy, width="22em")
        controls |= form.field_controls()
        controls["holder"] = dropdown("Holds the ground", form.HOLDERS, "d", width="22em")
        controls["cover"] = int_box("Cover for a rolled ambush (+0 to +3)", 1)
        controls["timing"] = dropdown("d4 allotted", _TIMINGS, "BEFORE_ROLL", width="22em")
        controls["max_rounds"] = int_box("Stop after rounds", 20)
        return controls

    def compute(self, values: Values) -> View:
        """Exact chances, rounds and expected vitality, with two charts."""
        split = "SPLIT" in (values["a_policy"], values["d_policy"])
        self.controls["timing"].disabled = not split
        a, d = form.plan_of(values, "a_"), form.plan_of(values, "d_")
        args = {k: values[k] for k in ("holder", "cover", "timing", "max_rounds")}
        args |= form.battlefield_values(values)
        outcome, call = rule_call(mass_battle.battle_of, a, d, then=".attacker_wins", **args)
        odds = outcome.odds
        notes = list(outcome.notes)
        if not split:
            notes.append(
                "“d4 allotted” changes nothing unless a d4 policy is “split after the roll”"
            )
        rows = [
            ("Attacker wins", probability(odds.attacker_wins)),
            ("Defender wins", probability(odds.defender_wins)),
            ("Both fall in the same round", probability(odds.both_fall)),
            (f"Still fighting after {odds.max_rounds} rounds", probability(odds.unfinished)),
            (pgettext("mass battle", "Expected rounds"), number(odds.expected_rounds)),
        ]
        sides = {
            "attacker": odds.expected_attacker_vitality,
            "defender": odds.expected_defender_vitality,
        }
        rows += [(f"Expected {s} vitality at the end", percent_sign(number(v))) for s, v in sides.items()]  # fmt: skip
        rolled = outcome.declared.attacker_rolls + outcome.declared.defender_rolls
        dice = phrases("; ".join(_("the {action}: {dice}").format(action=_name(r.kind), dice=", ".join(r.dice)) for r in rolled))  # fmt: skip
        note = _("<p>Averaged exactly over the dice of {dice}.</p>").format(dice=dice) if rolled else ""  # fmt: skip
        rounds = bar_chart(odds.rounds, title="Rounds until a unit falls", x_title="rounds")
        levels = list(range(0, 105, 5))
        ends = {"attacker": odds.attacker_final, "defender": odds.defender_final}
        finals = grouped_bar_chart(
            [str(v) for v in levels],
            {side: [final.get(v, 0) for v in levels] for side, final in ends.items()},
            title="Vitality at the end (0 = destroyed)",
            x_title="vitality %",
        )
        html = (
            notes_html(notes, _("<i>Note:</i> "))
            + note
            + table_html(["outcome", "exact chance"], rows)
        )
        return View(html, rounds + finals, call, outcome)

    def show_roll(self, roll: mass_battle.BattleReplay) -> str:
        """The actions' dice, then every round's d4 and losses."""
        actions = "".join(
            _(f"<br>{side}'s {{action}}: ").format(action=_name(one.kind))
            + ", ".join(f"{escape(name)} {face}" for name, face in zip(one.dice, faces))
            + f" → {escape(note)}"
            for side, one, faces, note in roll.actions
        )
        head = escape(phrases(f"{roll.end} after {len(roll.rounds)} round(s)")) + phrases(actions)
        return head + table_html([pgettext("mass battle", h) for h in _REPLAY], form.percent_rows(roll.rows()))  # fmt: skip


def _name(kind: mass_battle.ActionKind) -> str:
    """The action's English name, the source's French one after it (escaped HTML)."""
    english, french = action_name(kind), kind.label.lower()
    return escape(_(english if english == french else f"{english} ({french})"))
