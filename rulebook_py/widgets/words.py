"""The calculators domain's keyword functions: the words every calculator shares.

The base (title, Roll, Seed, the Python line), the control builders, the
charts, the tables and the dice chapter's calculators. A system's own
calculators speak in that system's domain (``from ..systems.chroniques.words
import M``), so that one game's words never clash with another's.

Example:
    >>> M("Roll").render("fr")
    'Lancer'
"""

from __future__ import annotations

from ..messages import domain, render

__all__ = ["MC", "MN", "M", "shown"]

M, MC, MN = domain("calculators")


def shown(value: object) -> str:
    """A value as the reader sees it in the current language: a message rendered.

    Text that is not a message is what the reader typed, a name or dice
    notation, and is shown as it is.

    Example:
        >>> from rulebook_py.i18n import language
        >>> with language("fr"):
        ...     shown(M("Roll")), shown("Jimmy")
        ('Lancer', 'Jimmy')
    """
    return render(value)
