"""The page audits' bookkeeping (``tests/browser/pages.py``), without a browser.

A check that fails to run fails only the tests that read it (with its own
error), a check that needs a failed step fails with that step's error, and a
check nobody ran is never read as a pass.
"""

from __future__ import annotations

import pytest

from .pages import CHECKS, Audit


def _broken() -> None:
    raise RuntimeError("the theme never turned dark")


def test_a_failed_check_fails_its_readers_and_only_them():
    audit = Audit("book/dice", "desktop")
    audit.run("axe:light", lambda: {"violations": []})
    audit.run("dark", _broken)
    audit.run("axe:dark", lambda: {"violations": []}, needs=("dark",))
    assert audit["axe:light"] == {"violations": []}
    with pytest.raises(pytest.fail.Exception, match="dark could not be read"):
        audit["dark"]
    with pytest.raises(pytest.fail.Exception, match=r"(?s)it needs dark.*never turned dark"):
        audit["axe:dark"]
    with pytest.raises(pytest.fail.Exception, match="no check 'charts' was run"):
        audit["charts"]


def test_every_look_loads_first():
    assert set(CHECKS) == {"desktop", "phone"}
    assert all(checks[0] == "load" for checks in CHECKS.values())
    assert {"render", "axe:light", "axe:dark", "contrast:light", "contrast:dark"} <= set(
        CHECKS["desktop"]
    )
    assert {"axe:phone", "labels", "overflow"} <= set(CHECKS["phone"])
