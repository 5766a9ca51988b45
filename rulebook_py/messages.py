r"""Messages: every sentence a reader sees, as its id and named parameters, in any language.

The rules never write a sentence for a reader: they return a :class:`Msg`, an
id (the message's English template, as gettext names it, with ``{name}``
fields), the gettext *domain* it belongs to (the shared rules, a system, the
calculators), and its parameters. Numbers, dice and what the reader typed are
parameters and are never translated; a parameter may itself be a message.
One renderer, :meth:`Msg.render`, writes a message in a language: it looks
the id up in the domain's compiled catalog
(``rulebook_py/locale/<lang>/LC_MESSAGES/<domain>.mo``, read by Python's own
:mod:`gettext`, which runs unchanged in the browser), fills the parameters
(numbers the language's way, :func:`rulebook_py.typography.number`) and sets
the result in the language's typography (:func:`rulebook_py.typography.typeset`).

A :class:`Msg` *is* its English text (a ``str``), so ``str()`` of an outcome,
an error or a roll reads as plain English in Python and compares equal to it.

Each domain has its three keyword functions, the ones ``pybabel extract``
reads (``make catalogs``): ``M(template, **params)``, ``MC(context, template,
**params)`` for a word two games say differently, and ``MN(singular, plural,
count, **params)`` for plural forms. A module takes them from its domain's
``words`` module (``from .words import M``).

Example:
    >>> M, MC, MN = domain("calculators")
    >>> msg = M("Roll (seed {seed}):", seed=3)
    >>> msg, msg.render("fr")
    ('Roll (seed 3):', 'Jet (graine 3)\xa0:')
    >>> MN("{n} die", "{n} dice", 2, n=2)
    '2 dice'
    >>> render(join("; ", [msg, "2d6"]), "fr")
    'Jet (graine 3)\xa0:\u202f; 2d6'
"""

from __future__ import annotations

import gettext
import string
from collections.abc import Callable, Iterable, Mapping
from fractions import Fraction
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from . import i18n
from .typography import number, typeset

__all__ = [
    "DOMAINS",
    "LOCALE",
    "MC",
    "MN",
    "M",
    "Msg",
    "domain",
    "join",
    "missing",
    "render",
    "translations",
]

#: The gettext domains: the shared rules, the calculators' shared words, and
#: one a system (its rules and its calculators together).
DOMAINS = ("rulebook", "calculators", "unisystem", "galaxies", "mass_battle", "chroniques")
DOMAINS += ("comparison", "exercises")

#: Where the catalogs are: ``<lang>/LC_MESSAGES/<domain>.po`` and ``.mo``.
LOCALE = Path(__file__).resolve().parent / "locale"

#: Longest whole number written out in a message (digits); a longer one is
#: written as its size (Python refuses to write more than 4,300 digits).
NUMBER_DIGITS = 60

_FORMATTER = string.Formatter()
_PRIVATE = 0xE100  # a parameter's place while the typography runs (a private-use character)

#: Messages looked up in a language whose catalog does not hold them:
#: ``(language, domain, context, id)``. The tests require it to stay empty.
_MISSING: set[tuple[str, str, str | None, str]] = set()


@cache
def translations(code: str, name: str) -> gettext.NullTranslations:
    """The compiled catalog of domain ``name`` in language ``code`` (English: none).

    Example:
        >>> translations("fr", "calculators").gettext("Roll")
        'Lancer'
    """
    path = LOCALE / code / "LC_MESSAGES" / f"{name}.mo"
    if code == i18n.DEFAULT_LANGUAGE or not path.exists():
        return gettext.NullTranslations()
    with path.open("rb") as mo:
        return gettext.GNUTranslations(mo)


@lru_cache(maxsize=4096)
def _parts(template: str) -> tuple[tuple[str, str | None, str, str | None], ...]:
    """The template cut into (literal, field, spec, conversion), once per template."""
    return tuple(
        (literal, field, spec or "", conversion)
        for literal, field, spec, conversion in _FORMATTER.parse(template)
    )


def _digits(value: int) -> Msg:
    """A number too long to write, as its size."""
    bits = abs(value).bit_length()
    if bits <= 4000:
        return M("a number of {n} digits", n=len(str(abs(value))))
    return M("a number of about {n} digits", n=int(bits * 0.30103) + 1)


def _param(value: Any, spec: str, conversion: str | None, code: str) -> tuple[str, bool]:
    """A parameter written in ``code``, and whether it is opaque to the typography."""
    if isinstance(value, Msg):
        return value.render(code), True
    if isinstance(value, bool) or conversion == "r":
        return repr(value), True
    if isinstance(value, Fraction) and value.denominator == 1:
        value = value.numerator
    if isinstance(value, int):
        if abs(value).bit_length() * 0.30103 > NUMBER_DIGITS:
            return _digits(value).render(code), True
        return number(value, code, spec), False
    if isinstance(value, Fraction):
        size = (value.numerator.bit_length() + value.denominator.bit_length()) * 0.30103
        if size > NUMBER_DIGITS:
            return _digits(value.denominator).render(code), True
        return number(value, code, spec), False
    if isinstance(value, float):
        return number(value, code, spec), False
    message = getattr(value, "__message__", None)
    if callable(message):
        return render(message(), code), True
    if isinstance(value, (list, tuple)):
        return join(", ", value).render(code), True
    text = str(value)
    return (format(text, spec) if spec else text), True


def _fill(template: str, params: Mapping[str, Any], code: str) -> str:
    """``template`` with its fields filled in ``code``, set in its typography."""
    out: list[str] = []
    held: list[str] = []
    for literal, field, spec, conversion in _parts(template):
        out.append(literal)
        if field is None:
            continue
        try:
            value = params[field]
        except KeyError:
            raise KeyError(f"message {template!r} has no parameter {field!r}") from None
        text, opaque = _param(value, spec, conversion, code)
        if opaque and code != i18n.DEFAULT_LANGUAGE:
            out.append(chr(_PRIVATE + len(held)))
            held.append(text)
        else:
            out.append(text)
    text = "".join(out)
    if code == i18n.DEFAULT_LANGUAGE:
        return text
    text = typeset(text, code)
    if held:
        text = "".join(
            held[ord(ch) - _PRIVATE] if _PRIVATE <= ord(ch) < _PRIVATE + len(held) else ch
            for ch in text
        )
    return text


def _plural_english(count: int) -> int:
    return 0 if count == 1 else 1


class Msg(str):
    """A message: its id, its domain and its parameters; as a ``str``, its English text.

    Build one with a domain's keyword functions (:func:`domain`), not directly.

    Attributes:
        domain: The gettext domain (``None``: a composition of other messages
            and punctuation, with nothing to translate, e.g. :func:`join`).
        context: The ``msgctxt`` (a word two games say differently), or None.
        template: The English template, the message's id.
        plural: The English plural template, or None.
        count: The number that chooses the plural form, or None.
        params: The parameters, by name.

    Example:
        >>> M("a number of {n} digits", n=-3).render("fr")  # a true minus sign
        'un nombre de −3 chiffres'
    """

    domain: str | None
    context: str | None
    template: str
    plural: str | None
    count: int | None
    params: Mapping[str, Any]

    def __new__(
        cls,
        domain: str | None,
        template: str,
        params: Mapping[str, Any] | None = None,
        *,
        context: str | None = None,
        plural: str | None = None,
        count: int | None = None,
    ) -> Msg:
        """A message of ``domain`` (see the class); its English text is written at once."""
        if not isinstance(template, str) or (plural is not None and not isinstance(plural, str)):
            raise TypeError(f"a message's template must be text, got {type(template).__name__}")
        if domain is not None and domain not in DOMAINS:
            raise ValueError(f"unknown message domain {domain!r}")
        if plural is not None and (isinstance(count, bool) or not isinstance(count, int)):
            raise TypeError("a plural message needs a whole count")
        params = dict(params or {})
        source = template if plural is None or _plural_english(count or 0) == 0 else plural
        self = super().__new__(cls, _fill(source, params, i18n.DEFAULT_LANGUAGE))
        self.domain, self.context, self.template = domain, context, template
        self.plural, self.count, self.params = plural, count, params
        return self

    def __reduce__(self) -> tuple[Callable[..., Msg], tuple[Any, ...]]:
        """Rebuilt from its parts (pickled, copied)."""
        return _rebuild, (
            self.domain,
            self.template,
            dict(self.params),
            self.context,
            self.plural,
            self.count,
        )

    def _source(self, code: str) -> str:
        """The template in ``code``: the catalog's translation, else the English."""
        if self.domain is None:
            return self.template
        english = (
            self.template
            if self.plural is None or _plural_english(self.count or 0) == 0
            else self.plural
        )
        if code == i18n.DEFAULT_LANGUAGE:
            return english
        book = translations(code, self.domain)
        if self.plural is None:
            found = (
                book.gettext(self.template)
                if self.context is None
                else book.pgettext(self.context, self.template)
            )
            lost = found is self.template
        else:
            count = self.count or 0
            if self.context is None:
                found = book.ngettext(self.template, self.plural, count)
            else:
                found = book.npgettext(self.context, self.template, self.plural, count)
            lost = found is self.template or found is self.plural
        if lost:
            _MISSING.add((code, self.domain, self.context, self.template))
            return english
        return found

    def render(self, code: str | None = None) -> str:
        """This message in language ``code`` (default: the current language).

        Example:
            >>> M("a number of {n} digits", n=70).render("fr")
            'un nombre de 70 chiffres'
        """
        code = code or i18n.current_language()
        if code == i18n.DEFAULT_LANGUAGE:
            return str.__str__(self)
        return _fill(self._source(code), self.params, code)

    def with_params(self, **changes: Any) -> Msg:
        """The same message with some parameters changed (e.g. a control's label).

        Example:
            >>> M("{name} must be 1 to 3", name="skill").with_params(name="Skill")
            'Skill must be 1 to 3'
        """
        return Msg(
            self.domain,
            self.template,
            {**self.params, **changes},
            context=self.context,
            plural=self.plural,
            count=self.count,
        )


def _rebuild(
    domain: str | None,
    template: str,
    params: Mapping[str, Any],
    context: str | None,
    plural: str | None,
    count: int | None,
) -> Msg:
    return Msg(domain, template, params, context=context, plural=plural, count=count)


def domain(
    name: str,
) -> tuple[Callable[..., Msg], Callable[..., Msg], Callable[..., Msg]]:
    """The three keyword functions of domain ``name``: ``M``, ``MC`` (context), ``MN`` (plural).

    Example:
        >>> M, MC, MN = domain("rulebook")
        >>> MN("{n} die", "{n} dice", 1, n=1), MC("mass battle", "round")
        ('1 die', 'round')
    """
    if name not in DOMAINS:
        raise ValueError(f"unknown message domain {name!r}")

    def message(template: str, /, **params: Any) -> Msg:
        return Msg(name, template, params)

    def context_message(context: str, template: str, /, **params: Any) -> Msg:
        return Msg(name, template, params, context=context)

    def plural_message(singular: str, plural: str, count: int, /, **params: Any) -> Msg:
        return Msg(name, singular, params, plural=plural, count=count)

    message.__doc__ = f"A message of the {name!r} domain: its English template and parameters."
    context_message.__doc__ = "The same, with a context (a word two games say differently)."
    plural_message.__doc__ = "The same, with plural forms chosen by ``count``."
    return message, context_message, plural_message


#: The shared rules' keyword functions (errors, dice, distributions).
M, MC, MN = domain("rulebook")


def join(separator: str, items: Iterable[Any]) -> Msg:
    """Several messages (or texts, numbers) one after another, with ``separator`` between.

    The separator is punctuation, set in each language's typography.

    Example:
        >>> join(" / ", [1, -2]).render("fr")
        '1 / −2'
    """
    items = list(items)
    sep = separator.replace("{", "{{").replace("}", "}}")
    template = sep.join(f"{{p{i}}}" for i in range(len(items)))
    return Msg(None, template, {f"p{i}": item for i, item in enumerate(items)})


def render(value: Any, code: str | None = None) -> str:
    """Any value as a reader sees it in ``code``: a message rendered, a text as it is.

    A plain ``str`` is shown as it is: it is what the reader typed, a name, or
    dice notation.

    Example:
        >>> render(M("an integer"), "fr"), render("2d6", "fr"), render(-3, "fr")
        ('un entier', '2d6', '−3')
    """
    code = code or i18n.current_language()
    if isinstance(value, Msg):
        return value.render(code)
    if isinstance(value, str):
        return value
    return _param(value, "", None, code)[0]


def missing() -> set[tuple[str, str, str | None, str]]:
    """The messages looked up in a language whose catalog lacks them, since the start.

    Example:
        >>> isinstance(missing(), set)
        True
    """
    return set(_MISSING)
