/* How the service worker names its cache and treats each request: the pure part of
 * live/sw.js, written at the head of rb-sw.js by live/build.py (rbCache), and a module
 * for Node's test runner (tests/js/).
 *
 * The cache's name carries the build's version (a hash of the whole built site,
 * live/build.py): a new build installs a new service worker, which deletes every older
 * cache of the site and keeps everything else's.
 */
var rbCache = (function () {
  "use strict";
  var PREFIX = "rb-live-";
  var TYPES = {
    html: "text/html; charset=utf-8", js: "text/javascript", css: "text/css", svg: "image/svg+xml",
    json: "application/json", webmanifest: "application/manifest+json", txt: "text/plain",
    png: "image/png", woff: "font/woff", woff2: "font/woff2",
  };

  /* The cache of the build whose version this is (the worker's too: live/build.py). */
  function cacheName(version) {
    return PREFIX + version;
  }

  /* Is the cache named key an older build's, to delete once this build's worker is active? */
  function isOldCache(key, current) {
    return key.indexOf(PREFIX) === 0 && key !== current;
  }

  /* Pages, and the small live files that change with every build (the worker, its Python,
   * the lock file, the wheels), are revalidated on each visit; the rest is served from the
   * cache first (the Pyodide core at its pinned version, theme files whose URLs carry a hash). */
  function networkFirst(pathname) {
    return /\/live\/(worker\.js|[a-z_]+\.py|pyodide\/[^/]*\.(whl|json))$/.test(pathname);
  }

  /* The Content-Type of a precached file, from its extension (its query left out). */
  function typeOf(path) {
    var ext = path.split("?")[0].split(".").pop();
    return Object.prototype.hasOwnProperty.call(TYPES, ext) ? TYPES[ext] : "application/octet-stream";
  }

  /* The offline page for a page asked for: the French one (fr/...) for a page under fr/. */
  function offlinePageFor(url, root, offline) {
    return url && url.indexOf(root + "fr/") === 0 ? "fr/" + offline : offline;
  }

  return { PREFIX: PREFIX, TYPES: TYPES, cacheName: cacheName, isOldCache: isOldCache, networkFirst: networkFirst, typeOf: typeOf, offlinePageFor: offlinePageFor };
})();
if (typeof module !== "undefined" && module.exports) module.exports = rbCache;
