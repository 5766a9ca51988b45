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
