/* The website's service worker (written to rb-sw.js by live/build.py).
 *
 * It keeps every file of this site that a visited page used in Cache Storage,
 * so that a second visit downloads and compiles nothing it already has, and the
 * live calculators work with the network off (see networkFirst below for which
 * files are revalidated on each visit). The cache name carries a hash of the whole
 * build: a new build installs a new service worker, which deletes the old cache.
 *
 * The whole book offline: once a page has loaded (a page with calculators: once
 * they are live), the page asks for the precache: every page of the book and
 * every file the pages use (PRECACHE, written by live/build.py). A file with a
 * .gz sibling is fetched as that and unpacked here, so a host that compresses
 * nothing still sends the book compressed. A page that is not in the cache
 * while offline gets the book's own "not available offline" page, in the
 * page's language (the French edition, under fr/, has its own).
 */
"use strict";
/* __CACHE_NAMES__ (live/build.py writes live/sw-cache.js here: rbCache) */
var CACHE = rbCache.cacheName("__VERSION__");
var PRECACHE = __PRECACHE__;
var OFFLINE = __OFFLINE__;
var OFFLINE_FR = "fr/" + OFFLINE;
var ROOT = new URL("./", self.location.href).href;

self.addEventListener("install", function (event) {
  self.skipWaiting();
  // The offline page first (a few kilobytes): it must be there whatever happens.
  event.waitUntil(caches.open(CACHE).then(function (cache) {
    return Promise.all([precacheOne(cache, [OFFLINE, true]), precacheOne(cache, [OFFLINE_FR, true])]);
  }).catch(function () {}));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(
    caches.keys().then(function (keys) {
      return Promise.all(
        keys.map(function (key) {
          if (rbCache.isOldCache(key, CACHE)) return caches.delete(key);
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

/* One precache entry [url, gzipped], unless the cache has it. */
function precacheOne(cache, entry) {
  var key = ROOT + entry[0];
  return cache.match(key).then(function (hit) {
    if (hit) return null;
    var file = ROOT + entry[0].split("?")[0];
    return fetch(entry[1] ? file + ".gz" : file, { cache: "no-cache" }).then(function (response) {
      if (!response.ok) return null;
      var body = entry[1] ? response.body.pipeThrough(new DecompressionStream("gzip")) : response.body;
      return cache.put(key, new Response(body, { status: 200, headers: { "Content-Type": rbCache.typeOf(entry[0]) } }));
    });
  });
}

var precaching = null;

/* Every page of the book and what it uses, four at a time; resolves with how many failed. */
function precacheAll() {
  if (precaching) return precaching;
  precaching = caches.open(CACHE).then(function (cache) {
    var todo = PRECACHE.slice();
    var failed = 0;
    function next() {
      var entry = todo.shift();
      if (!entry) return Promise.resolve();
      return precacheOne(cache, entry).catch(function () { failed += 1; }).then(next);
    }
    return Promise.all([next(), next(), next(), next()]).then(function () { return failed; });
  });
  precaching.then(function (failed) {
    if (failed) precaching = null; // (try the missing ones again on the next page)
    return self.clients.matchAll().then(function (clients) {
      clients.forEach(function (client) { client.postMessage({ type: "rb-precached", failed: failed }); });
    });
  });
  return precaching;
}

/* Pages, and the small live files that change with every build: from the network
 * first, so that the first page after a new build already gets them; offline, from
 * the cache (rbCache.networkFirst says which). */
function networkFirst(url) {
  return rbCache.networkFirst(new URL(url).pathname);
}

/* The book's "not available offline" page in the language of the page asked
 * for (the French one for a page under fr/), its links resolved from where it is kept. */
function offlinePage(cache, url) {
  var page = rbCache.offlinePageFor(url, ROOT, OFFLINE);
  return cache.match(ROOT + page).then(function (hit) {
    if (hit || page === OFFLINE) return [hit, page];
    return cache.match(ROOT + OFFLINE).then(function (english) { return [english, OFFLINE]; });
  }).then(function (found) {
    var hit = found[0];
    if (!hit) return Response.error();
    return hit.text().then(function (text) {
      var base = '<base href="' + new URL(found[1], ROOT).href + '">';
      return new Response(text.replace("<head>", "<head>" + base), {
        status: 200, // (a page of the book, which says what happened)
        headers: { "Content-Type": rbCache.TYPES.html },
      });
    });
  });
}

/* From the network, asking "changed since the copy I have?" (a 304 costs a few
 * hundred bytes); offline or on any network error, the cached copy, and for a
 * page with no cached copy the offline page. */
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
      if (request.mode === "navigate") return offlinePage(cache, request.url);
      throw err;
    });
  });
}

/* A page asks for the files it used before this worker controlled it, or for the precache. */
self.addEventListener("message", function (event) {
  var data = event.data || {};
  if (data.type === "rb-precache") {
    event.waitUntil(precacheAll());
    return;
  }
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
