"""The Python half of the live calculators (``live/live_bridge.py``, ``live/boot.py``), in CPython.

No browser: the page's stored widget state is made here with ipywidgets'
own embedding (the format the built pages store), the bridge builds the
calculator on it, and a control change sent as the page sends it must come
back as the same answer CPython's calculator shows.
"""

from __future__ import annotations

import json

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
