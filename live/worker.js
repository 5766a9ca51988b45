/* The website's Python: Pyodide in a Web Worker, with only what the calculators need.
 *
 * Published by live/build.py as live/worker.js (the package list, the files
 * served gzipped and the build's cache name are written in at build time); its
 * Python is in Python files beside it (live_bridge.py, boot.py), which it
 * fetches, writes to Pyodide's file system and imports.
 * The page (_static/live.js) posts {type: "init", calculators, ids, stateText, language, cells}
 * once (ids: its calculators' models, whose state is in stateText, the page's stored
 * widget state as JSON text, read only when the calculators are built here), then
 * {type: "msg", id, model, data} for every widget message of its calculators;
 * this worker answers {type: "ready", report, timings, restored}, then {type: "out", id,
 * out} for each message (the widget updates to apply in the page), or
 * {type: "failed", error, network} (network: a file could not be fetched, the
 * network being unreachable, and this device had not kept it). The page's code
 * cells (live/cells.js) ask through {type: "cells", id, body} (run a cell, check
 * an exercise, take the page's values after a restart: live/cells.py) and get
 * {type: "cells", id, reply}; the sources of the page's cells (init's "cells") are
 * given to live/cells.py right after "ready" (a cell runs, with the cells above it
 * depends on, when the reader runs it).
 *
 * Weight: the big files of the runtime (the WebAssembly, pyodide.asm.js, the
 * standard library) are published gzipped (<name>.gz) and unpacked here with
 * DecompressionStream, so a static host that compresses nothing still sends
 * them compressed; the Cache Storage keeps them compressed too.
 *
 * Where Python comes from (all measured by `make bench`), first that exists:
 *  - this page's snapshot ("page"): taken once its calculators are built,
 *    before any change of the reader's; nothing is unpacked, imported or built.
 *    It is stored as a gzipped XOR delta against the snapshot it was restored
 *    from (the build's or the site's), a few hundred kilobytes instead of 25 MB;
 *  - the build's snapshot of this page ("build-page", live/pages/<page>.bin.zst,
 *    made by live/build.py in headless Chromium as this worker makes its own):
 *    a delta against the build's snapshot, so a first visit has nothing to
 *    build either;
 *  - the site snapshot made in this browser ("site", see below), then the
 *    page's calculators are built;
 *  - the build's snapshot ("prebuilt", live/python-snapshot.bin.zst, made in
 *    headless Chromium by live/build.py), likewise;
 *  - a fresh start: the Pyodide core, the four wheels unpacked by Python
 *    itself, every module the calculators can use imported, and then the site
 *    snapshot taken (stored gzipped).
 * A page snapshot is taken in every case but the first. Snapshots are stored
 * in the build's cache once the page is live.
 * The worker's name is the page's path (so that the worker knows its page
 * snapshot before the page has sent its calculators), then optionally a
 * newline and a mode: "fresh" (start Python without any snapshot, after one
 * failed) or "build" (make the site snapshot for the build and post it).
 */
/* global loadPyodide, RB_UNPACK */
"use strict";
var PACKAGES = __PACKAGES__;
var GZIPPED = __GZIPPED__;
var CACHE = __CACHE__;
var NAME = (self.name || "").split("\n");
var PAGE = NAME[0];
var MODE = NAME[1] || "";
var HERE = new URL("./", self.location.href).href;
var PYTHON_FILES = ["live_bridge.py", "boot.py", "cells.py", "ipython_pretty.py"];
/* A restored snapshot has its modules already: the standard library it is given
 * leaves them out, and the packages no calculator uses (live/build.py). */
var LEAN_STDLIB = HERE + "pyodide/python_stdlib.lean.zip";
var SITE_SNAPSHOT = HERE + "python-snapshot.bin";
/* The build's snapshots are published packed: <name>.zst, else <name>.gz (live/unpack.js). */
var PREBUILT_FILES = [SITE_SNAPSHOT + ".zst", SITE_SNAPSHOT + ".gz"];
var PAGE_SNAPSHOT = SITE_SNAPSHOT + "?page=" + encodeURIComponent(PAGE);
var PAGE_REPORT = HERE + "python-snapshot.json?page=" + encodeURIComponent(PAGE);
var canSnapshot = false; // this interpreter was started so that it can be snapshotted
var base = null; // {name: "prebuilt" | "site", bytes}: the snapshot this interpreter came from
var pageRestored = null; // {calculators, report} when restored from this page's snapshot
var toStore = []; // [url, body or function returning a promise of it, type] to keep once live
var timings = {};
var restoredFrom = null; // "page", "site" or "prebuilt": the snapshot Python came from
var bridge = null;
var cells = null; // live/cells.py's handle_json: the page's code cells and exercises
var toPrepare = null; // the page's cells, until live/cells.py has them (prepareCells)
var pending = [];
var rawFetch = self.fetch.bind(self);
var networkDown = false; // a file could not be fetched: the network (or the site) is unreachable

function networkFetch(input, init) {
  return rawFetch(input, init).catch(function (err) {
    networkDown = true;
    throw err;
  });
}

/* Marks in the page's clock (epoch milliseconds; the page subtracts its own origin). */
function mark(name) {
  timings[name] = performance.timeOrigin + performance.now();
}

function openCache() {
  if (!self.caches) return Promise.reject(new Error("no Cache Storage"));
  return self.caches.open(CACHE);
}

function gunzip(response) {
  return new Response(response.body.pipeThrough(new DecompressionStream("gzip")));
}

function gzipBytes(bytes) {
  var stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream("gzip"));
  return new Response(stream).arrayBuffer().then(function (b) { return new Uint8Array(b); });
}

/* One URL, cache first: what this worker downloads once is kept in the build's cache. */
function fromCache(key) {
  return openCache().then(function (cache) {
    return cache.match(key).then(function (hit) {
      if (hit) return hit;
      return networkFetch(key).then(function (response) {
        if (response.ok && response.status === 200 && response.type === "basic") {
          cache.put(key, response.clone()).catch(function () {});
        }
        return response;
      });
    });
  }, function () {
    return networkFetch(key);
  });
}

/* fetch for Pyodide and this worker: same-site files from the cache first, and
 * those published gzipped fetched as <name>.gz and unpacked on the way. */
function cachedFetch(input, init) {
  // (Pyodide passes strings or URL objects; a Request carries its own URL.)
  var url = new URL(input instanceof Request ? input.url : String(input), self.location.href);
  if (url.origin !== self.location.origin) return networkFetch(input, init);
  var key = url.href.split("#")[0];
  var type = key.indexOf(HERE) === 0 && GZIPPED[key.slice(HERE.length)];
  if (!type) return fromCache(key);
  return RB_UNPACK.fetchPacked(fromCache, key, type); // (<name>.zst, else <name>.gz)
}
self.fetch = cachedFetch;

function handle(message) {
  if (message.type === "init") {
    mark("setup_started");
    var calculators = JSON.stringify(message.calculators);
    var report;
    if (pageRestored) {
      if (pageRestored.calculators !== calculators) {
        // (Cannot happen within one build; never trust it, though.)
        dropEntries([PAGE_SNAPSHOT, PAGE_REPORT]).then(function () {
          self.postMessage({ type: "restart", error: "the page's snapshot is of other calculators" });
          self.close();
        });
        return;
      }
      report = pageRestored.report; // built before the snapshot was taken
    } else {
      // (In the page's language, <html lang>: the French pages' calculators speak French.)
      report = JSON.parse(bridge.setup_json(calculators, usedState(message), message.language || "en"));
      if (canSnapshot && PAGE && base) keepPageSnapshot(calculators, report);
    }
    mark("calculators");
    self.postMessage({ type: "ready", report: report, timings: timings, restored: restoredFrom });
    // The page's code cells, as the book has them (live/cells.py: nothing runs until
    // the reader runs one): taken once "ready" is sent, or before the page's first
    // request of its cells if that comes first (a timer and a message are not ordered).
    toPrepare = { what: "prepare", sources: message.cells || [], language: message.language || "en" };
    // Then, between the page's messages, the calculators' first changes are warmed
    // (warmAtIdle), and only then the cells are prepared: a reader's first change is
    // never behind either.
    self.setTimeout(function () {
      storeAll();
      warmAtIdle(prepareCells);
    }, 0);
  } else if (message.type === "msg") {
    var t0 = performance.now();
    var reply = JSON.parse(
      bridge.handle_json(JSON.stringify({ model: message.model, data: message.data }))
    );
    self.postMessage({
      type: "out",
      id: message.id,
      ok: reply.ok,
      error: reply.error || "",
      out: reply.out,
      ms: performance.now() - t0,
    });
  } else if (message.type === "cells") {
    var t1 = performance.now();
    prepareCells();
    var answer = JSON.parse(cells(JSON.stringify(message.body)));
    self.postMessage({ type: "cells", id: message.id, reply: answer, ms: performance.now() - t1 });
  }
}

/* The stored state of the page's calculators' models, as JSON text (init's ids, in order). */
function usedState(message) {
  var used = {};
  if (message.ids && message.ids.length) {
    var state = JSON.parse(message.stateText).state;
    message.ids.forEach(function (id) { used[id] = state[id]; });
  }
  return JSON.stringify(used);
}

/* Idle warming (issue 37). The snapshot's Python is warm, not the WebAssembly
 * that runs it: the browser compiles the interpreter's functions on first use and
 * makes them fast later still, so the first change after live ran several times
 * slower than the next ones. Once ready, each calculator's first change is computed
 * (live_bridge's Bridge.warm_step: nothing changed or sent), one step per task, so
 * that a message of the page waits for one step at most; and a step lasts
 * WARM_SLICE_MS at most: past it, the interrupt below (Pyodide's interrupt buffer,
 * which the interpreter reads every 50 checks as Py_EmscriptenSignalBuffer[0]: here
 * a getter) raises KeyboardInterrupt in the step, once, and the step is tried again
 * in a later task. */
var WARM_SLICE_MS = 25;
var warmUntil = 0;
var warmArmed = false;
var warmSignal = Object.defineProperty({}, "0", {
  get: function () {
    if (!warmArmed || performance.now() < warmUntil) return 0;
    warmArmed = false; // (once: the step then ends)
    return 2; // SIGINT
  },
  set: function () {},
});

function disarmWarming() {
  warmArmed = false;
}

function warmAtIdle(then) {
  var more = false;
  warmUntil = performance.now() + WARM_SLICE_MS;
  warmArmed = true;
  pyodide.setInterruptBuffer(warmSignal);
  try {
    more = bridge.warm_step(disarmWarming);
  } catch (err) {
    more = false; // (warming only)
  } finally {
    warmArmed = false;
    pyodide.setInterruptBuffer(undefined);
  }
  if (more) self.setTimeout(function () { warmAtIdle(then); }, 0);
  else then();
}

/* Give live/cells.py the page's cells, once (before any run: a run takes the cells above it). */
function prepareCells() {
  if (!toPrepare) return;
  var request = toPrepare;
  toPrepare = null;
  cells(JSON.stringify(request));
}

/* The page's snapshot, taken now (before any change), stored once the page is live. */
function keepPageSnapshot(calculators, report) {
  var snapshot;
  try {
    snapshot = pyodide.makeMemorySnapshot();
  } catch (err) {
    console.warn("rulebook live: no snapshot of this page (" + err.message + ")");
    return;
  }
  var from = base;
  toStore.push([PAGE_SNAPSHOT, function () {
    return gzipBytes(xorDelta(snapshot, from.bytes));
  }, "application/octet-stream"]);
  toStore.push([PAGE_REPORT, JSON.stringify({
    calculators: calculators, report: report, base: from.name, baseHash: sampleHash(from.bytes),
  }), "application/json"]);
}

self.onmessage = function (event) {
  if (bridge === null) pending.push(event.data);
  else safe(event.data);
};

function safe(message) {
  try {
    handle(message);
  } catch (err) {
    self.postMessage({ type: "failed", error: String(err && err.message ? err.message : err) });
  }
}

function options(extra) {
  var opts = {
    indexURL: HERE + "pyodide/",
    fullStdLib: false,
    stdout: function () {},
    stderr: function (text) { console.warn(text); },
  };
  Object.keys(extra).forEach(function (key) { opts[key] = extra[key]; });
  return opts;
}

/* What Pyodide 0.27 writes at the head of a memory snapshot: its magic number,
 * then the offset of the heap, which is whole WebAssembly pages (64 KiB). A
 * snapshot that fails this check is never given to Pyodide (a short one makes
 * its WebAssembly instantiation fail without ever settling). */
var SNAPSHOT_MAGIC = 1886286592;
var WASM_PAGE = 65536;
var RESTORE_TIMEOUT_MS = 30000;

function plausibleSnapshot(bytes) {
  if (bytes.byteLength < 16 * WASM_PAGE || bytes.byteLength % 4) return false;
  var head = new Uint32Array(bytes.buffer, bytes.byteOffset, 4);
  var heap = bytes.byteLength - head[1];
  return head[0] === SNAPSHOT_MAGIC && head[1] > 0 && heap >= 16 * WASM_PAGE && heap % WASM_PAGE === 0;
}

/* A page snapshot differs from the one it was restored from in a few places:
 * it is kept as [magic, length, then every 32-bit word XOR the base's], whose
 * zeros gzip to almost nothing. */
var DELTA_MAGIC = 0x31444252; // "RBD1"

function xorDelta(bytes, from) {
  var words = bytes.byteLength / 4;
  var out = new Uint32Array(words + 2);
  var a = new Uint32Array(bytes.buffer, bytes.byteOffset, words);
  var b = new Uint32Array(from.buffer, from.byteOffset, Math.min(words, from.byteLength / 4));
  out[0] = DELTA_MAGIC;
  out[1] = bytes.byteLength;
  for (var i = 0; i < words; i++) out[i + 2] = i < b.length ? a[i] ^ b[i] : a[i];
  return new Uint8Array(out.buffer);
}

function applyDelta(delta, from) {
  if (delta.byteLength < 8 || delta.byteLength % 4) throw new Error("the page snapshot is damaged");
  var d = new Uint32Array(delta.buffer, delta.byteOffset, delta.byteLength / 4);
  if (d[0] !== DELTA_MAGIC || d[1] !== delta.byteLength - 8) throw new Error("the page snapshot is damaged");
  var words = d.length - 2;
  var out = new Uint32Array(words);
  var b = new Uint32Array(from.buffer, from.byteOffset, Math.min(words, from.byteLength / 4));
  for (var i = 0; i < words; i++) out[i] = i < b.length ? d[i + 2] ^ b[i] : d[i + 2];
  return new Uint8Array(out.buffer);
}

/* A cheap fingerprint of a snapshot (every 64th word): a delta is applied only to its own base. */
function sampleHash(bytes) {
  var w = new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength >> 2);
  var h = 2166136261 ^ w.length;
  for (var i = 0; i < w.length; i += 64) h = Math.imul(h ^ w[i], 16777619) >>> 0;
  return h;
}

/* A stored entry: "json", or the bytes ("gzip": unpacked first); null when absent or unreadable. */
function readEntry(url, kind) {
  return openCache().then(function (cache) {
    return cache.match(url);
  }).then(function (hit) {
    if (!hit) return null;
    if (kind === "json") return hit.json();
    return (kind === "gzip" ? gunzip(hit) : hit).arrayBuffer().then(function (buffer) {
      return new Uint8Array(buffer);
    });
  }).catch(function () {
    return null;
  });
}

function dropEntries(urls) {
  return openCache().then(function (cache) {
    return Promise.all(urls.map(function (url) { return cache.delete(url); }));
  }).catch(function () {});
}

function storeAll() {
  var entries = toStore;
  toStore = [];
  return keepScripts().then(function () {
    return openCache();
  }).then(function (cache) {
    return entries.reduce(function (done, entry) {
      return done.then(function () {
        return typeof entry[1] === "function" ? entry[1]() : entry[1];
      }).then(function (body) {
        return cache.put(entry[0], new Response(body, { headers: { "Content-Type": entry[2] } }));
      });
    }, Promise.resolve());
  }).then(function () {
    base = null; // (its 25 MB are no longer needed)
  }).catch(function (err) {
    console.warn("rulebook live: a Python snapshot was not stored (" + err.message + ")");
  });
}

/* The wheels of the lean lock file, written to the file system and unpacked by
 * Python (live/boot.py): no JavaScript object is left in the interpreter, so
 * it can be snapshotted (Pyodide's loadPackage leaves some). */
async function installWheels(py, boot) {
  var lock = await (await cachedFetch(HERE + "pyodide/pyodide-lock.json")).json();
  var wheels = await Promise.all(PACKAGES.map(function (name) {
    var entry = lock.packages[name];
    return cachedFetch(HERE + "pyodide/" + entry.file_name).then(function (response) {
      if (!response.ok) throw new Error(entry.file_name + ": HTTP " + response.status);
      return response.arrayBuffer();
    }).then(function (buffer) {
      var path = "/tmp/" + entry.file_name;
      py.FS.writeFile(path, new Uint8Array(buffer));
      return [path, entry.sha256];
    });
  }));
  boot.install_wheels(JSON.stringify(wheels));
}

/* live_bridge.py and boot.py, written where Python imports them. */
async function writePythonFiles(py) {
  await Promise.all(PYTHON_FILES.map(function (name) {
    return cachedFetch(HERE + name).then(function (response) {
      if (!response.ok) throw new Error(name + ": HTTP " + response.status);
      return response.text();
    }).then(function (text) {
      py.FS.writeFile("/home/pyodide/" + name, text);
    });
  }));
}

async function freshStart() {
  var py = await loadPyodide(options({ _makeSnapshot: !!self.caches }));
  canSnapshot = !!self.caches;
  mark("pyodide_core");
  await writePythonFiles(py);
  var path = py.pyimport("sys").path;
  path.insert(0, "/home/pyodide");
  path.destroy();
  var boot = py.pyimport("boot");
  await installWheels(py, boot);
  mark("packages");
  boot.import_all();
  boot.destroy();
  mark("imports");
  if (canSnapshot) {
    try {
      var snapshot = py.makeMemorySnapshot();
      base = { name: "site", bytes: snapshot };
      toStore.push([SITE_SNAPSHOT, function () { return gzipBytes(snapshot); }, "application/octet-stream"]);
    } catch (err) {
      canSnapshot = false;
      console.warn("rulebook live: no Python snapshot (" + err.message + ")");
    }
  }
  return py;
}

/* Restore a snapshot; null (after asking the page for a new worker) when it fails. */
async function restoredStart(snapshot, drop) {
  try {
    if (!plausibleSnapshot(snapshot)) throw new Error("it is damaged");
    var py = await Promise.race([
      loadPyodide(options({ _loadSnapshot: snapshot, _makeSnapshot: true, stdLibURL: LEAN_STDLIB })),
      new Promise(function (resolve, reject) {
        self.setTimeout(function () {
          reject(new Error("restoring it took over " + RESTORE_TIMEOUT_MS / 1000 + " s"));
        }, RESTORE_TIMEOUT_MS);
      }),
    ]);
    canSnapshot = true;
    mark("pyodide_core");
    mark("packages");
    mark("imports");
    return py;
  } catch (err) {
    // A half-restored interpreter cannot be reused in this worker: drop the
    // snapshot and ask the page for a new worker, which starts Python afresh.
    console.warn("rulebook live: a stored Python snapshot was not usable (" + err.message + ")");
    await dropEntries(drop);
    self.postMessage({ type: "restart", error: String(err && err.message ? err.message : err) });
    self.close();
    return null;
  }
}

var pyodide = null;

/* The build's site snapshot (gzip), through the cache like every file; null if absent. */
var prebuiltRead = null;
function readPrebuilt() {
  if (prebuiltRead) return prebuiltRead;
  prebuiltRead = RB_UNPACK.read(cachedFetch, SITE_SNAPSHOT).catch(function () {
    return null;
  });
  return prebuiltRead;
}

/* Where the build keeps its snapshot of this page (null for a page outside the site). */
function builtPageUrl(suffix) {
  var root = new URL("../", HERE).pathname;
  if (!PAGE || PAGE.indexOf(root) !== 0) return null;
  return HERE + "pages/" + PAGE.slice(root.length).replace(/\//g, "--") + suffix;
}

/* The build's snapshot of this page, rebuilt on the build's snapshot; null when there is none. */
async function readBuiltPageSnapshot() {
  var reportUrl = builtPageUrl(".json");
  if (!reportUrl) return null;
  try {
    var response = await cachedFetch(reportUrl);
    if (!response.ok) return null;
    var page = await response.json();
    var both = await Promise.all([RB_UNPACK.read(cachedFetch, builtPageUrl(".bin")), readPrebuilt()]);
    var delta = both[0];
    var from = both[1];
    if (!delta) return null;
    if (!from || sampleHash(from) !== page.baseHash) return null;
    var bytes = RB_UNPACK.isSparse(delta) ? RB_UNPACK.applySparse(delta, from) : applyDelta(delta, from);
    return { page: page, bytes: bytes };
  } catch (err) {
    console.warn("rulebook live: the build's snapshot of this page was not usable (" + err.message + ")");
    await dropEntries([reportUrl, builtPageUrl(".bin.zst"), builtPageUrl(".bin.gz")]); // (fetched again next time)
    return null;
  }
}

function readBase(name) {
  return name === "prebuilt" ? readPrebuilt() : name === "site" ? readEntry(SITE_SNAPSHOT, "gzip") : Promise.resolve(null);
}

/* This page's snapshot, rebuilt from its delta and its base; null when there is none usable. */
async function readPageSnapshot() {
  var page = await readEntry(PAGE_REPORT, "json");
  var delta = page ? await readEntry(PAGE_SNAPSHOT, "gzip") : null;
  if (!delta) {
    if (page) await dropEntries([PAGE_SNAPSHOT, PAGE_REPORT]); // unreadable: dropped
    return null;
  }
  var from = await readBase(page.base);
  try {
    if (!from || sampleHash(from) !== page.baseHash) throw new Error("its base snapshot is gone");
    return { page: page, bytes: applyDelta(delta, from) };
  } catch (err) {
    console.warn("rulebook live: this page's Python snapshot was not usable (" + err.message + ")");
    await dropEntries([PAGE_SNAPSHOT, PAGE_REPORT]);
    return null;
  }
}

/* pyodide.js, then pyodide.asm.js (published gzipped): unpacked and run here, so
 * that loadPyodide finds _createPyodideModule and does not fetch it again. */
async function loadCore() {
  importScripts(HERE + "pyodide/pyodide.js", HERE + "unpack.js");
  RB_UNPACK.precompile(cachedFetch, HERE + "pyodide/pyodide.asm.wasm");
  var asm = await (await cachedFetch(HERE + "pyodide/pyodide.asm.js")).blob();
  var url = URL.createObjectURL(new Blob([asm], { type: "text/javascript" }));
  try {
    importScripts(url);
  } finally {
    URL.revokeObjectURL(url);
  }
}

/* For live/build.py: start Python, post the site snapshot, stop. */
async function buildSnapshot() {
  pyodide = await freshStart();
  if (!base) throw new Error("no snapshot could be made");
  var boot = pyodide.pyimport("boot");
  var files = JSON.parse(boot.stdlib_files_loaded());
  boot.destroy();
  self.postMessage({ type: "snapshot", bytes: base.bytes, files: files }, [base.bytes.buffer]);
  self.close();
}

async function start() {
  await loadCore();
  mark("pyodide_js");
  if (MODE === "build") return buildSnapshot();
  var fresh = MODE === "fresh";
  var stored = PAGE && !fresh ? await readPageSnapshot() : null;
  var built = stored || fresh || !PAGE ? null : await readBuiltPageSnapshot();
  if (stored || built) {
    pyodide = await restoredStart((stored || built).bytes, stored ? [PAGE_SNAPSHOT, PAGE_REPORT] : PREBUILT_FILES);
    if (pyodide === null) return; // the page starts a new worker
    restoredFrom = stored ? "page" : "build-page";
    stored = stored || built;
    pageRestored = stored.page;
    canSnapshot = false; // (no second page snapshot)
    bridge = pyodide.pyimport("live_bridge").BRIDGE;
  } else {
    var site = fresh ? null : await readEntry(SITE_SNAPSHOT, "gzip");
    var prebuilt = site || fresh ? null : await readPrebuilt();
    if (site) {
      pyodide = await restoredStart(site, [SITE_SNAPSHOT]);
      if (pyodide === null) return;
      restoredFrom = "site";
      base = { name: "site", bytes: site };
    } else if (prebuilt) {
      mark("prebuilt_read");
      pyodide = await restoredStart(prebuilt, PREBUILT_FILES);
      if (pyodide === null) return;
      restoredFrom = "prebuilt";
      base = { name: "prebuilt", bytes: prebuilt };
    } else {
      pyodide = await freshStart();
    }
    bridge = pyodide.pyimport("live_bridge").start();
  }
  cells = pyodide.pyimport("cells").handle_json;
  mark("bridge");
  while (pending.length) safe(pending.shift());
}

/* What the worker loaded with importScripts (not through cachedFetch), kept for offline use. */
function keepScripts() {
  var urls = [self.location.href.split("#")[0], HERE + "pyodide/pyodide.js", HERE + "unpack.js"];
  return openCache().then(function (cache) {
    return Promise.all(urls.map(function (url) {
      return cache.match(url).then(function (hit) { return hit ? null : cache.add(url); });
    }));
  }).catch(function (err) {
    console.warn("rulebook live: the worker's scripts were not kept for offline use (" + err.message + ")");
  });
}

start().catch(function (err) {
  // (importScripts of a file neither cached nor reachable throws a NetworkError.)
  var network = networkDown || (err && err.name === "NetworkError");
  self.postMessage({ type: "failed", error: String(err && err.message ? err.message : err), network: network });
});
