"""The comparison chapter's tables and charts as data: what each one shows, from the rules.

Each function computes one table (:class:`Table`: its columns, each with a
header and the kind of its values, its rows of plain values, its caption) or
one chart (:class:`Chart`: its labels and series) of
``book/comparing-systems.ipynb``; the widget layer
(:mod:`rulebook_py.widgets.comparison_tables`) only writes them as HTML and
SVG. The values stay exact (fractions) until then; a column's :class:`Kind` says how
its cells read: as they are, a percentage, a probability (percentage and
fraction), a number (a mean or a deviation), several percentages joined by
" / "; ``None`` is a cell with nothing to show.

Its types (:class:`Table`, :class:`Column`, :class:`Kind`, :class:`Chart`) are
the chapter's tools, left out of ``__all__`` (and of the package's); the
functions are in both.

Example:
    >>> [c.header for c in engines_table().columns][:2]
    ['system', 'one step']
    >>> exchange_chart().labels[:3]
    ('0', '1', '2')
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from typing import Any

from ..errors import check_enum, check_int
from ..messages import Msg
from ..systems import mass_battle
from .duels import duel, duel_length, simulate_duel
from .engines import DEFAULT_BASELINE, MAX_GAP, Baseline, Engine
from .exchanges import exchange, step_shift, unisystem_attacks
from .words import M
from .worth import PlusOneRule, plus_one, round_ahead

__all__ = [
    "blows_table",
    "duel_table",
    "engines_table",
    "exchange_chart",
    "exchange_table",
    "gains_table",
    "levels_table",
    "longer_than",
    "plus_one_chart",
    "plus_one_table",
    "rounds_chart",
    "simulation_lines",
    "spread_by_code_table",
    "spread_table",
    "unisystem_turn_table",
    "upset_chart",
]


class Kind(Enum):
    """How a column's values read (the widget layer has one writer for each).

    Example:
        >>> Kind.PERCENTS.value
        'percents'
    """

    TEXT = "text"
    PERCENT = "percent"
    PROBABILITY = "probability"
    NUMBER = "number"
    PERCENTS = "percents"


_GAPS = range(MAX_GAP + 1)


@dataclass(frozen=True)
class Column:
    """A column of a table: its header and the :class:`Kind` of its values.

    Example:
        >>> Column(M("draw"), Kind.PERCENT).kind.value
        'percent'
    """

    header: Msg | str
    kind: Kind = Kind.TEXT

    def __post_init__(self) -> None:
        check_enum(self.kind, Kind, "kind")


@dataclass(frozen=True)
class Table:
    """A table of the chapter: its columns, rows of plain values, and its caption.

    Example:
        >>> Table((Column("gap"),), ((0,), (1,))).rows[1]
        (1,)
    """

    columns: tuple[Column, ...]
    rows: tuple[tuple[Any, ...], ...]
    caption: Msg | str = ""


@dataclass(frozen=True)
class Chart:
    """A chart of the chapter: the labels of its bars and each series' chances.

    Example:
        >>> Chart(("0", "1"), {"d20": [Fraction(1, 2), Fraction(1, 4)]}, "t", "x").series["d20"][1]
        Fraction(1, 4)
    """

    labels: tuple[str, ...]
    series: dict[Any, list[Fraction]]
    title: Msg | str
    x_title: Msg | str


def _columns(*spec: Msg | str | tuple[Msg | str, Kind]) -> tuple[Column, ...]:
    """Columns from headers, or ``(header, kind)`` pairs."""
    return tuple(Column(*s) if isinstance(s, tuple) else Column(s) for s in spec)


def engines_table() -> Table:
    """Each system's step, the unit of its margin and its even fighter.

    Example:
        >>> engines_table().rows[3][1]
        '+1 offense level'
    """
    b = DEFAULT_BASELINE
    fighters = [
        M(
            "DEX {dex} + skill {skill} (attack and dodge)",
            dex=b.unisystem_dexterity,
            skill=b.unisystem_skill,
        ),
        b.galaxies_code,
        M(
            "ATQ {attack}, DEF {defense}, {damage} + {modifier}",
            attack=b.chroniques_attack,
            defense=b.chroniques_defense,
            damage=b.chroniques_damage,
            modifier=b.chroniques_damage_modifier,
        ),
        M(
            "100 %, offense {offense}, defense {defense}",
            offense=b.mass_offense,
            defense=b.mass_defense,
        ),
    ]
    return Table(
        _columns(M("system"), M("one step"), M("margin measured in"), M("even fighter")),
        tuple((e.label, e.step_text, e.unit, what) for e, what in zip(Engine, fighters)),
    )


def _unit(offense: int, defense: int) -> mass_battle.Unit:
    return mass_battle.Unit("unit", 100, offense, defense)


def _levels_row(offense: int, defense: int) -> tuple[object, ...]:
    even = _unit(offense, defense)
    return (
        M("offense {offense}, defense {defense}", offense=offense, defense=defense),
        round_ahead(even, even),
        *(round_ahead(_unit(offense + o, defense + d), even) for o, d in ((1, 0), (0, 1), (1, 1))),
    )


def levels_table() -> Table:
    """Mass battles: the chance of being ahead after a round, one level up on each side.

    Example:
        >>> levels_table().rows[1][0]
        'offense 6, defense 3'
    """
    heads = (M("no gap"), M("+1 offense"), M("+1 defense"), M("+1 of both"))
    return Table(
        _columns(M("even units"), *((h, Kind.PERCENT) for h in heads)),
        (_levels_row(3, 3), _levels_row(6, 3)),
        M("Mass battles: ahead of one round against the even unit"),
    )


def _ahead() -> dict[Any, list[Fraction]]:
    return {e.label: [exchange(e, g).ahead for g in _GAPS] for e in Engine}


def exchange_chart() -> Chart:
    """The chance that the better side comes out ahead of one exchange, gap by gap.

    Example:
        >>> exchange_chart().series["Unisystem"][1]
        Fraction(288, 625)
    """
    return Chart(
        tuple(str(g) for g in _GAPS),
        _ahead(),
        M("The better side comes out ahead of one exchange"),
        M("skill gap (steps)"),
    )


def exchange_table() -> Table:
    """The same chances, as a table.

    Example:
        >>> exchange_table().rows[1][1]
        Fraction(288, 625)
    """
    ahead = _ahead()
    return Table(
        _columns(M("gap (steps)"), *((name, Kind.PERCENT) for name in ahead)),
        tuple((g, *(ahead[name][g] for name in ahead)) for g in _GAPS),
        M("P(the better side comes out ahead of one exchange)"),
    )


def unisystem_turn_table() -> Table:
    """Unisystem: each fighter's attack against the other's dodge, gap by gap.

    Example:
        >>> unisystem_turn_table().rows[1]
        (1, Fraction(16, 25), Fraction(7, 25))
    """
    return Table(
        _columns(
            M("gap (steps)"),
            (M("the better fighter's attack lands"), Kind.PROBABILITY),
            (M("the other's attack lands"), Kind.PROBABILITY),
        ),
        tuple((g, *(o.hit_chance for o in unisystem_attacks(g))) for g in _GAPS),
        M("Unisystem: one turn, each attack against the other's dodge (a tie to the defender)"),
    )


def spread_table() -> Table:
    """The spread of one exchange between even fighters, in each system's unit and in steps.

    Example:
        >>> spread_table().rows[0][0]
        'Unisystem'
    """
    rows = []
    for e in Engine:
        even = exchange(e, 0)
        shift = step_shift(e)
        rows.append(
            (
                e.label,
                e.unit,
                even.margin.variance(),
                even.margin_sd,
                shift,
                even.margin_sd / float(shift),
            )
        )
    return Table(
        _columns(
            M("system"),
            M("margin in"),
            M("variance (exact)"),
            (M("SD"), Kind.NUMBER),
            (M("one step moves the mean by"), Kind.NUMBER),
            (M("SD in steps"), Kind.NUMBER),
        ),
        tuple(rows),
        M("The spread of one exchange between even fighters"),
    )


def spread_by_code_table() -> tuple[Table, Table]:
    """Galaxies: the spread by even code; Chroniques: by the size of the step.

    Example:
        >>> spread_by_code_table()[0].rows[5][0]
        '6D+1'
    """
    galaxies_rows = []
    for code in (f"{n}D+1" for n in range(1, 7)):
        base = Baseline(galaxies_code=code)
        sd = exchange(Engine.GALAXIES, 0, base).margin_sd
        galaxies_rows.append(
            (
                code,
                exchange(Engine.GALAXIES, 1, base).ahead,
                sd,
                sd / float(step_shift(Engine.GALAXIES)),
            )
        )
    chroniques_sd = exchange(Engine.CHRONIQUES, 0).margin_sd
    galaxies = Table(
        _columns(
            M("even code"),
            (M("one more die: better side ahead"), Kind.PERCENT),
            (M("SD of the margin"), Kind.NUMBER),
            (M("SD in steps (1D)"), Kind.NUMBER),
        ),
        tuple(galaxies_rows),
        M("Galaxies Jumelles: the spread depends on the even code"),
    )
    chroniques = Table(
        _columns(
            M("step"),
            (M("SD of the attack roll's margin"), Kind.NUMBER),
            (M("SD in steps"), Kind.NUMBER),
        ),
        tuple((M("{step:+d}", step=step), chroniques_sd, chroniques_sd / step) for step in (2, 5)),
        M(
            "Chroniques Oubliées: the spread depends on the step (+2 the smallest "
            "modifier, −5 as common)"
        ),
    )
    return galaxies, chroniques


def gains_table(rule: PlusOneRule) -> Table:
    """What +1 adds at each starting point of one rule (the gain in points).

    Example:
        >>> gains_table(PlusOneRule.UNISYSTEM_TASK).columns[3].header
        'gain (points)'
    """
    return Table(
        _columns(
            M("start"),
            (M("chance"), Kind.PERCENT),
            (M("with +1"), Kind.PERCENT),
            (M("gain (points)"), Kind.NUMBER),
        ),
        tuple((g.start, g.before, g.after, float(g.gain) * 100) for g in plus_one(rule)),
        rule.label,
    )


def _needed() -> tuple[list[str], dict[PlusOneRule, dict[str, Any]]]:
    """The rolls needed on the die (DEF − attack score), and each Chroniques rule's gains."""
    rules = (
        PlusOneRule.CHRONIQUES_D20,
        PlusOneRule.CHRONIQUES_D12,
        PlusOneRule.CHRONIQUES_BEST_OF_TWO,
    )
    gains = {rule: {str(g.start.params["roll"]): g for g in plus_one(rule)} for rule in rules}  # type: ignore[attr-defined]
    return list(gains[PlusOneRule.CHRONIQUES_D20]), gains


def plus_one_chart() -> Chart:
    """Chroniques: what +1 adds to the chance of hitting, a d20 against the best of two.

    Example:
        >>> "best of two d20" in plus_one_chart().series
        True
    """
    needs, gains = _needed()
    d20, two = gains[PlusOneRule.CHRONIQUES_D20], gains[PlusOneRule.CHRONIQUES_BEST_OF_TWO]
    return Chart(
        tuple(needs),
        {"d20": [d20[n].gain for n in needs], M("best of two d20"): [two[n].gain for n in needs]},
        M("Chroniques Oubliées: what +1 adds to the chance of hitting"),
        M("roll needed on the die (DEF − attack score)"),
    )


def plus_one_table() -> Table:
    """Chroniques: the chance of hitting and what +1 adds, d20, d12 rule and best of two.

    Example:
        >>> plus_one_table().columns[3].header
        'd12 rule'
    """
    needs, gains = _needed()
    rules = (
        PlusOneRule.CHRONIQUES_D20,
        PlusOneRule.CHRONIQUES_D12,
        PlusOneRule.CHRONIQUES_BEST_OF_TWO,
    )

    def pair(table: dict[str, Any], n: str) -> tuple[Any, Any]:
        g = table.get(n)
        return (None, None) if g is None else (g.before, float(g.gain) * 100)

    heads = ("d20", M("d12 rule"), M("best of two d20"))
    return Table(
        _columns(
            M("roll needed"),
            *(c for h in heads for c in ((h, Kind.PERCENT), (M("gain"), Kind.NUMBER))),
        ),
        tuple((n, *(v for rule in rules for v in pair(gains[rule], n))) for n in needs),
        M("Chroniques Oubliées: the chance of hitting and what +1 adds (points)"),
    )


def _duels() -> dict[Engine, list[Any]]:
    return {e: [duel(e, g) for g in _GAPS] for e in Engine}


def duel_table() -> Table:
    """The duel to the end at every gap: the better side wins, an upset, a draw.

    Example:
        >>> wins, upset, draw = duel_table().rows[0][1]  # even Unisystem fighters
        >>> wins == upset, wins + upset + draw
        (True, Fraction(1, 1))
    """
    duels = _duels()
    return Table(
        _columns(
            M("gap (steps)"),
            *((M("{system}: better wins / upset / draw", system=e), Kind.PERCENTS) for e in duels),
        ),
        tuple((g, *((d[g].a_wins, d[g].upset, d[g].draw) for d in duels.values())) for g in _GAPS),
        M("The duel to the end: N = 3 full blows, 12 PV, the source's battle"),
    )


def upset_chart() -> Chart:
    """The upset rate (the weaker side wins the duel), gap by gap.

    Example:
        >>> upset_chart().series["Unisystem"][0]  # even: either side
        Fraction(13352458, 30074733)
    """
    return Chart(
        tuple(str(g) for g in _GAPS),
        {e.label: [d.upset for d in odds] for e, odds in _duels().items()},
        M("Upset rate: the weaker side wins the duel"),
        M("skill gap (steps)"),
    )


def longer_than(horizon: int = 15) -> dict[Engine, Fraction]:
    """The chance that a duel one step apart lasts more than ``horizon`` rounds, per system.

    Example:
        >>> longer_than(15)[Engine.MASS_BATTLE] < Fraction(1, 100)
        True
    """
    return {e: duel_length(e, 1, horizon=horizon).longer for e in Engine}


def rounds_chart(horizon: int = 15) -> Chart:
    """How many rounds a duel one step apart lasts, per system, up to ``horizon``.

    Example:
        >>> rounds_chart(3).labels
        ('1', '2', '3')
    """
    lengths = {e.label: duel_length(e, 1, horizon=horizon) for e in Engine}
    rounds = range(1, horizon + 1)
    return Chart(
        tuple(str(t) for t in rounds),
        {name: [r.ends.get(t, Fraction(0)) for t in rounds] for name, r in lengths.items()},
        M("Rounds until the duel ends (gap: 1 step)"),
        M("rounds"),
    )


def blows_table() -> Table:
    """One step ahead: the better side's chance by N full blows and by hit points.

    Example:
        >>> [row[0] for row in blows_table().rows]
        [1, 3, 5, 10]
    """
    rows = []
    for n, hp in zip((1, 3, 5, 10), (5, 12, 20, 30)):
        uni = duel(Engine.UNISYSTEM, 1, blows=n)
        chro = duel(Engine.CHRONIQUES, 1, hit_points=hp)
        galaxies = duel(Engine.GALAXIES, 1, blows=n).a_wins
        rows.append((n, uni.a_wins, uni.draw, galaxies, "", hp, chro.a_wins, chro.draw))
    return Table(
        _columns(
            M("N full blows"),
            (Engine.UNISYSTEM.label, Kind.PERCENT),
            (M("draw"), Kind.PERCENT),
            (Engine.GALAXIES.label, Kind.PERCENT),
            "",
            M("PV"),
            (Engine.CHRONIQUES.label, Kind.PERCENT),
            (M("draw"), Kind.PERCENT),
        ),
        tuple(rows),
        M("The better side (1 step ahead) wins the duel"),
    )


def simulation_lines(trials: int = 1000, seed: int = 19) -> list[Msg]:
    """The exact duel beside a seeded simulation of ``trials`` duels, one line per system.

    Example:
        >>> str(simulation_lines(20, 1)[0]).startswith("Unisystem")
        True
    """
    check_int(seed, "seed", 0)
    lines = []
    for e in Engine:
        sim = simulate_duel(e, 1, trials=trials, rng=random.Random(seed))
        exact = duel(e, 1)
        lines.append(
            M(
                "{system} better wins: exact {exact:.4f}, simulated {simulated:.4f}; mean rounds: "
                "exact {mean:.2f}, simulated {simulated_mean:.2f}",
                system=e.label,
                exact=float(exact.a_wins),
                simulated=sim.a_wins / sim.trials,
                mean=float(exact.mean_rounds),
                simulated_mean=float(sim.mean_rounds),
            )
        )
    return lines
