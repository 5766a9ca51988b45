"""Four dice engines side by side, exactly: one exchange, what +1 is worth, the duel to the end.

The rules of each system stay in its own package (``rulebook_py.unisystem``,
``galaxies``, ``chroniques``, ``mass_battle``); this package only puts them
side by side:

* :mod:`.engines` -- the four engines, one step of advantage in each, the
  even fighters (``Baseline``) and the bounds;
* :mod:`.exchanges` -- one exchange: P(better side ahead), the margin and its SD;
* :mod:`.worth` -- what +1 adds at each starting chance (d12 rule and best of
  two d20 included);
* :mod:`.chain` -- the duel as an exact Markov chain over both endurances;
* :mod:`.duels` -- each system's duel to the end and its seeded simulation;
* :mod:`.summary` -- the four systems at one gap (:func:`compare`, the calculator's outcome);
* :mod:`.chapter` -- the chapter's tables and charts as data (``comparison.chapter``);
* :mod:`.glossary` -- the chapter's terms (``GLOSSARY``).

Example:
    >>> from rulebook_py import comparison
    >>> comparison.exchange(comparison.Engine.UNISYSTEM, 1).ahead  # hits and is not hit
    Fraction(288, 625)
    >>> comparison.duel(comparison.Engine.GALAXIES, 0).a_wins  # first to 3 full blows
    Fraction(1, 2)
"""

from __future__ import annotations

from . import chain as _chain
from . import chapter as _chapter
from . import duels as _duel
from . import engines as _engines
from . import exchanges as _exchange
from . import summary as _summary
from . import worth as _worth
from .chain import *  # noqa: F403
from .chapter import *  # noqa: F403
from .duels import *  # noqa: F403
from .engines import *  # noqa: F403
from .exchanges import *  # noqa: F403
from .glossary import GLOSSARY
from .summary import *  # noqa: F403
from .worth import *  # noqa: F403

__all__: list[str] = ["GLOSSARY"]
__all__ += _engines.__all__
__all__ += _exchange.__all__
__all__ += _worth.__all__
__all__ += _chain.__all__
__all__ += _duel.__all__
__all__ += _summary.__all__
__all__ += _chapter.__all__
