"""Unisystem basics (Sorcellerie): every number of the source, the level table,
brute-force cross-checks, invariants, bad input, and the three calculators."""

from __future__ import annotations

import itertools
import random
import re
from fractions import Fraction

import icepool
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulebook_py import outcomes
from rulebook_py.errors import RuleValueError
from rulebook_py.systems import unisystem as u
from rulebook_py.systems.unisystem import CheckKind, ContestType, CoreDie
from rulebook_py.widgets import CALCULATORS
from rulebook_py.widgets.unisystem import (
    UnisystemCheckCalculator,
    UnisystemContestCalculator,
    UnisystemCoreDieCalculator,
)

F = Fraction
D10 = range(1, 11)
TWO_D6 = [max(a + b - 2, 1) for a in range(1, 7) for b in range(1, 7)]

attributes = st.integers(*u.ATTRIBUTE_RANGE)
skills = st.integers(*u.SKILL_RANGE)
modifiers = st.integers(*u.MODIFIER_RANGE)
bonuses = st.integers(-30, 60)
cores = st.sampled_from(list(CoreDie))


# ------------------------------------------------------------ success levels
@pytest.mark.parametrize(
    ("total", "level"),
    [
        (-20, 0),
        (0, 0),
        (8, 0),
        (9, 1),
        (10, 1),
        (11, 2),
        (12, 2),
        (13, 3),
        (14, 3),
        (15, 4),
        (16, 4),
        (17, 5),
        (20, 5),
        (21, 6),
        (23, 6),
        (24, 7),
        (26, 7),
        (27, 8),
        (29, 8),
        (30, 9),
        (32, 9),
        (33, 10),
        (35, 10),
        (36, 11),
    ],
)
def test_success_level_table_at_every_boundary(total, level):
    assert u.success_levels(total) == level


def test_success_levels_rise_by_one_every_three_points_past_20():
    for total in range(21, 200):
        assert u.success_levels(total) == 6 + (total - 21) // 3
    levels = [u.success_levels(t) for t in range(-5, 200)]
    assert levels == sorted(levels)  # never lower for a higher total


def test_level_names():
    assert u.level_name(2) == "Decent"
    assert u.level_name(0) == "Failure"
    assert u.level_name(5) == "Excellent"
    assert u.level_name(40) == "Beyond superheroic"


# ------------------------------------------------------------ the core die
def test_core_d10_is_uniform():
    assert u.core_distribution().pmf() == {v: F(1, 10) for v in D10}


def test_core_two_d6_counts_zero_as_one():
    pmf = u.core_distribution(CoreDie.TWO_D6).pmf()
    expected = {v: F(TWO_D6.count(v), 36) for v in set(TWO_D6)}
    assert pmf == expected
    assert pmf[1] == F(3, 36) and pmf[10] == F(1, 36) and pmf[5] == F(6, 36)
    assert min(pmf) == 1 and max(pmf) == 10


def test_core_two_d6_agrees_with_icepool():
    ref = ((icepool.d6 + icepool.d6) - 2).map(lambda v: max(v, 1))
    ours = u.core_distribution(CoreDie.TWO_D6)
    assert {v: F(ref.quantity(v), ref.denominator()) for v in ref.outcomes()} == ours.pmf()


def test_two_d6_makes_extremes_rarer():
    d10 = u.core_distribution(CoreDie.D10)
    two = u.core_distribution(CoreDie.TWO_D6)
    assert d10.probability(10) / two.probability(10) == F(18, 5)  # 3.6 times rarer
    assert two.prob_at_least(9) == F(1, 12)  # 9 or 10: 1 in 12 against 1 in 5
    assert two.mean() == F(181, 36) and d10.mean() == F(11, 2)


def test_seeded_core_rolls():
    for core in CoreDie:
        a = [u.roll_core(core, random.Random(s)) for s in range(50)]
        b = [u.roll_core(core, random.Random(s)) for s in range(50)]
        assert a == b
        for r in a:
            assert 1 <= r.value <= 10
            if core is CoreDie.TWO_D6:
                assert len(r.faces) == 2 and r.value == max(sum(r.faces) - 2, 1)
                assert str(r).startswith("2D6−2 [")
            else:
                assert r.faces == (r.value,) and str(r) == f"D10 [{r.value}]"


# ------------------------------------------------------------ worked examples
def test_marcus_identifies_the_creature():
    """Perception 3 + Occultism 6, roll 6 → 15; −3 for the dark → 12, a success."""
    undimmed = u.task(attribute=3, skill=6)
    assert undimmed.resolve(6).total == 15
    marcus = u.task(attribute=3, skill=6, modifier=-3)
    roll = marcus.resolve(6)
    assert (roll.total, roll.success, roll.level) == (12, True, 2)
    assert str(roll) == "D10 [6] + 6 = 12 → success, 2 levels (Decent)"
    assert marcus.success_chance() == F(4, 5)
    assert marcus.needed() == 3


def test_simple_test_doubles_the_attribute():
    """Intelligence 2 adds 4 on a simple test; 2 on a difficult one."""
    assert u.test(2).bonus == 4
    assert u.test(2, difficult=True).bonus == 2
    assert u.test(2).kind is CheckKind.SIMPLE_TEST
    assert u.test(2, difficult=True).kind is CheckKind.DIFFICULT_TEST


def test_lilith_hears_the_creature():
    """Perception 4 doubled (+8), roll 7 → 15."""
    roll = u.test(4).resolve(7)
    assert (roll.total, roll.success, roll.level) == (15, True, 4)
    assert u.test(4).success_chance() == 1  # +8: even a 1 reaches 9


def test_josh_stops_the_car_unskilled():
    """DEX 4 − 2 → +2; a total of 9 needs a roll of 7 or more."""
    josh = u.unskilled(attribute=4)
    assert josh.bonus == 2 and josh.needed() == 7
    assert josh.success_chance() == F(4, 10)
    assert [josh.resolve(d).success for d in D10] == [False] * 6 + [True] * 4
    # The level is capped at 2 ("decent"); success is still a total of 9+.
    assert josh.resolve(7).level == 1  # total 9
    assert josh.resolve(10).level == 2  # total 12: would be 2 anyway
    assert josh.level_distribution() == {0: F(3, 5), 1: F(1, 5), 2: F(1, 5)}


def test_unskilled_cap_binds_for_a_gifted_character():
    strong = u.unskilled(attribute=8, modifier=2)  # bonus +8: totals 9..18
    assert strong.success_chance() == 1
    assert strong.level_distribution() == {0: F(0), 1: F(1, 5), 2: F(4, 5)}
    assert u.task(8, 0, 0).level_distribution()[5] == F(1, 5)  # totals 17, 18: no cap
    assert strong.resolve(10).level == 2 and u.success_levels(strong.resolve(10).total) == 5


def test_very_complex_skill_penalty():
    surgery = u.unskilled(attribute=4, complexity=10)  # surgery from manuals: −10
    assert surgery.bonus == -8 and surgery.success_chance() == 0
    assert u.unskilled(attribute=6, complexity=6).bonus == -2
    assert u.unskilled(attribute=6, level_cap=3).level_cap == 3


def test_perception_intelligence_overlap():
    assert u.overlap_attribute(3, 5) == 5
    assert u.overlap_attribute(3, 5, difficult=True) == 3


def test_damage_averaging():
    """Knife D4 × Strength, axe D10 × Strength; averaged knife always 2 × Strength."""
    assert u.average_roll(4) == 2 and u.average_roll(10) == 5
    assert u.damage_distribution(4, 3, averaged=True).pmf() == {6: F(1)}
    assert u.damage_distribution(4, 3).pmf() == {3: F(1, 4), 6: F(1, 4), 9: F(1, 4), 12: F(1, 4)}
    assert u.damage_distribution(10, 2).mean() == 11
    # the averaged value is a little below the true mean
    for sides in u.DAMAGE_DICE:
        assert u.average_roll(sides) < u.damage_distribution(sides, 1).mean()


# ------------------------------------------------------------ brute force
def _brute_levels(bonus: int, faces: list[int], cap: int | None) -> dict[int, Fraction]:
    counts: dict[int, int] = {}
    for f in faces:
        total = f + bonus
        level = 0 if total < 9 else u.success_levels(total)
        if cap is not None:
            level = min(level, cap)
        counts[level] = counts.get(level, 0) + 1
    return {lv: F(counts.get(lv, 0), len(faces)) for lv in range(max(counts) + 1)}


@pytest.mark.parametrize("core", list(CoreDie))
def test_checks_agree_with_enumeration(core):
    faces = list(D10) if core is CoreDie.D10 else TWO_D6
    for attribute, skill, modifier in itertools.product(range(0, 7), range(0, 7), (-4, 0, 3)):
        check = u.task(attribute, skill, modifier, core=core)
        bonus = attribute + skill + modifier
        assert check.level_distribution() == _brute_levels(bonus, faces, None)
        assert check.success_chance() == F(sum(f + bonus >= 9 for f in faces), len(faces))
        un = u.unskilled(attribute, modifier, core=core)
        assert un.level_distribution() == _brute_levels(attribute - 2 + modifier, faces, 2)


def test_contest_agrees_with_enumeration():
    for a, b in itertools.product(range(-3, 12), repeat=2):
        wins = ties = 0
        for x, y in itertools.product(D10, repeat=2):
            wins += x + a > y + b
            ties += x + a == y + b
        c = u.contest(a, b)
        assert (c.a_wins, c.tie) == (F(wins, 100), F(ties, 100))
    c = u.contest(3, 3, core=CoreDie.TWO_D6)
    eq = sum(x == y for x, y in itertools.product(TWO_D6, repeat=2))
    assert c.tie == F(eq, 36 * 36)


def _match_reference(p: Fraction, t: Fraction, q: Fraction, need: int):
    """P(A wins) and E[rolls] by solving each state's equation (ties stay put)."""
    win: dict[tuple[int, int], Fraction] = {}
    rolls: dict[tuple[int, int], Fraction] = {}
    for i in range(need, -1, -1):
        for j in range(need, -1, -1):
            if i == need or j == need:
                win[i, j], rolls[i, j] = F(int(i == need)), F(0)
                continue
            # x = p x_a + q x_b + t x  →  x = (p x_a + q x_b) / (1 − t)
            win[i, j] = (p * win[i + 1, j] + q * win[i, j + 1]) / (1 - t)
            rolls[i, j] = (1 + p * rolls[i + 1, j] + q * rolls[i, j + 1]) / (1 - t)
    return win[0, 0], rolls[0, 0]


@pytest.mark.parametrize(
    ("a", "b", "best_of"), [(6, 4, 3), (6, 6, 3), (2, 8, 5), (4, 4, 1), (10, 3, 9)]
)
def test_match_agrees_with_a_state_by_state_solution(a, b, best_of):
    m = u.match(a, b, best_of)
    one = u.contest(a, b)
    win, rolls = _match_reference(one.a_wins, one.tie, one.b_wins, best_of // 2 + 1)
    assert (m.a_wins, m.expected_rolls) == (win, rolls)
    assert m.a_wins + m.b_wins == 1 and m.tie == 0


def test_arm_wrestling_two_out_of_three():
    m = u.arm_wrestling(3, 2)  # simple Strength tests: +6 against +4
    assert (m.round.bonus_a, m.round.bonus_b, m.best_of) == (6, 4, 3)
    assert m.round.a_wins == F(16, 25) and m.round.tie == F(2, 25)
    assert m.a_wins == F(9472, 12167)
    assert u.match(6, 6).expected_rolls == F(25, 9)


def test_seeded_match_rolls_until_a_majority():
    m = u.match(6, 4, best_of=5)
    for seed in range(30):
        r = m.roll(random.Random(seed))
        assert r == m.roll(random.Random(seed))
        assert max(r.wins_a, r.wins_b) == 3 and min(r.wins_a, r.wins_b) < 3
        assert r.winner == ("a" if r.wins_a == 3 else "b")
        decisive = [x for x in r.rolls if x.winner is not None]
        assert len(decisive) == r.wins_a + r.wins_b
        assert (
            str(r).splitlines()[-1].endswith(f"{max(r.wins_a, r.wins_b)}–{min(r.wins_a, r.wins_b)}")
        )


def test_foot_chase_bonuses():
    # A: DEX 3 + CON 2, speed 15; B: DEX 2 + CON 4, speed 12, started first.
    assert u.chase_bonuses(3, 2, 15, 2, 4, 12, head_start="b") == (8, 8)
    assert u.chase_bonuses(3, 2, 15, 2, 4, 12, head_start="a") == (10, 6)
    assert u.chase_bonuses(3, 2, 12, 2, 4, 12) == (5, 6)
    c = u.foot_chase(3, 2, 15, 2, 4, 12, head_start="b")
    assert c == u.contest(8, 8) and c.a_wins == F(9, 20)
    assert u.chase_adjusted(5, 6, 10, 14) == (5, 10)


def test_sneaking():
    # DEX 4 + Stealth 3 against a simple Perception test (2 doubled) or Perception 2 + Notice 1.
    simple = u.sneaking(4, 3, 2)
    notice = u.sneaking(4, 3, 2, notice=1)
    assert (simple.bonus_a, simple.bonus_b) == (7, 4)
    assert (notice.bonus_a, notice.bonus_b) == (7, 3)
    assert simple == u.contest(7, 4)
    assert notice.a_wins > simple.a_wins


def test_contest_rolls_are_seeded_and_consistent():
    c = u.contest(8, 5)
    for seed in range(30):
        r = c.roll(random.Random(seed))
        assert r == c.roll(random.Random(seed))
        assert (r.total_a, r.total_b) == (r.die_a.value + 8, r.die_b.value + 5)
        assert r.winner == (
            "a" if r.total_a > r.total_b else "b" if r.total_b > r.total_a else None
        )


def test_contest_margin():
    margin = u.contest(8, 5).margin_distribution()
    assert margin.min_value == -6 and margin.max_value == 12
    assert margin.prob_at_least(1) == u.contest(8, 5).a_wins


def test_check_rolls_match_the_resolution_of_their_die():
    check = u.task(3, 6, -3)
    for seed in range(30):
        r = check.roll(random.Random(seed))
        assert r == check.resolve(r.die.value)
    r2 = check.with_core(CoreDie.TWO_D6).resolve(4)
    assert str(r2) == "2D6−2 → 4 + 6 = 10 → success, 1 level (Adequate)"
    assert str(u.test(0, modifier=-3).resolve(2)) == "D10 [2] − 3 = −1 → failure"


def test_glossary_terms_reach_the_glossary():
    # Imported here, after the widget layer: rulebook_py.glossary imports the
    # widgets, which import the systems; importing it first can be circular.
    from rulebook_py.glossary import all_terms

    ours = {t.french: t.english for t in all_terms() if t.chapter == "unisystem-basics"}
    assert ours["épreuve"] == "task" and ours["test simple"] == "simple test"
    assert u.Attribute.WILLPOWER.label == "Volonté"
    assert ContestType.ARM_WRESTLING.label == "Bras de fer"


# ------------------------------------------------------------ invariants
@settings(max_examples=150, deadline=None)
@given(attributes, skills, modifiers, cores)
def test_more_skill_never_lowers_the_chance(attribute, skill, modifier, core):
    lower = u.task(attribute, skill, modifier, core=core)
    if skill < u.SKILL_RANGE[1]:
        higher = u.task(attribute, skill + 1, modifier, core=core)
        assert higher.success_chance() >= lower.success_chance()
        assert higher.expected_level() >= lower.expected_level()
    if attribute < u.ATTRIBUTE_RANGE[1]:
        assert u.task(attribute + 1, skill, modifier, core=core).success_chance() >= (
            lower.success_chance()
        )
        assert u.test(attribute + 1, modifier=modifier).success_chance() >= (
            u.test(attribute, modifier=modifier).success_chance()
        )


@settings(max_examples=150, deadline=None)
@given(attributes, modifiers, st.booleans(), cores)
def test_level_distributions_are_whole_and_consistent(attribute, modifier, difficult, core):
    for check in (
        u.test(attribute, difficult, modifier, core=core),
        u.unskilled(attribute, modifier, core=core),
        u.task(attribute, 3, modifier, core=core),
    ):
        levels = check.level_distribution()
        assert sum(levels.values()) == 1
        assert list(levels) == list(range(len(levels)))
        assert 1 - levels[0] == check.success_chance()
        if check.kind is CheckKind.UNSKILLED:
            assert max(levels) <= u.UNSKILLED_LEVEL_CAP
    simple = u.test(attribute, False, modifier, core=core)
    hard = u.test(attribute, True, modifier, core=core)
    assert simple.success_chance() >= hard.success_chance()
    unskilled = u.unskilled(attribute, modifier, core=core)
    assert unskilled.success_chance() <= u.task(attribute, 0, modifier, core=core).success_chance()


@settings(max_examples=150, deadline=None)
@given(bonuses, bonuses, cores)
def test_contests_are_whole_and_swap_symmetrically(a, b, core):
    c = u.contest(a, b, core=core)
    assert c.a_wins + c.tie + c.b_wins == 1
    s = u.contest(b, a, core=core)
    assert (s.a_wins, s.tie, s.b_wins) == (c.b_wins, c.tie, c.a_wins)
    assert c.swapped() == s
    if a == b:
        assert c.a_wins == c.b_wins
    assert u.contest(a + 1, b, core=core).a_wins >= c.a_wins


@settings(max_examples=60, deadline=None)
@given(st.integers(-5, 15), st.integers(-5, 15), st.sampled_from([1, 3, 5, 7, 9]))
def test_matches_are_whole_and_favour_the_stronger(a, b, best_of):
    m = u.match(a, b, best_of)
    assert m.a_wins + m.b_wins == 1
    assert u.match(b, a, best_of).a_wins == m.b_wins
    one = u.contest(a, b)
    p = one.a_wins / (one.a_wins + one.b_wins)
    if p > F(1, 2):
        assert m.a_wins >= p  # a longer match favours the better side
    assert best_of // 2 + 1 <= m.expected_rolls * (1 - one.tie) <= best_of


# ------------------------------------------------------------ bad input
@pytest.mark.parametrize(
    ("call", "field", "message"),
    [
        (lambda: u.task(-1, 3), "attribute", r"attribute must be an integer from 0 to 30, got -1"),
        (lambda: u.task(3, -2), "skill", r"skill must be an integer from 0 to 30, got -2"),
        (lambda: u.task(3, 31), "skill", r"from 0 to 30, got 31"),
        (lambda: u.task(3, 3, 1000), "modifier", r"modifier must be .* -30 to 30, got 1000"),
        (lambda: u.task(3, 3, -1000), "modifier", r"got -1000"),
        (lambda: u.task(3.5, 3), "attribute", r"attribute must be an integer, got 3\.5"),
        (lambda: u.task("3", 3), "attribute", r"got '3' \(str\)"),
        (lambda: u.task(True, 3), "attribute", r"got True \(bool\)"),
        (lambda: u.test(-1), "attribute", r"got -1"),
        (lambda: u.test(3, difficult="yes"), "difficult", r"True or False, got 'yes'"),
        (lambda: u.test(3, modifier=99), "modifier", r"got 99"),
        (lambda: u.unskilled(4, complexity=3), "complexity", r"0 \(none\) or from 6 to 10, got 3"),
        (lambda: u.unskilled(4, complexity=11), "complexity", r"from 0 to 10, got 11"),
        (lambda: u.unskilled(4, level_cap=0), "level_cap", r"from 1 to 20, got 0"),
        (lambda: u.unskilled(-3), "attribute", r"got -3"),
        (lambda: u.contest(1000, 3), "bonus_a", r"bonus_a must be .* -100 to 100, got 1000"),
        (lambda: u.contest(3, 2.0), "bonus_b", r"bonus_b must be an integer, got 2\.0"),
        (lambda: u.match(3, 2, best_of=4), "best_of", r"odd .* got 4"),
        (lambda: u.match(3, 2, best_of=11), "best_of", r"from 1 to 9, got 11"),
        (lambda: u.arm_wrestling(-1, 2), "strength_a", r"strength_a .* got -1"),
        (
            lambda: u.chase_bonuses(3, 2, 15, 2, 4, 12, "c"),
            "head_start",
            r"head_start must be one of None, 'a', 'b', got 'c'",
        ),
        (lambda: u.chase_bonuses(3, 2, -1, 2, 4, 12), "speed_a", r"0 to 200, got -1"),
        (lambda: u.chase_bonuses(3, 2, 1, 2, 40, 12), "constitution_b", r"got 40"),
        (lambda: u.sneaking(4, 3, 2, notice=-1), "notice", r"notice must be .* got -1"),
        (lambda: u.average_roll(12), "sides", r"one of 4, 6, 8, 10 \(D4, D6, D8, D10\), got 12"),
        (lambda: u.damage_distribution(4, 100), "multiplier", r"from 0 to 30, got 100"),
        (lambda: u.success_levels(9.5), "total", r"total must be an integer, got 9\.5"),
        (lambda: u.level_name(-1), "level", r"got -1"),
        (
            lambda: u.core_distribution("d10"),
            "core",
            r"core must be a unisystem.CoreDie \(one of D10, TWO_D6\), got 'd10' \(str\)",
        ),
        (lambda: u.task(3, 3, core="2d6"), "core", r"got '2d6'"),
        (lambda: u.task(3, 3).resolve(11), "die", r"die must be an integer from 1 to 10, got 11"),
        (lambda: u.overlap_attribute(3, -1), "intelligence", r"got -1"),
        (lambda: u.check_bonus(-101), "bonus", r"-100 to 100, got -101"),
        (lambda: u.Check(CheckKind.TASK, 500), "bonus", r"-100 to 100, got 500"),
        (lambda: u.Check("task", 5), "kind", r"kind must be a CheckKind, got 'task'"),
    ],
)
def test_bad_input_is_refused_with_a_clear_message(call, field, message):
    with pytest.raises(RuleValueError, match=message) as info:
        call()
    assert info.value.field == field


# ------------------------------------------------------------ calculators
def test_calculators_are_registered():
    assert {
        "UnisystemCheckCalculator",
        "UnisystemContestCalculator",
        "UnisystemCoreDieCalculator",
    } <= set(CALCULATORS)


def test_check_calculator_opens_on_marcus():
    calc = UnisystemCheckCalculator()
    html = calc.result.value
    assert "80.00 % (4/5)" in html and "<td>3 or more</td>" in html
    assert "<td>Expected success levels</td><td>2</td>" in html
    assert calc.chart.value.startswith("<svg")
    assert "Roll (seed 1):</b> D10 [" in calc.roll_output.value


def test_check_calculator_kinds():
    calc = UnisystemCheckCalculator()
    calc.controls["kind"].value = CheckKind.SIMPLE_TEST
    calc.controls["attribute"].value = 4
    calc.controls["modifier"].value = 0
    assert "<td>P(success)</td><td>100 %</td>" in calc.result.value  # Lilith
    calc.controls["kind"].value = CheckKind.UNSKILLED
    assert "<td>7 or more</td>" in calc.result.value  # Josh
    assert "40.00 % (2/5)" in calc.result.value and "2 (Decent)" in calc.result.value
    calc.controls["complexity"].value = 10
    assert "nothing: even a 10 fails" in calc.result.value
    calc.controls["kind"].value = CheckKind.DIFFICULT_TEST
    calc.controls["attribute"].value = 2
    assert "40.00 % (2/5)" in calc.result.value
    calc.controls["core"].value = CoreDie.TWO_D6
    assert "(5/18)" in calc.result.value  # 2D6 − 2 ≥ 7: 10 ways in 36


def test_check_calculator_rolls_show_die_total_and_level():
    calc = UnisystemCheckCalculator()
    calc.seed.value = 5
    calc.roll()
    expected = u.task(3, 6, -3).roll(random.Random(5))
    assert str(expected) in calc.roll_output.value
    assert calc.seed.value == 6


@pytest.mark.parametrize(
    ("control", "value", "text"),
    [
        ("attribute", -1, "Attribute (attribut) must be an integer from 0 to 30, got -1"),
        ("skill", 99, "Skill (compétence), tasks only must be an integer from 0 to 30, got 99"),
        ("modifier", 1000, "got 999"),  # the box keeps 999 (BOX), the rule refuses it
        ("complexity", 4, "0 (none) or from 6 to 10"),
    ],
)
def test_check_calculator_shows_errors_next_to_the_control(control, value, text):
    calc = UnisystemCheckCalculator(
        kind=CheckKind.UNSKILLED if control == "complexity" else CheckKind.TASK
    )
    calc.controls[control].value = value
    assert text in calc.error_for(control)
    assert calc.result.value == "" and calc.chart.value == ""
    calc.controls[control].value = 0
    assert calc.error == "" and calc.result.value


def test_contest_calculator_arm_wrestling_default():
    calc = UnisystemContestCalculator()
    html = calc.result.value
    assert "77.85 % (9472/12167)" in html and "best of 3" in html
    assert "B wins 2–0" in calc.roll_output.value
    assert calc.roll_output.value.count("roll ") == 2
    calc.controls["best_of"].value = 1
    assert probability_text(F(16, 23)) in calc.result.value  # a tied roll is rolled again


def probability_text(p: Fraction) -> str:
    from rulebook_py.widgets.format import probability

    return probability(p)


def test_contest_calculator_types():
    calc = UnisystemContestCalculator(kind=ContestType.GENERIC, bonus_a=3, bonus_b=3)
    assert "45.00 % (9/20)" in calc.result.value and "10.00 % (1/10)" in calc.result.value
    calc.controls["kind"].value = ContestType.FOOT_CHASE
    calc.controls["bonus_a"].value = 5
    calc.controls["bonus_b"].value = 6
    calc.controls["head_start"].value = "b"
    assert "A +8, B +8" in calc.result.value  # speeds 15 and 12 by default
    calc.controls["kind"].value = ContestType.SNEAKING
    calc.controls["bonus_a"].value = 7
    calc.controls["bonus_b"].value = 4
    assert "A gets past unnoticed" in calc.result.value
    assert probability_text(u.sneaking(4, 3, 2).a_wins) in calc.result.value


def test_contest_calculator_errors():
    calc = UnisystemContestCalculator(kind=ContestType.FOOT_CHASE)
    calc.controls["speed_a"].value = -5
    assert "Speed A (foot chase) must be an integer from 0 to 200, got -5" in calc.error_for(
        "speed_a"
    )
    assert calc.result.value == ""
    calc.controls["speed_a"].value = 15
    calc.controls["bonus_b"].value = 1000
    assert "got 999" in calc.error_for("bonus_b")  # the box keeps 999 of 1000


def test_core_die_calculator():
    calc = UnisystemCoreDieCalculator()
    html = calc.result.value
    assert "<td>Die shows 10</td><td>10.00 % (1/10)</td><td>2.78 % (1/36)</td><td>3.60</td>" in html
    assert "83.33 % (5/6)" in html  # +6 succeeds on 2D6 − 2 unless it shows 1 or 2
    assert calc.chart.value.count("<rect") >= 20
    assert "D10 [" in calc.roll_output.value and "2D6−2 [" in calc.roll_output.value
    calc.controls["bonus"].value = 500
    assert "Bonus added to the die must be an integer from -100 to 100, got 500" in calc.error_for(
        "bonus"
    )
    calc.controls["bonus"].value = 2
    assert calc.error == "" and "40.00 % (2/5)" in calc.result.value


# ------------------------------------------------------------------ issues 13 and 14
def test_foot_chase_cap_names_the_controls_and_quotes_what_was_typed():
    calc = UnisystemContestCalculator(kind=ContestType.FOOT_CHASE)
    calc.controls["bonus_a"].value = 100
    calc.controls["speed_a"].value = 200
    calc.controls["speed_b"].value = 0
    shown = calc.error_for("speed_a")
    assert "bonus of 100" in shown and "Speed A (foot chase) 200" in shown
    assert "302" not in calc.error and "bonus_a" not in calc.error
    assert calc.result.value == ""


def test_contest_calculator_offers_the_2d6_core_die():
    calc = UnisystemContestCalculator(kind=ContestType.GENERIC, bonus_a=3, bonus_b=3)
    calc.controls["core"].value = CoreDie.TWO_D6
    expected = u.contest(3, 3, core=CoreDie.TWO_D6)
    assert probability_text(expected.a_wins) in calc.result.value
    calc.roll()
    assert "2D6−2 [" in calc.roll_output.value
    calc.controls["kind"].value = ContestType.ARM_WRESTLING
    calc.controls["bonus_a"].value = 6
    calc.controls["bonus_b"].value = 4
    assert probability_text(u.match(6, 4, 3, core=CoreDie.TWO_D6).a_wins) in calc.result.value


def test_basics_calculators_write_negative_numbers_with_one_minus_sign():
    calc = UnisystemCheckCalculator(attribute=0, skill=0, modifier=-30)
    calc.roll()
    assert "= −" in calc.roll_output.value
    text = calc.roll_output.value + calc.result.value
    assert re.search(r"(?<![\w#])-\d", text) is None
    contest = UnisystemContestCalculator(kind=ContestType.GENERIC, bonus_a=-5, bonus_b=3)
    assert "A −5" in contest.result.value and ">-" not in contest.chart.value


@pytest.mark.parametrize(
    "cls", [UnisystemCheckCalculator, UnisystemContestCalculator, UnisystemCoreDieCalculator]
)
def test_basics_calculators_give_their_python_call(cls):
    calc = cls()
    call = calc.view.call
    assert call is not None and call.module == "outcomes, unisystem"
    assert eval(call.expression, {"outcomes": outcomes, "unisystem": u}) == call.value
    if cls is UnisystemCheckCalculator:
        assert call.expression == (
            "outcomes.unisystem.check(unisystem.CheckKind.TASK, 3, skill=6, modifier=-3).success_chance()"
        )
        assert call.value == F(4, 5)
