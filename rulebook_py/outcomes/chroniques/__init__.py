"""Chroniques Oubliées's calculator outcomes: an attack, both sides' conditions, a chase, opposed magic, a whole fight.

* :mod:`.attack` -- :func:`attack_report`: one attack action, every modifier
  as a plain value;
* :mod:`.conditions` -- :func:`conditions_report`: both sides' conditions, a
  declared turn and the attack with and without them;
* :mod:`.chase` -- :func:`chase_report`: a chase set up from plain values
  (:func:`parse_rounds` reads its rounds);
* :mod:`.magic` -- :func:`opposed_magic_report`: an opposed magic attack
  beside the magic DEF of 10 + score;
* :mod:`.whole_fight` -- :func:`fight_between`: a whole fight, each fighter's
  values as keywords (:func:`fight_rows`: the rows shown of it);
* :mod:`.reports` -- :func:`knock_out_rows`, :func:`first_aid_rows`,
  :func:`initiative_rows` (and its notes): the rows the knock-out, first-aid
  and initiative calculators show of the rules' reports;
* :mod:`.choices` -- what the calculators offer to choose from (each
  choice's words and value: the dice, the covers, the chase table...);
* :mod:`.shown` -- :func:`presentation`: what each calculator shows of its
  outcome, as data (tables, notes, charts).

Example:
    >>> from rulebook_py.outcomes import chroniques
    >>> chroniques.parse_rounds("3, 5")
    (frozenset({3, 5}), False)
"""

from __future__ import annotations

from . import attack as _attack
from . import chase as _chase
from . import choices as _choices
from . import conditions as _conditions
from . import magic as _magic
from . import reports as _reports
from . import shown as _shown
from . import whole_fight as _fight
from .attack import *  # noqa: F403
from .chase import *  # noqa: F403
from .choices import *  # noqa: F403
from .conditions import *  # noqa: F403
from .magic import *  # noqa: F403
from .reports import *  # noqa: F403
from .shown import *  # noqa: F403
from .whole_fight import *  # noqa: F403

__all__: list[str] = []
__all__ += _attack.__all__
__all__ += _conditions.__all__
__all__ += _chase.__all__
__all__ += _choices.__all__
__all__ += _magic.__all__
__all__ += _fight.__all__
__all__ += _reports.__all__
__all__ += _shown.__all__
