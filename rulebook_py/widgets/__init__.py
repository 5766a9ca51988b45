"""The widget layer: one calculator module per system, all registered.

Importing this package imports every module in it, so that
:data:`CALCULATORS` lists every calculator class.

Example:
    >>> from rulebook_py.widgets import CALCULATORS, Calculator
    >>> all(issubclass(c, Calculator) for c in CALCULATORS.values())
    True
"""

from __future__ import annotations

import importlib
import pkgutil

from .base import Calculator
from .registry import CALCULATORS, register

__all__ = ["CALCULATORS", "Calculator", "register"]

for _module in sorted(m.name for m in pkgutil.iter_modules(__path__)):
    importlib.import_module(f"{__name__}.{_module}")
