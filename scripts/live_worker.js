/* The website's Python: Pyodide in a Web Worker, with only what the calculators need.
 *
 * Built by scripts/build_lite.py into live/worker.js (the bridge's Python source,
 * the package list and the build's cache name are written in at build time).
 * The page (_static/live.js) posts {type: "init", calculators, state} once, then
 * {type: "msg", id, model, data} for every widget message of its calculators;
 * this worker answers {type: "ready", report, timings, restored}, then {type: "out", id,
 * out} for each message (the widget updates to apply in the page), or
 * {type: "failed", error}.
 *
 * Where Python comes from (all measured by `make bench`), first that exists:
 *  - this page's snapshot ("page"): taken once its calculators are built,
 *    before any change of the reader's; nothing is unpacked, imported or built;
 *  - the site snapshot made in this browser ("site", see below), then the
 *    page's calculators are built;
 *  - the build's snapshot ("prebuilt", live/python-snapshot.bin.gz, made in
 *    headless Chromium by scripts/build_lite.py), likewise;
 *  - a fresh start: the Pyodide core, the four wheels unpacked by Python
 *    itself, every module the calculators can use imported, and then the site
 *    snapshot taken.
 * A page snapshot is taken in every case but the first. Snapshots are stored
 * in the build's cache once the page is live.
 * The worker's name is the page's path (so that the worker knows its page
 * snapshot before the page has sent its calculators), then optionally a
 * newline and a mode: "fresh" (start Python without any snapshot, after one
 * failed) or "build" (make the site snapshot for the build and post it).
 */
/* global loadPyodide */
"use strict";
var BRIDGE_SOURCE = __BRIDGE_SOURCE__;
var PACKAGES = __PACKAGES__;
var CACHE = __CACHE__;
var NAME = (self.name || "").split("\n");
var PAGE = NAME[0];
var MODE = NAME[1] || "";
var SITE_SNAPSHOT = new URL("python-snapshot.bin", self.location.href).href;
var PREBUILT_SNAPSHOT = SITE_SNAPSHOT + ".gz";
var PAGE_SNAPSHOT = SITE_SNAPSHOT + "?page=" + encodeURIComponent(PAGE);
var PAGE_REPORT = new URL("python-snapshot.json", self.location.href).href + "?page=" +
  encodeURIComponent(PAGE);
var canSnapshot = false; // this interpreter was started so that it can be snapshotted
var pageRestored = null; // {calculators, report} when restored from this page's snapshot
var toStore = []; // [url, body, type] to keep once the page is live
var timings = {};
var restoredFrom = null; // "page", "site" or "prebuilt": the snapshot Python came from
var bridge = null;
var pending = [];
var networkFetch = self.fetch.bind(self);

/* Marks in the page's clock (epoch milliseconds; the page subtracts its own origin). */
function mark(name) {
  timings[name] = performance.timeOrigin + performance.now();
}

function openCache() {
  if (!self.caches) return Promise.reject(new Error("no Cache Storage"));
  return self.caches.open(CACHE);
}

/* fetch, cache first: what this worker downloads once is kept in the build's cache. */
function cachedFetch(input, init) {
  // (Pyodide passes strings or URL objects; a Request carries its own URL.)
  var url = new URL(input instanceof Request ? input.url : String(input), self.location.href);
  if (url.origin !== self.location.origin) return networkFetch(input, init);
  var key = url.href.split("#")[0];
  return openCache().then(function (cache) {
    return cache.match(key).then(function (hit) {
      if (hit) return hit;
      return networkFetch(input, init).then(function (response) {
        if (response.ok && response.status === 200 && response.type === "basic") {
          cache.put(key, response.clone()).catch(function () {});
        }
        return response;
      });
    });
  }, function () {
    return networkFetch(input, init);
  });
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
      report = JSON.parse(bridge.setup_json(calculators, JSON.stringify(message.state)));
      if (canSnapshot && PAGE) {
        try {
          toStore.push([PAGE_SNAPSHOT, pyodide.makeMemorySnapshot(), "application/octet-stream"]);
          toStore.push([PAGE_REPORT, JSON.stringify({ calculators: calculators, report: report }), "application/json"]);
        } catch (err) {
          console.warn("rulebook live: no snapshot of this page (" + err.message + ")");
        }
      }
    }
    mark("calculators");
    self.postMessage({ type: "ready", report: report, timings: timings, restored: restoredFrom });
    self.setTimeout(storeAll, 0);
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
  }
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
  var base = {
    indexURL: new URL("pyodide/", self.location.href).href,
    fullStdLib: false,
    stdout: function () {},
    stderr: function (text) { console.warn(text); },
  };
  Object.keys(extra).forEach(function (key) { base[key] = extra[key]; });
  return base;
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

function readEntry(url, json) {
  return openCache().then(function (cache) {
    return cache.match(url);
  }).then(function (hit) {
    if (!hit) return null;
    return json ? hit.json() : hit.arrayBuffer().then(function (buffer) { return new Uint8Array(buffer); });
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
        return cache.put(entry[0], new Response(entry[1], { headers: { "Content-Type": entry[2] } }));
      });
    }, Promise.resolve());
  }).catch(function (err) {
    console.warn("rulebook live: a Python snapshot was not stored (" + err.message + ")");
  });
}

/* The wheels of the lean lock file, written to the file system and unpacked by
 * Python (sha256 checked): no JavaScript object is left in the interpreter, so
 * it can be snapshotted (Pyodide's loadPackage leaves some). */
async function installWheels(pyodide) {
  var lock = await (await cachedFetch("pyodide/pyodide-lock.json")).json();
  var wheels = await Promise.all(PACKAGES.map(function (name) {
    var entry = lock.packages[name];
    return cachedFetch("pyodide/" + entry.file_name).then(function (response) {
      if (!response.ok) throw new Error(entry.file_name + ": HTTP " + response.status);
      return response.arrayBuffer();
    }).then(function (buffer) {
      var path = "/tmp/" + entry.file_name;
      pyodide.FS.writeFile(path, new Uint8Array(buffer));
      return [path, entry.sha256];
    });
  }));
  pyodide.runPython(
    "import hashlib, json, site, zipfile\n" +
    "for path, sha in json.loads(" + JSON.stringify(JSON.stringify(wheels)) + "):\n" +
    "    with open(path, 'rb') as f:\n" +
    "        data = f.read()\n" +
    "    if hashlib.sha256(data).hexdigest() != sha:\n" +
    "        raise ValueError(path + ': sha256 does not match the lock file')\n" +
    "    zipfile.ZipFile(path).extractall(site.getsitepackages()[0])\n"
  );
}

/* Import the bridge and every module of the calculators' packages (a restored
 * snapshot has the modules but not their files). */
var IMPORT_ALL =
  "import importlib, pkgutil, sys\n" +
  "sys.path.insert(0, '/home/pyodide')\n" +
  "import live_bridge\n" +
  "for _top in ('traitlets', 'comm', 'ipywidgets', 'rulebook_py'):\n" +
  "    _pkg = importlib.import_module(_top)\n" +
  "    for _m in pkgutil.walk_packages(_pkg.__path__, _top + '.'):\n" +
  "        if '.tests' not in _m.name and not _m.name.endswith('.conftest'):\n" +
  "            importlib.import_module(_m.name)\n" +
  "del _top, _pkg, _m\n";

async function freshStart() {
  var py = await loadPyodide(options({ _makeSnapshot: !!self.caches }));
  canSnapshot = !!self.caches;
  mark("pyodide_core");
  await installWheels(py);
  mark("packages");
  py.FS.writeFile("/home/pyodide/live_bridge.py", BRIDGE_SOURCE);
  py.runPython(IMPORT_ALL);
  mark("imports");
  if (canSnapshot) {
    try {
      toStore.push([SITE_SNAPSHOT, py.makeMemorySnapshot(), "application/octet-stream"]);
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
      loadPyodide(options({ _loadSnapshot: snapshot, _makeSnapshot: true })),
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
function readPrebuilt() {
  if (typeof DecompressionStream === "undefined") return Promise.resolve(null);
  return cachedFetch(PREBUILT_SNAPSHOT).then(function (response) {
    if (!response.ok) return null;
    var plain = response.body.pipeThrough(new DecompressionStream("gzip"));
    return new Response(plain).arrayBuffer().then(function (buffer) { return new Uint8Array(buffer); });
  }).catch(function () {
    return null;
  });
}

/* For scripts/build_lite.py: start Python, post the site snapshot, stop. */
async function buildSnapshot() {
  pyodide = await freshStart();
  var entry = toStore.filter(function (e) { return e[0] === SITE_SNAPSHOT; })[0];
  if (!entry) throw new Error("no snapshot could be made");
  self.postMessage({ type: "snapshot", bytes: entry[1] }, [entry[1].buffer]);
  self.close();
}

async function start() {
  importScripts("pyodide/pyodide.js");
  mark("pyodide_js");
  if (MODE === "build") return buildSnapshot();
  var fresh = MODE === "fresh";
  var page = PAGE && !fresh ? await readEntry(PAGE_REPORT, true) : null;
  var stored = page ? await readEntry(PAGE_SNAPSHOT, false) : null;
  if (stored) {
    pyodide = await restoredStart(stored, [PAGE_SNAPSHOT, PAGE_REPORT]);
    if (pyodide === null) return; // the page starts a new worker
    restoredFrom = "page";
    pageRestored = page;
    bridge = pyodide.runPython("import live_bridge\nlive_bridge.BRIDGE");
  } else {
    stored = fresh ? null : await readEntry(SITE_SNAPSHOT, false);
    var prebuilt = stored || fresh ? null : await readPrebuilt();
    if (stored) {
      pyodide = await restoredStart(stored, [SITE_SNAPSHOT]);
      if (pyodide === null) return;
      restoredFrom = "site";
    } else if (prebuilt) {
      mark("prebuilt_read");
      pyodide = await restoredStart(prebuilt, [PREBUILT_SNAPSHOT]);
      if (pyodide === null) return;
      restoredFrom = "prebuilt";
    } else {
      pyodide = await freshStart();
    }
    bridge = pyodide.runPython("import live_bridge\nlive_bridge.BRIDGE = live_bridge.Bridge()\nlive_bridge.BRIDGE");
  }
  mark("bridge");
  while (pending.length) safe(pending.shift());
}

function keepScripts() {
  var urls = [self.location.href, "pyodide/pyodide.js", "pyodide/pyodide.asm.js"].map(function (u) {
    return new URL(u, self.location.href).href.split("#")[0];
  });
  return openCache().then(function (cache) {
    return Promise.all(urls.map(function (url) {
      return cache.match(url).then(function (hit) { return hit ? null : cache.add(url); });
    }));
  }).catch(function (err) {
    console.warn("rulebook live: the worker's scripts were not kept for offline use (" + err.message + ")");
  });
}

start().catch(function (err) {
  self.postMessage({ type: "failed", error: String(err && err.message ? err.message : err) });
});
