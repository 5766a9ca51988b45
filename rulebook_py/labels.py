"""One base for the games' closed lists: each member keeps the source's French label.

Every system names its choices in English (``Cover.PARTIAL``) and keeps the
source's French term as the member's ``label``; the member's ``repr`` is the
Python that names it through its system's facade (``chroniques.Cover.PARTIAL``),
so a "same answer in Python" line that holds a member runs as written.

:class:`LabelledEnum` is the base: a member's value is its label, or a tuple
whose first item is the label (a member may define ``label`` otherwise).
Two layouts the systems share are written once here: :class:`NamedEnum`
(``(english, label)``) and :class:`ModifierEnum` (``(modifier, label)``).

Example:
    >>> from rulebook_py.systems.chroniques import Cover
    >>> Cover.PARTIAL, Cover.PARTIAL.label
    (chroniques.Cover.PARTIAL, 'à couvert')
"""

from __future__ import annotations

from enum import Enum
from typing import Any

from .errors import enum_name

__all__ = ["LabelledEnum", "ModifierEnum", "NamedEnum"]


class _Label:
    """A member's French label read from its value (the value, or its first item).

    A descriptor that only reads: a member that stores its own ``label`` (or a
    class that defines a ``label`` property) keeps it.
    """

    def __get__(self, member: Any, owner: type | None = None) -> Any:
        if member is None:
            return self
        value = member.value
        return value if isinstance(value, str) else value[0]


class LabelledEnum(Enum):
    """Base of every system's closed lists: the French label, and a ``repr`` that is Python.

    A member's value is the label itself, or a tuple whose first item is the
    label.

    Example:
        >>> class Side(LabelledEnum):
        ...     LEFT = "Gauche"
        ...     RIGHT = ("Droite", "the other one")
        >>> Side.LEFT.label, Side.RIGHT.label
        ('Gauche', 'Droite')
        >>> from rulebook_py.systems.galaxies import Rounding
        >>> Rounding.DOWN
        galaxies.Rounding.DOWN
    """

    label = _Label()

    def __repr__(self) -> str:
        """The member as Python that needs only its system's facade (``galaxies.Rounding.UP``)."""
        return f"{enum_name(type(self))}.{self.name}"


class NamedEnum(LabelledEnum):
    """Closed lists valued ``(english, label)``: this book's English name, the source's French term.

    Example:
        >>> class Light(NamedEnum):
        ...     DAY = ("day", "Jour")
        >>> Light.DAY.english, Light.DAY.label
        ('day', 'Jour')
    """

    def __init__(self, english: str, label: str) -> None:
        self.english = english
        self.label = label


class ModifierEnum(LabelledEnum):
    """Closed lists valued ``(modifier, label)``: what the choice adds, the source's French term.

    Example:
        >>> class Cover(ModifierEnum):
        ...     PARTIAL = (-2, "à couvert")
        >>> Cover.PARTIAL.modifier, Cover.PARTIAL.label
        (-2, 'à couvert')
    """

    def __init__(self, modifier: int, label: str) -> None:
        self.modifier = modifier
        self.label = label
