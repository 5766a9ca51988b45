"""The suite can be collected from a clean checkout, before the website exists.

CI runs ``make test`` on a fresh clone with no ``_build``: the site is built
before pytest starts (or by the browser tests' fixture when pytest runs
alone), but nothing may read the built site while the tests are collected (a
stop failed on exactly that).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

__all__: list[str] = []

ROOT = Path(__file__).resolve().parents[1]

IMPORT_WITHOUT_SITE = """
import pathlib
import tests.browser.site as site
site.HTML = pathlib.Path({missing!r})
site.STAMP = site.HTML / ".rulebook-built"
import tests.browser.test_live_site, tests.browser.test_static_site
import tests.browser.test_readability, tests.browser.test_live_voila
import tests.browser.test_site_at_the_table, tests.browser.test_vendor_api
import tests.browser.test_accessibility, tests.browser.test_french_edition
import tests.browser.test_first_visit_bytes, tests.browser.test_reference_print
print(len(tests.browser.test_live_site.LIVE_CHAPTERS))
"""


def test_browser_tests_are_collected_without_a_built_site(tmp_path):
    code = IMPORT_WITHOUT_SITE.format(missing=str(tmp_path / "no-site"))
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=False
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert int(done.stdout.strip()) == 7  # every chapter with calculators
