"""Calculators of the mass-battle chapter: a unit's totals, one round, a whole battle.

The package holds the one unit form every calculator builds its units from
(:mod:`.form`), the unit builder (:mod:`.unit`), the round resolver
(:mod:`.round`), the battle odds (:mod:`.odds`) and the worked examples
(:mod:`.examples`). Every rule they show lives in
:mod:`rulebook_py.systems.mass_battle`.

Example:
    >>> calc = MassBattleRoundCalculator()
    >>> "20 %" in calc.result.value and "95 %" in calc.result.value
    True
"""

from __future__ import annotations

from .examples import WorkedExampleCalculator
from .form import round_table_html
from .odds import MassBattleOddsCalculator
from .round import MassBattleRoundCalculator
from .unit import UnitBuilderCalculator

__all__ = ["MassBattleOddsCalculator"]
__all__ += ["MassBattleRoundCalculator", "UnitBuilderCalculator", "WorkedExampleCalculator"]
__all__ += ["round_table_html"]
