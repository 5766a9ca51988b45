/* Live calculators in place: every calculator of the page comes alive where it stands.
 *
 * The page shows each calculator as it was computed when the book was built
 * (ipywidgets models rendered from the stored widget state by the page's
 * @jupyter-widgets/html-manager). As soon as a page with calculators opens,
 * this script starts Python (Pyodide) once, in a Web Worker (live/worker.js,
 * built by live/build.py), and connects the *same* widget models to it
 * through a small comm bridge: a control change is sent to Python, which
 * recomputes and sends back the new answer, chart and roll.
 *
 * - Until Python is ready each calculator keeps its build-time answer and says
 *   "Starting Python…"; a change made meanwhile is kept and applied once ready.
 * - If Python cannot start (old browser, page opened from disk), the page says
 *   so once and the build-time answers stay. Offline, on a page whose Python
 *   was never downloaded, it says so (the network, not the browser) and that
 *   the calculators come alive on the next visit online.
 * - A change marks the roll on show as one of the earlier settings
 *   (data-rb-stale) until Python has resolved it again with its seed.
 * - The address follows the calculators (controls and seed, in the fragment);
 *   "Copy link" beside each Roll button copies the link of one calculator.
 * - A service worker (rb-sw.js) caches what the page used: a second visit is
 *   fast and works offline; once a page has loaded (with calculators: once they
 *   are live) it also keeps every page of the book, so the whole book opens offline.
 * - A change keeps each chart's view switch (= / ≥ / ≤) where the reader left it.
 * - A link carries only what differs from the page as built, choices by their
 *   position ("~2"); links that name a choice by its label still work.
 *
 * Contract for outside checks: every .rb-calculator carries data-live, one of
 * static, starting, ready, failed, offline; <html> carries data-rb-live likewise
 * ("offline": Python could not be fetched, the network being unreachable, and was
 * never kept on this device; never left "starting" once the start has failed).
 * (Jupyter Book adds this file to every page; a page without calculators only
 * gets data-rb-live="static".)
 *
 * Two editions: every text this script writes is in the page's language
 * (<html lang>, "en" or "fr": TEXTS below), and the worker builds the
 * calculators in that language. The live runtime (live/, rb-sw.js) is at the
 * site's root, one level above the _static/ this script is loaded from (the
 * French pages, under fr/, load it from the root's _static/: live/editions.py).
 */
(function () {
  "use strict";
  var STATE = 'script[type="application/vnd.jupyter.widget-state+json"]';
  var VIEW = 'script[type="application/vnd.jupyter.widget-view+json"]';
  var START_TIMEOUT_MS = 180000;
  /* The whole book is fetched for offline use this long after the page is live, not at
   * once: at live it competed with the reader's first change (issue 37, measured). The
   * page's own files are handed to the service worker at once: offline after one visit. */
  var PRECACHE_DELAY_MS = 3000;
  var html = document.documentElement;
  var LANG = /^fr\b/i.test(html.getAttribute("lang") || "") ? "fr" : "en";
  var TEXTS = {
    en: {
      hide: "Hide this note",
      staticAnswer: "Build-time answer (Python is not running in this page)",
      starting: "Starting Python… (the answer below was computed when the book was built)",
      startingChange: "Starting Python… your change is applied as soon as it is ready",
      builtNumbers: " The calculators show the numbers computed when the book was built.",
      needHttp: "The live calculators need the site served over http (for example `make serve`).",
      noWasm: "This browser cannot run Python (it lacks Web Workers or WebAssembly).",
      noStart: "Python could not start in this browser.",
      noStartWhy: "Python could not start in this browser (%s).",
      noWorker: "Python could not start in this browser (it refused to start a Web Worker).",
      timeout: "Python did not start within %s s.",
      notLive: "Build-time answer (this calculator could not be made live)",
      live: "Live: Python in your browser recomputes this calculator as you change it",
      linkIgnored: "Part of this link does not match this page and was ignored (%s).",
      linkSet: "The calculators are set as in the link.",
      linkPending: "The settings of this link are applied once Python has started…",
      copy: "Copy link",
      copyTitle: "Copy a link to this calculator as it is set now",
      copied: "Link copied",
      copyFailed: "Copy failed: use the address bar",
      offline: "You are offline, and the live calculators of this page have not been downloaded to this device yet: they show the answers computed when the book was built, and come alive on your next visit with the network.",
      offlineAnswer: "Build-time answer (offline: live on your next visit with the network)",
      staleRoll: "This roll is of the earlier settings.",
    },
    fr: {
      hide: "Masquer ce message",
      staticAnswer: "Réponse calculée à la construction du livre (Python ne tourne pas dans cette page)",
      starting: "Démarrage de Python… (la réponse ci-dessous a été calculée à la construction du livre)",
      startingChange: "Démarrage de Python… votre changement sera appliqué dès qu’il sera prêt",
      builtNumbers: " Les calculateurs affichent les nombres calculés à la construction du livre.",
      needHttp: "Les calculateurs en direct demandent un site servi en http (par exemple `make serve`).",
      noWasm: "Ce navigateur ne peut pas exécuter Python (il lui manque les Web Workers ou WebAssembly).",
      noStart: "Python n’a pas pu démarrer dans ce navigateur.",
      noStartWhy: "Python n’a pas pu démarrer dans ce navigateur (%s).",
      noWorker: "Python n’a pas pu démarrer dans ce navigateur (il a refusé de lancer un Web Worker).",
      timeout: "Python n’a pas démarré en %s s.",
      notLive: "Réponse calculée à la construction du livre (ce calculateur n’a pas pu être rendu vivant)",
      live: "En direct : Python, dans votre navigateur, recalcule ce calculateur à chaque changement",
      linkIgnored: "Une partie de ce lien ne correspond pas à cette page et a été ignorée (%s).",
      linkSet: "Les calculateurs sont réglés comme dans le lien.",
      linkPending: "Les réglages de ce lien seront appliqués une fois Python démarré…",
      copy: "Copier le lien",
      copyTitle: "Copier un lien vers ce calculateur tel qu’il est réglé",
      copied: "Lien copié",
      copyFailed: "Échec de la copie : utilisez la barre d’adresse",
      offline: "Vous êtes hors ligne, et les calculateurs de cette page n’ont pas encore été téléchargés sur cet appareil : ils affichent les réponses calculées à la construction du livre, et deviendront vivants à votre prochaine visite avec le réseau.",
      offlineAnswer: "Réponse calculée à la construction du livre (hors ligne : en direct à votre prochaine visite avec le réseau)",
      staleRoll: "Ce jet est celui des réglages précédents.",
    },
  };
  /* A text of the page's language, "%s" replaced by the argument. */
  function t(key, arg) {
    var text = TEXTS[LANG][key];
    return arg === undefined ? text : text.replace("%s", arg);
  }
  // The site's root: live/ and rb-sw.js are there, one level above this script's _static/.
  var SCRIPT = document.currentScript;
  var SITE_ROOT = SCRIPT && SCRIPT.src ? new URL("../", SCRIPT.src.split("?")[0]).href : null;
  var calcs = [];
  var models = {}; // page model id -> model (once rendered)
  var built = {}; // page model id -> its value as the book was built, as a link writes it
  var modelCalc = {}; // page model id -> calc
  var worker = null;
  var workerReady = false;
  var restarted = false;
  var attached = false;
  var live = false;
  var failed = false;
  var nextId = 1;
  var callbacks = {};
  var early = []; // comm messages sent before Python was ready
  var fragment = null; // the link's settings, applied once ready
  var stateText = ""; // the page's stored widget state, as the page holds it (JSON text)
  var note = null;
  var started = performance.now();
  var timings = {};
  window.rbLive = { timings: timings, calculators: calcs, started: started, language: LANG };

  function contentRoot() {
    if (SITE_ROOT) return SITE_ROOT;
    var root = html.getAttribute("data-content_root");
    return root === null ? "" : root;
  }

  function mark(name) {
    timings[name] = Math.round(performance.now() - started);
  }

  /* ------------------------------------------------------------ status */
  function setPage(value) {
    html.setAttribute("data-rb-live", value);
  }

  function showNote(text, kind) {
    if (!note) {
      note = document.createElement("div");
      note.className = "rb-live-note";
      note.setAttribute("role", "status");
      var span = document.createElement("span");
      var close = document.createElement("button");
      close.type = "button";
      close.className = "rb-live-note-close";
      close.setAttribute("aria-label", t("hide"));
      close.textContent = "×";
      close.addEventListener("click", function () { note.hidden = true; });
      note.appendChild(span);
      note.appendChild(close);
      document.body.appendChild(note);
    }
    note.hidden = !text;
    note.setAttribute("data-kind", kind || "info");
    note.firstChild.textContent = text || "";
  }

  function setCalc(calc, value, text) {
    calc.state = value;
    if (calc.el) calc.el.setAttribute("data-live", value);
    if (calc.badge) {
      calc.badge.setAttribute("data-live", value);
      calc.badge.textContent = text;
    }
  }

  function updatePage() {
    if (failed) return setPage(failed);
    var states = calcs.map(function (c) { return c.state; });
    if (states.every(function (s) { return s === "ready"; })) setPage("ready");
    else if (states.some(function (s) { return s === "failed"; }) && live) setPage("failed");
    else setPage("starting");
  }

  /* Python will not run in this page: "failed", or "offline" (the network could not be
   * reached and Python was never kept on this device). Said once the page is parsed. */
  var failure = null;

  function fail(text, kind) {
    if (failed) return;
    failed = kind === "offline" ? "offline" : "failed";
    failure = failed === "offline" ? t("offline") : text + t("builtNumbers");
    if (worker) worker.terminate();
    cellsFailed(failure);
    showFailure();
  }

  function showFailure() {
    if (!failed || !document.body) return; // (again from start(), once the page is parsed)
    calcs.forEach(function (calc) {
      setCalc(calc, failed, failed === "offline" ? t("offlineAnswer") : t("staticAnswer"));
    });
    setPage(failed);
    showNote(failure, "failed");
  }

  /* Why the worker's own script did not load: offline, when this device has never kept it. */
  function workerFailed() {
    var url = contentRoot() + "live/worker.js";
    var cached = window.caches ? window.caches.match(url).catch(function () { return null; }) : Promise.resolve(null);
    cached.then(function (hit) {
      if (hit) fail(t("noStart"));
      else fail("", "offline");
    });
  }

  /* ------------------------------------------------------------ the page's calculators */
  function plan() {
    var script = document.querySelector(STATE);
    if (!script) return null;
    var state;
    try {
      stateText = script.textContent;
      state = JSON.parse(stateText).state;
    } catch (err) {
      return null;
    }
    var seen = {};
    document.querySelectorAll(VIEW).forEach(function (view) {
      var id;
      try {
        id = JSON.parse(view.textContent).model_id;
      } catch (err) {
        return;
      }
      var entry = state[id];
      var classes = (entry && entry.state && entry.state._dom_classes) || [];
      if (classes.indexOf("rb-calculator") < 0) return;
      var cls = null;
      classes.forEach(function (c) { if (c.indexOf("rb-calc-") === 0) cls = c.slice(8); });
      if (!cls) return;
      seen[cls] = (seen[cls] || 0) + 1;
      var key = seen[cls] === 1 ? cls : cls + "-" + seen[cls];
      calcs.push({ key: key, cls: cls, root: id, view: view, el: null, state: "static", ids: subtree(state, id) });
    });
    var used = [];
    calcs.forEach(function (calc) {
      calc.ids.forEach(function (id) { used.push(id); modelCalc[id] = calc; });
    });
    return used;
  }

  function subtree(state, root) {
    var found = [];
    var todo = [root];
    var seen = {};
    while (todo.length) {
      var id = todo.pop();
      if (seen[id] || !state[id]) continue;
      seen[id] = true;
      found.push(id);
      var attrs = state[id].state || {};
      Object.keys(attrs).forEach(function (k) {
        var v = attrs[k];
        (Array.isArray(v) ? v : [v]).forEach(function (x) {
          if (typeof x === "string" && x.indexOf("IPY_MODEL_") === 0) todo.push(x.slice(10));
        });
      });
    }
    return found;
  }

  /* Wait for the html-manager to render the calculators, then hold their models. */
  function attach() {
    var managers = window.rbWidgetManagers || [];
    var missing = calcs.filter(function (calc) {
      if (calc.el) return false;
      var area = calc.view.previousElementSibling;
      var el = area && area.querySelector(".rb-calculator");
      if (!el) return true;
      calc.el = el;
      var badge = document.createElement("p");
      badge.className = "rb-live-badge";
      calc.badge = badge;
      area.insertBefore(badge, area.firstChild);
      if (failed) setCalc(calc, failed, failed === "offline" ? t("offlineAnswer") : t("staticAnswer"));
      else setCalc(calc, "starting", t("starting"));
      return false;
    });
    if (missing.length || !managers.length) return false;
    var manager = managers[0];
    return Promise.all(
      calcs.map(function (calc) {
        return Promise.all(calc.ids.map(function (id) {
          var promise = manager.get_model(id);
          if (!promise) return null;
          return promise.then(function (model) {
            models[id] = model;
            built[id] = encode(model); // as the book was built (the reader has not touched it yet)
            model.on("change", function () {
              // (The model records the change as unsent only after its change event.)
              window.setTimeout(function () {
                var diff = model._buffered_state_diff;
                if (live || !diff || !Object.keys(diff).length) return;
                markStale(calc);
                if (!failed) setCalc(calc, "starting", t("startingChange"));
              }, 0);
            });
            if (!model.comm) {
              model.comm = makeComm(id);
              model.comm.on_msg(model._handle_comm_msg.bind(model));
            }
          });
        }));
      })
    ).then(function () {
      attached = true;
      mark("rendered");
      goLive();
    });
  }

  function makeComm(id) {
    return {
      comm_id: id,
      target_name: "jupyter.widget",
      handler: null,
      on_msg: function (fn) { this.handler = fn; },
      on_close: function () {},
      open: function () { return ""; },
      close: function () { return ""; },
      send: function (data, cbs) {
        var msgId = "rb-" + nextId++;
        noteSent(id, data);
        if (live && !restarting) post(msgId, id, data, cbs);
        else early.push([msgId, id, data, cbs]);
        return msgId;
      },
    };
  }

  function post(msgId, id, data, cbs) {
    callbacks[msgId] = { cbs: cbs || {}, calc: modelCalc[id] };
    worker.postMessage({ type: "msg", id: msgId, model: id, data: JSON.parse(JSON.stringify(data)) });
  }

  function received(message) {
    var entry = callbacks[message.id];
    delete callbacks[message.id];
    if (!message.ok) console.warn("rulebook live: Python could not apply a change:", message.error);
    var applied = [];
    (message.out || []).forEach(function (pair) {
      var model = models[pair[0]];
      if (model) {
        applied.push(model._handle_comm_msg({ content: { comm_id: pair[0], data: pair[1] }, buffers: [], parent_header: {} }));
      }
    });
    var calc = entry ? entry.calc : null;
    if (calc && message.ok) {
      Promise.all(applied).then(function () {
        if (!callbacksFor(calc)) unmarkStale(calc);
      });
    }
    if (entry) {
      var status = entry.cbs.iopub && entry.cbs.iopub.status;
      if (status) status({ content: { execution_state: "idle" }, parent_header: { msg_id: message.id } });
    }
    scheduleAddress();
  }

  /* Is a change of this calculator still waiting for Python's answer? */
  function callbacksFor(calc) {
    return Object.keys(callbacks).some(function (id) { return callbacks[id].calc === calc; });
  }

  /* ------------------------------------------------------------ Python */
  /* Can this page run its calculators? (A reason to show when it cannot.) */
  function cannotRun() {
    if (window.location.protocol !== "http:" && window.location.protocol !== "https:") {
      return t("needHttp");
    }
    if (typeof Worker === "undefined" || typeof WebAssembly === "undefined") {
      return t("noWasm");
    }
    return "";
  }

  /* The worker starts Python as soon as it exists; the calculators are sent to
   * it (startWorker) once the page is parsed. What it says is handled from the
   * start, so a message it posts before that is never lost. */
  var initMessage = null;

  function spawnWorker(mode) {
    if (worker) return worker;
    try {
      // Named after the page, whose snapshot the worker then restores (if it has
      // one); "fresh" after a snapshot failed: start Python without any.
      var name = window.location.pathname + (mode ? "\n" + mode : "");
      worker = new Worker(contentRoot() + "live/worker.js", { name: name });
    } catch (err) {
      worker = null;
      return null;
    }
    worker.onerror = function (event) {
      event.preventDefault();
      workerFailed();
    };
    worker.onmessage = function (event) {
      var m = event.data;
      if (m.type === "ready" && !restarting) {
        // The worker's marks are epoch milliseconds: put them on the page's clock.
        Object.keys(m.timings).forEach(function (k) {
          timings["worker_" + k] = Math.round(m.timings[k] - performance.timeOrigin - started);
        });
        if (m.restored) timings.worker_from_snapshot = m.restored;
        mark("python_ready");
        var byKey = {};
        m.report.forEach(function (r) { byKey[r.key] = r; });
        calcs.forEach(function (calc) { calc.info = byKey[calc.key] || { ok: false, error: "not built" }; });
        workerReady = true;
        goLive();
      } else if (m.type === "ready" && restarting) {
        restarting.ready();
      } else if (m.type === "cells") {
        cellsReply(m);
      } else if (m.type === "out") {
        received(m);
      } else if (m.type === "failed") {
        if (m.network) fail("", "offline");
        else fail(t("noStartWhy", m.error));
      } else if (m.type === "restart" && !restarted) {
        // A snapshot was unusable (and is deleted): start Python afresh, once.
        restarted = true;
        worker.terminate();
        worker = null;
        if (spawnWorker("fresh") && initMessage) worker.postMessage(initMessage);
      } else if (m.type === "restart") {
        fail(t("noStartWhy", m.error));
      }
    };
    return worker;
  }

  /* used: the ids of the calculators' models. Their state goes as the page's own JSON
   * text, which the worker reads only when it builds the calculators (a page snapshot
   * has them built): copying it as objects to the worker took the page's main thread
   * right before the widgets render (17 ms for the mass-battle page's, under load). */
  function startWorker(used) {
    if (!spawnWorker()) {
      fail(t("noWorker"));
      return;
    }
    initMessage = {
      type: "init",
      language: LANG,
      calculators: calcs.map(function (c) { return { key: c.key, cls: c.cls, root: c.root }; }),
      cells: cellSources(),
      ids: used,
      stateText: used.length ? stateText : "",
    };
    worker.postMessage(initMessage);
    mark("init_sent");
    window.setTimeout(function () {
      if (!live) fail(t("timeout", START_TIMEOUT_MS / 1000));
    }, START_TIMEOUT_MS);
  }

  function goLive() {
    if (!workerReady || !attached || live || failed) return;
    live = true;
    var ignored = [];
    calcs.forEach(function (calc) {
      if (!calc.info.ok) {
        console.warn("rulebook live: " + calc.key + " stays static:", calc.info.error);
        setCalc(calc, "failed", t("notLive"));
        return;
      }
      calc.ids.forEach(function (id) { if (models[id]) models[id].comm_live = true; });
    });
    if (fragment) ignored = restore(fragment);
    // What the reader changed (or the link set) before Python was ready: apply it now.
    calcs.forEach(function (calc) {
      if (!calc.info.ok) return;
      calc.ids.forEach(function (id) {
        var model = models[id];
        if (model && model._buffered_state_diff && Object.keys(model._buffered_state_diff).length) {
          model.save_changes();
        }
      });
    });
    early.forEach(function (m) {
      if (calcs.some(function (c) { return c.info.ok && c.ids.indexOf(m[1]) >= 0; })) post(m[0], m[1], m[2], m[3]);
    });
    early = [];
    if (fragment) {
      calcs.forEach(function (calc) {
        if (calc.pendingRoll) models[calc.info.roll].send({ event: "click" }, {});
      });
    }
    calcs.forEach(function (calc) {
      if (!calc.info.ok) return;
      setCalc(calc, "ready", t("live"));
      keepViews(calc);
      addCopyLink(calc);
      markParts(calc);
      [calc.info.seed].concat(Object.values(calc.info.controls)).forEach(function (id) {
        if (models[id]) models[id].on("change", scheduleAddress);
      });
    });
    mark("ready");
    updatePage();
    liveWaiters.splice(0).forEach(function (w) { w[0](); });
    if (fragment && ignored.length) {
      var listed = ignored.slice(0, 5).join(", ") + (ignored.length > 5 ? ", …" : "");
      showNote(t("linkIgnored", listed), "info");
    } else if (fragment) {
      showNote(t("linkSet"), "info");
      window.setTimeout(function () { showNote(""); }, 4000);
    } else {
      showNote("");
    }
    // (In a task of its own: it lists every file the page fetched, which need not hold up
    // the task that makes the page live.)
    window.setTimeout(cacheUsedFiles, 0);
    window.setTimeout(precacheBook, PRECACHE_DELAY_MS);
  }

  /* ------------------------------------------------------------ chart views */
  /* The chart's view switch (= / ≥ / ≤, radio inputs of .rb-views) is redrawn
   * with every answer: put it back where the reader left it (by position). */
  function keepViews(calc) {
    if (!calc.el || calc.views) return;
    calc.views = {};
    var groups = function () { return Array.prototype.slice.call(calc.el.querySelectorAll(".rb-views")); };
    calc.el.addEventListener("change", function (event) {
      var input = event.target;
      if (!input || input.type !== "radio" || !input.closest) return;
      var group = input.closest(".rb-views");
      var index = groups().indexOf(group);
      if (index >= 0) calc.views[index] = input.value;
    });
    var apply = function () {
      groups().forEach(function (group, index) {
        var want = calc.views[index];
        if (!want) return;
        var input = group.querySelector('input[type="radio"][value="' + want + '"]');
        if (input && !input.checked) input.checked = true;
      });
    };
    if (typeof MutationObserver !== "undefined") {
      new MutationObserver(apply).observe(calc.el, { childList: true, subtree: true });
    }
  }

  /* ------------------------------------------------------------ the address */
  /* A control's value as the link writes it, and back (_static/rb-link.js: window.rbLink,
   * loaded by every page beside this script). */
  function encode(model) {
    return window.rbLink.encode(model);
  }

  function decode(model, text) {
    return window.rbLink.decode(model, text);
  }

  /* The link's part of one calculator: the controls that differ from the page
   * as built, and the roll (or the seed, when it moved). */
  function paramsOf(calc) {
    var out = [];
    Object.keys(calc.info.controls).forEach(function (name) {
      var model = models[calc.info.controls[name]];
      if (!model) return;
      var text = encode(model);
      if (built[calc.info.controls[name]] !== text) out.push([calc.key + "." + name, text]);
    });
    var seed = String(models[calc.info.seed].get("value"));
    if (calc.rolledWith !== undefined && calc.rolledWith !== null) out.push([calc.key + ".roll", String(calc.rolledWith)]);
    else if (seed !== built[calc.info.seed]) out.push([calc.key + ".seed", seed]);
    return out;
  }

  function query(pairs) {
    return window.rbLink.query(pairs);
  }

  function pageUrl() {
    return window.location.href.split("#")[0];
  }

  var addressTimer = null;
  function scheduleAddress() {
    if (!live) return;
    window.clearTimeout(addressTimer);
    addressTimer = window.setTimeout(writeAddress, 150);
  }

  function writeAddress() {
    var pairs = [];
    calcs.forEach(function (calc) {
      if (calc.touched && calc.info && calc.info.ok) pairs = pairs.concat(paramsOf(calc));
    });
    if (!pairs.length) return;
    history.replaceState(history.state, "", "#" + query(pairs));
    // (replaceState fires no hashchange: the language switch follows this event.)
    window.dispatchEvent(new window.Event("rb-address"));
  }

  function noteSent(id, data) {
    var calc = modelCalc[id];
    if (!calc) return;
    calc.touched = true;
    if (!calc.info || !calc.info.ok) return;
    if (id === calc.info.roll && data && data.method === "custom") {
      calc.rolledWith = models[calc.info.seed].get("value");
    } else if (id === calc.info.seed) {
      calc.rolledWith = null;
    } else if (Object.values(calc.info.controls).indexOf(id) >= 0) {
      markStale(calc); // (until Python's answer to this change: received)
    }
  }

  /* ------------------------------------------------------------ rolls of earlier settings */
  /* The roll on show was made with the settings before a change: said so, until Python
   * has resolved it again (it then replaces it, or leaves it as it is when it is the same). */
  function markStale(calc) {
    var roll = calc.el && calc.el.querySelector(".rb-roll");
    if (!roll || roll.hasAttribute("data-rb-stale")) return;
    roll.setAttribute("data-rb-stale", "");
    var note = document.createElement("span");
    note.className = "rb-stale-note";
    note.textContent = t("staleRoll");
    roll.insertBefore(note, roll.firstChild);
  }

  function unmarkStale(calc) {
    var roll = calc.el && calc.el.querySelector(".rb-roll[data-rb-stale]");
    if (!roll) return;
    roll.removeAttribute("data-rb-stale");
    var note = roll.querySelector(".rb-stale-note");
    if (note) note.parentNode.removeChild(note);
  }

  /* The link's settings in the address (see _static/rb-link.js), or null. */
  function readFragment() {
    return window.rbLink.readFragment(window.location.hash);
  }

  /* Set the page's models as the link says (sent to Python by goLive); return what was ignored. */
  function restore(pairs) {
    var ignored = [];
    // Keys are looked up among the page's calculators and their controls only (a Map and
    // own properties): a link naming "__proto__" or "constructor" is no calculator.
    var byKey = new Map();
    calcs.forEach(function (c) { byKey.set(c.key, c); });
    var own = function (object, key) { return Object.prototype.hasOwnProperty.call(object, key); };
    pairs.forEach(function (pair) {
      var dot = pair[0].lastIndexOf(".");
      var calc = dot > 0 ? byKey.get(pair[0].slice(0, dot)) : undefined;
      var name = dot > 0 ? pair[0].slice(dot + 1) : "";
      if (!calc || !calc.info.ok || pair[1] === null) { ignored.push(window.rbLink.shortKey(pair[0])); return; }
      var id = name === "seed" || name === "roll" ? calc.info.seed
        : own(calc.info.controls, name) ? calc.info.controls[name] : null;
      var model = id && own(models, id) ? models[id] : null;
      var value = model ? decode(model, pair[1]) : null;
      if (!value || ((name === "seed" || name === "roll") && !(value.value >= 0))) { ignored.push(window.rbLink.shortKey(pair[0])); return; }
      model.set(value);
      calc.touched = true;
      if (name === "roll") calc.pendingRoll = true;
    });
    return ignored;
  }

  /* Name the live parts in the DOM (data-rb-control="<name>", data-rb-part="result"),
   * so that outside checks need not know the calculator's layout. */
  function markParts(calc) {
    var parts = [["data-rb-part", "result", calc.info.result], ["data-rb-part", "seed", calc.info.seed]];
    Object.keys(calc.info.controls).forEach(function (name) {
      parts.push(["data-rb-control", name, calc.info.controls[name]]);
    });
    parts.forEach(function (part) {
      var model = models[part[2]];
      var views = model && model.views ? Object.values(model.views) : [];
      if (views.length) views[0].then(function (view) { view.el.setAttribute(part[0], part[1]); });
    });
  }

  /* ------------------------------------------------------------ Copy link */
  function addCopyLink(calc) {
    var model = models[calc.info.roll];
    var views = model && model.views ? Object.values(model.views) : [];
    if (!views.length) return;
    views[0].then(function (view) {
      var button = document.createElement("button");
      button.type = "button";
      button.className = "rb-copy-link";
      button.textContent = t("copy");
      button.title = t("copyTitle");
      button.addEventListener("click", function () {
        var url = pageUrl() + "#" + query(paramsOf(calc));
        button.setAttribute("data-link", url);
        copy(url).then(function (ok) {
          button.textContent = ok ? t("copied") : t("copyFailed");
          window.setTimeout(function () { button.textContent = t("copy"); }, 2000);
        });
      });
      view.el.parentNode.insertBefore(button, view.el.nextSibling);
    });
  }

  function copy(text) {
    var fallback = function () {
      var area = document.createElement("textarea");
      area.value = text;
      area.setAttribute("readonly", "");
      area.style.position = "fixed";
      area.style.opacity = "0";
      document.body.appendChild(area);
      area.select();
      var ok = false;
      try { ok = document.execCommand("copy"); } catch (err) { ok = false; }
      document.body.removeChild(area);
      return ok;
    };
    if (navigator.clipboard && navigator.clipboard.writeText) {
      return navigator.clipboard.writeText(text).then(function () { return true; }, fallback);
    }
    return Promise.resolve(fallback());
  }

  /* ------------------------------------------------------------ offline */
  function registerServiceWorker() {
    if (!("serviceWorker" in navigator)) return Promise.resolve();
    return navigator.serviceWorker.register(contentRoot() + "rb-sw.js").then(function () {
      if (navigator.serviceWorker.controller) return null;
      return new Promise(function (resolve) {
        navigator.serviceWorker.addEventListener("controllerchange", resolve, { once: true });
        window.setTimeout(resolve, 3000);
      });
    }).catch(function (err) {
      console.warn("rulebook live: no offline copy (" + err.message + ")");
    });
  }

  /* Ask the service worker to keep every page of the book (once: it skips what it has). */
  function precacheBook() {
    if (!("serviceWorker" in navigator) || cannotServe()) return;
    navigator.serviceWorker.ready.then(function (registration) {
      if (registration.active) registration.active.postMessage({ type: "rb-precache" });
    }).catch(function () {});
  }

  function cannotServe() {
    return window.location.protocol !== "http:" && window.location.protocol !== "https:";
  }

  function cacheUsedFiles() {
    var sw = navigator.serviceWorker && navigator.serviceWorker.controller;
    if (!sw) return;
    var urls = [pageUrl()].concat(performance.getEntriesByType("resource").map(function (e) { return e.name; }));
    sw.postMessage({ type: "rb-cache", urls: urls });
  }

  /* ------------------------------------------------------------ the page's code cells
   * live/cells.js (loaded by the pages with code cells) runs them, and checks the
   * exercises, in this page's Python, through window.rbLive.cells: */
  var onDemand = false; // a page without calculators: Python starts when a cell needs it
  var liveWaiters = []; // [resolve, reject] until Python is live
  var requests = {}; // request id -> [resolve, reject]
  var restarting = null; // {ready} while Python restarts (Stop)

  /* The book's source of each code cell of the page, in order (hidden inputs too). */
  function cellSources() {
    var code = '.cell .cell_input > [class*="highlight-"] > .highlight > pre'; // (as live/cells.js)
    return Array.prototype.map.call(document.querySelectorAll(code), function (pre) {
      return pre.textContent.replace(/\n$/, "");
    });
  }

  function whenLive() {
    if (live && !restarting) return Promise.resolve();
    if (failed) return Promise.reject(new Error(failure || "failed"));
    var wait = new Promise(function (resolve, reject) { liveWaiters.push([resolve, reject]); });
    if (onDemand && !worker) {
      var reason = cannotRun();
      if (reason) {
        fail(reason);
      } else {
        setPage("starting");
        attached = true;
        startWorker([]);
        registerServiceWorker();
      }
    }
    return wait;
  }

  function cellsFailed(text) {
    liveWaiters.splice(0).forEach(function (w) { w[1](new Error(text)); });
    Object.keys(requests).forEach(function (id) { requests[id][1](new Error(text)); });
    requests = {};
  }

  function cellsReply(m) {
    var entry = requests[m.id];
    delete requests[m.id];
    if (!entry) return;
    (m.reply && m.reply.out || []).forEach(function (pair) {
      var model = models[pair[0]];
      if (model) model._handle_comm_msg({ content: { comm_id: pair[0], data: pair[1] }, buffers: [], parent_header: {} });
    });
    entry[0](m.reply);
  }

  /* One request to live/cells.py ({what: "run" | "exercise" | ...}); resolves with its reply. */
  function cellsRequest(body) {
    return whenLive().then(function () {
      return new Promise(function (resolve, reject) {
        var id = "rb-cells-" + nextId++;
        requests[id] = [resolve, reject];
        worker.postMessage({ type: "cells", id: id, body: body });
      });
    });
  }

  /* The widgets a cell built (their state, as Python sent it): made into models of the
   * page's widget manager that talk to Python like the page's own calculators. */
  function adoptWidgets(state) {
    var manager = (window.rbWidgetManagers || [])[0];
    if (!manager) return Promise.reject(new Error("no widget manager in this page"));
    return manager.set_state({ version_major: 2, version_minor: 0, state: state }).then(function (made) {
      made.forEach(function (model) {
        models[model.model_id] = model;
        model.comm = makeComm(model.model_id);
        model.comm.on_msg(model._handle_comm_msg.bind(model));
        model.comm_live = true;
      });
      return { manager: manager, models: made };
    });
  }

  /* A model's plain values (text, numbers, booleans), as Python takes them back. */
  function plainState(model) {
    var out = {};
    var state = model.get_state(false);
    Object.keys(state).forEach(function (key) {
      var v = state[key];
      var plain = function (x) { return x === null || ["string", "number", "boolean"].indexOf(typeof x) >= 0; };
      if (key.charAt(0) !== "_" && (plain(v) || (Array.isArray(v) && v.every(plain)))) out[key] = v;
    });
    return out;
  }

  /* Stop: Python is started again from the page's snapshot (a runaway cell cannot be
   * interrupted), then takes the calculators as the page shows them. */
  function restart() {
    if (restarting) return restarting.promise;
    if (!worker || !live) return whenLive();
    var stopped = requests;
    requests = {};
    var error = new Error("stopped");
    error.stopped = true;
    Object.keys(stopped).forEach(function (id) { stopped[id][1](error); });
    worker.terminate();
    worker = null;
    var done;
    restarting = { promise: new Promise(function (resolve) { done = resolve; }) };
    restarting.ready = function () {
      var values = {};
      var seeds = {};
      calcs.forEach(function (calc) {
        if (!calc.info || !calc.info.ok) return;
        calc.ids.forEach(function (id) { if (models[id]) values[id] = plainState(models[id]); });
        if (calc.rolledWith !== undefined && calc.rolledWith !== null) seeds[calc.key] = calc.rolledWith;
      });
      var id = "rb-sync-" + nextId++;
      requests[id] = [function () {
        restarting = null;
        early.splice(0).forEach(function (m) { post(m[0], m[1], m[2], m[3]); });
        mark("restarted");
        liveWaiters.splice(0).forEach(function (w) { w[0](); });
        done();
      }, function () {}];
      worker.postMessage({ type: "cells", id: id, body: { what: "sync", values: values, seeds: seeds } });
    };
    mark("restart");
    spawnWorker();
    worker.postMessage(initMessage);
    return restarting.promise;
  }

  window.rbLive.cells = {
    sources: cellSources,
    whenLive: whenLive,
    request: cellsRequest,
    adopt: adoptWidgets,
    restart: restart,
  };

  /* ------------------------------------------------------------ start */
  function start() {
    var used = plan();
    if (!used || !calcs.length) {
      if (worker) worker.terminate(); // started early, but nothing here is a calculator
      worker = null;
      setPage("static");
      onDemand = true; // (code cells may start Python when the reader runs one)
      // The whole book offline: this page, then every other, once this one has loaded.
      if (!cannotServe()) {
        var keep = function () {
          registerServiceWorker().then(function () {
            cacheUsedFiles();
            precacheBook();
          });
        };
        if (document.readyState === "complete") keep();
        else window.addEventListener("load", keep, { once: true });
      }
      return;
    }
    fragment = readFragment();
    var reason = cannotRun();
    if (failed) {
      showFailure(); // (the worker, started from the head, has already failed)
    } else if (reason) {
      fail(reason);
    } else {
      setPage("starting");
      if (fragment) showNote(t("linkPending"), "info");
      // Python starts at once: the worker keeps what it downloads in the build's
      // cache itself, so it need not wait for the service worker to take the page.
      startWorker(used);
      // (What the page used is given to the service worker once the calculators
      // are live, by goLive: fetching it again now would delay them.)
      registerServiceWorker().then(function () {
        mark("service_worker");
        if (live) cacheUsedFiles();
      });
    }
    var timer = window.setInterval(function () {
      var done = attach();
      if (done !== false) window.clearInterval(timer);
    }, 50);
  }

  // The stored widget state is in the page's head, before this script: when it
  // holds calculators, start Python now, while the rest of the page loads.
  (function early() {
    var script = document.querySelector(STATE);
    if (script && script.textContent.indexOf("rb-calculator") >= 0 && !cannotRun()) {
      mark("worker_spawned");
      spawnWorker();
    }
  })();
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
