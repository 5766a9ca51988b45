"""The live runtime's JavaScript, its pure parts under Node's test runner (``tests/js/``).

``node --test tests/js/`` checks the link-fragment reader and writer of the
page (``_static/rb-link.js``) and the service worker's cache naming and
request rules (``live/sw-cache.js``); this runs it in ``make check`` and
``make test`` (about a second) and fails with its report when a test fails.
Node 20 is needed (``.ci/run`` installs npm, which brings it).
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
JS_TESTS = ROOT / "tests" / "js"


def test_the_javascript_units_pass_under_node():
    node = shutil.which("node")
    assert node is not None, "node is missing: apt-get install nodejs (or npm)"
    files = sorted(JS_TESTS.glob("*.test.js"))
    assert [f.name for f in files] == ["cache.test.js", "link.test.js"]
    done = subprocess.run(
        [node, "--test", *map(str, files)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    report = done.stdout + done.stderr
    assert done.returncode == 0, report[-4000:]
    passed = re.search(r"^# pass (\d+)$", report, re.M)
    failed = re.search(r"^# fail (\d+)$", report, re.M)
    assert passed is not None and failed is not None, report[-2000:]
    assert (int(passed.group(1)), int(failed.group(1))) == (18, 0)


def test_the_service_worker_and_its_cache_name_agree_with_the_build(tmp_path):
    # The worker's cache is named by live/build.py (Python), the service worker's by
    # live/sw-cache.js: the two must be one name, or the worker's files and snapshots
    # would be kept in a cache the service worker deletes.
    from live import build

    node = shutil.which("node")
    assert node is not None
    named = subprocess.run(
        [node, "-e", "process.stdout.write(require('./live/sw-cache.js').cacheName('abc123'))"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    ).stdout
    assert named == build.CACHE_PREFIX + "abc123" == "rb-live-abc123"
    (tmp_path / "worker.js").write_text("var CACHE = __CACHE__;\n")
    build.name_worker_cache(tmp_path, "abc123")
    assert (tmp_path / "worker.js").read_text() == 'var CACHE = "rb-live-abc123";\n'
