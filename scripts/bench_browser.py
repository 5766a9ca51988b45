"""Browser figures of the live calculators in place (printed by ``make bench``).

Usage: python scripts/bench_browser.py [--runs 3] [--changes 10]

In headless Chromium (Debian's /usr/bin/chromium, never a downloaded one),
against the built site served on 127.0.0.1 by a server that counts what it
sends:

* **first visit** (a fresh browser profile: empty HTTP cache, no service
  worker): from navigation to every calculator of a page with several
  calculators ``ready``; bytes and requests the server sent;
* **second visit** (same profile, new tab): the same figures;
* the **breakdown** of the first and second visits, from the page's own marks
  (service worker, calculators rendered, Pyodide core, packages, imports,
  calculators built in Python, ready);
* the **control-change round trip** once live, from the change to Python's
  answer on screen, for a single-roll calculator (dice) and for the two fight
  calculators (mass-battle odds, chase).

Targets (issue 12): first visit under 5 s; second visit under 2.5 s and under
1 MB; round trip under 50 ms (single roll) and 150 ms (fight). The site is
built first when missing or stale (as ``make book``).
"""

from __future__ import annotations

import argparse
import functools
import http.server
import os
import statistics
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from browser.conftest import CHROMIUM, CHROMIUM_ARGS, _QuietHandler, is_local  # noqa: E402
from browser.live import fragment_text, wait_page_snapshot  # noqa: E402
from browser.site import HTML, build_site, site_is_stale  # noqa: E402

from rulebook_py.widgets import CALCULATORS  # noqa: E402

#: The page of the visit figures (five calculators, the chase among them).
VISIT_PAGE = "book/chroniques-oubliees"
#: (page, calculator key, budget ms) of the round-trip figures.
ROUND_TRIPS = [
    ("book/dice", "DiceCalculator", 50.0),
    ("book/mass-battle", "MassBattleOddsCalculator", 150.0),
    ("book/chroniques-oubliees", "ChroniquesChaseCalculator", 150.0),
]
FIRST_TARGET_S = 5.0
SECOND_TARGET_S = 2.5
SECOND_BYTES = 1_000_000
READY_JS = "() => ['ready', 'failed'].includes(document.documentElement.dataset.rbLive)"
STAGES = [
    ("service_worker", "service worker ready"),
    ("rendered", "calculators rendered (static)"),
    ("worker_pyodide_js", "worker started, pyodide.js loaded"),
    ("worker_prebuilt_read", "build's snapshot fetched (first visit)"),
    ("worker_pyodide_core", "Pyodide core loaded / snapshot restored"),
    ("worker_packages", "4 wheels unpacked (no snapshot only)"),
    ("worker_imports", "every module imported (no snapshot only)"),
    ("worker_calculators", "calculators built in Python"),
    ("ready", "every calculator ready (page)"),
]


class Counter:
    def __init__(self) -> None:
        self.bytes = 0
        self.requests = 0
        self.lock = threading.Lock()

    def reset(self) -> tuple[int, int]:
        with self.lock:
            got = (self.bytes, self.requests)
            self.bytes = self.requests = 0
        return got


COUNTER = Counter()


class _CountingWriter:
    def __init__(self, raw) -> None:
        self.raw = raw

    def write(self, data: bytes) -> int:
        with COUNTER.lock:
            COUNTER.bytes += len(data)
        return self.raw.write(data)

    def __getattr__(self, name: str):
        return getattr(self.raw, name)


class CountingHandler(_QuietHandler):
    def setup(self) -> None:
        super().setup()
        self.wfile = _CountingWriter(self.wfile)

    def send_response(self, code: int, message: str | None = None) -> None:
        with COUNTER.lock:
            COUNTER.requests += 1
        super().send_response(code, message)


def serve(directory: Path) -> tuple[http.server.ThreadingHTTPServer, str]:
    handler = functools.partial(CountingHandler, directory=str(directory))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"


def guard(context, external: list[str]) -> None:
    def route(route_, request) -> None:
        if is_local(request.url):
            route_.continue_()
        else:
            external.append(request.url)
            route_.abort()

    context.route("**/*", route)


def visit(context, url: str) -> dict:
    page = context.new_page()
    COUNTER.reset()
    start = time.perf_counter()
    page.goto(url, wait_until="commit")
    page.wait_for_function(READY_JS, timeout=300_000)
    seconds = time.perf_counter() - start
    state = page.evaluate("document.documentElement.dataset.rbLive")
    if state != "ready":
        sys.exit(f"bench_browser: {url} ended {state!r}, not ready")
    timings = page.evaluate("window.rbLive.timings")
    page.evaluate("() => navigator.serviceWorker.ready")
    page.wait_for_timeout(1500)  # the service worker stores what the page used
    try:
        wait_page_snapshot(page, timeout=60)  # ... and the worker its Python snapshot
    except TimeoutError as err:
        sys.exit(f"bench_browser: {url}: {err}")
    sent, requests = COUNTER.reset()
    page.close()
    return {"seconds": seconds, "timings": timings, "bytes": sent, "requests": requests}


def measure_visits(browser, site: str, runs: int) -> tuple[list[dict], list[dict]]:
    firsts, seconds = [], []
    for _ in range(runs):
        context = browser.new_context(viewport={"width": 1200, "height": 900})
        external: list[str] = []
        guard(context, external)
        firsts.append(visit(context, f"{site}/{VISIT_PAGE}.html"))
        seconds.append(visit(context, f"{site}/{VISIT_PAGE}.html"))
        context.close()
        if external:
            sys.exit(f"bench_browser: requests left 127.0.0.1: {external[:3]}")
    return firsts, seconds


def change_values(name: str) -> tuple[str, list[str]]:
    """A control of the calculator and two texts (address form) that alter its answer."""
    cls = CALCULATORS[name]
    calc = cls()
    for control, value in cls.bench_changes:
        widget = calc.controls[control]
        before = calc.result.value
        original = widget.value
        widget.value = value
        changed = calc.result.value != before and not calc.error
        widget.value = original
        if changed:
            return control, [fragment_text(widget, value), fragment_text(widget, original)]
    sys.exit(f"bench_browser: no bench change of {name} alters its answer")


def measure_round_trip(browser, site: str, page_name: str, key: str, changes: int) -> list[float]:
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    guard(context, [])
    page = context.new_page()
    page.goto(f"{site}/{page_name}.html", wait_until="commit")
    page.wait_for_function(READY_JS, timeout=300_000)
    control, texts = change_values(key)
    trips = []
    for i in range(changes + 1):
        ms = page.evaluate(
            "([k, c, t]) => window.rbLive.change(k, c, t)", [key, control, texts[i % 2]]
        )
        if ms < 0:
            sys.exit(f"bench_browser: {key}.{control}={texts[i % 2]} sent nothing")
        if i:  # the first change warms the code paths up
            trips.append(ms)
    context.close()
    return trips


def median(rows: list[dict], key: str) -> float:
    return statistics.median(r[key] for r in rows)


def verdict(ok: bool) -> str:
    return "ok" if ok else "OVER TARGET"


def report_visits(firsts: list[dict], seconds: list[dict]) -> None:
    for name, rows, target in (
        ("first visit (empty cache)", firsts, FIRST_TARGET_S),
        ("second visit (warm cache)", seconds, SECOND_TARGET_S),
    ):
        s = median(rows, "seconds")
        b = median(rows, "bytes")
        runs = ", ".join(f"{r['seconds']:.1f}" for r in rows)
        line = f"  {name:27s} median {s:5.1f} s (runs: {runs}), target < {target} s: {verdict(s < target)}"
        print(line)
        bytes_ok = "" if rows is firsts else f", target < 1 MB: {verdict(b < SECOND_BYTES)}"
        print(
            f"  {'':27s} {b / 1e6:6.2f} MB in {median(rows, 'requests'):.0f} requests from the server{bytes_ok}"
        )
    prebuilt = sum(r["timings"].get("worker_from_snapshot") == "prebuilt" for r in firsts)
    print(f"  first visits that restored the build's Python snapshot: {prebuilt} of {len(firsts)}")
    restored = sum(r["timings"].get("worker_from_snapshot") == "page" for r in seconds)
    print(
        f"  second visits that restored Python from the page's snapshot: {restored} of {len(seconds)}"
    )
    print("  breakdown (ms from the page's start, median):")
    print(f"    {'stage':45s} {'first':>7s} {'second':>7s}")
    for key, label in STAGES:
        f = statistics.median(r["timings"].get(key, float("nan")) for r in firsts)
        s = statistics.median(r["timings"].get(key, float("nan")) for r in seconds)
        print(f"    {label:45s} {f:7.0f} {s:7.0f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="visits per figure (default 3)")
    parser.add_argument("--changes", type=int, default=10, help="changes timed (default 10)")
    args = parser.parse_args()
    if not Path(CHROMIUM).exists():
        sys.exit(f"bench_browser: Chromium not found at {CHROMIUM} (apt-get install -y chromium)")
    if site_is_stale():
        print("bench_browser: building the site first (as make book)...", flush=True)
        build_site()
    from playwright.sync_api import sync_playwright

    server, site = serve(HTML)
    load = os.getloadavg()[0]
    print(
        f"Browser figures (headless Chromium, {os.cpu_count()} cores, load {load:.1f}), "
        f"live in place, {VISIT_PAGE}:"
    )
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            firsts, seconds = measure_visits(browser, site, args.runs)
            report_visits(firsts, seconds)
            print("  control-change round trip (change -> Python's answer on screen):")
            for page_name, key, budget in ROUND_TRIPS:
                trips = measure_round_trip(browser, site, page_name, key, args.changes)
                m = statistics.median(trips)
                print(
                    f"    {key:27s} median {m:6.1f} ms (min {min(trips):.0f}, max {max(trips):.0f}, "
                    f"{len(trips)} changes), target < {budget:.0f} ms: {verdict(m < budget)}"
                )
            browser.close()
    finally:
        server.shutdown()


if __name__ == "__main__":
    main()
