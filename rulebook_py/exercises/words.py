"""The exercises domain's keyword functions: every message of the "Predict, then check" boxes.

``M(template, **params)``, ``MC(context, template, **params)`` and
``MN(singular, plural, count, **params)`` (:func:`rulebook_py.messages.domain`);
``make catalogs`` extracts them into ``rulebook_py/locale/fr/LC_MESSAGES/exercises.po``.

Example:
    >>> M("Check").domain
    'exercises'
"""

from __future__ import annotations

from ..messages import domain

__all__ = ["MC", "MN", "M"]

M, MC, MN = domain("exercises")
