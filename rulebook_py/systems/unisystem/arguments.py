"""The checks of every argument at the boundary: one helper per kind of value.

Every public function and record type of the Unisystem facade checks each of
its parameters before any work, with the helper of its kind: a whole number
(:func:`rulebook_py.errors.check_int`), a switch (:func:`check_bool`), a choice
of an enumeration (:func:`rulebook_py.errors.check_enum`, or :func:`parse_enum` where a name or
the source's French label is accepted too), text (:func:`check_text`), a
random generator (:func:`check_rng`), the core die (:func:`check_core`), a
record of the package (:func:`check_record`, through
:func:`rulebook_py.errors.check_type`). A record checks every field
against its annotation (:func:`check_fields`). A refusal is a
:class:`~rulebook_py.errors.RuleValueError` naming the parameter (its
``field``), saying what is allowed and quoting what was given
(:func:`~rulebook_py.errors.quote`: at most about 60 characters, never a
number of 5,000 digits).

Example:
    >>> check_bool(True, "averaged")
    True
    >>> check_bool(1, "averaged")
    Traceback (most recent call last):
    ...
    rulebook_py.errors.RuleValueError: averaged must be True or False, got 1 (int)
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Mapping
from enum import Enum
from fractions import Fraction
from functools import cache
from typing import Any, TypeVar

from ...distribution import Distribution
from ...errors import (
    RuleValueError,
    check_bool,
    check_characters,
    check_int,
    check_rng,
    check_type,
    quote,
)
from ...messages import Msg
from .words import M

__all__ = [
    "MAX_FRACTION_BITS",
    "MAX_ITEMS",
    "MAX_WHOLE",
    "check_bool",
    "check_distribution",
    "check_fields",
    "check_record",
    "check_rng",
    "check_text",
    "exact_chance",
    "fits",
    "parse_enum",
    "renamed",
]

#: Largest whole number a record's field or a text helper accepts (in size).
MAX_WHOLE = 10**18
#: Largest exact fraction a record holds: numerator and denominator of at most
#: this many bits (about 3,000 digits, so that it always prints).
MAX_FRACTION_BITS = 10_000
#: Most items a record's tuple or mapping holds.
MAX_ITEMS = 10_000

E = TypeVar("E", bound=Enum)
R = TypeVar("R")


def _kind(value: object) -> str:
    return type(value).__name__


def _names(cls: type[Enum]) -> str:
    return ", ".join(m.name.lower() for m in cls)


def _name(name: object, what: str = "name") -> str:
    """The name of the parameter a helper checks: short text."""
    if not isinstance(name, str) or not 0 < len(name) <= 100:
        raise RuleValueError(
            M(
                "{name} must be the name of a parameter (text of 1 to 100 characters), got {got}",
                name=what,
                got=quote(name),
            ),
            field=what,
        )
    return name


def _class(cls: object, base: type, what: str = "cls") -> None:
    """The class a helper checks against: a class (an enumeration for an enum)."""
    if not (isinstance(cls, type) and issubclass(cls, base)):
        raise RuleValueError(
            M("{name} must be a class, got {got}", name=what, got=quote(cls)), field=what
        )


def parse_enum(value: object, cls: type[E], field: str) -> E:
    """Read an enum member from itself, its name or its French label.

    Args:
        value: A member, a name (``"long"``) or a label (``"Longue"``).
        cls: The enumeration.
        field: Parameter name for the error.

    Raises:
        RuleValueError: For anything else, listing the allowed names.

    Example:
        >>> from .combat import RangeBand
        >>> parse_enum("longue", RangeBand, "range_band"), parse_enum("SHORT", RangeBand, "r")
        (unisystem.RangeBand.LONG, unisystem.RangeBand.SHORT)
    """
    _name(field, "field")
    _class(cls, Enum)
    if isinstance(value, cls):
        return value
    if isinstance(value, str) and len(value) <= 100:
        key = value.strip().lower().replace(" ", "_").replace("-", "_")
        for member in cls:
            label = str(getattr(member, "label", "")).lower().replace(" ", "_")
            if key in (member.name.lower(), label):
                return member
    raise RuleValueError(
        M(
            "{name} must be one of {names}; got {got}",
            name=field,
            names=_names(cls),
            got=quote(value),
        ),
        field=field,
        value=value,
    )


def check_text(value: object, name: str, *, limit: int | None = None) -> str:
    """``value`` if it is text (of at most ``limit`` characters), else a refusal.

    Example:
        >>> check_text("Jimmy", "name")
        'Jimmy'
        >>> check_text(3, "name")
        Traceback (most recent call last):
        ...
        rulebook_py.errors.RuleValueError: name must be text, got 3 (int)
        >>> check_text("Bo" + chr(0xD800), "name")
        Traceback (most recent call last):
        ...
        rulebook_py.errors.RuleValueError: name holds a character that is no text (a lone surrogate), got 'Bo\ud800'
    """
    _name(name)
    if limit is not None:
        check_int(limit, "limit", 0, MAX_WHOLE)
    check_characters(value, name)  # text, and no lone surrogate
    if limit is not None and len(value) > limit:
        raise RuleValueError(
            M(
                "{name} must be text of at most {limit} characters, got {got}",
                name=name,
                limit=limit,
                got=quote(value),
            ),
            field=name,
            value=value,
        )
    return value


def check_record(value: object, cls: type[R], name: str) -> R:
    """``value`` if it is a ``cls`` (a record of the package), else a refusal naming ``name``.

    The check is :func:`rulebook_py.errors.check_type`, what is expected named
    after the class.

    Example:
        >>> check_record(3, Fraction, "chance")
        Traceback (most recent call last):
        ...
        rulebook_py.errors.RuleValueError: chance must be a Fraction, got 3
    """
    _class(cls, object)
    return check_type(value, cls, name, M("a {record}", record=cls.__name__))


class renamed:
    """Re-raise a rule error about a parameter under the name of another one.

    A rule built from smaller rules names its own parameters: an error about
    the inner ``dexterity`` becomes one about the outer ``attacker_dexterity``
    (every parameter of the message, nested messages included, that names it).

    Args:
        names: Inner parameter name -> outer parameter name (at most 100 pairs).

    Example:
        >>> try:
        ...     with renamed({"dexterity": "attacker_dexterity"}):
        ...         check_int(-1, "dexterity", 0, 30)
        ... except RuleValueError as err:
        ...     print(err.field, "|", err)
        attacker_dexterity | attacker_dexterity must be an integer from 0 to 30, got -1
        >>> renamed({"sides": "damage_die"}).names
        {'sides': 'damage_die'}
    """

    def __init__(self, names: Mapping[str, str]) -> None:
        if not isinstance(names, Mapping) or len(names) > 100:
            raise RuleValueError(
                M("names must be a mapping of names, got {got}", got=quote(names)), field="names"
            )
        for old, new in names.items():
            _name(old, "names")
            _name(new, "names")
        #: Inner parameter name -> outer parameter name.
        self.names = dict(names)

    def __enter__(self) -> None:
        """Nothing to set up."""

    def __exit__(self, kind: object, err: BaseException | None, _trace: object) -> None:
        """Re-raise a :class:`RuleValueError` about an inner name under the outer one."""
        if not isinstance(err, RuleValueError):
            return
        new = self.names.get(err.field or "")
        if new is None:
            return
        message = _rename(err.message, err.field or "", new)
        raise RuleValueError(message, field=new, allowed=err.allowed, value=err.value) from None


def _rename(message: object, old: str, new: str) -> Any:
    """``message`` with every parameter (nested ones too) equal to ``old`` set to ``new``."""
    if isinstance(message, Msg):
        changes = {}
        for key, value in message.params.items():
            if isinstance(value, Msg):
                changes[key] = _rename(value, old, new)
            elif type(value) is str and value == old:
                changes[key] = new
        return message.with_params(**changes) if changes else message
    if isinstance(message, str) and message.startswith(old + " "):
        return new + message[len(old) :]
    return message


# ------------------------------------------------------------------ records
@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def _allowed(hint: Any) -> Msg:
    """What a field of this annotation holds, as a message says it."""
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        return M(
            "{a} or {b}", a=_allowed(typing.get_args(hint)[0]), b=_allowed(typing.get_args(hint)[1])
        )
    if hint is type(None):
        return M("None")
    if hint is bool:
        return M("True or False")
    if hint is int:
        return M("an integer")
    if hint is str:
        return M("text")
    if origin is tuple:
        return M("a tuple")
    if origin is dict:
        return M("a dict")
    if isinstance(hint, type):
        return M("a {record}", record=hint.__name__)
    return M("a value")


def fits(value: Any, hint: Any) -> bool:
    """Whether ``value`` has the type ``hint`` names (the items of a tuple or dict too).

    The test :func:`check_fields` makes of each field against its annotation:
    a whole number within :data:`MAX_WHOLE`, a ``Fraction`` of at most
    :data:`MAX_FRACTION_BITS` bits, a tuple or dict of at most :data:`MAX_ITEMS`.

    Example:
        >>> fits((1, "a"), tuple[int, str]), fits(True, int), fits(None, int | None)
        (True, False, True)
    """
    origin = typing.get_origin(hint)
    if hint is Any or hint is object:
        return True
    if origin in (typing.Union, types.UnionType):
        return any(fits(value, h) for h in typing.get_args(hint))
    if hint is type(None):
        return value is None
    if hint is bool:
        return isinstance(value, bool)
    if hint is int:
        return (
            isinstance(value, int)
            and not isinstance(value, bool)
            and -MAX_WHOLE <= value <= MAX_WHOLE
        )
    if hint is Fraction:
        if isinstance(value, bool) or not isinstance(value, (int, Fraction)):
            return False
        value = Fraction(value) if isinstance(value, int) else value
        return (
            max(value.numerator.bit_length(), value.denominator.bit_length()) <= MAX_FRACTION_BITS
        )
    if hint is str:
        return isinstance(value, str)
    if origin is tuple:
        if not isinstance(value, tuple) or len(value) > MAX_ITEMS:
            return False
        args = typing.get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            return all(fits(v, args[0]) for v in value)
        return len(args) == len(value) and all(fits(v, h) for v, h in zip(value, args))
    if origin is dict:
        if not isinstance(value, dict) or len(value) > MAX_ITEMS:
            return False
        key, item = typing.get_args(hint)
        return all(fits(k, key) and fits(v, item) for k, v in value.items())
    if isinstance(hint, type):
        return isinstance(value, hint)
    return True  # pragma: no cover - every annotation of the records is above


def check_fields(record: object) -> None:
    """Check every field of a dataclass record against its annotation, in order.

    Whole numbers are within ±:data:`MAX_WHOLE`, exact fractions within
    :data:`MAX_FRACTION_BITS` bits (so a record always prints), tuples and
    mappings hold at most :data:`MAX_ITEMS` items of the annotated types.

    Raises:
        RuleValueError: Naming the first field that does not fit.

    Example:
        >>> from .core import CoreRoll, CoreDie
        >>> CoreRoll(CoreDie.D10, (7,), "7")
        Traceback (most recent call last):
        ...
        rulebook_py.errors.RuleValueError: value must be an integer, got '7' (str)
        >>> check_fields(CoreRoll(CoreDie.D10, (7,), 7)) is None
        True
    """
    if not dataclasses.is_dataclass(record) or isinstance(record, type):
        raise RuleValueError(
            M("record must be a dataclass record, got {got}", got=quote(record)), field="record"
        )
    hints = _hints(type(record))
    for spec in dataclasses.fields(record):
        value = getattr(record, spec.name)
        hint = hints[spec.name]
        if hint is int or (
            typing.get_origin(hint) in (typing.Union, types.UnionType)
            and int in typing.get_args(hint)
            and value is not None
        ):
            check_int(value, spec.name, -MAX_WHOLE, MAX_WHOLE)
        if not fits(value, hint):
            raise RuleValueError(
                M(
                    "{name} must be {allowed}, got {got} ({kind})",
                    name=spec.name,
                    allowed=_allowed(hint),
                    got=quote(value),
                    kind=_kind(value),
                ),
                field=spec.name,
                value=value,
            )


def exact_chance(value: object, name: str) -> Fraction:
    """A probability: an exact fraction from 0 to 1.

    Example:
        >>> exact_chance(Fraction(1, 2), "hit_chance")
        Fraction(1, 2)
    """
    _name(name)
    if isinstance(value, bool) or not isinstance(value, (int, Fraction)) or not 0 <= value <= 1:
        raise RuleValueError(
            M(
                "{name} must be an exact chance from 0 to 1 (a Fraction), got {got} ({kind})",
                name=name,
                got=quote(value),
                kind=_kind(value),
            ),
            field=name,
            value=value,
        )
    value = Fraction(value)
    if max(value.numerator.bit_length(), value.denominator.bit_length()) > MAX_FRACTION_BITS:
        raise RuleValueError(
            M(
                "{name} must be a Fraction of at most about 3000 digits, got {got}",
                name=name,
                got=quote(value.denominator),
            ),
            field=name,
            value=value,
        )
    return value


def check_distribution(value: object, name: str) -> Distribution:
    """``value`` if it is a :class:`~rulebook_py.distribution.Distribution`, else a refusal.

    Example:
        >>> check_distribution(Distribution.uniform(4), "hits").max_value
        4
        >>> from rulebook_py.systems.unisystem import core_distribution
        >>> check_distribution(core_distribution(), "core").max_value
        10
    """
    return check_record(value, Distribution, name)
