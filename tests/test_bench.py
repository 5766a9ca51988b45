"""``make bench`` (``scripts/bench.py``) runs, and says when a figure is over its budget.

The speed budgets live in the bench, not in the tests (issue 36): here each
part of the bench is run small and must give figures with their budgets, and
the verdict and exit status must follow the figures. No elapsed time is
compared with a budget here. The largest mass battle the odds calculator
allows is set up by name in the bench; when the calculator's option values
changed (enum members to their names, for short links), ``make bench`` failed
with a TraitError while every test passed.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from rulebook_py.widgets import CALCULATORS

BENCH = Path(__file__).resolve().parent.parent / "scripts" / "bench.py"


@pytest.fixture(scope="module")
def bench():
    spec = importlib.util.spec_from_file_location("rulebook_bench", BENCH)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # (its dataclass looks its module up)
    spec.loader.exec_module(module)
    return module


def _well_formed(figures, count: int) -> None:
    assert len(figures) == count
    for figure in figures:
        assert figure.value > 0 and figure.budget > 0, figure
        assert figure.label in figure.line() and ("ok" in figure.line()) is figure.ok


def test_the_largest_battle_and_fights_of_the_benchmark_build(bench):
    figures = bench.bench_mass_battle_largest(rounds=1) + bench.bench_largest_fights()
    _well_formed(figures, 3)
    assert [f.budget for f in figures] == [100.0, 1000, 500]
    assert "65 rounds (the most allowed)" in figures[2].detail


def test_every_calculator_is_benched_against_its_kind_budget(bench):
    figures = bench.bench_calculators(rounds=1)
    _well_formed(figures, len(CALCULATORS))
    for figure, cls in zip(figures, CALCULATORS.values(), strict=True):
        assert figure.label.startswith(cls.__name__)
        assert figure.budget == {"roll": 16.0, "fight": 100.0}[cls.kind]


def test_the_engine_notation_and_hostile_parts_give_their_figures(bench):
    _well_formed(bench.bench_engine(repeat=1), 2)
    _well_formed(bench.bench_notation(samples=20, timed=2), 1)
    [hostile] = bench.bench_hostile(["DiceCalculator"])
    _well_formed([hostile], 1)
    assert " updates, the slowest: DiceCalculator expression=" in hostile.detail


def test_a_figure_over_its_budget_fails_the_bench(bench, capsys):
    under, over = bench.Figure("quick", 5.0, 16.0), bench.Figure("slow", 20.0, 16.0)
    faster, slower = bench.Figure("a", 12.0, 10, "x", True), bench.Figure("b", 8.0, 10, "x", True)
    assert (under.ok, over.ok, faster.ok, slower.ok) == (True, False, True, False)
    assert over.line().rstrip().endswith("OVER BUDGET") and "budget < 16 ms" in over.line()
    assert bench.main([("all within:", lambda: [under, faster])]) == 0
    assert bench.main([("one over:", lambda: [under, over])]) == 1
    out = capsys.readouterr().out
    assert "2 figures, 2 within budget, 0 over" in out
    assert "2 figures, 1 within budget, 1 over" in out and "OVER BUDGET: slow: 20.00 ms" in out
