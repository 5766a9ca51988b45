"""Galaxies Jumelles ground combat (*Combats au sol*): the public surface.

The rules live in small modules; every name in their ``__all__`` is
re-exported here, so this module's ``__all__`` is theirs put together:

* :mod:`.codes` -- dice codes (``4D+2``), rolls, :func:`opposed`;
* :mod:`.contests` -- several attacks against one dodge roll;
* :mod:`.ranged` -- dodging, shooting, explosives, psychic powers;
* :mod:`.melee_combat` -- melee exchanges and stances;
* :mod:`.volleys` -- every attack of a round, from several attackers, against one dodge;
* :mod:`.initiative_rolls` -- initiative and the action economy;
* :mod:`.whole_fight` -- a whole melee fight, round by round, with its exact odds;
* :mod:`.glossary` -- the chapter's French terms (``GLOSSARY``).

Example:
    >>> from rulebook_py.systems.galaxies import opposed, shoot, Outcome
    >>> o = opposed("4D+2", "3D+1")
    >>> shoot("4D+2", "3D+1").probability(Outcome.HIT) == o.higher
    True
"""

from __future__ import annotations

from . import codes as _codes
from . import contests as _contest
from . import initiative_rolls as _initiative
from . import melee_combat as _melee
from . import ranged as _ranged
from . import volleys as _volley
from . import whole_fight as _fight
from .codes import *  # noqa: F403
from .contests import *  # noqa: F403
from .glossary import GLOSSARY
from .initiative_rolls import *  # noqa: F403
from .melee_combat import *  # noqa: F403
from .ranged import *  # noqa: F403
from .volleys import *  # noqa: F403
from .whole_fight import *  # noqa: F403

__all__: list[str] = []
__all__ += _codes.__all__
__all__ += _contest.__all__
__all__ += _ranged.__all__
__all__ += _volley.__all__
__all__ += _melee.__all__
__all__ += _initiative.__all__
__all__ += _fight.__all__
__all__ += ["GLOSSARY"]
