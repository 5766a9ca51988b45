"""Galaxies Jumelles dice codes: ``4D+2``, their arithmetic, rolls and opposed rolls.

A skill of *Galaxies Jumelles* is a **dice code** in the manner of the d6
System: ``4D+2`` is four six-sided dice plus 2 points ("pips"). The number of
dice is the code's *mantisse*. Bonuses and penalties come in dice (+2D,
-1D) and in points (+5).

Choices made where the source is silent (each a named parameter):

* Removing dice never goes below ``0D``; a ``0D`` code exists (``0D+2``) but
  cannot be **rolled**: an action whose code falls to ``0D`` cannot be
  attempted, and asking for its roll raises :class:`RuleValueError`.
* Pips are never turned into dice (``4D+5`` stays ``4D+5``).
* Halving a rolled total and the fixed (average) value round **down** by
  default (:attr:`Rounding.DOWN`, the foundation's floor division);
  :attr:`Rounding.UP` is the alternative.

Example:
    >>> code = DiceCode.parse("4D+2")
    >>> code.mantisse, code.average, str(code.with_dice(-1))
    (4, Fraction(16, 1), '3D+2')
    >>> o = opposed("4D+2", "3D+1")
    >>> o.higher + o.tie + o.lower
    Fraction(1, 1)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import MISSING, dataclass, fields, is_dataclass
from dataclasses import field as dc_field
from fractions import Fraction
from functools import lru_cache
from typing import TypeVar

from ...dice import pool
from ...distribution import Distribution
from ...errors import (
    NotationError,
    RuleValueError,
    check_bool,
    check_enum,
    check_int,
    check_rng,
    check_type,
    quote,
)
from ...labels import LabelledEnum
from ...messages import Msg
from .words import M

__all__ = [
    "MAX_BONUS",
    "MAX_CODE_DICE",
    "MAX_PIPS",
    "CodeLike",
    "CodeReport",
    "DiceCode",
    "Opposed",
    "OpposedRoll",
    "Roll",
    "RollLike",
    "RolledTotal",
    "Rounding",
    "as_code",
    "as_roll",
    "code_report",
    "opposed",
]

#: Most dice a code may hold (the dice-code calculator stays within its 16 ms budget).
MAX_CODE_DICE = 60
#: Largest absolute number of points on a code.
MAX_PIPS = 200
#: Largest absolute bonus in points (BDC, BDP, BDT, a melee side's BDC + BDT).
#:
#: A choice of this book, not the source's: the source gives no table of combat,
#: range or third bonuses (they are "the weapon's BDC, and others from equipment"),
#: and a few points is their usual size. Fifty points, more than the average of
#: 14D, is kept as a generous bound that no weapon or technique reaches.
MAX_BONUS = 50


def check_points(value: object, label: str, field: str) -> int:
    """Check a number of points typed by the reader, the message in the reader's words.

    Args:
        value: The points (a bonus such as BDC, BDR).
        label: What the reader calls it (the control's label).
        field: The control it comes from.

    Example:
        >>> check_points(3, "BDR", "combatants")
        3
        >>> check_points(999, "BDR", "combatants")
        Traceback (most recent call last):
        ...
        rulebook_py.errors.RuleValueError: BDR must be a whole number from -200 to 200, got 999
    """
    check_field(field)
    check_type(label, str, "label", M("a control's label"))
    if isinstance(value, bool) or not isinstance(value, int):
        raise RuleValueError(
            M("{name} must be a whole number, got {got}", name=label, got=quote(value)),
            field=field,
        )
    if not -MAX_PIPS <= value <= MAX_PIPS:
        raise RuleValueError(
            M(
                "{name} must be a whole number from {low} to {high}, got {got}",
                name=label,
                low=-MAX_PIPS,
                high=MAX_PIPS,
                got=quote(value),
            ),
            field=field,
        )
    return value


def check_side(side: object) -> str:
    """The prefix of a side's parameters: ``""`` for ``side=""``, ``"a_"`` for ``"a"``, ``"b_"`` for ``"b"``.

    A fighter built for side A of a calculator names its parameters as the
    calculator's boxes do (``a_bonus``), so that a refusal stands beside the box.

    Example:
        >>> check_side(""), check_side("a")
        ('', 'a_')
        >>> check_side("c")
        Traceback (most recent call last):
        ...
        rulebook_py.errors.RuleValueError: side must be '', 'a' or 'b', got 'c'
    """
    if side not in ("", "a", "b") or type(side) is not str:
        raise RuleValueError(
            M("{name} must be '', 'a' or 'b', got {got}", name="side", got=quote(side)),
            field="side",
        )
    return f"{side}_" if side else ""


def check_field(field: object) -> str:
    """``field`` if it names a parameter or a control (a short identifier), else a message.

    Example:
        >>> check_field("a_skill")
        'a_skill'
        >>> check_field("two words")
        Traceback (most recent call last):
        ...
        rulebook_py.errors.RuleValueError: field must name a parameter (a short identifier such as 'dodge'), got 'two words'
    """
    if not (isinstance(field, str) and field.isidentifier() and len(field) <= 40):
        raise RuleValueError(
            M(
                "{name} must name a parameter (a short identifier such as 'dodge'), got {got}",
                name="field",
                got=quote(field),
            ),
            field="field",
        )
    return field


def _foreign_digit(text: str) -> int | None:
    """Position of the first digit that is not an ASCII 0-9 (``²``, ``①``, ``٣``), if any."""
    for i, ch in enumerate(text):
        if (ch.isdigit() or ch.isnumeric()) and not "0" <= ch <= "9":
            return i
    return None


class Rounding(LabelledEnum):
    """How a halved total or an average is turned into a whole number.

    Example:
        >>> Rounding.DOWN.divide(7, 2), Rounding.UP.divide(7, 2), Rounding.DOWN.label
        (3, 4, 'arrondi inférieur')
    """

    DOWN = "arrondi inférieur"
    UP = "arrondi supérieur"

    def divide(self, value: int | Fraction, divisor: int = 1) -> int:
        """``value / divisor`` rounded this way.

        Example:
            >>> Rounding.UP.divide(Fraction(21, 2))
            11
        """
        if isinstance(value, bool) or not isinstance(value, (int, Fraction)):
            raise RuleValueError(
                M("{name} must be an int or a Fraction, got {got}", name="value", got=quote(value)),
                field="value",
            )
        check_int(divisor, "divisor", 1, 1000)
        q = Fraction(value) / divisor
        if self is Rounding.DOWN:
            return q.numerator // q.denominator
        return -(-q.numerator // q.denominator)


@dataclass(frozen=True)
class DiceCode:
    """A dice code: ``dice`` six-sided dice plus ``pips`` points.

    Attributes:
        dice: Number of d6, the *mantisse* (0 to :data:`MAX_CODE_DICE`).
        pips: Points added to the dice (may be negative).

    Example:
        >>> DiceCode(4, 2) + DiceCode(2), DiceCode(1) - DiceCode(3), DiceCode(4) + 5
        (DiceCode(dice=6, pips=2), DiceCode(dice=0, pips=0), DiceCode(dice=4, pips=5))
    """

    dice: int
    pips: int = 0

    def __post_init__(self) -> None:
        check_int(self.dice, "dice", 0, MAX_CODE_DICE)
        check_int(self.pips, "pips", -MAX_PIPS, MAX_PIPS)

    @classmethod
    def parse(cls, text: str, field: str = "code") -> DiceCode:
        """Read a code such as ``"4D+2"``, ``"3D"``, ``"2D-1"`` or ``"0D+3"``.

        Args:
            text: The code; ``D`` may be written ``d`` or ``d6``; spaces are allowed.
            field: Name of the input, for the error message.

        Raises:
            NotationError: With the position of the first character at fault.

        Example:
            >>> DiceCode.parse(" 4d6 + 2 ")
            DiceCode(dice=4, pips=2)
            >>> DiceCode.parse("4D+")
            Traceback (most recent call last):
            ...
            rulebook_py.errors.NotationError: cannot read dice notation '4D+' at position 3 (end of text): expected the points after '+' (e.g. 4D+2)
        """
        check_field(field)
        if not isinstance(text, str):
            raise RuleValueError(
                M(
                    "{name} must be a dice code such as '4D+2', got {got}",
                    name=field,
                    got=quote(text),
                ),
                field=field,
            )
        foreign = _foreign_digit(text)
        if foreign is not None:
            expected = M("the digits 0-9, not {char}", char=repr(text[foreign]))
            raise NotationError(text, foreign, expected, field=field)
        pos = len(text) - len(text.lstrip())
        if pos == len(text):
            raise NotationError(text, 0, M("a dice code such as '4D+2'"), field=field)
        if text[pos] in "+-":
            expected = M("a number of dice from 0 to {most} (no sign)", most=MAX_CODE_DICE)
            raise NotationError(text, pos, expected, field=field)
        start = pos
        while pos < len(text) and text[pos].isdigit():
            pos += 1
        if pos == start:
            expected = M("a number of dice, e.g. the 4 of 4D+2")
            raise NotationError(text, pos, expected, field=field)
        if pos - start > 4 or int(text[start:pos]) > MAX_CODE_DICE:
            expected = M("a number of dice from 0 to {most}", most=MAX_CODE_DICE)
            raise NotationError(text, start, expected, field=field)
        dice = int(text[start:pos])
        if pos >= len(text) or text[pos] not in "Dd":
            expected = M("'D' after the number of dice (e.g. 4D+2)")
            raise NotationError(text, pos, expected, field=field)
        pos += 1
        if text.startswith("6", pos):
            pos += 1
        while pos < len(text) and text[pos].isspace():
            pos += 1
        pips = 0
        if pos < len(text):
            sign = text[pos]
            if sign not in "+-":
                expected = M("'+' or '-' and points, or the end")
                raise NotationError(text, pos, expected, field=field)
            pos += 1
            while pos < len(text) and text[pos].isspace():
                pos += 1
            start = pos
            while pos < len(text) and text[pos].isdigit():
                pos += 1
            if pos == start:
                expected = M("the points after {sign} (e.g. 4D+2)", sign=repr(sign))
                raise NotationError(text, pos, expected, field=field)
            if pos - start > 4 or int(text[start:pos]) > MAX_PIPS:
                expected = M("points from 0 to {most}", most=MAX_PIPS)
                raise NotationError(text, start, expected, field=field)
            pips = int(text[start:pos]) * (1 if sign == "+" else -1)
            while pos < len(text) and text[pos].isspace():
                pos += 1
            if pos < len(text):
                raise NotationError(text, pos, M("the end of the code"), field=field)
        return cls(dice, pips)

    @property
    def mantisse(self) -> int:
        """The number of dice (the source's *mantisse*).

        Example:
            >>> DiceCode.parse("3D+1").mantisse
            3
        """
        return self.dice

    @property
    def average(self) -> Fraction:
        """Exact average total: 3.5 a die plus the pips.

        Example:
            >>> DiceCode.parse("3D+1").average
            Fraction(23, 2)
        """
        return Fraction(7, 2) * self.dice + self.pips

    def fixed_value(self, rounding: Rounding = Rounding.DOWN) -> int:
        """The average as a whole number, for the fixed dodge (*Esquive fixe*).

        Example:
            >>> DiceCode.parse("3D+1").fixed_value(), DiceCode.parse("3D+1").fixed_value(Rounding.UP)
            (11, 12)
        """
        return check_enum(rounding, Rounding, "rounding").divide(self.average)  # type: ignore[attr-defined]

    def with_dice(self, delta: int, added: str | None = None, field: str = "code") -> DiceCode:
        """Add (or, with a negative ``delta``, remove) dice; never below ``0D``.

        Args:
            delta: Dice added (negative: removed).
            added: What the dice are, in the reader's words ("a total dodge"),
                for the message when the code would pass :data:`MAX_CODE_DICE`.
            field: The control the code comes from.

        Example:
            >>> str(DiceCode(2, 1).with_dice(-3)), str(DiceCode(2, 1).with_dice(2))
            ('0D+1', '4D+1')
            >>> DiceCode(60).with_dice(2, "a total dodge", "dodge")
            Traceback (most recent call last):
            ...
            rulebook_py.errors.RuleValueError: '60D' with a total dodge (+2D) would hold 62 dice: a code holds at most 60D
        """
        check_int(delta, "dice", -MAX_CODE_DICE, MAX_CODE_DICE)
        check_field(field)
        if added is not None:
            check_type(added, str, "added", M("what the dice are, in words"))
            added = quote(added) if len(added) > 80 else added
        if self.dice + delta > MAX_CODE_DICE:
            raise RuleValueError(
                M(
                    "{code} with {added} ({delta:+d}D) would hold {n} dice: "
                    "a code holds at most {most}D",
                    code=repr(str(self)),
                    added=added if added is not None else M("these dice"),
                    delta=delta,
                    n=self.dice + delta,
                    most=MAX_CODE_DICE,
                ),
                field=field,
            )
        return DiceCode(max(0, self.dice + delta), self.pips)

    def with_pips(self, points: int, added: str | None = None, field: str = "pips") -> DiceCode:
        """Add points (a bonus) or remove them (a malus).

        Args:
            points: The points added (negative: removed).
            added: What the points are, in the reader's words ("BDC + BDP + BDT"),
                for the message when the total goes beyond :data:`MAX_PIPS`.
            field: The control the code comes from.

        Example:
            >>> str(DiceCode(4).with_pips(5))
            '4D+5'
            >>> DiceCode(4, 200).with_pips(2, "the BDC", "attack")
            Traceback (most recent call last):
            ...
            rulebook_py.errors.RuleValueError: '4D+200' with the BDC (+2) would carry more than 200 points: a code holds from -200 to +200 points
        """
        check_field(field)
        if added is not None:
            check_type(added, str, "added", M("what the points are, in words"))
            added = quote(added) if len(added) > 80 else added
        check_points(points, added if added is not None else "points", field)
        if not -MAX_PIPS <= self.pips + points <= MAX_PIPS:
            raise RuleValueError(
                M(
                    "{code} with {added} ({points:+d}) would carry more than {most} points: "
                    "a code holds from {low} to +{high} points",
                    code=repr(str(self)),
                    added=added if added is not None else M("these points"),
                    points=points,
                    most=MAX_PIPS,
                    low=-MAX_PIPS,
                    high=MAX_PIPS,
                ),
                field=field,
            )
        return DiceCode(self.dice, self.pips + points)

    def __add__(self, other: DiceCode | int) -> DiceCode:
        """Add another code's dice and pips, or an integer of points."""
        if isinstance(other, DiceCode):
            return self.with_dice(other.dice).with_pips(other.pips)
        if isinstance(other, int) and not isinstance(other, bool):
            return self.with_pips(other)
        return NotImplemented

    def __sub__(self, other: DiceCode | int) -> DiceCode:
        """Remove another code's dice (never below 0D) and pips, or points."""
        if isinstance(other, DiceCode):
            return self.with_dice(-other.dice).with_pips(-other.pips)
        if isinstance(other, int) and not isinstance(other, bool):
            return self.with_pips(-other)
        return NotImplemented

    def __str__(self) -> str:
        """The code as the source writes it: ``4D+2``, ``3D``, ``2D-1``."""
        if self.pips == 0:
            return f"{self.dice}D"
        return f"{self.dice}D{self.pips:+d}"

    def distribution(self) -> Distribution:
        """Exact distribution of the rolled total (needs at least 1D).

        Example:
            >>> DiceCode(1, 2).distribution().weights()
            {3: 1, 4: 1, 5: 1, 6: 1, 7: 1, 8: 1}
        """
        return Roll(self).distribution()


CodeLike = DiceCode | str


def as_code(value: CodeLike, field: str) -> DiceCode:
    """A :class:`DiceCode` from a code or its text, errors naming ``field``.

    Example:
        >>> as_code("2D+1", "attack")
        DiceCode(dice=2, pips=1)
    """
    check_field(field)
    if isinstance(value, DiceCode):
        return value
    if isinstance(value, str):
        return DiceCode.parse(value, field)
    raise RuleValueError(
        M("{name} must be a dice code such as '4D+2', got {got}", name=field, got=quote(value)),
        field=field,
    )


@lru_cache(maxsize=2048)
def _distribution(dice: int, pips: int, halved: bool, rounding: Rounding) -> Distribution:
    dist = pool(dice, 6).distribution + pips
    if halved:
        dist = dist.map(lambda v: rounding.divide(v, 2))
    return dist


@dataclass(frozen=True)
class RolledTotal:
    """One seeded roll of a :class:`Roll`, every die shown.

    Attributes:
        faces: Each d6 thrown (empty for a fixed value).
        total: The result after points and halving.
        text: The roll written out, e.g. ``"4D+2 [3, 5, 1, 6] +2 = 17"`` (a message).

    Example:
        >>> r = Roll(DiceCode(2, 1)).roll(random.Random(0))
        >>> r.total == sum(r.faces) + 1
        True
        >>> RolledTotal((3, 5), 9, "2D+1 [3, 5] +1 = 9").total
        9
    """

    faces: tuple[int, ...]
    total: int
    text: str

    def __post_init__(self) -> None:
        check_type(self.faces, tuple, "faces", M("a tuple of die faces"))
        if len(self.faces) > MAX_CODE_DICE:
            raise RuleValueError(
                M(
                    "{name} must hold at most {most} dice, got {n}",
                    name="faces",
                    most=MAX_CODE_DICE,
                    n=len(self.faces),
                ),
                field="faces",
            )
        for face in self.faces:
            check_int(face, "faces", 1, 6)
        check_int(self.total, "total", -10 * MAX_PIPS, 10 * MAX_PIPS)
        check_type(self.text, str, "text", M("the roll written out"))
        if len(self.text) > 1000:
            raise RuleValueError(
                M(
                    "{name} must be the roll written out, got {got}",
                    name="text",
                    got=quote(self.text),
                ),
                field="text",
            )

    def __str__(self) -> str:
        """The roll written out."""
        return self.text


#: The reader's words for the input a roll comes from, in the 0D message.
_ROLL_NAMES = {
    "code": M("the code"),
    "other": M("the other code"),
    "attack": M("the attack"),
    "defense": M("the defense"),
    "dodge": M("the dodge"),
    "skill": M("the psychic skill"),
    "second_skill": M("the other psychic skill"),
    "a_skill": M("A's skill"),
    "b_skill": M("B's skill"),
    "a_agility": M("A's AGILITÉ"),
    "b_agility": M("B's AGILITÉ"),
    "attacks": M("the attack"),
    "combatants": M("the RAPIDITÉ"),
}


@dataclass(frozen=True)
class Roll:
    """A roll (*jet*) as a rule asks for it: a code, maybe halved, maybe fixed.

    Attributes:
        code: The dice code rolled, bonuses included.
        halved: The total is divided by 2 (double shots, ubiquity, two AB3).
        fixed: The code's average is used instead of rolling (fixed dodge).
        rounding: Rounding of the halving and of the fixed value.
        field: The input this roll comes from, named in error messages.

    Example:
        >>> Roll(DiceCode(2), halved=True).distribution().weights()
        {1: 3, 2: 7, 3: 11, 4: 9, 5: 5, 6: 1}
        >>> Roll(DiceCode(3, 1), fixed=True).distribution().weights()
        {11: 1}
    """

    code: DiceCode
    halved: bool = False
    fixed: bool = False
    rounding: Rounding = Rounding.DOWN
    field: str = dc_field(default="code", compare=False)

    def __post_init__(self) -> None:
        check_type(self.code, DiceCode, "code", "a galaxies.DiceCode")
        check_bool(self.halved, "halved")
        check_bool(self.fixed, "fixed")
        check_enum(self.rounding, Rounding, "rounding")
        check_field(self.field)

    def distribution(self) -> Distribution:
        """Exact distribution of the total.

        Raises:
            RuleValueError: If the code has 0D and is not a fixed value.
        """
        if self.fixed:
            value = self.code.fixed_value(self.rounding)
            if self.halved:
                value = self.rounding.divide(value, 2)
            return Distribution.constant(value)
        self.check()
        return _distribution(self.code.dice, self.code.pips, self.halved, self.rounding)

    def cumulative_weights(self) -> tuple[int, int, int, dict[int, int]]:
        """The distribution's weights summed up: the total weight, the least and greatest totals, and each total's weight of it or less.

        What a contest walks through to count, for each total, the rolls at or below it.

        Example:
            >>> Roll(DiceCode(0, 3), fixed=True).cumulative_weights()
            (1, 3, 3, {3: 1})
        """
        weights = self.distribution().weights()
        lo, hi = min(weights), max(weights)
        acc = 0
        cum: dict[int, int] = {}
        for v in range(lo, hi + 1):
            acc += weights.get(v, 0)
            cum[v] = acc
        return acc, lo, hi, cum

    def check(self) -> Roll:
        """This roll, if its code has a die; a fixed value stands for a roll, so it needs one too.

        A dodge at a 0D AGILITÉ cannot be attempted, rolled or fixed.

        Raises:
            RuleValueError: For a 0D code.

        Example:
            >>> Roll(DiceCode(0, 2), fixed=True, field="dodge").check()
            Traceback (most recent call last):
            ...
            rulebook_py.errors.RuleValueError: the dodge is '0D+2': a roll needs at least 1D (an action whose code falls to 0D cannot be attempted)
        """
        if self.code.dice == 0:
            what = _ROLL_NAMES.get(self.field, self.field.replace("_", " "))
            raise RuleValueError(
                M(
                    "{what} is {code}: a roll needs at least 1D "
                    "(an action whose code falls to 0D cannot be attempted)",
                    what=what,
                    code=repr(str(self.code)),
                ),
                field=self.field,
            )
        return self

    def describe(self) -> str:
        """Short text: ``4D+2``, ``(4D+2)/2``, ``3D+1 fixed at 11``, ``fixed at 0``.

        Example:
            >>> Roll(DiceCode(4, 2), halved=True).describe()
            '(4D+2)/2'
            >>> Roll(DiceCode(3, 1), fixed=True).describe(), Roll(DiceCode(0), fixed=True).describe()
            ('3D+1 fixed at 11', 'fixed at 0')
        """
        if self.fixed:
            value = self.distribution().min_value
            if self.code.dice == 0:
                return M("fixed at {n}", n=value)
            return M("{code} fixed at {n}", code=str(self.code), n=value)
        return f"({self.code})/2" if self.halved else str(self.code)

    def roll(self, rng: random.Random | None = None) -> RolledTotal:
        """Throw the dice once (seeded when ``rng`` is); a fixed value throws none.

        Example:
            >>> print(Roll(DiceCode(3, 2)).roll(random.Random(4)))
            3D+2 [2, 3, 1] +2 = 8
        """
        rng = random.Random() if rng is None else check_rng(rng)
        dist = self.distribution()  # checks 0D
        if self.fixed:
            value = dist.min_value
            return RolledTotal((), value, M("{roll} = {n}", roll=self.describe(), n=value))
        faces = pool(self.code.dice, 6).roll(rng).faces
        raw = sum(faces) + self.code.pips
        code, shown = str(self.code), ", ".join(map(str, faces))
        if self.code.pips:
            text = M(
                "{code} [{faces}] {pips:+d} = {n}",
                code=code,
                faces=shown,
                pips=self.code.pips,
                n=raw,
            )
        else:
            text = M("{code} [{faces}] = {n}", code=code, faces=shown, n=raw)
        total = raw
        if self.halved:
            total = self.rounding.divide(raw, 2)
            text = M("{roll}, halved = {n}", roll=text, n=total)
        return RolledTotal(tuple(faces), total, text)


RollLike = Roll | DiceCode | str


def as_roll(value: RollLike, field: str) -> Roll:
    """A :class:`Roll` from a roll, a code or its text.

    Example:
        >>> as_roll("3D", "dodge").code
        DiceCode(dice=3, pips=0)
    """
    if isinstance(value, Roll):
        return value
    return Roll(as_code(value, field), field=field)


@dataclass(frozen=True)
class OpposedRoll:
    """One seeded opposed roll: both totals, every die shown.

    Example:
        >>> r = opposed("2D", "2D").resolve(random.Random(1))
        >>> r.result in ("higher", "tie", "lower")
        True
        >>> OpposedRoll(RolledTotal((4,), 4, "1D [4] = 4"), RolledTotal((2,), 2, "1D [2] = 2")).result
        'higher'
    """

    attack: RolledTotal
    defense: RolledTotal

    def __post_init__(self) -> None:
        check_type(self.attack, RolledTotal, "attack", M("a galaxies.RolledTotal"))
        check_type(self.defense, RolledTotal, "defense", M("a galaxies.RolledTotal"))

    @property
    def result(self) -> str:
        """``"higher"``, ``"tie"`` or ``"lower"``, from the attacker's side."""
        a, d = self.attack.total, self.defense.total
        return "higher" if a > d else "tie" if a == d else "lower"

    def lines(self) -> list[str]:
        """The two rolls, every die shown, and who is higher.

        Example:
            >>> opposed("1D", "1D").roll(random.Random(1)).lines()
            ['A: 1D [2] = 2; B: 1D [5] = 5 — B higher']
        """
        who = {"higher": M("A higher"), "tie": M("tie"), "lower": M("B higher")}[self.result]
        return [M("A: {a}; B: {b} — {label}", a=self.attack.text, b=self.defense.text, label=who)]


@dataclass(frozen=True)
class Opposed:
    """Exact chances of an opposed roll, from the attacker's side.

    Attributes:
        attack: The attacker's roll.
        defense: The defender's roll.
        higher: P(attack > defense).
        tie: P(attack = defense).
        lower: P(attack < defense).

    Example:
        >>> o = opposed("1D", "1D")
        >>> o.higher, o.tie, o.lower
        (Fraction(5, 12), Fraction(1, 6), Fraction(5, 12))
        >>> Opposed(Roll(DiceCode(1)), Roll(DiceCode(1)), Fraction(5, 12), Fraction(1, 6), Fraction(5, 12)).tie
        Fraction(1, 6)
    """

    attack: Roll
    defense: Roll
    higher: Fraction
    tie: Fraction
    lower: Fraction

    def __post_init__(self) -> None:
        check_type(self.attack, Roll, "attack", M("a galaxies.Roll"))
        check_type(self.defense, Roll, "defense", M("a galaxies.Roll"))
        shares = [check_share(getattr(self, name), name) for name in ("higher", "tie", "lower")]
        if sum(shares) != 1:
            raise RuleValueError(
                M(
                    "{name} must add up to 1 with higher and lower, got {got}",
                    name="tie",
                    got=quote(sum(shares)),
                ),
                field="tie",
            )

    def resolve(self, rng: random.Random | None = None) -> OpposedRoll:
        """Roll the attack, then the defense, once.

        Example:
            >>> r = opposed("3D", "3D").resolve(random.Random(2))
            >>> len(r.attack.faces), len(r.defense.faces)
            (3, 3)
        """
        rng = random.Random() if rng is None else check_rng(rng)
        return OpposedRoll(self.attack.roll(rng), self.defense.roll(rng))

    def roll(self, rng: random.Random) -> OpposedRoll:
        """One seeded opposed roll (:meth:`resolve` with a required seed)."""
        return self.resolve(check_rng(rng))


def opposed(attack: RollLike, defense: RollLike) -> Opposed:
    """Exact P(attack > defense), P(tie), P(attack < defense) for two independent rolls.

    Args:
        attack: A code such as ``"4D+2"``, a :class:`DiceCode` or a :class:`Roll`.
        defense: The same for the defender.

    Raises:
        NotationError: For a code that cannot be read (``"4D+"``, ``"-2D"``).
        RuleValueError: For a ``0D`` code, which cannot be rolled.

    Example:
        >>> o = opposed("4D+2", "3D+1")
        >>> o.higher, o.tie
        (Fraction(2357, 2916), Fraction(5089, 93312))
    """
    a = as_roll(attack, "attack")
    d = as_roll(defense, "defense")
    c = a.distribution().compare(d.distribution())
    return Opposed(a, d, c.gt, c.eq, c.lt)


@dataclass(frozen=True)
class CodeReport(Opposed):
    """Code A studied and compared with code B: what the dice-code calculator shows.

    Attributes:
        fixed: A's fixed value (*esquive fixe*): the average rounded, then halved if A is.

    Example:
        >>> r = code_report("4D+2", "3D+1")
        >>> r.attack.code.mantisse, r.fixed, r.higher
        (4, 16, Fraction(2357, 2916))
        >>> CodeReport(Roll(DiceCode(1)), Roll(DiceCode(1)), Fraction(5, 12), Fraction(1, 6), Fraction(5, 12), fixed=3).fixed
        3
    """

    fixed: int = 0

    def __post_init__(self) -> None:
        super().__post_init__()
        check_int(self.fixed, "fixed", -10 * MAX_PIPS, 10 * MAX_PIPS)


def facade_repr(obj: object) -> str:
    """A dataclass written as Python that needs only ``from rulebook_py import galaxies``.

    Fields left at their default are left out; the required ones come first, by position.

    Example:
        >>> from rulebook_py.systems.galaxies import Combatant
        >>> facade_repr(Combatant("Kira", "3D+1", 2)), facade_repr(Combatant("Vosk", "2D"))
        ("galaxies.Combatant('Kira', '3D+1', bdr=2)", "galaxies.Combatant('Vosk', '2D')")
    """
    if not is_dataclass(obj) or isinstance(obj, type):
        raise RuleValueError(
            M("{name} must be a dataclass value, got {got}", name="obj", got=quote(obj)),
            field="obj",
        )
    parts = []
    for f in fields(obj):
        value = getattr(obj, f.name)
        if f.default is MISSING:
            parts.append(repr(value))
        elif not (value == f.default and type(value) is type(f.default)):
            parts.append(f"{f.name}={value!r}")
    return f"galaxies.{type(obj).__name__}({', '.join(parts)})"


def check_share(value: object, field: str) -> Fraction:
    """A share of the damage, from 0 to 1 (an ``int`` or a ``Fraction``), else a message.

    Example:
        >>> check_share(Fraction(1, 4), "half_dodge_factor")
        Fraction(1, 4)
        >>> check_share(0.5, "half_dodge_factor")
        Traceback (most recent call last):
        ...
        rulebook_py.errors.RuleValueError: half_dodge_factor must be a Fraction from 0 to 1, e.g. Fraction(1, 2), got 0.5
    """
    check_field(field)
    ok = isinstance(value, (int, Fraction)) and not isinstance(value, bool)
    if not ok or not 0 <= value <= 1:  # type: ignore[operator]
        raise RuleValueError(
            M(
                "{name} must be a Fraction from 0 to 1, e.g. Fraction(1, 2), got {got}",
                name=field,
                got=quote(value),
            ),
            field=field,
        )
    return Fraction(value)  # type: ignore[arg-type]


def code_report(
    code: CodeLike, other: CodeLike, *, halved: bool = False, rounding: Rounding = Rounding.DOWN
) -> CodeReport:
    """Code A (maybe halved) on its own and against code B.

    Args:
        code: Code A, e.g. ``"4D+2"``.
        other: Code B, compared with A.
        halved: A's roll is divided by 2 (instinctive shots, ubiquity...).
        rounding: Rounding of the halving and of the fixed value.

    Example:
        >>> r = code_report("3D+1", "3D", halved=True)
        >>> r.attack.describe(), r.fixed, r.lower > r.higher
        ('(3D+1)/2', 5, True)
    """
    check_bool(halved, "halved")
    check_enum(rounding, Rounding, "rounding")
    a = Roll(as_code(code, "code"), halved=halved, rounding=rounding, field="code")
    b = Roll(as_code(other, "other"), rounding=rounding, field="other")
    o = opposed(a, b)
    fixed = Roll(a.code, halved=halved, fixed=True, rounding=rounding).distribution().min_value
    return CodeReport(a, b, o.higher, o.tie, o.lower, fixed)


#: Most characters in one line of a box of lines (combatants, attacks).
MAX_LINE = 200

_T = TypeVar("_T")


def read_lines(
    text: object,
    field: str,
    most: int,
    too_many: Callable[[int], Msg],
    read: Callable[[int, str], _T],
) -> list[_T]:
    r"""Read a box of one item a line: each non-blank line, numbered from 1, by ``read``.

    The number of lines is checked first, against ``most`` (``too_many(n)`` is
    the message), before any line is read, then each line's length against
    :data:`MAX_LINE`.

    Raises:
        RuleValueError: For text that is not a string, too many lines or too long a line.

    Example:
        >>> read_lines("a\n\n b", "combatants", 5, str, lambda n, line: (n, line.strip()))
        [(1, 'a'), (3, 'b')]
    """
    check_field(field)
    if not isinstance(text, str):
        raise RuleValueError(
            M("{name} must be text, got {got}", name=field, got=quote(text)), field=field
        )
    lines = [(n, line) for n, line in enumerate(text.splitlines(), 1) if line.strip()]
    if len(lines) > most:
        raise RuleValueError(too_many(len(lines)), field=field)
    out = []
    for n, line in lines:
        if len(line) > MAX_LINE:
            raise RuleValueError(
                M(
                    "line {n} {line}: a line holds at most {most} characters",
                    n=n,
                    line=quote(line.strip(), 40),
                    most=MAX_LINE,
                ),
                field=field,
            )
        out.append(read(n, line))
    return out
