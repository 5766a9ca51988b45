"""A roll never outlives its settings (issue 37), in the page's Python and in the page.

* The page's Python (``live/live_bridge.py``, here in CPython) is built on the
  page as it was built, roll included: the first change resolves that roll
  again with its seed (it used to leave "A: 1d20 [5]" under Dice A = ``2d6``).
* On the live site, after a change of any control of any calculator, the roll
  shown is the one CPython resolves for the new settings with that seed, or
  it is marked as belonging to the earlier settings (``data-rb-stale``), as
  it is while Python has not started.
"""

from __future__ import annotations

import json
import re

from ipywidgets.embed import dependency_state

from live import live_bridge
from rulebook_py.widgets import CALCULATORS
from rulebook_py.widgets.dice import DiceCalculator

from .live import READY_TIMEOUT_MS, calculator_classes, fragment_text


def _update(model: str, **state) -> str:
    return json.dumps(
        {"model": model, "data": {"method": "update", "state": state, "buffer_paths": []}}
    )


def test_the_pages_roll_is_resolved_again_after_the_first_change():
    shown = DiceCalculator()  # as the page was built: rolled with seed 1
    assert "data-rb-seed='1'" in shown.roll_output.value
    bridge = live_bridge.Bridge()
    [report] = bridge.setup(
        [{"key": "DiceCalculator", "cls": "DiceCalculator", "root": shown.model_id}],
        dependency_state([shown], drop_defaults=True),
    )
    reply = bridge.handle(_update(report["controls"]["expression"], value="2d6"))
    out = {model: data["state"] for model, data in reply["out"]}
    want = DiceCalculator()
    want.controls["expression"].value = "2d6"
    assert "A: 2d6" in want.roll_output.value
    assert out[shown.roll_output.model_id]["value"] == want.roll_output.value


def _expected_roll(cls: type, name: str, value: object) -> str:
    calc = cls()
    calc.controls[name].value = value
    return calc.roll_output.value


ROLL_TEXT_JS = """key => {
    const calc = window.rbLive.calculators.find(c => c.key === key);
    const roll = calc.el.querySelector('.rb-roll');
    return roll ? {text: roll.innerText, stale: roll.hasAttribute('data-rb-stale')} : null;
}"""


def _text(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).replace("&#x27;", "'").split())


def test_after_a_change_the_roll_shown_is_for_the_new_settings(site_url, guarded_page):
    page, log = guarded_page()
    page.goto(f"{site_url}/book/dice.html", wait_until="commit")
    page.wait_for_function(
        "() => document.documentElement?.dataset.rbLive === 'ready'", timeout=READY_TIMEOUT_MS
    )
    checked = 0
    for key, cls in calculator_classes(page):
        built = cls()
        for name, value in dict(cls.bench_changes).items():
            text = fragment_text(built.controls[name], value)
            page.evaluate("([k, c, t]) => window.rbProbe.change(k, c, t)", [key, name, text])
            shown = page.evaluate(ROLL_TEXT_JS, key)
            want = _text(_expected_roll(cls, name, value))
            assert shown is not None and not shown["stale"], (key, name)
            assert " ".join(shown["text"].split()) == want, (key, name)
            checked += 1
            back = fragment_text(built.controls[name], built.controls[name].value)
            page.evaluate("([k, c, t]) => window.rbProbe.change(k, c, t)", [key, name, back])
    assert checked >= 4
    assert log.problems() == []


def test_before_python_is_ready_a_change_marks_the_roll_as_of_the_earlier_settings(
    site_url, guarded_page
):
    page, log = guarded_page()
    # Python never starts here: the worker's script is not served.
    page.route("**/live/worker.js", lambda route: route.abort())
    page.goto(f"{site_url}/book/dice.html", wait_until="load")
    page.wait_for_function(
        "() => ['failed', 'offline'].includes(document.documentElement?.dataset.rbLive)",
        timeout=120_000,
    )
    calc = page.locator(".rb-calc-DiceCalculator").first
    roll = calc.locator(".rb-roll").first
    assert roll.get_attribute("data-rb-stale") is None
    box = calc.locator("input").first
    box.fill("2d6")
    box.press("Enter")
    page.wait_for_function(
        "() => document.querySelector('.rb-calc-DiceCalculator .rb-roll[data-rb-stale]')"
    )
    assert roll.locator(".rb-stale-note").count() == 1
    assert "earlier settings" in roll.inner_text()
    assert log.problems() == []


def test_every_calculator_with_a_roll_has_its_seed_in_the_page():
    for name, cls in CALCULATORS.items():
        roll = cls().roll_output.value
        assert re.search(r"data-rb-seed='[0-9]+'", roll), name


def test_the_pages_python_is_warmed_up_and_left_as_the_page_shows_it():
    from rulebook_py.widgets.mass_battle import MassBattleOddsCalculator

    shown = [DiceCalculator(), MassBattleOddsCalculator()]
    bridge = live_bridge.Bridge()
    specs = [{"key": type(c).__name__, "cls": type(c).__name__, "root": c.model_id} for c in shown]
    state = dependency_state(shown, drop_defaults=True)
    calls = []
    originals = {cls: cls.compute for cls in (DiceCalculator, MassBattleOddsCalculator)}
    for calc_class, original in originals.items():
        calc_class.compute = lambda self, values, original=original: (
            calls.append(type(self).__name__) or original(self, values)
        )
    try:
        reports = bridge.setup(specs, state)
    finally:
        for calc_class, original in originals.items():
            calc_class.compute = original
    assert all(r["ok"] for r in reports), reports
    # each calculator's first change was run, and undone, before the page's snapshot
    assert calls.count("DiceCalculator") == 2 and calls.count("MassBattleOddsCalculator") == 2
    for page, live in zip(shown, bridge.calculators.values(), strict=True):
        assert live.values() == page.values()
        for part in ("result", "summary", "chart", "roll_output"):
            assert getattr(live, part).value == getattr(page, part).value, part
    assert live_bridge.outbox == []  # nothing was sent
