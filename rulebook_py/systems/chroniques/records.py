"""Chroniques Oubliées: every field of a record checked against its type when it is built.

The chapter's records (an attack's report, a roll, a fight's round...) are
frozen dataclasses. Built by the rules they always hold the right types; built
by hand in Python they are checked the same way as a function's parameters:
:func:`check_fields` reads each field's annotation and refuses, with a
:class:`~rulebook_py.errors.RuleValueError` naming the field, a value of
another type (``None`` where ``None`` is not allowed, ``"3"`` or ``3.5`` for
a whole number, ``1`` for ``True``...), and a whole number outside the bounds
the record gives.

Example:
    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class Score:
    ...     points: int
    ...     def __post_init__(self) -> None:
    ...         check_fields(self, points=(0, 10))
    >>> Score(3).points
    3
    >>> Score("3")
    Traceback (most recent call last):
    ...
    rulebook_py.errors.RuleValueError: points must be an integer, got '3' (str)
"""

from __future__ import annotations

import dataclasses
import sys
import types
import typing
from collections.abc import Mapping
from fractions import Fraction
from functools import cache
from typing import Any

from ...errors import RuleValueError, check_int, quote
from .words import M

__all__ = ["check_fields"]

#: Most items a tuple, set or dict field of a record may hold.
MAX_FIELD_ITEMS = 10_000


@cache
def _hints(cls: type) -> dict[str, Any]:
    """The resolved annotations of a record class (read once a class)."""
    module = sys.modules[cls.__module__]
    return typing.get_type_hints(cls, globalns=dict(vars(module)))


def check_fields(record: object, **bounds: tuple[int | None, int | None]) -> None:
    """Check every field of the dataclass ``record`` against its annotation.

    Args:
        record: A dataclass instance (a record of the chapter).
        **bounds: ``field=(least, greatest)`` for whole-number fields (None: no bound).

    Raises:
        RuleValueError: ``field`` set to the first field at fault.

    Example:
        >>> from rulebook_py.systems.chroniques import AttackRoll
        >>> AttackRoll(("a miss",), lethal=-1)
        Traceback (most recent call last):
        ...
        rulebook_py.errors.RuleValueError: lethal must be an integer from 0 to 10000, got -1
    """
    if not dataclasses.is_dataclass(record) or isinstance(record, type):
        raise RuleValueError(
            M("{name} must be a record (a dataclass), got {got}", name="record", got=quote(record)),
            field="record",
        )
    hints = _hints(type(record))
    for item in dataclasses.fields(record):
        value = getattr(record, item.name)
        _check(value, hints.get(item.name, Any), item.name)
        if item.name in bounds:
            check_int(value, item.name, *bounds[item.name])


def _refuse(value: object, name: str, kind: object) -> typing.NoReturn:
    raise RuleValueError(
        M(
            "{name} must be {kind}, got {got} ({type})",
            name=name,
            kind=kind,
            got=quote(value),
            type=type(value).__name__,
        ),
        field=name,
        allowed=kind if isinstance(kind, str) else None,
        value=value,
    )


def _sized(value: typing.Sized, name: str) -> None:
    if len(value) > MAX_FIELD_ITEMS:
        raise RuleValueError(
            M(
                "{name} must hold at most {n} items, got {got}",
                name=name,
                n=MAX_FIELD_ITEMS,
                got=quote(value),
            ),
            field=name,
        )


def _check(value: object, hint: Any, name: str) -> None:
    """Refuse ``value`` unless it has the type ``hint`` names."""
    if hint is Any or hint is object:
        return
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        if value is None and type(None) in args:
            return
        kinds = [a for a in args if a is not type(None)]
        for kind in kinds:
            try:
                _check(value, kind, name)
            except RuleValueError:
                continue
            return
        _check(value, kinds[0], name)  # the first kind's message
        return
    if hint is type(None):
        if value is not None:
            _refuse(value, name, M("None"))
        return
    if hint is bool:
        if not isinstance(value, bool):
            _refuse(value, name, M("True or False"))
        return
    if hint is int:
        check_int(value, name)
        return
    if hint is str:
        if not isinstance(value, str):
            _refuse(value, name, M("text"))
        return
    if hint is Fraction:
        if isinstance(value, bool) or not isinstance(value, (int, Fraction)):
            _refuse(value, name, M("a fraction (Fraction)"))
        return
    if origin is tuple:
        if not isinstance(value, tuple):
            _refuse(value, name, M("a tuple"))
        _sized(value, name)
        if len(args) == 2 and args[1] is Ellipsis:
            for item in value:
                _check(item, args[0], name)
        elif args:
            if len(value) != len(args):
                _refuse(value, name, M("a tuple of {n} items", n=len(args)))
            for item, kind in zip(value, args):
                _check(item, kind, name)
        return
    if origin in (frozenset, set):
        if not isinstance(value, (frozenset, set)):
            _refuse(value, name, M("a set"))
        _sized(value, name)
        for item in value:
            _check(item, args[0] if args else Any, name)
        return
    if origin in (dict, Mapping) or hint is dict:
        if not isinstance(value, dict):
            _refuse(value, name, M("a dict"))
        _sized(value, name)
        if args:
            for key, item in value.items():
                _check(key, args[0], name)
                _check(item, args[1], name)
        return
    target = origin or hint
    if isinstance(target, type) and not isinstance(value, target):
        _refuse(value, name, M("a {kind}", kind=target.__name__))
