r"""The reader's language: the calculators' words and numbers, English or French.

One message catalog per language, ``rulebook_py/locale/<lang>/LC_MESSAGES/``:
gettext ``.po`` files, one per part of the package (``rulebook_py.po`` for the
shared words, one per calculator module or system), read here by a small parser
(the package must run unchanged in the browser). A message is looked up by its English text; a message the catalog
does not hold stays English. The language is English unless the environment
variable ``RULEBOOK_LANGUAGE`` says otherwise (the French book is executed with
``RULEBOOK_LANGUAGE=fr``), :func:`set_language` changes it, and :func:`language`
changes it for a ``with`` block.

Composed text (a sentence of the rules with numbers and names in it, a roll's
line, an error message) is translated by :func:`translate_message`: a catalog
msgid with ``{name}`` fields is a template, read against the English text as a
regular expression, and its translation is filled with the captured values,
each translated in turn. So the rules keep writing English, and the
calculators' choke points (control builders, charts, tables, messages) show
every text through it.

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
import re
from collections.abc import Iterator
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path

from .typography import number

__all__ = ["DEFAULT_LANGUAGE", "LANGUAGES", "catalog", "current_language", "decimal"]
__all__ += ["pgettext"]
__all__ += ["gettext", "grouped", "language", "parse_po", "percent_sign", "set_language"]
__all__ += ["NUMBER_FIELDS", "localized", "translate_message", "whole"]

#: The languages of the book, English first (the default).
LANGUAGES = ("en", "fr")
DEFAULT_LANGUAGE = "en"

_LOCALE = Path(__file__).resolve().parent / "locale"
_NBSP, _NNBSP = "\u00a0", "\u202f"


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


_STRING = re.compile(r'"((?:[^"\\]|\\.)*)"')
_ESCAPES = {"n": "\n", "t": "\t", '"': '"', "\\": "\\"}


def _unquote(line: str) -> str:
    match = _STRING.search(line)
    body = match.group(1) if match else ""
    return re.sub(r"\\(.)", lambda m: _ESCAPES.get(m.group(1), m.group(1)), body)


def parse_po(text: str) -> dict[str, str]:
    r"""The translated entries of a gettext ``.po`` text: English text to translation.

    Entries left empty or marked ``fuzzy`` are left out (the English stays).

    Example:
        >>> parse_po('msgid "Roll"\nmsgstr "Lancer"\n\n#, fuzzy\nmsgid "Copy"\nmsgstr "Copier"\n')
        {'Roll': 'Lancer'}
    """
    entries: dict[str, str] = {}
    fuzzy, field, parts = False, None, {"msgid": "", "msgstr": ""}

    def close() -> None:
        if parts["msgid"] and parts["msgstr"] and not fuzzy:
            entries[parts["msgid"]] = parts["msgstr"]

    for raw in [*text.splitlines(), ""]:
        line = raw.strip()
        if not line:
            close()
            fuzzy, field, parts = False, None, {"msgid": "", "msgstr": ""}
        elif line.startswith("#,"):
            fuzzy = fuzzy or "fuzzy" in line
        elif line.startswith("#"):
            continue
        elif line.startswith(("msgid ", "msgstr ")):
            field = line.split()[0]
            parts[field] = _unquote(line)
        elif line.startswith('"') and field:
            parts[field] += _unquote(line)
    return entries


@lru_cache(maxsize=len(LANGUAGES))
def catalog(code: str) -> dict[str, str]:
    """Every translated message of a language (empty for English, the source language).

    Example:
        >>> catalog("en")
        {}
    """
    if _checked(code) == DEFAULT_LANGUAGE:
        return {}
    entries: dict[str, str] = {}
    for path in sorted((_LOCALE / code / "legacy").glob("*.po")):
        entries.update(parse_po(path.read_text(encoding="utf-8")))
    return entries


def gettext(message: str, code: str | None = None) -> str:
    """``message`` (its English text) in the current language, or in ``code``.

    Example:
        >>> gettext("Roll", "en")
        'Roll'
    """
    return catalog(code or current_language()).get(message, message)


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


_FIELD = re.compile(r"\{(\w+)\}")
#: Fields of a template that capture a whole number only (``3``, ``−2``, ``1,000``),
#: so that ``"{roll} → {count} in"`` cannot cut a text at the wrong arrow.
NUMBER_FIELDS = frozenset("count number n low high seed level hits wounds got".split())
_WHOLE = r"[-+−]?\d[\d,\u202f]*"


def _pattern(msgid: str) -> re.Pattern[str]:
    """A template msgid as a regular expression: each ``{name}`` captures (non-greedy)."""
    seen: set[str] = set()
    parts, last = [], 0
    for match in _FIELD.finditer(msgid):
        name = match.group(1)
        parts.append(re.escape(msgid[last : match.start()]))
        capture = _WHOLE if name in NUMBER_FIELDS else ".+?"
        parts.append(f"(?P={name})" if name in seen else f"(?P<{name}>{capture})")
        seen.add(name)
        last = match.end()
    parts.append(re.escape(msgid[last:]))
    return re.compile("".join(parts), re.DOTALL)


@lru_cache(maxsize=len(LANGUAGES))
def _templates(code: str) -> list[tuple[re.Pattern[str], str]]:
    """The catalog's template entries (with ``{name}`` fields), most literal text first."""
    found = [(msgid, text) for msgid, text in catalog(code).items() if _FIELD.search(msgid)]
    # A template needs a word of its own (3 letters or more), else it would match any text.
    found = [(m, t) for m, t in found if re.search(r"[^\W\d_]{3}", _FIELD.sub("", m))]
    found.sort(key=lambda entry: -len(_FIELD.sub("", entry[0])))  # the most specific first
    return [(_pattern(msgid), text) for msgid, text in found]


_NUMBER = re.compile(r"-?\d{1,3}(?:,\d{3})+(?:\.\d+)?|-?\d+\.\d+")


def _value(value: str, code: str, depth: int) -> str:
    """A captured value: an English number (``1,000``, ``0.25``) the language's way, else translated."""
    if _NUMBER.fullmatch(value):
        whole, _point, part = value.partition(".")
        text = grouped(abs(int(whole.replace(",", ""))), code) + ("," + part if part else "")
        return "-" * whole.startswith("-") + text
    return _translated(value, code, depth + 1) if depth < 4 else value


def _balanced(text: str) -> bool:
    """Whether every bracket of ``text`` closes (a captured value never cuts a bracket)."""
    depth = {"(": 0, "[": 0}
    for ch in re.sub(r"'[^']*'", "", text):  # a quoted bracket is text, not a bracket
        if ch in "([":
            depth[ch] += 1
        elif ch in ")]":
            depth["(" if ch == ")" else "["] -= 1
            if min(depth.values()) < 0:
                return False
    return not any(depth.values())


_PARENS = re.compile(r"\(([^()]*(?:\([^()]*\)[^()]*)*)\)")


@lru_cache(maxsize=8192)
def _translated(message: str, code: str, depth: int = 0) -> str:
    entries = catalog(code)
    core = message.strip()
    if core != message:  # the spaces around a line stay as they are
        if not core:
            return message
        start = message.index(core)
        return message[:start] + _translated(core, code, depth) + message[start + len(core) :]
    if message in entries:
        return entries[message]
    for pattern, text in _templates(code):
        match = pattern.fullmatch(message)
        if match and all(_balanced(v) for v in match.groups()):
            values = {name: _value(value, code, depth) for name, value in match.groupdict().items()}
            return _FIELD.sub(lambda m, v=values: v.get(m.group(1), m.group(0)), text)
    if depth < 3:  # no template: the parts in brackets, each as a message
        inner = lambda m: f"({_translated(m.group(1), code, depth + 1)})"  # noqa: E731
        return _PARENS.sub(inner, message)
    return message


def translate_message(message: str, code: str | None = None) -> str:
    """``message`` (English text, perhaps composed) in the current language, or in ``code``.

    An exact catalog entry wins; else the first catalog msgid with ``{name}``
    fields that matches the whole text (each field as a regular expression
    capture, longest literal text tried first) gives its translation, filled
    with the captured values, each translated in turn where the catalog
    holds it. A field named in :data:`NUMBER_FIELDS` (``{count}``, ``{low}``…)
    captures a whole number only. A message no entry matches has its parts in brackets translated
    (``+3 (skill)``), the rest stays English. A template whose own
    text has no word of three letters (``"{label}: {message}"``) is never
    matched (it would match anything): it is only used through :func:`gettext`.

    Example:
        >>> translate_message("Roll (seed 3):", "en")
        'Roll (seed 3):'
        >>> translate_message("Roll (seed 3):", "fr")
        'Jet (graine 3) :'
    """
    code = code or current_language()
    if code == DEFAULT_LANGUAGE or not isinstance(message, str):
        return message
    return _translated(message, code)


def pgettext(context: str, message: str) -> str:
    """``message`` as the ``context`` words it (catalog entry ``context|message``), else as usual.

    One English word can need two French ones: "round" is a *tour* in one
    game and a *ronde* in another.

    Example:
        >>> pgettext("mass battle", "round")
        'round'
    """
    key = f"{context}|{message}"
    found = gettext(key)
    return gettext(message) if found == key else found
