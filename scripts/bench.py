"""make bench: every speed budget of the package, each figure printed beside its budget.

The tests bound *work* (operations, cost estimates, CPU time against a hang);
how fast the work is done is measured here, on a quiet machine, and nowhere
else (issue 36: an elapsed time in a test says how busy the machine is).

Budgets (design card): a single-roll calculator must redraw in under 16 ms
(median), a whole-fight one in under 100 ms, in CPython on this machine. The
dice engine must be at least 10 times faster than icepool on two reference
computations. icepool is a test-only dependency; it is used here as the
yardstick. Every accepted dice expression must be answered in under 1 s
(the notation's work estimate refuses anything above 0.25 s): the bench times
the accepted expressions that the engine itself estimates as the costliest,
hand-picked and seeded-random ones, and prints the slowest. The largest fights
the limits allow (mass battle, Chroniques, Galaxies) and the slowest update of
the hostile sweep (``tests/test_hostile_inputs.py``: every control of every
calculator set to every hostile value) are timed against their promises.

Not a test: it prints a table, a verdict on every line and a summary, and
exits 1 if a budget is missed, so that a regression is visible.
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import time
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

import icepool

from rulebook_py import dice
from rulebook_py.errors import NotationError
from rulebook_py.widgets import CALCULATORS

BUDGET_MS = {"roll": 16.0, "fight": 100.0}
ROUNDS = 7  # each calculator's bench_changes are applied this many times
ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Figure:
    """One measured figure and its budget: ``ok`` when within it."""

    label: str
    value: float
    budget: float
    unit: str = "ms"
    #: True when the figure must reach the budget (a speed-up), False when stay under it.
    at_least: bool = False
    detail: str = ""

    @property
    def ok(self) -> bool:
        return self.value >= self.budget if self.at_least else self.value < self.budget

    def line(self) -> str:
        sign = ">=" if self.at_least else "<"
        verdict = "ok" if self.ok else "OVER BUDGET"
        detail = f"  ({self.detail})" if self.detail else ""
        return (
            f"  {self.label:<58}{self.value:>10.2f} {self.unit:<3} budget {sign} "
            f"{self.budget:g} {self.unit:<3} {verdict}{detail}"
        )


def report(title: str, figures: list[Figure]) -> bool:
    """Print the figures of one part under its title; True when all are within budget."""
    print(title)
    for figure in figures:
        print(figure.line(), flush=True)
    return all(f.ok for f in figures)


def bench_calculators(rounds: int = ROUNDS) -> list[Figure]:
    """Every registered calculator: the median time of an update, against its kind's budget."""
    figures = []
    for name, cls in CALCULATORS.items():
        calc = cls()
        times = []
        for _ in range(rounds):
            for control, value in cls.bench_changes:
                widget = calc.controls[control]
                if widget.value == value:
                    continue
                start = time.perf_counter()
                widget.value = value  # observe -> update -> rules layer + chart
                times.append(time.perf_counter() - start)
        med = statistics.median(times) * 1000 if times else float("nan")
        worst = max(times) * 1000 if times else float("nan")
        detail = f"{cls.kind}, {len(times)} updates, max {worst:.2f} ms"
        figures.append(Figure(f"{name} update, median", med, BUDGET_MS[cls.kind], detail=detail))
    return figures


def _clear() -> None:
    dice.parse.cache_clear()
    dice.clear_caches()


def _median_ms(fn, repeat: int = 15) -> float:
    fn()  # warm up imports
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def ours_opposed() -> tuple[Fraction, Fraction]:
    _clear()
    c = dice.parse("15D+2").compare(dice.parse("15D"))
    return c.gt, c.eq


def icepool_opposed() -> tuple[Fraction, Fraction]:
    a = 15 @ icepool.d6 + 2
    b = 15 @ icepool.d6
    return (a > b).probability(True), (a == b).probability(True)


DICE = ("d20", "2d20kh1", "d12")


def ours_table() -> list[Fraction]:
    _clear()
    out = []
    for text in DICE:
        dist = dice.parse(text).distribution
        for mod in range(11):
            for defense in range(10, 31):
                out.append(dist.prob_at_least(defense - mod))
    return out


def icepool_table() -> list[Fraction]:
    out = []
    for base in (icepool.d20, icepool.d20.highest(2, 1), icepool.d12):
        for mod in range(11):
            die = base + mod
            for defense in range(10, 31):
                out.append(die.probability(">=", defense))
    return out


def bench_engine(repeat: int = 15) -> list[Figure]:
    """The dice engine's speed-up over icepool on two reference computations (same answers)."""
    figures = []
    for label, ours, theirs in (
        ("15D+2 vs 15D: P(>), P(=)", ours_opposed, icepool_opposed),
        ("d20 / 2d20kh1 / d12 + 0..10 vs DEF 10..30", ours_table, icepool_table),
    ):
        assert ours() == theirs(), f"{label}: the engine disagrees with icepool"
        t_ours, t_theirs = _median_ms(ours, repeat), _median_ms(theirs, repeat)
        detail = f"ours {t_ours:.3f} ms, icepool {t_theirs:.3f} ms"
        figures.append(Figure(f"{label}, icepool / ours", t_theirs / t_ours, 10, "x", True, detail))
    return figures


#: Expressions near the work cap, one family per operator (some are refused).
NEAR_CAP = (
    "400d6",
    "1000d2",
    "180d39",
    "60d100",
    "d10000+d10000",
    "d10000-d10000+d10000",
    "200d6+200d6",
    "d1500+d1500",
    "10d20kh3",
    "20d20kh5",
    "8d100kh4",
    "3d200kh2",
    "100d10000kh1",
    "25d6!",
    "10d10!",
    "5d6!kh2",
    "200d6ro1",
    "50d10ro3kh40",
    "400d6r2",
    "1000d6>=5",
    "1000d100r50>=60",
    "d6*300000",
    "d10000*10+d100",
    "100d6+100d6",
    "120d6-120d6",
    "40d6kh39",
    "2d20kh1+d12+d8+d6+d4",
    "d1000!",
    "2d100!",
    "10d20!",
    "1000d6!kh1",
    "(d1000*7 + d1000)/3",
)


def _random_expression(rng: random.Random) -> str:
    parts = []
    for _ in range(rng.randint(1, 3)):
        count = rng.choice([1, 2, 3, 5, 8, 10, 20, 30, 50, 100, 200, 300, 500, 999])
        sides = rng.choice([2, 3, 4, 6, 10, 12, 20, 39, 100, 300, 1000, 3000, 10000])
        k = rng.randint(1, sides - 1)
        mod = rng.choice(["", "", "!", f"ro{k}", f"r{k}"])
        sel = rng.choice(["", "", f"kh{rng.randint(1, count)}", f"kl{rng.randint(1, count)}"])
        if mod != "!" and rng.random() < 0.2:
            sel = f">={rng.randint(1, sides)}"
        term = f"{count}d{sides}{mod}{sel}"
        if rng.random() < 0.2:
            term += f"*{rng.choice([2, 3, 10, 100, 1000])}"
        if rng.random() < 0.1:
            term += f"/{rng.choice([2, 3, 10])}"
        parts.append(term)
    return rng.choice(["+", "-"]).join(parts)


def slowest_accepted(samples: int = 3000, timed: int = 15) -> tuple[str, float, float]:
    """(expression, CPU seconds, estimated seconds) of the slowest accepted expression."""
    rng = random.Random(13)
    candidates = list(NEAR_CAP) + [_random_expression(rng) for _ in range(samples)]
    accepted = []
    for text in dict.fromkeys(candidates):
        try:
            accepted.append((dice.estimate_seconds(dice.parse(text)), text))
        except NotationError:
            continue
    worst = ("", 0.0, 0.0)
    for estimate, text in sorted(accepted, reverse=True)[:timed]:
        _clear()
        start = time.process_time()
        d = dice.parse(text)
        d.pmf(), d.mean(), d.stdev(), d.prob_at_least(0), d.roll(random.Random(1))
        seconds = time.process_time() - start
        if seconds > worst[1]:
            worst = (text, seconds, estimate)
    return worst


def bench_notation(samples: int = 3000, timed: int = 15) -> list[Figure]:
    """The slowest accepted dice expression (CPU), against the one-second promise."""
    text, seconds, estimate = slowest_accepted(samples, timed)
    detail = f"{text!r}, estimated {estimate * 1000:.0f} ms, cap {dice.MAX_SECONDS * 1000:.0f} ms"
    return [Figure("slowest accepted dice expression (CPU)", seconds * 1000, 1000, detail=detail)]


def bench_cost_estimate() -> list[Figure]:
    """How far the cost estimate is from this machine's CPU time, over the sample of
    ``tests/test_dice_cost.py`` (the test checks the estimate's shape on any machine; its
    seconds are checked here: within 4x either way)."""
    from tests.test_dice_cost import SAMPLE, _real

    worst = (0.0, "", 0.0, 0.0)
    for expression in SAMPLE:
        estimated = dice.tree_cost(dice.read_tree(expression))
        real = _real(expression)
        factor = max(estimated / real, real / estimated)
        if factor > worst[0]:
            worst = (factor, expression, estimated, real)
    factor, expression, estimated, real = worst
    detail = f"{expression!r}: estimated {estimated * 1000:.1f} ms, {real * 1000:.1f} ms CPU here"
    return [Figure("dice cost estimate vs CPU time, worst factor", factor, 4, "x", detail=detail)]


# --- mass battle: the largest battle the odds calculator allows (issue 16) ---------------
#: Every slot of both units in use, one action a side with its dice rolled (the most the
#: calculator allows), both ambushes worth up to +5, full units, the slowest policy found.
MASS_BATTLE_LARGEST = {
    "a_vitality": 100,
    "d_vitality": 100,
    "a_offense": 8,
    "a_defense": 1,
    "d_offense": 8,
    "d_defense": 1,
    "a_action1": "rolled ambush offense",
    "a_action2": "charge",
    "a_action3": "war cry",
    "a_action3_round": 2,
    "d_action1": "rolled ambush",
    "d_action2": "retreat",
    "d_action3": "surprise won",
    "cover": 3,
}


def bench_mass_battle_largest(rounds: int = ROUNDS) -> list[Figure]:
    """Median update of the battle-odds calculator on the largest battle its controls allow."""
    from rulebook_py.systems.mass_battle import ChancePolicy, Lean
    from rulebook_py.widgets.mass_battle import MassBattleOddsCalculator

    # The calculator's options are the members' names (short, stable values for links).
    even = Lean.EVEN.name
    calc = MassBattleOddsCalculator(**MASS_BATTLE_LARGEST, a_lean=even, d_lean=even)
    assert calc.error == "", calc.error
    policies = (ChancePolicy.CAUTIOUS.name, ChancePolicy.ALL_OFFENSE.name) * rounds
    times = []
    for policy in policies:
        start = time.perf_counter()
        calc.controls["a_policy"].value = policy
        times.append(time.perf_counter() - start)
    med, worst = statistics.median(times) * 1000, max(times) * 1000
    label = "mass battle odds, largest battle allowed, median"
    detail = f"6 actions, 2 rolled, {len(times)} updates, max {worst:.2f} ms"
    return [Figure(label, med, BUDGET_MS["fight"], detail=detail)]


# --- the largest fights the limits allow (tests/test_chroniques_fight.py, test_galaxies_fight.py)
#: The costliest Chroniques fights the calculator's limits allow (one each, by what is largest).
CHRONIQUES_LARGEST = (
    {"first_knock_out": False, "first_hit_points": 30, "second_hit_points": 30},
    {"first_knock_out": True, "first_hit_points": 30, "second_hit_points": 10},
    {
        "first_knock_out": True,
        "second_knock_out": True,
        "first_hit_points": 10,
        "second_hit_points": 10,
    },
)
#: What the largest Chroniques fights share: the largest dice and attacks allowed.
CHRONIQUES_COMMON = {
    "first_damage": "1d100",
    "second_damage": "1d37",
    "first_strength": -5,
    "second_strength": -4,
    "first_die": "2d20kh1",
    "second_die": "2d20kh1",
    "first_attack": 40,
    "second_attack": 40,
}


def bench_largest_fights() -> list[Figure]:
    """The largest Chroniques fights and the longest Galaxies duel allowed: under a second."""
    from rulebook_py import outcomes
    from rulebook_py.errors import RuleValueError
    from rulebook_py.systems.galaxies import Duellist, Fighter, fight

    figures = []
    worst = 0.0
    for largest in CHRONIQUES_LARGEST:
        start = time.perf_counter()
        outcomes.chroniques.fight_between(**CHRONIQUES_COMMON, **largest)
        worst = max(worst, time.perf_counter() - start)
    detail = f"{len(CHRONIQUES_LARGEST)} fights, the slowest"
    figures.append(Figure("Chroniques, largest fight allowed", worst * 1000, 1000, detail=detail))

    a = Duellist("A", Fighter("1D"), damage=1, health=300)
    b = Duellist("B", Fighter("1D"), damage=1, health=300)
    low, high = 1, 200  # the most rounds the work limit allows for these points
    while low < high:
        middle = (low + high + 1) // 2
        try:
            fight(a, b, max_rounds=middle)
        except RuleValueError:
            high = middle - 1
        else:
            low = middle
    start = time.perf_counter()
    fight(a, b, max_rounds=low).table()
    seconds = time.perf_counter() - start
    detail = f"1D against 1D, 300 points each, {low} rounds (the most allowed)"
    figures.append(Figure("Galaxies, longest duel allowed", seconds * 1000, 500, detail=detail))
    return figures


# --- the hostile sweep (tests/test_hostile_inputs.py) -------------------------------------
def bench_hostile(names: list[str] | None = None) -> list[Figure]:
    """The slowest update of the hostile sweep, against "nothing accepted may take a second"."""
    from traitlets import TraitError

    from tests.test_hostile_inputs import hostile_values

    slowest = (0.0, "")
    updates = 0
    for name in names or list(CALCULATORS):
        calc = CALCULATORS[name]()
        for control in calc.controls:
            original = calc.controls[control].value
            for value in [*hostile_values(calc.controls[control]), original]:
                start = time.perf_counter()
                try:
                    calc.controls[control].value = value
                except TraitError:
                    continue
                seconds = time.perf_counter() - start
                updates += 1
                if seconds > slowest[0]:
                    slowest = (seconds, f"{name} {control}={value!r:.30}")
    detail = f"{updates} updates, the slowest: {slowest[1]}"
    return [Figure("hostile sweep, slowest update", slowest[0] * 1000, 1000, detail=detail)]


def notation() -> list[Figure]:
    return bench_notation() + bench_cost_estimate()


def largest_problems() -> list[Figure]:
    return bench_mass_battle_largest() + bench_largest_fights()


def main(parts: list[tuple[str, object]] | None = None) -> int:
    """Print every part's figures and a summary; 1 when a figure is over its budget."""
    load = os.getloadavg()[0]
    print(f"make bench: CPython {sys.version.split()[0]}, {os.cpu_count()} cores, load {load:.1f}")
    parts = parts or [
        ("every calculator's update (single roll < 16 ms, fight < 100 ms):", bench_calculators),
        ("the dice engine against icepool (at least 10x):", bench_engine),
        ("the dice notation's cost cap (every accepted expression < 1 s):", notation),
        ("the largest problems the limits allow:", largest_problems),
        ("what a hostile reader types (every update < 1 s):", bench_hostile),
        ("the dice calculators in French against English (at most 1.5x):", bench_languages),
    ]
    figures: list[Figure] = []
    for title, part in parts:
        got = part()
        print()
        report(title, got)
        figures += got
    over = [f for f in figures if not f.ok]
    print()
    print(f"{len(figures)} figures, {len(figures) - len(over)} within budget, {len(over)} over")
    for figure in over:
        print(f"  OVER BUDGET: {figure.label}: {figure.value:.2f} {figure.unit}")
    return 1 if over else 0


# --- the dice calculators in French and in English (issues 34 and 38) -------------------
#: The issue's reproducers: a French roll of 999d2 took 0.78 s of CPU (0.002 s in English),
#: 1000d6!kl1 0.93 s; DiceCalculator 1000d6!kh1 0.33 s and CompareCalculator 0.54 s, of which
#: the engine's part was 0.07 s, the rest formatting huge fractions.
LANGUAGE_CASES = ("999d2", "1000d6!kl1", "1000d6!kh1", "1000d5!kh1")


def _language_times(cls, box: str, text: str, blank: dict, code: str) -> tuple[float, float]:
    """Median CPU seconds of one update to ``text`` (engine caches emptied) and of one Roll."""
    updates, rolls = [], []
    for _ in range(5):
        calc = cls(language=code, **{box: "d6"}, **blank)
        _clear()
        start = time.process_time()
        calc.controls[box].value = text
        updates.append(time.process_time() - start)
        start = time.process_time()
        calc.roll()
        rolls.append(time.process_time() - start)
        assert calc.error == "", calc.error
    return statistics.median(updates), statistics.median(rolls)


def _engine_time(text: str) -> float:
    """Median CPU seconds of the engine alone: the distribution, its answers, one roll."""
    times = []
    for _ in range(5):
        _clear()
        start = time.process_time()
        d = dice.parse(text)
        d.pmf(), d.mean(), d.stdev(), d.prob_at_least(11), d.roll(random.Random(1))
        times.append(time.process_time() - start)
    return statistics.median(times)


def bench_languages() -> list[Figure]:
    """French against English for the dice calculators' reproducers: at most 1.5 times."""
    from rulebook_py.widgets.dice import CompareCalculator, DiceCalculator

    figures = []
    blank = {"second": "", "third": "", "fourth": ""}
    for cls, box, others in (
        (DiceCalculator, "expression", blank),
        (CompareCalculator, "first", {"second": "d6"}),
    ):
        for text in LANGUAGE_CASES:
            en_update, en_roll = _language_times(cls, box, text, others, "en")
            fr_update, fr_roll = _language_times(cls, box, text, others, "fr")
            engine = _engine_time(text)
            ratio = (fr_update + fr_roll) / (en_update + en_roll)
            detail = (
                f"CPU ms: en {(en_update + en_roll) * 1000:.1f}, fr {(fr_update + fr_roll) * 1000:.1f},"
                f" engine {engine * 1000:.1f}"
            )
            label = f"{cls.__name__[:-10]} {text}, French / English"
            figures.append(Figure(label, ratio, 1.5, unit="x", detail=detail))
    return figures


if __name__ == "__main__":
    sys.exit(main())
