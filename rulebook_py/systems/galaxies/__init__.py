"""Galaxies Jumelles ground combat (*Combats au sol*): the public surface.

The rules live in small modules; every name in their ``__all__`` is
re-exported here, so this module's ``__all__`` is theirs put together:

* :mod:`.codes` -- dice codes (``4D+2``), rolls, :func:`opposed`;
* :mod:`.contest` -- several attacks against one dodge roll;
* :mod:`.ranged` -- dodging, shooting, explosives, psychic powers;
* :mod:`.melee` -- melee exchanges and stances;
* :mod:`.volley` -- every attack of a round, from several attackers, against one dodge;
* :mod:`.initiative` -- initiative and the action economy;
* :mod:`.fight` -- a whole melee fight, round by round, with its exact odds;
* :mod:`.glossary` -- the chapter's French terms (``GLOSSARY``).

Example:
    >>> from rulebook_py.systems.galaxies import opposed, shoot, Outcome
    >>> o = opposed("4D+2", "3D+1")
    >>> shoot("4D+2", "3D+1").probability(Outcome.HIT) == o.higher
    True
"""

from __future__ import annotations

from . import codes as _codes
from . import contest as _contest
from . import fight as _fight
from . import initiative as _initiative
from . import melee as _melee
from . import ranged as _ranged
from . import volley as _volley
from .codes import *  # noqa: F403
from .contest import *  # noqa: F403
from .fight import *  # noqa: F403
from .glossary import GLOSSARY
from .initiative import *  # noqa: F403
from .melee import *  # noqa: F403
from .ranged import *  # noqa: F403
from .volley import *  # noqa: F403

__all__: list[str] = []
__all__ += _codes.__all__
__all__ += _contest.__all__
__all__ += _ranged.__all__
__all__ += _volley.__all__
__all__ += _melee.__all__
__all__ += _initiative.__all__
__all__ += _fight.__all__
__all__ += ["GLOSSARY"]
