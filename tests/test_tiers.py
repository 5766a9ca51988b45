"""The test tiers (issue 36): which items are browser, notebook or slow, and what each make runs.

``conftest.py`` (at the root) marks every item under ``tests/browser/``
``browser`` and every nbval item of ``book/*.ipynb`` ``notebook``; the slow
sweeps carry ``@pytest.mark.slow`` themselves. ``make check`` deselects the
three; ``make test`` runs everything, the page-audit files on one worker.
"""

from __future__ import annotations

import ast
import importlib.util
import re
from pathlib import Path

pytest_plugins = ["pytester"]

ROOT = Path(__file__).resolve().parents[1]
_SPEC = importlib.util.spec_from_file_location("rulebook_root_conftest", ROOT / "conftest.py")
tiers = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(tiers)


def test_everything_under_tests_browser_is_browser():
    for path in (ROOT / "tests" / "browser").glob("test_*.py"):
        assert tiers.tier_markers(path) == ["browser"], path
    assert tiers.tier_markers(ROOT / "tests" / "browser" / "pages.py") == ["browser"]


def test_every_chapter_is_a_notebook_item():
    chapters = sorted((ROOT / "book").glob("*.ipynb"))
    assert len(chapters) >= 12
    assert {tuple(tiers.tier_markers(p)) for p in chapters} == {("notebook",)}


def test_unit_tests_and_doctests_have_no_tier():
    for path in [*(ROOT / "tests").glob("test_*.py"), *(ROOT / "rulebook_py").rglob("*.py")]:
        assert tiers.tier_markers(path) == [], path
    # A notebook outside the book is not a chapter.
    assert tiers.tier_markers(ROOT / "tests" / "scratch.ipynb") == []


def test_the_tiers_are_registered(pytestconfig):
    registered = {line.split(":")[0] for line in pytestconfig.getini("markers")}
    assert {"browser", "notebook", "slow"} <= registered
    assert "--strict-markers" in pytestconfig.getini("addopts")  # (a typo'd marker fails)


def _marked_slow(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {
        node.name
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef)
        and any(ast.unparse(d) == "pytest.mark.slow" for d in node.decorator_list)
    }


def test_a_file_holding_a_slow_or_notebook_item_is_heavy_and_handed_out_before_quick_ones(
    pytester, monkeypatch
):
    monkeypatch.setenv("PYTEST_DISABLE_PLUGIN_AUTOLOAD", "1")  # (pytest alone: quick to start)
    pytester.makeconftest((ROOT / "conftest.py").read_text(encoding="utf-8"))
    pytester.makeini("[pytest]\nmarkers =\n    slow: s\n    notebook: n\n    browser: b\n")
    pytester.makepyfile(
        test_a="def test_quick():\n    pass\n",
        test_b="import pytest\n\n@pytest.mark.slow\ndef test_sweep():\n    pass\n",
        test_c="def test_quick_too():\n    pass\n",
        test_d="import pytest\n\ndef test_q():\n    pass\n\n@pytest.mark.notebook\n"
        "def test_chapter():\n    pass\n",
    )
    result = pytester.runpytest_subprocess("--collect-only", "-q", "-p", "no:cacheprovider")
    order = [line.split("::")[0] for line in result.outlines if "::" in line]
    assert order == ["test_b.py", "test_d.py", "test_d.py", "test_a.py", "test_c.py"]


def test_the_slow_sweeps_are_marked():
    assert _marked_slow(ROOT / "tests" / "test_hostile_inputs.py") == {
        "test_every_control_takes_every_hostile_value",
        "test_random_combinations",
    }
    assert _marked_slow(ROOT / "tests" / "test_dice_cost.py") == {
        "test_estimate_follows_the_real_cost",
        "test_both_sides_of_the_cap_are_in_the_sample",
    }


def test_make_check_leaves_the_three_tiers_out_and_make_test_runs_all():
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    check = re.search(r"^check:.*\n((?:\t.*\n)+)", makefile, re.M).group(1)
    assert '-m "not browser and not notebook and not slow"' in check
    test = re.search(r"^test:.*\n((?:\t.*\n)+)", makefile, re.M).group(1)
    assert '-m "not' not in test and "--dist loadfile" in test
    # The site is built (when stale) before the tests, not raced for by the workers.
    assert test.index("site.py --build-if-stale") < test.index("pytest")


def test_the_page_audit_files_are_one_unit_of_work_and_other_files_their_own():
    units = {
        tiers.work_unit(f"tests/browser/{name}::test_x[book/dice]")
        for name in ("test_accessibility.py", "test_readability.py", "test_static_site.py")
    }
    assert units == {tiers.PAGE_AUDIT_UNIT}
    assert tiers.work_unit("tests/browser/test_live_site.py::test_y") == (
        "tests/browser/test_live_site.py"
    )
    assert tiers.work_unit("book/dice.ipynb::Cell 3") == "book/dice.ipynb"
    assert tiers.work_unit("rulebook_py/dice/parse.py::rulebook_py.dice.parse.parse") == (
        "rulebook_py/dice/parse.py"
    )
    for name in tiers.PAGE_AUDIT_FILES:
        assert (ROOT / "tests" / "browser" / name).exists(), name


def test_the_longest_units_of_work_come_first_and_unit_tests_last():
    ranks = [
        tiers.expected_rank("tests/browser/test_readability.py::test_x", ["browser"]),
        tiers.expected_rank("tests/browser/test_live_site.py::test_y", ["browser"]),
        tiers.expected_rank("tests/browser/test_vendor_api.py::test_z", ["browser"]),
        tiers.expected_rank("book/dice.ipynb::Cell 0", ["notebook"]),
        tiers.expected_rank("tests/test_dice.py::test_d6", []),
    ]
    assert ranks == sorted(ranks) and len(set(ranks)) == len(ranks)
    # A file of unit tests holding a slow sweep comes before the quick files, after the chapters.
    heavy = tiers.expected_rank("tests/test_comparison.py::test_z", [], heavy=True)
    assert ranks[3] < heavy < ranks[4]
    for unit in tiers.LONGEST_FIRST[1:]:
        assert (ROOT / unit).exists(), unit
