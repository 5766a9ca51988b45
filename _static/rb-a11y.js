/* What a screen reader and a keyboard need from the calculators, static and live.
 *
 * The calculators are ipywidgets rendered by the page's html-manager (and,
 * once Python runs, updated in place by live.js); a widget cannot carry ARIA
 * attributes of its own, so this script adds them wherever widgets render,
 * and again whenever the widgets change (a MutationObserver: the answers at
 * once, what reads the layout once the page is idle), so the same holds on a
 * static page, while Python starts and once it is live:
 *
 * - the answer region of every calculator (.rb-answer, given by the
 *   Calculator base class) is a polite live region (role="status",
 *   aria-live="polite"): a new answer is read out once the reader stops
 *   changing a control, without moving the focus (errors already use
 *   role="alert");
 * - a control whose own label is empty or hidden (a table of controls labels
 *   each row once, the mass battle's) is named by its tooltip ("Attacker
 *   (brigands): Morale"), and a slider's handle (role="slider") by its
 *   description;
 * - a box that scrolls sideways because its content is wider than the
 *   screen (a wide table on a phone) can be reached and scrolled with the
 *   keyboard (tabindex="0"), and stops being a tab stop once it fits.
 *
 * Contract for outside checks: every .rb-answer carries role="status" and
 * aria-live="polite". (Jupyter Book adds this file to every page.)
 */
(function () {
  "use strict";
  var CONTROLS = "input:not([type=hidden]), select, textarea";
  var SCROLLERS = ".rb-calculator .widget-html-content, .rb-scroll, .cell_output .output";
  var FOCUSABLE = "a[href], button, input, select, textarea, [tabindex]";
  var queued = false;

  function shown(el) {
    return !!el && el.getClientRects().length > 0 && window.getComputedStyle(el).visibility !== "hidden";
  }

  function text(el) {
    return el ? (el.textContent || "").replace(/\s+/g, " ").trim() : "";
  }

  /* The answer regions: announced politely. */
  function announceAnswers(root) {
    root.querySelectorAll(".rb-answer").forEach(function (el) {
      if (el.getAttribute("role") !== "status") el.setAttribute("role", "status");
      if (el.getAttribute("aria-live") !== "polite") el.setAttribute("aria-live", "polite");
    });
  }

  /* The name a control shows through its own visible, non-empty <label>. */
  function hasVisibleLabel(control) {
    var labels = control.labels ? Array.prototype.slice.call(control.labels) : [];
    return labels.some(function (label) { return text(label) && shown(label); }); // (the text first: it needs no layout)
  }

  /* A widget's tooltip, on the control itself or on its (hidden) label. */
  function tooltip(el) {
    var title = el ? (el.getAttribute("title") || "").trim() : "";
    return title === "null" ? "" : title;
  }

  function setName(el, name) {
    if (name && el.getAttribute("aria-label") !== name) el.setAttribute("aria-label", name);
  }

  /* Controls without a visible label take their tooltip (the control's or its widget's).
   * This and scrollableByKeyboard only read the page, and return what to write: every
   * read comes before every write (laidOut), since a write between two reads of the
   * layout makes the browser compute the page's style and layout again. */
  function nameControls(calc, writes) {
    calc.querySelectorAll(CONTROLS).forEach(function (control) {
      if (control.hasAttribute("aria-labelledby")) return;
      if (control.hasAttribute("aria-label") && !control.hasAttribute("data-rb-named")) return;
      if (hasVisibleLabel(control)) {
        if (control.hasAttribute("data-rb-named")) {
          writes.push(function () {
            control.removeAttribute("aria-label");
            control.removeAttribute("data-rb-named");
          });
        }
        return;
      }
      var label = control.labels && control.labels.length ? control.labels[0] : null;
      var widget = control.closest(".widget-inline-hbox, .jupyter-widgets");
      var name = tooltip(control) || tooltip(label) || tooltip(widget) || text(label);
      if (name) {
        writes.push(function () {
          setName(control, name);
          control.setAttribute("data-rb-named", "");
        });
      }
    });
    calc.querySelectorAll("[role=slider]").forEach(function (handle) {
      if (handle.hasAttribute("aria-labelledby")) return;
      var widget = handle.closest(".widget-slider, .jupyter-widget-slider, .widget-inline-hbox");
      var label = widget && widget.querySelector(".widget-label");
      var name = text(label) || tooltip(label) || tooltip(widget);
      writes.push(function () { setName(handle, name); });
    });
  }

  /* Boxes that scroll sideways are keyboard-reachable while they scroll. */
  function scrollableByKeyboard(root, writes) {
    var boxes = Array.prototype.map.call(root.querySelectorAll(SCROLLERS), function (el) {
      var style = window.getComputedStyle(el);
      var scrolls =
        (style.overflowX === "auto" || style.overflowX === "scroll") &&
        el.scrollWidth > el.clientWidth + 1 &&
        !el.querySelector(FOCUSABLE);
      return [el, scrolls];
    });
    boxes.forEach(function (box) {
      var el = box[0];
      if (box[1] && !el.hasAttribute("tabindex")) {
        writes.push(function () {
          el.setAttribute("tabindex", "0");
          el.setAttribute("data-rb-scroll", "");
        });
      } else if (!box[1] && el.hasAttribute("data-rb-scroll")) {
        writes.push(function () {
          el.removeAttribute("tabindex");
          el.removeAttribute("data-rb-scroll");
        });
      }
    });
  }

  /* One part of the pass that reads the layout: a calculator's controls, or the boxes
   * that scroll; its reads, then its writes. */
  function laidOut(part) {
    var writes = [];
    if (part === SCROLLING) scrollableByKeyboard(document, writes);
    else if (part.isConnected) nameControls(part, writes);
    writes.forEach(function (write) { write(); });
  }

  /* The whole pass, now (the browser tests call it). */
  function update() {
    queued = false;
    announceAnswers(document);
    parts().forEach(laidOut);
  }

  /* After a change of the page: the answers at once (attributes only). The controls' names
   * and the boxes that scroll, which read the layout, once the page has settled (no change
   * for SETTLE_MS: not while its calculators come alive, nor while Python's answer to a
   * reader's change is applied) and then at idle, a part at a time within the browser's
   * idle time (at most IDLE_WAIT_MS later): the pass over a whole chapter held the main
   * thread 120-160 ms in one task, just when a reader's first change came (issue 37). */
  var SETTLE_MS = 300;
  var IDLE_WAIT_MS = 1000;
  var SCROLLING = {};
  var settling = 0;
  var pending = null; // (the parts left of the pass under way)
  var waiting = false; // (an idle callback is queued: one chain of them at most)

  function parts() {
    return Array.prototype.slice.call(document.querySelectorAll(".rb-calculator")).concat([SCROLLING]);
  }

  function atIdle(deadline) {
    waiting = false;
    if (!pending) pending = parts();
    do {
      laidOut(pending.shift());
    } while (pending.length && (deadline.didTimeout || deadline.timeRemaining() > 5));
    if (pending.length) later();
    else pending = null;
  }

  function later() {
    if (waiting) return;
    waiting = true;
    if (window.requestIdleCallback) window.requestIdleCallback(atIdle, { timeout: IDLE_WAIT_MS });
    else window.setTimeout(function () { atIdle({ didTimeout: true }); }, 0);
  }

  function schedule() {
    window.clearTimeout(settling);
    settling = window.setTimeout(function () {
      pending = null; // (the pass starts over: the page changed)
      later();
    }, SETTLE_MS);
    if (queued) return;
    queued = true;
    window.setTimeout(function () {
      queued = false;
      announceAnswers(document);
    }, 60);
  }

  // Published for the browser tests: run the whole pass now.
  window.rbA11y = { update: update };

  function start() {
    update();
    new MutationObserver(schedule).observe(document.body, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ["title", "class", "style"],
    });
    window.addEventListener("resize", schedule);
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
