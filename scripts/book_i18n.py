"""The French edition's prose: gettext catalogs of the chapters' Markdown.

Usage: python -m scripts.book_i18n extract     # write/refresh locale/fr/LC_MESSAGES/book/*.po
       python -m scripts.book_i18n check       # every entry translated, markup kept
       python -m scripts.book_i18n build OUT   # the French book's project in OUT

One catalog per document, as ``sphinx-intl`` lays them out:
``locale/fr/LC_MESSAGES/<docname>.po`` (``book/dice.po`` for ``book/dice.ipynb``).
A message is one *block* of a Markdown cell: a run of non-blank lines, or a
whole fenced block (a MyST directive such as ``{dropdown}`` with its body).
Blocks with nothing to translate (a ``(label)=`` target, display math) are
left out and copied as they are.

The French sources are the same notebooks with every Markdown block replaced by
its ``msgstr`` and the code cells unchanged (their outputs are made again when
the French book is executed). This is the route the book takes instead of
Sphinx's own translation step: both build in the same time, but Sphinx's
catalogs need 2.4 times more messages and cannot give one English phrase two
translations in a document (ARCHITECTURE.md, "Two editions, one source").

``build OUT`` writes a whole Jupyter Book project that ``jupyter-book build OUT``
turns into the French edition (``make book`` puts its HTML at
``_build/html/fr/``): the French documents, ``_toc.yml`` with the parts'
captions from ``locale/fr/LC_MESSAGES/_toc.po``, a French ``_config.yml``
(:data:`FRENCH_TITLE`, ``language: fr``, no ``html_extra_path``: the French
pages use the English edition's vendored scripts, one level up) and ``_static``.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import write_po

from scripts.catalogs import read_catalog

__all__ = [
    "FRENCH_TITLE",
    "LOCALE",
    "block_split",
    "check_catalogs",
    "config_words",
    "documents",
    "markup_of",
    "translatable",
    "write_french_project",
    "write_french_sources",
]

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "locale" / "fr" / "LC_MESSAGES"

_FENCE = re.compile(r"^\s*(`{3,}|:{3,}|~{3,})(.*)$")
_LABEL = re.compile(r"^\(\s*[\w\-:.]+\s*\)=\s*$")
_ROLE = re.compile(r"\{(\w+)\}`([^`]*)`")
_LINK = re.compile(r"\]\(([^)\s]*)\)")
_MATH = re.compile(r"\$\$.*?\$\$|\$[^$\n]+\$", re.S)
_CODE = re.compile(r"``?[^`\n]+``?")


def documents(root: Path = ROOT) -> list[Path]:
    """The documents of the book that hold prose: every chapter notebook and ``intro.md``."""
    book = root / "book"
    return sorted(book.glob("*.ipynb")) + sorted(book.glob("*.md"))


def block_split(text: str) -> list[str]:
    """Cut Markdown into blocks and the blank lines between them, keeping fences whole.

    Joined again, the pieces give the text back exactly.

    >>> block_split("# Title\\n\\nOne line\\nand two.\\n")
    ['# Title\\n', '\\n', 'One line\\nand two.\\n']
    """
    pieces: list[str] = []
    current: list[str] = []
    fences: list[tuple[str, int]] = []
    for line in text.splitlines(keepends=True):
        match = _FENCE.match(line)
        if match:
            marks, rest = match.group(1), match.group(2).strip()
            if fences and not rest and marks[0] == fences[-1][0] and len(marks) >= fences[-1][1]:
                fences.pop()
            elif rest or not fences:
                if not (fences and fences[-1][0] == "`" and not rest.startswith("{")):
                    fences.append((marks[0], len(marks)))
        if not line.strip() and not fences:
            if current:
                pieces.append("".join(current))
                current = []
            pieces.append(line)
        else:
            current.append(line)
    if current:
        pieces.append("".join(current))
    return pieces


def translatable(block: str) -> bool:
    """Whether a block holds words to translate (not only a label, math or blank).

    >>> translatable("(sec-dice)=\\n"), translatable("$$1 + 1$$\\n"), translatable("## Dice\\n")
    (False, False, True)
    """
    text = "\n".join(line for line in block.splitlines() if not _LABEL.match(line.strip()))
    text = _CODE.sub(" ", _MATH.sub(" ", text))
    return re.search(r"[^\W\d_]{2,}", text) is not None


def markup_of(block: str) -> dict[str, list[str]]:
    """What a translation must keep: labels, fences, role targets, link targets, math, code.

    >>> markup_of("See {term}`the roll <Roll>` and [the dice](dice.ipynb), $p$.")["roles"]
    ['term:Roll']
    """
    roles = []
    for role, body in _ROLE.findall(block):
        target = re.search(r"<([^<>]+)>\s*$", body)
        roles.append(f"{role}:{(target.group(1) if target else body).strip()}")
    lines = block.splitlines()
    return {
        "labels": sorted(line.strip() for line in lines if _LABEL.match(line.strip())),
        "fences": [
            m.group(1)
            + ("{" + m.group(2).split("}")[0].split("{")[-1] + "}" if "{" in m.group(2) else "")
            for m in map(_FENCE.match, lines)
            if m
        ],
        "roles": sorted(roles),
        "links": sorted(_LINK.findall(block)),
        "math": sorted(_MATH.findall(block)),
    }


def _markdown_of(path: Path) -> list[tuple[str, str]]:
    """(where, text) of every Markdown cell of a notebook, or the whole of a ``.md`` file."""
    if path.suffix == ".md":
        return [(f"{path.name}", path.read_text(encoding="utf-8"))]
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return [
        (f"{path.name}:{n}", "".join(cell["source"]))
        for n, cell in enumerate(cells)
        if cell["cell_type"] == "markdown"
    ]


def _catalog_path(path: Path, root: Path = ROOT) -> Path:
    docname = path.relative_to(root).with_suffix("")
    return root / "locale" / "fr" / "LC_MESSAGES" / docname.with_suffix(".po")


def _template(path: Path) -> Catalog:
    catalog = Catalog(locale="fr", project="The Interactive Rulebook", fuzzy=False)
    for where, text in _markdown_of(path):
        for block in block_split(text):
            if block.strip() and translatable(block):
                catalog.add(block, locations=[(f"book/{where}", None)])
    return catalog


def _read(path: Path) -> Catalog:
    return read_catalog(path, "fr")


def extract(root: Path = ROOT) -> list[str]:
    """Write or refresh each document's catalog.

    Unchanged blocks keep their French; a changed block keeps its old French
    marked fuzzy, with the previous English beside it (``#| msgid``), until a
    translator checks it; a removed block is dropped.
    """
    report = []
    for path in documents(root):
        template = _template(path)
        target = _catalog_path(path, root)
        target.parent.mkdir(parents=True, exist_ok=True)
        if target.exists():
            catalog = _read(target)
            # A changed block keeps its old French, marked fuzzy, the old English beside it.
            catalog.update(template, update_creation_date=False)
            catalog.obsolete.clear()
        else:
            catalog = template
        with target.open("wb") as handle:
            write_po(
                handle,
                catalog,
                width=0,
                omit_header=False,
                sort_output=False,
                include_previous=True,
            )
        missing = sum(1 for m in catalog if m.id and not m.string)
        report.append(
            f"{target.relative_to(root)}: {len(catalog)} messages, {missing} untranslated"
        )
    return report


def check_catalogs(root: Path = ROOT, only: list[Path] | None = None) -> list[str]:
    """Every problem of the French catalogs: a block untranslated, fuzzy, or its markup changed.

    ``only`` limits the check to some documents (every one by default).
    """
    problems = []
    for path in documents(root) if only is None else only:
        target = _catalog_path(path, root)
        if not target.exists():
            problems.append(f"{target.relative_to(root)}: missing (run extract)")
            continue
        catalog = _read(target)
        wanted = {m.id for m in _template(path) if m.id}
        have = {m.id for m in catalog if m.id}
        for block in sorted(wanted - have):
            problems.append(f"{target.name}: not in the catalog (run extract): {block[:60]!r}")
        for message in catalog:
            if not message.id:
                continue
            head = f"{target.name}:{message.lineno}"
            if not message.string:
                problems.append(f"{head}: untranslated {message.id[:60]!r}")
            elif message.fuzzy:
                problems.append(f"{head}: fuzzy {message.id[:60]!r}")
            else:
                source, french = markup_of(message.id), markup_of(message.string)
                for kind in source:
                    if source[kind] != french[kind]:
                        problems.append(f"{head}: {kind} differ: {source[kind]} -> {french[kind]}")
    return problems


def _strings(catalog: Catalog) -> dict[str, str]:
    """English to French of a catalog's entries translated and not fuzzy."""
    return {m.id: m.string for m in catalog if m.id and m.string and not m.fuzzy}


def config_words(path: Path) -> dict[str, str]:
    """English to French of the book's configuration catalog (``_config.po``): title, theme words."""
    return _strings(_read(path)) if path.exists() else {}


def _translate(text: str, strings: dict[str, str]) -> str:
    return "".join(strings.get(block, block) for block in block_split(text))


def write_french_sources(out: Path, root: Path = ROOT) -> list[Path]:
    """The book's sources with every Markdown block in French, under ``out``; code cells unchanged."""
    written = []
    for path in documents(root):
        po = _catalog_path(path, root)
        # (A document without a catalog yet, a new chapter, stays English.)
        strings = _strings(_read(po)) if po.exists() else {}
        target = out / path.relative_to(root)
        target.parent.mkdir(parents=True, exist_ok=True)
        if path.suffix == ".md":
            target.write_text(_translate(path.read_text(encoding="utf-8"), strings), "utf-8")
        else:
            notebook = json.loads(path.read_text(encoding="utf-8"))
            for cell in notebook["cells"]:
                if cell["cell_type"] == "markdown":
                    cell["source"] = _translate("".join(cell["source"]), strings)
            target.write_text(json.dumps(notebook, ensure_ascii=False, indent=1) + "\n", "utf-8")
        written.append(target)
    return written


#: The French edition's title (``_config.yml``).
FRENCH_TITLE = "Le livre de règles interactif"


def _french_config(text: str, words: dict[str, str]) -> str:
    """The English ``_config.yml`` made French: title, Sphinx ``language``, the theme's words.

    ``words`` is ``locale/fr/LC_MESSAGES/_config.po`` (English text to French).
    """
    import yaml

    config = yaml.safe_load(text)
    config["title"] = words.get(config["title"], FRENCH_TITLE)
    config["author"] = words.get(config["author"], config["author"])
    sphinx = config.setdefault("sphinx", {})
    # Merge the options below into Jupyter Book's own (its theme options among them).
    sphinx["recursive_update"] = True
    options = sphinx.setdefault("config", {})
    options["language"] = "fr"
    for option, english in _CONFIG_WORDS.items():
        if english in words:
            options[option] = words[english]
    options["html_theme_options"] = {"search_bar_text": words.get("Search this book...", "")}
    # The vendored scripts are the English edition's (_build/html/_static/vendor/).
    options.pop("html_extra_path", None)
    return "# Written by scripts/book_i18n.py build: the French edition.\n" + yaml.safe_dump(
        config, allow_unicode=True, sort_keys=False
    )


#: MyST-NB's texts and their English defaults (the msgids of ``_config.po``).
_CONFIG_WORDS = {
    "nb_code_prompt_show": "Show code cell {type}",
    "nb_code_prompt_hide": "Hide code cell {type}",
}


def _french_toc(text: str, captions: dict[str, str]) -> str:
    """``_toc.yml`` with each part's caption in French (the English one when untranslated)."""

    def swap(match: re.Match[str]) -> str:
        caption = match.group(2).strip()
        french = captions.get(caption, caption)
        return f"{match.group(1)}{json.dumps(french, ensure_ascii=False)}"

    return re.sub(r"^(\s*-?\s*caption:\s*)(.+)$", swap, text, flags=re.M)


def write_french_project(out: Path, root: Path = ROOT) -> list[Path]:
    """The French book as a Jupyter Book project in ``out``; returns its documents.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as tmp:
    ...     docs = write_french_project(Path(tmp))
    ...     sorted(p.name for p in Path(tmp).iterdir())[:3], len(docs) == len(documents())
    (['_config.yml', '_static', '_toc.yml'], True)
    """
    import shutil

    out.mkdir(parents=True, exist_ok=True)
    for old in (out / "book").glob("*"):
        if old.is_file():
            old.unlink()
    written = write_french_sources(out, root)
    for name, french in (("_toc", _french_toc), ("_config", _french_config)):
        po = root / "locale" / "fr" / "LC_MESSAGES" / f"{name}.po"
        words = _strings(_read(po)) if po.exists() else {}
        english = (root / f"{name}.yml").read_text(encoding="utf-8")
        (out / f"{name}.yml").write_text(french(english, words), "utf-8")
    if (out / "_static").exists():
        shutil.rmtree(out / "_static")
    shutil.copytree(root / "_static", out / "_static")
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=["extract", "check", "build"])
    parser.add_argument("out", nargs="?", type=Path)
    args = parser.parse_args(argv)
    if args.command == "extract":
        print("\n".join(extract()))
        return 0
    if args.command == "check":
        problems = check_catalogs()
        print("\n".join(problems) or "every catalog entry translated, markup kept")
        return 1 if problems else 0
    if args.out is None:
        parser.error("build needs the output folder")
    print(f"{len(write_french_project(args.out))} French documents in {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
