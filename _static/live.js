/* Live calculators: run the chapter's calculators in the reader's browser.
 *
 * The static page shows every calculator as it was computed when the book was
 * built. This script puts a "Run live" button above each one; the first click
 * opens a panel with the chapter as a code-free Voici app (live/voici/render/
 * <chapter>.html, built by scripts/build_lite.py), where Python (Pyodide) runs
 * in the browser, served by this site alone. A "Starting Python in your
 * browser…" indicator stays until the app's calculators are up, then the panel
 * scrolls to the calculator whose button was clicked.
 * (Jupyter Book adds this file to every page; it does nothing on pages
 * without calculators.)
 */
(function () {
  "use strict";
  var panel = null;
  var wanted = 0;

  function contentRoot() {
    var root = document.documentElement.getAttribute("data-content_root");
    return root === null ? "" : root;
  }

  function chapterName() {
    var file = window.location.pathname.split("/").pop() || "";
    return file.replace(/\.html$/, "");
  }

  function liveUrl() {
    return contentRoot() + "live/voici/render/" + encodeURIComponent(chapterName()) + ".html";
  }

  function setStatus(text, busy) {
    var status = panel.querySelector(".rb-live-status");
    status.textContent = text;
    status.classList.toggle("rb-live-busy", !!busy);
    status.hidden = !text;
  }

  function scrollToWanted(doc) {
    var calcs = doc.querySelectorAll(".rb-calculator");
    if (calcs.length > wanted) {
      calcs[wanted].scrollIntoView({ block: "start" });
    }
  }

  function watchApp(frame, started) {
    var timer = window.setInterval(function () {
      var doc;
      try {
        doc = frame.contentDocument;
      } catch (err) {
        doc = null;
      }
      var expected = document.querySelectorAll(".rb-calculator:not(.rb-live-ignore)").length;
      var found = doc ? doc.querySelectorAll(".rb-calculator").length : 0;
      if (found > 0 && found >= expected) {
        window.clearInterval(timer);
        var seconds = ((performance.now() - started) / 1000).toFixed(1);
        panel.setAttribute("data-ready-seconds", seconds);
        panel.classList.add("rb-live-ready");
        setStatus("");
        scrollToWanted(doc);
      } else if (performance.now() - started > 180000) {
        window.clearInterval(timer);
        setStatus("Python did not start in this browser. The calculators above still show the book's numbers.", false);
      }
    }, 200);
  }

  function openPanel(index) {
    wanted = index;
    if (panel) {
      panel.hidden = false;
      if (panel.classList.contains("rb-live-ready")) {
        scrollToWanted(panel.querySelector("iframe").contentDocument);
      }
      return;
    }
    panel = document.createElement("section");
    panel.className = "rb-live-panel";
    panel.setAttribute("aria-label", "Live calculators");
    panel.innerHTML =
      '<header class="rb-live-header"><strong>Live calculators</strong>' +
      '<span class="rb-live-note">Python running in your browser, served by this site alone.</span>' +
      '<button type="button" class="rb-live-close" aria-label="Close the live calculators">×</button></header>' +
      '<p class="rb-live-status" role="status"></p>';
    panel.querySelector(".rb-live-close").addEventListener("click", function () {
      panel.hidden = true;
    });
    document.body.appendChild(panel);
    if (window.location.protocol === "file:") {
      setStatus("The live calculators need the site served over http (for example `make serve`); " +
        "opened from disk, the page shows the book's numbers only.", false);
      return;
    }
    setStatus("Starting Python in your browser… (about 10 to 30 seconds the first time)", true);
    var frame = document.createElement("iframe");
    frame.className = "rb-live-frame";
    frame.title = "Live calculators of this chapter";
    frame.src = liveUrl();
    panel.appendChild(frame);
    watchApp(frame, performance.now());
  }

  function addButtons() {
    var calcs = document.querySelectorAll(".rb-calculator");
    for (var i = 0; i < calcs.length; i++) {
      var calc = calcs[i];
      if (calc.getAttribute("data-rb-live") || calc.closest(".rb-live-panel")) continue;
      calc.setAttribute("data-rb-live", String(i));
      var bar = document.createElement("div");
      bar.className = "rb-live-bar";
      var button = document.createElement("button");
      button.type = "button";
      button.className = "rb-live-button";
      button.textContent = "▶ Run live";
      button.title = "Recompute this calculator as you change it: Python runs in your browser";
      button.setAttribute("data-rb-index", String(i));
      button.addEventListener("click", function (event) {
        openPanel(Number(event.currentTarget.getAttribute("data-rb-index")));
      });
      var note = document.createElement("span");
      note.className = "rb-live-note";
      note.textContent = "Numbers below were computed when the book was built.";
      bar.appendChild(button);
      bar.appendChild(note);
      calc.parentNode.insertBefore(bar, calc);
    }
  }

  function start() {
    var tries = 0;
    var timer = window.setInterval(function () {
      addButtons();
      tries += 1;
      if (tries > 60) window.clearInterval(timer);
    }, 500);
    addButtons();
  }

  if (document.readyState === "complete") start();
  else window.addEventListener("load", start);
})();
