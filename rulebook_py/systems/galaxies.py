"""Galaxies Jumelles ground combat (*Combats au sol*): the public surface.

The rules live in small modules; every name in their ``__all__`` is
re-exported here, so this module's ``__all__`` is theirs put together:

* :mod:`.galaxies_codes` -- dice codes (``4D+2``), rolls, :func:`opposed`;
* :mod:`.galaxies_contest` -- several attacks against one dodge roll;
* :mod:`.galaxies_ranged` -- dodging, shooting, explosives, psychic powers;
* :mod:`.galaxies_melee` -- melee exchanges and stances;
* :mod:`.galaxies_initiative` -- initiative and the action economy;
* :mod:`.galaxies_glossary` -- the chapter's French terms (``GLOSSARY``, not
  re-exported: the glossary gathers it from there).

Example:
    >>> from rulebook_py.systems.galaxies import opposed, shoot, Outcome
    >>> o = opposed("4D+2", "3D+1")
    >>> shoot("4D+2", "3D+1").probability(Outcome.HIT) == o.higher
    True
"""

from __future__ import annotations

from . import (
    galaxies_codes,
    galaxies_contest,
    galaxies_initiative,
    galaxies_melee,
    galaxies_ranged,
)
from .galaxies_codes import *  # noqa: F403
from .galaxies_contest import *  # noqa: F403
from .galaxies_initiative import *  # noqa: F403
from .galaxies_melee import *  # noqa: F403
from .galaxies_ranged import *  # noqa: F403

__all__: list[str] = []
__all__ += galaxies_codes.__all__
__all__ += galaxies_contest.__all__
__all__ += galaxies_ranged.__all__
__all__ += galaxies_melee.__all__
__all__ += galaxies_initiative.__all__
