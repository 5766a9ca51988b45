"""The Python half of the live calculators (``live/live_bridge.py``, ``live/boot.py``), in CPython.

No browser: the page's stored widget state is made here with ipywidgets'
own embedding (the format the built pages store), the bridge builds the
calculator on it, and a control change sent as the page sends it must come
back as the same answer CPython's calculator shows.
"""

from __future__ import annotations

import json
import re

from ipywidgets.embed import dependency_state

from live import live_bridge
from rulebook_py.widgets.dice import DiceCalculator


def page_of(calc) -> dict:
    return dependency_state([calc], drop_defaults=True)


def update(model: str, **state) -> str:
    return json.dumps(
        {"model": model, "data": {"method": "update", "state": state, "buffer_paths": []}}
    )


def test_bridge_takes_the_page_values_and_recomputes_on_a_change():
    shown = DiceCalculator()
    shown.controls["expression"].value = "3d6"
    bridge = live_bridge.Bridge()
    [report] = bridge.setup(
        [{"key": "DiceCalculator", "cls": "DiceCalculator", "root": shown.model_id}],
        page_of(shown),
    )
    assert report["ok"], report
    live = bridge.calculators["DiceCalculator"]
    # The page's values are taken as they are, nothing recomputed yet.
    assert live.controls["expression"].value == "3d6"
    assert live.result.value == shown.result.value
    assert live.seed.value == shown.seed.value
    assert report["controls"]["expression"] == shown.controls["expression"].model_id
    assert report["roll"] == shown.roll_button.model_id
    # A change from the page: the reply updates the page's own result model.
    reply = bridge.handle(update(report["controls"]["expression"], value="2d6+1"))
    assert reply["ok"], reply
    out = {model: data["state"] for model, data in reply["out"]}
    want = DiceCalculator()
    want.controls["expression"].value = "2d6+1"
    assert out[shown.result.model_id]["value"] == want.result.value
    assert "(1/6)" in out[shown.result.model_id]["value"]  # P(2d6+1 >= 11)
    # The Roll button: one seeded roll, and the seed moves on.
    seed = shown.seed.value
    reply = bridge.handle(
        json.dumps(
            {
                "model": report["roll"],
                "data": {"method": "custom", "content": {"event": "click"}},
            }
        )
    )
    out = {model: data["state"] for model, data in reply["out"]}
    assert f"seed {seed}" in out[shown.roll_output.model_id]["value"]
    assert out[shown.seed.model_id]["value"] == seed + 1


def test_a_page_that_does_not_match_its_class_stays_static():
    shown = DiceCalculator()
    bridge = live_bridge.Bridge()
    reports = bridge.setup(
        [
            {"key": "a", "cls": "CompareCalculator", "root": shown.model_id},
            {"key": "b", "cls": "NoSuchCalculator", "root": shown.model_id},
        ],
        page_of(shown),
    )
    assert [r["ok"] for r in reports] == [False, False]
    assert "Mismatch" in reports[0]["error"] and "NoSuchCalculator" in reports[1]["error"]


def test_a_bad_message_is_refused_not_raised():
    bridge = live_bridge.Bridge()
    assert bridge.handle("{") == {"ok": False, "error": bridge.handle("{")["error"], "out": []}
    assert bridge.handle(update("no-such-model", value=1))["ok"] is False


def _live_dice(expression: str = "3d6") -> tuple[live_bridge.Bridge, DiceCalculator]:
    shown = DiceCalculator()
    shown.controls["expression"].value = expression
    bridge = live_bridge.Bridge()
    [report] = bridge.setup(
        [{"key": "DiceCalculator", "cls": "DiceCalculator", "root": shown.model_id}],
        page_of(shown),
    )
    assert report["ok"], report
    return bridge, shown


def _shown_state(calc) -> dict:
    return {
        name: getattr(calc, name).value
        for name in ("result", "summary", "chart", "code", "roll_output", "message", "seed")
    } | {name: control.value for name, control in calc.controls.items()}


def test_idle_warming_computes_each_first_change_and_changes_nothing(monkeypatch):
    # The worker calls warm_step between the page's messages once the page is live
    # (issue 37): each step computes one calculator's first change, and leaves
    # every widget as the page shows it, sending nothing.
    bridge, _shown = _live_dice()
    live = bridge.calculators["DiceCalculator"]
    before = _shown_state(live)
    warmed, disarmed = [], []
    real = live_bridge.warm_view

    def spy(calc, values, seed):
        warmed.append((values["expression"], seed))
        return real(calc, values, seed)

    monkeypatch.setattr(live_bridge, "warm_view", spy)
    live_bridge.outbox.clear()
    steps = [bridge.warm_step(lambda: disarmed.append(1))]
    while steps[-1]:
        steps.append(bridge.warm_step(lambda: disarmed.append(1)))
    change = dict(DiceCalculator.bench_changes[:1])["expression"]
    assert warmed == [(change, live._shown_seed)] * live_bridge.WARM_PASSES
    assert steps == [True] * (live_bridge.WARM_PASSES - 1) + [False]
    assert len(disarmed) == live_bridge.WARM_PASSES  # (once a step is done)
    assert live_bridge.outbox == []
    assert _shown_state(live) == before
    assert bridge.warm_step() is False  # (nothing left)


def test_a_warming_step_stopped_by_its_time_slice_is_tried_again(monkeypatch):
    # Past its time slice the worker's interrupt raises KeyboardInterrupt in the
    # step: the step ends, the page's language is kept, and the same calculator is
    # tried again, at most WARM_TRIES times a pass.
    from rulebook_py import i18n

    bridge, _shown = _live_dice()
    calls = []

    def stopped(calc, values, seed):
        calls.append(values["expression"])
        i18n.set_language("fr")  # (stopped inside a `with language(...)`, say)
        raise KeyboardInterrupt

    monkeypatch.setattr(live_bridge, "warm_view", stopped)
    with i18n.language("en"):
        steps = [bridge.warm_step() for _ in range(live_bridge.WARM_TRIES * 2)]
        assert i18n.current_language() == "en"
    assert len(calls) == live_bridge.WARM_TRIES * 2
    assert steps == [True] * (live_bridge.WARM_TRIES * 2 - 1) + [False]


def test_a_reader_change_after_warming_shows_what_cpython_shows():
    bridge, shown = _live_dice()
    while bridge.warm_step():
        pass
    expression = shown.controls["expression"].model_id
    reply = bridge.handle(update(expression, value="2d6+1"))
    assert reply["ok"], reply
    out = {model: data["state"] for model, data in reply["out"]}
    want = DiceCalculator()
    want.controls["expression"].value = "2d6+1"
    assert out[shown.result.model_id]["value"] == want.result.value


def test_a_change_that_hides_a_row_names_only_the_page_s_models():
    """A hidden row gets the hidden layout: the reply names it by the page's id, not Python's."""
    from rulebook_py.widgets import CALCULATORS

    cls = CALCULATORS["MeleeExchangeCalculator"]
    shown = cls()
    page = page_of(shown)
    bridge = live_bridge.Bridge()
    [report] = bridge.setup([{"key": "m", "cls": cls.__name__, "root": shown.model_id}], page)
    assert report["ok"], report
    stance = shown.controls["defender_stance"]
    aggressive = [label for label, _value in stance.options].index("aggressive (no defense)")
    reply = bridge.handle(update(report["controls"]["defender_stance"], index=aggressive))
    assert reply["ok"], reply
    named = set(re.findall(r"IPY_MODEL_(\w+)", json.dumps(reply["out"])))
    assert any(data.get("state", {}).get("layout") for _model, data in reply["out"])  # a row hid
    assert named and named <= set(page)


def test_a_row_shown_again_wears_the_page_s_shown_layout():
    """The page's hidden rows are hidden in Python too before its models are paired.

    The Chroniques attack's last control (the off hand) is hidden by default, its
    row wearing the control's own layout. Paired with a Python calculator whose rows
    were all shown, the shown rows' layout took the page id of the last row's, the
    off hand's hidden one: a row shown again stayed hidden on the page.
    """
    from rulebook_py.widgets import CALCULATORS

    cls = CALCULATORS["ChroniquesAttackCalculator"]
    shown = cls()
    assert shown.controls["off_hand"].layout.display == "none"
    assert shown.controls["suitable_weapon"].layout.display == "none"
    bridge = live_bridge.Bridge()
    [report] = bridge.setup(
        [{"key": "a", "cls": cls.__name__, "root": shown.model_id}], page_of(shown)
    )
    assert report["ok"], report
    reply = bridge.handle(update(report["controls"]["temporary"], value=True))
    assert reply["ok"], reply
    out = {model: data["state"] for model, data in reply["out"]}
    row = shown.rows["suitable_weapon"].model_id
    assert out[row]["layout"] == "IPY_MODEL_" + shown.row_layout.model_id
    assert out[shown.controls["suitable_weapon"].layout.model_id]["display"] == ""
    # A row hidden again wears its control's layout, by the page's id.
    reply = bridge.handle(update(report["controls"]["temporary"], value=False))
    out = {model: data["state"] for model, data in reply["out"]}
    assert out[row]["layout"] == "IPY_MODEL_" + shown.controls["suitable_weapon"].layout.model_id
