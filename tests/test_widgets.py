"""Widget tests without a browser: every registered calculator, then the dice ones."""

from __future__ import annotations

import pytest

from rulebook_py.widgets import CALCULATORS, Calculator
from rulebook_py.widgets.dice import CompareCalculator, DiceCalculator

NAMES = sorted(CALCULATORS)


def test_registry_lists_the_foundation_calculators():
    assert {"DiceCalculator", "CompareCalculator"} <= set(CALCULATORS)
    assert all(issubclass(cls, Calculator) for cls in CALCULATORS.values())


@pytest.mark.parametrize("name", NAMES)
def test_opens_on_a_valid_example(name):
    calc = CALCULATORS[name]()
    assert calc.error == "", f"{name} opens with an error: {calc.error}"
    assert calc.result.value.strip(), f"{name} shows no answer"
    assert calc.title, f"{name} has no title"
    assert calc.kind in ("roll", "fight")
    assert "seed" in calc.roll_output.value
    for control_name, control in calc.controls.items():
        label = getattr(control, "description", "") or getattr(control, "tooltip", "")
        assert label, f"{name}.{control_name} has no label"
    if calc.chart.value:
        assert calc.chart.value.startswith("<svg")
        assert "<script" not in calc.chart.value and "http://" not in calc.chart.value.replace(
            'xmlns="http://www.w3.org/2000/svg"', ""
        )


@pytest.mark.parametrize("name", NAMES)
def test_every_benchmark_change_gives_an_answer(name):
    cls = CALCULATORS[name]
    assert cls.bench_changes, f"{name} declares no bench_changes"
    calc = cls()
    before = calc.result.value
    seen = {before}
    for control, value in cls.bench_changes:
        calc.controls[control].value = value
        assert calc.error == "", f"{name}: {control}={value!r} gives {calc.error}"
        assert calc.result.value.strip()
        seen.add(calc.result.value)
    assert len(seen) > 1, f"{name}: no benchmark change alters the answer"


@pytest.mark.parametrize("name", NAMES)
def test_rolls_are_seeded_and_the_seed_moves_on(name):
    a = CALCULATORS[name]()
    b = CALCULATORS[name]()
    assert a.roll_output.value == b.roll_output.value
    seed = a.seed.value
    a.roll_button.click()
    assert f"seed {seed}" in a.roll_output.value
    assert a.seed.value == seed + 1
    b.seed.value = seed
    b.roll()
    assert b.roll_output.value == a.roll_output.value


def test_dice_calculator_answers_exactly():
    calc = DiceCalculator(expression="2d20kh1", target=20)
    assert "9.75 % (39/400)" in calc.result.value
    assert "<td>Mean</td><td>13.82</td>" in calc.result.value
    calc.controls["target"].value = 1
    assert "<td>100 %</td>" in calc.result.value
    calc.controls["expression"].value = "4D+2"
    assert "<td>6 to 26</td>" in calc.result.value


def test_bad_notation_is_shown_next_to_the_box_and_cleared_after():
    calc = DiceCalculator()
    calc.controls["expression"].value = "2d6; import os"
    message = calc.error_for("expression")
    assert "position 3" in message and "Traceback" not in message
    assert calc.result.value == "" and calc.chart.value == ""
    calc.roll()
    assert calc.roll_output.value == ""
    calc.controls["expression"].value = "2d6"
    assert calc.error == ""
    assert "<td>2 to 12</td>" in calc.result.value


def test_roll_shows_every_die_and_the_verdict():
    calc = DiceCalculator(expression="2d20kh1+3", target=15)
    calc.seed.value = 7
    calc.roll()
    assert "2d20kh1 [11, 5~] + 3 = 14" in calc.roll_output.value
    assert "misses the target 15" in calc.roll_output.value


def test_compare_calculator():
    calc = CompareCalculator()
    assert "80.83 % (2357/2916)" in calc.result.value
    calc.controls["second"].value = "3d"
    assert "position 2" in calc.error_for("second")
    assert calc.error_for("first") == ""


def test_unknown_control_is_refused():
    with pytest.raises(TypeError, match="no control"):
        DiceCalculator(dice="d6")


@pytest.mark.parametrize("name", NAMES)
def test_the_python_call_shown_gives_the_value_shown(name):
    calc = CALCULATORS[name]()
    call = calc.python_call(calc.values())
    if call is None:
        return
    namespace: dict = {}
    exec(call.imports, namespace)  # the line's own import, nothing else
    assert eval(call.expression, namespace) == call.value
    assert call.expression in calc.code.value.replace("&quot;", '"').replace("&#x27;", "'")


@pytest.mark.parametrize("name", NAMES)
def test_the_roll_shown_always_matches_the_controls(name):
    cls = CALCULATORS[name]
    calc = cls()
    changed = 0
    for control, value in cls.bench_changes:
        before = calc.roll_output.value
        calc.controls[control].value = value
        fresh = cls(**calc.values())  # opens with the same default seed
        assert calc.roll_output.value == fresh.roll_output.value, f"{name}: {control}={value!r}"
        changed += calc.roll_output.value != before
    assert changed, f"{name}: no benchmark change alters the roll shown"


def test_an_error_clears_the_roll():
    calc = DiceCalculator()
    assert "seed" in calc.roll_output.value
    calc.controls["expression"].value = "2d6+"
    assert calc.roll_output.value == ""
    calc.controls["expression"].value = "2d6"
    assert calc.roll_output.value == DiceCalculator(expression="2d6").roll_output.value


def test_a_control_that_does_not_count_hides_its_own_row_only():
    # The rows shared one layout: hiding the last control's row hid every row.
    from rulebook_py.widgets.galaxies import GalaxiesShotCalculator

    calc = GalaxiesShotCalculator()  # a single shot: the burst's number of shots does not count
    shown = {name for name, row in calc.rows.items() if row.layout.display != "none"}
    assert shown == set(calc.controls) - {"shots"}
    calc.controls["mode"].value = "burst"
    assert all(row.layout.display != "none" for row in calc.rows.values())
    assert calc.controls["shots"].layout.display == ""
    calc.controls["mode"].value = "single"
    assert calc.rows["shots"].layout.display == "none" != calc.rows["mode"].layout.display


def _models() -> set[str]:
    from ipywidgets.widgets import widget

    return set(getattr(widget, "_instances", None) or widget.Widget.widgets)


def _every_setting(calc):
    """Apply the benchmark's changes, then every option of every dropdown (yield after each)."""
    import ipywidgets as widgets

    for control_name, value in calc.bench_changes:
        calc.controls[control_name].value = value
        yield
    for control in calc.controls.values():
        if isinstance(control, widgets.Dropdown):
            start = control.value
            for option in control.options:
                control.value = option[1] if isinstance(option, tuple) else option
                yield
            control.value = start


@pytest.mark.parametrize("name", NAMES)
def test_an_update_never_makes_a_widget_model(name):
    """The live page knows only the models of the built page: one made in an update is unknown.

    (A hidden row's layout, made when a row was first hidden, gave "widget model not found"
    on the page at each change of the mode that hides it.)
    """
    calc = CALCULATORS[name]()
    before = _models()
    for _ in _every_setting(calc):
        pass
    assert _models() - before == set()


@pytest.mark.parametrize("name", NAMES)
def test_the_stored_page_holds_every_layout_an_update_gives_a_row(name):
    """The page stores the models its calculators reach: every layout a row wears is one of them.

    (The hidden rows' layout, reached by no widget while no row was hidden, was not stored:
    "widget model not found" at the first change that hid a row.)
    """
    from ipywidgets.embed import dependency_state

    calc = CALCULATORS[name]()
    stored = set(dependency_state(calc))
    worn = set()
    for _ in _every_setting(calc):
        worn |= {row.layout.model_id for row in calc.rows.values()}
    assert worn <= stored
    hides = name == "GalaxiesShotCalculator"  # (its single shot hides the number of shots)
    assert not hides or calc.rows["shots"].layout.model_id in worn


def test_the_base_shows_a_roll_by_its_html_else_its_lines_else_its_text():
    import random
    from types import SimpleNamespace

    calc = DiceCalculator()
    show = Calculator.show_roll
    assert show(calc, SimpleNamespace(html=lambda: "<b>x</b>", lines=["y"])) == "<b>x</b>"
    assert show(calc, SimpleNamespace(lines=["a", "b<c"])) == "a<br>b&lt;c"
    assert show(calc, SimpleNamespace(lines=lambda: ["a", "b"])) == "a<br>b"
    assert show(calc, SimpleNamespace(message="m & n")) == "m &amp; n"
    # the dice calculator's own way (its roll's lines()) is the base's
    roll = calc.view.outcome.roll(random.Random(3))
    assert show(calc, roll) == calc.show_roll(roll) != ""


class _Outcome:
    """An outcome whose ``unused`` names the score when the mode does not use it."""

    def __init__(self, unused: tuple[tuple[str, str], ...]) -> None:
        self.unused = unused

    def roll(self, rng: object) -> str:
        return "rolled"


class _ScoreCalculator(Calculator):
    """A calculator whose text box ``score`` counts only in the mode ``use``."""

    def build_controls(self):
        import ipywidgets as widgets

        return {
            "mode": widgets.Dropdown(options=["use", "skip"], value="use"),
            "score": widgets.Text(value="3"),
        }

    def compute(self, values):
        from rulebook_py.errors import RuleValueError
        from rulebook_py.widgets.base import View

        if values["mode"] == "skip":
            return View("skipped", outcome=_Outcome((("score", "not in this mode"),)))
        if not values["score"].isdigit():
            raise RuleValueError(f"score must be a number, got {values['score']!r}", field="score")
        return View(values["score"], outcome=_Outcome(()))


def test_a_control_at_fault_is_shown_even_if_it_was_unused():
    """A box hidden as unused, holding a bad value, is shown with its error once it counts."""
    calc = _ScoreCalculator()
    calc.controls["score"].value = "x"
    assert "score must be a number" in calc.error_for("score")
    calc.controls["mode"].value = "skip"  # the bad score no longer counts: hidden
    assert calc.controls["score"].layout.display == "none"
    assert calc.error_for("score") == ""
    calc.controls["mode"].value = "use"  # it counts again: its error beside it, shown
    assert "score must be a number" in calc.error_for("score")
    assert calc.controls["score"].layout.display == ""
    assert calc.rows["score"].layout is calc.row_layout
