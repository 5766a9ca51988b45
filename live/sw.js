/* The website's service worker (written to rb-sw.js by scripts/build_lite.py).
 *
 * It keeps every file of this site that a visited page used in Cache Storage,
 * so that a second visit downloads and compiles nothing it already has, and the
 * live calculators work with the network off (see networkFirst below for which
 * files are revalidated on each visit). The cache name carries a hash of the whole
 * build: a new build installs a new service worker, which deletes the old cache.
 */
"use strict";
var CACHE = "rb-live-__VERSION__";

self.addEventListener("install", function () {
  self.skipWaiting();
});

self.addEventListener("activate", function (event) {
  event.waitUntil(
    caches.keys().then(function (keys) {
      return Promise.all(
        keys.map(function (key) {
          if (key.indexOf("rb-live-") === 0 && key !== CACHE) return caches.delete(key);
          return null;
        })
      );
    }).then(function () {
      return self.clients.claim();
    })
  );
});

function sameSite(url) {
  return new URL(url, self.location.href).origin === self.location.origin;
}

function store(cache, request, response) {
  if (response && response.ok && response.type === "basic" && response.status === 200) {
    return cache.put(request, response.clone()).catch(function () {});
  }
  return Promise.resolve();
}

/* Pages, and the small live files that change with every build (the worker, the
 * lock file, the wheels): from the network first, so that the first page after a
 * new build already gets them; offline, from the cache. The rest (the Pyodide
 * core at its pinned version, theme files whose URLs carry a content hash) is
 * served from the cache first. */
function networkFirst(url) {
  return /\/live\/(worker\.js|pyodide\/[^/]*\.(whl|json))$/.test(new URL(url).pathname);
}

/* From the network, asking "changed since the copy I have?" (a 304 costs a few
 * hundred bytes); offline or on any network error, the cached copy. */
function revalidate(cache, request) {
  return cache.match(request, { ignoreSearch: true }).then(function (hit) {
    var headers = new Headers();
    var modified = hit && hit.headers.get("last-modified");
    var etag = hit && hit.headers.get("etag");
    if (modified) headers.set("If-Modified-Since", modified);
    if (etag) headers.set("If-None-Match", etag);
    var ask = hit
      ? fetch(request.url, { headers: headers, cache: "no-store", credentials: "same-origin" })
      : fetch(request);
    return ask.then(function (response) {
      if (response.status === 304 && hit) return hit;
      if (response.redirected && request.mode === "navigate") return fetch(request);
      store(cache, request, response);
      return response;
    }, function (err) {
      if (hit) return hit;
      throw err;
    });
  });
}

/* A page asks for the files it used before this worker controlled it. */
self.addEventListener("message", function (event) {
  var data = event.data || {};
  if (data.type !== "rb-cache" || !Array.isArray(data.urls)) return;
  event.waitUntil(
    caches.open(CACHE).then(function (cache) {
      return Promise.all(
        data.urls.filter(sameSite).map(function (url) {
          var key = url.split("#")[0];
          return cache.match(key, { ignoreSearch: false }).then(function (hit) {
            if (hit) return null;
            return fetch(key).then(function (response) {
              return store(cache, key, response);
            }).catch(function () {});
          });
        })
      );
    })
  );
});

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET" || !sameSite(request.url) || request.headers.has("range")) return;
  if (request.mode === "navigate" || networkFirst(request.url)) {
    event.respondWith(caches.open(CACHE).then(function (cache) { return revalidate(cache, request); }));
    return;
  }
  event.respondWith(
    caches.open(CACHE).then(function (cache) {
      return cache.match(request).then(function (hit) {
        if (hit) return hit;
        return fetch(request).then(function (response) {
          store(cache, request, response);
          return response;
        });
      });
    })
  );
});
