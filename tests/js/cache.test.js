// The service worker's cache naming and request rules (live/sw-cache.js), under Node's test
// runner: node --test tests/js/ (tests/test_js.py runs it in make check and make test).
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const path = require("node:path");
const cache = require(path.join(__dirname, "..", "..", "live", "sw-cache.js"));

test("the cache is named after the build's version", () => {
  assert.equal(cache.cacheName("0123456789abcdef"), "rb-live-0123456789abcdef");
  assert.notEqual(cache.cacheName("a"), cache.cacheName("b"));
});

test("an active worker deletes the older builds' caches and nothing else", () => {
  const current = cache.cacheName("new");
  const keys = [current, cache.cacheName("old"), "rb-live-", "other-site-cache", "xrb-live-old"];
  assert.deepEqual(keys.filter((key) => cache.isOldCache(key, current)), ["rb-live-old", "rb-live-"]);
});

test("pages' live files that change with a build are revalidated; the rest comes from the cache", () => {
  for (const p of [
    "/live/worker.js",
    "/live/live_bridge.py",
    "/live/boot.py",
    "/live/pyodide/pyodide-lock.json",
    "/live/pyodide/rulebook_py-0.1.0-py3-none-any.whl",
    "/site/live/cells.py",
  ]) {
    assert.equal(cache.networkFirst(p), true, p);
  }
  for (const p of [
    "/live/pyodide/pyodide.asm.wasm.gz",
    "/live/python-snapshot.bin.zst",
    "/live/pages/book--dice.html.bin.zst",
    "/live/unpack.js",
    "/_static/live.js",
    "/book/dice.html",
    "/live/Bridge.py",
    "/live/pyodide/sub/x.json",
  ]) {
    assert.equal(cache.networkFirst(p), false, p);
  }
});

test("a precached file's type comes from its extension, its query left out", () => {
  assert.equal(cache.typeOf("book/dice.html"), "text/html; charset=utf-8");
  assert.equal(cache.typeOf("_static/live.js?v=09bb8f43"), "text/javascript");
  assert.equal(cache.typeOf("manifest.webmanifest"), "application/manifest+json");
  assert.equal(cache.typeOf("_static/fonts/x.woff2"), "font/woff2");
  assert.equal(cache.typeOf("README"), "application/octet-stream");
  assert.equal(cache.typeOf("x.constructor"), "application/octet-stream");
});

test("offline, a French page gets the French offline page", () => {
  const root = "https://example.org/book-site/";
  assert.equal(cache.offlinePageFor(root + "fr/book/dice.html", root, "book/offline.html"), "fr/book/offline.html");
  assert.equal(cache.offlinePageFor(root + "book/dice.html", root, "book/offline.html"), "book/offline.html");
  assert.equal(cache.offlinePageFor(root + "frames.html", root, "book/offline.html"), "book/offline.html");
  assert.equal(cache.offlinePageFor("", root, "book/offline.html"), "book/offline.html");
});
