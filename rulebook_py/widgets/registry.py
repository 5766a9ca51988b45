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

    Two calculators may not share a name: the website finds a calculator by
    its class name, and the second would silently replace the first. The
    same class defined again (a module reloaded) replaces itself.

    Raises:
        ValueError: If another class of the same name is registered already.

    Example:
        >>> @register
        ... class Demo:
        ...     pass
        >>> register(type("Demo", (), {"__module__": "elsewhere"}))  # another class, same name
        Traceback (most recent call last):
        ...
        ValueError: two calculators are named 'Demo': rename one of them
        >>> CALCULATORS.pop("Demo").__name__
        'Demo'
    """
    known = CALCULATORS.get(cls.__name__)
    # The same class defined again (a module reloaded, a notebook cell run twice) replaces itself.
    where = (cls.__module__, cls.__qualname__)
    if known is not None and (known.__module__, known.__qualname__) != where:
        raise ValueError(f"two calculators are named {cls.__name__!r}: rename one of them")
    CALCULATORS[cls.__name__] = cls
    return cls
