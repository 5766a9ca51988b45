/* ipywidgets 8 typesets widget labels through the MathJax 2 API
 * (MathJax.Hub.Queue) whenever window.MathJax exists; the site uses the local
 * MathJax 3. Give widgets the one call they make, as MathJax 3 calls.
 *
 * The widgets may render before MathJax 3 has loaded (window.MathJax is then
 * only its configuration), so the call must exist from the start, on whatever
 * window.MathJax holds, and wait for MathJax itself: window.MathJax is made a
 * property that gives every value assigned to it (the configuration, then
 * MathJax 3 replacing it) the same Hub, not enumerable, so that MathJax never
 * reads it as an option. (Jupyter Book adds this file to every page; without
 * MathJax, window.MathJax stays undefined and widgets never call it.)
 *
 * Widgets ask for every label they render (hundreds on a mass-battle page), and
 * almost none holds math: a text without a backslash or a dollar sign, which
 * every TeX delimiter of MathJax needs, is left alone (measured: the per-label
 * typesetting, and waiting for MathJax with a timer per label, took the page's
 * main thread while its calculators were coming alive). */
(function () {
  var TRIES = 600; // 30 s at 50 ms: MathJax is a file of this site
  function typeset(element, tries) {
    var mj = window.MathJax;
    if (mj && mj.typesetPromise) {
      var ready = mj.startup && mj.startup.promise ? mj.startup.promise : Promise.resolve();
      ready.then(function () { return mj.typesetPromise([element]); })
           .catch(function (err) { console.warn("MathJax typeset failed", err); });
    } else if (tries < TRIES) {
      window.setTimeout(function () { typeset(element, tries + 1); }, 50);
    }
  }
  /* Can this element's text hold math for MathJax (\(…\), \[…\], $$…$$, \begin…)? */
  function mayHoldMath(element) {
    var text = element.textContent || "";
    return text.indexOf("\\") >= 0 || text.indexOf("$") >= 0;
  }
  var hub = {
    Queue: function (command) {
      var element = command && command[2];
      if (element && mayHoldMath(element)) typeset(element, 0);
    },
  };
  function withHub(value) {
    if (value && typeof value === "object" && !value.Hub) {
      try {
        Object.defineProperty(value, "Hub", { value: hub, enumerable: false, configurable: true });
      } catch (err) { /* a frozen object: leave it */ }
    }
    return value;
  }
  var current = withHub(window.MathJax);
  try {
    Object.defineProperty(window, "MathJax", {
      configurable: true,
      enumerable: true,
      get: function () { return current; },
      set: function (value) { current = withHub(value); },
    });
  } catch (err) {
    // Cannot watch the global: add the Hub once MathJax 3 has loaded.
    window.addEventListener("load", function () { withHub(window.MathJax); });
  }
})();
