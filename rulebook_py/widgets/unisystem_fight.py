"""The Unisystem combat chapter's whole fight: two fighters to the finish, round by round.

The calculator maps its controls (named as the rule's parameters) to one call,
:func:`rulebook_py.systems.unisystem.fight_between`, and formats the outcome:
the exact odds, how the fight ends, and a seeded replay of every round.

Example:
    >>> calc = UnisystemFightCalculator()  # Jimmy against a wildling, out at 2 hits
    >>> "93.78 % (259989313/277239175)" in calc.result.value
    True
"""

from __future__ import annotations

from ..systems import unisystem as uni
from ..systems.unisystem import CloseSkill, CoreDie, DefenceKind, WoundRule
from .base import Controls, Values, View
from .calls import changes, rule_call
from .charts import bar_chart
from .controls import dropdown, int_box, text_box
from .registry import register
from .unisystem import UnisystemCalculator, core_dropdown

__all__ = ["UnisystemFightCalculator"]

_SKILLS = [(f"{s.label} ({s.name.lower().replace('_', ' ')})", s) for s in CloseSkill]
_DEFENCES = [
    ("dodge (esquiver): DEX + Dodge", DefenceKind.DODGE),
    ("parry (parer): DEX + the close-combat skill", DefenceKind.PARRY),
    ("none", DefenceKind.NONE),
]
_WOUNDS = [(w.english, w) for w in WoundRule]


def _fighter(side: str, name: str, dex: int, skill: int, kind: CloseSkill, dodge: int) -> dict:
    """The six controls of one fighter, labelled with the side."""
    who = f"{side.capitalize()} fighter"
    return {
        f"{side}_name": text_box(f"{who}: name", name),
        f"{side}_dexterity": int_box(f"{who}: Dexterity (Dextérité)", dex),
        f"{side}_kind": dropdown(f"{who}: close-combat skill", _SKILLS, kind),
        f"{side}_skill": int_box(f"{who}: skill level (0 = DEX test)", skill),
        f"{side}_dodge": int_box(f"{who}: Dodge (0 = difficult DEX test)", dodge),
        f"{side}_defence": dropdown(f"{who}: defence", _DEFENCES, DefenceKind.DODGE),
    }


@register
class UnisystemFightCalculator(UnisystemCalculator):
    """A whole close-combat fight: the exact chance of each ending, and a seeded replay.

    Example:
        >>> calc = UnisystemFightCalculator(out_at=100)
        >>> "from 1 to 40" in calc.error_for("out_at")
        True
    """

    title = "A whole fight, round by round"
    kind = "fight"
    default_seed = 8  # the chapter's worked fight
    bench_changes = (
        changes(out_at=3, second_dexterity=4, second_dodge=2, first_defence=DefenceKind.PARRY)
        + changes(wounds=WoundRule.LEVELS, out_at=20, core=CoreDie.TWO_D6)
        + changes(first_kind=CloseSkill.HAND_WEAPON, second_name="Ann")
    )

    def build_controls(self) -> Controls:
        """Both fighters, what a hit counts and when a fighter is out; Jimmy against a wildling."""
        return {
            **_fighter("first", "Jimmy", 4, 4, CloseSkill.MARTIAL_ARTS, 3),
            **_fighter("second", "Wildling", 3, 2, CloseSkill.BRAWLING, 0),
            "wounds": dropdown("A hit counts", _WOUNDS, WoundRule.HITS),
            "out_at": int_box("Wounds that take a fighter out", 2),
            "core": core_dropdown(),
        }

    def compute(self, values: Values) -> View:
        """The odds table, a chart of how the fight ends, the outcome to replay."""
        out, call = rule_call(uni.fight_between, then=".first_wins", **values)
        ends = {
            f"{who} wins, {w} wound{'s' * (w != 1)} taken": p for (who, w), p in out.ends.items()
        }
        first = out.first.name
        chart = bar_chart(ends, title="How the fight ends", x_title="ending",
                          highlight=lambda k: str(k).startswith(first + " wins"),
                          highlight_label=f"{first} wins", other_label=f"{out.second.name} wins")  # fmt: skip
        return View(self.report_html(out.rows), chart, call, out)
