/* The book's code cells, edited and run where they stand; the exercises that answer back.
 *
 * Loaded by every page with code cells (live/cells_pages.py adds it at build
 * time; a page without code cells never loads it). Each code cell becomes an
 * editor: a labelled text area over the book's highlighted code (the text area
 * holds the source; the highlighted layer under it only shows it), with Run
 * (or Shift+Enter), Reset (the book's source and stored output again) and Stop.
 * A cell runs in the page's own Python, the worker of the calculators
 * (_static/live.js: window.rbLive.cells), in the chapter's namespace, the cells
 * above it that it depends on having run first (live/cells.py). Its outputs replace
 * the stored ones as the book shows them: printed text, values, tables and
 * charts (HTML kept to an allowlist of tags and attributes: nothing else a cell
 * writes becomes HTML), errors as a short traceback, calculators live through
 * the same bridge as the page's own. A runaway cell is stopped by Stop, which
 * restarts Python from the page's snapshot with the calculators kept.
 * A reader's edits are kept in the browser, per page and per cell of the book
 * (an edit is dropped when a new build changes that cell), until Reset.
 *
 * Each exercise box of "Predict, then check" (written at build time,
 * rulebook_py/exercises/box.py) sends the reader's prediction to Python,
 * shows how close it was, then opens the worked answer.
 *
 * Contract for outside checks: each code cell's container carries
 * data-rb-cell (its index on the page); its source is textarea[data-rb-source];
 * its buttons button[data-rb-run], button[data-rb-reset], button[data-rb-stop];
 * its output [data-rb-output] with data-rb-state = stored, running, done or
 * error. An exercise is [data-rb-exercise] with an input and
 * button[data-rb-check]; its verdict element carries data-rb-verdict = right,
 * close or wrong once checked.
 */
(function () {
  "use strict";
  var html = document.documentElement;
  var LANG = /^fr\b/i.test(html.getAttribute("lang") || "") ? "fr" : "en";
  var TEXTS = {
    en: {
      run: "Run",
      runTitle: "Run this cell in the page's Python (Shift+Enter)",
      reset: "Reset",
      resetTitle: "Put back the book's code and output",
      stop: "Stop",
      stopTitle: "Stop the running cell: Python restarts from this page's snapshot",
      code: "Code of cell %s, editable: Shift+Enter runs it",
      edited: "Edited: your code is kept in this browser until Reset.",
      starting: "Starting Python…",
      running: "Running…",
      stopping: "Stopping: Python restarts from this page's snapshot…",
      stopped: "Stopped: Python was restarted from this page's snapshot (the calculators keep their settings). Run the cell again when it is fixed.",
      stale: "Python was restarted: run this cell again to make its calculator live.",
      capped: "The output was cut at %s characters.",
      noPython: "This cell cannot run: %s",
      noWidgets: "This page cannot show a calculator: build it in a chapter with calculators.",
      ran: "Cell %s ran in %s s.",
      failedRun: "Cell %s raised an error.",
      checking: "Checking…",
      waiting: "Checking as soon as Python has started…",
    },
    fr: {
      run: "Exécuter",
      runTitle: "Exécuter cette cellule dans le Python de la page (Maj+Entrée)",
      reset: "Rétablir",
      resetTitle: "Remettre le code et le résultat du livre",
      stop: "Arrêter",
      stopTitle: "Arrêter la cellule en cours : Python redémarre depuis l’instantané de cette page",
      code: "Code de la cellule %s, modifiable : Maj+Entrée l’exécute",
      edited: "Modifiée : votre code est gardé dans ce navigateur jusqu’à « Rétablir ».",
      starting: "Démarrage de Python…",
      running: "Exécution…",
      stopping: "Arrêt : Python redémarre depuis l’instantané de cette page…",
      stopped: "Arrêtée : Python a redémarré depuis l’instantané de cette page (les calculateurs gardent leurs réglages). Exécutez de nouveau la cellule une fois corrigée.",
      stale: "Python a redémarré : exécutez de nouveau cette cellule pour rendre son calculateur vivant.",
      capped: "Le résultat a été coupé à %s caractères.",
      noPython: "Cette cellule ne peut pas s’exécuter : %s",
      noWidgets: "Cette page ne peut pas afficher de calculateur : construisez-le dans un chapitre qui en a.",
      ran: "Cellule %s exécutée en %s s.",
      failedRun: "La cellule %s a levé une erreur.",
      checking: "Vérification…",
      waiting: "Vérification dès que Python aura démarré…",
    },
  };
  /* A text of the page's language, each "%s" replaced by the next argument. */
  function t(key) {
    var args = Array.prototype.slice.call(arguments, 1);
    return TEXTS[LANG][key].replace(/%s/g, function () { return String(args.shift()); });
  }

  var STORE = "rb-cells:v1:" + window.location.pathname;
  /* Each code cell's code as the book shows it (MyST-NB's markup; live.js reads the same). */
  var BOOK_CODE = '.cell .cell_input > [class*="highlight-"] > .highlight > pre';
  var cells = [];
  window.rbCells = { cells: cells, timings: [] };

  function api() {
    return window.rbLive && window.rbLive.cells;
  }

  /* ------------------------------------------------------------ kept edits */
  function hashOf(text) {
    var h = 2166136261;
    for (var i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619) >>> 0;
    return h.toString(36);
  }

  function readKept() {
    try {
      return JSON.parse(window.localStorage.getItem(STORE) || "{}") || {};
    } catch (err) {
      return {};
    }
  }

  function keep(cell) {
    try {
      var kept = readKept();
      if (cell.area.value === cell.book) delete kept[cell.index];
      else kept[cell.index] = { h: hashOf(cell.book), s: cell.area.value };
      if (Object.keys(kept).length) window.localStorage.setItem(STORE, JSON.stringify(kept));
      else window.localStorage.removeItem(STORE);
    } catch (err) {
      // (No storage in this browser: the edit lasts until the page is left.)
    }
  }

  /* ------------------------------------------------------------ highlighting */
  var KEYWORDS = ("and as assert async await break class continue def del elif else except finally for " +
    "from global if import in is lambda nonlocal not or pass raise return try while with yield match case").split(" ");
  var CONSTANTS = ["True", "False", "None"];
  var WORD_OPS = ["and", "or", "not", "in", "is"];
  var BUILTINS = ("abs all any bool dict divmod enumerate filter float format frozenset getattr hasattr " +
    "int isinstance len list map max min next print range repr reversed round set sorted str sum " +
    "tuple type zip").split(" ");
  var TOKEN = new RegExp([
    "(#[^\\n]*)", // 1 comment
    "((?:[rRbBfFuU]{1,2})?(?:'''[\\s\\S]*?(?:'''|$)|\"\"\"[\\s\\S]*?(?:\"\"\"|$)|'(?:[^'\\\\\\n]|\\\\.)*'?|\"(?:[^\"\\\\\\n]|\\\\.)*\"?))", // 2 string
    "(\\b\\d[\\d_]*(?:\\.\\d*)?(?:[eE][+-]?\\d+)?j?|\\.\\d+)", // 3 number
    "([A-Za-z_][A-Za-z0-9_]*)", // 4 name
    "([-+*/%@&|^~<>=!]=?|\\*\\*|//|<<|>>|:=|->)", // 5 operator
    "([()\\[\\]{},:;.])", // 6 punctuation
  ].join("|"), "g");

  function span(cls, text) {
    return '<span class="' + cls + '">' + escapeHtml(text) + "</span>";
  }

  function escapeHtml(text) {
    return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  }

  /* Python source as the book's highlighter marks it (its classes, so its colours). */
  function highlight(source) {
    var out = "";
    var last = 0;
    var previous = "";
    TOKEN.lastIndex = 0;
    var m;
    while ((m = TOKEN.exec(source)) !== null) {
      if (m[0] === "") { TOKEN.lastIndex++; continue; }
      out += escapeHtml(source.slice(last, m.index));
      last = TOKEN.lastIndex;
      if (m[1]) out += span("c1", m[1]);
      else if (m[2]) out += span(/^[^'"]*[fF]/.test(m[2]) ? "sa" : m[2].indexOf('"') >= 0 ? "s2" : "s1", m[2]);
      else if (m[3]) out += span(/[.eEj]/.test(m[3]) ? "mf" : "mi", m[3]);
      else if (m[4]) {
        var word = m[4];
        var cls = "n";
        if (previous === "def") cls = "nf";
        else if (previous === "class") cls = "nc";
        else if (previous === "import" || previous === "from") cls = "nn";
        else if (CONSTANTS.indexOf(word) >= 0) cls = "kc";
        else if (WORD_OPS.indexOf(word) >= 0) cls = "ow";
        else if (word === "import" || word === "from") cls = "kn";
        else if (KEYWORDS.indexOf(word) >= 0) cls = "k";
        else if (BUILTINS.indexOf(word) >= 0) cls = "nb";
        out += span(cls, word);
        previous = word;
        continue;
      } else if (m[5]) out += span("o", m[5]);
      else out += span("p", m[6]);
      if (!(m[6] === "." && (previous === "import" || previous === "from"))) previous = "";
    }
    out += escapeHtml(source.slice(last));
    // (A final newline needs a line of its own to be shown under the text area's caret.)
    return out + (/\n$/.test(source) || source === "" ? " " : "");
  }

  /* ------------------------------------------------------------ output as HTML, kept safe */
  var TAGS = ("a abbr b br caption code col colgroup dd details div dl dt em h4 h5 h6 i input label li " +
    "ol p pre small span strong sub summary sup table tbody td tfoot th thead tr u ul " +
    "svg g rect line polyline polygon path circle ellipse text tspan title desc").split(" ");
  var DROPPED = ["script", "style", "iframe", "object", "embed", "foreignobject", "link", "meta", "base",
    "form", "textarea", "select", "button", "img", "video", "audio", "source", "template", "noscript"];
  var ATTRIBUTES = ("class title role lang dir colspan rowspan scope headers width height viewbox " +
    "x y x1 x2 y1 y2 cx cy r rx ry d points fill stroke stroke-width stroke-opacity fill-opacity " +
    "opacity font-size font-weight font-family text-anchor dominant-baseline transform xmlns style " +
    "href download type name value checked open id for").split(" ");

  function safeAttribute(el, name, value) {
    if (name.indexOf("aria-") === 0) return true;
    if (ATTRIBUTES.indexOf(name) < 0) return false;
    if (name === "href") return /^#[\w-]*$/.test(value) || /^data:text\/csv[;,]/i.test(value);
    if (name === "style") return !/url\s*\(|expression|@import|\\|behavior|javascript:/i.test(value);
    if (name === "type") return el.tagName.toLowerCase() !== "input" || /^(radio|checkbox)$/i.test(value);
    return true;
  }

  function clean(node) {
    Array.prototype.slice.call(node.childNodes).forEach(function (child) {
      if (child.nodeType === 3) return;
      if (child.nodeType !== 1) { node.removeChild(child); return; }
      var tag = child.tagName.toLowerCase();
      if (DROPPED.indexOf(tag) >= 0) { node.removeChild(child); return; }
      clean(child);
      if (TAGS.indexOf(tag) < 0) {
        while (child.firstChild) node.insertBefore(child.firstChild, child);
        node.removeChild(child);
        return;
      }
      if (tag === "input" && !/^(radio|checkbox)$/i.test(child.getAttribute("type") || "")) {
        node.removeChild(child);
        return;
      }
      Array.prototype.slice.call(child.attributes).forEach(function (attr) {
        if (!safeAttribute(child, attr.name.toLowerCase(), attr.value)) child.removeAttribute(attr.name);
      });
    });
  }

  /* HTML written by Python (the package's tables and charts), with only an allowlist kept. */
  function safeHtml(text) {
    var template = document.createElement("template");
    template.innerHTML = text; // (a template's content is inert: nothing runs or loads)
    clean(template.content);
    return document.importNode(template.content, true);
  }

  /* ------------------------------------------------------------ one cell */
  function el(tag, cls, text) {
    var node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function button(cls, label, title, attr) {
    var b = el("button", "rb-cell-button " + cls, label);
    b.type = "button";
    b.title = title;
    b.setAttribute(attr, "");
    return b;
  }

  /* The book block's type (font, size, line height, tab size), which the editor takes. */
  var TYPE = ["fontFamily", "fontSize", "lineHeight", "letterSpacing", "tabSize"];

  function typeOf(pre) {
    var style = window.getComputedStyle(pre);
    var out = {};
    TYPE.forEach(function (p) { out[p] = style[p]; });
    return out;
  }

  /* A cell's editor in place of the book's block (its height is set by refreshAll). */
  function setup(pre, index, type) {
    var cell = {
      index: index,
      root: pre.closest(".cell"),
      input: pre.closest(".cell_input"),
      book: pre.textContent.replace(/\n$/, ""),
      running: false,
      widgets: false,
    };
    var shown = pre.closest(".highlight").parentNode; // the book's highlighted block, kept hidden
    cell.root.setAttribute("data-rb-cell", String(index));

    var editor = el("div", "rb-editor highlight");
    // (A div, not a pre: the theme makes every pre that overflows a tab stop, and
    // this layer only shows what the text area holds.)
    var layer = el("div", "rb-editor-code");
    layer.setAttribute("aria-hidden", "true");
    var area = el("textarea", "rb-editor-area");
    area.setAttribute("data-rb-source", "");
    area.setAttribute("aria-label", t("code", index + 1));
    area.setAttribute("spellcheck", "false");
    area.setAttribute("autocapitalize", "off");
    area.setAttribute("autocomplete", "off");
    area.setAttribute("wrap", "off");
    area.id = "rb-cell-" + index;
    TYPE.forEach(function (p) {
      layer.style[p] = type[p];
      area.style[p] = type[p];
    });
    editor.appendChild(layer);
    editor.appendChild(area);
    cell.area = area;
    cell.layer = layer;

    var tools = el("div", "rb-cell-tools");
    cell.run = button("rb-cell-run", t("run"), t("runTitle"), "data-rb-run");
    cell.reset = button("rb-cell-reset", t("reset"), t("resetTitle"), "data-rb-reset");
    cell.stop = button("rb-cell-stop", t("stop"), t("stopTitle"), "data-rb-stop");
    cell.stop.disabled = true;
    cell.note = el("span", "rb-cell-note");
    cell.status = el("span", "rb-visually-hidden");
    cell.status.setAttribute("role", "status");
    cell.status.setAttribute("aria-live", "polite");
    [cell.run, cell.reset, cell.stop, cell.note, cell.status].forEach(function (n) { tools.appendChild(n); });

    shown.hidden = true;
    shown.parentNode.insertBefore(editor, shown.nextSibling);
    editor.parentNode.insertBefore(tools, editor.nextSibling);

    var output = cell.root.querySelector(":scope > .cell_output");
    if (!output) {
      output = el("div", "cell_output docutils container");
      cell.root.appendChild(output);
    }
    output.setAttribute("data-rb-output", "");
    output.setAttribute("data-rb-state", "stored");
    cell.output = output;

    var kept = readKept()[index];
    area.value = kept && kept.h === hashOf(cell.book) ? kept.s : cell.book;
    cell.edited = area.value !== cell.book;
    if (cell.edited) cell.note.textContent = t("edited");

    area.addEventListener("input", function () {
      refresh(cell);
      keep(cell);
      cell.note.textContent = area.value !== cell.book ? t("edited") : "";
    });
    area.addEventListener("scroll", function () { layer.scrollLeft = area.scrollLeft; });
    area.addEventListener("keydown", function (event) { onKey(cell, event); });
    cell.run.addEventListener("click", function () { run(cell); });
    cell.reset.addEventListener("click", function () { reset(cell); });
    cell.stop.addEventListener("click", function () { stop(cell); });
    return cell;
  }

  /* The highlighted layer and the text area's height follow the source. */
  function refresh(cell) {
    refreshAll([cell]);
  }

  /* The same for several cells: every change, then every measure, then every height, so
   * that the page is laid out once for all of them, not once per cell (the page's cells
   * are set up while it loads, before its calculators render and come alive). */
  function refreshAll(list, initial) {
    list.forEach(function (cell) {
      cell.layer.innerHTML = highlight(cell.area.value);
      cell.area.style.height = "auto";
    });
    var measured = list.map(function (cell) {
      var area = cell.area;
      return [area.scrollHeight + area.offsetHeight - area.clientHeight, area.scrollLeft];
    });
    list.forEach(function (cell, i) {
      cell.area.style.height = measured[i][0] + "px";
      // (A new editor is not scrolled: setting it would lay the page out once more.)
      if (!initial || measured[i][1]) cell.layer.scrollLeft = measured[i][1];
    });
  }

  function onKey(cell, event) {
    if (event.key === "Enter" && (event.shiftKey || event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      run(cell);
    } else if (event.key === "Enter" && !event.altKey) {
      // A new line keeps the indentation (and indents after a colon).
      var area = cell.area;
      var at = area.selectionStart;
      var line = area.value.slice(area.value.lastIndexOf("\n", at - 1) + 1, at);
      var indent = (/^[ \t]*/.exec(line) || [""])[0] + (/:\s*$/.test(line) ? "    " : "");
      if (!indent) return;
      event.preventDefault();
      area.setRangeText("\n" + indent, at, area.selectionEnd, "end");
      area.dispatchEvent(new window.Event("input"));
    }
  }

  function stored(cell) {
    return Array.prototype.filter.call(cell.output.children, function (c) { return !c.classList.contains("rb-run-output"); });
  }

  function setState(cell, state) {
    cell.output.setAttribute("data-rb-state", state);
    if (state === "running") cell.output.setAttribute("aria-busy", "true");
    else cell.output.removeAttribute("aria-busy");
  }

  function fresh(cell) {
    stored(cell).forEach(function (c) {
      if (!c.hidden) {
        c.hidden = true;
        c.setAttribute("data-rb-hidden", "");
      }
    });
    var old = cell.output.querySelector(":scope > .rb-run-output");
    if (old) cell.output.removeChild(old);
    var box = el("div", "rb-run-output");
    cell.output.appendChild(box);
    return box;
  }

  function run(cell) {
    if (cell.running) return;
    var cellsApi = api();
    var box = fresh(cell);
    cell.running = true;
    cell.widgets = false;
    cell.run.disabled = true;
    cell.stop.disabled = false;
    setState(cell, "running");
    var note = el("p", "rb-cell-progress", t(isLive() ? "running" : "starting"));
    box.appendChild(note);
    var started = performance.now();
    var source = cell.area.value;
    if (!cellsApi) {
      finish(cell, "error");
      box.textContent = t("noPython", "no live runtime");
      return;
    }
    cell.discard = false;
    cellsApi.whenLive().then(function () {
      note.textContent = t("running");
      var sent = performance.now();
      return cellsApi.request({ what: "run", index: cell.index, source: source }).then(function (reply) {
        if (cell.discard) { // (Reset while it ran: the book's output stays)
          finish(cell, "stored");
          return null;
        }
        return show(cell, box, reply).then(function () {
          var ms = performance.now() - sent;
          window.rbCells.timings.push({ cell: cell.index, ms: ms, python: reply.ms, wait: sent - started });
          finish(cell, reply.ok ? "done" : "error");
          cell.status.textContent = reply.ok ? t("ran", cell.index + 1, (ms / 1000).toFixed(2)) : t("failedRun", cell.index + 1);
        });
      });
    }).catch(function (err) {
      if (cell.discard) {
        finish(cell, "stored");
        return;
      }
      box.textContent = "";
      if (err && err.stopped) {
        box.appendChild(el("p", "rb-cell-stopped", t("stopped")));
      } else {
        box.appendChild(el("p", "rb-cell-stopped", t("noPython", err && err.message ? err.message : String(err))));
      }
      finish(cell, "error");
      cell.status.textContent = box.textContent;
    });
  }

  function isLive() {
    return html.getAttribute("data-rb-live") === "ready";
  }

  function finish(cell, state) {
    cell.running = false;
    cell.run.disabled = false;
    cell.stop.disabled = true;
    setState(cell, state);
  }

  function textOutput(cls, text) {
    var out = el("div", "output " + cls + " highlight-myst-ansi notranslate");
    var wrap = el("div", "highlight");
    wrap.appendChild(el("pre", "", text));
    out.appendChild(wrap);
    return out;
  }

  /* A run's outputs, as the book shows a cell's (live/cells.py says what each is). */
  function show(cell, box, reply) {
    box.textContent = "";
    var pending = [];
    (reply.outputs || []).forEach(function (out) {
      if (out.kind === "stream") {
        box.appendChild(textOutput("stream" + (out.name === "stderr" ? " stderr" : ""), out.text));
      } else if (out.kind === "text") {
        box.appendChild(textOutput("text_plain", out.text));
      } else if (out.kind === "error") {
        box.appendChild(textOutput("traceback rb-cell-error", out.text));
      } else if (out.kind === "html") {
        var node = el("div", "output text_html");
        node.appendChild(safeHtml(out.html));
        box.appendChild(node);
      } else if (out.kind === "capped") {
        box.appendChild(el("p", "rb-cell-capped", t("capped", Number(out.limit).toLocaleString(LANG))));
      } else if (out.kind === "widget") {
        var area = el("div", "widget-subarea");
        box.appendChild(area);
        pending.push([out.model_id, area]);
      }
    });
    if (!reply.ok && reply.error) box.appendChild(textOutput("traceback rb-cell-error", reply.error));
    if (!pending.length) return Promise.resolve();
    cell.widgets = true;
    return api().adopt(reply.widgets).then(function (made) {
      return Promise.all(pending.map(function (p) {
        var model = made.models.filter(function (m) { return m.model_id === p[0]; })[0];
        if (!model) return null;
        return made.manager.create_view(model).then(function (view) {
          return made.manager.display_view(view, p[1]);
        });
      }));
    }).catch(function () {
      pending.forEach(function (p) { p[1].appendChild(el("p", "rb-cell-note", t("noWidgets"))); });
    });
  }

  function reset(cell) {
    cell.area.value = cell.book;
    refresh(cell);
    keep(cell);
    cell.note.textContent = "";
    cell.discard = cell.running; // (a run under way shows nothing once it ends)
    var old = cell.output.querySelector(":scope > .rb-run-output");
    if (old) cell.output.removeChild(old);
    stored(cell).forEach(function (c) {
      if (c.hasAttribute("data-rb-hidden")) {
        c.hidden = false;
        c.removeAttribute("data-rb-hidden");
      }
    });
    cell.widgets = false;
    if (!cell.running) setState(cell, "stored");
  }

  function stop(cell) {
    var cellsApi = api();
    if (!cell.running || !cellsApi) return;
    cell.stop.disabled = true;
    cell.note.textContent = t("stopping");
    cellsApi.restart().then(function () {
      cell.note.textContent = cell.area.value !== cell.book ? t("edited") : "";
      cells.forEach(function (other) {
        if (other.widgets && !other.running) {
          var box = other.output.querySelector(":scope > .rb-run-output");
          if (box) box.insertBefore(el("p", "rb-cell-note", t("stale")), box.firstChild);
          other.widgets = false;
        }
      });
    });
  }

  /* ------------------------------------------------------------ exercises */
  function setupExercise(box) {
    var parts = box.getAttribute("data-rb-exercise").split(":");
    var input = box.querySelector("input");
    var check = box.querySelector("button[data-rb-check]");
    var verdict = box.querySelector(".rb-verdict");
    var cellsApi = api();
    if (!input || !check || !verdict || !cellsApi) return;
    box.hidden = false;
    var go = function () {
      verdict.removeAttribute("data-rb-verdict");
      verdict.textContent = isLive() ? t("checking") : t("waiting");
      check.disabled = true;
      cellsApi.request({ what: "exercise", chapter: parts[0], number: Number(parts[1]), text: input.value }).then(function (reply) {
        check.disabled = false;
        verdict.textContent = "";
        if (reply.verdict) verdict.setAttribute("data-rb-verdict", reply.verdict);
        verdict.appendChild(el("p", "rb-verdict-text", reply.message || reply.error || ""));
        if (!reply.verdict) return;
        var line = el("p", "rb-verdict-call", (reply.caption || "") + " ");
        line.appendChild(el("code", "", reply.expression));
        verdict.appendChild(line);
        var answer = box.nextElementSibling;
        if (answer && answer.tagName === "DETAILS") answer.open = true;
      }).catch(function (err) {
        check.disabled = false;
        verdict.textContent = t("noPython", err && err.message ? err.message : String(err));
      });
    };
    check.addEventListener("click", go);
    input.addEventListener("keydown", function (event) {
      if (event.key === "Enter") {
        event.preventDefault();
        go();
      }
    });
  }

  /* ------------------------------------------------------------ start */
  function start() {
    if (!api()) return; // (live.js not here: the page stays as built)
    var pres = Array.prototype.slice.call(document.querySelectorAll(BOOK_CODE));
    var types = pres.map(typeOf); // (read before any editor is written)
    pres.forEach(function (pre, index) {
      cells.push(setup(pre, index, types[index]));
    });
    refreshAll(cells, true);
    document.querySelectorAll("[data-rb-exercise]").forEach(setupExercise);
    html.setAttribute("data-rb-cells", String(cells.length));
    // (A cell inside a closed "Show code" is measured when it opens.)
    document.querySelectorAll("details").forEach(function (details) {
      details.addEventListener("toggle", function () {
        refreshAll(cells.filter(function (cell) { return details.contains(cell.area); }));
      });
    });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
