/* The website's Python: Pyodide in a Web Worker, with only what the calculators need.
 *
 * Built by scripts/build_lite.py into live/worker.js (the bridge's Python source
 * and the package list are written in at build time). The page (_static/live.js)
 * posts {type: "init", calculators, state} once, then {type: "msg", id, model, data}
 * for every widget message of its calculators; this worker answers
 * {type: "ready", report, timings}, then {type: "out", id, out} for each message
 * (the widget updates to apply in the page), or {type: "failed", error}.
 */
/* global loadPyodide */
"use strict";
var BRIDGE_SOURCE = __BRIDGE_SOURCE__;
var PACKAGES = __PACKAGES__;
var started = performance.now();
var timings = {};
var bridge = null;
var pending = [];

function mark(name) {
  timings[name] = Math.round(performance.now() - started);
}

function handle(message) {
  if (message.type === "init") {
    var report = JSON.parse(
      bridge.setup_json(JSON.stringify(message.calculators), JSON.stringify(message.state))
    );
    mark("calculators");
    self.postMessage({ type: "ready", report: report, timings: timings });
  } else if (message.type === "msg") {
    var t0 = performance.now();
    var reply = JSON.parse(
      bridge.handle_json(JSON.stringify({ model: message.model, data: message.data }))
    );
    self.postMessage({
      type: "out",
      id: message.id,
      ok: reply.ok,
      error: reply.error || "",
      out: reply.out,
      ms: performance.now() - t0,
    });
  }
}

self.onmessage = function (event) {
  if (bridge === null) pending.push(event.data);
  else safe(event.data);
};

function safe(message) {
  try {
    handle(message);
  } catch (err) {
    self.postMessage({ type: "failed", error: String(err && err.message ? err.message : err) });
  }
}

async function start() {
  importScripts("pyodide/pyodide.js");
  mark("pyodide_js");
  var pyodide = await loadPyodide({
    indexURL: new URL("pyodide/", self.location.href).href,
    fullStdLib: false,
    stdout: function () {},
    stderr: function (text) { console.warn(text); },
  });
  mark("pyodide_core");
  await pyodide.loadPackage(PACKAGES, { messageCallback: function () {}, errorCallback: console.warn });
  mark("packages");
  pyodide.FS.writeFile("/home/pyodide/live_bridge.py", BRIDGE_SOURCE);
  bridge = pyodide.runPython(
    "import sys\nsys.path.insert(0, '/home/pyodide')\nimport live_bridge\nlive_bridge.Bridge()"
  );
  mark("imports");
  while (pending.length) safe(pending.shift());
}

start().catch(function (err) {
  self.postMessage({ type: "failed", error: String(err && err.message ? err.message : err) });
});
