"""Unisystem's calculator outcomes: every name of its modules' ``__all__``.

* :mod:`.basics` -- what the basics calculators show (:func:`check`,
  :func:`contest_report`, :func:`core_die_comparison`);
* :mod:`.combat` -- what the melee and ranged calculators show (:func:`melee`,
  :func:`ranged`);
* :mod:`.fight` -- what the whole-fight calculator shows (:func:`fight_between`);
* :mod:`.choices` -- what the calculators offer to choose from (each choice's
  words and value);
* :mod:`.shown` -- what every calculator shows of its outcome, as data
  (:func:`presentation`: rows, charts, a note; :func:`roll_lines`).

Example:
    >>> from rulebook_py import outcomes, unisystem
    >>> outcomes.unisystem.contest_report(unisystem.ContestType.GENERIC, 3, 3).one.a_wins
    Fraction(9, 20)
"""

from __future__ import annotations

from . import basics as _basics
from . import choices as _choices
from . import combat as _combat
from . import fight as _fight
from . import shown as _shown
from .basics import *  # noqa: F403
from .choices import *  # noqa: F403
from .combat import *  # noqa: F403
from .fight import *  # noqa: F403
from .shown import *  # noqa: F403

__all__: list[str] = []
__all__ += _basics.__all__
__all__ += _choices.__all__
__all__ += _combat.__all__
__all__ += _fight.__all__
__all__ += _shown.__all__
