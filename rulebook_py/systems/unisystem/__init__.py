"""Unisystem (*Sorcellerie*): the basic roll and the combat rules, in one place.

Every name in the modules' ``__all__`` is re-exported here, so this module's
``__all__`` is theirs put together:

* :mod:`.arguments` -- the checks of every argument, one helper per kind;
* :mod:`.core` -- the core roll (a D10, or 2D6 − 2), success levels, tasks,
  tests, unskilled tasks and contests (the basics chapter);
* :mod:`.actions` -- several actions in a turn and their cumulative penalty;
* :mod:`.combat` -- the round, the range and lighting tables, close combat,
  stances, improvised weapons, the feint, keeping one's cool;
* :mod:`.initiative_rolls` -- who acts first, singly or by group;
* :mod:`.ranged_combat` -- shooting: aiming, bursts, full auto, the damage multiplier;
* :mod:`.whole_fight` -- a whole close-combat fight, round by round, with its exact odds;
* :mod:`.reference` -- the quick reference's tables, drawn from the rules;
* :mod:`.glossary` -- both chapters' French terms (``GLOSSARY``).

Example:
    >>> from rulebook_py.systems import unisystem
    >>> unisystem.task(3, 6, modifier=-3).success_chance()
    Fraction(4, 5)
    >>> unisystem.melee_exchange(
    ...     unisystem.MeleeAttack(3, 2),
    ...     unisystem.MeleeDefense(unisystem.DefenseKind.DODGE, 4, 3, penalty=-4),
    ... ).hit_chance
    Fraction(11, 20)
"""

from __future__ import annotations

from . import actions as _actions
from . import arguments as _arguments
from . import combat as _combat
from . import core as _core
from . import initiative_rolls as _initiative
from . import ranged_combat as _ranged
from . import reference as _reference
from . import whole_fight as _fight
from .actions import *  # noqa: F403
from .arguments import *  # noqa: F403
from .combat import *  # noqa: F403
from .core import *  # noqa: F403
from .glossary import GLOSSARY
from .initiative_rolls import *  # noqa: F403
from .ranged_combat import *  # noqa: F403
from .reference import *  # noqa: F403
from .whole_fight import *  # noqa: F403

__all__: list[str] = ["GLOSSARY"]
__all__ += _core.__all__
__all__ += _arguments.__all__
__all__ += _actions.__all__
__all__ += _combat.__all__
__all__ += _initiative.__all__
__all__ += _ranged.__all__
__all__ += _fight.__all__
__all__ += _reference.__all__
