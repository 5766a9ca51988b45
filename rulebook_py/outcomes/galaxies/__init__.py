"""Galaxies Jumelles: what its calculators ask for, and its quick reference's tables, as data.

* :mod:`.calculators` -- one function a calculator (``code``, ``shot``,
  ``psychic``, ``initiative``, ``volley``, ``melee``, ``fight``), each returning
  a :class:`~.calculators.Report`; every name of its ``__all__`` is re-exported here;
* :mod:`.reference` -- the quick reference's tables (``outcomes.galaxies.reference``).

Example:
    >>> from rulebook_py import outcomes
    >>> outcomes.galaxies.code("1D", "1D").tie
    Fraction(1, 6)
"""

from __future__ import annotations

from . import calculators as _calculators
from . import reference
from .calculators import *  # noqa: F403

__all__: list[str] = [*_calculators.__all__, "reference"]
