/* Run a big script of the site from its gzipped copy (published by live/build.py as
 * _static/rb-gz.js; the pages name the script in data-rb-gz instead of src).
 *
 * A static host that compresses nothing would send the widget manager, the
 * theme's icons and MathJax at full size (4.5 MB); their .gz siblings weigh a
 * quarter of that. The copy is fetched, unpacked (DecompressionStream) and run
 * as an inline script that carries the real address in data-rb-src (the two
 * vendored scripts that locate their own files read it: scripts/vendor.json).
 * From disk (file://), in a browser without DecompressionStream, or if the
 * copy cannot be read, the script is loaded by its address as before.
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

  var served = window.location.protocol === "http:" || window.location.protocol === "https:";
  if (!served || typeof DecompressionStream === "undefined") {
    plain();
    return;
  }
  fetch(url.split("?")[0] + ".gz").then(function (response) {
    if (!response.ok) throw new Error("HTTP " + response.status);
    return new Response(response.body.pipeThrough(new DecompressionStream("gzip"))).text();
  }).then(run, plain);
})();
