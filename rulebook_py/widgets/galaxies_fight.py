"""The Galaxies Jumelles whole fight: two duellists, round after round, and the exact odds.

Example:
    >>> calc = GalaxiesFightCalculator(a_health=8, b_health=8, max_rounds=1)
    >>> "Undecided after 1 round" in calc.result.value
    True
"""

from __future__ import annotations

import ipywidgets as widgets

from ..systems import galaxies as g
from .base import Controls, Values, View
from .calls import changes, rule_call
from .charts import bar_chart
from .controls import enum_dropdown, int_box, text_box
from .format import escape, number, percent, probability, table_html
from .galaxies_common import GalaxiesCalculator, code_box
from .phrases import _, phrases
from .registry import register

__all__ = ["GalaxiesFightCalculator"]

#: The chapter's two fighters: Kira's AB2 blade against Vosk's AB1 (the melee section).
_SIDES = (
    ("a", "A", "Kira", "4D+1", "3D", g.MeleeWeapon.AB2),
    ("b", "B", "Vosk", "3D+2", "3D+1", g.MeleeWeapon.AB1),
)


@register
class GalaxiesFightCalculator(GalaxiesCalculator):
    """A whole melee fight: the exact chance of each end, and a seeded replay."""

    title = "A whole fight (combat au corps à corps, round by round)"
    kind = "fight"
    bench_changes = (
        changes(b_stance=g.Stance.COUNTER, a_damage=7)
        + changes(b_stance=g.Stance.DODGE, a_health=30, max_rounds=60)
        + changes(b_stance=g.Stance.DISENGAGE, a_stance=g.Stance.PURSUE)
        + changes(a_stance=g.Stance.ATTACK, b_stance=g.Stance.ATTACK, a_skill="6D", b_health=40)
        + changes(a_name="Tal", b_skill="5D+2", a_health=50, b_damage=5)
    )
    groups = (("a_", "Fighter A"), ("b_", "Fighter B"), ("max", "The fight"))

    def build_controls(self) -> Controls:
        """Each fighter's name, skill, AGILITÉ, stance, weapon, damage and points."""
        controls: dict[str, widgets.Widget] = {}
        for p, side, name, skill, agility, weapon in _SIDES:
            controls[f"{p}_name"] = text_box(f"{side}'s name", name)
            controls[f"{p}_skill"] = code_box(skill, f"{side}'s skill (AB / CC / AM)")
            controls[f"{p}_agility"] = code_box(agility, f"{side}'s AGILITÉ")
            controls[f"{p}_stance"] = enum_dropdown(
                f"{side}'s stance, every round", g.Stance, g.Stance.ATTACK
            )
            controls[f"{p}_weapon"] = enum_dropdown(
                f"{side}'s weapon (arme)", g.MeleeWeapon, weapon
            )
            controls[f"{p}_damage"] = int_box(f"{side}'s damage, a full blow (points)", 8)
            controls[f"{p}_health"] = int_box(f"{side}'s points he can take", 20)
        controls["max_rounds"] = int_box("Rounds before the fight is called off", 30)
        return controls

    def compute(self, values: Values) -> View:
        """The exchange of every round, what it costs each side, and how the fight ends."""
        a, b = (
            g.Duellist(
                values[f"{p}_name"],
                g.Fighter(*(values[f"{p}_{k}"] for k in ("skill", "agility", "stance", "weapon"))),
                values[f"{p}_damage"],
                values[f"{p}_health"],
            )
            for p in "ab"
        )
        label, rounds = f"{a.name} wins", values["max_rounds"]
        then = f".probability({label!r})"
        f, call = rule_call(
            g.fight, a, b, then=lambda o: (then, o.probability(label)), max_rounds=rounds
        )
        html = _("<p>Every round {a} (A) and {b} (B) make the same exchange. {note}</p>").format(
            a=escape(a.name), b=escape(b.name), note=escape(phrases(f.exchange.note)))  # fmt: skip
        html += table_html(
            ["outcome of a round", "exact chance", *(_("{name} loses").format(name=x.name) for x in (a, b))],
            [(s.label, probability(s.probability), s.a_takes, s.b_takes) for s in f.steps],
        )  # fmt: skip
        rows = [(label, percent(p)) for label, p in f.table().items()]
        html += table_html(["how the fight ends", "exact chance, in percent"], rows)
        html += _(
            "<p>The fight lasts {mean} rounds on average. The chances "
            "are exact; their fractions, hundreds of digits long, are in the Python line.</p>"
        ).format(mean=number(f.expected_rounds))
        chart = bar_chart(f.table(), title="How the fight ends", x_title="")
        return View(html, chart, call, f)
