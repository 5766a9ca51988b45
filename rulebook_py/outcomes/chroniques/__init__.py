"""Chroniques Oubliées's calculator outcomes: both sides' conditions, a chase.

* :mod:`.conditions` -- :func:`conditions_report`: both sides' conditions, a
  declared turn and the attack with and without them;
* :mod:`.chase` -- :func:`chase_report`: a chase set up from plain values
  (:func:`parse_rounds` reads its rounds).

Example:
    >>> from rulebook_py.outcomes import chroniques
    >>> chroniques.parse_rounds("3, 5")
    (frozenset({3, 5}), False)
"""

from __future__ import annotations

from . import chase as _chase
from . import conditions as _conditions
from .chase import *  # noqa: F403
from .conditions import *  # noqa: F403

__all__: list[str] = []
__all__ += _conditions.__all__
__all__ += _chase.__all__
