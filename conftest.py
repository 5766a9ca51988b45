"""The test tiers (issue 36): every item gets its tier marker here, and make test its worker.

* ``browser``: everything under ``tests/browser/`` (headless Chromium on the
  built site, or the site's build itself);
* ``notebook``: every nbval item of ``book/*.ipynb`` (a chapter re-executed);
* ``slow``: the long sweeps, marked where they are defined
  (``@pytest.mark.slow``).

``make check`` runs what is none of these (unit tests and doctests);
``make test`` runs everything, on two pytest-xdist workers with
``--dist loadfile``: the items of one file stay on one worker (a notebook's
cells share one kernel; a module's fixtures are built once), and the files
that read the page audits of ``tests/browser/pages.py``
(``test_accessibility.py``, ``test_readability.py``, ``test_static_site.py``)
are one unit of work, so that each page is loaded once per look for all of
them. The units are handed out longest first (the browser ones, the page
audits and the live pages leading; then the chapters; then the files holding
a slow sweep; the quick files last), so that no long file starts last while
the other worker idles. (pytest-xdist's own ``--dist loadgroup`` cannot do it here: it renames
the items through an attribute pytest 9.2 no longer reads, and groups
nothing.)
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

#: Hypothesis's own wall-clock budgets off (issue 36: no test compares elapsed time with a
#: budget): its 200 ms deadline per example failed tests/test_typography.py on a busy
#: machine (DeadlineExceeded), as its "too slow" health check can. Every example still runs.
settings.register_profile("rulebook", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("rulebook")

ROOT = Path(__file__).resolve().parent
BROWSER = ROOT / "tests" / "browser"
#: The files whose tests read the shared page audits: one unit of work under xdist.
PAGE_AUDIT_FILES = ("test_accessibility.py", "test_readability.py", "test_static_site.py")
PAGE_AUDIT_UNIT = "tests/browser/page audits"


def tier_markers(path: Path) -> list[str]:
    """The tier markers of every item of the file at ``path``."""
    if BROWSER in path.parents:
        return ["browser"]
    if path.suffix == ".ipynb" and (ROOT / "book") in path.parents:
        return ["notebook"]
    return []


def work_unit(nodeid: str) -> str:
    """The unit of work of an item under ``--dist loadfile``: its file, or the page audits'."""
    file = nodeid.split("::", 1)[0]
    if file in {f"tests/browser/{name}" for name in PAGE_AUDIT_FILES}:
        return PAGE_AUDIT_UNIT
    return file


#: The longest units of work of make test (a few minutes each), handed out first in this order.
LONGEST_FIRST = (
    PAGE_AUDIT_UNIT,
    "tests/browser/test_live_site.py",
    "tests/browser/test_live_voila.py",
    "tests/browser/test_site_at_the_table.py",
    "tests/browser/test_french_edition.py",
)


def expected_rank(nodeid: str, tiers: list[str], heavy: bool = False) -> int:
    """Where an item's unit of work comes in the run: the longest first, unit tests last.

    ``heavy``: the unit holds a ``slow`` or ``notebook`` item marked where it is defined
    (a sweep, a chapter run in CPython): it comes before the units of quick tests, so that
    the run ends on quick files and the two workers end together (a unit holding a
    minute-long sweep handed out last kept one worker busy while the other had stopped).
    """
    unit = work_unit(nodeid)
    if unit in LONGEST_FIRST:
        return LONGEST_FIRST.index(unit)
    tier = {"browser": 0, "notebook": 1}.get(next(iter(tiers), ""), 3 if not heavy else 2)
    return len(LONGEST_FIRST) + tier


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark every item with its tier (``tier_markers``); the longest units of work first."""
    tiers_of = {}
    heavy_units = set()
    for item in items:
        tiers = tier_markers(Path(item.path).resolve())
        for name in tiers:
            item.add_marker(name)
        tiers_of[item.nodeid] = tiers
        if item.get_closest_marker("slow") or item.get_closest_marker("notebook"):
            heavy_units.add(work_unit(item.nodeid))
    ranks = {
        nodeid: expected_rank(nodeid, tiers, work_unit(nodeid) in heavy_units)
        for nodeid, tiers in tiers_of.items()
    }
    items.sort(key=lambda item: ranks[item.nodeid])  # (stable: each file's order is kept)


@pytest.hookimpl(optionalhook=True)  # (pytest-xdist's hook: unknown without it)
def pytest_xdist_make_scheduler(config: pytest.Config, log: object) -> object | None:
    """``--dist loadfile``, with the page-audit files as one unit of work, in collection order."""
    if config.getvalue("dist") != "loadfile":
        return None
    from xdist.scheduler import LoadFileScheduling

    # The units in the order of the collection (longest first), not by their number of tests.
    config.option.loadscopereorder = False

    class PageAuditsTogether(LoadFileScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return work_unit(nodeid)

    return PageAuditsTogether(config, log)
