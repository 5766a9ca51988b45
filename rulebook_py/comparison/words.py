"""The comparison domain's keyword functions: the systems side by side and their calculator.

``M(template, **params)``, ``MC(context, template, **params)`` and
``MN(singular, plural, count, **params)`` (:func:`rulebook_py.messages.domain`);
``make catalogs`` extracts them into ``rulebook_py/locale/fr/LC_MESSAGES/comparison.po``.
A word two games say differently takes the game as its context: ``MC("galaxies", "damage")``.

Example:
    >>> M("{n} points", n=3).domain
    'comparison'
"""

from __future__ import annotations

from ..messages import domain

__all__ = ["MC", "MN", "M"]

M, MC, MN = domain("comparison")
