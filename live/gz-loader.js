/* Run a big script of the site from its gzipped copy (published by live/build.py as
 * _static/rb-gz.js; the pages name the script in data-rb-gz instead of src).
 *
 * A static host that compresses nothing would send the widget manager and
 * MathJax at full size (3 MB); their .gz siblings weigh a quarter of that. The copy is fetched, unpacked (DecompressionStream) and run
 * as an inline script that carries the real address in data-rb-src (the two
 * vendored scripts that locate their own files read it: scripts/vendor.json).
 * From disk (file://), in a browser without DecompressionStream, or if the
 * copy cannot be read, the script is loaded by its address as before.
 * A script marked data-rb-after-live (the search page's index) waits until the
 * page's calculators are live (html[data-rb-live] ready, static or failed), or
 * the page has none, so a first visit fetches it after what the calculators need.
 */
(function () {
  "use strict";
  var me = document.currentScript;
  if (!me) return;
  var url = new URL(me.getAttribute("data-rb-gz"), document.baseURI).href;
  var parent = me.parentNode;
  var after = me.nextSibling;

  function plain() {
    var script = document.createElement("script");
    script.src = url;
    parent.insertBefore(script, after);
  }

  function run(text) {
    var script = document.createElement("script");
    script.setAttribute("data-rb-src", url);
    script.textContent = text + "\n//# sourceURL=" + url;
    parent.insertBefore(script, after);
  }

  function load() {
    var served = window.location.protocol === "http:" || window.location.protocol === "https:";
    if (!served || typeof DecompressionStream === "undefined") {
      plain();
      return;
    }
    fetch(url.split("?")[0] + ".gz").then(function (response) {
      if (!response.ok) throw new Error("HTTP " + response.status);
      return new Response(response.body.pipeThrough(new DecompressionStream("gzip"))).text();
    }).then(run, plain);
  }

  /* Once the page is live, or has no live calculators, or after 20 s at most. */
  function whenLive(go) {
    var root = document.documentElement;
    var done = false;
    function settled() {
      var state = root.getAttribute("data-rb-live") || "";
      return state === "ready" || state === "static" || state.indexOf("failed") === 0;
    }
    if (settled() || typeof MutationObserver === "undefined") return go();
    var observer = new MutationObserver(function () { if (settled()) once(); });
    function once() {
      if (done) return;
      done = true;
      observer.disconnect();
      go();
    }
    observer.observe(root, { attributes: true, attributeFilter: ["data-rb-live"] });
    window.setTimeout(once, 20000);
    window.addEventListener("load", function () {
      if (!root.hasAttribute("data-rb-live")) once(); // (a page without the live script)
    }, { once: true });
  }

  if (me.hasAttribute("data-rb-after-live")) whenLive(load);
  else load();
})();
