// The link-fragment reader and writer of the page (_static/rb-link.js), under Node's test
// runner: node --test tests/js/ (tests/test_js.py runs it in make check and make test).
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const path = require("node:path");
const link = require(path.join(__dirname, "..", "..", "_static", "rb-link.js"));

/* A widget model as the page's manager has it: get(name) of its state. */
function model(state) {
  return { get: (name) => state[name] };
}

const dropdown = () => model({ _options_labels: ["d4", "d6", "d8"], index: 1 });
const several = () => model({ _options_labels: ["a", "b", "c"], index: [0, 2] });
const whole = () => model({ _model_name: "BoundedIntTextModel", value: 5, min: 0, max: 20 });
const real = () => model({ _model_name: "FloatTextModel", value: 0.5 });

test("a fragment of settings reads as its pairs, + and %20 as spaces", () => {
  assert.deepEqual(link.readFragment("#DiceCalculator.expression=3d6+%2B+2&DiceCalculator.seed=7"), [
    ["DiceCalculator.expression", "3d6 + 2"],
    ["DiceCalculator.seed", "7"],
  ]);
  assert.deepEqual(link.readFragment("a.b=x%20y"), [["a.b", "x y"]]);
});

test("a section's anchor, an empty fragment and parts without = are no settings", () => {
  assert.equal(link.readFragment("#dice-notation"), null);
  assert.equal(link.readFragment(""), null);
  assert.equal(link.readFragment(undefined), null);
  assert.deepEqual(link.readFragment("#junk&a.b=1"), [["a.b", "1"]]);
});

test("a part that cannot be decoded is kept with a null value (the note names it)", () => {
  assert.deepEqual(link.readFragment("#a.b=%E0%A4%A&c.d=2"), [["a.b=%E0%A4%A", null], ["c.d", "2"]]);
});

test("what query writes, readFragment reads back", () => {
  const pairs = [["Calc.text", "2d6 & 1d8 = ~ï"], ["Calc.roll", "12"], ["Calc-2.list", '["a","b"]']];
  const written = link.query(pairs);
  assert.equal(written.includes(" "), false);
  assert.equal(written.split("&").length, 3);
  assert.deepEqual(link.readFragment("#" + written), pairs);
  assert.equal(link.query([["a.b", "x y"]]), "a.b=x+y");
});

test("a long key is quoted at 57 characters and an ellipsis", () => {
  assert.equal(link.shortKey("short"), "short");
  const quoted = link.shortKey("k".repeat(61));
  assert.equal(quoted, "k".repeat(57) + "…");
  assert.equal(link.shortKey("k".repeat(60)), "k".repeat(60));
});

test("a control's value is written as a position, a 1 or 0, or as it reads", () => {
  assert.equal(link.encode(dropdown()), "~1");
  assert.equal(link.encode(several()), "~0.2");
  assert.equal(link.encode(model({ _options_labels: ["a"], index: null })), "");
  assert.equal(link.encode(model({ _options_labels: ["a", "b"], index: [] })), "~");
  assert.equal(link.encode(model({ value: true })), "1");
  assert.equal(link.encode(model({ value: false })), "0");
  assert.equal(link.encode(whole()), "5");
  assert.equal(link.encode(model({ value: "3d6" })), "3d6");
});

test("positions: in range, out of range, or labels", () => {
  assert.deepEqual(link.positions("~2", 3), [2]);
  assert.deepEqual(link.positions("~0.2", 3), [0, 2]);
  assert.deepEqual(link.positions("~", 3), []);
  assert.deepEqual(link.positions("~3", 3), [-1]);
  assert.equal(link.positions("d6", 3), null);
  assert.equal(link.positions("~1.", 3), null);
  assert.equal(link.positions("~-1", 3), null);
});

test("a choice reads by its position, or by its label from an older link", () => {
  assert.deepEqual(link.decode(dropdown(), "~2"), { index: 2 });
  assert.deepEqual(link.decode(dropdown(), "d8"), { index: 2 });
  assert.equal(link.decode(dropdown(), "~3"), null);
  assert.equal(link.decode(dropdown(), "~0.1"), null);
  assert.equal(link.decode(dropdown(), "d10"), null);
});

test("several choices read by positions, or as a JSON list of labels", () => {
  assert.deepEqual(link.decode(several(), "~1.2"), { index: [1, 2] });
  assert.deepEqual(link.decode(several(), "~"), { index: [] });
  assert.deepEqual(link.decode(several(), '["c","a"]'), { index: [2, 0] });
  assert.equal(link.decode(several(), '["c","z"]'), null);
  assert.equal(link.decode(several(), '{"a":1}'), null);
  assert.equal(link.decode(several(), "[not json"), null);
  assert.equal(link.decode(several(), "~0.9"), null);
});

test("a checkbox takes 1, 0, true or false only", () => {
  const box = model({ value: false });
  assert.deepEqual(link.decode(box, "1"), { value: true });
  assert.deepEqual(link.decode(box, "true"), { value: true });
  assert.deepEqual(link.decode(box, "0"), { value: false });
  assert.deepEqual(link.decode(box, "false"), { value: false });
  assert.equal(link.decode(box, "yes"), null);
});

test("a whole-number box takes whole numbers within its bounds, nothing else", () => {
  assert.deepEqual(link.decode(whole(), "12"), { value: 12 });
  assert.deepEqual(link.decode(whole(), "0"), { value: 0 });
  assert.equal(link.decode(whole(), "1.5"), null);
  assert.equal(link.decode(whole(), "21"), null);
  assert.equal(link.decode(whole(), "-1"), null);
  assert.equal(link.decode(whole(), "١٢"), null); // (Arabic-Indic digits)
  assert.equal(link.decode(whole(), "9".repeat(400)), null);
  assert.equal(link.decode(model({ _model_name: "IntTextModel", value: 1 }), "9007199254740993"), null);
});

test("a decimal box takes decimals; a text box takes any text", () => {
  assert.deepEqual(link.decode(real(), "1.25"), { value: 1.25 });
  assert.deepEqual(link.decode(real(), "-3"), { value: -3 });
  assert.equal(link.decode(real(), "1e3"), null);
  assert.equal(link.decode(real(), "9".repeat(400)), null);
  assert.deepEqual(link.decode(model({ value: "3d6" }), "2d8 + 1"), { value: "2d8 + 1" });
});

test("what encode writes, decode reads back to the same setting", () => {
  for (const m of [dropdown(), several(), whole(), real(), model({ value: true }), model({ value: "x" })]) {
    const set = link.decode(m, link.encode(m));
    const state = "index" in set ? m.get("index") : m.get("value");
    assert.deepEqual("index" in set ? set.index : set.value, state);
  }
});
