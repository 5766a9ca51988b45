"""Chroniques Oubliées, the combat chapter: the whole rules API in one place.

The rules live in small modules, re-exported here:

* :mod:`.core` -- ability modifiers, the four test dice, tests and attacks;
* :mod:`.conditions` -- harmful conditions, actions of a turn,
  surprise, initiative;
* :mod:`.initiative` -- a typed list of combatants, the order and an ambush;
* :mod:`.attacks` -- attack modifiers, two-weapon fighting, the attack report;
* :mod:`.attack_limits` -- what an attack action may combine;
* :mod:`.attack_roll` -- one seeded attack action, every die shown;
* :mod:`.special` -- concerted attacks and opposed magic;
* :mod:`.damage` -- damage, temporary damage, knock-outs and first aid;
* :mod:`.typed_damage` -- damage dice typed by a reader, costed before any work;
* :mod:`.magic` -- spells that do not stack;
* :mod:`.chase` -- chases: exact odds and seeded replays;
* :mod:`.whole_fight` -- a whole melee fight, round by round: exact odds and a seeded replay;
* :mod:`.reference` -- the quick reference's tables, drawn from the rules;
* :mod:`.records` -- every field of a record checked against its type.

Every calculator of the chapter shows one report of these modules: it holds
the exact answer and rolls itself (``report.roll(random.Random(seed))``).

Example:
    >>> ability_modifier(12), attack(3, 15, die="2d12kh1").critical
    (1, Fraction(0, 1))
    >>> knock_out(3, temporary_damage(8, 1)).minutes  # Krush and the goblin
    4
"""

from __future__ import annotations

from . import attack_limits as _attack_limits
from . import attack_roll as _attack_roll
from . import attacks as _attack
from . import chase as _chase
from . import conditions as _conditions
from . import core as _core
from . import damage as _damage
from . import initiative as _initiative
from . import magic as _magic
from . import reference as _quick_reference
from . import special as _special
from . import typed_damage as _damage_dice
from . import whole_fight as _fight
from .attack_limits import *  # noqa: F403
from .attack_roll import *  # noqa: F403
from .attacks import *  # noqa: F403
from .chase import *  # noqa: F403
from .conditions import *  # noqa: F403
from .core import *  # noqa: F403
from .damage import *  # noqa: F403
from .glossary import GLOSSARY
from .initiative import *  # noqa: F403
from .magic import *  # noqa: F403
from .reference import *  # noqa: F403
from .special import *  # noqa: F403
from .typed_damage import *  # noqa: F403
from .whole_fight import *  # noqa: F403

__all__: list[str] = ["GLOSSARY"]
for _module in (
    _attack,
    _attack_limits,
    _attack_roll,
    _chase,
    _conditions,
    _core,
    _damage,
    _damage_dice,
    _fight,
    _initiative,
    _magic,
    _quick_reference,
    _special,
):
    __all__ += _module.__all__
