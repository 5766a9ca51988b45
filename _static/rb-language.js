/* The language switch keeps the reader's place: its link (a[data-rb-edition],
 * written by live/editions.py into every page's header, to the same page of
 * the other edition) gets this page's fragment -- a section, a glossary term,
 * or the calculators' settings (_static/live.js writes them into the address
 * and fires "rb-address", since history.replaceState fires no hashchange).
 */
(function () {
  "use strict";
  function update() {
    document.querySelectorAll("a[data-rb-edition]").forEach(function (link) {
      link.href = link.href.split("#")[0] + window.location.hash;
    });
  }
  ["hashchange", "rb-address", "pageshow"].forEach(function (name) {
    window.addEventListener(name, update);
  });
  // Right before it is followed (click, middle click, menu, keyboard), whatever changed the address.
  ["click", "auxclick", "contextmenu", "mousedown", "focusin", "keydown"].forEach(function (name) {
    document.addEventListener(name, function (event) {
      if (event.target && event.target.closest && event.target.closest("a[data-rb-edition]")) update();
    }, true);
  });
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", update);
  else update();
})();
