"""One exception root for every bad input to the rulebook.

Every error the package raises on purpose derives from :class:`RulebookError`,
so a calculator can catch that one class and show its message instead of a
traceback. The subclasses also derive from :class:`ValueError`, so ordinary
Python code that expects a ``ValueError`` keeps working.

Example:
    >>> from rulebook_py.errors import RuleValueError, RulebookError
    >>> err = RuleValueError("attribute must be 0..20, got -1", field="attribute")
    >>> isinstance(err, RulebookError), isinstance(err, ValueError), err.field
    (True, True, 'attribute')
"""

from __future__ import annotations

__all__ = [
    "QUOTE_LIMIT",
    "QUOTE_RADIUS",
    "NotationError",
    "RuleValueError",
    "RulebookError",
    "WorkLimitError",
    "check_int",
    "quote",
    "quote_window",
]


class RulebookError(Exception):
    """Root of every error raised on purpose by ``rulebook_py``.

    Args:
        message: A sentence a reader understands: it quotes the bad value
            and says what is allowed.
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
                f"message must be text, got {quote(message)} ({type(message).__name__})",
                field="message",
            )
        for name, given in (("field", field), ("allowed", allowed)):
            if given is not None and not isinstance(given, str):
                raise RuleValueError(
                    f"{name} must be text or None, got {quote(given)} ({type(given).__name__})",
                    field=name,
                )
        super().__init__(message)
        self.field = field
        self.allowed = allowed
        self.value = value

    def relabelled(self, label: str) -> str:
        """The message with its leading parameter name replaced by a control's label.

        The rules name the parameter at fault first (``"dexterity must be ..."``);
        a calculator shows the same sentence in the reader's words, with the
        label of the control that feeds that parameter. A message that does
        not start with the parameter's name is returned unchanged.

        Example:
            >>> err = RuleValueError("skill must be an integer from 0 to 10, got 11", field="skill")
            >>> err.relabelled("Skill (Compétence)")
            'Skill (Compétence) must be an integer from 0 to 10, got 11'
        """
        message = str(self)
        if self.field and message.startswith(self.field + " "):
            return label + message[len(self.field) :]
        return message


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
                f"text must be the notation typed, got {quote(text)} ({type(text).__name__})",
                field="text",
            )
        check_int(position, "position", 0)
        if not isinstance(expected, str):
            raise RuleValueError(
                f"expected must be text, got {quote(expected)} ({type(expected).__name__})",
                field="expected",
            )
        where = (
            f"at position {position} (end of text)"
            if position >= len(text)
            else f"at position {position} ({text[position]!r})"
        )
        super().__init__(
            f"cannot read dice notation {quote_window(text, position)} {where}: "
            f"expected {expected}",
            field=field,
        )
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


#: Characters quoted on each side of the position in a :class:`NotationError`.
QUOTE_RADIUS = 30

#: Longest text a message quotes of what was typed (cut with an ellipsis beyond).
QUOTE_LIMIT = 60


def quote(value: object, limit: int = QUOTE_LIMIT) -> str:
    """``repr`` of what the reader typed, cut to about ``limit`` characters.

    Every message quotes the value at fault, but never a whole page of it.

    Example:
        >>> quote("2d6+")
        "'2d6+'"
        >>> quote("x" * 100, limit=10)
        "'xxxxxxxxxx'… (100 characters)"
        >>> quote(10**100), quote(-(10**5000))
        ('a number of 101 digits', 'a number of about 5001 digits')
    """
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 64:
        if value.bit_length() <= 4000:
            return f"a number of {len(str(abs(value)))} digits"
        return f"a number of about {int(value.bit_length() * 0.30103) + 1} digits"
    if isinstance(value, str) and len(value) > limit:
        return f"{value[:limit]!r}… ({len(value)} characters)"
    text = repr(value)
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
        raise RuleValueError(
            f"{name} must be an integer, got {quote(value)} ({type(value).__name__})",
            field=name,
            allowed="an integer",
            value=value,
        )
    if (low is not None and value < low) or (high is not None and value > high):
        if low is not None and high is not None:
            allowed = f"from {low} to {high}"
        elif low is not None:
            allowed = f"of at least {low}"
        else:
            allowed = f"of at most {high}"
        raise RuleValueError(
            f"{name} must be an integer {allowed}, got {quote(value)}",
            field=name,
            allowed=f"an integer {allowed}",
            value=value,
        )
    return value
