"""make bench: every calculator's update time against its budget, and the dice engine vs icepool.

Budgets (design card): a single-roll calculator must redraw in under 16 ms
(median), a whole-fight one in under 100 ms, in CPython on this machine. The
dice engine must be at least 10 times faster than icepool on two reference
computations. icepool is a test-only dependency; it is used here as the
yardstick. Not a test: it prints a table (and exits 1 if a budget is missed,
so a regression is visible).
"""

from __future__ import annotations

import statistics
import sys
import time
from fractions import Fraction

import icepool

from rulebook_py import dice
from rulebook_py.widgets import CALCULATORS

BUDGET_MS = {"roll": 16.0, "fight": 100.0}
ROUNDS = 7  # each calculator's bench_changes are applied this many times


def bench_calculators() -> bool:
    ok = True
    print(
        f"{'calculator':<34}{'kind':<7}{'updates':>8}{'median ms':>11}{'max ms':>9}{'budget':>8}  ok"
    )
    for name, cls in CALCULATORS.items():
        calc = cls()
        times = []
        for _ in range(ROUNDS):
            for control, value in cls.bench_changes:
                widget = calc.controls[control]
                if widget.value == value:
                    continue
                start = time.perf_counter()
                widget.value = value  # observe -> update -> rules layer + chart
                times.append(time.perf_counter() - start)
        med = statistics.median(times) * 1000 if times else float("nan")
        worst = max(times) * 1000 if times else float("nan")
        budget = BUDGET_MS[cls.kind]
        good = med < budget
        ok &= good
        print(
            f"{name:<34}{cls.kind:<7}{len(times):>8}{med:>11.2f}{worst:>9.2f}{budget:>8.0f}"
            f"  {'yes' if good else 'NO'}"
        )
    return ok


def _clear() -> None:
    dice.parse.cache_clear()
    dice._pool_distribution.cache_clear()


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


def bench_engine() -> bool:
    ok = True
    print()
    print(f"{'dice engine':<44}{'ours ms':>9}{'icepool ms':>12}{'ratio':>8}  ok (>= 10x)")
    for label, ours, theirs in (
        ("15D+2 vs 15D: P(>), P(=)", ours_opposed, icepool_opposed),
        ("d20 / 2d20kh1 / d12 + 0..10 vs DEF 10..30", ours_table, icepool_table),
    ):
        assert ours() == theirs(), f"{label}: the engine disagrees with icepool"
        t_ours, t_theirs = _median_ms(ours), _median_ms(theirs)
        ratio = t_theirs / t_ours
        good = ratio >= 10
        ok &= good
        print(
            f"{label:<44}{t_ours:>9.3f}{t_theirs:>12.3f}{ratio:>7.1f}x  {'yes' if good else 'NO'}"
        )
    return ok


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


def bench_mass_battle_largest() -> bool:
    """Median update of the battle-odds calculator on the largest battle its controls allow."""
    from rulebook_py.systems.mass_battle import ChancePolicy, Lean
    from rulebook_py.widgets.mass_battle import MassBattleOddsCalculator

    calc = MassBattleOddsCalculator(**MASS_BATTLE_LARGEST, a_lean=Lean.EVEN, d_lean=Lean.EVEN)
    assert calc.error == "", calc.error
    policies = (ChancePolicy.CAUTIOUS, ChancePolicy.ALL_OFFENSE) * ROUNDS
    times = []
    for policy in policies:
        start = time.perf_counter()
        calc.controls["a_policy"].value = policy
        times.append(time.perf_counter() - start)
    med, worst = statistics.median(times) * 1000, max(times) * 1000
    good = med < BUDGET_MS["fight"]
    print()
    print(f"{'mass battle, largest battle allowed':<41}{'median ms':>11}{'max ms':>9}  ok")
    print(
        f"{'  odds calculator, 6 actions, 2 rolled':<41}{med:>11.2f}{worst:>9.2f}  "
        f"{'yes' if good else 'NO'}"
    )
    return good


if __name__ == "__main__":
    good = bench_calculators()
    good &= bench_engine()
    good &= bench_mass_battle_largest()
    sys.exit(0 if good else 1)
