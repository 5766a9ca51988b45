"""make bench: every calculator's update time against its budget, the dice engine vs icepool,
and the slowest dice expression the notation accepts.

Budgets (design card): a single-roll calculator must redraw in under 16 ms
(median), a whole-fight one in under 100 ms, in CPython on this machine. The
dice engine must be at least 10 times faster than icepool on two reference
computations. icepool is a test-only dependency; it is used here as the
yardstick. Every accepted dice expression must be answered in under 1 s
(the notation's work estimate refuses anything above 0.25 s): the bench times
the accepted expressions that the engine itself estimates as the costliest,
hand-picked and seeded-random ones, and prints the slowest. Not a test: it prints a table (and exits 1 if a budget is missed,
so a regression is visible).
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from fractions import Fraction

import icepool

from rulebook_py import dice
from rulebook_py.errors import NotationError
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


def bench_notation() -> bool:
    text, seconds, estimate = slowest_accepted()
    good = seconds < 1.0
    print()
    print(
        f"slowest accepted dice expression: {text!r} {seconds * 1000:.0f} ms CPU "
        f"(estimated {estimate * 1000:.0f} ms, cap {dice.MAX_SECONDS * 1000:.0f} ms; "
        f"must be < 1000 ms)  {'yes' if good else 'NO'}"
    )
    return good


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

    # The calculator's options are the members' names (short, stable values for links).
    even = Lean.EVEN.name
    calc = MassBattleOddsCalculator(**MASS_BATTLE_LARGEST, a_lean=even, d_lean=even)
    assert calc.error == "", calc.error
    policies = (ChancePolicy.CAUTIOUS.name, ChancePolicy.ALL_OFFENSE.name) * ROUNDS
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


def bench_languages() -> bool:
    """French against English for the dice calculators' reproducers: at most 1.5 times."""
    from rulebook_py.widgets.dice import CompareCalculator, DiceCalculator

    ok = True
    print()
    print(
        f"{'dice calculators, fr vs en (CPU ms)':<36}{'en upd':>8}{'fr upd':>8}{'en roll':>9}"
        f"{'fr roll':>9}{'engine':>8}{'ratio':>7}  ok (fr <= 1.5 en)"
    )
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
            good = ratio <= 1.5
            ok &= good
            label = f"{cls.__name__[:-10]} {text}"
            print(
                f"{label:<36}{en_update * 1000:>8.1f}{fr_update * 1000:>8.1f}"
                f"{en_roll * 1000:>9.1f}{fr_roll * 1000:>9.1f}{engine * 1000:>8.1f}"
                f"{ratio:>7.2f}  {'yes' if good else 'NO'}"
            )
    return ok


if __name__ == "__main__":
    good = bench_calculators()
    good &= bench_engine()
    good &= bench_notation()
    good &= bench_mass_battle_largest()
    good &= bench_languages()
    sys.exit(0 if good else 1)
