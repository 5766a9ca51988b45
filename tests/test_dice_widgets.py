"""The dice chapter's calculators: four expressions compared, new notation, bad input."""

from __future__ import annotations

import time
from fractions import Fraction as F

from rulebook_py import parse
from rulebook_py.widgets.dice import CompareCalculator, DiceCalculator


def test_default_is_the_d12_rule_question():
    calc = DiceCalculator()
    assert [calc.controls[n].value for n in ("expression", "second", "third", "fourth")] == [
        "d20",
        "2d20kh1",
        "d12",
        "2d12kh1",
    ]
    html = calc.result.value
    assert "<th>A: 1d20</th><th>B: 2d20kh1</th><th>C: 1d12</th><th>D: 2d12kh1</th>" in html
    assert "<td>50.00 % (1/2)</td><td>75.00 % (3/4)</td><td>16.67 % (1/6)</td>" in html
    assert "30.56 % (11/36)" in html
    chart = calc.chart.value
    for legend in ("1d20: 10.5±5.8", "2d20kh1: 13.8±4.7", "1d12: 6.5±3.5", "2d12kh1: 8.5±2.8"):
        assert legend in chart
    call = calc.python_call(calc.values())
    assert call.value == [F(1, 2), F(3, 4), F(1, 6), F(11, 36)]
    assert eval(call.expression, {"parse": parse}) == call.value


def test_blank_boxes_are_left_out_and_all_blank_is_a_message():
    calc = DiceCalculator(second="", third="  ", fourth="")
    assert "<th>A: 1d20</th></tr>" in calc.result.value
    assert "Distribution of 1d20 (mean ± SD 10.5±5.8)" in calc.chart.value
    assert calc.python_call(calc.values()).expression == "parse('1d20').prob_at_least(11)"
    calc.controls["expression"].value = ""
    assert "all blank" in calc.error_for("expression")
    assert calc.result.value == "" and calc.chart.value == ""
    calc.controls["fourth"].value = "d6"
    assert calc.error == "" and "<th>D: 1d6</th>" in calc.result.value


def test_explosion_depth_control():
    calc = DiceCalculator(expression="d6!", second="", third="", fourth="", target=7)
    assert "16.67 % (1/6)" in calc.result.value
    calc.controls["explode_depth"].value = 0
    assert "<td>0 %</td>" in calc.result.value
    call = calc.python_call(calc.values())
    assert call.expression == "parse('1d6!', explode_depth=0).prob_at_least(7)"
    assert eval(call.expression, {"parse": parse}) == call.value == 0
    calc.controls["explode_depth"].value = 21
    message = calc.error_for("explode_depth")
    assert "Explosion depth (!)" in message and "21" in message
    assert calc.result.value == ""


def test_rolls_show_explosions_and_rerolls_of_every_box():
    calc = DiceCalculator(expression="3d6!", second="4d6ro1", third="5d6>=5", fourth="")
    calc.seed.value = 5
    calc.roll()
    shown = calc.roll_output.value
    assert "A: 3d6! [5, 3, 6+3] = 17" in shown
    assert "B: 4d6ro1 [" in shown and "C: 5d6&gt;=5 [" in shown


def test_hostile_expressions_give_a_message_next_to_the_box_fast():
    calc = DiceCalculator()
    for text, needle in (
        ("1000000*" * 52 + "1+d2", "totals between"),
        ("d10000*100+d10000", "would take about"),
        ("1000d39", "would take about"),
        ("2d20\u212ah1", "plain ASCII"),
        ("d\u00b2", "plain ASCII"),
    ):
        start = time.process_time()
        calc.controls["second"].value = text
        assert time.process_time() - start < 0.2, text
        assert needle in calc.error_for("second"), text
        assert calc.result.value == "" and calc.chart.value == ""


def test_the_four_boxes_share_one_work_cap():
    calc = DiceCalculator(expression="150d39", second="150d39", third="", fourth="")
    assert "together with the boxes above" in calc.error_for("second")
    assert calc.error_for("expression") == ""


def test_compare_calculator_call_and_cap():
    calc = CompareCalculator()
    call = calc.python_call(calc.values())
    assert call.expression == "parse('4d6 + 2').compare(parse('3d6 + 1'))"
    assert eval(call.expression, {"parse": parse}) == call.value
    assert call.value.gt == F(2357, 2916)
    calc.controls["first"].value = "150d39"
    calc.controls["second"].value = "150d39"
    assert "too big to compare" in calc.error_for("second")
