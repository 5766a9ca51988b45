"""Chroniques Oubliées, the combat chapter: the whole rules API in one place.

The rules live in small modules, re-exported here:

* :mod:`.core` -- ability modifiers, the four test dice, tests and attacks;
* :mod:`.conditions` -- harmful conditions, actions of a turn,
  surprise, initiative;
* :mod:`.attack` -- attack modifiers, concerted and two-weapon
  attacks, opposed magic, damage, temporary damage and knock-outs;
* :mod:`.damage_dice` -- damage dice typed by a reader, costed before any work;
* :mod:`.magic` -- spells that do not stack;
* :mod:`.chase` -- chases: exact odds and seeded replays.

Example:
    >>> ability_modifier(12), attack(3, 15, die="2d12kh1").critical
    (1, Fraction(0, 1))
    >>> knock_out(3, temporary_damage(8, 1)).minutes  # Krush and the goblin
    4
"""

from __future__ import annotations

from . import attack as _attack
from . import chase as _chase
from . import conditions as _conditions
from . import core as _core
from . import damage_dice as _damage_dice
from . import magic as _magic
from .attack import *  # noqa: F403
from .chase import *  # noqa: F403
from .conditions import *  # noqa: F403
from .core import *  # noqa: F403
from .damage_dice import *  # noqa: F403
from .glossary import GLOSSARY
from .magic import *  # noqa: F403

__all__: list[str] = ["GLOSSARY"]
__all__ += _attack.__all__
__all__ += _chase.__all__
__all__ += _conditions.__all__
__all__ += _core.__all__
__all__ += _damage_dice.__all__
__all__ += _magic.__all__
