"""Drive a live calculator in the browser and check it against the package in CPython.

A calculator in the page is matched to its class by its title (the ``h4``
the base class writes), its shown answer is compared with a default-built
instance in CPython, then one of the class's ``bench_changes`` is applied to
the control in the browser and the recomputed answer must show exactly the
numbers (fractions included) that CPython computes for the same change.
"""

from __future__ import annotations

import html
import json
import re
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from rulebook_py.widgets import CALCULATORS

__all__ = [
    "LIVE_AT_JS",
    "LIVE_PROBE",
    "PAGE_KEPT_JS",
    "PAGE_SNAPSHOT_STORED_JS",
    "READY_TIMEOUT_MS",
    "SNAPSHOTS_JS",
    "LiveChange",
    "apply_in_browser",
    "calculator_classes",
    "check_every_calculator",
    "check_one_calculator",
    "fragment_text",
    "notebook_calculator_count",
    "numbers",
    "plan_change",
    "result_locator",
    "set_control",
    "wait_for_numbers",
    "wait_page_kept",
    "wait_page_snapshot",
    "wait_ready",
]

#: The tests' and the benchmark's probe (``window.rbProbe``), injected before a page's scripts
#: (``context.add_init_script(path=...)``): the published page carries none of it.
LIVE_PROBE = Path(__file__).with_name("live_probe.js")

#: The snapshots of the build's cache: the site's made in this browser (every module
#: imported), the build's own (Zstandard, the same made at build time: live/pack.py),
#: this page's made in this browser (its calculators built too) and the build's of this page.
SNAPSHOTS_JS = """() => {
    // (The site's root: where live.js is served from, one level up; the French pages
    // under fr/ load it from the root's _static/.)
    const script = document.querySelector('script[src*="_static/live.js"]');
    const root = script ? new URL('../', script.src)
        : new URL(document.documentElement?.dataset.content_root || '', location.href);
    const site = new URL('live/python-snapshot.bin', root).href;
    const rel = location.pathname.slice(root.pathname.length).replace(/\\//g, '--');
    return {site: site, prebuilt: site + '.zst',
            page: site + '?page=' + encodeURIComponent(location.pathname),
            built: new URL('live/pages/' + rel + '.bin.zst', root).href};
}"""
PAGE_SNAPSHOT_STORED_JS = f"""async (own) => {{
    const urls = ({SNAPSHOTS_JS})();
    for (const key of await caches.keys()) {{
        if (!key.startsWith('rb-live-')) continue;
        const cache = await caches.open(key);
        if (await cache.match(urls.page) || (!own && await cache.match(urls.built))) return true;
    }}
    return false;
}}"""


def wait_page_snapshot(page: Any, timeout: float = 120.0, own: bool = False) -> None:
    """Wait until this page's Python snapshot is kept (its own, or the build's of it; polled).

    Raises:
        TimeoutError: When it is not stored within ``timeout`` seconds.
    """
    deadline = time.monotonic() + timeout
    while not page.evaluate(PAGE_SNAPSHOT_STORED_JS, own):
        if time.monotonic() > deadline:
            raise TimeoutError("the worker never stored its Python snapshot of this page")
        time.sleep(0.1)


#: Every file the page used (itself, and each same-site resource the server sent whole) is
#: in the service worker's cache: what ``cacheUsedFiles`` hands it once the page is live.
PAGE_KEPT_JS = """async () => {
    const here = (u) => new URL(u, location.href).origin === location.origin;
    const used = performance.getEntriesByType("resource")
        .filter((e) => here(e.name) && e.responseStatus === 200)
        .map((e) => e.name.split("#")[0]);
    for (const url of [location.href.split("#")[0], ...used]) {
        if (!(await caches.match(url))) return false;
    }
    return true;
}"""


def wait_page_kept(page: Any, timeout: float = 120.0) -> None:
    """Wait until the service worker keeps every file this page used (polled): offline next.

    Raises:
        TimeoutError: When they are not all kept within ``timeout`` seconds.
    """
    deadline = time.monotonic() + timeout
    while not page.evaluate(PAGE_KEPT_JS):
        if time.monotonic() > deadline:
            raise TimeoutError("the service worker never kept every file this page used")
        time.sleep(0.1)


_TAG = re.compile(r"<[^>]+>")
_NUMBER = re.compile(r"\d+(?:[./]\d+)*")
TEXT_LIKE = (
    widgets.Text,
    widgets.IntText,
    widgets.FloatText,
    widgets.BoundedIntText,
    widgets.BoundedFloatText,
)
SLIDERS = (widgets.IntSlider, widgets.FloatSlider)
SETTABLE = (*TEXT_LIKE, *SLIDERS, widgets.Dropdown, widgets.Checkbox, widgets.ToggleButtons)


def numbers(text: str) -> list[str]:
    """The numbers of a text (``1/12``, ``8.33``, ``12``), in order: what must agree."""
    return _NUMBER.findall(text)


def html_numbers(fragment: str) -> list[str]:
    return numbers(html.unescape(_TAG.sub(" ", fragment)))


@dataclass(frozen=True)
class LiveChange:
    """One control change and the answer CPython gives after it."""

    cls: type
    control: str
    index: int
    value: Any
    label: str
    before: list[str]
    after: list[str]


def plan_change(cls: type, shown_numbers: list[str]) -> LiveChange | None:
    """A change of ``cls`` that alters its answer, if the page shows its default answer."""
    calc = cls()
    before = html_numbers(calc.result.value)
    if not before or before != shown_numbers:
        return None
    names = list(calc.controls)
    for name, value in cls.bench_changes:
        if not isinstance(calc.controls[name], SETTABLE):
            continue
        changed = cls()
        changed.controls[name].value = value
        after = html_numbers(changed.result.value)
        if changed.error or after == before:
            continue
        label = str(getattr(changed.controls[name], "label", value))
        return LiveChange(cls, name, names.index(name), value, label, before, after)
    return None


def _children(calc):
    return calc.locator(":scope > *")


def _offset(cls: type) -> int:
    return 1 if cls.title else 0


def result_locator(calc, cls: type):
    """The HTML widget holding the exact answer (class ``rb-answer``)."""
    return calc.locator(".rb-answer").first


def apply_in_browser(calc, change: LiveChange, control_type: type) -> None:
    """Set the control in the page as a reader would."""
    row = _children(calc).nth(_offset(change.cls) + change.index)
    set_control(row.locator(":scope > *").first, change, control_type)


#: Open the folded section a control stands in (issue 37: the long forms fold), as a reader would.
OPEN_FOLD_JS = """el => {
    const fold = el.closest('.rb-fold');
    if (fold && !el.getClientRects().length) fold.querySelector('.rb-fold-button').click();
}"""


def set_control(control, change: LiveChange, control_type: type) -> None:
    """Set this control element (the widget's own element) as a reader would."""
    control.evaluate(OPEN_FOLD_JS)
    if issubclass(control_type, TEXT_LIKE):
        box = control.locator("input").first
        box.fill(str(change.value))
        box.press("Enter")
    elif issubclass(control_type, widgets.Dropdown):
        control.locator("select").select_option(label=change.label)
    elif issubclass(control_type, widgets.Checkbox):
        control.locator("input[type=checkbox]").set_checked(bool(change.value))
    elif issubclass(control_type, widgets.ToggleButtons):
        exact = re.compile(rf"^\s*{re.escape(change.label)}\s*$")
        control.locator("button").filter(has_text=exact).first.click()
    elif issubclass(control_type, SLIDERS):
        readout = control.locator(".widget-readout").first
        readout.click()
        readout.press("Control+A")
        readout.type(str(change.value))
        readout.press("Enter")
    else:  # pragma: no cover - plan_change only picks SETTABLE controls
        raise AssertionError(f"cannot set a {control_type.__name__} in the browser")


def wait_for_numbers(locator, want: list[str], timeout: float = 120.0) -> None:
    """Wait until the locator's text shows exactly ``want`` (gives up after ``timeout`` s)."""
    deadline = time.monotonic() + timeout
    shown: list[str] = []
    while True:
        shown = numbers(locator.inner_text())
        if shown == want:
            return
        if time.monotonic() > deadline:
            raise TimeoutError(f"the page shows {shown} after {timeout} s, CPython says {want}")
        time.sleep(0.01)


def check_one_calculator(page, page_name: str) -> str:
    """Change a control of the first checkable calculator of the page; return its title."""
    calcs = page.locator(".rb-calculator")
    titles = []
    for i in range(calcs.count()):
        calc = calcs.nth(i)
        title = (
            calc.locator(".rb-title").first.inner_text().strip()
            if calc.locator(".rb-title").count()
            else ""
        )
        titles.append(title)
        if calc.locator(".rb-fold").count():
            continue  # (its rows are in sections, not the calculator's own children)
        for cls in CALCULATORS.values():
            if cls.title != title:
                continue
            shown = numbers(result_locator(calc, cls).inner_text())
            change = plan_change(cls, shown)
            if change is None:
                continue
            calc.scroll_into_view_if_needed()
            control_type = type(cls().controls[change.control])
            apply_in_browser(calc, change, control_type)
            wait_for_numbers(result_locator(calc, cls), change.after)
            return title
    raise AssertionError(
        f"no calculator of {page_name} could be checked live (titles {titles}); each needs a "
        "registered class of that title shown with its default values and a settable bench change"
    )


def notebook_calculator_count(path: Path) -> int:
    """How many widget views a stored chapter notebook displays (0: nothing live to check)."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    count = 0
    for cell in nb.get("cells", []):
        for output in cell.get("outputs", []):
            if "application/vnd.jupyter.widget-view+json" in output.get("data", {}):
                count += 1
    return count


def calculator_classes(page) -> list[tuple[str, type]]:
    """Each calculator of the page, in order: its live key and its class (from ``rb-calc-<Class>``)."""
    keys = page.evaluate("() => window.rbLive.calculators.map(c => [c.key, c.cls])")
    return [(key, CALCULATORS[cls]) for key, cls in keys]


def fragment_text(control: Any, value: Any) -> str:
    """How the page's address writes ``value`` for this control (a label for a choice)."""
    options = getattr(control, "options", None)
    if options is not None and not isinstance(control, (widgets.SelectMultiple,)):
        for option in options:
            label, option_value = option if isinstance(option, tuple) else (str(option), option)
            if option_value == value:
                return str(label)
        raise AssertionError(f"{value!r} is not an option of {control!r}")
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def check_every_calculator(page, page_name: str) -> list[str]:
    """Change one control of every checkable calculator of the page, as a reader would.

    Each recomputed exact answer must show exactly CPython's numbers. Returns
    the class name of each calculator checked; fails when none could be.
    """
    checked = []
    calcs = page.locator(".rb-calculator")
    for i, (_key, cls) in enumerate(calculator_classes(page)):
        calc = calcs.nth(i)
        result = calc.locator("[data-rb-part=result]").first
        shown = numbers(result.inner_text())
        change = plan_change(cls, shown)
        if change is None:
            continue
        calc.scroll_into_view_if_needed()
        control_type = type(cls().controls[change.control])
        set_control(calc.locator(f"[data-rb-control={change.control}]").first, change, control_type)
        wait_for_numbers(result, change.after)
        checked.append(cls.__name__)
    assert checked, f"no calculator of {page_name} could be checked live"
    return checked


#: How long a page may take to make every calculator live.
READY_TIMEOUT_MS = 300_000
#: Run in every page before its own scripts: the moment (epoch ms) the page is live or failed,
#: so that the bytes "until live" are those the server sent before it, not after it (when
#: the service worker starts keeping what the page used).
LIVE_AT_JS = """(() => {
    // (the document has no element yet: its whole tree is watched)
    new MutationObserver(() => {
        const state = document.documentElement?.dataset.rbLive || '';
        if (!window.rbLiveAt && (state === 'ready' || state.startsWith('failed'))) {
            window.rbLiveAt = Date.now();
        }
    }).observe(document, {attributes: true, subtree: true, attributeFilter: ['data-rb-live']});
})()"""


def wait_ready(page: Any, expected: int) -> float:
    """Wait until the page and its ``expected`` calculators are ``ready``; return the seconds."""
    start = time.perf_counter()
    page.wait_for_function(
        "() => ['ready', 'failed'].includes(document.documentElement?.dataset.rbLive)",
        timeout=READY_TIMEOUT_MS,
    )
    states = page.evaluate(
        "() => Array.from(document.querySelectorAll('.rb-calculator')).map(c => c.dataset.live)"
    )
    assert page.evaluate("document.documentElement?.dataset.rbLive") == "ready", states
    assert states == ["ready"] * expected
    return time.perf_counter() - start
