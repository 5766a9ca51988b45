"""Browser figures of the live calculators (printed by ``make bench``).

Usage: python scripts/bench_browser.py [--runs 3] [--changes 15]

In headless Chromium (Debian's /usr/bin/chromium, never a downloaded one),
on the dice chapter:

* **website (Voici + Pyodide)**: time from opening the chapter's live app to
  the first calculator on screen (a fresh browser context each run: nothing
  cached, as for a first visit), and the round trip of one control change
  (from the change event to the recomputed exact probability on screen);
* **make live (Voilà, local kernel)**: the same two figures.

Targets (issue 8): first live calculator under 20 s, round trip under 200 ms.
The site is built first when missing or stale (as ``make book``).
"""

from __future__ import annotations

import argparse
import os
import socket
import statistics
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from browser.conftest import CHROMIUM, CHROMIUM_ARGS, is_local, serve_directory  # noqa: E402
from browser.site import HTML, build_site, site_is_stale  # noqa: E402

from rulebook_py.dice import parse  # noqa: E402
from rulebook_py.widgets.format import probability  # noqa: E402

FIRST_TARGET_S = 20.0
ROUND_TRIP_TARGET_MS = 200.0
#: Expressions the dice calculator cycles through (target stays 12).
EXPRESSIONS = ["2d6+1", "3d6", "4D+2", "2d20kh1", "3d6+2"]

ROUND_TRIP_JS = """
([value, want]) => new Promise((resolve, reject) => {
  const calc = Array.from(document.querySelectorAll('.rb-calculator'))
    .find((c) => c.innerText.includes('Dice expression'));
  const input = calc.querySelector('input');
  const timer = setTimeout(() => reject(new Error('no answer after 30 s')), 30000);
  const observer = new MutationObserver(() => {
    if (calc.innerText.includes(want)) {
      observer.disconnect();
      clearTimeout(timer);
      resolve(performance.now() - start);
    }
  });
  observer.observe(calc, {subtree: true, childList: true, characterData: true});
  const start = performance.now();
  input.value = value;
  input.dispatchEvent(new Event('input', {bubbles: true}));
  input.dispatchEvent(new Event('change', {bubbles: true}));
})
"""


def want_for(expression: str) -> str:
    return f"P(total ≥ 12)\t{probability(parse(expression).distribution.prob_at_least(12))}"


def measure(browser, url: str, runs: int, changes: int) -> tuple[list[float], list[float]]:
    firsts: list[float] = []
    trips: list[float] = []
    for run in range(runs):
        context = browser.new_context(viewport={"width": 1200, "height": 900})
        external: list[str] = []

        def route(route_, request, external=external) -> None:
            if is_local(request.url):
                route_.continue_()
            else:
                external.append(request.url)
                route_.abort()

        context.route("**/*", route)
        page = context.new_page()
        start = time.perf_counter()
        page.goto(url, wait_until="commit")
        page.locator(".rb-calculator").first.wait_for(state="visible", timeout=300_000)
        firsts.append(time.perf_counter() - start)
        # Let the chapter finish running before timing changes.
        page.locator(".rb-calculator", has_text="Dice expression").first.wait_for(timeout=300_000)
        if run == 0:
            for i in range(changes + 1):
                expression = EXPRESSIONS[i % len(EXPRESSIONS)]
                ms = page.evaluate(ROUND_TRIP_JS, [expression, want_for(expression)])
                if i:  # the first change warms the kernel's code paths up
                    trips.append(ms)
        context.close()
        if external:
            sys.exit(f"bench_browser: requests left 127.0.0.1: {external[:3]}")
    return firsts, trips


def report(name: str, firsts: list[float], trips: list[float]) -> None:
    first = statistics.median(firsts)
    trip = statistics.median(trips)
    first_ok = "ok" if first < FIRST_TARGET_S else "OVER TARGET"
    trip_ok = "ok" if trip < ROUND_TRIP_TARGET_MS else "OVER TARGET"
    runs = ", ".join(f"{s:.1f}" for s in firsts)
    print(f"{name}")
    print(
        f"  first calculator on screen: median {first:6.1f} s  (runs: {runs})  target < {FIRST_TARGET_S:.0f} s: {first_ok}"
    )
    print(
        f"  control-change round trip:  median {trip:6.0f} ms (min {min(trips):.0f}, max {max(trips):.0f}, "
        f"{len(trips)} changes)  target < {ROUND_TRIP_TARGET_MS:.0f} ms: {trip_ok}"
    )


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def start_voila() -> tuple[subprocess.Popen, str]:
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, str(ROOT / "scripts" / "live.py"), "--port", str(port)],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(url + "/", timeout=2):
                return process, url
        except OSError:
            time.sleep(0.3)
    process.terminate()
    sys.exit("bench_browser: Voilà did not start within 90 s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="page loads per figure (default 3)")
    parser.add_argument(
        "--changes", type=int, default=15, help="control changes timed (default 15)"
    )
    args = parser.parse_args()
    if not Path(CHROMIUM).exists():
        sys.exit(f"bench_browser: Chromium not found at {CHROMIUM} (apt-get install -y chromium)")
    if site_is_stale():
        print("bench_browser: building the site first (as make book)...", flush=True)
        build_site()
    from playwright.sync_api import sync_playwright

    server, site = serve_directory(HTML)
    voila, voila_url = start_voila()
    print(f"Browser figures (headless Chromium, {os.cpu_count()} cores), dice chapter:")
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            firsts, trips = measure(
                browser, f"{site}/live/voici/render/dice.html", args.runs, args.changes
            )
            report("website, live (Voici + Pyodide in the browser)", firsts, trips)
            firsts, trips = measure(
                browser, f"{voila_url}/voila/render/dice.ipynb", args.runs, args.changes
            )
            report("make live (Voilà, local kernel)", firsts, trips)
            browser.close()
    finally:
        server.shutdown()
        voila.terminate()
        voila.wait(timeout=20)


if __name__ == "__main__":
    main()
