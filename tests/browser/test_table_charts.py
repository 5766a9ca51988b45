"""Charts that read at every width (issue 37), on the built site, both editions.

On every page that shows a chart (a calculator's or a code cell's), at 1200
and 390 px, in the light and the dark theme, and in each view of each chart
(= / ≥ / ≤): no two texts of a chart intersect, none is cut by the chart's
edge, and at 390 px no chart text is under 11 CSS px (the SVG used to be
scaled down with its text: 8-8.5 px). The fight charts write every outcome's
name whole. The charts are the build's, read as a reader without Python sees
them (the live runtime is not served).
"""

from __future__ import annotations

import pytest

from .site import HTML, toc_pages


def chart_pages() -> list[str]:
    """The pages whose built HTML holds a chart (a calculator's or a code cell's)."""
    return [
        page
        for page in toc_pages()
        if "rb-chart" in (HTML / f"{page}.html").read_text(encoding="utf-8")
    ]


#: Every chart's texts, each view shown in turn: the problems found.
CHECK_JS = """() => {
    const problems = [];
    const charts = Array.from(document.querySelectorAll('svg.rb-chart'))
        .filter(svg => svg.getClientRects().length);
    charts.forEach((svg, n) => {
        const where = (svg.getAttribute('aria-label') || '') + ' #' + n;
        const groups = Array.from(svg.querySelectorAll(':scope > g[class^="rb-v-"]'));
        const views = groups.length ? groups : [null];
        views.forEach(shown => {
            groups.forEach(g => g.style.display = g === shown ? 'inline' : 'none');
            const box = svg.getBoundingClientRect();
            const texts = Array.from(svg.querySelectorAll('text'))
                .filter(t => t.getClientRects().length && t.getComputedTextLength() > 0);
            const rects = texts.map(t => t.getBoundingClientRect());
            texts.forEach((t, i) => {
                const r = rects[i];
                // (as drawn: an SVG scaled down by its viewBox draws its text smaller)
                const ctm = t.getScreenCTM();
                const size = parseFloat(getComputedStyle(t).fontSize) * (ctm ? Math.hypot(ctm.a, ctm.b) : 1);
                if (window.innerWidth < 600 && size < 11) {
                    problems.push([where, 'smaller than 11 px', t.textContent, size]);
                }
                if (r.left < box.left - 0.5 || r.right > box.right + 0.5
                    || r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5) {
                    problems.push([where, 'cut by the edge', t.textContent]);
                }
                for (let j = i + 1; j < texts.length; j++) {
                    const q = rects[j];
                    if (r.left < q.right - 0.5 && q.left < r.right - 0.5
                        && r.top < q.bottom - 0.5 && q.top < r.bottom - 0.5) {
                        problems.push([where, 'overlap', t.textContent, texts[j].textContent]);
                    }
                }
            });
        });
        groups.forEach(g => g.style.display = '');
    });
    return {charts: charts.length, problems: problems};
}"""


def static_charts_page(guarded_page, width: int):
    """A page for the build-time charts: Python and the service worker kept out.

    The charts checked are the build's (in the HTML); a page left to start Python
    in its worker, and its service worker to keep the whole book, spent the
    machine on work no check here reads, page after page.
    """
    page, log = guarded_page(width=width, height=900, service_workers="block")
    page.route("**/live/**", lambda route, _request: route.abort())
    return page, log


@pytest.mark.parametrize("width", [1200, 390])
@pytest.mark.parametrize("edition", ["", "fr/"])
def test_no_chart_text_overlaps_or_is_cut_and_none_is_small_on_a_phone(
    site_url, guarded_page, edition, width
):
    pages = chart_pages()
    assert len(pages) >= 6, pages
    page, log = static_charts_page(guarded_page, width)
    seen = 0
    for name in pages:
        page.goto(f"{site_url}/{edition}{name}.html", wait_until="load")
        page.wait_for_function("() => document.querySelectorAll('svg.rb-chart').length > 0")
        for theme in ("light", "dark"):
            page.evaluate(f"document.documentElement.dataset.theme = '{theme}'")
            found = page.evaluate(CHECK_JS)
            assert found["problems"] == [], (edition + name, theme, found["problems"][:10])
        seen += found["charts"]
    assert seen >= 30
    assert log.problems() == []


def test_the_fight_charts_write_every_ending_whole(site_url, guarded_page):
    page, log = static_charts_page(guarded_page, 390)
    for edition, chapter, ending in (
        ("", "unisystem-combat", "Wildling wins, 1 wound taken"),
        ("fr/", "chroniques-oubliees", None),
        ("", "galaxies-jumelles", "Undecided after 30 rounds"),
    ):
        page.goto(f"{site_url}/{edition}book/{chapter}.html", wait_until="load")
        page.wait_for_function("() => document.querySelectorAll('svg.rb-chart').length > 0")
        texts = page.evaluate(
            "() => Array.from(document.querySelectorAll('svg.rb-chart')).filter("
            "s => /fight|combat/i.test(s.getAttribute('aria-label'))).map(s => "
            "Array.from(s.querySelectorAll('text')).map(t => t.textContent))"
        )
        assert texts, chapter
        if ending:
            assert any(ending in t for t in texts), (chapter, texts)
    assert log.problems() == []
