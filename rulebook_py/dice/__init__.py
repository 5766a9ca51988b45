"""Dice expressions: notation, exact distributions and seeded rolls.

:func:`parse` reads dice notation into a :class:`Dice` expression. A
``Dice`` knows its exact :class:`~rulebook_py.distribution.Distribution`
(``.pmf()``, ``.mean()``, ``.prob_at_least(k)``, comparisons with another
roll), its least and greatest total (``.bounds()``) and its estimated cost
(``.cost()``) without computing anything, and can be rolled with a seeded
:class:`random.Random`, showing every die it threw, every reroll and every
explosion.

Notation read (capital letters are read as small ones; spaces may stand
between the parts of an expression but not inside a pool, which is written
in one piece):

=================  =====================================================
``d20``            one twenty-sided die
``3d6+2``          three six-sided dice plus 2
``2d20kh1``        two d20, keep the highest one (``k1`` means the same)
``2d20kl1``        two d20, keep the lowest one
``d10-3``          a d10 minus 3
``2d6 - 1d4``      difference of two rolls
``-d6``            minus a roll
``4D+2``, ``2D``   dice codes of the d6 system: capital ``D`` with no sides
                   means six-sided dice, ``+2`` are the pips
``d4*3``           multiply by a constant (damage multipliers)
``3d6/2``          divide by a constant, rounded down (halved rolls)
``(d6+1)*2``       parentheses group a part
``3d6!``           exploding dice: a die showing its highest face is rolled
                   again and added, up to 9 extra rolls (``explode_depth``)
``2d6ro1``         each die showing 1 or less is rolled again once
``2d6r2``          each die showing 2 or less is rolled until it shows more
``5d6>=5``         the number of dice showing 5 or more (``<=`` at most)
=================  =====================================================

One die modifier (``!``, ``roK`` or ``rK``) may follow the dice, then either
a keep (``kh``/``kl``) or a count (``>=``/``<=``); ``!`` does not combine with
a count. Only ASCII letters and digits are read (``×`` is accepted for ``*``).

The package holds one module per concern, each a walker over the public
expression tree (:mod:`.tree`): :mod:`.reading` (text to tree),
:mod:`.cost` (the estimate checked before any work), :mod:`.bounds`,
:mod:`.exact` (distributions), :mod:`.rolls`, :mod:`.notation` (canonical
text), and :mod:`.expression` (the :class:`Dice` facade).

Work is bounded before anything is computed: at most :data:`MAX_DICE` dice,
:data:`MAX_SIDES` sides on a die, totals within :data:`MAX_TOTAL`, and an
estimate of the whole expression's computing time of at most
:data:`MAX_SECONDS`. Past a cap, :func:`parse` raises
:class:`~rulebook_py.errors.NotationError`, and
:class:`~rulebook_py.errors.WorkLimitError` (a ``NotationError``) when the
notation reads well but is too costly; nothing hangs.

Example:
    >>> roll = parse("2d20kh1 + 3")
    >>> roll.prob_at_least(20)
    Fraction(9, 25)
    >>> print(roll.roll(random.Random(7)))
    2d20kh1 [11, 5~] + 3 = 14
    >>> print(parse("3d6!").roll(random.Random(5)))
    3d6! [5, 3, 6+3] = 17
"""

from __future__ import annotations

import random  # noqa: F401  (used by the examples)

from . import bounds as _bounds
from . import cost as _cost
from . import exact as _exact
from . import expression as _expression
from . import limits as _limits
from . import notation as _notation
from . import reading as _reading
from . import rolls as _rolls
from . import tree as _tree
from .bounds import *  # noqa: F403
from .cost import *  # noqa: F403
from .exact import *  # noqa: F403
from .expression import *  # noqa: F403
from .limits import *  # noqa: F403
from .notation import *  # noqa: F403
from .reading import *  # noqa: F403
from .rolls import *  # noqa: F403
from .tree import *  # noqa: F403

__all__: list[str] = []
for _module in (
    _limits,
    _tree,
    _reading,
    _cost,
    _bounds,
    _exact,
    _rolls,
    _notation,
    _expression,
):
    __all__ += _module.__all__
del _module
