"""The mass battle's calculator outcomes: a unit written as plain values, a round, a battle.

* :mod:`.plans` -- :func:`unit_of`, :func:`unit_totals`, :func:`round_of`,
  :func:`battle_of` and what they read (:data:`UNIT_DEFAULTS`, :class:`Choice`).

Example:
    >>> from rulebook_py.outcomes import mass_battle
    >>> mass_battle.unit_totals({"offense": 3}).steps[-1].offense
    3
"""

from __future__ import annotations

from . import plans as _plans
from .plans import *  # noqa: F403

__all__: list[str] = []
__all__ += _plans.__all__
