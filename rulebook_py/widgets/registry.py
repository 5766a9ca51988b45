"""The registry of every calculator, so tests and the benchmark can visit them all.

Each widget module decorates its calculator classes with :func:`register`;
importing :mod:`rulebook_py.widgets` imports every module of the package, so
``CALCULATORS`` is complete without anyone editing a central list.

Example:
    >>> from rulebook_py.widgets import CALCULATORS
    >>> "DiceCalculator" in CALCULATORS
    True
"""

from __future__ import annotations

from typing import TypeVar

__all__ = ["CALCULATORS", "register"]

#: Every registered calculator class, by class name, in registration order.
CALCULATORS: dict[str, type] = {}

T = TypeVar("T", bound=type)


def register(cls: T) -> T:
    """Add a calculator class to :data:`CALCULATORS` (use as a class decorator).

    Example:
        >>> @register
        ... class Demo:
        ...     pass
        >>> CALCULATORS.pop("Demo") is Demo
        True
    """
    CALCULATORS[cls.__name__] = cls
    return cls
