r"""The reader's language (English or French) and the calculators' numbers in it.

The language is English unless the environment variable ``RULEBOOK_LANGUAGE``
says otherwise (the French book is executed with ``RULEBOOK_LANGUAGE=fr``),
:func:`set_language` changes it, and :func:`language` changes it for a
``with`` block. The words themselves are messages
(:mod:`rulebook_py.messages`), rendered in the current language from the
gettext catalogs.

Numbers follow the language: ``50.00 %`` and ``1,000`` in English,
``50,00 %`` and ``12 000`` in French (a no-break space before ``%``, a narrow
no-break space between the thousands of a number of five digits or more, as
French typography sets them: :mod:`rulebook_py.typography` writes them).

Example:
    >>> with language("fr"):
    ...     decimal(2.4152, 2), percent_sign("50,00"), grouped(10000)
    ('2,42', '50,00\xa0%', '10\u202f000')
    >>> decimal(2.4152, 2), percent_sign("50.00"), grouped(1000)
    ('2.42', '50.00 %', '1,000')
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager

from .typography import number

__all__ = ["DEFAULT_LANGUAGE", "LANGUAGES", "current_language", "decimal", "grouped"]
__all__ += ["language", "localized", "percent_sign", "set_language", "whole"]

#: The languages of the book, English first (the default).
LANGUAGES = ("en", "fr")
DEFAULT_LANGUAGE = "en"

_NBSP = "\u00a0"


def _checked(code: str) -> str:
    if code not in LANGUAGES:
        raise ValueError(f"language {code!r} is not one of {', '.join(LANGUAGES)}")
    return code


_state = {"language": _checked(os.environ.get("RULEBOOK_LANGUAGE") or DEFAULT_LANGUAGE)}


def current_language() -> str:
    """The language the calculators speak now (``"en"`` or ``"fr"``).

    Example:
        >>> current_language() in LANGUAGES
        True
    """
    return _state["language"]


def set_language(code: str) -> None:
    """Speak ``code`` from now on (``"en"`` or ``"fr"``).

    Example:
        >>> before = current_language(); set_language("fr"); current_language()
        'fr'
        >>> set_language(before)
    """
    _state["language"] = _checked(code)


@contextmanager
def language(code: str) -> Iterator[str]:
    """Speak ``code`` inside a ``with`` block, then the language before it.

    Example:
        >>> with language("fr") as code:
        ...     code, current_language()
        ('fr', 'fr')
    """
    before = current_language()
    set_language(code)
    try:
        yield code
    finally:
        set_language(before)


def decimal(value: float, places: int, code: str | None = None) -> str:
    """``value`` with ``places`` decimals, the language's way (:func:`rulebook_py.typography.number`).

    Example:
        >>> decimal(6.5, 2), decimal(-6.5, 2, "fr")
        ('6.50', '−6,50')
    """
    return number(value, code or current_language(), f".{places}f")


def grouped(value: int, code: str | None = None) -> str:
    r"""A whole number with its thousands grouped: ``1,000`` in English, ``12 000`` in French.

    In French, a narrow no-break space between the thousands from five digits
    on (``1000`` stays whole).

    Example:
        >>> grouped(1234567, "fr") == "1\u202f234\u202f567", grouped(1000, "fr"), grouped(1000)
        (True, '1000', '1,000')
    """
    code = code or current_language()
    return number(value, code) if code == "fr" else f"{value:,}"


def localized(number: str, code: str | None = None) -> str:
    """A number written the English way (``6.50``, ``< 0.01``) with the language's decimal sign.

    Example:
        >>> localized("6.50", "fr"), localized("6.50", "en")
        ('6,50', '6.50')
    """
    return number.replace(".", ",") if (code or current_language()) == "fr" else number


def whole(value: int, code: str | None = None) -> str:
    r"""A whole number as the calculators write it: ``12000`` in English, ``12 000`` in French.

    Example:
        >>> whole(12000, "en"), whole(12000, "fr") == "12\u202f000", whole(-3, "fr")
        ('12000', True, '−3')
    """
    return number(value, code or current_language())


def percent_sign(number: str, code: str | None = None) -> str:
    """A number already written, followed by its percent sign (``50,00 %`` with a no-break space).

    Example:
        >>> percent_sign("12.50")
        '12.50 %'
    """
    space = _NBSP if (code or current_language()) == "fr" else " "
    return f"{number}{space}%"
