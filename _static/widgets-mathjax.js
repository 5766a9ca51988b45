/* ipywidgets 8 typesets widget labels through the MathJax 2 API
 * (MathJax.Hub.Queue) whenever window.MathJax exists; the site uses the local
 * MathJax 3. Give widgets the one call they make, as MathJax 3 calls.
 * (Jupyter Book adds this file to every page; it does nothing without MathJax.) */
(function () {
  function addHub() {
    var mj = window.MathJax;
    if (!mj || mj.Hub || !mj.version) return;
    mj.Hub = {
      Queue: function (command) {
        var element = command && command[2];
        if (!element || !mj.typesetPromise) return;
        var ready = mj.startup && mj.startup.promise ? mj.startup.promise : Promise.resolve();
        ready.then(function () { return mj.typesetPromise([element]); })
             .catch(function (err) { console.warn("MathJax typeset failed", err); });
      },
    };
  }
  document.addEventListener("DOMContentLoaded", addHub);
  window.addEventListener("load", addHub);
})();
