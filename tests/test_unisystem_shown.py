"""What the Unisystem calculators show, as data (issue 40): rows, charts, notes, roll lines."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from rulebook_py import outcomes
from rulebook_py.errors import RuleValueError
from rulebook_py.systems import unisystem as uni
from rulebook_py.widgets.presented import chart_html
from rulebook_py.widgets.unisystem_combat import InitiativeCalculator

shown = outcomes.unisystem.presentation
Bars = outcomes.shown.Bars


def test_a_check_shows_its_rows_and_its_levels_with_the_successes_highlighted():
    check = outcomes.unisystem.check("unskilled", 4)
    out = shown(check)
    assert out.rows == outcomes.unisystem.check_rows(check)
    (chart,) = out.charts
    assert chart.title == "Unskilled task: success levels"
    assert chart.bars == check.level_distribution()
    assert chart.highlight == frozenset({1, 2}) and chart.other_label == "failure"


def test_a_contest_highlights_the_margins_where_a_is_ahead():
    (chart,) = shown(outcomes.unisystem.contest_report("generic", 3, 3)).charts
    assert chart.bars["0"] == Fraction(1, 10) and chart.bars["−9"] == Fraction(1, 100)
    assert chart.highlight == frozenset(str(k) for k in range(1, 10))


def test_a_ranged_attack_shows_the_bullets_then_the_damage_and_suppressive_fire_the_damage():
    report = outcomes.unisystem.ranged(dexterity=3, skill=3, mode="burst", multiplier=3)
    bullets, damage = shown(report).charts
    assert bullets.title == "Bullets in" and bullets.bars == report.hits.pmf()
    assert damage.title == "Total damage" and 0 not in damage.highlight
    suppressive = shown(outcomes.unisystem.ranged(mode="suppressive")).charts
    assert [c.title for c in suppressive] == ["Total damage"]


def test_group_initiative_adds_its_note_and_heads_the_first_group():
    plain = shown(uni.initiative("A, 3\nB, 3, NPC"))
    group = shown(uni.initiative("A, 3\nB, 3, NPC", group=True))
    assert plain.note is None and plain.head[5] == "P(acts first)"
    assert (
        group.note.startswith("Group initiative") and group.head[5] == "P(acts in the first group)"
    )
    assert group.charts[0].bars == {"A": Fraction(1, 2), "B": Fraction(1, 2)}
    calc = InitiativeCalculator(group=True)
    assert "<p>Group initiative" in calc.result.value


def test_an_action_plan_shows_one_row_a_step_and_rolls_without_numbers():
    plan = uni.action_plan("attack 4+4 punch\ndefense 4+3 dodge\ndefense 4+3 dodge")
    out = shown(plan)
    assert [row[0] for row in out.rows] == [1, 2, 3]
    assert (
        out.rows[2][3] == "extra" and out.rows[2][4] == "−2" and out.rows[2][7] == Fraction(7, 10)
    )
    lines = outcomes.unisystem.roll_lines(plan.roll(random.Random(1)))
    assert len(lines) == 3 and lines[0].startswith("punch: D10 [")


def test_a_fight_highlights_the_first_fighters_wins():
    (chart,) = shown(outcomes.unisystem.fight_between()).charts
    assert {k.params["who"] for k in chart.highlight} == {"Jimmy"}
    assert len(chart.highlight) == 2 and sum(chart.bars.values()) == 1


def test_what_is_not_a_unisystem_outcome_is_refused():
    with pytest.raises(RuleValueError, match="outcome must be an outcome of a Unisystem"):
        shown("a check")
    with pytest.raises(RuleValueError, match="roll must be a seeded roll") as err:
        outcomes.unisystem.roll_lines(3)
    assert err.value.field == "roll"
    with pytest.raises(RuleValueError) as err:
        Bars({0: Fraction(1)}, "t", "x", frozenset({1}))
    assert err.value.field == "highlight"


def test_a_chart_without_highlight_has_no_legend():
    plain = chart_html(Bars({0: Fraction(1, 2), 1: Fraction(1, 2)}, "t", "x"))
    lit = chart_html(
        Bars({0: Fraction(1, 2), 1: Fraction(1, 2)}, "t", "x", frozenset({1}), "hit", "miss")
    )
    assert "hit" not in plain and "hit" in lit and "miss" in lit
