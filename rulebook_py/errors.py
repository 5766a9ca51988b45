"""One exception root for every bad input to the rulebook.

Every error the package raises on purpose derives from :class:`RulebookError`,
so a calculator can catch that one class and show its message instead of a
traceback. The subclasses also derive from :class:`ValueError`, so ordinary
Python code that expects a ``ValueError`` keeps working.

Every message is a :class:`~rulebook_py.messages.Msg` (its English text, as
``str(error)`` shows it in Python, and the reader's language in a
calculator): ``error.message``. The parameter at fault is the message's
parameter whose value is ``error.field``, so a calculator replaces it by the
label of its control (:meth:`RulebookError.relabelled`).

Example:
    >>> from rulebook_py.errors import RuleValueError, RulebookError
    >>> err = RuleValueError("attribute must be 0..20, got -1", field="attribute")
    >>> isinstance(err, RulebookError), isinstance(err, ValueError), err.field
    (True, True, 'attribute')
    >>> check_int(11, "skill", 0, 10)
    Traceback (most recent call last):
    ...
    rulebook_py.errors.RuleValueError: skill must be an integer from 0 to 10, got 11
"""

from __future__ import annotations

import random
from enum import Enum
from typing import Any, NoReturn, TypeVar

from .messages import M, Msg, render

__all__ = [
    "NAME_LIMIT",
    "QUOTE_LIMIT",
    "QUOTE_RADIUS",
    "WHAT_LIMIT",
    "NotationError",
    "RuleValueError",
    "RulebookError",
    "WorkLimitError",
    "check_bool",
    "check_characters",
    "check_enum",
    "check_int",
    "check_rng",
    "check_type",
    "enum_name",
    "quote",
    "quote_window",
]


class RulebookError(Exception):
    """Root of every error raised on purpose by ``rulebook_py``.

    Args:
        message: A sentence a reader understands (a message): it quotes the
            bad value and says what is allowed.
        field: The name of the input at fault (a function parameter or a
            calculator control), so a calculator can show the message next
            to that control. ``None`` when no single input is at fault.

    Example:
        >>> str(RulebookError("bad", field="x")), RulebookError("bad").field is None
        ('bad', True)
    """

    def __init__(
        self,
        message: str,
        *,
        field: str | None = None,
        allowed: str | None = None,
        value: object = None,
    ) -> None:
        if not isinstance(message, str):
            raise RuleValueError(
                M(
                    "message must be text, got {got} ({kind})",
                    got=quote(message),
                    kind=_kind(message),
                ),
                field="message",
            )
        for name, given in (("field", field), ("allowed", allowed)):
            if given is not None and not isinstance(given, str):
                raise RuleValueError(
                    M(
                        "{name} must be text or None, got {got} ({kind})",
                        name=name,
                        got=quote(given),
                        kind=_kind(given),
                    ),
                    field=name,
                )
        super().__init__(message)
        #: The message (a :class:`~rulebook_py.messages.Msg`, or plain text).
        self.message = message
        self.field = field
        self.allowed = allowed
        self.value = value

    def render(self, code: str | None = None) -> str:
        """The message in language ``code`` (default: the current language).

        Example:
            >>> try:
            ...     check_int(-1, "skill", 0)
            ... except RuleValueError as err:
            ...     err.render("fr") == "skill doit être un entier d’au moins 0\u202f; reçu −1"
            True
        """
        return render(self.message, code)

    def relabelled(self, label: str, code: str | None = None) -> str:
        """The message in ``code`` with the parameter at fault named by a control's label.

        The rules name the parameter at fault (``"dexterity must be ..."``);
        a calculator shows the same sentence in the reader's words, with the
        label of the control that feeds that parameter: every parameter of
        the message whose value is :attr:`field` becomes ``label``. A plain
        text message starting with the parameter's name has it replaced.

        Example:
            >>> err = RuleValueError(M("{name} must be 1 to 3", name="skill"), field="skill")
            >>> err.relabelled("Skill (Compétence)")
            'Skill (Compétence) must be 1 to 3'
        """
        message = self.message
        if isinstance(message, Msg) and self.field:
            names = [k for k, v in message.params.items() if v == self.field and type(v) is str]
            if names:
                return message.with_params(**dict.fromkeys(names, label)).render(code)
        text = render(message, code)
        if self.field and text.startswith(self.field + " "):
            return label + text[len(self.field) :]
        return text


class RuleValueError(RulebookError, ValueError):
    """A value outside what a rule accepts (a negative attribute, DEF 200...).

    Example:
        >>> raise RuleValueError("defense must be 1..60, got 200")
        Traceback (most recent call last):
        ...
        rulebook_py.errors.RuleValueError: defense must be 1..60, got 200
    """


class NotationError(RulebookError, ValueError):
    """Dice notation that cannot be read.

    Args:
        text: The whole notation as the user typed it.
        position: 0-based index of the first character at fault.
        expected: What the reader should have put there.
        field: As for :class:`RulebookError`.

    Example:
        >>> err = NotationError("3d", 2, "the number of sides after 'd'")
        >>> print(err)
        cannot read dice notation '3d' at position 2 (end of text): expected the number of sides after 'd'
        >>> err.position
        2
    """

    def __init__(
        self, text: str, position: int, expected: str, *, field: str | None = None
    ) -> None:
        if not isinstance(text, str):
            raise RuleValueError(
                M(
                    "text must be the notation typed, got {got} ({kind})",
                    got=quote(text),
                    kind=_kind(text),
                ),
                field="text",
            )
        check_int(position, "position", 0)
        if not isinstance(expected, str):
            raise RuleValueError(
                M(
                    "expected must be text, got {got} ({kind})",
                    got=quote(expected),
                    kind=_kind(expected),
                ),
                field="expected",
            )
        shown = quote_window(text, position)
        if position >= len(text):
            message = M(
                "cannot read dice notation {text} at position {at} (end of text): expected {expected}",
                text=shown,
                at=position,
                expected=expected,
            )
        else:
            message = M(
                "cannot read dice notation {text} at position {at} ({char}): expected {expected}",
                text=shown,
                at=position,
                char=repr(text[position]),
                expected=expected,
            )
        super().__init__(message, field=field)
        self.text = text
        self.position = position
        self.expected = expected


class WorkLimitError(NotationError):
    """Dice notation that reads well but would take too long to compute exactly.

    Raised by the dice engine's cost check before any work is done; the
    message says how long it would take and what fits.

    Example:
        >>> err = WorkLimitError("1000d1000", 0, "an expression that costs at most 0.25 s")
        >>> isinstance(err, NotationError), err.position
        (True, 0)
    """


E = TypeVar("E", bound=Enum)

#: Characters quoted on each side of the position in a :class:`NotationError`.
QUOTE_RADIUS = 30

#: Longest text a message quotes of what was typed (cut with an ellipsis beyond).
QUOTE_LIMIT = 60


def _kind(value: object) -> str:
    """The Python type of a value, as a message names it (``int``, ``str``)."""
    return type(value).__name__


def _given(name: str, value: object) -> dict[str, Any]:
    """The parameters every refusal's message takes: the parameter's name, the value quoted, its kind."""
    return {"name": name, "got": quote(value), "kind": _kind(value)}


def _refuse(message: Msg, name: str, value: object, allowed: str | None = None) -> NoReturn:
    """Refuse ``value`` for the parameter ``name``: the one shape of every check's refusal.

    ``message`` takes its parameters from :func:`_given`; the error's ``field`` is ``name``.
    """
    raise RuleValueError(message, field=name, allowed=allowed, value=value)


def quote(value: object, limit: int = QUOTE_LIMIT) -> str | int:
    """``repr`` of what the reader typed, cut to about ``limit`` characters.

    Every message quotes the value at fault, but never a whole page of it. The
    quote is a parameter of a message; the words it may hold (a huge number's
    size, a long text's length) are a message themselves.

    Example:
        >>> quote("2d6+")
        "'2d6+'"
        >>> quote("x" * 100, limit=10)
        "'xxxxxxxxxx'… (100 characters)"
        >>> quote(10**100), quote(-(10**5000))
        ('a number of 101 digits', 'a number of about 5001 digits')
    """
    if isinstance(value, int) and not isinstance(value, bool):
        if value.bit_length() <= 64:
            return value  # a number: written the reader's way (−1 in French)
        if value.bit_length() <= 4000:
            return M("a number of {n} digits", n=len(str(abs(value))))
        return M("a number of about {n} digits", n=int(value.bit_length() * 0.30103) + 1)
    if isinstance(value, str) and len(value) > limit:
        return M("{text}… ({n} characters)", text=repr(value[:limit]), n=len(value))
    if isinstance(value, (list, tuple, dict, set, frozenset)) and len(value) > limit:
        return M("{kind} of {n} items", kind=_kind(value), n=len(value))
    try:
        text = repr(value)
    except Exception:  # a repr that fails (a number past Python's 4,300 digits, a broken object)
        return M("a {kind} that cannot be written", kind=_kind(value))
    if len(text) > limit + 2:
        return f"{text[:limit]}…"
    return text


def quote_window(text: str, position: int, radius: int = QUOTE_RADIUS) -> str:
    """``repr`` of the text around ``position``, cut with ``…`` when longer.

    A message quotes what the reader typed, but never a whole megabyte of it.

    Example:
        >>> quote_window("d6", 1)
        "'d6'"
        >>> quote_window("1+" * 50 + "x", 100, radius=4)
        "…'1+1+x'"
    """
    if len(text) <= 2 * radius + 1:
        return repr(text)
    start = max(0, position - radius)
    end = min(len(text), max(position, start) + radius + 1)
    return f"{'…' if start > 0 else ''}{text[start:end]!r}{'…' if end < len(text) else ''}"


def check_int(value: object, name: str, low: int | None = None, high: int | None = None) -> int:
    """Check that ``value`` is an ``int`` within ``[low, high]`` and return it.

    ``bool`` is refused even though it is an ``int`` subclass: ``True`` is
    never a meaningful attribute or modifier.

    Args:
        value: The value to check.
        name: The parameter's name, quoted in the message and used as
            ``field``.
        low: Smallest allowed value, or ``None`` for no lower bound.
        high: Largest allowed value, or ``None`` for no upper bound.

    Returns:
        ``value`` unchanged.

    Raises:
        RuleValueError: If ``value`` is not an integer or is out of range.

    Example:
        >>> check_int(3, "skill", 0, 10)
        3
        >>> check_int(11, "skill", 0, 10)
        Traceback (most recent call last):
        ...
        rulebook_py.errors.RuleValueError: skill must be an integer from 0 to 10, got 11
    """
    if isinstance(value, bool) or not isinstance(value, int):
        _refuse(
            M("{name} must be an integer, got {got} ({kind})", **_given(name, value)),
            name,
            value,
            M("an integer"),
        )
    if (low is not None and value < low) or (high is not None and value > high):
        got = quote(value)
        if low is not None and high is not None:
            message = M(
                "{name} must be an integer from {low} to {high}, got {got}",
                name=name,
                low=low,
                high=high,
                got=got,
            )
            allowed = M("an integer from {low} to {high}", low=low, high=high)
        elif low is not None:
            message = M(
                "{name} must be an integer of at least {low}, got {got}",
                name=name,
                low=low,
                got=got,
            )
            allowed = M("an integer of at least {low}", low=low)
        else:
            message = M(
                "{name} must be an integer of at most {high}, got {got}",
                name=name,
                high=high,
                got=got,
            )
            allowed = M("an integer of at most {high}", high=high)
        raise RuleValueError(message, field=name, allowed=allowed, value=value)
    return value


#: Longest parameter name a check accepts (a name, not a page of text).
NAME_LIMIT = 60


def _check_name(name: object) -> str:
    """The parameter's name a check is given: a short text (or the check refuses it)."""
    if not isinstance(name, str) or not 0 < len(name) <= NAME_LIMIT:
        raise RuleValueError(
            M("{name} must be a parameter's name, got {got}", name="name", got=quote(name)),
            field="name",
            value=name,
        )
    return name


def check_bool(value: object, name: str) -> bool:
    """Check that a yes-or-no argument is ``True`` or ``False`` (not 1, "yes" or None).

    The one check of a flag: every system's rules call it.

    Args:
        value: The value to check.
        name: The parameter's name, quoted in the message and used as ``field``.

    Returns:
        ``value`` unchanged.

    Raises:
        RuleValueError: If ``value`` is not a ``bool``.

    Example:
        >>> check_bool(True, "long_range")
        True
        >>> check_bool(None, "long_range")
        Traceback (most recent call last):
        ...
        rulebook_py.errors.RuleValueError: long_range must be True or False, got None (NoneType)
    """
    _check_name(name)
    if not isinstance(value, bool):
        _refuse(
            M("{name} must be True or False, got {got} ({kind})", **_given(name, value)),
            name,
            value,
            M("True or False"),
        )
    return value


def check_rng(rng: object, name: str = "rng", *, none_is_fresh: bool = False) -> random.Random:
    """Check the random source of a seeded roll and return it.

    The one check of a generator: every system's rolls call it.

    Args:
        rng: The value to check: a :class:`random.Random` (seed it:
            ``random.Random(42)``).
        name: The parameter's name, quoted in the message and used as ``field``.
        none_is_fresh: ``None`` is allowed and gives a fresh, unseeded generator.

    Returns:
        ``rng`` itself, or a fresh generator for ``None`` when allowed.

    Raises:
        RuleValueError: If ``rng`` is not a :class:`random.Random`.

    Example:
        >>> check_rng(random.Random(1)).random() == random.Random(1).random()
        True
        >>> isinstance(check_rng(None, none_is_fresh=True), random.Random)
        True
        >>> check_rng(3)
        Traceback (most recent call last):
        ...
        rulebook_py.errors.RuleValueError: rng must be a random.Random (e.g. random.Random(42)), got 3 (int)
    """
    _check_name(name)
    if not isinstance(none_is_fresh, bool):
        check_bool(none_is_fresh, "none_is_fresh")
    if rng is None and none_is_fresh:
        return random.Random()
    if not isinstance(rng, random.Random):
        if none_is_fresh:
            message = M(
                "{name} must be a random.Random (e.g. random.Random(42)) or None, got {got} ({kind})",
                **_given(name, rng),
            )
        else:
            message = M(
                "{name} must be a random.Random (e.g. random.Random(42)), got {got} ({kind})",
                **_given(name, rng),
            )
        _refuse(message, name, rng, M("a random.Random"))
    return rng


def check_characters(value: object, name: str) -> str:
    r"""Check that ``value`` is a text holding no lone surrogate (no text: it cannot be shown or saved).

    The one check of a typed name's characters; the length and the form of a
    name stay with the rule that reads it.

    Args:
        value: The value to check.
        name: The parameter's name, quoted in the message and used as ``field``.

    Returns:
        ``value`` unchanged.

    Raises:
        RuleValueError: If ``value`` is not a ``str`` or holds a lone surrogate.

    Example:
        >>> check_characters("Bo", "name")
        'Bo'
        >>> check_characters("Bo" + chr(0xD800), "name")
        Traceback (most recent call last):
        ...
        rulebook_py.errors.RuleValueError: name holds a character that is no text (a lone surrogate), got 'Bo\ud800'
    """
    _check_name(name)
    if not isinstance(value, str):
        _refuse(M("{name} must be text, got {got} ({kind})", **_given(name, value)), name, value)
    if any("\ud800" <= ch <= "\udfff" for ch in value):
        _refuse(
            M(
                "{name} holds a character that is no text (a lone surrogate), got {got}",
                **_given(name, value),
            ),
            name,
            value,
        )
    return value


#: Longest "what is expected, in words" a type check accepts.
WHAT_LIMIT = 200


def check_type(value: object, types: type | tuple[type, ...], name: str, what: str) -> Any:
    """Check that ``value`` is one of ``types`` (never ``True`` for a number) and return it.

    The one check of an argument's type: every system's rules call it.

    Args:
        value: The value to check.
        types: What is accepted: a class or a tuple of classes.
        name: The parameter's name, quoted in the message and used as ``field``.
        what: What is expected, in words (a message: "a dice code such as '4D+2'").

    Returns:
        ``value`` unchanged.

    Raises:
        RuleValueError: If ``value`` is not one of ``types`` (a ``bool`` is
            refused unless ``bool`` is one of them).

    Example:
        >>> check_type(3, int, "bdr", "a whole number")
        3
        >>> check_type(3.5, int, "bdr", "a whole number")
        Traceback (most recent call last):
        ...
        rulebook_py.errors.RuleValueError: bdr must be a whole number, got 3.5
    """
    kinds = types if isinstance(types, tuple) else (types,)
    if not kinds or not all(isinstance(t, type) for t in kinds):
        raise RuleValueError(
            M(
                "{name} must be a type or a tuple of types, got {got}",
                name="types",
                got=quote(types),
            ),
            field="types",
        )
    _check_name(name)
    if not isinstance(what, str) or len(what) > WHAT_LIMIT:
        raise RuleValueError(
            M("{name} must be what is expected, in words, got {got}", name="what", got=quote(what)),
            field="what",
        )
    if not isinstance(value, kinds) or (isinstance(value, bool) and bool not in kinds):
        _refuse(
            M("{name} must be {what}, got {got}", what=what, **_given(name, value)), name, value
        )
    return value


def enum_name(enum: type[Enum]) -> str:
    """An enumeration's name as Python reaches it through its facade (``unisystem.CoreDie``).

    A rules enumeration lives in ``rulebook_py.systems.<system>.<module>`` and
    is reached as ``<system>.<Name>``; one of another package of the rulebook
    as ``<package>.<Name>``; any other by its own name.

    Example:
        >>> from rulebook_py.systems.unisystem.core import CoreDie
        >>> enum_name(CoreDie)
        'unisystem.CoreDie'
        >>> enum_name(Enum("Side", "LEFT RIGHT"))
        'Side'
    """
    parts = [p for p in enum.__module__.split(".") if p != "systems"]
    if parts[0] == "rulebook_py" and len(parts) > 2:
        return f"{parts[1]}.{enum.__qualname__}"
    return enum.__qualname__


def check_enum(value: object, enum: type[E], name: str) -> E:
    """Check that ``value`` is a member of the enumeration ``enum`` and return it.

    The one check of a choice from a closed list: every system's rules call it.
    The message names the parameter, the enumeration as Python reaches it and
    its members, and quotes what was given.

    Args:
        value: The value to check.
        enum: The enumeration.
        name: The parameter's name, quoted in the message and used as ``field``.

    Returns:
        ``value`` unchanged.

    Raises:
        RuleValueError: If ``value`` is not a member of ``enum``.

    Example:
        >>> from rulebook_py.systems.unisystem.core import CoreDie
        >>> check_enum(CoreDie.D10, CoreDie, "core")
        unisystem.CoreDie.D10
        >>> check_enum("d10", CoreDie, "core")
        Traceback (most recent call last):
        ...
        rulebook_py.errors.RuleValueError: core must be a unisystem.CoreDie (one of D10, TWO_D6), got 'd10' (str)
    """
    _check_name(name)
    if not (isinstance(enum, type) and issubclass(enum, Enum)):
        raise RuleValueError(
            M("{name} must be an enumeration, got {got}", name="enum", got=quote(enum)),
            field="enum",
        )
    if not isinstance(value, enum):
        names = ", ".join(m.name for m in enum)
        message = M(
            "{name} must be a {enum} (one of {names}), got {got} ({kind})",
            enum=enum_name(enum),
            names=names,
            **_given(name, value),
        )
        _refuse(message, name, value, names)
    return value
