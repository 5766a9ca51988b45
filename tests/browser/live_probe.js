/* The tests' and the benchmark's probe of the live calculators, injected before the page's
 * own scripts (Playwright's add_init_script: tests/browser/conftest.py's pages,
 * scripts/bench_browser.py); the published page carries none of it.
 *
 * window.rbProbe.change(key, name, text) sets one control of a live calculator as a link
 * would (text as in the address, read by _static/rb-link.js) and resolves with the
 * milliseconds from the change sent to Python until Python's answer is on screen (the
 * frame after it was applied), or -1 when nothing was sent (the control already had that
 * value). window.rbProbe.pythonMs[key]: the milliseconds Python took on that change, as
 * the worker reports them.
 *
 * It watches the page's Web Worker from outside: the messages the page posts to it
 * ({type: "msg", id}) and the worker's answers ({type: "out", id, ms}), heard after the
 * page's own handler has applied them.
 */
(function () {
  "use strict";
  var pending = {}; // message id -> {t0, done, key}
  var waiting = null; // {done, key} of the change being made, until its message is posted
  var watched = typeof WeakSet === "function" ? new WeakSet() : null;
  var probe = { pythonMs: {} };
  window.rbProbe = probe;
  if (typeof Worker === "undefined" || !watched) return;

  function answered(event) {
    var m = event.data;
    var entry = m && m.type === "out" ? pending[m.id] : null;
    if (!entry) return;
    delete pending[m.id];
    probe.pythonMs[entry.key] = m.ms;
    // (The page's handler, registered first, has applied the answer: on screen next frame.)
    window.requestAnimationFrame(function () { entry.done(performance.now() - entry.t0); });
  }

  var post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (message) {
    if (!watched.has(this)) {
      watched.add(this);
      this.addEventListener("message", answered);
    }
    if (waiting && message && message.type === "msg") {
      pending[message.id] = { t0: performance.now(), done: waiting.done, key: waiting.key };
      waiting = null;
    }
    return post.apply(this, arguments);
  };

  probe.change = function (key, name, text) {
    var calcs = (window.rbLive && window.rbLive.calculators) || [];
    var calc = calcs.filter(function (c) { return c.key === key; })[0];
    var manager = (window.rbWidgetManagers || [])[0];
    if (!calc || calc.state !== "ready" || !calc.info || !calc.info.ok || !manager) {
      return Promise.reject(new Error("not live: " + key));
    }
    var id = calc.info.controls[name];
    var found = id ? manager.get_model(id) : null;
    if (!found) return Promise.reject(new Error("no control " + name + " in " + key));
    return found.then(function (model) {
      var value = window.rbLink.decode(model, text);
      if (!value) throw new Error("bad value " + text + " for " + key + "." + name);
      return new Promise(function (resolve) {
        var mine = { done: resolve, key: key };
        waiting = mine;
        model.set(value);
        model.save_changes();
        if (waiting === mine) { waiting = null; resolve(-1); } // nothing was sent (no change)
      });
    });
  };
})();
