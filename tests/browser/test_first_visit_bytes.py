"""The weight of a first visit (issue 28): at most 12 MB until every calculator is live.

* the heaviest chapter (the one whose build-time page snapshot is biggest),
  opened in a fresh profile from a server of this test that counts every byte
  it sends (headers included, compressing nothing), is live having been sent at
  most 12 MB, and its Python came from the build's page snapshot, packed in
  Zstandard (``.zst``), not from gzip;
* the packer and the worker's decoder agree: bytes packed by ``live/pack.py``
  are unpacked by ``live/unpack.js`` (the vendored ``zstddec`` WebAssembly) in
  a Web Worker to the same SHA-256, a damaged frame is refused; a sparse page
  snapshot (the blocks that differ from the base) is rebuilt by the worker to
  the page's own bytes, and one cut short is refused; a zip archive is
  rewritten with its members stored and the same contents.
"""

from __future__ import annotations

import base64
import functools
import hashlib
import http.server
import io
import json
import random
import struct
import threading
import time
import zipfile
from pathlib import Path

import pytest

from live import pack

from .conftest import _QuietHandler
from .live import LIVE_AT_JS

FIRST_VISIT_BYTES = 12_000_000


class _Counted:
    """What the server sent: (epoch seconds, path, bytes) of every write."""

    def __init__(self) -> None:
        self.writes: list[tuple[float, str, int]] = []
        self.lock = threading.Lock()

    def until(self, moment: float) -> dict[str, int]:
        paths: dict[str, int] = {}
        with self.lock:
            for at, path, sent in self.writes:
                if at <= moment:
                    paths[path] = paths.get(path, 0) + sent
        return paths


def _counting_server(directory: Path, counted: _Counted):
    class Writer:
        def __init__(self, raw, handler) -> None:
            self.raw, self.handler = raw, handler

        def write(self, data: bytes) -> int:
            with counted.lock:
                counted.writes.append((time.time(), getattr(self.handler, "path", "?"), len(data)))
            return self.raw.write(data)

        def __getattr__(self, name: str):
            return getattr(self.raw, name)

    class Handler(_QuietHandler):
        def setup(self) -> None:
            super().setup()
            self.wfile = Writer(self.wfile, self)

    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(Handler, directory=str(directory))
    )
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"


def heaviest_chapter(html: Path) -> str:
    """The chapter whose build-time page snapshot weighs most (``book/<name>``)."""
    pages = html / "live" / "pages"
    deltas = sorted(pages.glob("*.bin.*"), key=lambda p: p.stat().st_size)
    assert deltas, "the build published no page snapshot"
    return deltas[-1].name.split(".html.")[0].replace("--", "/")


def test_the_heaviest_chapter_is_live_within_12_mb(built_site, browser):
    chapter = heaviest_chapter(built_site)
    assert (built_site / "live" / "python-snapshot.bin.zst").exists(), "snapshot not packed"
    counted = _Counted()
    server, url = _counting_server(built_site, counted)
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    try:
        context.add_init_script(LIVE_AT_JS)
        context.route(
            "**/*",
            lambda route, request: (
                route.continue_() if request.url.startswith(url) else route.abort()
            ),
        )
        page = context.new_page()
        page.goto(f"{url}/{chapter}.html", wait_until="commit")
        page.wait_for_function("() => !!window.rbLiveAt", timeout=300_000)
        assert page.evaluate("document.documentElement?.dataset.rbLive") == "ready"
        restored = page.evaluate("window.rbLive.timings.worker_from_snapshot || null")
        paths = counted.until(page.evaluate("window.rbLiveAt") / 1000)
    finally:
        context.close()
        server.shutdown()
    sent = sum(paths.values())
    biggest = sorted(paths.items(), key=lambda kv: -kv[1])[:6]
    detail = ", ".join(f"{p} {b / 1e6:.2f} MB" for p, b in biggest)
    assert sent <= FIRST_VISIT_BYTES, f"{chapter}: {sent / 1e6:.2f} MB until live ({detail})"
    assert restored == "build-page", f"{chapter} restored Python from {restored!r}"
    stem = chapter.replace("/", "--")
    assert f"/live/pages/{stem}.html.bin.zst" in paths, detail
    assert "/live/python-snapshot.bin.zst" in paths and "/live/python-snapshot.bin.gz" not in paths
    assert not [p for p in paths if "fontawesome.js" in p or "searchindex.js" in p]  # (none loads)


UNPACK_WORKER_JS = """
importScripts('/live/unpack.js');
const hex = (b) => Array.from(new Uint8Array(b), (x) => x.toString(16).padStart(2, '0')).join('');
self.onmessage = async (e) => {
  const out = {};
  try {
    const bytes = await RB_UNPACK.unzstd(new Uint8Array(e.data.packed));
    out.size = bytes.length;
    out.sha256 = hex(await crypto.subtle.digest('SHA-256', bytes));
  } catch (err) { out.error = String(err.message || err); }
  try {
    await RB_UNPACK.unzstd(new Uint8Array(e.data.damaged));
    out.damaged = 'accepted';
  } catch (err) { out.damaged = String(err.message || err); }
  const base = new Uint8Array(e.data.base);
  const sparse = new Uint8Array(e.data.sparse);
  out.isSparse = RB_UNPACK.isSparse(sparse);
  out.page = hex(await crypto.subtle.digest('SHA-256', RB_UNPACK.applySparse(sparse, base)));
  try {
    RB_UNPACK.applySparse(sparse.slice(0, sparse.length - 4), base);
    out.short = 'accepted';
  } catch (err) { out.short = String(err.message || err); }
  postMessage(out);
};
"""


def snapshot_like(size: int) -> bytes:
    """Bytes shaped like a memory snapshot: zero pages, repeats far apart, noise (seeded)."""
    rng = random.Random(28)
    block = bytes(rng.getrandbits(8) for _ in range(50_000))
    parts = [block, bytes(300_000), b"rulebook" * 20_000, block, rng.randbytes(200_000)]
    data = b"".join(parts)
    return (data * (size // len(data) + 1))[:size]


@pytest.mark.skipif(pack.compress(b"x") is None, reason="no zstd command (apt-get install zstd)")
def test_packed_bytes_unpack_in_the_worker_to_the_same_bytes(built_site, browser, tmp_path):
    raw = snapshot_like(1_500_000)
    packed = pack.compress(raw)
    assert packed is not None and len(packed) < len(raw) // 4
    assert pack.frame_size(packed) == len(raw)
    assert pack.decompress(packed) == raw
    damaged = bytearray(packed)
    damaged[len(damaged) // 2] ^= 0xFF
    # A page snapshot: the base with a few words changed, one block past its end (the last
    # block shorter than the others), as the worker stores it (XOR delta), made sparse.
    base = snapshot_like(40_004)
    page = bytearray(base + b"tail")
    for at in (0, 4, 4096, 20_000, 40_000):
        page[at : at + 4] = b"WXYZ"
    xor = bytes(a ^ b for a, b in zip(page, base + bytes(4), strict=True))
    sparse = pack.sparse_from_xor(struct.pack("<II", pack.XOR_MAGIC, len(page)) + xor, base)
    assert pack.apply_sparse(sparse, base) == page
    assert len(sparse) < 12 + 40_008 // 16 // 8 + 4 + 5 * 16
    (tmp_path / "live").mkdir()
    for name in ("unpack.js", "zstddec.wasm"):
        (tmp_path / "live" / name).write_bytes((built_site / "live" / name).read_bytes())
    (tmp_path / "live" / "test-worker.js").write_text(UNPACK_WORKER_JS, encoding="utf-8")
    (tmp_path / "index.html").write_text("<!doctype html><title>unpack</title>", encoding="utf-8")
    server, url = _counting_server(tmp_path, _Counted())
    tab = browser.new_page()
    try:
        tab.goto(f"{url}/index.html")
        got = tab.evaluate(
            """([packed, damaged, base, sparse]) => new Promise((resolve) => {
                const w = new Worker('/live/test-worker.js');
                w.onmessage = (e) => resolve(e.data);
                w.onerror = (e) => resolve({error: e.message});
                const bytes = (s) => Uint8Array.from(atob(s), (c) => c.charCodeAt(0)).buffer;
                w.postMessage({packed: bytes(packed), damaged: bytes(damaged),
                               base: bytes(base), sparse: bytes(sparse)});
            })""",
            [base64.b64encode(bytes(b)).decode() for b in (packed, damaged, base, sparse)],
        )
    finally:
        tab.close()
        server.shutdown()
    assert got.get("error") is None, got
    assert got["size"] == len(raw)
    assert got["sha256"] == hashlib.sha256(raw).hexdigest()
    assert got["damaged"].startswith("zstd:"), got["damaged"]
    assert got["isSparse"] is True
    assert got["page"] == hashlib.sha256(bytes(page)).hexdigest()
    assert got["short"] == "the page snapshot is damaged"


def test_a_zip_is_repacked_with_its_members_stored_and_the_same_contents():
    buffer = io.BytesIO()
    files = {
        "a.py": "x = 1\n" * 500,
        "pkg/__init__.py": "",
        "pkg/b.py": json.dumps(list(range(99))),
    }
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
        for name, text in files.items():
            z.writestr(name, text)
    stored = zipfile.ZipFile(io.BytesIO(pack.stored_zip(buffer.getvalue())))
    assert [i.filename for i in stored.infolist()] == list(files)
    assert {i.compress_type for i in stored.infolist()} == {zipfile.ZIP_STORED}
    assert {n: stored.read(n).decode() for n in files} == files
    assert stored.testzip() is None
