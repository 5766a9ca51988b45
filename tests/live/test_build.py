"""What ``python -m live.build`` writes that a small site in a tmp folder shows: the cache's
name (one in Python and in ``live/sw-cache.js``), the service worker written in one file,
the book's ``_static`` files copied again."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

from live import build

ROOT = Path(__file__).resolve().parents[2]


def node() -> str:
    found = shutil.which("node")
    assert found is not None, "node is missing: apt-get install nodejs (or npm)"
    return found


def test_a_new_build_gets_a_new_cache_name(tmp_path):
    # The service worker's cache is named after every file of the build: change one
    # file and the next visit installs a new worker, which drops the old cache.
    (tmp_path / "book").mkdir()
    (tmp_path / "book" / "dice.html").write_text("one")
    (tmp_path / "rb-sw.js").write_text("the worker itself does not count")
    first = build.site_version(tmp_path)
    assert len(first) == 16 and int(first, 16) >= 0
    (tmp_path / "rb-sw.js").write_text("changed")
    (tmp_path / ".rulebook-built").write_text("a stamp does not count either")
    assert build.site_version(tmp_path) == first
    (tmp_path / "book" / "dice.html").write_text("two")
    assert build.site_version(tmp_path) != first


def test_the_worker_and_the_service_worker_use_one_cache_name(tmp_path):
    # The worker's cache is named here (Python), the service worker's by live/sw-cache.js:
    # two names would keep the worker's files and snapshots where the service worker
    # deletes them.
    named = subprocess.run(
        [node(), "-e", "process.stdout.write(require('./live/sw-cache.js').cacheName('abc123'))"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    ).stdout
    assert named == build.CACHE_PREFIX + "abc123" == "rb-live-abc123"
    (tmp_path / "worker.js").write_text("var CACHE = __CACHE__;\n")
    build.name_worker_cache(tmp_path, "abc123")
    assert (tmp_path / "worker.js").read_text() == 'var CACHE = "rb-live-abc123";\n'
    assert build.CACHE_PLACEHOLDER in (ROOT / "live" / "worker.js").read_text(encoding="utf-8")


def test_the_service_worker_is_one_valid_script_with_the_build_written_in(tmp_path):
    (tmp_path / "book").mkdir()
    (tmp_path / "book" / "dice.html").write_text("page")
    version = build.write_service_worker(tmp_path, [["book/dice.html", False]])
    assert version == build.site_version(tmp_path)
    text = (tmp_path / "rb-sw.js").read_text(encoding="utf-8")
    names = (ROOT / "live" / "sw-cache.js").read_text(encoding="utf-8")
    assert names.rstrip("\n") in text  # (its pure part, written in: one file)
    assert f'var CACHE = rbCache.cacheName("{version}");' in text
    assert 'var PRECACHE = [["book/dice.html",false]];' in text
    assert f"var OFFLINE = {json.dumps('book/offline.html')};" in text
    assert "__" not in text.replace("__proto__", "")  # (no placeholder left)
    assert text.index("var rbCache = ") < text.index("var CACHE = ")
    done = subprocess.run(
        [node(), "--check", str(tmp_path / "rb-sw.js")], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr


def test_the_book_static_files_are_copied_again_where_they_changed(tmp_path):
    static = tmp_path / "_static"
    static.mkdir()
    (static / "live.js").write_text("an old copy")
    copied = build.refresh_static(tmp_path)
    sources = sorted(
        f"_static/{p.relative_to(ROOT / '_static').as_posix()}"
        for p in (ROOT / "_static").rglob("*")
        if p.is_file()
    )
    assert copied == sources and "_static/rb-link.js" in copied
    assert (static / "live.js").read_bytes() == (ROOT / "_static" / "live.js").read_bytes()
    assert build.refresh_static(tmp_path) == []


def test_the_worker_python_files_are_the_runtime_s_own():
    assert build.PYTHON_FILES == ["live_bridge.py", "boot.py", "cells.py"]
    for name in build.PYTHON_FILES:
        assert (ROOT / "live" / name).is_file()
