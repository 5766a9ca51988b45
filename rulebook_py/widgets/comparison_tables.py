"""The comparison chapter's tables and charts, drawn from the rules, in the reader's language.

Each function computes one table or chart of ``book/comparing-systems.ipynb`` with
:mod:`rulebook_py.comparison` and returns its HTML (or the lines it prints):
the chapter's code cells call them, so the numbers come from the rules and the
words from the ``comparison`` catalog (the French edition reads them in French).

Example:
    >>> "Galaxies Jumelles" in engines_table()
    True
    >>> plus_one_chart().startswith("<svg")
    True
"""

from __future__ import annotations

import random
from fractions import Fraction

from ..comparison import (
    DEFAULT_BASELINE,
    MAX_GAP,
    Baseline,
    Engine,
    PlusOneRule,
    duel,
    duel_length,
    exchange,
    plus_one,
    round_ahead,
    simulate_duel,
    step_shift,
    unisystem_attacks,
)
from ..comparison.words import M
from ..messages import join
from ..systems import mass_battle
from .charts import grouped_bar_chart
from .format import number, percent, probability, table_html
from .words import shown

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

_GAPS = range(MAX_GAP + 1)


def engines_table() -> str:
    """Each system's step, the unit of its margin and its even fighter.

    Example:
        >>> "+1 offense level" in engines_table()
        True
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
    return table_html(
        [M("system"), M("one step"), M("margin measured in"), M("even fighter")],
        [(e.label, e.step_text, e.unit, what) for e, what in zip(Engine, fighters)],
    )


def _unit(offense: int, defense: int) -> mass_battle.Unit:
    return mass_battle.Unit("unit", 100, offense, defense)


def _levels_row(offense: int, defense: int) -> tuple[object, ...]:
    even = _unit(offense, defense)
    return (
        M("offense {offense}, defense {defense}", offense=offense, defense=defense),
        percent(round_ahead(even, even)),
        *(
            percent(round_ahead(_unit(offense + o, defense + d), even))
            for o, d in ((1, 0), (0, 1), (1, 1))
        ),
    )


def levels_table() -> str:
    """Mass battles: the chance of being ahead after a round, one level up on each side.

    Example:
        >>> "offense 6, defense 3" in levels_table()
        True
    """
    return table_html(
        [M("even units"), M("no gap"), M("+1 offense"), M("+1 defense"), M("+1 of both")],
        [_levels_row(3, 3), _levels_row(6, 3)],
        caption=M("Mass battles: ahead of one round against the even unit"),
    )


def _ahead() -> dict[object, list[Fraction]]:
    return {e.label: [exchange(e, g).ahead for g in _GAPS] for e in Engine}


def exchange_chart() -> str:
    """The chance that the better side comes out ahead of one exchange, gap by gap.

    Example:
        >>> exchange_chart().startswith("<svg")
        True
    """
    return grouped_bar_chart(
        [str(g) for g in _GAPS],
        _ahead(),
        title=M("The better side comes out ahead of one exchange"),
        x_title=M("skill gap (steps)"),
    )


def exchange_table() -> str:
    """The same chances, as a table.

    Example:
        >>> "P(the better side comes out ahead of one exchange)" in exchange_table()
        True
    """
    ahead = _ahead()
    return table_html(
        [M("gap (steps)"), *ahead],
        [(g, *(percent(ahead[name][g]) for name in ahead)) for g in _GAPS],
        caption=M("P(the better side comes out ahead of one exchange)"),
    )


def unisystem_turn_table() -> str:
    """Unisystem: each fighter's attack against the other's dodge, gap by gap.

    Example:
        >>> "64.00 % (16/25)" in unisystem_turn_table()
        True
    """
    return table_html(
        [M("gap (steps)"), M("the better fighter's attack lands"), M("the other's attack lands")],
        [(g, *(probability(o.hit_chance) for o in unisystem_attacks(g))) for g in _GAPS],
        caption=M(
            "Unisystem: one turn, each attack against the other's dodge (a tie to the defender)"
        ),
    )


def spread_table() -> str:
    """The spread of one exchange between even fighters, in each system's unit and in steps.

    Example:
        >>> "35/12" in spread_table() or "variance" in spread_table()
        True
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
                number(even.margin_sd),
                number(shift),
                number(even.margin_sd / float(shift)),
            )
        )
    return table_html(
        [
            M("system"),
            M("margin in"),
            M("variance (exact)"),
            M("SD"),
            M("one step moves the mean by"),
            M("SD in steps"),
        ],
        rows,
        caption=M("The spread of one exchange between even fighters"),
    )


def spread_by_code_table() -> str:
    """Galaxies: the spread by even code; Chroniques: by the size of the step.

    Example:
        >>> "6D+1" in spread_by_code_table()
        True
    """
    galaxies_rows = []
    for code in (f"{n}D+1" for n in range(1, 7)):
        base = Baseline(galaxies_code=code)
        sd = exchange(Engine.GALAXIES, 0, base).margin_sd
        galaxies_rows.append(
            (
                code,
                percent(exchange(Engine.GALAXIES, 1, base).ahead),
                number(sd),
                number(sd / float(step_shift(Engine.GALAXIES))),
            )
        )
    chroniques_sd = exchange(Engine.CHRONIQUES, 0).margin_sd
    return table_html(
        [
            M("even code"),
            M("one more die: better side ahead"),
            M("SD of the margin"),
            M("SD in steps (1D)"),
        ],
        galaxies_rows,
        caption=M("Galaxies Jumelles: the spread depends on the even code"),
    ) + table_html(
        [M("step"), M("SD of the attack roll's margin"), M("SD in steps")],
        [
            (M("{step:+d}", step=step), number(chroniques_sd), number(chroniques_sd / step))
            for step in (2, 5)
        ],
        caption=M(
            "Chroniques Oubliées: the spread depends on the step (+2 the smallest "
            "modifier, −5 as common)"
        ),
    )


def gains_table(rule: PlusOneRule) -> str:
    """What +1 adds at each starting point of one rule.

    Example:
        >>> "gain (points)" in gains_table(PlusOneRule.UNISYSTEM_TASK)
        True
    """
    return table_html(
        [M("start"), M("chance"), M("with +1"), M("gain (points)")],
        [
            (g.start, percent(g.before), percent(g.after), number(float(g.gain) * 100))
            for g in plus_one(rule)
        ],
        caption=rule.label,
    )


def _needed() -> tuple[list[str], dict[PlusOneRule, dict[str, object]]]:
    """The rolls needed on the die (DEF − attack score), and each Chroniques rule's gains."""
    rules = (
        PlusOneRule.CHRONIQUES_D20,
        PlusOneRule.CHRONIQUES_D12,
        PlusOneRule.CHRONIQUES_BEST_OF_TWO,
    )
    gains = {rule: {str(g.start.params["roll"]): g for g in plus_one(rule)} for rule in rules}  # type: ignore[attr-defined]
    return list(gains[PlusOneRule.CHRONIQUES_D20]), gains


def plus_one_chart() -> str:
    """Chroniques: what +1 adds to the chance of hitting, a d20 against the best of two.

    Example:
        >>> "best of two d20" in plus_one_chart()
        True
    """
    needs, gains = _needed()
    d20, two = gains[PlusOneRule.CHRONIQUES_D20], gains[PlusOneRule.CHRONIQUES_BEST_OF_TWO]
    return grouped_bar_chart(
        needs,
        {"d20": [d20[n].gain for n in needs], M("best of two d20"): [two[n].gain for n in needs]},  # type: ignore[attr-defined]
        title=M("Chroniques Oubliées: what +1 adds to the chance of hitting"),
        x_title=M("roll needed on the die (DEF − attack score)"),
    )


def plus_one_table() -> str:
    """Chroniques: the chance of hitting and what +1 adds, d20, d12 rule and best of two.

    Example:
        >>> "d12 rule" in plus_one_table()
        True
    """
    needs, gains = _needed()
    d20, d12 = gains[PlusOneRule.CHRONIQUES_D20], gains[PlusOneRule.CHRONIQUES_D12]
    two = gains[PlusOneRule.CHRONIQUES_BEST_OF_TWO]

    def pair(table: dict[str, object], n: str) -> tuple[str, str]:
        if n not in table:
            return "—", "—"
        g = table[n]
        return percent(g.before), number(float(g.gain) * 100)  # type: ignore[attr-defined]

    return table_html(
        [
            M("roll needed"),
            "d20",
            M("gain"),
            M("d12 rule"),
            M("gain"),
            M("best of two d20"),
            M("gain"),
        ],
        [(n, *pair(d20, n), *pair(d12, n), *pair(two, n)) for n in needs],
        caption=M("Chroniques Oubliées: the chance of hitting and what +1 adds (points)"),
    )


def _duels() -> dict[Engine, list]:
    return {e: [duel(e, g) for g in _GAPS] for e in Engine}


def duel_table() -> str:
    """The duel to the end at every gap: the better side wins, an upset, a draw.

    Example:
        >>> "better wins / upset / draw" in duel_table()
        True
    """
    duels = _duels()
    return table_html(
        [M("gap (steps)"), *(M("{system}: better wins / upset / draw", system=e) for e in duels)],
        [
            (
                g,
                *(
                    join(" / ", (percent(d[g].a_wins), percent(d[g].upset), percent(d[g].draw)))
                    for d in duels.values()
                ),
            )
            for g in _GAPS
        ],
        caption=M("The duel to the end: N = 3 full blows, 12 PV, the source's battle"),
    )


def upset_chart() -> str:
    """The upset rate (the weaker side wins the duel), gap by gap.

    Example:
        >>> upset_chart().startswith("<svg")
        True
    """
    return grouped_bar_chart(
        [str(g) for g in _GAPS],
        {e.label: [d.upset for d in odds] for e, odds in _duels().items()},
        title=M("Upset rate: the weaker side wins the duel"),
        x_title=M("skill gap (steps)"),
    )


def longer_than(horizon: int = 15) -> str:
    """The chance that a duel one step apart lasts more than ``horizon`` rounds, per system.

    Example:
        >>> longer_than(15).startswith("P(more than 15 rounds): Unisystem")
        True
    """
    lengths = {e: duel_length(e, 1, horizon=horizon) for e in Engine}
    parts = [M("{system} {chance}", system=e, chance=percent(r.longer)) for e, r in lengths.items()]
    return shown(M("P(more than {count} rounds): {parts}", count=horizon, parts=join("; ", parts)))


def rounds_chart(horizon: int = 15) -> str:
    """How many rounds a duel one step apart lasts, per system, up to ``horizon``.

    Example:
        >>> rounds_chart(3).startswith("<svg")
        True
    """
    rounds = range(1, horizon + 1)
    lengths = {e.label: duel_length(e, 1, horizon=horizon) for e in Engine}
    return grouped_bar_chart(
        [str(t) for t in rounds],
        {name: [r.ends.get(t, Fraction(0)) for t in rounds] for name, r in lengths.items()},
        title=M("Rounds until the duel ends (gap: 1 step)"),
        x_title=M("rounds"),
    )


def blows_table() -> str:
    """One step ahead: the better side's chance by N full blows and by hit points.

    Example:
        >>> "N full blows" in blows_table()
        True
    """
    rows = []
    for n, hp in zip((1, 3, 5, 10), (5, 12, 20, 30)):
        uni = duel(Engine.UNISYSTEM, 1, blows=n)
        chro = duel(Engine.CHRONIQUES, 1, hit_points=hp)
        rows.append(
            (
                n,
                percent(uni.a_wins),
                percent(uni.draw),
                percent(duel(Engine.GALAXIES, 1, blows=n).a_wins),
                "",
                hp,
                percent(chro.a_wins),
                percent(chro.draw),
            )
        )
    return table_html(
        [
            M("N full blows"),
            Engine.UNISYSTEM.label,
            M("draw"),
            Engine.GALAXIES.label,
            "",
            M("PV"),
            Engine.CHRONIQUES.label,
            M("draw"),
        ],
        rows,
        caption=M("The better side (1 step ahead) wins the duel"),
    )


def simulation_lines(trials: int = 1000, seed: int = 19) -> str:
    """The exact duel beside a seeded simulation of ``trials`` duels, one line per system.

    Example:
        >>> simulation_lines(20, 1).count("simulated") == 2 * len(Engine)
        True
    """
    lines = []
    for e in Engine:
        sim = simulate_duel(e, 1, trials=trials, rng=random.Random(seed))
        exact = duel(e, 1)
        lines.append(
            M(
                "{system} better wins: exact {exact:.4f}, simulated {simulated:.4f}; mean rounds: "
                "exact {mean:.2f}, simulated {simulated_mean:.2f}",
                system=f"{shown(e.label):20}",
                exact=float(exact.a_wins),
                simulated=sim.a_wins / sim.trials,
                mean=float(exact.mean_rounds),
                simulated_mean=float(sim.mean_rounds),
            )
        )
    return shown(join("\n", lines))
