"""What makes the built book an installable app that opens offline (``live/site_files.py``).

Each function runs on a small built site in a tmp folder; the figures are exact.
"""

from __future__ import annotations

import gzip
import json
import struct
import zipfile

from live import site_files
from live.site_files import add_manifest_links, drop_repeated_viewports, write_manifest


# ---------------------------------------------------------------- the two apps
def test_each_edition_has_its_own_app(tmp_path):
    (tmp_path / "book").mkdir()
    (tmp_path / "fr" / "book").mkdir(parents=True)
    for page in ("book/intro.html", "fr/book/intro.html"):
        (tmp_path / page).write_text("<html><head></head><body></body></html>")
    write_manifest(tmp_path, "The Interactive Rulebook")
    write_manifest(tmp_path, "Le livre de règles interactif", "fr")
    english = json.loads((tmp_path / "manifest.webmanifest").read_text())
    french = json.loads((tmp_path / "fr" / "manifest.webmanifest").read_text())
    assert (english["lang"], english["start_url"], english["scope"]) == (
        "en",
        "book/intro.html",
        "./",
    )
    assert (french["lang"], french["name"], french["start_url"], french["scope"]) == (
        "fr",
        "Le livre de règles interactif",
        "book/intro.html",  # fr/book/intro.html, from fr/manifest.webmanifest
        "../",
    )
    assert [i["src"] for i in french["icons"]] == ["../rb-icon-192.png", "../rb-icon-512.png"]
    assert add_manifest_links(tmp_path) == 2
    assert 'href="../manifest.webmanifest"' in (tmp_path / "book/intro.html").read_text()
    assert 'href="../../fr/manifest.webmanifest"' in (tmp_path / "fr/book/intro.html").read_text()


def test_a_page_keeps_one_viewport_tag(tmp_path):
    (tmp_path / "book").mkdir()
    page = tmp_path / "book" / "dice.html"
    tag = '<meta name="viewport" content="width=device-width, initial-scale=1" />'
    page.write_text(f"<html><head>{tag}\n    {tag}<title>x</title>\n{tag}</head></html>")
    assert drop_repeated_viewports(tmp_path) == 1
    assert page.read_text().count('name="viewport"') == 1
    assert drop_repeated_viewports(tmp_path) == 0


def test_an_icon_is_a_png_of_its_size():
    icon = site_files.png_icon(16)
    assert icon[:8] == b"\x89PNG\r\n\x1a\n"
    assert icon[12:16] == b"IHDR" and struct.unpack(">II", icon[16:24]) == (16, 16)
    assert icon[-8:-4] == b"IEND"
    assert site_files.png_icon(16) == icon  # (drawn, the same every build)


def _page(tmp_path, rel, body):
    path = tmp_path / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(body, encoding="utf-8")
    return path


def test_the_precache_lists_every_page_and_what_it_uses_with_gz_siblings(tmp_path):
    big = "x" * 2000
    _page(tmp_path, "book/dice.html", '<script src="../_static/live.js?v=1a"></script>' + big)
    _page(tmp_path, "_static/live.js", big)
    _page(tmp_path, "_static/small.css", "a{}")
    _page(tmp_path, "book/intro.html", '<link rel="stylesheet" href="../_static/small.css" />')
    _page(tmp_path, "_static/fonts/a.woff2", "font")
    _page(tmp_path, "live/worker.js", big)  # the live runtime: cached on use, never precached
    _page(tmp_path, "_sources/book/dice.ipynb", big)
    _page(tmp_path, "rb-sw.js", big)
    _page(tmp_path, "manifest.webmanifest", "{}")
    listed = site_files.precache_list(tmp_path)
    assert listed == [
        ["_static/fonts/a.woff2", False],
        ["_static/live.js?v=1a", True],
        ["_static/small.css", False],
        ["book/dice.html", True],
        ["book/intro.html", False],
        ["manifest.webmanifest", False],
    ]
    assert gzip.decompress((tmp_path / "_static/live.js.gz").read_bytes()) == big.encode()
    assert not (tmp_path / "_static/small.css.gz").exists()


def test_the_stored_widget_state_loses_the_nulls_the_manager_defaults_to(tmp_path):
    state = {
        "version_major": 2,
        "state": {
            "l": {"model_name": "LayoutModel", "state": {"width": None, "height": "3em"}},
            "h": {"model_name": "HTMLModel", "state": {"tooltip": None, "value": None}},
        },
    }
    body = json.dumps(state)
    page = _page(
        tmp_path,
        "book/dice.html",
        f'<script type="application/vnd.jupyter.widget-state+json">{body}</script>',
    )
    saved = site_files.slim_widget_state(tmp_path)
    slim = {
        "version_major": 2,
        "state": {
            "l": {"model_name": "LayoutModel", "state": {"height": "3em"}},
            "h": {"model_name": "HTMLModel", "state": {"value": None}},
        },
    }
    written = json.dumps(slim, separators=(",", ":"))
    assert page.read_text() == (
        f'<script type="application/vnd.jupyter.widget-state+json">{written}</script>'
    )
    assert saved == len(body) - len(written)
    assert site_files.slim_widget_state(tmp_path) == 0  # (nothing more to drop)


def test_the_big_scripts_run_from_their_gz_copies_and_some_once_live(tmp_path):
    loader = _page(tmp_path, "loader-source.js", "/* the loader */")
    _page(tmp_path, "_static/vendor/html-manager/embed.js", "manager")
    _page(tmp_path, "fr/searchindex.js", "index fr")
    page = _page(
        tmp_path,
        "fr/search.html",
        '<script src="../_static/vendor/html-manager/embed.js?v=fe"></script>'
        '<script src="searchindex.js"></script>'
        '<script src="../_static/live.js"></script>',
    )
    written = site_files.gzip_scripts(tmp_path, loader)
    assert written == ["_static/vendor/html-manager/embed.js.gz", "fr/searchindex.js.gz"]
    assert (tmp_path / "_static/rb-gz.js").read_text() == "/* the loader */"
    assert page.read_text() == (
        '<script src="../_static/rb-gz.js"'
        ' data-rb-gz="../_static/vendor/html-manager/embed.js?v=fe"></script>'
        '<script src="../_static/rb-gz.js" data-rb-gz="searchindex.js"'
        " data-rb-after-live></script>"
        '<script src="../_static/live.js"></script>'
    )
    assert gzip.decompress((tmp_path / "fr/searchindex.js.gz").read_bytes()) == b"index fr"


def test_no_page_loads_the_theme_s_svg_icons_nor_search_scripts_but_the_search_page(tmp_path):
    theirs = (
        '<script defer src="{up}_static/scripts/fontawesome.js?digest=55"></script>\n'
        '<script src="{up}_static/doctools.js?v=9"></script>\n'
        '<script src="{up}_static/searchtools.js"></script>\n'
        '<script src="{up}_static/language_data.js"></script>\n'
        '<script src="{own}searchindex.js"></script>\n'
        '<script src="{up}_static/live.js"></script>'
    )
    chapter = _page(tmp_path, "fr/book/dice.html", theirs.format(up="../../", own="../"))
    search = _page(tmp_path, "fr/search.html", theirs.format(up="../", own=""))
    home = _page(tmp_path, "index.html", theirs.format(up="", own=""))
    # (a page whose big scripts already run from their gzipped copies: the file is data-rb-gz)
    swapped = _page(
        tmp_path,
        "book/intro.html",
        '<script defer src="../_static/rb-gz.js" data-rb-gz="../_static/scripts/fontawesome.js'
        '?digest=55" data-rb-after-live></script><script src="../_static/rb-gz.js"'
        ' data-rb-gz="../_static/vendor/html-manager/embed.js?v=fe"></script>',
    )
    assert site_files.drop_unused_scripts(tmp_path) == 1 + 4 + 4 + 1
    assert swapped.read_text() == (
        '<script src="../_static/rb-gz.js" data-rb-gz="../_static/vendor/html-manager/embed.js?v=fe">'
        "</script>"
    )
    assert chapter.read_text() == (
        '\n<script src="../../_static/doctools.js?v=9"></script>'
        '\n<script src="../../_static/live.js"></script>'
    )
    assert search.read_text() == "\n" + theirs.format(up="../", own="").split("\n", 1)[1]
    assert home.read_text() == (
        '\n<script src="_static/doctools.js?v=9"></script>\n<script src="_static/live.js"></script>'
    )
    assert site_files.drop_unused_scripts(tmp_path) == 0  # (nothing more to drop)


def test_the_offline_page_is_the_home_page_frame_with_its_own_words(tmp_path):
    home = (
        "<html><head><title>Home — Book</title></head><body><nav>menu</nav>"
        '<article class="bd-article"><h1>Welcome</h1></article>'
        '<ul><li class="toc-h2 nav-item"><a href="#welcome">Welcome</a></li></ul></body></html>'
    )
    _page(tmp_path, "book/intro.html", home)
    site_files.write_offline_page(tmp_path)
    offline = (tmp_path / "book/offline.html").read_text(encoding="utf-8")
    assert offline == (
        "<html><head><title>Not available offline</title></head><body><nav>menu</nav>"
        f'<article class="bd-article">{site_files.OFFLINE_BODY}</article><ul></ul></body></html>'
    )
    assert not (tmp_path / "fr/book/offline.html").exists()  # (no French edition here)


def test_make_dist_packs_the_site_without_its_stamps(tmp_path):
    site = tmp_path / "html"
    _page(site, "index.html", "home")
    _page(site, "_static/live.js.gz", "packed")
    _page(site, ".rulebook-built", "stamp")
    _page(site, ".doctrees/x", "sphinx")
    target = tmp_path / "out" / "site.zip"
    assert site_files.pack(site, target) == 2
    with zipfile.ZipFile(target) as archive:
        infos = {info.filename: info.compress_type for info in archive.infolist()}
        assert infos == {
            "rulebook-site/_static/live.js.gz": zipfile.ZIP_STORED,
            "rulebook-site/index.html": zipfile.ZIP_DEFLATED,
        }
        assert archive.read("rulebook-site/index.html") == b"home"
