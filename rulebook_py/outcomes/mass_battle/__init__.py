"""The mass battle's calculator outcomes: a unit written as plain values, a round, a battle.

* :mod:`.plans` -- a unit's plan and how it is read: :func:`unit_of`,
  :func:`battlefield_of`, :func:`what_counts`, :data:`UNIT_DEFAULTS`, :class:`Choice`;
* :mod:`.entries` -- each plan value's entries in words (the menus), the first example's units;
* :mod:`.sides` -- both sides declared from two plans: :func:`declare`, :class:`Declared`;
* :mod:`.totals` -- one unit's totals before the d4: :func:`unit_totals`;
* :mod:`.rounds` -- one round between two units: :func:`round_of`;
* :mod:`.battles` -- a whole battle's exact odds and a replay: :func:`battle_of`.

Example:
    >>> from rulebook_py.outcomes import mass_battle
    >>> mass_battle.unit_totals({"offense": 3}).steps[-1].offense
    3
"""

from __future__ import annotations

from . import battles as _battles
from . import entries as _entries
from . import plans as _plans
from . import rounds as _rounds
from . import sides as _sides
from . import totals as _totals
from .battles import *  # noqa: F403
from .entries import *  # noqa: F403
from .plans import *  # noqa: F403
from .rounds import *  # noqa: F403
from .sides import *  # noqa: F403
from .totals import *  # noqa: F403

__all__: list[str] = []
for _module in (_plans, _entries, _sides, _totals, _rounds, _battles):
    __all__ += _module.__all__
