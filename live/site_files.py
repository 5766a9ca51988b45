r"""What makes the built book an installable app that opens offline, and its archive.

Run by ``live/build.py`` on the built site (``_build/html``), after Jupyter Book:

* ``manifest.webmanifest`` and two icons (192 and 512 px PNG, drawn here: no
  download), with ``<link rel="manifest">`` and a theme colour in every page;
  the French edition has its own app, ``fr/manifest.webmanifest`` (``lang``
  ``fr``, its French name, its start page ``fr/book/intro.html``), linked from
  the French pages: an app per edition, each installable, and each covering
  both editions' pages (the language switch stays in the app);
* one ``<meta name="viewport">`` a page (Jupyter Book's theme wrote three);
* :func:`drop_unused_scripts`: no page loads what none of this book runs (the
  theme's icons as SVG, drawn already by its web font; Sphinx's search index
  but on the search page);
* ``book/offline.html``: a page of the book (the home page's frame) that the
  service worker shows for a page it does not have while offline, instead of
  the browser's error page;
* the precache list: every page of the site and every file they use (styles,
  scripts, fonts, MathJax's fonts), which the service worker fetches once
  (after a page without calculators has loaded, or once the calculators are
  live, so it never delays them); each compressible file gets a ``.gz``
  sibling, which the service worker fetches instead and unpacks itself, so
  a host that compresses nothing still sends the book compressed;
* :func:`slim_widget_state`: the pages' stored widget state without the
  attributes left at a default of ``null`` (every layout property, the view
  count, tooltips), which the widget manager fills in itself: the mass-battle
  page weighed 1.4 MB, most of it such nulls;
* :func:`gzip_scripts`: the biggest scripts (the widget manager, MathJax: 3 MB,
  and the search page's index) run from their ``.gz`` copies through
  ``_static/rb-gz.js`` (``live/gz-loader.js``);
* :func:`pack`: the built site as one zip archive for any static host.

Example:
    >>> len(png_icon(8)) > 50 and png_icon(8)[:8] == b"\x89PNG\r\n\x1a\n"
    True
"""

from __future__ import annotations

import functools
import gzip
import json
import re
import struct
import zipfile
import zlib
from pathlib import Path
from urllib.parse import urljoin, urlsplit

__all__ = [
    "MANIFEST",
    "MANIFEST_WORDS",
    "OFFLINE_PAGE",
    "THEME_COLOR",
    "add_manifest_links",
    "drop_repeated_viewports",
    "drop_unused_scripts",
    "gzip_scripts",
    "pack",
    "png_icon",
    "precache_list",
    "slim_widget_state",
    "write_manifest",
    "write_offline_page",
]

MANIFEST = "manifest.webmanifest"
OFFLINE_PAGE = "book/offline.html"
#: The French edition's folder (its own offline page: fr/book/offline.html).
FRENCH = "fr"
THEME_COLOR = "#1f4e79"
ICON_SIZES = (192, 512)
START_URL = "book/intro.html"
#: Compressible files of the precache that get a ``.gz`` sibling.
GZIP_SUFFIXES = (".html", ".js", ".css", ".svg", ".json", ".webmanifest", ".txt")
#: Files never precached (not used by a page, or the live runtime, cached on use).
SKIP = re.compile(r"^(?:fr/)?(?:_sources/|\.)|^(?:live/|rb-sw\.js$)|/\.|\.(?:map|gz|eot|ttf)$")
_REF = re.compile(r"""<(?:script|link|img)\b[^>]*?\b(?:src|href)=["']([^"'#]+)["']""", re.I)


def png_icon(size: int) -> bytes:
    """A square PNG icon: a white die showing five on the theme colour, drawn pixel by pixel."""
    bg = bytes.fromhex(THEME_COLOR[1:]) + b"\xff"
    white = b"\xff\xff\xff\xff"
    pip = bg
    lo, hi = round(size * 0.2), round(size * 0.8)
    radius = size * 0.06
    corner = size * 0.08
    centres = [(0.35, 0.35), (0.65, 0.35), (0.5, 0.5), (0.35, 0.65), (0.65, 0.65)]
    centres = [(x * size, y * size) for x, y in centres]
    rows = []
    for y in range(size):
        row = bytearray(b"\x00")
        for x in range(size):
            colour = bg
            if lo <= x < hi and lo <= y < hi:
                dx = max(lo + corner - x, 0, x - (hi - 1 - corner))
                dy = max(lo + corner - y, 0, y - (hi - 1 - corner))
                if dx * dx + dy * dy <= corner * corner:
                    colour = white
                    for cx, cy in centres:
                        if (x - cx) ** 2 + (y - cy) ** 2 <= radius * radius:
                            colour = pip
                            break
            row += colour
        rows.append(bytes(row))

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(b"".join(rows), 9))
        + chunk(b"IEND", b"")
    )


#: Each edition's app: its folder, then its language, short name and description.
MANIFEST_WORDS = {
    "": ("en", "Rulebook", "Tabletop combat rules with live calculators, offline once visited."),
    FRENCH: (
        "fr",
        "Règles",
        "Règles de combat de jeux de rôle, calculateurs en direct, hors ligne une fois visitées.",
    ),
}


def write_manifest(html: Path, name: str, edition: str = "") -> None:
    """The ``manifest.webmanifest`` of an edition (``""`` English, :data:`FRENCH`), and the icons.

    ``name``: the edition's title. Each edition's app starts on its own home
    page; both apps' scope is the whole site, so that the language switch
    leads to a page of the app.
    """
    up = "../" * len(Path(edition).parts)
    icons = []
    for size in ICON_SIZES:
        file = f"rb-icon-{size}.png"
        (html / file).write_bytes(png_icon(size))
        icons.append({"src": up + file, "sizes": f"{size}x{size}", "type": "image/png"})
    language, short, description = MANIFEST_WORDS[edition]
    manifest = {
        "name": name,
        "short_name": short,
        "description": description,
        "lang": language,
        "dir": "ltr",
        "start_url": START_URL,
        "scope": up or "./",
        "display": "standalone",
        "background_color": "#ffffff",
        "theme_color": THEME_COLOR,
        "icons": icons,
    }
    folder = html / edition
    folder.mkdir(parents=True, exist_ok=True)
    (folder / MANIFEST).write_text(
        json.dumps(manifest, indent=1, ensure_ascii=False) + "\n", encoding="utf-8"
    )


def _pages(html: Path) -> list[Path]:
    return sorted(
        p for p in html.rglob("*.html") if not SKIP.search(p.relative_to(html).as_posix())
    )


def add_manifest_links(html: Path) -> int:
    """``<link rel="manifest">`` (its edition's) and the theme colour in every page; how many."""
    count = 0
    for page in _pages(html):
        text = page.read_text(encoding="utf-8")
        if 'rel="manifest"' in text:
            continue
        rel = page.relative_to(html)
        up = "../" * (len(rel.parts) - 1)
        edition = f"{FRENCH}/" if rel.parts[0] == FRENCH else ""
        tags = (
            f'<link rel="manifest" href="{up}{edition}{MANIFEST}" />'
            f'<meta name="theme-color" content="{THEME_COLOR}" />'
        )
        if "</head>" in text:
            text = text.replace("</head>", tags + "</head>", 1)
        else:  # (the root's redirect page has no head)
            text = tags + text
        page.write_text(text, encoding="utf-8")
        count += 1
    return count


_VIEWPORT = re.compile(r'\s*<meta name="viewport"[^>]*>')


def drop_repeated_viewports(html: Path) -> int:
    """Keep the first ``<meta name="viewport">`` of every page (the theme wrote three).

    Returns how many pages changed.

    Example:
        >>> _VIEWPORT.sub("", '<meta name="viewport" content="a" /><b>', count=0)
        '<b>'
    """
    count = 0
    for page in _pages(html):
        text = page.read_text(encoding="utf-8")
        tags = _VIEWPORT.findall(text)
        if len(tags) < 2:
            continue
        first = text.index(tags[0]) + len(tags[0])
        page.write_text(text[:first] + _VIEWPORT.sub("", text[first:]), encoding="utf-8")
        count += 1
    return count


#: Scripts the theme puts in every page that no page of this book needs. The theme's
#: icons as SVG: its CSS already draws every icon with its web font, and the script only
#: swapped them for SVG once the page was live, 1.5 MB of script whose run held the
#: page's main thread about 160 ms just when a reader's first change comes (issue 37).
_NEVER_RUN = ("_static/scripts/fontawesome.js",)
#: Sphinx's search scripts and index, which the theme adds to every page for its
#: search-as-you-type, off in this book (the search box opens the search page): only
#: the search page (each edition's) keeps them.
_SEARCH_ONLY = ("_static/searchtools.js", "_static/language_data.js", "searchindex.js")
_SCRIPT = re.compile(r"\s*<script\b([^>]*)></script>")
#: A script tag's file: what the gzip loader runs (``data-rb-gz``), else its ``src``.
_SCRIPT_FILE = re.compile(r'\bdata-rb-gz="([^"?#]+)|^(?!.*\bdata-rb-gz=).*?\bsrc="([^"?#]+)')


def _script_is_unused(page: str, src: str) -> bool:
    """Is ``src``, a script of the page at ``page`` (its path in the site), one none runs?

    Example:
        >>> _script_is_unused("fr/book/dice.html", "../searchindex.js")
        True
        >>> _script_is_unused("fr/search.html", "searchindex.js")
        False
    """
    path = urljoin(page, src)
    edition = path.split("/", 1)[1] if path.split("/", 1)[0] in EDITION_FOLDERS else path
    searching = page.rsplit("/", 1)[-1] == "search.html"
    return edition in _NEVER_RUN or (edition in _SEARCH_ONLY and not searching)


def drop_unused_scripts(html: Path) -> int:
    """Take out of every page the scripts none of this book runs; how many tags went.

    The theme's icons as SVG everywhere, and Sphinx's search scripts and index on
    every page but the search page (see ``_NEVER_RUN`` and ``_SEARCH_ONLY``).

    Example:
        >>> _SCRIPT.sub("", '<p><script src="a.js?v=1"></script></p>')
        '<p></p>'
        >>> _SCRIPT_FILE.search(' src="rb-gz.js" data-rb-gz="../searchindex.js"').groups()
        ('../searchindex.js', None)
    """
    dropped = 0
    for page in _pages(html):
        name = page.relative_to(html).as_posix()
        text = page.read_text(encoding="utf-8")

        def drop(match: re.Match[str], name: str = name) -> str:
            nonlocal dropped
            file = _SCRIPT_FILE.search(match.group(1))
            if not file or not _script_is_unused(name, file.group(1) or file.group(2)):
                return match.group(0)
            dropped += 1
            return ""

        new = _SCRIPT.sub(drop, text)
        if new != text:
            page.write_text(new, encoding="utf-8")
    return dropped


OFFLINE_BODY = """
<h1>This page is not available offline</h1>
<p>This page of the book was not kept on this device, and the network cannot be
reached. Every page of the book is kept once you have opened the home page with
the network on; try again when you are back online.</p>
<p><a href="intro.html">Go to the home page</a></p>
"""
OFFLINE_BODY_FR = """
<h1>Cette page n’est pas disponible hors ligne</h1>
<p>Cette page du livre n’a pas été gardée sur cet appareil, et le réseau est
injoignable. Toutes les pages du livre sont gardées dès que vous avez ouvert la
page d’accueil avec le réseau ; réessayez une fois la connexion revenue.</p>
<p><a href="intro.html">Aller à la page d’accueil</a></p>
"""
#: Each edition's offline page: (its path, its title, its article).
OFFLINE_PAGES = (
    (OFFLINE_PAGE, "Not available offline", OFFLINE_BODY),
    (f"{FRENCH}/{OFFLINE_PAGE}", "Indisponible hors ligne", OFFLINE_BODY_FR),
)


def write_offline_page(html: Path) -> None:
    """``book/offline.html`` (and ``fr/book/offline.html``): the home page's frame, a short message.

    Written before the editions are linked (``live/editions.py``), so that its
    language switch leads to the other edition's offline page.
    """
    for target, title, body in OFFLINE_PAGES:
        start_page = html / target.replace(OFFLINE_PAGE, START_URL)
        if not start_page.exists():
            continue
        home = start_page.read_text(encoding="utf-8")
        start = home.index('<article class="bd-article">')
        end = home.index("</article>", start)
        text = home[: start + len('<article class="bd-article">')] + body + home[end:]
        text = re.sub(r"<title>.*?</title>", f"<title>{title}</title>", text, count=1)
        # The home page's "on this page" entries point at sections this page has not.
        text = re.sub(r'<li class="toc-h\d[^"]*"[^>]*>.*?</li>\n?', "", text)
        (html / target).write_text(text, encoding="utf-8")


def precache_list(html: Path) -> list[list[object]]:
    """``[url, gzipped]`` for every page and every file a page uses, relative to the root.

    ``url`` keeps the query the pages use (``?v=...``), so that the service
    worker answers the pages' own requests; ``gzipped`` says a ``.gz`` sibling
    was written (the service worker fetches it and unpacks it).
    """
    root = "http://site/"
    wanted: dict[str, Path] = {}
    for page in _pages(html):
        rel = page.relative_to(html).as_posix()
        wanted[rel] = page
        for ref in _REF.findall(page.read_text(encoding="utf-8")):
            url = urljoin(root + rel, ref)
            if not url.startswith(root):
                continue
            path = urlsplit(url).path[len("/") :]
            file = html / path
            if file.is_file() and not SKIP.search(path) and not path.endswith(".html"):
                wanted[url[len(root) :]] = file
    for font in html.glob("_static/**/*.woff2"):
        wanted[font.relative_to(html).as_posix()] = font
    for font in html.glob("_static/vendor/mathjax/output/chtml/fonts/woff-v2/*.woff"):
        wanted[font.relative_to(html).as_posix()] = font
    for name in gzip_copies():  # (run from their .gz copies, kept as they are)
        if (html / (name + ".gz")).exists():
            wanted[name + ".gz"] = html / (name + ".gz")
    for extra in [MANIFEST, f"{FRENCH}/{MANIFEST}", *(f"rb-icon-{s}.png" for s in ICON_SIZES)]:
        if (html / extra).exists():
            wanted[extra] = html / extra
    out: list[list[object]] = []
    for url, file in sorted(wanted.items()):
        packed = file.suffix in GZIP_SUFFIXES and file.stat().st_size > 1024
        if packed:
            gz = file.with_name(file.name + ".gz")
            data = file.read_bytes()
            if not gz.exists() or gzip.decompress(gz.read_bytes()) != data:
                gz.write_bytes(gzip.compress(data, compresslevel=9, mtime=0))
        out.append([url, packed])
    return out


_STATE = re.compile(
    r'(<script type="application/vnd\.jupyter\.widget-state\+json">)(.*?)(</script>)', re.S
)
#: Attributes whose default in the widget manager is ``null``, in any model.
NULL_BY_DEFAULT = {"_view_count", "tabbable", "tooltip"}
#: Attributes a model's entry already gives (the manager makes the model from those).
GIVEN_BY_ENTRY = {
    "_model_name": "model_name",
    "_model_module": "model_module",
    "_model_module_version": "model_module_version",
}

_VIEW_KEYS = ("_view_module", "_view_module_version", "_view_name")


@functools.cache
def view_defaults() -> dict[tuple[str, str, str], tuple[str, str, str]]:
    """Each widget model's view (module, version, name) by default, from ipywidgets' registry.

    The widget manager's model of the same name and version has the same defaults
    (the two halves of one package), so a stored state need not repeat them.
    """
    from ipywidgets.widgets.widget import _registry

    return {key[:3]: key[3:] for key, _cls in _registry.items()}


def slim_state(state: dict) -> dict:
    """The stored widget state without the ``null`` attributes the manager defaults to ``null``.

    Every property of a ``LayoutModel`` defaults to ``null``, and so do
    :data:`NULL_BY_DEFAULT` in every model; the model's name, module and
    module version (:data:`GIVEN_BY_ENTRY`) go when they are the entry's own
    (the manager makes the model of that class, whose defaults they are; the
    mass-battle page has 1,214 models), and so do its view's module, version
    and name when they are that model's defaults (:func:`view_defaults`: 0.12 MB
    of the mass-battle page); nothing else is touched.

    Example:
        >>> s = {"state": {"a": {"model_name": "LayoutModel", "state": {"width": None, "height": "3em"}}}}
        >>> slim_state(s)["state"]["a"]["state"]
        {'height': '3em'}
        >>> s = {"state": {"b": {"model_name": "HTMLModel", "state": {"_model_name": "HTMLModel"}}}}
        >>> slim_state(s)["state"]["b"]["state"]
        {}
        >>> view = {"_view_module": "@jupyter-widgets/base", "_view_module_version": "2.0.0"}
        >>> s = {"state": {"c": {"model_name": "LayoutModel", "model_module": "@jupyter-widgets/base",
        ...      "model_module_version": "2.0.0", "state": {**view, "_view_name": "LayoutView"}}}}
        >>> slim_state(s)["state"]["c"]["state"]
        {}
    """
    for entry in state.get("state", {}).values():
        attrs = entry.get("state", {})
        layout = entry.get("model_name") == "LayoutModel"
        for key in [k for k, v in attrs.items() if v is None]:
            if layout or key in NULL_BY_DEFAULT:
                del attrs[key]
        for key, outer in GIVEN_BY_ENTRY.items():
            if key in attrs and outer in entry and attrs[key] == entry[outer]:
                del attrs[key]
        model = (
            entry.get("model_module"),
            entry.get("model_module_version"),
            entry.get("model_name"),
        )
        view = view_defaults().get(model)  # type: ignore[arg-type]
        if view is not None and tuple(attrs.get(k) for k in _VIEW_KEYS) == view:
            for key in _VIEW_KEYS:
                del attrs[key]
    return state


def slim_widget_state(html: Path) -> int:
    """:func:`slim_state` on every page's stored widget state; returns the bytes saved."""
    saved = 0
    for page in _pages(html):
        text = page.read_text(encoding="utf-8")
        match = _STATE.search(text)
        if match is None:
            continue
        state = slim_state(json.loads(match.group(2)))
        body = json.dumps(state, separators=(",", ":"), ensure_ascii=False).replace("</", "<\\/")
        if len(body) >= len(match.group(2)):
            continue
        saved += len(match.group(2).encode()) - len(body.encode())
        text = text[: match.start(2)] + body + text[match.end(2) :]
        page.write_text(text, encoding="utf-8")
    return saved


#: The scripts run from their gzipped copies (the two that locate their own
#: files are patched to read data-rb-src: scripts/vendor.json).
GZIP_SCRIPTS = (
    "_static/vendor/html-manager/embed.js",
    "_static/vendor/mathjax/tex-chtml.js",
    "searchindex.js",
)
LOADER = "_static/rb-gz.js"
#: Of those, what a page needs only once its calculators are live: the search index (of
#: the search page: the only one that keeps it, :func:`drop_unused_scripts`).
AFTER_LIVE = ("searchindex.js",)
#: Of those, the files each edition has at its own root (``fr/searchindex.js``): a
#: French page names them from ``fr/``, the shared ``_static`` from the site's root.
EDITION_FILES = ("searchindex.js",)
#: The folders of the editions other than the root's (see ``live/editions.py``).
EDITION_FOLDERS = ("fr",)


def gzip_copies() -> list[str]:
    """Every script run from its ``.gz`` copy: :data:`GZIP_SCRIPTS`, and each edition's own.

    Example:
        >>> gzip_copies()[-1]
        'fr/searchindex.js'
    """
    return [*GZIP_SCRIPTS, *(f"{d}/{n}" for d in EDITION_FOLDERS for n in EDITION_FILES)]


def gzip_scripts(html: Path, loader: Path) -> list[str]:
    """Pages load :data:`GZIP_SCRIPTS` through the loader; returns the ``.gz`` files written."""
    (html / LOADER).write_text(loader.read_text(encoding="utf-8"), encoding="utf-8")
    written = []
    for name in gzip_copies():
        file = html / name
        if file.exists():
            gz = file.with_name(file.name + ".gz")
            gz.write_bytes(gzip.compress(file.read_bytes(), compresslevel=9, mtime=0))
            written.append(name + ".gz")
    tag = re.compile(r'<script((?: defer(?:="defer")?)?) src="([^"]+)"></script>')
    later_tag = re.compile(r'(<script[^>]* data-rb-gz="([^"]+)")></script>')

    def named(path: str, names: tuple[str, ...], up: str, own: str) -> bool:
        return any(path == (own if n in EDITION_FILES else up) + n for n in names)

    def mark_later(match: re.Match[str], up: str, own: str) -> str:  # (also when swapped before)
        if not named(match.group(2).split("?")[0], AFTER_LIVE, up, own):
            return match.group(0)
        return f"{match.group(1)} data-rb-after-live></script>"

    for page in _pages(html):
        text = page.read_text(encoding="utf-8")
        parts = page.relative_to(html).parts
        up = "../" * (len(parts) - 1)
        # (the way up to the page's own edition: fr/book/x.html has its index at ../)
        own = "../" * (len(parts) - 2) if parts[0] in EDITION_FOLDERS else up

        def swap(match: re.Match[str], up: str = up, own: str = own) -> str:
            if not named(match.group(2).split("?")[0], GZIP_SCRIPTS, up, own):
                return match.group(0)
            return f'<script{match.group(1)} src="{up}{LOADER}" data-rb-gz="{match.group(2)}"></script>'

        later = functools.partial(mark_later, up=up, own=own)
        new = later_tag.sub(later, tag.sub(swap, text))
        if new != text:
            page.write_text(new, encoding="utf-8")
    return written


def pack(html: Path, target: Path) -> int:
    """The built site as one zip archive (no build stamps); returns how many files."""
    target.parent.mkdir(parents=True, exist_ok=True)
    count = 0
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED, compresslevel=6) as archive:
        for path in sorted(p for p in html.rglob("*") if p.is_file()):
            rel = path.relative_to(html).as_posix()
            if rel.startswith(".") or "/." in rel:
                continue
            # Already compressed files are stored as they are.
            kind = zipfile.ZIP_STORED if path.suffix in {".gz", ".png", ".woff2"} else None
            archive.write(path, f"rulebook-site/{rel}", compress_type=kind)
            count += 1
    return count
