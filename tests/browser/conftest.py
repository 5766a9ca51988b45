"""Fixtures of the real-browser tests: Debian's Chromium driven by Python playwright.

Chromium is never downloaded (``playwright install`` cannot work here): the
tests use ``/usr/bin/chromium`` (or ``$RULEBOOK_CHROMIUM``) and FAIL with a
clear message when it is missing -- CI installs it (``.ci/run``).

Every page opened through :func:`guarded_page` records console errors,
uncaught page errors and every request that would leave 127.0.0.1 (such a
request is aborted, so a test behaves as with the network unplugged).
"""

from __future__ import annotations

import fcntl
import functools
import http.server
import os
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from .live import LIVE_PROBE
from .pages import Audit, get_audit, open_static
from .site import HTML, build_site, site_is_stale

CHROMIUM = os.environ.get("RULEBOOK_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
OUTPUT = Path(__file__).parent / "output"
#: Held while the site is checked and built (one build for every pytest-xdist worker).
LOCK = HTML.parent / ".site-build.lock"
LOCAL_HOSTS = {"127.0.0.1", "localhost", "[::1]", "::1"}
#: How long any page action or load waits when its call names no time (Playwright's own
#: default is 30 s): a wait against a hang, wide enough for a machine busy with other work.
WAIT_MS = 120_000


@dataclass
class PageLog:
    """What a page did that a test may forbid."""

    console_errors: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)
    external_requests: list[str] = field(default_factory=list)

    def problems(self) -> list[str]:
        return (
            [f"console error: {m}" for m in self.console_errors]
            + [f"page error: {m}" for m in self.page_errors]
            + [f"request leaving 127.0.0.1: {u}" for u in self.external_requests]
        )


def is_local(url: str) -> bool:
    parts = urlsplit(url)
    if parts.scheme in {"data", "blob", "about", "file"}:
        return True
    return parts.hostname in LOCAL_HOSTS


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    """Chromium for one test module (closed after it: no event loop lingers for nbval)."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:  # pragma: no cover - requirements.txt installs it
        pytest.fail("python playwright is missing: make venv (requirements.txt) installs it")
    if not Path(CHROMIUM).exists():
        pytest.fail(
            f"Chromium not found at {CHROMIUM}: the browser tests need Debian's chromium "
            "(apt-get install -y chromium; .ci/run does it), or set RULEBOOK_CHROMIUM. "
            "Do not run `playwright install`."
        )
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture(scope="session")
def output_dir() -> Path:
    OUTPUT.mkdir(exist_ok=True)
    return OUTPUT


@pytest.fixture
def guarded_page(browser) -> Iterator[Callable[..., tuple[object, PageLog]]]:
    """Factory: a new page (own context) with its :class:`PageLog`."""
    contexts = []

    def make(width: int = 1200, height: int = 900, **options: object) -> tuple[object, PageLog]:
        context = browser.new_context(viewport={"width": width, "height": height}, **options)
        context.set_default_timeout(WAIT_MS)
        context.set_default_navigation_timeout(WAIT_MS)
        contexts.append(context)
        context.add_init_script(
            path=str(LIVE_PROBE)
        )  # (window.rbProbe: tests/browser/live_probe.js)
        log = PageLog()

        def route(route_, request) -> None:
            if is_local(request.url):
                route_.continue_()
            else:
                log.external_requests.append(request.url)
                route_.abort()

        context.route("**/*", route)
        page = context.new_page()
        page.on(
            "console", lambda m: log.console_errors.append(m.text) if m.type == "error" else None
        )
        page.on("pageerror", lambda err: log.page_errors.append(str(err)))
        return page, log

    yield make
    for context in contexts:
        context.close()


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {  # noqa: RUF012 - the stdlib's own class attribute
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".js": "text/javascript",
        ".mjs": "text/javascript",
    }

    def log_message(self, format: str, *args: object) -> None:
        pass


def serve_directory(directory: Path) -> tuple[http.server.ThreadingHTTPServer, str]:
    """Serve ``directory`` on 127.0.0.1 (a free port) in a thread; return server and base URL."""
    handler = functools.partial(_QuietHandler, directory=str(directory))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"


@pytest.fixture(scope="session")
def built_site() -> Path:
    """The website of this tree, built now when missing or older than its sources.

    Under pytest-xdist (``make test`` runs two workers) one worker builds while
    the other waits on the lock, then finds the site fresh.
    """
    LOCK.parent.mkdir(parents=True, exist_ok=True)
    with LOCK.open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if site_is_stale():
            try:
                build_site()
            except RuntimeError as err:
                pytest.fail(str(err))
    return HTML


@pytest.fixture(scope="session")
def site_url(built_site: Path) -> Iterator[str]:
    server, url = serve_directory(built_site)
    yield url
    server.shutdown()


@pytest.fixture
def page_audit(guarded_page, site_url, output_dir) -> Callable[[str, str], Audit]:
    """Factory: what every static-page check found on a page in a look (``pages.py``).

    The page is loaded once per look for every test that reads it, in any file.
    """

    def get(page_name: str, look: str = "desktop") -> Audit:
        return get_audit(guarded_page, site_url, output_dir, page_name, look)

    return get


@pytest.fixture
def static_page(guarded_page, site_url) -> Callable[..., object]:
    """Factory: a page of the site as a reader without Python sees it (live runtime not served)."""

    def make(page_name: str, theme: str = "light", look: str = "desktop") -> object:
        return open_static(guarded_page, site_url, page_name, theme, look)

    return make
