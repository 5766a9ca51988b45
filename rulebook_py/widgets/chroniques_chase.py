"""Calculators of the Chroniques Oubliées combat chapter: initiative and surprise, and chases.

Each maps its controls to one call (the chase: its outcome's presentation,
:func:`rulebook_py.outcomes.chroniques.presentation`; the initiative: the order's
rows, each P(surprised) written with its die); every word is a message of the ``chroniques`` domain. The
French calculators open on French names (*Chef gobelin*, PJ and PNJ).

Example:
    >>> calc = ChroniquesInitiativeCalculator()
    >>> calc.result.value.index("Elvira") < calc.result.value.index("Goblin chief")
    True
"""

from __future__ import annotations

import ipywidgets as widgets

from .. import outcomes
from ..outcomes.chroniques import choices
from ..systems import chroniques as co
from ..systems.chroniques.words import M
from .base import Controls, Values, View
from .calls import changes, rule_call
from .chroniques_common import BOX, ChroniquesCalculator, french
from .controls import checkbox, dropdown, int_box, multi_select, text_box
from .format import probability
from .registry import register
from .tables import notes_html, rows_html

__all__ = ["ChroniquesChaseCalculator", "ChroniquesInitiativeCalculator"]


# ----------------------------------------------------------- 6. initiative
_DEFAULT_FIGHT = """Krush, 12, PC, 10
Elvira, 16, PC, 14
Goblin chief, 16, NPC, 12
Goblin archer, 12, NPC, 10
Marco, 16, PC, 9"""
#: The same fight with the French edition's names and sides (PJ, PNJ).
_DEFAULT_FIGHT_FR = """Krush, 12, PJ, 10
Elvira, 16, PJ, 14
Chef gobelin, 16, PNJ, 12
Archer gobelin, 12, PNJ, 10
Marco, 16, PJ, 9"""


@register
class ChroniquesInitiativeCalculator(ChroniquesCalculator):
    """Acting order with the tie rules, a delayed action, and the surprise test.

    A combatant line may end with ``blinded`` (-5 initiative), ``untrained
    shield`` or ``untrained armour`` (-3 each), ``weakened`` or ``immobilised``
    (the surprise test on a d12) and ``best of two`` (an ability's two dice),
    or their French words (``aveuglé``, ``bouclier sans formation``...).

    Example:
        >>> calc = ChroniquesInitiativeCalculator()
        >>> calc.result.value.index("Elvira") < calc.result.value.index("Goblin chief")
        True
    """

    title = M("Initiative and surprise")
    bench_changes = changes(
        delay_name="Elvira", delay_to=5, ambush="none", ambushers_dex=4
    ) + changes(ambush="pcs", ambushers_stealth=5)

    #: One delay, and the ambush (after the combatants).
    declare = (
        ("delay_name", M("Delays (name)"), ""),
        ("delay_to", M("Delayed initiative"), 0),
        ("ambush", M("Ambush (embuscade)"), "npcs", choices.AMBUSH_SIDES),
        ("ambushers_dex", M("Stealthiest ambusher: DEX mod."), 2),
        ("ambushers_stealth", M("Stealthiest ambusher: stealth bonus (discrétion)"), 0),
        ("gm_modifier", M("GM's modifier (distance, terrain)"), 0),
    )

    def build_controls(self) -> Controls:
        """The combatants (the French edition's names in French), then :attr:`declare`'s."""
        label = M("name, Init., PC/NPC, WIS (then blinded, weakened, untrained armour...)")
        fight = _DEFAULT_FIGHT_FR if french() else _DEFAULT_FIGHT
        return {"combatants": text_box(label, fight, rows=6)} | super().build_controls()

    def compute(self, values: Values) -> View:
        """The order, with each ambushed combatant's chance of being surprised in round 1."""
        r, call = rule_call(co.initiative_report, **values, path=("names",))
        rows = [
            (*row, s and M("{p} ({die})", p=probability(s[0]), die=s[1]))
            for *row, s in outcomes.chroniques.initiative_rows(r)
        ]
        table = rows_html(rows, outcomes.chroniques.INITIATIVE_HEAD)
        return View(table + notes_html(outcomes.chroniques.initiative_notes(r)), "", call, r)


# ---------------------------------------------------------------- 7. chase
_SIDE_CONTROLS = {
    "pursuer": (
        M("Pursuer's DEX mod."),
        M("Pursuer's die"),
        M("Pursuer (table)"),
        M("Pursuer's armour DEF"),
        M("Pursuer's untrained or forbidden shield/armour (−3 each)"),
        M("Pursuer's CON mod."),
        M("Pursuer acts otherwise (−20 m) in rounds"),
    ),
    "quarry": (
        M("Quarry's DEX mod."),
        M("Quarry's die"),
        M("Quarry (table)"),
        M("Quarry's armour DEF"),
        M("Quarry's untrained or forbidden shield/armour (−3 each)"),
        M("Quarry's CON mod."),
        M("Quarry acts otherwise (−20 m) in rounds"),
    ),
}


@register
class ChroniquesChaseCalculator(ChroniquesCalculator):
    """Exact odds of a chase (a Markov chain over the gap) and a seeded replay.

    Example:
        >>> calc = ChroniquesChaseCalculator()
        >>> "+10" in calc.result.value  # the dragon: huge and flying
        True
    """

    title = M("Chase (poursuite)")
    rule = staticmethod(outcomes.chroniques.chase_report)
    path = ("odds", "capture")
    kind = "fight"
    default_seed = 3
    bench_changes = (
        changes(quarry_dex=5, quarry_die="d20", sight=150, distance=60)
        + changes(pursuer_traits=("HUGE",), endurance_from=11, max_rounds=40, pursuer_acts="3")
        + changes(quarry_untrained=1, heavy_rain=True)
    )

    def build_controls(self) -> Controls:
        """Both sides, the distances, the rounds followed and the named parameters."""
        controls: dict[str, widgets.Widget] = {}
        for side, dex, die, traits, con in (
            ("pursuer", 0, "d20", ("HUGE", "FLYING"), 2),
            ("quarry", 4, "2d20kh1", (), 1),
        ):
            labels = _SIDE_CONTROLS[side]
            controls |= {
                f"{side}_dex": int_box(labels[0], dex, bounds=BOX),
                f"{side}_die": dropdown(labels[1], choices.DIES, die),
                f"{side}_traits": multi_select(labels[2], choices.CHASE_TRAITS, traits),
                f"{side}_armour": int_box(labels[3], 0, bounds=BOX),
                f"{side}_untrained": int_box(labels[4], 0, bounds=BOX),
                f"{side}_con": int_box(labels[5], con, bounds=BOX),
                f"{side}_acts": text_box(labels[6], "", placeholder=M("e.g. 3, 5 or every")),
            }
        return controls | {
            "distance": int_box(M("Starting gap (m)"), 30, bounds=BOX),
            "sight": int_box(M("Loss of sight (distance limite, m)"), 50, bounds=BOX),
            "max_rounds": int_box(M("Rounds followed"), 30, bounds=BOX),
            "endurance_from": int_box(M("CON tests from round (0: never)"), 0, bounds=BOX),
            "heavy_rain": checkbox(M("Heavy rain (pluies fortes, −2 to both sides)"), False),
            "extra_metres": int_box(M("Extra action of a 10-point lead (m)"), 20, bounds=BOX),
        }
