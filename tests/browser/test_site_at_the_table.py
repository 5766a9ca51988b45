"""The site at the table: installable, the whole book offline, light links, views kept.

* every page links a web app manifest (name, start_url, display standalone,
  icons of 192 and 512 px that exist and are that size);
* after one visit of the home page, with the server stopped, every page of
  ``_toc.yml`` opens from the service worker's cache (its calculators drawn
  with their build-time answers) and a page that was never kept gives the
  book's own "not available offline" page, not the browser's error page;
* a change on a live page keeps the chart's view switch (= / ≥ / ≤) where the
  reader left it;
* a shared link carries only what differs from the page as built, choices by
  position: short; a link that names a choice by its label still works.
"""

from __future__ import annotations

import json
import struct
import time
import urllib.request

from rulebook_py.widgets import CALCULATORS

from .conftest import serve_directory
from .live import fragment_text
from .site import expected_calculators, toc_pages

PAGES = toc_pages()
READY_JS = "() => ['ready', 'failed'].includes(document.documentElement?.dataset.rbLive)"


def wait_live(page, timeout_ms: int = 300_000) -> None:
    page.wait_for_function(READY_JS, timeout=timeout_ms)
    assert page.evaluate("document.documentElement?.dataset.rbLive") == "ready"


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def test_every_page_links_an_installable_manifest(site_url, guarded_page):
    # (Only the page's head is read: neither Python nor the precache is started.)
    page, log = guarded_page(service_workers="block")
    page.route("**/live/**", lambda route, _request: route.abort())
    for name in PAGES:
        page.goto(f"{site_url}/{name}.html", wait_until="domcontentloaded")
        href = page.evaluate(
            "() => { const l = document.querySelector('link[rel=manifest]'); return l && l.href; }"
        )
        assert href, f"{name} has no <link rel=manifest>"
    manifest = json.loads(urllib.request.urlopen(href).read())
    assert manifest["name"] == "The Interactive Rulebook"
    assert manifest["display"] == "standalone"
    start = urllib.request.urlopen(urllib.request.urljoin(href, manifest["start_url"]))
    assert start.status == 200
    sizes = {}
    for icon in manifest["icons"]:
        data = urllib.request.urlopen(urllib.request.urljoin(href, icon["src"])).read()
        width, height = png_size(data)
        assert icon["sizes"] == f"{width}x{height}" and icon["type"] == "image/png"
        sizes[width] = height
    assert sizes == {192: 192, 512: 512}
    assert log.problems() == []


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


def test_whole_book_opens_offline_after_one_visit_of_the_home_page(
    built_site, guarded_page, output_dir
):
    server, url = serve_directory(built_site)
    page, log = guarded_page()
    # The service worker says when the whole precache is done ("rb-precached", how many failed).
    page.add_init_script(
        "navigator.serviceWorker && navigator.serviceWorker.addEventListener('message', e => {"
        " if (e.data && e.data.type === 'rb-precached') window.rbPrecached = e.data.failed; });"
    )
    try:
        page.goto(f"{url}/book/intro.html", wait_until="load")
        page.evaluate("() => navigator.serviceWorker.ready")
        # Both editions (the French one under fr/, issue 30).
        urls = [f"{url}/{edition}{name}.html" for name in PAGES for edition in ("", "fr/")]
        deadline = time.monotonic() + 300
        while not page.evaluate(PRECACHED_JS, urls) or page.evaluate("window.rbPrecached") != 0:
            if time.monotonic() > deadline:
                raise TimeoutError("the book was never kept for offline use")
            time.sleep(0.25)
    finally:
        server.shutdown()
        server.server_close()  # the server is gone: truly offline, not emulated
    for name in [*PAGES, *(f"fr/{name}" for name in PAGES)]:
        page.goto(f"{url}/{name}.html", wait_until="load")
        assert page.locator("article.bd-article").count() == 1, f"{name} did not open offline"
        expected = expected_calculators(name)
        if expected:
            page.wait_for_function(
                "n => document.querySelectorAll('.rb-calculator').length >= n",
                arg=expected,
                timeout=120_000,
            )
            assert page.locator(".rb-calculator").count() == expected
    page.goto(f"{url}/book/never-published.html", wait_until="load")
    assert "not available offline" in page.locator("article.bd-article").inner_text()
    page.screenshot(path=str(output_dir / "offline-missing-page.png"))
    # ... and in French for a page of the French edition.
    page.goto(f"{url}/fr/book/never-published.html", wait_until="load")
    assert page.evaluate("document.documentElement.lang") == "fr"
    assert "n’est pas disponible hors ligne" in page.locator("article.bd-article").inner_text()
    assert log.problems() == []


VIEW_OF_JS = """() => Array.from(document.querySelectorAll('.rb-calc-DiceCalculator .rb-views'))
    .map(g => (g.querySelector('input:checked') || {}).value)"""


def test_a_change_keeps_the_chart_view_where_the_reader_left_it(site_url, guarded_page):
    page, log = guarded_page()
    page.goto(f"{site_url}/book/dice.html", wait_until="commit")
    wait_live(page)
    calc = page.locator(".rb-calc-DiceCalculator").first
    calc.scroll_into_view_if_needed()
    assert page.evaluate(VIEW_OF_JS)[0] == "pmf"
    calc.locator('.rb-views label[data-view="atleast"]').first.click()
    assert page.evaluate(VIEW_OF_JS)[0] == "atleast"
    box = calc.locator("input").first
    box.fill("3d6")
    box.press("Enter")
    page.wait_for_function(
        "() => document.querySelector('.rb-calc-DiceCalculator').innerText.includes('3d6')"
    )
    page.wait_for_timeout(300)
    assert page.evaluate(VIEW_OF_JS)[0] == "atleast"
    assert log.problems() == []


def test_a_shared_link_is_short_and_old_links_still_work(site_url, guarded_page):
    key = "MassBattleOddsCalculator"
    control = CALCULATORS[key]().controls["terrain"]
    value = dict(CALCULATORS[key].bench_changes)["terrain"]
    label = fragment_text(control, value)  # how links used to write a choice
    position = [v for _, v in control.options].index(value)
    page, log = guarded_page()
    page.goto(f"{site_url}/book/mass-battle.html", wait_until="commit")
    wait_live(page)
    page.evaluate("([k, c, t]) => window.rbProbe.change(k, c, t)", [key, "terrain", label])
    calc = page.locator(f".rb-calc-{key}").first
    calc.scroll_into_view_if_needed()
    button = calc.locator(".rb-copy-link")
    button.click()
    link = button.get_attribute("data-link")
    assert link is not None
    fragment = link.split("#", 1)[1]
    # Only what differs from the page as built, the choice by its position.
    assert fragment == f"{key}.terrain=~{position}", fragment
    assert len(link) < 200
    # The new link, and an old one naming the label, both set the control.
    for shared in (link, f"{link.split('#')[0]}#{key}.terrain={urllib.request.quote(label)}"):
        other, other_log = guarded_page()
        other.goto(shared, wait_until="commit")
        wait_live(other)
        other.wait_for_timeout(500)
        select = other.locator(f".rb-calc-{key} [data-rb-control=terrain] select").first
        assert select.evaluate("s => s.selectedIndex") == position, shared
        notes = other.locator(".rb-live-note")
        assert notes.count() == 0 or "ignored" not in notes.inner_text()
        assert other_log.problems() == []
    assert log.problems() == []


def test_make_dist_packs_a_site_that_works_from_any_static_host(built_site, guarded_page, tmp_path):
    import zipfile

    from live.site_files import pack

    archive = tmp_path / "site.zip"
    count = pack(built_site, archive)
    with zipfile.ZipFile(archive) as packed:
        names = packed.namelist()
        assert len(names) == count
        assert not [n for n in names if "/." in n]  # no build stamps
        packed.extractall(tmp_path / "host")
    # Unpacked on a plain static host (a sub-folder here), the book comes alive.
    server, url = serve_directory(tmp_path / "host")
    try:
        page, log = guarded_page()
        page.goto(f"{url}/rulebook-site/book/dice.html", wait_until="commit")
        wait_live(page)
        assert page.locator(".rb-calculator").count() == expected_calculators("book/dice")
        assert log.problems() == []
    finally:
        server.shutdown()
