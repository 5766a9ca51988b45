"""Build the website's live calculators: Pyodide in a Web Worker, only what they need.

Usage: python -m live.build [--out _build/html/live]   (from the repository's root)
       python -m live.build --dist _build/rulebook-site.zip   (pack the built site)

Run after ``jupyter-book build`` of both editions (the French one moved to
``_build/html/fr/`` by ``make book``). It first links the editions
(``live/editions.py``: shared ``_static`` files, the English ids on the French
pages, the language switch and alternate links, both offline pages) and sets
French typography on every French page (``live/typeset.py``). Every
calculator of a chapter page of either edition comes alive where it stands
(``_static/live.js``, in the page's language); this script writes what that
needs, all served by the site itself:

* ``live/pyodide/``: the Pyodide core from the npm package ``pyodide``
  (pinned with its sha512 in ``scripts/vendor.json``), a lean
  ``pyodide-lock.json`` that lists only the four packages the calculators
  import -- ``traitlets`` and ``comm`` and ``ipywidgets`` (pure-Python wheels
  from PyPI, ``traitlets`` at the version Pyodide's own lock names, the two
  others at this environment's versions) and ``rulebook_py`` (a wheel built
  from this tree) -- with their sha256, which Pyodide checks;
* ``live/worker.js``: the Web Worker (``live/worker.js`` of the tree) with the
  package list and the build's cache name written in, and beside it its
  Python: the bridge between the page's widget models and Python
  (``live/live_bridge.py``) and how Python is started (``live/boot.py``); it
  keeps what it downloads, and a memory snapshot of the started interpreter,
  in that cache, so that a later visit restores Python instead of starting it;
* the big files of the runtime (the WebAssembly, ``pyodide.asm.js``, the
  standard library, the build's snapshot) published gzipped only: the worker
  unpacks them itself (``DecompressionStream``), so any static host sends them
  compressed;
* ``rb-sw.js`` at the site root: the service worker that keeps every file a
  visited page used in Cache Storage, so a second visit downloads nothing
  again and works offline. Its cache name is a hash of the whole built site,
  so a new build replaces the old cache.
"""

from __future__ import annotations

import argparse
import base64
import functools
import gzip
import hashlib
import html as html_module
import http.server
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import zipfile
from importlib import metadata
from pathlib import Path

from live.cells_pages import add_cells
from live.editions import keep_english_ids, link_editions, share_static
from live.pack import repack_snapshots, write_unpacker
from live.site_files import (
    OFFLINE_PAGE,
    add_manifest_links,
    drop_repeated_viewports,
    drop_unused_scripts,
    gzip_scripts,
    pack,
    precache_list,
    slim_widget_state,
    write_manifest,
    write_offline_page,
)
from live.typeset import typeset_french_pages
from scripts.book_i18n import config_words
from scripts.vendor_js import tarball, unpack

ROOT = Path(__file__).resolve().parent.parent
LIVE = ROOT / "live"

WHEEL_CACHE = ROOT / ".cache" / "wheels"
HTML = ROOT / "_build" / "html"
#: Wheels from PyPI: name -> (import names, depends, version or None for this environment's).
FROM_PYPI = {
    "traitlets": (["traitlets"], [], "lock"),
    "comm": (["comm"], ["traitlets"], None),
    "ipywidgets": (["ipywidgets"], ["comm", "traitlets"], None),
}
#: What the worker loads, in this order (dependencies first).
PACKAGES = ["traitlets", "comm", "ipywidgets", "rulebook-py"]
#: Files of live/ published gzipped only (the worker unpacks them): path -> Content-Type.
GZIPPED = {
    "pyodide/pyodide.asm.wasm": "application/wasm",
    "pyodide/pyodide.asm.js": "text/javascript",
    "pyodide/python_stdlib.zip": "application/zip",
    "pyodide/python_stdlib.lean.zip": "application/zip",  # (written with the snapshot)
}
#: The worker's Python, published beside it.
PYTHON_FILES = ["live_bridge.py", "boot.py", "cells.py"]
#: The code cells' editor in the page, published under ``_static/`` (not in the book's
#: ``_static/``, whose scripts Jupyter Book adds to every page): ``live/cells_pages.py``
#: links it from the pages with code cells only.
CELL_FILES = {"cells.js": "rb-cells.js", "cells.css": "rb-cells.css"}


def canonical(name: str) -> str:
    """A distribution name in its normal form (``Foo_Bar`` -> ``foo-bar``)."""
    return re.sub(r"[-_.]+", "-", name).lower()


def sha256(path: Path) -> str:
    """The hex sha256 of a file."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


#: Python version of the Pyodide runtime (set from its lock file).
PYTHON_VERSION = ["3.12"]


def pypi_wheel(name: str, version: str) -> Path:
    """A py3-none-any wheel from PyPI (pip's ordinary client), cached under .cache/wheels."""
    WHEEL_CACHE.mkdir(parents=True, exist_ok=True)
    stem = canonical(name).replace("-", "_")
    found = [
        p for p in WHEEL_CACHE.glob("*.whl") if canonical(p.name.split("-")[0]) == canonical(stem)
    ]
    found = [p for p in found if p.name.split("-")[1] == version]
    if not found:
        subprocess.run(
            [
                sys.executable,
                "-m",
                "pip",
                "download",
                "--quiet",
                "--no-deps",
                "--only-binary=:all:",
                "--python-version",
                PYTHON_VERSION[0],
                "--dest",
                str(WHEEL_CACHE),
                f"{name}=={version}",
            ],
            check=True,
        )
        found = [
            p
            for p in WHEEL_CACHE.glob("*.whl")
            if canonical(p.name.split("-")[0]) == canonical(stem)
            and p.name.split("-")[1] == version
        ]
    if not found:
        sys.exit(f"live.build: no wheel for {name}=={version}")
    return found[0]


def build_rulebook_wheel(dest: Path) -> Path:
    """``rulebook_py`` as a wheel, built from a copy of the tree (the tree stays clean)."""
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "src"
        src.mkdir()
        for name in ("pyproject.toml", "README.md"):
            shutil.copy(ROOT / name, src / name)
        shutil.copytree(
            ROOT / "rulebook_py",
            src / "rulebook_py",
            ignore=shutil.ignore_patterns("__pycache__", "*.pyc"),
        )
        subprocess.run(
            [
                sys.executable,
                "-m",
                "pip",
                "wheel",
                "--quiet",
                "--no-deps",
                "--no-build-isolation",
                "-w",
                str(dest),
                str(src),
            ],
            check=True,
        )
    return next(dest.glob("rulebook_py-*.whl"))


def entry(name: str, wheel: Path, imports: list[str], depends: list[str]) -> dict:
    """The lock-file entry of one wheel."""
    return {
        "name": name,
        "version": wheel.name.split("-")[1],
        "file_name": wheel.name,
        "install_dir": "site",
        "sha256": sha256(wheel),
        "package_type": "package",
        "imports": imports,
        "depends": depends,
        "unvendored_tests": False,
    }


def prepare_pyodide(pyodide_dir: Path) -> None:
    """Pyodide core, the four wheels and the lean lock file, under ``pyodide_dir``."""
    spec = json.loads((ROOT / "scripts" / "vendor.json").read_text())["lite"]
    if pyodide_dir.exists():
        shutil.rmtree(pyodide_dir)
    unpack(
        tarball(spec["name"], spec["version"], spec["integrity"]),
        spec["copy"],
        spec["exclude"],
        pyodide_dir.parent,
    )
    for extra in spec.get("drop", []):
        (pyodide_dir / extra).unlink(missing_ok=True)
    lock_path = pyodide_dir / "pyodide-lock.json"
    lock = json.loads(lock_path.read_text())
    PYTHON_VERSION[0] = ".".join(lock["info"]["python"].split(".")[:2])
    packages = {}
    for name, (imports, depends, version) in FROM_PYPI.items():
        if version == "lock":
            version = lock["packages"][name]["version"]
        wheel = pypi_wheel(name, version or metadata.version(name))
        shutil.copy(wheel, pyodide_dir / wheel.name)
        packages[name] = entry(name, wheel, imports, depends)
    wheel = build_rulebook_wheel(pyodide_dir)
    packages["rulebook-py"] = entry("rulebook-py", wheel, ["rulebook_py"], ["ipywidgets"])
    lock_path.write_text(json.dumps({"info": lock["info"], "packages": packages}, indent=1) + "\n")


#: Written into the worker before the site is hashed, then replaced by the cache name.
CACHE_PLACEHOLDER = "var CACHE = __CACHE__;"


def write_worker(out: Path) -> None:
    """``live/worker.js`` with the package list and the gzipped files written in, its Python beside it."""
    template = (LIVE / "worker.js").read_text(encoding="utf-8")
    text = template.replace("__PACKAGES__", json.dumps(PACKAGES)).replace(
        "__GZIPPED__", json.dumps(GZIPPED)
    )
    (out / "worker.js").write_text(text, encoding="utf-8")
    for name in PYTHON_FILES:
        shutil.copy(LIVE / name, out / name)
    write_pretty_printer(out)
    for name, published in CELL_FILES.items():
        shutil.copy(LIVE / name, out.parent / "_static" / published)


def write_pretty_printer(out: Path) -> None:
    """``ipython_pretty.py``: IPython's own plain-text printer, for the code cells' values.

    The browser's Python has no IPython (a dozen packages); its printer is one
    module of the standard library only, copied from this environment's
    IPython, so a cell's value reads as the book's stored output
    (``live/cells.py``).
    """
    from IPython.lib import pretty

    source = Path(pretty.__file__).read_text(encoding="utf-8")
    banned = re.findall(r"^(?:from|import) (IPython\S*)", source, re.M)
    if banned:
        sys.exit(f"live.build: IPython's pretty printer now imports {banned}: it cannot be copied")
    (out / "ipython_pretty.py").write_text(source, encoding="utf-8")


def gzip_file(path: Path, keep: bool = False) -> Path:
    """``path`` + ``.gz`` (best compression, no timestamp: the same bytes every build)."""
    target = path.with_name(path.name + ".gz")
    target.write_bytes(gzip.compress(path.read_bytes(), compresslevel=9, mtime=0))
    if not keep:
        path.unlink()
    return target


def compress_runtime(out: Path) -> None:
    """The big runtime files, published gzipped only (see :data:`GZIPPED`)."""
    for name in GZIPPED:
        if (out / name).exists():
            gzip_file(out / name)


def name_worker_cache(out: Path, version: str) -> None:
    """Give the worker the build's cache name (where it keeps its files and Python snapshot)."""
    worker = out / "worker.js"
    text = worker.read_text(encoding="utf-8")
    worker.write_text(
        text.replace(CACHE_PLACEHOLDER, f"var CACHE = {json.dumps(CACHE_PREFIX + version)};", 1),
        encoding="utf-8",
    )


def site_version(html: Path) -> str:
    """A hash of every file of the built site (the service worker's cache name)."""
    digest = hashlib.sha256()
    for path in sorted(p for p in html.rglob("*") if p.is_file()):
        rel = path.relative_to(html).as_posix()
        if rel in {"rb-sw.js", ".rulebook-built"} or rel.startswith(".doctrees"):
            continue
        digest.update(rel.encode() + b"\0" + hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()[:16]


#: The line of ``live/sw.js`` where ``live/sw-cache.js`` (its pure part: the cache's name,
#: which requests are revalidated) is written in, so that ``rb-sw.js`` is one file.
CACHE_NAMES_LINE = re.compile(r"^/\* __CACHE_NAMES__ .*\*/$", re.M)
#: The build's cache name is this and the version (``rbCache.cacheName`` in ``live/sw-cache.js``).
CACHE_PREFIX = "rb-live-"


def service_worker_source() -> str:
    """``live/sw.js`` with ``live/sw-cache.js`` written in (still to be given the build's values).

    Example:
        >>> text = service_worker_source()
        >>> "var rbCache = " in text and "__CACHE_NAMES__" not in text
        True
    """
    template = (LIVE / "sw.js").read_text(encoding="utf-8")
    names = (LIVE / "sw-cache.js").read_text(encoding="utf-8").rstrip("\n")
    text, count = CACHE_NAMES_LINE.subn(lambda _match: names, template, count=1)
    if count != 1:
        raise RuntimeError("live/sw.js has no /* __CACHE_NAMES__ ... */ line for live/sw-cache.js")
    return text


def write_service_worker(html: Path, precache: list[list[object]]) -> str:
    """``rb-sw.js`` at the site root, named after the build; returns the build's version."""
    version = site_version(html)
    text = (
        service_worker_source()
        .replace("__VERSION__", version)
        .replace("__PRECACHE__", json.dumps(precache, separators=(",", ":")))
    )
    (html / "rb-sw.js").write_text(
        text.replace("__OFFLINE__", json.dumps(OFFLINE_PAGE)), encoding="utf-8"
    )
    return version


def book_title() -> str:
    """The book's title, from ``_config.yml``."""
    match = re.search(r"^title:\s*(.+)$", (ROOT / "_config.yml").read_text(), re.M)
    return match.group(1).strip().strip("\"'") if match else "The Interactive Rulebook"


def refresh_static(html: Path) -> list[str]:
    """The book's own ``_static`` files, copied again where they changed.

    Sphinx copies them only when it writes a page: a build after a change to
    ``_static/live.js`` alone ("no targets are out of date") kept the old
    copy. Returns the files copied.
    """
    copied = []
    for source in sorted((ROOT / "_static").rglob("*")):
        if not source.is_file():
            continue
        target = html / "_static" / source.relative_to(ROOT / "_static")
        if not target.exists() or target.read_bytes() != source.read_bytes():
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, target)
            copied.append(target.relative_to(html).as_posix())
    return copied


def french_title(html: Path) -> str:
    """The French edition's title, as its home page gives it (``<title>Page — Title</title>``)."""
    text = (html / "fr" / "book" / "intro.html").read_text(encoding="utf-8")
    match = re.search(r"<title>(.*?)</title>", text, re.S)
    title = match.group(1) if match else ""
    return html_module.unescape(re.split(r" &#8212; | — ", title)[-1]).strip() or book_title()


def link_both_editions(html: Path) -> None:
    """The French edition (``fr/``) shares the English files and ids; every page gets its switch.

    The offline pages are written first, so that they get theirs (see ``live/editions.py``).
    """
    if (html / "fr").is_dir():
        print(
            f"live.build: {share_static(html)} French _static files shared with the English edition"
        )
        added, unpaired = keep_english_ids(html)
        print(
            f"live.build: {added} English ids kept on French pages; unpaired: {unpaired or 'none'}"
        )
    write_offline_page(html)
    print(f"live.build: language switch and alternate links in {link_editions(html)} pages")
    if (html / "fr").is_dir():
        words = config_words(ROOT / "locale" / "fr" / "LC_MESSAGES" / "_config.po")
        set_pages = typeset_french_pages(html, words)
        print(f"live.build: French typography and theme words set in {set_pages} French pages")


def installable_offline(html: Path) -> list[list[object]]:
    """Manifest, icons, the offline page, and the precache list (see ``live/site_files.py``)."""
    saved = slim_widget_state(html)
    print(f"live.build: widget state of the pages {saved / 1e6:.1f} MB lighter")
    print(f"live.build: {drop_unused_scripts(html)} tags of scripts no page runs taken out")
    packed = gzip_scripts(html, LIVE / "gz-loader.js")
    print(f"live.build: {len(packed)} big scripts run from their gzipped copies")
    write_manifest(html, book_title())
    if (html / "fr").is_dir():
        write_manifest(html, french_title(html), "fr")
    pages = add_manifest_links(html)
    print(f"live.build: one viewport tag in {drop_repeated_viewports(html)} pages that had more")
    precache = precache_list(html)
    size = sum((html / str(url).split("?")[0]).stat().st_size for url, _ in precache)
    print(
        f"live.build: manifest in {pages} pages; precache of {len(precache)} files "
        f"({size / 1e6:.1f} MB unpacked)"
    )
    return precache


#: How long the build waits for Python to start in headless Chromium.
SNAPSHOT_TIMEOUT_MS = 180_000
MAKE_SNAPSHOT_JS = """async (timeout) => {
    const made = await Promise.race([
        new Promise((resolve, reject) => {
            const worker = new Worker('/live/worker.js', { name: '\\nbuild' });
            worker.onmessage = (e) => e.data.type === 'snapshot'
                ? resolve(e.data) : reject(new Error(e.data.error || e.data.type));
            worker.onerror = (e) => reject(new Error(e.message || 'the worker failed'));
        }),
        new Promise((_, reject) => setTimeout(() => reject(new Error('timed out')), timeout)),
    ]);
    const gzip = new Blob([made.bytes]).stream().pipeThrough(new CompressionStream('gzip'));
    const blob = await new Response(gzip).blob();
    const encoded = await new Promise((resolve) => {
        const reader = new FileReader();
        reader.onload = () => resolve(reader.result.split(',')[1]);
        reader.readAsDataURL(blob);
    });
    return {snapshot: encoded, files: made.files};
}"""


def make_prebuilt_snapshot(html: Path) -> str:
    """``live/python-snapshot.bin.gz``: Python started in headless Chromium, every module imported.

    A first visit restores it instead of starting Python (see
    ``live/worker.js``). Without Chromium the build still works: a
    first visit then starts Python itself. Returns what happened, for the log.
    """
    target = html / "live" / "python-snapshot.bin.gz"
    target.unlink(missing_ok=True)
    chromium = os.environ.get("RULEBOOK_CHROMIUM", "/usr/bin/chromium")
    if not Path(chromium).exists():
        return (
            f"no prebuilt Python snapshot (no Chromium at {chromium}): a first visit starts Python"
        )
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        return (
            "no prebuilt Python snapshot (python playwright missing): a first visit starts Python"
        )
    handler = functools.partial(_Quiet, directory=str(html))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=chromium, args=["--no-sandbox", "--disable-gpu"]
            )
            page = browser.new_page()
            # A same-origin document that runs nothing of its own (no redirect, no page script).
            page.goto(f"http://127.0.0.1:{server.server_address[1]}/live/pyodide/pyodide-lock.json")
            made = page.evaluate(MAKE_SNAPSHOT_JS, SNAPSHOT_TIMEOUT_MS)
            browser.close()
    except Exception as err:  # the site still works without it
        return f"no prebuilt Python snapshot ({err}): a first visit starts Python"
    finally:
        server.shutdown()
    # Recompressed at gzip's best level: the browser's CompressionStream uses its default.
    target.write_bytes(
        gzip.compress(gzip.decompress(base64.b64decode(made["snapshot"])), compresslevel=9, mtime=0)
    )
    LOADED_STDLIB.update(made["files"])
    return f"prebuilt Python snapshot {target.name} ({target.stat().st_size / 1e6:.1f} MB)"


PAGE_SNAPSHOT_JS = """async (path) => {
    const here = new URL('/live/', location.href).href;
    const keys = [here + 'python-snapshot.bin?page=' + encodeURIComponent(path),
                  here + 'python-snapshot.json?page=' + encodeURIComponent(path)];
    for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        const [delta, report] = await Promise.all(keys.map((k) => cache.match(k)));
        if (!delta || !report) continue;
        const blob = await delta.blob();
        const encoded = await new Promise((resolve) => {
            const reader = new FileReader();
            reader.onload = () => resolve(reader.result.split(',')[1]);
            reader.readAsDataURL(blob);
        });
        return {delta: encoded, report: await report.text()};
    }
    return null;
}"""


#: Chapters whose page snapshots are made side by side (each its own browser profile).
SNAPSHOT_JOBS = int(os.environ.get("RULEBOOK_SNAPSHOT_JOBS", "4"))


def _page_snapshot(page: object, chapter: str) -> dict | None:
    """Wait until the chapter's calculators are live and its page snapshot is kept; read it."""
    page.wait_for_function(
        "() => ['ready', 'failed'].includes(document.documentElement.dataset.rbLive)",
        timeout=SNAPSHOT_TIMEOUT_MS,
    )
    # (The page's snapshot is taken once its code cells have run in its namespace.)
    for _ in range(SNAPSHOT_TIMEOUT_MS // 100):
        found = page.evaluate(PAGE_SNAPSHOT_JS, f"/{chapter}")
        if found:
            return found
        page.wait_for_timeout(100)
    return None


def make_page_snapshots(html: Path) -> str:
    """``live/pages/<page>.bin.gz`` and ``.json``: each chapter's Python with its calculators built.

    Both editions' chapters (``fr--book--dice.html.bin.gz``: the French page's
    calculators, built in French), so a French first visit restores its page too.

    Each chapter is opened in headless Chromium, which restores the build's
    snapshot, builds the page's calculators and keeps a page snapshot (a delta
    against the build's snapshot) exactly as a reader's browser does; that
    delta is published, so a first visit restores it and has nothing to build.
    Returns what happened, for the log.
    """
    out = html / "live" / "pages"
    if out.exists():
        shutil.rmtree(out)
    if not (html / "live" / "python-snapshot.bin.gz").exists():
        return "no page snapshots (no prebuilt snapshot)"
    from playwright.sync_api import sync_playwright

    chapters = [
        page.relative_to(html).as_posix()
        for page in [
            *sorted((html / "book").glob("*.html")),
            *sorted((html / "fr/book").glob("*.html")),
        ]
        if "rb-calculator" in page.read_text(encoding="utf-8")
    ]
    handler = functools.partial(_Quiet, directory=str(html))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    site = f"http://127.0.0.1:{server.server_address[1]}"
    sizes = []
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=os.environ.get("RULEBOOK_CHROMIUM", "/usr/bin/chromium"),
                args=["--no-sandbox", "--disable-gpu"],
            )
            # A few chapters at a time, each in its own profile (no service worker: it
            # would fetch the whole book for nothing), their Pythons started side by side.
            for at in range(0, len(chapters), SNAPSHOT_JOBS):
                batch = []
                for chapter in chapters[at : at + SNAPSHOT_JOBS]:
                    context = browser.new_context(service_workers="block")
                    page = context.new_page()
                    page.goto(f"{site}/{chapter}", wait_until="commit")
                    batch.append((chapter, context, page))
                for chapter, context, page in batch:
                    found = _page_snapshot(page, chapter)
                    context.close()
                    if not found or json.loads(found["report"]).get("base") != "prebuilt":
                        continue
                    out.mkdir(parents=True, exist_ok=True)
                    stem = chapter.replace("/", "--")
                    delta = gzip.decompress(base64.b64decode(found["delta"]))
                    (out / f"{stem}.bin.gz").write_bytes(
                        gzip.compress(delta, compresslevel=9, mtime=0)
                    )
                    (out / f"{stem}.json").write_text(found["report"], encoding="utf-8")
                    sizes.append((out / f"{stem}.bin.gz").stat().st_size)
            browser.close()
    except Exception as err:  # the site still works without them
        return f"page snapshots stopped ({err}): {len(sizes)} made"
    finally:
        server.shutdown()
    if not sizes:
        return "no page snapshots"
    return (
        f"page snapshots of {len(sizes)} of {len(chapters)} chapters "
        f"({min(sizes) / 1e6:.2f}-{max(sizes) / 1e6:.2f} MB each)"
    )


#: The standard library's files whose modules the build's snapshot holds (set when it is made).
LOADED_STDLIB: set[str] = set()


#: Standard-library packages no calculator uses, left out of the lean standard library.
UNUSED_STDLIB = tuple(
    (
        "email/ xml/ xmlrpc/ http/ multiprocessing/ unittest/ wsgiref/ pydoc_data/ lib2to3/ "
        "idlelib/ tkinter/ turtledemo/ ensurepip/ venv/ sqlite3/ dbm/ curses/ distutils/ "
        "pydoc.py doctest.py pdb.py mailbox.py imaplib.py smtplib.py ftplib.py nntplib.py "
        "poplib.py telnetlib.py pickletools.py turtle.py"
    ).split()
)


def write_lean_stdlib(pyodide_dir: Path, loaded: set[str]) -> str:
    """``python_stdlib.lean.zip.gz``: the standard library a restored snapshot is given.

    It leaves out the files of the modules the snapshot holds (``loaded``) and
    the packages no calculator uses (:data:`UNUSED_STDLIB`); a fresh start keeps
    the full one. Returns what was written, for the log.
    """
    full = zipfile.ZipFile(
        io.BytesIO(gzip.decompress((pyodide_dir / "python_stdlib.zip.gz").read_bytes()))
    )
    buffer = io.BytesIO()
    kept = 0
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as lean:
        for info in full.infolist():
            if info.filename in loaded or info.filename.startswith(UNUSED_STDLIB):
                continue
            lean.writestr(info, full.read(info.filename))
            kept += 1
    target = pyodide_dir / "python_stdlib.lean.zip.gz"
    target.write_bytes(gzip.compress(buffer.getvalue(), compresslevel=9, mtime=0))
    return f"lean standard library {kept} of {len(full.infolist())} files ({target.stat().st_size / 1e6:.1f} MB)"


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args: object) -> None:
        pass


REMOTE_REF = re.compile(r"""(?:src|href)=["']?(?:https?:)?//""")


def main() -> None:
    """Build the live runtime into the built site (or pack the site with ``--dist``)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=HTML / "live")
    parser.add_argument("--dist", type=Path, help="pack the built site into this zip and stop")
    args = parser.parse_args()
    if args.dist:
        count = pack(HTML, args.dist)
        print(f"dist: {args.dist} ({count} files, {args.dist.stat().st_size / 1e6:.1f} MB)")
        return
    args.out.mkdir(parents=True, exist_ok=True)
    print(
        f"live.build: book's _static files copied again: {refresh_static(args.out.parent) or 'none'}"
    )
    link_both_editions(args.out.parent)
    prepare_pyodide(args.out / "pyodide")
    compress_runtime(args.out)
    write_worker(args.out)
    editors, boxes = add_cells(args.out.parent)
    print(f"live.build: code cells editable in {editors} pages, {boxes} exercise boxes")
    print(f"live.build: {write_unpacker(args.out)}")
    precache = installable_offline(args.out.parent)
    version = write_service_worker(args.out.parent, precache)
    name_worker_cache(args.out, version)
    print(f"live.build: {make_prebuilt_snapshot(args.out.parent)}")
    print(f"live.build: {write_lean_stdlib(args.out / 'pyodide', LOADED_STDLIB)}")
    print(f"live.build: {make_page_snapshots(args.out.parent)}")
    print(f"live.build: {repack_snapshots(args.out)}")
    size = sum(p.stat().st_size for p in args.out.rglob("*") if p.is_file())
    print(
        f"live.build: live runtime in {args.out} ({size / 1e6:.1f} MB), cache {CACHE_PREFIX}{version}"
    )


if __name__ == "__main__":
    main()
