/* The calculators at the table: what a reader working on a phone needs in view.
 *
 * Runs on every page, static or live (it needs no Python):
 *
 * - Sections that fold (rulebook_py/widgets/folds.py): a section's heading
 *   button opens and closes it (data-rb-open on the .rb-fold, aria-expanded
 *   on the button); rulebook.css hides a closed body.
 * - The answer in view: while a calculator is on screen and its answer is
 *   below the bottom of the screen (a long form on a phone), its compact
 *   summary (the .rb-summary widget, a part of the answer that carries
 *   data-rb-summary) is shown as a bar at the bottom of the screen, with a
 *   button that brings the whole answer into view. A change to any control
 *   therefore always shows its effect.
 * - Typed lists (a text area of class rb-typed-list: combatants, attack
 *   lines) are applied as the reader types, once typing pauses (PAUSE_MS),
 *   as when the box is left: Enter starts a new line and the answer follows.
 * - A percentage never breaks from its sign: "16.67 %" keeps a no-break space
 *   in the calculators' answers and the book's tables.
 *
 * Contract for outside checks: a shown summary bar is the .rb-summary element
 * with the class rb-summary-on; its content carries data-rb-summary.
 */
(function () {
  "use strict";
  var PAUSE_MS = 600;
  var LANG = /^fr\b/i.test(document.documentElement.getAttribute("lang") || "") ? "fr" : "en";
  var TEXTS = {
    en: { go: "Show the whole answer", typed: "Applied as you type" },
    fr: { go: "Voir toute la réponse", typed: "Appliqué au fil de la frappe" },
  };
  var queued = false;

  function t(key) {
    return TEXTS[LANG][key];
  }

  /* ------------------------------------------------------------ sections that fold */
  function isOpen(section) {
    var set = section.getAttribute("data-rb-open");
    if (set) return set === "true";
    return !section.classList.contains("rb-fold-closed");
  }

  document.addEventListener("click", function (event) {
    var button = event.target && event.target.closest && event.target.closest(".rb-fold-button");
    if (!button) return;
    var section = button.closest(".rb-fold");
    if (!section) return;
    var open = !isOpen(section);
    section.setAttribute("data-rb-open", open ? "true" : "false");
    button.setAttribute("aria-expanded", open ? "true" : "false");
    schedule();
  });

  /* ------------------------------------------------------------ the answer in view */
  function visible(rect) {
    return rect.bottom > 0 && rect.top < window.innerHeight && rect.height > 0;
  }

  function goButton(summary) {
    var button = summary.querySelector(":scope > .rb-summary-go");
    if (button) return button;
    button = document.createElement("button");
    button.type = "button";
    button.className = "rb-summary-go";
    button.textContent = "↓";
    button.setAttribute("aria-label", t("go"));
    button.title = t("go");
    button.addEventListener("click", function () {
      var calc = summary.closest(".rb-calculator");
      var answer = calc && calc.querySelector(".rb-answer");
      if (answer) answer.scrollIntoView({ block: "start", behavior: "smooth" });
    });
    summary.appendChild(button);
    return button;
  }

  /* Show or hide one calculator's bar: on while its content exists, the answer is below
   * the screen and the calculator on screen. */
  function setSummary(calc, below, shownCalc) {
    var summary = calc.querySelector(".rb-summary");
    if (!summary) return;
    var on = !!summary.querySelector("[data-rb-summary]") && below && shownCalc;
    if (on) goButton(summary);
    if (summary.classList.contains("rb-summary-on") !== on) summary.classList.toggle("rb-summary-on", on);
  }

  /* Every bar, from where the calculators and their answers are now (this reads the
   * layout: it runs on a scroll, a resize, a section folded, or when asked). */
  function placeSummaries() {
    document.querySelectorAll(".rb-calculator").forEach(function (calc) {
      var answer = calc.querySelector(".rb-answer");
      if (!answer || !calc.querySelector(".rb-summary")) return;
      var below = answer.getBoundingClientRect().top >= window.innerHeight;
      var where = { below: below, shown: visible(calc.getBoundingClientRect()) };
      seen.set(calc, where);
      setSummary(calc, where.below, where.shown);
    });
  }

  /* While the page changes (the widgets rendered, an answer redrawn), the bars follow
   * what the browser itself reports once it has laid the page out (an
   * IntersectionObserver): a change of the page never makes this script read the
   * layout, which would lay out the whole page again for each batch of widgets rendered
   * (measured: a third of a first visit's main thread on the mass-battle chapter). */
  var seen = new WeakMap(); // calculator -> {below, shown}, as last reported
  var watched = new WeakSet(); // calculators and answers observed
  var observer = null;

  function reported(entries) {
    entries.forEach(function (entry) {
      var el = entry.target;
      var calc = el.classList.contains("rb-calculator") ? el : el.closest(".rb-calculator");
      if (!calc) return;
      var where = seen.get(calc) || { below: false, shown: false };
      if (el === calc) {
        where.shown = entry.isIntersecting && entry.boundingClientRect.height > 0;
      } else {
        var bottom = entry.rootBounds ? entry.rootBounds.bottom : window.innerHeight;
        where.below = !entry.isIntersecting && entry.boundingClientRect.top >= bottom;
      }
      seen.set(calc, where);
      setSummary(calc, where.below, where.shown);
    });
  }

  /* Observe the calculators with a summary, and their answers, as they appear; set each bar
   * from what was last reported (its content may have come or gone). */
  function watchSummaries() {
    document.querySelectorAll(".rb-calculator").forEach(function (calc) {
      var answer = calc.querySelector(".rb-answer");
      if (!answer || !calc.querySelector(".rb-summary")) return;
      if (observer) {
        [calc, answer].forEach(function (el) {
          if (watched.has(el)) return;
          watched.add(el);
          observer.observe(el);
        });
      }
      var where = seen.get(calc);
      if (where) setSummary(calc, where.below, where.shown);
    });
  }

  /* ------------------------------------------------------------ typed lists */
  var timers = new WeakMap();

  document.addEventListener("input", function (event) {
    var box = event.target;
    if (!box || box.tagName !== "TEXTAREA" || !box.closest(".rb-typed-list")) return;
    window.clearTimeout(timers.get(box));
    timers.set(box, window.setTimeout(function () {
      // (What the widget does when the box is left: it reads the whole list.)
      box.dispatchEvent(new window.Event("change", { bubbles: true }));
    }, PAUSE_MS));
  });

  function hintTypedLists() {
    document.querySelectorAll(".rb-typed-list").forEach(function (widget) {
      if (widget.querySelector(".rb-typed-hint")) return;
      var hint = document.createElement("span");
      hint.className = "rb-typed-hint";
      hint.textContent = t("typed");
      widget.appendChild(hint);
    });
  }

  /* ------------------------------------------------------------ percentages */
  var PERCENT = /(\d) %/g;
  var WHERE = ".rb-calculator .widget-html-content, .bd-article table, .cell_output .text_html";

  function keepPercentSigns() {
    document.querySelectorAll(WHERE).forEach(function (root) {
      var walker = document.createTreeWalker(root, window.NodeFilter.SHOW_TEXT);
      var node;
      while ((node = walker.nextNode())) {
        if (node.nodeValue.indexOf(" %") >= 0 && PERCENT.test(node.nodeValue)) {
          node.nodeValue = node.nodeValue.replace(PERCENT, "$1\u00a0%");
        }
        PERCENT.lastIndex = 0;
      }
    });
  }

  /* ------------------------------------------------------------ passes */
  /* Everything, the bars from the layout as it is now (the browser tests call it). */
  function update() {
    queued = false;
    hintTypedLists();
    keepPercentSigns();
    placeSummaries();
  }

  /* After a change of the page: what needs no layout (the bars as last reported). */
  function changed() {
    changeQueued = false;
    hintTypedLists();
    keepPercentSigns();
    watchSummaries();
  }

  function schedule() {
    if (queued) return;
    queued = true;
    window.requestAnimationFrame(update);
  }

  var changeQueued = false;
  function scheduleChanged() {
    if (changeQueued) return;
    changeQueued = true;
    window.requestAnimationFrame(changed);
  }

  // Published for the browser tests: run the pass now.
  window.rbLayout = { update: update, pauseMs: PAUSE_MS };

  function start() {
    if (typeof window.IntersectionObserver !== "undefined") observer = new window.IntersectionObserver(reported);
    update();
    watchSummaries();
    // (Without IntersectionObserver, a change of the page reads the layout again.)
    new MutationObserver(observer ? scheduleChanged : schedule).observe(document.body, {
      childList: true,
      subtree: true,
      characterData: true,
    });
    window.addEventListener("scroll", schedule, { passive: true });
    window.addEventListener("resize", schedule);
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
