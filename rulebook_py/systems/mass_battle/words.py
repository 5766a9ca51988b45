"""The mass_battle domain's keyword functions: every message of its rules and calculators.

``M(template, **params)``, ``MC(context, template, **params)`` and
``MN(singular, plural, count, **params)`` (:func:`rulebook_py.messages.domain`);
``make catalogs`` extracts them into ``rulebook_py/locale/fr/LC_MESSAGES/mass_battle.po``.

Example:
    >>> M("{n} points", n=3).domain
    'mass_battle'
"""

from __future__ import annotations

from ...messages import domain

__all__ = ["MC", "MN", "M"]

M, MC, MN = domain("mass_battle")
