"""Every public function and method of the dice engine answers a wrong type with a RulebookError.

Issue 27: ``prob_at_least(None)``, ``compare("d6")``, ``roll("seed")`` raised raw
``TypeError``/``AttributeError``; ``prob_at_most(True)`` answered as if 1;
``pool(3, 6, 2, highest=None)`` was read silently as keep-lowest. Each case
below failed on 6d56b2f.
"""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from rulebook_py import dice
from rulebook_py.dice import die, parse, pool
from rulebook_py.distribution import Distribution, Exact
from rulebook_py.errors import RulebookError

WRONG = (None, 3.5, "3", True, 10**100, Fraction(1, 2), [3])

D6 = parse("d6")
CALLS = {
    "prob_at_least": lambda v: D6.prob_at_least(v),
    "prob_at_most": lambda v: D6.prob_at_most(v),
    "compare": lambda v: D6.compare(v),
    "roll": lambda v: D6.roll(v),
    "add": lambda v: D6 + v,
    "sub": lambda v: D6 - v,
    "mul": lambda v: D6 * v,
    "floordiv": lambda v: D6 // v,
    "die": lambda v: die(v),
    "pool count": lambda v: pool(v, 6),
    "pool sides": lambda v: pool(3, v),
    "pool keep": lambda v: pool(3, 6, v),
    "pool highest": lambda v: pool(3, 6, 2, highest=v),
    "parse": lambda v: parse(v),
    "parse depth": lambda v: parse("d6!", explode_depth=v),
    "estimate_seconds": lambda v: dice.estimate_seconds(v),
    "Dice": lambda v: dice.Dice(v),
    "read_tree": lambda v: dice.read_tree(v),
    "dist probability": lambda v: D6.distribution.probability(v),
    "dist prob_gt": lambda v: D6.distribution.prob_gt(v),
    "dist sample": lambda v: D6.distribution.sample(v),
    "dist add": lambda v: D6.distribution + v,
    "dist mul": lambda v: D6.distribution * v,
    "dist repeat_sum": lambda v: D6.distribution.repeat_sum(v),
    "dist map": lambda v: D6.distribution.map(v),
    "uniform": lambda v: Distribution.uniform(v),
    "constant": lambda v: Distribution.constant(v),
    "from_weights": lambda v: Distribution.from_weights(v),
    "Distribution": lambda v: Distribution(0, v),
}

# Wrong values that are a fair answer for one call (an integer total is an integer).
FAIR = {
    ("prob_at_least", 10**100),
    ("prob_at_most", 10**100),
    ("dist probability", 10**100),
    ("dist prob_gt", 10**100),
    ("dist sample", None),
    ("pool keep", None),  # keep all
    ("pool highest", True),
    ("parse", "3"),  # the constant 3
    ("read_tree", "3"),
}


@pytest.mark.parametrize("name", sorted(CALLS))
@pytest.mark.parametrize("value", WRONG, ids=repr)
def test_wrong_types_get_a_rulebook_error(name, value):
    if not isinstance(value, list) and (name, value) in FAIR:
        CALLS[name](value)  # an answer, not a hang
        return
    with pytest.raises(RulebookError) as info:
        CALLS[name](value)
    assert len(str(info.value)) < 400


def test_the_issue_cases_say_what_was_expected():
    with pytest.raises(RulebookError, match="value must be an integer, got None"):
        D6.prob_at_least(None)
    with pytest.raises(RulebookError, match="value must be an integer, got True"):
        D6.prob_at_most(True)
    with pytest.raises(RulebookError, match=r"parse the notation first, parse\('d6'\)"):
        D6.compare("d6")
    with pytest.raises(RulebookError, match=r"rng must be a random\.Random"):
        D6.roll("seed")
    with pytest.raises(RulebookError, match=r"highest must be True .* or False"):
        pool(3, 6, 2, highest=None)
    assert D6.roll(random.Random(1)).total in range(1, 7)


def test_huge_exact_fractions_print_and_stay_exact():
    # Issue 27: print(parse("1000d6!kh1").pmf()) and repr(...mean()) raised ValueError
    # (integers past Python's 4,300-digit limit for text).
    d = parse("1000d6!kh1")
    text = repr(d.pmf())
    assert "digit denominator" in text and len(text) < 200_000
    mean = d.mean()
    assert isinstance(mean, Exact) and mean.is_long()
    assert repr(mean).startswith("Fraction(≈25.74") and "7782-digit denominator" in repr(mean)
    assert mean == Fraction(mean.numerator, mean.denominator)  # exact where it is used
    assert str(d.prob_at_least(60)).startswith("≈")
    assert "total weight ≈" in repr(d.distribution)
    print(d.pmf())  # never raises


def test_a_deep_expression_built_in_python_is_refused_not_a_recursion_error():
    from rulebook_py.errors import WorkLimitError

    total = die(2)
    with pytest.raises(WorkLimitError, match="at most 500 numbers, pools and operations"):
        for _ in range(2000):
            total = total + 1
    assert dice.tree_depth(total.tree) == 250  # 250 sums and 251 parts: 501 would be one too many
    deep = dice.Pool(1, 6)
    with pytest.raises(WorkLimitError, match="at most 300 deep"):
        for _ in range(400):
            deep = dice.Mul(deep, 1)


def test_a_tree_sharing_its_parts_is_counted_whole_not_walked_forever():
    # Issue 38: d + d doubles the tree each time while sharing its parts; the walkers
    # would visit 2**k nodes. The tree counts its size when built and stops at 500.
    from rulebook_py.errors import WorkLimitError

    zero = die(6) * 0
    with pytest.raises(WorkLimitError, match="at most 500 numbers, pools and operations"):
        for _ in range(100):
            zero = zero + zero
    assert dice.tree_size(zero.tree) <= dice.MAX_NODES
