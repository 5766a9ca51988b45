"""Mass battles: the strategic battle system of a French fanzine (GHOULE, 2001).

Two units fight in rounds. Each has an offense and a defense level and a
vitality in percent; every round each deals the 5 % base damage plus 5 % per
net level of its offense over the enemy's defense. This module is the public
face of the system: the tables (:mod:`.tables`), the special
actions (:mod:`.actions`), the round (:mod:`.round`)
and the exact battle odds (:mod:`.odds`), plus the source's two
worked examples.

Example:
    >>> r = brigands_ambush()
    >>> r.damage_to_defender, r.damage_to_attacker
    (20, 5)
    >>> r.attacker.vitality, r.defender.vitality
    (95, 20)
    >>> d = knights_vs_dragon()
    >>> d.damage_to_defender, d.damage_to_attacker, d.attacker.vitality, d.defender.vitality
    (10, 10, 15, 0)
"""

from __future__ import annotations

from . import actions as _actions
from . import declarations as _declarations
from . import examples as _examples
from . import odds as _odds
from . import reference as _reference
from . import round as _round
from . import tables as _tables
from .actions import *  # noqa: F403
from .declarations import *  # noqa: F403
from .examples import *  # noqa: F403
from .glossary import GLOSSARY
from .odds import *  # noqa: F403
from .reference import *  # noqa: F403
from .round import *  # noqa: F403
from .tables import *  # noqa: F403

__all__: list[str] = ["GLOSSARY"]
__all__ += _actions.__all__
__all__ += _declarations.__all__
__all__ += _examples.__all__
__all__ += _odds.__all__
__all__ += _reference.__all__
__all__ += _round.__all__
__all__ += _tables.__all__
