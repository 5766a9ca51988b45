"""Calculators of the mass-battle chapter: a unit's totals, one round, a whole battle.

The package holds the one unit form every calculator builds its units from
(:mod:`.form`), the unit builder (:mod:`.unit`), the round resolver
(:mod:`.round`), the battle odds (:mod:`.odds`) and the worked examples
(:mod:`.examples`).

Example:
    >>> calc = MassBattleRoundCalculator()
    >>> "20 %" in calc.result.value and "95 %" in calc.result.value
    True
"""

from __future__ import annotations

from .examples import EXAMPLE_STEPS, WorkedExampleCalculator
from .form import (
    ACTION_OPTIONS,
    BREAKER_OPTIONS,
    LEADERSHIP_OPTIONS,
    NO_ACTION,
    ROLLED_OPTIONS,
    SLOTS,
    round_table_html,
    source,
    unit_form,
    unit_from,
)
from .odds import MassBattleOddsCalculator
from .round import MassBattleRoundCalculator
from .unit import UnitBuilderCalculator

__all__ = [
    "ACTION_OPTIONS",
    "BREAKER_OPTIONS",
    "EXAMPLE_STEPS",
    "LEADERSHIP_OPTIONS",
    "NO_ACTION",
    "ROLLED_OPTIONS",
    "SLOTS",
    "MassBattleOddsCalculator",
    "MassBattleRoundCalculator",
    "UnitBuilderCalculator",
    "WorkedExampleCalculator",
    "round_table_html",
    "source",
    "unit_form",
    "unit_from",
]
