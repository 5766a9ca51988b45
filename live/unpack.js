/* Unpacking of the build's Python snapshots in the worker (loaded by live/worker.js).
 *
 * live/build.py publishes its snapshot of Python and its page snapshots packed
 * in Zstandard (<name>.zst, live/pack.py): a third smaller than gzip, which is
 * all a browser unpacks natively. They are unpacked here by the WebAssembly
 * build of the reference decoder from the npm package zstddec (pinned with its
 * sha512 in scripts/vendor.json, published as live/zstddec.wasm): 30 MB in about
 * 0.1 s. A build without the zstd command publishes <name>.gz instead, which
 * is read with DecompressionStream.
 *
 * RB_UNPACK.read(fetch, url) -> Promise of the bytes of url + ".zst", else of
 *   url + ".gz", else null;
 * RB_UNPACK.fetchPacked(fetch, url, type) -> Promise of a Response of those bytes;
 * RB_UNPACK.unzstd(bytes) -> Promise of the bytes of one Zstandard frame;
 * RB_UNPACK.applySparse(sparse, base) -> the page snapshot from a sparse one
 *   (isSparse(bytes) says which): the blocks that differ from the build's snapshot;
 * RB_UNPACK.precompile(fetch, url) -> compile the WebAssembly at url now, for
 *   Pyodide's WebAssembly.instantiateStreaming (overlapped with the snapshot).
 * The big runtime files (the WebAssembly, pyodide.asm.js, the standard library)
 * are published the same way, their zip archives with every member stored.
 */
/* exported RB_UNPACK */
"use strict";
var RB_UNPACK = (function () {
  var HERE = new URL("./", self.location.href).href;
  var compiled = null;

  function decoder(fetchFn) {
    if (!compiled) {
      compiled = (fetchFn || self.fetch)(HERE + "zstddec.wasm").then(function (response) {
        if (!response.ok) throw new Error("zstddec.wasm: HTTP " + response.status);
        return response.arrayBuffer();
      }).then(function (buffer) {
        return WebAssembly.compile(buffer);
      });
      compiled.catch(function () { compiled = null; });
    }
    return compiled;
  }

  /* One instance per frame: its memory (the packed and unpacked bytes) is freed with it. */
  function unzstd(bytes, fetchFn) {
    return decoder(fetchFn).then(function (module) {
      var instance = new WebAssembly.Instance(module, { env: { emscripten_notify_memory_growth: function () {} } });
      var z = instance.exports;
      var src = z.malloc(bytes.byteLength);
      if (!src) throw new Error("zstd: out of memory");
      new Uint8Array(z.memory.buffer).set(bytes, src);
      var size = z.ZSTD_findDecompressedSize(src, bytes.byteLength);
      size = typeof size === "bigint" ? size : BigInt(size);
      if (size < BigInt(0) || size >= BigInt(0x80000000)) throw new Error("zstd: not one frame of known size");
      var n = Number(size);
      var dst = z.malloc(n || 1);
      if (!dst) throw new Error("zstd: out of memory");
      var got = z.ZSTD_decompress(dst, n, src, bytes.byteLength);
      if (z.ZSTD_isError(got) || got !== n) throw new Error("zstd: the packed data is damaged");
      return new Uint8Array(z.memory.buffer, dst, n).slice();
    });
  }

  function bytesOf(response) {
    return response.arrayBuffer().then(function (buffer) { return new Uint8Array(buffer); });
  }

  function readGzip(fetchFn, url) {
    return fetchFn(url + ".gz").then(function (gz) {
      if (!gz.ok) return null;
      return bytesOf(new Response(gz.body.pipeThrough(new DecompressionStream("gzip"))));
    });
  }

  function read(fetchFn, url) {
    return fetchFn(url + ".zst").then(function (response) {
      if (!response.ok) return readGzip(fetchFn, url);
      return bytesOf(response).then(function (bytes) { return unzstd(bytes, fetchFn); });
    }, function () {
      return readGzip(fetchFn, url); // (offline, with only the .gz kept)
    });
  }

  var early = {}; // url -> promise of its bytes, fetched ahead (precompile)

  /* A Response with the bytes of url (published packed), or a 404 when there is none. */
  function fetchPacked(fetchFn, url, type) {
    var bytes = early[url] || read(fetchFn, url);
    delete early[url];
    return bytes.then(function (bytes) {
      if (!bytes) return new Response(null, { status: 404 });
      return new Response(bytes, { status: 200, headers: { "Content-Type": type } });
    });
  }

  /* Fetch, unpack and compile the WebAssembly now, while the snapshot is fetched and
   * unpacked: Pyodide's next WebAssembly.instantiateStreaming gets this module
   * (its own fetch of url is answered from the same bytes, not downloaded again). */
  function precompile(fetchFn, url) {
    early[url] = read(fetchFn, url);
    var compiled = early[url].then(function (bytes) {
      if (!bytes) throw new Error(url + ": not published");
      return WebAssembly.compile(bytes);
    });
    compiled.catch(function () {});
    var original = WebAssembly.instantiateStreaming;
    WebAssembly.instantiateStreaming = function (source, imports) {
      WebAssembly.instantiateStreaming = original; // (once)
      return compiled.then(function (module) {
        return WebAssembly.instantiate(module, imports).then(function (instance) {
          return { module: module, instance: instance };
        });
      }, function () {
        return original.call(WebAssembly, source, imports);
      });
    };
  }

  /* A sparse page snapshot (live/pack.py): "RBS1", its length in bytes, the words per
   * block, a bitmap of the blocks that differ from the build's snapshot (padded to
   * whole words), then those blocks' own words. */
  var SPARSE_MAGIC = 0x31534252;

  function isSparse(bytes) {
    return bytes.byteLength >= 12 && new DataView(bytes.buffer, bytes.byteOffset, 12).getUint32(0, true) === SPARSE_MAGIC;
  }

  function applySparse(sparse, base) {
    var damaged = new Error("the page snapshot is damaged");
    if (sparse.byteOffset % 4 || sparse.byteLength % 4) sparse = sparse.slice();
    if (sparse.byteLength % 4 || base.byteOffset % 4) throw damaged;
    var head = new Uint32Array(sparse.buffer, sparse.byteOffset, sparse.byteLength / 4);
    var length = head[1];
    var block = head[2];
    if (!isSparse(sparse) || length % 4 || !block) throw damaged;
    var words = length / 4;
    var blocks = Math.ceil(words / block);
    var at = 3 + Math.ceil(Math.ceil(blocks / 8) / 4);
    var bits = new Uint8Array(sparse.buffer, sparse.byteOffset + 12, Math.ceil(blocks / 8));
    var out = new Uint32Array(words);
    var from = new Uint32Array(base.buffer, base.byteOffset, Math.min(words, base.byteLength >> 2));
    out.set(from);
    for (var i = 0; i < blocks; i++) {
      if (!((bits[i >> 3] >> (i & 7)) & 1)) continue;
      var start = i * block;
      var end = Math.min(start + block, words);
      if (at + end - start > head.length) throw damaged;
      for (var w = start; w < end; w++) out[w] = head[at++];
    }
    if (at !== head.length) throw damaged;
    return new Uint8Array(out.buffer);
  }

  return {
    read: read, unzstd: unzstd, fetchPacked: fetchPacked, precompile: precompile,
    isSparse: isSparse, applySparse: applySparse,
  };
})();
