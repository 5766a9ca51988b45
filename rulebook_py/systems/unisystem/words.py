"""The unisystem domain's keyword functions: every message of its rules and calculators.

``M(template, **params)``, ``MC(context, template, **params)`` and
``MN(singular, plural, count, **params)`` (:func:`rulebook_py.messages.domain`);
``make catalogs`` extracts them into ``rulebook_py/locale/fr/LC_MESSAGES/unisystem.po``.

Example:
    >>> M("{n} points", n=3).domain
    'unisystem'
"""

from __future__ import annotations

from ...messages import Msg, domain, join

__all__ = ["MC", "MN", "M", "typed"]

M, MC, MN = domain("unisystem")


def typed(text: str) -> Msg:
    """What the reader typed (a name, a side, a label), as a message shown as it is.

    A plain text shown to a reader goes through the calculators' translation
    of English words; what was typed must never be translated, whatever it
    says, so it is shown as a message of its own with nothing to translate.

    Example:
        >>> typed("Attacker").render("fr")
        'Attacker'
    """
    return join("", [text])
