"""The four systems side by side at one skill gap: what the calculator shows.

Example:
    >>> rows = side_by_side(1)
    >>> [r.engine.label for r in rows]
    ['Unisystem', 'Galaxies Jumelles', 'Chroniques Oubliées', 'Mass battles']
    >>> duel_win_chances(0)["Galaxies Jumelles"]
    Fraction(1, 2)
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction
from html import escape

from ..dice import check_rng
from ..errors import RuleValueError, check_int, quote
from ..messages import Msg, join
from .chain import DuelOdds
from .chapter import Chart, Column, Kind, Table
from .duels import DEFAULT_HIT_POINTS, MAX_SIMULATED_ROUNDS, check_duel, duel, simulate_duel
from .engines import (
    DEFAULT_BASELINE,
    DEFAULT_BLOWS,
    MAX_BLOWS,
    MAX_HIT_POINTS,
    Baseline,
    Engine,
    check_engine,
    check_gap,
)
from .exchanges import Exchange, exchange, step_shift
from .words import MN, M

__all__ = [
    "SideBySide",
    "SideBySideRoll",
    "SystemSummary",
    "compare",
    "duel_win_chances",
    "side_by_side",
]


@dataclass(frozen=True)
class SystemSummary:
    """One system's answers at one skill gap.

    Attributes:
        engine: The system.
        exchange: The exchange's exact chances and margin.
        duel: The duel to the end.
        step_shift: How far one step moves the mean margin (for the SD in steps).

    Example:
        >>> s = side_by_side(2)[0]
        >>> s.engine.label, s.duel.upset
        ('Unisystem', Fraction(59991492272103, 11972581916616443))
        >>> SystemSummary(Engine.GALAXIES, exchange(Engine.GALAXIES, 1), duel(Engine.GALAXIES, 1), step_shift(Engine.GALAXIES)).sd_in_steps > 0
        True
    """

    engine: Engine
    exchange: Exchange
    duel: DuelOdds
    step_shift: Fraction

    def __post_init__(self) -> None:
        """Check every field: the system, its exchange and duel, a positive step."""
        check_engine(self.engine)
        for name, kind in (("exchange", Exchange), ("duel", DuelOdds)):
            value = getattr(self, name)
            if not isinstance(value, kind):
                raise RuleValueError(
                    M(
                        "{name} must be a {kind}, got {got} ({type})",
                        name=name,
                        kind=kind.__name__,
                        got=quote(value),
                        type=type(value).__name__,
                    ),
                    field=name,
                )
        if (
            isinstance(self.step_shift, bool)
            or not isinstance(self.step_shift, (int, Fraction))
            or not 0 < self.step_shift <= 1000
        ):
            raise RuleValueError(
                M(
                    "step_shift must be a positive Fraction of at most 1000, got {got} ({kind})",
                    got=quote(self.step_shift),
                    kind=type(self.step_shift).__name__,
                ),
                field="step_shift",
            )

    @property
    def sd_in_steps(self) -> float:
        """The margin's SD divided by what one step moves its mean."""
        return self.exchange.margin_sd / float(self.step_shift)


def side_by_side(
    gap: int,
    *,
    blows: int = DEFAULT_BLOWS,
    hit_points: int = DEFAULT_HIT_POINTS,
    baseline: Baseline = DEFAULT_BASELINE,
) -> tuple[SystemSummary, ...]:
    """Every system's exchange and duel when the better side is ``gap`` steps ahead.

    Every input is checked, and the Chroniques chain costed, before any work.

    Args:
        gap: The advantage in steps, 0 to 6.
        blows: N of "first to land N full blows" (Unisystem, Galaxies), 1 to 10.
        hit_points: The Chroniques fighters' hit points (PV), 1 to 30.
        baseline: The even fighter of each system.

    Raises:
        RuleValueError: For a value out of range.

    Example:
        >>> [r.duel.a_wins > r.exchange.ahead for r in side_by_side(1)]
        [True, True, True, True]
    """
    for engine in Engine:
        check_duel(engine, gap, blows, hit_points, baseline)
    # The largest chain is Chroniques' (hit points squared times its two blows' sizes):
    # MAX_HIT_POINTS keeps it under MAX_CHAIN_WORK (about 50 ms), checked above.
    return tuple(
        SystemSummary(
            engine,
            exchange(engine, gap, baseline),
            duel(engine, gap, blows=blows, hit_points=hit_points, baseline=baseline),
            step_shift(engine, baseline),
        )
        for engine in Engine
    )


def duel_win_chances(
    gap: int, *, blows: int = DEFAULT_BLOWS, hit_points: int = DEFAULT_HIT_POINTS
) -> dict[str, Fraction]:
    """``{system: P(the better fighter wins the duel)}`` at this gap.

    Example:
        >>> duel_win_chances(6, blows=1)["Galaxies Jumelles"] > Fraction(99, 100)
        True
    """
    return compare(gap, blows=blows, hit_points=hit_points).wins


@dataclass(frozen=True)
class SideBySideRoll:
    """One seeded duel in each system: who won and in how many rounds.

    Attributes:
        lines: ``(system, what happened, rounds)`` per system, in :class:`Engine` order
            (the system's name and what happened are messages).

    Example:
        >>> r = compare(1).roll(random.Random(3))
        >>> [line[0] for line in r.lines][:2]
        ['Unisystem', 'Galaxies Jumelles']
        >>> str(SideBySideRoll((("Unisystem", "the better side won", 3),)))
        'Unisystem: the better side won in 3 rounds.'
    """

    lines: tuple[tuple[str, str, int], ...]

    def __post_init__(self) -> None:
        """Check every line: a system, what happened (texts) and the rounds fought."""
        if not isinstance(self.lines, tuple) or not 1 <= len(self.lines) <= len(Engine):
            raise RuleValueError(
                M(
                    "lines must be a tuple of 1 to {high} lines (system, what happened, rounds), "
                    "got {got}",
                    high=len(Engine),
                    got=quote(self.lines),
                ),
                field="lines",
            )
        for line in self.lines:
            if (
                not isinstance(line, tuple)
                or len(line) != 3
                or not all(isinstance(text, str) and len(text) <= 200 for text in line[:2])
            ):
                raise RuleValueError(
                    M(
                        "each line must be (system, what happened, rounds), got {got}",
                        got=quote(line),
                    ),
                    field="lines",
                )
            check_int(line[2], "lines", 1, max(MAX_SIMULATED_ROUNDS.values()))

    @property
    def message(self) -> Msg:
        r"""One sentence per system (a message).

        Example:
            >>> compare(1).roll(random.Random(3)).message.render("fr")[:30]
            'Unisystem\xa0: le plus faible a g'
        """
        said = [
            MN(
                "{name}: {what} in {count} round",
                "{name}: {what} in {count} rounds",
                n,
                name=name,
                what=what,
                count=n,
            )
            for name, what, n in self.lines
        ]
        return M("{lines}.", lines=join("; ", said))

    def __str__(self) -> str:
        """One sentence per system."""
        return str(self.message)

    def html(self) -> str:
        """The same sentences as an HTML paragraph, in the reader's language."""
        return f"<p>{escape(self.message.render())}</p>"


@dataclass(frozen=True)
class SideBySide:
    """The four systems at one gap (the exact answers) and their seeded duels.

    Attributes:
        gap: The better side's advantage, in steps.
        blows: N of "first to land N full blows" (Unisystem, Galaxies).
        hit_points: The Chroniques fighters' hit points.
        rows: One :class:`SystemSummary` per system.

    Example:
        >>> c = compare(0)
        >>> c.wins["Galaxies Jumelles"]
        Fraction(1, 2)
        >>> SideBySide(1, 3, 12, side_by_side(1)).wins["Galaxies Jumelles"] > Fraction(1, 2)
        True
    """

    gap: int
    blows: int
    hit_points: int
    rows: tuple[SystemSummary, ...]

    def __post_init__(self) -> None:
        """Check every field: one summary per system, in :class:`Engine` order."""
        check_gap(self.gap)
        check_int(self.blows, "blows", 1, MAX_BLOWS)
        check_int(self.hit_points, "hit_points", 1, MAX_HIT_POINTS)
        if (
            not isinstance(self.rows, tuple)
            or len(self.rows) != len(Engine)
            or not all(isinstance(r, SystemSummary) for r in self.rows)
            or [r.engine for r in self.rows] != list(Engine)
        ):
            raise RuleValueError(
                M(
                    "rows must be one SystemSummary per system, in Engine order "
                    "(side_by_side gives them), got {got}",
                    got=quote(self.rows),
                ),
                field="rows",
            )

    @property
    def wins(self) -> dict[str, Fraction]:
        """``{system: P(the better fighter wins the duel)}``."""
        return {s.engine.label: s.duel.a_wins for s in self.rows}

    @property
    def duels(self) -> Msg:
        """What a duel is in each system, for these blows and hit points (the answer's first line).

        Example:
            >>> print(compare(1, blows=1).duels)
            Duels: first to land 1 full blow (Unisystem, Galaxies Jumelles); 12 hit points each (Chroniques Oubliées); the source's own battle to the end (mass battles).
        """
        return MN(
            "Duels: first to land {blows} full blow (Unisystem, Galaxies Jumelles); {hit_points} "
            "hit points each (Chroniques Oubliées); the source's own battle to the end (mass "
            "battles).",
            "Duels: first to land {blows} full blows (Unisystem, Galaxies Jumelles); {hit_points} "
            "hit points each (Chroniques Oubliées); the source's own battle to the end (mass "
            "battles).",
            self.blows,
            blows=self.blows,
            hit_points=self.hit_points,
        )

    def _ahead(self) -> Msg:
        return MN("{count} step", "{count} steps", self.gap, count=self.gap)

    def table(self) -> Table:
        """Each system's row: the exchange and the duel's chances, its length and its spread.

        Example:
            >>> t = compare(0).table()
            >>> t.rows[1][:4], t.caption
            (('Galaxies Jumelles', '1D', Fraction(3527, 7776), Fraction(1, 2)), 'The better side is 0 steps ahead')
        """
        chance = Kind.PROBABILITY
        columns = (
            Column(M("system")),
            Column(M("one step")),
            Column(M("better side ahead in one exchange"), chance),
            Column(M("better side wins the duel"), chance),
            Column(M("upset (weaker side wins)"), chance),
            Column(M("draw"), Kind.PERCENT),
            Column(M("mean rounds"), Kind.NUMBER),
            Column(M("SD of the margin")),
        )
        rows = tuple(
            (
                r.engine.label,
                r.engine.step_text,
                r.exchange.ahead,
                r.duel.a_wins,
                r.duel.upset,
                r.duel.draw,
                r.duel.mean_rounds,
                M(
                    "{sd} {unit} ({steps} steps)",
                    sd=r.exchange.margin_sd,
                    unit=r.engine.unit,
                    steps=r.sd_in_steps,
                ),
            )
            for r in self.rows
        )
        return Table(columns, rows, M("The better side is {steps} ahead", steps=self._ahead()))

    def chart(self) -> Chart:
        """The better side's three chances in each system.

        Example:
            >>> compare(0).chart().series["upset"][1]
            Fraction(1, 2)
        """
        series = {
            M("ahead in one exchange"): [r.exchange.ahead for r in self.rows],
            M("wins the duel"): [r.duel.a_wins for r in self.rows],
            M("upset"): [r.duel.upset for r in self.rows],
        }
        title = M("The better side, {steps} ahead", steps=self._ahead())
        return Chart(tuple(r.engine.label for r in self.rows), series, title, M("system"))

    def roll(self, rng: random.Random | None = None) -> SideBySideRoll:
        """Fight one seeded duel in each system, with the systems' own rolls.

        Example:
            >>> a = compare(2).roll(random.Random(8))
            >>> a == compare(2).roll(random.Random(8))
            True
        """
        rng = random.Random() if rng is None else check_rng(rng)
        lines = []
        for s in self.rows:
            sim = simulate_duel(
                s.engine, self.gap, trials=1, blows=self.blows, hit_points=self.hit_points, rng=rng
            )
            what = (
                M("the better side won")
                if sim.a_wins
                else M("the weaker side won (an upset)")
                if sim.b_wins
                else M("both fell together")
            )
            lines.append((s.engine.label, what, sim.rounds))
        return SideBySideRoll(tuple(lines))


def compare(
    gap: int, *, blows: int = DEFAULT_BLOWS, hit_points: int = DEFAULT_HIT_POINTS
) -> SideBySide:
    """The four systems at one gap: :func:`side_by_side` with its seeded roll.

    Raises:
        RuleValueError: For a value out of range (checked before any work).

    Example:
        >>> compare(7)
        Traceback (most recent call last):
        ...
        rulebook_py.errors.RuleValueError: gap must be an integer from 0 to 6, got 7
    """
    rows = side_by_side(gap, blows=blows, hit_points=hit_points)
    return SideBySide(gap, blows, hit_points, rows)
