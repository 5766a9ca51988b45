"""Honest offline status and one app per edition (issue 37), on the built site.

* Offline, on a page whose Python was never downloaded (the home page was
  visited, which has no calculator, so the whole book was kept but not the
  runtime), ``data-rb-live`` ends ``offline`` (never ``starting`` forever),
  every calculator says so, and the note speaks of the network and of the
  next visit, not of the browser; in French as in English.
* The French pages link the French app's manifest (``lang`` ``fr``, its start
  page under ``fr/``), the English pages the English one, and Chromium's own
  installability check passes for both.
"""

from __future__ import annotations

import json
import time
import urllib.parse

from .conftest import CHROMIUM, CHROMIUM_ARGS, serve_directory
from .site import toc_pages

PRECACHED_JS = """async (urls) => {
    for (const key of await caches.keys()) {
        if (!key.startsWith('rb-live-')) continue;
        const cache = await caches.open(key);
        let all = true;
        for (const url of urls) if (!(await cache.match(url, {ignoreSearch: true}))) all = false;
        if (all) return true;
    }
    return false;
}"""
STATE_JS = """() => ({
    page: document.documentElement?.dataset.rbLive,
    calcs: Array.from(document.querySelectorAll('.rb-calculator')).map(c => c.dataset.live),
    badges: Array.from(document.querySelectorAll('.rb-live-badge')).map(b => b.textContent),
    note: (document.querySelector('.rb-live-note') || {}).textContent || '',
})"""


def test_offline_before_python_was_ever_downloaded_the_page_says_so(built_site, guarded_page):
    server, url = serve_directory(built_site)
    page, log = guarded_page()
    page.add_init_script(
        "navigator.serviceWorker && navigator.serviceWorker.addEventListener('message', e => {"
        " if (e.data && e.data.type === 'rb-precached') window.rbPrecached = e.data.failed; });"
    )
    try:
        page.goto(f"{url}/book/intro.html", wait_until="load")  # no calculator: no Python
        page.evaluate("() => navigator.serviceWorker.ready")
        urls = [f"{url}/{edition}book/dice.html" for edition in ("", "fr/")]
        deadline = time.monotonic() + 300  # against a hang
        while not page.evaluate(PRECACHED_JS, urls) or page.evaluate("window.rbPrecached") != 0:
            if time.monotonic() > deadline:
                raise TimeoutError("the book was never kept for offline use")
            time.sleep(0.25)
    finally:
        server.shutdown()
        server.server_close()  # truly offline: the server is gone
    for edition, network, browser in (("", "network", "browser"), ("fr/", "réseau", "navigateur")):
        page.goto(f"{url}/{edition}book/dice.html", wait_until="load")
        page.wait_for_function(
            "() => ['failed', 'offline'].includes(document.documentElement?.dataset.rbLive)",
            timeout=120_000,
        )
        page.wait_for_timeout(500)
        state = page.evaluate(STATE_JS)
        assert state["page"] == "offline", state
        assert state["calcs"] and set(state["calcs"]) == {"offline"}, state
        assert network in state["note"] and browser not in state["note"], state["note"]
        assert all(network in badge for badge in state["badges"]), state["badges"]
        assert page.locator(".rb-live-note").is_visible()
    assert log.problems() == []


def _manifest_of(page) -> tuple[str, dict]:
    href = page.evaluate("() => document.querySelector('link[rel=manifest]').href")
    return href, json.loads(page.evaluate("href => fetch(href).then(r => r.text())", href))


def test_each_edition_links_its_own_app(site_url, guarded_page):
    # What is read is each page's manifest link (in its head) and the manifest: read once
    # the head is in, without the service worker (it kept the whole book meanwhile) nor the
    # live runtime (Python started on every chapter).
    page, log = guarded_page(service_workers="block")
    page.route("**/live/**", lambda route, _request: route.abort())
    for name in toc_pages():
        for edition, language in (("", "en"), ("fr/", "fr")):
            page.goto(f"{site_url}/{edition}{name}.html", wait_until="commit")
            page.wait_for_selector("link[rel=manifest]", state="attached")  # (in the head)
            href, manifest = _manifest_of(page)
            assert manifest["lang"] == language, (edition + name, href)
            start = urllib.parse.urljoin(href, manifest["start_url"])
            assert start == f"{site_url}/{edition}book/intro.html", start
            scope = urllib.parse.urljoin(href, manifest["scope"])
            assert page.url.startswith(scope) and start.startswith(scope)
    href, manifest = _manifest_of(page)
    assert manifest["name"] == "Le livre de règles interactif"
    for icon in manifest["icons"]:
        assert page.evaluate(
            "src => fetch(src).then(r => r.ok)", urllib.parse.urljoin(href, icon["src"])
        )
    assert log.problems() == []


def test_chromium_finds_both_apps_installable(site_url, browser, tmp_path):
    # A persistent profile: Chromium refuses to install from an incognito one.
    context = browser.browser_type.launch_persistent_context(
        str(tmp_path / "profile"), executable_path=CHROMIUM, args=CHROMIUM_ARGS
    )
    try:
        page = context.new_page()
        for edition in ("", "fr/"):
            page.goto(f"{site_url}/{edition}book/intro.html", wait_until="load")
            page.evaluate("() => navigator.serviceWorker.ready")
            page.reload(wait_until="load")  # now controlled by the service worker
            cdp = context.new_cdp_session(page)
            errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
            assert errors == [], (edition, errors)
            found = cdp.send("Page.getAppManifest")
            assert found["url"] == f"{site_url}/{edition}manifest.webmanifest"
            assert json.loads(found["data"])["lang"] == (edition.rstrip("/") or "en")
    finally:
        context.close()
